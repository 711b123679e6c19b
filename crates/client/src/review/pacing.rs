//! The analysis keeps the frame smooth: the window watches its own frame
//! time and gives the background search only the share of the time it can
//! take without slowing the frames. Now and then the analysis pauses for a
//! moment so that the window measures its idle frame time (the baseline);
//! in between, the search's share grows while frames stay within
//! [`TARGET`] of that baseline and shrinks fast when they do not (additive
//! increase, multiplicative decrease, as TCP paces its sending).
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
const PROBE_MEASURE: f64 = 0.5;
/// Fewest idle frames a baseline is taken from.
const PROBE_FRAMES: u32 = 5;
/// Seconds between two measurements of the baseline.
const RUN_SECS: f64 = 6.0;
/// Weight of the newest frame in the running mean of frame times.
const SMOOTHING: f32 = 0.1;
/// Share added per frame while frames keep up.
const GROW: f32 = 0.02;
/// Factor the share is cut by per frame while frames fall behind.
const CUT: f32 = 0.8;
/// The least share while running: the analysis always moves on.
const MIN_SHARE: f32 = 0.02;

/// What the pacer is doing.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Phase {
    /// The analysis is paused and idle frames are measured.
    Probe { since: f64, sum: f32, frames: u32 },
    /// The analysis runs at the share.
    Run { since: f64 },
}

/// Sets the analysis' share of time from the frame times it sees.
#[derive(Clone, Debug, PartialEq)]
pub struct FramePacer {
    phase: Phase,
    /// Mean idle frame time (seconds), once measured.
    baseline: Option<f32>,
    /// Running mean of frame times while the analysis runs.
    mean: Option<f32>,
    share: f32,
}

impl FramePacer {
    /// A pacer starting at `now` (seconds) by measuring the idle frame.
    pub fn new(now: f64) -> FramePacer {
        FramePacer {
            phase: Phase::Probe {
                since: now,
                sum: 0.0,
                frames: 0,
            },
            baseline: None,
            mean: None,
            share: 0.5,
        }
    }

    /// The mean idle frame time measured last (seconds).
    pub fn baseline(&self) -> Option<f32> {
        self.baseline
    }

    /// Takes a frame that ended at `now` and lasted `frame` seconds; gives
    /// the analysis' share of time from now on (0: paused).
    pub fn frame(&mut self, now: f64, frame: f32) -> f32 {
        match &mut self.phase {
            Phase::Probe { since, sum, frames } => {
                if now - *since >= PROBE_SETTLE {
                    *sum += frame;
                    *frames += 1;
                }
                if now - *since >= PROBE_SETTLE + PROBE_MEASURE && *frames >= PROBE_FRAMES {
                    self.baseline = Some(*sum / *frames as f32);
                    self.mean = None;
                    self.phase = Phase::Run { since: now };
                    return self.share;
                }
                0.0
            }
            Phase::Run { since } => {
                let since = *since;
                let mean = match self.mean {
                    Some(m) => m + SMOOTHING * (frame - m),
                    None => frame,
                };
                self.mean = Some(mean);
                let baseline = self.baseline.unwrap_or(mean);
                self.share = if mean > baseline * TARGET {
                    (self.share * CUT).max(MIN_SHARE)
                } else {
                    (self.share + GROW).min(1.0)
                };
                if now - since >= RUN_SECS {
                    self.phase = Phase::Probe {
                        since: now,
                        sum: 0.0,
                        frames: 0,
                    };
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
        let b = p.baseline().expect("measured");
        assert!((b - 0.02).abs() < 1e-6, "{b}");
    }

    #[test]
    fn frames_falling_behind_cut_the_share_and_frames_keeping_up_raise_it() {
        let mut now = 0.0;
        let mut p = FramePacer::new(now);
        run(&mut p, &mut now, 1.0, 0.020);
        // 30 % slower frames: the share falls to its least within a second.
        let slow = run(&mut p, &mut now, 1.0, 0.026);
        assert_eq!(*slow.last().unwrap(), MIN_SHARE, "{slow:?}");
        // Frames within the target: it climbs back to flat out.
        let ok = run(&mut p, &mut now, 2.0, 0.0205);
        assert!(ok.windows(2).skip(20).all(|w| w[1] >= w[0]), "{ok:?}");
        assert_eq!(*ok.last().unwrap(), 1.0);
    }

    #[test]
    fn the_baseline_is_measured_again_every_few_seconds() {
        let mut now = 0.0;
        let mut p = FramePacer::new(now);
        run(&mut p, &mut now, 1.0, 0.02);
        let run_start = now;
        while p.frame(now + 0.02, 0.02) > 0.0 {
            now += 0.02;
        }
        now += 0.02;
        let ran = now - run_start;
        assert!((RUN_SECS - 1.0..RUN_SECS + 0.1).contains(&ran), "{ran}");
        // The idle frame got slower (a larger board, another view): the new
        // baseline is taken from it, so the same frames are within target.
        run(&mut p, &mut now, 1.0, 0.03);
        assert!((p.baseline().unwrap() - 0.03).abs() < 1e-6);
        let shares = run(&mut p, &mut now, 2.0, 0.03);
        assert_eq!(*shares.last().unwrap(), 1.0);
    }
}
