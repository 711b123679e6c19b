//! Puzzles mined from self-play games (issue 22, "Puzzles for every
//! variant"): a position where one move wins — a forced mate, or decisive
//! material — and every other move is clearly worse, confirmed by a second,
//! deeper search. Pure: no Bevy, no I/O; deterministic for a given seed and
//! node budget (fresh, fixed-size transposition tables, node limits only).

use std::sync::Arc;

use super::play::{SelfPlay, pv_lmn, random_opening};
use super::search::{Eval, Limits, SearchResult, Searcher};
use chimera_rules::{Game, Move, RulesError, Variant};

/// The best move must be at least this good (centipawns) for a material puzzle.
pub const WIN_CP: i32 = 200;
/// … and beat the second-best move by at least this margin.
pub const MARGIN_CP: i32 = 300;
/// A mate puzzle's best other move may be at most this good (centipawns):
/// a mate is no puzzle when every other move wins anyway.
pub const MATE_ALT_CP: i32 = 400;
/// The confirming search gets this many times the node budget.
pub const CONFIRM_FACTOR: u64 = 4;

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    /// A forced mate in this many of the solver's moves.
    Mate(u32),
    /// Decisive material (or an equivalent positional win).
    Material,
}

impl Theme {
    /// `mate-in-2` or `material`.
    pub fn text(&self) -> String {
        match self {
            Theme::Mate(n) => format!("mate-in-{n}"),
            Theme::Material => "material".to_string(),
        }
    }
}

/// One puzzle: the position, its solution and how hard it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, the solver to move, as VFEN.
    pub vfen: String,
    /// The solution in LMN: the winning move, and for a mate the forced
    /// continuation (both sides' moves) to the mate.
    pub solution: Vec<String>,
    /// Mate in N, or material.
    pub theme: Theme,
    /// The score of the winning move (confirming search).
    pub best: Eval,
    /// The score of the best other move (confirming search).
    pub second: Eval,
    /// Difficulty: the iteration depth from which the confirming search
    /// kept the winning move as its best.
    pub difficulty: u32,
    /// Nodes the confirming search had spent when it settled on the move.
    pub nodes_to_find: u64,
}

impl Puzzle {
    /// The documented one-line form:
    /// `VFEN | solution LMN | theme | difficulty D (depth D, N nodes)`.
    pub fn line(&self) -> String {
        format!(
            "{} | {} | {} | difficulty {} (depth {}, {} nodes)",
            self.vfen,
            self.solution.join(" "),
            self.theme.text(),
            self.difficulty,
            self.difficulty,
            self.nodes_to_find
        )
    }
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

/// Whether `best` wins for the mover at all (a mate, or at least [`WIN_CP`]).
fn wins(e: Eval) -> bool {
    match e {
        Eval::Mate(n) => n > 0,
        Eval::Cp(c) => c >= WIN_CP,
    }
}

/// The theme when `best` is a puzzle's winning move and `second` the best
/// other: a mate the second does not have (nor more than [`MATE_ALT_CP`]), or a material win beating the
/// second by [`MARGIN_CP`].
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

/// Whether the game's current position is a puzzle: searched within
/// `nodes`, then confirmed with [`CONFIRM_FACTOR`] times as many (same
/// winning move, still unique). A position with fewer than two legal moves,
/// or whose game is over, is none.
pub fn examine(game: &Game, nodes: u64, hash_mb: usize) -> Option<Puzzle> {
    if game.outcome().is_some() {
        return None;
    }
    let first = search(game, nodes, hash_mb, &[]);
    let best = first.best?;
    if !wins(first.score) {
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
    let theme = judge(deep.score, deep_second.score)?;
    let pos = game.position();
    let solution = match theme {
        Theme::Mate(n) => {
            let plies = 2 * n as usize - 1;
            if deep.pv.len() < plies {
                return None;
            }
            pv_lmn(pos, &deep.pv[..plies])
        }
        Theme::Material => vec![pos.lmn(best)],
    };
    let (difficulty, nodes_to_find) = match settled {
        Some((m, d, n)) if m == best => (d, n),
        _ => (deep.depth, deep.nodes),
    };
    Some(Puzzle {
        vfen: pos.to_vfen(),
        solution,
        theme,
        best: deep.score,
        second: deep_second.score,
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
