//! Chimera: large fairy-chess variants.

pub mod app;
