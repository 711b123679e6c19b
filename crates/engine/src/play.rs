//! What the command line and the game call: self-play between two levels,
//! the search-speed measurement and `analyse`-style output.

use std::sync::Arc;
use std::time::Duration;

use super::levels::Bot;
use super::search::{Info, Limits, SearchResult, Searcher};
use chimera_rules::{Game, Move, Outcome, Position, RulesError, SplitMix64, Variant};

/// One self-play game to play.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// The variant (with its options).
    pub variant: Arc<Variant>,
    /// Start position (VFEN); None: the variant's start.
    pub start: Option<String>,
    /// Moves (LMN) played first, as the opening.
    pub opening: Vec<String>,
    /// Levels of White and Black (1–8).
    pub levels: [u8; 2],
    /// Limits of every move.
    pub limits: Limits,
    /// Seed of the players' randomness (White uses it, Black the next number).
    pub seed: u64,
    /// Plies after which an unfinished game is stopped (its outcome None).
    pub max_plies: usize,
    /// Transposition table per player, in megabytes.
    pub hash_mb: usize,
}

/// A finished (or stopped) self-play game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The result; None when stopped at `max_plies`.
    pub outcome: Option<Outcome>,
    /// Every move in LMN, the opening included.
    pub moves: Vec<String>,
    /// The final position as VFEN.
    pub final_vfen: String,
}

/// Plays one game between two levels and returns the result and the moves.
/// Errors come only from a bad start VFEN or opening move.
pub fn play_game(cfg: &SelfPlay) -> Result<GameRecord, RulesError> {
    let mut game = match &cfg.start {
        Some(f) => Game::from_vfen(&cfg.variant, f)?,
        None => Game::new(&cfg.variant),
    };
    for m in &cfg.opening {
        game.play_lmn(m)?;
    }
    let mut players = [
        Bot::new(cfg.levels[0], cfg.seed, cfg.hash_mb),
        Bot::new(cfg.levels[1], cfg.seed.wrapping_add(1), cfg.hash_mb),
    ];
    let mut moves: Vec<String> = cfg.opening.clone();
    while game.outcome().is_none() && game.moves().len() < cfg.max_plies {
        let side = game.position().side_to_move().index();
        let r = players[side].choose(&game, &cfg.limits, &mut |_| {});
        let Some(m) = r.best else { break };
        moves.push(game.position().lmn(m));
        game.play(m)?;
    }
    Ok(GameRecord {
        outcome: game.outcome(),
        moves,
        final_vfen: game.position().to_vfen(),
    })
}

/// A varied, sensible opening: `plies` moves from the start, each chosen by
/// a shallow search with a large random bias per move (seeded, so the same
/// seed gives the same opening).
pub fn random_opening(v: &Arc<Variant>, plies: usize, seed: u64) -> Vec<String> {
    random_continuation(&mut Game::new(v), plies, seed)
}

/// Plays up to `plies` moves in `game` chosen as [`random_opening`] does and
/// returns them (LMN).
pub fn random_continuation(game: &mut Game, plies: usize, seed: u64) -> Vec<String> {
    let mut searcher = Searcher::new(1);
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < plies && game.outcome().is_none() {
        searcher.set_root_noise(60, rng.next_u64());
        let r = searcher.search_game(game, &Limits::depth(2), &mut |_| {});
        let Some(m) = r.best else { break };
        out.push(game.position().lmn(m));
        if game.play(m).is_err() {
            break;
        }
    }
    out
}

/// The search speed measured on one position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// Variant id.
    pub variant: String,
    /// What the position is (`start`, `middle game 1`, ...).
    pub label: String,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
}

/// The positions `chimera bench --search` measures: the Grand and Holy
/// Grail start positions and three middle games of each, as (variant id,
/// label, VFEN).
pub fn bench_positions() -> Vec<(&'static str, &'static str, String)> {
    let start = |id: &str| {
        Variant::new(id, &[])
            .expect("built-in variant")
            .start
            .clone()
    };
    let mut v = vec![("grand", "start", start("grand"))];
    for (label, f) in GRAND_MIDDLE {
        v.push(("grand", label, f.to_string()));
    }
    v.push(("holygrail", "start", start("holygrail")));
    for (label, f) in HOLYGRAIL_MIDDLE {
        v.push(("holygrail", label, f.to_string()));
    }
    v
}

/// Grand middle games: 30 plies of level-6 self-play (depth 4) after the
/// openings `random_opening(grand, 8, seed)`, seeds 1–3.
const GRAND_MIDDLE: [(&str, &str); 3] = [
    (
        "middle game 1",
        "r6r2/3qk2b2/ppp1ppppp1/2npb5/m4nP3/3P6/2N1PC1N2/PPP1P2PPP/2BQK2B2/R5R3 w - - - 1 16",
    ),
    (
        "middle game 2",
        "r8r/1nb1k2b2/pp2pppppp/3p2m3/5M4/6P3/5B4/PPPPP1NqPP/2BQ6/R3KR4 w - - - 0 16",
    ),
    (
        "middle game 3",
        "5r1r2/3qk5/p1p1p2ppp/2pp1ppn2/5b4/5P4/2P1PQ1N2/P1PP1P1PPP/2B1K5/R8R w - - - 2 16",
    ),
];

/// Holy Grail middle games, made the same way.
const HOLYGRAIL_MIDDLE: [(&str, &str); 3] = [
    (
        "middle game 1",
        "****t1****/1r1b1kb3/ppp1p1pp1p/2cwtqc3/3pfp2r1/8p1/4CBP3/2T2F4/3WPQ1C2/PPPP1P1PPP/4RKB1R1/****1T**** w Ib - JJJJISjjjjis 5 16",
    ),
    (
        "middle game 2",
        "****2****/1r2tkb1r1/p1tp1ppppp/2cw2f3/2p1q2c2/1p3b4/3C1p4/5F4/3WBQTC2/PPPPP1PPPP/1R1B1K2R1/****T1**** w BIbi - JJJJISjjjjis 14 16",
    ),
    (
        "middle game 3",
        "****t1****/3bqk2r1/p1ppp1pppp/2rc2f3/3b1p4/1p4c1P1/5t4/3BWP4/4C1F2C/PPPPP1PP1P/1R1BQK2R1/****T1**** w BIi - JJJJISjjjjis 1 16",
    ),
];

/// Searches each position from scratch (a fresh `hash_mb` table) within
/// `limits` and reports the speed.
pub fn bench_search(
    positions: &[(&str, &str, String)],
    limits: &Limits,
    hash_mb: usize,
) -> Result<Vec<BenchLine>, RulesError> {
    let mut out = Vec::new();
    for (id, label, vfen) in positions {
        let v = Variant::new(id, &[])?;
        let pos = Position::from_vfen(&v, vfen)?;
        let mut s = Searcher::new(hash_mb);
        let r = s.search(&pos, &[], limits, &mut |_| {});
        out.push(BenchLine {
            variant: id.to_string(),
            label: label.to_string(),
            depth: r.depth,
            nodes: r.nodes,
            time: r.time,
            nps: (r.nodes as u128 * 1_000_000 / r.time.as_micros().max(1)) as u64,
        });
    }
    Ok(out)
}

/// The moves of a line from `pos` in LMN.
pub fn pv_lmn(pos: &Position, pv: &[Move]) -> Vec<String> {
    pv_text(pos, pv, &Position::lmn)
}

/// The moves of a line from `pos` in readable notation (SAN-like).
pub fn pv_san(pos: &Position, pv: &[Move]) -> Vec<String> {
    pv_text(pos, pv, &Position::san)
}

/// The moves of a line from `pos`, each written by `write` in the position
/// it is played from.
pub fn pv_text(
    pos: &Position,
    pv: &[Move],
    write: &dyn Fn(&Position, Move) -> String,
) -> Vec<String> {
    let mut p = pos.clone();
    pv.iter()
        .map(|&m| {
            let t = write(&p, m);
            p.make_move(m);
            t
        })
        .collect()
}

/// `info depth 5 seldepth 9 score cp 23 nodes 12345 nps 456789 time 27 pv e2e4 e9e7`.
pub fn info_line(pos: &Position, i: &Info) -> String {
    info_line_with(pos, i, &|p, m| p.lmn(m))
}

/// [`info_line`] with the moves of the line written by `write` (UCI writes
/// Fairy-Stockfish's move strings for the variants it shares).
pub fn info_line_with(
    pos: &Position,
    i: &Info,
    write: &dyn Fn(&Position, Move) -> String,
) -> String {
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        i.seldepth,
        i.score.text(),
        i.nodes,
        i.nps,
        i.time.as_millis(),
        pv_text(pos, i.pv, write).join(" ")
    )
}

/// `bestmove e2e4 score cp 23` (`bestmove (none) score mate 0` without a legal move).
pub fn bestmove_line(pos: &Position, r: &SearchResult) -> String {
    let m = r.best.map_or("(none)".to_string(), |m| pos.lmn(m));
    format!("bestmove {m} score {}", r.score.text())
}

/// Analyses the game's current position within `limits` with `searcher`:
/// `out` receives an info line per completed iteration, then the bestmove line.
pub fn analyse(
    searcher: &mut Searcher,
    game: &Game,
    limits: &Limits,
    out: &mut dyn FnMut(&str),
) -> SearchResult {
    let pos = game.position();
    let r = searcher.search_game(game, limits, &mut |i| out(&info_line(pos, i)));
    out(&bestmove_line(pos, &r));
    r
}
