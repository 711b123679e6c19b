//! [`Match`]: one game as it is played — its setup, position and moves, the
//! redo line, the draw offer, the outcome and the clock. Pure (no Bevy): the
//! window, the LAN host, the headless client and `chimera serve` hold it.
//! Moves enter typed ([`Match::play`], the move and the ply it was chosen at);
//! move text exists only at the edges ([`Match::start`], [`Match::parse_lmn`]).

use std::sync::Arc;

use chimera_rules::{
    Color, EndReason, Game, Illegal, Kind, Move, MoveKind, Outcome, Position, RulesError, Variant,
};

use crate::announce::{Announcement, announce};
use crate::clock::{Clock, TimeControl};
use crate::match_clock::MatchClock;

/// Why the match refused a request, or could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// No game is being played.
    #[error("no game is being played")]
    NoGame,
    /// The game has ended (by the rules, resignation or agreement).
    #[error("the game is over ({})", .0.result_text())]
    GameOver(Outcome),
    /// The move was chosen in another position than the current one.
    #[error("that move was chosen at ply {asked}, but the game is at ply {current}")]
    NotCurrent {
        /// The ply the move was chosen at.
        asked: usize,
        /// The game's ply.
        current: usize,
    },
    /// The move is not legal in the current position, and why.
    #[error("{0}")]
    Illegal(Illegal),
    /// The variant or its options cannot be built.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The authority the match follows (a LAN host) refused it, in its words.
    #[error("{0}")]
    Refused(String),
}

/// Who plays one side of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Player {
    /// A person at this screen.
    #[default]
    Human,
    /// The computer opponent at this level (1–8).
    Computer {
        /// Strength, 1 (beginner) to 8 (full search).
        level: u8,
    },
}

/// Everything that defines a new game: variant, options, time control and
/// who plays each side. A new game, a rematch and a saved game start from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    /// Variant id.
    pub variant: String,
    /// Variant options as name/value pairs.
    pub options: Vec<(String, String)>,
    /// The clock (`TimeControl::None`: no clock).
    pub time: TimeControl,
    /// Who plays White and Black, by [`Color::index`].
    pub players: [Player; 2],
    /// The players' names, by [`Color::index`]; empty when not given.
    pub names: [String; 2],
}

impl GameSetup {
    /// Two human players, no clock.
    pub fn new(variant: impl Into<String>, options: Vec<(String, String)>) -> GameSetup {
        GameSetup {
            variant: variant.into(),
            options,
            time: TimeControl::None,
            players: [Player::Human; 2],
            names: Default::default(),
        }
    }
    /// Who plays `side`.
    pub fn player(&self, side: Color) -> Player {
        self.players[side.index()]
    }
}

/// The game being played: its setup, position, history, redo list, result
/// and clock (see `timing` for how the clock follows the game).
#[derive(Clone)]
pub struct Match {
    pub(crate) setup: GameSetup,
    pub(crate) game: Game,
    redo: Vec<Move>,
    aside: Vec<Aside>,
    pub(crate) ended: Option<Outcome>,
    pub(crate) draw_offer: Option<Color>,
    pub(crate) clock: MatchClock,
}

/// A redo list a move replaced: undoing that move (`branch`, played after
/// `prefix`) brings the list back, so starting a new line loses nothing.
#[derive(Clone, Debug)]
struct Aside {
    prefix: Vec<Move>,
    branch: Move,
    line: Vec<Move>,
}

impl Match {
    /// A new game of `variant` from its start position.
    pub fn new(variant: &Arc<Variant>) -> Match {
        Match::from_game(Game::new(variant))
    }

    /// A match continuing `game`, between two humans without a clock.
    pub fn from_game(game: Game) -> Match {
        let v = game.variant();
        let setup = GameSetup::new(v.id(), v.options().to_vec());
        Match::with_setup(setup, game)
    }

    /// A match continuing `game`, set up as `setup` says (its variant and
    /// options must be `game`'s).
    pub fn with_setup(setup: GameSetup, game: Game) -> Match {
        let ended = game.outcome();
        let clock = MatchClock::new(
            Clock::new(setup.time, game.position().side_to_move()),
            game.moves().len(),
        );
        Match {
            setup,
            game,
            redo: Vec::new(),
            aside: Vec::new(),
            ended,
            draw_offer: None,
            clock,
        }
    }

    /// A new game set up as `setup`, from the variant's start position.
    pub fn new_game(setup: GameSetup) -> Result<Match, RulesError> {
        let v = Variant::new(&setup.variant, setup.options.as_slice())?;
        Ok(Match::with_setup(setup, Game::new(&v)))
    }

    /// This match ended as `outcome` (a resignation, agreement, flag fall or
    /// abandonment read from a record); an end the rules give stays.
    pub fn ended_as(mut self, outcome: Option<Outcome>) -> Match {
        self.ended = self.ended.or(outcome);
        self
    }

    /// Builds variant `id` with `options`, then plays `moves` (LMN).
    pub fn start(
        id: &str,
        options: &[(String, String)],
        moves: &[String],
    ) -> Result<Match, MatchError> {
        let v = Variant::new(id, options)?;
        let mut game = Game::new(&v);
        game.play_lmn_list(moves)?;
        Ok(Match::from_game(game))
    }

    /// How the game was set up: variant, options, clock, players.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }
    /// The game (position, moves).
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }
    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        self.game.variant()
    }
    /// The number of moves played: the ply a move chosen now is made at.
    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }
    /// The result, if the game is over (by the rules, resignation or agreement).
    pub fn outcome(&self) -> Option<Outcome> {
        self.ended
    }
    /// Side whose draw offer is pending.
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }
    /// Whether a move can be taken back.
    pub fn can_undo(&self) -> bool {
        !self.game.moves().is_empty()
    }
    /// Whether a taken-back move can be replayed.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The move `lmn` (LMN) in the current position: how move text read at
    /// an edge becomes a typed move.
    pub fn parse_lmn(&self, lmn: &str) -> Result<Move, RulesError> {
        self.position().parse_lmn(lmn)
    }

    /// Plays `mv`, chosen at ply `ply`: refused unless the game goes on, the
    /// ply is the current one and the move is legal. Returns what it did.
    ///
    /// The move presses the clock: it is charged to the mover at the time of
    /// the last [`Match::tick`]; a mover whose flag has fallen by then loses
    /// on time instead (the refusal is `GameOver` with `TimeForfeit`).
    pub fn play(&mut self, mv: Move, ply: usize) -> Result<Played, MatchError> {
        if let Some(o) = self.ended.or_else(|| self.flag_fall()) {
            return Err(MatchError::GameOver(o));
        }
        self.play_decided(mv, ply)
    }

    /// Plays `mv` as an authority decided it (a LAN client's copy takes its
    /// host's moves): the same checks as [`Match::play`] except the clock,
    /// which the authority judged; the clock is pressed all the same.
    pub fn play_decided(&mut self, mv: Move, ply: usize) -> Result<Played, MatchError> {
        if let Some(o) = self.ended {
            return Err(MatchError::GameOver(o));
        }
        let current = self.ply();
        if ply != current {
            return Err(MatchError::NotCurrent {
                asked: ply,
                current,
            });
        }
        let before = self.position().clone();
        let prefix = self.game.moves().to_vec();
        if self.game.play(mv).is_err() {
            return Err(MatchError::Illegal(illegal_reason(&before, mv)));
        }
        if !self.redo.is_empty() {
            // A new line: the old continuation waits until this move is undone.
            self.aside.push(Aside {
                prefix,
                branch: mv,
                line: std::mem::take(&mut self.redo),
            });
        }
        self.draw_offer = None;
        self.ended = self.game.outcome();
        self.clock.pressed(self.ended.is_some());
        Ok(Played {
            mv,
            lmn: before.lmn(mv),
            san: before.san(mv),
            mover: before.side_to_move(),
            ply: self.ply(),
            announcements: announce(&before, mv),
        })
    }

    /// Takes back the last move (kept as the redo list); false when there is none.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        if let Some(m) = self.game.undo() {
            self.redo.push(m);
            self.clock.undone();
            // Undoing the move that started a new line brings the line it
            // replaced back into the redo list.
            let moves = self.game.moves();
            if let Some(i) = self
                .aside
                .iter()
                .rposition(|a| a.branch == m && a.prefix == moves)
            {
                self.redo = self.aside.remove(i).line;
                // The line comes back without its clock snapshots.
                self.clock.forget_redo();
            }
        }
        self.ended = self.game.outcome();
        self.draw_offer = None;
        true
    }

    /// Takes back every move after ply `ply`, keeping them (in order) as the
    /// redo list; false when the game is not past `ply`.
    pub fn truncate_to(&mut self, ply: usize) -> bool {
        if self.ply() <= ply {
            return false;
        }
        while self.ply() > ply {
            match self.game.undo() {
                Some(m) => {
                    self.redo.push(m);
                    self.clock.undone();
                }
                None => break,
            }
        }
        self.ended = self.game.outcome();
        self.draw_offer = None;
        true
    }

    /// Takes moves back until `ply` are left, as a LAN takeback does: the
    /// moves are gone (no redo list) and both clocks keep the time they show
    /// (a takeback gives no time back); the clock times the side to move,
    /// stopped until the next tick. False when the game is not past `ply`.
    pub fn take_back(&mut self, ply: usize) -> bool {
        if self.ply() <= ply {
            return false;
        }
        let mut undone = 0;
        while self.ply() > ply && self.game.undo().is_some() {
            undone += 1;
        }
        self.redo.clear();
        self.aside.clear();
        self.ended = self.game.outcome();
        self.draw_offer = None;
        let to_move = self.position().side_to_move();
        self.clock.taken_back(undone, self.ply(), to_move);
        true
    }

    /// The same setup again from the same start position, with full clocks
    /// (a rematch; the caller swaps the players if it wants).
    pub fn restarted(&self) -> Match {
        Match::with_setup(
            self.setup.clone(),
            Game::from_position(self.game.start().clone()),
        )
    }

    /// The moves played, in LMN, each written in the position before it.
    pub fn lmns(&self) -> Vec<String> {
        let mut pos = self.game.start().clone();
        self.game
            .moves()
            .iter()
            .map(|&m| {
                let text = pos.lmn(m);
                pos.make_move(m);
                text
            })
            .collect()
    }

    /// Replays the last taken-back move; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop() else {
            return false;
        };
        let redo = std::mem::take(&mut self.redo);
        let ok = self.game.play(m).is_ok();
        self.redo = redo;
        self.ended = self.game.outcome();
        if ok {
            self.clock.redone(self.ended.is_some());
        }
        ok
    }

    /// Ends the game as `outcome` unless it is over already; the outcome
    /// when it ended now (a resignation, an agreed draw, a LAN host's verdict).
    pub fn finish(&mut self, outcome: Outcome) -> Option<Outcome> {
        if self.ended.is_some() {
            return None;
        }
        self.ended = Some(outcome);
        self.draw_offer = None;
        Some(outcome)
    }

    /// `side` resigns: the game ends, its opponent wins.
    pub fn resign(&mut self, side: Color) -> Option<Outcome> {
        self.finish(Outcome {
            winner: Some(side.opposite()),
            reason: EndReason::Resignation,
        })
    }

    /// `side` offers a draw (while the game goes on).
    pub fn offer_draw(&mut self, side: Color) {
        if self.ended.is_none() {
            self.draw_offer = Some(side);
        }
    }

    /// `side` accepts its opponent's pending draw offer: the game ends drawn.
    pub fn accept_draw(&mut self, side: Color) -> Option<Outcome> {
        if self.draw_offer != Some(side.opposite()) {
            return None;
        }
        self.finish(Outcome {
            winner: None,
            reason: EndReason::DrawAgreed,
        })
    }

    /// The pending draw offer is declined.
    pub fn decline_draw(&mut self) {
        self.draw_offer = None;
    }
}

/// Why `m` is not legal in `pos` (a move [`Game::play`] refused), for the player.
fn illegal_reason(pos: &Position, m: Move) -> Illegal {
    let v = pos.variant();
    let why = match m.kind() {
        MoveKind::Drop => match (m.piece(), pos.drop_square(m)) {
            (Some(k), Some(to)) if v.exists(to) => {
                pos.why_not_drop(pos.side_to_move(), hand_kind(v, k), to)
            }
            _ => None,
        },
        MoveKind::Pass | MoveKind::Mutate => None,
        _ => match (pos.move_from(m), pos.move_to(m)) {
            (Some(from), Some(to)) if v.exists(from) && v.exists(to) => pos.why_not(from, to),
            _ => None,
        },
    };
    why.unwrap_or_else(|| match pos.move_from(m).and_then(|s| pos.piece_at(s)) {
        Some(p) if p.color != pos.side_to_move() => Illegal::NotYourMove(pos.side_to_move()),
        Some(p) => Illegal::NotThatWay(p.kind),
        None if pos.legal_moves().is_empty() => Illegal::GameOver,
        None => Illegal::NoPiece,
    })
}

/// The kind in hand a dropped piece comes from: a serpent dropped in one of
/// its forms comes from the serpent.
pub fn hand_kind(v: &Variant, dropped: Kind) -> Kind {
    if dropped.is_serpent_form() && v.has_serpent() {
        Kind::Serpent
    } else {
        dropped
    }
}

/// What [`Match::play`] did: the applied move, its notations, its mover and
/// its visible effects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// The move in LMN.
    pub lmn: String,
    /// Readable notation.
    pub san: String,
    /// Who moved.
    pub mover: Color,
    /// Number of moves played after it.
    pub ply: usize,
    /// What it did, square by square.
    pub announcements: Vec<Announcement>,
}
