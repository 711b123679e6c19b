//! The autosave's writer: a thread of its own that puts each autosave on
//! the disk, so that a frame never waits for it. A synced write (written,
//! flushed to the disk, renamed over the old file) takes milliseconds —
//! about 8 ms on this project's test machine, tens on a hard disk — and the
//! autosave happens after every move, so in the frame it was a stall with
//! each move. The record's text is made on that thread too: it writes every
//! move's notation, work that grows with the game.
//!
//! Writes keep their order, and when several wait, only the newest is
//! written (each is the whole game). Dropping the writer (the app closing)
//! writes what waits before it returns; [`AutosaveWriter::flush`] waits
//! likewise without closing.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use bevy::prelude::*;

/// How an autosave's text is made (on the writer's thread: for a long
/// game, writing every move's notation is work too).
pub type MakeText = Box<dyn FnOnce() -> Result<String, String> + Send>;

/// One autosave to write: the file and how to make its whole text.
struct Job {
    path: PathBuf,
    text: MakeText,
}

/// Sends autosaves to the writing thread and collects its failures.
#[derive(Resource)]
pub struct AutosaveWriter {
    jobs: Option<Sender<Job>>,
    failures: Mutex<Receiver<String>>,
    /// Autosaves sent and not yet written (or given up for a newer one).
    waiting: Arc<(Mutex<usize>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

impl Default for AutosaveWriter {
    fn default() -> Self {
        let (jobs, queue) = channel::<Job>();
        let (failed, failures) = channel();
        let waiting = Arc::new((Mutex::new(0usize), Condvar::new()));
        let counter = waiting.clone();
        let thread = std::thread::Builder::new()
            .name("autosave".into())
            .spawn(move || write_jobs(&queue, &failed, &counter))
            .ok();
        AutosaveWriter {
            jobs: thread.is_some().then_some(jobs),
            failures: Mutex::new(failures),
            waiting,
            thread,
        }
    }
}

/// The thread's loop: the newest waiting job, written atomically.
fn write_jobs(queue: &Receiver<Job>, failed: &Sender<String>, waiting: &(Mutex<usize>, Condvar)) {
    while let Ok(mut job) = queue.recv() {
        let mut taken = 1;
        while let Ok(newer) = queue.try_recv() {
            job = newer;
            taken += 1;
        }
        let written = (job.text)().and_then(|text| {
            chimera_store::paths::write_atomic(&job.path, text).map_err(|e| e.to_string())
        });
        if let Err(e) = written {
            let _ = failed.send(format!("{}: {e}", job.path.display()));
        }
        let (count, done) = waiting;
        let mut n = count.lock().unwrap_or_else(|p| p.into_inner());
        *n = n.saturating_sub(taken);
        done.notify_all();
    }
}

impl AutosaveWriter {
    /// Queues the text `text` makes to replace the file at `path`. Without
    /// a writing thread (the system refused one), writes it at once.
    pub fn write(&self, path: PathBuf, text: MakeText) -> Result<(), String> {
        let Some(jobs) = &self.jobs else {
            return text().and_then(|text| {
                chimera_store::paths::write_atomic(&path, text)
                    .map_err(|e| format!("{}: {e}", path.display()))
            });
        };
        let (count, _) = &*self.waiting;
        *count.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        jobs.send(Job { path, text }).map_err(|_| {
            *count.lock().unwrap_or_else(|p| p.into_inner()) -= 1;
            "the autosave writer has stopped".to_string()
        })
    }

    /// Waits until every queued autosave is on the disk.
    pub fn flush(&self) {
        let (count, done) = &*self.waiting;
        let mut n = count.lock().unwrap_or_else(|p| p.into_inner());
        // Checked again now and then: a thread that died notifies no one.
        while *n > 0 && self.thread.as_ref().is_some_and(|t| !t.is_finished()) {
            n = done
                .wait_timeout(n, std::time::Duration::from_millis(50))
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }

    /// Failures reported since the last call, each naming the file.
    pub fn failures(&self) -> Vec<String> {
        let queue = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        queue.try_iter().collect()
    }
}

impl Drop for AutosaveWriter {
    fn drop(&mut self) {
        // Closing the queue ends the thread once it has written what waits.
        self.jobs = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "chimera-autosave-writer-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        dir
    }

    #[test]
    fn the_newest_text_is_on_disk_after_flush_and_after_drop() {
        let dir = scratch("order");
        let path = dir.join("autosave.pgn");
        let writer = AutosaveWriter::default();
        for i in 0..50 {
            let text = format!("game {i}");
            writer
                .write(path.clone(), Box::new(|| Ok(text)))
                .expect("queued");
        }
        writer.flush();
        assert_eq!(std::fs::read_to_string(&path).expect("written"), "game 49");
        writer
            .write(path.clone(), Box::new(|| Ok("last".into())))
            .expect("queued");
        drop(writer);
        assert_eq!(std::fs::read_to_string(&path).expect("written"), "last");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_is_reported_with_its_file() {
        let dir = scratch("fails");
        // A folder where the file should be: the rename over it fails.
        let path = dir.join("autosave.pgn");
        std::fs::create_dir(&path).expect("a blocking folder");
        let writer = AutosaveWriter::default();
        writer
            .write(path.clone(), Box::new(|| Ok("text".into())))
            .expect("queued");
        writer.flush();
        let failures = writer.failures();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert!(failures[0].contains("autosave.pgn"), "{failures:?}");
        assert!(writer.failures().is_empty(), "reported once");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
