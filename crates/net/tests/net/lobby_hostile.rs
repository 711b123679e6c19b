//! Hostile input at a lobby on 127.0.0.1, as for the LAN host: garbage on
//! the TLS port, a TLS client that never speaks, a game client that never
//! says hello, a flood of frames, a thousand table creations from one
//! address. The lobby stays up, its tables stay bounded, every refusal is
//! in words, and another table's game goes on.

use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

use chimera_net::lobby::{LobbyAnswer, LobbyConfig, LobbyRequest, ask};
use chimera_net::protocol::{Role, SeatWish};
use chimera_net::transport::connection_config;
use chimera_rules::Color;
use renet::RenetClient;
use renet_netcode::{ClientAuthentication, ConnectToken, NetcodeClientTransport};

use crate::online::{Crowd, OnlineLobby, connect, spec};

#[test]
fn garbage_silence_floods_and_a_thousand_tables_leave_the_lobby_standing() {
    let mut cfg = LobbyConfig::default();
    cfg.limits.table.hello_timeout = Duration::from_millis(500);
    let lobby = OnlineLobby::start(cfg);
    // A game in progress at one table.
    let (code, ann) = lobby.create(spec("grand"), SeatWish::White, "Ann");
    let mut c = Crowd::new();
    let ann = c.add(ann);
    let bo = c.add(connect(
        &lobby.join(code, SeatWish::Black).unwrap(),
        "Bo",
        SeatWish::Black,
    ));
    c.until("seated", |c| {
        c.runners[bo].client().role() == Some(Role::Player(Color::Black))
    });

    // Garbage on the TLS port, and a connection that never speaks.
    let mut junk = TcpStream::connect(lobby.addr).unwrap();
    junk.write_all(&[0x16, 3, 1, 0xff, 0xff, 1, 2, 3, 4, 5, 6, 7, 8])
        .unwrap();
    junk.write_all(&vec![0xAB; 4096]).unwrap();
    drop(junk);
    let _silent = TcpStream::connect(lobby.addr).unwrap();
    // Requests are still answered while it holds its connection.
    assert!(matches!(
        ask(lobby.addr, &LobbyRequest::List, Some(lobby.fingerprint))
            .unwrap()
            .answer,
        LobbyAnswer::Tables(_)
    ));

    // A game client with a real token that never says hello.
    let token = lobby.join(code, SeatWish::Spectate).unwrap();
    let token = ConnectToken::read(&mut &token[..]).unwrap();
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let mut mute = NetcodeClientTransport::new(
        chimera_net::transport::wall_clock(),
        ClientAuthentication::Secure {
            connect_token: token,
        },
        socket,
    )
    .unwrap();
    let mut mute_renet = RenetClient::new(connection_config());
    let mut heard_of = false;
    c.until("the mute client dropped", |_| {
        let dt = Duration::from_millis(2);
        mute_renet.update(dt);
        let _ = mute.update(dt, &mut mute_renet);
        let _ = mute.send_packets(&mut mute_renet);
        heard_of |= mute_renet.is_connected();
        heard_of && lobby.log().iter().any(|l| l.contains("never said hello"))
    });

    // A thousand table creations from this address: a few open, every
    // other one refused in words, none unanswered.
    let mut opened = 0;
    let mut reasons = std::collections::BTreeSet::new();
    let flood = std::time::Instant::now();
    for _ in 0..1000 {
        // The players' links are kept alive meanwhile.
        c.step();
        let req = LobbyRequest::Create {
            spec: spec("chess"),
            wish: SeatWish::White,
            name: "Flood".into(),
        };
        match ask(lobby.addr, &req, Some(lobby.fingerprint))
            .unwrap()
            .answer
        {
            LobbyAnswer::Admitted { .. } => opened += 1,
            LobbyAnswer::Refused(why) => {
                reasons.insert(why);
            }
            other => panic!("{other:?}"),
        }
    }
    eprintln!("1000 creations took {:?}", flood.elapsed());
    let limits = LobbyConfig::default().limits;
    // One table (Ann's) was this address's before the flood.
    assert_eq!(opened, limits.tables_per_address - 1);
    assert_eq!(
        lobby.with(|s| s.lobby().table_count()),
        limits.tables_per_address
    );
    assert!(
        reasons
            .iter()
            .all(|r| r.starts_with("your address has 4 tables open here")
                || r.starts_with("too many requests from your address")),
        "{reasons:#?}"
    );

    // A seated client floods its table with frames: dropped by the rate
    // limit; the lobby and the game go on.
    for i in 0..500 {
        c.runners[bo]
            .client_mut()
            .chat(&format!("spam {i}"))
            .unwrap();
    }
    c.step();
    c.runners[ann].client_mut().play("e3e4").unwrap();
    c.until("Ann's move at both", |c| {
        [ann, bo]
            .iter()
            .all(|&i| c.runners[i].client().state().is_some_and(|s| s.ply() == 1))
    });
    let log = lobby.log();
    assert!(log.iter().any(|l| l.contains("sends too fast")), "{log:#?}");
    assert!(
        log.iter().any(|l| l.contains("unreadable request")),
        "{log:#?}"
    );
    assert_eq!(c.runners[bo].client().state().unwrap().moves(), ["e3e4"]);
}
