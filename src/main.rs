//! `chimera`: the game (default) and the command-line tools.

use std::process::ExitCode;

use chimera::cli;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = match cli::parse_args(&argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {}", e.0);
            return ExitCode::from(2);
        }
    };
    let result = match args.command.as_str() {
        "" | "play" => play(&args),
        _ => cli::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", e.0);
            ExitCode::from(2)
        }
    }
}

/// Opens the game window (the menu, or a game when `--variant` is given).
fn play(args: &cli::Args) -> Result<(), cli::CliError> {
    use chimera::app::{PlayArgs, ViewMode};
    let view = match args.extra("--view") {
        None | Some("2d") => ViewMode::TwoD,
        Some("3d") => ViewMode::ThreeD,
        Some(v) => return Err(cli::CliError(format!("--view must be 2d or 3d, not '{v}'"))),
    };
    let play = PlayArgs {
        variant: args.variant.clone(),
        options: args.options.clone(),
        view,
        moves: args.moves.clone(),
        flip: args.extra("--flip").is_some(),
        screenshot: args.extra("--screenshot").map(Into::into),
    };
    chimera::app::run_play(play)
        .map(|_| ())
        .map_err(cli::CliError)
}
