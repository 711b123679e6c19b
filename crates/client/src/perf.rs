//! Frame-time measurement for the figures of docs/performance.md: the game's
//! scene against an empty Bevy scene of the same view (2D or 3D), same
//! size, same renderer. Set `CHIMERA_MEASURE=SECONDS` for `chimera play` (or
//! use [`run_empty_measure`]): after a warm-up that also waits until the
//! renderer compiles no pipeline, it prints the mean and 99th-percentile
//! frame time and exits.
//! [`Offscreen`] draws into an image instead of a window: no display, no
//! winit event loop, the GPU waited for at the end of every frame.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bevy::app::{PluginGroupBuilder, ScheduleRunnerPlugin};
use bevy::camera::RenderTarget;
use bevy::prelude::*;
use bevy::render::render_resource::{
    CachedPipelineState, Extent3d, PipelineCache, PollType, TextureFormat,
};
use bevy::render::renderer::{RenderAdapterInfo, RenderDevice};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::{PresentMode, WindowResolution};
use bevy::winit::WinitPlugin;

use crate::config::View;

/// Measures the frame times, then prints their mean and 99th percentile and exits.
#[derive(Resource, Clone, Debug)]
pub struct FrameProbe {
    /// Seconds to skip first (pipelines compile, assets upload).
    pub warmup: f64,
    /// Seconds to measure.
    pub measure: f64,
    /// What is measured (printed with the result).
    pub label: String,
    start: Option<f64>,
    /// When measuring began (app seconds).
    measuring: Option<f64>,
    /// Each measured frame's time, seconds.
    frames: Vec<f64>,
    /// Each thread's processor time when measuring began.
    cpu_start: Vec<ThreadTime>,
}

impl FrameProbe {
    /// A probe of `measure` seconds after `warmup` seconds.
    pub fn new(label: impl Into<String>, warmup: f64, measure: f64) -> FrameProbe {
        FrameProbe {
            warmup,
            measure,
            label: label.into(),
            start: None,
            measuring: None,
            frames: Vec::new(),
            cpu_start: Vec::new(),
        }
    }
}

/// The probe's seconds from `CHIMERA_MEASURE`, if set.
pub fn probe_from_env(label: &str) -> Option<FrameProbe> {
    let secs: f64 = std::env::var("CHIMERA_MEASURE").ok()?.parse().ok()?;
    Some(FrameProbe::new(label, WARMUP_SECS, secs))
}

/// Seconds skipped before measuring (unless told otherwise).
pub const WARMUP_SECS: f64 = 8.0;

/// Seconds the warm-up waits at most, beyond its own, for the renderer to
/// stop compiling pipelines.
const MAX_PIPELINE_WAIT: f64 = 60.0;

/// How many pipelines the renderer is compiling (counted in the render
/// world each frame). On a software renderer each takes the processor for
/// a long while (LLVM compiles its shaders), so frames measured while one
/// compiles measure the compiler: the warm-up lasts until none is.
#[derive(Resource, Clone, Default)]
struct Compiling(Arc<AtomicUsize>);

pub(super) fn plugin(app: &mut App) {
    let compiling = Compiling::default();
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(compiling.clone())
            .add_systems(Render, count_compiling);
    }
    app.insert_resource(compiling)
        .add_systems(Last, probe_frames.run_if(resource_exists::<FrameProbe>));
}

fn count_compiling(cache: Res<PipelineCache>, compiling: Res<Compiling>) {
    let n = cache
        .pipelines()
        .filter(|p| matches!(p.state, CachedPipelineState::Creating(_)))
        .count();
    compiling.0.store(n, Ordering::Relaxed);
}

/// Mean and 99th percentile (nearest rank) of frame times, in milliseconds.
fn mean_and_p99(frames: &[f64]) -> (f64, f64) {
    let mut sorted = frames.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mean = sorted.iter().sum::<f64>() / sorted.len().max(1) as f64;
    let rank = ((sorted.len() as f64 * 0.99).ceil() as usize).clamp(1, sorted.len().max(1));
    (
        mean * 1000.0,
        sorted.get(rank - 1).copied().unwrap_or(0.0) * 1000.0,
    )
}

fn probe_frames(
    mut probe: ResMut<FrameProbe>,
    time: Res<Time<Real>>,
    compiling: Res<Compiling>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = time.elapsed_secs_f64();
    let start = *probe.start.get_or_insert(now);
    let Some(measuring) = probe.measuring else {
        let warm = now - start >= probe.warmup;
        let compiled = compiling.0.load(Ordering::Relaxed) == 0
            || now - start >= probe.warmup + MAX_PIPELINE_WAIT;
        if warm && compiled {
            probe.measuring = Some(now);
            probe.cpu_start = thread_times();
        }
        return;
    };
    probe.frames.push(time.delta_secs_f64());
    if now - measuring >= probe.measure {
        let (mean, p99) = mean_and_p99(&probe.frames);
        println!(
            "frame time: {mean:.2} ms mean, {p99:.2} ms p99 over {} frames ({}; after {:.1} s of warm-up)",
            probe.frames.len(),
            probe.label,
            measuring - start
        );
        if let Some(line) = cpu_per_frame(&probe.cpu_start, &thread_times(), probe.frames.len()) {
            println!("{line}");
        }
        exit.write(AppExit::Success);
    }
}

/// One thread's name and the processor time it has run, in nanoseconds.
#[derive(Clone, Debug, PartialEq)]
struct ThreadTime {
    id: u64,
    name: String,
    nanos: u64,
}

/// Every thread of this process with its processor time so far, from
/// Linux's `/proc/self/task/*/schedstat` (nanoseconds on the CPU); empty
/// where there is no such file. Processor time changes far less with the
/// machine's load than frame time does: where other work competes for the
/// cores, it still says how much work a frame is.
fn thread_times() -> Vec<ThreadTime> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    let mut times = Vec::new();
    for task in tasks.flatten() {
        let dir = task.path();
        let Some(id) = task.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).ok();
        let (Some(stat), Some(name)) = (read("schedstat"), read("comm")) else {
            continue;
        };
        if let Some(nanos) = stat.split_whitespace().next().and_then(|n| n.parse().ok()) {
            let name = name.trim().to_string();
            times.push(ThreadTime { id, name, nanos });
        }
    }
    times
}

/// The processor time of the measured frames, per frame: in all and by
/// kind of thread (numbered threads, such as llvmpipe's `llvmpipe-0`,
/// `llvmpipe-1`, counted together), most first. `None` without figures.
fn cpu_per_frame(start: &[ThreadTime], end: &[ThreadTime], frames: usize) -> Option<String> {
    if start.is_empty() || end.is_empty() || frames == 0 {
        return None;
    }
    let mut by_kind: Vec<(String, u64)> = Vec::new();
    for t in end {
        let before = start.iter().find(|s| s.id == t.id).map_or(0, |s| s.nanos);
        let kind = t
            .name
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '-');
        let kind = if kind.is_empty() { &t.name } else { kind };
        let spent = t.nanos.saturating_sub(before);
        match by_kind.iter_mut().find(|(k, _)| k == kind) {
            Some((_, n)) => *n += spent,
            None => by_kind.push((kind.to_string(), spent)),
        }
    }
    by_kind.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    let ms = |n: u64| n as f64 / 1e6 / frames as f64;
    let total: u64 = by_kind.iter().map(|(_, n)| n).sum();
    let parts: Vec<String> = by_kind
        .iter()
        .filter(|(_, n)| ms(*n) >= 0.05)
        .map(|(k, n)| format!("{k} {:.2}", ms(*n)))
        .collect();
    Some(format!(
        "processor time: {:.2} ms a frame ({})",
        ms(total),
        parts.join(", ")
    ))
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

/// Set (to anything), the window logs each render pass's processor and GPU
/// time every second (Bevy's render diagnostics): where a frame's time goes.
pub const RENDER_DIAGNOSTICS_VAR: &str = "CHIMERA_RENDER_DIAGNOSTICS";

/// Bevy's default plugins with `window` as the primary window; `offscreen`:
/// without winit (the window stays an entity the layout reads, never opened)
/// and with a loop that runs frames back to back (see [`Offscreen`]).
pub fn default_plugins(window: Window, offscreen: bool) -> PluginGroupBuilder {
    let mut plugins = DefaultPlugins.set(WindowPlugin {
        primary_window: Some(window),
        ..default()
    });
    if std::env::var_os(RENDER_DIAGNOSTICS_VAR).is_some() {
        plugins = plugins
            .add(bevy::render::diagnostic::RenderDiagnosticsPlugin)
            .add(bevy::diagnostic::LogDiagnosticsPlugin::default());
    }
    if offscreen {
        plugins
            .disable::<WinitPlugin>()
            .add(ScheduleRunnerPlugin::run_loop(Duration::ZERO))
    } else {
        plugins
    }
}

/// Draws every camera into one image the size of the primary window instead
/// of the window, and waits at the end of each frame until the GPU has
/// finished it (a window's swap chain would hold the frame back the same
/// way; an image target alone would let frames queue up unmeasured). Add it
/// after [`default_plugins`] with `offscreen` set.
pub struct Offscreen;

/// The image the cameras draw into.
#[derive(Resource, Clone)]
pub struct OffscreenTarget(pub Handle<Image>);

impl Plugin for Offscreen {
    fn build(&self, app: &mut App) {
        let window = measured_window();
        let size = Extent3d {
            width: window.physical_width(),
            height: window.physical_height(),
            depth_or_array_layers: 1,
        };
        let image =
            Image::new_target_texture(size.width, size.height, TextureFormat::Rgba8UnormSrgb, None);
        let handle = app.world_mut().resource_mut::<Assets<Image>>().add(image);
        app.insert_resource(OffscreenTarget(handle))
            .add_observer(draw_offscreen);
        if let Some(render) = app.get_sub_app_mut(RenderApp) {
            render.add_systems(Render, wait_for_gpu.after(RenderSystems::Render));
        }
    }
}

/// Points each new camera at the offscreen image.
fn draw_offscreen(add: On<Add, Camera>, target: Res<OffscreenTarget>, mut commands: Commands) {
    commands
        .entity(add.entity)
        .insert(RenderTarget::Image(target.0.clone().into()));
}

/// Blocks until the GPU has done all the work submitted this frame.
fn wait_for_gpu(device: Res<RenderDevice>) {
    // An error means the device is lost; the next frame's submission reports it.
    let _ = device.poll(PollType::wait_indefinitely());
}

/// Keeps a move animating while the probe measures: whenever no piece
/// glides, vanishes or changes its look, it wishes a legal move of the
/// position (varied by the ply, so the game goes on rather than shuffling a
/// piece to a repetition), as a player would. Stops at the game's end.
pub struct KeepMoving;

impl Plugin for KeepMoving {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, keep_moving);
    }
}

/// A piece still moving, vanishing or changing form.
type Animated = Or<(
    With<crate::animation::Glide>,
    With<crate::animation::Vanish>,
    With<crate::animation::Morph>,
)>;

fn keep_moving(
    game: Option<Res<crate::match_state::CurrentMatch>>,
    moving: Query<(), Animated>,
    mut wishes: MessageWriter<crate::match_state::MoveIntent>,
    mut asked: Local<Option<usize>>,
) {
    let Some(game) = game else { return };
    let ply = game.ply();
    if !moving.is_empty() || *asked == Some(ply) || game.outcome().is_some() {
        return;
    }
    let moves = game.position().legal_moves();
    if moves.is_empty() {
        return;
    }
    let mv = moves[ply * 7 % moves.len()];
    wishes.write(crate::match_state::MoveIntent { mv, ply });
    *asked = Some(ply);
}

/// An empty scene the game is measured against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptyScene {
    /// Bevy's defaults: a default 3D camera (Bevy's MSAA 4×, on every
    /// adapter) and a shadowed directional light. The reference the
    /// frame-time goal of issue 25 and its first figures were stated against.
    Bevy3d,
    /// An empty scene of the game's view — a 2D camera; or a 3D camera with
    /// a shadowed light — drawn with the game's multisampling (none on a
    /// software renderer, see [`crate::board_view::cameras::sample_count`]).
    Like(View),
}

impl EmptyScene {
    /// What the probe prints for it.
    fn label(self) -> &'static str {
        match self {
            EmptyScene::Bevy3d => "empty 3D scene, Bevy's defaults",
            EmptyScene::Like(View::TwoD) => "empty 2D scene",
            EmptyScene::Like(View::ThreeD) => "empty 3D scene",
        }
    }
}

/// Measures an empty scene, drawn like the game ([`default_plugins`]).
pub fn run_empty_measure(scene: EmptyScene, warmup: f64, secs: f64, offscreen: bool) -> AppExit {
    let mut app = App::new();
    app.add_plugins(default_plugins(measured_window(), offscreen));
    if offscreen {
        app.add_plugins(Offscreen);
    }
    app.insert_resource(FrameProbe::new(scene.label(), warmup, secs))
        .add_plugins(plugin)
        .add_systems(
            Startup,
            move |mut commands: Commands, adapter: Option<Res<RenderAdapterInfo>>| {
                let msaa = match scene {
                    EmptyScene::Bevy3d => Msaa::default(),
                    EmptyScene::Like(_) => {
                        crate::board_view::cameras::sample_count(adapter.as_deref())
                    }
                };
                if scene == EmptyScene::Like(View::TwoD) {
                    commands.spawn((Camera2d, msaa));
                    return;
                }
                commands.spawn((
                    Camera3d::default(),
                    msaa,
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
            },
        )
        .run()
}

/// Why `chimera frametime` could not measure.
#[derive(Debug, thiserror::Error)]
pub enum FrameTimeError {
    /// This executable could not be found or started again.
    #[error("cannot run 'chimera play': {0}")]
    Run(#[from] std::io::Error),
    /// The renderer found no graphics adapter (no GPU, no software Vulkan).
    #[error(
        "no graphics adapter: 'chimera play {args}' found no GPU and no software renderer (on Debian, mesa-vulkan-drivers provides lavapipe)"
    )]
    NoAdapter {
        /// The arguments of the run.
        args: String,
    },
    /// A measured run printed no frame time.
    #[error("no frame time from 'chimera play {args}' ({status})")]
    NoFigure {
        /// The arguments of the run.
        args: String,
        /// How it ended.
        status: std::process::ExitStatus,
    },
}

/// What Bevy's renderer says when it finds no adapter at all.
const NO_ADAPTER: &str = "Unable to find a GPU!";

/// One measured run: (mean, 99th percentile) frame time in milliseconds,
/// from the line [`probe_frames`] prints.
fn parse_frame_time(stdout: &str) -> Option<(f64, f64)> {
    let rest = stdout
        .lines()
        .find_map(|l| l.strip_prefix("frame time: "))?;
    let mut words = rest.split_whitespace();
    let mean = words.next()?.parse().ok()?;
    let p99 = words.nth(2)?.parse().ok()?;
    Some((mean, p99))
}

/// One run `chimera frametime` compares: the arguments of its `chimera
/// play`, its name in the printed lines (one word) and what it is.
#[derive(Clone, Copy, Debug)]
pub struct Measured<'a> {
    /// The arguments of `chimera play`.
    pub args: &'a [String],
    /// Its name in the printed figures and ratios.
    pub name: &'a str,
    /// What it is, printed once in the heading.
    pub about: &'a str,
}

/// `chimera frametime`: measures each baseline (e.g. the empty scenes) and
/// then the game, back to back, `rounds` times, each in a child `chimera
/// play` of this executable (a process can open only one window event
/// loop). Prints every figure (mean and 99th percentile), the game's ratio
/// to each baseline in each round, and their means.
pub fn compare_frame_times(
    baselines: &[Measured],
    game: Measured,
    secs: f64,
    rounds: u32,
) -> Result<(), FrameTimeError> {
    let exe = std::env::current_exe()?;
    let secs_arg = secs.to_string();
    let run = |args: &[String]| -> Result<(f64, f64), FrameTimeError> {
        let out = std::process::Command::new(&exe)
            .arg("play")
            .args(args)
            .args(["--measure", &secs_arg])
            .output()?;
        let text = String::from_utf8_lossy(&out.stdout);
        parse_frame_time(&text).ok_or_else(|| {
            let args = args.join(" ");
            if String::from_utf8_lossy(&out.stderr).contains(NO_ADAPTER) {
                FrameTimeError::NoAdapter { args }
            } else {
                FrameTimeError::NoFigure {
                    args,
                    status: out.status,
                }
            }
        })
    };
    println!("frame time over {secs} s after the warm-up, mean and 99th percentile, of:");
    for m in baselines.iter().chain([&game]) {
        println!(
            "  {}: {} ('chimera play {}')",
            m.name,
            m.about,
            m.args.join(" ")
        );
    }
    let mut ratios = vec![(Vec::new(), Vec::new()); baselines.len()];
    for round in 1..=rounds {
        let bases = baselines
            .iter()
            .map(|b| run(b.args))
            .collect::<Result<Vec<_>, _>>()?;
        let measured = run(game.args)?;
        let figures: Vec<String> = baselines
            .iter()
            .zip(&bases)
            .chain([(&game, &measured)])
            .map(|(m, (mean, p99))| format!("{} {mean:.2} ms (p99 {p99:.2})", m.name))
            .collect();
        println!("round {round}: {}", figures.join(", "));
        let mut line = Vec::new();
        for ((b, base), (means, p99s)) in baselines.iter().zip(&bases).zip(&mut ratios) {
            let ratio = (measured.0 / base.0, measured.1 / base.1);
            means.push(ratio.0);
            p99s.push(ratio.1);
            line.push(format!(
                "{}/{} {:.2}x (p99 {:.2}x)",
                game.name, b.name, ratio.0, ratio.1
            ));
        }
        println!("round {round} ratios: {}", line.join(", "));
    }
    let avg = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    for (b, (means, p99s)) in baselines.iter().zip(&ratios) {
        println!(
            "mean ratio {}/{} {:.2}x (p99 {:.2}x)",
            game.name,
            b.name,
            avg(means),
            avg(p99s)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_the_probe_line() {
        let out =
            "noise\nframe time: 12.50 ms mean, 20.25 ms p99 over 80 frames (empty 3D scene)\n";
        assert_eq!(super::parse_frame_time(out), Some((12.5, 20.25)));
        assert_eq!(super::parse_frame_time("nothing"), None);
    }

    #[test]
    fn processor_time_is_summed_by_kind_of_thread_per_frame() {
        let t = |id, name: &str, nanos| super::ThreadTime {
            id,
            name: name.into(),
            nanos,
        };
        let start = [t(1, "chimera", 1_000_000), t(2, "llvmpipe-0", 0)];
        // Thread 3 began while measuring: all its time counts.
        let end = [
            t(1, "chimera", 5_000_000),
            t(2, "llvmpipe-0", 6_000_000),
            t(3, "llvmpipe-1", 10_000_000),
        ];
        assert_eq!(
            super::cpu_per_frame(&start, &end, 2).as_deref(),
            Some("processor time: 10.00 ms a frame (llvmpipe 8.00, chimera 2.00)")
        );
        assert_eq!(super::cpu_per_frame(&[], &end, 2), None);
    }

    #[test]
    fn p99_is_the_nearest_rank() {
        // 200 frames of 10 ms and two of 50 ms: the 99th percentile of 202
        // is rank 200 (ceil 199.98), still 10 ms; a third slow frame makes it 50.
        let mut frames = vec![0.010; 200];
        frames.extend([0.050, 0.050]);
        let (mean, p99) = super::mean_and_p99(&frames);
        assert!((mean - 2.1 / 202.0 * 1000.0).abs() < 1e-9, "{mean}");
        assert!((p99 - 10.0).abs() < 1e-9, "{p99}");
        frames.push(0.050);
        assert!((super::mean_and_p99(&frames).1 - 50.0).abs() < 1e-9);
    }
}
