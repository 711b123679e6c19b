//! Updates of a shared file that lose no concurrent writer's entry.
//!
//! Two programs of one machine (two headless clients, a window and a
//! client, two dedicated hosts appending to one record file) may read,
//! change and write the same file at the same moment; without a lock the
//! second write drops the first one's entry. [`update`] holds an exclusive
//! advisory lock (`File::lock`: `flock` on Unix, `LockFileEx` on Windows) on
//! a lock file beside the file (`NAME.lock`; the file itself is replaced by
//! [`write_atomic`](crate::paths::write_atomic), so it cannot carry the lock)
//! for the whole read-modify-write. The system releases the lock when its
//! holder ends, even by a crash, so a lock is never stale. The lock file is
//! left in place (removing it would let two writers lock two different
//! files).

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long [`update`] waits for another writer before it gives up.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

/// The lock file of `path`: `path` + `.lock`.
pub fn lock_path(path: &Path) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(".lock");
    PathBuf::from(p)
}

/// An exclusive lock on `path`'s lock file, held until dropped.
#[derive(Debug)]
pub struct FileLock {
    _file: Option<File>,
}

impl FileLock {
    /// Takes the lock of `path` (creating its folder and lock file), waiting
    /// for another holder up to `wait`. Where the file system cannot lock
    /// (some network shares) the update goes on unlocked, as before.
    pub fn acquire(path: &Path, wait: Duration) -> io::Result<FileLock> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let lock = lock_path(path);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock)?;
        let start = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(FileLock { _file: Some(file) }),
                Err(TryLockError::WouldBlock) if start.elapsed() < wait => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_millis(50));
                }
                Err(TryLockError::WouldBlock) => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!(
                            "{} is held by another program for more than {} s",
                            lock.display(),
                            wait.as_secs()
                        ),
                    ));
                }
                Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
                    return Ok(FileLock { _file: None });
                }
                Err(TryLockError::Error(e)) => {
                    return Err(io::Error::new(e.kind(), format!("{}: {e}", lock.display())));
                }
            }
        }
    }
}

/// Runs `change` — read `path`, change it, write it back — while holding
/// `path`'s lock, so that no other [`update`] of the same file, in this
/// process or another, runs in between.
pub fn update<T>(path: &Path, change: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
    let _lock = FileLock::acquire(path, LOCK_WAIT)?;
    change()
}
