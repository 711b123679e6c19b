//! Frame-time measurement for the figure of docs/performance.md: the game's
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
    Some(FrameProbe::new(label, WARMUP_SECS, secs))
}

/// Seconds skipped before measuring.
pub const WARMUP_SECS: f64 = 8.0;

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
        .insert_resource(FrameProbe::new("empty 3D scene", WARMUP_SECS, secs))
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

/// Why `chimera frametime` could not measure.
#[derive(Debug, thiserror::Error)]
pub enum FrameTimeError {
    /// This executable could not be found or started again.
    #[error("cannot run 'chimera play': {0}")]
    Run(#[from] std::io::Error),
    /// A measured run printed no frame time.
    #[error("no frame time from 'chimera play {args}' ({status})")]
    NoFigure {
        /// The arguments of the run.
        args: String,
        /// How it ended.
        status: std::process::ExitStatus,
    },
}

/// One measured run: mean frame time in milliseconds, from the line
/// [`probe_frames`] prints.
fn parse_frame_time(stdout: &str) -> Option<f64> {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix("frame time: "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|ms| ms.parse().ok())
}

/// `chimera frametime`: measures a baseline (`chimera play <args>` with its
/// name, e.g. the empty 3D scene) and then the game (`chimera play
/// <game_args>`), back to back, `rounds` times, each in a child process of
/// this executable (a process can open only one window event loop). Prints
/// every figure and the game/baseline ratio of each round.
pub fn compare_frame_times(
    (base_args, base): (&[String], &str),
    (game_args, game_name): (&[String], &str),
    secs: f64,
    rounds: u32,
) -> Result<(), FrameTimeError> {
    let exe = std::env::current_exe()?;
    let secs_arg = secs.to_string();
    let run = |args: &[String]| -> Result<f64, FrameTimeError> {
        let out = std::process::Command::new(&exe)
            .arg("play")
            .args(args)
            .args(["--measure", &secs_arg])
            .stderr(std::process::Stdio::null())
            .output()?;
        let text = String::from_utf8_lossy(&out.stdout);
        parse_frame_time(&text).ok_or_else(|| FrameTimeError::NoFigure {
            args: args.join(" "),
            status: out.status,
        })
    };
    println!(
        "frame time, mean over {secs} s after {WARMUP_SECS} s warm-up: 'chimera play {}' ({base}) vs 'chimera play {}' ({game_name})",
        base_args.join(" "),
        game_args.join(" ")
    );
    let mut ratios = Vec::new();
    for round in 1..=rounds {
        let empty = run(base_args)?;
        let game = run(game_args)?;
        let ratio = game / empty;
        ratios.push(ratio);
        println!(
            "round {round}: {base} {empty:.2} ms, {game_name} {game:.2} ms, ratio {ratio:.2}x"
        );
    }
    let mean = ratios.iter().sum::<f64>() / ratios.len().max(1) as f64;
    println!("mean ratio {mean:.2}x");
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_the_probe_line() {
        let out = "noise\nframe time: 12.50 ms mean over 80 frames (empty 3D scene)\n";
        assert_eq!(super::parse_frame_time(out), Some(12.5));
        assert_eq!(super::parse_frame_time("nothing"), None);
    }
}
