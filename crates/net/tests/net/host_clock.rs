//! The host's clock (a `chimera_game::clock::Clock`) over the host state machine,
//! with simulated time: what each confirmed move costs and adds, what a
//! refused one does not, pauses while a player is away, takebacks, and the
//! result when a flag falls. Expected times are worked out by hand from the
//! time controls (seconds: `60+1` = 60 s and 1 s per move, `60d5` = 5 s free
//! per move, `*10` = 10 s per move).

use std::time::Duration;

use chimera_game::Offer;
use chimera_net::protocol::{ClientMsg, HostMsg, SeatWish, WireClocks};
use chimera_net::{HostConfig, HostEvent};
use chimera_rules::Color;

use crate::common::{Bench, refusals, to, welcome};

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

/// A host of `variant` (from `start`, if given) timed by `control`.
fn config(variant: &str, start: Option<&str>, control: &str) -> HostConfig {
    let mut cfg = HostConfig::new(variant);
    cfg.start_vfen = start.map(str::to_string);
    cfg.time_control = control.parse().unwrap();
    cfg
}

/// A bench of [`config`] with Ann (1) as White and Bo (2) as Black, both
/// seated at time 0.
fn timed(variant: &str, start: Option<&str>, control: &str) -> Bench {
    Bench::seated(config(variant, start, control))
}

/// The clocks of the one `Moved` sent to client 1.
fn moved_clocks(e: &[HostEvent]) -> WireClocks {
    let moved: Vec<WireClocks> = to(e, 1)
        .into_iter()
        .filter_map(|m| match m {
            HostMsg::Moved(m) => m.clocks,
            _ => None,
        })
        .collect();
    assert_eq!(moved.len(), 1, "{e:?}");
    moved[0].clone()
}

fn clocks(b: &Bench) -> WireClocks {
    b.state().wire_clocks().expect("timed")
}

/// The result sent to client 1 when the game ended.
fn ended(e: &[HostEvent]) -> (String, WireClocks) {
    to(e, 1)
        .into_iter()
        .find_map(|m| match m {
            HostMsg::Ended { result, clocks } => Some((result.result_text(), clocks.unwrap())),
            _ => None,
        })
        .expect("the game ended")
}

#[test]
fn fischer_increment_on_confirmed_moves_and_flag_fall() {
    let mut b = Bench::new(config("chess", None, "60+1"));
    b.join(1, "Ann", SeatWish::White);
    b.advance(secs(5.0));
    let c = clocks(&b);
    assert_eq!((c.left_ms, c.running), ([60_000, 60_000], false));
    b.join(2, "Bo", SeatWish::Black);
    b.advance(secs(10.25));
    // A refused move costs nothing and adds nothing.
    let e = b.play(1, "e2e5");
    assert_eq!(refusals(&e, 1).len(), 1);
    assert_eq!(clocks(&b).left_ms, [49_750, 60_000], "still running");
    let c = moved_clocks(&b.play(1, "e2e4"));
    assert_eq!(c.left_ms, [50_750, 60_000], "60 - 10.25 + 1");
    assert_eq!((c.to_move, c.running, c.spent_ms), (Color::Black, true, 0));
    assert_eq!((c.control.to_string(), c.moves), ("60+1".into(), [1, 0]));
    b.advance(secs(2.5));
    let c = moved_clocks(&b.play(2, "e7e5"));
    assert_eq!(c.left_ms, [50_750, 58_500], "60 - 2.5 + 1");
    assert_eq!((c.to_move, c.moves), (Color::White, [1, 1]));
    let e = b.advance(secs(50.7));
    assert!(to(&e, 1).is_empty(), "50 ms left: {e:?}");
    let e = b.advance(secs(0.05));
    let (result, c) = ended(&e);
    assert_eq!(result, "0-1 time forfeit", "Black has more than a king");
    assert_eq!((c.left_ms, c.running), ([0, 58_500], false));
    assert_eq!(clocks(&b), c, "the clock stopped");
    b.advance(secs(10.0));
    assert_eq!(clocks(&b), c, "and stays stopped");
    let e = b.play(1, "g1f3");
    assert_eq!(refusals(&e, 1)[0].1, "the game is over (0-1 time forfeit)");
}

#[test]
fn delay_and_time_per_move() {
    let mut b = timed("chess", None, "60d5");
    b.advance(secs(3.0));
    let c = moved_clocks(&b.play(1, "e2e4"));
    assert_eq!(c.left_ms, [60_000, 60_000], "3 s of the 5 s delay");
    b.advance(secs(8.0));
    assert_eq!(clocks(&b).spent_ms, 8_000);
    assert_eq!(
        clocks(&b).left_ms,
        [60_000, 57_000],
        "shown during the turn"
    );
    let c = moved_clocks(&b.play(2, "e7e5"));
    assert_eq!(c.left_ms, [60_000, 57_000], "8 s - 5 s");

    let mut b = timed("chess", None, "*10");
    b.advance(secs(9.5));
    let c = moved_clocks(&b.play(1, "e2e4"));
    assert_eq!(c.left_ms, [10_000, 10_000], "a new 10 s for the next move");
    let (result, _) = ended(&b.advance(secs(10.0)));
    assert_eq!(result, "1-0 time forfeit");
}

#[test]
fn a_flag_against_a_lone_king_is_a_draw() {
    // White (to move) has king and queen, Black a lone king: Black could
    // never mate, so White's flag fall draws (docs/rules.md §0, bare kings).
    let mut b = timed("chess", Some("7k/8/8/8/8/8/2Q5/K7 w - - - 0 1"), "60+0");
    let (result, c) = ended(&b.advance(secs(60.0)));
    assert_eq!(result, "1/2-1/2 time forfeit");
    assert_eq!(c.left_ms, [0, 60_000]);
    // With a pawn left Black could still win: the flag loses.
    let mut b = timed("chess", Some("7k/7p/8/8/8/8/2Q5/K7 w - - - 0 1"), "60+0");
    let (result, _) = ended(&b.advance(secs(60.0)));
    assert_eq!(result, "0-1 time forfeit");
}

#[test]
fn the_clock_stops_while_a_seated_player_is_away() {
    let mut b = Bench::new(config("chess", None, "60+0"));
    b.join(1, "Ann", SeatWish::White);
    let token = welcome(&b.join(2, "Bo", SeatWish::Black), 2).1;
    b.advance(secs(10.0));
    b.host.disconnected(&mut b.game, 2, "timed out");
    b.advance(secs(30.0));
    let c = clocks(&b);
    assert_eq!((c.left_ms, c.running), ([50_000, 60_000], false));
    // Ann may move meanwhile; then Bo's clock waits for him.
    let c = moved_clocks(&b.play(1, "e2e4"));
    assert_eq!((c.left_ms, c.running), ([50_000, 60_000], false));
    b.advance(secs(20.0));
    b.host.connected(3);
    b.hello(3, "Bo", SeatWish::Any, token);
    assert!(clocks(&b).running, "back with his token: his clock runs");
    b.advance(secs(5.0));
    assert_eq!(clocks(&b).left_ms, [50_000, 55_000]);
}

#[test]
fn a_takeback_keeps_the_times_shown() {
    let mut b = timed("chess", None, "60+0");
    b.advance(secs(10.0));
    b.play(1, "e2e4");
    b.advance(secs(4.0));
    b.play(2, "e7e5");
    b.advance(secs(2.0));
    b.send(1, ClientMsg::Offer(Offer::Takeback));
    b.advance(secs(1.0));
    let e = b.send(2, ClientMsg::Accept(Offer::Takeback));
    let c = to(&e, 2)
        .into_iter()
        .find_map(|m| match m {
            HostMsg::TakenBack { ply: 0, clocks, .. } => clocks,
            _ => None,
        })
        .expect("taken back to the start");
    assert_eq!(
        c.left_ms,
        [47_000, 56_000],
        "White's 3 s of this turn stay spent"
    );
    assert_eq!(
        (c.to_move, c.running, c.spent_ms, c.moves),
        (Color::White, true, 0, [0, 0])
    );
    b.advance(secs(7.0));
    assert_eq!(clocks(&b).left_ms, [40_000, 56_000]);
}

/// The record of a timed game carries each move's `%clk` (the mover's time
/// after it), and a host set up from that record (`HostConfig::clock`,
/// `move_times`, `seats`) goes on with those times and keeps the remote
/// seats for their tokens: Bo, back with his, is Black again; a newcomer
/// cannot take that seat. The time already spent on the move in progress
/// (tag `TurnElapsed`) is charged: a crash gives no time back (issue 21:
/// Black went from 4:23 back to 8:08).
#[test]
fn a_host_resumed_from_its_record_keeps_the_times_and_the_seats() {
    let mut b = timed("chess", None, "60+1");
    b.advance(secs(10.25));
    b.play(1, "e2e4");
    b.advance(secs(2.5));
    b.play(2, "e7e5");
    b.advance(secs(4.0));
    let rec = b.state().record(&[]).unwrap();
    let times: Vec<Option<Duration>> = rec.moves.iter().map(|m| m.clock).collect();
    // 60 - 10.25 + 1 and 60 - 2.5 + 1.
    assert_eq!(times, [Some(secs(50.75)), Some(secs(58.5))]);
    let held = b.host.held_seats();
    let bo = held.0[1].clone().expect("Bo's seat");
    assert_eq!(bo.name, "Bo");
    // Through the record's text, as the autosave goes.
    let read = chimera_game::record::MatchRecord::from_text(&rec.to_text().unwrap(), 1)
        .expect("the record");
    let mut cfg = config("chess", None, "60+1");
    cfg.moves = read.moves.iter().map(|m| m.lmn.clone()).collect();
    cfg.move_times = read.moves.iter().map(|m| m.clock).collect();
    cfg.clock = read.clock;
    cfg.seats = chimera_net::seats::HostSeats::parse(&held.text()).unwrap();
    assert_eq!(cfg.seats, held);
    assert_eq!(read.tag("TurnElapsed"), Some("0:00:04"));
    let mut again = crate::common::Bench::new(cfg);
    // White's 4 s on the move in progress are charged.
    assert_eq!(clocks(&again).left_ms, [46_750, 58_500]);
    assert_eq!(
        again.state().record(&[]).unwrap().moves[1].clock,
        Some(secs(58.5))
    );
    let e = again.join(3, "Cy", SeatWish::Black);
    assert!(
        refusals(&e, 3)[0].1.contains("Black is taken (Bo)"),
        "{e:?}"
    );
    again.host.connected(2);
    let e = again.hello(2, "Bo", SeatWish::Any, Some(bo.token));
    assert_eq!(welcome(&e, 2).0, chimera_net::Role::Player(Color::Black));
    let ann = held.0[0].clone().expect("Ann's seat").token;
    again.host.connected(1);
    again.hello(1, "Ann", SeatWish::Any, Some(ann));
    // Both back: White's clock runs on from its saved time.
    again.advance(secs(1.0));
    assert_eq!(clocks(&again).left_ms, [45_750, 58_500]);
    // White moves: its %clk is what it had at the move's start, less all
    // the time spent on it before and after the crash, plus the increment.
    again.play(1, "g1f3");
    let rec = again.state().record(&[]).unwrap();
    assert_eq!(rec.moves[2].clock, Some(secs(50.75 - 5.0 + 1.0)));
    assert_eq!(rec.tag("TurnElapsed"), None, "Black has spent nothing yet");
}

/// The hosting window writes its autosave again each time the move in
/// progress has run another `CLOCK_SAVE_EVERY` (5 s), and never while the
/// clock stands.
#[test]
fn the_running_clock_is_saved_every_few_seconds() {
    use chimera_net::state::{CLOCK_SAVE_EVERY, clock_save_due};
    assert_eq!(CLOCK_SAVE_EVERY, secs(5.0));
    let mut b = timed("chess", None, "60+1");
    let mut due_at = Vec::new();
    for step in 1..=130 {
        b.advance(secs(0.1));
        if clock_save_due(&b.game, secs(0.1)) {
            due_at.push(step);
        }
    }
    // At 5, 10 s of White's move (steps of 0.1 s).
    assert_eq!(due_at, [50, 100]);
    b.play(1, "e2e4");
    b.advance(secs(0.1));
    assert!(
        !clock_save_due(&b.game, secs(0.1)),
        "Black's move just began"
    );
    // Black away: the clock stands, nothing is due.
    b.host.disconnected(&mut b.game, 2, "gone");
    for _ in 0..100 {
        b.advance(secs(0.1));
        assert!(!clock_save_due(&b.game, secs(0.1)));
    }
    // Untimed: never.
    let mut u = Bench::seated(HostConfig::new("chess"));
    u.advance(secs(5.0));
    assert!(!clock_save_due(&u.game, secs(5.0)));
}
