//! A stroke font for the letters on the generic pieces: each capital A–Z
//! as a few polylines (straight strokes and elliptic arcs) on a grid 4
//! units wide and 6 tall, x right and y up. The generic piece builds each
//! stroke as thin raised bars (see `generic`), so a letter is geometry of
//! the model like any other part, and the 2D glyph, its front view, shows
//! the very same letter.

use bevy::prelude::*;

/// Width of the letter grid.
pub const WIDTH: f32 = 4.0;
/// Height of the letter grid.
pub const HEIGHT: f32 = 6.0;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn line(points: &[(f32, f32)]) -> Vec<Vec2> {
    points.iter().map(|&(x, y)| v(x, y)).collect()
}

/// Points of an elliptic arc around (cx, cy), from `a0` to `a1` degrees
/// (counter-clockwise when `a1` > `a0`), about one point per 20°.
fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32, a0: f32, a1: f32) -> Vec<Vec2> {
    let n = ((a1 - a0).abs() / 20.0).ceil().max(1.0) as usize;
    (0..=n)
        .map(|i| {
            let a = (a0 + (a1 - a0) * i as f32 / n as f32).to_radians();
            v(cx + rx * a.cos(), cy + ry * a.sin())
        })
        .collect()
}

/// Polylines drawn one after the other as a single polyline.
fn join(parts: &[Vec<Vec2>]) -> Vec<Vec2> {
    parts.concat()
}

/// The strokes of the capital letter `c` (ASCII A–Z, either case) as
/// polylines on the 4 × 6 grid; a question mark for anything else.
pub fn strokes(c: char) -> Vec<Vec<Vec2>> {
    // The bowls of B, P and R: from the stem at `top` round to the stem at `top` − 2·r.
    let bowl = |top: f32, r: f32, reach: f32| {
        join(&[
            line(&[(0.0, top), (reach - r, top)]),
            ellipse(reach - r, top - r, r, r, 90.0, -90.0),
            line(&[(0.0, top - 2.0 * r)]),
        ])
    };
    match c.to_ascii_uppercase() {
        'A' => vec![
            line(&[(0.0, 0.0), (2.0, 6.0), (4.0, 0.0)]),
            line(&[(0.75, 2.2), (3.25, 2.2)]),
        ],
        'B' => vec![
            line(&[(0.0, 0.0), (0.0, 6.0)]),
            bowl(6.0, 1.45, 3.6),
            bowl(3.1, 1.55, 4.0),
        ],
        'C' => vec![ellipse(2.0, 3.0, 2.0, 3.0, 40.0, 320.0)],
        'D' => vec![
            line(&[(0.0, 0.0), (0.0, 6.0)]),
            join(&[
                line(&[(0.0, 6.0), (1.2, 6.0)]),
                ellipse(1.2, 3.0, 2.8, 3.0, 90.0, -90.0),
                line(&[(0.0, 0.0)]),
            ]),
        ],
        'E' => vec![
            line(&[(4.0, 6.0), (0.0, 6.0), (0.0, 0.0), (4.0, 0.0)]),
            line(&[(0.0, 3.1), (3.2, 3.1)]),
        ],
        'F' => vec![
            line(&[(4.0, 6.0), (0.0, 6.0), (0.0, 0.0)]),
            line(&[(0.0, 3.1), (3.2, 3.1)]),
        ],
        'G' => vec![join(&[
            ellipse(2.0, 3.0, 2.0, 3.0, 40.0, 360.0),
            line(&[(2.3, 3.0)]),
        ])],
        'H' => vec![
            line(&[(0.0, 0.0), (0.0, 6.0)]),
            line(&[(4.0, 0.0), (4.0, 6.0)]),
            line(&[(0.0, 3.1), (4.0, 3.1)]),
        ],
        'I' => vec![
            line(&[(2.0, 0.0), (2.0, 6.0)]),
            line(&[(0.8, 6.0), (3.2, 6.0)]),
            line(&[(0.8, 0.0), (3.2, 0.0)]),
        ],
        'J' => vec![join(&[
            line(&[(1.4, 6.0), (4.0, 6.0), (4.0, 2.0)]),
            ellipse(2.0, 2.0, 2.0, 2.0, 0.0, -180.0),
        ])],
        'K' => vec![
            line(&[(0.0, 0.0), (0.0, 6.0)]),
            line(&[(4.0, 6.0), (0.0, 2.0)]),
            line(&[(1.45, 3.45), (4.0, 0.0)]),
        ],
        'L' => vec![line(&[(0.0, 6.0), (0.0, 0.0), (4.0, 0.0)])],
        'M' => vec![line(&[
            (0.0, 0.0),
            (0.0, 6.0),
            (2.0, 2.4),
            (4.0, 6.0),
            (4.0, 0.0),
        ])],
        'N' => vec![line(&[(0.0, 0.0), (0.0, 6.0), (4.0, 0.0), (4.0, 6.0)])],
        'O' => vec![ellipse(2.0, 3.0, 2.0, 3.0, 90.0, 450.0)],
        'P' => vec![line(&[(0.0, 0.0), (0.0, 6.0)]), bowl(6.0, 1.5, 4.0)],
        'Q' => vec![
            ellipse(2.0, 3.0, 2.0, 3.0, 90.0, 450.0),
            line(&[(2.4, 1.4), (4.2, -0.4)]),
        ],
        'R' => vec![
            line(&[(0.0, 0.0), (0.0, 6.0)]),
            bowl(6.0, 1.5, 4.0),
            line(&[(1.8, 3.0), (4.0, 0.0)]),
        ],
        'S' => vec![join(&[
            ellipse(2.0, 4.5, 2.0, 1.5, 20.0, 270.0),
            ellipse(2.0, 1.5, 2.0, 1.5, 90.0, -160.0),
        ])],
        'T' => vec![
            line(&[(0.0, 6.0), (4.0, 6.0)]),
            line(&[(2.0, 6.0), (2.0, 0.0)]),
        ],
        'U' => vec![join(&[
            line(&[(0.0, 6.0), (0.0, 2.0)]),
            ellipse(2.0, 2.0, 2.0, 2.0, 180.0, 360.0),
            line(&[(4.0, 6.0)]),
        ])],
        'V' => vec![line(&[(0.0, 6.0), (2.0, 0.0), (4.0, 6.0)])],
        'W' => vec![line(&[
            (0.0, 6.0),
            (1.0, 0.0),
            (2.0, 4.0),
            (3.0, 0.0),
            (4.0, 6.0),
        ])],
        'X' => vec![
            line(&[(0.0, 0.0), (4.0, 6.0)]),
            line(&[(0.0, 6.0), (4.0, 0.0)]),
        ],
        'Y' => vec![
            line(&[(0.0, 6.0), (2.0, 3.0), (4.0, 6.0)]),
            line(&[(2.0, 3.0), (2.0, 0.0)]),
        ],
        'Z' => vec![line(&[(0.0, 6.0), (4.0, 6.0), (0.0, 0.0), (4.0, 0.0)])],
        _ => vec![
            join(&[
                ellipse(2.0, 4.3, 1.8, 1.7, 160.0, -60.0),
                line(&[(2.0, 1.9)]),
            ]),
            line(&[(2.0, 0.6), (2.0, 0.0)]),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every letter is drawn, stays on its grid (Q's tail a little
    /// below), and no two letters share their strokes.
    #[test]
    fn every_capital_has_its_own_strokes_on_the_grid() {
        let all: Vec<Vec<Vec<Vec2>>> = ('A'..='Z').map(strokes).collect();
        for (c, s) in ('A'..='Z').zip(&all) {
            assert!(!s.is_empty(), "{c}");
            for p in s.iter().flatten() {
                assert!(
                    (-0.05..=WIDTH + 0.25).contains(&p.x) && (-0.5..=HEIGHT + 0.05).contains(&p.y),
                    "{c}: {p}"
                );
            }
            assert!(s.iter().all(|l| l.len() >= 2), "{c}: a stroke of one point");
        }
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(strokes('d'), strokes('D'));
    }
}
