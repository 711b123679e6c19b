//! The player's preferences that several features read: animation speed
//! (animations), volume and mute (sound). Menus change them; the settings
//! module loads them from `settings.cfg` and saves them when they change.

use crate::config::{AnimationSpeed, Settings};
use bevy::prelude::*;

/// Registers [`Prefs`] (defaults until the settings are loaded).
pub fn plugin(app: &mut App) {
    app.init_resource::<Prefs>();
}

/// Animation speed and sound level, as the settings file keeps them.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    /// How fast pieces move.
    pub animation: AnimationSpeed,
    /// Sound volume, 0 to 100.
    pub volume: u8,
    /// Sound off (the volume is kept).
    pub mute: bool,
}

impl Default for Prefs {
    fn default() -> Self {
        let s = Settings::default();
        Prefs {
            animation: s.animation_speed,
            volume: s.volume,
            mute: s.mute,
        }
    }
}

/// How far the volume moves per step in the menu.
pub const VOLUME_STEP: u8 = 10;

impl Prefs {
    /// The gain sounds play at: 0.0 when muted, else volume / 100.
    pub fn gain(&self) -> f32 {
        crate::config::gain(self.volume, self.mute)
    }

    /// The volume stepped by `delta` steps of [`VOLUME_STEP`], within 0–100.
    pub fn step_volume(&mut self, delta: i32) {
        let v = i32::from(self.volume) + delta * i32::from(VOLUME_STEP);
        self.volume = v.clamp(0, 100) as u8;
    }

    /// The animation speed stepped by `delta` through [`AnimationSpeed::ALL`]
    /// (fastest first), stopping at the ends.
    pub fn step_animation(&mut self, delta: i32) {
        let all = AnimationSpeed::ALL;
        let at = all.iter().position(|a| *a == self.animation).unwrap_or(2) as i32;
        self.animation = all[(at + delta).clamp(0, all.len() as i32 - 1) as usize];
    }

    /// `dt` (seconds of real time) as animation progress time: scaled by
    /// the speed, and infinite when animations are off (they finish at once).
    pub fn animation_dt(&self, dt: f32) -> f32 {
        let factor = self.animation.duration_factor();
        if factor <= 0.0 {
            f32::INFINITY
        } else {
            dt / factor
        }
    }
}
