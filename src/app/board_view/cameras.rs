//! The 2D and 3D board cameras (one active at a time), the
//! egui overlay camera, and fitting the board into the free viewport.

use crate::app::scene::{
    BoardCamera2d, BoardCamera3d, BoardLayout, BoardViewport, CameraRig, ViewMode,
};
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;
use bevy_egui::PrimaryEguiContext;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.15, 0.16, 0.18)))
        .add_systems(Startup, spawn_cameras)
        .add_systems(
            PostUpdate,
            (activate_view_camera, fit_cameras)
                .chain()
                .before(bevy::transform::TransformSystems::Propagate),
        );
}

/// Room around the board for coordinates (world units, each side).
pub const MARGIN: f32 = 0.75;
const FOV: f32 = 0.5; // radians, vertical

fn spawn_cameras(mut commands: Commands, adapter: Option<Res<RenderAdapterInfo>>) {
    let msaa = sample_count(adapter.as_deref());
    commands.spawn((
        Name::new("Board camera 2D"),
        BoardCamera2d,
        Camera2d,
        msaa,
        Camera {
            order: 0,
            ..default()
        },
        Projection::from(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: 10.0,
                min_height: 10.0,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
    commands.spawn((
        Name::new("Board camera 3D"),
        BoardCamera3d,
        Camera3d::default(),
        msaa,
        // Colours are baked and drawn unlit (see `piece_art::geom`): they
        // go to the screen as they are, like the 2D view's.
        bevy::core_pipeline::tonemapping::Tonemapping::None,
        Camera {
            order: 0,
            is_active: false,
            ..default()
        },
        Projection::Perspective(PerspectiveProjection {
            fov: FOV,
            near: 0.1,
            far: 200.0,
            ..default()
        }),
        Transform::from_xyz(0.0, -12.0, 12.0).looking_at(Vec3::ZERO, Vec3::Z),
    ));
    // egui draws through its own camera, on top of whichever board camera is active.
    commands.spawn((
        Name::new("UI camera"),
        PrimaryEguiContext,
        Camera2d,
        msaa,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

/// The sample count of every camera (wgpu rejects a pass mixing counts).
/// Multisampling multiplies the fill cost of a frame, which a software
/// renderer (llvmpipe/lavapipe) pays on the CPU: there, measured on the
/// Herculean board in 3D, MSAA 4x made the frame 2.7 times slower, and FXAA
/// more still. So on a CPU adapter the cameras take one sample; on a GPU
/// (or with no renderer, headless) four.
fn sample_count(adapter: Option<&RenderAdapterInfo>) -> Msaa {
    // `wgpu::DeviceType::Cpu`, by name: Bevy does not re-export the enum.
    match adapter {
        Some(info) if format!("{:?}", info.device_type) == "Cpu" => Msaa::Off,
        _ => Msaa::Sample4,
    }
}

fn activate_view_camera(
    mode: Res<ViewMode>,
    mut cam2: Query<&mut Camera, (With<BoardCamera2d>, Without<BoardCamera3d>)>,
    mut cam3: Query<&mut Camera, (With<BoardCamera3d>, Without<BoardCamera2d>)>,
) {
    if !mode.is_changed() {
        return;
    }
    for mut c in &mut cam2 {
        c.is_active = *mode == ViewMode::TwoD;
    }
    for mut c in &mut cam3 {
        c.is_active = *mode == ViewMode::ThreeD;
    }
}

/// The smallest camera distance (along `dir` from the board centre) at which
/// the whole scene box — the board and hands, pieces one unit tall — fits the
/// viewport with a small margin.
pub fn fit_distance(dir: Vec3, half: Vec2, aspect: f32) -> f32 {
    let t = (FOV * 0.5).tan();
    let target = Vec3::new(0.0, 0.0, 0.25);
    let corners = [
        Vec3::new(-half.x, -half.y, 0.0),
        Vec3::new(half.x, -half.y, 0.0),
        Vec3::new(-half.x, half.y, 0.0),
        Vec3::new(half.x, half.y, 0.0),
        Vec3::new(-half.x, -half.y, 0.9),
        Vec3::new(half.x, -half.y, 0.9),
        Vec3::new(-half.x, half.y, 0.9),
        Vec3::new(half.x, half.y, 0.9),
    ];
    let fits = |d: f32| {
        let eye = target + dir * d;
        let view = Transform::from_translation(eye).looking_at(target, Vec3::Z);
        let inv = view.compute_affine().inverse();
        corners.iter().all(|c| {
            let v = inv.transform_point3(*c);
            if v.z > -0.2 {
                return false;
            }
            let nx = v.x / (-v.z * t * aspect);
            let ny = v.y / (-v.z * t);
            nx.abs() <= 0.97 && ny.abs() <= 0.97
        })
    };
    let (mut lo, mut hi) = (1.0f32, 400.0f32);
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if fits(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// Puts both board cameras on the free viewport and frames the board.
#[allow(clippy::type_complexity)]
fn fit_cameras(
    layout: Res<BoardLayout>,
    rig: Res<CameraRig>,
    viewport: Res<BoardViewport>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut cams: Query<
        (
            &mut Camera,
            &mut Projection,
            &mut Transform,
            Has<BoardCamera3d>,
        ),
        Or<(With<BoardCamera2d>, With<BoardCamera3d>)>,
    >,
) {
    let win = UVec2::new(window.physical_width(), window.physical_height());
    if win.x == 0 || win.y == 0 {
        return;
    }
    let rect = viewport
        .0
        .filter(|r| r.width() > 16 && r.height() > 16 && r.max.x <= win.x && r.max.y <= win.y);
    let want_viewport = rect.map(|r| Viewport {
        physical_position: r.min,
        physical_size: r.size(),
        ..default()
    });
    let size = rect.map(|r| r.size()).unwrap_or(win).as_vec2();
    let aspect = size.x / size.y;
    let half = layout.half_scene() + Vec2::splat(MARGIN);
    for (mut camera, mut projection, mut tf, is_3d) in &mut cams {
        if camera
            .viewport
            .as_ref()
            .map(|v| (v.physical_position, v.physical_size))
            != want_viewport
                .as_ref()
                .map(|v| (v.physical_position, v.physical_size))
        {
            camera.viewport = want_viewport.clone();
        }
        if !is_3d {
            let (w, h) = (half.x * 2.0, half.y * 2.0);
            if let Projection::Orthographic(o) = projection.as_ref() {
                let same = matches!(o.scaling_mode,
                    ScalingMode::AutoMin { min_width, min_height } if min_width == w && min_height == h);
                if !same && let Projection::Orthographic(o) = projection.as_mut() {
                    o.scaling_mode = ScalingMode::AutoMin {
                        min_width: w,
                        min_height: h,
                    };
                }
            }
            continue;
        }
        let rig = rig.clamped();
        let dir = Vec3::new(
            rig.yaw.sin() * rig.pitch.cos(),
            -rig.yaw.cos() * rig.pitch.cos(),
            rig.pitch.sin(),
        );
        let dist = fit_distance(dir, half, aspect) * rig.zoom;
        let target = Vec3::new(0.0, 0.0, 0.25);
        let want = Transform::from_translation(target + dir * dist).looking_at(target, Vec3::Z);
        if *tf != want {
            *tf = want;
        }
    }
}
