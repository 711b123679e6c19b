//! [`Thinker`]: a computer [`Bot`] searching on its own thread, so that
//! whoever drives it (the UCI loop, a network client) keeps reading its
//! input and answering while the search runs, and can stop it at once.
//!
//! The player (level, seed, table size) is built when the first search
//! starts and kept between searches, so the transposition table carries
//! over; a changed level or table size, or [`Thinker::new_game`], builds a
//! fresh one (same seed) before the next search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use super::levels::Bot;
use super::search::{Info, Limits, SearchResult};
use chimera_rules::{Game, Position};

/// Stack of the search thread: the search recurses up to
/// [`super::search::MAX_PLY`] plies.
const STACK_BYTES: usize = 16 << 20;

/// Hears each completed iteration: the searched position and its info.
pub type OnInfo = Box<dyn FnMut(&Position, &Info) + Send>;
/// Hears the result: the searched position and what the search found.
pub type OnDone = Box<dyn FnOnce(&Position, &SearchResult) + Send>;

/// One search to run.
pub struct Job {
    /// The game whose current position is searched (its history counts for repetition).
    pub game: Game,
    /// When to stop.
    pub limits: Limits,
    /// Report the result only once stopped ([`Thinker::stop`]), even if the
    /// search ends earlier: UCI's `go infinite`.
    pub hold: bool,
    /// Called on the search thread after each completed iteration.
    pub on_info: OnInfo,
    /// Called on the search thread with the result.
    pub on_done: OnDone,
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThinkError {
    /// A search is running.
    #[error("a search is running")]
    Busy,
    /// The search thread could not be started.
    #[error("cannot start the search thread: {0}")]
    Spawn(String),
}

struct Running {
    handle: JoinHandle<(Bot, SearchResult)>,
    stop: Arc<AtomicBool>,
    /// Set on the search thread just before the result is reported: from
    /// then on the thread only returns.
    reported: Arc<AtomicBool>,
    /// The (level, table size) the player was built with.
    built: (u8, usize),
}

/// A computer player whose searches run on a thread of their own.
pub struct Thinker {
    level: u8,
    seed: u64,
    hash_mb: usize,
    /// The idle player and the (level, table size) it was built with.
    player: Option<(Bot, u8, usize)>,
    running: Option<Running>,
    /// [`Thinker::new_game`] was called: the next search gets a fresh
    /// player even if the last search's thread (joined later) returns one.
    fresh: bool,
}

impl Thinker {
    /// A player of `level` (1–8) with randomness from `seed` and a
    /// transposition table of `hash_mb` megabytes.
    pub fn new(level: u8, seed: u64, hash_mb: usize) -> Thinker {
        Thinker {
            level,
            seed,
            hash_mb,
            player: None,
            running: None,
            fresh: false,
        }
    }

    /// The level of the next search.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Plays at `level` from the next search on.
    pub fn set_level(&mut self, level: u8) {
        self.level = level;
    }

    /// Uses a table of `mb` megabytes from the next search on.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.hash_mb = mb;
    }

    /// Forgets what earlier searches learnt and restarts the randomness
    /// from the seed, before the next search.
    pub fn new_game(&mut self) {
        self.player = None;
        self.fresh = true;
    }

    /// Whether a search is running and has not reported its result yet.
    pub fn is_busy(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.reported.load(Ordering::Acquire))
    }

    /// Starts searching `job.game`'s current position on a new thread.
    pub fn start(&mut self, job: Job) -> Result<(), ThinkError> {
        if self.is_busy() {
            return Err(ThinkError::Busy);
        }
        // The last search has reported: its thread is returning.
        self.wait();
        if std::mem::take(&mut self.fresh) {
            self.player = None;
        }
        let mut player = match self.player.take() {
            Some((p, level, mb)) if level == self.level && mb == self.hash_mb => p,
            _ => Bot::new(self.level, self.seed, self.hash_mb),
        };
        let built = (self.level, self.hash_mb);
        let stop = player.stop_flag();
        stop.store(false, Ordering::SeqCst);
        let reported = Arc::new(AtomicBool::new(false));
        let (flag, done) = (Arc::clone(&stop), Arc::clone(&reported));
        let Job {
            game,
            limits,
            hold,
            mut on_info,
            on_done,
        } = job;
        let spawned = std::thread::Builder::new()
            .name("chimera-search".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let pos = game.position();
                let r = player.choose(&game, &limits, &mut |i| on_info(pos, i));
                while hold && !flag.load(Ordering::SeqCst) {
                    std::thread::park();
                }
                done.store(true, Ordering::Release);
                on_done(pos, &r);
                (player, r)
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    handle,
                    stop,
                    reported,
                    built,
                });
                Ok(())
            }
            Err(e) => Err(ThinkError::Spawn(e.to_string())),
        }
    }

    /// Asks the running search, if any, to stop now (it reports its result
    /// within milliseconds).
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::SeqCst);
            r.handle.thread().unpark();
        }
    }

    /// The result of a search that has ended, once (None while searching or
    /// when none ran). Does not wait.
    pub fn finished(&mut self) -> Option<SearchResult> {
        if self.running.as_ref()?.handle.is_finished() {
            self.wait()
        } else {
            None
        }
    }

    /// Waits for the running search, if any, to end and returns its result.
    pub fn wait(&mut self) -> Option<SearchResult> {
        let r = self.running.take()?;
        match r.handle.join() {
            Ok((player, result)) => {
                let (level, mb) = r.built;
                self.player = Some((player, level, mb));
                Some(result)
            }
            // A search that panicked: the next one gets a fresh player.
            Err(_) => None,
        }
    }
}

impl Drop for Thinker {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::channel;
    use std::time::Duration;

    use super::*;
    use chimera_rules::Variant;

    fn job(hold: bool, depth: u32) -> (Job, std::sync::mpsc::Receiver<Option<String>>) {
        let game = Game::new(&Variant::new("chess", &[]).unwrap());
        let (tx, rx) = channel();
        let job = Job {
            game,
            limits: Limits::depth(depth),
            hold,
            on_info: Box::new(|_, _| {}),
            on_done: Box::new(move |pos, r| {
                let _ = tx.send(r.best.map(|m| pos.lmn(m)));
            }),
        };
        (job, rx)
    }

    #[test]
    fn a_search_reports_on_its_thread_and_the_player_is_kept() {
        let mut t = Thinker::new(8, 1, 1);
        let (j, rx) = job(false, 3);
        t.start(j).unwrap();
        let reported = rx.recv_timeout(Duration::from_secs(120)).unwrap();
        let r = t.wait().expect("a result");
        let start = Game::new(&Variant::new("chess", &[]).unwrap());
        assert_eq!(reported, r.best.map(|m| start.position().lmn(m)));
        assert!(!t.is_busy() && t.finished().is_none());
        // The same player searches again (the table carried over).
        let (j, rx) = job(false, 1);
        t.start(j).unwrap();
        assert!(rx.recv_timeout(Duration::from_secs(120)).unwrap().is_some());
    }

    #[test]
    fn a_held_search_reports_only_when_stopped() {
        let mut t = Thinker::new(3, 1, 1);
        let (j, rx) = job(true, 1);
        t.start(j).unwrap();
        let (again, _) = job(false, 1);
        assert_eq!(t.start(again).err(), Some(ThinkError::Busy));
        assert!(t.is_busy());
        t.stop();
        assert!(rx.recv_timeout(Duration::from_secs(120)).unwrap().is_some());
        assert!(t.wait().is_some());
        assert!(!t.is_busy());
    }
}
