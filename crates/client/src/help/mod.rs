//! "How it moves": a piece alone on its board with every square it can reach
//! or attacks marked: a ring where it would capture a piece standing there,
//! a dot where it only moves. The squares come from the engine
//! (`Position::attacked_squares`, `Position::reachable_squares`) on a
//! position holding only that piece (`Position::lone`), so the help is
//! always right.
//! While it is open ([`HowItMoves`]) the board view shows that lone
//! position; closing it (H, Esc, the button) shows the game again.

use crate::interaction::{HelpSubject, HowItMoves, Marker, OpenHelp, SelectInput, ShowHowItMoves};
use crate::match_state::CurrentMatch;
use crate::scene::middle_square;
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::{Kind, PieceInfo, Position, Sq, Variant};
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, open_or_close_help.in_set(AppSystems::Respond));
}

/// A position of `v` with only `piece` on `at`, that side to move.
pub fn lone_position(v: &Arc<Variant>, at: Sq, piece: PieceInfo) -> Option<Position> {
    Position::lone(v, at, piece)
}

/// A piece alone on an otherwise empty board, as the help shows it.
pub struct Alone {
    /// The position: only that piece, its side to move.
    pub position: Position,
    /// Squares it can move to.
    pub reach: Vec<Sq>,
    /// Squares it attacks (it would capture a piece of the other side there).
    pub attacks: Vec<Sq>,
}

/// `piece` alone on `at`: where it moves and what it attacks.
pub fn reach_alone(v: &Arc<Variant>, at: Sq, piece: PieceInfo) -> Option<Alone> {
    let position = lone_position(v, at, piece)?;
    Some(Alone {
        reach: position.reachable_squares(at),
        attacks: position.attacked_squares(at),
        position,
    })
}

/// What the help's marks say, for the player: how many squares the piece
/// attacks (rings) and how many more it only moves to (dots).
pub fn legend(reach: &[Sq], attacks: &[Sq]) -> String {
    let quiet = reach.iter().filter(|s| !attacks.contains(s)).count();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let squares = |n: usize| format!("{n} square{}", plural(n));
    match (attacks.len(), quiet) {
        (0, 0) => "It has no move on an empty board.".into(),
        (a, 0) => format!(
            "Rings: the {} it attacks (it moves or captures there).",
            squares(a)
        ),
        (0, q) => format!(
            "Dots: the {} it moves to; it never captures there.",
            squares(q)
        ),
        (a, q) => format!(
            "Rings: the {} it attacks (it captures there). Dots: {q} more square{} it moves to without capturing.",
            squares(a),
            plural(q)
        ),
    }
}

/// The help's markers: a ring on every square the piece attacks, a dot on
/// every other square it can move to.
pub fn help_markers(reach: &[Sq], attacks: &[Sq]) -> Vec<(Sq, Marker)> {
    let mut out: Vec<(Sq, Marker)> = attacks.iter().map(|s| (*s, Marker::Ring)).collect();
    out.extend(
        reach
            .iter()
            .filter(|s| !attacks.contains(s))
            .map(|s| (*s, Marker::Dot)),
    );
    out
}

/// Opens the help on the asked piece or closes it; Cancel closes it too.
/// The board view shows what [`HowItMoves`] says.
fn open_or_close_help(
    mut requests: MessageReader<ShowHowItMoves>,
    mut select: MessageReader<SelectInput>,
    game: Option<Res<CurrentMatch>>,
    mut help: ResMut<HowItMoves>,
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
            let Some(Alone { reach, attacks, .. }) = reach_alone(&v, at, piece) else {
                warn!("no lone position for {:?} on {:?}", piece.kind, at);
                return;
            };
            help.0 = Some(OpenHelp {
                piece,
                at,
                reach,
                attacks,
            });
        }
        None => {
            if help.is_open() {
                help.0 = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_rules::Color;

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
        let alone = reach_alone(&v, d4, piece(Kind::Rook)).expect("lone rook");
        assert_eq!(alone.reach.len(), 14);
    }

    fn marks(id: &str, kind: Kind, at: &str) -> (Vec<String>, Vec<String>) {
        let v = Variant::new(id, &[]).unwrap();
        let s = v.parse_square(at).unwrap();
        let alone = reach_alone(&v, s, piece(kind)).expect("lone piece");
        let (reach, attacks) = (alone.reach, alone.attacks);
        let mut rings = Vec::new();
        let mut dots = Vec::new();
        for (sq, m) in help_markers(&reach, &attacks) {
            let list = if m == Marker::Ring {
                &mut rings
            } else {
                &mut dots
            };
            list.push(v.square_name(sq));
        }
        rings.sort();
        dots.sort();
        (rings, dots)
    }

    fn names(list: &str) -> Vec<String> {
        let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
        v.sort();
        v
    }

    #[test]
    fn the_legend_counts_rings_and_dots() {
        let v = Variant::new("chess", &[]).expect("chess");
        let sq = |n: &str| v.parse_square(n).expect("square");
        let (e3, e4, d3, f3) = (sq("e3"), sq("e4"), sq("d3"), sq("f3"));
        // A pawn on e2 alone: moves to e3/e4, attacks d3/f3 (not reached when empty).
        assert_eq!(
            legend(&[e3, e4], &[d3, f3]),
            "Rings: the 2 squares it attacks (it captures there). Dots: 2 more squares it moves to without capturing."
        );
        assert_eq!(
            legend(&[d3, f3], &[d3, f3]),
            "Rings: the 2 squares it attacks (it moves or captures there)."
        );
        assert_eq!(
            legend(&[e3], &[]),
            "Dots: the 1 square it moves to; it never captures there."
        );
        assert_eq!(legend(&[], &[]), "It has no move on an empty board.");
    }

    #[test]
    fn help_rings_what_a_piece_attacks_and_dots_where_it_only_moves() {
        // A knight moves and captures alike: rings only.
        let (rings, dots) = marks("chess", Kind::Knight, "d4");
        assert_eq!(rings, names("b3 b5 c2 c6 e2 e6 f3 f5"));
        assert!(dots.is_empty());
        // A pawn moves straight (dots) and captures diagonally (rings).
        let (rings, dots) = marks("chess", Kind::Pawn, "e2");
        assert_eq!((rings, dots), (names("d3 f3"), names("e3 e4")));
        // A lone Super Cannon has no screen: it only moves (docs/rules.md §4).
        let (rings, dots) = marks("holygrail", Kind::Cannon, "e4");
        assert!(rings.is_empty());
        assert_eq!(dots.len(), 20);
        // A Ghost moves anywhere and never captures; a Warlord only captures.
        let (rings, dots) = marks("ghostarelay", Kind::Ghost, "e5");
        assert!(rings.is_empty() && dots.len() == 99);
        let (rings, dots) = marks("ghostarelay", Kind::Warlord, "e5");
        assert!(rings.len() == 99 && dots.is_empty());
        // A Flying Bomber flies over a piece met on its lines: rings up to the
        // square before the edge, the edge squares (nothing beyond) dots.
        let (rings, dots) = marks("holygrail", Kind::Bomber, "e4");
        assert!(rings.contains(&"e10".to_string()) && !rings.contains(&"a4".to_string()));
        assert_eq!(dots, names("a4 e0 e11 j4"));
    }

    #[test]
    fn every_piece_of_every_variant_can_be_explained() {
        for info in chimera_rules::variants::builtin() {
            let v = Variant::new(info.id, &[]).unwrap();
            let at = middle_square(&v);
            for kind in v.piece_kinds() {
                let reach = reach_alone(&v, at, piece(kind))
                    .unwrap_or_else(|| panic!("{}: {:?}", info.id, kind))
                    .reach;
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
