//! `chimera netbench`: move latency over loopback (see `chimera_net::bench`).

use clap::Args;

use super::CliError;
use super::args::{DEFAULT_VARIANT, VariantArgs, count, whole_in};
use chimera_net::bench::{BenchConfig, measure, quantile};

/// The most moves `netbench` plays: the game is found (and its samples
/// kept) before it starts, so the count must stay a game's length.
pub const MAX_MOVES: u32 = 10_000;

/// `--moves`: 1 to [`MAX_MOVES`].
fn moves(s: &str) -> Result<u32, String> {
    whole_in(
        s,
        1,
        MAX_MOVES,
        "the moves are one game, found before it is played",
    )
}

/// Flags of `netbench`.
#[derive(Debug, Clone, Args)]
pub struct NetbenchCmd {
    /// `--variant` and `--option` of the game played.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Moves played, each one a sample (at most 10000).
    #[arg(long, value_name = "N", default_value = "300", value_parser = moves)]
    pub moves: u32,
    /// Host updates per second (as `chimera serve`).
    #[arg(long, value_name = "HZ", default_value_t = super::serve::TICK_HZ, value_parser = count)]
    pub host_hz: u32,
    /// Updates per second of each client (a game window: its frame rate).
    #[arg(long, value_name = "HZ", default_value = "60", value_parser = count)]
    pub client_hz: u32,
    /// Load a lobby instead: this many tables at once (repeat for a series, e.g. --lobby 50 --lobby 200), two clients each.
    #[arg(long, value_name = "TABLES", value_parser = count)]
    pub lobby: Vec<u32>,
}

/// Milliseconds with two decimals.
fn ms(d: std::time::Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// `chimera netbench`: plays the moves through a host on 127.0.0.1 and
/// prints the latency's median and 99th percentile.
pub fn netbench(a: NetbenchCmd) -> Result<(), CliError> {
    let v = a.variant.build(DEFAULT_VARIANT)?;
    if !a.lobby.is_empty() {
        return lobby_load(&a, v.id());
    }
    let cfg = BenchConfig {
        variant: v.id().to_string(),
        options: v.options().to_vec(),
        moves: a.moves as usize,
        host_hz: a.host_hz.into(),
        client_hz: a.client_hz.into(),
    };
    let mut samples = measure(&cfg).map_err(CliError::Net)?;
    samples.sort();
    out!(
        "{} moves of {}, host {} Hz, clients {} Hz: request sent -> applied on the other client",
        samples.len(),
        cfg.variant,
        a.host_hz,
        a.client_hz
    );
    out!(
        "median {} ms  p99 {} ms  min {} ms  max {} ms",
        ms(quantile(&samples, 0.5)),
        ms(quantile(&samples, 0.99)),
        ms(quantile(&samples, 0.0)),
        ms(quantile(&samples, 1.0))
    );
    Ok(())
}

/// `chimera netbench --lobby N…`: for each table count, one lobby on
/// 127.0.0.1 with N tables of two clients playing `--moves` moves at once
/// (see `chimera_net::lobby::load`); one line each.
fn lobby_load(a: &NetbenchCmd, variant: &str) -> Result<(), CliError> {
    out!(
        "lobby on 127.0.0.1 at {} Hz, {variant}, {} moves a game, all tables at once:",
        a.host_hz,
        a.moves
    );
    for &tables in &a.lobby {
        let cfg = chimera_net::lobby::load::LoadConfig {
            variant: variant.to_string(),
            tables: tables as usize,
            moves: a.moves as usize,
            lobby_hz: a.host_hz,
        };
        match chimera_net::lobby::load::measure_load(&cfg) {
            Ok(r) => out!(
                "{tables} tables: {} finished, {} clients held; move latency median {} ms p99 {} ms max {} ms; {:.1} s; lobby busy {:.0}% of its time, memory {} per table",
                r.tables,
                r.clients,
                ms(quantile(&r.latencies, 0.5)),
                ms(quantile(&r.latencies, 0.99)),
                ms(quantile(&r.latencies, 1.0)),
                r.elapsed.as_secs_f64(),
                100.0 * r.lobby_busy,
                r.bytes_per_table.map_or("unknown".to_string(), |b| format!(
                    "{:.0} KiB",
                    b as f64 / 1024.0
                ))
            ),
            Err(e) => {
                out!("{tables} tables: gave way: {e}");
                break;
            }
        }
    }
    Ok(())
}
