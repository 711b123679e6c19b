//! The evaluation's weights as one named set ([`Weights`]), the values the
//! terms of [`super::eval`] are built from. The defaults are the hand-set
//! figures the evaluation was written with; a variant may ship tuned
//! values as data (`crates/engine/weights/<variant>.txt`, embedded at
//! compile time, made by Texel's method: [`super::tune`]), one
//! `name value` per line, `#` starting a comment; a weight the file does
//! not name keeps its default. A player's variant file has no weights file
//! and uses the defaults.
//!
//! Weights are integers: centipawns, or per-mille factors where a term
//! scales a measured quantity (named `…_permille`). Piece values are the
//! derived ones ([`super::values`]) plus a tuned offset per kind
//! (`value.<kind id>`, centipawns).

use chimera_rules::Variant;
use chimera_rules::pieces::{Kind, NKINDS};

macro_rules! weights {
    ($($(#[doc = $doc:literal])* $field:ident = $default:literal, step $step:literal;)*) => {
        /// The evaluation's weights (see the module doc). `Default` is the
        /// hand-set evaluation.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Weights {
            $($(#[doc = $doc])* pub $field: i32,)*
            /// Added to the derived value of each kind (centipawns, by kind index).
            pub value: [i32; NKINDS],
        }

        impl Default for Weights {
            fn default() -> Weights {
                Weights {
                    $($field: $default,)*
                    value: [0; NKINDS],
                }
            }
        }

        /// Names and tuning steps of the scalar weights, in field order.
        const SCALARS: &[(&str, i32)] = &[$((stringify!($field), $step),)*];

        impl Weights {
            /// The scalar weight number `i` (in [`SCALARS`] order).
            fn scalar(&self, i: usize) -> i32 {
                [$(self.$field,)*][i]
            }

            /// The scalar weight number `i`, to change.
            fn scalar_mut(&mut self, i: usize) -> &mut i32 {
                let fields = [$(&mut self.$field,)*];
                fields.into_iter().nth(i).expect("scalar weight index")
            }
        }
    };
}

weights! {
    /// Share (‰) of the mobility-derived square value used as piece-square term.
    pst_permille = 300, step 25;
    /// Centipawns per board move of mobility difference.
    mobility_cp = 2, step 1;
    /// Cap on the mobility term (centipawns).
    mobility_cap = 80, step 10;
    /// Bonus for having the move.
    tempo = 10, step 3;
    /// Pawn advancement, middle game: times the squared progress to promotion.
    pawn_advance_mg = 30, step 5;
    /// Pawn centrality, middle game: on the centre files.
    pawn_centre_mg = 8, step 3;
    /// Pawn advancement, endgame: times the squared progress.
    pawn_advance_eg = 70, step 10;
    /// Passed pawn, middle game: base.
    passed_base_mg = 15, step 5;
    /// Passed pawn, middle game: times the squared progress.
    passed_advance_mg = 90, step 10;
    /// Passed pawn, endgame: base.
    passed_base_eg = 30, step 5;
    /// Passed pawn, endgame: times the squared progress.
    passed_advance_eg = 220, step 20;
    /// Royal king, middle game: penalty per rank from home.
    king_rank_mg = 14, step 3;
    /// Royal king, middle game: penalty on the centre files.
    king_centre_mg = 12, step 3;
    /// Royal king, endgame: share (‰) of its mobility-derived square value.
    king_square_eg_permille = 600, step 100;
    /// King shelter: per own piece next to the royal king (middle game).
    shelter = 10, step 2;
    /// Most own pieces next to the king that count as shelter.
    shelter_cap = 4, step 1;
    /// King danger: ‰ of an enemy piece's value per step closer than 4 (middle game).
    danger_permille = 20, step 4;
    /// Threats to pieces ([`super::threats`]): ‰ of its
    /// units (Fairy-Stockfish's, a pawn 126) counted as centipawns; 0 turns
    /// the term off.
    threat_permille = 0, step 100;
    /// Colour-bound pieces on both colours, middle game.
    pair_mg = 30, step 5;
    /// Colour-bound pieces on both colours, endgame.
    pair_eg = 40, step 5;
    /// Crown Prince while crowning is possible (insurance), middle game.
    prince_mg = 60, step 10;
    /// Crown Prince insurance, endgame.
    prince_eg = 30, step 10;
    /// Holywar: the Lady next to the King (the swap escape), middle game.
    lady_mg = 25, step 5;
    /// Holywar: the Lady next to the King, endgame.
    lady_eg = 10, step 5;
    /// Holy Grail: an unlocked serpent form (it may still mutate).
    serpent_unlocked = 10, step 3;
    /// Share (‰) of a hand piece's value while no drop square is free.
    hand_blocked_permille = 500, step 100;
    /// Ghostarelay: per own piece (fewer is better).
    giveaway_piece = 100, step 10;
    /// Ghostarelay: extra per own Warlord.
    giveaway_warlord = 50, step 10;
    /// Ghostarelay: per board move of mobility difference (fewer is better).
    giveaway_mobility = 3, step 1;
    /// Ghostarelay: cap on the mobility difference counted (moves).
    giveaway_mobility_cap = 30, step 5;
}

/// Tuning step of a piece value offset (centipawns).
const VALUE_STEP: i32 = 10;

/// One tunable weight: a scalar, or the value offset of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    /// The scalar weight number `i` (in declaration order).
    Scalar(usize),
    /// The value offset of a kind.
    Value(Kind),
}

impl Param {
    /// Every scalar weight, then the value offset of every built-in kind.
    pub fn all() -> Vec<Param> {
        (0..SCALARS.len())
            .map(Param::Scalar)
            .chain(Kind::ALL.iter().map(|&k| Param::Value(k)))
            .collect()
    }

    /// The parameter called `name` (`tempo`, `value.rook`).
    pub fn named(name: &str) -> Option<Param> {
        if let Some(id) = name.strip_prefix("value.") {
            return Kind::ALL
                .iter()
                .find(|k| k.id() == id)
                .map(|&k| Param::Value(k));
        }
        SCALARS
            .iter()
            .position(|(n, _)| *n == name)
            .map(Param::Scalar)
    }

    /// Its name in a weights file.
    pub fn name(self) -> String {
        match self {
            Param::Scalar(i) => SCALARS[i].0.to_string(),
            Param::Value(k) => format!("value.{}", k.id()),
        }
    }

    /// The least value it may take (a cap is not negative).
    pub fn min(self) -> i32 {
        match self {
            Param::Scalar(i) if SCALARS[i].0.ends_with("_cap") => 0,
            _ => -100_000,
        }
    }

    /// The step Texel's local search moves it by.
    pub fn step(self) -> i32 {
        match self {
            Param::Scalar(i) => SCALARS[i].1,
            Param::Value(_) => VALUE_STEP,
        }
    }
}

/// A weights file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("weights line {line}: {problem}")]
pub struct WeightsError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// The tuned weights shipped with the game: (variant id, file text).
const SHIPPED: &[(&str, &str)] = &[
    ("grand", include_str!("../weights/grand.txt")),
    ("holygrail", include_str!("../weights/holygrail.txt")),
];

impl Weights {
    /// The weight `p`.
    pub fn get(&self, p: Param) -> i32 {
        match p {
            Param::Scalar(i) => self.scalar(i),
            Param::Value(k) => self.value[k.idx()],
        }
    }

    /// Sets the weight `p`.
    pub fn set(&mut self, p: Param, value: i32) {
        *self.slot(p) = value;
    }

    fn slot(&mut self, p: Param) -> &mut i32 {
        match p {
            Param::Scalar(i) => self.scalar_mut(i),
            Param::Value(k) => &mut self.value[k.idx()],
        }
    }

    /// The defaults with the weights `text` names (see the module doc).
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let mut w = Weights::default();
        for (i, raw) in text.lines().enumerate() {
            let err = |problem: String| WeightsError {
                line: i + 1,
                problem,
            };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut parts = line.split_whitespace();
            let (Some(name), Some(number), None) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(err(format!("expected 'name value', found '{line}'")));
            };
            let p = Param::named(name).ok_or_else(|| err(format!("unknown weight '{name}'")))?;
            let v = number
                .parse::<i32>()
                .ok()
                .filter(|v| (p.min()..=100_000).contains(v))
                .ok_or_else(|| {
                    err(format!(
                        "'{number}' for {name}: expected a whole number from {} to 100000",
                        p.min()
                    ))
                })?;
            w.set(p, v);
        }
        Ok(w)
    }

    /// The file text of the weights that differ from the defaults, after
    /// `header` (written as comment lines).
    pub fn to_text(&self, header: &str) -> String {
        let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
        let base = Weights::default();
        for p in Param::all() {
            if self.get(p) != base.get(p) {
                out.push_str(&format!("{} {}\n", p.name(), self.get(p)));
            }
        }
        out
    }

    /// The shipped weights of `v` (the defaults for a variant without a
    /// file, and for players' variant files).
    pub fn for_variant(v: &Variant) -> Weights {
        Weights::shipped(v.id())
            .filter(|_| v.info().builtin)
            .map(|(id, r)| r.unwrap_or_else(|e| panic!("shipped weights of {id}: {e}")))
            .unwrap_or_default()
    }

    /// The shipped file of the variant `id`, read (None when it has none).
    pub fn shipped(id: &str) -> Option<(&'static str, Result<Weights, WeightsError>)> {
        SHIPPED
            .iter()
            .find(|(v, _)| *v == id)
            .map(|(v, text)| (*v, Weights::parse(text)))
    }

    /// The variants with a shipped weights file.
    pub fn shipped_ids() -> impl Iterator<Item = &'static str> {
        SHIPPED.iter().map(|(v, _)| *v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_file_reads() {
        for id in Weights::shipped_ids() {
            let (_, r) = Weights::shipped(id).expect("listed");
            let w = r.unwrap_or_else(|e| panic!("{id}: {e}"));
            assert!(
                chimera_rules::variants::builtin()
                    .iter()
                    .any(|i| i.id == id)
            );
            assert_ne!(
                w,
                Weights::default(),
                "{id}: a shipped file changes something"
            );
        }
    }

    #[test]
    fn a_players_variant_file_uses_the_defaults() {
        let grand = Variant::new("grand", &[]).unwrap();
        assert_eq!(
            Some(Weights::for_variant(&grand)),
            Weights::shipped("grand").map(|r| r.1.unwrap())
        );
        let text = include_str!("../../../assets/variants/grand.toml").replacen(
            "id = \"grand\"",
            "id = \"weights-test-grand\"",
            1,
        );
        let info = chimera_rules::variants::register(&text).expect("a player's file");
        let mine = Variant::new(info.id, &[]).unwrap();
        assert_eq!(Weights::for_variant(&mine), Weights::default());
    }

    #[test]
    fn parse_names_values_and_comments() {
        let w = Weights::parse("# tuned\ntempo 14  # more\n\nvalue.rook -20\n").unwrap();
        assert_eq!(w.tempo, 14);
        assert_eq!(w.value[Kind::Rook.idx()], -20);
        assert_eq!(w.pair_mg, 30);
        let back = Weights::parse(&w.to_text("again")).unwrap();
        assert_eq!(back, w);
    }

    #[test]
    fn bad_files_are_clear_errors() {
        let e = Weights::parse("tempo 10\ntempi 3\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.problem.contains("unknown weight 'tempi'"), "{e}");
        let e = Weights::parse("tempo ten").unwrap_err();
        assert!(e.problem.contains("'ten' for tempo"), "{e}");
        assert!(Weights::parse("tempo 1 2").is_err());
        assert!(Weights::parse("value.dragon 5").is_err());
        assert!(Weights::parse("tempo 9999999").is_err());
        assert!(Weights::parse("shelter_cap -1").is_err());
    }
}
