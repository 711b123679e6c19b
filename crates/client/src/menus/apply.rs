//! What activating an entry does: each kind of entry ([`EntryGroup`]) has
//! its function, over the resources and messages it may touch
//! ([`EntryEffects`]).

use super::entries::EntryGroup;
use super::{
    Entry, Guide, MenuActivated, MenuChoice, MenuFocus, NumberEditor, Overlays, THINK_TIMES_MS,
    TextEditor, open_guide, player, step_player,
};
use crate::interaction::{Panel, Replay, SelectInput, answering_side};
use crate::match_state::{Authority, CurrentMatch, Match, MatchCommand};
use crate::prefs::Prefs;
use crate::saves::SaveRequest;
use crate::scene::{BoardLayout, CurrentView, ShowLetters};
use crate::schedule::Screen;
use bevy::prelude::*;
use chimera_rules::{OptionKind, Variant, variants};

/// Everything activating an entry can touch.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EntryEffects<'w> {
    pub(super) screen: Res<'w, State<Screen>>,
    pub(super) next: ResMut<'w, NextState<Screen>>,
    pub(super) overlays: ResMut<'w, Overlays>,
    pub(super) choice: ResMut<'w, MenuChoice>,
    pub(super) guide: ResMut<'w, Guide>,
    pub(super) focus: ResMut<'w, MenuFocus>,
    pub(super) editor: ResMut<'w, NumberEditor>,
    pub(super) text: ResMut<'w, TextEditor>,
    pub(super) prefs: ResMut<'w, Prefs>,
    pub(super) layout: ResMut<'w, BoardLayout>,
    pub(super) mode: ResMut<'w, CurrentView>,
    pub(super) letters: ResMut<'w, ShowLetters>,
    pub(super) commands: MessageWriter<'w, MatchCommand>,
    pub(super) saves: MessageWriter<'w, SaveRequest>,
    pub(super) select: MessageWriter<'w, SelectInput>,
    pub(super) exit: MessageWriter<'w, AppExit>,
    pub(super) replay: ResMut<'w, Replay>,
}

/// Each activated entry does its group's thing; then a fresh panel starts
/// with its own focus (unless the entry stays where it is).
pub(super) fn apply_entries(
    mut activated: MessageReader<MenuActivated>,
    game: Option<Res<CurrentMatch>>,
    authority: Option<Res<Authority>>,
    mut fx: EntryEffects,
) {
    for &MenuActivated(entry) in activated.read() {
        let game = game.as_deref().map(|m| &m.0);
        match entry.group() {
            EntryGroup::Choice => choice_entry(entry, game, &mut fx),
            EntryGroup::Window => window_entry(entry, game, &mut fx),
            // The LAN feature answers its own entries (`net::join`), the
            // puzzle feature its own (`puzzles`).
            EntryGroup::Lan | EntryGroup::Puzzle => {}
            EntryGroup::Game => game_entry(entry, game, authority.as_deref(), &mut fx),
            EntryGroup::Dialog => dialog_entry(entry, &mut fx),
            // The lessons answer their own entries (`learn`).
            EntryGroup::Lesson => {}
        }
        if !keeps_focus(entry) {
            fx.focus.panel = None;
        }
    }
}

/// Whether activating `entry` leaves the focus where it is: entries that
/// step a value or pick from a list on the same panel.
fn keeps_focus(entry: Entry) -> bool {
    matches!(
        entry,
        Entry::Variant(_)
            | Entry::Option(_)
            | Entry::GuidePiece(_)
            | Entry::Seat(_)
            | Entry::ThinkTime
            | Entry::SavedGame(_)
            | Entry::JoinAddress
            | Entry::JoinSpectate
            | Entry::JoinGame(_)
            | Entry::JoinConnect
            | Entry::OnlineAddress
            | Entry::OnlineList
            | Entry::OnlineTable(_)
            | Entry::OnlineWatch(_)
            | Entry::OnlineCode
            | Entry::OnlineJoinCode
            | Entry::OnlineWatchCode
            | Entry::OnlinePublic
            | Entry::OnlineCreate
            | Entry::HostSide
            | Entry::HostPort
            | Entry::PlayerName
            | Entry::LearnVariant(_)
    ) || player::adjustable(entry)
}

/// The main menu's choices for the next game, and starting or resuming one.
fn choice_entry(entry: Entry, game: Option<&Match>, fx: &mut EntryEffects) {
    match entry {
        Entry::Variant(i) if fx.focus.panel == Some(Panel::MainMenu) => {
            // Picked from the list: on to its options (or Start).
            fx.choice.variant = i.min(variants().len() - 1);
            fx.focus.index = 1;
        }
        Entry::Variant(_) => {
            // A variant row elsewhere (Play online) steps, as a click on its value.
            fx.choice.variant = (fx.choice.variant + 1) % variants().len();
        }
        Entry::Option(k) => match fx.choice.info().options.get(k).map(|o| o.kind) {
            Some(OptionKind::Number { .. }) => fx.editor.open(k),
            _ => fx.choice.step_option(k, 1),
        },
        Entry::Seat(i) => {
            if let Some(p) = fx.choice.players.get_mut(i) {
                *p = step_player(*p, 1);
            }
        }
        Entry::ThinkTime => {
            fx.choice.think_time = (fx.choice.think_time + 1) % THINK_TIMES_MS.len();
        }
        Entry::TimeControl
        | Entry::PlayerName
        | Entry::Volume
        | Entry::Mute
        | Entry::AnimationSpeed
        | Entry::PauseClock => {
            player::activate(
                entry,
                &mut fx.choice,
                &mut fx.prefs,
                &mut fx.text,
                game,
                &mut fx.commands,
            );
            if entry == Entry::PauseClock {
                fx.overlays.game_menu = false;
            }
        }
        Entry::Start => {
            fx.commands.write(MatchCommand::NewGame(fx.choice.setup()));
            *fx.overlays = Overlays::default();
            fx.next.set(Screen::Game);
        }
        Entry::Resume if game.is_some() => {
            fx.overlays.guide = false;
            fx.overlays.controls = false;
            fx.next.set(Screen::Game);
        }
        _ => {}
    }
}

/// Windows opened and closed (the guide, the controls, the saved games),
/// saving and quitting.
fn window_entry(entry: Entry, game: Option<&Match>, fx: &mut EntryEffects) {
    match entry {
        Entry::Guide => {
            let variant = match (*fx.screen.get(), game) {
                (Screen::Game, Some(g)) => Some(g.variant().clone()),
                _ => Variant::new(fx.choice.info().id, &fx.choice.option_pairs()).ok(),
            };
            if let Some(v) = variant {
                open_guide(&mut fx.guide, &mut fx.overlays, v);
            }
        }
        Entry::Controls => fx.overlays.controls = true,
        Entry::Quit => {
            fx.exit.write(AppExit::Success);
        }
        Entry::GuidePiece(i) => fx.guide.piece = i,
        Entry::Back => {
            if fx.overlays.controls {
                fx.overlays.controls = false;
            } else if fx.overlays.guide {
                fx.overlays.guide = false;
            } else if fx.overlays.learn {
                fx.overlays.learn = false;
            } else if fx.overlays.load {
                fx.overlays.load = false;
            } else if fx.overlays.puzzles {
                fx.overlays.puzzles = false;
            } else if fx.overlays.online {
                fx.overlays.online = false;
            } else {
                fx.overlays.join = false;
            }
        }
        Entry::ContinueSaved => {
            fx.saves.write(SaveRequest::Continue);
        }
        Entry::SaveGame => {
            fx.saves.write(SaveRequest::Save);
            fx.overlays.game_menu = false;
        }
        Entry::LoadGame => {
            fx.saves.write(SaveRequest::List);
            fx.overlays.load = true;
        }
        Entry::SavedGame(i) => {
            fx.saves.write(SaveRequest::Open(i));
        }
        _ => {}
    }
}

/// The game in progress: the in-game menu's and the end dialog's entries.
/// Resigning, offering and accepting are the answering side's (none: the
/// entry only closes the menu).
fn game_entry(
    entry: Entry,
    game: Option<&Match>,
    authority: Option<&Authority>,
    fx: &mut EntryEffects,
) {
    match entry {
        // The computer and the review answer these (they lie above the menus).
        Entry::Hint | Entry::PauseComputer | Entry::EvalBar => {}
        Entry::Analyse => fx.overlays.end = None,
        Entry::Continue => {}
        Entry::Undo => {
            fx.commands.write(MatchCommand::Undo);
        }
        Entry::Redo => {
            fx.commands.write(MatchCommand::Redo);
        }
        Entry::Flip => fx.layout.flipped = !fx.layout.flipped,
        Entry::SwitchView => fx.mode.0 = fx.mode.0.toggled(),
        Entry::ShowLetters => fx.letters.0 = !fx.letters.0,
        Entry::Resign | Entry::OfferDraw | Entry::Accept(_) => {
            if let Some(side) = game.and_then(|g| answering_side(g, authority)) {
                fx.commands.write(match entry {
                    Entry::OfferDraw => MatchCommand::OfferDraw(side),
                    Entry::Accept(offer) => MatchCommand::Accept(offer, side),
                    _ => MatchCommand::Resign(side),
                });
            }
        }
        Entry::Decline(offer) => {
            fx.commands.write(MatchCommand::Decline(offer));
        }
        Entry::ClaimWin => {
            fx.commands.write(MatchCommand::ClaimWin);
        }
        Entry::NewGame => {
            if let Some(g) = game {
                fx.commands.write(MatchCommand::NewGame(g.setup().clone()));
            }
            *fx.overlays = Overlays::default();
        }
        Entry::MainMenu => {
            *fx.overlays = Overlays::default();
            fx.next.set(Screen::Menu);
        }
        _ => {}
    }
    // Whatever it did, the in-game menu closes.
    fx.overlays.game_menu = false;
}

/// The dialogs over the board: closing the end dialog, the chooser, the
/// new-line question.
fn dialog_entry(entry: Entry, fx: &mut EntryEffects) {
    match entry {
        Entry::LookAtBoard => fx.overlays.end = None,
        Entry::Choice(i) => {
            fx.select.write(SelectInput::Choose(i));
        }
        Entry::CancelChooser => {
            fx.select.write(SelectInput::Cancel);
        }
        Entry::StartNewLine => {
            // The match keeps the moves after that ply as its redo list
            // (undoing the new move brings them back); the move follows
            // once the match is there.
            if let Some(req) = fx.overlays.new_line.take() {
                fx.commands.write(MatchCommand::TruncateTo(req.ply));
                fx.replay.queue(req);
            }
        }
        Entry::KeepLine => fx.overlays.new_line = None,
        _ => {}
    }
}
