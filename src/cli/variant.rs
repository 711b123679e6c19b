//! `chimera variant check FILE` and `chimera variant show ID`: the tools of
//! a player writing a variant file.

use clap::{Args, Subcommand};

use super::CliError;
use chimera_rules::{Game, RulesError, Variant, variants};
use chimera_store::variant_files::LoadError;

/// Flags of `variant`.
#[derive(Debug, Clone, Args)]
pub struct VariantCmd {
    /// What to do.
    #[command(subcommand)]
    pub action: VariantAction,
}

/// The subcommands of `variant`.
#[derive(Debug, Clone, Subcommand)]
pub enum VariantAction {
    /// Validate a variant file; print its start VFEN and perft 1-3 (default options)
    Check {
        /// The variant file (TOML).
        #[arg(value_name = "FILE")]
        file: std::path::PathBuf,
    },
    /// Print a variant's file text (a start for a file of your own: change its id)
    Show {
        /// Variant id (`chimera variants` lists them).
        #[arg(value_name = "ID")]
        id: String,
    },
}

/// `chimera variant …`.
pub fn variant(a: VariantCmd) -> Result<(), CliError> {
    match a.action {
        VariantAction::Check { file } => check(&file),
        VariantAction::Show { id } => show(&id),
    }
}

/// Registers the file (for this run only) and prints `start <VFEN>` and
/// `perft <depth> <nodes>` for depths 1 to 3.
fn check(path: &std::path::Path) -> Result<(), CliError> {
    let problem = |source: LoadError| CliError::VariantFile {
        file: path.display().to_string(),
        source,
    };
    let text = chimera_store::variant_files::read(path).map_err(|e| problem(e.into()))?;
    let info = chimera_rules::variants::register(&text).map_err(|e| problem(e.into()))?;
    let game = Game::new(&Variant::new(info.id, &[])?);
    out!("{} ({}): {}", info.id, info.name, info.description);
    out!("start {}", game.position().to_vfen());
    for depth in 1..=3 {
        out!("perft {depth} {}", game.position().clone().perft(depth));
    }
    Ok(())
}

/// Prints the file text of variant `id`.
fn show(id: &str) -> Result<(), CliError> {
    let info = variants()
        .iter()
        .find(|v| v.id == id)
        .ok_or_else(|| RulesError::UnknownVariant(id.to_string()))?;
    out!("{}", info.source.trim_end());
    Ok(())
}
