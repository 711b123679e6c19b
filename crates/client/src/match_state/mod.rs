//! The match in the window and the one way a move enters it.
//!
//! [`CurrentMatch`] holds the game ([`Match`], pure, from `chimera-game`).
//! Every source of a move — a click, the pad, the computer, the replay's new
//! line — sends a wish, [`MoveIntent`]; commands (undo, resign, offers, a new
//! game) are wishes too ([`MatchCommand`]). One authority decides: alone in
//! the window, [`decide_locally`] grants every wish at once; in a LAN game
//! ([`Authority`] present) the host decides and the LAN plugin writes what
//! it confirmed. Only decisions — [`ApplyMove`] and [`ApplyCommand`] — change
//! the match; each applied move is announced by messages that views animate.
//! A whole game to play on instead (an opened saved game, a LAN host's copy)
//! arrives as an [`InstallMatch`] message. Move text (LMN) exists only at the
//! edges: [`Match::start`] and [`CurrentMatch::request_lmn`] read it, [`MoveApplied`]
//! carries it for logs.

mod timing;

use crate::schedule::AppSystems;
use bevy::prelude::*;

pub use chimera_game::{
    Announcement, GameSetup, Match, MatchError, Offer, Played, Player, announce, hand_kind,
    low_time,
};
pub use timing::ClockHold;

use chimera_rules::{Color, Kind, Move, Outcome, PieceInfo, RulesError, Sq};

/// Registers the match resource's messages and the systems that decide and
/// apply them.
pub fn plugin(app: &mut App) {
    app.add_message::<MoveIntent>()
        .add_message::<MatchCommand>()
        .add_message::<ApplyMove>()
        .add_message::<ApplyCommand>()
        .add_message::<MoveApplied>()
        .add_message::<PieceMoved>()
        .add_message::<PieceCaptured>()
        .add_message::<PieceDropped>()
        .add_message::<SerpentMutated>()
        .add_message::<KingCrowned>()
        .add_message::<GameEnded>()
        .add_message::<MoveRejected>()
        .add_message::<CommandRejected>()
        .add_message::<BoardResynced>()
        .add_message::<InstallMatch>()
        .init_resource::<ClockHold>()
        .add_systems(
            Update,
            (
                install_matches,
                timing::run_clock,
                decide_locally,
                handle_commands,
                apply_moves,
            )
                .chain()
                .in_set(AppSystems::ApplyMatch),
        );
}

/// The game being played in this window: the one [`Match`].
#[derive(Resource, Clone, Deref, DerefMut)]
pub struct CurrentMatch(pub Match);

/// A wish to play a move: the move, and the ply of the position it was
/// chosen in (the number of moves played then). The authority decides.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveIntent {
    /// The move.
    pub mv: Move,
    /// The ply it was chosen at.
    pub ply: usize,
}

impl MoveIntent {
    /// The wish to play the LMN move `lmn` in `m`'s current position: how
    /// move text read at an edge becomes a typed wish.
    pub fn lmn(m: &Match, lmn: &str) -> Result<MoveIntent, RulesError> {
        Ok(MoveIntent {
            mv: m.parse_lmn(lmn)?,
            ply: m.ply(),
        })
    }
}

impl CurrentMatch {
    /// [`MoveIntent::lmn`] in the window's match.
    pub fn request_lmn(&self, lmn: &str) -> Result<MoveIntent, RulesError> {
        MoveIntent::lmn(self, lmn)
    }
}

/// The authority's decision: play this move (chosen at this ply). Only
/// [`apply_moves`] reads it; the match still checks it is legal and current.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApplyMove(pub MoveIntent);

/// The authority's decision: carry out this command.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ApplyCommand(pub MatchCommand);

/// Wishes about the match other than moves (the authority decides).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum MatchCommand {
    /// Start a new game set up so.
    NewGame(GameSetup),
    /// Take back the last move.
    Undo,
    /// Replay the last taken-back move.
    Redo,
    /// Take back every move after this ply, keeping them as the redo list
    /// (a new line starts there; playing a move sets them aside, and undoing
    /// that move brings them back).
    TruncateTo(usize),
    /// This side resigns.
    Resign(Color),
    /// This side offers a draw.
    OfferDraw(Color),
    /// This side accepts the other's pending offer of this kind (a draw
    /// ends the game; takebacks and rematches are an authority's, see
    /// [`Authority::offers`]: the match alone has none to accept).
    Accept(Offer, Color),
    /// The pending offer of this kind is declined.
    Decline(Offer),
    /// This side claims the win: its opponent left and the grace period is
    /// over ([`Authority::can_claim`]; the authority decides, a match alone
    /// has no absent opponent).
    ClaimWin,
    /// The game ends so, decided off the board (a LAN host's verdict:
    /// resignation, agreement, time forfeit, abandonment).
    Finish(Outcome),
    /// Pause (`true`) or resume (`false`) the clock of a timed game.
    PauseClock(bool),
}

/// Present while the match follows an authority elsewhere (a LAN host, see
/// `net`): then the host decides every wish and the LAN plugin writes what it
/// confirmed as [`ApplyMove`] and [`ApplyCommand`]; [`decide_locally`] stays
/// out of the way.
///
/// It also says what the authority asks of this screen, for the menus and
/// the side panel (its plugin keeps it up to date).
#[derive(Resource, Default, Debug)]
pub struct Authority {
    /// The side this screen plays (`None`: watching, or not seated yet).
    pub seat: Option<Color>,
    /// Takeback and rematch offers pending with the authority, and who
    /// made each (a draw offer is the match's own, [`Match::draw_offer`]).
    pub offers: Vec<(Offer, Color)>,
    /// The opponent left and its grace period is over: this seat may claim
    /// the win ([`MatchCommand::ClaimWin`]).
    pub can_claim: bool,
}

/// Present while the match is a lesson's board, not a game (see
/// `menus::learn`): it is not autosaved, and its end opens no game-end
/// dialog (a lesson judges its own end).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct LessonBoard;

/// A move was applied to the [`Match`]: the move, its notations and its mover.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveApplied {
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

/// A move request was refused; the match is unchanged.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct MoveRejected {
    /// The move asked for.
    pub mv: Move,
    /// The ply it was chosen at.
    pub ply: usize,
    /// Why.
    pub reason: MatchError,
}

/// A match command failed (a new game whose variant cannot be built).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct CommandRejected {
    /// The command.
    pub command: MatchCommand,
    /// Why.
    pub reason: MatchError,
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
    /// Announces a played move: its effects, then the move itself.
    pub(crate) fn played(&mut self, p: Played) {
        self.announce(p.announcements);
        self.applied.write(MoveApplied {
            mv: p.mv,
            lmn: p.lmn,
            san: p.san,
            mover: p.mover,
            ply: p.ply,
        });
    }

    /// Announces the end of the game.
    pub(crate) fn ended(&mut self, ended: GameEnded) {
        self.ended.write(ended);
    }

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

/// The local authority: with no [`Authority`] elsewhere, every wish is
/// granted at once (the match still refuses an illegal or stale move).
pub fn decide_locally(
    authority: Option<Res<Authority>>,
    mut intents: MessageReader<MoveIntent>,
    mut commands: MessageReader<MatchCommand>,
    mut moves: MessageWriter<ApplyMove>,
    mut applied: MessageWriter<ApplyCommand>,
) {
    if authority.is_some() {
        // The host decides; the LAN plugin reads the wishes.
        intents.clear();
        commands.clear();
        return;
    }
    moves.write_batch(intents.read().copied().map(ApplyMove));
    applied.write_batch(commands.read().cloned().map(ApplyCommand));
}

/// Applies each decided move to the match and announces it.
pub fn apply_moves(
    mut decided: MessageReader<ApplyMove>,
    mut game: Option<ResMut<CurrentMatch>>,
    mut out: Announcer,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for ApplyMove(req) in decided.read() {
        let was_over = game.as_ref().is_some_and(|g| g.outcome().is_some());
        let played = match game.as_mut() {
            Some(game) => game.play(req.mv, req.ply),
            None => Err(MatchError::NoGame),
        };
        if let (false, Err(MatchError::GameOver(outcome))) = (was_over, &played) {
            // The mover's flag fell before the move.
            out.ended.write(GameEnded { outcome: *outcome });
        }
        match played {
            Ok(played) => {
                out.played(played);
                if let Some(outcome) = game.as_ref().and_then(|g| g.outcome()) {
                    out.ended.write(GameEnded { outcome });
                }
            }
            Err(reason) => {
                rejected.write(MoveRejected {
                    mv: req.mv,
                    ply: req.ply,
                    reason,
                });
            }
        }
    }
}

/// A whole game to play on in place of the match: a saved game opened, the
/// host's copy of a LAN game (on joining, a rematch or a resync). The match
/// takes it as it is, without announcing moves.
#[derive(Message, Clone)]
pub struct InstallMatch(pub Box<Match>);

/// Installs each [`InstallMatch`]'s game as the match; views rebuild
/// ([`BoardResynced`]). It runs before the commands and moves of the frame,
/// which then apply to the installed game.
pub fn install_matches(
    mut commands: Commands,
    mut installs: MessageReader<InstallMatch>,
    mut resynced: MessageWriter<BoardResynced>,
) {
    for InstallMatch(m) in installs.read() {
        commands.insert_resource(CurrentMatch(Match::clone(m)));
        resynced.write(BoardResynced);
    }
}

/// Carries out each decided command: undo/redo, resignations, draw offers
/// and new games.
pub fn handle_commands(
    mut commands: Commands,
    mut decided: MessageReader<ApplyCommand>,
    mut game: Option<ResMut<CurrentMatch>>,
    mut resynced: MessageWriter<BoardResynced>,
    mut ended: MessageWriter<GameEnded>,
    mut rejected: MessageWriter<CommandRejected>,
) {
    for ApplyCommand(cmd) in decided.read() {
        if let MatchCommand::NewGame(setup) = cmd {
            match Match::new_game(setup.clone()) {
                Ok(m) => {
                    commands.insert_resource(CurrentMatch(m));
                    resynced.write(BoardResynced);
                }
                Err(e) => {
                    rejected.write(CommandRejected {
                        command: cmd.clone(),
                        reason: e.into(),
                    });
                }
            }
            continue;
        }
        let Some(m) = game.as_mut() else { continue };
        let (changed, outcome) = match cmd {
            MatchCommand::Undo => (m.undo(), None),
            MatchCommand::Redo => (m.redo(), None),
            MatchCommand::TruncateTo(ply) => (m.truncate_to(*ply), None),
            MatchCommand::Resign(c) => (false, m.resign(*c)),
            MatchCommand::OfferDraw(c) => {
                m.offer_draw(*c);
                (false, None)
            }
            MatchCommand::Accept(Offer::Draw, c) => (false, m.accept_draw(*c)),
            MatchCommand::Decline(Offer::Draw) => {
                m.decline_draw();
                (false, None)
            }
            // An authority's alone (see `Authority`): nothing here.
            MatchCommand::Accept(Offer::Takeback | Offer::Rematch, _)
            | MatchCommand::Decline(Offer::Takeback | Offer::Rematch)
            | MatchCommand::ClaimWin
            | MatchCommand::NewGame(_) => (false, None),
            MatchCommand::Finish(outcome) => (false, m.finish(*outcome)),
            MatchCommand::PauseClock(paused) => {
                m.set_clock_paused(*paused);
                (false, None)
            }
        };
        if changed {
            resynced.write(BoardResynced);
        }
        if let Some(outcome) = outcome {
            ended.write(GameEnded { outcome });
        }
    }
}
