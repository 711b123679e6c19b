//! The pure rules engine: boards, pieces, legal moves, notation and game end
//! for every variant. No Bevy, no I/O.

pub mod betza;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod pieces;
pub mod position;
pub mod reach;
pub mod rng;
pub mod variants;
pub mod why;

pub use geometry::Sq;
pub use outcome::{EndReason, Game, Outcome, Score};
pub use pieces::{Color, Kind};
pub use position::{Move, MoveKind, PieceInfo, Position};
pub use rng::SplitMix64;
pub use variants::{OptionKind, OptionSpec, Variant, VariantInfo, options_text, variants};
pub use why::Illegal;

/// An error from the rules engine. Its text is one line naming the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A VFEN that is not a position of the variant (docs/rules.md §8).
    #[error("VFEN {detail}")]
    BadVfen {
        /// The field at fault.
        field: VfenField,
        /// What is wrong and where, e.g. `rank 4: bad run of 9 empty squares at a4`.
        detail: String,
    },
    /// Text that is not a move in LMN (docs/rules.md §8).
    #[error("'{text}' is not a move in LMN: {why}")]
    BadLmn {
        /// The text as given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// A well-formed move that is not legal in the position.
    #[error("'{lmn}' is not legal here")]
    IllegalMove {
        /// The move as written.
        lmn: String,
        /// Why, when the move names a piece and squares the reasons cover.
        reason: Option<Illegal>,
    },
    /// A variant file that fails for the options asked for.
    #[error("variant '{variant}': {error}")]
    BadVariantFile {
        /// Id of the variant.
        variant: &'static str,
        /// What is wrong with the file.
        error: variants::FileError,
    },
    /// No variant has this id.
    #[error("unknown variant '{0}' (known: {known})", known = variant_ids())]
    UnknownVariant(String),
    /// The variant has no option of this name.
    #[error("{}", unknown_option_text(.variant, .name))]
    UnknownOption {
        /// Id of the variant.
        variant: &'static str,
        /// The name asked for.
        name: String,
    },
    /// A value the option does not take.
    #[error("bad value '{value}' for option '{option}' (allowed: {allowed})")]
    BadOptionValue {
        /// The option's name.
        option: &'static str,
        /// The value given.
        value: String,
        /// The values it takes.
        allowed: OptionKind,
    },
    /// The game has ended: no move may be played.
    #[error("the game is over ({})", .0.result_text())]
    GameOver(Outcome),
    /// An error of the `number`th move (from 1) of a list of moves, as in
    /// `move 3 'e2e5' is not legal here`.
    #[error("move {number} '{lmn}' {}", .error.after_the_move())]
    AtMove {
        /// Position of the move in its list, from 1.
        number: usize,
        /// The move as written.
        lmn: String,
        /// What went wrong with it.
        error: Box<RulesError>,
    },
}

impl RulesError {
    /// This error as the `number`th move (from 1) of a list, written `lmn`.
    pub fn at_move(self, number: usize, lmn: &str) -> RulesError {
        RulesError::AtMove {
            number,
            lmn: lmn.to_string(),
            error: Box::new(self),
        }
    }

    /// The text after `move N 'lmn' ` (the move is named once).
    fn after_the_move(&self) -> String {
        match self {
            RulesError::IllegalMove { .. } => "is not legal here".into(),
            RulesError::BadLmn { why, .. } => format!("is not a move in LMN: {why}"),
            RulesError::GameOver(o) => {
                format!("is too late: the game is over ({})", o.result_text())
            }
            e => format!("fails: {e}"),
        }
    }
}

/// Which field of a VFEN a [`RulesError::BadVfen`] is about (docs/rules.md §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VfenField {
    /// The text does not have the seven fields.
    FieldCount,
    /// 1: the board.
    Board,
    /// 2: the side to move.
    SideToMove,
    /// 3: castling rights.
    Castling,
    /// 4: en-passant targets.
    EnPassant,
    /// 5: pieces in hand.
    Hand,
    /// 6: the half-move clock.
    HalfmoveClock,
    /// 7: the full-move number.
    FullmoveNumber,
    /// The fields together (the side to move could capture the enemy king).
    Position,
}

fn variant_ids() -> String {
    let ids: Vec<&str> = variants().iter().map(|v| v.id).collect();
    ids.join(", ")
}

fn unknown_option_text(variant: &str, name: &str) -> String {
    let names: Vec<&str> = variants()
        .iter()
        .find(|v| v.id == variant)
        .map(|v| v.options.iter().map(|o| o.name).collect())
        .unwrap_or_default();
    if names.is_empty() {
        format!("unknown option '{name}': {variant} has no options")
    } else {
        format!(
            "unknown option '{name}' for {variant} (options: {})",
            names.join(", ")
        )
    }
}
