//! Frames: every message survives a round trip; every broken frame gets its
//! own typed error. Expected bytes follow bincode 2's standard configuration
//! (little endian, varint: a value under 251 is one byte; enum variants by
//! index in declaration order).

use chimera_game::Offer;
use chimera_game::record::{Arrow, Brush, Circle};
use chimera_net::protocol::{
    ClientMsg, Hello, HostMsg, MAX_CHAT_CHARS, MAX_MESSAGE_BYTES, MoveConfirmed, PROTOCOL_VERSION,
    Role, SeatState, SeatToken, SeatWish, SharedDrawings, Snapshot, TO_CLIENT, TO_HOST, WireClocks,
    WireError, decode, encode, protocol_id,
};
use chimera_rules::{Color, EndReason, Outcome};

/// A snapshot with every field set (also the wire fuzz's seed).
pub(crate) fn snapshot() -> Snapshot {
    Snapshot {
        variant_file: None,
        variant: "holygrail".into(),
        options: vec![("drops".into(), "full".into())],
        start_vfen: "****tt****/crwbqkbfrc/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/CRWBQKBFRC/****TT**** w BIbi - JJJJISjjjjis 0 1".into(),
        moves: vec!["J@e2-e5".into(), "e9e8".into()],
        hash: 0x0123_4567_89ab_cdef,
        clocks: Some(WireClocks {
            control: "600d5".parse().unwrap(),
            left_ms: [600_000, 598_500],
            to_move: Color::White,
            spent_ms: 7_250,
            running: true,
            moves: [1, 1],
        }),
        result: None,
        offers: vec![(Offer::Draw, Color::Black)],
        seats: [
            SeatState::Connected { name: "Ann".into() },
            SeatState::Away {
                name: "Bo".into(),
                grace_left_s: 112,
            },
        ],
        spectators: 3,
        game_number: 2,
    }
}

/// Drawings of every brush on a big board (also the wire fuzz's seed).
pub(crate) fn drawings() -> SharedDrawings {
    SharedDrawings {
        ply: 17,
        arrows: vec![
            Arrow {
                brush: Brush::Green,
                from: "e2".into(),
                to: "e10".into(),
            },
            Arrow {
                brush: Brush::Yellow,
                from: "a0".into(),
                to: "p16".into(),
            },
        ],
        circles: vec![
            Circle {
                brush: Brush::Red,
                square: "d4".into(),
            },
            Circle {
                brush: Brush::Blue,
                square: "j11".into(),
            },
        ],
    }
}

fn client_messages() -> Vec<ClientMsg> {
    let mut out = vec![
        ClientMsg::Hello(Hello {
            version: PROTOCOL_VERSION,
            name: "Ann".into(),
            wish: SeatWish::Any,
            token: Some(SeatToken([7; 16])),
        }),
        ClientMsg::Move {
            ply: 12,
            lmn: "e1g1,h1f1".into(),
        },
        ClientMsg::Resign,
        ClientMsg::ClaimWin,
        ClientMsg::Chat("good luck ♞".into()),
        ClientMsg::Resync { ply: 40 },
        ClientMsg::Drawings(drawings()),
        ClientMsg::Drawings(SharedDrawings::default()),
    ];
    for wish in [SeatWish::White, SeatWish::Black, SeatWish::Spectate] {
        out.push(ClientMsg::Hello(Hello {
            version: 9,
            name: String::new(),
            wish,
            token: None,
        }));
    }
    for k in [Offer::Draw, Offer::Takeback, Offer::Rematch] {
        out.extend([
            ClientMsg::Offer(k),
            ClientMsg::Accept(k),
            ClientMsg::Decline(k),
        ]);
    }
    out
}

fn host_messages() -> Vec<HostMsg> {
    let mut out = vec![
        HostMsg::Welcome {
            role: Role::Player(Color::Black),
            token: Some(SeatToken([0xAB; 16])),
            snapshot: Box::new(snapshot()),
        },
        HostMsg::Welcome {
            role: Role::Spectator,
            token: None,
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
        HostMsg::Offered {
            kind: Offer::Rematch,
            by: Color::White,
        },
        HostMsg::Declined {
            kind: Offer::Takeback,
            by: Color::Black,
        },
        HostMsg::TakenBack {
            ply: 3,
            hash: 42,
            clocks: snapshot().clocks,
        },
        HostMsg::Seat {
            side: Color::White,
            state: SeatState::Open,
        },
        HostMsg::Spectators(16),
        HostMsg::Chat {
            from: "Bo".into(),
            text: "gg".into(),
        },
        HostMsg::VersionMismatch {
            host_version: 2,
            text: "the host speaks 2".into(),
        },
        HostMsg::Drawings {
            by: Color::Black,
            drawings: drawings(),
        },
    ];
    for reason in EndReason::ALL {
        out.push(HostMsg::Ended {
            result: Outcome {
                winner: Some(Color::Black),
                reason,
            },
            clocks: snapshot().clocks,
        });
    }
    out
}

#[test]
fn every_message_round_trips() {
    for m in client_messages() {
        let frame = encode(&m).expect("encodes");
        assert_eq!(frame[0], TO_HOST, "{m:?}");
        assert_eq!(decode::<ClientMsg>(&frame), Ok(m));
    }
    for m in host_messages() {
        let frame = encode(&m).expect("encodes");
        assert_eq!(frame[0], TO_CLIENT, "{m:?}");
        assert_eq!(decode::<HostMsg>(&frame), Ok(m));
    }
}

#[test]
fn frames_have_the_expected_bytes() {
    // Chat is ClientMsg's 8th variant (index 7); a string is its length then UTF-8.
    assert_eq!(
        encode(&ClientMsg::Chat("hi".into())).unwrap(),
        vec![TO_HOST, 7, 2, b'h', b'i']
    );
    // Move { ply: 300, lmn }: 300 needs the 0xFB marker and two bytes.
    assert_eq!(
        encode(&ClientMsg::Move {
            ply: 300,
            lmn: "a1".into()
        })
        .unwrap(),
        vec![TO_HOST, 1, 0xFB, 0x2C, 0x01, 2, b'a', b'1']
    );
    assert_eq!(encode(&ClientMsg::Resign).unwrap(), vec![TO_HOST, 2]);
}

/// Sides, offers and results are the game's own types (`Color`, `Offer`,
/// `Outcome` with `EndReason`); their bytes are those of the protocol's
/// former copies (`Side`, `OfferKind`, `WireResult`, `WireEndReason`), as
/// version 3 peers encoded them.
#[test]
fn game_types_keep_the_wire_bytes() {
    let host = |m: HostMsg| encode(&m).unwrap();
    let ended = |winner, reason| {
        host(HostMsg::Ended {
            result: Outcome { winner, reason },
            clocks: None,
        })
    };
    assert_eq!(
        ended(Some(Color::Black), EndReason::TimeForfeit),
        [TO_CLIENT, 7, 1, 1, 8, 0]
    );
    assert_eq!(ended(None, EndReason::DrawAgreed), [TO_CLIENT, 7, 0, 7, 0]);
    assert_eq!(
        ended(Some(Color::White), EndReason::Abandoned),
        [TO_CLIENT, 7, 1, 0, 9, 0]
    );
    for (i, reason) in EndReason::ALL.into_iter().enumerate() {
        assert_eq!(ended(None, reason)[3], i as u8, "{reason:?}");
    }
    assert_eq!(
        host(HostMsg::Offered {
            kind: Offer::Rematch,
            by: Color::Black
        }),
        [TO_CLIENT, 4, 2, 1]
    );
    assert_eq!(
        host(HostMsg::Declined {
            kind: Offer::Takeback,
            by: Color::White
        }),
        [TO_CLIENT, 5, 1, 0]
    );
    assert_eq!(
        host(HostMsg::Seat {
            side: Color::Black,
            state: SeatState::Open
        }),
        [TO_CLIENT, 8, 1, 0]
    );
    let client = |m: ClientMsg| encode(&m).unwrap();
    assert_eq!(client(ClientMsg::Offer(Offer::Takeback)), [TO_HOST, 3, 1]);
    assert_eq!(client(ClientMsg::Accept(Offer::Rematch)), [TO_HOST, 4, 2]);
    assert_eq!(client(ClientMsg::Decline(Offer::Draw)), [TO_HOST, 5, 0]);
}

#[test]
fn broken_frames_get_typed_errors() {
    let good = encode(&ClientMsg::Chat("hello".into())).unwrap();
    assert_eq!(decode::<ClientMsg>(&[]), Err(WireError::Empty));
    assert_eq!(
        decode::<ClientMsg>(&good[..good.len() - 1]),
        Err(WireError::Truncated)
    );
    assert_eq!(decode::<ClientMsg>(&[TO_HOST]), Err(WireError::Truncated));
    let mut long = good.clone();
    long.extend_from_slice(&[0, 0]);
    assert_eq!(decode::<ClientMsg>(&long), Err(WireError::TrailingBytes(2)));
    let mut huge = vec![TO_HOST, 7];
    huge.resize(MAX_MESSAGE_BYTES + 1, b'a');
    assert_eq!(
        decode::<ClientMsg>(&huge),
        Err(WireError::TooLarge {
            len: MAX_MESSAGE_BYTES + 1,
            limit: MAX_MESSAGE_BYTES
        })
    );
    assert_eq!(
        decode::<ClientMsg>(b"GET / HTTP/1.1"),
        Err(WireError::BadTag(b'G'))
    );
    let host_frame = encode(&HostMsg::Spectators(1)).unwrap();
    assert_eq!(
        decode::<ClientMsg>(&host_frame),
        Err(WireError::WrongDirection {
            expected: "host",
            found: "client"
        })
    );
    assert_eq!(
        decode::<HostMsg>(&good),
        Err(WireError::WrongDirection {
            expected: "client",
            found: "host"
        })
    );
    // Variant 10 does not exist; neither does UTF-8 0xFF; a chat line claiming
    // a million bytes is over the limit before anything is read.
    assert!(matches!(
        decode::<ClientMsg>(&[TO_HOST, 10]),
        Err(WireError::Malformed(_))
    ));
    assert!(matches!(
        decode::<ClientMsg>(&[TO_HOST, 7, 2, 0xFF, 0xFE]),
        Err(WireError::Malformed(_))
    ));
    let mut claim = vec![TO_HOST, 7, 0xFC];
    claim.extend_from_slice(&1_000_000u32.to_le_bytes());
    assert_eq!(decode::<ClientMsg>(&claim), Err(WireError::LengthOverLimit));
    // A bool that is neither 0 nor 1 (Hello's token Option tag is 2).
    let mut hello = vec![TO_HOST, 0, 1, 0, 0];
    hello.push(2);
    assert!(matches!(
        decode::<ClientMsg>(&hello),
        Err(WireError::Malformed(_))
    ));
}

#[test]
fn limits_are_enforced_on_both_ends() {
    let long = "x".repeat(MAX_CHAT_CHARS + 1);
    let at_limit = "é".repeat(MAX_CHAT_CHARS);
    assert!(
        encode(&ClientMsg::Chat(at_limit)).is_ok(),
        "200 characters are fine"
    );
    let err = encode(&ClientMsg::Chat(long.clone())).unwrap_err();
    assert_eq!(
        err,
        WireError::Invalid("chat line of 201 characters is over the limit of 200".into())
    );
    // A hand-made frame with the same line is refused on decoding too.
    let mut frame = vec![TO_HOST, 7, 201];
    frame.extend_from_slice(long.as_bytes());
    assert_eq!(decode::<ClientMsg>(&frame), Err(err));
    let name = ClientMsg::Hello(Hello {
        version: 1,
        name: "n".repeat(33),
        wish: SeatWish::Any,
        token: None,
    });
    assert!(matches!(encode(&name), Err(WireError::Invalid(_))));
    let lmn = ClientMsg::Move {
        ply: 0,
        lmn: "e".repeat(33),
    };
    assert!(matches!(encode(&lmn), Err(WireError::Invalid(_))));
    let mut d = drawings();
    d.circles[0].square = "a12345".into();
    assert_eq!(
        encode(&ClientMsg::Drawings(d)),
        Err(WireError::Invalid(
            "square name of 6 characters is over the limit of 4".into()
        ))
    );
}

#[test]
fn protocol_id_follows_the_version() {
    assert_eq!(protocol_id(1), 0x4348_494D_0000_0001);
    assert_ne!(protocol_id(1), protocol_id(2));
    assert_eq!(protocol_id(PROTOCOL_VERSION) >> 32, 0x4348_494D, "CHIM");
}

#[test]
fn seat_tokens_print_and_read_back() {
    let t = SeatToken([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 254, 255]);
    assert_eq!(t.to_hex(), "000102030405060708090a0b0c0dfeff");
    assert_eq!(SeatToken::from_hex(&t.to_hex()), Some(t));
    assert_eq!(
        SeatToken::from_hex(" 000102030405060708090a0b0c0dfeff\n"),
        Some(t)
    );
    for bad in [
        "",
        "00",
        "zz0102030405060708090a0b0c0dfeff",
        "é00102030405060708090a0b0c0dfef",
    ] {
        assert_eq!(SeatToken::from_hex(bad), None, "{bad}");
    }
}

#[test]
fn results_read_as_written() {
    let r = |winner, reason| Outcome { winner, reason }.result_text();
    assert_eq!(r(Some(Color::White), EndReason::Checkmate), "1-0 checkmate");
    assert_eq!(
        r(Some(Color::Black), EndReason::TimeForfeit),
        "0-1 time forfeit"
    );
    assert_eq!(r(None, EndReason::HundredPly), "1/2-1/2 100-ply");
    assert_eq!(r(Some(Color::White), EndReason::Abandoned), "1-0 abandoned");
}

/// A clock sent on the wire and rebuilt on another time line reads the
/// same and goes on exactly as the sender's: mid-turn, inside a delay,
/// paused, and after a flag fell.
#[test]
fn clocks_cross_the_wire_exactly() {
    use chimera_game::clock::{Clock, TimeControl};
    use std::time::Duration;
    let ms = Duration::from_millis;
    for (control, moves_at, now) in [
        ("600+5", &[1_500, 4_000][..], 9_250),
        ("60d5", &[1_500, 9_000], 11_000),
        ("60d5", &[2_000], 3_000),
        ("*10", &[3_000, 5_000], 7_777),
        ("2/60", &[1_000, 2_000, 3_000, 4_000], 5_001),
        ("10+0", &[1_000], 30_000),
    ] {
        let tc: TimeControl = control.parse().unwrap();
        let mut c = Clock::new(tc, Color::White);
        c.start(Duration::ZERO);
        for &t in moves_at {
            c.move_made(ms(t)).unwrap();
        }
        let now = ms(now);
        let w = WireClocks::from_clock(&c, now);
        let there = ms(123_456_789);
        let copy = w.to_clock(there);
        assert_eq!(WireClocks::from_clock(&copy, there), w, "{control}");
        for later in [0, 1_000, 4_000, 60_000] {
            for side in [Color::White, Color::Black] {
                assert_eq!(
                    copy.remaining(side, there + ms(later)),
                    c.remaining(side, now + ms(later)),
                    "{control}: {side:?} {later} ms later"
                );
            }
            assert_eq!(copy.flag(there + ms(later)), c.flag(now + ms(later)));
        }
        c.pause(now);
        let w = WireClocks::from_clock(&c, now);
        assert!(!w.running);
        let copy = w.to_clock(there);
        assert_eq!(
            copy.remaining(Color::White, there + ms(5_000)),
            c.remaining(Color::White, now + ms(5_000)),
            "{control}: paused"
        );
    }
}
