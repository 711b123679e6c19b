//! The seat tokens a player keeps (`SeatBook`), and the UTC dates of the
//! dedicated host's records.

use chimera_net::SeatToken;
use chimera_net::seats::{MAX_SEATS, SeatBook};

fn token(n: u8) -> SeatToken {
    SeatToken([n; 16])
}

#[test]
fn tokens_are_kept_by_host_and_name_and_read_back() {
    let mut b = SeatBook::default();
    b.set("127.0.0.1:5858", "Ann", token(1));
    b.set("127.0.0.1:5858", "Bo Ek", token(2));
    b.set("127.0.0.1:6000", "Ann", token(3));
    b.set("127.0.0.1:5858", "Ann", token(4));
    assert_eq!(b.get("127.0.0.1:5858", "Ann"), Some(token(4)), "replaced");
    assert_eq!(b.get("127.0.0.1:6000", "Ann"), Some(token(3)));
    assert_eq!(b.get("127.0.0.1:5858", " Bo Ek "), Some(token(2)));
    assert_eq!(b.get("127.0.0.1:5858", "Cy"), None);
    let text = b.text();
    assert_eq!(
        text.lines().next(),
        Some("02020202020202020202020202020202 127.0.0.1:5858 Bo Ek")
    );
    assert_eq!(SeatBook::parse(&text), b);
    b.remove("127.0.0.1:5858", "Ann");
    assert_eq!(b.get("127.0.0.1:5858", "Ann"), None);

    let dir = std::env::temp_dir().join(format!("chimera-seats-{}", std::process::id()));
    let path = dir.join("sub").join("seats.txt");
    b.save(&path).unwrap();
    assert_eq!(SeatBook::load(&path), b);
    assert_eq!(SeatBook::load(&dir.join("missing")), SeatBook::default());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The one way the window and `join --headless` keep a token: read the file
/// again, set or forget the seat, write it back; other seats stay.
#[test]
fn a_seat_is_kept_and_forgotten_in_the_file() {
    let dir = std::env::temp_dir().join(format!("chimera-seats-keep-{}", std::process::id()));
    let path = dir.join("new").join("seats.txt");
    assert_eq!(SeatBook::lookup(&path, "h:1", "Ann"), None, "no file yet");
    SeatBook::keep(&path, "h:1", "Ann", Some(token(1))).unwrap();
    // Another client writes meanwhile.
    let mut other = SeatBook::load(&path);
    other.set("h:2", "Bo", token(2));
    other.save(&path).unwrap();
    SeatBook::keep(&path, "h:1", "Ann", Some(token(3))).unwrap();
    assert_eq!(SeatBook::lookup(&path, "h:1", "Ann"), Some(token(3)));
    assert_eq!(SeatBook::lookup(&path, "h:2", "Bo"), Some(token(2)));
    SeatBook::keep(&path, "h:1", "Ann", None).unwrap();
    assert_eq!(SeatBook::lookup(&path, "h:1", "Ann"), None);
    assert_eq!(SeatBook::lookup(&path, "h:2", "Bo"), Some(token(2)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn malformed_lines_are_skipped_and_the_book_stays_small() {
    let b = SeatBook::parse(
        "zz 127.0.0.1:1 Ann\n\
         01010101010101010101010101010101\n\
         01010101010101010101010101010101 127.0.0.1:1\n\
         \n\
         01010101010101010101010101010101 127.0.0.1:1 Ann\n",
    );
    assert_eq!(b.get("127.0.0.1:1", "Ann"), Some(token(1)));
    assert_eq!(b.text().lines().count(), 1);
    let mut b = SeatBook::default();
    for i in 0..MAX_SEATS + 5 {
        b.set("h:1", &format!("p{i}"), token(i as u8));
    }
    assert_eq!(b.text().lines().count(), MAX_SEATS);
    assert_eq!(b.get("h:1", "p0"), None, "the oldest go first");
    assert!(b.get("h:1", &format!("p{}", MAX_SEATS + 4)).is_some());
    // A name cannot break the one-line format.
    b.set("h:1", "Ann\nEve", token(9));
    assert_eq!(b.get("h:1", "Ann Eve"), Some(token(9)));
}

#[test]
fn record_dates_are_utc() {
    use chimera_game::record::files::utc;
    use std::time::Duration;
    let at = |s| utc(Duration::from_secs(s));
    assert_eq!(at(0), (1970, 1, 1, 0, 0, 0));
    // 2000-02-29 (a leap day of a century divisible by 400): day 11016.
    assert_eq!(at(11_016 * 86_400 + 3_661), (2000, 2, 29, 1, 1, 1));
    assert_eq!(at(1_700_000_000), (2023, 11, 14, 22, 13, 20));
    // The last second of 1999 and of a non-leap February.
    assert_eq!(at(946_684_799), (1999, 12, 31, 23, 59, 59));
    assert_eq!(at(1_677_628_799), (2023, 2, 28, 23, 59, 59));
}

/// The host's kept seats (`HostSeats`): written and read back, a missing
/// file is none, a damaged one an error naming the file and the line.
#[test]
fn the_hosts_kept_seats_read_back_and_a_damaged_file_is_named() {
    use chimera_net::seats::{HeldSeat, HostSeats};
    let seats = HostSeats([
        None,
        Some(HeldSeat {
            token: token(7),
            name: "Bo\tEk".to_string(),
        }),
    ]);
    let text = seats.text();
    assert_eq!(text, "black 07070707070707070707070707070707 Bo Ek\n");
    let read = HostSeats::parse(&text).unwrap();
    assert_eq!(read.0[1].as_ref().map(|s| s.name.as_str()), Some("Bo Ek"));
    assert_eq!(read.0[0], None);

    let dir = std::env::temp_dir().join(format!("chimera-host-seats-{}", std::process::id()));
    let path = dir.join("sub").join("lan-host-seats.txt");
    assert_eq!(HostSeats::load(&path), Ok(None), "missing: none kept");
    read.save(&path).unwrap();
    assert_eq!(HostSeats::load(&path), Ok(Some(read)));
    std::fs::write(&path, "white 0707 Ann\n").unwrap();
    let err = HostSeats::load(&path).unwrap_err();
    assert!(
        err.contains("lan-host-seats.txt") && err.contains("line 1") && err.contains("32 hex"),
        "{err}"
    );
    for bad in [
        "purple 07070707070707070707070707070707 Ann",
        "white 07070707070707070707070707070707",
    ] {
        assert!(
            HostSeats::parse(bad).unwrap_err().starts_with("line 1"),
            "{bad}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The writers of `many_writers_at_once_lose_no_seat`: threads of one
/// process, each keeping its own names' seats in one book.
fn keep_from_threads(path: &std::path::Path, writer: &str) {
    let start = std::sync::Barrier::new(THREADS);
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let start = &start;
            s.spawn(move || {
                start.wait();
                for n in 0..NAMES {
                    let name = format!("{writer}-{t}-{n}");
                    // A seat kept, then one kept and forgotten at once.
                    SeatBook::keep(path, "127.0.0.1:5858", &name, Some(token(n as u8))).unwrap();
                    SeatBook::keep(path, "127.0.0.1:5858", &format!("{name}-x"), Some(token(0)))
                        .unwrap();
                    SeatBook::keep(path, "127.0.0.1:5858", &format!("{name}-x"), None).unwrap();
                }
            });
        }
    });
}

const THREADS: usize = 3;
const NAMES: usize = 4;
const CHILD_VAR: &str = "CHIMERA_TEST_SEAT_WRITER";

/// Run as a child process by `many_writers_at_once_lose_no_seat` (with
/// `CHIMERA_TEST_SEAT_WRITER=<writer> <path>`); does nothing otherwise.
#[test]
fn seat_writer_child() {
    if let Ok(what) = std::env::var(CHILD_VAR) {
        let (writer, path) = what.split_once(' ').unwrap();
        keep_from_threads(std::path::Path::new(path), writer);
    }
}

/// Issue 21: two headless clients started together with one config folder
/// kept only one token. Three processes and this one, three threads each,
/// keep (and forget) seats in one `seats.txt` at the same moment: every
/// kept seat is there afterwards, none of the forgotten ones.
#[test]
fn many_writers_at_once_lose_no_seat() {
    let dir = std::env::temp_dir().join(format!("chimera-seats-race-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("seats.txt");
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..3)
        .map(|c| {
            std::process::Command::new(&exe)
                .args(["--exact", "seats::seat_writer_child", "--test-threads=1"])
                .env(CHILD_VAR, format!("p{c} {}", path.display()))
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    keep_from_threads(&path, "main");
    for mut c in children {
        assert!(c.wait().unwrap().success(), "a child writer failed");
    }
    let book = SeatBook::load(&path);
    let mut missing = Vec::new();
    for writer in ["main", "p0", "p1", "p2"] {
        for t in 0..THREADS {
            for n in 0..NAMES {
                let name = format!("{writer}-{t}-{n}");
                if book.get("127.0.0.1:5858", &name) != Some(token(n as u8)) {
                    missing.push(name.clone());
                }
                assert_eq!(book.get("127.0.0.1:5858", &format!("{name}-x")), None);
            }
        }
    }
    assert!(missing.is_empty(), "lost seats: {missing:?}");
    assert_eq!(book.text().lines().count(), 4 * THREADS * NAMES);
    let _ = std::fs::remove_dir_all(&dir);
}
