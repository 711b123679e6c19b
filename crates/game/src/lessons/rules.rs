//! Rule lessons: one short position for each special rule a variant has,
//! found from the variant's own tables and flags (its castlings, its
//! promotion rank and choices, its hand and drop squares, its serpent,
//! ninja pawns, crowning, relay power, compulsory capture, King–Lady swap,
//! drop opening, how a game ends). Each position is checked by playing its
//! solution through a [`LessonRun`]; a rule whose position cannot be found
//! on this board gets no lesson rather than a wrong one.

use std::sync::Arc;

use chimera_rules::variants::NoMoves;
use chimera_rules::{Color, EndReason, Game, Kind, Move, MoveKind, Position, Sq, Variant};

use super::run::{LessonRun, Verdict};
use super::texts::rule_text;
use super::{Goal, Lesson, Scene, extra_kind, middle, offset};
use crate::hand_kind;

/// The rule lessons of `v`, in the order of the rule book.
pub fn rule_lessons(v: &Arc<Variant>) -> Vec<Lesson> {
    let mut out = Vec::new();
    let mut add = |l: Option<Lesson>| out.extend(l);
    if v.drop_opening {
        add(drop_opening(v));
    }
    if !v.drop_opening {
        let mut kinds: Vec<Kind> = v.hand_kinds().to_vec();
        kinds.dedup();
        for k in kinds {
            add(drop(v, k));
        }
    }
    if v.kinds_has(Kind::Pawn) {
        add(promotion(v));
        if v.promotion.optional_from.is_some() {
            add(promotion_optional(v));
        }
        if v.promotion.limited_to_initial {
            add(promotion_limit(v));
        }
    }
    if v.ninja.is_some() && v.kinds_has(Kind::NinjaPawn) {
        add(ninja_sideways(v));
    }
    if v.serpent {
        add(mutation(v));
    }
    if v.crowning {
        add(crowning(v));
    }
    let mut rooks: Vec<Sq> = v
        .castlings
        .iter()
        .filter(|c| c.color == Color::White)
        .map(|c| c.rook_from)
        .collect();
    rooks.dedup();
    for rook in rooks {
        add(castling(v, rook));
    }
    if v.jump_castling {
        add(jump_castling(v));
    }
    if v.king_lady_swap {
        add(king_lady_swap(v));
    }
    if v.relay_power {
        add(relay_power(v));
    }
    if v.forced_capture {
        add(compulsory_capture(v));
    }
    match v.no_moves {
        NoMoves::Chess if v.royal => {
            add(mate_like(v, EndReason::Checkmate, "checkmate"));
            add(mate_like(v, EndReason::Stalemate, "stalemate"));
        }
        NoMoves::Wins | NoMoves::Pass => add(no_moves_win(v)),
        _ => {}
    }
    if v.bare_kings_draw && v.royal {
        add(bare_kings(v));
    }
    if v.move_limit > 0 {
        add(move_limit(v));
    }
    if v.repetition > 0 {
        add(repetition(v));
    }
    out
}

trait HasKind {
    fn kinds_has(&self, k: Kind) -> bool;
}

impl HasKind for Variant {
    fn kinds_has(&self, k: Kind) -> bool {
        self.def(k.num()).is_some()
    }
}

/// What a rule lesson is made of before its text.
struct Draft {
    scene: Scene,
    goal: Goal,
    solution: Vec<String>,
    replies: Vec<String>,
    shows: Option<Kind>,
    fill: Vec<(&'static str, String)>,
}

impl Draft {
    fn new(scene: Scene, goal: Goal, solution: Vec<String>) -> Draft {
        Draft {
            scene,
            goal,
            solution,
            replies: Vec::new(),
            shows: None,
            fill: Vec::new(),
        }
    }
}

/// The lesson `id` from `draft`, with its text, if its solution solves it.
fn finish(v: &Arc<Variant>, id: &str, draft: Draft) -> Option<Lesson> {
    let text = rule_text(id, v.id())?;
    let lesson = Lesson {
        id: id.to_string(),
        title: text.title.clone(),
        text: text.render(&draft.fill),
        section: Some(text.section.clone()),
        start: draft.scene.vfen(),
        goal: draft.goal,
        solution: draft.solution,
        replies: draft.replies,
        shows: draft.shows,
        piece_lesson: false,
    };
    solves(v, &lesson).then_some(lesson)
}

/// Whether playing `lesson`'s solution (with the game's replies) solves it.
pub fn solves(v: &Arc<Variant>, lesson: &Lesson) -> bool {
    let Ok(mut run) = LessonRun::new(v, lesson) else {
        return false;
    };
    let mut last = Verdict::Continue;
    for lmn in &lesson.solution {
        if matches!(last, Verdict::Solved { .. }) {
            return false;
        }
        let Ok(mut verdict) = run.play_lmn(lmn) else {
            return false;
        };
        while let Verdict::Reply(r) = verdict {
            verdict = run.play(r);
        }
        if matches!(verdict, Verdict::Wrong(_)) {
            return false;
        }
        last = verdict;
    }
    matches!(last, Verdict::Solved { .. })
}

/// Existing squares in the order a White piece would pick them: from the
/// bottom rank up, middle files first.
fn bottom_up(v: &Variant) -> Vec<Sq> {
    let mid = v.width() as i32 - 1;
    let mut all: Vec<Sq> = v.squares().collect();
    all.sort_by_key(|s| (s.y, (2 * s.x as i32 - mid).abs(), s.x));
    all
}

/// The same from the top rank down (for Black).
fn top_down(v: &Variant) -> Vec<Sq> {
    let mid = v.width() as i32 - 1;
    let mut all: Vec<Sq> = v.squares().collect();
    all.sort_by_key(|s| (std::cmp::Reverse(s.y), (2 * s.x as i32 - mid).abs(), s.x));
    all
}

/// White's king's square at the start, else the bottom middle.
fn white_king_home(v: &Arc<Variant>) -> Sq {
    let start = v.start_position();
    v.squares()
        .find(|&s| {
            start
                .piece_at(s)
                .is_some_and(|p| p.kind == Kind::King && p.color == Color::White)
        })
        .unwrap_or_else(|| bottom_up(v)[0])
}

/// Puts White's king home and Black's far away (when kings are royal),
/// both clear of the squares in `keep`; `None` when no square fits.
fn place_kings(v: &Arc<Variant>, scene: &mut Scene, keep: &[Sq]) -> Option<()> {
    if !v.royal {
        return Some(());
    }
    let free = |scene: &Scene, s: Sq| scene.at(s).is_none() && !keep.contains(&s);
    if !scene
        .pieces
        .iter()
        .any(|p| p.1 == Color::White && p.2 == Kind::King)
    {
        let home = white_king_home(v);
        let k = std::iter::once(home)
            .chain(bottom_up(v))
            .find(|&s| free(scene, s))?;
        scene.put(k, Color::White, Kind::King);
    }
    black_king(v, scene, keep)
}

/// Puts Black's king on the first top square where the position is legal.
fn black_king(v: &Arc<Variant>, scene: &mut Scene, keep: &[Sq]) -> Option<()> {
    for s in top_down(v) {
        if scene.at(s).is_some() || keep.contains(&s) {
            continue;
        }
        let mut tried = scene.clone();
        tried.put(s, Color::Black, Kind::King);
        if let Some(p) = tried.position()
            && !p.legal_moves().is_empty()
        {
            *scene = tried;
            return Some(());
        }
    }
    None
}

/// The lesson's position and its legal moves.
fn legal(scene: &Scene) -> Option<(Position, Vec<Move>)> {
    let p = scene.position()?;
    let moves = p.legal_moves();
    Some((p, moves))
}

fn names(v: &Variant, squares: &[Sq]) -> String {
    let names: Vec<String> = squares.iter().map(|s| v.square_name(*s)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The first of `kinds` the variant has.
fn first_of(v: &Variant, kinds: &[Kind]) -> Option<Kind> {
    kinds.iter().copied().find(|k| v.kinds_has(*k))
}

/// The piece with the most moves from the middle of an empty board: the
/// mating piece (a queen where there is one).
fn strongest(v: &Arc<Variant>) -> Option<Kind> {
    let at = middle(v);
    v.piece_kinds()
        .into_iter()
        .filter(|k| {
            ![
                Kind::King,
                Kind::Pawn,
                Kind::NinjaPawn,
                Kind::Prince,
                Kind::Warlord,
                Kind::Ghost,
            ]
            .contains(k)
                && !k.is_serpent_form()
        })
        .max_by_key(|&k| (super::pieces::steps(v, k, at).len(), k == Kind::Queen))
}

fn drop_opening(v: &Arc<Variant>) -> Option<Lesson> {
    let pos = v.start_position();
    let drops: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Drop && m.piece() == Some(Kind::King))
        .map(|m| pos.lmn(m))
        .collect();
    let mut scene = Scene::new(v);
    scene.pieces = scene_of(&pos).pieces;
    scene.hand = hand_of(v, &pos);
    let first = drops.first()?.clone();
    finish(
        v,
        "drop-opening",
        Draft::new(scene, Goal::Play(drops), vec![first]),
    )
}

/// The pieces of `pos` as a scene.
fn scene_of(pos: &Position) -> Scene {
    let v = pos.variant();
    let mut scene = Scene::new(v);
    for s in v.squares() {
        if let Some(p) = pos.piece_at(s) {
            scene.put(s, p.color, p.kind);
        }
    }
    scene
}

fn hand_of(v: &Variant, pos: &Position) -> Vec<(Color, Kind)> {
    let mut kinds = v.hand_kinds().to_vec();
    kinds.dedup();
    let mut out = Vec::new();
    for c in Color::BOTH {
        for &k in &kinds {
            for _ in 0..pos.hand_count(c, k) {
                out.push((c, k));
            }
        }
    }
    out
}

fn drop(v: &Arc<Variant>, kind: Kind) -> Option<Lesson> {
    let mut scene = Scene::new(v);
    scene.hand.push((Color::White, kind));
    place_kings(v, &mut scene, &[])?;
    let (pos, moves) = legal(&scene)?;
    let drops: Vec<Move> = moves
        .into_iter()
        .filter(|m| {
            m.kind() == MoveKind::Drop && m.piece().is_some_and(|p| hand_kind(v, p) == kind)
        })
        .collect();
    let name = if kind == Kind::Serpent {
        "Serpent"
    } else {
        kind.name()
    };
    let id = format!("drop-{}", kind.id());
    let pushed = drops.iter().filter(|m| m.to != m.aux).max_by_key(|m| {
        let (a, b) = (pos.drop_square(**m), pos.move_to(**m));
        let mid = v.width() as i32 / 2;
        a.zip(b)
            .map(|(a, b)| (a.y.abs_diff(b.y), -(a.x as i32 - mid).abs()))
    });
    let (goal, fill) = match pushed {
        Some(&m) if kind == Kind::NinjaPawn => (
            Goal::Play(vec![pos.lmn(m)]),
            vec![
                ("from", names(v, &[pos.drop_square(m)?])),
                ("target", names(v, &[pos.move_to(m)?])),
            ],
        ),
        _ => (
            Goal::Play(drops.iter().map(|m| pos.lmn(*m)).collect()),
            Vec::new(),
        ),
    };
    let Goal::Play(list) = &goal else { return None };
    let first = list.first()?.clone();
    let mut draft = Draft::new(scene, goal, vec![first]);
    draft.fill = fill;
    draft.fill.push(("piece", name.to_string()));
    draft.shows = (kind != Kind::Serpent).then_some(kind);
    let has_own = rule_text(&id, v.id()).is_some();
    finish(v, if has_own { &id } else { "drop" }, draft).map(|mut l| {
        l.id = id;
        l
    })
}

/// A White pawn on the middle file, on relative rank `ry`.
fn pawn_scene(v: &Arc<Variant>, ry: u8) -> Option<(Scene, Sq)> {
    let mut scene = Scene::new(v);
    let col = bottom_up(v)
        .into_iter()
        .find(|s| v.geo.relative_y(s.y, true) == ry)?;
    scene.put(col, Color::White, Kind::Pawn);
    let ahead = offset(v, col, 0, 1)?;
    place_kings(v, &mut scene, &[ahead])?;
    Some((scene, col))
}

fn promotion(v: &Arc<Variant>) -> Option<Lesson> {
    let (scene, at) = pawn_scene(v, v.promotion.last.checked_sub(1)?)?;
    let (pos, moves) = legal(&scene)?;
    let promos: Vec<Move> = moves
        .into_iter()
        .filter(|m| pos.move_from(*m) == Some(at) && m.piece().is_some())
        .collect();
    let mut kinds: Vec<Kind> = promos.iter().filter_map(|m| m.piece()).collect();
    kinds.dedup();
    // Not the queen, nor a serpent form or prince: the lesson is to choose
    // a plain piece.
    let plain = |k: &&Kind| **k != Kind::Queen && **k != Kind::Prince && !k.is_serpent_form();
    let target = *kinds.iter().rev().find(plain).or(kinds.first())?;
    let m = *promos.iter().find(|m| m.piece() == Some(target))?;
    let mut draft = Draft::new(scene, Goal::Play(vec![pos.lmn(m)]), vec![pos.lmn(m)]);
    let choice_names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    draft.fill = vec![
        ("choices", choice_names.join(", ")),
        ("target", target.name().to_string()),
    ];
    draft.shows = Some(Kind::Pawn);
    finish(v, "promotion", draft)
}

fn promotion_optional(v: &Arc<Variant>) -> Option<Lesson> {
    let from = v.promotion.optional_from?.checked_sub(1)?;
    let (scene, at) = pawn_scene(v, from)?;
    let (pos, moves) = legal(&scene)?;
    let plain = moves
        .into_iter()
        .find(|m| pos.move_from(*m) == Some(at) && m.piece().is_none() && !pos.is_capture(*m))?;
    let mut draft = Draft::new(
        scene,
        Goal::Play(vec![pos.lmn(plain)]),
        vec![pos.lmn(plain)],
    );
    draft.fill = vec![("target", names(v, &[pos.move_to(plain)?]))];
    draft.shows = Some(Kind::Pawn);
    finish(v, "promotion-optional", draft)
}

fn promotion_limit(v: &Arc<Variant>) -> Option<Lesson> {
    let ry = v.promotion.last.checked_sub(1)?;
    let (mut scene, at) = pawn_scene(v, ry)?;
    // The whole army at its initial counts, but one piece short.
    let short = *v
        .promotion
        .pieces
        .iter()
        .rev()
        .find(|k| v.initial_count[k.idx()] > 0 && **k != Kind::Queen)?;
    let mut free = bottom_up(v)
        .into_iter()
        .filter(|s| v.geo.relative_y(s.y, true) < 2 && s.x != at.x);
    for &k in &v.promotion.pieces {
        let n = v.initial_count[k.idx()] - u8::from(k == short);
        for _ in 0..n {
            let s = free.by_ref().find(|s| scene.at(*s).is_none())?;
            scene.put(s, Color::White, k);
        }
    }
    scene
        .pieces
        .retain(|p| !(p.1 == Color::Black && p.2 == Kind::King));
    black_king(v, &mut scene, &[offset(v, at, 0, 1)?])?;
    let (pos, moves) = legal(&scene)?;
    let promos: Vec<Move> = moves
        .into_iter()
        .filter(|m| pos.move_from(*m) == Some(at) && m.piece().is_some())
        .collect();
    if promos.is_empty() || promos.iter().any(|m| m.piece() != Some(short)) {
        return None;
    }
    let lmn = pos.lmn(promos[0]);
    let mut draft = Draft::new(scene, Goal::Play(vec![lmn.clone()]), vec![lmn]);
    draft.fill = vec![("target", short.name().to_string())];
    draft.shows = Some(Kind::Pawn);
    finish(v, "promotion-limit", draft)
}

fn ninja_sideways(v: &Arc<Variant>) -> Option<Lesson> {
    let ry = v.ninja.as_ref()?.centre + 1;
    let mut scene = Scene::new(v);
    let at = bottom_up(v)
        .into_iter()
        .find(|s| v.geo.relative_y(s.y, true) == ry)?;
    let beside = offset(v, at, 1, 0).or_else(|| offset(v, at, -1, 0))?;
    scene.put(at, Color::White, Kind::NinjaPawn);
    scene.put(beside, Color::Black, extra_kind(v, Color::Black, beside)?);
    place_kings(v, &mut scene, &[])?;
    let (pos, moves) = legal(&scene)?;
    let m = moves
        .into_iter()
        .find(|m| pos.move_from(*m) == Some(at) && pos.move_to(*m) == Some(beside))?;
    let lmn = pos.lmn(m);
    let mut draft = Draft::new(scene, Goal::Play(vec![lmn.clone()]), vec![lmn]);
    draft.shows = Some(Kind::NinjaPawn);
    finish(v, "ninja-sideways", draft)
}

fn mutation(v: &Arc<Variant>) -> Option<Lesson> {
    let form = first_of(
        v,
        &[Kind::Gryphon, Kind::AntiGryphon, Kind::Bomber, Kind::Cannon],
    )?;
    let mut scene = Scene::new(v);
    let at = middle(v);
    scene.put(at, Color::White, form);
    place_kings(v, &mut scene, &[])?;
    let (pos, moves) = legal(&scene)?;
    let list: Vec<String> = moves
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Mutate)
        .map(|m| pos.lmn(m))
        .collect();
    let first = list.first()?.clone();
    let mut draft = Draft::new(scene, Goal::Play(list), vec![first]);
    draft.fill = vec![("piece", form.name().to_string())];
    draft.shows = Some(form);
    finish(v, "serpent-mutation", draft)
}

/// A position with `loser`'s king on an edge square, the winner's king two
/// squares from it and the winner's strongest piece somewhere, to move
/// (`winner_to_move`) or not: the first for which `fits` holds.
fn edge_scenes(
    v: &Arc<Variant>,
    loser: Color,
    mut fits: impl FnMut(&Scene) -> bool,
) -> Option<Scene> {
    let heavy = strongest(v)?;
    let winner = loser.opposite();
    let edge = match loser {
        Color::Black => top_down(v),
        Color::White => bottom_up(v),
    };
    let inward: i32 = if loser == Color::Black { -1 } else { 1 };
    for &d in edge.iter().take(4) {
        let mut near: Vec<Sq> = v
            .squares()
            .filter(|a| {
                let (dx, dy) = (a.x as i32 - d.x as i32, a.y as i32 - d.y as i32);
                dx.abs().max(dy.abs()) == 2 && dy * inward >= 0
            })
            .collect();
        near.sort_by_key(|a| (a.x as i32 - d.x as i32).abs());
        for &a in near.iter().take(3) {
            for p in edge.iter().rev() {
                if *p == a || *p == d {
                    continue;
                }
                let mut scene = Scene::new(v);
                scene.put(d, loser, Kind::King);
                scene.put(a, winner, Kind::King);
                scene.put(*p, winner, heavy);
                scene.side = Color::White;
                if fits(&scene) {
                    return Some(scene);
                }
            }
        }
    }
    None
}

/// Checkmate or stalemate in one for White.
fn mate_like(v: &Arc<Variant>, reason: EndReason, id: &str) -> Option<Lesson> {
    let winner = (reason == EndReason::Checkmate).then_some(Color::White);
    let mut found = None;
    let scene = edge_scenes(v, Color::Black, |scene| {
        let Some((pos, moves)) = legal(scene) else {
            return false;
        };
        let ends = |m: &Move| {
            let mut g = Game::from_position(pos.clone());
            g.play(*m).is_ok()
                && g.outcome()
                    .is_some_and(|o| o.winner == winner && o.reason == reason)
        };
        let ending: Vec<&Move> = moves.iter().filter(|m| ends(m)).collect();
        // A real find: one or two moves do it, not any move.
        found = ending.first().map(|m| pos.lmn(**m));
        (1..=2).contains(&ending.len())
    })?;
    let goal = Goal::End { winner, reason };
    finish(v, id, Draft::new(scene, goal, vec![found?]))
}

fn crowning(v: &Arc<Variant>) -> Option<Lesson> {
    let mut chosen = None;
    edge_scenes(v, Color::White, |scene| {
        let Some((pos, moves)) = legal(scene) else {
            return false;
        };
        if !moves.is_empty() || !pos.in_check() {
            return false;
        }
        // Checkmated: a safe prince makes crowning the only moves.
        for s in top_down(v) {
            if scene.at(s).is_some() {
                continue;
            }
            let mut with = scene.clone();
            with.put(s, Color::White, Kind::Prince);
            if let Some((p, m)) = legal(&with)
                && !m.is_empty()
                && m.iter().all(|m| m.kind() == MoveKind::Crown)
            {
                chosen = Some((with, p.lmn(m[0]), m.iter().map(|m| p.lmn(*m)).collect()));
                return true;
            }
        }
        false
    })?;
    let (scene, first, all) = chosen?;
    let mut draft = Draft::new(scene, Goal::Play(all), vec![first]);
    draft.shows = Some(Kind::Prince);
    finish(v, "crowning", draft)
}

fn castling(v: &Arc<Variant>, rook: Sq) -> Option<Lesson> {
    let white: Vec<_> = v
        .castlings
        .iter()
        .filter(|c| c.color == Color::White)
        .collect();
    let mut scene = Scene::new(v);
    let mut files = String::new();
    for c in &white {
        scene.put(c.king_from, Color::White, Kind::King);
        scene.put(c.rook_from, Color::White, Kind::Rook);
    }
    let mut rook_files: Vec<u8> = white.iter().map(|c| c.rook_from.x).collect();
    rook_files.sort();
    rook_files.dedup();
    for x in rook_files {
        files.push(chimera_rules::geometry::file_letter(x).to_ascii_uppercase());
    }
    scene.castling = files;
    place_kings(v, &mut scene, &[])?;
    let (pos, moves) = legal(&scene)?;
    let mut mine: Vec<Move> = moves
        .into_iter()
        .filter(|m| {
            m.kind() == MoveKind::Castle && pos.castle_rook(*m).is_some_and(|r| r.0 == rook)
        })
        .collect();
    let king = |m: &Move| pos.move_to(*m);
    mine.sort_by_key(|m| king(m).map(|s| s.x));
    let pick = *mine.get(mine.len() / 2)?;
    let squares: Vec<Sq> = mine.iter().filter_map(king).collect();
    let lmn = pos.lmn(pick);
    let mut draft = Draft::new(scene, Goal::Play(vec![lmn.clone()]), vec![lmn]);
    draft.fill = vec![
        ("rook", v.square_name(rook)),
        ("squares", names(v, &squares)),
        ("target", v.square_name(king(&pick)?)),
    ];
    draft.shows = Some(Kind::King);
    finish(v, "castling", draft).map(|mut l| {
        l.id = format!("castling-{}", v.square_name(rook));
        l
    })
}

fn jump_castling(v: &Arc<Variant>) -> Option<Lesson> {
    let rook = first_of(v, &[Kind::Rook])?;
    let at = middle(v);
    let mut scene = Scene::new(v);
    scene.put(at, Color::White, Kind::King);
    scene.put(offset(v, at, 0, 3)?, Color::White, rook);
    place_kings(v, &mut scene, &[])?;
    let (pos, moves) = legal(&scene)?;
    let m = moves.into_iter().find(|m| m.kind() == MoveKind::Castle)?;
    let lmn = pos.lmn(m);
    let mut draft = Draft::new(scene, Goal::Play(vec![lmn.clone()]), vec![lmn]);
    draft.fill = vec![("target", v.square_name(pos.move_to(m)?))];
    draft.shows = Some(Kind::King);
    finish(v, "jump-castling", draft)
}

fn king_lady_swap(v: &Arc<Variant>) -> Option<Lesson> {
    let at = middle(v);
    let mut scene = Scene::new(v);
    scene.put(at, Color::White, Kind::King);
    scene.put(offset(v, at, 1, 0)?, Color::White, Kind::Lady);
    place_kings(v, &mut scene, &[])?;
    let (pos, moves) = legal(&scene)?;
    let list: Vec<String> = moves
        .into_iter()
        .filter(|m| m.kind() == MoveKind::Swap)
        .map(|m| pos.lmn(m))
        .collect();
    let first = list.first()?.clone();
    let mut draft = Draft::new(scene, Goal::Play(list), vec![first]);
    draft.shows = Some(Kind::Lady);
    finish(v, "king-lady-swap", draft)
}

fn relay_power(v: &Arc<Variant>) -> Option<Lesson> {
    let piece = first_of(v, &[Kind::Knight, Kind::King])?;
    let relay = middle(v);
    let at = offset(v, relay, 0, -1)?;
    let mut scene = Scene::new(v);
    scene.put(relay, Color::Black, Kind::Relay);
    scene.put(at, Color::White, piece);
    place_kings(v, &mut scene, &[])?;
    let (pos, moves) = legal(&scene)?;
    let own = super::pieces::steps(v, piece, at);
    let m = moves
        .into_iter()
        .filter(|m| pos.move_from(*m) == Some(at))
        .filter(|m| pos.move_to(*m).is_some_and(|t| !own.contains(&t)))
        .max_by_key(|m| pos.move_to(*m).map(|t| t.y.abs_diff(at.y)))?;
    let lmn = pos.lmn(m);
    let mut draft = Draft::new(scene, Goal::Play(vec![lmn.clone()]), vec![lmn]);
    draft.fill = vec![
        ("piece", piece.name().to_string()),
        ("target", v.square_name(pos.move_to(m)?)),
    ];
    draft.shows = Some(Kind::Relay);
    finish(v, "relay-power", draft)
}

fn compulsory_capture(v: &Arc<Variant>) -> Option<Lesson> {
    let rider = first_of(v, &[Kind::Rook, Kind::Queen, Kind::Bishop])?;
    let at = middle(v);
    let prey = offset(v, at, 0, 3).or_else(|| offset(v, at, 3, 3))?;
    let mut scene = Scene::new(v);
    scene.put(at, Color::White, rider);
    scene.put(prey, Color::Black, extra_kind(v, Color::Black, prey)?);
    place_kings(v, &mut scene, &[])?;
    let (pos, moves) = legal(&scene)?;
    if moves.is_empty() || !moves.iter().all(|m| pos.is_capture(*m)) {
        return None;
    }
    let list: Vec<String> = moves.iter().map(|m| pos.lmn(*m)).collect();
    let first = list[0].clone();
    finish(
        v,
        "compulsory-capture",
        Draft::new(scene, Goal::Play(list), vec![first]),
    )
}

fn no_moves_win(v: &Arc<Variant>) -> Option<Lesson> {
    let piece = first_of(v, &[Kind::Knight, Kind::King])?;
    let hunter = first_of(v, &[Kind::Rook, Kind::Queen])?;
    let at = middle(v);
    for s in top_down(v) {
        if s.x == at.x || s.y == at.y {
            continue;
        }
        let mut scene = Scene::new(v);
        scene.put(at, Color::White, piece);
        scene.put(s, Color::Black, hunter);
        let Some((pos, moves)) = legal(&scene) else {
            continue;
        };
        for m in moves {
            let mut g = Game::from_position(pos.clone());
            if g.play(m).is_err() {
                continue;
            }
            let replies = g.position().legal_moves();
            let [r] = replies.as_slice() else { continue };
            let reply = g.position().lmn(*r);
            if g.play(*r).is_err() {
                continue;
            }
            if let Some(o) = g.outcome().filter(|o| o.winner == Some(Color::White)) {
                let goal = Goal::End {
                    winner: o.winner,
                    reason: o.reason,
                };
                let mut draft = Draft::new(scene, goal, vec![pos.lmn(m)]);
                draft.replies = vec![reply];
                return finish(v, "no-moves-win", draft);
            }
        }
    }
    None
}

fn bare_kings(v: &Arc<Variant>) -> Option<Lesson> {
    let home = white_king_home(v);
    for n in v.squares().filter(|n| {
        let (dx, dy) = (n.x.abs_diff(home.x), n.y.abs_diff(home.y));
        dx.max(dy) == 1
    }) {
        let mut scene = Scene::new(v);
        scene.put(home, Color::White, Kind::King);
        scene.put(n, Color::Black, extra_kind(v, Color::Black, n)?);
        if place_kings(v, &mut scene, &[]).is_none() {
            continue;
        }
        let Some((pos, moves)) = legal(&scene) else {
            continue;
        };
        let Some(m) = moves.iter().find(|m| pos.move_to(**m) == Some(n)) else {
            continue;
        };
        let goal = Goal::End {
            winner: None,
            reason: EndReason::Insufficient,
        };
        if let Some(l) = finish(v, "bare-kings", Draft::new(scene, goal, vec![pos.lmn(*m)])) {
            return Some(l);
        }
    }
    None
}

/// Both kings (royal or not) apart, and White's strongest piece.
fn quiet_scene(v: &Arc<Variant>) -> Option<Scene> {
    let mut scene = Scene::new(v);
    let home = white_king_home(v);
    scene.put(home, Color::White, Kind::King);
    let heavy = strongest(v)?;
    let spot = bottom_up(v)
        .into_iter()
        .rev()
        .find(|s| s.y <= home.y + 1 && scene.at(*s).is_none())?;
    scene.put(spot, Color::White, heavy);
    if v.royal {
        black_king(v, &mut scene, &[])?;
    } else {
        let far = top_down(v).into_iter().find(|s| scene.at(*s).is_none())?;
        scene.put(far, Color::Black, Kind::King);
    }
    Some(scene)
}

/// A quiet king move of `side` in `pos` that can be taken back next.
fn shuttle(pos: &Position, side: Color) -> Option<(Move, Sq, Sq)> {
    pos.legal_moves().into_iter().find_map(|m| {
        let from = pos.move_from(m)?;
        let to = pos.move_to(m)?;
        let p = pos.piece_at(from)?;
        (p.kind == Kind::King
            && p.color == side
            && !pos.is_capture(m)
            && m.kind() == MoveKind::Normal)
            .then_some((m, from, to))
    })
}

fn move_limit(v: &Arc<Variant>) -> Option<Lesson> {
    let mut scene = quiet_scene(v)?;
    scene.halfmove = u32::from(v.move_limit) - 1;
    let pos = scene.position()?;
    let (m, ..) = shuttle(&pos, Color::White)?;
    let goal = Goal::End {
        winner: None,
        reason: EndReason::HundredPly,
    };
    let mut draft = Draft::new(scene, goal, vec![pos.lmn(m)]);
    draft.fill = vec![("n", (v.move_limit - 1).to_string())];
    finish(v, "move-limit", draft)
}

fn repetition(v: &Arc<Variant>) -> Option<Lesson> {
    let scene = quiet_scene(v)?;
    let mut g = Game::from_position(scene.position()?);
    let (mut solution, mut replies) = (Vec::new(), Vec::new());
    let mut legs: [Option<(Sq, Sq)>; 2] = [None, None];
    // Out and back, both sides, until the start stands for the n-th time.
    for ply in 0..4 * (usize::from(v.repetition) - 1) {
        let side = g.position().side_to_move();
        let leg = match legs[side.index()] {
            Some(leg) => leg,
            None => {
                let (_, from, to) = shuttle(g.position(), side)?;
                *legs[side.index()].insert((from, to))
            }
        };
        let (from, to) = if (ply / 2) % 2 == 0 {
            leg
        } else {
            (leg.1, leg.0)
        };
        let lmn = format!("{}{}", v.square_name(from), v.square_name(to));
        let m = g.position().parse_lmn(&lmn).ok()?;
        g.play(m).ok()?;
        match side {
            Color::White => solution.push(lmn),
            Color::Black => replies.push(lmn),
        }
    }
    let (from, to) = legs[0]?;
    let goal = Goal::End {
        winner: None,
        reason: EndReason::Repetition,
    };
    let mut draft = Draft::new(scene, goal, solution);
    draft.replies = replies;
    draft.fill = vec![("from", v.square_name(from)), ("target", v.square_name(to))];
    finish(v, "repetition", draft)
}
