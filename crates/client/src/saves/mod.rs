//! Saved games: the running [`Match`] as a game record and back
//! ([`match_record`], [`match_from_loaded`]), the Save and Load actions of
//! the menus ([`SaveRequest`]), the list the load screen shows
//! ([`SavedGames`]) and the autosave: after every applied move and every
//! command that changes the match, the game is written atomically to
//! `autosave.pgn` in the data directory (by a thread of its own,
//! [`writer`], so that no frame waits for the disk), and the main menu
//! offers to continue it. Records carry the players' drawings of every move
//! (`[%cal]`, `[%csl]`, see [`add_drawings`]), and an opened record brings
//! them back.
//!
//! A finished LAN game is kept in the games folder too ([`KeepGame`], sent
//! by `net` in both windows), with the LAN game's tags over the match's own.
//!
//! What a record says about its moves beyond the moves themselves — the
//! engine's evaluations, NAGs, comments, variations — is kept beside the
//! match in [`MoveNotes`]: read from an opened record, written by the
//! review, and written back into every save of the same game.
//!
//! Files go where [`SaveFolder`] says: the data directory in the game
//! window, nowhere in a headless app unless a test sets one.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::ecs::message::{MessageCursor, Messages};
use bevy::prelude::*;

use crate::interaction::{DrawingChanged, Drawings, SetDrawings, Toast};
use crate::match_state::CurrentMatch;
use crate::match_state::{
    Authority, BoardResynced, GameEnded, GameSetup, InstallMatch, Match, MatchCommand, MoveApplied,
    Player,
};
use crate::schedule::AppSystems;
use chimera_game::clock::TimeControl;
use chimera_game::record::{self, Loaded, MatchRecord, RecordError};
use chimera_rules::{Color, variants};
use chimera_store::paths;

pub mod writer;
pub use writer::AutosaveWriter;

/// The autosave's file name in the data directory.
pub const AUTOSAVE: &str = "autosave.pgn";

/// Registers the save folder, the saved-game list, the requests and the autosave.
pub fn plugin(app: &mut App) {
    app.init_resource::<SaveFolder>()
        .init_resource::<SavedGames>()
        .init_resource::<MoveNotes>()
        .init_resource::<AutosaveWriter>()
        .add_message::<SaveRequest>()
        .add_message::<GameOpened>()
        .add_message::<KeepGame>()
        .add_systems(Startup, check_autosave)
        .add_systems(
            Update,
            handle_requests
                .in_set(AppSystems::ApplyMatch)
                .before(crate::match_state::install_matches),
        )
        .add_systems(
            Update,
            (forget_notes, autosave, report_autosave_failures)
                .chain()
                .in_set(AppSystems::FollowMatch),
        );
}

/// The annotations of the match's moves beyond the moves: each move's
/// engine evaluation, NAGs, comment and variation (drawings and clocks are
/// kept elsewhere), for the game that starts at `start` (a VFEN) with the
/// moves of `moves` (in LMN, [`RecordedMove::lmn`]). Read from an opened
/// record and written by the review; every save of the match writes them
/// into its record for the moves the match still shares with them.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct MoveNotes {
    /// The start position (VFEN) of the game they belong to.
    pub start: String,
    /// One per move, in order (a prefix of the game's moves, or longer when
    /// moves were taken back).
    pub moves: Vec<record::RecordedMove>,
}

impl MoveNotes {
    /// The notes of a loaded record.
    pub fn of_record(loaded: &Loaded) -> MoveNotes {
        MoveNotes {
            start: loaded.game.start().to_vfen(),
            moves: loaded.record.moves.clone(),
        }
    }

    /// How many of `game`'s moves the notes describe: the moves it shares
    /// with them from the same start.
    pub fn shared(&self, game: &chimera_rules::Game) -> usize {
        if self.moves.is_empty() || game.start().to_vfen() != self.start {
            return 0;
        }
        let mut pos = game.start().clone();
        let mut n = 0;
        for (&m, note) in game.moves().iter().zip(&self.moves) {
            if pos.lmn(m) != note.lmn {
                break;
            }
            pos.make_move(m);
            n += 1;
        }
        n
    }

    /// Whether the notes belong to `game`: the same start, and the same
    /// moves as far as both go.
    pub fn fits(&self, game: &chimera_rules::Game) -> bool {
        game.start().to_vfen() == self.start
            && self.shared(game) == game.moves().len().min(self.moves.len())
    }

    /// Writes the notes into `r`, the record of `game`, for the moves they
    /// share: the evaluation, the NAGs (after any the record has), the
    /// comment (unless the record has one) and the variation.
    pub fn write_into(&self, r: &mut MatchRecord, game: &chimera_rules::Game) {
        let shared = self.shared(game);
        for (rm, note) in r.moves.iter_mut().zip(&self.moves).take(shared) {
            rm.eval = rm.eval.or(note.eval);
            for n in &note.nags {
                if !rm.nags.contains(n) {
                    rm.nags.push(*n);
                }
            }
            if rm.comment.is_none() {
                rm.comment.clone_from(&note.comment);
            }
            if rm.line.is_empty() {
                rm.line.clone_from(&note.line);
            }
        }
    }
}

/// A new game has no notes: they go with a new game, and when the match is
/// replaced by one they do not fit (another start, other moves).
fn forget_notes(
    (mut resynced, commands, mut seen): (
        MessageReader<BoardResynced>,
        Res<Messages<MatchCommand>>,
        Local<MessageCursor<MatchCommand>>,
    ),
    game: Option<Res<CurrentMatch>>,
    mut notes: ResMut<MoveNotes>,
) {
    let new_game = seen
        .read(&commands)
        .any(|c| matches!(c, MatchCommand::NewGame(_)));
    if resynced.read().count() == 0 || notes.moves.is_empty() {
        return;
    }
    let fits = game.as_deref().is_some_and(|g| notes.fits(g.game()));
    if new_game || !fits {
        *notes = MoveNotes::default();
    }
}

/// Present while the match on the board is not the player's game to keep
/// (a puzzle or a lesson): the autosave leaves the last game alone, and the board's
/// orientation is the puzzle's, not a preference to save.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Unsaved;

/// The data directory saved games and the autosave go to; `None` (the
/// default, and a headless app's) saves nothing.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveFolder(pub Option<PathBuf>);

impl SaveFolder {
    /// The OS data directory (`$CHIMERA_DATA_DIR` overrides it).
    pub fn from_env() -> SaveFolder {
        SaveFolder(paths::data_dir())
    }
    /// The folder of saved games.
    pub fn games(&self) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join("games"))
    }
    /// The autosave file.
    pub fn autosave(&self) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join(AUTOSAVE))
    }
}

/// What the menus ask of the saved games.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum SaveRequest {
    /// Save the running game into the games folder.
    Save,
    /// Read the games folder again for the load screen.
    List,
    /// Open game `i` of [`SavedGames::games`].
    Open(usize),
    /// Open the autosave.
    Continue,
}

/// Keep this finished game in the games folder (a LAN game's end, in the
/// hosting and the joined window alike), as Save writes a local one, with
/// `tags` set over the match's own (`Event`, `Site`, `Round`, the seats'
/// names). Sent by `net`; answered with a [`Toast`] naming the file.
#[derive(Message, Clone)]
pub struct KeepGame {
    /// The game as it ended.
    pub game: Box<Match>,
    /// Tags over [`match_record`]'s.
    pub tags: Vec<(String, String)>,
}

/// A saved game replaced the match (the menus go to the board).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOpened;

/// What the load screen lists and the main menu's "Continue" offers.
#[derive(Resource, Default, Debug, Clone)]
pub struct SavedGames {
    /// The games of the games folder, newest file first.
    pub games: Vec<SavedGame>,
    /// The autosaved game, when there is one that loads.
    pub autosave: Option<GameInfo>,
    /// Why the last game could not be opened (shown on the load screen).
    pub message: Option<String>,
}

/// One game of a file of the games folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The file.
    pub path: PathBuf,
    /// Which game of the file, from 1.
    pub number: usize,
    /// The game, or why the file or game does not load.
    pub about: Result<GameInfo, String>,
}

impl SavedGame {
    /// The line the load screen shows for it.
    pub fn line(&self) -> String {
        let file = self
            .path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        match &self.about {
            Ok(info) => info.line(),
            Err(e) => format!("{file}: {e}"),
        }
    }
}

/// What the load screen says about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The `Date` tag (`2026.11.23`).
    pub date: String,
    /// The variant's name.
    pub variant: String,
    /// White's and Black's names (`?` when unknown).
    pub players: [String; 2],
    /// `1-0 resignation`, `*` for a game that goes on.
    pub result: String,
    /// Plies played.
    pub plies: usize,
}

impl GameInfo {
    /// The game as a record describes it.
    pub fn of(r: &MatchRecord) -> GameInfo {
        let variant = variants()
            .iter()
            .find(|v| v.id == r.variant)
            .map_or(r.variant.as_str(), |v| v.name);
        let tag = |name| r.tag(name).filter(|t| !t.is_empty()).unwrap_or("?");
        GameInfo {
            date: tag("Date").to_string(),
            variant: variant.to_string(),
            players: [tag("White").to_string(), tag("Black").to_string()],
            result: r
                .result
                .map_or_else(|| "*".to_string(), |r| r.result_text()),
            plies: r.moves.len(),
        }
    }
    /// `2026.11.23  Holy Grail  Ann - Bob  1-0 resignation  23 moves`.
    pub fn line(&self) -> String {
        let moves = self.plies.div_ceil(2);
        format!(
            "{}  {}  {} - {}  {}  {moves} move{}",
            self.date,
            self.variant,
            self.players[0],
            self.players[1],
            self.result,
            if moves == 1 { "" } else { "s" }
        )
    }
}

/// The record of a match: variant, options, start, moves, the result it
/// ended with (resignations, agreements and flag falls too), the time
/// control, and the tags `Event`, `Date` (`now` since the epoch), `White`,
/// `Black` (the setup's names; a computer seat is `Chimera level N`),
/// `WhiteType`/`BlackType` (`human` or `program`) and
/// `WhiteLevel`/`BlackLevel` for computer seats; each move with its
/// `{[%clk …]}` (the mover's time after it). Built by
/// [`MatchRecord::of_match`]; fails only on a tag it refuses.
pub fn match_record(m: &Match, now: Duration) -> Result<MatchRecord, RecordError> {
    match_record_with(m, now, &[])
}

/// [`match_record`] with `over` set over its tags (a LAN game's `Event`,
/// `Site`, `Round` and seat names): the one record of a match.
pub fn match_record_with(
    m: &Match,
    now: Duration,
    over: &[(String, String)],
) -> Result<MatchRecord, RecordError> {
    let setup = m.setup();
    let mut tags = vec![
        ("Event".to_string(), "Chimera local game".to_string()),
        (
            "Date".to_string(),
            chimera_game::record::files::pgn_date(now),
        ),
    ];
    for side in [Color::White, Color::Black] {
        let word = side.name();
        let given = setup.names[side.index()].trim();
        let (name, kind) = match setup.player(side) {
            Player::Human => (given.to_string(), "human"),
            Player::Computer { level } => {
                tags.push((format!("{word}Level"), level.to_string()));
                let name = if given.is_empty() {
                    format!("Chimera level {level}")
                } else {
                    given.to_string()
                };
                (name, "program")
            }
        };
        if !name.is_empty() {
            tags.push((word.to_string(), name));
        }
        tags.push((format!("{word}Type"), kind.to_string()));
    }
    for (name, value) in over {
        match tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1.clone_from(value),
            None => tags.push((name.clone(), value.clone())),
        }
    }
    MatchRecord::of_match(m.game(), m.outcome(), &m.move_times(), setup.time, &tags)
}

/// The match a loaded record describes: its variant, options, start and
/// moves, the recorded end (a resigned game stays resigned), its time
/// control, the players' names and seats (a `WhiteLevel`/`BlackLevel` tag
/// makes that side the computer at that level).
pub fn match_from_loaded(loaded: &Loaded) -> Match {
    let r = &loaded.record;
    let v = loaded.game.variant();
    let tag = |side: Color, suffix: &str| r.tag(&format!("{}{suffix}", side.name()));
    let player = |side| match tag(side, "Level").and_then(|l| l.trim().parse::<u8>().ok()) {
        Some(level) => Player::Computer {
            level: level.clamp(1, 8),
        },
        None => Player::Human,
    };
    let name = |side| {
        tag(side, "")
            .filter(|n| !n.is_empty() && *n != "?")
            .unwrap_or("")
            .to_string()
    };
    let setup = GameSetup {
        variant: v.id().to_string(),
        options: v.options().to_vec(),
        time: r.clock.map_or(TimeControl::None, |c| c.control),
        players: [player(Color::White), player(Color::Black)],
        names: [name(Color::White), name(Color::Black)],
    };
    let mut m = Match::with_setup(setup, loaded.game.clone()).ended_as(r.result);
    if let Some(clock) = &r.clock {
        let times: Vec<_> = r.moves.iter().map(|rm| rm.clock).collect();
        m.restore_clock(clock, &times);
    }
    m
}

/// Game `number` (from 1) of a record file as a match, with the drawings
/// its moves carry (`[%cal]`, `[%csl]`) and the notes of its moves.
pub fn open_file(path: &Path, number: usize) -> Result<OpenedGame, RecordError> {
    let text = record::read_file(path)?;
    let loaded = record::load(&text, number)?;
    let m = match_from_loaded(&loaded);
    let drawings = Drawings::from_record(&m, &loaded.record.moves);
    Ok((m, drawings, MoveNotes::of_record(&loaded)))
}

/// An opened game: the match, its drawings, the notes of its moves.
pub type OpenedGame = (Match, Drawings, MoveNotes);

/// What a save writes besides the match: its drawings and the notes of its
/// moves.
pub type SaveExtras<'a> = (&'a Drawings, &'a MoveNotes);

/// The record `r` of `m` with the drawings of each move (own and shared;
/// see [`Drawings::per_move`]) as `[%cal]` / `[%csl]`.
pub fn add_drawings(r: &mut MatchRecord, m: &Match, drawings: &Drawings) {
    let v = m.variant();
    for (rm, marks) in r.moves.iter_mut().zip(drawings.per_move(m)) {
        (rm.arrows, rm.circles) = marks.to_record(v);
    }
}

/// The record text of a match with its drawings and notes, `over` set over
/// its tags.
fn record_text(
    m: &Match,
    beside: SaveExtras,
    now: Duration,
    over: &[(String, String)],
) -> Result<(MatchRecord, String), String> {
    let r = dressed_record(m, beside, now, over)?;
    let text = r.to_text_of(m.game()).map_err(|e| e.to_string())?;
    Ok((r, text))
}

/// The record of a match with its drawings and notes (and the tags `over`).
fn dressed_record(
    m: &Match,
    (drawings, notes): SaveExtras,
    now: Duration,
    over: &[(String, String)],
) -> Result<MatchRecord, String> {
    let mut r = match_record_with(m, now, over).map_err(|e| e.to_string())?;
    add_drawings(&mut r, m, drawings);
    notes.write_into(&mut r, m.game());
    Ok(r)
}

/// Saves a match with its drawings and the notes of its moves into `dir`
/// as `YYYY-MM-DD-HHMMSS-variant-White-Black.pgn`; returns the file.
pub fn save_into(
    dir: &Path,
    m: &Match,
    beside: SaveExtras,
    now: Duration,
) -> Result<PathBuf, String> {
    save_into_with(dir, m, beside, now, &[])
}

/// [`save_into`] with `over` set over the record's tags.
pub fn save_into_with(
    dir: &Path,
    m: &Match,
    beside: SaveExtras,
    now: Duration,
    over: &[(String, String)],
) -> Result<PathBuf, String> {
    let (r, text) = record_text(m, beside, now, over)?;
    let names = [Color::White, Color::Black].map(|c| r.tag(c.name()).unwrap_or(c.name()));
    let stem = chimera_game::record::files::record_stem(now, &r.variant, names);
    chimera_game::record::files::write_new_record(dir, &stem, &text)
        .map_err(|e| format!("{}: {e}", dir.display()))
}

/// Queues the autosave of a match with its drawings and notes on `writer`
/// (written atomically there: the previous one stays whole if a write does
/// not finish); returns what "Continue" will show.
pub fn write_autosave(
    writer: &AutosaveWriter,
    path: &Path,
    m: &Match,
    beside: SaveExtras,
    now: Duration,
) -> Result<GameInfo, String> {
    let r = dressed_record(m, beside, now, &[])?;
    let info = GameInfo::of(&r);
    let game = m.game().clone();
    writer.write(
        path.to_path_buf(),
        Box::new(move || r.to_text_of(&game).map_err(|e| e.to_string())),
    )?;
    Ok(info)
}

/// The games of a folder's `.pgn` files, newest file first (by modification
/// time, then name); a file or game that does not load is listed with its
/// error. A missing folder holds no games.
pub fn list_folder(dir: &Path) -> Result<Vec<SavedGame>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pgn")))
        .map(|p| {
            let modified = p.metadata().and_then(|m| m.modified());
            (modified.unwrap_or(std::time::UNIX_EPOCH), p)
        })
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    Ok(files
        .into_iter()
        .flat_map(|(_, p)| file_games(&p))
        .collect())
}

/// The games of one file, each loaded (or its error); one error entry when
/// the file itself cannot be read.
fn file_games(path: &Path) -> Vec<SavedGame> {
    let entry = |number, about| SavedGame {
        path: path.to_path_buf(),
        number,
        about,
    };
    let listed = record::read_file(path).and_then(|text| Ok((record::list(&text)?, text)));
    match listed {
        Err(e) => vec![entry(1, Err(e.to_string()))],
        Ok((games, text)) => games
            .iter()
            .map(|g| {
                let about = record::load(&text, g.number)
                    .map(|l| GameInfo::of(&l.record))
                    .map_err(|e| e.to_string());
                entry(g.number, about)
            })
            .collect(),
    }
}

fn wall_clock() -> Duration {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
}

/// At start: is there an autosave to continue?
fn check_autosave(folder: Res<SaveFolder>, mut saved: ResMut<SavedGames>) {
    let Some(path) = folder.autosave().filter(|p| p.exists()) else {
        return;
    };
    let loaded = record::read_file(&path).and_then(|t| record::load(&t, 1));
    match loaded {
        Ok(l) => saved.autosave = Some(GameInfo::of(&l.record)),
        Err(e) => warn!("the autosave {} does not load: {e}", path.display()),
    }
}

/// The match the menus opened, and where it came from.
#[derive(bevy::ecs::system::SystemParam)]
struct Opener<'w> {
    install: MessageWriter<'w, InstallMatch>,
    drawings: MessageWriter<'w, SetDrawings>,
    opened: MessageWriter<'w, GameOpened>,
}

impl Opener<'_> {
    fn open(&mut self, (m, drawings, notes): OpenedGame, into: &mut MoveNotes) {
        *into = notes;
        self.install.write(InstallMatch(Box::new(m)));
        self.drawings.write(SetDrawings(drawings));
        self.opened.write(GameOpened);
    }
}

/// Saves, lists and opens games as the menus ask. A game that does not
/// open leaves the match as it is and says why in [`SavedGames::message`].
fn handle_requests(
    (mut requests, mut keep): (MessageReader<SaveRequest>, MessageReader<KeepGame>),
    folder: Res<SaveFolder>,
    mut saved: ResMut<SavedGames>,
    game: Option<Res<CurrentMatch>>,
    (drawings, mut notes): (Res<Drawings>, ResMut<MoveNotes>),
    mut opener: Opener,
    mut toast: MessageWriter<Toast>,
) {
    const NO_FOLDER: &str = "no data directory to save into (set CHIMERA_DATA_DIR or HOME)";
    for k in keep.read() {
        // A headless app without a folder keeps nothing, silently.
        let Some(dir) = folder.games() else { continue };
        let beside = (&*drawings, &*notes);
        let said = match save_into_with(&dir, &k.game, beside, wall_clock(), &k.tags) {
            Ok(path) => format!(
                "Game kept as {}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ),
            Err(e) => format!("Cannot keep the game: {e}"),
        };
        info!("{said}");
        toast.write(Toast(said));
    }
    for req in requests.read() {
        match req {
            SaveRequest::Save => {
                let Some(game) = game.as_deref() else {
                    continue;
                };
                let said = match folder.games() {
                    None => NO_FOLDER.to_string(),
                    Some(dir) => match save_into(&dir, game, (&drawings, &notes), wall_clock()) {
                        Ok(path) => format!(
                            "Saved as {}",
                            path.file_name().unwrap_or_default().to_string_lossy()
                        ),
                        Err(e) => format!("Cannot save the game: {e}"),
                    },
                };
                toast.write(Toast(said));
            }
            SaveRequest::List => {
                let listed = folder.games().ok_or(NO_FOLDER.to_string());
                match listed.and_then(|dir| list_folder(&dir)) {
                    Ok(games) => {
                        saved.games = games;
                        saved.message = None;
                    }
                    Err(e) => {
                        saved.games.clear();
                        saved.message = Some(e);
                    }
                }
            }
            SaveRequest::Open(i) => {
                let Some(entry) = saved.games.get(*i).cloned() else {
                    continue;
                };
                match open_file(&entry.path, entry.number) {
                    Ok(opened) => {
                        saved.message = None;
                        opener.open(opened, &mut notes);
                    }
                    Err(e) => saved.message = Some(entry.line_with(e)),
                }
            }
            SaveRequest::Continue => {
                let Some(path) = folder.autosave() else {
                    continue;
                };
                match open_file(&path, 1) {
                    Ok(opened) => opener.open(opened, &mut notes),
                    Err(e) => {
                        saved.autosave = None;
                        saved.message = Some(format!("The autosave does not load: {e}"));
                    }
                }
            }
        }
    }
}

impl SavedGame {
    fn line_with(&self, e: RecordError) -> String {
        SavedGame {
            about: Err(e.to_string()),
            ..self.clone()
        }
        .line()
    }
}

/// Writes the autosave after every applied move, every change by a
/// command (undo, redo, new or opened game, resignation, agreement) and
/// every drawing.
fn autosave(
    (mut applied, mut resynced, mut ended, mut drawn): (
        MessageReader<MoveApplied>,
        MessageReader<BoardResynced>,
        MessageReader<GameEnded>,
        MessageReader<DrawingChanged>,
    ),
    drawings: Res<Drawings>,
    game: Option<Res<CurrentMatch>>,
    folder: Res<SaveFolder>,
    mut saved: ResMut<SavedGames>,
    (mut toast, writer): (MessageWriter<Toast>, Res<AutosaveWriter>),
    (network, unsaved, notes): (Option<Res<Authority>>, Option<Res<Unsaved>>, Res<MoveNotes>),
) {
    let changes = applied.read().count()
        + resynced.read().count()
        + ended.read().count()
        + drawn.read().count();
    let (Some(game), Some(path)) = (game, folder.autosave()) else {
        return;
    };
    // A LAN game is the host's to keep (it autosaves its own record); the
    // local autosave keeps the last local game for Continue (not a puzzle).
    if changes == 0 || network.is_some() || unsaved.is_some() {
        return;
    }
    match write_autosave(&writer, &path, &game, (&drawings, &notes), wall_clock()) {
        Ok(info) => saved.autosave = Some(info),
        Err(e) => {
            toast.write(Toast(format!("Autosave failed: {e}")));
        }
    }
}

/// Tells the player when the writer could not put an autosave on the disk.
fn report_autosave_failures(writer: Res<AutosaveWriter>, mut toast: MessageWriter<Toast>) {
    for e in writer.failures() {
        toast.write(Toast(format!("Autosave failed: {e}")));
    }
}
