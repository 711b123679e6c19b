//! The selection logic every input device ends in (mouse clicks and drags,
//! gamepad and keyboard cursor): pick a piece or a hand piece, see its
//! destinations, pick one; when several legal moves share that destination,
//! a chooser or a second step (ninja landing square) decides. Pure: it knows
//! a position and its legal moves, and answers with the move to request.

use super::Marker;
use crate::match_state::hand_kind;
use chimera_rules::{Color, Kind, Move, MoveKind, Position, Sq};

/// Where a move starts: a board square or a side's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A piece on the board.
    Square(Sq),
    /// A kind in a side's hand (`Kind::Serpent` for the undropped serpent).
    Hand(Color, Kind),
}

/// One option of a chooser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What the button says.
    pub label: String,
    /// The piece it shows, if any (promotion piece, serpent form).
    pub kind: Option<Kind>,
    /// The move it plays.
    pub mv: Move,
}

/// A question to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chooser {
    /// The question.
    pub title: String,
    /// The answers.
    pub choices: Vec<Choice>,
}

/// Where the selection stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Stage {
    /// Nothing picked.
    #[default]
    Idle,
    /// A piece (or hand piece) is picked; its legal moves are known.
    Picked {
        /// What was picked.
        origin: Origin,
        /// Its legal moves.
        moves: Vec<Move>,
    },
    /// A ninja pawn was dropped on `drop`; now its landing square is picked.
    Landing {
        /// The hand piece.
        origin: Origin,
        /// The square dropped on.
        drop: Sq,
        /// The drops on `drop`, one per landing square.
        moves: Vec<Move>,
    },
    /// A chooser is open.
    Choosing {
        /// What was picked (to step back to).
        origin: Origin,
        /// The question.
        chooser: Chooser,
    },
}

/// What an input did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Nothing to do (or only the selection changed).
    Nothing,
    /// Play this move.
    Play(Move),
    /// The player tried something impossible; a short reason to show.
    Refused(String),
}

/// The selection state machine.
#[derive(Clone, Debug, Default)]
pub struct Selector {
    /// Current stage.
    pub stage: Stage,
}

/// The square a move "goes to" from the player's point of view.
pub fn destination(pos: &Position, m: Move) -> Option<Sq> {
    match m.kind() {
        MoveKind::Drop => pos.drop_square(m),
        MoveKind::Mutate | MoveKind::Pass => None,
        _ => pos.move_to(m),
    }
}

/// The origin a legal move starts from.
pub fn origin_of(pos: &Position, m: Move) -> Option<Origin> {
    match m.kind() {
        MoveKind::Drop => Some(Origin::Hand(
            pos.side_to_move(),
            hand_kind(pos.variant(), m.piece()?),
        )),
        MoveKind::Pass => None,
        _ => pos.move_from(m).map(Origin::Square),
    }
}

impl Selector {
    /// Back to nothing picked.
    pub fn clear(&mut self) {
        self.stage = Stage::Idle;
    }

    /// The picked origin, if any.
    pub fn origin(&self) -> Option<Origin> {
        match &self.stage {
            Stage::Idle => None,
            Stage::Picked { origin, .. }
            | Stage::Landing { origin, .. }
            | Stage::Choosing { origin, .. } => Some(*origin),
        }
    }

    /// Picks `origin` if it has legal moves; returns whether it did.
    pub fn pick(&mut self, pos: &Position, legal: &[Move], origin: Origin) -> bool {
        let moves: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| origin_of(pos, *m) == Some(origin))
            .collect();
        if moves.is_empty() {
            return false;
        }
        self.stage = Stage::Picked { origin, moves };
        true
    }

    /// The player points at a square (click, drop of a drag, confirm on the cursor).
    pub fn activate_square(&mut self, pos: &Position, legal: &[Move], sq: Sq) -> Reply {
        match std::mem::take(&mut self.stage) {
            Stage::Idle | Stage::Choosing { .. } => {
                if self.pick(pos, legal, Origin::Square(sq)) {
                    return Reply::Nothing;
                }
                why_stuck(pos, sq).map_or(Reply::Nothing, Reply::Refused)
            }
            Stage::Picked { origin, moves } => {
                let here: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| destination(pos, *m) == Some(sq))
                    .collect();
                if here.is_empty() {
                    if origin == Origin::Square(sq) {
                        // Same piece again: stays picked (click-click and drag both end here).
                        self.stage = Stage::Picked { origin, moves };
                        return Reply::Nothing;
                    }
                    if self.pick(pos, legal, Origin::Square(sq)) {
                        return Reply::Nothing;
                    }
                    return Reply::Refused(self.why_not(pos, origin, sq));
                }
                self.resolve(pos, origin, sq, here)
            }
            Stage::Landing {
                origin,
                drop,
                moves,
            } => {
                if let Some(m) = moves.iter().find(|m| pos.move_to(**m) == Some(sq)) {
                    return Reply::Play(*m);
                }
                self.stage = Stage::Landing {
                    origin,
                    drop,
                    moves,
                };
                Reply::Refused("pick one of the marked landing squares".into())
            }
        }
    }

    /// The player picks a hand piece.
    pub fn activate_hand(
        &mut self,
        pos: &Position,
        legal: &[Move],
        side: Color,
        kind: Kind,
    ) -> Reply {
        let origin = Origin::Hand(side, kind);
        if self.origin() == Some(origin) {
            return Reply::Nothing;
        }
        if self.pick(pos, legal, origin) {
            return Reply::Nothing;
        }
        self.clear();
        if side != pos.side_to_move() {
            Reply::Refused("not your hand".into())
        } else if pos.hand_count(side, kind) == 0 {
            Reply::Refused("none left in hand".into())
        } else {
            Reply::Refused("it cannot be dropped now".into())
        }
    }

    /// Opens the mutation chooser of a picked serpent; refuses otherwise.
    pub fn mutate(&mut self, pos: &Position) -> Reply {
        let Stage::Picked { origin, moves } = &self.stage else {
            return Reply::Refused("pick a serpent first".into());
        };
        let choices: Vec<Choice> = moves
            .iter()
            .filter(|m| m.kind() == MoveKind::Mutate)
            .map(|&m| choice_for(pos, m, false))
            .collect();
        if choices.is_empty() {
            let locked =
                matches!(origin, Origin::Square(s) if pos.piece_at(*s).is_some_and(|p| p.locked));
            return Reply::Refused(if locked {
                "a locked serpent must move before it can mutate".into()
            } else {
                "only a serpent can mutate".into()
            });
        }
        self.stage = Stage::Choosing {
            origin: *origin,
            chooser: Chooser {
                title: "Mutate into".into(),
                choices,
            },
        };
        Reply::Nothing
    }

    /// Whether the picked piece can mutate now.
    pub fn can_mutate(&self) -> bool {
        matches!(&self.stage, Stage::Picked { moves, .. } if moves.iter().any(|m| m.kind() == MoveKind::Mutate))
    }

    /// The player answers the open chooser.
    pub fn choose(&mut self, index: usize) -> Reply {
        let Stage::Choosing { chooser, .. } = &self.stage else {
            return Reply::Nothing;
        };
        match chooser.choices.get(index) {
            Some(c) => Reply::Play(c.mv),
            None => Reply::Nothing,
        }
    }

    /// One step back: chooser or landing → picked piece; picked → nothing.
    pub fn cancel(&mut self, pos: &Position, legal: &[Move]) {
        match std::mem::take(&mut self.stage) {
            Stage::Choosing { origin, .. } | Stage::Landing { origin, .. } => {
                self.pick(pos, legal, origin);
            }
            Stage::Picked { .. } | Stage::Idle => {}
        }
    }

    /// Destination markers to show now.
    pub fn markers(&self, pos: &Position) -> Vec<(Sq, Marker)> {
        let marker = |m: Move, sq: Sq| {
            if pos.is_capture(m) {
                (sq, Marker::Ring)
            } else {
                (sq, Marker::Dot)
            }
        };
        let mut out: Vec<(Sq, Marker)> = Vec::new();
        match &self.stage {
            Stage::Picked { moves, .. } => {
                for &m in moves {
                    if let Some(sq) = destination(pos, m) {
                        let mk = marker(m, sq);
                        match out.iter_mut().find(|(s, _)| *s == sq) {
                            Some(e) if mk.1 == Marker::Ring => e.1 = Marker::Ring,
                            Some(_) => {}
                            None => out.push(mk),
                        }
                    }
                }
            }
            Stage::Landing { moves, .. } => {
                for &m in moves {
                    if let Some(sq) = pos.move_to(m) {
                        out.push((sq, Marker::Dot));
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// What the player is asked to do now, in words, when the board alone
    /// does not say it: after a ninja pawn's drop, where it lands.
    pub fn hint(&self, pos: &Position) -> Option<String> {
        let Stage::Landing { drop, moves, .. } = &self.stage else {
            return None;
        };
        let v = pos.variant();
        let here = v.square_name(*drop);
        let stays = moves.iter().any(|m| pos.move_to(*m) == Some(*drop));
        let push = "or a marked square ahead to push it on in the same move";
        Some(if stays {
            format!("Dropped on {here}: pick {here} again to leave it there, {push} (cancel: back)")
        } else {
            format!("Dropped on {here}: pick a marked square ahead, where it lands (cancel: back)")
        })
    }

    /// The open chooser, if any.
    pub fn chooser(&self) -> Option<&Chooser> {
        match &self.stage {
            Stage::Choosing { chooser, .. } => Some(chooser),
            _ => None,
        }
    }

    fn resolve(&mut self, pos: &Position, origin: Origin, sq: Sq, here: Vec<Move>) -> Reply {
        if here.len() == 1 {
            return Reply::Play(here[0]);
        }
        // Several drops on one square that differ only by their landing: ninja push.
        let all_drops = here.iter().all(|m| m.kind() == MoveKind::Drop);
        let same_piece = here.windows(2).all(|w| w[0].piece() == w[1].piece());
        if all_drops && same_piece {
            self.stage = Stage::Landing {
                origin,
                drop: sq,
                moves: here,
            };
            return Reply::Nothing;
        }
        let has_plain = here
            .iter()
            .any(|m| m.kind() == MoveKind::Normal && m.piece().is_none());
        let has_promo = here
            .iter()
            .any(|m| m.kind() == MoveKind::Normal && m.piece().is_some());
        let title = if all_drops {
            "Drop as"
        } else if here.iter().any(|m| m.kind() == MoveKind::Castle) {
            "King step or castling?"
        } else {
            "Promote to"
        };
        let mut choices: Vec<Choice> = here
            .iter()
            .map(|&m| choice_for(pos, m, has_plain && has_promo))
            .collect();
        // Landing choices of pushed serpent-less drops are not merged here: a
        // drop chooser only lists forms. Keep one entry per distinct label.
        choices.dedup_by(|a, b| a.label == b.label);
        self.stage = Stage::Choosing {
            origin,
            chooser: Chooser {
                title: title.into(),
                choices,
            },
        };
        Reply::Nothing
    }

    fn why_not(&self, pos: &Position, origin: Origin, sq: Sq) -> String {
        let why = match origin {
            Origin::Square(from) => pos.why_not(from, sq),
            Origin::Hand(side, kind) => pos.why_not_drop(side, kind, sq),
        };
        why.map_or_else(|| "not possible now".into(), |w| w.to_string())
    }
}

/// Why the piece on `sq` cannot be picked up, for the player; `None` for an
/// empty square (nothing to say).
fn why_stuck(pos: &Position, sq: Sq) -> Option<String> {
    use chimera_rules::Illegal;
    let kind = pos.piece_at(sq)?.kind;
    Some(match pos.why_stuck(sq)? {
        Illegal::NoPiece => return None,
        why @ (Illegal::NotYourMove(_) | Illegal::Stuck(_) | Illegal::GameOver) => why.to_string(),
        why => format!("the {} cannot move: {why}", kind.name()),
    })
}

fn choice_for(pos: &Position, m: Move, stay_label: bool) -> Choice {
    let kind = m.piece();
    let label = match (m.kind(), kind) {
        (MoveKind::Castle, _) => match pos.castle_rook(m) {
            Some((rf, rt)) => format!(
                "Castle (rook {}→{})",
                pos.variant().square_name(rf),
                pos.variant().square_name(rt)
            ),
            None => "Castle".into(),
        },
        (MoveKind::Normal, None) if stay_label => "Stay a pawn".into(),
        (MoveKind::Normal, None) => "King step".into(),
        (MoveKind::Swap, _) => "Swap with the Lady".into(),
        (_, Some(k)) => k.name().into(),
        (_, None) => pos.san(m),
    };
    Choice { label, kind, mv: m }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_rules::{Game, Variant};

    fn game(id: &str, vfen: Option<&str>) -> Position {
        let v = Variant::new(id, &[]).expect("variant");
        match vfen {
            Some(f) => Game::from_vfen(&v, f).expect("vfen").position().clone(),
            None => v.start_position(),
        }
    }

    /// Holy Grail's start position and the position `vfen`, each with its
    /// legal moves.
    fn holy_grail_start_and(vfen: &str) -> ((Position, Vec<Move>), (Position, Vec<Move>)) {
        let with_legal = |p: Position| {
            let legal = p.legal_moves();
            (p, legal)
        };
        (
            with_legal(game("holygrail", None)),
            with_legal(game("holygrail", Some(vfen))),
        )
    }

    fn sq(p: &Position, name: &str) -> Sq {
        p.variant().parse_square(name).expect("square")
    }

    #[test]
    fn click_click_plays_a_pawn_move() {
        let p = game("chess", None);
        let legal = p.legal_moves();
        let mut s = Selector::default();
        assert_eq!(s.activate_square(&p, &legal, sq(&p, "e2")), Reply::Nothing);
        let marks = s.markers(&p);
        assert!(marks.contains(&(sq(&p, "e4"), Marker::Dot)));
        assert_eq!(marks.len(), 2);
        match s.activate_square(&p, &legal, sq(&p, "e4")) {
            Reply::Play(m) => assert_eq!(p.lmn(m), "e2e4"),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn a_piece_without_moves_says_why_it_cannot_be_picked() {
        let p = game("chess", None);
        let legal = p.legal_moves();
        let mut s = Selector::default();
        assert_eq!(
            s.activate_square(&p, &legal, sq(&p, "a1")),
            Reply::Refused("the Rook has no move from there".into())
        );
        assert_eq!(
            s.activate_square(&p, &legal, sq(&p, "e7")),
            Reply::Refused("it is White's move".into())
        );
        assert_eq!(s.activate_square(&p, &legal, sq(&p, "e4")), Reply::Nothing);
        assert_eq!(s.stage, Stage::Idle);
        // Pinned by the bishop on b4.
        let p = game("chess", Some("4k3/8/8/8/1b6/8/3N4/4K3 w - - - 0 1"));
        let legal = p.legal_moves();
        assert_eq!(
            s.activate_square(&p, &legal, sq(&p, "d2")),
            Reply::Refused("the Knight cannot move: that leaves your King in check".into())
        );
    }

    #[test]
    fn clicking_an_empty_unreachable_square_refuses_and_unpicks() {
        let p = game("chess", None);
        let legal = p.legal_moves();
        let mut s = Selector::default();
        s.activate_square(&p, &legal, sq(&p, "g1"));
        assert!(matches!(
            s.activate_square(&p, &legal, sq(&p, "g4")),
            Reply::Refused(_)
        ));
        assert_eq!(s.stage, Stage::Idle);
    }

    #[test]
    fn promotion_opens_a_chooser() {
        let p = game("chess", Some("4k3/P7/8/8/8/8/8/4K3 w - - - 0 1"));
        let legal = p.legal_moves();
        let mut s = Selector::default();
        s.activate_square(&p, &legal, sq(&p, "a7"));
        assert_eq!(s.activate_square(&p, &legal, sq(&p, "a8")), Reply::Nothing);
        let c = s.chooser().expect("chooser");
        assert_eq!(c.title, "Promote to");
        assert!(c.choices.iter().any(|c| c.kind == Some(Kind::Queen)));
        let q = c
            .choices
            .iter()
            .position(|c| c.kind == Some(Kind::Queen))
            .unwrap();
        match s.choose(q) {
            Reply::Play(m) => assert_eq!(p.lmn(m), "a7a8=Q"),
            r => panic!("{r:?}"),
        }
        // Cancel steps back to the picked pawn.
        s.cancel(&p, &legal);
        assert!(matches!(s.stage, Stage::Picked { .. }));
    }

    #[test]
    fn ninja_drop_asks_for_the_landing_square() {
        // Pawns fill rank 2 at the start: free them by taking a position with e2 empty.
        let ((p, legal), (p2, legal2)) = holy_grail_start_and(
            "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPP1PPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJISjjjjis 0 1",
        );
        let mut s = Selector::default();
        assert_eq!(
            s.activate_hand(&p, &legal, Color::White, Kind::NinjaPawn),
            Reply::Refused("it cannot be dropped now".into())
        );
        assert_eq!(
            s.activate_hand(&p2, &legal2, Color::White, Kind::NinjaPawn),
            Reply::Nothing
        );
        assert_eq!(
            s.activate_square(&p2, &legal2, sq(&p2, "e2")),
            Reply::Nothing
        );
        assert!(matches!(s.stage, Stage::Landing { .. }));
        let marks: Vec<Sq> = s.markers(&p2).into_iter().map(|(q, _)| q).collect();
        for name in ["e2", "e3", "e4", "e5"] {
            assert!(marks.contains(&sq(&p2, name)), "{name}");
        }
        match s.activate_square(&p2, &legal2, sq(&p2, "e4")) {
            Reply::Play(m) => assert_eq!(p2.lmn(m), "J@e2-e4"),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn serpent_drop_asks_for_its_form() {
        // e0 and f0 hold Templars at the start; free f0 by a position without it.
        let ((p, legal), (p2, legal2)) = holy_grail_start_and(
            "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****T1**** w BIbi - JJJJISjjjjis 0 1",
        );
        let mut s = Selector::default();
        assert!(matches!(
            s.activate_hand(&p, &legal, Color::White, Kind::Serpent),
            Reply::Refused(_)
        ));
        s.activate_hand(&p2, &legal2, Color::White, Kind::Serpent);
        assert_eq!(
            s.activate_square(&p2, &legal2, sq(&p2, "f0")),
            Reply::Nothing
        );
        let c = s.chooser().expect("form chooser");
        assert_eq!(c.choices.len(), 6);
        let cannon = c
            .choices
            .iter()
            .position(|c| c.kind == Some(Kind::Cannon))
            .unwrap();
        match s.choose(cannon) {
            Reply::Play(m) => assert_eq!(p2.lmn(m), "O@f0"),
            r => panic!("{r:?}"),
        }
    }
}
