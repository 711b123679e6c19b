//! The computer at the board: a computer player's move, the player's hint
//! and the evaluation bar, each a search of `chimera_engine` on Bevy's
//! [`AsyncComputeTaskPool`] so the window never waits for it.
//!
//! One search runs at a time ([`Computer`] holds it): a computer player's
//! move first, then a requested hint, then the evaluation of the position
//! for the bar. Each frame the search is polled; a computer's move enters
//! as a `MoveIntent` like every other move. A search whose position is
//! gone — undo, redo, a new game, a load, the main menu, the game's end,
//! the pause — is cancelled at once: its stop flag is set (the search
//! returns within a few milliseconds) and its task dropped, so its result
//! is never read. The search reports each finished iteration (depth, score,
//! best line) into a shared [`Progress`] the side panel shows.

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::app::{TaskPoolOptions, TaskPoolPlugin};
use bevy::ecs::message::{MessageCursor, Messages};
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use leafwing_input_manager::prelude::ActionState;

use crate::interaction::{ActivePanel, GameAction, Panel};
use crate::match_state::{BoardResynced, GameSetup, Match, MatchCommand, MoveIntent, Player};
use crate::match_state::{CurrentMatch, LessonBoard};
use crate::menus::{Entry, MenuActivated, MenuChoice};
use crate::schedule::{AppSystems, Screen};
use chimera_engine::{Eval, Limits, SearchResult};
use chimera_game::clock::TimeControl;
use chimera_rules::{Color, Move};

/// Registers the computer's state and systems.
pub fn plugin(app: &mut App) {
    app.init_resource::<Computer>()
        .init_resource::<HintMove>()
        .add_systems(Update, drive.in_set(AppSystems::FollowMatch))
        .add_systems(
            Update,
            hint_key
                .in_set(AppSystems::ReadInput)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(Update, menu_entries.in_set(AppSystems::Respond));
}

/// The task pools of the windowed client. The async compute pool gets at
/// least three threads (Bevy's default on a machine with fewer than eight
/// cores is one), so a search — one at a time — and the review's analysis
/// never hold up the renderer's pipeline compilation and screenshot saving,
/// which run on the same pool; and its threads run at the lowest OS priority, so when the
/// search and the frame want the same cores the frame wins (the search
/// takes what is left over).
pub fn task_pool_plugin() -> TaskPoolPlugin {
    let mut options = TaskPoolOptions::default();
    options.async_compute.min_threads = options.async_compute.min_threads.max(3);
    options.async_compute.on_thread_spawn = Some(Arc::new(|| {
        // Without the right to lower it (rare), the thread keeps the
        // normal priority: the search still runs, only less politely.
        let _ = thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min);
    }));
    TaskPoolPlugin {
        task_pool_options: options,
    }
}

/// Transposition table of each search, in megabytes (allocated on the
/// search's thread).
const HASH_MB: usize = 16;
/// Search time of a hint and of an evaluation for the bar.
const SHORT_SEARCH: Duration = Duration::from_millis(1000);
/// A computer's move is played no sooner than this many seconds after its
/// search began, so a reply is seen to come and a game between two
/// computers can be followed.
const PACE_SECS: f64 = 0.5;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A computer player's move.
    Move,
    /// A hint for the player at the screen.
    Hint,
    /// The evaluation bar's score.
    Evaluation,
}

/// A position of the match: its ply and hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// Moves played.
    pub ply: usize,
    /// The position's hash.
    pub hash: u64,
}

impl Key {
    /// The match's current position.
    pub fn of(game: &Match) -> Key {
        Key {
            ply: game.ply(),
            hash: game.position().hash(),
        }
    }
}

/// What a search has found so far (after its last finished iteration).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Depth of the last finished iteration (0: none yet).
    pub depth: u32,
    /// Its score from White's point of view (`None`: none yet).
    pub score: Option<Eval>,
    /// Nodes searched by then.
    pub nodes: u64,
    /// Its best line, in readable notation.
    pub line: Vec<String>,
}

/// The search under way, as the views show it.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// What it is for.
    pub purpose: Purpose,
    /// The side it searches for.
    pub side: Color,
    /// Its progress.
    pub progress: Progress,
}

/// A score kept for the evaluation bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// The position it scores.
    pub key: Key,
    /// The score, from White's point of view.
    pub score: Eval,
    /// Search depth behind it.
    pub depth: u32,
}

/// A search on the task pool.
struct Job {
    purpose: Purpose,
    /// It is the strongest search (level 8): its score may stand as the
    /// evaluation.
    full: bool,
    key: Key,
    side: Color,
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Progress>>,
    task: Task<SearchResult>,
    /// Seconds of game time when it began.
    started: f64,
}

impl Drop for Job {
    /// A dropped search stops at once: the pool thread is freed within a
    /// few milliseconds and the result is never read.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Job {
    /// Whether its result may be used now.
    fn ready(&self, now: f64) -> bool {
        self.task.is_finished()
            && (self.purpose != Purpose::Move || now - self.started >= PACE_SECS)
    }
}

/// The computer's state: the search under way, the pause, the evaluation
/// bar and the hint asked for.
#[derive(Resource, Default)]
pub struct Computer {
    job: Option<Job>,
    /// The computer players wait (in-game menu: pause / resume).
    pub paused: bool,
    /// The evaluation bar is shown (a short search scores each position).
    pub eval_bar: bool,
    /// Limits for every computer move instead of the time setting (tests
    /// and measurements, e.g. an infinite search).
    pub move_limits: Option<Limits>,
    evaluation: Option<Evaluation>,
    hint_for: Option<Key>,
}

impl Computer {
    /// The search under way, if any.
    pub fn thinking(&self) -> Option<Thinking> {
        let job = self.job.as_ref()?;
        Some(Thinking {
            purpose: job.purpose,
            side: job.side,
            progress: job.progress.lock().map(|p| p.clone()).unwrap_or_default(),
        })
    }

    /// Whether a search is running (started and not finished).
    pub fn is_searching(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.task.is_finished())
    }

    /// The stop flag of the search under way (set once it is cancelled).
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.job.as_ref().map(|j| j.stop.clone())
    }

    /// Waits (blocking) until the search under way has finished, at most
    /// `timeout`; whether it has (true also when none runs). For tests and
    /// tools that must not depend on how fast the machine is.
    pub fn wait(&self, timeout: Duration) -> bool {
        let start = std::time::Instant::now();
        while self.is_searching() {
            if start.elapsed() >= timeout {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }

    /// The best known score of the match's current position, from White's
    /// point of view, by the strongest search (level 8: a weaker computer
    /// player's own score never stands as the evaluation): the search under
    /// way if it scores this position, else the last finished one.
    pub fn evaluation(&self, game: &Match) -> Option<Evaluation> {
        let key = Key::of(game);
        let running = self
            .job
            .as_ref()
            .filter(|j| j.key == key && j.full)
            .and_then(|j| {
                let p = j.progress.lock().ok()?;
                Some(Evaluation {
                    key,
                    score: p.score?,
                    depth: p.depth,
                })
            });
        running.or(self.evaluation.filter(|e| e.key == key))
    }

    /// Whether a hint was asked for and is being searched.
    pub fn hint_pending(&self) -> bool {
        self.hint_for.is_some()
    }
}

/// The hint shown on the board: the best move found for the player at the
/// screen in the position of `key` (the board view shows it while the
/// match is there).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct HintMove(pub Option<(Key, Move)>);

impl HintMove {
    /// The hinted move, if it belongs to the match's current position.
    pub fn current(&self, game: &Match) -> Option<Move> {
        self.0.filter(|(k, _)| *k == Key::of(game)).map(|(_, m)| m)
    }
}

/// A score seen from White's side, from one seen by `side`.
pub fn white_view(score: Eval, side: Color) -> Eval {
    match (side, score) {
        (Color::White, s) => s,
        (_, Eval::Cp(c)) => Eval::Cp(-c),
        (_, Eval::Mate(n)) => Eval::Mate(-n),
    }
}

/// Thinking time per move of a level when none is chosen: the weak levels
/// stop at a shallow depth long before it.
pub fn level_time(level: u8) -> Duration {
    Duration::from_millis(match level {
        0..=4 => 500,
        5 | 6 => 1000,
        7 => 2000,
        _ => 3000,
    })
}

/// The limits of a computer move. A timed game plays on the clock: `left`
/// is the mover's time left (`None` until the match keeps a running clock:
/// then the control's starting time) and `moves_made` its moves so far; an
/// untimed game uses `per_move` or, without one, [`level_time`].
pub fn move_limits(
    setup: &GameSetup,
    level: u8,
    left: Option<Duration>,
    moves_made: u32,
    per_move: Option<Duration>,
) -> Limits {
    let clock = |time: Duration, inc: Duration, movestogo: Option<u32>| Limits {
        clock: Some(chimera_engine::TimeLeft {
            time: left.unwrap_or(time),
            inc,
            movestogo,
        }),
        ..Limits::default()
    };
    match setup.time {
        TimeControl::None => Limits::movetime(per_move.unwrap_or_else(|| level_time(level))),
        // Unused time is lost: use most of it, leaving room for the frame.
        TimeControl::PerMove { time } => Limits::movetime(left.unwrap_or(time).mul_f64(0.8)),
        TimeControl::Fischer { base, increment } => clock(base, increment, None),
        TimeControl::Delay { base, delay } => clock(base, delay, None),
        TimeControl::Periods { moves, time } => {
            let moves = moves.max(1);
            clock(time, Duration::ZERO, Some(moves - moves_made % moves))
        }
    }
}

/// The mover's time left on the match's clock (`None` in an untimed game).
fn clock_left(game: &Match, side: Color) -> Option<Duration> {
    game.remaining(side)
}

/// Starts a search of `purpose` for the match's side to move.
fn spawn_search(purpose: Purpose, game: &Match, level: u8, limits: Limits, started: f64) -> Job {
    let key = Key::of(game);
    let side = game.position().side_to_move();
    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(Mutex::new(Progress::default()));
    // The same position, level and purpose give the same seed: a game
    // against the computer is reproduced by the same moves.
    let seed = key.hash ^ (key.ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ level as u64;
    let g = game.game().clone();
    let (flag, shared) = (stop.clone(), progress.clone());
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let mut player = chimera_engine::Bot::new(level, seed, HASH_MB);
        player.searcher_mut().set_stop_flag(flag);
        let pos = g.position().clone();
        player.choose(&g, &limits, &mut |info| {
            let now = Progress {
                depth: info.depth,
                score: Some(white_view(info.score, side)),
                nodes: info.nodes,
                line: chimera_engine::pv_san(&pos, info.pv),
            };
            if let Ok(mut p) = shared.lock() {
                *p = now;
            }
        })
    });
    Job {
        purpose,
        full: level >= chimera_engine::MAX_LEVEL,
        key,
        side,
        stop,
        progress,
        task,
        started,
    }
}

/// A hint's or the evaluation bar's search of the match's position: the
/// full search (level 8, whatever the players' levels) for [`SHORT_SEARCH`].
fn full_search(purpose: Purpose, game: &Match, started: f64) -> Job {
    let limits = Limits::movetime(SHORT_SEARCH);
    spawn_search(purpose, game, chimera_engine::MAX_LEVEL, limits, started)
}

/// Everything [`drive`] writes besides the computer's state.
#[derive(bevy::ecs::system::SystemParam)]
struct DriveOut<'w, 's> {
    requests: MessageWriter<'w, MoveIntent>,
    commands: ResMut<'w, Messages<MatchCommand>>,
    seen: Local<'s, MessageCursor<MatchCommand>>,
    resynced: MessageReader<'w, 's, BoardResynced>,
    hint: ResMut<'w, HintMove>,
}

/// Each frame, after the match applied last frame's requests: cancels a
/// search whose position is gone, delivers a finished one (a computer's
/// move as a `MoveIntent`, a hint to [`HintMove`], a score to the bar)
/// and starts the next one needed. A new game lifts the pause. An undo
/// that leaves a computer to move against a person takes back the
/// computer's move too, so the person is to move again.
fn drive(
    mut computer: ResMut<Computer>,
    game: Option<Res<CurrentMatch>>,
    screen: Res<State<Screen>>,
    choice: Res<MenuChoice>,
    time: Res<Time>,
    mut out: DriveOut,
) {
    let now = time.elapsed_secs_f64();
    let resync = out.resynced.read().count() > 0;
    let (mut undone, mut new_game) = (false, false);
    {
        let DriveOut { commands, seen, .. } = &mut out;
        for c in seen.read(commands) {
            undone |= *c == MatchCommand::Undo;
            new_game |= matches!(c, MatchCommand::NewGame(_));
        }
    }
    let live = game
        .as_deref()
        .map(|m| &m.0)
        .filter(|g| *screen.get() == Screen::Game && g.outcome().is_none());
    let key = live.map(Key::of);
    let c = &mut *computer;
    if new_game {
        // A new game starts with its computers playing.
        c.paused = false;
    }
    if c.hint_for.is_some() && c.hint_for != key {
        c.hint_for = None;
    }
    if out.hint.0.is_some_and(|(k, _)| Some(k) != key) {
        out.hint.0 = None;
    }
    if let Some(job) = &c.job {
        let stale = resync
            || Some(job.key) != key
            || (job.purpose == Purpose::Move && c.paused)
            || (job.purpose == Purpose::Evaluation && (!c.eval_bar || c.hint_for.is_some()));
        if stale {
            c.job = None;
        }
    }
    if let Some(result) = c
        .job
        .as_mut()
        .filter(|j| j.ready(now))
        .and_then(|j| check_ready(&mut j.task))
        && let Some(job) = c.job.take()
    {
        if job.full {
            c.evaluation = Some(Evaluation {
                key: job.key,
                score: white_view(result.score, job.side),
                depth: result.depth,
            });
        }
        match job.purpose {
            Purpose::Move => {
                if let Some(mv) = result.best {
                    out.requests.write(MoveIntent {
                        mv,
                        ply: job.key.ply,
                    });
                }
                // The next search waits for the move to be applied.
                return;
            }
            Purpose::Hint => {
                out.hint.0 = result.best.map(|m| (job.key, m));
                c.hint_for = None;
            }
            Purpose::Evaluation => {}
        }
    }
    let Some(g) = live else { return };
    if c.job.is_some() {
        return;
    }
    let side = g.position().side_to_move();
    let setup = g.setup();
    match setup.player(side) {
        Player::Computer { level } => {
            if undone && setup.player(side.opposite()) == Player::Human && g.can_undo() {
                out.commands.write(MatchCommand::Undo);
                return;
            }
            // The bar shows the strongest search's score: a weaker level's
            // own is shallower and noisy, so the position is scored first —
            // in an untimed game (on a clock, that second would be the
            // computer's).
            let untimed = matches!(setup.time, TimeControl::None);
            if c.eval_bar
                && untimed
                && level < chimera_engine::MAX_LEVEL
                && c.evaluation.map(|e| e.key) != key
            {
                c.job = Some(full_search(Purpose::Evaluation, g, now));
                return;
            }
            if c.paused {
                return;
            }
            let limits = c.move_limits.unwrap_or_else(|| {
                let moves_made = (g.ply() / 2) as u32;
                move_limits(
                    setup,
                    level,
                    clock_left(g, side),
                    moves_made,
                    choice.think_time(),
                )
            });
            c.job = Some(spawn_search(Purpose::Move, g, level, limits, now));
        }
        Player::Human => {
            if c.hint_for.is_some() {
                c.job = Some(full_search(Purpose::Hint, g, now));
            } else if c.eval_bar && c.evaluation.map(|e| e.key) != key {
                c.job = Some(full_search(Purpose::Evaluation, g, now));
            }
        }
    }
}

/// The hint key or button, on the board, asks for a hint as the menu entry does.
fn hint_key(
    actions: Single<&ActionState<GameAction>>,
    active: Res<ActivePanel>,
    mut activated: MessageWriter<MenuActivated>,
    lesson: Option<Res<LessonBoard>>,
) {
    if active.0 == Panel::Board && actions.just_pressed(&GameAction::Hint) {
        // A lesson gives its own hint.
        let entry = match lesson {
            Some(_) => Entry::LessonHint,
            None => Entry::Hint,
        };
        activated.write(MenuActivated(entry));
    }
}

/// The computer's menu entries: hint, pause / resume, evaluation bar.
fn menu_entries(
    mut activated: MessageReader<MenuActivated>,
    mut computer: ResMut<Computer>,
    game: Option<Res<CurrentMatch>>,
) {
    for MenuActivated(entry) in activated.read() {
        match entry {
            Entry::Hint => {
                if let Some(g) = game.as_deref()
                    && g.outcome().is_none()
                    && g.setup().player(g.position().side_to_move()) == Player::Human
                {
                    computer.hint_for = Some(Key::of(g));
                }
            }
            Entry::PauseComputer => computer.paused = !computer.paused,
            Entry::EvalBar => computer.eval_bar = !computer.eval_bar,
            _ => {}
        }
    }
}
