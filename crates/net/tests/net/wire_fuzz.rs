//! Seeded fuzz of what arrives from the network (issue 21): frames of both
//! directions and discovery beacons, mutated from valid ones (byte flips,
//! truncation, duplicated and deleted spans, multi-byte characters inserted
//! into the strings, length prefixes pumped to bincode's widest varints) and
//! random. Each decode gives a message or a typed error, never a panic, in
//! bounded time; a message that decodes encodes and decodes to itself.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use chimera_game::Offer;
use chimera_net::discovery::{Beacon, decode_beacon, encode_beacon};
use chimera_net::protocol::{
    ClientMsg, Hello, HostMsg, MoveConfirmed, PROTOCOL_VERSION, Role, SeatState, SeatToken,
    SeatWish, Snapshot, decode, encode,
};
use chimera_rules::rng::mutate_bytes;
use chimera_rules::{Color, EndReason, Outcome, SplitMix64};

/// Each case's bound: decoding a frame of at most 64 KB takes microseconds.
const BOUND: Duration = Duration::from_secs(1);

/// The protocol test's snapshot, with a player's variant file, a mutation
/// and multi-byte text added (what a mutation can then break).
fn snapshot() -> Snapshot {
    let mut s = crate::protocol::snapshot();
    s.variant_file = Some("[variant]\nid = \"wyvern\"\n# ♔ é\n".into());
    s.moves.push("c3~Y".into());
    s.seats[1] = SeatState::Away {
        name: "Bö".into(),
        grace_left_s: 112,
    };
    s
}

fn client_frames() -> Vec<Vec<u8>> {
    [
        ClientMsg::Hello(Hello {
            version: PROTOCOL_VERSION,
            name: "Ann é".into(),
            wish: SeatWish::Any,
            token: Some(SeatToken([7; 16])),
        }),
        ClientMsg::Move {
            ply: 12,
            lmn: "e1g1,h1f1".into(),
        },
        ClientMsg::Chat("good luck ♞".into()),
        ClientMsg::Resync { ply: 40 },
        ClientMsg::Offer(Offer::Takeback),
        ClientMsg::Drawings(crate::protocol::drawings()),
    ]
    .iter()
    .map(|m| encode(m).expect("a valid message encodes"))
    .collect()
}

fn host_frames() -> Vec<Vec<u8>> {
    [
        HostMsg::Welcome {
            role: Role::Player(Color::Black),
            token: Some(SeatToken([0xAB; 16])),
            snapshot: Box::new(snapshot()),
        },
        HostMsg::Snapshot(Box::new(snapshot())),
        HostMsg::Moved(MoveConfirmed {
            ply: 7,
            lmn: "c3~Y".into(),
            hash: u64::MAX,
            clocks: None,
        }),
        HostMsg::Rejected {
            what: "move e2e5 at ply 0".into(),
            reason: "'e2e5' is not legal here".into(),
        },
        HostMsg::Chat {
            from: "Bo".into(),
            text: "gg ♔".into(),
        },
        HostMsg::Ended {
            result: Outcome {
                winner: Some(Color::Black),
                reason: EndReason::Checkmate,
            },
            clocks: snapshot().clocks,
        },
        HostMsg::Drawings {
            by: Color::White,
            drawings: crate::protocol::drawings(),
        },
    ]
    .iter()
    .map(|m| encode(m).expect("a valid message encodes"))
    .collect()
}

fn beacon_frames() -> Vec<Vec<u8>> {
    vec![
        encode_beacon(&Beacon {
            version: PROTOCOL_VERSION,
            host_name: "Host é".into(),
            variant: "grand".into(),
            options: vec![("drops".into(), "none".into())],
            time_control: Some("600+5".into()),
            seats: [SeatState::Open, SeatState::Connected { name: "Ö".into() }],
            spectators: 1,
            port: 6101,
        })
        .expect("a valid beacon encodes"),
    ]
}

const MULTIBYTE: &[&str] = &["é", "♔", "Ö4", "\u{feff}", "𝄞"];

/// One random change of `b`: a common edit, a length pumped to a wide
/// varint with a huge value (the decoder must refuse it by its limit, not
/// allocate it), or random bytes after the frame's own tag.
fn mutate(b: &mut Vec<u8>, rng: &mut SplitMix64) {
    match rng.below(8) {
        6 => {
            let at = rng.below(b.len().max(1)).min(b.len());
            let wide: &[u8] = match rng.below(3) {
                0 => &[0xFC, 0xFF, 0xFF, 0xFF, 0x7F],
                1 => &[0xFD, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],
                _ => &[0xFB, 0xFF, 0xFF],
            };
            b.splice(at..at, wide.iter().copied());
        }
        7 => {
            let tag = b.first().copied().unwrap_or(0);
            *b = std::iter::once(tag)
                .chain((0..rng.below(200)).map(|_| rng.next_u64() as u8))
                .collect();
        }
        _ => mutate_bytes(b, rng, MULTIBYTE, 200),
    }
}

/// Decodes `cases` mutations of `seeds` with `decode_one`, each without a
/// panic and within [`BOUND`]. Returns how many decoded.
fn fuzz(
    seeds: &[Vec<u8>],
    rng_seed: u64,
    cases: usize,
    mut decode_one: impl FnMut(&[u8]) -> bool,
) -> usize {
    let mut rng = SplitMix64::new(rng_seed);
    let mut decoded = 0;
    for i in 0..cases {
        let mut b = seeds[i % seeds.len()].clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut b, &mut rng);
        }
        let t = Instant::now();
        let ok = catch_unwind(AssertUnwindSafe(|| decode_one(&b)))
            .unwrap_or_else(|_| panic!("panic on case {i}: {b:?}"));
        assert!(t.elapsed() < BOUND, "case {i} took {:?}", t.elapsed());
        decoded += usize::from(ok);
    }
    decoded
}

#[test]
fn fuzzed_frames_decode_or_give_a_typed_error() {
    let clients = client_frames();
    let decoded = fuzz(&clients, 31, 20_000, |b| match decode::<ClientMsg>(b) {
        Ok(m) => {
            let again = encode(&m).expect("a decoded message encodes");
            assert_eq!(decode::<ClientMsg>(&again), Ok(m));
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            // A frame of one direction is never read as the other.
            assert!(decode::<HostMsg>(b).is_err());
            false
        }
    });
    assert!(decoded > 100, "{decoded} decoded");
    let hosts = host_frames();
    let decoded = fuzz(&hosts, 32, 20_000, |b| match decode::<HostMsg>(b) {
        Ok(m) => {
            let again = encode(&m).expect("a decoded message encodes");
            assert_eq!(decode::<HostMsg>(&again), Ok(m));
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
    });
    assert!(decoded > 100, "{decoded} decoded");
}

#[test]
fn fuzzed_beacons_decode_or_give_a_typed_error() {
    let beacons = beacon_frames();
    let decoded = fuzz(&beacons, 33, 20_000, |b| {
        match decode_beacon(b, PROTOCOL_VERSION) {
            Ok(beacon) => {
                let again = encode_beacon(&beacon).expect("a decoded beacon encodes");
                assert_eq!(decode_beacon(&again, PROTOCOL_VERSION), Ok(beacon));
                true
            }
            Err(_) => false,
        }
    });
    assert!(decoded > 50, "{decoded} decoded");
}
