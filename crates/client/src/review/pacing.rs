//! The analysis keeps the frame smooth: the window watches its own frame
//! time and gives the background search only the share of the time it can
//! take without slowing the frames. Now and then the analysis pauses for a
//! moment so that the window measures its idle frame time (the baseline,
//! averaged with the one before so that one noisy measurement does not
//! swing it); in between, every second the frames of that second
//! are compared with the baseline: within [`TARGET`] of it the search's
//! share grows, beyond it the share is cut (additive increase,
//! multiplicative decrease, as TCP paces its sending).
//!
//! On a machine whose frames wait for the display's refresh or a GPU the
//! analysis soon runs flat out; where the frame itself needs the processor
//! (software rendering on few cores) it runs in the gaps.

/// Frames may take this much longer than idle while the analysis runs.
pub const TARGET: f32 = 1.05;
/// Seconds the analysis is paused before idle frames are counted (the
/// search's running slice ends, the frame pipeline drains).
const PROBE_SETTLE: f64 = 0.25;
/// Seconds of idle frames measured for the baseline.
const PROBE_MEASURE: f64 = 1.0;
/// Seconds of frames judged together while the analysis runs.
const WINDOW: f64 = 1.0;
/// Fewest frames a measurement or a judgement is taken from.
const MIN_FRAMES: u32 = 5;
/// Seconds between two measurements of the baseline.
const RUN_SECS: f64 = 10.0;
/// Share added after a window that kept up.
const GROW: f32 = 0.15;
/// Factor the share is cut by after a window that fell behind.
const CUT: f32 = 0.6;
/// The least share while running: the analysis always moves on.
const MIN_SHARE: f32 = 0.02;

/// Frames summed since a moment.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Frames {
    since: f64,
    sum: f32,
    count: u32,
}

impl Frames {
    fn new(since: f64) -> Frames {
        Frames {
            since,
            sum: 0.0,
            count: 0,
        }
    }

    fn add(&mut self, frame: f32) {
        self.sum += frame;
        self.count += 1;
    }

    /// The mean frame once `secs` have passed and enough frames came.
    fn mean_after(&self, now: f64, secs: f64) -> Option<f32> {
        (now - self.since >= secs && self.count >= MIN_FRAMES).then(|| self.sum / self.count as f32)
    }
}

/// What the pacer is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    /// The analysis is paused; idle frames are counted after the settling.
    Probe(Frames),
    /// The analysis runs at the share since `since`; `window` collects the
    /// frames judged next.
    Run { since: f64, window: Frames },
}

/// Sets the analysis' share of time from the frame times it sees.
#[derive(Clone, Debug, PartialEq)]
pub struct FramePacer {
    phase: Phase,
    /// Mean idle frame time (seconds), once measured.
    baseline: Option<f32>,
    share: f32,
}

impl FramePacer {
    /// A pacer starting at `now` (seconds) by measuring the idle frame.
    pub fn new(now: f64) -> FramePacer {
        FramePacer {
            phase: Phase::Probe(Frames::new(now + PROBE_SETTLE)),
            baseline: None,
            share: 0.5,
        }
    }

    /// Takes a frame that ended at `now` and lasted `frame` seconds; gives
    /// the analysis' share of time from now on (0: paused).
    pub fn frame(&mut self, now: f64, frame: f32) -> f32 {
        match &mut self.phase {
            Phase::Probe(idle) => {
                if now < idle.since {
                    return 0.0;
                }
                idle.add(frame);
                let Some(mean) = idle.mean_after(now, PROBE_MEASURE) else {
                    return 0.0;
                };
                self.baseline = Some(match self.baseline {
                    Some(b) => (b + mean) / 2.0,
                    None => mean,
                });
                self.phase = Phase::Run {
                    since: now,
                    window: Frames::new(now),
                };
                self.share
            }
            Phase::Run { since, window } => {
                window.add(frame);
                if let (Some(mean), Some(base)) = (window.mean_after(now, WINDOW), self.baseline) {
                    self.share = if mean > base * TARGET {
                        (self.share * CUT).max(MIN_SHARE)
                    } else {
                        (self.share + GROW).min(1.0)
                    };
                    *window = Frames::new(now);
                }
                if now - *since >= RUN_SECS {
                    self.phase = Phase::Probe(Frames::new(now + PROBE_SETTLE));
                    return 0.0;
                }
                self.share
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `secs` seconds of frames of `frame` seconds from `*now`; the
    /// shares given.
    fn run(p: &mut FramePacer, now: &mut f64, secs: f64, frame: f32) -> Vec<f32> {
        let mut shares = Vec::new();
        let end = *now + secs;
        while *now < end {
            *now += frame as f64;
            shares.push(p.frame(*now, frame));
        }
        shares
    }

    #[test]
    fn it_first_pauses_the_analysis_and_measures_the_idle_frame() {
        let mut now = 0.0;
        let mut p = FramePacer::new(now);
        let shares = run(&mut p, &mut now, PROBE_SETTLE + PROBE_MEASURE - 0.05, 0.02);
        assert!(shares.iter().all(|&s| s == 0.0), "{shares:?}");
        run(&mut p, &mut now, 0.1, 0.02);
        let b = p.baseline.expect("measured");
        assert!((b - 0.02).abs() < 1e-6, "{b}");
    }

    #[test]
    fn frames_falling_behind_cut_the_share_and_frames_keeping_up_raise_it() {
        let mut now = 0.0;
        let mut p = FramePacer::new(now);
        let probe = PROBE_SETTLE + PROBE_MEASURE;
        run(&mut p, &mut now, probe + 0.1, 0.020);
        // 30 % slower frames: the share falls to its least within seconds.
        let slow = run(&mut p, &mut now, 8.0 * WINDOW, 0.026);
        assert_eq!(*slow.last().unwrap(), MIN_SHARE, "{slow:?}");
        // Frames within the target: it climbs back to flat out (pausing
        // once on the way to measure the idle frame again).
        let ok: Vec<f32> = run(&mut p, &mut now, RUN_SECS + probe + 8.0 * WINDOW, 0.0205)
            .into_iter()
            .filter(|&s| s > 0.0)
            .collect();
        assert!(ok.windows(2).all(|w| w[1] >= w[0]), "{ok:?}");
        assert_eq!(*ok.last().unwrap(), 1.0);
    }

    #[test]
    fn the_baseline_is_measured_again_every_few_seconds() {
        let mut now = 0.0;
        let mut p = FramePacer::new(now);
        run(&mut p, &mut now, PROBE_SETTLE + PROBE_MEASURE + 0.1, 0.02);
        let run_start = now;
        while p.frame(now + 0.02, 0.02) > 0.0 {
            now += 0.02;
        }
        now += 0.02;
        let ran = now - run_start;
        assert!((RUN_SECS - 0.2..RUN_SECS + 0.1).contains(&ran), "{ran}");
        // The idle frame got slower (a larger board, another view): the
        // baseline follows over the next measurements, and the analysis,
        // held back meanwhile, runs flat out again.
        let shares = run(&mut p, &mut now, 6.0 * RUN_SECS, 0.03);
        let b = p.baseline.unwrap();
        assert!((0.0295..=0.03).contains(&b), "{b}");
        let cycle = ((RUN_SECS + PROBE_SETTLE + PROBE_MEASURE) / 0.03) as usize;
        let last = &shares[shares.len() - cycle..];
        assert!(last.contains(&1.0), "{last:?}");
    }
}
