//! Frame-time measurement for the README's performance figure: the game's
//! scene against an empty Bevy 3D scene, same window, same renderer.
//! Set `CHIMERA_MEASURE=SECONDS` for `chimera play` (or use
//! [`run_empty_3d_measure`]): after a warm-up that waits for every pipeline,
//! it prints the mean frame time and exits.

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};

/// Measures mean frame time, then exits.
#[derive(Resource, Clone, Debug)]
pub struct FrameProbe {
    /// Seconds to skip first (pipelines compile, assets upload).
    pub warmup: f64,
    /// Seconds to measure.
    pub measure: f64,
    /// What is measured (printed with the result).
    pub label: String,
    start: Option<f64>,
    frames: u32,
    total: f64,
}

impl FrameProbe {
    /// A probe of `measure` seconds after `warmup` seconds.
    pub fn new(label: impl Into<String>, warmup: f64, measure: f64) -> FrameProbe {
        FrameProbe {
            warmup,
            measure,
            label: label.into(),
            start: None,
            frames: 0,
            total: 0.0,
        }
    }
}

/// The probe's seconds from `CHIMERA_MEASURE`, if set.
pub fn probe_from_env(label: &str) -> Option<FrameProbe> {
    let secs: f64 = std::env::var("CHIMERA_MEASURE").ok()?.parse().ok()?;
    Some(FrameProbe::new(label, 8.0, secs))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, probe_frames.run_if(resource_exists::<FrameProbe>));
}

fn probe_frames(
    mut probe: ResMut<FrameProbe>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = time.elapsed_secs_f64();
    let start = *probe.start.get_or_insert(now);
    if now - start < probe.warmup {
        return;
    }
    probe.frames += 1;
    probe.total += time.delta_secs_f64();
    if now - start >= probe.warmup + probe.measure && probe.frames > 0 {
        let ms = probe.total / probe.frames as f64 * 1000.0;
        println!(
            "frame time: {ms:.2} ms mean over {} frames ({})",
            probe.frames, probe.label
        );
        exit.write(AppExit::Success);
    }
}

/// The window settings both measured apps share (no vsync).
pub fn measured_window() -> Window {
    Window {
        title: "Chimera".into(),
        resolution: WindowResolution::new(1280, 800),
        present_mode: PresentMode::AutoNoVsync,
        ..default()
    }
}

/// The baseline: an empty Bevy 3D scene (camera, light) in the same window.
pub fn run_empty_3d_measure(secs: f64) -> AppExit {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(measured_window()),
            ..default()
        }))
        .insert_resource(FrameProbe::new("empty 3D scene", 8.0, secs))
        .add_plugins(plugin)
        .add_systems(Startup, |mut commands: Commands| {
            commands.spawn((
                Camera3d::default(),
                Transform::from_xyz(0.0, -12.0, 12.0).looking_at(Vec3::ZERO, Vec3::Z),
            ));
            commands.spawn((
                DirectionalLight {
                    illuminance: 5200.0,
                    shadow_maps_enabled: true,
                    ..default()
                },
                Transform::from_xyz(-4.0, -6.0, 12.0).looking_at(Vec3::ZERO, Vec3::Z),
            ));
        })
        .run()
}
