//! Chimera: a game for large fairy-chess variants. This root package is the
//! `chimera` binary: [`cli`] holds the command-line tools and composes the
//! workspace's crates (docs/architecture.md).

pub mod cli;
