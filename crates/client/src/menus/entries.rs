//! What each panel offers: its [`Entry`]s in focus order, and what
//! "cancel" means on it.

use super::{Guide, Learn, MenuChoice};
use crate::interaction::{Panel, Selection, answering_side, offers_to_answer, plays_here};
use crate::match_state::{Authority, CurrentMatch, Match, Offer, Player};
use crate::saves::SavedGames;
use bevy::prelude::*;

/// One thing a menu offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// Main menu: the variant list, showing variant `i` (index into
    /// [`variants`]); left/right step through the variants.
    Variant(usize),
    /// Main menu: option `k` of the picked variant (adjust with left/right).
    Option(usize),
    /// Main menu: who plays this side (by `Color::index`): Human or
    /// Computer 1–8 (adjust with left/right).
    Seat(usize),
    /// Main menu: the computer's thinking time per move (adjust with left/right).
    ThinkTime,
    /// Main menu: the time control (left/right: presets; Select: type one).
    TimeControl,
    /// Main menu: the player's name (Select: type it).
    PlayerName,
    /// Main menu: the sound volume (left/right).
    Volume,
    /// Main menu: sound on or off.
    Mute,
    /// Main menu: the animation speed (left/right).
    AnimationSpeed,
    /// In-game menu: pause or resume the clock.
    PauseClock,
    /// Main menu: start a new game.
    Start,
    /// Main menu: back to the game in progress.
    Resume,
    /// Open the piece guide.
    Guide,
    /// Open the controls screen.
    Controls,
    /// Leave Chimera.
    Quit,
    /// Guide: show piece `i`.
    GuidePiece(usize),
    /// Close the guide or the controls screen.
    Back,
    /// In-game menu: close it.
    Continue,
    /// Take back a move.
    Undo,
    /// Replay a move.
    Redo,
    /// Flip the board.
    Flip,
    /// Switch 2D/3D.
    SwitchView,
    /// Show or hide the pieces' letters.
    ShowLetters,
    /// The answering side (see `interaction::answering_side`) resigns.
    Resign,
    /// The answering side offers a draw.
    OfferDraw,
    /// The answering side accepts the other's offer (a draw; in a LAN game
    /// also a takeback or a rematch).
    Accept(Offer),
    /// The answering side declines it.
    Decline(Offer),
    /// LAN game: claim the win, the opponent gone past its grace period.
    ClaimWin,
    /// LAN game: share this player's drawings with the others, or stop.
    ShareDrawings,
    /// Same variant and options again (in a LAN game: a rematch, colours
    /// swapped, once the opponent agrees).
    NewGame,
    /// To the main menu.
    MainMenu,
    /// End dialog: close it and look at the final position.
    LookAtBoard,
    /// Chooser: answer `i`.
    Choice(usize),
    /// Chooser: close it.
    CancelChooser,
    /// New-line dialog: truncate the game there and play the move.
    StartNewLine,
    /// New-line dialog: keep the game as it is.
    KeepLine,
    /// In-game menu: show the best move of a short search for the side to move.
    Hint,
    /// In-game menu: pause or resume the computer players.
    PauseComputer,
    /// In-game menu: show or hide the evaluation bar.
    EvalBar,
    /// In-game menu and end dialog: analyse the game with the engine (or
    /// stop the analysis under way).
    Analyse,
    /// In-game menu: start or leave "learn from your mistakes".
    LearnMistakes,
    /// In-game menu: the next marked move (learning: the next position to
    /// try).
    NextMistake,
    /// In-game menu, learning: the engine's answer.
    ShowAnswer,
    /// In-game menu: play the engine's best line `i` of the shown position
    /// on the board.
    PlayLine(usize),
    /// Main menu: continue the autosaved game.
    ContinueSaved,
    /// In-game menu: save the game into the games folder.
    SaveGame,
    /// Open the load screen.
    LoadGame,
    /// Load screen: open saved game `i` (index into `SavedGames::games`).
    SavedGame(usize),
    /// Main menu: the side the window plays in a game it hosts on the LAN
    /// (White, Black, random; left/right).
    HostSide,
    /// Main menu: the UDP port a game hosted on the LAN listens on
    /// (left/right step it; digits typed while focused).
    HostPort,
    /// Main menu: host the chosen game on the LAN.
    HostLan,
    /// Main menu: open the LAN join screen.
    JoinLan,
    /// Join screen: join game `i` of the list.
    JoinGame(usize),
    /// Join screen: the address field (type while it has the focus).
    JoinAddress,
    /// Join screen: watch only, on or off.
    JoinSpectate,
    /// Join screen: join the typed address.
    JoinConnect,
    /// Main menu: open the Play online screen.
    PlayOnline,
    /// Play online: the lobby's address (Select: type it).
    OnlineAddress,
    /// Play online: ask the lobby for its public tables again.
    OnlineList,
    /// Play online: take a seat at listed table `i`.
    OnlineTable(usize),
    /// Play online: watch listed table `i`.
    OnlineWatch(usize),
    /// Play online: the room code (Select: type it).
    OnlineCode,
    /// Play online: take a seat at the table of the typed code.
    OnlineJoinCode,
    /// Play online: watch the table of the typed code.
    OnlineWatchCode,
    /// Play online: the table to create is listed (public) or not.
    OnlinePublic,
    /// Play online: create the table (the menu's variant, options and
    /// clock; the side of [`Entry::HostSide`]).
    OnlineCreate,
    /// Open the lesson list ("Learn").
    Learn,
    /// Lesson list: the variant listed (left/right step it).
    LearnVariant(usize),
    /// Lesson list: play lesson `i` of the listed variant.
    Lesson(usize),
    /// A lesson: show a move to try.
    LessonHint,
    /// A lesson: start it again.
    LessonAgain,
    /// A lesson: on to the next one.
    LessonNext,
    /// A lesson: back to the list.
    LessonList,
    /// "Well done": close it and look at the board.
    LessonStay,
    /// Main menu: open the puzzle chooser.
    Puzzles,
    /// Puzzle chooser: puzzles of every variant (0) or of built-in variant
    /// `i - 1` (index into `variants`).
    PuzzleSet(usize),
    /// Puzzle: show the piece to move, then the move.
    PuzzleHint,
    /// Puzzle: play the rest of the solution on the board.
    PuzzleSolution,
    /// Puzzle: the next puzzle of the set.
    PuzzleNext,
}

/// What kind of thing an entry does (see `apply`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryGroup {
    /// Sets up the next game in the main menu (variant, options, seats,
    /// clock, name, sound) or starts or resumes it.
    Choice,
    /// Opens or closes a window: the guide, the controls, the saved games;
    /// saves or quits.
    Window,
    /// Hosts or joins a LAN game, or works the join screen or the Play
    /// online screen.
    Lan,
    /// Acts on the game in progress (the in-game menu and the end dialog).
    Game,
    /// Answers a dialog over the board: closes the end dialog, answers the
    /// chooser or the new-line question.
    Dialog,
    /// Lessons: the list and the lesson on the board (`learn` answers them).
    Lesson,
    /// Opens the puzzle chooser, picks a set, or works the puzzle on the
    /// board (hint, solution, next): the puzzle feature answers them.
    Puzzle,
}

impl Entry {
    /// Its [`EntryGroup`].
    pub fn group(self) -> EntryGroup {
        use Entry::*;
        match self {
            Variant(_) | Option(_) | Seat(_) | ThinkTime | TimeControl | PlayerName | Volume
            | Mute | AnimationSpeed | PauseClock | Start | Resume => EntryGroup::Choice,
            Guide | Controls | Quit | GuidePiece(_) | Back | ContinueSaved | SaveGame
            | LoadGame | SavedGame(_) => EntryGroup::Window,
            HostSide | HostPort | HostLan | JoinLan | JoinGame(_) | JoinAddress | JoinSpectate
            | JoinConnect | PlayOnline | OnlineAddress | OnlineList | OnlineTable(_)
            | OnlineWatch(_) | OnlineCode | OnlineJoinCode | OnlineWatchCode | OnlinePublic
            | OnlineCreate => EntryGroup::Lan,
            Continue | Undo | Redo | Flip | SwitchView | ShowLetters | Resign | OfferDraw
            | Accept(_) | Decline(_) | ClaimWin | ShareDrawings | NewGame | MainMenu | Hint
            | PauseComputer | EvalBar | Analyse | LearnMistakes | NextMistake | ShowAnswer
            | PlayLine(_) => EntryGroup::Game,
            LookAtBoard | Choice(_) | CancelChooser | StartNewLine | KeepLine => EntryGroup::Dialog,
            Learn | LearnVariant(_) | Lesson(_) | LessonHint | LessonAgain | LessonNext
            | LessonList | LessonStay => EntryGroup::Lesson,
            Puzzles | PuzzleSet(_) | PuzzleHint | PuzzleSolution | PuzzleNext => EntryGroup::Puzzle,
        }
    }
}

/// An entry was activated (click, Enter, South).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuActivated(pub Entry);

/// An adjustable entry was stepped (left/right on an option).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuAdjusted(pub Entry, pub i32);

/// What the entries of the panels depend on: the menu's choices, the
/// game, the board's selection, the guide, the saved games and the LAN
/// game's authority.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EntryContext<'w> {
    /// The main menu's choices.
    pub choice: Res<'w, MenuChoice>,
    /// The game, if any.
    pub game: Option<Res<'w, CurrentMatch>>,
    /// The board's selection (its chooser).
    pub selection: Res<'w, Selection>,
    /// The piece guide.
    pub guide: Res<'w, Guide>,
    /// The saved games.
    pub saved: Res<'w, SavedGames>,
    /// The LAN game's authority, if any.
    pub authority: Option<Res<'w, Authority>>,
    /// The entries of the features' panels.
    pub features: Res<'w, FeaturePanels>,
    /// The lessons.
    pub learn: Res<'w, Learn>,
}

/// The entries of panels that a feature above the menus owns (the LAN join
/// screen and Play online: `net` keeps them current; the puzzle chooser and the puzzle's
/// own entries of the in-game menu: `puzzles`; the review's entries of the
/// in-game menu and the end dialog: `review`). The menus move the focus
/// through them and report their activation ([`MenuActivated`]); the
/// feature answers it.
#[derive(Resource, Default, Clone, Debug)]
pub struct FeaturePanels {
    /// The LAN join screen's entries.
    pub join: Vec<Entry>,
    /// The Play online screen's entries.
    pub online: Vec<Entry>,
    /// The puzzle chooser's entries.
    pub puzzle_sets: Vec<Entry>,
    /// The puzzle on the board: its entries, first in the in-game menu.
    pub puzzle: Vec<Entry>,
    /// The review's entries of the in-game menu (after the evaluation bar)
    /// and of the end dialog (before the main menu).
    pub review: Vec<Entry>,
}

impl EntryContext<'_> {
    /// The [`entries`] of `panel` now.
    pub fn entries(&self, panel: Panel) -> Vec<Entry> {
        entries(
            panel,
            &EntrySources {
                choice: &self.choice,
                game: self.game.as_deref().map(|m| &m.0),
                selection: &self.selection,
                guide: &self.guide,
                saved: &self.saved,
                authority: self.authority.as_deref(),
                features: &self.features,
                learn: &self.learn,
            },
        )
    }
}

/// What the panels' entries are made of.
#[derive(Clone, Copy)]
pub struct EntrySources<'a> {
    /// The main menu's choices.
    pub choice: &'a MenuChoice,
    /// The game, if any.
    pub game: Option<&'a Match>,
    /// The board's selection (its chooser).
    pub selection: &'a Selection,
    /// The piece guide.
    pub guide: &'a Guide,
    /// The saved games.
    pub saved: &'a SavedGames,
    /// The LAN game's authority, if any (its offers to answer and win claim
    /// come first in the in-game menu).
    pub authority: Option<&'a Authority>,
    /// The entries of the features' panels.
    pub features: &'a FeaturePanels,
    /// The lessons.
    pub learn: &'a Learn,
}

/// The entries of a panel, in focus order.
pub fn entries(panel: Panel, from: &EntrySources) -> Vec<Entry> {
    use Entry::*;
    let EntrySources {
        choice,
        game,
        selection,
        guide,
        saved,
        authority,
        features,
        learn,
    } = *from;
    match panel {
        Panel::MainMenu => {
            let mut v = vec![Variant(choice.variant)];
            v.extend((0..choice.info().options.len()).map(Option));
            v.extend([Entry::TimeControl, Seat(0), Seat(1), ThinkTime]);
            v.extend([PlayerName, Volume, Mute, AnimationSpeed]);
            v.push(Start);
            if game.is_some() {
                v.push(Resume);
            }
            // A lesson's board keeps the last game in the autosave, to continue.
            if (game.is_none() || learn.run.is_some()) && saved.autosave.is_some() {
                v.push(ContinueSaved);
            }
            v.extend([
                Puzzles,
                LoadGame,
                HostLan,
                HostSide,
                HostPort,
                JoinLan,
                PlayOnline,
                Guide,
                Entry::Learn,
                Controls,
                Quit,
            ]);
            v
        }
        Panel::Guide => {
            let mut v: Vec<Entry> = (0..guide.kinds.len()).map(GuidePiece).collect();
            v.push(Back);
            v
        }
        Panel::Controls => vec![Back],
        Panel::LoadGame => {
            let mut v: Vec<Entry> = (0..saved.games.len()).map(SavedGame).collect();
            v.push(Back);
            v
        }
        Panel::GameMenu => {
            if learn.run.is_some() {
                // A lesson's board: the lesson's entries, no game's.
                return vec![
                    Continue,
                    LessonHint,
                    LessonAgain,
                    LessonNext,
                    LessonList,
                    Flip,
                    SwitchView,
                    ShowLetters,
                    Guide,
                    Controls,
                    MainMenu,
                    Quit,
                ];
            }
            let mut v = vec![Continue];
            v.extend(features.puzzle.iter().copied());
            // A spectator asks nothing of the host; a LAN game has no redo.
            let player = plays_here(authority);
            if let Some(g) = game {
                v.extend(answers(g, authority));
                if g.can_undo() && player {
                    v.push(Undo);
                }
                if g.can_redo() && authority.is_none() {
                    v.push(Redo);
                }
                v.extend([Flip, SwitchView, ShowLetters]);
                if authority.is_some() && player {
                    v.push(ShareDrawings);
                }
                if g.outcome().is_none() && g.setup().time.is_timed() {
                    v.push(PauseClock);
                }
                if g.outcome().is_none() {
                    // A puzzle has its own hint (first in the menu).
                    if g.setup().player(g.position().side_to_move()) == Player::Human
                        && features.puzzle.is_empty()
                    {
                        v.push(Hint);
                    }
                    if g.setup().players.iter().any(|p| *p != Player::Human) {
                        v.push(PauseComputer);
                    }
                    if answering_side(g, authority).is_some() {
                        if g.draw_offer().is_none() {
                            v.push(OfferDraw);
                        }
                        v.push(Resign);
                    }
                }
                v.push(EvalBar);
                v.extend(features.review.iter().copied());
                if player {
                    v.push(NewGame);
                }
                v.push(SaveGame);
            }
            v.extend([LoadGame, Guide, Entry::Learn, Controls, MainMenu, Quit]);
            v
        }
        Panel::Learn => {
            let mut v = vec![LearnVariant(learn.variant)];
            v.extend((0..learn.lessons.len()).map(Lesson));
            v.push(Back);
            v
        }
        Panel::LessonDone => vec![LessonNext, LessonAgain, LessonList, LessonStay],
        Panel::EndDialog => {
            let mut v = vec![LookAtBoard];
            let answers = game.map(|g| answers(g, authority)).unwrap_or_default();
            if !answers.contains(&Accept(Offer::Rematch)) && plays_here(authority) {
                v.push(NewGame);
            }
            v.extend(answers);
            v.extend(features.review.iter().copied().filter(|e| *e == Analyse));
            v.push(MainMenu);
            v
        }
        Panel::NewLine => vec![StartNewLine, KeepLine],
        Panel::Chooser => {
            let n = selection.0.chooser().map_or(0, |c| c.choices.len());
            let mut v: Vec<Entry> = (0..n).map(Choice).collect();
            v.push(CancelChooser);
            v
        }
        Panel::Join => features.join.clone(),
        Panel::Online => features.online.clone(),
        Panel::Puzzles => features.puzzle_sets.clone(),
        Panel::Help | Panel::Board => Vec::new(),
    }
}

/// The answers this screen owes: accept or decline each offer waiting for
/// it, and claiming the win when the opponent is gone for good.
fn answers(game: &Match, authority: Option<&Authority>) -> Vec<Entry> {
    let mut v: Vec<Entry> = offers_to_answer(game, authority)
        .into_iter()
        .flat_map(|o| [Entry::Accept(o), Entry::Decline(o)])
        .collect();
    if game.outcome().is_none() && authority.is_some_and(|a| a.can_claim) {
        v.push(Entry::ClaimWin);
    }
    v
}

/// What "cancel" means on a panel.
pub fn back_entry(panel: Panel, has_game: bool) -> Option<Entry> {
    match panel {
        Panel::MainMenu => has_game.then_some(Entry::Resume),
        Panel::Guide
        | Panel::Controls
        | Panel::LoadGame
        | Panel::Join
        | Panel::Online
        | Panel::Learn
        | Panel::Puzzles => Some(Entry::Back),
        Panel::LessonDone => Some(Entry::LessonStay),
        Panel::GameMenu => Some(Entry::Continue),
        Panel::EndDialog => Some(Entry::LookAtBoard),
        Panel::NewLine => Some(Entry::KeepLine),
        Panel::Chooser => Some(Entry::CancelChooser),
        Panel::Help | Panel::Board => None,
    }
}
