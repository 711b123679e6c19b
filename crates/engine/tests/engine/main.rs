//! The computer opponent (`chimera-engine`): search mechanics, levels, and a
//! tactics suite per variant.

mod arena;
mod board;
mod levels;
mod puzzles;
mod review;
mod search;
mod tactics;
mod uci_lines;
