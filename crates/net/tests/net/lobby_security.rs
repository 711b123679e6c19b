//! The lobby's links on 127.0.0.1: a forged connect token, a replayed
//! one and plain unsecured netcode get nothing and change nothing; the
//! bytes of a game caught on the wire hold none of its moves; a lobby
//! showing another certificate than the pinned one is refused, loudly.

use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::time::{Duration, Instant};

use chimera_net::lobby::tls::PinBook;
use chimera_net::lobby::{
    AskError, Fingerprint, LobbyConfig, LobbyIdentity, LobbyRequest, ask, ask_pinned,
};
use chimera_net::protocol::{ClientMsg, Role, SeatState, SeatWish, encode, protocol_id};
use chimera_net::transport::{LINK_TIMEOUT_S, random_u64, wall_clock};
use chimera_net::{Client, ClientConfig, ClientRunner, Link};
use renet_netcode::{ConnectToken, NETCODE_KEY_BYTES};

use crate::online::{Crowd, OnlineLobby, PATIENCE, connect, spec};

/// Steps `crowd` until client `i`'s link closes; it must never have joined.
fn refused_at_the_door(crowd: &mut Crowd, i: usize) {
    crowd.until("the stranger's link to close", |c| {
        assert_eq!(c.runners[i].client().role(), None, "the stranger got in");
        matches!(c.runners[i].link(), Link::Closed(_))
    });
}

/// A token for `lobby` made with another key than the lobby's.
fn forged_token(lobby: SocketAddr) -> Vec<u8> {
    let token = ConnectToken::generate(
        wall_clock(),
        protocol_id(chimera_net::PROTOCOL_VERSION),
        30,
        random_u64(),
        LINK_TIMEOUT_S,
        vec![lobby],
        None,
        &[7u8; NETCODE_KEY_BYTES],
    )
    .unwrap();
    let mut bytes = Vec::new();
    token.write(&mut bytes).unwrap();
    bytes
}

#[test]
fn forged_replayed_and_unsecured_clients_get_nothing() {
    let lobby = OnlineLobby::start(LobbyConfig::default());
    let (code, ann) = lobby.create(spec("chess"), SeatWish::White, "Ann");
    let mut c = Crowd::new();
    let ann = c.add(ann);
    let bo_token = lobby.join(code, SeatWish::Black).unwrap();
    let bo = c.add(connect(&bo_token, "Bo", SeatWish::Black));
    c.until("both seated", |c| {
        c.runners[bo].client().role() == Some(Role::Player(chimera_rules::Color::Black))
    });
    let before = lobby.with(|s| s.connected_clients());
    assert_eq!(before, 2);
    // 1. A token of another key.
    let forged = c.add(connect(
        &forged_token(lobby.addr),
        "Mallory",
        SeatWish::Black,
    ));
    refused_at_the_door(&mut c, forged);
    // 2. Bo's own token, replayed from another socket while Bo plays.
    let replay = c.add(connect(&bo_token, "Mallory", SeatWish::Black));
    refused_at_the_door(&mut c, replay);
    // 3. The LAN's unsecured netcode (the zero key), at the game port.
    let plain = ClientRunner::connect(
        Client::new(ClientConfig::new("Mallory", SeatWish::Black)),
        lobby.addr,
        random_u64(),
        wall_clock(),
    )
    .unwrap();
    let plain = c.add(plain);
    refused_at_the_door(&mut c, plain);
    // 4. Garbage datagrams at the game port.
    let junk = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    for n in 0..200u32 {
        let len = 1 + (n as usize * 37) % 1200;
        let bytes: Vec<u8> = (0..len).map(|i| (i as u32 * 31 + n) as u8).collect();
        junk.send_to(&bytes, lobby.addr).unwrap();
    }
    // Nothing changed: the two players, their seats, the game.
    assert_eq!(lobby.with(|s| s.connected_clients()), 2);
    let s = c.runners[ann].client().state().unwrap();
    assert_eq!(s.table.seats[1], SeatState::Connected { name: "Bo".into() });
    assert_eq!(s.ply(), 0);
    assert_eq!(s.table.spectators, 0);
    let log = lobby.log();
    assert!(!log.iter().any(|l| l.contains("Mallory")), "{log:#?}");
    // And the game goes on.
    c.runners[ann].client_mut().play("e2e4").unwrap();
    c.until("the move applied at Bo's", |c| {
        c.runners[bo].client().state().is_some_and(|s| s.ply() == 1)
    });
}

/// A UDP relay on 127.0.0.1 that keeps every byte it forwards, each
/// client through its own socket towards the lobby.
struct Tap {
    outer: UdpSocket,
    inner: Vec<(SocketAddr, UdpSocket)>,
    lobby: SocketAddr,
    caught: Vec<u8>,
}

impl Tap {
    fn new(lobby: SocketAddr) -> Tap {
        Tap {
            outer: quiet_socket(),
            inner: Vec::new(),
            lobby,
            caught: Vec::new(),
        }
    }
    fn pump(&mut self) {
        let mut buf = [0u8; 2048];
        while let Ok((n, from)) = self.outer.recv_from(&mut buf) {
            self.caught.extend_from_slice(&buf[..n]);
            if !self.inner.iter().any(|(c, _)| *c == from) {
                self.inner.push((from, quiet_socket()));
            }
            let (_, inner) = self.inner.iter().find(|(c, _)| *c == from).unwrap();
            inner.send_to(&buf[..n], self.lobby).unwrap();
        }
        for (client, inner) in &self.inner {
            while let Ok((n, _)) = inner.recv_from(&mut buf) {
                self.caught.extend_from_slice(&buf[..n]);
                self.outer.send_to(&buf[..n], client).unwrap();
            }
        }
    }
}

fn quiet_socket() -> UdpSocket {
    let s = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    s.set_nonblocking(true).unwrap();
    s
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn a_game_caught_on_the_wire_shows_none_of_its_moves() {
    // Tokens name the tap as the game address: Ann's traffic goes through it.
    let mut tap = Tap::new((Ipv4Addr::LOCALHOST, 9).into());
    let identity = LobbyIdentity::generate().unwrap();
    let lobby = OnlineLobby::start_with(
        LobbyConfig::default(),
        identity,
        Some(tap.outer.local_addr().unwrap()),
    );
    tap.lobby = lobby.addr;
    let (code, ann) = lobby.create(spec("chess"), SeatWish::White, "Annabelle");
    let mut c = Crowd::new();
    let ann = c.add(ann);
    let bo = c.add(connect(
        &lobby.join(code, SeatWish::Black).unwrap(),
        "Bo",
        SeatWish::Black,
    ));
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"];
    let mut sent = None;
    c.until("the moves played", |c| {
        tap.pump();
        let Some(s) = c.runners[ann].client().state() else {
            return false;
        };
        let ply = s.ply() as usize;
        if ply == moves.len() {
            return c.runners[bo]
                .client()
                .state()
                .is_some_and(|s| s.ply() as usize == moves.len());
        }
        let seated = s
            .table
            .seats
            .iter()
            .all(|x| matches!(x, SeatState::Connected { .. }));
        let mover = if ply % 2 == 0 { ann } else { bo };
        let ready = c.runners[mover].client().my_turn()
            && c.runners[mover]
                .client()
                .state()
                .is_some_and(|s| s.ply() as usize == ply);
        if seated && ready && sent != Some(ply) {
            sent = Some(ply);
            c.runners[mover].client_mut().play(moves[ply]).unwrap();
        }
        false
    });
    assert!(
        tap.caught.len() > 1000,
        "Ann's traffic went through the tap"
    );
    // Unencrypted, each move's frame would carry its text.
    let frame = encode(&ClientMsg::Move {
        ply: 0,
        lmn: "e2e4".into(),
    })
    .unwrap();
    assert!(contains(&frame, b"e2e4"));
    for m in moves {
        assert!(!contains(&tap.caught, m.as_bytes()), "{m} on the wire");
    }
    assert!(!contains(&tap.caught, b"Annabelle"));
}

#[test]
fn a_lobby_with_another_certificate_is_refused_loudly() {
    let lobby = OnlineLobby::start(LobbyConfig::default());
    let other = LobbyIdentity::generate().unwrap().fingerprint();
    assert_ne!(other, lobby.fingerprint);
    let err = ask(lobby.addr, &LobbyRequest::List, Some(other)).unwrap_err();
    assert!(matches!(err, AskError::CertificateChanged { now, .. } if now == lobby.fingerprint));
    let text = err.to_string();
    assert!(text.contains("SHOWS A DIFFERENT CERTIFICATE"), "{text}");
    assert!(text.contains(&lobby.addr.to_string()), "{text}");
    // Through the pin book: the first visit keeps the certificate and says so…
    let dir = std::env::temp_dir().join(format!("chimera-pins-{}", random_u64()));
    let book = dir.join("lobby-pins.txt");
    let mut said = Vec::new();
    ask_pinned(lobby.addr, &LobbyRequest::List, Some(&book), &mut |l| {
        said.push(l)
    })
    .unwrap();
    assert_eq!(
        PinBook::load(&book).get(&lobby.addr.to_string()),
        Some(lobby.fingerprint)
    );
    assert!(
        said[0].starts_with("first visit to the lobby at"),
        "{said:?}"
    );
    // …and a changed one is refused, naming the book, which keeps the old pin.
    let mut pins = PinBook::load(&book);
    pins.set(&lobby.addr.to_string(), other);
    pins.save(&book).unwrap();
    let err = ask_pinned(lobby.addr, &LobbyRequest::List, Some(&book), &mut |_| {}).unwrap_err();
    assert!(
        err.to_string().contains(&book.display().to_string()),
        "{err}"
    );
    assert_eq!(
        PinBook::load(&book).get(&lobby.addr.to_string()),
        Some(other)
    );
    let _ = std::fs::remove_dir_all(&dir);
    // A fingerprint reads back from its text.
    assert_eq!(Fingerprint::parse(&other.to_string()), Some(other));
}

#[test]
fn unreachable_and_other_version_lobbies_are_said_in_one_sentence() {
    let lobby = OnlineLobby::start(LobbyConfig::default());
    // Another protocol version: the lobby answers its own at once.
    let start = Instant::now();
    let err = chimera_net::lobby::ask::ask_as(
        lobby.addr,
        &LobbyRequest::List,
        None,
        chimera_net::PROTOCOL_VERSION + 1,
        Duration::from_secs(3),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "the lobby at {} speaks Chimera network protocol {}, this build speaks {}: use the lobby's Chimera version",
            lobby.addr,
            chimera_net::PROTOCOL_VERSION,
            chimera_net::PROTOCOL_VERSION + 1
        )
    );
    assert!(start.elapsed() < PATIENCE);
    // Nothing listening (the lobby's port after it stopped).
    let gone = lobby.addr;
    drop(lobby);
    let err = ask(gone, &LobbyRequest::List, None).unwrap_err();
    assert_eq!(err, AskError::NothingListens(gone));
    assert_eq!(
        err.to_string(),
        format!("nothing answers at {gone}: is the lobby running there, with that port?")
    );
}
