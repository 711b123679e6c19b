//! Piece lessons: every generated lesson of every built-in variant and of a
//! made-up variant file (docs/variants/dragons.toml: a Dragon, knight and
//! ferz, and a Lance, forward rook) is solvable — its solution is played
//! move by move with the piece's own moves, visits every target, and takes
//! the par — and the moves are the rule book's (docs/rules.md: a king one
//! square, a rook along a rank or a file, a knight a (1,2) leap).

use chimera_game::lessons::{Lesson, lessons, steps};
use chimera_rules::{Kind, Sq, Variant, variants};

const DRAGONS: &str = include_str!("../../../../docs/variants/dragons.toml");

fn check(v: &std::sync::Arc<Variant>, l: &Lesson) {
    let name = format!("{} {}", v.id(), l.kind.name());
    assert!(!l.targets.is_empty(), "{name}: no targets");
    assert_eq!(l.par, l.solution.len(), "{name}");
    assert!(l.par >= l.targets.len(), "{name}: par under the targets");
    let mut at = l.start;
    let mut left = l.targets.clone();
    for &to in &l.solution {
        assert!(
            steps(v, l.kind, at).contains(&to),
            "{name}: {at:?} -> {to:?} is not a move"
        );
        left.retain(|&t| t != to);
        at = to;
    }
    assert!(left.is_empty(), "{name}: targets not visited: {left:?}");
}

#[test]
fn every_lesson_of_every_built_in_variant_is_solvable() {
    for info in variants::builtin() {
        let v = Variant::new(info.id, &[]).expect("variant");
        let ls = lessons(&v);
        assert!(ls.len() >= 5, "{}: {} lessons", info.id, ls.len());
        for l in &ls {
            check(&v, l);
        }
    }
}

#[test]
fn a_made_up_variant_gets_solvable_lessons_for_its_new_pieces() {
    let info = variants::register(DRAGONS).expect("the made-up game registers");
    let v = Variant::new(info.id, &[]).expect("variant");
    let ls = lessons(&v);
    let kinds: Vec<&str> = ls.iter().map(|l| l.kind.id()).collect();
    assert!(
        kinds.contains(&"dragon") && kinds.contains(&"lance"),
        "{kinds:?}"
    );
    for l in &ls {
        check(&v, l);
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
