//! Where Chimera keeps its files, shared by the window and the command line:
//! [`paths`] (the config and data directories, atomic writes) and
//! [`variant_files`] (the players' variant folder). No Bevy.

pub mod paths;
pub mod variant_files;
