//! Highlight layers: last move, check, selection, the computer's hint, a
//! lesson's targets (tile tints) and legal destinations (dots on empty squares, rings on
//! captures). The board view alone writes them, from the match, the
//! selection, the open help and the hint (the computer's or a puzzle's).

use super::BoardSquare;
use super::spawn::BoardArt;
use crate::computer::HintMove;
use crate::help::help_markers;
use crate::interaction::{HowItMoves, Marker, Origin, Replay, Selection};
use crate::match_state::CurrentMatch;
use crate::menus::Learn;
use crate::puzzles::PuzzleMode;
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::{Move, MoveKind, Position, Sq};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, derive_highlights.in_set(AppSystems::Scene))
        .add_systems(
            Update,
            apply_highlights
                .in_set(AppSystems::Present)
                .run_if(resource_changed::<BoardHighlights>.or_else(any_added_squares)),
        );
}

fn any_added_squares(q: Query<(), Added<BoardSquare>>) -> bool {
    !q.is_empty()
}

/// What the board shows on top of the position, derived by the board view.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct BoardHighlights {
    /// Squares of the last move (from, to, and any other squares it touched).
    pub last_move: Vec<Sq>,
    /// The royal piece in check.
    pub check: Option<Sq>,
    /// The selected piece's square.
    pub selected: Option<Sq>,
    /// Legal destinations of the selection.
    pub targets: Vec<(Sq, Marker)>,
    /// Squares of the hinted move.
    pub hint: Vec<Sq>,
    /// A lesson's targets still to visit or clear.
    pub lesson_targets: Vec<Sq>,
}

/// The squares a move touched, for the last-move highlight.
pub fn touched_squares(pos: &Position, m: Move) -> Vec<Sq> {
    let mut v = Vec::new();
    match m.kind() {
        MoveKind::Drop => {
            v.extend(pos.drop_square(m));
            v.extend(pos.move_to(m));
        }
        MoveKind::Pass => {}
        _ => {
            v.extend(pos.move_from(m));
            v.extend(pos.move_to(m));
        }
    }
    v.dedup();
    v
}

/// The highlights follow what they show: while the help is open, its piece
/// and the squares it reaches; otherwise the last move, check, the hint,
/// and the selection with its destinations.
fn derive_highlights(
    game: Option<Res<CurrentMatch>>,
    selection: Res<Selection>,
    help: Res<HowItMoves>,
    (hint, puzzle): (Res<HintMove>, Res<PuzzleMode>),
    mut highlights: ResMut<BoardHighlights>,
    replay: Res<Replay>,
    learn: Res<Learn>,
) {
    let Some(game) = game else { return };
    let changed = game.is_changed()
        || replay.is_changed()
        || hint.is_changed()
        || learn.is_changed()
        || puzzle.is_changed();
    if !(changed || selection.is_changed() || help.is_changed()) {
        return;
    }
    let want = match &help.0 {
        Some(open) => BoardHighlights {
            last_move: Vec::new(),
            check: None,
            selected: Some(open.at),
            targets: help_markers(&open.reach, &open.attacks),
            hint: Vec::new(),
            lesson_targets: Vec::new(),
        },
        None => {
            let pos = replay.position(&game);
            let (lesson_targets, lesson_hint) = learn.marks();
            BoardHighlights {
                last_move: replay
                    .last_move(&game)
                    .map(|m| touched_squares(pos, m))
                    .unwrap_or_default(),
                check: if pos.in_check() {
                    pos.royal_square(pos.side_to_move())
                } else {
                    None
                },
                selected: match selection.0.origin() {
                    Some(Origin::Square(s)) => Some(s),
                    _ => None,
                },
                targets: selection.0.markers(pos),
                // A puzzle's hint (the piece, then the move) — never the
                // computer's then — else the computer's.
                hint: match (puzzle.current(), puzzle.hint(&game)) {
                    (_, Some((squares, _))) => squares,
                    (Some(_), None) => Vec::new(),
                    (None, None) => hint
                        .current(&game)
                        .map(|m| touched_squares(pos, m))
                        .into_iter()
                        .flatten()
                        .collect(),
                }
                .into_iter()
                .chain(lesson_hint)
                .collect(),
                lesson_targets,
            }
        }
    };
    if *highlights != want {
        *highlights = want;
    }
}

/// A tile tint, strongest last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tint {
    None = 0,
    LastMove = 1,
    Target = 2,
    Hint = 3,
    Selected = 4,
    Check = 5,
}

impl Tint {
    pub const COUNT: usize = 6;
    pub const ALL: [Tint; 6] = [
        Tint::None,
        Tint::LastMove,
        Tint::Target,
        Tint::Hint,
        Tint::Selected,
        Tint::Check,
    ];

    /// The tile colour under this tint.
    pub fn apply(self, base: Color) -> Color {
        let over = match self {
            Tint::None => return base,
            Tint::LastMove => (Color::srgb(0.62, 0.78, 0.1), 0.42),
            Tint::Target => (Color::srgb(1.0, 0.72, 0.05), 0.62),
            Tint::Hint => (Color::srgb(0.15, 0.45, 0.95), 0.5),
            Tint::Selected => (Color::srgb(0.1, 0.45, 0.16), 0.5),
            Tint::Check => (Color::srgb(0.9, 0.1, 0.08), 0.62),
        };
        base.mix(&over.0, over.1)
    }
}

/// A tile whose material follows the square's tint (2D and 3D).
#[derive(Component)]
pub struct TintedTile;

/// A destination marker visual (2D and 3D), hidden when unused.
#[derive(Component)]
pub struct MarkerVisual;

#[allow(clippy::type_complexity)]
fn apply_highlights(
    hl: Res<BoardHighlights>,
    art: Res<BoardArt>,
    squares: Query<(&BoardSquare, &Children)>,
    mut tiles2: Query<&mut Mesh2d, (With<TintedTile>, Without<MarkerVisual>)>,
    mut tiles3: Query<&mut Mesh3d, (With<TintedTile>, Without<MarkerVisual>)>,
    mut markers: Query<
        (&mut Visibility, Option<&mut Mesh2d>, Option<&mut Mesh3d>),
        (With<MarkerVisual>, Without<TintedTile>),
    >,
) {
    for (square, children) in &squares {
        let sq = square.sq;
        let tint = if hl.check == Some(sq) {
            Tint::Check
        } else if hl.selected == Some(sq) {
            Tint::Selected
        } else if hl.hint.contains(&sq) {
            Tint::Hint
        } else if hl.lesson_targets.contains(&sq) {
            Tint::Target
        } else if hl.last_move.contains(&sq) {
            Tint::LastMove
        } else {
            Tint::None
        };
        let marker = hl.targets.iter().find(|(s, _)| *s == sq).map(|(_, m)| *m);
        let li = square.light as usize;
        for child in children.iter() {
            if let Ok(mut m) = tiles2.get_mut(child) {
                let want = &art.tile_2d[li][tint as usize];
                if m.0 != *want {
                    m.0 = want.clone();
                }
            }
            if let Ok(mut m) = tiles3.get_mut(child) {
                let want = &art.tile_3d[square.edge as usize][li][tint as usize];
                if m.0 != *want {
                    m.0 = want.clone();
                }
            }
            if let Ok((mut vis, m2, m3)) = markers.get_mut(child) {
                let shown = match marker {
                    Some(_) => Visibility::Inherited,
                    None => Visibility::Hidden,
                };
                vis.set_if_neq(shown);
                let mesh = match marker {
                    Some(Marker::Ring) => &art.ring,
                    _ => &art.dot,
                };
                if let Some(mut m2) = m2
                    && m2.0 != *mesh
                {
                    m2.0 = mesh.clone();
                }
                if let Some(mut m3) = m3
                    && m3.0 != *mesh
                {
                    m3.0 = mesh.clone();
                }
            }
        }
    }
}
