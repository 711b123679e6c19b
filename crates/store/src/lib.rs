//! Where Chimera keeps its files, shared by the window and the command line:
//! [`paths`] (the config and data directories, atomic writes),
//! [`lock`] (read-modify-write of a shared file under a lock),
//! [`variant_files`] (the players' variant folder) and [`read`] (the one
//! bounded reader of every file the game reads). No Bevy.

pub mod lock;
pub mod paths;
pub mod read;
pub mod variant_files;

pub use read::{MAX_CONFIG_BYTES, ReadError, read_bounded, read_bounded_bytes};
