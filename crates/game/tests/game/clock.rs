//! The pure clock (issue 11) with a fake time source: every time below is a
//! `Duration` the test chooses, so nothing depends on the machine's speed.

use std::sync::Arc;
use std::time::Duration;

use chimera_game::clock::{Clock, ClockState, ClockTime, Flagged, TimeControl, flag_result};
use chimera_rules::{Color, EndReason, Outcome, Position, Variant};

fn s(secs: f64) -> Duration {
    Duration::from_secs_f64(secs)
}

fn tc(text: &str) -> TimeControl {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A started clock for `control`, White to move at time 0.
fn started(control: &str) -> Clock {
    let mut c = Clock::new(tc(control), Color::White);
    c.start(Duration::ZERO);
    c
}

#[test]
fn time_control_tag_forms() {
    let cases = [
        ("-", TimeControl::None, "-"),
        ("?", TimeControl::None, "-"),
        (
            "600",
            TimeControl::Fischer {
                base: s(600.0),
                increment: Duration::ZERO,
            },
            "600+0",
        ),
        (
            "600+5",
            TimeControl::Fischer {
                base: s(600.0),
                increment: s(5.0),
            },
            "600+5",
        ),
        (
            "300d3",
            TimeControl::Delay {
                base: s(300.0),
                delay: s(3.0),
            },
            "300d3",
        ),
        ("*30", TimeControl::PerMove { time: s(30.0) }, "*30"),
        (
            "40/5400",
            TimeControl::Periods {
                moves: 40,
                time: s(5400.0),
            },
            "40/5400",
        ),
    ];
    for (text, want, written) in cases {
        assert_eq!(tc(text), want, "{text}");
        assert_eq!(want.to_string(), written);
        assert_eq!(tc(written), want);
    }
    for (bad, why) in [
        ("0+5", "the time must be at least 1 second"),
        ("600+x", "expected whole seconds"),
        ("40/", "expected whole seconds"),
        ("*0", "the time must be at least 1 second"),
        ("ten", "expected whole seconds"),
        ("600+99999999", "more than 10000000 seconds"),
        ("-5", "expected whole seconds"),
    ] {
        let e = bad.parse::<TimeControl>().unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("'{bad}' is not a time control ({why})")),
            "{bad}: {e}"
        );
    }
}

/// Fischer: the mover's clock runs, the move is charged and the increment
/// added; the other clock stands still.
#[test]
fn fischer_increment() {
    let mut c = started("600+5");
    assert_eq!(c.remaining(Color::White, s(3.0)), Some(s(597.0)));
    assert_eq!(c.remaining(Color::Black, s(3.0)), Some(s(600.0)));
    assert_eq!(c.move_made(s(3.0)), Ok(Some(s(602.0))));
    assert_eq!(c.to_move(), Color::Black);
    assert_eq!(c.remaining(Color::Black, s(10.0)), Some(s(593.0)));
    assert_eq!(c.remaining(Color::White, s(10.0)), Some(s(602.0)));
    assert_eq!(c.move_made(s(10.0)), Ok(Some(s(598.0))));
    assert_eq!(
        (c.moves_made(Color::White), c.moves_made(Color::Black)),
        (1, 1)
    );
}

/// Simple delay: the first seconds of every move are free; only the rest is
/// charged, and nothing is added.
#[test]
fn simple_delay() {
    let mut c = started("300d5");
    assert_eq!(c.remaining(Color::White, s(4.0)), Some(s(300.0)));
    assert_eq!(c.move_made(s(3.0)), Ok(Some(s(300.0))));
    assert_eq!(c.remaining(Color::Black, s(11.0)), Some(s(297.0)));
    assert_eq!(c.move_made(s(11.0)), Ok(Some(s(297.0))));
    assert_eq!(c.move_made(s(16.0)), Ok(Some(s(300.0))));
}

/// Fixed time per move: each move has the full time, unused time is lost,
/// and running out of it loses.
#[test]
fn fixed_time_per_move() {
    let mut c = started("*30");
    assert_eq!(c.move_made(s(12.0)), Ok(Some(s(30.0))));
    assert_eq!(c.remaining(Color::Black, s(40.0)), Some(s(2.0)));
    assert_eq!(c.flag(s(41.999)), None);
    assert_eq!(c.flag(s(42.0)), Some(Color::Black));
    assert_eq!(c.move_made(s(43.0)), Err(Flagged(Color::Black)));
}

/// Moves per period: the period's time comes again after every 40 moves.
#[test]
fn moves_per_period() {
    let mut c = Clock::new(tc("40/5400"), Color::White);
    c.start(Duration::ZERO);
    let mut now = Duration::ZERO;
    let mut last = None;
    for n in 1..=40 {
        now += s(100.0);
        last = c.move_made(now).unwrap();
        if n == 39 {
            assert_eq!(last, Some(s(5400.0 - 3900.0)));
        }
        now += s(1.0);
        c.move_made(now).unwrap();
    }
    assert_eq!(last, Some(s(5400.0 - 4000.0 + 5400.0)));
    assert_eq!(
        c.remaining(Color::Black, now),
        Some(s(5400.0 - 40.0 + 5400.0))
    );
}

/// A paused clock charges nothing; a flag cannot fall while paused; the time
/// spent before the pause still counts (and delay is per move, not per
/// stretch of running).
#[test]
fn pause_and_resume() {
    let mut c = started("60d5");
    c.pause(s(4.0));
    assert!(!c.is_running());
    assert_eq!(c.remaining(Color::White, s(500.0)), Some(s(60.0)));
    assert_eq!(c.flag(s(500.0)), None);
    c.start(s(500.0));
    assert!(c.is_running());
    assert_eq!(c.turn_elapsed(s(503.0)), s(7.0));
    assert_eq!(c.move_made(s(503.0)), Ok(Some(s(58.0))));
    // A move made while paused is charged what ran before the pause.
    c.pause(s(510.0));
    assert_eq!(c.move_made(s(900.0)), Ok(Some(s(58.0))));
    assert!(!c.is_running());
    assert_eq!(c.turn_elapsed(s(2000.0)), Duration::ZERO);
}

/// A flag falls at zero exactly; after it, the clock stays stopped and the
/// state says so.
#[test]
fn flag_fall() {
    let mut c = started("60+0");
    assert_eq!(c.flag(s(59.999)), None);
    assert_eq!(c.flag(s(60.0)), Some(Color::White));
    assert_eq!(c.remaining(Color::White, s(75.0)), Some(Duration::ZERO));
    assert_eq!(c.move_made(s(61.0)), Err(Flagged(Color::White)));
    c.start(s(70.0));
    assert!(!c.is_running());
    assert_eq!(c.to_move(), Color::White);
    assert!(c.state(s(80.0)).flagged);
    assert_eq!(Flagged(Color::White).to_string(), "White ran out of time");
}

/// No clock: nothing shows, nothing falls.
#[test]
fn untimed() {
    let mut c = started("-");
    assert_eq!(c.remaining(Color::White, s(1e6)), None);
    assert_eq!(c.flag(s(1e6)), None);
    assert_eq!(c.move_made(s(1e6)), Ok(None));
    assert_eq!(c.to_move(), Color::Black);
}

/// A snapshot (what the network sends) survives bincode, and a running
/// clock rebuilt from it goes on from the receiver's `now`.
#[test]
fn state_round_trip() {
    let mut c = Clock::new(tc("300d3"), Color::Black);
    c.start(s(10.0));
    c.move_made(s(20.0)).unwrap();
    let st = c.state(s(22.0));
    assert_eq!(
        st,
        ClockState {
            control: tc("300d3"),
            left: [s(300.0), s(293.0)],
            to_move: Color::White,
            turn_elapsed: s(2.0),
            running: true,
            moves: [0, 1],
            flagged: false,
        }
    );
    let cfg = bincode::config::standard();
    let bytes = bincode::serde::encode_to_vec(st, cfg).unwrap();
    let (back, _): (ClockState, usize) = bincode::serde::decode_from_slice(&bytes, cfg).unwrap();
    assert_eq!(back, st);
    // Another machine's time line: 1000 s there is 22 s here.
    let there = Clock::from_state(&back, s(1000.0));
    assert_eq!(there.remaining(Color::White, s(1004.0)), Some(s(297.0)));
    assert_eq!(there.remaining(Color::Black, s(1004.0)), Some(s(293.0)));
}

/// A snapshot from a hostile peer (huge times, zero moves per period)
/// cannot make the clock panic.
#[test]
fn hostile_snapshot_cannot_panic() {
    for control in [
        TimeControl::Fischer {
            base: Duration::MAX,
            increment: Duration::MAX,
        },
        TimeControl::Periods {
            moves: 0,
            time: Duration::MAX,
        },
        TimeControl::Delay {
            base: Duration::MAX,
            delay: Duration::MAX,
        },
    ] {
        let st = ClockState {
            control,
            left: [Duration::MAX; 2],
            to_move: Color::White,
            turn_elapsed: Duration::MAX,
            running: true,
            moves: [u32::MAX; 2],
            flagged: false,
        };
        for now in [Duration::ZERO, Duration::MAX] {
            let mut c = Clock::from_state(&st, now);
            let _ = (c.remaining(Color::White, Duration::MAX), c.flag(now));
            let _ = c.move_made(Duration::MAX);
            let _ = c.move_made(Duration::ZERO);
            c.pause(Duration::MAX);
            c.start(Duration::ZERO);
            let _ = c.state(Duration::MAX);
        }
    }
}

#[test]
fn side_panel_display() {
    for (t, want) in [
        (3725.0, "1:02:05"),
        (598.9, "9:58"),
        (600.0, "10:00"),
        (10.0, "0:10"),
        (9.37, "0:09.3"),
        (0.05, "0:00.0"),
        (0.0, "0:00.0"),
    ] {
        assert_eq!(ClockTime(s(t)).to_string(), want, "{t}");
    }
}

fn pos(id: &str, vfen: &str) -> Position {
    let v: Arc<Variant> = Variant::new(id, &[]).unwrap();
    Position::from_vfen(&v, vfen).unwrap_or_else(|e| panic!("{vfen}: {e}"))
}

/// The flag-fall result: a loss, except where docs/rules.md says the opponent
/// cannot win (a lone king with nothing in hand in the check-based
/// variants); Ghostarelay has no such rule.
#[test]
fn flag_fall_result() {
    let loss = |winner| Outcome {
        winner: Some(winner),
        reason: EndReason::TimeForfeit,
    };
    let draw = Outcome {
        winner: None,
        reason: EndReason::TimeForfeit,
    };
    let kings = pos("chess", "7k/8/8/8/8/8/8/K7 w - - - 0 1");
    assert_eq!(flag_result(&kings, Color::White), draw);
    let queen = pos("chess", "7k/8/8/8/8/8/8/K6q w - - - 0 1");
    assert_eq!(flag_result(&queen, Color::White), loss(Color::Black));
    assert_eq!(flag_result(&queen, Color::Black), draw);
    assert_eq!(
        flag_result(&queen, Color::White).result_text(),
        "0-1 time forfeit"
    );
    assert_eq!(
        flag_result(&queen, Color::Black).result_text(),
        "1/2-1/2 time forfeit"
    );
    // A lone king on the board with ninja pawns in hand can still win.
    let hand = pos(
        "holygrail",
        "****2****/5k4/10/10/10/10/10/10/10/10/5K4/****2**** w - - jjjj 0 1",
    );
    assert_eq!(flag_result(&hand, Color::White), loss(Color::Black));
    assert_eq!(flag_result(&hand, Color::Black), draw);
    // Holywar's drop opening: the whole army is in hand.
    let v = Variant::new("holywar", &[]).unwrap();
    assert_eq!(
        flag_result(&v.start_position(), Color::White),
        loss(Color::Black)
    );
    // Ghostarelay: a lone king is no draw.
    let ghost = pos("ghostarelay", "k9/10/10/10/10/10/10/10/10/K9 w - - - 0 1");
    assert_eq!(flag_result(&ghost, Color::White), loss(Color::Black));
}
