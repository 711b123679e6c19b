//! The player's settings in the client: `settings.cfg` (see
//! [`crate::config`]) is read once at start into the resources it
//! describes — the view ([`CurrentView`]), the board flip ([`BoardLayout`]),
//! animation speed, volume and mute ([`Prefs`]), the main menu's variant,
//! options, time control and player name ([`MenuChoice`]), the lobby of
//! Play online ([`OnlineScreen`]) — and written again whenever one of them
//! changes. A malformed file is not used: the
//! defaults apply, the main menu shows [`AppSettings::error`], and the file
//! is left alone until a setting changes.
//!
//! A game named on the command line takes its view and flip from the
//! command line ([`RunOverrides`]); they hold for that run and are not saved
//! as the player's preference unless the player changes them. The file's
//! view and flip apply when the game starts at the menu. Screenshot and
//! frame-time runs use the defaults and save nothing.
//!
//! A LAN game turns the board to the seat it plays (Black at the bottom for
//! Black): that orientation is the game's, not a preference. While a LAN
//! game runs (an `Authority` is present) the saved `flip-board` stays as it
//! was, and when it ends the board is seen as the settings say again.

use crate::config::{LoadedSettings, Settings};
use crate::match_state::Authority;
use crate::menus::MenuChoice;
use crate::net::OnlineScreen;
use crate::prefs::Prefs;
use crate::saves::Unsaved;
use crate::scene::{BoardLayout, CurrentView, ShowLetters};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_game::clock::TimeControl;
use std::path::{Path, PathBuf};

/// Registers the saving of changed settings (loading is [`install`]).
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (restore_flip, save_changes)
            .chain()
            .in_set(AppSystems::Present),
    );
}

/// The view and flip the command line set for this run only (a game named on
/// it is seen as it says): saving keeps the file's values while they are
/// the command line's, and forgets the override once the player changes them.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunOverrides {
    /// The board flip the command line set.
    pub flip: Option<bool>,
    /// The view the command line set.
    pub view: Option<crate::config::View>,
}

/// The command line's `view` and board `flip` for this run: applied now, and
/// kept out of `settings.cfg` until the player changes them ([`RunOverrides`]).
pub fn command_line_view(world: &mut World, view: Option<crate::config::View>, flip: Option<bool>) {
    if let Some(v) = view {
        world.insert_resource(CurrentView(v));
    }
    if let Some(f) = flip {
        world.resource_mut::<BoardLayout>().flipped = f;
    }
    world.insert_resource(RunOverrides { flip, view });
}

/// The settings in use, where they are saved, and why the file was not used.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct AppSettings {
    /// The settings as last read or written.
    pub settings: Settings,
    /// The config directory they are saved in; `None`: never saved.
    pub dir: Option<PathBuf>,
    /// Why the file was not used (shown on the main menu).
    pub error: Option<String>,
    /// The players' variant files that were skipped, one line each
    /// (`variants/foo.toml: line 3: key: problem`; shown on the main menu).
    pub variant_problems: Vec<String>,
}

impl AppSettings {
    /// The settings of `dir/settings.cfg` (the defaults and the reason when
    /// it is malformed), saved there when they change.
    pub fn load(dir: &Path) -> AppSettings {
        let LoadedSettings {
            settings, error, ..
        } = Settings::load(dir);
        AppSettings {
            settings,
            dir: Some(dir.to_path_buf()),
            error,
            variant_problems: Vec::new(),
        }
    }

    /// The settings of the player's config directory (defaults, never saved,
    /// when there is none), read after registering the players' variant
    /// files there (so the file may name one of them).
    pub fn from_config_dir() -> AppSettings {
        let variant_problems = chimera_store::variant_files::load_problems();
        let settings = chimera_store::paths::config_dir()
            .map_or_else(AppSettings::default, |d| AppSettings::load(&d));
        AppSettings {
            variant_problems,
            ..settings
        }
    }
}

/// Puts `loaded` into the app's resources (the client's plugins must be
/// added): view, flip, preferences and the main menu's choices. From then
/// on, every change is saved.
pub fn install(app: &mut App, loaded: AppSettings) {
    let world = app.world_mut();
    let s = &loaded.settings;
    world.insert_resource(CurrentView(s.view));
    world.resource_mut::<BoardLayout>().flipped = s.flip_board;
    world.insert_resource(ShowLetters(s.show_letters));
    *world.resource_mut::<Prefs>() = Prefs {
        animation: s.animation_speed,
        volume: s.volume.min(100),
        mute: s.mute,
    };
    apply_menu_choice(&mut world.resource_mut::<MenuChoice>(), s);
    world
        .resource_mut::<OnlineScreen>()
        .address
        .clone_from(&s.lobby_address);
    world.insert_resource(loaded);
}

/// The file's variant, options, time control and name in the menu's choice
/// (an option the variant does not have is ignored: `Settings::parse` has
/// checked them already).
fn apply_menu_choice(choice: &mut MenuChoice, s: &Settings) {
    if let Some(i) = chimera_rules::variants()
        .iter()
        .position(|v| v.id == s.variant)
    {
        choice.variant = i;
        for (name, value) in &s.variant_options {
            if let Some(k) = choice.info().options.iter().position(|o| o.name == name) {
                choice.values_mut()[k].clone_from(value);
            }
        }
    }
    choice.time = s.time_control.parse().unwrap_or(TimeControl::None);
    choice.player_name.clone_from(&s.player_name);
}

/// The settings the resources show now.
pub fn current(
    (mode, letters): (CurrentView, ShowLetters),
    layout: &BoardLayout,
    prefs: &Prefs,
    (choice, online): (&MenuChoice, &OnlineScreen),
) -> Settings {
    let info = choice.info();
    let variant_options = info
        .options
        .iter()
        .zip(choice.values())
        .filter(|(o, v)| o.default != v.as_str())
        .map(|(o, v)| (o.name.to_string(), v))
        .collect();
    Settings {
        view: mode.0,
        flip_board: layout.flipped,
        animation_speed: prefs.animation,
        volume: prefs.volume,
        mute: prefs.mute,
        variant: info.id.to_string(),
        variant_options,
        time_control: choice.time.to_string(),
        player_name: choice.player_name.clone(),
        show_letters: letters.0,
        lobby_address: online.address.clone(),
    }
}

/// A LAN game or a puzzle is over (its `Authority` or `Unsaved` gone): the
/// board is seen as the settings say again, not as the seat it played.
fn restore_flip(
    (lan, puzzle): (Option<Res<Authority>>, Option<Res<Unsaved>>),
    mut was_lan: Local<bool>,
    settings: Option<Res<AppSettings>>,
    mut layout: ResMut<BoardLayout>,
) {
    let is_lan = lan.is_some() || puzzle.is_some();
    if *was_lan && !is_lan {
        let saved = settings.is_some_and(|s| s.settings.flip_board);
        if layout.flipped != saved {
            layout.flipped = saved;
        }
    }
    *was_lan = is_lan;
}

/// Writes the settings when the resources they come from changed; during a
/// LAN game the board's orientation is the game's and the saved flip stays.
fn save_changes(
    settings: Option<ResMut<AppSettings>>,
    (mode, layout, overrides): (
        Res<CurrentView>,
        Res<BoardLayout>,
        Option<ResMut<RunOverrides>>,
    ),
    prefs: Res<Prefs>,
    (choice, online): (Res<MenuChoice>, Res<OnlineScreen>),
    letters: Res<ShowLetters>,
    (lan, puzzle): (Option<Res<Authority>>, Option<Res<Unsaved>>),
) {
    let Some(mut settings) = settings else { return };
    let changed = mode.is_changed() || layout.is_changed() || prefs.is_changed();
    if !(changed || choice.is_changed() || letters.is_changed() || online.is_changed()) {
        return;
    }
    let mut now = current((*mode, *letters), &layout, &prefs, (&choice, &online));
    if lan.is_some() || puzzle.is_some() {
        now.flip_board = settings.settings.flip_board;
    }
    if let Some(mut o) = overrides {
        // The command line's view and flip are this run's, until changed.
        if o.flip == Some(now.flip_board) {
            now.flip_board = settings.settings.flip_board;
        } else if o.flip.is_some() && lan.is_none() {
            o.flip = None;
        }
        if o.view == Some(now.view) {
            now.view = settings.settings.view;
        } else {
            o.view = None;
        }
    }
    if now == settings.settings {
        return;
    }
    settings.settings = now;
    if let Some(dir) = settings.dir.clone() {
        match settings.settings.save(&dir) {
            Ok(_) => settings.error = None,
            Err(e) => warn!("could not save the settings in {}: {e}", dir.display()),
        }
    }
}
