//! Reviewing a game with the engine (issue 22): every position of the game
//! evaluated (the score from White's side, the best move and the best lines,
//! MultiPV), every move judged from the drop in winning chances the way
//! lichess judges it, and a summary per side. Pure: the caller gives the
//! stop flag and receives progress, so a window can run it on a task pool.
//!
//! The judgement follows lichess (lila's `Advice.scala`, `WinPercent.scala`
//! and `AccuracyCP.scala`, read for their constants):
//!
//! - winning chances of a centipawn score *cp* (the mover's view):
//!   `2 / (1 + exp(-0.00368208 · cp)) − 1`, in −1 … 1;
//! - a move that drops the mover's chances by at least 0.1 is an
//!   inaccuracy (`?!`, NAG 6), 0.2 a mistake (`?`, NAG 2), 0.3 a blunder
//!   (`??`, NAG 4), when both scores are centipawns;
//! - walking into a forced mate (no mate against the mover before, one
//!   after) is a blunder, a mistake when the mover was already 7 pawns
//!   down, an inaccuracy when 10 pawns down; losing a forced mate (a mate
//!   for the mover before, none after or one against) is a blunder, a
//!   mistake when still 7 pawns up after it, an inaccuracy when 10 up;
//!   a slower mate is not judged;
//! - the average centipawn loss counts each move's drop in the mover's
//!   score, scores capped at ±1000 and a mate counted as ±1000, a gain as 0.
//!
//! Chimera adds two rules: the engine's own best move is never judged (a
//! deeper look one ply later must not blame the move the engine chose), and
//! a move that ends the game by the rules is judged by its result (a win is
//! never a mistake, a draw counts as 0.00, a loss as a mate against the
//! mover).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::play::{pv_lmn, pv_san};
use super::search::{Eval, Limits, Searcher};
use chimera_game::record::{MatchRecord, RecordEval};
use chimera_rules::{Color, Game, Move, Outcome, Position};

/// lichess's multiplier of the logistic map from centipawns to winning
/// chances (lila pull request 11148).
pub const WINNING_CHANCES_MULTIPLIER: f64 = -0.00368208;

/// Drops in winning chances (−1 … 1 scale) from which a move is an
/// inaccuracy, a mistake, a blunder (lichess's thresholds).
pub const THRESHOLDS: [(f64, Judgement); 3] = [
    (0.3, Judgement::Blunder),
    (0.2, Judgement::Mistake),
    (0.1, Judgement::Inaccuracy),
];

/// Scores are capped at this many centipawns for the average loss, and a
/// mate counts as it (lichess's `Cp.CEILING`).
pub const CP_CEILING: i32 = 1000;

/// The winning chances of a score of `cp` centipawns for a side, from −1
/// (lost) to 1 (won): lichess's logistic map.
pub fn winning_chances(cp: i32) -> f64 {
    (2.0 / (1.0 + (WINNING_CHANCES_MULTIPLIER * cp as f64).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// How the review searches each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// The budget of one position (nodes, a move time or a depth): half of
    /// it for the best line, the other half shared by the other lines (all
    /// of it when only one line is asked for). A depth limit applies to
    /// every line as given.
    pub limits: Limits,
    /// Lines per position (MultiPV), at least 1.
    pub lines: usize,
    /// Plies of each line kept.
    pub line_plies: usize,
    /// Transposition table in megabytes (fixed, so that a node budget gives
    /// the same review on every machine).
    pub hash_mb: usize,
}

impl ReviewSettings {
    /// Three lines of six plies, a 16 MB table, these limits.
    pub fn new(limits: Limits) -> ReviewSettings {
        ReviewSettings {
            limits,
            lines: 3,
            line_plies: 6,
            hash_mb: 16,
        }
    }
}

/// One line the engine proposes from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestLine {
    /// Its score from White's side.
    pub eval: RecordEval,
    /// Its moves in LMN.
    pub moves: Vec<String>,
    /// Its moves in readable notation (the side panel's).
    pub san: Vec<String>,
    /// The move number and side of its first move: `12.` or `12...`.
    pub start: String,
}

impl BestLine {
    /// The line as a player reads it: `12... Nf6 13. Bg5 Be7`.
    pub fn text(&self) -> String {
        let number: u32 = self.start.trim_end_matches('.').parse().unwrap_or(1).max(1);
        let mut white = !self.start.ends_with("...");
        let mut n = number;
        let mut out = Vec::with_capacity(self.san.len() + 4);
        for (i, san) in self.san.iter().enumerate() {
            if white {
                out.push(format!("{n}. {san}"));
            } else if i == 0 {
                out.push(format!("{n}... {san}"));
            } else {
                out.push(san.clone());
            }
            if !white {
                n += 1;
            }
            white = !white;
        }
        out.join(" ")
    }
}

/// The review of one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionReview {
    /// Its ply: 0 is the start, n the position after the game's n-th move.
    pub ply: usize,
    /// The game's end here by the rules (no search then).
    pub outcome: Option<Outcome>,
    /// The engine's score from White's side (the best line's); `None` when
    /// the game is over here.
    pub eval: Option<RecordEval>,
    /// The best lines, best first (MultiPV).
    pub lines: Vec<BestLine>,
    /// Depth of the best line's last completed iteration.
    pub depth: u32,
    /// Nodes searched for this position, all lines.
    pub nodes: u64,
}

impl PositionReview {
    /// The engine's best move (LMN).
    pub fn best(&self) -> Option<&str> {
        self.lines
            .first()
            .and_then(|l| l.moves.first())
            .map(String::as_str)
    }

    /// The best move in readable notation.
    pub fn best_san(&self) -> Option<&str> {
        self.lines
            .first()
            .and_then(|l| l.san.first())
            .map(String::as_str)
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// `?!`, NAG 6.
    Inaccuracy,
    /// `?`, NAG 2.
    Mistake,
    /// `??`, NAG 4.
    Blunder,
}

impl Judgement {
    /// Its NAG as lichess exports it.
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }
    /// Its glyph.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
    /// Its name, as lichess's comment starts.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// A judged move's change of a forced mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateChange {
    /// The mover walked into a forced mate.
    Created,
    /// The mover had a forced mate and let it go.
    Lost,
}

impl MateChange {
    /// lichess's words for it.
    pub fn words(self) -> &'static str {
        match self {
            MateChange::Created => "Checkmate is now unavoidable",
            MateChange::Lost => "Lost forced checkmate sequence",
        }
    }
}

/// The review of one move of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Index of the move (0 = the first); it leads from position `index`
    /// to `index + 1`.
    pub index: usize,
    /// Who played it.
    pub mover: Color,
    /// The move in LMN.
    pub lmn: String,
    /// The move in readable notation.
    pub san: String,
    /// The judgement, if the move was bad.
    pub judgement: Option<Judgement>,
    /// A mate walked into or let go, when that is the judgement's reason.
    pub mate: Option<MateChange>,
    /// The mover's drop in winning chances (−1 … 1 scale, scores capped
    /// at ±1000 and mates counted as ±1000; negative when the move gained).
    pub chances_lost: f64,
    /// The mover's centipawn loss (capped scores, never below 0).
    pub cp_loss: i32,
}

/// One side's summary.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves judged (the side's moves).
    pub moves: u32,
    /// Inaccuracies.
    pub inaccuracies: u32,
    /// Mistakes.
    pub mistakes: u32,
    /// Blunders.
    pub blunders: u32,
    /// Average centipawn loss, rounded; `None` without moves.
    pub average_loss: Option<u32>,
}

/// A whole game's review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every position, the start first: one more than the moves.
    pub positions: Vec<PositionReview>,
    /// Every move.
    pub moves: Vec<MoveReview>,
    /// White's and Black's summaries (index by `Color::index`).
    pub summary: [SideSummary; 2],
}

/// What the review reports after each position.
#[derive(Clone, Copy, Debug)]
pub struct ReviewProgress<'a> {
    /// Positions done.
    pub done: usize,
    /// Positions in all.
    pub total: usize,
    /// The position just reviewed.
    pub position: &'a PositionReview,
}

/// The review was stopped by its flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the review was cancelled after {done} of {total} positions")]
pub struct Cancelled {
    /// Positions done before the stop.
    pub done: usize,
    /// Positions in all.
    pub total: usize,
}

/// A score of the side to move as White sees it.
fn white_view(e: Eval, side: Color) -> RecordEval {
    let flip = side == Color::Black;
    match e {
        Eval::Cp(c) => RecordEval::Cp(if flip { -c } else { c }),
        Eval::Mate(n) => RecordEval::Mate(if flip { -n } else { n }),
    }
}

/// `limits` scaled to `num/den` of its nodes and time (depth kept).
fn share(limits: &Limits, num: u32, den: u32) -> Limits {
    let mut l = *limits;
    l.nodes = l.nodes.map(|n| (n * num as u64 / den as u64).max(1));
    l.movetime = l.movetime.map(|t| t * num / den);
    l
}

/// Reviews every position of `game` (its start and the position after each
/// move) with `settings`, then judges every move. `stop` cancels it (the
/// running search answers within a few milliseconds: it polls the flag
/// every 128 nodes); `progress` hears of each position as it is done.
pub fn review_game(
    game: &Game,
    settings: &ReviewSettings,
    stop: &Arc<AtomicBool>,
    progress: &mut dyn FnMut(&ReviewProgress),
) -> Result<Review, Cancelled> {
    let total = game.moves().len() + 1;
    let mut searcher = Searcher::new(settings.hash_mb.max(1));
    searcher.set_stop_flag(stop.clone());
    let mut g = Game::from_position(game.start().clone());
    let mut positions = Vec::with_capacity(total);
    for ply in 0..total {
        if stop.load(Ordering::Relaxed) {
            return Err(Cancelled { done: ply, total });
        }
        if ply > 0 {
            g.play(game.moves()[ply - 1])
                .expect("the game's own moves are legal");
        }
        let pr = review_position(&mut searcher, &g, ply, settings);
        if stop.load(Ordering::Relaxed) {
            return Err(Cancelled { done: ply, total });
        }
        positions.push(pr);
        progress(&ReviewProgress {
            done: ply + 1,
            total,
            position: &positions[ply],
        });
    }
    Ok(judge_game(game, positions))
}

/// Reviews the current position of `g` (its history counts for repetition).
pub fn review_position(
    searcher: &mut Searcher,
    g: &Game,
    ply: usize,
    settings: &ReviewSettings,
) -> PositionReview {
    let mut pr = PositionReview {
        ply,
        outcome: g.outcome(),
        eval: None,
        lines: Vec::new(),
        depth: 0,
        nodes: 0,
    };
    if pr.outcome.is_some() {
        return pr;
    }
    let pos = g.position();
    let side = pos.side_to_move();
    let history = super::search::game_hashes(g);
    let wanted = settings.lines.max(1).min(pos.legal_moves().len());
    let mut excluded: Vec<Move> = Vec::with_capacity(wanted);
    for k in 0..wanted {
        let limits = match (wanted, k) {
            (1, _) => settings.limits,
            (_, 0) => share(&settings.limits, 1, 2),
            _ => share(&settings.limits, 1, 2 * (wanted as u32 - 1)),
        };
        let r = searcher.search_excluding(pos, &history, &limits, &excluded, &mut |_| {});
        pr.nodes += r.nodes;
        let Some(best) = r.best else { break };
        if k == 0 {
            pr.depth = r.depth;
            pr.eval = Some(white_view(r.score, side));
        }
        let pv: Vec<Move> =
            r.pv.iter()
                .copied()
                .take(settings.line_plies.max(1))
                .collect();
        pr.lines.push(line(pos, &pv, white_view(r.score, side)));
        excluded.push(best);
    }
    pr
}

fn line(pos: &Position, pv: &[Move], eval: RecordEval) -> BestLine {
    let n = pos.fullmove_number();
    BestLine {
        eval,
        moves: pv_lmn(pos, pv),
        san: pv_san(pos, pv),
        start: match pos.side_to_move() {
            Color::White => format!("{n}."),
            Color::Black => format!("{n}..."),
        },
    }
}

/// A position's value for the side that just moved into or out of it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum View {
    Cp(i32),
    /// A forced mate for the side (moves).
    MateFor,
    /// A forced mate against the side, or the game lost.
    MateAgainst,
    /// The game won.
    Won,
}

fn view(p: &PositionReview, side: Color) -> Option<View> {
    if let Some(o) = p.outcome {
        return Some(match o.winner {
            None => View::Cp(0),
            Some(w) if w == side => View::Won,
            Some(_) => View::MateAgainst,
        });
    }
    let sign = if side == Color::White { 1 } else { -1 };
    Some(match p.eval? {
        RecordEval::Cp(c) => View::Cp(c * sign),
        RecordEval::Mate(n) if n * sign > 0 => View::MateFor,
        RecordEval::Mate(_) => View::MateAgainst,
    })
}

/// The capped centipawns of a view (lichess's accuracy measure).
fn capped(v: View) -> i32 {
    match v {
        View::Cp(c) => c.clamp(-CP_CEILING, CP_CEILING),
        View::MateFor | View::Won => CP_CEILING,
        View::MateAgainst => -CP_CEILING,
    }
}

/// lichess's judgement of a move from the mover's view before and after.
fn judge(prev: View, next: View) -> (Option<Judgement>, Option<MateChange>) {
    use Judgement::*;
    match (prev, next) {
        (_, View::Won) => (None, None),
        (View::Cp(a), View::Cp(b)) => {
            let drop = winning_chances(a) - winning_chances(b);
            let j = THRESHOLDS.iter().find(|(d, _)| drop >= *d).map(|&(_, j)| j);
            (j, None)
        }
        (View::Cp(a), View::MateAgainst) => {
            let j = if a < -999 {
                Inaccuracy
            } else if a < -700 {
                Mistake
            } else {
                Blunder
            };
            (Some(j), Some(MateChange::Created))
        }
        (View::MateFor, after) => {
            let b = match after {
                View::Cp(b) => b,
                View::MateAgainst => 0,
                _ => return (None, None),
            };
            let j = if b > 999 {
                Inaccuracy
            } else if b > 700 {
                Mistake
            } else {
                Blunder
            };
            (Some(j), Some(MateChange::Lost))
        }
        _ => (None, None),
    }
}

/// Judges every move of `game` from the reviews of its positions (one more
/// than the moves, as [`review_game`] makes them) and sums up each side.
pub fn judge_game(game: &Game, positions: Vec<PositionReview>) -> Review {
    let mut pos = game.start().clone();
    let mut moves = Vec::with_capacity(game.moves().len());
    let mut losses: [Vec<i32>; 2] = [Vec::new(), Vec::new()];
    let mut summary = [SideSummary::default(); 2];
    for (i, &m) in game.moves().iter().enumerate() {
        let mover = pos.side_to_move();
        let lmn = pos.lmn(m);
        let san = pos.san(m);
        pos.make_move(m);
        let (before, after) = (positions.get(i), positions.get(i + 1));
        let views = before
            .and_then(|b| view(b, mover))
            .zip(after.and_then(|a| view(a, mover)));
        let own_best = before.and_then(|b| b.best()) == Some(lmn.as_str());
        let (judgement, mate) = match views {
            Some((p, n)) if !own_best => judge(p, n),
            _ => (None, None),
        };
        let (chances_lost, cp_loss) = views.map_or((0.0, 0), |(p, n)| {
            let (a, b) = (capped(p), capped(n));
            (winning_chances(a) - winning_chances(b), (a - b).max(0))
        });
        let s = &mut summary[mover.index()];
        s.moves += 1;
        match judgement {
            Some(Judgement::Inaccuracy) => s.inaccuracies += 1,
            Some(Judgement::Mistake) => s.mistakes += 1,
            Some(Judgement::Blunder) => s.blunders += 1,
            None => {}
        }
        if views.is_some() {
            losses[mover.index()].push(cp_loss);
        }
        moves.push(MoveReview {
            index: i,
            mover,
            lmn,
            san,
            judgement,
            mate,
            chances_lost,
            cp_loss,
        });
    }
    for (s, l) in summary.iter_mut().zip(&losses) {
        s.average_loss = (!l.is_empty()).then(|| {
            let sum: i64 = l.iter().map(|&x| x as i64).sum();
            ((sum as f64 / l.len() as f64).round()) as u32
        });
    }
    Review {
        positions,
        moves,
        summary,
    }
}

/// Writes the review into `record` (the record of the reviewed game): each
/// move's `%eval` (the position after it; none after a game-ending move),
/// the judgement's NAG in place of any earlier `$2`/`$4`/`$6`, and for a
/// judged move lichess's comment (`Mistake. Nf3 was best.`, added after any
/// comment already there unless present) and the engine's best line as the
/// move's variation. Other NAGs, comments, clocks and drawings stay.
pub fn annotate_record(record: &mut MatchRecord, review: &Review) {
    for (rm, mr) in record.moves.iter_mut().zip(&review.moves) {
        rm.eval = review.positions.get(mr.index + 1).and_then(|p| p.eval);
        rm.nags.retain(|n| ![2, 4, 6].contains(n));
        let Some(j) = mr.judgement else { continue };
        rm.nags.push(j.nag());
        let before = &review.positions[mr.index];
        let reason = mr.mate.map_or(j.name(), MateChange::words);
        let note = match before.best_san() {
            Some(best) => format!("{reason}. {best} was best."),
            None => format!("{reason}."),
        };
        match &mut rm.comment {
            Some(c) if c.contains(&note) => {}
            Some(c) => {
                c.push(' ');
                c.push_str(&note);
            }
            None => rm.comment = Some(note),
        }
        if let Some(l) = before.lines.first() {
            rm.line = l.moves.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_thresholds_on_the_logistic_map() {
        // 0 → 0; +100 cp ≈ 0.1820 (2/(1+e^-0.368208) - 1).
        assert!((winning_chances(0)).abs() < 1e-12);
        assert!((winning_chances(100) - 0.18203).abs() < 1e-4);
        assert!((winning_chances(-100) + 0.18203).abs() < 1e-4);
        // Dropping from 0 to -55 cp is just under an inaccuracy (0.1008 at
        // -55 cp: 2/(1+e^0.2025) - 1 = -0.1009), -54 is not.
        assert_eq!(
            judge(View::Cp(0), View::Cp(-55)).0,
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(judge(View::Cp(0), View::Cp(-54)).0, None);
        // A rook's drop from equality is a blunder; deep in a won position
        // the same drop is nothing.
        assert_eq!(
            judge(View::Cp(0), View::Cp(-500)).0,
            Some(Judgement::Blunder)
        );
        assert_eq!(judge(View::Cp(1800), View::Cp(1300)).0, None);
        assert_eq!(
            judge(View::Cp(-300), View::MateAgainst),
            (Some(Judgement::Blunder), Some(MateChange::Created))
        );
        assert_eq!(
            judge(View::Cp(-800), View::MateAgainst).0,
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(View::Cp(-1200), View::MateAgainst).0,
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(
            judge(View::MateFor, View::Cp(300)),
            (Some(Judgement::Blunder), Some(MateChange::Lost))
        );
        assert_eq!(
            judge(View::MateFor, View::Cp(800)).0,
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(View::MateFor, View::Cp(1500)).0,
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(judge(View::MateFor, View::MateFor), (None, None));
        assert_eq!(judge(View::MateAgainst, View::MateAgainst), (None, None));
        assert_eq!(judge(View::MateFor, View::Won), (None, None));
    }

    #[test]
    fn line_text_numbers_moves() {
        let l = BestLine {
            eval: RecordEval::Cp(0),
            moves: vec![],
            san: vec!["Nf6".into(), "Bg5".into(), "Be7".into()],
            start: "12...".into(),
        };
        assert_eq!(l.text(), "12... Nf6 13. Bg5 Be7");
        let l = BestLine {
            start: "3.".into(),
            ..l
        };
        assert_eq!(l.text(), "3. Nf6 Bg5 4. Be7");
    }
}
