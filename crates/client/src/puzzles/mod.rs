//! Puzzle mode (issue 22, docs/puzzles.md): the shipped puzzles of one
//! variant or of all, one at a time on the board, the solver's side at the
//! bottom. The player's moves are ordinary wishes ([`MoveIntent`], decided
//! by the match's authority); once one is applied it is judged against the
//! solution: right, and the game plays the opponent's forced reply the same
//! way (a wish, animated as any move); wrong, "wrong — try again" and the
//! move is taken back (an undo command). A hint shows the piece to move,
//! then the move; the solution plays the rest of the line; next picks the
//! puzzle rated nearest the player. Each first attempt rates the player and
//! the puzzle (Glicko-2, [`ratings`]), saved in the data directory.
//!
//! The menus report this feature's entries ([`EntryGroup::Puzzle`]) and it
//! answers them: the main menu's "Puzzles", the chooser's sets, and the
//! puzzle's own entries first in the in-game menu — mouse, keyboard and pad
//! alike.
//!
//! [`EntryGroup::Puzzle`]: crate::menus::EntryGroup::Puzzle

pub mod ratings;

use crate::match_state::{
    BoardResynced, CurrentMatch, GameSetup, InstallMatch, Match, MatchCommand, MoveApplied,
    MoveIntent,
};
use crate::menus::{Entry, FeaturePanels, MenuActivated, MenuChoice, Overlays};
use crate::saves::{SaveFolder, Unsaved};
use crate::scene::BoardLayout;
use crate::schedule::{AppSystems, Screen};
use bevy::prelude::*;
use chimera_engine::Puzzle;
use chimera_engine::puzzles::shipped;
use chimera_game::rating::Rating;
use chimera_rules::{Color, Game, MoveKind, Sq, Variant, variants};
use ratings::RatingBook;

/// Seconds between the solver's right move and the game's reply (so the
/// move's animation is seen first), and between the moves of a shown solution.
pub const REPLY_DELAY: f64 = 0.6;

/// Registers the puzzle state and its systems.
pub fn plugin(app: &mut App) {
    app.init_resource::<PuzzleMode>()
        .add_systems(
            Update,
            (judge_moves, play_due_move)
                .chain()
                .in_set(AppSystems::FollowMatch),
        )
        .add_systems(
            Update,
            (open_requested, answer_entries, publish_entries)
                .chain()
                .in_set(AppSystems::Respond),
        );
}

/// A puzzle to open at the start (`chimera play --variant V --puzzle N`):
/// the variant's set, on puzzle `index`.
#[derive(Resource, Clone, Debug)]
pub struct PuzzleRequest {
    /// The variant id.
    pub variant: String,
    /// Index into its shipped set.
    pub index: usize,
}

/// Opens the requested puzzle once.
fn open_requested(
    request: Option<Res<PuzzleRequest>>,
    mut mode: ResMut<PuzzleMode>,
    mut out: PuzzleOut,
    mut commands: Commands,
) {
    let Some(request) = request else { return };
    commands.remove_resource::<PuzzleRequest>();
    let Some(i) = variants().iter().position(|v| v.id == request.variant) else {
        return;
    };
    mode.open_set(i + 1, Some(request.index), &mut out, &mut commands);
}

/// One puzzle of the chosen set, with its variant.
#[derive(Clone, Debug)]
pub struct SetPuzzle {
    /// The variant id.
    pub variant: &'static str,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// Where the solver is in the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The solver is to find the next move.
    Find,
    /// The last move was wrong (it is being taken back): try again.
    Wrong,
    /// Right: the game plays the reply.
    Right,
    /// The line is complete: solved.
    Solved,
    /// The solution is being played on the board.
    Shown,
}

/// The puzzle on the board.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// Index into [`PuzzleMode::set`].
    pub index: usize,
    /// The side to find the moves.
    pub solver: Color,
    /// Hash of the puzzle's position: the match is the puzzle's while its
    /// start is this.
    start: u64,
    /// Where the solver is.
    pub status: Status,
    /// Hints taken: 1 the piece, 2 the move.
    pub hints: u8,
    /// Whether this attempt has been rated already (the first wrong move,
    /// hint or shown solution rates it a failure; solving it, a success).
    pub rated: bool,
    /// When the next move of the line is due (game time, seconds).
    due: Option<f64>,
}

/// Puzzle mode: the chosen set, the puzzle on the board and the ratings.
#[derive(Resource, Default)]
pub struct PuzzleMode {
    /// The chosen set's puzzles.
    pub set: Vec<SetPuzzle>,
    /// Its name ("all variants", "Holy Grail").
    pub set_name: String,
    /// The puzzle on the board, if any.
    pub attempt: Option<Attempt>,
    /// The ratings (players' and puzzles').
    pub book: RatingBook,
    /// Why the ratings file could not be read or written; while it could
    /// not be read, it is not written (so it is never lost).
    pub error: Option<String>,
    /// Whether the ratings file has been read.
    loaded: bool,
    /// Puzzles of the set tried since it was chosen.
    tried: Vec<usize>,
    /// The player's rating change at the last rated attempt.
    pub last_change: Option<f64>,
}

impl PuzzleMode {
    /// The puzzle on the board and its attempt.
    pub fn current(&self) -> Option<(&SetPuzzle, &Attempt)> {
        let a = self.attempt.as_ref()?;
        Some((self.set.get(a.index)?, a))
    }

    /// The hint shown: the squares to light and the words (the piece to
    /// move, then the move), for the position `game` is in.
    pub fn hint(&self, game: &Match) -> Option<(Vec<Sq>, String)> {
        let (p, a) = self.current()?;
        if a.hints == 0 || a.status != Status::Find {
            return None;
        }
        let lmn = p.puzzle.solution.get(game.ply())?;
        let pos = game.position();
        let m = pos.parse_lmn(lmn).ok()?;
        let piece = match m.kind() {
            MoveKind::Drop => None,
            _ => pos
                .move_from(m)
                .and_then(|s| pos.piece_at(s).map(|i| (s, i))),
        };
        if a.hints == 1 {
            return Some(match (piece, m.piece()) {
                (Some((s, info)), _) => (
                    vec![s],
                    format!(
                        "Hint: move the {} on {}",
                        info.kind.name(),
                        pos.variant().geo.name(s)
                    ),
                ),
                (None, Some(k)) => (Vec::new(), format!("Hint: drop a {}", k.name())),
                (None, None) => (Vec::new(), "Hint: a drop".to_string()),
            });
        }
        let mut squares: Vec<Sq> = pos.move_from(m).into_iter().collect();
        squares.extend(pos.drop_square(m));
        squares.extend(pos.move_to(m));
        Some((squares, format!("Hint: {}", pos.san(m))))
    }

    /// The local player's rating.
    pub fn player_rating(&self, name: &str) -> Rating {
        self.book.player(name)
    }

    /// The rating of the puzzle on the board.
    pub fn puzzle_rating(&self) -> Option<Rating> {
        let (p, _) = self.current()?;
        Some(self.book.puzzle(p.variant, &p.puzzle))
    }
}

/// The variants with a shipped set, in the registry's order (their index
/// in [`variants`]).
pub fn set_variants() -> Vec<usize> {
    (0..variants().len())
        .filter(|&i| shipped(variants()[i].id).is_some())
        .collect()
}

/// The puzzles of set `entry` of the chooser: 0 every variant's, `i` built-in
/// variant `i - 1`'s; with its name.
pub fn load_set(entry: usize) -> Result<(Vec<SetPuzzle>, String), String> {
    let ids: Vec<usize> = match entry {
        0 => set_variants(),
        i => vec![i - 1],
    };
    let mut out = Vec::new();
    for i in &ids {
        let info = variants().get(*i).ok_or("no such variant")?;
        let text = shipped(info.id).ok_or_else(|| format!("{} has no puzzles", info.name))?;
        let list =
            Puzzle::parse_file(text).map_err(|e| format!("the {} puzzles: {e}", info.name))?;
        out.extend(list.into_iter().map(|puzzle| SetPuzzle {
            variant: info.id,
            puzzle,
        }));
    }
    let name = match (entry, ids.first()) {
        (0, _) => "all variants".to_string(),
        (_, Some(&i)) => variants()[i].name.to_string(),
        _ => String::new(),
    };
    Ok((out, name))
}

/// What starting and answering puzzles changes besides the mode.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PuzzleOut<'w> {
    installs: MessageWriter<'w, InstallMatch>,
    commands: MessageWriter<'w, MatchCommand>,
    layout: ResMut<'w, BoardLayout>,
    overlays: ResMut<'w, Overlays>,
    next: ResMut<'w, NextState<Screen>>,
    folder: Res<'w, SaveFolder>,
    choice: Res<'w, MenuChoice>,
    toast: MessageWriter<'w, crate::interaction::Toast>,
    time: Res<'w, Time>,
}

impl PuzzleMode {
    /// Reads the ratings file once.
    fn load_ratings(&mut self, folder: &SaveFolder) {
        if self.loaded {
            return;
        }
        self.loaded = true;
        if let Some(dir) = &folder.0 {
            match ratings::load(dir) {
                Ok(book) => self.book = book,
                Err(e) => {
                    self.error = Some(format!(
                        "{e} — puzzle ratings are not saved until it is fixed or removed"
                    ))
                }
            }
        }
    }

    /// Rates the attempt once: the player against the puzzle; saves.
    fn rate(&mut self, solved: bool, out: &mut PuzzleOut) {
        let Some(a) = self.attempt.as_mut() else {
            return;
        };
        if a.rated {
            return;
        }
        a.rated = true;
        let p = &self.set[a.index];
        let name = out.choice.player_name.clone();
        let before = self.book.player(&name).rating;
        self.book.record(&name, p.variant, &p.puzzle, solved);
        self.last_change = Some(self.book.player(&name).rating - before);
        // A file that did not read is left alone.
        if self.error.is_none()
            && let Some(dir) = &out.folder.0
            && let Err(e) = ratings::save(dir, &self.book)
        {
            self.error = Some(e);
        }
    }

    /// Puts puzzle `index` of the set on the board.
    fn start(&mut self, index: usize, out: &mut PuzzleOut, commands: &mut Commands) {
        let Some(p) = self.set.get(index) else {
            return;
        };
        let game = Variant::new(p.variant, &[])
            .and_then(|v| Game::from_vfen(&v, &p.puzzle.vfen))
            .and_then(|g| p.puzzle.check(g.variant()).map(|_| g));
        let game = match game {
            Ok(g) => g,
            Err(e) => {
                out.toast.write(crate::interaction::Toast(format!(
                    "This puzzle does not play: {e}"
                )));
                return;
            }
        };
        let solver = game.position().side_to_move();
        let mut setup = GameSetup::new(p.variant, Vec::new());
        setup.names[solver.index()] = ratings::player_key(&out.choice.player_name);
        setup.names[solver.opposite().index()] = "Puzzle".to_string();
        let start = game.position().hash();
        out.installs
            .write(InstallMatch(Box::new(Match::with_setup(setup, game))));
        out.layout.flipped = solver == Color::Black;
        *out.overlays = Overlays::default();
        out.next.set(Screen::Game);
        commands.insert_resource(Unsaved);
        self.tried.push(index);
        self.attempt = Some(Attempt {
            index,
            solver,
            start,
            status: Status::Find,
            hints: 0,
            rated: false,
            due: None,
        });
    }

    /// Chooses set `entry` of the chooser ([`load_set`]) and puts puzzle
    /// `first` of it on the board (None: the one rated nearest the player).
    fn open_set(
        &mut self,
        entry: usize,
        first: Option<usize>,
        out: &mut PuzzleOut,
        commands: &mut Commands,
    ) {
        match load_set(entry) {
            Ok((set, name)) => {
                self.load_ratings(&out.folder);
                self.set = set;
                self.set_name = name;
                self.tried.clear();
                let player = out.choice.player_name.clone();
                if let Some(i) = first.or_else(|| self.next_index(&player)) {
                    self.start(i, out, commands);
                }
            }
            Err(e) => {
                out.toast.write(crate::interaction::Toast(e));
            }
        }
    }

    /// The untried puzzle of the set rated nearest the player (all tried:
    /// the round starts again).
    fn next_index(&mut self, name: &str) -> Option<usize> {
        if self.set.is_empty() {
            return None;
        }
        if self.tried.len() >= self.set.len() {
            self.tried.clear();
        }
        let me = self.book.player(name).rating;
        (0..self.set.len())
            .filter(|i| !self.tried.contains(i))
            .min_by(|&a, &b| {
                let d = |i: usize| {
                    let p = &self.set[i];
                    (self.book.puzzle(p.variant, &p.puzzle).rating - me).abs()
                };
                d(a).total_cmp(&d(b))
            })
    }
}

/// Answers the puzzle entries: the main menu's "Puzzles" opens the chooser,
/// a set starts its first puzzle, hint / solution / next work the one on the
/// board. A finished puzzle's game-end dialog stays closed (the panel says
/// what happened).
fn answer_entries(
    mut activated: MessageReader<MenuActivated>,
    mut mode: ResMut<PuzzleMode>,
    game: Option<Res<CurrentMatch>>,
    mut out: PuzzleOut,
    mut commands: Commands,
) {
    let now = out.time.elapsed_secs_f64();
    for &MenuActivated(entry) in activated.read() {
        match entry {
            Entry::Puzzles => out.overlays.puzzles = true,
            Entry::PuzzleSet(i) => mode.open_set(i, None, &mut out, &mut commands),
            // The hint key means the puzzle's hint while one is on the board.
            Entry::PuzzleHint | Entry::Hint
                if mode
                    .current()
                    .is_some_and(|(_, a)| a.status == Status::Find) =>
            {
                mode.rate(false, &mut out);
                if let Some(a) = mode.attempt.as_mut() {
                    a.hints = (a.hints + 1).min(2);
                }
            }
            Entry::PuzzleSolution => {
                let live = matches!(
                    mode.current(),
                    Some((_, a)) if matches!(a.status, Status::Find | Status::Wrong | Status::Right)
                );
                if live {
                    mode.rate(false, &mut out);
                    if let Some(a) = mode.attempt.as_mut() {
                        a.status = Status::Shown;
                        a.due = Some(now + REPLY_DELAY);
                    }
                }
            }
            Entry::PuzzleNext => {
                mode.load_ratings(&out.folder);
                let name = out.choice.player_name.clone();
                if let Some(i) = mode.next_index(&name) {
                    mode.start(i, &mut out, &mut commands);
                }
            }
            _ => {}
        }
    }
    if mode
        .current()
        .is_some_and(|(_, a)| matches!(a.status, Status::Solved | Status::Shown))
        && game.is_some_and(|g| g.outcome().is_some())
    {
        out.overlays.end = None;
    }
}

/// Keeps the puzzle entries current: the chooser's sets, and the puzzle's
/// own entries of the in-game menu while one is on the board.
fn publish_entries(mode: Res<PuzzleMode>, mut panels: ResMut<FeaturePanels>) {
    let mut sets = vec![Entry::PuzzleSet(0)];
    sets.extend(set_variants().into_iter().map(|i| Entry::PuzzleSet(i + 1)));
    sets.push(Entry::Back);
    let live = match mode.current() {
        Some((_, a)) if matches!(a.status, Status::Solved | Status::Shown) => {
            vec![Entry::PuzzleNext]
        }
        Some(_) => vec![Entry::PuzzleHint, Entry::PuzzleSolution, Entry::PuzzleNext],
        None => Vec::new(),
    };
    if panels.puzzle_sets != sets {
        panels.puzzle_sets = sets;
    }
    if panels.puzzle != live {
        panels.puzzle = live;
    }
}

/// Judges each applied move of the puzzle's game against the solution: the
/// solver's right move (or any move that wins the game at once) goes on, a
/// wrong one — or a move played for the opponent — is taken back. A match
/// that is not the puzzle's any more (a new game, an opened one) ends the
/// puzzle.
fn judge_moves(
    mut applied: MessageReader<MoveApplied>,
    mut resynced: MessageReader<BoardResynced>,
    mut mode: ResMut<PuzzleMode>,
    game: Option<Res<CurrentMatch>>,
    mut out: PuzzleOut,
    mut commands: Commands,
) {
    let now = out.time.elapsed_secs_f64();
    let resync = resynced.read().count() > 0;
    let Some(game) = game else { return };
    let Some(a) = mode.attempt.as_ref() else {
        applied.clear();
        return;
    };
    if resync && game.game().start().hash() != a.start {
        mode.attempt = None;
        commands.remove_resource::<Unsaved>();
        applied.clear();
        return;
    }
    let moves: Vec<MoveApplied> = applied.read().cloned().collect();
    for m in moves {
        let Some(a) = mode.attempt.as_ref() else {
            break;
        };
        let line = &mode.set[a.index].puzzle.solution;
        let expected = line.get(m.ply - 1);
        let on_line = expected == Some(&m.lmn);
        let won = game.outcome().is_some_and(|o| o.winner == Some(a.solver));
        let (solver, status) = (m.mover == a.solver, a.status);
        if status == Status::Shown {
            if on_line && m.ply < line.len() {
                mode.attempt.as_mut().expect("attempt").due = Some(now + REPLY_DELAY);
            }
            continue;
        }
        // The line is complete (a Ghostarelay win ends on the reply), or
        // the solver won some other way at once.
        let complete = on_line && m.ply >= line.len();
        if complete || (solver && won) {
            mode.rate(true, &mut out);
            mode.attempt.as_mut().expect("attempt").status = Status::Solved;
        } else if solver && on_line {
            let a = mode.attempt.as_mut().expect("attempt");
            a.status = Status::Right;
            a.hints = 0;
            a.due = Some(now + REPLY_DELAY);
        } else if !solver && on_line {
            mode.attempt.as_mut().expect("attempt").status = Status::Find;
        } else {
            if solver {
                mode.rate(false, &mut out);
                mode.attempt.as_mut().expect("attempt").status = Status::Wrong;
            }
            out.commands.write(MatchCommand::Undo);
        }
    }
}

/// Plays the line's next move when it is due (the opponent's reply, or the
/// next move of a shown solution) — a wish like any other — once the game
/// is on the line (a wrong move taken back).
fn play_due_move(
    mut mode: ResMut<PuzzleMode>,
    game: Option<Res<CurrentMatch>>,
    time: Res<Time>,
    mut intents: MessageWriter<MoveIntent>,
) {
    let now = time.elapsed_secs_f64();
    let (Some(game), Some(a)) = (game, mode.attempt.as_ref()) else {
        return;
    };
    if a.due.is_none_or(|t| t > now) {
        return;
    }
    let line = &mode.set[a.index].puzzle.solution;
    let played = game.lmns();
    if played.len() >= line.len() || played[..] != line[..played.len()] {
        if a.status == Status::Shown && played.len() >= line.len() {
            mode.attempt.as_mut().expect("attempt").due = None;
        }
        return;
    }
    let next = line[played.len()].clone();
    let a = mode.attempt.as_mut().expect("attempt");
    a.due = None;
    match game.request_lmn(&next) {
        Ok(intent) => {
            intents.write(intent);
        }
        Err(e) => warn!("puzzle move {next} does not play: {e}"),
    }
}
