//! Whole matches over real UDP on 127.0.0.1: scripted games of Holywar
//! (drops), Holy Grail (mutation, crowning) and Ghostarelay (compulsory
//! capture) end identical everywhere; game actions, a late spectator, a
//! client killed and restarted, hostile clients and a version mismatch.

use std::time::Duration;

use chimera_game::Offer;
use chimera_net::protocol::{ClientMsg, HostMsg, Role, SeatState, SeatWish, encode};
use chimera_net::{Client, ClientConfig, ClientEvent, HostConfig, Link};
use chimera_rules::{Color, EndReason, Game, Outcome, Variant};

use crate::common::{
    DRAGONFLY, DRAGONFLY_FILE, GHOSTARELAY, HOLY_GRAIL, HOLY_GRAIL_CROWNING, HOLYWAR, Script,
    script_config, seeded_moves,
};
use crate::lan::{Lan, player};

/// Host, White, Black and a spectator play `script` to its end.
fn play_script(s: &Script) -> Lan {
    let mut cfg = script_config(s);
    cfg.time_control = "300+2".parse().unwrap();
    let mut lan = Lan::new(cfg);
    let w = lan.join(player("Ann", SeatWish::Any), None);
    let b = lan.join(player("Bo", SeatWish::Any), None);
    lan.join(player("Cy", SeatWish::Spectate), None);
    assert_eq!(lan.client(w).role(), Some(Role::Player(Color::White)));
    assert_eq!(lan.client(b).role(), Some(Role::Player(Color::Black)));
    lan.play(w, b, s.moves);
    lan.until_every_copy("the result everywhere", |s| s.result().is_some());
    let h = lan.host_state();
    assert_eq!(h.vfen(), s.end_vfen, "{}", s.variant);
    assert_eq!(
        h.result().map(|r| r.result_text()).as_deref(),
        Some(s.result)
    );
    assert_eq!(h.moves(), s.moves);
    lan.assert_same_everywhere();
    assert!(lan.host_log.contains(&format!("result: {}", s.result)));
    lan
}

#[test]
fn holywar_drop_opening_game() {
    play_script(&HOLYWAR);
}

#[test]
fn holy_grail_mutation_game() {
    play_script(&HOLY_GRAIL);
}

#[test]
fn holy_grail_crowning_game() {
    play_script(&HOLY_GRAIL_CROWNING);
}

/// A player's variant: the host's snapshot carries the file (for clients
/// that lack it) and the game ends identical everywhere.
#[test]
fn a_players_variant_is_played_from_its_file() {
    chimera_rules::variants::register(DRAGONFLY_FILE).expect("the file registers");
    let lan = play_script(&DRAGONFLY);
    let snap = lan.host_state().snapshot();
    assert_eq!(snap.variant_file.as_deref(), Some(DRAGONFLY_FILE));
    let copy = chimera_net::state::MatchState::from_snapshot(&snap).expect("a client rebuilds it");
    assert_eq!(copy.vfen(), DRAGONFLY.end_vfen);
}

#[test]
fn ghostarelay_compulsory_capture_game() {
    let mut lan = play_script(&GHOSTARELAY);
    // The finished game refuses everything.
    let msg = lan.move_at_current_ply("a1a2");
    assert_eq!(lan.refusal(0, msg).1, "the game is over (1-0 no-moves)");
}

/// Compulsory capture (§7): after f8f1 White must take back on f1; a quiet
/// king move is refused with the rules engine's reason.
#[test]
fn a_refused_move_comes_back_with_the_rules_reason() {
    let (mut lan, w, b) = Lan::seated(script_config(&GHOSTARELAY));
    lan.play(w, b, &["e1g1,h1f1", "f8f1"]);
    let before = lan.host_state().vfen();
    let msg = lan.move_at_current_ply("g1h1");
    let refused = lan.refusal(w, msg);
    let v = Variant::new("ghostarelay", &[]).unwrap();
    let mut g = Game::from_vfen(&v, GHOSTARELAY.start).unwrap();
    g.play_lmn("e1g1,h1f1").unwrap();
    g.play_lmn("f8f1").unwrap();
    let why = g.play_lmn("g1h1").unwrap_err().to_string();
    assert_eq!(refused, ("move g1h1 at ply 2".to_string(), why));
    assert_eq!(lan.host_state().vfen(), before);
    lan.assert_same_everywhere();
}

#[test]
fn resign_draw_takeback_and_rematch() {
    let (mut lan, w, b) = Lan::seated(HostConfig::new("chess"));
    let s = lan.join(player("Cy", SeatWish::Spectate), None);
    lan.play(w, b, &["e2e4", "e7e5", "g1f3"]);
    // Black takes back its e7e5 (two plies: White's reply goes too).
    lan.send(b, ClientMsg::Offer(Offer::Takeback));
    lan.until("the offer", |l| {
        l.client(w).state().unwrap().offers() == [(Offer::Takeback, Color::Black)]
    });
    lan.send(w, ClientMsg::Accept(Offer::Takeback));
    lan.until_every_copy("the takeback", |s| s.ply() == 1);
    assert!(lan.events[s].contains(&ClientEvent::TakenBack { ply: 1 }));
    lan.assert_same_everywhere();
    lan.play(w, b, &["c7c5"]);
    // A draw offered and declined, then Black resigns.
    lan.send(w, ClientMsg::Offer(Offer::Draw));
    lan.until("the draw offer", |l| {
        !l.client(b).state().unwrap().offers().is_empty()
    });
    lan.send(b, ClientMsg::Decline(Offer::Draw));
    lan.until("the decline", |l| {
        l.events[w].contains(&ClientEvent::Notice(HostMsg::Declined {
            kind: Offer::Draw,
            by: Color::Black,
        }))
    });
    lan.send(b, ClientMsg::Resign);
    let resigned = Outcome {
        winner: Some(Color::White),
        reason: EndReason::Resignation,
    };
    lan.until_every_copy("the resignation", |s| s.result() == Some(resigned));
    lan.assert_same_everywhere();
    // Rematch, colours swapped: Bo opens now.
    lan.send(b, ClientMsg::Offer(Offer::Rematch));
    lan.until("the rematch offer", |l| {
        !l.client(w).state().unwrap().offers().is_empty()
    });
    let ann_token = lan.client(w).token();
    lan.send(w, ClientMsg::Accept(Offer::Rematch));
    lan.until_every_copy("game 2", |s| s.table.game_number == 2);
    assert_eq!(lan.client(w).role(), Some(Role::Player(Color::Black)));
    assert_eq!(lan.client(b).role(), Some(Role::Player(Color::White)));
    assert_eq!(lan.client(s).role(), Some(Role::Spectator));
    assert_eq!(
        lan.client(w).token(),
        ann_token,
        "the token stays with the player"
    );
    lan.play(b, w, &["d2d4", "d7d5"]);
    // And this time a draw is agreed.
    lan.send(w, ClientMsg::Offer(Offer::Draw));
    lan.until("the draw offer", |l| {
        !l.client(b).state().unwrap().offers().is_empty()
    });
    lan.send(b, ClientMsg::Accept(Offer::Draw));
    lan.until_every_copy("the draw", |s| s.result().is_some());
    assert_eq!(
        lan.host_state().result(),
        Some(Outcome {
            winner: None,
            reason: EndReason::DrawAgreed
        })
    );
    lan.assert_same_everywhere();
}

#[test]
fn a_spectator_joining_at_move_20_sees_the_exact_position() {
    let moves = seeded_moves("holygrail", 24, 2024);
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    let (mut lan, w, b) = Lan::seated(HostConfig::new("holygrail"));
    lan.play(w, b, &moves[..20]);
    let s = lan.join(player("Cy", SeatWish::Spectate), None);
    let v = Variant::new("holygrail", &[]).unwrap();
    let mut g = Game::new(&v);
    for m in &moves[..20] {
        g.play_lmn(m).unwrap();
    }
    let copy = lan.client(s).state().unwrap();
    assert_eq!(copy.moves(), &moves[..20]);
    assert_eq!(copy.vfen(), g.position().to_vfen());
    assert_eq!(copy.hash(), g.position().hash());
    assert_eq!(copy.table.spectators, 1);
    lan.play(w, b, &moves[20..]);
    for m in &moves[20..] {
        g.play_lmn(m).unwrap();
    }
    assert_eq!(
        lan.client(s).state().unwrap().vfen(),
        g.position().to_vfen()
    );
    lan.assert_same_everywhere();
    // Spectators cannot move.
    let msg = lan.move_at_current_ply(moves[0]);
    assert_eq!(lan.refusal(s, msg).1, "spectators cannot play");
}

#[test]
fn a_killed_client_restarts_with_its_token_and_the_game_finishes() {
    let (mut lan, w, b) = Lan::seated(script_config(&HOLYWAR));
    lan.play(w, b, &HOLYWAR.moves[..3]);
    let token = lan.client(b).token().expect("a seat token");
    // Killed: the process is gone, no goodbye is sent.
    lan.clients[b] = None;
    lan.until("White to see Black away", |l| {
        matches!(
            l.client(w).state().unwrap().table.seats[1],
            SeatState::Away { .. }
        )
    });
    assert!(lan.host_log.iter().any(|l| l.contains("disconnected")));
    // White may not claim yet.
    let why = lan.refusal(w, ClientMsg::ClaimWin).1;
    assert!(
        why.starts_with("Black may still come back (") && why.ends_with(" left)"),
        "{why}"
    );
    // Restarted: a new process with only the saved token, from a new address.
    let mut cfg = ClientConfig::new("Bo", SeatWish::Any);
    cfg.token = Some(token);
    lan.reconnect(b, Client::new(cfg));
    lan.until("Black to be back", |l| l.client(b).role().is_some());
    assert_eq!(lan.client(b).role(), Some(Role::Player(Color::Black)));
    assert_eq!(lan.client(b).state().unwrap().moves(), &HOLYWAR.moves[..3]);
    lan.until("White to see Black back", |l| {
        l.client(w).state().unwrap().table.seats[1] == SeatState::Connected { name: "Bo".into() }
    });
    lan.play(w, b, &HOLYWAR.moves[3..]);
    lan.until("the result", |l| {
        l.client(b).state().unwrap().result().is_some()
    });
    assert_eq!(lan.host_state().vfen(), HOLYWAR.end_vfen);
    lan.assert_same_everywhere();
}

/// Issue 21: a killed player was noticed only after netcode's 15 s, while
/// their clock ran on. Now the host holds the clock within
/// `LINK_TIMEOUT_S` (simulated time) of the last packet, and the killed
/// player to move is charged no more than that.
#[test]
fn a_killed_player_is_noticed_within_the_link_time_out_and_its_clock_stops() {
    use chimera_net::transport::LINK_TIMEOUT_S;
    let mut cfg = script_config(&HOLYWAR);
    cfg.time_control = "300+0".parse().unwrap();
    let mut lan = Lan::new(cfg);
    let w = lan.join(player("Ann", SeatWish::White), None);
    let b = lan.join(player("Bo", SeatWish::Black), None);
    lan.play(w, b, &HOLYWAR.moves[..3]);
    assert_eq!(lan.host_state().side_to_move(), Color::Black);
    let left = |lan: &Lan| lan.host_state().clock_left(Color::Black).unwrap();
    let (killed_at, black_had) = (lan.now, left(&lan));
    lan.clients[b] = None;
    lan.until("the host to hold Black's seat", |l| {
        matches!(l.host.host().table().seats[1], SeatState::Away { .. })
    });
    let noticed = lan.now - killed_at;
    // The time-out and one host round at most; 5 s whatever the constant.
    let bound = Duration::from_secs(LINK_TIMEOUT_S as u64 + 1).min(Duration::from_secs(5));
    assert!(noticed <= bound, "noticed after {noticed:?}");
    let charged = black_had - left(&lan);
    assert!(charged <= bound, "Black was charged {charged:?}");
    // Held from then on.
    let held = left(&lan);
    lan.steps(500);
    assert_eq!(left(&lan), held);
}

#[test]
fn a_dropped_link_reconnects_with_the_same_client() {
    let (mut lan, w, b) = Lan::seated(script_config(&HOLY_GRAIL));
    lan.play(w, b, &HOLY_GRAIL.moves[..2]);
    lan.runner(w).disconnect();
    lan.until("Black to see White away", |l| {
        matches!(
            l.client(b).state().unwrap().table.seats[0],
            SeatState::Away { .. }
        )
    });
    lan.reconnect_same(w);
    lan.until("White to be back", |l| {
        l.client(b).state().unwrap().table.seats[0] == SeatState::Connected { name: "Ann".into() }
    });
    assert_eq!(lan.runner(w).link(), &Link::Connected);
    lan.play(w, b, &HOLY_GRAIL.moves[2..]);
    assert_eq!(lan.host_state().vfen(), HOLY_GRAIL.end_vfen);
    lan.until("the result", |l| {
        l.client(w).state().unwrap().result().is_some()
    });
    lan.assert_same_everywhere();
}

#[test]
fn hostile_clients_change_nothing() {
    let (mut lan, w, b) = Lan::seated(HostConfig::new("chess"));
    lan.play(w, b, &["e2e4"]);
    let before = lan.host_state().vfen();
    // A raw client: joins as a spectator, then sends bytes of every bad kind.
    let r = lan.raw();
    lan.raws[r].send(
        encode(&ClientMsg::Hello(chimera_net::protocol::Hello {
            version: chimera_net::PROTOCOL_VERSION,
            name: "Mal".into(),
            wish: SeatWish::Spectate,
            token: None,
        }))
        .unwrap(),
    );
    let mut oversized = vec![0xC5, 7];
    oversized.resize(100_000, b'x');
    let frames: Vec<Vec<u8>> = vec![
        b"\x00garbage\xff".to_vec(),
        encode(&ClientMsg::Chat("truncated".into())).unwrap()[..5].to_vec(),
        oversized,
        encode(&HostMsg::Spectators(0)).unwrap(),
        encode(&ClientMsg::Move {
            ply: 1,
            lmn: "e7e5".into(),
        })
        .unwrap(),
    ];
    for f in frames {
        lan.raws[r].send(f);
    }
    lan.until("five refusals", |l| {
        l.raws[r]
            .received
            .iter()
            .filter(|m| matches!(m, HostMsg::Rejected { .. }))
            .count()
            == 5
    });
    let reasons: Vec<String> = lan.raws[r]
        .received
        .iter()
        .filter_map(|m| match m {
            HostMsg::Rejected { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        reasons,
        [
            "unreadable: not a Chimera message (first byte 0x00)",
            "unreadable: message is truncated",
            "unreadable: message of 100000 bytes is over the limit of 65536",
            "unreadable: a message for the client where one for the host was expected",
            "spectators cannot play",
        ]
    );
    // Black meanwhile moves for White and replays a stale ply.
    let stale = ClientMsg::Move {
        ply: 0,
        lmn: "d2d4".into(),
    };
    assert_eq!(
        lan.refusal(b, stale).1,
        "stale move: made at ply 0, the game is at ply 1"
    );
    // A burst of 10 000 requests: bounded answers, logged, nothing changes.
    let flood = encode(&ClientMsg::Move {
        ply: 1,
        lmn: "e7e9".into(),
    })
    .unwrap();
    for _ in 0..10_000 {
        lan.raws[r].send(flood.clone());
    }
    lan.until("the flood to be counted", |l| {
        l.host_log
            .iter()
            .any(|x| x.contains("requests dropped (rate limit)"))
    });
    lan.steps(200);
    let refused = lan.raws[r]
        .received
        .iter()
        .filter(|m| matches!(m, HostMsg::Rejected { .. }))
        .count()
        - 5;
    assert!(
        (30..=80).contains(&refused),
        "{refused} answers to the flood"
    );
    let dropped: u64 = lan
        .host_log
        .iter()
        .filter_map(|x| {
            let (_, tail) = x.split_once("(Mal): ")?;
            tail.strip_suffix(" requests dropped (rate limit)")?
                .parse::<u64>()
                .ok()
        })
        .sum();
    assert_eq!(
        dropped as usize + refused,
        10_000,
        "every request answered or counted"
    );
    assert!(
        lan.host_log
            .iter()
            .any(|x| x.contains("(Mal) sends too fast"))
    );
    assert_eq!(lan.host_state().vfen(), before);
    // A client that connects and never speaks is let go.
    let silent = lan.raw();
    lan.until("the silent client to be dropped", |l| {
        l.raws[silent].disconnected()
    });
    assert!(
        lan.host_log
            .iter()
            .any(|x| x.ends_with("never said hello; disconnecting"))
    );
    // The game goes on.
    lan.play(w, b, &["e7e5"]);
    lan.assert_same_everywhere();
}

/// Steps the host while client `c` waits for its probe's answer (the probe
/// runs on its own thread: each round waits for it up to 50 ms of real time,
/// 200 rounds at most; simulated time moves 2 s, inside the link's time-out of 3 s).
fn wait_for_probe(lan: &mut Lan, c: usize) {
    for _ in 0..200 {
        lan.step();
        if lan.runner(c).wait_for_probe(Duration::from_millis(50)) {
            return;
        }
    }
    panic!("the probe never answered");
}

#[test]
fn another_version_is_told_which_version_the_host_speaks() {
    let mut cfg = HostConfig::new("chess");
    cfg.protocol_version = 99;
    let mut lan = Lan::new(cfg);
    let c = lan.connect(Client::new(player("Ann", SeatWish::Any)), None);
    wait_for_probe(&mut lan, c);
    lan.step();
    let addr = lan.host_addr();
    let text = format!(
        "the host at {addr} speaks Chimera network protocol 99, this build speaks {}: use the same Chimera version on both machines",
        chimera_net::PROTOCOL_VERSION
    );
    assert_eq!(lan.runner(c).link(), &Link::Closed(text.clone()));
    assert_eq!(lan.client(c).version_mismatch(), Some(text.as_str()));
    assert!(
        lan.events[c].contains(&ClientEvent::Notice(HostMsg::VersionMismatch {
            host_version: 99,
            text
        }))
    );
    // A host of the same version answers the probe and lets the client in.
    let mut lan = Lan::new(HostConfig::new("chess"));
    let c = lan.connect(Client::new(player("Ann", SeatWish::Any)), None);
    wait_for_probe(&mut lan, c);
    lan.until("joined", |l| l.client(c).role().is_some());
    assert_eq!(lan.runner(c).link(), &Link::Connected);
    // Nobody answering at all: the link times out, said in words.
    let dead = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let addr = dead.local_addr().unwrap();
    let mut runner = chimera_net::ClientRunner::connect(
        Client::new(player("Ann", SeatWish::Any)),
        addr,
        5,
        lan.now,
    )
    .unwrap();
    for _ in 0..2_000 {
        runner.update(crate::lan::DT);
    }
    assert_eq!(
        runner.link(),
        &Link::Closed(format!(
            "no answer from {addr}: no Chimera host there, a firewall, or a host of another version"
        ))
    );
}
