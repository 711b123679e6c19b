//! "How it moves": a piece alone on its board with every square it can reach
//! marked. The squares come from the engine (`Position::reachable_squares`)
//! on a position holding only that piece, so the help is always right.
//! While it is open the board shows that lone position; closing it (H, Esc,
//! the button) shows the game again.

use crate::app::board_view::{BoardHighlights, BoardScene, Marker};
use crate::app::input::{InputSet, SelectInput, Selection, touched_squares};
use crate::app::match_state::Match;
use crate::rules::{Color, Kind, PieceInfo, Position, Sq, Variant};
use bevy::prelude::*;
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HowItMoves>()
        .add_message::<ShowHowItMoves>()
        .add_systems(
            Update,
            open_or_close_help
                .after(InputSet::Devices)
                .before(InputSet::Logic),
        );
}

/// Open (or, with `None`, close) the help.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowHowItMoves(pub Option<HelpSubject>);

/// The piece to explain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpSubject {
    /// The piece.
    pub piece: PieceInfo,
    /// Where to put it (`None`: a square near the middle of the board).
    pub at: Option<Sq>,
}

/// The open help, if any.
#[derive(Resource, Default, Clone, Debug)]
pub struct HowItMoves(pub Option<OpenHelp>);

/// What the open help shows.
#[derive(Clone, Debug)]
pub struct OpenHelp {
    /// The piece.
    pub piece: PieceInfo,
    /// Its square on the lone board.
    pub at: Sq,
    /// Squares it reaches.
    pub reach: Vec<Sq>,
}

impl HowItMoves {
    /// Whether the help is showing.
    pub fn is_open(&self) -> bool {
        self.0.is_some()
    }
}

/// A position of `v` with only `piece` on `at`, that side to move.
pub fn lone_position(v: &Arc<Variant>, at: Sq, piece: PieceInfo) -> Option<Position> {
    let mut rows = Vec::new();
    for y in (0..v.height()).rev() {
        let mut row = String::new();
        let mut empty = 0;
        let flush = |row: &mut String, empty: &mut u32| {
            if *empty > 0 {
                row.push_str(&empty.to_string());
                *empty = 0;
            }
        };
        for x in 0..v.width() {
            let s = Sq::new(x, y);
            if !v.exists(s) {
                flush(&mut row, &mut empty);
                row.push('*');
            } else if s == at {
                flush(&mut row, &mut empty);
                let l = v.letter(piece.kind);
                row.push(if piece.color == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            } else {
                empty += 1;
            }
        }
        flush(&mut row, &mut empty);
        rows.push(row);
    }
    let side = if piece.color == Color::White {
        "w"
    } else {
        "b"
    };
    Position::from_vfen(v, &format!("{} {side} - - - 0 1", rows.join("/"))).ok()
}

/// An existing square near the middle of the board.
pub fn middle_square(v: &Variant) -> Sq {
    let c = Vec2::new(v.width() as f32 - 1.0, v.height() as f32 - 1.0) * 0.5;
    v.squares()
        .min_by(|a, b| {
            let da = Vec2::new(a.x as f32, a.y as f32).distance(c);
            let db = Vec2::new(b.x as f32, b.y as f32).distance(c);
            da.total_cmp(&db)
        })
        .unwrap_or(Sq::new(0, 0))
}

/// The squares `piece` reaches from `at` on an otherwise empty board.
pub fn reach_alone(v: &Arc<Variant>, at: Sq, piece: PieceInfo) -> Option<(Position, Vec<Sq>)> {
    let pos = lone_position(v, at, piece)?;
    let reach = pos.reachable_squares(at);
    Some((pos, reach))
}

fn open_or_close_help(
    mut commands: Commands,
    mut requests: MessageReader<ShowHowItMoves>,
    mut select: MessageReader<SelectInput>,
    game: Option<Res<Match>>,
    mut help: ResMut<HowItMoves>,
    mut highlights: ResMut<BoardHighlights>,
    mut selection: ResMut<Selection>,
) {
    let Some(game) = game else { return };
    let mut want: Option<Option<HelpSubject>> = requests.read().last().map(|r| r.0);
    if help.is_open() && select.read().any(|s| *s == SelectInput::Cancel) {
        want = Some(None);
    }
    let Some(want) = want else { return };
    let v = game.variant().clone();
    match want {
        Some(subject) => {
            let mut piece = subject.piece;
            if piece.kind == Kind::Serpent {
                // A serpent in hand is explained by its first form.
                piece.kind = Kind::Gryphon;
            }
            let at = subject.at.unwrap_or_else(|| middle_square(&v));
            let Some((pos, reach)) = reach_alone(&v, at, piece) else {
                warn!("no lone position for {:?} on {:?}", piece.kind, at);
                return;
            };
            *highlights = BoardHighlights {
                last_move: Vec::new(),
                check: None,
                selected: Some(at),
                targets: reach.iter().map(|s| (*s, Marker::Dot)).collect(),
            };
            selection.0.clear();
            help.0 = Some(OpenHelp { piece, at, reach });
            commands.insert_resource(BoardScene { position: pos });
        }
        None => {
            if help.0.take().is_some() {
                let pos = game.position();
                *highlights = BoardHighlights {
                    last_move: game
                        .game()
                        .moves()
                        .last()
                        .map(|m| touched_squares(pos, *m))
                        .unwrap_or_default(),
                    check: if pos.in_check() {
                        pos.royal_square(pos.side_to_move())
                    } else {
                        None
                    },
                    selected: None,
                    targets: Vec::new(),
                };
                commands.insert_resource(BoardScene {
                    position: pos.clone(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(kind: Kind) -> PieceInfo {
        PieceInfo {
            color: Color::White,
            kind,
            locked: false,
        }
    }

    #[test]
    fn a_lone_rook_reaches_its_rank_and_file() {
        let v = Variant::new("chess", &[]).unwrap();
        let d4 = v.parse_square("d4").unwrap();
        let (_, reach) = reach_alone(&v, d4, piece(Kind::Rook)).expect("lone rook");
        assert_eq!(reach.len(), 14);
    }

    #[test]
    fn every_piece_of_every_variant_can_be_explained() {
        for info in crate::rules::variants() {
            let v = Variant::new(info.id, &[]).unwrap();
            let at = middle_square(&v);
            for kind in v.piece_kinds() {
                let (_, reach) = reach_alone(&v, at, piece(kind))
                    .unwrap_or_else(|| panic!("{}: {:?}", info.id, kind));
                assert!(
                    !reach.is_empty() || kind == Kind::Warlord,
                    "{}: {:?} reaches nothing",
                    info.id,
                    kind
                );
            }
        }
    }
}
