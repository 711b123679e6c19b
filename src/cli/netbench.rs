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
}

/// Milliseconds with two decimals.
fn ms(d: std::time::Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

/// `chimera netbench`: plays the moves through a host on 127.0.0.1 and
/// prints the latency's median and 99th percentile.
pub fn netbench(a: NetbenchCmd) -> Result<(), CliError> {
    let v = a.variant.build(DEFAULT_VARIANT)?;
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
