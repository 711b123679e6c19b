//! Lessons: every generated lesson of every built-in variant and of made-up
//! variant files is solvable — its solution is played move by move through
//! the rules (a `LessonRun`, the game's replies included) and reaches its
//! goal; each variant gets the rule lessons its rules imply (docs/rules.md);
//! the lesson texts quote the rule book; wrong moves are refused; progress
//! survives a save and a corrupt file is reported, not lost.

use std::sync::Arc;

use chimera_game::lessons::{
    Goal, Lesson, LessonRun, Progress, Verdict, lessons, rules::solves, steps, texts,
};
use chimera_rules::{Color, EndReason, Kind, Sq, Variant, variants};

const DRAGONS: &str = include_str!("../../../../docs/variants/dragons.toml");

/// A made-up game with a castling of its own, an optional promotion zone
/// and pieces in hand: its lessons must teach all three.
const WYVERNS: &str = r#"
id = "lesson-wyverns"
name = "Wyverns"
description = "Made up for the lesson tests."

[board]
files = 8
ranks = 8

[pieces]
pawn = { letter = "P", moves = "{pawn}" }
knight = { letter = "N", moves = "N", drops = ["a2-h2"] }
rook = { letter = "R", moves = "R" }
wyvern = { letter = "W", name = "Wyvern", moves = "WA" }
king = { letter = "K", moves = "K", royal = true }

[start]
board = "rnwkwwnr/pppppppp/8/8/8/8/PPPPPPPP/RNWKWWNR"
castling = "Aa"
hand = "N"

[pawns]
steps = { 2 = 2 }

[promotion]
last-rank = 8
optional-from = 7
pieces = ["wyvern", "rook", "knight"]

[[castling]]
king = "d1"
king-to = "b1"
rook = "a1"
rook-to = "c1"
"#;

/// Plays `l`'s solution through a run: every move judged, the game's
/// replies played, and the last move solves it.
fn check(v: &Arc<Variant>, l: &Lesson) {
    let name = format!("{} {}", v.id(), l.id);
    assert!(!l.solution.is_empty(), "{name}: no solution");
    assert!(!l.text.is_empty() && !l.title.is_empty(), "{name}: no text");
    let mut run = LessonRun::new(v, l).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut last = Verdict::Continue;
    for (i, lmn) in l.solution.iter().enumerate() {
        assert!(
            !matches!(last, Verdict::Solved { .. }),
            "{name}: solved before move {i}"
        );
        let mut verdict = run
            .play_lmn(lmn)
            .unwrap_or_else(|e| panic!("{name}: move {i} {lmn}: {e}"));
        while let Verdict::Reply(r) = verdict {
            verdict = run.play(r);
        }
        assert!(
            !matches!(verdict, Verdict::Wrong(_)),
            "{name}: {lmn}: {verdict:?}"
        );
        last = verdict;
    }
    match (&l.goal, last) {
        (Goal::Collect { par, targets, .. }, Verdict::Solved { moves, par: p }) => {
            assert_eq!((moves, p), (*par, Some(*par)), "{name}");
            assert!(*par >= targets.len().min(1), "{name}");
            assert!(run.targets_left().is_empty(), "{name}");
        }
        (_, Verdict::Solved { .. }) => {}
        (_, other) => panic!("{name}: ends {other:?}"),
    }
}

fn ids(ls: &[Lesson]) -> Vec<&str> {
    ls.iter().map(|l| l.id.as_str()).collect()
}

#[test]
fn every_lesson_of_every_built_in_variant_is_solvable() {
    for info in variants::builtin() {
        let v = Variant::new(info.id, &[]).expect("variant");
        let ls = lessons(&v);
        assert!(ls.len() >= 8, "{}: {:?}", info.id, ids(&ls));
        for l in &ls {
            check(&v, l);
        }
        let mut seen = ids(&ls);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), ls.len(), "{}: ids repeat", info.id);
    }
}

#[test]
fn each_variant_gets_a_lesson_for_each_of_its_rules() {
    // docs/rules.md §0–§7: which special rules each variant has.
    let expect: &[(&str, &[&str])] = &[
        (
            "chess",
            &[
                "promotion",
                "castling-a1",
                "castling-h1",
                "checkmate",
                "stalemate",
                "bare-kings",
                "move-limit",
                "repetition",
            ],
        ),
        (
            "grand",
            &[
                "promotion",
                "promotion-optional",
                "promotion-limit",
                "checkmate",
            ],
        ),
        (
            "embassy",
            &["promotion", "castling-a1", "castling-j1", "checkmate"],
        ),
        (
            "holygrail",
            &[
                "drop-ninja-pawn",
                "drop-prince",
                "drop-serpent",
                "promotion",
                "ninja-sideways",
                "serpent-mutation",
                "crowning",
                "castling-b1",
                "castling-i1",
                "checkmate",
                "stalemate",
            ],
        ),
        (
            "herculean",
            &["promotion", "ninja-sideways", "castling-a1", "castling-l1"],
        ),
        (
            "holywar",
            &[
                "drop-opening",
                "promotion",
                "king-lady-swap",
                "checkmate",
                "stalemate",
            ],
        ),
        (
            "ghostarelay",
            &[
                "promotion",
                "jump-castling",
                "relay-power",
                "compulsory-capture",
                "no-moves-win",
                "move-limit",
            ],
        ),
    ];
    for (id, rules) in expect {
        let v = Variant::new(id, &[]).expect("variant");
        let ls = lessons(&v);
        for r in *rules {
            assert!(
                ids(&ls).contains(r),
                "{id}: no lesson '{r}' in {:?}",
                ids(&ls)
            );
        }
    }
    // No lesson for a rule the variant lacks.
    let chess = lessons(&Variant::new("chess", &[]).expect("chess"));
    for absent in [
        "drop-opening",
        "crowning",
        "relay-power",
        "no-moves-win",
        "serpent-mutation",
    ] {
        assert!(!ids(&chess).contains(&absent), "chess: {absent}");
    }
    let grand = lessons(&Variant::new("grand", &[]).expect("grand"));
    assert!(!ids(&grand).iter().any(|i| i.starts_with("castling")));
}

#[test]
fn rule_lessons_teach_what_the_rule_book_says() {
    let v = Variant::new("holygrail", &[]).expect("holygrail");
    let ls = lessons(&v);
    let get = |id: &str| ls.iter().find(|l| l.id == id).expect(id);
    // §4: the king castles f1→g1, h1 or i1 with the rook on i1.
    let castle = get("castling-i1");
    assert!(castle.text.contains("g1, h1 or i1"), "{}", castle.text);
    assert_eq!(castle.solution, ["f1h1,i1g1"]);
    // §4: a ninja pawn is dropped on rank 2 and pushed up to the centre rank 5.
    let ninja = get("drop-ninja-pawn");
    assert!(ninja.solution[0].starts_with("J@") && ninja.solution[0].ends_with('5'));
    // §4: the pawn may become Q, B, W, F, R, C, T (and I, serpent forms with drops=full).
    let promo = get("promotion");
    for name in [
        "Queen",
        "Bishop",
        "Wazir-Knight",
        "Ferz-Knight",
        "Rook",
        "Champion",
        "Battle Templar",
    ] {
        assert!(promo.text.contains(name), "{name}: {}", promo.text);
    }
    // §4 crowning: the only moves are crownings, written ^square.
    assert!(get("crowning").solution[0].starts_with('^'));
    assert!(get("serpent-mutation").solution[0].contains('~'));
    // §2 Grand: only the missing piece is offered.
    let g = Variant::new("grand", &[]).expect("grand");
    let limit = lessons(&g)
        .into_iter()
        .find(|l| l.id == "promotion-limit")
        .expect("limit");
    let Goal::Play(moves) = &limit.goal else {
        panic!("{:?}", limit.goal)
    };
    assert_eq!(moves.len(), 1);
    // §7 Ghostarelay: the side without a move wins.
    let gh = Variant::new("ghostarelay", &[]).expect("ghostarelay");
    let win = lessons(&gh)
        .into_iter()
        .find(|l| l.id == "no-moves-win")
        .expect("win");
    assert_eq!(
        win.goal,
        Goal::End {
            winner: Some(Color::White),
            reason: EndReason::NoMoves
        }
    );
}

#[test]
fn pieces_that_need_other_pieces_get_them() {
    // docs/rules.md: a cannon's screen, a bomber's jump, a flying chariot's
    // hurdles, a squire's blocked path, a warlord's prey.
    for (id, kinds) in [
        (
            "holygrail",
            &[Kind::Cannon, Kind::Vao, Kind::Bomber, Kind::Raptor][..],
        ),
        ("herculean", &[Kind::FlyingChariot, Kind::FlyingBishop][..]),
        ("holywar", &[Kind::Squire][..]),
        ("ghostarelay", &[Kind::Warlord][..]),
    ] {
        let v = Variant::new(id, &[]).expect("variant");
        let ls = lessons(&v);
        for k in kinds {
            let l = ls
                .iter()
                .find(|l| l.id == format!("blockers-{}", k.id()))
                .unwrap_or_else(|| panic!("{id}: no blocker lesson for {k:?}"));
            let pieces = l
                .start
                .split(' ')
                .next()
                .unwrap()
                .chars()
                .filter(char::is_ascii_alphabetic)
                .count();
            assert!(pieces >= 2, "{id} {k:?}: alone: {}", l.start);
            assert_eq!(l.shows, Some(*k));
        }
        // A plain rider needs nobody.
        assert!(!ids(&ls).contains(&"blockers-rook"));
    }
}

#[test]
fn made_up_variants_get_lessons_from_their_rules() {
    for text in [DRAGONS, WYVERNS] {
        let info = variants::register(text).expect("the made-up game registers");
        let v = Variant::new(info.id, &[]).expect("variant");
        let ls = lessons(&v);
        for l in &ls {
            check(&v, l);
        }
        if info.id == "dragons" {
            let kinds = ids(&ls);
            assert!(
                kinds.contains(&"piece-dragon") && kinds.contains(&"piece-lance"),
                "{kinds:?}"
            );
        } else {
            for want in [
                "piece-wyvern",
                "castling-a1",
                "promotion",
                "promotion-optional",
                "drop-knight",
                "checkmate",
            ] {
                assert!(ids(&ls).contains(&want), "{want}: {:?}", ids(&ls));
            }
            let castle = ls.iter().find(|l| l.id == "castling-a1").expect("castling");
            assert_eq!(castle.solution, ["d1b1,a1c1"]);
        }
    }
}

#[test]
fn a_wrong_move_is_refused_and_the_hint_is_the_solution() {
    let v = Variant::new("chess", &[]).expect("chess");
    let ls = lessons(&v);
    let castle = ls.iter().find(|l| l.id == "castling-h1").expect("castling");
    let mut run = LessonRun::new(&v, castle).expect("run");
    assert_eq!(run.hint().as_deref(), Some("e1g1,h1f1"));
    assert!(matches!(run.play_lmn("e1f1"), Ok(Verdict::Wrong(_))));
    // In a collect lesson moving a blocker is refused.
    let hg = Variant::new("holygrail", &[]).expect("holygrail");
    let cannon = lessons(&hg)
        .into_iter()
        .find(|l| l.id == "blockers-cannon")
        .expect("cannon");
    let mut run = LessonRun::new(&hg, &cannon).expect("run");
    let Goal::Collect { piece, .. } = cannon.goal else {
        panic!()
    };
    let pos = run.position().clone();
    let other = pos
        .legal_moves()
        .into_iter()
        .find(|m| pos.move_from(*m).is_some_and(|s| s != piece))
        .expect("a blocker moves");
    assert!(matches!(run.play(other), Verdict::Wrong(_)));
    // The hint is a move of the piece that leads to the par.
    let hint = run.hint().expect("hint");
    assert!(hint.starts_with(&hg.square_name(piece)), "{hint}");
}

#[test]
fn the_lesson_texts_quote_the_rule_book() {
    let book = include_str!("../../../../docs/rules.md").replace(['`', '*'], "");
    let book = book.split_whitespace().collect::<Vec<_>>().join(" ");
    let all = texts::all();
    assert!(all.len() >= 25);
    for t in all {
        assert!(
            !t.task.is_empty()
                && !t.title.is_empty()
                && !(t.quotes.is_empty() && t.rules.is_empty()),
            "{}",
            t.key
        );
        assert!(
            book.contains(&format!("## {}.", &t.section[2..])),
            "{}: {}",
            t.key,
            t.section
        );
        for q in &t.quotes {
            let q = q.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(book.contains(&q), "{}: not in docs/rules.md: {q}", t.key);
        }
    }
}

#[test]
fn the_pieces_move_as_the_rule_book_says() {
    let v = Variant::new("chess", &[]).expect("chess");
    let d4 = Sq { x: 3, y: 3 };
    for (kind, ok) in [
        (
            Kind::King,
            &(|dx: i32, dy: i32| dx.abs().max(dy.abs()) == 1) as &dyn Fn(i32, i32) -> bool,
        ),
        (Kind::Rook, &|dx: i32, dy: i32| (dx == 0) != (dy == 0)),
        (Kind::Knight, &|dx: i32, dy: i32| {
            let (a, b) = (dx.abs(), dy.abs());
            (a, b) == (1, 2) || (a, b) == (2, 1)
        }),
    ] {
        let s = steps(&v, kind, d4);
        let expected = match kind {
            Kind::King => 8,
            Kind::Rook => 14,
            _ => 8,
        };
        assert_eq!(s.len(), expected, "{kind:?} from d4: {s:?}");
        for t in s {
            assert!(ok(t.x as i32 - 3, t.y as i32 - 3), "{kind:?} d4 -> {t:?}");
        }
    }
}

#[test]
fn progress_is_kept_and_a_corrupt_file_is_reported_and_set_aside() {
    let dir = std::env::temp_dir().join(format!("chimera-lessons-{}", std::process::id()));
    let path = dir.join("lessons.txt");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(Progress::load(&path), Ok(Progress::default()));
    let mut p = Progress::default();
    assert!(p.mark("holygrail", "piece-cannon"));
    assert!(!p.mark("holygrail", "piece-cannon"));
    p.mark("chess", "checkmate");
    p.save(&path).expect("save");
    let back = Progress::load(&path).expect("load");
    assert!(back.is_done("holygrail", "piece-cannon") && back.count("chess") == 1);
    // Garbage: an error naming the file and the line, not a panic.
    std::fs::write(&path, "holygrail piece-cannon\nthis line is wrong\n").unwrap();
    let e = Progress::load(&path).expect_err("corrupt");
    let shown = e.to_string();
    assert!(
        shown.contains("lessons.txt") && shown.contains("line 2"),
        "{shown}"
    );
    // Saving over it keeps the unreadable file beside.
    p.save(&path).expect("save");
    assert!(dir.join("lessons.txt.unreadable").exists());
    assert_eq!(Progress::load(&path).expect("load"), p);
    let _ = std::fs::remove_dir_all(&dir);
    // Every generated lesson is solvable by the helper the generator uses too.
    let v = Variant::new("holywar", &[]).expect("holywar");
    assert!(lessons(&v).iter().all(|l| solves(&v, l)));
}
