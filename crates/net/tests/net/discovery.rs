//! Discovery: beacons sent to 127.0.0.1 only, heard by a listener on
//! 127.0.0.1 (port 0); foreign and malformed datagrams are ignored, hosts of
//! another version are listed with their version, silent hosts drop out.

use std::net::{SocketAddr, UdpSocket};
use std::time::Duration;

use chimera_game::clock::TimeControl;
use chimera_net::HostConfig;
use chimera_net::discovery::{
    BEACON_MAGIC, Beacon, BeaconError, BeaconSender, DEFAULT_DISCOVERY_ADDR, FORGET_AFTER,
    Listener, decode_beacon, encode_beacon, parse_discovery_addr,
};
use chimera_net::protocol::{PROTOCOL_VERSION, SeatState, SeatWish};

use crate::lan::{DT, Lan, player};

fn beacon(port: u16) -> Beacon {
    Beacon {
        version: PROTOCOL_VERSION,
        host_name: "Den".into(),
        variant: "holywar".into(),
        options: vec![],
        time_control: Some("600+5".into()),
        seats: [SeatState::Connected { name: "Ann".into() }, SeatState::Open],
        spectators: 0,
        port,
    }
}

fn listener() -> Listener {
    Listener::bind("127.0.0.1:0".parse().unwrap(), PROTOCOL_VERSION).unwrap()
}

#[test]
fn beacon_frames_round_trip_and_refuse_strangers() {
    let b = beacon(5858);
    let frame = encode_beacon(&b).unwrap();
    assert_eq!(&frame[..8], BEACON_MAGIC);
    assert_eq!(
        &frame[8..14],
        &[PROTOCOL_VERSION.to_le_bytes().as_slice(), &[0xE2, 0x16]].concat()[..],
        "version, port 5858"
    );
    assert_eq!(decode_beacon(&frame, PROTOCOL_VERSION), Ok(b.clone()));
    assert_eq!(b.free_seats(), 1);
    assert_eq!(
        decode_beacon(b"M-SEARCH * HTTP/1.1", 1),
        Err(BeaconError::Foreign)
    );
    assert_eq!(
        decode_beacon(&frame, PROTOCOL_VERSION + 1),
        Err(BeaconError::OtherVersion(PROTOCOL_VERSION))
    );
    assert!(matches!(
        decode_beacon(&frame[..frame.len() - 1], PROTOCOL_VERSION),
        Err(BeaconError::Malformed(_))
    ));
    assert!(matches!(
        decode_beacon(&frame[..11], PROTOCOL_VERSION),
        Err(BeaconError::Malformed(_))
    ));
    let mut long = frame.clone();
    long.push(0);
    assert!(matches!(
        decode_beacon(&long, PROTOCOL_VERSION),
        Err(BeaconError::Malformed(_))
    ));
}

#[test]
fn the_destination_is_a_setting() {
    assert_eq!(
        DEFAULT_DISCOVERY_ADDR,
        "255.255.255.255:5859".parse().unwrap()
    );
    assert_eq!(parse_discovery_addr(None), Ok(DEFAULT_DISCOVERY_ADDR));
    assert_eq!(parse_discovery_addr(Some("")), Ok(DEFAULT_DISCOVERY_ADDR));
    assert_eq!(
        parse_discovery_addr(Some("127.0.0.1:5859")),
        Ok("127.0.0.1:5859".parse().unwrap())
    );
    assert_eq!(
        parse_discovery_addr(Some("localhost")),
        Err(
            "CHIMERA_DISCOVERY_ADDR='localhost' is not an address:port (e.g. 127.0.0.1:5859)"
                .into()
        )
    );
}

#[test]
fn the_listener_keeps_fresh_hosts_and_ignores_the_rest() {
    let mut l = listener();
    let dest = l.local_addr().unwrap();
    let mut a = BeaconSender::new(dest).unwrap();
    assert!(
        a.update(DT, || beacon(6000)).unwrap(),
        "the first beacon goes at once"
    );
    assert!(
        !a.update(Duration::from_millis(500), || beacon(6000))
            .unwrap()
    );
    let stranger = UdpSocket::bind("127.0.0.1:0").unwrap();
    for junk in [
        &b"hello"[..],
        &[
            BEACON_MAGIC.as_slice(),
            &PROTOCOL_VERSION.to_le_bytes(),
            &[1, 2, 0xFF],
        ]
        .concat(),
    ] {
        stranger.send_to(junk, dest).unwrap();
    }
    let mut old = beacon(7000);
    old.version = 7;
    let mut frame = encode_beacon(&old).unwrap();
    frame.push(0xAA); // whatever version 7 puts after its header
    stranger.send_to(&frame, dest).unwrap();
    assert!(l.update(DT));
    assert_eq!(l.ignored(), 2, "foreign and malformed");
    let hosts = l.hosts();
    assert_eq!(hosts.len(), 2);
    let me: SocketAddr = "127.0.0.1:6000".parse().unwrap();
    assert_eq!((hosts[0].addr, hosts[0].version), (me, PROTOCOL_VERSION));
    assert_eq!(hosts[0].beacon, Some(beacon(6000)));
    assert_eq!(hosts[1].addr, "127.0.0.1:7000".parse().unwrap());
    assert_eq!((hosts[1].version, hosts[1].beacon.clone()), (7, None));
    // The announcer keeps going once a second; the other host has stopped.
    let mut t = Duration::ZERO;
    while t < FORGET_AFTER + Duration::from_secs(1) {
        a.update(Duration::from_millis(100), || beacon(6000))
            .unwrap();
        l.update(Duration::from_millis(100));
        t += Duration::from_millis(100);
    }
    assert_eq!(l.hosts().len(), 1, "the silent host is forgotten");
    assert_eq!(l.hosts()[0].addr, me);
    assert!(l.hosts()[0].age < Duration::from_millis(1100));
}

#[test]
fn a_running_host_announces_its_match() {
    let mut l = listener();
    let mut cfg = HostConfig::new("holywar");
    cfg.name = "Den".into();
    cfg.options = vec![
        ("seed".into(), "42".into()),
        ("opening".into(), "random".into()),
    ];
    cfg.time_control = "600+5".parse::<TimeControl>().unwrap();
    let mut lan = Lan::new(cfg);
    lan.host.announce(l.local_addr().unwrap()).unwrap();
    lan.join(player("Ann", SeatWish::White), None);
    lan.steps(150);
    l.update(DT);
    let port = lan.host_addr().port();
    let h = &l.hosts()[0];
    assert_eq!(h.addr, lan.host_addr());
    assert_eq!(
        h.beacon,
        Some(Beacon {
            version: PROTOCOL_VERSION,
            host_name: "Den".into(),
            variant: "holywar".into(),
            options: vec![
                ("opening".into(), "random".into()),
                ("seed".into(), "42".into())
            ],
            time_control: Some("600+5".into()),
            seats: [SeatState::Connected { name: "Ann".into() }, SeatState::Open],
            spectators: 0,
            port,
        })
    );
}
