//! A bad link: every client talks to the host through a relay on 127.0.0.1
//! that drops 20 % of the packets and holds the others up to 150 ms, so
//! they also arrive out of order (seeded, reproducible). Whole games still
//! end identical everywhere, without a single resync.

use std::time::Duration;

use chimera_net::HostConfig;
use chimera_net::protocol::SeatWish;

use crate::common::{HOLY_GRAIL, script_config, seeded_moves};
use crate::lan::{Lan, Loss, player};

fn loss(seed: u64) -> Option<Loss> {
    Some(Loss {
        drop_percent: 20,
        max_delay: Duration::from_millis(150),
        seed,
    })
}

fn assert_relays_were_bad(lan: &Lan) {
    assert!(
        !lan.host_log.iter().any(|l| l.contains("disconnected")),
        "a false disconnection: {:?}",
        lan.host_log
    );
    for r in &lan.relays {
        let total = r.dropped + r.forwarded;
        assert!(total > 200, "traffic went through the relay ({total})");
        let percent = r.dropped * 100 / total;
        assert!((12..=28).contains(&percent), "{percent} % dropped");
        assert!(r.reordered > 0, "some packets overtook others");
    }
}

#[test]
fn a_full_game_survives_a_lossy_link() {
    let mut cfg = script_config(&HOLY_GRAIL);
    cfg.time_control = "180+2".parse().unwrap();
    let mut lan = Lan::new(cfg);
    let w = lan.join(player("Ann", SeatWish::White), loss(1));
    let b = lan.join(player("Bo", SeatWish::Black), loss(2));
    lan.join(player("Cy", SeatWish::Spectate), loss(3));
    lan.play(w, b, HOLY_GRAIL.moves);
    lan.until_every_copy("the result everywhere", |s| s.result().is_some());
    assert_eq!(lan.host_state().vfen(), HOLY_GRAIL.end_vfen);
    lan.assert_same_everywhere();
    assert_relays_were_bad(&lan);
}

#[test]
fn a_long_game_survives_a_lossy_link() {
    let moves = seeded_moves("herculean", 60, 77);
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let mut lan = Lan::new(HostConfig::new("herculean"));
    let w = lan.join(player("Ann", SeatWish::White), loss(11));
    let b = lan.join(player("Bo", SeatWish::Black), loss(12));
    lan.play(w, b, &moves[..30]);
    // A late spectator over the same bad link gets the snapshot right.
    lan.join(player("Cy", SeatWish::Spectate), loss(13));
    lan.play(w, b, &moves[30..]);
    assert_eq!(lan.host_state().moves(), &moves[..]);
    lan.assert_same_everywhere();
    assert_relays_were_bad(&lan);
}

/// Issue 21: the link's time-out is short (`LINK_TIMEOUT_S`), and a quiet
/// link (nobody moves for ten simulated minutes: only netcode's keep-alive
/// packets flow) losing 20 % of its packets never looks dead to either end.
#[test]
fn a_quiet_lossy_link_is_never_taken_for_a_dead_one() {
    let mut lan = Lan::new(HostConfig::new("chess"));
    let w = lan.join(player("Ann", SeatWish::White), loss(21));
    let b = lan.join(player("Bo", SeatWish::Black), loss(22));
    lan.play(w, b, &["e2e4"]);
    lan.steps(60_000);
    for i in [w, b] {
        assert_eq!(lan.runner(i).link(), &chimera_net::Link::Connected);
    }
    lan.play(w, b, &["e7e5"]);
    assert_relays_were_bad(&lan);
}
