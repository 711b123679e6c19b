//! A background search's pace: the share of wall-clock time it may run,
//! set while it runs by whoever watches what the search costs (the window
//! watches its frame time). The search runs in slices of [`SLICE`]: it
//! works `share` of each and rests the rest, so its answer never changes,
//! only how long it takes.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// One work-and-rest cycle of a paced search.
pub const SLICE: Duration = Duration::from_millis(20);
/// The longest single sleep of a resting search: it looks at its stop flag
/// and its pace at least this often.
const REST_STEP: Duration = Duration::from_millis(2);
/// The share's resolution.
const FULL: u32 = 1000;

/// The share of time a search may run, from 0 (paused) to 1 (flat out),
/// shared between the searching thread and its watcher.
#[derive(Debug)]
pub struct Pace {
    permille: AtomicU32,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace::full()
    }
}

impl Pace {
    /// A pace that lets the search run all the time.
    pub fn full() -> Pace {
        Pace {
            permille: AtomicU32::new(FULL),
        }
    }

    /// Sets the share of time the search may run (clamped to 0..=1; 0
    /// pauses it until the share rises again or the search is stopped).
    pub fn set_share(&self, share: f32) {
        let p = (share.clamp(0.0, 1.0) * FULL as f32).round() as u32;
        self.permille.store(p, Ordering::Relaxed);
    }

    /// The share of time the search may run.
    pub fn share(&self) -> f32 {
        self.permille.load(Ordering::Relaxed) as f32 / FULL as f32
    }
}

/// The searching side of a [`Pace`]: where the running slice began.
#[derive(Debug)]
pub(crate) struct PaceKeeper {
    pace: Arc<Pace>,
    slice_start: Instant,
}

impl PaceKeeper {
    /// Keeps `pace`, a slice beginning now.
    pub(crate) fn new(pace: Arc<Pace>) -> PaceKeeper {
        PaceKeeper {
            pace,
            slice_start: Instant::now(),
        }
    }

    /// Starts a fresh slice (a new search begins).
    pub(crate) fn restart(&mut self) {
        self.slice_start = Instant::now();
    }

    /// Called between nodes: once the slice's working share is used up, the
    /// thread rests the slice's remaining share (a paused pace: until it
    /// rises), waking at least every 2 ms to see `stop` and a changed pace.
    pub(crate) fn keep(&mut self, stop: &AtomicBool) {
        let share = self.pace.share();
        if share >= 1.0 || self.slice_start.elapsed() < SLICE.mul_f32(share) {
            return;
        }
        let rest_start = Instant::now();
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let share = self.pace.share();
            let rest = SLICE.mul_f32(1.0 - share);
            let rested = rest_start.elapsed();
            if share >= 1.0 || (share > 0.0 && rested >= rest) {
                break;
            }
            let left = if share > 0.0 {
                rest - rested
            } else {
                REST_STEP
            };
            std::thread::sleep(left.min(REST_STEP));
        }
        self.slice_start = Instant::now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_is_clamped_and_kept_to_a_thousandth() {
        let p = Pace::full();
        assert_eq!(p.share(), 1.0);
        p.set_share(0.25);
        assert_eq!(p.share(), 0.25);
        p.set_share(-3.0);
        assert_eq!(p.share(), 0.0);
        p.set_share(7.0);
        assert_eq!(p.share(), 1.0);
        p.set_share(f32::NAN);
        assert!((0.0..=1.0).contains(&p.share()));
    }
}
