//! TEMPORARY interface stand-in (replaced by the betza branch).
use super::geometry::Geometry;
use super::pieces::{Kind, Mode, PieceDef, Special};

/// Step.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// dx.
    pub dx: i8,
    /// dy.
    pub dy: i8,
    /// mode.
    pub mode: Mode,
}
/// Movement.
#[derive(Clone, Debug, PartialEq)]
pub struct Movement {
    /// leaps.
    pub leaps: Vec<Step>,
    /// rides.
    pub rides: Vec<Step>,
    /// lame.
    pub lame: Vec<(i8, i8)>,
    /// special.
    pub special: Special,
}
/// Error.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{problem} at column {column}")]
pub struct BetzaError {
    /// col.
    pub column: usize,
    /// problem.
    pub problem: String,
}
/// parse.
pub fn parse(_text: &str) -> Result<Movement, BetzaError> {
    todo!()
}
impl Movement {
    /// mirrored.
    pub fn mirrored(&self) -> Movement {
        todo!()
    }
    /// to_def.
    pub fn to_def(&self, _kind: Kind, _letter: char, _geo: &Geometry) -> PieceDef {
        todo!()
    }
}
