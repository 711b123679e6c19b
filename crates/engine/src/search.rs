//! Iterative-deepening principal variation search with a transposition
//! table, quiescence search, check extensions, null-move pruning, late
//! move reductions, and late-move and futility pruning near the horizon.
//! Game ends are scored as `Position::terminal` and `Game::outcome` decide
//! them (see [`Searcher::search`]).
//!
//! No allocation happens per node: move lists, ordering scores, killers and
//! the principal-variation table are allocated per ply when the searcher is
//! made, the transposition table once for its size.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::eval::Evaluator;
use super::pace::{Pace, PaceKeeper};
use super::tt::{Bound, Table, from_tt, to_tt};
use chimera_rules::geometry::CELLS;
use chimera_rules::pieces::{Kind, is_piece, kind_of};
use chimera_rules::position::MoveKind;
use chimera_rules::rng::GOLDEN_GAMMA;
use chimera_rules::variants::NoMoves;
use chimera_rules::{Game, Move, Position, SplitMix64, Variant};

/// Score of a mate delivered now (mate in n plies scores `MATE - n`).
pub const MATE: i32 = 30000;
/// Deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;
/// Scores at least this large (in absolute value) are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
/// Larger than any score.
pub const INF: i32 = 31000;
/// A drawn position.
pub const DRAW: i32 = 0;
/// Deepest iteration of iterative deepening.
pub const MAX_DEPTH: u32 = 100;

/// Futility margin per ply of depth left (centipawns).
const FUTILITY_MARGIN: i32 = 100;
/// Reverse futility: a node this many centipawns a ply above beta by its
/// static evaluation is cut (within [`RFP_DEPTH`] plies of the horizon).
const RFP_MARGIN: i32 = 100;
/// Depth up to which reverse futility cuts.
const RFP_DEPTH: i32 = 6;
/// Depth up to which moves that lose material in a static exchange are
/// pruned.
const SEE_PRUNE_DEPTH: i32 = 7;
/// A capture or check losing more than this per ply of depth left is pruned.
const SEE_LOSS: i32 = 150;
/// A quiet move losing more than this per ply squared is pruned.
const SEE_QUIET_LOSS: i32 = 20;
/// Ordering score of a capture (or promotion) that does not lose material,
/// before its gain; a losing one scores `2 * GOOD_CAPTURE` less, after the
/// quiet moves.
const GOOD_CAPTURE: i32 = 1_000_000;
/// Nodes between two looks at the clock and the stop flag.
const POLL_MASK: u64 = 127;
/// A move list's starting room (grows once if a position needs more).
const LIST_ROOM: usize = 512;

/// A search's evaluation as reported: centipawns, or moves to mate
/// (negative: being mated). (A game's score, `1-0`, is `chimera_rules::Score`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move gets mated).
    Mate(i32),
}

impl Eval {
    /// The reported form of an internal score.
    pub fn from_internal(s: i32) -> Eval {
        if s >= MATE_BOUND {
            Eval::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Eval::Mate(-((MATE + s + 1) / 2))
        } else {
            Eval::Cp(s)
        }
    }

    /// `cp 23` or `mate -3`, as UCI and `chimera analyse` write it.
    pub fn text(&self) -> String {
        match self {
            Eval::Cp(c) => format!("cp {c}"),
            Eval::Mate(n) => format!("mate {n}"),
        }
    }
}

/// What the mover's clock says, for time management (UCI's `wtime`/`btime`,
/// `winc`/`binc`, `movestogo`). (The match's running clock is
/// `chimera_game::clock::Clock`.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeLeft {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves until the next time control, if any.
    pub movestogo: Option<u32>,
}

/// When the search stops (whichever comes first; none: [`MAX_DEPTH`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// The mover's clock.
    pub clock: Option<TimeLeft>,
    /// Search until stopped (ignores nothing else, but does not stop early on a found mate).
    pub infinite: bool,
}

impl Limits {
    /// (soft, hard) time limits: after the soft one no new iteration
    /// starts, at the hard one the search is abandoned. A fixed move time is
    /// both; a clock gives an even share of the time left over the moves to
    /// go (30 when unknown) plus most of the increment as the target, 3/5 of
    /// it as the soft limit and three times it, never more than half the
    /// time left, as the hard one.
    pub fn time_limits(&self) -> (Option<Duration>, Option<Duration>) {
        match (self.infinite, self.movetime, self.clock) {
            (true, _, _) => (None, None),
            (false, Some(t), _) => (Some(t), Some(t)),
            (false, None, Some(c)) => {
                let (soft, hard) = budget(&c);
                (Some(soft), Some(hard))
            }
            _ => (None, None),
        }
    }

    /// A depth limit.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    /// A fixed time per move.
    pub fn movetime(t: Duration) -> Limits {
        Limits {
            movetime: Some(t),
            ..Limits::default()
        }
    }
    /// A node budget.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
}

/// What the search reports after each completed iteration.
#[derive(Clone, Copy, Debug)]
pub struct Info<'a> {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Score for the side to move at the root.
    pub score: Eval,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Principal variation from the root.
    pub pv: &'a [Move],
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (None only when the root has no legal move).
    pub best: Option<Move>,
    /// Its score.
    pub score: Eval,
    /// Internal score (centipawns or mate distance, side to move).
    pub raw: i32,
    /// Last completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time used.
    pub time: Duration,
    /// Principal variation (starts with `best`).
    pub pv: Vec<Move>,
}

/// Search features the weaker levels switch off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Quiescence search at the horizon (off: static evaluation).
    pub quiescence: bool,
    /// Null-move pruning, late-move reductions and reverse futility.
    pub pruning: bool,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            quiescence: true,
            pruning: true,
        }
    }
}

struct Ply {
    moves: Vec<Move>,
    scores: Vec<i32>,
    quiets: Vec<Move>,
    /// Captures whose exchange is not yet worked out (by slot).
    doubtful: Vec<bool>,
    killers: [Option<Move>; 2],
    mobility: i32,
    /// The move being searched from this ply (the next ply's previous move).
    current: Move,
    /// The static evaluation here (`-INF` in check).
    eval: i32,
}

/// The null move (a pass).
const NULL_MOVE: Move = Move::with(MoveKind::Pass, 0, 0, 0, 0, 0);

/// The search engine: its tables persist between searches (call
/// [`Searcher::new_game`] between unrelated games).
pub struct Searcher {
    tt: Table,
    eval: Option<Evaluator>,
    plies: Vec<Ply>,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    history: Vec<i32>,
    /// The quiet move that last refuted each previous move (by its from
    /// and to cells): the counter-move heuristic.
    counters: Vec<Option<Move>>,
    lmr: [[u8; 64]; 64],
    path: Vec<u64>,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    stop: Arc<AtomicBool>,
    pace: Option<PaceKeeper>,
    start: Instant,
    hard: Option<Duration>,
    node_limit: u64,
    root_depth: i32,
    root_best: Option<(Move, i32)>,
    features: Features,
    giveaway: bool,
    promo_floor: i32,
    noise: i32,
    noise_seed: u64,
    /// Root moves left out of the search (MultiPV's later lines).
    excluded: Vec<Move>,
}

impl Searcher {
    /// A searcher with a transposition table of `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.5 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8;
            }
        }
        Searcher {
            tt: Table::new(hash_mb),
            eval: None,
            plies: (0..=MAX_PLY)
                .map(|_| Ply {
                    moves: Vec::with_capacity(LIST_ROOM),
                    scores: Vec::with_capacity(LIST_ROOM),
                    quiets: Vec::with_capacity(LIST_ROOM),
                    doubtful: Vec::with_capacity(LIST_ROOM),
                    killers: [None; 2],
                    current: NULL_MOVE,
                    eval: -INF,
                    mobility: 0,
                })
                .collect(),
            pv: vec![[NULL_MOVE; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            history: vec![0; 2 * CELLS * CELLS],
            counters: vec![None; CELLS * CELLS],
            lmr,
            path: Vec::with_capacity(4096),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            stop: Arc::new(AtomicBool::new(false)),
            pace: None,
            start: Instant::now(),
            hard: None,
            node_limit: u64::MAX,
            root_depth: 0,
            root_best: None,
            features: Features::default(),
            giveaway: false,
            promo_floor: 0,
            noise: 0,
            noise_seed: 0,
            excluded: Vec::with_capacity(8),
        }
    }

    /// Replaces the transposition table by one of `mb` megabytes.
    pub fn set_hash_size(&mut self, mb: usize) {
        self.tt = Table::new(mb);
    }

    /// Forgets what earlier searches learnt (table, history, killers).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
        self.counters.iter_mut().for_each(|c| *c = None);
        for p in &mut self.plies {
            p.killers = [None; 2];
        }
    }

    /// The flag that stops a running search (it is never cleared by the
    /// search itself: clear it before starting one).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Uses `flag` as the stop flag from now on.
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = flag;
    }

    /// Runs every later search at `pace` (see [`Pace`]; `None`: flat out).
    /// A paced search finds what an unpaced one does, only later.
    pub fn set_pace(&mut self, pace: Option<Arc<Pace>>) {
        self.pace = pace.map(PaceKeeper::new);
    }

    /// Switches search features (the levels use this).
    pub fn set_features(&mut self, f: Features) {
        self.features = f;
    }

    /// Adds to every root move's score a fixed random amount in
    /// `-amplitude..=amplitude` centipawns drawn from `seed` (0: none), so
    /// that a weaker level prefers moves a little worse than the best.
    pub fn set_root_noise(&mut self, amplitude: i32, seed: u64) {
        self.noise = amplitude.max(0);
        self.noise_seed = seed;
    }

    /// The root bias of move `m` (see [`Searcher::set_root_noise`]).
    fn root_bias(&self, m: Move) -> i32 {
        if self.noise == 0 {
            return 0;
        }
        let key =
            (m.from as u64) | (m.to as u64) << 16 | (m.aux as u64) << 32 | (m.piece as u64) << 48;
        SplitMix64::new(self.noise_seed ^ key.wrapping_mul(GOLDEN_GAMMA)).symmetric(self.noise)
    }

    /// Permille of the transposition table filled by this search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// The evaluator of `v`, built when the variant changes.
    fn prepare_eval(&mut self, v: &Arc<Variant>) {
        let same = self
            .eval
            .as_ref()
            .is_some_and(|e| e.variant().id() == v.id() && e.variant().options() == v.options());
        if !same {
            self.eval = Some(Evaluator::new(v));
        }
        let e = self.eval.as_ref().expect("evaluator");
        self.giveaway = v.forced_capture;
        let best_promo = v
            .promotion
            .pieces
            .iter()
            .map(|k| e.value(k.num()))
            .max()
            .unwrap_or(0);
        self.promo_floor = best_promo * 3 / 4;
    }

    /// Searches the game's current position (its history counts for repetition).
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let history = game_hashes(game);
        self.search(game.position(), &history, limits, on_info)
    }

    /// Searches `root` as [`Searcher::search`] does, leaving the root moves
    /// of `exclude` out: the best of the other moves, its score and line
    /// (MultiPV's second, third … line is the search excluding the lines
    /// before it). `best` is `None` when every legal move is excluded. The
    /// root's own table entry is not written by such a search, so a later
    /// full search of the same position is not misled by it.
    pub fn search_excluding(
        &mut self,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        exclude: &[Move],
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.excluded.clear();
        self.excluded.extend_from_slice(exclude);
        let r = self.search(root, history, limits, on_info);
        self.excluded.clear();
        r
    }

    /// Drops the excluded moves from the root's move list.
    fn exclude_root_moves(&mut self) {
        if !self.excluded.is_empty() {
            let ex = std::mem::take(&mut self.excluded);
            self.plies[0].moves.retain(|m| !ex.contains(m));
            self.excluded = ex;
        }
    }

    /// Searches `root`. `history` holds the hashes of the positions before
    /// it in the game, oldest first (the root's own may end it); a position
    /// met again counts as a draw. Game ends are scored as the rules decide
    /// them: no legal move is a loss when in check and a draw otherwise in
    /// the check variants (a checkmated Holy Grail king with a free prince
    /// still has its crowning moves, so it is not mated) and a win in
    /// Ghostarelay; 100 plies without progress and bare kings are draws.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut pos = self.begin(root, history, limits);
        pos.legal_moves_into(&mut self.plies[0].moves);
        let in_check = pos.in_check();
        if !self.excluded.is_empty() {
            self.exclude_root_moves();
            if self.plies[0].moves.is_empty() {
                return self.result(None, DRAW, 0, Vec::new());
            }
        }
        if self.plies[0].moves.is_empty() {
            let raw = self.no_moves(pos.variant(), 0, in_check);
            return self.result(None, raw, 0, Vec::new());
        }
        // A fallback before any iteration completes: the best-ordered move.
        let hash_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        self.order(&pos, 0, hash_move, false);
        let first = self
            .pick(&mut pos, 0, 0, false)
            .unwrap_or(self.plies[0].moves[0]);
        let mut best = (first, 0i32, 0u32, vec![first]);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let soft = limits.time_limits().0;
        let mut prev: i32 = 0;
        for d in 1..=max_depth {
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            self.root_depth = d as i32;
            self.root_best = None;
            self.seldepth = 0;
            let mut delta = 40;
            let (mut alpha, mut beta) = if d >= 5 && prev.abs() < MATE_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.node(&mut pos, d as i32, 0, alpha, beta, in_check, true, false);
                if self.aborted {
                    break s;
                }
                if s <= alpha {
                    alpha = (s - delta).max(-INF);
                } else if s >= beta {
                    beta = (s + delta).min(INF);
                } else {
                    break s;
                }
                delta *= 3;
            };
            if self.aborted {
                // A root move that completed in the unfinished iteration and
                // beat the previous best is trusted.
                if let Some((m, s)) = self.root_best
                    && m != best.0
                {
                    best = (m, s - self.root_bias(m), best.2, vec![m]);
                }
                break;
            }
            prev = score;
            let pv = self.pv[0][..self.pv_len[0]].to_vec();
            let m = pv.first().copied().unwrap_or(best.0);
            let score = score - self.root_bias(m);
            best = (m, score, d, if pv.is_empty() { vec![m] } else { pv });
            let elapsed = self.start.elapsed();
            on_info(&Info {
                depth: d,
                seldepth: self.seldepth as u32,
                score: Eval::from_internal(score),
                nodes: self.nodes,
                nps: nps(self.nodes, elapsed),
                time: elapsed,
                pv: &best.3,
            });
            let mate_done = score.abs() >= MATE_BOUND && (MATE - score.abs()) < d as i32;
            if (mate_done && !limits.infinite)
                || soft.is_some_and(|s| elapsed >= s)
                || self.nodes >= self.node_limit
            {
                break;
            }
        }
        let (m, raw, depth, pv) = best;
        self.result(Some(m), raw, depth, pv)
    }

    /// Sets up a search of `root`: evaluator, limits, counters, path.
    fn begin(&mut self, root: &Position, history: &[u64], limits: &Limits) -> Position {
        self.prepare_eval(root.variant());
        self.start = Instant::now();
        if let Some(p) = &mut self.pace {
            p.restart();
        }
        self.hard = limits.time_limits().1;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.tt.new_search();
        for h in self.history.iter_mut() {
            *h /= 2;
        }
        for p in &mut self.plies {
            p.killers = [None; 2];
            p.mobility = 0;
        }
        self.path.clear();
        self.path.extend_from_slice(history);
        if self.path.last() != Some(&root.hash()) {
            self.path.push(root.hash());
        }
        let mut pos = root.clone();
        pos.s.undo.reserve(2 * MAX_PLY);
        pos
    }

    fn result(&self, best: Option<Move>, raw: i32, depth: u32, pv: Vec<Move>) -> SearchResult {
        SearchResult {
            best,
            score: Eval::from_internal(raw),
            raw,
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            time: self.start.elapsed(),
            pv,
        }
    }

    /// Counts a node at `ply` (its line starts empty); false when the search
    /// has been stopped.
    #[inline]
    fn enter(&mut self, ply: usize) -> bool {
        self.pv_len[ply] = 0;
        if self.aborted {
            return false;
        }
        self.nodes += 1;
        self.poll();
        self.seldepth = self.seldepth.max(ply);
        !self.aborted
    }

    /// Looks at the stop flag, the clock and the node budget, and rests
    /// when the pace says so.
    #[inline]
    fn poll(&mut self) {
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.nodes & POLL_MASK == 0 {
            if let Some(p) = &mut self.pace {
                p.keep(&self.stop);
            }
            if self.stop.load(Ordering::Relaxed)
                || self.hard.is_some_and(|h| self.start.elapsed() >= h)
            {
                self.aborted = true;
            }
        }
    }

    /// The static evaluation of `pos` and its quiescence score (side to
    /// move's view, no game history; mobility does not count at the root,
    /// as in a search's). Out of check, the two are equal when no capture
    /// or promotion the quiescence search tries changes the score: the
    /// position is quiet (Texel tuning's training positions).
    pub fn quiet_scores(&mut self, pos: &Position) -> (i32, i32) {
        let mut p = self.begin(pos, &[], &Limits::default());
        let stand = self.evaluate(&p, 0);
        let check = p.in_check();
        let q = self.quiesce(&mut p, 0, -INF, INF, check);
        (stand, q)
    }

    fn evaluate(&self, pos: &Position, ply: usize) -> i32 {
        self.evaluate_within(pos, ply, -INF, INF)
    }

    /// The static evaluation where only its place in `(low, high)` matters
    /// (see [`Evaluator::evaluate_within`]).
    fn evaluate_within(&self, pos: &Position, ply: usize, low: i32, high: i32) -> i32 {
        let mob = self.plies[ply].mobility
            - if ply > 0 {
                self.plies[ply - 1].mobility
            } else {
                self.plies[ply].mobility
            };
        self.eval
            .as_ref()
            .expect("evaluator")
            .evaluate_within(pos, mob, low, high)
    }

    /// Score of a position whose side to move has no legal move, as
    /// `Position::terminal` rules it.
    fn no_moves(&self, v: &Variant, ply: usize, in_check: bool) -> i32 {
        match v.no_moves {
            NoMoves::Chess if in_check => -MATE + ply as i32,
            NoMoves::Chess => DRAW,
            NoMoves::Wins | NoMoves::Pass => MATE - ply as i32,
        }
    }

    /// Draws the position itself shows once it has legal moves: the 100-ply
    /// rule and bare kings (as `Position::terminal`).
    fn drawn(&self, pos: &Position) -> bool {
        if pos.halfmove_clock() >= 100 {
            return true;
        }
        let v = pos.variant();
        if !v.bare_kings_draw {
            return false;
        }
        let s = &pos.s;
        let total: u32 = s.occ.iter().flatten().map(|w| w.count_ones()).sum();
        total <= 2
            && total == (s.count[0][Kind::King.idx()] + s.count[1][Kind::King.idx()]) as u32
            && s.hand.iter().flatten().all(|&n| n == 0)
    }

    /// Whether the current position occurred before, with no irreversible
    /// move in between.
    fn repeated(&self, pos: &Position) -> bool {
        let n = self.path.len();
        let h = pos.hash();
        let back = (pos.halfmove_clock() as usize).min(n - 1);
        (4..=back).step_by(2).any(|i| self.path[n - 1 - i] == h)
    }

    /// Board moves in the ply's list (the mobility measure).
    fn mobility(&self, ply: usize) -> i32 {
        board_moves(&self.plies[ply].moves)
    }

    /// The least a board move can come out with in its static exchange:
    /// what it takes less the moving piece (`i32::MIN` for a promotion or
    /// another kind of move, where no cheap bound is taken).
    fn see_floor(&self, pos: &Position, m: Move) -> i32 {
        if m.kind() != MoveKind::Normal || m.piece != 0 {
            return i32::MIN;
        }
        let e = self.eval.as_ref().expect("evaluator");
        let mover = e.order_value(kind_of(pos.s.board[m.from as usize]));
        let taken = self.gain(pos, m);
        if pos.variant().royal && pos.s.royal[pos.side_to_move().index()] == m.from {
            // A royal king never takes into an exchange it loses.
            return taken;
        }
        taken - mover
    }

    /// The static exchange of `m` ([`SeeValues::see`](super::see::SeeValues::see)).
    fn see(&self, pos: &mut Position, m: Move) -> i32 {
        self.eval
            .as_ref()
            .expect("evaluator")
            .see_values()
            .see(pos, m)
    }

    /// Material the move wins (captured pieces and promotion gain).
    fn gain(&self, pos: &Position, m: Move) -> i32 {
        let e = self.eval.as_ref().expect("evaluator");
        let mut g = 0;
        if m.kind() == MoveKind::Normal {
            let t = pos.s.board[m.to as usize];
            if is_piece(t) {
                g += e.order_value(kind_of(t));
            }
            if m.aux != 0 {
                g += e.order_value(kind_of(pos.s.board[m.aux as usize]));
            }
            if m.piece != 0 {
                g += e.value(m.piece) - e.value(Kind::Pawn.num());
            }
        }
        g
    }

    /// The counter-move slot of the move played before ply `ply` (none
    /// after a null move or at the root).
    fn counter_slot(&self, ply: usize) -> Option<usize> {
        let prev = self.plies[ply.checked_sub(1)?].current;
        (prev.kind() != MoveKind::Pass).then(|| prev.from as usize * CELLS + prev.to as usize)
    }

    fn history_index(pos: &Position, m: Move) -> usize {
        let from = if m.kind() == MoveKind::Drop {
            m.piece as usize
        } else {
            m.from as usize
        };
        (pos.side_to_move().index() * CELLS + from) * CELLS + m.to as usize
    }

    /// The table's move for `key`, and its stored score when that result,
    /// searched at least `depth` plies deep, settles the window.
    fn probe_table(
        &self,
        key: u64,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
    ) -> (Option<Move>, Option<i32>) {
        let Some(e) = self.tt.probe(key) else {
            return (None, None);
        };
        let s = from_tt(e.score as i32, ply);
        let settles = e.depth as i32 >= depth
            && match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
        (e.mv, settles.then_some(s))
    }

    /// Fills the ordering scores of ply `ply`'s moves. In quiescence, moves
    /// that are not searched there get `i32::MIN`. A capture that may lose
    /// material in the exchange it starts (only one by a piece worth more
    /// than it takes can) is ordered as a good one until it is picked: only
    /// then is its exchange worked out ([`Searcher::pick`]), so a node cut
    /// by its first moves never works out the others'.
    fn order(&mut self, pos: &Position, ply: usize, hash_move: Option<Move>, quiescence: bool) {
        let e = self.eval.as_ref().expect("evaluator");
        let counter = self.counter_slot(ply).and_then(|c| self.counters[c]);
        let p = &mut self.plies[ply];
        p.scores.clear();
        p.doubtful.clear();
        let killers = p.killers;
        for &m in &p.moves {
            let capture = pos.is_capture(m);
            let promo = m.kind() == MoveKind::Normal && m.piece != 0;
            let mut doubtful = false;
            let s = if Some(m) == hash_move {
                10_000_000
            } else if capture || promo {
                let mut victim = 0;
                if capture {
                    let t = pos.s.board[m.to as usize];
                    if is_piece(t) {
                        victim += e.order_value(kind_of(t));
                    }
                    if m.aux != 0 {
                        victim += e.order_value(kind_of(pos.s.board[m.aux as usize]));
                    }
                }
                let promo_v = if promo { e.value(m.piece) } else { 0 };
                let attacker = e.order_value(kind_of(pos.s.board[m.from as usize]));
                doubtful = attacker > victim + promo_v;
                if quiescence && !capture && promo_v < self.promo_floor {
                    i32::MIN
                } else {
                    GOOD_CAPTURE + 64 * (victim + promo_v) - attacker
                }
            } else if quiescence {
                i32::MIN
            } else if Some(m) == killers[0] {
                900_000
            } else if Some(m) == killers[1] {
                890_000
            } else if Some(m) == counter {
                880_000
            } else {
                self.history[Self::history_index(pos, m)]
            };
            p.scores.push(s);
            p.doubtful.push(doubtful);
        }
    }

    /// Drops from ply `ply`'s ordered list the moves [`Searcher::order`]
    /// marked as not searched in quiescence (so picking never scans them).
    fn drop_unsearched(&mut self, ply: usize) {
        let p = &mut self.plies[ply];
        let mut n = 0;
        for k in 0..p.moves.len() {
            if p.scores[k] != i32::MIN {
                p.moves[n] = p.moves[k];
                p.scores[n] = p.scores[k];
                p.doubtful[n] = p.doubtful[k];
                n += 1;
            }
        }
        p.moves.truncate(n);
        p.scores.truncate(n);
        p.doubtful.truncate(n);
    }

    /// Swaps the best-scored remaining move into slot `i` and returns it
    /// (`None`: nothing left worth searching, in quiescence). A doubtful
    /// capture whose exchange turns out losing is scored again when it
    /// would be picked: after the quiet moves, and in quiescence (the list
    /// ordered for it) not at all.
    #[inline]
    fn pick(&mut self, pos: &mut Position, ply: usize, i: usize, quiescence: bool) -> Option<Move> {
        loop {
            let p = &mut self.plies[ply];
            let mut best = i;
            for j in i + 1..p.scores.len() {
                if p.scores[j] > p.scores[best] {
                    best = j;
                }
            }
            if best >= p.scores.len() || p.scores[best] == i32::MIN {
                return None;
            }
            if p.doubtful[best] {
                p.doubtful[best] = false;
                let m = p.moves[best];
                if self.see(pos, m) < 0 {
                    let p = &mut self.plies[ply];
                    p.scores[best] = if quiescence {
                        i32::MIN
                    } else {
                        p.scores[best] - 2 * GOOD_CAPTURE
                    };
                    continue;
                }
            }
            let p = &mut self.plies[ply];
            p.scores.swap(i, best);
            p.moves.swap(i, best);
            p.doubtful.swap(i, best);
            return Some(p.moves[i]);
        }
    }

    /// Whether a null move is sound here: not in Ghostarelay (giveaway, where
    /// passing is no safe lower bound), not during a drop opening, and the
    /// side to move has a piece besides pawns and king or something in hand
    /// (pawn endings are where zugzwang lives).
    fn null_ok(&self, pos: &Position) -> bool {
        let v = pos.variant();
        if self.giveaway || v.no_moves != NoMoves::Chess {
            return false;
        }
        let s = &pos.s;
        let us = s.side.index();
        if v.drop_opening && s.hand[us].iter().any(|&n| n > 0) {
            return false;
        }
        if s.hand[us].iter().any(|&n| n > 0) {
            return true;
        }
        let pawnlike = s.count[us][Kind::Pawn.idx()] as u32
            + s.count[us][Kind::NinjaPawn.idx()] as u32
            + s.count[us][Kind::King.idx()] as u32;
        let total: u32 = s.occ[us].iter().map(|w| w.count_ones()).sum();
        total > pawnlike
    }

    fn update_quiet_stats(&mut self, pos: &Position, ply: usize, m: Move, depth: i32) {
        let p = &mut self.plies[ply];
        if p.killers[0] != Some(m) {
            p.killers[1] = p.killers[0];
            p.killers[0] = Some(m);
        }
        if let Some(c) = self.counter_slot(ply) {
            self.counters[c] = Some(m);
        }
        let bonus = (depth * depth).min(400) * 16;
        let idx = Self::history_index(pos, m);
        let h = &mut self.history[idx];
        *h += bonus - *h * bonus / 200_000;
        for j in 0..self.plies[ply].quiets.len() {
            let q = self.plies[ply].quiets[j];
            if q != m {
                let idx = Self::history_index(pos, q);
                let h = &mut self.history[idx];
                *h -= bonus + *h * bonus / 200_000;
            }
        }
    }

    /// The principal variation search proper.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &mut Position,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        in_check: bool,
        pv_node: bool,
        can_null: bool,
    ) -> i32 {
        if depth <= 0 && !in_check {
            return self.quiesce(pos, ply, alpha, beta, false);
        }
        if !self.enter(ply) {
            return 0;
        }
        depth = depth.max(1);
        let root = ply == 0;
        if !root {
            if self.repeated(pos) {
                return DRAW;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let key = pos.hash();
        let (hash_move, settled) = self.probe_table(key, ply, depth, alpha, beta);
        if !pv_node && let Some(s) = settled {
            return s;
        }
        // Internal iterative reduction: a node the table knows no move for
        // is searched a ply shallower (its move ordering is a guess anyway).
        if hash_move.is_none() && depth >= 4 && !in_check && self.features.pruning && !root {
            depth -= 1;
        }
        // Below the root, out of check, the moves are generated pseudo-legal
        // and each is tested for legality only when its turn comes: most
        // nodes are cut (by the table's move, null move, reverse futility or
        // the first moves) before most of their moves are looked at.
        let tester = if root || in_check {
            None
        } else {
            pos.move_tester_out_of_check()
        };
        if tester.is_some() {
            pos.pseudo_moves_into(&mut self.plies[ply].moves);
        } else {
            pos.legal_moves_into(&mut self.plies[ply].moves);
        }
        if root {
            self.exclude_root_moves();
        }
        if self.plies[ply].moves.is_empty() {
            return self.no_moves(pos.variant(), ply, in_check);
        }
        if !root && self.drawn(pos) {
            return DRAW;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, ply);
        }
        self.plies[ply].mobility = self.mobility(ply);
        let static_eval = if in_check {
            -INF
        } else {
            self.evaluate(pos, ply)
        };
        self.plies[ply].eval = static_eval;
        // Better than two plies before: the side's position is improving,
        // so cuts on the static evaluation are more trusted.
        let improving = !in_check && ply >= 2 && static_eval > self.plies[ply - 2].eval;
        if !pv_node && !in_check && self.features.pruning && beta.abs() < MATE_BOUND {
            if depth <= RFP_DEPTH
                && !self.giveaway
                && static_eval - RFP_MARGIN * (depth - i32::from(improving)) >= beta
            {
                return static_eval;
            }
            if can_null && depth >= 3 && static_eval >= beta && self.null_ok(pos) {
                let r = 2 + depth / 4;
                self.plies[ply].current = NULL_MOVE;
                pos.make_move(NULL_MOVE);
                self.path.push(pos.hash());
                let s = -self.node(
                    pos,
                    depth - 1 - r,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                    false,
                    false,
                );
                pos.unmake_move();
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
                // The null search overwrote the list of the next ply only;
                // this ply's list is intact.
            }
        }
        // The table's move goes first, before the others are ordered: when
        // it cuts, they never need to be.
        let hash_first = hash_move.and_then(|h| self.plies[ply].moves.iter().position(|&m| m == h));
        if let Some(j) = hash_first {
            self.plies[ply].moves.swap(0, j);
        }
        let mut ordered = false;
        self.plies[ply].quiets.clear();
        let mut best = -INF;
        let mut best_move = None;
        let alpha0 = alpha;
        let see_prune = !root
            && !in_check
            && depth <= SEE_PRUNE_DEPTH
            && self.features.pruning
            && !self.giveaway;
        let frontier = !root
            && !in_check
            && depth <= 3
            && self.features.pruning
            && !self.giveaway
            && alpha.abs() < MATE_BOUND;
        // Legal moves tried so far (the move number of the ordering's
        // reductions and pruning).
        let mut tried = 0usize;
        // Late-move pruning's count: from this legal move on, quiet moves
        // that give no check are not searched (in a frontier node).
        let late_count = ((3 + depth * depth) / (2 - i32::from(improving))) as usize;
        for j in 0..self.plies[ply].moves.len() {
            let m = if j == 0 && hash_first.is_some() {
                self.plies[ply].moves[0]
            } else {
                if !ordered {
                    self.order(pos, ply, hash_move, false);
                    ordered = true;
                }
                match self.pick(pos, ply, j, false) {
                    Some(m) => m,
                    None => break,
                }
            };
            if let Some(t) = &tester
                && !pos.is_legal_pseudo(t, m)
            {
                continue;
            }
            let i = tried;
            tried += 1;
            let quiet = !pos.is_loud(m);
            let killer = self.plies[ply].killers.contains(&Some(m));
            // Frontier pruning: near the horizon, a quiet move that gives no
            // check is skipped when it comes late in the order (late-move
            // pruning) or when even a good margin over the static
            // evaluation would not reach alpha (futility pruning).
            let mut unless_check = frontier
                && quiet
                && !killer
                && best > -MATE_BOUND
                && (i >= late_count || static_eval + FUTILITY_MARGIN * (depth + 1) <= alpha);
            // Static exchange pruning near the horizon, once a move has been
            // searched: a capture or check that loses more than a margin per
            // ply, or a quiet move that loses more than one per ply squared
            // (the exchange is worked out only when its worst case, the
            // moving piece lost, would be pruned).
            if see_prune && best > -MATE_BOUND && !killer && !unless_check {
                let quiet_loss = SEE_QUIET_LOSS * depth * depth;
                let floor = self.see_floor(pos, m);
                let limit = if quiet { quiet_loss } else { SEE_LOSS * depth };
                if floor < -limit {
                    let see = self.see(pos, m);
                    if see < -SEE_LOSS * depth {
                        continue;
                    }
                    unless_check = quiet && see < -quiet_loss;
                }
            }
            pos.make_move(m);
            let gives_check = pos.in_check();
            if unless_check && !gives_check {
                pos.unmake_move();
                continue;
            }
            self.path.push(pos.hash());
            self.plies[ply].current = m;
            // Checks that do not lose material are extended.
            let mut ext = 0;
            if gives_check && (ply as i32) < 2 * self.root_depth {
                pos.unmake_move();
                ext = i32::from(self.see_floor(pos, m) >= 0 || self.see(pos, m) >= 0);
                pos.make_move(m);
            }
            let new_depth = depth - 1 + ext;
            // At the root the weaker levels add a fixed random bias per move:
            // the child is searched against the window shifted by it.
            let bias = if root { self.root_bias(m) } else { 0 };
            let (a, b) = (alpha - bias, beta - bias);
            let score = bias
                + if i == 0 {
                    -self.node(pos, new_depth, ply + 1, -b, -a, gives_check, pv_node, true)
                } else {
                    let mut r = 0;
                    if self.features.pruning
                        && depth >= 3
                        && i >= 3
                        && quiet
                        && !killer
                        && !in_check
                        && !gives_check
                    {
                        // From the table; a ply less in a PV node, a ply
                        // more where the side's position is not improving.
                        r = self.lmr[depth.min(63) as usize][i.min(63)] as i32 - i32::from(pv_node)
                            + i32::from(!improving);
                        r = r.clamp(0, (new_depth - 1).max(0));
                    }
                    // A null-window search, reduced for late quiet moves; a
                    // reduced one that beats alpha is repeated at full depth.
                    let mut s;
                    loop {
                        s = -self.node(
                            pos,
                            new_depth - r,
                            ply + 1,
                            -a - 1,
                            -a,
                            gives_check,
                            false,
                            true,
                        );
                        if s <= a || r == 0 {
                            break;
                        }
                        r = 0;
                    }
                    if s > a && s < b && pv_node {
                        s = -self.node(pos, new_depth, ply + 1, -b, -a, gives_check, true, true);
                    }
                    s
                };
            pos.unmake_move();
            self.path.pop();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    self.pv[ply][0] = m;
                    let len = self.pv_len[ply + 1].min(MAX_PLY - 1);
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply][1..=len].copy_from_slice(&tail[0][..len]);
                    self.pv_len[ply] = len + 1;
                    if root {
                        self.root_best = Some((m, score));
                    }
                    if score >= beta {
                        if quiet {
                            self.update_quiet_stats(pos, ply, m, depth);
                        }
                        break;
                    }
                }
            }
            if quiet {
                self.plies[ply].quiets.push(m);
            }
        }
        if tried == 0 {
            // Every pseudo-legal move was illegal: no legal move.
            return self.no_moves(pos.variant(), ply, in_check);
        }
        let bound = bound_of(best, alpha0, beta);
        if !root || self.excluded.is_empty() {
            self.tt
                .store(key, best_move, to_tt(best, ply), depth, bound);
        }
        best
    }

    /// Quiescence: captures and strong promotions; every evasion when in
    /// check (a crowning is one); every capture when capturing is compulsory.
    ///
    /// Out of check (and outside a giveaway game) it tests the legality of
    /// the captures and promotions alone, and only once standing pat has not
    /// already failed high; the mobility term counts the pseudo-legal moves
    /// (no stalemate is seen there, as in other engines).
    fn quiesce(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        in_check: bool,
    ) -> i32 {
        if !self.enter(ply) {
            return 0;
        }
        // The table: any stored result (a quiescence one has depth 0)
        // whose bound settles this window.
        let key = pos.hash();
        let (hash_move, settled) = self.probe_table(key, ply, 0, alpha, beta);
        if let Some(s) = settled {
            return s;
        }
        let alpha0 = alpha;
        let every = in_check || self.giveaway;
        if every {
            pos.legal_moves_into(&mut self.plies[ply].moves);
            if self.plies[ply].moves.is_empty() {
                return self.no_moves(pos.variant(), ply, in_check);
            }
            self.plies[ply].mobility = self.mobility(ply);
        } else {
            // Mobility from the pseudo-legal moves, of which only the loud
            // ones are listed (legality is tested below for them alone,
            // once standing pat did not cut).
            let board_moves = pos.pseudo_loud_into(&mut self.plies[ply].moves);
            self.plies[ply].mobility = board_moves as i32;
        }
        if self.drawn(pos) {
            return DRAW;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, ply);
        }
        let forced = self.giveaway && pos.is_capture(self.plies[ply].moves[0]);
        let mut best = -INF;
        let mut stand = -INF;
        if !in_check && !forced {
            // Standing pat: far above beta it cuts whatever the threats
            // say; far below alpha it only bounds what the captures must
            // gain, and a rough value does.
            stand = self.evaluate_within(pos, ply, alpha, beta);
            if !self.features.quiescence || stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        // The loud moves' legality: each tested when its turn comes where
        // single moves can be tested, else the list filtered now.
        let tester = if every {
            None
        } else {
            pos.move_tester_out_of_check()
        };
        if !every && tester.is_none() {
            pos.keep_legal_captures(&mut self.plies[ply].moves);
        }
        let all = in_check || forced;
        self.order(pos, ply, hash_move, !all);
        if !all {
            self.drop_unsearched(ply);
        }
        let mut best_move = None;
        let n = self.plies[ply].moves.len();
        for i in 0..n {
            let Some(m) = self.pick(pos, ply, i, !all) else {
                break;
            };
            if !all && !self.giveaway && stand + self.gain(pos, m) + 200 <= alpha {
                continue;
            }
            if let Some(t) = &tester
                && !pos.is_legal_pseudo(t, m)
            {
                continue;
            }
            pos.make_move(m);
            let check = pos.in_check();
            let s = -self.quiesce(pos, ply + 1, -beta, -alpha, check);
            pos.unmake_move();
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.tt.store(
            key,
            best_move,
            to_tt(best, ply),
            0,
            bound_of(best, alpha0, beta),
        );
        best
    }
}

/// Board moves in `moves` (drops and mutations do not count as mobility):
/// the evaluation's mobility is the side to move's count minus the
/// opponent's in the position before.
pub fn board_moves(moves: &[Move]) -> i32 {
    moves
        .iter()
        .filter(|m| matches!(m.kind(), MoveKind::Normal | MoveKind::Castle))
        .count() as i32
}

/// How the best score `best` of a node searched with the window
/// (`alpha0`, `beta`) bounds its true score.
fn bound_of(best: i32, alpha0: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha0 {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// Hashes of the game's positions before the current one, oldest first.
pub fn game_hashes(game: &Game) -> Vec<u64> {
    let mut p = game.start().clone();
    let mut out = Vec::with_capacity(game.moves().len() + 1);
    out.push(p.hash());
    for &m in game.moves() {
        p.make_move(m);
        out.push(p.hash());
    }
    out
}

fn nps(nodes: u64, t: Duration) -> u64 {
    let us = t.as_micros().max(1) as u64;
    nodes.saturating_mul(1_000_000) / us
}

/// (soft, hard) time for a move from a clock (see [`Limits::time_limits`]);
/// 20 ms of the time left are kept for the move's own overhead.
fn budget(c: &TimeLeft) -> (Duration, Duration) {
    let left = c.time.saturating_sub(Duration::from_millis(20));
    let mtg = c.movestogo.unwrap_or(30).clamp(1, 60);
    let target = (left / mtg + c.inc * 3 / 4).min(left * 4 / 5);
    let hard = (target * 3).min(left / 2);
    let soft = (target * 3 / 5).min(hard);
    (soft, hard)
}
