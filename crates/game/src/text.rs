//! Text from files as messages quote it (the clock's time controls and the
//! records share it).

/// Text from a file as an error message shows it: on one line, at most 40
/// characters (`…` marks the cut).
pub fn shorten(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match one_line.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &one_line[..i]),
        None => one_line,
    }
}
