//! Puzzles mined from self-play games (issue 22, "Puzzles for every
//! variant"): a position where one move wins — a forced mate, a forced win
//! by the variant's own end (Ghostarelay's no-moves win), or decisive
//! material — and every other move is clearly worse, confirmed by a second,
//! deeper search. The variant's own rules the line uses (crowning, relay
//! power, compulsory capture, drops, …) are named as motifs. Pure: no Bevy, no I/O; deterministic for a given seed and
//! node budget (fresh, fixed-size transposition tables, node limits only).

use std::sync::Arc;

use super::play::{SelfPlay, pv_lmn, random_opening};
use super::search::{Eval, Limits, SearchResult, Searcher};
use chimera_rules::{EndReason, Game, Kind, Move, MoveKind, Position, RulesError, Variant};

/// The best move must be at least this good (centipawns) for a material puzzle.
pub const WIN_CP: i32 = 200;
/// … and beat the second-best move by at least this margin.
pub const MARGIN_CP: i32 = 300;
/// A mate puzzle's best other move may be at most this good (centipawns):
/// a mate is no puzzle when every other move wins anyway.
pub const MATE_ALT_CP: i32 = 400;
/// The confirming search gets this many times the node budget.
pub const CONFIRM_FACTOR: u64 = 4;
/// The last check ([`verified`]) gets this many times the node budget.
pub const VERIFY_FACTOR: u64 = 8;
/// The last check ([`verified`]) asks this much more of the scores than
/// [`judge`] does (centipawns: the best this much higher, the best other
/// this much lower), so a shipped puzzle still passes the test's re-search
/// after a small change to the search moves its scores.
pub const VERIFY_SLACK_CP: i32 = 100;
/// The transposition table (megabytes) the shipped sets were mined with
/// (`--hash`'s default).
pub const SHIPPED_HASH_MB: usize = 8;

/// The `--nodes` budget the shipped sets (`assets/puzzles/`) were mined with.
pub const SHIPPED_NODES: u64 = 10_000;
/// The nodes of the shallow pre-filter search are the budget divided by this.
pub const PREFILTER_DIVISOR: u64 = 8;
/// A position whose pre-filter score is below this (centipawns, and no
/// forced win) is not searched further: most positions are level, and a
/// move winning [`WIN_CP`] rarely hides from a search an eighth as deep.
pub const PREFILTER_CP: i32 = WIN_CP / 2;

/// What a puzzle is about: how the winning line ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// A forced checkmate in this many of the solver's moves.
    Mate(u32),
    /// A forced win by Ghostarelay's own end (docs/rules.md §7): after this
    /// many of the solver's moves, and the opponent's forced replies, the
    /// solver has no legal move and so wins.
    NoMoves(u32),
    /// Decisive material (or an equivalent positional win).
    Material,
}

impl Theme {
    /// `mate-in-2`, `no-moves-in-3` or `material`.
    pub fn text(&self) -> String {
        match self {
            Theme::Mate(n) => format!("mate-in-{n}"),
            Theme::NoMoves(n) => format!("no-moves-in-{n}"),
            Theme::Material => "material".to_string(),
        }
    }

    /// The theme written as [`Theme::text`] writes it.
    pub fn parse(text: &str) -> Option<Theme> {
        if text == "material" {
            return Some(Theme::Material);
        }
        let count = |rest: &str| rest.parse::<u32>().ok().filter(|n| *n > 0);
        if let Some(n) = text.strip_prefix("mate-in-") {
            return count(n).map(Theme::Mate);
        }
        text.strip_prefix("no-moves-in-")
            .and_then(count)
            .map(Theme::NoMoves)
    }

    /// The solver's moves in the solution (1 for material).
    pub fn solver_moves(&self) -> u32 {
        match self {
            Theme::Mate(n) | Theme::NoMoves(n) => *n,
            Theme::Material => 1,
        }
    }
}

/// A variant's own rule the solution uses (docs/rules.md), written after the
/// theme: a puzzle is about these as much as about its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Motif {
    /// Holy Grail (§4): the line forces the opponent to crown a prince, or
    /// mates a side that has a prince (attacked, so it cannot crown).
    Crowning,
    /// Ghostarelay (§7): a solver's move only Relay power gives.
    Relay,
    /// Ghostarelay (§7): an opponent's reply is forced by compulsory capture
    /// (it had a capture, so it had to take).
    CompulsoryCapture,
    /// A solver's move is a drop from hand.
    Drop,
    /// A solver's move promotes.
    Promotion,
    /// Holywar (§6): a solver's move is the King–Lady swap.
    LadySwap,
}

impl Motif {
    /// Every motif, in the order a line writes them.
    pub const ALL: [Motif; 6] = [
        Motif::Crowning,
        Motif::Relay,
        Motif::CompulsoryCapture,
        Motif::Drop,
        Motif::Promotion,
        Motif::LadySwap,
    ];

    /// The word a puzzle line writes (`crowning`, `compulsory-capture`, …).
    pub fn word(self) -> &'static str {
        match self {
            Motif::Crowning => "crowning",
            Motif::Relay => "relay",
            Motif::CompulsoryCapture => "compulsory-capture",
            Motif::Drop => "drop",
            Motif::Promotion => "promotion",
            Motif::LadySwap => "lady-swap",
        }
    }

    /// The motif whose [`Motif::word`] is `word`.
    pub fn from_word(word: &str) -> Option<Motif> {
        Motif::ALL.into_iter().find(|m| m.word() == word)
    }
}

/// One puzzle: the position, its solution and how hard it is — exactly
/// what its line ([`Puzzle::line`], [`Puzzle::parse`]) holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, the solver to move, as VFEN.
    pub vfen: String,
    /// The solution in LMN: the winning move, and for a forced win the
    /// whole line (both sides' moves) to the game's end.
    pub solution: Vec<String>,
    /// How the line ends.
    pub theme: Theme,
    /// The variant's own rules the line uses, in [`Motif::ALL`] order.
    pub motifs: Vec<Motif>,
    /// Difficulty: the iteration depth from which the confirming search
    /// kept the winning move as its best.
    pub difficulty: u32,
    /// Nodes the confirming search had spent when it settled on the move.
    pub nodes_to_find: u64,
}

/// A puzzle line that is not in the documented form.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle line {line}: {why}")]
pub struct PuzzleLineError {
    /// 1-based line number in its file (1 for a lone line).
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

impl Puzzle {
    /// The documented one-line form:
    /// `VFEN | solution LMN | theme [motif …] | difficulty D (depth D, N nodes)`.
    pub fn line(&self) -> String {
        let mut theme = self.theme.text();
        for m in &self.motifs {
            theme.push(' ');
            theme.push_str(m.word());
        }
        format!(
            "{} | {} | {} | difficulty {} (depth {}, {} nodes)",
            self.vfen,
            self.solution.join(" "),
            theme,
            self.difficulty,
            self.difficulty,
            self.nodes_to_find
        )
    }

    /// Reads a line written by [`Puzzle::line`] (the form only: the VFEN and
    /// the moves are checked against a variant by [`Puzzle::check`]).
    pub fn parse(text: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = text.split(" | ").collect();
        let [vfen, solution, theme, difficulty] = fields[..] else {
            return Err(format!(
                "expected 4 fields separated by ' | ', found {}",
                fields.len()
            ));
        };
        let solution: Vec<String> = solution.split_whitespace().map(str::to_string).collect();
        if solution.is_empty() {
            return Err("the solution has no move".to_string());
        }
        let mut words = theme.split_whitespace();
        let theme_word = words.next().unwrap_or("");
        let theme = Theme::parse(theme_word).ok_or_else(|| {
            format!("unknown theme '{theme_word}' (mate-in-N, no-moves-in-N or material)")
        })?;
        let motifs = words
            .map(|w| Motif::from_word(w).ok_or_else(|| format!("unknown motif '{w}'")))
            .collect::<Result<Vec<_>, _>>()?;
        let want = match theme {
            Theme::Material => 1,
            Theme::Mate(n) => 2 * n as usize - 1,
            Theme::NoMoves(n) => 2 * n as usize,
        };
        if solution.len() != want {
            return Err(format!(
                "{} needs {want} solution moves, found {}",
                theme.text(),
                solution.len()
            ));
        }
        let bad_difficulty = || format!("'{difficulty}' is not 'difficulty D (depth D, N nodes)'");
        let rest = difficulty
            .strip_prefix("difficulty ")
            .ok_or_else(bad_difficulty)?;
        let (d, rest) = rest.split_once(" (depth ").ok_or_else(bad_difficulty)?;
        let (d2, rest) = rest.split_once(", ").ok_or_else(bad_difficulty)?;
        let n = rest.strip_suffix(" nodes)").ok_or_else(bad_difficulty)?;
        let difficulty: u32 = d.parse().map_err(|_| bad_difficulty())?;
        let nodes_to_find: u64 = n.parse().map_err(|_| bad_difficulty())?;
        if d2 != d {
            return Err(bad_difficulty());
        }
        Ok(Puzzle {
            vfen: vfen.to_string(),
            solution,
            theme,
            motifs,
            difficulty,
            nodes_to_find,
        })
    }

    /// Reads a puzzle file: one [`Puzzle::line`] a line; blank lines and
    /// lines starting with `#` are skipped.
    pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, PuzzleLineError> {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, l)| Puzzle::parse(l).map_err(|why| PuzzleLineError { line: i + 1, why }))
            .collect()
    }

    /// Checks the puzzle against its variant: the VFEN is a position of it
    /// and the solution is legal from there; returns the game after the
    /// solution, for a forced win over with the solver the winner.
    pub fn check(&self, variant: &Arc<Variant>) -> Result<Game, RulesError> {
        let mut game = Game::from_vfen(variant, &self.vfen)?;
        let solver = game.position().side_to_move();
        game.play_lmn_list(&self.solution)?;
        let won = game.outcome().is_some_and(|o| o.winner == Some(solver));
        if self.theme != Theme::Material && !won {
            return Err(RulesError::BadLmn {
                text: self.solution.join(" "),
                why: format!(
                    "the line does not end in the {} it claims",
                    self.theme.text()
                ),
            });
        }
        Ok(game)
    }
}

/// The puzzles shipped for a built-in variant (`assets/puzzles/ID.txt`, in
/// the form of [`Puzzle::line`]; docs/puzzles.md has the commands that made
/// them), or None for a variant without a set.
pub fn shipped(variant_id: &str) -> Option<&'static str> {
    let text = match variant_id {
        "holygrail" => include_str!("../../../assets/puzzles/holygrail.txt"),
        "herculean" => include_str!("../../../assets/puzzles/herculean.txt"),
        "holywar" => include_str!("../../../assets/puzzles/holywar.txt"),
        "ghostarelay" => include_str!("../../../assets/puzzles/ghostarelay.txt"),
        "grand" => include_str!("../../../assets/puzzles/grand.txt"),
        "embassy" => include_str!("../../../assets/puzzles/embassy.txt"),
        "chess" => include_str!("../../../assets/puzzles/chess.txt"),
        _ => return None,
    };
    Some(text)
}

/// How puzzles are looked for.
#[derive(Clone, Debug)]
pub struct MineSettings {
    /// Nodes of the first search of each position (the confirming one gets
    /// [`CONFIRM_FACTOR`] times as many; the self-play's level 8 gets as many).
    pub nodes: u64,
    /// Transposition table of each search, in megabytes.
    pub hash_mb: usize,
    /// Seed of the self-play games (openings and players).
    pub seed: u64,
    /// Most games to play before giving up on `count`.
    pub max_games: u32,
    /// Plies after which a self-play game is stopped.
    pub max_plies: usize,
    /// Plies of each game's random opening.
    pub opening_plies: usize,
    /// Levels of the two players (colours alternate game by game).
    pub levels: [u8; 2],
}

impl MineSettings {
    /// Defaults around a node budget: table 8 MB, seed 1, 40 games at most,
    /// 160 plies, 6-ply openings, levels 8 and 5.
    pub fn new(nodes: u64) -> MineSettings {
        MineSettings {
            nodes,
            hash_mb: 8,
            seed: 1,
            max_games: 40,
            max_plies: 160,
            opening_plies: 6,
            levels: [8, 5],
        }
    }
}

/// Searches the game's position within `nodes` with a fresh table. The
/// game's history is left out: a puzzle is its VFEN alone.
fn search(game: &Game, nodes: u64, hash_mb: usize, exclude: &[Move]) -> SearchResult {
    let mut s = Searcher::new(hash_mb);
    s.search_excluding(
        game.position(),
        &[],
        &Limits::nodes(nodes),
        exclude,
        &mut |_| {},
    )
}

/// Whether `best` wins for the mover at all (a forced win, or at least
/// `cp` centipawns).
fn wins(e: Eval, cp: i32) -> bool {
    match e {
        Eval::Mate(n) => n > 0,
        Eval::Cp(c) => c >= cp,
    }
}

/// The theme when `best` is a puzzle's winning move and `second` the best
/// other: a forced win (the search scores every win by the rules as a mate;
/// [`examine`] tells a checkmate from Ghostarelay's no-moves win by playing
/// the line) the second does not have (nor more than [`MATE_ALT_CP`]), or a
/// material win beating the second by [`MARGIN_CP`].
pub fn judge(best: Eval, second: Eval) -> Option<Theme> {
    match (best, second) {
        (Eval::Mate(n), Eval::Mate(m)) if n > 0 && m > 0 => None,
        (Eval::Mate(n), Eval::Mate(_)) if n > 0 => Some(Theme::Mate(n as u32)),
        (Eval::Mate(n), Eval::Cp(s)) if n > 0 && s <= MATE_ALT_CP => Some(Theme::Mate(n as u32)),
        (Eval::Cp(b), Eval::Cp(s)) if b >= WIN_CP && b - s >= MARGIN_CP => Some(Theme::Material),
        (Eval::Cp(b), Eval::Mate(m)) if b >= WIN_CP && m < 0 => Some(Theme::Material),
        _ => None,
    }
}

/// The forced win along `pv` from `game`: the shortest prefix after which
/// the game is over with the solver the winner, and how it ended; None when
/// the line stops short of it.
fn winning_line(game: &Game, pv: &[Move]) -> Option<(Vec<Move>, Theme)> {
    let solver = game.position().side_to_move();
    let mut g = game.clone();
    for (i, &m) in pv.iter().enumerate() {
        g.play(m).ok()?;
        if let Some(o) = g.outcome() {
            if o.winner != Some(solver) {
                return None;
            }
            let n = (i as u32) / 2 + 1;
            let theme = match o.reason {
                EndReason::Checkmate => Theme::Mate(n),
                EndReason::NoMoves => Theme::NoMoves(n),
                _ => return None,
            };
            return Some((pv[..=i].to_vec(), theme));
        }
    }
    None
}

/// The variant's own rules that `line` (played from `game`, the solver to
/// move) uses.
fn motifs(game: &Game, line: &[Move]) -> Vec<Motif> {
    let mut found = Vec::new();
    let mut g = game.clone();
    for (i, &m) in line.iter().enumerate() {
        let pos = g.position();
        let solver = i % 2 == 0;
        let kind = m.kind();
        if solver {
            if pos.by_relay_power(m) {
                found.push(Motif::Relay);
            }
            match kind {
                MoveKind::Drop => found.push(Motif::Drop),
                MoveKind::Swap => found.push(Motif::LadySwap),
                MoveKind::Normal if m.piece().is_some() => found.push(Motif::Promotion),
                _ => {}
            }
        } else {
            if kind == MoveKind::Crown {
                found.push(Motif::Crowning);
            }
            if pos.variant().forced_capture
                && pos.is_capture(m)
                && pos.legal_moves().iter().all(|&o| pos.is_capture(o))
            {
                found.push(Motif::CompulsoryCapture);
            }
        }
        if g.play(m).is_err() {
            break;
        }
    }
    // Mated although a prince stands on the board: it is attacked, so the
    // mated side could not crown.
    let end = g.position();
    if end.variant().crowning
        && g.outcome()
            .is_some_and(|o| o.reason == EndReason::Checkmate)
        && end.count(end.side_to_move(), Kind::Prince) > 0
    {
        found.push(Motif::Crowning);
    }
    found.sort();
    found.dedup();
    found
}

/// The shallow pre-filter's test (searches of [`PREFILTER_DIVISOR`] times
/// fewer nodes): the best move wins at least [`PREFILTER_CP`] (or mates) and
/// beats the best other by half of [`MARGIN_CP`] — most positions of a
/// one-sided game, where several moves keep the win, stop here.
fn promising(best: Eval, second: Eval) -> bool {
    match (best, second) {
        (Eval::Mate(n), Eval::Mate(m)) => n > 0 && m <= 0,
        (Eval::Mate(n), Eval::Cp(_)) => n > 0,
        (Eval::Cp(b), Eval::Cp(s)) => b >= PREFILTER_CP && b - s >= MARGIN_CP / 2,
        (Eval::Cp(b), Eval::Mate(m)) => b >= PREFILTER_CP && m < 0,
    }
}

/// Whether `best` is still the one winning move of `pos` by searches of
/// `nodes` (fresh tables of `hash_mb`): the best move, and [`judge`]
/// against the best other with [`VERIFY_SLACK_CP`] to spare.
pub fn verified(pos: &Position, best: Move, nodes: u64, hash_mb: usize) -> bool {
    let limits = Limits::nodes(nodes);
    let found = Searcher::new(hash_mb).search(pos, &[], &limits, &mut |_| {});
    if found.best != Some(best) {
        return false;
    }
    let other = Searcher::new(hash_mb).search_excluding(pos, &[], &limits, &[best], &mut |_| {});
    other.best.is_some() && judge_with_slack(found.score, other.score, VERIFY_SLACK_CP).is_some()
}

/// [`judge`] with `slack` centipawns to spare: the best's score counted
/// that much lower and the best other's that much higher (a mate stays a
/// mate).
pub fn judge_with_slack(best: Eval, second: Eval, slack: i32) -> Option<Theme> {
    let shifted = |e: Eval, by: i32| match e {
        Eval::Cp(c) => Eval::Cp(c + by),
        mate => mate,
    };
    judge(shifted(best, -slack), shifted(second, slack))
}

/// Whether the game's current position is a puzzle: a shallow pre-filter
/// ([`promising`]), then searched within `nodes` with and without the best
/// move, then confirmed with [`CONFIRM_FACTOR`] times as many (same winning
/// move, still unique), then [`verified`] with [`VERIFY_FACTOR`] times as many. A position with fewer
/// than two legal moves, or whose game is over, is none.
pub fn examine(game: &Game, nodes: u64, hash_mb: usize) -> Option<Puzzle> {
    if game.outcome().is_some() || game.position().legal_moves().len() < 2 {
        return None;
    }
    let shallow_nodes = (nodes / PREFILTER_DIVISOR).max(1);
    let shallow = search(game, shallow_nodes, hash_mb, &[]);
    if !wins(shallow.score, PREFILTER_CP) {
        return None;
    }
    let shallow_second = search(game, shallow_nodes, hash_mb, &[shallow.best?]);
    if !promising(shallow.score, shallow_second.score) {
        return None;
    }
    let first = search(game, nodes, hash_mb, &[]);
    let best = first.best?;
    if !wins(first.score, WIN_CP) {
        return None;
    }
    let second = search(game, nodes, hash_mb, &[best]);
    second.best?;
    judge(first.score, second.score)?;
    // The confirming search: deeper, and it must agree.
    let deep_nodes = nodes.saturating_mul(CONFIRM_FACTOR);
    let mut s = Searcher::new(hash_mb);
    let mut settled: Option<(Move, u32, u64)> = None;
    let deep = s.search(game.position(), &[], &Limits::nodes(deep_nodes), &mut |i| {
        if let Some(&m) = i.pv.first()
            && settled.is_none_or(|(b, _, _)| b != m)
        {
            settled = Some((m, i.depth, i.nodes));
        }
    });
    if deep.best != Some(best) {
        return None;
    }
    let deep_second = search(game, deep_nodes, hash_mb, &[best]);
    deep_second.best?;
    let judged = judge(deep.score, deep_second.score)?;
    // The last check, twice as deep again: what the shipped sets' test
    // re-searches, so a set regenerated by the documented command passes it.
    if !verified(
        game.position(),
        best,
        nodes.saturating_mul(VERIFY_FACTOR),
        hash_mb,
    ) {
        return None;
    }
    let (line, theme) = match judged {
        Theme::Material => (vec![best], Theme::Material),
        _ => winning_line(game, &deep.pv)?,
    };
    let (difficulty, nodes_to_find) = match settled {
        Some((m, d, n)) if m == best => (d, n),
        _ => (deep.depth, deep.nodes),
    };
    Some(Puzzle {
        vfen: game.position().to_vfen(),
        solution: pv_lmn(game.position(), &line),
        theme,
        motifs: motifs(game, &line),
        difficulty,
        nodes_to_find,
    })
}

/// The puzzles among the positions of a game from `start` (the variant's
/// start when None) through `moves` (LMN), skipping the first `skip` plies'
/// positions, in game order.
pub fn puzzles_in_game(
    variant: &Arc<Variant>,
    start: Option<&str>,
    moves: &[String],
    skip: usize,
    nodes: u64,
    hash_mb: usize,
) -> Result<Vec<Puzzle>, RulesError> {
    let mut game = match start {
        Some(f) => Game::from_vfen(variant, f)?,
        None => Game::new(variant),
    };
    let mut out = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if i >= skip
            && let Some(p) = examine(&game, nodes, hash_mb)
        {
            out.push(p);
        }
        game.play_lmn(m)?;
    }
    if moves.len() >= skip
        && let Some(p) = examine(&game, nodes, hash_mb)
    {
        out.push(p);
    }
    Ok(out)
}

/// Mines up to `count` puzzles from seeded self-play games of `variant`:
/// game *g* opens with `random_opening(variant, opening_plies, seed + g)`,
/// is played by the two levels (colours alternating), and every position
/// after the opening is examined. A position already found is not repeated.
/// `found` hears of each puzzle as it is found (the command line prints it).
pub fn mine(
    variant: &Arc<Variant>,
    count: usize,
    settings: &MineSettings,
    found: &mut dyn FnMut(&Puzzle),
) -> Result<Vec<Puzzle>, RulesError> {
    let mut out: Vec<Puzzle> = Vec::new();
    for g in 0..settings.max_games {
        if out.len() >= count {
            break;
        }
        let seed = settings.seed.wrapping_add(u64::from(g));
        let opening = random_opening(variant, settings.opening_plies, seed);
        let [a, b] = settings.levels;
        let levels = if g % 2 == 0 { [a, b] } else { [b, a] };
        let rec = super::play::play_game(&SelfPlay {
            variant: variant.clone(),
            start: None,
            opening: opening.clone(),
            levels,
            limits: Limits::nodes(settings.nodes),
            seed: seed.wrapping_mul(1000),
            max_plies: settings.max_plies,
            hash_mb: settings.hash_mb,
        })?;
        let found_here = puzzles_in_game(
            variant,
            None,
            &rec.moves,
            opening.len(),
            settings.nodes,
            settings.hash_mb,
        )?;
        for p in found_here {
            if out.len() >= count {
                break;
            }
            if out.iter().any(|q| q.vfen == p.vfen) {
                continue;
            }
            found(&p);
            out.push(p);
        }
    }
    Ok(out)
}
