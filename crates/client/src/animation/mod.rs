//! Keeps the piece entities true to [`Match`] and animates what the match
//! announced: moves glide (leaps arc), captures shrink away, drops fall in,
//! serpents morph, crowning swaps king and prince visibly; a replay step
//! animates the same way, a step back in reverse (captured pieces fall back
//! in place); at an earlier ply the match's own moves are not animated (they
//! are not on the board). When the board
//! view rebuilds the board instead (new game, undo, redo, the help), the
//! announcements of that frame are dropped; the board view also checks the
//! entities against the match after every change, so a fast sequence of
//! moves can never leave a piece on a wrong square. A piece dragged by the
//! mouse follows the pointer and glides home when let go ([`SnapBack`]).

use crate::board_view::{BoardRoot, BoardScene, spawn_piece};
use crate::input::mouse::{DragState, PointerTarget, SnapBack};
use crate::interaction::{HowItMoves, Replay, ReplayMoved};
use crate::match_state::CurrentMatch;
use crate::match_state::{
    Announcement, KingCrowned, PieceCaptured, PieceDropped, PieceMoved, SerpentMutated, hand_kind,
};
use crate::piece_art::PieceArt;
use crate::prefs::Prefs;
use crate::scene::{BoardLayout, HandSlot, PieceView};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::{Kind, PieceInfo, Sq};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            follow_match,
            follow_drag,
            snap_back,
            (animate_glides, animate_vanish, animate_morphs),
        )
            .chain()
            .in_set(AppSystems::Animate),
    );
}

/// Glide time of one move (seconds), plus a little per square travelled.
const GLIDE_SECS: f32 = 0.2;
const GLIDE_PER_SQUARE: f32 = 0.025;
/// Height of a leaper's arc, per square travelled (3D).
const ARC_PER_SQUARE: f32 = 0.28;
const VANISH_SECS: f32 = 0.22;
const MORPH_SECS: f32 = 0.32;
/// Drops fall from this high (3D) and appear on top in 2D.
const DROP_HEIGHT: f32 = 2.5;

/// A piece (or hand piece) held by the pointer: animations leave it alone.
#[derive(Component)]
pub struct Dragged;

/// A piece travelling to its square.
#[derive(Component, Clone, Debug)]
pub struct Glide {
    from: Vec3,
    to: Vec3,
    t: f32,
    secs: f32,
    arc: f32,
}

/// A captured piece shrinking away before it is despawned.
#[derive(Component, Clone, Debug)]
pub struct Vanish {
    t: f32,
}

/// A piece changing its look: squeezed flat, swapped, restored.
#[derive(Component, Clone, Debug)]
pub struct Morph {
    t: f32,
    to: PieceInfo,
    swapped: bool,
}

/// A glide from `from` to `to` (arcing when `leap`).
pub fn glide(from: Vec3, to: Vec3, leap: bool) -> Glide {
    let dist = from.truncate().distance(to.truncate());
    Glide {
        from,
        to,
        t: 0.0,
        secs: GLIDE_SECS + GLIDE_PER_SQUARE * dist,
        arc: if leap {
            ARC_PER_SQUARE * dist.max(1.0)
        } else {
            0.0
        },
    }
}

#[derive(bevy::ecs::system::SystemParam)]
struct Announced<'w, 's> {
    moved: MessageReader<'w, 's, PieceMoved>,
    captured: MessageReader<'w, 's, PieceCaptured>,
    dropped: MessageReader<'w, 's, PieceDropped>,
    mutated: MessageReader<'w, 's, SerpentMutated>,
    crowned: MessageReader<'w, 's, KingCrowned>,
}

impl Announced<'_, '_> {
    fn clear(&mut self) {
        self.moved.clear();
        self.captured.clear();
        self.dropped.clear();
        self.mutated.clear();
        self.crowned.clear();
    }

    /// This frame's announcements of the match.
    fn drain_into(&mut self, out: &mut Vec<Announcement>) {
        out.extend(self.captured.read().map(|c| Announcement::Captured {
            at: c.at,
            piece: c.piece,
        }));
        out.extend(self.moved.read().map(|m| Announcement::Moved {
            from: m.from,
            to: m.to,
            piece: m.piece,
            leap: m.leap,
        }));
        out.extend(self.dropped.read().map(|d| Announcement::Dropped {
            at: d.at,
            to: d.to,
            piece: d.piece,
        }));
        out.extend(self.mutated.read().map(|m| Announcement::Mutated {
            at: m.at,
            from: m.from,
            piece: m.piece,
        }));
        out.extend(self.crowned.read().map(|c| Announcement::Crowned {
            king_at: c.king_at,
            prince_at: c.prince_at,
        }));
    }
}

/// The piece entities follow what the board shows changing: the match's
/// announcements while it shows the live position (at an earlier ply the
/// live moves are not on the board), and the replay's single steps.
#[allow(clippy::too_many_arguments)]
fn follow_match(
    mut commands: Commands,
    game: Option<Res<CurrentMatch>>,
    scene: Option<Res<BoardScene>>,
    mut news: Announced,
    mut stepped: MessageReader<ReplayMoved>,
    replay: Res<Replay>,
    layout: Res<BoardLayout>,
    art: Res<PieceArt>,
    roots: Query<Entity, With<BoardRoot>>,
    mut pieces: Query<(Entity, &mut PieceView, &Transform)>,
    help: Res<HowItMoves>,
    slots: Query<(&HandSlot, &Transform), Without<PieceView>>,
) {
    let root = roots.single().ok();
    let rebuilt = help.is_open() || scene.as_ref().is_none_or(|s| s.is_changed());
    let (Some(game), Some(root), false) = (game, root, rebuilt) else {
        // No game, a lone piece shown, the board being rebuilt from the
        // match or still being built from the scene.
        news.clear();
        stepped.clear();
        return;
    };
    let mut effects: Vec<Announcement> = Vec::new();
    if replay.is_live() {
        news.drain_into(&mut effects);
    } else {
        news.clear();
    }
    // A step back brings captured pieces back where they stood, not from a hand.
    let mut restoring = false;
    for s in stepped.read() {
        effects.extend(s.effects.iter().flatten().cloned());
        restoring |= s.to < s.from;
    }
    if effects.is_empty() {
        return;
    }
    let variant = game.variant();
    let mut gone: Vec<Entity> = Vec::new();
    // Captures first: the mover may land on the captured piece's square.
    for e in &effects {
        let Announcement::Captured { at, .. } = e else {
            continue;
        };
        if let Some((e, ..)) = pieces
            .iter()
            .find(|(e, p, ..)| p.sq == *at && !gone.contains(e))
        {
            gone.push(e);
            commands
                .entity(e)
                .remove::<(PieceView, Glide, Morph, Dragged)>()
                .insert(Vanish { t: 0.0 });
        }
    }
    // Moves: castling and swaps move two pieces; take every mover first so
    // that a swap does not find the piece that just arrived.
    let moves: Vec<(Sq, Sq, PieceInfo, bool)> = effects
        .iter()
        .filter_map(|e| match e {
            Announcement::Moved {
                from,
                to,
                piece,
                leap,
            } => Some((*from, *to, *piece, *leap)),
            _ => None,
        })
        .collect();
    let movers: Vec<Option<Entity>> = moves
        .iter()
        .map(|(from, ..)| {
            pieces
                .iter()
                .find(|(e, p, ..)| p.sq == *from && !gone.contains(e))
                .map(|(e, ..)| e)
        })
        .collect();
    for ((_, to, piece, leap), mover) in moves.iter().zip(movers) {
        let Some(e) = mover else { continue };
        let Ok((_, mut view, tf)) = pieces.get_mut(e) else {
            continue;
        };
        let before = view.piece;
        view.sq = *to;
        view.piece = *piece;
        let target = layout.centre(*to).extend(0.0);
        commands
            .entity(e)
            .remove::<Dragged>()
            .insert(glide(tf.translation, target, *leap));
        if before.kind != piece.kind || before.color != piece.color {
            commands.entity(e).insert(Morph {
                t: 0.0,
                to: *piece,
                swapped: false,
            });
        }
    }
    for e in &effects {
        let Announcement::Dropped { at, to, piece } = e else {
            continue;
        };
        let e = spawn_piece(&mut commands, root, &layout, (&art, variant), *to, *piece);
        let target = layout.centre(*to).extend(0.0);
        // From its hand slot (a serpent comes from the serpent's slot), else from above.
        let from_kind = hand_kind(variant, piece.kind);
        let from = slots
            .iter()
            .find(|(s, _)| !restoring && s.side == piece.color && s.kind == from_kind)
            .map(|(_, tf)| tf.translation.truncate().extend(DROP_HEIGHT * 0.3))
            .unwrap_or(layout.centre(*at).extend(DROP_HEIGHT));
        commands
            .entity(e)
            .insert((Transform::from_translation(from), glide(from, target, true)));
    }
    // Form changes in place: a serpent's mutation, crowning's king and prince.
    let mut morphs: Vec<(Sq, Option<PieceInfo>, Kind)> = Vec::new();
    for e in &effects {
        match e {
            Announcement::Mutated { at, piece, .. } => morphs.push((*at, Some(*piece), piece.kind)),
            Announcement::Crowned { king_at, prince_at } => {
                morphs.push((*king_at, None, Kind::NinjaPawn));
                morphs.push((*prince_at, None, Kind::King));
            }
            _ => {}
        }
    }
    for (sq, piece, kind) in morphs {
        if let Some((e, mut view, ..)) = pieces
            .iter_mut()
            .find(|(e, p, ..)| p.sq == sq && !gone.contains(e))
        {
            match piece {
                Some(p) => view.piece = p,
                None => view.piece.kind = kind,
            }
            let to = view.piece;
            commands.entity(e).insert(Morph {
                t: 0.0,
                to,
                swapped: false,
            });
        }
    }
}

/// The dragged piece follows the pointer, above the others.
fn follow_drag(
    mut commands: Commands,
    drag: Res<DragState>,
    target: Res<PointerTarget>,
    mut held: Query<(&mut Transform, Has<Dragged>)>,
) {
    let (Some(e), Some(at)) = (drag.dragged(), target.world) else {
        return;
    };
    let Ok((mut tf, dragged)) = held.get_mut(e) else {
        return;
    };
    if !dragged {
        commands.entity(e).insert(Dragged);
    }
    tf.translation = at.extend(0.6);
}

/// A let-go piece glides back to its square; a hand piece goes back at once.
fn snap_back(
    mut commands: Commands,
    mut asked: MessageReader<SnapBack>,
    layout: Res<BoardLayout>,
    held: Query<(&Transform, Option<&PieceView>, Option<&HandSlot>)>,
) {
    for SnapBack(e) in asked.read() {
        let Ok((tf, piece, slot)) = held.get(*e) else {
            continue;
        };
        let mut e = commands.entity(*e);
        e.remove::<Dragged>();
        if let Some(p) = piece {
            e.insert(glide(
                tf.translation,
                layout.centre(p.sq).extend(0.0),
                false,
            ));
        } else if let Some(s) = slot {
            e.insert(Transform::from_translation(
                layout.hand_slot(s.side, s.index).extend(0.0),
            ));
        }
    }
}

fn animate_glides(
    mut commands: Commands,
    time: Res<Time>,
    prefs: Res<Prefs>,
    mut q: Query<(Entity, &mut Glide, &mut Transform), Without<Dragged>>,
) {
    let dt = prefs.animation_dt(time.delta_secs());
    for (e, mut g, mut tf) in &mut q {
        g.t = (g.t + dt / g.secs).min(1.0);
        let k = ease(g.t);
        let mut p = g.from.lerp(g.to, k);
        p.z += g.arc * (std::f32::consts::PI * g.t).sin();
        tf.translation = p;
        if g.t >= 1.0 {
            tf.translation = g.to;
            commands.entity(e).remove::<Glide>();
        }
    }
}

fn animate_vanish(
    mut commands: Commands,
    time: Res<Time>,
    prefs: Res<Prefs>,
    mut q: Query<(Entity, &mut Vanish, &mut Transform)>,
) {
    let dt = prefs.animation_dt(time.delta_secs());
    for (e, mut v, mut tf) in &mut q {
        v.t = (v.t + dt / VANISH_SECS).min(1.0);
        tf.scale = Vec3::splat((1.0 - v.t).max(0.001));
        if v.t >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

#[allow(clippy::type_complexity)]
fn animate_morphs(
    mut commands: Commands,
    time: Res<Time>,
    prefs: Res<Prefs>,
    art: Res<PieceArt>,
    scene: Option<Res<BoardScene>>,
    mut q: Query<(Entity, &mut Morph, &mut Transform, &Children)>,
    mut looks: Query<(
        Option<(&mut Mesh2d, &mut MeshMaterial2d<ColorMaterial>)>,
        Option<&mut Mesh3d>,
    )>,
) {
    let Some(scene) = scene else { return };
    let v = scene.position.variant();
    let dt = prefs.animation_dt(time.delta_secs());
    for (e, mut m, mut tf, children) in &mut q {
        m.t = (m.t + dt / MORPH_SECS).min(1.0);
        if m.t >= 0.5 && !m.swapped {
            m.swapped = true;
            for c in children.iter() {
                let drawn = art.drawn(v, m.to.kind, m.to.color);
                let Ok((glyph, model)) = looks.get_mut(c) else {
                    continue;
                };
                if let Some((mut h, mut material)) = glyph {
                    h.0 = drawn.glyph.clone();
                    material.0 = drawn.glyph_material.clone();
                }
                if let Some(mut h) = model {
                    h.0 = drawn.model.clone();
                }
            }
        }
        // Squeeze sideways to nothing and back, swapping at the middle.
        let w = (1.0 - (2.0 * m.t - 1.0).abs()).clamp(0.0, 1.0);
        tf.scale = Vec3::new((1.0 - w).max(0.02), 1.0, 1.0 + 0.25 * w);
        if m.t >= 1.0 {
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<Morph>();
        }
    }
}

fn ease(t: f32) -> f32 {
    // Smooth start and end.
    t * t * (3.0 - 2.0 * t)
}
