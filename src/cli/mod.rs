//! The `chimera` command line, parsed by clap (derive): `play` (the default
//! when no subcommand is given), `frametime`, `perft`, `moves`, `fen`,
//! `export`, `load`, `annotate`, `bench`, `variants`, `serve`, `host`, `join`, `lobby`,
//! `netbench`, `analyse`, `selfplay`, `puzzles`, `match`, `openings`, `uci`,
//! `variant check|show`, each
//! with its own `--help`. Every error is one line
//! `error: …` on stderr and exit status 2; `--help` prints to stdout and exits 0.
//!
//! Adding a subcommand: one variant of [`Command`] (its doc comment is the
//! help, its `#[derive(Args)]` struct the flags, flattening the shared groups
//! of [`args`] such as [`PositionArgs`]) and its handler in the match of
//! [`Command::run`].

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Writes one line to stdout. When the reader has gone away (`chimera moves …
/// | head -1`), the command ends quietly with status 0 instead of panicking.
fn write_line(line: std::fmt::Arguments) -> Result<(), CliError> {
    use std::io::Write;
    match writeln!(std::io::stdout().lock(), "{line}") {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        r => Ok(r?),
    }
}

/// `println!` through [`write_line`], returning early on a write error.
macro_rules! out {
    ($($t:tt)*) => { $crate::cli::write_line(format_args!($($t)*))? };
}

pub mod ai;
pub mod args;
pub mod bench;
mod error;
pub mod game;
pub mod host;
pub mod join;
pub mod lobby;
pub mod matches;
pub mod netbench;
pub mod records;
pub mod serve;
pub mod tools;
pub mod uci;
pub mod variant;

pub use args::{GameArgs, MovesArg, PositionArgs, VariantArgs};
pub use error::CliError;

/// The whole command line.
#[derive(Debug, Parser)]
#[command(
    name = "chimera",
    about = "chimera — large fairy-chess variants",
    after_help = "Moves and positions are written in LMN and VFEN (docs/rules.md §8).\n\
                  Without a subcommand chimera plays; `chimera <command> --help` shows each command's flags.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// The subcommand; `None` is `play` with the flags in [`Cli::play`].
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Flags of `play` given without the subcommand name.
    #[command(flatten)]
    pub play: game::PlayCmd,
}

impl Cli {
    /// Runs the subcommand, or `play` when none was given.
    pub fn run(self) -> Result<(), CliError> {
        match self.command {
            Some(c) => c.run(),
            None => game::play(self.play),
        }
    }
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the game: the menu, or a game of --variant (the default subcommand)
    Play(game::PlayCmd),
    /// Frame time of the game against Bevy's default empty 3D scene and an empty scene of its view, measured in child processes (--offscreen: no display)
    Frametime(game::FrametimeCmd),
    /// Count the leaf nodes of the move tree to --depth
    Perft(tools::PerftCmd),
    /// List the legal moves in LMN, sorted, one per line
    Moves(PositionArgs),
    /// Print the VFEN after the moves, then the result
    Fen(PositionArgs),
    /// Print the game of --variant, --fen and --moves as a PGN-style record
    Export(records::ExportCmd),
    /// Check a record file and print its final VFEN and result as `fen` does
    Load(records::LoadCmd),
    /// Review a game of a record file with the engine; print it with evaluations, mistakes marked and better lines
    Annotate(records::AnnotateCmd),
    /// Fixed perft suite: nodes, seconds and nodes/s per start position
    Bench(bench::BenchCmd),
    /// List the variant ids, descriptions and options (players' files last, marked)
    Variants,
    /// Check a variant file, or print a variant's file text
    Variant(variant::VariantCmd),
    /// Host a LAN game without a window (both seats remote); logs every event to stderr
    Serve(serve::ServeCmd),
    /// Host a LAN game in the window, which plays one side (--resume continues the last one)
    Host(host::HostCmd),
    /// Join a LAN game: the window (the join list without ADDRESS), or the terminal with --headless
    Join(join::JoinCmd),
    /// Run a lobby: many tables online behind room codes, encrypted links; logs every event to stderr
    Lobby(lobby::LobbyCmd),
    /// Move latency over loopback: host and two clients in one process; median and p99
    Netbench(netbench::NetbenchCmd),
    /// Search a position: info lines, then `bestmove <lmn> score <cp N|mate N>`
    Analyse(ai::AnalyseCmd),
    /// Games between two computer levels, alternating colours; prints A's score
    Selfplay(ai::SelfplayCmd),
    /// Mine puzzles from seeded self-play: `VFEN | solution LMN | theme | difficulty`, one a line
    Puzzles(ai::PuzzlesCmd),
    /// Two engines play paired openings (this build's levels or UCI commands): W/D/L, Elo with its interval, an SPRT
    Match(matches::MatchCmd),
    /// Print an opening set for a variant: level short openings from a seed, one a line (LMN)
    Openings(matches::OpeningsCmd),
    /// Speak UCI on stdin/stdout as Fairy-Stockfish does (its FEN and moves for chess, grand, embassy; VFEN and LMN otherwise)
    Uci,
}

impl Command {
    /// Runs the subcommand.
    pub fn run(self) -> Result<(), CliError> {
        match self {
            Command::Play(a) => game::play(a),
            Command::Frametime(a) => game::frametime(a),
            Command::Perft(a) => tools::perft(a),
            Command::Moves(a) => tools::moves(a),
            Command::Fen(a) => tools::fen(a),
            Command::Export(a) => records::export(a),
            Command::Load(a) => records::load(a),
            Command::Annotate(a) => records::annotate(a),
            Command::Bench(a) => bench::bench(a),
            Command::Variants => tools::variants(),
            Command::Variant(a) => variant::variant(a),
            Command::Serve(a) => serve::serve(a),
            Command::Host(a) => host::host(a),
            Command::Join(a) => join::join(a),
            Command::Lobby(a) => lobby::lobby(a),
            Command::Netbench(a) => netbench::netbench(a),
            Command::Analyse(a) => ai::analyse(a),
            Command::Selfplay(a) => ai::selfplay(a),
            Command::Puzzles(a) => ai::puzzles(a),
            Command::Match(a) => matches::run_match(a),
            Command::Openings(a) => matches::make_openings(a),
            Command::Uci => uci::uci(),
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Invocation {
    /// Run this.
    Run(Box<Cli>),
    /// Print this help (`--help`, `-h`, `help`) and exit 0.
    Help(String),
}

/// Parses `argv` (with the program name first); a usage error is
/// [`CliError::Usage`] naming the problem.
pub fn parse(argv: &[OsString]) -> Result<Invocation, CliError> {
    match Cli::try_parse_from(argv) {
        Ok(cli) => Ok(Invocation::Run(Box::new(cli))),
        Err(e) if e.use_stderr() => {
            Err(CliError::Usage(error::usage_line(&e, &command_path(argv))))
        }
        Err(e) => Ok(Invocation::Help(e.render().to_string())),
    }
}

/// The subcommand names at the front of `argv` (`moves`, `variant check`), or
/// `chimera` when there is none: the command a usage error is about.
fn command_path(argv: &[OsString]) -> String {
    let mut cmd = Cli::command();
    let mut path = Vec::new();
    for a in argv.iter().skip(1) {
        let Some(sub) = a.to_str().and_then(|a| cmd.find_subcommand(a)).cloned() else {
            break;
        };
        path.push(sub.get_name().to_string());
        cmd = sub;
    }
    if path.is_empty() {
        "chimera".to_string()
    } else {
        path.join(" ")
    }
}

/// The program: registers the players' variant files (a broken one is a
/// `warning: variants/foo.toml: line 3: key: problem` line on stderr, and
/// skipped), parses `argv`, runs the command, reports an error as one
/// `error: …` line on stderr with exit status 2.
pub fn main(argv: impl IntoIterator<Item = OsString>) -> ExitCode {
    for problem in chimera_store::variant_files::load_problems() {
        eprintln!("warning: {problem}");
    }
    let argv: Vec<OsString> = argv.into_iter().collect();
    let result = parse(&argv).and_then(|i| match i {
        Invocation::Run(cli) => cli.run(),
        Invocation::Help(text) => write_line(format_args!("{}", text.trim_end())),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
