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
        "frametime" => frametime(&args),
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

/// `--measure SECS`, if given.
fn measure_secs(args: &cli::Args) -> Result<Option<f64>, cli::CliError> {
    args.extra("--measure")
        .map(|s| match s.parse::<f64>() {
            Ok(v) if v > 0.0 => Ok(v),
            _ => Err(cli::CliError(format!(
                "--measure must be a number of seconds, not '{s}'"
            ))),
        })
        .transpose()
}

/// `chimera frametime`: the game's frame time against an empty Bevy 3D
/// scene (Herculean in 3D unless told otherwise), each measured in a child
/// process, back to back, `--rounds` times.
fn frametime(args: &cli::Args) -> Result<(), cli::CliError> {
    let secs = measure_secs(args)?.unwrap_or(10.0);
    let rounds: u32 = match args.extra("--rounds") {
        None => 2,
        Some(r) => r
            .parse()
            .map_err(|_| cli::CliError(format!("--rounds '{r}' is not a whole number")))?,
    };
    let mut game = vec![
        "--variant".to_string(),
        args.variant.clone().unwrap_or_else(|| "herculean".into()),
        "--view".to_string(),
        args.extra("--view").unwrap_or("3d").to_string(),
    ];
    for (k, v) in &args.options {
        game.extend(["--option".to_string(), format!("{k}={v}")]);
    }
    if !args.moves.is_empty() {
        game.extend(["--moves".to_string(), args.moves.join(" ")]);
    }
    if args.extra("--flip").is_some() {
        game.push("--flip".to_string());
    }
    chimera::app::perf::compare_frame_times(&game, secs, rounds).map_err(cli::CliError)
}

/// `--window WIDTHxHEIGHT` (logical pixels), e.g. `1024x600`.
fn window_size(text: &str) -> Result<bevy::math::UVec2, cli::CliError> {
    let bad = || {
        cli::CliError(format!(
            "--window must be WIDTHxHEIGHT, e.g. 1024x600, not '{text}'"
        ))
    };
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w == 0 || h == 0 {
        return Err(bad());
    }
    Ok(bevy::math::UVec2::new(w, h))
}

/// Opens the game window (the menu, or a game when `--variant` is given).
fn play(args: &cli::Args) -> Result<(), cli::CliError> {
    use chimera::app::{PlayArgs, ViewMode};
    let measure = measure_secs(args)?;
    if args.extra("--empty-3d").is_some() {
        chimera::app::perf::run_empty_3d_measure(measure.unwrap_or(10.0));
        return Ok(());
    }
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
        measure,
        window: args.extra("--window").map(window_size).transpose()?,
    };
    chimera::app::run_play(play)
        .map(|_| ())
        .map_err(cli::CliError)
}
