//! Game end (docs/rules.md §0, §7) and [`Game`], a position with its history.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::RulesError;
use super::pieces::{Color, Kind, is_piece, kind_of};
use super::position::{Move, Position};
use super::variants::{NoMoves, Variant};

/// Why a game ended: the rules' reasons and those decided off the board
/// (resignation, agreement, a flag, a player gone). One type for the rules,
/// the match, game records ([`EndReason::word`] is the `Termination` tag) and
/// the LAN protocol, which encodes a reason as its variant index: keep the
/// order (a change needs a new protocol version).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// The side to move is in check with no legal move (and no crowning).
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position for the third time.
    Repetition,
    /// 100 plies without capture, pawn move or drop.
    HundredPly,
    /// Only kings left, nothing in hand.
    Insufficient,
    /// Ghostarelay: the side without a legal move wins.
    NoMoves,
    /// A player resigned.
    Resignation,
    /// The players agreed a draw.
    DrawAgreed,
    /// A player's clock ran out.
    TimeForfeit,
    /// A player left the game (a network seat stayed empty past its grace
    /// period and the opponent claimed the win, or a host shut down mid-game).
    Abandoned,
}

impl EndReason {
    /// Every reason, in the order of the enum (and of the wire).
    pub const ALL: [EndReason; 10] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::Repetition,
        EndReason::HundredPly,
        EndReason::Insufficient,
        EndReason::NoMoves,
        EndReason::Resignation,
        EndReason::DrawAgreed,
        EndReason::TimeForfeit,
        EndReason::Abandoned,
    ];

    /// The word used after the score and in a record's `Termination` tag
    /// (`checkmate`, `100-ply`, `agreement`, `time forfeit`, ...).
    pub fn word(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::HundredPly => "100-ply",
            EndReason::Insufficient => "insufficient",
            EndReason::NoMoves => "no-moves",
            EndReason::Resignation => "resignation",
            EndReason::DrawAgreed => "agreement",
            EndReason::TimeForfeit => "time forfeit",
            EndReason::Abandoned => "abandoned",
        }
    }

    /// The reason whose [`EndReason::word`] is `word` (exactly).
    pub fn from_word(word: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.word() == word)
    }

    /// Whether the rules decide it from the position (mate, stalemate,
    /// repetition, 100-ply, bare kings, no moves), so nobody can claim it
    /// for a position that does not show it; the others are decided off
    /// the board.
    pub fn by_rules(self) -> bool {
        !matches!(
            self,
            EndReason::Resignation
                | EndReason::DrawAgreed
                | EndReason::TimeForfeit
                | EndReason::Abandoned
        )
    }
}

/// The result of a finished game: the one result type of the rules, the
/// match, game records and the LAN protocol (serde: the winner, then the
/// reason).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Winner, or None for a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The score: who won, or a draw.
    pub fn score(&self) -> Score {
        Score::of(self.winner)
    }
    /// Score and reason, as `chimera fen` and records write them
    /// (`1-0 checkmate`, `0-1 time forfeit`).
    pub fn result_text(&self) -> String {
        format!("{} {}", self.score().text(), self.reason.word())
    }
}

/// The score of a finished game, as a record's `Result` tag writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

impl Score {
    /// A win for `c`.
    pub fn win(c: Color) -> Score {
        match c {
            Color::White => Score::WhiteWins,
            Color::Black => Score::BlackWins,
        }
    }
    /// The score of this winner (`None` = draw).
    pub fn of(winner: Option<Color>) -> Score {
        winner.map_or(Score::Draw, Score::win)
    }
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Score::WhiteWins => Some(Color::White),
            Score::BlackWins => Some(Color::Black),
            Score::Draw => None,
        }
    }
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn text(self) -> &'static str {
        match self {
            Score::WhiteWins => "1-0",
            Score::BlackWins => "0-1",
            Score::Draw => "1/2-1/2",
        }
    }
    /// The score whose [`Score::text`] is `t` (exactly).
    pub fn parse(t: &str) -> Option<Score> {
        [Score::WhiteWins, Score::BlackWins, Score::Draw]
            .into_iter()
            .find(|s| s.text() == t)
    }
}

impl Position {
    /// The game end that this position itself shows (mate, stalemate, no-moves,
    /// 100-ply, bare kings); repetition needs the history (see [`Game`]).
    pub fn terminal(&self) -> Option<Outcome> {
        let v = &*self.variant;
        let us = self.side_to_move();
        if self.legal_moves().is_empty() {
            let outcome = match v.no_moves {
                NoMoves::Chess if self.in_check() => Outcome {
                    winner: Some(us.opposite()),
                    reason: EndReason::Checkmate,
                },
                NoMoves::Chess => Outcome {
                    winner: None,
                    reason: EndReason::Stalemate,
                },
                NoMoves::Wins | NoMoves::Pass => Outcome {
                    winner: Some(us),
                    reason: EndReason::NoMoves,
                },
            };
            return Some(outcome);
        }
        if v.move_limit > 0 && self.halfmove_clock() >= v.move_limit as u32 {
            return Some(Outcome {
                winner: None,
                reason: EndReason::HundredPly,
            });
        }
        if v.bare_kings_draw && self.only_kings() {
            return Some(Outcome {
                winner: None,
                reason: EndReason::Insufficient,
            });
        }
        None
    }

    fn only_kings(&self) -> bool {
        let board_ok = self.variant.cells.iter().all(|&c| {
            let p = self.s.board[c as usize];
            !is_piece(p) || kind_of(p) == Kind::King.num()
        });
        board_ok && self.s.hand.iter().all(|h| h.iter().all(|&n| n == 0))
    }
}

/// A game: the start position, the moves played, and the current position.
#[derive(Clone)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    hashes: Vec<u64>,
}

impl Game {
    /// A game from the variant's start position.
    pub fn new(v: &Arc<Variant>) -> Game {
        Game::from_position(v.start_position())
    }

    /// A game from a VFEN.
    pub fn from_vfen(v: &Arc<Variant>, vfen: &str) -> Result<Game, RulesError> {
        Ok(Game::from_position(Position::from_vfen(v, vfen)?))
    }

    /// A game from the position `p`.
    pub fn from_position(p: Position) -> Game {
        let h = p.hash();
        Game {
            start: p.clone(),
            position: p,
            moves: Vec::new(),
            hashes: vec![h],
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }
    /// Moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        self.position.variant()
    }

    /// Plays a move after checking that it is legal and the game is not over.
    pub fn play(&mut self, m: Move) -> Result<(), RulesError> {
        self.not_over()?;
        if !self.position.legal_moves().contains(&m) {
            let p = &self.position;
            let reason = match (p.move_from(m), p.move_to(m)) {
                (Some(from), Some(to)) => p.why_not(from, to),
                _ => None,
            };
            return Err(RulesError::IllegalMove {
                lmn: p.lmn(m),
                reason,
            });
        }
        self.position.make_move(m);
        self.moves.push(m);
        self.hashes.push(self.position.hash());
        Ok(())
    }

    /// Parses and plays one LMN move.
    pub fn play_lmn(&mut self, text: &str) -> Result<Move, RulesError> {
        self.not_over()?;
        let m = self.position.parse_lmn(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Plays LMN moves in order; an error names the move and its number
    /// (from 1): `move 3 'e2e5' is not legal here`.
    pub fn play_lmn_list<S: AsRef<str>>(&mut self, moves: &[S]) -> Result<(), RulesError> {
        for (i, m) in moves.iter().enumerate() {
            let m = m.as_ref();
            self.play_lmn(m).map_err(|e| e.at_move(i + 1, m))?;
        }
        Ok(())
    }

    fn not_over(&self) -> Result<(), RulesError> {
        match self.outcome() {
            Some(o) => Err(RulesError::GameOver(o)),
            None => Ok(()),
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.position.unmake_move();
        self.hashes.pop();
        Some(m)
    }

    /// How many times the current position has occurred (this time included).
    pub fn repetitions(&self) -> usize {
        let h = self.position.hash();
        self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// The game end reached by the rules, if any.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.position.terminal() {
            // Mate, stalemate and no-moves outrank the draws below.
            if matches!(
                o.reason,
                EndReason::Checkmate | EndReason::Stalemate | EndReason::NoMoves
            ) {
                return Some(o);
            }
        }
        let limit = self.position.variant().repetition as usize;
        if limit > 0 && self.repetitions() >= limit {
            return Some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            });
        }
        self.position.terminal()
    }
}
