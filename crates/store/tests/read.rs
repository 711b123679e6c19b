//! The bounded reader (issue 21): every file the game reads goes through
//! `read_bounded`, which reads at most its limit, names the path in every
//! error and tells a directory from a file.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chimera_store::{ReadError, read_bounded, read_bounded_bytes};

/// A fresh directory under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_file_up_to_the_limit_is_read_and_one_byte_more_is_refused() {
    let dir = temp_dir("limit");
    let at = dir.join("at.txt");
    let over = dir.join("over.txt");
    std::fs::write(&at, "é".repeat(50)).unwrap();
    std::fs::write(&over, "x".repeat(101)).unwrap();
    assert_eq!(read_bounded(&at, 100).unwrap(), "é".repeat(50));
    let e = read_bounded(&over, 100).unwrap_err();
    assert!(matches!(e, ReadError::TooLarge { limit: 100, .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!(
            "{}: the file is larger than 100 bytes, the limit for it",
            over.display()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An endless device reports no size: the reader stops one byte past the
/// limit instead of reading it all (it once read 8.6 GB in 5 s).
#[cfg(unix)]
#[test]
fn an_endless_device_is_refused_after_the_limit() {
    let t = Instant::now();
    let e = read_bounded_bytes(std::path::Path::new("/dev/zero"), 4 * 1024 * 1024).unwrap_err();
    assert!(matches!(e, ReadError::TooLarge { .. }), "{e:?}");
    assert!(
        e.to_string()
            .starts_with("/dev/zero: the file is larger than 4194304 bytes"),
        "{e}"
    );
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn a_directory_a_missing_file_and_binary_bytes_are_named() {
    let dir = temp_dir("kinds");
    let e = read_bounded(&dir, 1000).unwrap_err();
    assert!(matches!(e, ReadError::Directory { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!("{}: is a directory, not a file", dir.display())
    );
    let missing = dir.join("missing.cfg");
    let e = read_bounded(&missing, 1000).unwrap_err();
    assert!(e.is_not_found(), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!("{}: no such file", missing.display())
    );
    let binary = dir.join("binary.cfg");
    std::fs::write(&binary, b"ok\n\xff\xfe").unwrap();
    let e = read_bounded(&binary, 1000).unwrap_err();
    assert!(matches!(e, ReadError::NotText { at: 3, .. }), "{e:?}");
    assert_eq!(e.path(), binary);
    assert_eq!(e.problem(), "not UTF-8 text (invalid byte at 3)");
    std::fs::remove_dir_all(&dir).unwrap();
}
