use bevy::prelude::*;
fn main() { let _ = App::new(); }
