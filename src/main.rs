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
        // Until the game window lands, running without a subcommand prints the help.
        "" | "play" => {
            println!("{}", cli::HELP);
            Ok(())
        }
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
