//! The client state machine: it applies only what the host confirmed, checks
//! the hash after each move, and on any disagreement logs it and asks for a
//! snapshot that then replaces its copy.

use chimera_game::Offer;
use chimera_net::protocol::{ClientMsg, HostMsg, MoveConfirmed, Role, SeatWish, decode, encode};
use chimera_net::{Client, ClientConfig, ClientEvent, HostConfig, HostEvent};
use chimera_rules::Color;

use crate::common::Bench;

/// A host bench and clients joined in memory: frames are handed over as is.
struct LanTable {
    bench: Bench,
    clients: Vec<(u64, Client)>,
}

impl LanTable {
    fn new(cfg: HostConfig, wishes: &[(&str, SeatWish)]) -> LanTable {
        let mut t = LanTable {
            bench: Bench::new(cfg),
            clients: Vec::new(),
        };
        for (i, (name, wish)) in wishes.iter().enumerate() {
            let id = i as u64 + 1;
            let mut c = Client::new(ClientConfig::new(name, *wish));
            t.bench.host.connected(id);
            c.hello();
            t.clients.push((id, c));
        }
        t.flush();
        t
    }

    /// Delivers frames both ways until nothing moves.
    fn flush(&mut self) {
        loop {
            let mut moved = false;
            for (id, c) in &mut self.clients {
                for frame in c.take_outbox() {
                    self.bench.host.received(&mut self.bench.game, *id, &frame);
                    moved = true;
                }
            }
            for e in self.bench.host.take_events() {
                if let HostEvent::Send { to, frame } = e {
                    let c = &mut self.clients.iter_mut().find(|c| c.0 == to).unwrap().1;
                    c.received(&frame);
                    moved = true;
                }
            }
            if !moved {
                return;
            }
        }
    }

    fn client(&mut self, i: usize) -> &mut Client {
        &mut self.clients[i].1
    }
}

/// A confirmation of `lmn` at `ply` with this hash.
fn moved(ply: u32, lmn: &str, hash: u64) -> HostMsg {
    HostMsg::Moved(MoveConfirmed {
        ply,
        lmn: lmn.into(),
        hash,
        clocks: None,
    })
}

#[test]
fn confirmed_moves_are_applied_and_checked() {
    let mut t = LanTable::new(
        HostConfig::new("chess"),
        &[("Ann", SeatWish::White), ("Bo", SeatWish::Black)],
    );
    assert_eq!(t.client(0).role(), Some(Role::Player(Color::White)));
    assert!(t.client(0).my_turn() && !t.client(1).my_turn());
    t.client(1).take_events();
    t.client(0).play("e2e4").unwrap();
    t.flush();
    assert_eq!(
        t.client(1).take_events(),
        vec![ClientEvent::Applied {
            ply: 0,
            side: Color::White,
            lmn: "e2e4".into()
        }]
    );
    t.client(1).play("e7e5").unwrap();
    t.flush();
    let host_vfen = t.bench.state().vfen();
    for i in 0..2 {
        let s = t.client(i).state().unwrap();
        assert_eq!((s.vfen(), s.moves().len()), (host_vfen.clone(), 2));
        assert_eq!(t.client(i).resyncs(), 0);
    }
    // A refusal is kept with its reason.
    t.client(1).play("e5e4").unwrap();
    t.flush();
    assert_eq!(
        t.client(1).last_rejection(),
        Some(&(
            "move e5e4 at ply 2".to_string(),
            "you play Black; it is White's turn".to_string()
        ))
    );
}

#[test]
fn a_wrong_hash_asks_for_a_snapshot_that_repairs_the_copy() {
    let mut t = LanTable::new(
        HostConfig::new("chess"),
        &[("Ann", SeatWish::White), ("Bo", SeatWish::Black)],
    );
    t.client(0).play("e2e4").unwrap();
    t.flush();
    let c = t.client(1);
    c.take_events();
    // A confirmation whose hash does not match this copy.
    c.handle(moved(1, "e7e5", 12345));
    let events = c.take_events();
    let ClientEvent::Log(line) = &events[0] else {
        panic!("{events:?}")
    };
    assert!(line.starts_with("hash after ply 2 (e7e5) is "), "{line}");
    assert!(
        line.ends_with("host has 0000000000003039: asking the host for a snapshot"),
        "{line}"
    );
    assert_eq!(c.resyncs(), 1);
    let out = c.take_outbox();
    assert_eq!(out.len(), 1);
    assert_eq!(
        decode::<ClientMsg>(&out[0]),
        Ok(ClientMsg::Resync { ply: 2 })
    );
    // Until the snapshot comes, confirmations are not applied.
    c.handle(moved(2, "g1f3", 1));
    assert!(c.take_events().is_empty());
    // The host answers with the truth: one move.
    t.bench.host.received(&mut t.bench.game, 2, &out[0]);
    t.flush();
    let c = t.client(1);
    assert_eq!(c.take_events(), vec![ClientEvent::Resynced]);
    assert_eq!(c.state().unwrap().moves(), ["e2e4"]);
    assert_eq!(c.state().unwrap().hash(), t.bench.state().hash());
}

#[test]
fn gaps_bad_moves_and_duplicates() {
    let mut t = LanTable::new(
        HostConfig::new("chess"),
        &[("Ann", SeatWish::White), ("Bo", SeatWish::Black)],
    );
    let c = t.client(0);
    c.take_events();
    // A move from the future: plies were missed.
    c.handle(moved(3, "e2e4", 0));
    assert!(
        matches!(&c.take_events()[..], [ClientEvent::Log(l)] if l.starts_with("missed moves: host at ply 3, copy at 0"))
    );
    t.flush();
    let c = t.client(0);
    assert_eq!(c.take_events(), vec![ClientEvent::Resynced]);
    // A move that does not apply.
    c.handle(moved(0, "e2e5", 0));
    assert!(
        matches!(&c.take_events()[..], [ClientEvent::Log(l)] if l.starts_with("host's move e2e5 does not apply: "))
    );
    assert_eq!(c.resyncs(), 2);
    // The host sends one snapshot a second at most: this one comes later.
    t.flush();
    assert!(t.client(0).take_events().is_empty());
    t.bench
        .host
        .advance(&mut t.bench.game, std::time::Duration::from_secs(1));
    t.flush();
    assert_eq!(t.client(0).take_events(), vec![ClientEvent::Resynced]);
    // A confirmation seen twice is applied once.
    t.client(0).play("e2e4").unwrap();
    t.flush();
    let c = t.client(1);
    let hash = c.state().unwrap().hash();
    c.handle(moved(0, "e2e4", hash));
    assert_eq!(c.state().unwrap().ply(), 1);
    assert_eq!(c.resyncs(), 0);
    // Garbage from the host is logged, not obeyed.
    c.take_events();
    c.received(&[1, 2, 3]);
    assert_eq!(
        c.take_events(),
        vec![ClientEvent::Log(
            "unreadable message from the host: not a Chimera message (first byte 0x01)".into()
        )]
    );
}

#[test]
fn offers_chat_and_takebacks_reach_the_copy() {
    let mut t = LanTable::new(
        HostConfig::new("chess"),
        &[
            ("Ann", SeatWish::White),
            ("Bo", SeatWish::Black),
            ("Cy", SeatWish::Spectate),
        ],
    );
    assert_eq!(t.client(2).role(), Some(Role::Spectator));
    t.client(0).play("e2e4").unwrap();
    t.flush();
    t.client(0).send(ClientMsg::Offer(Offer::Takeback)).unwrap();
    t.flush();
    assert_eq!(
        t.client(2).state().unwrap().offers(),
        vec![(Offer::Takeback, Color::White)]
    );
    t.client(1)
        .send(ClientMsg::Accept(Offer::Takeback))
        .unwrap();
    t.client(2).chat("nice").unwrap();
    t.flush();
    let c = t.client(2);
    let events = c.take_events();
    assert!(events.contains(&ClientEvent::TakenBack { ply: 0 }));
    assert_eq!(c.state().unwrap().ply(), 0);
    assert!(c.state().unwrap().offers().is_empty());
    assert_eq!(
        c.chat_lines()
            .map(|l| (l.from.as_str(), l.text.as_str()))
            .collect::<Vec<_>>(),
        vec![("Cy", "nice")]
    );
    assert!(c.chat(&"x".repeat(201)).is_err(), "too long to send");
    assert!(encode(&ClientMsg::Chat("x".repeat(201))).is_err());
}
