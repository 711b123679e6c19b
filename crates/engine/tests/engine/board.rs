//! Positions for the AI tests written as piece lists: `Kg1 Re1 pf7 y~e5`
//! (letter, upper case White, lower case Black, `~` for a locked serpent,
//! then the square), turned into a VFEN of any variant.

use std::sync::Arc;

use chimera_rules::{Position, Sq, Variant};

/// The variant `id` with `opts`.
pub fn variant(id: &str, opts: &[(&str, &str)]) -> Arc<Variant> {
    let opts: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Variant::new(id, &opts).unwrap_or_else(|e| panic!("{id} {opts:?}: {e}"))
}

/// The VFEN board field of `v` holding exactly `pieces`.
pub fn board(v: &Variant, pieces: &str) -> String {
    let h = v.height() as usize;
    let w = v.width() as usize;
    let mut grid = vec![vec![String::new(); w]; h];
    for token in pieces.split_whitespace() {
        let letter = &token[..1];
        let (locked, square) = match token[1..].strip_prefix('~') {
            Some(rest) => (true, rest),
            None => (false, &token[1..]),
        };
        let s = v
            .parse_square(square)
            .unwrap_or_else(|| panic!("'{token}': {square} is not a square of {}", v.id()));
        let cell = &mut grid[s.y as usize][s.x as usize];
        assert!(cell.is_empty(), "'{token}': {square} listed twice");
        *cell = format!("{letter}{}", if locked { "~" } else { "" });
    }
    let mut ranks = Vec::new();
    for y in (0..h).rev() {
        let mut rank = String::new();
        let mut run = 0;
        for (x, cell) in grid[y].iter().enumerate() {
            let exists = v.exists(Sq::new(x as u8, y as u8));
            if exists && cell.is_empty() {
                run += 1;
                continue;
            }
            if run > 0 {
                rank.push_str(&run.to_string());
                run = 0;
            }
            rank.push_str(if exists { cell } else { "*" });
        }
        if run > 0 {
            rank.push_str(&run.to_string());
        }
        ranks.push(rank);
    }
    ranks.join("/")
}

/// The position of `v` with `pieces` and the other six VFEN fields `rest`.
pub fn position(v: &Arc<Variant>, pieces: &str, rest: &str) -> Position {
    let vfen = format!("{} {rest}", board(v, pieces));
    Position::from_vfen(v, &vfen).unwrap_or_else(|e| panic!("{vfen}: {e}"))
}
