//! `--screenshot out.png`: wait until the scene is truly drawn, save one frame
//! of the window, exit.
//!
//! "Truly drawn" = the board exists, every render pipeline has finished
//! compiling for several frames in a row (the render world reports it), and a
//! minimum number of frames and seconds have passed (software Vulkan shows
//! black frames while it compiles shaders).

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::render::{Render, RenderApp, RenderSystems};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::board_view::BoardRoot;
use crate::schedule::{AppSystems, Screen};

/// Plugin: add it with a [`ScreenshotPlan`] resource to take the shot.
pub(super) fn plugin(app: &mut App) {
    let waiting = PipelinesWaiting::default();
    app.insert_resource(waiting.clone()).add_systems(
        Update,
        take_screenshot_when_ready
            .in_set(AppSystems::Present)
            .run_if(resource_exists::<ScreenshotPlan>),
    );
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render.insert_resource(waiting).add_systems(
            Render,
            count_waiting_pipelines.in_set(RenderSystems::Cleanup),
        );
    }
}

/// Where and when to take the screenshot.
#[derive(Resource, Clone, Debug)]
pub struct ScreenshotPlan {
    /// PNG path.
    pub path: PathBuf,
    /// Minimum frames after the board appeared.
    pub min_frames: u32,
    /// Minimum seconds after the board appeared.
    pub min_secs: f32,
    /// Take it anyway after this many seconds (with a warning).
    pub max_secs: f32,
    /// Frames since the board appeared, and frames in a row with no pipeline pending.
    frames: u32,
    quiet_frames: u32,
    since: Option<f32>,
    requested: bool,
}

impl ScreenshotPlan {
    /// A plan with the default waits (override with `CHIMERA_SHOT_SECS`).
    pub fn new(path: PathBuf) -> ScreenshotPlan {
        let min_secs = std::env::var("CHIMERA_SHOT_SECS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(2.0);
        ScreenshotPlan {
            path,
            min_frames: 12,
            min_secs,
            max_secs: 120.0,
            frames: 0,
            quiet_frames: 0,
            since: None,
            requested: false,
        }
    }
}

/// The longest a shot waits for a running analysis (`play --analyse`).
const ANALYSIS_WAIT_SECS: f32 = 900.0;

/// Number of render pipelines still compiling, written by the render world.
#[derive(Resource, Clone, Default)]
struct PipelinesWaiting(Arc<AtomicUsize>);

fn count_waiting_pipelines(cache: Res<PipelineCache>, waiting: Res<PipelinesWaiting>) {
    waiting
        .0
        .store(cache.waiting_pipelines().count(), Ordering::Relaxed);
}

fn take_screenshot_when_ready(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    time: Res<Time<Real>>,
    waiting: Res<PipelinesWaiting>,
    board: Query<(), With<BoardRoot>>,
    screen: Option<Res<State<Screen>>>,
    analysis: Option<Res<crate::review::Analysis>>,
) {
    let menu = screen.is_some_and(|s| *s.get() == Screen::Menu);
    if plan.requested || (board.is_empty() && !menu) {
        return;
    }
    let now = time.elapsed_secs();
    let since = *plan.since.get_or_insert(now);
    plan.frames += 1;
    if waiting.0.load(Ordering::Relaxed) == 0 {
        plan.quiet_frames += 1;
    } else {
        plan.quiet_frames = 0;
    }
    let waited = now - since;
    // A shot of an analysed game (`--analyse`) shows the finished review.
    if analysis.is_some_and(|a| a.is_running()) && waited < ANALYSIS_WAIT_SECS {
        return;
    }
    let ready = plan.frames >= plan.min_frames && waited >= plan.min_secs && plan.quiet_frames >= 6;
    if !ready && waited < plan.max_secs {
        return;
    }
    if !ready {
        warn!("screenshot: pipelines still compiling after {waited:.0} s; taking it anyway");
    }
    plan.requested = true;
    let path = plan.path.clone();
    info!(
        "screenshot: taking {} after {} frames, {waited:.1} s",
        path.display(),
        plan.frames
    );
    // A stale file must not pass for this run's shot.
    let _ = std::fs::remove_file(&path);
    let mut save = save_to_disk(path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            save(captured);
            exit.write(if path.exists() {
                AppExit::Success
            } else {
                AppExit::error()
            });
        },
    );
}
