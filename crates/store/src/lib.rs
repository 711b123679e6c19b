//! Where Chimera keeps its files, shared by the window and the command line:
//! [`paths`] (the config and data directories, atomic writes),
//! [`lock`] (read-modify-write of a shared file under a lock) and
//! [`variant_files`] (the players' variant folder). No Bevy.

pub mod lock;
pub mod paths;
pub mod variant_files;
