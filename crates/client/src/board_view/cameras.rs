//! The 2D and 3D board cameras (one active at a time), the
//! egui overlay camera, and fitting the board into the free viewport.
//!
//! All three draw into one intermediate image (Bevy shares it between
//! cameras of the same target, format and sampling): the board camera
//! leaves its picture there ([`CameraOutputMode::Skip`]), the UI camera
//! paints egui over it and alone writes the result to the window. One copy
//! to the window a frame instead of one per camera: on a software renderer
//! each copy of a 1280×800 frame cost about as much as drawing the board.

use super::spawn::TALLEST_PIECE;
use crate::config::View;
use crate::scene::{
    BoardCamera2d, BoardCamera3d, BoardLayout, BoardViewport, CameraRig, CurrentView,
    HAND_ROW_OFFSET,
};
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, ScalingMode, Viewport};
use bevy::prelude::*;
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

/// Room left of and below the board for the coordinates (world units).
pub const MARGIN: f32 = 0.75;
/// Room beyond the board's other two edges (its frame and a little air).
const EDGE: f32 = 0.2;
/// Vertical field of view of the 3D camera, radians: narrow (a long lens
/// from further away), so the far ranks are drawn nearly as large as the
/// near ones.
const FOV: f32 = 0.3;
/// Share of the viewport, each way from its centre, the framed scene fills.
const FILL: f32 = 0.97;

fn spawn_cameras(mut commands: Commands, adapter: Option<Res<RenderAdapterInfo>>) {
    let msaa = sample_count(adapter.as_deref());
    commands.spawn((
        Name::new("Board camera 2D"),
        BoardCamera2d,
        Camera2d,
        msaa,
        Camera {
            order: 0,
            output_mode: CameraOutputMode::Skip,
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
        // Nothing in the scene is lit, so Bevy's per-view light clustering
        // (4096 clusters by default: on lavapipe about 2 ms a frame) has
        // nothing to sort: one cluster. (`ClusterConfig::None` would be
        // better still, but Bevy 0.19's GPU clustering then makes a texture
        // of width zero, a validation error that stops the renderer.)
        bevy::light::cluster::ClusterConfig::Single,
        Camera {
            order: 0,
            is_active: false,
            output_mode: CameraOutputMode::Skip,
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
    // egui draws through its own camera, on top of whichever board camera
    // is active: into the board's picture (no clear), which it then writes
    // to the window, every pixel (outside the board's viewport, the board
    // camera's clear colour) — so the window needs no clearing first.
    commands.spawn((
        Name::new("UI camera"),
        PrimaryEguiContext,
        Camera2d,
        msaa,
        RenderLayers::none(),
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            output_mode: CameraOutputMode::Write {
                blend_state: None,
                clear_color: ClearColorConfig::None,
            },
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
pub fn sample_count(adapter: Option<&RenderAdapterInfo>) -> Msaa {
    // `wgpu::DeviceType::Cpu`, by name: Bevy does not re-export the enum.
    match adapter {
        Some(info) if format!("{:?}", info.device_type) == "Cpu" => Msaa::Off,
        _ => Msaa::Sample4,
    }
}

fn activate_view_camera(
    mode: Res<CurrentView>,
    mut cam2: Query<&mut Camera, (With<BoardCamera2d>, Without<BoardCamera3d>)>,
    mut cam3: Query<&mut Camera, (With<BoardCamera3d>, Without<BoardCamera2d>)>,
) {
    if !mode.is_changed() {
        return;
    }
    for mut c in &mut cam2 {
        c.is_active = mode.0 == View::TwoD;
    }
    for mut c in &mut cam3 {
        c.is_active = mode.0 == View::ThreeD;
    }
}

/// The corners of what the 3D camera frames: the board with its
/// coordinates and hand rows, as high as the tallest piece stands.
pub fn scene_corners(layout: &BoardLayout) -> [Vec3; 8] {
    let board = layout.half_extents();
    let (below, above) = if layout.hands {
        let hand = board.y + HAND_ROW_OFFSET + 0.45;
        (hand, hand)
    } else {
        (board.y + MARGIN, board.y + EDGE)
    };
    let (x0, x1) = (-board.x - MARGIN, board.x + EDGE);
    let top = TALLEST_PIECE;
    let mut corners = [Vec3::ZERO; 8];
    for (i, c) in corners.iter_mut().enumerate() {
        *c = Vec3::new(
            if i & 1 == 0 { x0 } else { x1 },
            if i & 2 == 0 { -below } else { above },
            if i & 4 == 0 { -0.1 } else { top },
        );
    }
    corners
}

/// Where the 3D camera stands to see the whole scene (`points`) from
/// direction `dir` (from the board toward the camera) in a viewport of
/// `aspect`, as close as it can with every point inside [`FILL`] of the
/// viewport and the points' extent centred on it; `zoom` then scales the
/// distance (1 = that tight fit, less = closer). The camera keeps the
/// orientation of one looking from `dir` at the board's centre.
pub fn fit_camera(dir: Vec3, points: &[Vec3], aspect: f32, zoom: f32) -> Transform {
    let rotation = Transform::from_translation(dir)
        .looking_at(Vec3::ZERO, Vec3::Z)
        .rotation;
    let to_camera = rotation.inverse();
    let ky = (FOV * 0.5).tan() * FILL;
    let kx = ky * aspect;
    // In the camera's axes (x right, y up, looking along −z) a camera at c
    // sees a point q when |q.x − c.x| ≤ kx (c.z − q.z), and alike for y: so
    // c.x lies in [max(q.x + kx q.z) − kx c.z, min(q.x − kx q.z) + kx c.z],
    // which is not empty once c.z ≥ (max − min) / 2kx; the middle of the
    // interval does not depend on c.z.
    let q: Vec<Vec3> = points.iter().map(|p| to_camera * *p).collect();
    let fit = |k: f32, along: fn(Vec3) -> f32| {
        let hi = q
            .iter()
            .map(|v| along(*v) + k * v.z)
            .fold(f32::MIN, f32::max);
        let lo = q
            .iter()
            .map(|v| along(*v) - k * v.z)
            .fold(f32::MAX, f32::min);
        ((hi + lo) * 0.5, (hi - lo) / (2.0 * k))
    };
    let (cx, zx) = fit(kx, |v| v.x);
    let (cy, zy) = fit(ky, |v| v.y);
    let eye = Vec3::new(cx, cy, zx.max(zy) * zoom);
    Transform::from_translation(rotation * eye).with_rotation(rotation)
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
        let want = fit_camera(dir, &scene_corners(&layout), aspect, rig.zoom);
        if *tf != want {
            *tf = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece_art::{Silhouette, silhouette};
    use crate::scene::CameraRig;
    use chimera_rules::{Color as Side, Kind, OptionKind, Variant};

    /// Every set of piece kinds a game can show together: each variant with
    /// its default options and with each value of each listed option.
    fn kind_sets() -> Vec<(String, Vec<Kind>)> {
        let mut sets = Vec::new();
        for info in chimera_rules::variants::builtin() {
            let mut choices = vec![Vec::new()];
            for o in info.options {
                if let OptionKind::Choice(values) = o.kind {
                    for v in values.iter() {
                        choices.push(vec![(o.name.to_string(), v.to_string())]);
                    }
                }
            }
            for options in choices {
                let v = Variant::new(info.id, &options).expect("variant");
                let mut kinds = v.piece_kinds();
                if v.has_serpent() {
                    kinds.push(Kind::Serpent);
                }
                sets.push((format!("{} {options:?}", info.id), kinds));
            }
        }
        sets
    }

    /// Every board shape: each variant's layout, with its hands.
    fn layouts() -> Vec<(&'static str, BoardLayout)> {
        chimera_rules::variants::builtin()
            .iter()
            .map(|info| {
                let v = Variant::new(info.id, &[]).expect("variant");
                let layout = BoardLayout {
                    width: v.width(),
                    height: v.height(),
                    flipped: false,
                    hands: !v.hand_kinds().is_empty(),
                };
                (info.id, layout)
            })
            .collect()
    }

    /// Board viewports (physical pixels): the 1280×800 window less the side
    /// panel, a small laptop, full HD and 4K (the panel grows with the
    /// window), and a portrait window.
    const VIEWPORTS: [(f32, f32); 5] = [
        (1000.0, 800.0),
        (744.0, 600.0),
        (1560.0, 1080.0),
        (3280.0, 2160.0),
        (700.0, 1000.0),
    ];

    /// Normalised device coordinates (x, y in −1..1 inside the viewport) of
    /// a world point seen by a perspective camera at `tf`.
    fn ndc(tf: &Transform, aspect: f32, p: Vec3) -> Vec2 {
        let v = tf.compute_affine().inverse().transform_point3(p);
        assert!(v.z < -0.1, "{p} is behind the camera");
        let t = (FOV * 0.5).tan();
        Vec2::new(v.x / (-v.z * t * aspect), v.y / (-v.z * t))
    }

    fn rig_dir(rig: CameraRig) -> Vec3 {
        Vec3::new(
            rig.yaw.sin() * rig.pitch.cos(),
            -rig.yaw.cos() * rig.pitch.cos(),
            rig.pitch.sin(),
        )
    }

    #[test]
    fn the_default_camera_frames_every_board_tightly_in_any_window() {
        let rig = CameraRig::default();
        for (id, layout) in layouts() {
            let corners = scene_corners(&layout);
            for (w, h) in VIEWPORTS {
                let aspect = w / h;
                let tf = fit_camera(rig_dir(rig), &corners, aspect, rig.zoom);
                let seen: Vec<Vec2> = corners.iter().map(|c| ndc(&tf, aspect, *c)).collect();
                let reach = seen.iter().fold(Vec2::ZERO, |m, p| m.max(p.abs()));
                // Everything inside, and the scene touching two opposite
                // edges: left and right, or top and bottom.
                assert!(reach.max_element() <= FILL + 1e-3, "{id} {w}x{h}: {reach}");
                let touches = |f: fn(&Vec2) -> f32| {
                    let lo = seen.iter().map(f).fold(f32::MAX, f32::min);
                    let hi = seen.iter().map(f).fold(f32::MIN, f32::max);
                    (lo + FILL).abs() < 0.01 && (hi - FILL).abs() < 0.01
                };
                assert!(
                    touches(|p| p.x) || touches(|p| p.y),
                    "{id} {w}x{h}: {seen:?}"
                );
                // Every square and the tip of every piece on it is in view.
                for x in 0..layout.width {
                    for y in 0..layout.height {
                        let c = layout.centre(chimera_rules::Sq::new(x, y));
                        for z in [0.0, TALLEST_PIECE] {
                            let p = ndc(&tf, aspect, c.extend(z));
                            assert!(p.abs().max_element() < FILL, "{id} {w}x{h}: {x},{y}");
                        }
                    }
                }
            }
        }
    }

    /// The width on screen (pixels) of the square at (x, y) of `layout`.
    fn square_pixels(
        tf: &Transform,
        layout: &BoardLayout,
        (w, h): (f32, f32),
        x: u8,
        y: u8,
    ) -> f32 {
        let c = layout.centre(chimera_rules::Sq::new(x, y));
        let a = ndc(tf, w / h, (c - Vec2::new(0.5, 0.0)).extend(0.0));
        let b = ndc(tf, w / h, (c + Vec2::new(0.5, 0.0)).extend(0.0));
        (b.x - a.x) * 0.5 * w
    }

    /// The far ranks stay legible however the player turns and zooms out
    /// the camera (within its limits) in a 1280×800 window: a far square is
    /// drawn at least three quarters as wide as a near one, and at least 40
    /// pixels wide (the complaint: far ranks shrank to dots).
    #[test]
    fn far_ranks_stay_legible_within_the_orbit_and_zoom_limits() {
        let viewport = VIEWPORTS[0];
        for (id, layout) in layouts() {
            for pitch in [
                CameraRig::PITCH.0,
                CameraRig::default().pitch,
                CameraRig::PITCH.1,
            ] {
                for zoom in [1.0, CameraRig::ZOOM.1] {
                    let rig = CameraRig {
                        pitch,
                        zoom,
                        ..default()
                    };
                    let aspect = viewport.0 / viewport.1;
                    let tf = fit_camera(rig_dir(rig), &scene_corners(&layout), aspect, zoom);
                    let mid = layout.width / 2;
                    let near = square_pixels(&tf, &layout, viewport, mid, 0);
                    let far = square_pixels(&tf, &layout, viewport, mid, layout.height - 1);
                    assert!(far >= 0.75 * near, "{id} {rig:?}: near {near} far {far}");
                    assert!(far >= 40.0, "{id} {rig:?}: far {far} px");
                }
            }
        }
    }

    /// From the side, any two pieces of one variant differ in at least this
    /// share of the area either covers (see [`Silhouette::difference`]).
    const MIN_SIDE_DIFFERENCE: f32 = 0.14;
    /// The same at the default camera, which sees the pieces from above too
    /// (where the round feet they share weigh more).
    const MIN_CAMERA_DIFFERENCE: f32 = 0.1;

    /// Every piece of a variant has its own silhouette, seen from the side
    /// and from the default 3D camera, for both sides (Black's turned
    /// round): computed from the parts the models are built of, no renderer.
    #[test]
    fn every_piece_of_a_variant_has_its_own_silhouette() {
        let views = [
            ("side", 0.0, MIN_SIDE_DIFFERENCE),
            ("camera", CameraRig::default().pitch, MIN_CAMERA_DIFFERENCE),
        ];
        let mut failures = Vec::new();
        for (view, pitch, least) in views {
            for side in [Side::White, Side::Black] {
                // Built-in kinds look the same in every variant.
                let chess = Variant::new("chess", &[]).expect("chess");
                let all: Vec<Silhouette> = Kind::ALL
                    .iter()
                    .map(|k| silhouette(&chess, *k, side, pitch))
                    .collect();
                for (set, kinds) in kind_sets() {
                    for (i, a) in kinds.iter().enumerate() {
                        for b in &kinds[i + 1..] {
                            let d = all[a.idx() - 1].difference(&all[b.idx() - 1]);
                            if d < least {
                                failures
                                    .push(format!("{set} {view} {side:?}: {a:?} / {b:?} {d:.3}"));
                            }
                        }
                    }
                }
            }
        }
        assert!(failures.is_empty(), "too alike:\n{}", failures.join("\n"));
    }

    /// A silhouette differs from itself by nothing and from a lower one by
    /// the cells only the taller covers (the measure the test above uses).
    #[test]
    fn silhouette_difference_counts_the_cells_one_covers_alone() {
        let chess = Variant::new("chess", &[]).expect("chess");
        let pawn = silhouette(&chess, Kind::Pawn, Side::White, 0.0);
        assert_eq!(pawn.difference(&pawn), 0.0);
        let king = silhouette(&chess, Kind::King, Side::White, 0.0);
        let d = pawn.difference(&king);
        let expect = 1.0 - pawn.area() as f32 / king.area() as f32;
        // The pawn stands inside the king's outline but for its head.
        assert!((d - expect).abs() < 0.05, "{d} vs {expect}");
        assert!(d > 0.4, "{d}");
    }
}
