//! Reading a variant file: its header and options ([`Header`]), and the
//! [`VariantSpec`] it describes for one choice of option values. The format
//! is documented in docs/variant-files.md and in
//! `assets/variants/chess.toml`.

use super::tree::{FileError, Node, Reader, Tree, Val};
use super::{
    Castling, DropRule, MAX_OPTION_VALUES, MAX_OPTIONS, NinjaRules, NoMoves, OptionKind,
    OptionSpec, Opts, PawnRules, PieceSpec, PromotionRules, VariantSpec,
};
use crate::betza;
use crate::geometry::{Geometry, MAX_H, MAX_W, Sq};
use crate::pieces::{Color, Kind, Special};
use crate::rng::{GOLDEN_GAMMA, SplitMix64};

/// What the menu needs before building: identity and options.
pub struct Header {
    /// Identifier.
    pub id: String,
    /// Display name.
    pub name: String,
    /// One-line description.
    pub description: String,
    /// Options with their values.
    pub options: Vec<OptionSpec>,
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

/// Reads the identity and the options of a parsed file.
pub fn header(tree: &Tree) -> Result<Header, FileError> {
    let r = Reader::new(tree, &tree.root, "")?;
    let id = r.str("id")?;
    if !is_identifier(id) {
        return Err(r.error(
            "id",
            format!("'{id}' is not an identifier (lowercase letters, digits and '-')"),
        ));
    }
    let name = r.str("name")?;
    let description = r.opt_str("description")?.unwrap_or("");
    let mut options = Vec::new();
    if let Some(opts) = r.opt_table("options")? {
        for (oname, node) in opts.entries() {
            if options.len() == MAX_OPTIONS {
                return Err(opts.error(
                    oname,
                    format!("a variant may have at most {MAX_OPTIONS} options"),
                ));
            }
            let o = opts.child(oname, node)?;
            options.push(option_spec(&o, oname)?);
        }
    }
    Ok(Header {
        id: id.to_string(),
        name: name.to_string(),
        description: description.to_string(),
        options,
    })
}

/// Whether `id` is an identifier of a variant or a piece: lowercase
/// letters, digits and `-`, not empty.
fn is_identifier(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn option_spec(o: &Reader, oname: &str) -> Result<OptionSpec, FileError> {
    let help = o.opt_str("help")?.unwrap_or("");
    let default = o.str("default")?;
    let kind = match o.opt_strs("values")? {
        Some(values) => {
            if values.is_empty() {
                return Err(o.error("values", "an option needs at least one value"));
            }
            if values.len() > MAX_OPTION_VALUES {
                return Err(o.error(
                    "values",
                    format!(
                        "{} values: an option may have at most {MAX_OPTION_VALUES} values",
                        values.len()
                    ),
                ));
            }
            for (i, (v, span)) in values.iter().enumerate() {
                if values[..i].iter().any(|(w, _)| w == v) {
                    let key = o.key("values");
                    return Err(o.tree().error(&key, span, format!("'{v}' is listed twice")));
                }
            }
            let values: Vec<&'static str> = values.iter().map(|(v, _)| leak(v)).collect();
            OptionKind::Choice(Box::leak(values.into_boxed_slice()))
        }
        None => {
            let min = o.opt_int("min", 0, i64::MAX)?;
            let max = o.opt_int("max", 0, i64::MAX)?;
            match (min, max) {
                (Some(min), Some(max)) if min <= max => OptionKind::Number {
                    min: min as u64,
                    max: max as u64,
                },
                (Some(_), Some(_)) => return Err(o.error("max", "smaller than min")),
                _ => {
                    return Err(o.error(
                        "values",
                        "an option needs `values = [...]` or `min` and `max`",
                    ));
                }
            }
        }
    };
    if !kind.allows(default) {
        return Err(o.error(
            "default",
            format!("'{default}' is not one of the option's values ({kind})"),
        ));
    }
    if let Some(set) = o.opt_table("set")? {
        if set.entries().len() > MAX_OPTION_VALUES {
            let (value, _) = &set.entries()[MAX_OPTION_VALUES];
            return Err(set.error(
                value,
                format!(
                    "an option may have at most {MAX_OPTION_VALUES} values with a `set` section"
                ),
            ));
        }
        for (value, node) in set.entries() {
            if !kind.allows(value) {
                return Err(set.error(value, format!("'{value}' is not a value of the option")));
            }
            // Options do not nest: a value sets keys of the game, not more options.
            if let Some(inner) = node.get("options") {
                let key = format!("{}.options", set.key(value));
                return Err(o.tree().error(
                    &key,
                    &inner.span,
                    "options do not nest: a value's `set` section cannot hold options",
                ));
            }
        }
    }
    o.finish()?;
    Ok(OptionSpec {
        name: leak(oname),
        kind,
        default: leak(default),
        help: leak(help),
    })
}

/// The tree with the overlays of the chosen option values merged in, and the
/// pieces listed under `without` removed.
fn merged(tree: &Tree, opts: &Opts) -> Result<Node, FileError> {
    let mut root = tree.root.clone();
    let options = tree.root.get("options");
    let mut without: Vec<String> = Vec::new();
    // Each removed id with where it was written, to check it names a piece.
    let mut written = Vec::new();
    for (name, value) in opts.values() {
        let Some(over) = options
            .and_then(|o| o.get(name))
            .and_then(|o| o.get("set"))
            .and_then(|s| s.get(value))
        else {
            continue;
        };
        let mut over = over.clone();
        if let Some(w) = over.get("without") {
            let key = format!("options.{name}.set.{value}.without");
            let Val::List(items) = &w.val else {
                return Err(tree.error(&key, &w.span, "expected a list of piece names"));
            };
            for n in items {
                match &n.val {
                    Val::Str(s) if without.contains(s) => {}
                    Val::Str(s) => {
                        without.push(s.clone());
                        written.push((key.clone(), n.span.clone()));
                    }
                    _ => return Err(tree.error(&key, &n.span, "expected a piece name")),
                }
            }
            over.remove("without");
        }
        root.merge(&over);
    }
    for (id, (key, span)) in without.iter().zip(&written) {
        if root.get("pieces").and_then(|p| p.get(id)).is_none() {
            return Err(tree.error(key, span, format!("'{id}' is not a piece of this file")));
        }
    }
    if let Val::Table(t) = &mut root.val
        && let Some((_, pieces)) = t.iter_mut().find(|(k, _)| k == "pieces")
    {
        for id in &without {
            pieces.remove(id);
        }
    }
    root.remove("options");
    // A promotion list naming a removed piece loses it.
    if let Val::Table(t) = &mut root.val
        && let Some((_, promo)) = t.iter_mut().find(|(k, _)| k == "promotion")
        && let Val::Table(pt) = &mut promo.val
        && let Some((_, list)) = pt.iter_mut().find(|(k, _)| k == "pieces")
        && let Val::List(items) = &mut list.val
    {
        items.retain(|n| !matches!(&n.val, Val::Str(s) if without.contains(s)));
    }
    Ok(root)
}

/// Parses a square or a range `a2-j2`: its first and second corner (a
/// square is both).
fn corners(geo: &Geometry, text: &str) -> Option<(Sq, Sq)> {
    let one = |t: &str| geo.parse(t).filter(|s| s.x < geo.width && s.y < geo.height);
    match text.split_once('-') {
        None => one(text).map(|s| (s, s)),
        Some((a, b)) => Some((one(a)?, one(b)?)),
    }
}

/// `from`, then each number one step toward `to`, up to `to`.
fn toward(from: u8, to: u8) -> impl Iterator<Item = u8> {
    (0..=from.abs_diff(to)).map(move |k| if from <= to { from + k } else { from - k })
}

/// Reads a list of squares and ranges under `key`: a range `a2-j2` is every
/// square of the rectangle, rank by rank from the first corner's rank, file
/// by file from the first corner's file. Each square comes once, where first
/// written (a square written again, alone or in a range, counts once), so
/// the list never holds more squares than the board, and a range costs one
/// step per rank it spans, however often it is written.
fn square_list(r: &Reader, key: &'static str, geo: &Geometry) -> Result<Vec<Sq>, FileError> {
    let mut out = Vec::new();
    // The squares already listed, one bit per file, per rank.
    let mut seen = [0u16; MAX_H as usize];
    for (t, _) in r.opt_strs(key)?.unwrap_or_default() {
        for word in t.split_whitespace() {
            let (a, b) = corners(geo, word).ok_or_else(|| {
                r.error(
                    key,
                    format!("'{word}' is not a square or a range of this board"),
                )
            })?;
            let files = (2u16 << a.x.max(b.x)) - (1u16 << a.x.min(b.x));
            for y in toward(a.y, b.y) {
                let new = files & !seen[y as usize];
                if new != 0 {
                    seen[y as usize] |= new;
                    out.extend(
                        toward(a.x, b.x)
                            .filter(|x| new & (1 << x) != 0)
                            .map(|x| Sq::new(x, y)),
                    );
                }
            }
        }
    }
    Ok(out)
}

/// Rank index of White's rank number `n` under `key`.
fn rank(r: &Reader, key: &'static str, geo: &Geometry) -> Result<Option<u8>, FileError> {
    let lo = geo.first_rank as i64;
    let hi = lo + geo.height as i64 - 1;
    Ok(r.opt_int(key, lo, hi)?.map(|n| (n - lo) as u8))
}

/// What a piece's named atom requires of the file.
fn role_check(r: &Reader, id: &str, m: &betza::Movement) -> Result<(), FileError> {
    let owner = match m.special {
        Special::Pawn => Some("pawn"),
        Special::Ninja => Some("ninja-pawn"),
        _ => None,
    };
    if let Some(owner) = owner
        && owner != id
    {
        return Err(r.error(
            "moves",
            format!("this atom belongs to the piece '{owner}' (its rules come from the file's pawn sections): name the piece {owner}"),
        ));
    }
    for (role, atom) in [("pawn", Special::Pawn), ("ninja-pawn", Special::Ninja)] {
        if id == role && m.special != atom {
            return Err(r.error(
                "moves",
                format!("the piece '{role}' moves by its own rules: write {{{role}}}"),
            ));
        }
    }
    Ok(())
}

/// The variant of a file for the option values `opts`.
pub fn spec(tree: &Tree, opts: &Opts) -> Result<VariantSpec, FileError> {
    super::BUILDS.with(|b| b.set(b.get() + 1));
    let root = merged(tree, opts)?;
    let r = Reader::new(tree, &root, "")?;
    for k in ["id", "name", "description"] {
        let _ = r.node(k);
    }
    let b = r
        .opt_table("board")?
        .ok_or_else(|| r.error("board", "missing (the [board] table is required)"))?;
    let files = b.opt_int("files", 1, MAX_W as i64)?;
    let ranks = b.opt_int("ranks", 1, MAX_H as i64)?;
    let (Some(files), Some(ranks)) = (files, ranks) else {
        return Err(b.error("files", "the board needs `files` and `ranks`"));
    };
    let first_rank = b.opt_int("first-rank", 0, 1)?.unwrap_or(1) as u8;
    let open = Geometry::new(files as u8, ranks as u8, first_rank, &[]);
    let holes = square_list(&b, "holes", &open)?;
    let recolour = square_list(&b, "swap-colour", &open)?;
    b.finish()?;
    let mut geometry = Geometry::new(files as u8, ranks as u8, first_rank, &holes);
    geometry.recolour(&recolour);
    let geo = &geometry;

    // Pieces.
    let mut pieces = Vec::new();
    let mut drops = Vec::new();
    let mut royal = false;
    let p = r
        .opt_table("pieces")?
        .ok_or_else(|| r.error("pieces", "missing (the [pieces] table is required)"))?;
    for (id, node) in p.entries() {
        if !is_identifier(id) {
            return Err(p.error(
                id,
                format!("'{id}' is not a piece identifier (lowercase letters, digits and '-')"),
            ));
        }
        let pr = p.child(id, node)?;
        let letter = pr.str("letter")?;
        let mut chars = letter.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => c,
            _ => {
                return Err(pr.error("letter", "expected one capital letter A-Z"));
            }
        };
        if let Some(other) = pieces.iter().find(|o: &&PieceSpec| o.letter == letter) {
            return Err(pr.error(
                "letter",
                format!("'{letter}' is already the letter of {}", other.kind.id()),
            ));
        }
        let name = pr.opt_str("name")?;
        let moves = pr.opt_str("moves")?.unwrap_or("");
        let movement = betza::parse(moves).map_err(|e| pr.error("moves", e.to_string()))?;
        role_check(&pr, id, &movement)?;
        let is_royal = pr.flag("royal")?;
        if is_royal && id != "king" {
            return Err(pr.error("royal", "only the piece 'king' can be royal"));
        }
        royal |= is_royal;
        let builtin_name = Kind::ALL.iter().find(|k| k.id() == id).map(|k| k.name());
        let kind = Kind::for_id(id, name.or(builtin_name).unwrap_or(id)).ok_or_else(|| {
            pr.error(
                "letter",
                "too many new piece kinds in this game session (at most 31 beyond the built-in ones)",
            )
        })?;
        let white = square_list(&pr, "drops", geo)?;
        if !white.is_empty() {
            let black = white
                .iter()
                .map(|s| Sq::new(s.x, geo.height - 1 - s.y))
                .collect();
            for s in white.iter() {
                if !geo.exists(*s) {
                    return Err(pr.error(
                        "drops",
                        format!("{} is not a square of the board", geo.name(*s)),
                    ));
                }
            }
            drops.push(DropRule {
                kind,
                squares: [white, black],
            });
        }
        pr.finish()?;
        pieces.push(PieceSpec {
            kind,
            letter,
            movement,
        });
    }
    let has = |id: &str| pieces.iter().any(|p| p.kind.id() == id);
    let kind_named = |key: &'static str, rd: &Reader, id: &str| -> Result<Kind, FileError> {
        pieces
            .iter()
            .find(|p| p.kind.id() == id)
            .map(|p| p.kind)
            .ok_or_else(|| rd.error(key, format!("no piece '{id}' in [pieces]")))
    };

    // Start position.
    let s = r
        .opt_table("start")?
        .ok_or_else(|| r.error("start", "missing (the [start] table is required)"))?;
    let board = s.str("board")?;
    let castling_field = s.opt_str("castling")?.unwrap_or("-");
    let hand_text = s.opt_str("hand")?.unwrap_or("");
    s.finish()?;
    let mut hand = Vec::new();
    for c in hand_text.chars() {
        let k = pieces
            .iter()
            .find(|p| p.letter == c)
            .map(|p| p.kind)
            .ok_or_else(|| s.error("hand", format!("'{c}' is not the letter of a piece")))?;
        if !drops.iter().any(|d: &DropRule| d.kind == k) {
            return Err(s.error(
                "hand",
                format!("{} starts in hand but has no `drops` squares", k.id()),
            ));
        }
        hand.push(k);
    }

    // Pawns.
    let h = geo.height;
    let mut pawn = PawnRules {
        max_steps: vec![1; h as usize],
        multi_limit: h,
        en_passant: true,
    };
    if let Some(pw) = r.opt_table("pawns")? {
        if let Some(steps) = pw.opt_table("steps")? {
            for (rank_name, node) in steps.entries() {
                let y = rank_name
                    .parse::<i64>()
                    .ok()
                    .map(|n| n - first_rank as i64)
                    .filter(|y| (0..h as i64).contains(y))
                    .ok_or_else(|| {
                        steps.error(
                            rank_name,
                            format!("'{rank_name}' is not a rank of the board"),
                        )
                    })?;
                let Val::Int(n) = node.val else {
                    return Err(steps.error(rank_name, "expected a number of squares"));
                };
                if !(0..=h as i64).contains(&n) {
                    return Err(steps.error(rank_name, format!("{n} squares is out of range")));
                }
                pawn.max_steps[y as usize] = n as u8;
            }
        }
        if let Some(limit) = rank(&pw, "multi-step-limit", geo)? {
            pawn.multi_limit = limit;
        }
        pawn.en_passant = pw.opt_bool("en-passant")?.unwrap_or(true);
        pw.finish()?;
    }
    let ninja = match r.opt_table("ninja-pawns")? {
        Some(n) => {
            let centre = rank(&n, "centre", geo)?
                .ok_or_else(|| n.error("centre", "missing (the last rank of the own half)"))?;
            let run = n.opt_int("run", 1, h as i64)?.unwrap_or(1) as u8;
            n.finish()?;
            Some(NinjaRules { centre, run })
        }
        None => None,
    };
    if has("ninja-pawn") != ninja.is_some() {
        return Err(r.error(
            "ninja-pawns",
            "the piece 'ninja-pawn' and the [ninja-pawns] table go together",
        ));
    }

    // Promotion.
    let mut promotion = PromotionRules {
        last: h - 1,
        optional_from: None,
        pieces: Vec::new(),
        limited_to_initial: false,
    };
    if let Some(pr) = r.opt_table("promotion")? {
        if let Some(last) = rank(&pr, "last-rank", geo)? {
            promotion.last = last;
        }
        promotion.optional_from = rank(&pr, "optional-from", geo)?;
        for (id, _) in pr.opt_strs("pieces")?.unwrap_or_default() {
            let k = kind_named("pieces", &pr, id)?;
            if matches!(id, "pawn" | "ninja-pawn" | "serpent") {
                return Err(pr.error("pieces", format!("a pawn cannot promote to {id}")));
            }
            if promotion.pieces.contains(&k) {
                return Err(pr.error("pieces", format!("'{id}' is listed twice")));
            }
            promotion.pieces.push(k);
        }
        promotion.limited_to_initial = pr.flag("below-initial-count")?;
        pr.finish()?;
    }

    // Castling.
    let mut castlings = Vec::new();
    for c in r.opt_tables("castling")? {
        let sq = |key: &'static str| -> Result<Sq, FileError> {
            let t = c.str(key)?;
            geo.parse(t)
                .filter(|s| geo.exists(*s))
                .ok_or_else(|| c.error(key, format!("'{t}' is not a square of the board")))
        };
        let (kf, kt, rf, rt) = (sq("king")?, sq("king-to")?, sq("rook")?, sq("rook-to")?);
        c.finish()?;
        if kf.y != rf.y || kf == rf {
            return Err(c.error("rook", "the rook must stand on the king's rank"));
        }
        // Move generation checks only the squares between king and rook:
        // both must land among them (or on their own squares).
        let (lo, hi) = (kf.x.min(rf.x), kf.x.max(rf.x));
        for (key, s) in [("king-to", kt), ("rook-to", rt)] {
            if s.y != kf.y || !(lo..=hi).contains(&s.x) {
                return Err(c.error(
                    key,
                    format!(
                        "{} is not on the king's rank between the king and the rook",
                        geo.name(s)
                    ),
                ));
            }
        }
        if kt == rt {
            return Err(c.error(
                "rook-to",
                "the king and the rook cannot land on the same square",
            ));
        }
        if castlings.iter().any(|o: &Castling| {
            (o.color, o.king_from, o.king_to, o.rook_from, o.rook_to)
                == (Color::White, kf, kt, rf, rt)
        }) {
            return Err(c.error(
                "rook",
                "the same castling as an earlier [[castling]] (it would be the same move twice)",
            ));
        }
        for color in [Color::White, Color::Black] {
            let m = |s: Sq| match color {
                Color::White => s,
                Color::Black => Sq::new(s.x, h - 1 - s.y),
            };
            castlings.push(Castling {
                color,
                king_from: m(kf),
                king_to: m(kt),
                rook_from: m(rf),
                rook_to: m(rt),
            });
        }
    }
    // Both colours in one list: White's first, as the engine reads them.
    castlings.sort_by_key(|c| c.color);

    // Game end.
    let mut no_moves = NoMoves::Chess;
    let mut forced_capture = false;
    let mut bare_kings_draw = true;
    let mut repetition = 3;
    let mut move_limit = 100;
    if let Some(g) = r.opt_table("rules")? {
        no_moves = match g.opt_str("no-moves")?.unwrap_or("checkmate") {
            "checkmate" => NoMoves::Chess,
            "win" => NoMoves::Wins,
            "pass" => NoMoves::Pass,
            other => {
                return Err(g.error(
                    "no-moves",
                    format!("'{other}' is not one of checkmate, win, pass"),
                ));
            }
        };
        forced_capture = g.flag("forced-capture")?;
        bare_kings_draw = g.opt_bool("bare-kings-draw")?.unwrap_or(true);
        repetition = g.opt_int("repetition", 0, 100)?.unwrap_or(3) as u8;
        move_limit = g.opt_int("move-limit", 0, 10_000)?.unwrap_or(100) as u16;
        g.finish()?;
    }

    // Hooks.
    let mut hooks = Hooks::default();
    if let Some(k) = r.opt_table("hooks")? {
        hooks.crowning = k.flag("crowning")?;
        hooks.serpent = k.flag("serpent")?;
        hooks.king_lady_swap = k.flag("king-lady-swap")?;
        hooks.drop_opening = k.flag("drop-opening")?;
        hooks.relay_power = k.flag("relay-power")?;
        hooks.jump_castling = k.flag("jump-castling")?;
        hooks.shuffle = k.opt_str("shuffle-camps")?.map(str::to_string);
        for (flag, key, needs) in [
            (
                hooks.crowning,
                "crowning",
                &["king", "prince", "ninja-pawn"][..],
            ),
            (
                hooks.serpent,
                "serpent",
                &[
                    "serpent",
                    "gryphon",
                    "anti-gryphon",
                    "bomber",
                    "raptor",
                    "cannon",
                    "vao",
                ][..],
            ),
            (
                hooks.king_lady_swap,
                "king-lady-swap",
                &["king", "lady"][..],
            ),
            (hooks.relay_power, "relay-power", &["relay"][..]),
            (hooks.jump_castling, "jump-castling", &["king", "rook"][..]),
        ] {
            if let Some(missing) = needs.iter().find(|id| flag && !has(id)) {
                return Err(k.error(key, format!("needs the piece '{missing}' in [pieces]")));
            }
        }
        if hooks.crowning && !royal {
            return Err(k.error("crowning", "needs a royal king"));
        }
        k.finish()?;
    }
    if has("serpent") && !hooks.serpent {
        return Err(p.error(
            "serpent",
            "the piece 'serpent' needs `serpent = true` in [hooks]",
        ));
    }
    if !castlings.is_empty() && (!has("king") || !has("rook")) {
        return Err(r.error("castling", "castling needs the pieces 'king' and 'rook'"));
    }
    r.finish()?;

    // The start position's text.
    let hand_field = if hand.is_empty() {
        "-".to_string()
    } else {
        format!("{hand_text}{}", hand_text.to_lowercase())
    };
    let mut start = format!("{board} w {castling_field} - {hand_field} 0 1");
    if let Some(option) = &hooks.shuffle {
        let seed = opts.number(option).map_err(|_| {
            tree.error(
                "hooks.shuffle-camps",
                &(0..0),
                format!("'{option}' is not a number option of this file"),
            )
        })?;
        if board_grid(geo, board).is_none() {
            return Err(s.error(
                "board",
                format!(
                    "not a board of {} files and {} ranks",
                    geo.width, geo.height
                ),
            ));
        }
        start = shuffled_start(geo, board, castling_field, &hand, &pieces, &drops, seed)
            .ok_or_else(|| {
                tree.error(
                    "hooks.shuffle-camps",
                    &(0..0),
                    "the start hand must fill the drop squares of its first piece exactly",
                )
            })?;
    }

    Ok(VariantSpec {
        geometry,
        pieces,
        start,
        pawn,
        ninja,
        promotion,
        castlings,
        hand: {
            // Hand order (the VFEN hand field's): the start hand's, then
            // the other pieces that can drop, in the file's order.
            let mut order: Vec<Kind> = Vec::new();
            for k in hand.iter().chain(drops.iter().map(|d| &d.kind)) {
                if !order.contains(k) {
                    order.push(*k);
                }
            }
            order
        },
        drops,
        royal,
        crowning: hooks.crowning,
        no_moves,
        forced_capture,
        relay_power: hooks.relay_power,
        king_lady_swap: hooks.king_lady_swap,
        jump_castling: hooks.jump_castling,
        drop_opening: hooks.drop_opening,
        bare_kings_draw,
        serpent: hooks.serpent,
        repetition,
        move_limit,
    })
}

/// The named rules a file switches on.
#[derive(Default)]
struct Hooks {
    crowning: bool,
    serpent: bool,
    king_lady_swap: bool,
    drop_opening: bool,
    relay_power: bool,
    jump_castling: bool,
    shuffle: Option<String>,
}

/// Holywar's random opening: both sides' start hands shuffled (each with
/// its own draws from one splitmix64 stream seeded by `seed`) onto the drop
/// squares of the first piece in hand; the hands start empty.
fn shuffled_start(
    geo: &Geometry,
    board: &str,
    castling: &str,
    hand: &[Kind],
    pieces: &[PieceSpec],
    drops: &[DropRule],
    seed: u64,
) -> Option<String> {
    let camps = &drops
        .iter()
        .find(|d| Some(&d.kind) == hand.first())?
        .squares;
    if camps[0].len() != hand.len() {
        return None;
    }
    let mut rng = SplitMix64::new(seed ^ GOLDEN_GAMMA);
    let mut grid = board_grid(geo, board)?;
    for (c, camp) in camps.iter().enumerate() {
        let mut army = hand.to_vec();
        for i in (1..army.len()).rev() {
            army.swap(i, rng.below(i + 1));
        }
        for (s, k) in camp.iter().zip(army) {
            let l = pieces.iter().find(|p| p.kind == k)?.letter;
            grid[s.y as usize][s.x as usize] = if c == 0 { l } else { l.to_ascii_lowercase() };
        }
    }
    let ranks: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut out = String::new();
            let mut run = 0;
            for &ch in row {
                if ch == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(ch);
                }
            }
            if run > 0 {
                out.push_str(&run.to_string());
            }
            out
        })
        .collect();
    Some(format!("{} w {castling} - - 0 1", ranks.join("/")))
}

/// The cells of a VFEN board field, bottom rank first (`.` empty, `*` hole);
/// `None` when it does not have the board's files and ranks.
fn board_grid(geo: &Geometry, board: &str) -> Option<Vec<Vec<char>>> {
    // A run of empty squares that fits after `filled` cells of the rank.
    let run = |digits: &str, filled: usize| -> Option<usize> {
        digits
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= geo.width as usize - filled.min(geo.width as usize))
    };
    let mut rows = Vec::new();
    for rank in board.split('/').rev() {
        let mut row = Vec::new();
        let mut digits = String::new();
        for ch in rank.chars() {
            if ch.is_ascii_digit() {
                digits.push(ch);
                continue;
            }
            if !digits.is_empty() {
                row.extend(std::iter::repeat_n('.', run(&digits, row.len())?));
                digits.clear();
            }
            row.push(ch);
            if row.len() > geo.width as usize {
                return None;
            }
        }
        if !digits.is_empty() {
            row.extend(std::iter::repeat_n('.', run(&digits, row.len())?));
        }
        if row.len() != geo.width as usize {
            return None;
        }
        rows.push(row);
    }
    (rows.len() == geo.height as usize).then_some(rows)
}
