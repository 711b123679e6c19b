//! Room codes at a lobby on 127.0.0.1: a table created and joined by its
//! code, a game played to its end with a spectator, the record kept; a
//! wrong code, a closed table's code, a private table kept off the list; a
//! third player cannot take a held seat; a player back with its seat token
//! gets its seat at the right table.

use std::time::Duration;

use chimera_net::lobby::{LobbyAnswer, LobbyConfig, LobbyRequest, RoomCode};
use chimera_net::protocol::{HostMsg, Role, SeatState, SeatWish};
use chimera_net::{ClientEvent, Link};
use chimera_rules::Color;

use crate::common::seeded_moves;
use crate::online::{Crowd, OnlineLobby, connect, spec};

fn listed(lobby: &OnlineLobby) -> Vec<RoomCode> {
    match lobby.ask(&LobbyRequest::List) {
        LobbyAnswer::Tables(t) => t.into_iter().map(|t| t.code).collect(),
        other => panic!("not a list: {other:?}"),
    }
}

fn seated(c: &Crowd, i: usize) -> bool {
    c.runners[i].client().state().is_some_and(|s| {
        s.table
            .seats
            .iter()
            .all(|s| matches!(s, SeatState::Connected { .. }))
    })
}

/// Plays `moves` between clients `w` and `b` of the crowd.
fn play(c: &mut Crowd, w: usize, b: usize, moves: &[String]) {
    let mut sent = None;
    c.until("the moves played", |c| {
        let ply = c.runners[w].client().state().map_or(0, |s| s.ply()) as usize;
        if ply >= moves.len() {
            return [w, b].iter().all(|&i| {
                c.runners[i]
                    .client()
                    .state()
                    .is_some_and(|s| s.ply() as usize == moves.len())
            });
        }
        let mover = if c.runners[w].client().my_turn() {
            w
        } else {
            b
        };
        let mover_ply = c.runners[mover].client().state().map_or(0, |s| s.ply()) as usize;
        if c.runners[mover].client().my_turn() && mover_ply == ply && sent != Some(ply) {
            sent = Some(ply);
            c.runners[mover].client_mut().play(&moves[ply]).unwrap();
        }
        false
    });
}

#[test]
fn a_table_is_created_joined_by_its_code_played_and_recorded() {
    let lobby = OnlineLobby::start(LobbyConfig::default());
    let (code, creator) = lobby.create(spec("holywar"), SeatWish::White, "Ann");
    assert!(listed(&lobby).contains(&code), "a public table is listed");
    let mut c = Crowd::new();
    let ann = c.add(creator);
    // The code as a player might type it: lower case, no dash.
    let typed = RoomCode::parse(&code.to_string().replace('-', " ").to_lowercase()).unwrap();
    assert_eq!(typed, code);
    let bo = c.add(connect(
        &lobby.join(typed, SeatWish::Any).unwrap(),
        "Bo",
        SeatWish::Any,
    ));
    let cy = c.add(connect(
        &lobby.join(code, SeatWish::Spectate).unwrap(),
        "Cy",
        SeatWish::Spectate,
    ));
    c.until("both seated and the spectator in", |c| {
        seated(c, ann) && c.runners[cy].client().role() == Some(Role::Spectator)
    });
    assert_eq!(
        c.runners[bo].client().role(),
        Some(Role::Player(Color::Black))
    );
    let moves = seeded_moves("holywar", 8, 3);
    play(&mut c, ann, bo, &moves);
    c.runners[bo]
        .client_mut()
        .send(chimera_net::ClientMsg::Resign)
        .unwrap();
    c.until("the result everywhere", |c| {
        c.runners
            .iter()
            .all(|r| r.client().state().is_some_and(|s| s.result().is_some()))
    });
    let end: Vec<_> = c
        .runners
        .iter()
        .map(|r| {
            let s = r.client().state().unwrap();
            (s.vfen(), s.moves(), s.result())
        })
        .collect();
    assert!(end.windows(2).all(|w| w[0] == w[1]), "identical everywhere");
    assert_eq!(end[0].1, moves);
    let records = lobby.records();
    let (rc, text) = records
        .iter()
        .find(|(rc, _)| *rc == code)
        .expect("a record");
    assert_eq!(*rc, code);
    let rec = chimera_game::record::MatchRecord::from_text(text, 1).expect("the record reads");
    let lmns: Vec<String> = rec.moves.iter().map(|m| m.lmn.clone()).collect();
    assert_eq!(lmns, moves);
    assert!(
        text.contains("[White \"Ann\"]") && text.contains("[Black \"Bo\"]"),
        "{text}"
    );
    assert!(text.contains(&format!("[Room \"{code}\"]")), "{text}");
    assert_eq!(
        rec.result.map(|r| r.result_text()),
        end[0].2.map(|r| r.result_text())
    );
}

#[test]
fn wrong_and_closed_codes_and_private_tables_are_answered_in_words() {
    let mut cfg = LobbyConfig::default();
    cfg.limits.empty_close = Duration::from_millis(300);
    let lobby = OnlineLobby::start(cfg);
    // A code nobody was given.
    let (open, _) = lobby.create(spec("chess"), SeatWish::White, "Ann");
    let wrong = (0u64..)
        .map(|n| RoomCode::from_random(n.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
        .find(|c| *c != open)
        .unwrap();
    let why = lobby.join(wrong, SeatWish::Any).unwrap_err();
    assert_eq!(
        why,
        format!("there is no table {wrong} at this lobby: check the code")
    );
    // A private table: joined by its code, never listed.
    let mut private = spec("grand");
    private.public = false;
    let (hidden, di) = lobby.create(private, SeatWish::White, "Di");
    assert!(!listed(&lobby).contains(&hidden));
    let mut c = Crowd::new();
    // Ed connects before Di: the creator's seat is kept for her all the same.
    let ed = c.add(connect(
        &lobby.join(hidden, SeatWish::Any).unwrap(),
        "Ed",
        SeatWish::Any,
    ));
    c.until("Ed seated at the private table", |c| {
        c.runners[ed].client().role().is_some()
    });
    assert_eq!(
        c.runners[ed].client().role(),
        Some(Role::Player(Color::Black))
    );
    let di = c.add(di);
    c.until("Di in her seat", |c| {
        c.runners[di].client().role() == Some(Role::Player(Color::White))
    });
    for r in &mut c.runners {
        r.disconnect();
    }
    // Both left: the table closes once empty for the configured while.
    let start = std::time::Instant::now();
    while lobby.with(|s| s.lobby().has_table(hidden)) {
        assert!(
            start.elapsed() < crate::online::PATIENCE,
            "the empty table closes"
        );
        c.step();
    }
    assert_eq!(
        lobby.join(hidden, SeatWish::Any).unwrap_err(),
        format!("table {hidden} has closed (its code has expired)")
    );
    assert!(
        lobby
            .log()
            .iter()
            .any(|l| l.starts_with(&format!("[{hidden}] closed: nobody there")))
    );
    // Typed codes with look-alikes are refused with the reason.
    let err = RoomCode::parse("K7QD-3MX0").unwrap_err();
    assert!(err.contains("never in a room code"), "{err}");
    assert!(RoomCode::parse("K7QD-3MX").unwrap_err().contains("has 7"));
}

#[test]
fn a_third_player_cannot_take_a_held_seat_and_a_player_comes_back_with_its_token() {
    let lobby = OnlineLobby::start(LobbyConfig::default());
    // Two tables, so that coming back must find the right one.
    let (other, zed) = lobby.create(spec("chess"), SeatWish::White, "Zed");
    let (code, ann) = lobby.create(spec("ghostarelay"), SeatWish::White, "Ann");
    let mut c = Crowd::new();
    c.add(zed);
    let ann = c.add(ann);
    let bo = c.add(connect(
        &lobby.join(code, SeatWish::Black).unwrap(),
        "Bo",
        SeatWish::Black,
    ));
    c.until("both seated", |c| seated(c, ann));
    let moves = seeded_moves("ghostarelay", 4, 5);
    play(&mut c, ann, bo, &moves);
    // A third player asking for White is admitted to the table but the
    // table's host refuses the seat in words.
    let cy = c.add(connect(
        &lobby.join(code, SeatWish::White).unwrap(),
        "Cy",
        SeatWish::White,
    ));
    c.until("Cy refused", |c| {
        c.events[cy]
            .iter()
            .any(|e| matches!(e, ClientEvent::Notice(HostMsg::Rejected { .. })))
    });
    let refusal = c.events[cy]
        .iter()
        .find_map(|e| match e {
            ClientEvent::Notice(HostMsg::Rejected { reason, .. }) => Some(reason.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(refusal, "White is taken (Ann)");
    assert_eq!(c.runners[cy].client().role(), None);
    // Ann's link drops; she comes back with her seat token through a new
    // admission and gets White at this table, with the game as it was.
    let seat_token = c.runners[ann].client().token().expect("a seat token");
    c.runners[ann].disconnect();
    c.until("Ann away", |c| {
        matches!(
            c.runners[bo].client().state().unwrap().table.seats[0],
            SeatState::Away { .. }
        )
    });
    let mut back = chimera_net::ClientConfig::new("Ann", SeatWish::Any);
    back.token = Some(seat_token);
    let again = chimera_net::ClientRunner::with_token(
        chimera_net::Client::new(back),
        &lobby.join(code, SeatWish::Any).unwrap(),
        chimera_net::transport::wall_clock(),
    )
    .unwrap();
    let ann2 = c.add(again);
    c.until("Ann back in White's seat", |c| {
        c.runners[ann2].client().role() == Some(Role::Player(Color::White)) && seated(c, bo)
    });
    let s = c.runners[ann2].client().state().unwrap();
    assert_eq!(s.moves(), moves);
    assert!(matches!(c.runners[ann].link(), Link::Closed(_)));
    // The other table saw none of it.
    assert_eq!(
        lobby.with(|s| s.lobby().table(other).map(|(_, m)| m.ply())),
        Some(0)
    );
}
