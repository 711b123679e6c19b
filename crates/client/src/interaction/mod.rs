//! Shared interaction state, between the match and the features that read
//! the player: what is picked ([`Selection`], driven by the pure
//! [`Selector`]), what every device reports ([`SelectInput`], the
//! [`GameAction`]s, this frame's [`NavStep`]), what is in front
//! ([`ActivePanel`]), whether "how it moves" is open ([`HowItMoves`]) and
//! the short messages for the player ([`Toast`]), and which ply the board
//! shows ([`Replay`], stepped by [`ReplayStep`]), and the players' drawings
//! per ply ([`Drawings`], drawn by [`DrawWish`]). Input, help and menus
//! depend on it and never on each other; views read it.
//!
//! Its systems: the legal moves follow the match, and the selection answers
//! [`SelectInput`] with a `MoveIntent`.

mod actions;
pub mod drawings;
pub mod replay;
pub mod select;

use crate::match_state::CurrentMatch;
use crate::match_state::{Authority, Match, MoveIntent, Offer, Player};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_rules::{Color, Kind, Move, PieceInfo, Sq};

pub use actions::GameAction;
pub use drawings::{DrawWish, DrawingChanged, Drawings, PlyDrawings, SetDrawings};
pub use replay::{NewLineAsked, Replay, ReplayMoved, ReplayStep, TriedMove};
pub use select::{Origin, Reply, Selector};

/// Registers the shared state and the selection's systems.
pub fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<LegalMoves>()
        .init_resource::<ActivePanel>()
        .init_resource::<HowItMoves>()
        .init_resource::<NavStep>()
        .add_message::<SelectInput>()
        .add_message::<Toast>()
        .add_message::<ShowHowItMoves>()
        .add_plugins((replay::plugin, drawings::plugin))
        .add_systems(
            Update,
            refresh_legal_moves
                .after(replay::apply_steps)
                .in_set(AppSystems::FollowMatch),
        )
        .add_systems(Update, handle_select_input.in_set(AppSystems::Select));
}

/// What a player did on the board, whatever the device.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectInput {
    /// Pointed at a board square (click, end of a drag, confirm on the cursor).
    Square(Sq),
    /// Picked a hand piece.
    Hand(Color, Kind),
    /// Answered the open chooser.
    Choose(usize),
    /// Asked to mutate the picked serpent.
    Mutate,
    /// One step back.
    Cancel,
}

/// A short message for the player (illegal drop, refused request).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct Toast(pub String);

/// The selection state of the local player(s).
#[derive(Resource, Default, Debug)]
pub struct Selection(pub Selector);

/// Legal moves of the match's position, recomputed only when it changes.
#[derive(Resource, Default)]
pub struct LegalMoves {
    key: Option<(u64, usize)>,
    /// The moves.
    pub moves: Vec<Move>,
}

/// The keys 0–9, in digit order: they answer choosers and type numbers.
pub const DIGIT_KEYS: [KeyCode; 10] = [
    KeyCode::Digit0,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// A destination marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// Move to an empty square.
    Dot,
    /// Capture.
    Ring,
}

/// What has the keyboard's and gamepad's attention, front-most first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Panel {
    /// The main menu.
    #[default]
    MainMenu,
    /// The piece guide.
    Guide,
    /// The controls screen.
    Controls,
    /// The load screen: saved games.
    LoadGame,
    /// The in-game menu.
    GameMenu,
    /// The game-end dialog.
    EndDialog,
    /// "Start a new line from here?" (a move chosen at an earlier ply).
    NewLine,
    /// A chooser (promotion, serpent form, …).
    Chooser,
    /// "How it moves" on the board.
    Help,
    /// The board: cursor, selection and game actions.
    Board,
    /// The LAN join screen: games heard on the LAN, an address to type.
    Join,
    /// The lesson list ("Learn").
    Learn,
    /// "Well done": a lesson solved.
    LessonDone,
    /// The puzzle chooser: every variant's puzzles, or one variant's.
    Puzzles,
    /// Play online: a lobby's address, its public tables, a room code,
    /// a table to create.
    Online,
}

/// The panel in front this frame (settled by the menus each frame).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActivePanel(pub Panel);

/// This frame's single step of the directional action: (right, up) in
/// screen terms, each −1, 0 or 1; `None` when no step fires this frame.
/// Input writes it (repeating while held, never skipping); the board cursor
/// and the menus move by it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NavStep(pub Option<(i8, i8)>);

/// Open (or, with `None`, close) "how it moves".
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

/// The open help, if any (written by the help plugin alone).
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
    /// Squares it attacks (it would capture a piece of the other side there).
    pub attacks: Vec<Sq>,
}

impl HowItMoves {
    /// Whether the help is showing.
    pub fn is_open(&self) -> bool {
        self.0.is_some()
    }
}

fn refresh_legal_moves(
    game: Option<Res<CurrentMatch>>,
    replay: Res<Replay>,
    mut legal: ResMut<LegalMoves>,
    mut selection: ResMut<Selection>,
) {
    let Some(game) = game else {
        return;
    };
    // The moves of the position shown: at an earlier ply they start a new line.
    let pos = replay.position(&game);
    let key = Some((pos.hash(), replay.shown_ply(&game)));
    if legal.key == key {
        return;
    }
    legal.key = key;
    legal.moves = if replay.is_live() && game.outcome().is_some() {
        Vec::new()
    } else {
        pos.legal_moves()
    };
    selection.0.clear();
}

/// Whether the game goes on with a computer player to move (the board
/// then takes no move from the players at the screen).
pub fn computer_to_move(game: &Match) -> bool {
    game.outcome().is_none() && game.setup().player(game.position().side_to_move()) != Player::Human
}

/// The side whose player at the screen acts (resigns, offers a draw): the
/// side to move, unless a computer is to move against a person — then the
/// person's side.
pub fn acting_side(game: &Match) -> Color {
    let side = game.position().side_to_move();
    if computer_to_move(game) && game.setup().player(side.opposite()) == Player::Human {
        side.opposite()
    } else {
        side
    }
}

/// Whether this screen plays in the game and may ask for what players ask
/// (undo or a takeback, resignation, offers, a rematch): always alone, and
/// in a LAN game (an [`Authority`]) only when it holds a seat — a spectator
/// only watches.
pub fn plays_here(authority: Option<&Authority>) -> bool {
    authority.is_none_or(|a| a.seat.is_some())
}

/// Why the board takes no pick from the players at this screen now: the
/// computer is to move; in a LAN game, the screen watches or the other
/// seat is to move (the host would refuse the move: say so at the pick, as
/// a local game does). `None`: picks are taken.
pub fn board_refusal(game: &Match, authority: Option<&Authority>) -> Option<String> {
    if computer_to_move(game) {
        return Some("The computer is to move.".into());
    }
    let a = authority?;
    if game.outcome().is_some() {
        return None;
    }
    let to_move = game.position().side_to_move();
    match a.seat {
        None => Some("You are watching: spectators do not move.".into()),
        Some(me) if me != to_move => Some(format!(
            "it is {}'s move: you play {}",
            to_move.name(),
            me.name()
        )),
        Some(_) => None,
    }
}

/// The side whose resignation, offers and answers this screen gives: under
/// an [`Authority`] (a LAN game) the seat it plays, whoever is to move
/// (`None` when watching); else the [`acting_side`].
pub fn answering_side(game: &Match, authority: Option<&Authority>) -> Option<Color> {
    match authority {
        Some(a) => a.seat,
        None => Some(acting_side(game)),
    }
}

/// The offers waiting for this screen's answer ([`answering_side`]): the
/// other side's draw offer, then the authority's takeback and rematch
/// offers made by the other side.
pub fn offers_to_answer(game: &Match, authority: Option<&Authority>) -> Vec<Offer> {
    let Some(me) = answering_side(game, authority) else {
        return Vec::new();
    };
    let draw = game
        .draw_offer()
        .filter(|by| *by != me)
        .map(|_| Offer::Draw);
    let others = authority
        .into_iter()
        .flat_map(|a| &a.offers)
        .filter(|(_, by)| *by != me)
        .map(|(kind, _)| *kind);
    draw.into_iter().chain(others).collect()
}

/// The selection answers each [`SelectInput`]; a finished choice becomes a
/// move request, a refusal a [`Toast`]. While the help is open nothing is
/// picked. At an earlier ply a finished move asks for a new line instead,
/// or is a try while "learn from your mistakes" is on.
#[allow(clippy::too_many_arguments)]
fn handle_select_input(
    mut inputs: MessageReader<SelectInput>,
    game: Option<Res<CurrentMatch>>,
    legal: Res<LegalMoves>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveIntent>,
    mut toasts: MessageWriter<Toast>,
    help: Res<HowItMoves>,
    replay: Res<Replay>,
    (mut new_line, mut tried): (MessageWriter<NewLineAsked>, MessageWriter<TriedMove>),
    authority: Option<Res<Authority>>,
) {
    let Some(game) = game else {
        inputs.clear();
        return;
    };
    if help.is_open() {
        inputs.clear();
        if selection.0.origin().is_some() {
            selection.0.clear();
        }
        return;
    }
    let trying = replay.tries && !replay.is_live() && replay.line().is_none();
    let refusal = board_refusal(&game, authority.as_deref()).filter(|_| !trying);
    if let Some(why) = refusal {
        // The computer's turn, the other seat's, or a spectator: the board
        // refuses the picks here.
        if inputs.read().any(|i| !matches!(i, SelectInput::Cancel)) {
            toasts.write(Toast(why));
        }
        if selection.0.origin().is_some() {
            selection.0.clear();
        }
        return;
    }
    let pos = replay.position(&game);
    for input in inputs.read() {
        let sel = &mut selection.0;
        let reply = match *input {
            SelectInput::Square(sq) => sel.activate_square(pos, &legal.moves, sq),
            SelectInput::Hand(side, kind) => sel.activate_hand(pos, &legal.moves, side, kind),
            SelectInput::Choose(i) => sel.choose(i),
            SelectInput::Mutate => sel.mutate(pos),
            SelectInput::Cancel => {
                sel.cancel(pos, &legal.moves);
                Reply::Nothing
            }
        };
        match reply {
            Reply::Nothing => {}
            Reply::Play(m) => {
                let req = MoveIntent {
                    mv: m,
                    ply: replay.shown_ply(&game),
                };
                if replay.is_live() {
                    requests.write(req);
                } else if trying {
                    tried.write(TriedMove(req));
                } else if replay.line().is_some() {
                    toasts.write(Toast(
                        "the engine's line is shown: back to the game first (End)".into(),
                    ));
                } else if replay.no_new_lines {
                    toasts.write(Toast(
                        "an earlier position is shown: back to the game first (End)".into(),
                    ));
                } else {
                    new_line.write(NewLineAsked(req));
                }
                sel.clear();
            }
            Reply::Refused(why) => {
                toasts.write(Toast(why));
            }
        }
    }
}
