//! Fifty tables at once at one lobby on 127.0.0.1: every built-in variant
//! in turn, two players and a spectator each, all clients driven together
//! from one thread. Each game (seeded legal moves, then a resignation)
//! ends identical on both players and the spectator, and the lobby's
//! record of it replays to the position `chimera fen` gives for the same
//! moves.

use std::collections::HashMap;

use chimera_net::ClientMsg;
use chimera_net::lobby::{LobbyConfig, RoomCode};
use chimera_net::protocol::{Role, SeatState, SeatWish};
use chimera_rules::{Color, Game, Variant};

use crate::common::seeded_moves;
use crate::online::{Crowd, OnlineLobby, connect, spec};

/// Tables played at once.
const TABLES: usize = 50;
/// Moves of each game before White resigns or Black does.
const PLIES: usize = 6;

/// One table: its code, variant, script and clients (White, Black, spectator).
struct Table {
    code: RoomCode,
    variant: &'static str,
    moves: Vec<String>,
    clients: [usize; 3],
    sent: Option<usize>,
    resigned: bool,
}

/// `chimera fen`'s position after `moves` of `variant` from its start.
fn fen_after(variant: &str, moves: &[String]) -> String {
    let v = Variant::new(variant, &[]).unwrap();
    let mut g = Game::new(&v);
    g.play_lmn_list(moves).unwrap();
    g.position().to_vfen()
}

#[test]
fn fifty_tables_of_every_variant_play_at_once_and_are_recorded() {
    let mut cfg = LobbyConfig::default();
    // Every client here comes from 127.0.0.1.
    cfg.limits.tables_per_address = TABLES;
    cfg.limits.request_burst = 4.0 * TABLES as f64;
    let lobby = OnlineLobby::start(cfg);
    let variants: Vec<&'static str> = chimera_rules::variants::builtin()
        .iter()
        .map(|v| v.id)
        .collect();
    assert!(variants.len() >= 7, "{variants:?}");
    let mut crowd = Crowd::new();
    let mut tables = Vec::new();
    for i in 0..TABLES {
        let variant = variants[i % variants.len()];
        let (code, white) = lobby.create(spec(variant), SeatWish::White, &format!("W{i}"));
        let w = crowd.add(white);
        let black = lobby.join(code, SeatWish::Black).unwrap();
        let b = crowd.add(connect(&black, &format!("B{i}"), SeatWish::Black));
        let watch = lobby.join(code, SeatWish::Spectate).unwrap();
        let s = crowd.add(connect(&watch, &format!("S{i}"), SeatWish::Spectate));
        // Earlier clients connect meanwhile (their tokens are short-lived).
        crowd.step();
        tables.push(Table {
            code,
            variant,
            moves: seeded_moves(variant, PLIES, i as u64 + 1),
            clients: [w, b, s],
            sent: None,
            resigned: false,
        });
    }
    crowd.until("every table seated and watched", |c| {
        tables.iter().all(|t| {
            let [w, _, s] = t.clients;
            c.runners[s].client().role() == Some(Role::Spectator)
                && c.runners[w].client().state().is_some_and(|st| {
                    st.table
                        .seats
                        .iter()
                        .all(|x| matches!(x, SeatState::Connected { .. }))
                })
        })
    });
    assert_eq!(lobby.with(|s| s.connected_clients()), 3 * TABLES);
    crowd.until("every game over on every client", |c| {
        for t in tables.iter_mut() {
            let [w, b, _] = t.clients;
            let Some(st) = c.runners[w].client().state() else {
                continue;
            };
            let ply = st.ply() as usize;
            let mover = if st.side_to_move() == Color::White {
                w
            } else {
                b
            };
            let mover_ply = c.runners[mover].client().state().map_or(0, |s| s.ply()) as usize;
            if st.result().is_some() || mover_ply != ply {
                continue;
            }
            if ply < t.moves.len() {
                if t.sent != Some(ply) {
                    t.sent = Some(ply);
                    c.runners[mover].client_mut().play(&t.moves[ply]).unwrap();
                }
            } else if !t.resigned {
                t.resigned = true;
                c.runners[mover]
                    .client_mut()
                    .send(ClientMsg::Resign)
                    .unwrap();
            }
        }
        tables.iter().all(|t| {
            t.clients.iter().all(|&i| {
                c.runners[i]
                    .client()
                    .state()
                    .is_some_and(|s| s.result().is_some())
            })
        })
    });
    let records: HashMap<RoomCode, String> = lobby.records().into_iter().collect();
    assert_eq!(records.len(), TABLES, "one record per table");
    for t in &tables {
        let ends: Vec<_> = t
            .clients
            .iter()
            .map(|&i| {
                let s = crowd.runners[i].client().state().unwrap();
                (s.vfen(), s.moves(), s.result().map(|r| r.result_text()))
            })
            .collect();
        assert!(
            ends.windows(2).all(|p| p[0] == p[1]),
            "{}: {ends:?}",
            t.code
        );
        let (vfen, moves, result) = &ends[0];
        assert_eq!(moves, &t.moves, "{}", t.variant);
        assert_eq!(vfen, &fen_after(t.variant, &t.moves), "{}", t.variant);
        let text = &records[&t.code];
        let rec = chimera_game::record::MatchRecord::from_text(text, 1)
            .unwrap_or_else(|e| panic!("{}: the record reads: {e}\n{text}", t.code));
        assert_eq!(rec.variant, t.variant);
        let lmns: Vec<String> = rec.moves.iter().map(|m| m.lmn.clone()).collect();
        assert_eq!(fen_after(&rec.variant, &lmns), *vfen, "{}", t.code);
        assert_eq!(rec.result.map(|r| r.result_text()), *result);
        assert!(
            result.as_deref().unwrap().contains("resignation"),
            "{result:?}"
        );
    }
    // The lobby's stop finds no unfinished game to record.
    let heard = lobby.shut_down();
    assert_eq!(heard.records.len(), TABLES);
}
