//! Which sound a game event plays. Pure (no Bevy, no audio device): the
//! client maps a [`SoundCue`] to its embedded WAV ([`SoundCue::bytes`]) and
//! plays it at the volume setting. The sounds are made by
//! `assets/sounds/make_sounds.py` (see `assets/sounds/README.md`).
//!
//! A move plays exactly one cue, the most informative that applies
//! ([`move_cue`]), in this order:
//! 1. [`SoundCue::GameEnd`] — the move ended the game (mate, stalemate,
//!    no-moves, repetition, 100-ply, bare kings);
//! 2. [`SoundCue::Check`] — the side to move is now in check (a capture or
//!    promotion giving check sounds as a check: it is what the opponent must
//!    answer);
//! 3. [`SoundCue::Promotion`] — promotion, serpent mutation or crowning (a
//!    promotion that captures too: the new piece is the rarer news);
//! 4. [`SoundCue::Capture`] — one or more pieces removed (en passant, flying
//!    and double captures included);
//! 5. [`SoundCue::Castling`] — castling, Ghostarelay castling, and Holywar's
//!    King–Lady swap (two pieces move together);
//! 6. [`SoundCue::Drop`] — a piece from hand (a pushed ninja drop included);
//! 7. [`SoundCue::Move`] — anything else, a Ghostarelay pass included.
//!
//! Events that are not moves play their cue directly: [`SoundCue::GameEnd`]
//! on resignation, agreed draw or flag fall, [`SoundCue::LowTime`] when a
//! clock runs low.

use chimera_rules::{Move, MoveKind, Outcome, Position};

/// A sound the game plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoundCue {
    /// A plain move: a wooden thock.
    Move,
    /// A capture: a sharper double knock.
    Capture,
    /// A drop from hand: a soft plop.
    Drop,
    /// Check: a two-note chime.
    Check,
    /// Castling or a King–Lady swap: two mellow knocks.
    Castling,
    /// Promotion, mutation or crowning: a rising arpeggio.
    Promotion,
    /// The game is over: a short cadence.
    GameEnd,
    /// The clock of the player to move runs low: a ticking pip.
    LowTime,
}

impl SoundCue {
    /// Every cue, in declaration order.
    pub const ALL: [SoundCue; 8] = [
        SoundCue::Move,
        SoundCue::Capture,
        SoundCue::Drop,
        SoundCue::Check,
        SoundCue::Castling,
        SoundCue::Promotion,
        SoundCue::GameEnd,
        SoundCue::LowTime,
    ];

    /// The WAV file's name in `assets/sounds/`.
    pub fn file_name(self) -> &'static str {
        match self {
            SoundCue::Move => "move.wav",
            SoundCue::Capture => "capture.wav",
            SoundCue::Drop => "drop.wav",
            SoundCue::Check => "check.wav",
            SoundCue::Castling => "castling.wav",
            SoundCue::Promotion => "promotion.wav",
            SoundCue::GameEnd => "game-end.wav",
            SoundCue::LowTime => "low-time.wav",
        }
    }

    /// The WAV file's bytes, embedded in the binary (16-bit mono 44.1 kHz).
    pub fn bytes(self) -> &'static [u8] {
        macro_rules! wav {
            ($name:literal) => {
                include_bytes!(concat!("../../../assets/sounds/", $name)).as_slice()
            };
        }
        match self {
            SoundCue::Move => wav!("move.wav"),
            SoundCue::Capture => wav!("capture.wav"),
            SoundCue::Drop => wav!("drop.wav"),
            SoundCue::Check => wav!("check.wav"),
            SoundCue::Castling => wav!("castling.wav"),
            SoundCue::Promotion => wav!("promotion.wav"),
            SoundCue::GameEnd => wav!("game-end.wav"),
            SoundCue::LowTime => wav!("low-time.wav"),
        }
    }
}

/// What a move did, as far as its sound is concerned.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveFacts {
    /// The move ended the game.
    pub ended: bool,
    /// The side to move is in check after it.
    pub check: bool,
    /// A promotion, serpent mutation or crowning.
    pub promotes: bool,
    /// One or more pieces were captured.
    pub capture: bool,
    /// Castling or a King–Lady swap.
    pub castling: bool,
    /// A piece came from hand.
    pub drop: bool,
}

impl MoveFacts {
    /// The facts of move `m` given what only the position knows: whether it
    /// captured, gave check, ended the game.
    pub fn new(m: Move, capture: bool, check: bool, ended: bool) -> MoveFacts {
        MoveFacts {
            ended,
            check,
            promotes: match m.kind() {
                MoveKind::Normal => m.piece().is_some(),
                MoveKind::Mutate | MoveKind::Crown => true,
                _ => false,
            },
            capture,
            castling: matches!(m.kind(), MoveKind::Castle | MoveKind::Swap),
            drop: m.kind() == MoveKind::Drop,
        }
    }

    /// Every cue that applies, most informative first (the order of the
    /// module documentation); just [`SoundCue::Move`] when nothing else does.
    pub fn cues(self) -> Vec<SoundCue> {
        let mut cues: Vec<SoundCue> = [
            (SoundCue::GameEnd, self.ended),
            (SoundCue::Check, self.check),
            (SoundCue::Promotion, self.promotes),
            (SoundCue::Capture, self.capture),
            (SoundCue::Castling, self.castling),
            (SoundCue::Drop, self.drop),
        ]
        .into_iter()
        .filter(|&(_, applies)| applies)
        .map(|(cue, _)| cue)
        .collect();
        if cues.is_empty() {
            cues.push(SoundCue::Move);
        }
        cues
    }
}

/// Every cue that applies to move `m` played in `before`, most informative
/// first (the order of the module documentation); just [`SoundCue::Move`]
/// when nothing else applies. `outcome` is
/// the game's result after the move (`Game::outcome`, which also knows
/// repetition), None while play goes on.
pub fn move_cues(before: &Position, m: Move, outcome: Option<Outcome>) -> Vec<SoundCue> {
    let mut after = before.clone();
    after.make_move(m);
    MoveFacts::new(m, before.is_capture(m), after.in_check(), outcome.is_some()).cues()
}

/// The one cue move `m` (played in `before`) sounds: the first of
/// [`move_cues`]. `outcome` is the game's result after the move, if it ended.
pub fn move_cue(before: &Position, m: Move, outcome: Option<Outcome>) -> SoundCue {
    move_cues(before, m, outcome)[0]
}
