//! Reviewing the game with the engine in the window (issue 22): "Analyse"
//! evaluates every position of the game shown (a running game: the moves so
//! far) on Bevy's [`AsyncComputeTaskPool`] — whose threads the window runs
//! at the lowest OS priority (`computer::task_pool_plugin`), so the frame
//! gets the cores first — one position after the other, each a node-limited
//! MultiPV search of `chimera_engine::review`. The frame only ever looks at
//! what the task has found so far (`try_lock`, `is_finished`): it never
//! waits for it. Each found position is judged at once (lichess's marks, the
//! per-side summary), so marks, graph and lines fill in as it goes.
//!
//! The analysis is cancelled — its stop flag set, its task dropped — by a
//! new game or another opened game, by the main menu, and by quitting; a
//! game taken back below the analysed moves keeps what still fits.
//!
//! When it is done, its evaluations, NAGs and best lines go into
//! [`MoveNotes`], so a saved game carries them; a record opened with
//! evaluations shows them (and the marks they give) without analysing.
//!
//! Also here: the engine's lines played forward on the board (through the
//! replay's line view) and "learn from your mistakes" (the positions where
//! a side erred, a try at a better move answered from the review's lines).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::ecs::message::{MessageCursor, Messages};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use crate::interaction::{Replay, ReplayMoved, ReplayStep, Toast, TriedMove};
use crate::marks::{BoardArrow, BoardCircle, MarkSource, Marks, ShownMarks, set_marks};
use crate::match_state::{Authority, BoardResynced, CurrentMatch, Match, MatchCommand};
use crate::menus::{Entry, FeaturePanels, MenuActivated};
use crate::saves::MoveNotes;
use crate::schedule::{AppSystems, Screen};
use chimera_engine::review::{
    BestLine, PositionReview, Review, ReviewSettings, judge_game, review_position, winning_chances,
};
use chimera_engine::{Judgement, Limits, Pace, Searcher, annotate_record};
use chimera_game::record::{Brush, MatchRecord, RecordEval, RecordedMove};
use chimera_rules::{Color, Game, Move, MoveKind};

mod pacing;

use pacing::FramePacer;

/// Registers the analysis, its entries and its systems.
pub fn plugin(app: &mut App) {
    app.init_resource::<Analysis>().add_systems(
        Update,
        (
            (follow_game, poll_analysis, pace_analysis, play_lines)
                .chain()
                .in_set(AppSystems::FollowMatch),
            show_best_move.in_set(AppSystems::Scene),
            (answer_entries, answer_tries, offer_entries)
                .chain()
                .in_set(AppSystems::Respond),
        ),
    );
}

/// Node budget of one position in the window: about a fifth of a second
/// per position on this machine's engine, three lines each.
pub const WINDOW_NODES: u64 = 250_000;

/// Seconds between the moves of a line played on the board.
pub const LINE_STEP_SECS: f64 = 0.8;

/// Where the shown review comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReviewSource {
    /// The engine, in this window.
    #[default]
    Engine,
    /// The evaluations of an opened record.
    Record,
}

/// The analysis running on the task pool.
struct AnalysisJob {
    stop: Arc<AtomicBool>,
    /// Positions the task has reviewed and the frame has not taken yet.
    found: Arc<Mutex<Vec<PositionReview>>>,
    task: Task<()>,
    /// The search's share of time, set from the frame times.
    pace: Arc<Pace>,
    /// Reads the frame times (from the first frame the job runs in).
    pacer: Option<FramePacer>,
}

impl Drop for AnalysisJob {
    /// A dropped analysis stops at once (the search polls the flag every
    /// 128 nodes) and its results are never read.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// "Learn from your mistakes": the moves to better, and where the player is.
#[derive(Clone, Debug, PartialEq)]
pub struct MistakeDrill {
    /// The side whose mistakes these are (`None`: both sides').
    pub side: Option<Color>,
    /// Indices of the moves to better (mistakes and blunders), in order.
    pub moves: Vec<usize>,
    /// The one being tried.
    pub at: usize,
    /// How the try stands.
    pub state: TryState,
    /// Moves bettered so far.
    pub found: usize,
}

/// How the try at one position stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TryState {
    /// Waiting for a move.
    Waiting,
    /// The last try was not good enough; the words say why.
    Wrong(String),
    /// A good move was found (its readable notation).
    Found(String),
    /// The engine's answer was asked for and shown.
    Shown,
}

/// The review of the game: what is known of its positions, the judged
/// moves, the analysis under way and "learn from your mistakes".
#[derive(Resource)]
pub struct Analysis {
    /// The game analysed (its start and moves when the analysis began).
    game: Option<Game>,
    /// Reviews of its positions from the start on, in order.
    positions: Vec<PositionReview>,
    /// `positions` judged.
    review: Option<Review>,
    /// Where the review comes from.
    pub source: ReviewSource,
    job: Option<AnalysisJob>,
    /// How each position is searched.
    pub settings: ReviewSettings,
    /// "Learn from your mistakes", when on.
    pub learn: Option<MistakeDrill>,
    /// When the next move of a line played on the board is due (game
    /// seconds), while one is played.
    line_due: Option<f64>,
}

impl Default for Analysis {
    fn default() -> Analysis {
        Analysis {
            game: None,
            positions: Vec::new(),
            review: None,
            source: ReviewSource::Engine,
            job: None,
            settings: ReviewSettings::new(Limits::nodes(WINDOW_NODES)),
            learn: None,
            line_due: None,
        }
    }
}

impl Analysis {
    /// Whether an analysis is running (started and not finished).
    pub fn is_running(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.task.is_finished())
    }

    /// Whether anything is known: a running or finished analysis, or a
    /// record's evaluations.
    pub fn has_review(&self) -> bool {
        self.game.is_some()
    }

    /// Positions reviewed and positions in all.
    pub fn progress(&self) -> (usize, usize) {
        let total = self.game.as_ref().map_or(0, |g| g.moves().len() + 1);
        (self.positions.len(), total)
    }

    /// The stop flag of the analysis under way (set once it is cancelled).
    pub fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        self.job.as_ref().map(|j| j.stop.clone())
    }

    /// Waits (blocking) until the analysis task has finished, at most
    /// `timeout`; whether it has (true also when none runs). For tests and
    /// tools that must not depend on how fast the machine is; the frame
    /// never calls it.
    pub fn wait(&self, timeout: std::time::Duration) -> bool {
        let start = std::time::Instant::now();
        while self.is_running() {
            if start.elapsed() >= timeout {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        true
    }

    /// The task's out-box of reviewed positions (the frame takes them with
    /// `try_lock`): a test holds it to show that the frame never waits.
    pub fn out_box(&self) -> Option<Arc<Mutex<Vec<PositionReview>>>> {
        self.job.as_ref().map(|j| j.found.clone())
    }

    /// The judged review so far.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// The review of the position after `ply` moves, if known.
    pub fn position(&self, ply: usize) -> Option<&PositionReview> {
        self.positions.get(ply)
    }

    /// The engine's score of the position after `ply` moves, from White's
    /// side.
    pub fn eval_at(&self, ply: usize) -> Option<RecordEval> {
        self.positions.get(ply)?.eval
    }

    /// White's winning chances after `ply` moves, −1 … 1 (lichess's map of
    /// the score; a mate ±1; a game over by the rules: its result).
    pub fn chances_at(&self, ply: usize) -> Option<f64> {
        let p = self.positions.get(ply)?;
        if let Some(o) = p.outcome {
            return Some(match o.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => -1.0,
                None => 0.0,
            });
        }
        Some(match p.eval? {
            RecordEval::Cp(c) => winning_chances(c),
            RecordEval::Mate(n) if n > 0 => 1.0,
            RecordEval::Mate(_) => -1.0,
        })
    }

    /// The judgement of the move at index `i` (0 = the first move).
    pub fn judgement(&self, i: usize) -> Option<Judgement> {
        self.review.as_ref()?.moves.get(i)?.judgement
    }

    /// The engine's best move in the position after `ply` moves of `game`,
    /// when the review knows it.
    pub fn best_move(&self, game: &Match, ply: usize) -> Option<Move> {
        let lmn = self.position(ply)?.best()?;
        let mut pos = game.game().start().clone();
        for &m in game.game().moves().get(..ply)? {
            pos.make_move(m);
        }
        pos.parse_lmn(lmn).ok()
    }

    /// Moves of the analysed game the review marks, with their index,
    /// in order.
    pub fn marked(&self) -> Vec<usize> {
        self.review.as_ref().map_or_else(Vec::new, |r| {
            r.moves
                .iter()
                .filter(|m| m.judgement.is_some())
                .map(|m| m.index)
                .collect()
        })
    }

    /// Forgets everything (another game): the running analysis stops.
    pub fn clear(&mut self) {
        *self = Analysis {
            settings: self.settings,
            ..Analysis::default()
        };
    }

    /// Stops the analysis under way, keeping what it found.
    pub fn cancel(&mut self) {
        self.job = None;
    }

    /// Whether the review belongs to `game`: the same start, and the same
    /// moves as far as both go.
    fn fits(&self, game: &Game) -> bool {
        self.game.as_ref().is_some_and(|a| {
            a.start().hash() == game.start().hash()
                && a.start().to_vfen() == game.start().to_vfen()
                && a.moves().iter().zip(game.moves()).all(|(x, y)| x == y)
        })
    }

    /// Starts analysing `game` (the moves so far), keeping the positions
    /// already reviewed of the same game.
    pub fn start(&mut self, game: &Game) {
        let keep = if self.fits(game) && self.source == ReviewSource::Engine {
            self.positions.len().min(game.moves().len() + 1)
        } else {
            0
        };
        self.positions.truncate(keep);
        self.job = None;
        self.source = ReviewSource::Engine;
        self.game = Some(game.clone());
        self.rejudge();
        if keep == game.moves().len() + 1 {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let found = Arc::new(Mutex::new(Vec::new()));
        // Flat out until frames are seen (a test may wait without any).
        let pace = Arc::new(Pace::full());
        let (flag, out, g, settings) = (stop.clone(), found.clone(), game.clone(), self.settings);
        let paced = pace.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move {
            analyse(&g, keep, &settings, &flag, &out, paced);
        });
        self.job = Some(AnalysisJob {
            stop,
            found,
            task,
            pace,
            pacer: None,
        });
    }

    /// Takes what the task found; whether anything new came.
    fn collect(&mut self) -> bool {
        let Some(job) = &self.job else { return false };
        // Never wait for the task: if it holds the lock, take it next frame.
        let new: Vec<PositionReview> = match job.found.try_lock() {
            Ok(mut v) => std::mem::take(&mut *v),
            Err(_) => Vec::new(),
        };
        let finished = job.task.is_finished();
        let any = !new.is_empty();
        self.positions.extend(new);
        if finished && job.found.try_lock().is_ok_and(|v| v.is_empty()) {
            self.job = None;
        }
        if any {
            self.rejudge();
        }
        any
    }

    fn rejudge(&mut self) {
        self.review = self
            .game
            .as_ref()
            .map(|g| judge_game(g, self.positions.clone()));
    }

    /// The review of an opened record's evaluations (`None` without any).
    fn from_notes(game: &Game, notes: &MoveNotes) -> Option<(Game, Vec<PositionReview>)> {
        let shared = notes.shared(game);
        if !notes.moves[..shared].iter().any(|n| n.eval.is_some()) {
            return None;
        }
        let mut g = Game::from_position(game.start().clone());
        let mut positions = vec![record_position(&g, 0, None, None)];
        for (i, note) in notes.moves[..shared].iter().enumerate() {
            let line = note.line.clone();
            g.play(game.moves()[i]).ok()?;
            positions.push(record_position(&g, i + 1, note.eval, None));
            // The record's variation is the best line of the position
            // before the move.
            if !line.is_empty() {
                let before = &mut positions[i];
                let mut p = game.start().clone();
                for &m in &game.moves()[..i] {
                    p.make_move(m);
                }
                before.lines = readable_line(&p, &line, before.eval).into_iter().collect();
            }
        }
        let analysed = {
            let mut a = Game::from_position(game.start().clone());
            for &m in &game.moves()[..shared] {
                a.play(m).ok()?;
            }
            a
        };
        Some((analysed, positions))
    }

    /// Writes the finished review into `notes` (evaluations, NAGs, the
    /// lichess-style comment and the best line of each judged move).
    fn write_notes(&self, notes: &mut MoveNotes) {
        let (Some(game), Some(review)) = (&self.game, &self.review) else {
            return;
        };
        let mut record = MatchRecord::from_game(game);
        if notes.fits(game) {
            for (rm, old) in record.moves.iter_mut().zip(&notes.moves) {
                *rm = old.clone();
            }
        }
        annotate_record(&mut record, review);
        notes.start = game.start().to_vfen();
        let tail: Vec<RecordedMove> = if notes.fits(game) {
            notes
                .moves
                .iter()
                .skip(record.moves.len())
                .cloned()
                .collect()
        } else {
            Vec::new()
        };
        notes.moves = record.moves;
        notes.moves.extend(tail);
    }
}

/// A position known from a record: its outcome by the rules, the recorded
/// score.
fn record_position(
    g: &Game,
    ply: usize,
    eval: Option<RecordEval>,
    line: Option<BestLine>,
) -> PositionReview {
    let outcome = g.outcome();
    PositionReview {
        ply,
        outcome,
        eval: if outcome.is_some() { None } else { eval },
        lines: line.into_iter().collect(),
        depth: 0,
        nodes: 0,
    }
}

/// A line of LMN moves from `pos` in readable notation (`None` if a move
/// does not parse: a record's variation is kept only when it is legal).
fn readable_line(
    pos: &chimera_rules::Position,
    lmn: &[String],
    eval: Option<RecordEval>,
) -> Option<BestLine> {
    let mut p = pos.clone();
    let mut moves = Vec::new();
    for t in lmn {
        let m = p.parse_lmn(t).ok()?;
        moves.push(m);
        p.make_move(m);
    }
    let n = pos.fullmove_number();
    Some(BestLine {
        eval: eval.unwrap_or(RecordEval::Cp(0)),
        moves: chimera_engine::pv_lmn(pos, &moves),
        san: chimera_engine::pv_san(pos, &moves),
        start: match pos.side_to_move() {
            Color::White => format!("{n}."),
            Color::Black => format!("{n}..."),
        },
    })
}

/// The task: reviews the positions of `game` from ply `from` on, each put
/// into `out` as soon as it is done, until done or stopped.
fn analyse(
    game: &Game,
    from: usize,
    settings: &ReviewSettings,
    stop: &Arc<AtomicBool>,
    out: &Mutex<Vec<PositionReview>>,
    pace: Arc<Pace>,
) {
    let mut searcher = Searcher::new(settings.hash_mb.max(1));
    searcher.set_stop_flag(stop.clone());
    searcher.set_pace(Some(pace));
    let mut g = Game::from_position(game.start().clone());
    for ply in 0..=game.moves().len() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        if ply > 0 && g.play(game.moves()[ply - 1]).is_err() {
            return;
        }
        if ply < from {
            continue;
        }
        let pr = review_position(&mut searcher, &g, ply, settings);
        if stop.load(Ordering::Relaxed) {
            return;
        }
        if let Ok(mut v) = out.lock() {
            v.push(pr);
        }
    }
}

/// Whether a try (`lmn`, by `mover`) at a reviewed position betters the
/// move `played` there: it is the first move of one of the review's lines
/// no more than an inaccuracy worse than the best (a drop in the mover's
/// winning chances under lichess's 0.1), and not the move played.
pub fn judge_try(position: &PositionReview, mover: Color, lmn: &str, played: &str) -> bool {
    let chances = |e: RecordEval| {
        let sign = if mover == Color::White { 1 } else { -1 };
        match e {
            RecordEval::Cp(c) => winning_chances(c * sign),
            RecordEval::Mate(n) if n * sign > 0 => 1.0,
            RecordEval::Mate(_) => -1.0,
        }
    };
    let Some(best) = position.lines.first() else {
        return false;
    };
    if lmn == played {
        return false;
    }
    position.lines.iter().any(|l| {
        l.moves.first().map(String::as_str) == Some(lmn)
            && chances(best.eval) - chances(l.eval) < 0.1
    })
}

/// The analysis follows the game: another game (new, opened, another
/// variant) clears it; going to the main menu or quitting cancels it; a
/// record's evaluations are shown when such a game is opened.
#[allow(clippy::too_many_arguments)]
fn follow_game(
    mut analysis: ResMut<Analysis>,
    game: Option<Res<CurrentMatch>>,
    screen: Res<State<Screen>>,
    (commands, mut seen): (
        Res<Messages<MatchCommand>>,
        Local<MessageCursor<MatchCommand>>,
    ),
    mut resynced: MessageReader<BoardResynced>,
    mut exit: MessageReader<AppExit>,
    notes: Res<MoveNotes>,
    mut replay: ResMut<Replay>,
) {
    let new_game = seen
        .read(&commands)
        .any(|c| matches!(c, MatchCommand::NewGame(_)));
    let resync = resynced.read().count() > 0;
    if exit.read().count() > 0 || *screen.get() != Screen::Game {
        analysis.cancel();
    }
    let Some(game) = game else {
        if analysis.has_review() {
            analysis.clear();
        }
        return;
    };
    let g = game.game();
    if new_game || ((resync || game.is_added()) && !analysis.fits(g)) {
        analysis.clear();
        replay.tries = false;
    }
    if (resync || game.is_added())
        && !analysis.has_review()
        && let Some((analysed, positions)) = Analysis::from_notes(g, &notes)
    {
        analysis.game = Some(analysed);
        analysis.positions = positions;
        analysis.source = ReviewSource::Record;
        analysis.rejudge();
    }
    if analysis.learn.is_none() && replay.tries {
        replay.tries = false;
    }
}

/// Takes the task's findings each frame (without waiting); when the
/// analysis is done, its review goes into the game's notes.
fn poll_analysis(mut analysis: ResMut<Analysis>, mut notes: ResMut<MoveNotes>) {
    if analysis.job.is_none() {
        return;
    }
    // Looking costs nothing: the analysis counts as changed (the arrow, the
    // graph and the marks follow it) only when a position came or it ended.
    let a = analysis.bypass_change_detection();
    let any = a.collect();
    if any || a.job.is_none() {
        analysis.set_changed();
    }
    if analysis.job.is_none() {
        analysis.write_notes(&mut notes);
    }
}

/// The running analysis gets the share of time the frames can spare
/// (see [`FramePacer`]); setting it changes nothing the frame shows.
fn pace_analysis(time: Res<Time<Real>>, mut analysis: ResMut<Analysis>) {
    let Some(job) = &mut analysis.bypass_change_detection().job else {
        return;
    };
    let now = time.elapsed_secs_f64();
    let pacer = job.pacer.get_or_insert_with(|| FramePacer::new(now));
    job.pace.set_share(pacer.frame(now, time.delta_secs()));
}

/// A line shown on the board is played forward, a move every
/// [`LINE_STEP_SECS`].
fn play_lines(
    mut analysis: ResMut<Analysis>,
    replay: Res<Replay>,
    time: Res<Time>,
    mut steps: MessageWriter<ReplayStep>,
) {
    let now = time.elapsed_secs_f64();
    let playing = replay.line().is_some_and(|(l, at)| at < l.len());
    match (playing, analysis.line_due) {
        (false, Some(_)) => analysis.line_due = None,
        (true, None) => analysis.line_due = Some(now + LINE_STEP_SECS),
        (true, Some(due)) if now >= due => {
            steps.write(ReplayStep::Next);
            analysis.line_due = Some(now + LINE_STEP_SECS);
        }
        _ => {}
    }
}

/// The marks of the engine's best move `m` in `pos`: an arrow from its
/// square to its target; a drop circles the square it enters on (and an
/// arrow goes on from there when the dropped piece moves on at once, as a
/// ninja pawn may).
pub fn best_move_marks(pos: &chimera_rules::Position, m: Move) -> Marks {
    let arrow = |from, to| BoardArrow {
        from,
        to,
        brush: Brush::Blue,
    };
    let mut marks = Marks::default();
    match m.kind() {
        MoveKind::Pass => {}
        MoveKind::Drop => {
            if let Some(at) = pos.drop_square(m) {
                marks.circles.push(BoardCircle {
                    sq: at,
                    brush: Brush::Blue,
                });
                if let Some(to) = pos.move_to(m).filter(|to| *to != at) {
                    marks.arrows.push(arrow(at, to));
                }
            }
        }
        _ => {
            if let (Some(from), Some(to)) = (pos.move_from(m), pos.move_to(m)) {
                marks.arrows.push(arrow(from, to));
            }
        }
    }
    marks
}

/// The engine's best move at the shown ply as a pale arrow on the board
/// (the board's marks layer, [`MarkSource::Engine`]); none while a line is
/// played on the board, and none while learning until the answer is found
/// or shown.
fn show_best_move(
    analysis: Res<Analysis>,
    game: Option<Res<CurrentMatch>>,
    replay: Res<Replay>,
    mut shown: ResMut<ShownMarks>,
) {
    if !(analysis.is_changed()
        || replay.is_changed()
        || game.as_ref().is_some_and(|g| g.is_changed()))
    {
        return;
    }
    let hidden = analysis
        .learn
        .as_ref()
        .is_some_and(|l| matches!(l.state, TryState::Waiting | TryState::Wrong(_)));
    let marks = game
        .as_deref()
        .filter(|_| replay.line().is_none() && !hidden)
        .and_then(|g| {
            let ply = replay.shown_ply(g);
            let m = analysis.best_move(g, ply)?;
            Some(best_move_marks(replay.position(g), m))
        })
        .unwrap_or_default();
    set_marks(&mut shown, MarkSource::Engine, marks);
}

/// What the review's entries act on.
#[derive(bevy::ecs::system::SystemParam)]
struct ReviewFx<'w> {
    replay: ResMut<'w, Replay>,
    moved: MessageWriter<'w, ReplayMoved>,
    steps: MessageWriter<'w, ReplayStep>,
    toasts: MessageWriter<'w, Toast>,
}

impl ReviewFx<'_> {
    /// Shows the position after `ply` moves (leaving any line).
    fn show_ply(&mut self, ply: usize) {
        self.steps.write(ReplayStep::To(ply));
    }

    /// Plays `line` (LMN) from the shown ply on the board.
    fn play_line(&mut self, game: &Match, ply: usize, line: &[String]) {
        let mut pos = game.game().start().clone();
        for &m in &game.game().moves()[..ply.min(game.ply())] {
            pos.make_move(m);
        }
        let mut moves = Vec::new();
        for t in line {
            let Ok(m) = pos.parse_lmn(t) else { break };
            moves.push(m);
            pos.make_move(m);
        }
        let from = self.replay.shown_ply(game);
        self.replay.show_line(game, ply, moves);
        self.moved.write(ReplayMoved {
            from,
            to: ply,
            effects: None,
        });
    }
}

/// The review's entries: analyse (or stop), learn from the mistakes, the
/// next marked move, the engine's answer, a line played on the board.
fn answer_entries(
    mut activated: MessageReader<MenuActivated>,
    mut analysis: ResMut<Analysis>,
    game: Option<Res<CurrentMatch>>,
    authority: Option<Res<Authority>>,
    mut fx: ReviewFx,
) {
    let Some(game) = game else {
        activated.clear();
        return;
    };
    for MenuActivated(entry) in activated.read() {
        let shown = fx.replay.shown_ply(&game);
        match entry {
            Entry::Analyse if analysis.is_running() => analysis.cancel(),
            Entry::Analyse if may_analyse(&game, authority.as_deref()) => {
                analysis.start(game.game());
            }
            Entry::Analyse => {
                fx.toasts
                    .write(Toast("a LAN game is analysed once it has ended".into()));
            }
            Entry::PlayLine(i) => {
                if let Some(line) = analysis.position(shown).and_then(|p| p.lines.get(*i)) {
                    let line = line.moves.clone();
                    fx.play_line(&game, shown, &line);
                }
            }
            Entry::NextMistake => next_mistake(&mut analysis, &game, &mut fx),
            Entry::LearnMistakes => {
                if analysis.learn.take().is_some() {
                    fx.replay.tries = false;
                } else {
                    start_learning(&mut analysis, &game, &mut fx);
                }
            }
            Entry::ShowAnswer => {
                let Some(l) = &mut analysis.learn else {
                    continue;
                };
                let ply = l.moves.get(l.at).copied().unwrap_or(shown);
                l.state = TryState::Shown;
                if let Some(line) = analysis.position(ply).and_then(|p| p.lines.first()) {
                    let line = line.moves.clone();
                    fx.play_line(&game, ply, &line);
                }
            }
            _ => {}
        }
    }
}

/// Whether this screen may analyse the game now: always, but a LAN game
/// only once it has ended (its moves are the players' to find).
pub fn may_analyse(game: &Match, authority: Option<&Authority>) -> bool {
    authority.is_none() || game.outcome().is_some()
}

/// The side whose mistakes are learned from: the one person playing
/// against the computer, else both sides.
fn learning_side(game: &Match) -> Option<Color> {
    use crate::match_state::Player;
    let humans: Vec<Color> = [Color::White, Color::Black]
        .into_iter()
        .filter(|c| game.setup().player(*c) == Player::Human)
        .collect();
    (humans.len() == 1).then(|| humans[0])
}

fn start_learning(analysis: &mut Analysis, game: &Match, fx: &mut ReviewFx) {
    let side = learning_side(game);
    let moves: Vec<usize> = analysis.review().map_or_else(Vec::new, |r| {
        r.moves
            .iter()
            .filter(|m| {
                matches!(m.judgement, Some(Judgement::Mistake | Judgement::Blunder))
                    && side.is_none_or(|s| s == m.mover)
                    && analysis
                        .position(m.index)
                        .is_some_and(|p| !p.lines.is_empty())
            })
            .map(|m| m.index)
            .collect()
    });
    let Some(&first) = moves.first() else {
        fx.toasts.write(Toast(
            "no mistakes to learn from (analyse the game first)".into(),
        ));
        return;
    };
    analysis.learn = Some(MistakeDrill {
        side,
        moves,
        at: 0,
        state: TryState::Waiting,
        found: 0,
    });
    fx.replay.tries = true;
    fx.show_ply(first);
}

/// The next marked move after the shown ply (learning: the next position
/// to try), shown as the position before it.
fn next_mistake(analysis: &mut Analysis, game: &Match, fx: &mut ReviewFx) {
    if let Some(l) = &mut analysis.learn {
        if l.at + 1 >= l.moves.len() {
            let (found, all) = (l.found, l.moves.len());
            analysis.learn = None;
            fx.replay.tries = false;
            fx.toasts.write(Toast(format!(
                "done: {found} of {all} bettered — learning is over"
            )));
            return;
        }
        l.at += 1;
        l.state = TryState::Waiting;
        let ply = l.moves[l.at];
        fx.show_ply(ply);
        return;
    }
    let shown = fx.replay.shown_ply(game);
    let marked = analysis.marked();
    // The position before the move: after `index` moves.
    let next = marked
        .iter()
        .find(|&&i| i + 1 > shown)
        .or(marked.first())
        .copied();
    match next {
        Some(i) => fx.show_ply(i + 1),
        None => {
            fx.toasts.write(Toast("no marked moves".into()));
        }
    }
}

/// A try while learning: found, or try again.
fn answer_tries(
    mut tried: MessageReader<TriedMove>,
    mut analysis: ResMut<Analysis>,
    game: Option<Res<CurrentMatch>>,
    mut fx: ReviewFx,
) {
    let Some(game) = game else {
        tried.clear();
        return;
    };
    for TriedMove(req) in tried.read() {
        let ply = req.ply;
        let Some(position) = analysis.position(ply).cloned() else {
            continue;
        };
        let mut pos = game.game().start().clone();
        for &m in &game.game().moves()[..ply] {
            pos.make_move(m);
        }
        let lmn = pos.lmn(req.mv);
        let san = pos.san(req.mv);
        let played = game
            .game()
            .moves()
            .get(ply)
            .map(|&m| pos.lmn(m))
            .unwrap_or_default();
        let good = judge_try(&position, pos.side_to_move(), &lmn, &played);
        let Some(l) = &mut analysis.learn else {
            continue;
        };
        if good {
            if l.moves.get(l.at) == Some(&ply) && !matches!(l.state, TryState::Found(_)) {
                l.found += 1;
            }
            l.state = TryState::Found(san.clone());
            // Show the found move's line played on.
            let line = position
                .lines
                .iter()
                .find(|x| x.moves.first() == Some(&lmn))
                .map(|x| x.moves.clone())
                .unwrap_or_else(|| vec![lmn.clone()]);
            fx.play_line(&game, ply, &line);
        } else if lmn == played {
            l.state = TryState::Wrong(format!("{san} is the move played: find a better one"));
        } else {
            l.state = TryState::Wrong(format!("{san} is not one of the engine's moves: try again"));
        }
    }
}

/// Keeps the review's entries of the in-game menu and the end dialog
/// current.
fn offer_entries(
    analysis: Res<Analysis>,
    game: Option<Res<CurrentMatch>>,
    authority: Option<Res<Authority>>,
    replay: Res<Replay>,
    mut panels: ResMut<FeaturePanels>,
) {
    let mut v = Vec::new();
    if let Some(game) = game.as_deref()
        && may_analyse(game, authority.as_deref())
    {
        v.push(Entry::Analyse);
        if analysis.has_review() {
            let shown = replay.shown_ply(game);
            let lines = analysis.position(shown).map_or(0, |p| p.lines.len());
            v.extend((0..lines).map(Entry::PlayLine));
            if !analysis.marked().is_empty() {
                v.push(Entry::NextMistake);
                v.push(Entry::LearnMistakes);
            }
            if analysis.learn.is_some() {
                v.push(Entry::ShowAnswer);
            }
        }
    }
    if panels.review != v {
        panels.review = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(lines: &[(&str, RecordEval)]) -> PositionReview {
        PositionReview {
            ply: 0,
            outcome: None,
            eval: lines.first().map(|l| l.1),
            lines: lines
                .iter()
                .map(|(m, e)| BestLine {
                    eval: *e,
                    moves: vec![m.to_string()],
                    san: vec![m.to_string()],
                    start: "1.".into(),
                })
                .collect(),
            depth: 1,
            nodes: 1,
        }
    }

    #[test]
    fn a_try_is_good_when_near_the_best_line() {
        // White's view: the best line +0.50, the second +0.30 (a drop of
        // 0.0668 in winning chances: under lichess's 0.1), the third -1.00.
        let p = position(&[
            ("e2e4", RecordEval::Cp(50)),
            ("d2d4", RecordEval::Cp(30)),
            ("a2a3", RecordEval::Cp(-100)),
        ]);
        assert!(judge_try(&p, Color::White, "e2e4", "a2a3"));
        assert!(judge_try(&p, Color::White, "d2d4", "a2a3"));
        assert!(!judge_try(&p, Color::White, "a2a3", "h2h3"));
        assert!(!judge_try(&p, Color::White, "g2g4", "a2a3"));
        // The move played is never the answer.
        assert!(!judge_try(&p, Color::White, "e2e4", "e2e4"));
        // Black's view turns the scores round: -1.00 is Black's best.
        let p = position(&[("e7e5", RecordEval::Cp(-100)), ("a7a6", RecordEval::Cp(60))]);
        assert!(judge_try(&p, Color::Black, "e7e5", "h7h6"));
        assert!(!judge_try(&p, Color::Black, "a7a6", "h7h6"));
    }
}
