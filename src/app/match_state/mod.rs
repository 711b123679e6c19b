//! The authoritative match. One [`Match`] resource holds the game; every move,
//! from any source (mouse, gamepad, network, a loaded game), enters as a
//! [`MoveRequested`] message, is validated and applied here, and is announced
//! by messages that views animate. Nothing else mutates [`Match`].

mod announce;

use std::sync::Arc;

use crate::app::AppSystems;
use bevy::prelude::*;

pub use announce::{Announcement, announce};

use crate::rules::{
    Color, EndReason, Game, Kind, Move, Outcome, PieceInfo, Position, RulesError, Sq, Variant,
};

/// Registers the match resource's messages and the systems that apply them.
pub fn plugin(app: &mut App) {
    app.add_message::<MoveRequested>()
        .add_message::<MatchCommand>()
        .add_message::<MoveApplied>()
        .add_message::<PieceMoved>()
        .add_message::<PieceCaptured>()
        .add_message::<PieceDropped>()
        .add_message::<SerpentMutated>()
        .add_message::<KingCrowned>()
        .add_message::<GameEnded>()
        .add_message::<MoveRejected>()
        .add_message::<BoardResynced>()
        .add_systems(
            Update,
            (handle_commands, apply_move_requests)
                .chain()
                .in_set(AppSystems::ApplyMatch),
        );
}

/// The game being played: variant, position, history, redo list and result.
#[derive(Resource, Clone)]
pub struct Match {
    game: Game,
    redo: Vec<Move>,
    ended: Option<Outcome>,
    draw_offer: Option<Color>,
    /// Local games allow undo and redo; networked ones do not.
    pub local: bool,
}

impl Match {
    /// A new game of `variant` from its start position.
    pub fn new(variant: &Arc<Variant>) -> Match {
        Match::from_game(Game::new(variant))
    }

    /// A match continuing `game`.
    pub fn from_game(game: Game) -> Match {
        let ended = game.outcome();
        Match {
            game,
            redo: Vec::new(),
            ended,
            draw_offer: None,
            local: true,
        }
    }

    /// Builds variant `id` with `options`, then plays `moves` (LMN).
    pub fn setup(
        id: &str,
        options: &[(String, String)],
        moves: &[String],
    ) -> Result<Match, RulesError> {
        let v = Variant::new(id, options)?;
        let mut game = Game::new(&v);
        for (i, m) in moves.iter().enumerate() {
            game.play_lmn(m)
                .map_err(|e| RulesError::new(format!("move {} '{m}': {e}", i + 1)))?;
        }
        Ok(Match::from_game(game))
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
        self.local && !self.game.moves().is_empty()
    }
    /// Whether a taken-back move can be replayed.
    pub fn can_redo(&self) -> bool {
        self.local && !self.redo.is_empty()
    }

    /// Validates and plays one LMN move; returns the move and what it did.
    pub fn apply_lmn(&mut self, lmn: &str) -> Result<(Move, Vec<Announcement>), RulesError> {
        if let Some(o) = self.ended {
            return Err(RulesError::new(format!(
                "the game is over ({})",
                o.result_text()
            )));
        }
        let m = self.position().parse_lmn(lmn)?;
        let effects = announce(self.position(), m);
        self.game.play(m)?;
        self.redo.clear();
        self.draw_offer = None;
        self.ended = self.game.outcome();
        Ok((m, effects))
    }

    fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        if let Some(m) = self.game.undo() {
            self.redo.push(m);
        }
        self.ended = self.game.outcome();
        self.draw_offer = None;
        true
    }

    fn redo(&mut self) -> bool {
        let Some(m) = self.redo.pop().filter(|_| self.local) else {
            return false;
        };
        let redo = std::mem::take(&mut self.redo);
        let ok = self.game.play(m).is_ok();
        self.redo = redo;
        self.ended = self.game.outcome();
        ok
    }
}

/// Where a move request came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSource {
    /// Mouse, keyboard or gamepad at this machine.
    Local,
    /// The network peer.
    Remote,
    /// Replaying given moves (command line, saved game).
    Replay,
}

/// A request to play a move, in LMN.
#[derive(Message, Clone, Debug)]
pub struct MoveRequested {
    /// The move in LMN (`e2e4`, `J@e2-e5`, `e4~V`, `^d1`, `f1h1,i1g1`).
    pub lmn: String,
    /// Who asks.
    pub source: MoveSource,
}

impl MoveRequested {
    /// A local request.
    pub fn local(lmn: impl Into<String>) -> MoveRequested {
        MoveRequested {
            lmn: lmn.into(),
            source: MoveSource::Local,
        }
    }
}

/// Commands on the match other than moves.
#[derive(Message, Clone, Debug)]
pub enum MatchCommand {
    /// Start a new game of this variant with these options.
    NewGame {
        /// Variant id.
        variant: String,
        /// Options.
        options: Vec<(String, String)>,
    },
    /// Take back the last move (local games).
    Undo,
    /// Replay the last taken-back move.
    Redo,
    /// This side resigns.
    Resign(Color),
    /// This side offers a draw.
    OfferDraw(Color),
    /// This side accepts the pending offer of the other.
    AcceptDraw(Color),
    /// The pending offer is declined.
    DeclineDraw,
}

/// A move was applied to [`Match`] (for move lists and the network).
#[derive(Message, Clone, Debug)]
pub struct MoveApplied {
    /// The move in LMN.
    pub lmn: String,
    /// Readable notation.
    pub san: String,
    /// Who moved.
    pub mover: Color,
    /// Number of moves played after it.
    pub ply: usize,
    /// Where the request came from.
    pub source: MoveSource,
}

/// A piece moved (castling and King–Lady swaps send two).
#[derive(Message, Clone, Copy, Debug)]
pub struct PieceMoved {
    /// Origin.
    pub from: Sq,
    /// Destination.
    pub to: Sq,
    /// The piece after the move (promotion applied).
    pub piece: PieceInfo,
    /// Jumped: animate with an arc.
    pub leap: bool,
}

/// A piece was captured.
#[derive(Message, Clone, Copy, Debug)]
pub struct PieceCaptured {
    /// Its square.
    pub at: Sq,
    /// The piece.
    pub piece: PieceInfo,
}

/// A piece was dropped from hand.
#[derive(Message, Clone, Copy, Debug)]
pub struct PieceDropped {
    /// Drop square.
    pub at: Sq,
    /// Final square (after a ninja push).
    pub to: Sq,
    /// The piece.
    pub piece: PieceInfo,
}

/// A serpent changed form.
#[derive(Message, Clone, Copy, Debug)]
pub struct SerpentMutated {
    /// Its square.
    pub at: Sq,
    /// Old form.
    pub from: Kind,
    /// The piece now.
    pub piece: PieceInfo,
}

/// A prince was crowned.
#[derive(Message, Clone, Copy, Debug)]
pub struct KingCrowned {
    /// The old king's square (now a ninja pawn).
    pub king_at: Sq,
    /// The new king's square.
    pub prince_at: Sq,
}

/// The game ended.
#[derive(Message, Clone, Copy, Debug)]
pub struct GameEnded {
    /// Result and reason.
    pub outcome: Outcome,
}

/// A move request was refused.
#[derive(Message, Clone, Debug)]
pub struct MoveRejected {
    /// The request.
    pub lmn: String,
    /// Why, in one line.
    pub reason: String,
    /// Who asked.
    pub source: MoveSource,
}

/// The position changed other than by one announced move (undo, redo, new
/// game): views rebuild from [`Match`] without animation.
#[derive(Message, Clone, Copy, Debug)]
pub struct BoardResynced;

/// The writers of every applied-move message.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Announcer<'w> {
    applied: MessageWriter<'w, MoveApplied>,
    moved: MessageWriter<'w, PieceMoved>,
    captured: MessageWriter<'w, PieceCaptured>,
    dropped: MessageWriter<'w, PieceDropped>,
    mutated: MessageWriter<'w, SerpentMutated>,
    crowned: MessageWriter<'w, KingCrowned>,
    ended: MessageWriter<'w, GameEnded>,
}

impl Announcer<'_> {
    fn announce(&mut self, effects: Vec<Announcement>) {
        for e in effects {
            match e {
                Announcement::Moved {
                    from,
                    to,
                    piece,
                    leap,
                } => {
                    self.moved.write(PieceMoved {
                        from,
                        to,
                        piece,
                        leap,
                    });
                }
                Announcement::Captured { at, piece } => {
                    self.captured.write(PieceCaptured { at, piece });
                }
                Announcement::Dropped { at, to, piece } => {
                    self.dropped.write(PieceDropped { at, to, piece });
                }
                Announcement::Mutated { at, from, piece } => {
                    self.mutated.write(SerpentMutated { at, from, piece });
                }
                Announcement::Crowned { king_at, prince_at } => {
                    self.crowned.write(KingCrowned { king_at, prince_at });
                }
            }
        }
    }
}

/// Validates each request against [`Match`], applies it and announces it.
pub fn apply_move_requests(
    mut requests: MessageReader<MoveRequested>,
    mut game: Option<ResMut<Match>>,
    mut out: Announcer,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for req in requests.read() {
        let Some(game) = game.as_mut() else {
            rejected.write(MoveRejected {
                lmn: req.lmn.clone(),
                reason: "no game is being played".into(),
                source: req.source,
            });
            continue;
        };
        let mover = game.position().side_to_move();
        let san = game
            .position()
            .parse_lmn(&req.lmn)
            .map(|m| game.position().san(m))
            .unwrap_or_default();
        match game.apply_lmn(&req.lmn) {
            Ok((_, effects)) => {
                out.announce(effects);
                out.applied.write(MoveApplied {
                    lmn: req.lmn.clone(),
                    san,
                    mover,
                    ply: game.game().moves().len(),
                    source: req.source,
                });
                if let Some(outcome) = game.outcome() {
                    out.ended.write(GameEnded { outcome });
                }
            }
            Err(e) => {
                rejected.write(MoveRejected {
                    lmn: req.lmn.clone(),
                    reason: e.to_string(),
                    source: req.source,
                });
            }
        }
    }
}

/// Applies undo/redo, resignations, draw offers and new games.
pub fn handle_commands(
    mut commands: Commands,
    mut reader: MessageReader<MatchCommand>,
    mut game: Option<ResMut<Match>>,
    mut resynced: MessageWriter<BoardResynced>,
    mut ended: MessageWriter<GameEnded>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for cmd in reader.read() {
        if let MatchCommand::NewGame { variant, options } = cmd {
            match Variant::new(variant, options.as_slice()) {
                Ok(v) => {
                    commands.insert_resource(Match::new(&v));
                    resynced.write(BoardResynced);
                }
                Err(e) => {
                    rejected.write(MoveRejected {
                        lmn: String::new(),
                        reason: e.to_string(),
                        source: MoveSource::Local,
                    });
                }
            }
            continue;
        }
        let Some(m) = game.as_mut() else { continue };
        let end = |m: &mut Match, outcome: Outcome, ended: &mut MessageWriter<GameEnded>| {
            if m.ended.is_none() {
                m.ended = Some(outcome);
                m.draw_offer = None;
                ended.write(GameEnded { outcome });
            }
        };
        match cmd {
            MatchCommand::Undo => {
                if m.undo() {
                    resynced.write(BoardResynced);
                }
            }
            MatchCommand::Redo => {
                if m.redo() {
                    resynced.write(BoardResynced);
                }
            }
            MatchCommand::Resign(c) => {
                end(
                    m,
                    Outcome {
                        winner: Some(c.opposite()),
                        reason: EndReason::Resignation,
                    },
                    &mut ended,
                );
            }
            MatchCommand::OfferDraw(c) => {
                if m.ended.is_none() {
                    m.draw_offer = Some(*c);
                }
            }
            MatchCommand::AcceptDraw(c) => {
                if m.draw_offer == Some(c.opposite()) {
                    end(
                        m,
                        Outcome {
                            winner: None,
                            reason: EndReason::DrawAgreed,
                        },
                        &mut ended,
                    );
                }
            }
            MatchCommand::DeclineDraw => m.draw_offer = None,
            MatchCommand::NewGame { .. } => {}
        }
    }
}
