//! The authoritative match. One [`Match`] resource holds the game; every
//! move enters as a typed [`MoveRequested`] — the move and the ply it was
//! chosen at — is checked here (the ply is the current one, the move is
//! legal), applied, and announced by messages that views animate. Nothing
//! else mutates [`Match`]: a whole game to play on instead (an opened saved
//! game, a LAN host's copy) arrives as an [`InstallMatch`] message. Move text (LMN) exists only at the edges:
//! [`Match::start`] and [`Match::request_lmn`] read it, [`MoveApplied`]
//! carries it for logs.

mod announce;
mod timing;

use std::sync::Arc;

use crate::AppSystems;
use bevy::ecs::message::MessageId;
use bevy::prelude::*;

pub use announce::{Announcement, announce};
pub use timing::{ClockHold, low_time};

use chimera_game::clock::{Clock, TimeControl};
use chimera_rules::{
    Color, EndReason, Game, Illegal, Kind, Move, MoveKind, Outcome, PieceInfo, Position,
    RulesError, Sq, Variant,
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
        .add_message::<CommandRejected>()
        .add_message::<BoardResynced>()
        .add_message::<InstallMatch>()
        .init_resource::<ClockHold>()
        .add_systems(
            Update,
            (
                install_matches,
                timing::run_clock,
                handle_commands,
                apply_move_requests,
            )
                .chain()
                .in_set(AppSystems::ApplyMatch),
        );
}

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
#[derive(Resource, Clone)]
pub struct Match {
    setup: GameSetup,
    game: Game,
    redo: Vec<Move>,
    aside: Vec<Aside>,
    ended: Option<Outcome>,
    draw_offer: Option<Color>,
    clock: timing::MatchClock,
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
        let clock = timing::MatchClock::new(
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

    /// The request for the LMN move `lmn` in the current position: how move
    /// text read at an edge becomes a typed request.
    pub fn request_lmn(&self, lmn: &str) -> Result<MoveRequested, RulesError> {
        Ok(MoveRequested {
            mv: self.position().parse_lmn(lmn)?,
            ply: self.ply(),
        })
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
            applied: MoveApplied {
                mv,
                lmn: before.lmn(mv),
                san: before.san(mv),
                mover: before.side_to_move(),
                ply: self.ply(),
            },
            announcements: announce(&before, mv),
        })
    }

    fn undo(&mut self) -> bool {
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
    fn truncate_to(&mut self, ply: usize) -> bool {
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

    fn redo(&mut self) -> bool {
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

/// What [`Match::play`] did: the applied move and its visible effects.
#[derive(Clone, Debug)]
pub struct Played {
    /// The move, as announced.
    pub applied: MoveApplied,
    /// What it did, square by square.
    pub announcements: Vec<Announcement>,
}

/// A request to play a move: the move, and the ply of the position it was
/// chosen in (the number of moves played then).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRequested {
    /// The move.
    pub mv: Move,
    /// The ply it was chosen at.
    pub ply: usize,
}

/// Commands on the match other than moves.
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

/// What one side may offer the other: a draw (in every game, see
/// [`Match::draw_offer`]), a takeback or a rematch (games under an
/// [`Authority`], which keeps those). The game's own type, which the LAN
/// protocol sends as it is.
pub use chimera_game::Offer;

/// Present while the match follows an authority elsewhere (a LAN host, see
/// `app::net`): then only the move requests and commands it vouches for
/// (by message id) change [`Match`]. The player's own requests leave
/// [`Match`] alone; the authority's plugin forwards them and, once they
/// are confirmed, writes them again as vouched requests.
///
/// It also says what the authority asks of this screen, for the menus and
/// the side panel (its plugin keeps it up to date).
#[derive(Resource, Default, Debug)]
pub struct Authority {
    moves: Vec<usize>,
    commands: Vec<usize>,
    /// The side this screen plays (`None`: watching, or not seated yet).
    pub seat: Option<Color>,
    /// Takeback and rematch offers pending with the authority, and who
    /// made each (a draw offer is the match's own, [`Match::draw_offer`]).
    pub offers: Vec<(Offer, Color)>,
    /// The opponent left and its grace period is over: this seat may claim
    /// the win ([`MatchCommand::ClaimWin`]).
    pub can_claim: bool,
}

impl Authority {
    /// Vouches for a move request the authority's plugin wrote.
    pub fn vouch_move(&mut self, id: MessageId<MoveRequested>) {
        self.moves.push(id.id);
    }
    /// Vouches for a command the authority's plugin wrote.
    pub fn vouch_command(&mut self, id: MessageId<MatchCommand>) {
        self.commands.push(id.id);
    }
}

/// A move was applied to [`Match`]: the move, its notations and its mover.
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

/// Removes `id` from `ids`; true if it was there (a vouched-for message
/// id admits once).
pub fn take_id(ids: &mut Vec<usize>, id: usize) -> bool {
    match ids.iter().position(|&v| v == id) {
        Some(i) => {
            ids.swap_remove(i);
            true
        }
        None => false,
    }
}

/// Checks each request against [`Match`], applies it and announces it.
pub fn apply_move_requests(
    mut requests: MessageReader<MoveRequested>,
    mut game: Option<ResMut<Match>>,
    mut out: Announcer,
    mut rejected: MessageWriter<MoveRejected>,
    mut authority: Option<ResMut<Authority>>,
) {
    for (req, id) in requests.read_with_id() {
        if let Some(a) = authority.as_mut()
            && !take_id(&mut a.moves, id.id)
        {
            continue;
        }
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
            Ok(Played {
                applied,
                announcements,
            }) => {
                out.announce(announcements);
                out.applied.write(applied);
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
        commands.insert_resource(Match::clone(m));
        resynced.write(BoardResynced);
    }
}

/// Applies undo/redo, resignations, draw offers and new games.
pub fn handle_commands(
    mut commands: Commands,
    mut reader: MessageReader<MatchCommand>,
    mut game: Option<ResMut<Match>>,
    mut resynced: MessageWriter<BoardResynced>,
    mut ended: MessageWriter<GameEnded>,
    mut rejected: MessageWriter<CommandRejected>,
    mut authority: Option<ResMut<Authority>>,
) {
    for (cmd, id) in reader.read_with_id() {
        if let Some(a) = authority.as_mut()
            && !take_id(&mut a.commands, id.id)
        {
            continue;
        }
        if let MatchCommand::NewGame(setup) = cmd {
            match Variant::new(&setup.variant, setup.options.as_slice()) {
                Ok(v) => {
                    commands.insert_resource(Match::with_setup(setup.clone(), Game::new(&v)));
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
            MatchCommand::TruncateTo(ply) => {
                if m.truncate_to(*ply) {
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
            MatchCommand::Accept(Offer::Draw, c) => {
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
            MatchCommand::Decline(Offer::Draw) => m.draw_offer = None,
            // An authority's alone (see `Authority`): nothing here.
            MatchCommand::Accept(Offer::Takeback | Offer::Rematch, _)
            | MatchCommand::Decline(Offer::Takeback | Offer::Rematch)
            | MatchCommand::ClaimWin => {}
            MatchCommand::Finish(outcome) => end(m, *outcome, &mut ended),
            MatchCommand::PauseClock(paused) => m.clock.set_paused(*paused),
            MatchCommand::NewGame(_) => {}
        }
    }
}
