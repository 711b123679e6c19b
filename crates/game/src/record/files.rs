//! Game records as files: their names (`YYYY-MM-DD-HHMMSS-variant-White-Black.pgn`,
//! UTC), the PGN `Date` tag, and writing a new record without overwriting one.

use std::path::{Path, PathBuf};

use chimera_store::paths::write_atomic;

/// A name as a part of a file name: letters and digits kept, anything else
/// becomes `_`.
pub fn file_part(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect()
}

/// Writes `contents` atomically into a new file `<stem>.pgn` of `dir`
/// (`<stem>-2.pgn`, `<stem>-3.pgn` … when taken); returns its path.
pub fn write_new_record(dir: &Path, stem: &str, contents: &str) -> std::io::Result<PathBuf> {
    let path = (1..)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.pgn")),
            n => dir.join(format!("{stem}-{n}.pgn")),
        })
        .find(|p| !p.exists())
        .expect("some number is free");
    write_atomic(&path, contents)?;
    Ok(path)
}

/// The file-name stem of a game record: `YYYY-MM-DD-HHMMSS-variant-White-Black`
/// (UTC; `now` since the Unix epoch).
pub fn record_stem(now: std::time::Duration, variant: &str, names: [&str; 2]) -> String {
    let (y, mo, d, h, mi, se) = utc(now);
    format!(
        "{y:04}-{mo:02}-{d:02}-{h:02}{mi:02}{se:02}-{variant}-{}-{}",
        file_part(names[0]),
        file_part(names[1])
    )
}

/// Year, month, day, hour, minute, second (UTC) of a time since the epoch
/// (the civil-from-days algorithm of H. Hinnant's date library).
pub fn utc(t: std::time::Duration) -> (i64, u32, u32, u32, u32, u32) {
    let secs = t.as_secs() as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    let rem = rem as u32;
    (year, month, day, rem / 3600, rem / 60 % 60, rem % 60)
}

/// The PGN `Date` tag value (`YYYY.MM.DD`, UTC) of a time since the epoch.
pub fn pgn_date(now: std::time::Duration) -> String {
    let (y, mo, d, ..) = utc(now);
    format!("{y:04}.{mo:02}.{d:02}")
}
