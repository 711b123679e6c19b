//! Shared helpers: a host state machine on a bench (no sockets), and the
//! scripted games played over the network (start VFEN, moves, end; the
//! positions and results come from tests/app/games.rs, where they were
//! worked out from docs/rules.md).

use std::time::Duration;

use chimera_game::Match;
use chimera_net::protocol::{
    ClientMsg, Hello, HostMsg, PROTOCOL_VERSION, Role, SeatWish, Snapshot, decode, encode,
};
use chimera_net::{ClientId, Host, HostConfig, HostEvent, MatchState, SeatToken};
use chimera_rules::Variant;

/// A host state machine fed by hand.
pub struct Bench {
    pub host: Host,
    /// The match the host rules.
    pub game: Match,
}

impl Bench {
    pub fn new(cfg: HostConfig) -> Bench {
        let (mut host, game) = Host::new(cfg, 7).expect("host");
        host.take_events();
        Bench { host, game }
    }

    /// The host's match and table.
    pub fn state(&self) -> MatchState {
        MatchState::new(self.game.clone(), self.host.table().clone())
    }

    /// Connects `id` and says hello; returns the events.
    pub fn join(&mut self, id: ClientId, name: &str, wish: SeatWish) -> Vec<HostEvent> {
        self.host.connected(id);
        self.hello(id, name, wish, None)
    }

    pub fn hello(
        &mut self,
        id: ClientId,
        name: &str,
        wish: SeatWish,
        token: Option<SeatToken>,
    ) -> Vec<HostEvent> {
        self.send(
            id,
            ClientMsg::Hello(Hello {
                version: PROTOCOL_VERSION,
                name: name.into(),
                wish,
                token,
            }),
        )
    }

    pub fn send(&mut self, id: ClientId, msg: ClientMsg) -> Vec<HostEvent> {
        self.raw(id, &encode(&msg).expect("encodes"))
    }

    pub fn raw(&mut self, id: ClientId, bytes: &[u8]) -> Vec<HostEvent> {
        self.host.received(&mut self.game, id, bytes);
        self.host.take_events()
    }

    pub fn advance(&mut self, dt: Duration) -> Vec<HostEvent> {
        self.host.advance(&mut self.game, dt);
        self.host.take_events()
    }

    /// White (1) and Black (2) seated.
    pub fn seated(cfg: HostConfig) -> Bench {
        let mut b = Bench::new(cfg);
        b.join(1, "Ann", SeatWish::White);
        b.join(2, "Bo", SeatWish::Black);
        b
    }

    pub fn play(&mut self, id: ClientId, lmn: &str) -> Vec<HostEvent> {
        let ply = self.game.ply() as u32;
        self.send(
            id,
            ClientMsg::Move {
                ply,
                lmn: lmn.into(),
            },
        )
    }
}

/// The messages sent to `id`, decoded.
pub fn to(events: &[HostEvent], id: ClientId) -> Vec<HostMsg> {
    events
        .iter()
        .filter_map(|e| match e {
            HostEvent::Send { to, frame } if *to == id => {
                Some(decode::<HostMsg>(frame).expect("the host sends readable frames"))
            }
            _ => None,
        })
        .collect()
}

/// The Welcome sent to `id`: role, token, snapshot.
pub fn welcome(events: &[HostEvent], id: ClientId) -> (Role, Option<SeatToken>, Box<Snapshot>) {
    to(events, id)
        .into_iter()
        .find_map(|m| match m {
            HostMsg::Welcome {
                role,
                token,
                snapshot,
            } => Some((role, token, snapshot)),
            _ => None,
        })
        .expect("a welcome")
}

/// The log lines.
pub fn logs(events: &[HostEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            HostEvent::Log(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

/// The refusals sent to `id`, as (what, reason).
pub fn refusals(events: &[HostEvent], id: ClientId) -> Vec<(String, String)> {
    to(events, id)
        .into_iter()
        .filter_map(|m| match m {
            HostMsg::Rejected { what, reason } => Some((what, reason)),
            _ => None,
        })
        .collect()
}

/// A scripted game.
pub struct Script {
    pub variant: &'static str,
    pub start: &'static str,
    pub moves: &'static [&'static str],
    pub end_vfen: &'static str,
    pub result: &'static str,
}

/// Holywar (§6): the drop opening, then the Squire mates.
pub const HOLYWAR: Script = Script {
    variant: "holywar",
    start: "1******1/*p5*/*6*/*6*/*6*/*6*/*6*/1******1 w - - KSkb 0 1",
    moves: &["K@h1", "K@a8", "S@b2", "B@g7", "b2c4", "g7f6", "c4b6"],
    end_vfen: "k******1/*p5*/*S3b1*/*6*/*6*/*6*/*6*/1******K b - - - 3 4",
    result: "1-0 checkmate",
};

/// Holy Grail (§4): ninja drop with push, serpent mutation, double capture, mate.
pub const HOLY_GRAIL: Script = Script {
    variant: "holygrail",
    start: "****2****/9k/6p1pp/10/10/10/2p7/2p7/2G7/R9/5K4/****2**** w - - J 0 1",
    moves: &["J@e2-e5", "g9g8", "c3~Y", "g8g7", "c3c5", "g7g6", "a2a10"],
    end_vfen: "****2****/R8k/8pp/10/10/6p3/2Y1J5/10/10/10/5K4/****2**** b - - - 1 4",
    result: "1-0 checkmate",
};

/// Holy Grail (§4) crowning: the prince is crowned, then Black mates.
pub const HOLY_GRAIL_CROWNING: Script = Script {
    variant: "holygrail",
    start: "****2****/1r3k4/10/10/10/10/10/10/7r2/8PP/K8I/****2**** b - - - 0 1",
    moves: &["h3a3", "^j1", "b10b1"],
    end_vfen: "****2****/5k4/10/10/10/10/10/10/r9/8PP/Jr7K/****2**** w - - - 3 3",
    result: "0-1 checkmate",
};

/// Ghostarelay (§7): jump castling, compulsory captures, a flying Ghost,
/// White wins by having nothing left to move.
pub const GHOSTARELAY: Script = Script {
    variant: "ghostarelay",
    start: "10/10/g4r4/10/10/10/6b3/10/10/4K2R2 w - - - 0 1",
    moves: &["e1g1,h1f1", "f8f1", "g1f1", "a8e2", "f1e2", "g4e2"],
    end_vfen: "10/10/10/10/10/10/10/10/4b5/10 w - - - 0 4",
    result: "1-0 no-moves",
};

/// A player's variant (issue 14): a 6x6 game with two new pieces, the
/// Dragon (ferz + knight) and the Lance (a rook forward only).
pub const DRAGONFLY_FILE: &str = r#"
id = "dragonfly"
name = "Dragonfly"
description = "A 6x6 test game with a Dragon (ferz and knight) and a Lance (forward rook)."

[board]
files = 6
ranks = 6

[pieces]
king = { letter = "K", moves = "K", royal = true }
rook = { letter = "R", moves = "R" }
dragon = { letter = "D", name = "Dragon", moves = "FN" }
lance = { letter = "L", name = "Lance", moves = "fR" }
pawn = { letter = "P", moves = "{pawn}" }

[start]
board = "rdlkld/pppppp/6/6/PPPPPP/RDLKLD"

[promotion]
pieces = ["rook", "dragon"]
"#;

/// Dragonfly: the Dragon and the Lance take part in a rook mate. The Lance on
/// e1 guards e2-e6 (it only rides forward), the Dragon on d4 guards f5 and e6
/// by its knight leaps, and the rook checks along rank 6.
pub const DRAGONFLY: Script = Script {
    variant: "dragonfly",
    start: "1p3k/6/6/1D4/6/R1K1L1 w - - - 0 1",
    moves: &["b3d4", "b6b5", "a1a6"],
    end_vfen: "R4k/1p4/3D2/6/6/2K1L1 b - - - 1 2",
    result: "1-0 checkmate",
};

/// A host config for a script.
pub fn script_config(s: &Script) -> HostConfig {
    let mut cfg = HostConfig::new(s.variant);
    cfg.start_vfen = Some(s.start.to_string());
    cfg
}

/// `n` moves of `variant` from its start, each picked from the legal ones
/// by a seeded generator, avoiding moves that end the game.
pub fn seeded_moves(variant: &str, n: usize, seed: u64) -> Vec<String> {
    let v = Variant::new(variant, &[]).expect("variant");
    chimera_net::bench::quiet_moves(&v, n, seed)
        .unwrap_or_else(|| panic!("{variant}: every move ends the game"))
}
