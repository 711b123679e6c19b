//! `chimera`: the game (default) and the command-line tools.

fn main() -> std::process::ExitCode {
    chimera::cli::main(std::env::args_os())
}
