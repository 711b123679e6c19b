//! The computer opponent on the command line: `analyse` and `selfplay`.

use clap::Args;

use super::CliError;
use super::args::{PositionArgs, SearchLimitArgs, VariantArgs, count, hash_mb, limits};
use chimera_engine::SelfPlay;
use chimera_rules::Color;

/// Default transposition table size in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// Flags of `analyse`.
#[derive(Debug, Clone, Args)]
pub struct AnalyseCmd {
    /// The position to analyse.
    #[command(flatten)]
    pub position: PositionArgs,
    /// When to stop: exactly one of --depth, --movetime, --nodes.
    #[command(flatten)]
    pub limit: SearchLimitArgs,
    /// Transposition table size in megabytes (1 to 1024, as UCI's Hash).
    #[arg(long, value_name = "MB", value_parser = hash_mb, default_value_t = DEFAULT_HASH_MB as u32)]
    pub hash: u32,
}

/// `chimera analyse`: an `info` line per completed iteration, then
/// `bestmove <lmn> score <cp N|mate N>`.
pub fn analyse(a: AnalyseCmd) -> Result<(), CliError> {
    let game = a.position.game()?;
    let mut searcher = chimera_engine::Searcher::new(a.hash as usize);
    let mut failed = None;
    chimera_engine::analyse(&mut searcher, &game, &a.limit.limits(), &mut |line| {
        if failed.is_none() {
            failed = super::write_line(format_args!("{line}")).err();
        }
    });
    failed.map_or(Ok(()), Err)
}

/// Flags of `selfplay`.
#[derive(Debug, Clone, Args)]
pub struct SelfplayCmd {
    /// Variant and options.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The two levels A,B (1–8) that play each other.
    #[arg(long, value_name = "A,B", value_parser = level_pair)]
    pub levels: (u8, u8),
    /// Number of games; A plays White in the odd-numbered games, Black in the others.
    #[arg(long, value_name = "N", value_parser = count)]
    pub games: u32,
    /// Milliseconds per move (the default when neither this nor --nodes is given: 100).
    #[arg(long, value_name = "MS", value_parser = count, conflicts_with = "nodes")]
    pub movetime: Option<u32>,
    /// Nodes per move.
    #[arg(long, value_name = "N", value_parser = count)]
    pub nodes: Option<u32>,
    /// Seed of the openings and of the players' randomness.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Plies of each varied opening (each opening is played twice, colours swapped).
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub opening: usize,
    /// Plies after which an unfinished game counts as a draw.
    #[arg(long, value_name = "N", value_parser = count, default_value_t = 400)]
    pub max_plies: u32,
    /// Transposition table per player, in megabytes (1 to 1024, as UCI's Hash).
    #[arg(long, value_name = "MB", value_parser = hash_mb, default_value_t = DEFAULT_HASH_MB as u32)]
    pub hash: u32,
}

/// A level from 1 to 8 (`join --ai`).
pub fn level(s: &str) -> Result<u8, String> {
    match s.trim().parse::<u8>() {
        Ok(l) if (chimera_engine::MIN_LEVEL..=chimera_engine::MAX_LEVEL).contains(&l) => Ok(l),
        _ => Err(format!(
            "expected a level from {} to {}",
            chimera_engine::MIN_LEVEL,
            chimera_engine::MAX_LEVEL
        )),
    }
}

/// `A,B` of `--levels`: two levels from 1 to 8.
fn level_pair(s: &str) -> Result<(u8, u8), String> {
    let wrong = || {
        format!(
            "expected two levels A,B from {} to {}",
            chimera_engine::MIN_LEVEL,
            chimera_engine::MAX_LEVEL
        )
    };
    let (a, b) = s.split_once(',').ok_or_else(wrong)?;
    Ok((
        level(a).map_err(|_| wrong())?,
        level(b).map_err(|_| wrong())?,
    ))
}

/// `chimera selfplay`: one line per game, then level A's score against level B.
pub fn selfplay(a: SelfplayCmd) -> Result<(), CliError> {
    let variant = a.variant.build(super::args::DEFAULT_VARIANT)?;
    let movetime = a.movetime.or(a.nodes.is_none().then_some(100));
    let limits = limits(None, movetime, a.nodes);
    let (la, lb) = a.levels;
    let [mut wins, mut draws, mut losses] = [0u32; 3];
    let mut opening = Vec::new();
    for g in 0..a.games {
        let pair_seed = a.seed.wrapping_add(u64::from(g / 2));
        if g % 2 == 0 {
            opening = chimera_engine::random_opening(&variant, a.opening, pair_seed);
        }
        let a_color = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let levels = if a_color == Color::White {
            [la, lb]
        } else {
            [lb, la]
        };
        let rec = chimera_engine::play_game(&SelfPlay {
            variant: variant.clone(),
            start: None,
            opening: opening.clone(),
            levels,
            limits,
            seed: a.seed.wrapping_mul(1000).wrapping_add(u64::from(g) * 2),
            max_plies: a.max_plies as usize,
            hash_mb: a.hash as usize,
        })?;
        let (result, winner) = match rec.outcome {
            Some(o) => (o.result_text(), o.winner),
            None => ("1/2-1/2 stopped at --max-plies".to_string(), None),
        };
        match winner {
            Some(c) if c == a_color => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        out!(
            "game {}: white level {} black level {}: {result} ({} plies)",
            g + 1,
            levels[0],
            levels[1],
            rec.moves.len()
        );
    }
    let points = f64::from(wins) + f64::from(draws) / 2.0;
    out!(
        "level {la} vs level {lb}: +{wins} ={draws} -{losses} of {} games, {:.1}%",
        a.games,
        100.0 * points / f64::from(a.games)
    );
    Ok(())
}

/// Flags of `puzzles`.
#[derive(Debug, Clone, Args)]
pub struct PuzzlesCmd {
    /// Variant and options.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Number of puzzles to find.
    #[arg(long, value_name = "N", value_parser = count)]
    pub count: u32,
    /// Seed of the self-play games (openings and players).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Nodes of the first search of each position (the confirming search gets 4x; level 8 of the self-play as many).
    #[arg(long, value_name = "N", value_parser = count, default_value_t = 40_000)]
    pub nodes: u32,
    /// Most self-play games to play before giving up on --count.
    #[arg(long, value_name = "N", value_parser = count, default_value_t = 200)]
    pub max_games: u32,
    /// Transposition table of each search, in megabytes (1 to 1024, as UCI's Hash).
    #[arg(long, value_name = "MB", value_parser = hash_mb, default_value_t = 8)]
    pub hash: u32,
}

/// `chimera puzzles`: one line per puzzle as it is found,
/// `VFEN | solution LMN | theme | difficulty D (depth D, N nodes)`.
pub fn puzzles(a: PuzzlesCmd) -> Result<(), CliError> {
    let variant = a.variant.build(super::args::DEFAULT_VARIANT)?;
    let mut settings = chimera_engine::MineSettings::new(u64::from(a.nodes));
    settings.seed = a.seed;
    settings.max_games = a.max_games;
    settings.hash_mb = a.hash as usize;
    let mut failed = None;
    chimera_engine::puzzles::mine(&variant, a.count as usize, &settings, &mut |p| {
        if failed.is_none() {
            failed = super::write_line(format_args!("{}", p.line())).err();
        }
    })?;
    failed.map_or(Ok(()), Err)
}
