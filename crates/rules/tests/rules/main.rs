//! Rules-engine tests: one module per variant or topic. They share one test
//! binary so that a build links the crate once for all of them.

mod attacks;
mod chess_grand_embassy;
// Shared with chimera-game's tests, which alone use `MoveKinds` and `random_game`.
#[allow(dead_code)]
mod common;
mod ghostarelay;
mod herculean;
mod holygrail;
mod holywar;
mod notation;
mod options;
mod perft_reference;
mod soak;
mod variant_files;
