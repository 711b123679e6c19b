//! The host state machine, rule by rule, without sockets: every refused or
//! hostile request leaves the match exactly as it was and gets the reply or
//! log line it should.

use std::time::Duration;

use chimera_game::Offer;
use chimera_game::record::{Arrow, Brush, Circle};
use chimera_net::protocol::{
    ClientMsg, Hello, HostMsg, MAX_DRAWINGS, MoveConfirmed, PROTOCOL_VERSION, Role, SeatState,
    SeatWish, SharedDrawings, encode,
};
use chimera_net::{HostConfig, HostEvent};
use chimera_rules::{Color, EndReason, Game, Outcome, Variant};

use crate::common::{Bench, logs, refusals, to, welcome};

/// Position, moves, hash, result and offers: what a refused request must
/// not touch.
type Fingerprint = (
    String,
    Vec<String>,
    u64,
    Option<Outcome>,
    Vec<(Offer, Color)>,
);

fn fingerprint(b: &Bench) -> Fingerprint {
    let s = b.state();
    (
        s.vfen(),
        s.moves().to_vec(),
        s.hash(),
        s.result(),
        s.offers(),
    )
}

#[test]
fn seats_go_to_the_first_askers_then_spectators() {
    let mut b = Bench::new(HostConfig::new("chess"));
    let e = b.join(1, "Ann", SeatWish::Any);
    let (role, token, snap) = welcome(&e, 1);
    assert_eq!(role, Role::Player(Color::White), "first 'any' gets White");
    assert!(token.is_some());
    assert_eq!(
        snap.start_vfen,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1"
    );
    assert_eq!(
        logs(&e),
        vec!["client 1 connected", "client 1 (Ann) takes White's seat"]
    );
    let e = b.join(2, "Bo", SeatWish::Any);
    assert_eq!(welcome(&e, 2).0, Role::Player(Color::Black));
    assert!(
        to(&e, 1).contains(&HostMsg::Seat {
            side: Color::Black,
            state: SeatState::Connected { name: "Bo".into() }
        }),
        "White hears of Black"
    );
    let e = b.join(3, "Cy", SeatWish::Any);
    assert_eq!(
        refusals(&e, 3),
        vec![(
            "hello".into(),
            "both seats are taken; join as a spectator".into()
        )]
    );
    let e = b.join(4, "Di", SeatWish::White);
    assert_eq!(
        refusals(&e, 4),
        vec![("hello".into(), "White is taken (Ann)".into())]
    );
    // The refused are disconnected a moment later (after the refusal went out).
    let e = b.advance(Duration::from_millis(1500));
    assert!(
        e.contains(&HostEvent::Kick(3)) && e.contains(&HostEvent::Kick(4)),
        "{e:?}"
    );
    let e = b.join(5, "Ed", SeatWish::Spectate);
    let (role, token, snap) = welcome(&e, 5);
    assert_eq!((role, token, snap.spectators), (Role::Spectator, None, 1));
    assert_eq!(to(&e, 1), vec![HostMsg::Spectators(1)]);
}

#[test]
fn moves_need_the_right_seat_the_current_ply_and_legality() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    let before = fingerprint(&b);
    // Black moves on White's turn.
    let e = b.play(2, "e7e5");
    assert_eq!(
        refusals(&e, 2),
        vec![(
            "move e7e5 at ply 0".into(),
            "you play Black; it is White's turn".into()
        )]
    );
    assert_eq!(
        logs(&e),
        vec!["client 2 (Bo): move e7e5 at ply 0 refused: you play Black; it is White's turn"]
    );
    assert!(to(&e, 1).is_empty(), "nothing reaches the others");
    // An illegal move: the reason is the rules engine's.
    let v = Variant::new("chess", &[]).unwrap();
    let why = Game::new(&v)
        .position()
        .parse_lmn("e2e5")
        .unwrap_err()
        .to_string();
    let e = b.play(1, "e2e5");
    assert_eq!(refusals(&e, 1), vec![("move e2e5 at ply 0".into(), why)]);
    let e = b.play(1, "e2e9");
    assert_eq!(refusals(&e, 1).len(), 1);
    assert_eq!(fingerprint(&b), before, "refusals change nothing");
    // A legal move is applied and broadcast with the resulting hash.
    let e = b.play(1, "e2e4");
    let mut g = Game::new(&v);
    g.play_lmn("e2e4").unwrap();
    let hash = g.position().hash();
    let moved = HostMsg::Moved(MoveConfirmed {
        ply: 0,
        lmn: "e2e4".into(),
        hash,
        clocks: None,
    });
    assert_eq!(to(&e, 1), vec![moved.clone()]);
    assert_eq!(to(&e, 2), vec![moved]);
    assert!(e.iter().any(|e| matches!(e, HostEvent::Applied {
        ply: 0,
        side: Color::White,
        lmn,
        hash: h,
        played,
    } if lmn == "e2e4" && *h == hash && played.lmn == "e2e4" && played.ply == 1)));
    assert_eq!(logs(&e), vec!["ply 1 white e2e4"]);
    // A stale ply: Black answers as if White had not moved.
    let after = fingerprint(&b);
    let e = b.send(
        2,
        ClientMsg::Move {
            ply: 0,
            lmn: "e7e5".into(),
        },
    );
    assert_eq!(
        refusals(&e, 2),
        vec![(
            "move e7e5 at ply 0".into(),
            "stale move: made at ply 0, the game is at ply 1".into()
        )]
    );
    assert_eq!(fingerprint(&b), after);
}

#[test]
fn spectators_and_newcomers_cannot_play() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    b.join(3, "Cy", SeatWish::Spectate);
    let before = fingerprint(&b);
    let e = b.play(3, "e2e4");
    assert_eq!(
        refusals(&e, 3),
        vec![("move e2e4 at ply 0".into(), "spectators cannot play".into())]
    );
    let e = b.send(3, ClientMsg::Resign);
    assert_eq!(refusals(&e, 3)[0].1, "spectators cannot play");
    b.host.connected(4);
    let e = b.play(4, "e2e4");
    assert_eq!(refusals(&e, 4)[0].1, "say hello first");
    let e = b.hello(1, "Ann", SeatWish::White, None);
    assert_eq!(
        refusals(&e, 1),
        vec![("hello".into(), "already joined".into())]
    );
    assert_eq!(fingerprint(&b), before);
}

#[test]
fn moves_wait_for_both_seats() {
    let mut b = Bench::new(HostConfig::new("chess"));
    b.join(1, "Ann", SeatWish::White);
    let e = b.play(1, "e2e4");
    assert_eq!(
        refusals(&e, 1)[0].1,
        "the game has not started: Black's seat is open"
    );
    assert_eq!(b.state().ply(), 0);
    // Leaving before the start frees the seat.
    b.host.disconnected(&mut b.game, 1, "left");
    assert_eq!(b.state().table.seats[0], SeatState::Open);
    let e = b.join(2, "Bo", SeatWish::White);
    assert_eq!(welcome(&e, 2).0, Role::Player(Color::White));
}

#[test]
fn a_saved_game_resumes_and_bad_saves_are_refused() {
    let mut cfg = HostConfig::new("chess");
    cfg.moves = vec!["f2f3".into(), "e7e5".into(), "g2g4".into(), "d8h4".into()];
    let b = Bench::new(cfg.clone());
    assert_eq!(b.state().ply(), 4);
    assert_eq!(
        b.state().result().map(|r| r.result_text()),
        Some("0-1 checkmate".into()),
        "fool's mate"
    );
    cfg.moves[2] = "g2g5".into();
    let err = chimera_net::Host::new(cfg, 1).err().expect("refused");
    assert!(
        err.to_string() == "move 3 'g2g5' is not legal here",
        "{err}"
    );
}

#[test]
fn hostile_bytes_are_refused_and_change_nothing() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    b.play(1, "e2e4");
    let before = fingerprint(&b);
    let good = encode(&ClientMsg::Move {
        ply: 1,
        lmn: "e7e5".into(),
    })
    .unwrap();
    let mut oversized = vec![0xC5, 7];
    oversized.resize(70_000, b'x');
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (
            vec![0xDE, 0xAD, 0xBE, 0xEF],
            "unreadable: not a Chimera message (first byte 0xde)",
        ),
        (
            good[..good.len() - 2].to_vec(),
            "unreadable: message is truncated",
        ),
        (
            oversized,
            "unreadable: message of 70000 bytes is over the limit of 65536",
        ),
        (
            encode(&HostMsg::Spectators(3)).unwrap(),
            "unreadable: a message for the client where one for the host was expected",
        ),
        (vec![], "unreadable: empty message"),
    ];
    for (bytes, reason) in cases {
        let e = b.raw(2, &bytes);
        assert_eq!(refusals(&e, 2), vec![("message".into(), reason.into())]);
        assert_eq!(
            logs(&e),
            vec![format!("client 2 (Bo): message refused: {reason}")]
        );
        assert!(to(&e, 1).is_empty());
        assert_eq!(fingerprint(&b), before, "{reason}");
    }
    // Black can still play afterwards.
    let e = b.raw(2, &good);
    assert!(refusals(&e, 2).is_empty());
    assert_eq!(b.state().ply(), 2);
}

#[test]
fn a_burst_of_ten_thousand_requests_is_bounded_and_logged() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    let before = fingerprint(&b);
    // Black floods with moves out of turn.
    let frame = encode(&ClientMsg::Move {
        ply: 0,
        lmn: "e7e5".into(),
    })
    .unwrap();
    let mut events = Vec::new();
    for _ in 0..10_000 {
        events.extend(b.raw(2, &frame));
    }
    // The burst, less the hello that took one request.
    let answered = b.host.config().limits.request_burst as usize - 1;
    assert_eq!(
        refusals(&events, 2).len(),
        answered,
        "only the burst is answered"
    );
    assert_eq!(
        events.len(),
        2 * answered + 1,
        "a reply and a log line each, one flood line"
    );
    assert!(
        logs(&events).contains(
            &"client 2 (Bo) sends too fast (over 20/s): dropping its requests".to_string()
        )
    );
    assert_eq!(fingerprint(&b), before);
    let e = b.advance(Duration::from_secs(1));
    assert_eq!(
        logs(&e),
        vec![format!(
            "client 2 (Bo): {} requests dropped (rate limit)",
            10_000 - answered
        )]
    );
    // After the flood the same client is heard again.
    let e = b.play(1, "e2e4");
    assert!(refusals(&e, 1).is_empty());
    let e = b.play(2, "e7e5");
    assert!(refusals(&e, 2).is_empty());
    assert_eq!(b.state().moves(), ["e2e4", "e7e5"]);
}

#[test]
fn a_silent_client_is_dropped() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    b.host.connected(9);
    b.host.take_events();
    let e = b.advance(Duration::from_secs(9));
    assert!(e.is_empty(), "{e:?}");
    let e = b.advance(Duration::from_secs(1));
    assert_eq!(
        e,
        vec![
            HostEvent::Log("client 9 never said hello; disconnecting".into()),
            HostEvent::Kick(9),
            HostEvent::Log("client 9 disconnected: disconnected by the host".into()),
        ]
    );
    assert_eq!(b.host.client_count(), 2);
}

#[test]
fn too_many_newcomers_or_spectators_are_turned_away() {
    let mut cfg = HostConfig::new("chess");
    cfg.limits.max_spectators = 2;
    cfg.limits.max_pending = 1;
    let mut b = Bench::seated(cfg);
    b.join(3, "S1", SeatWish::Spectate);
    b.join(4, "S2", SeatWish::Spectate);
    let e = b.join(5, "S3", SeatWish::Spectate);
    assert_eq!(
        refusals(&e, 5),
        vec![("hello".into(), "this game already has 2 spectators".into())]
    );
    // S3 waits to be disconnected and counts as a newcomer until then.
    b.host.connected(6);
    assert!(b.host.take_events().contains(&HostEvent::Kick(6)));
    b.advance(Duration::from_secs(2));
    b.host.connected(7);
    assert_eq!(logs(&b.host.take_events()), vec!["client 7 connected"]);
    b.host.connected(8);
    let e = b.host.take_events();
    assert!(e.contains(&HostEvent::Kick(8)), "{e:?}");
}

#[test]
fn another_protocol_version_is_told_in_words() {
    let mut b = Bench::new(HostConfig::new("chess"));
    b.host.connected(1);
    let e = b.send(
        1,
        ClientMsg::Hello(Hello {
            version: 99,
            name: "Old".into(),
            wish: SeatWish::Any,
            token: None,
        }),
    );
    assert_eq!(
        to(&e, 1),
        vec![HostMsg::VersionMismatch {
            host_version: PROTOCOL_VERSION,
            text: format!(
                "this host speaks Chimera network protocol {PROTOCOL_VERSION}, your build speaks 99: use the same Chimera version on both machines"
            )
        }]
    );
    assert_eq!(b.state().table.seats[0], SeatState::Open, "no seat taken");
    let e = b.advance(Duration::from_secs(1));
    assert!(e.contains(&HostEvent::Kick(1)));
}

#[test]
fn resign_and_draw_offers() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    let e = b.send(1, ClientMsg::Offer(Offer::Draw));
    let offered = HostMsg::Offered {
        kind: Offer::Draw,
        by: Color::White,
    };
    assert_eq!(
        (to(&e, 1), to(&e, 2)),
        (vec![offered.clone()], vec![offered])
    );
    let e = b.send(1, ClientMsg::Accept(Offer::Draw));
    assert_eq!(refusals(&e, 1)[0].1, "Black has not offered a draw");
    let e = b.send(1, ClientMsg::Offer(Offer::Draw));
    assert_eq!(refusals(&e, 1)[0].1, "you already offered a draw");
    let e = b.send(2, ClientMsg::Decline(Offer::Draw));
    assert_eq!(
        to(&e, 1),
        vec![HostMsg::Declined {
            kind: Offer::Draw,
            by: Color::Black
        }]
    );
    assert!(b.state().offers().is_empty());
    // An offer lapses with the next move.
    b.send(1, ClientMsg::Offer(Offer::Draw));
    b.play(1, "e2e4");
    let e = b.send(2, ClientMsg::Accept(Offer::Draw));
    assert_eq!(refusals(&e, 2)[0].1, "White has not offered a draw");
    // Offered by both: agreed.
    b.send(2, ClientMsg::Offer(Offer::Draw));
    let e = b.send(1, ClientMsg::Offer(Offer::Draw));
    let drawn = Outcome {
        winner: None,
        reason: EndReason::DrawAgreed,
    };
    assert!(to(&e, 2).contains(&HostMsg::Ended {
        result: drawn,
        clocks: None
    }));
    assert_eq!(b.state().result(), Some(drawn));
    let e = b.send(2, ClientMsg::Resign);
    assert_eq!(refusals(&e, 2)[0].1, "the game is over (1/2-1/2 agreement)");
    let e = b.play(2, "e7e5");
    assert_eq!(refusals(&e, 2)[0].1, "the game is over (1/2-1/2 agreement)");

    let mut b = Bench::seated(HostConfig::new("chess"));
    let e = b.send(2, ClientMsg::Resign);
    let won = Outcome {
        winner: Some(Color::White),
        reason: EndReason::Resignation,
    };
    assert_eq!(
        to(&e, 1),
        vec![HostMsg::Ended {
            result: won,
            clocks: None
        }]
    );
    assert_eq!(logs(&e), vec!["Black resigns", "result: 1-0 resignation"]);
}

#[test]
fn takebacks_return_to_before_the_askers_last_move() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    let e = b.send(1, ClientMsg::Offer(Offer::Takeback));
    assert_eq!(refusals(&e, 1)[0].1, "you have no move to take back");
    b.play(1, "e2e4");
    let after_e4 = b.state().hash();
    b.play(2, "e7e5");
    b.play(1, "g1f3");
    // Black asks on its own turn: its last move is two plies back.
    b.send(2, ClientMsg::Offer(Offer::Takeback));
    let e = b.send(1, ClientMsg::Accept(Offer::Takeback));
    assert_eq!(
        to(&e, 2),
        vec![HostMsg::TakenBack {
            ply: 1,
            hash: after_e4,
            clocks: None
        }]
    );
    assert!(e.contains(&HostEvent::TakenBack { ply: 1 }));
    assert_eq!(b.state().moves(), ["e2e4"]);
    // White asks right after its own move: one ply.
    b.play(2, "d7d5");
    b.play(1, "e4d5");
    b.send(1, ClientMsg::Offer(Offer::Takeback));
    let e = b.send(2, ClientMsg::Decline(Offer::Takeback));
    assert_eq!(to(&e, 1).len(), 1);
    assert_eq!(b.state().ply(), 3);
    b.send(1, ClientMsg::Offer(Offer::Takeback));
    b.send(2, ClientMsg::Accept(Offer::Takeback));
    assert_eq!(b.state().moves(), ["e2e4", "d7d5"]);
    assert_eq!(b.state().side_to_move(), Color::White);
}

#[test]
fn a_rematch_swaps_colours_and_keeps_tokens() {
    let mut b = Bench::new(HostConfig::new("chess"));
    let ann = welcome(&b.join(1, "Ann", SeatWish::White), 1).1;
    let bo = welcome(&b.join(2, "Bo", SeatWish::Black), 2).1;
    b.join(3, "Cy", SeatWish::Spectate);
    let e = b.send(1, ClientMsg::Offer(Offer::Rematch));
    assert_eq!(refusals(&e, 1)[0].1, "the game is not over");
    b.play(1, "e2e4");
    b.send(1, ClientMsg::Resign);
    b.send(1, ClientMsg::Offer(Offer::Rematch));
    let e = b.send(2, ClientMsg::Accept(Offer::Rematch));
    assert!(e.contains(&HostEvent::NewGame { game_number: 2 }));
    let (role, token, snap) = welcome(&e, 1);
    assert_eq!((role, token), (Role::Player(Color::Black), ann));
    assert_eq!(
        (snap.moves.len(), snap.result, snap.game_number),
        (0, None, 2)
    );
    assert_eq!(snap.seats[0], SeatState::Connected { name: "Bo".into() });
    assert_eq!(welcome(&e, 2).0, Role::Player(Color::White));
    assert_eq!(welcome(&e, 2).1, bo);
    assert_eq!(welcome(&e, 3).0, Role::Spectator);
    // Bo now opens.
    let e = b.play(1, "e2e4");
    assert_eq!(refusals(&e, 1)[0].1, "you play Black; it is White's turn");
    let e = b.play(2, "e2e4");
    assert!(refusals(&e, 2).is_empty());
}

#[test]
fn a_token_gives_the_seat_back_and_claims_wait_for_the_grace_period() {
    let mut b = Bench::new(HostConfig::new("chess"));
    b.join(1, "Ann", SeatWish::White);
    let bo = welcome(&b.join(2, "Bo", SeatWish::Black), 2).1;
    b.play(1, "e2e4");
    b.host.disconnected(&mut b.game, 2, "timed out");
    let e = b.host.take_events();
    assert_eq!(
        to(&e, 1),
        vec![HostMsg::Seat {
            side: Color::Black,
            state: SeatState::Away {
                name: "Bo".into(),
                grace_left_s: 120
            }
        }]
    );
    let e = b.advance(Duration::from_millis(8500));
    assert_eq!(
        to(&e, 1).last(),
        Some(&HostMsg::Seat {
            side: Color::Black,
            state: SeatState::Away {
                name: "Bo".into(),
                grace_left_s: 112
            }
        }),
        "the countdown is broadcast"
    );
    let e = b.send(1, ClientMsg::ClaimWin);
    assert_eq!(
        refusals(&e, 1)[0].1,
        "Black may still come back (1:52 left)"
    );
    // A stranger cannot take the seat.
    let e = b.join(3, "Cy", SeatWish::Black);
    assert_eq!(refusals(&e, 3)[0].1, "Black is taken (Bo)");
    // Bo comes back from another connection with the token.
    b.host.connected(4);
    b.host.take_events();
    let e = b.hello(4, "Bo", SeatWish::Spectate, bo);
    let (role, token, snap) = welcome(&e, 4);
    assert_eq!((role, token), (Role::Player(Color::Black), bo));
    assert_eq!(snap.moves, ["e2e4"]);
    assert_eq!(logs(&e), vec!["client 4 (Bo) is back in Black's seat"]);
    let e = b.play(4, "e7e5");
    assert!(refusals(&e, 4).is_empty());
    // And once more while the old connection still looks alive: it is replaced.
    b.host.connected(5);
    let e = b.hello(5, "Bo", SeatWish::Any, bo);
    assert!(e.contains(&HostEvent::Kick(4)));
    assert_eq!(welcome(&e, 5).0, Role::Player(Color::Black));
    b.host.disconnected(&mut b.game, 4, "kicked");
    assert_eq!(
        b.state().table.seats[1],
        SeatState::Connected { name: "Bo".into() },
        "the replaced connection's end does not empty the seat"
    );
    // Gone for good: after the grace period White may claim.
    b.play(1, "g1f3");
    b.host.disconnected(&mut b.game, 5, "timed out");
    b.advance(Duration::from_secs(119));
    let e = b.send(1, ClientMsg::ClaimWin);
    assert_eq!(
        refusals(&e, 1)[0].1,
        "Black may still come back (0:01 left)"
    );
    let e = b.advance(Duration::from_secs(1));
    assert!(logs(&e).contains(&"Black's grace period is over: White may claim the win".into()));
    let e = b.send(1, ClientMsg::ClaimWin);
    let won = Outcome {
        winner: Some(Color::White),
        reason: EndReason::Abandoned,
    };
    assert!(to(&e, 1).contains(&HostMsg::Ended {
        result: won,
        clocks: None
    }));
    assert_eq!(b.state().result(), Some(won));
}

fn drawings(ply: u32, arrows: &[(&str, &str)], circles: &[&str]) -> SharedDrawings {
    SharedDrawings {
        ply,
        arrows: arrows
            .iter()
            .map(|(from, to)| Arrow {
                brush: Brush::Green,
                from: from.to_string(),
                to: to.to_string(),
            })
            .collect(),
        circles: circles
            .iter()
            .map(|s| Circle {
                brush: Brush::Red,
                square: s.to_string(),
            })
            .collect(),
    }
}

#[test]
fn a_players_drawings_reach_everyone_checked_and_limited() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    b.join(3, "Cy", SeatWish::Spectate);
    let before = fingerprint(&b);
    let d = drawings(0, &[("e2", "e4")], &["d5"]);
    let e = b.send(2, ClientMsg::Drawings(d.clone()));
    let heard = HostMsg::Drawings {
        by: Color::Black,
        drawings: d,
    };
    for id in [1, 2, 3] {
        assert_eq!(to(&e, id), vec![heard.clone()], "client {id}");
    }
    // Refused: a spectator's, a ply the game has not reached, a square off
    // the board (chess has no rank 9); nothing changes and nobody hears.
    let cases = [
        (
            3,
            drawings(0, &[], &["a1"]),
            "spectators do not share drawings",
        ),
        (1, drawings(1, &[], &["a1"]), "the game has only 0 moves"),
        (
            1,
            drawings(0, &[("a1", "a9")], &[]),
            "'a9' is not a square of this board",
        ),
    ];
    for (id, d, why) in cases {
        let e = b.send(id, ClientMsg::Drawings(d));
        assert_eq!(refusals(&e, id)[0].1, why);
        let other = if id == 1 { 2 } else { 1 };
        assert!(to(&e, other).is_empty(), "{why}");
    }
    assert_eq!(fingerprint(&b), before);
    // More than the limit does not even decode.
    let many: Vec<&str> = vec!["a1"; MAX_DRAWINGS + 1];
    assert!(encode(&ClientMsg::Drawings(drawings(0, &[], &many))).is_err());
    // The rate: a burst of 12 (two spent on the refusals above), then refusals.
    let mut passed = 0;
    for _ in 0..20 {
        let e = b.send(1, ClientMsg::Drawings(drawings(0, &[], &["h8"])));
        if refusals(&e, 1).is_empty() {
            passed += 1;
        } else {
            assert_eq!(refusals(&e, 1)[0].1, "drawing too fast");
        }
    }
    assert_eq!(passed, 10, "the drawings burst");
}

#[test]
fn chat_is_limited_in_length_and_rate() {
    let mut b = Bench::seated(HostConfig::new("chess"));
    b.join(3, "Cy", SeatWish::Spectate);
    let e = b.send(3, ClientMsg::Chat("  hello\u{7} all ".into()));
    let line = HostMsg::Chat {
        from: "Cy".into(),
        text: "hello all".into(),
    };
    assert_eq!((to(&e, 1), to(&e, 3)), (vec![line.clone()], vec![line]));
    let mut long = vec![0xC5, 7, 0xFB, 0x2D, 0x01];
    long.extend(std::iter::repeat_n(b'a', 301));
    let e = b.raw(3, &long);
    assert_eq!(
        refusals(&e, 3)[0].1,
        "unreadable: chat line of 301 characters is over the limit of 200"
    );
    let mut answered = 0;
    for _ in 0..10 {
        let e = b.send(1, ClientMsg::Chat("spam".into()));
        if refusals(&e, 1).is_empty() {
            answered += 1;
        } else {
            assert_eq!(refusals(&e, 1)[0].1, "chatting too fast");
        }
    }
    assert_eq!(answered, 5, "the chat burst");
    let e = b.send(1, ClientMsg::Chat(" ".into()));
    assert!(!refusals(&e, 1).is_empty());
}

/// The messages for the host's own window.
fn locals(events: &[HostEvent]) -> Vec<HostMsg> {
    events
        .iter()
        .filter_map(|e| match e {
            HostEvent::ToLocal(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_hosts_own_player_goes_through_the_same_checks() {
    let mut cfg = HostConfig::new("chess");
    cfg.local_side = Some(Color::White);
    cfg.local_name = "Hal".into();
    let (mut host, game) = chimera_net::Host::new(cfg, 1).unwrap();
    let first = locals(&host.take_events());
    assert!(first.iter().any(|m| matches!(
        m,
        HostMsg::Welcome {
            role: Role::Player(Color::White),
            token: None,
            ..
        }
    )));
    let mut b = Bench { host, game };
    let e = b.join(1, "Bo", SeatWish::Any);
    assert_eq!(welcome(&e, 1).0, Role::Player(Color::Black));
    b.host.local(
        &mut b.game,
        ClientMsg::Move {
            ply: 0,
            lmn: "e2e5".into(),
        },
    );
    let e = b.host.take_events();
    assert!(
        matches!(&locals(&e)[..], [HostMsg::Rejected { .. }]),
        "{e:?}"
    );
    assert_eq!(logs(&e).len(), 1);
    b.host.local(
        &mut b.game,
        ClientMsg::Move {
            ply: 0,
            lmn: "e2e4".into(),
        },
    );
    let e = b.host.take_events();
    assert!(matches!(&locals(&e)[..], [HostMsg::Moved(_)]), "{e:?}");
    assert!(matches!(to(&e, 1)[..], [HostMsg::Moved(_)]));
}
