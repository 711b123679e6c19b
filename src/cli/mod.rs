//! The `chimera` command line: `perft`, `moves`, `fen`, `bench` (and `play`,
//! which opens the game). Every error is one line on stderr and exit status 2.

use std::sync::Arc;
use std::time::Instant;

use crate::rules::{Game, OptionKind, Variant};

/// Parsed common arguments: variant, options, start position, moves, depth.
#[derive(Debug, Default)]
pub struct Args {
    /// Subcommand name.
    pub command: String,
    /// `--variant`.
    pub variant: Option<String>,
    /// `--option k=v`, in order.
    pub options: Vec<(String, String)>,
    /// `--fen`.
    pub fen: Option<String>,
    /// `--moves`, split on whitespace.
    pub moves: Vec<String>,
    /// `--depth`.
    pub depth: Option<u32>,
    /// `--divide`.
    pub divide: bool,
    /// Other `--flag value` pairs left for the subcommand (`--view`, `--screenshot`).
    pub extra: Vec<(String, String)>,
}

/// The help text printed by `chimera help` (and on a usage error).
pub const HELP: &str = "\
chimera — large fairy-chess variants

usage:
  chimera [play] [--variant V] [--option k=v ...] [--view 2d|3d] [--moves \"m1 m2 ...\"] [--screenshot out.png] [--measure SECS]
  chimera play --empty-3d --measure SECS
  chimera frametime [--variant V] [--option k=v ...] [--view 2d|3d] [--moves \"...\"] [--measure SECS] [--rounds N]
  chimera perft --variant V [--option k=v ...] [--fen VFEN] [--moves \"m1 m2 ...\"] --depth N [--divide]
  chimera moves --variant V [--option k=v ...] [--fen VFEN] [--moves \"...\"]
  chimera fen   --variant V [--option k=v ...] [--fen VFEN] [--moves \"...\"]
  chimera bench [--quick]
  chimera variants

variants: holygrail herculean holywar ghostarelay grand embassy chess
moves and positions are written in LMN and VFEN (shared/RULES.md §8).";

/// Writes one line to stdout. When the reader has gone away (`chimera moves …
/// | head -1`), the command ends quietly with status 0 instead of panicking.
fn write_line(line: std::fmt::Arguments) -> Result<(), CliError> {
    use std::io::Write;
    match writeln!(std::io::stdout().lock(), "{line}") {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        r => r.map_err(|e| CliError(format!("cannot write to stdout: {e}"))),
    }
}

/// `println!` through [`write_line`], returning early on a write error.
macro_rules! out {
    ($($t:tt)*) => { write_line(format_args!($($t)*))? };
}

/// A command-line failure: message for stderr (without the `error: ` prefix).
#[derive(Debug)]
pub struct CliError(pub String);

impl<E: std::fmt::Display> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Parses `argv` (without the program name).
pub fn parse_args(argv: &[String]) -> Result<Args, CliError> {
    let mut a = Args::default();
    let mut it = argv.iter().peekable();
    if let Some(first) = it.peek()
        && !first.starts_with("--")
    {
        a.command = it.next().cloned().unwrap_or_default();
    }
    while let Some(flag) = it.next() {
        let mut value = |name: &str| -> Result<String, CliError> {
            it.next()
                .cloned()
                .ok_or_else(|| CliError(format!("{name} needs a value")))
        };
        match flag.as_str() {
            "--variant" => a.variant = Some(value("--variant")?),
            "--option" => {
                let kv = value("--option")?;
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| CliError(format!("--option '{kv}' must be name=value")))?;
                a.options.push((k.to_string(), v.to_string()));
            }
            "--fen" => a.fen = Some(value("--fen")?),
            "--moves" => {
                a.moves = value("--moves")?
                    .split_whitespace()
                    .map(String::from)
                    .collect()
            }
            "--depth" => {
                let d = value("--depth")?;
                a.depth = Some(
                    d.parse()
                        .map_err(|_| CliError(format!("--depth '{d}' is not a whole number")))?,
                );
            }
            "--divide" => a.divide = true,
            "--help" | "-h" => a.command = "help".into(),
            "--quick" | "--flip" | "--empty-3d" => a.extra.push((flag.clone(), String::new())),
            f if f.starts_with("--") => {
                let v = value(f)?;
                a.extra.push((f.to_string(), v));
            }
            other => return Err(CliError(format!("unexpected argument '{other}'"))),
        }
    }
    Ok(a)
}

impl Args {
    /// The variant named by `--variant` (default `holygrail`) with its options.
    pub fn variant(&self) -> Result<Arc<Variant>, CliError> {
        Ok(Variant::new(
            self.variant.as_deref().unwrap_or("holygrail"),
            &self.options,
        )?)
    }

    /// The game after `--fen` and `--moves`.
    pub fn game(&self) -> Result<Game, CliError> {
        let v = self.variant()?;
        let mut g = match &self.fen {
            Some(f) => Game::from_vfen(&v, f)?,
            None => Game::new(&v),
        };
        g.play_lmn_list(&self.moves)?;
        Ok(g)
    }

    /// Value of an extra flag.
    pub fn extra(&self, name: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Runs a non-graphical subcommand, writing to stdout/stderr. Returns the exit status.
pub fn run(a: &Args) -> Result<(), CliError> {
    match a.command.as_str() {
        "perft" => perft(a),
        "moves" => {
            let g = a.game()?;
            let p = g.position();
            let mut names: Vec<String> = p.legal_moves().into_iter().map(|m| p.lmn(m)).collect();
            names.sort();
            for n in names {
                out!("{n}");
            }
            Ok(())
        }
        "fen" => {
            let g = a.game()?;
            out!("{}", g.position().to_vfen());
            match g.outcome() {
                Some(o) => out!("result: {}", o.result_text()),
                None => out!("result: *"),
            }
            Ok(())
        }
        "bench" => bench(a.extra("--quick").is_some()),
        "variants" => {
            for v in crate::rules::variants() {
                let opts: Vec<String> = v
                    .options
                    .iter()
                    .map(|o| {
                        format!(
                            "{}={}",
                            o.name,
                            match o.kind {
                                OptionKind::Choice(values) => values.join("|"),
                                OptionKind::Number { .. } => "N".to_string(),
                            }
                        )
                    })
                    .collect();
                out!("{:<12} {}  {}", v.id, v.description, opts.join(" "));
            }
            Ok(())
        }
        "help" | "-h" | "--help" => {
            out!("{HELP}");
            Ok(())
        }
        other => Err(CliError(format!(
            "unknown subcommand '{other}' (see chimera help)"
        ))),
    }
}

fn perft(a: &Args) -> Result<(), CliError> {
    let depth = a
        .depth
        .ok_or_else(|| CliError("perft needs --depth N".into()))?;
    let g = a.game()?;
    let mut p = g.position().clone();
    let t = Instant::now();
    let nodes = if a.divide {
        let rows = p.perft_divide(depth);
        for (m, n) in &rows {
            out!("{m} {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        p.perft(depth)
    };
    let secs = t.elapsed().as_secs_f64();
    out!("nodes {nodes}");
    eprintln!(
        "time {secs:.3} s, {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
    Ok(())
}

/// One benchmark position.
struct BenchCase {
    name: &'static str,
    variant: &'static str,
    options: &'static [(&'static str, &'static str)],
    depth: u32,
    quick_depth: u32,
}

const BENCH: &[BenchCase] = &[
    BenchCase {
        name: "chess start",
        variant: "chess",
        options: &[],
        depth: 6,
        quick_depth: 4,
    },
    BenchCase {
        name: "grand start",
        variant: "grand",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "embassy start",
        variant: "embassy",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "holygrail start",
        variant: "holygrail",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "herculean start",
        variant: "herculean",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "holywar start",
        variant: "holywar",
        options: &[("opening", "random")],
        depth: 5,
        quick_depth: 4,
    },
    BenchCase {
        name: "ghostarelay start",
        variant: "ghostarelay",
        options: &[],
        depth: 5,
        quick_depth: 4,
    },
];

fn bench(quick: bool) -> Result<(), CliError> {
    out!(
        "{:<20} {:>5} {:>14} {:>9} {:>12}",
        "position",
        "depth",
        "nodes",
        "seconds",
        "nodes/s"
    );
    for c in BENCH {
        let opts: Vec<(String, String)> = c
            .options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let v = Variant::new(c.variant, &opts)?;
        let mut p = v.start_position();
        let depth = if quick { c.quick_depth } else { c.depth };
        let t = Instant::now();
        let nodes = p.perft(depth);
        let secs = t.elapsed().as_secs_f64();
        out!(
            "{:<20} {:>5} {:>14} {:>9.2} {:>12.0}",
            c.name,
            depth,
            nodes,
            secs,
            nodes as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}
