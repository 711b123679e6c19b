//! Arrows and circles on the board, as data: what the board shows on top of
//! the position ([`ShownMarks`]), one set of [`Marks`] per [`MarkSource`].
//! The board view draws them in 2D and 3D (`board_view::marks`); nothing
//! here knows who drew what, or when.
//!
//! **For other features** (the engine's best-move arrow, a lesson's target
//! squares): put your marks under your own source and replace them when
//! what you show changes —
//!
//! ```ignore
//! fn show_best_move(mut shown: ResMut<ShownMarks>, /* … */) {
//!     let arrow = BoardArrow { from, to, brush: Brush::Blue };
//!     shown.set(MarkSource::Engine, Marks::arrows(vec![arrow]));
//!     // … and `shown.clear(MarkSource::Engine)` when it no longer applies.
//! }
//! ```
//!
//! Marks are in squares of the board the match shows (a drop has no
//! origin: circle its target instead of drawing an arrow). The source sets
//! the look: the players' drawings are strong, the engine's pale (as
//! lichess draws its best-move arrow). The players' own drawings per ply are
//! kept by `interaction::drawings`, which writes [`MarkSource::Player`] and
//! [`MarkSource::Shared`] here; other features leave those two alone.

use bevy::prelude::*;
use chimera_game::record::{Arrow, Brush, Circle};
use chimera_rules::{Color as Side, Sq, Variant};
use std::collections::BTreeMap;

/// Registers [`ShownMarks`].
pub fn plugin(app: &mut App) {
    app.init_resource::<ShownMarks>();
}

/// Who put marks on the board: each source's marks are replaced as a whole,
/// and drawn in the source's style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkSource {
    /// The player's own drawings at the shown ply.
    Player,
    /// Drawings a LAN player (of that side) shared, at the shown ply:
    /// drawn as the player's own are, as lichess shows a study's shapes.
    Shared(Side),
    /// The arrow or circle being drawn now (a right drag in progress, an
    /// arrow started at the cursor), fainter until it is finished.
    Drawing,
    /// The engine's suggestion (its best move): pale.
    Engine,
}

impl MarkSource {
    /// How opaque this source's marks are drawn (0–1).
    pub fn alpha(self) -> f32 {
        match self {
            MarkSource::Player | MarkSource::Shared(_) => 0.72,
            MarkSource::Drawing => 0.5,
            MarkSource::Engine => 0.42,
        }
    }
}

/// An arrow from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardArrow {
    /// Where it starts.
    pub from: Sq,
    /// Where it points.
    pub to: Sq,
    /// Its colour.
    pub brush: Brush,
}

/// A circled square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardCircle {
    /// The square.
    pub sq: Sq,
    /// Its colour.
    pub brush: Brush,
}

/// Arrows and circles, in the order they were drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The arrows.
    pub arrows: Vec<BoardArrow>,
    /// The circles.
    pub circles: Vec<BoardCircle>,
}

/// The most arrows plus circles one set holds (a drawing past it is
/// refused): plenty for a player, and a bound for what a LAN peer sends.
pub const MAX_MARKS: usize = 64;

impl Marks {
    /// Only these arrows.
    pub fn arrows(arrows: Vec<BoardArrow>) -> Marks {
        Marks {
            arrows,
            circles: Vec::new(),
        }
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.arrows.is_empty() && self.circles.is_empty()
    }

    /// Number of arrows and circles.
    pub fn len(&self) -> usize {
        self.arrows.len() + self.circles.len()
    }

    /// Draws an arrow as lichess does: the same arrow (same squares, same
    /// colour) again removes it; in another colour it is recoloured. An
    /// arrow from a square to itself is a circle. Returns whether the marks
    /// changed (false when full).
    pub fn toggle_arrow(&mut self, a: BoardArrow) -> bool {
        if a.from == a.to {
            return self.toggle_circle(BoardCircle {
                sq: a.from,
                brush: a.brush,
            });
        }
        match self
            .arrows
            .iter()
            .position(|x| x.from == a.from && x.to == a.to)
        {
            Some(i) if self.arrows[i].brush == a.brush => {
                self.arrows.remove(i);
            }
            Some(i) => self.arrows[i].brush = a.brush,
            None if self.len() >= MAX_MARKS => return false,
            None => self.arrows.push(a),
        }
        true
    }

    /// Circles a square as lichess does: the same circle again removes it,
    /// another colour recolours it. Returns whether the marks changed.
    pub fn toggle_circle(&mut self, c: BoardCircle) -> bool {
        match self.circles.iter().position(|x| x.sq == c.sq) {
            Some(i) if self.circles[i].brush == c.brush => {
                self.circles.remove(i);
            }
            Some(i) => self.circles[i].brush = c.brush,
            None if self.len() >= MAX_MARKS => return false,
            None => self.circles.push(c),
        }
        true
    }

    /// These marks with `other`'s added (an arrow or circle already here
    /// is kept once, in this set's colour).
    pub fn merged(&self, other: &Marks) -> Marks {
        let mut out = self.clone();
        for a in &other.arrows {
            if !out.arrows.iter().any(|x| x.from == a.from && x.to == a.to) {
                out.arrows.push(*a);
            }
        }
        for c in &other.circles {
            if !out.circles.iter().any(|x| x.sq == c.sq) {
                out.circles.push(*c);
            }
        }
        out
    }

    /// The marks as a record writes them (`[%cal …]`, `[%csl …]`), with the
    /// square names of `v`.
    pub fn to_record(&self, v: &Variant) -> (Vec<Arrow>, Vec<Circle>) {
        let arrows = self
            .arrows
            .iter()
            .map(|a| Arrow {
                brush: a.brush,
                from: v.square_name(a.from),
                to: v.square_name(a.to),
            })
            .collect();
        let circles = self
            .circles
            .iter()
            .map(|c| Circle {
                brush: c.brush,
                square: v.square_name(c.sq),
            })
            .collect();
        (arrows, circles)
    }

    /// Marks from a record's (or a LAN peer's) arrows and circles on a board
    /// of `v`; a name that is not an existing square of `v` is an error
    /// naming it, and more than [`MAX_MARKS`] is refused.
    pub fn from_record(v: &Variant, arrows: &[Arrow], circles: &[Circle]) -> Result<Marks, String> {
        if arrows.len() + circles.len() > MAX_MARKS {
            return Err(format!(
                "{} drawings, more than the {MAX_MARKS} a position may hold",
                arrows.len() + circles.len()
            ));
        }
        let square = |name: &str| {
            v.parse_square(name)
                .filter(|s| v.exists(*s))
                .ok_or_else(|| {
                    format!(
                        "'{}' is not a square of this board",
                        chimera_game::record::shorten(name)
                    )
                })
        };
        let mut m = Marks::default();
        for a in arrows {
            let (from, to) = (square(&a.from)?, square(&a.to)?);
            if from != to {
                m.arrows.push(BoardArrow {
                    from,
                    to,
                    brush: a.brush,
                });
            }
        }
        for c in circles {
            m.circles.push(BoardCircle {
                sq: square(&c.square)?,
                brush: c.brush,
            });
        }
        Ok(m)
    }
}

/// The marks on the board now, by source (see the module's doc for how a
/// feature shows its own). The board view redraws them when this changes.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ShownMarks {
    by_source: BTreeMap<MarkSource, Marks>,
}

impl ShownMarks {
    /// Replaces `source`'s marks (empty marks clear them).
    pub fn set(&mut self, source: MarkSource, marks: Marks) {
        if marks.is_empty() {
            self.by_source.remove(&source);
        } else {
            self.by_source.insert(source, marks);
        }
    }

    /// Removes `source`'s marks.
    pub fn clear(&mut self, source: MarkSource) {
        self.by_source.remove(&source);
    }

    /// `source`'s marks, if any.
    pub fn get(&self, source: MarkSource) -> Option<&Marks> {
        self.by_source.get(&source)
    }

    /// Every source's marks, in [`MarkSource`] order (later drawn on top).
    pub fn iter(&self) -> impl Iterator<Item = (MarkSource, &Marks)> {
        self.by_source.iter().map(|(s, m)| (*s, m))
    }
}

/// Sets marks only when they differ (so the board view redraws only on a
/// real change): `ShownMarks` behind a `ResMut`.
pub fn set_marks(shown: &mut ResMut<ShownMarks>, source: MarkSource, marks: Marks) {
    if shown.get(source).map_or(marks.is_empty(), |m| *m == marks) {
        return;
    }
    shown.set(source, marks);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arrow(from: (u8, u8), to: (u8, u8), brush: Brush) -> BoardArrow {
        BoardArrow {
            from: Sq::new(from.0, from.1),
            to: Sq::new(to.0, to.1),
            brush,
        }
    }

    #[test]
    fn drawing_the_same_again_removes_it_and_another_colour_recolours() {
        let mut m = Marks::default();
        let a = arrow((4, 1), (4, 3), Brush::Green);
        assert!(m.toggle_arrow(a));
        assert_eq!(m.arrows, vec![a]);
        let red = BoardArrow {
            brush: Brush::Red,
            ..a
        };
        assert!(m.toggle_arrow(red));
        assert_eq!(m.arrows, vec![red]);
        assert!(m.toggle_arrow(red));
        assert!(m.is_empty());
        // An arrow to its own square is a circle.
        assert!(m.toggle_arrow(arrow((3, 3), (3, 3), Brush::Blue)));
        assert_eq!(
            m.circles,
            vec![BoardCircle {
                sq: Sq::new(3, 3),
                brush: Brush::Blue
            }]
        );
    }

    #[test]
    fn a_full_set_refuses_more() {
        let mut m = Marks::default();
        for i in 0..MAX_MARKS {
            let sq = Sq::new((i % 8) as u8, (i / 8) as u8);
            assert!(m.toggle_circle(BoardCircle {
                sq,
                brush: Brush::Green
            }));
        }
        assert!(!m.toggle_arrow(arrow((0, 0), (1, 1), Brush::Green)));
        assert_eq!(m.len(), MAX_MARKS);
    }

    #[test]
    fn record_names_round_trip_and_a_hole_is_refused() {
        let v = Variant::new("holygrail", &[]).expect("built in");
        let mut m = Marks::default();
        m.toggle_arrow(arrow((4, 1), (4, 3), Brush::Yellow));
        m.toggle_circle(BoardCircle {
            sq: Sq::new(5, 5),
            brush: Brush::Red,
        });
        let (a, c) = m.to_record(&v);
        assert_eq!(Marks::from_record(&v, &a, &c), Ok(m));
        // Holy Grail's board has holes: a drawing there is refused.
        let hole = (0..v.width())
            .flat_map(|x| (0..v.height()).map(move |y| Sq::new(x, y)))
            .find(|s| !v.exists(*s))
            .expect("Holy Grail has holes");
        let bad = [Circle {
            brush: Brush::Green,
            square: v.square_name(hole),
        }];
        assert!(Marks::from_record(&v, &[], &bad).is_err());
        let bad = [Circle {
            brush: Brush::Green,
            square: "z99".into(),
        }];
        let e = Marks::from_record(&v, &[], &bad).unwrap_err();
        assert!(e.contains("'z99'"), "{e}");
    }
}
