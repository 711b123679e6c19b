//! Helpers shared by the rule tests.

use std::sync::Arc;

use chimera::rules::{Position, Sq, Variant};

/// Variant `id` built with `options` (name, value).
pub fn variant(id: &str, options: &[(&str, &str)]) -> Arc<Variant> {
    let o: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Variant::new(id, &o).unwrap_or_else(|e| panic!("{id} {options:?}: {e}"))
}

/// The position of `v` written `text` (VFEN).
pub fn position(v: &Arc<Variant>, text: &str) -> Position {
    Position::from_vfen(v, text).unwrap_or_else(|e| panic!("{} '{text}': {e}", v.id()))
}

/// The VFEN of a board holding exactly `pieces` (square, letter), missing
/// squares written `*`, followed by the remaining six fields `rest`.
pub fn vfen(v: &Variant, pieces: &[(&str, char)], rest: &str) -> String {
    for (i, (name, _)) in pieces.iter().enumerate() {
        assert!(v.parse_square(name).is_some(), "{name} is not a square");
        assert!(
            pieces[..i].iter().all(|(n, _)| n != name),
            "{name} listed twice"
        );
    }
    let mut ranks = Vec::new();
    for y in (0..v.height()).rev() {
        let mut rank = String::new();
        let mut run = 0;
        for x in 0..v.width() {
            let s = Sq::new(x, y);
            let here = pieces.iter().find(|(n, _)| v.parse_square(n) == Some(s));
            if v.exists(s) && here.is_none() {
                run += 1;
                continue;
            }
            if run > 0 {
                rank.push_str(&run.to_string());
                run = 0;
            }
            rank.push(here.map_or('*', |(_, c)| *c));
        }
        if run > 0 {
            rank.push_str(&run.to_string());
        }
        ranks.push(rank);
    }
    format!("{} {rest}", ranks.join("/"))
}
