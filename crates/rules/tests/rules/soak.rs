//! Random-game soak: thousands of games per variant, games for every value
//! of every option, and games from chosen start positions. At every ply:
//! - every legal move, made and unmade, restores the exact VFEN and hash, and
//!   the incremental hash after it equals the one computed from scratch;
//! - no legal move, drops included, leaves the mover's royal king attacked
//!   (docs/rules.md §0; Ghostarelay has no check), and the engine's record of
//!   each side's royal king is where the board has it;
//! - the position's VFEN parses back to the same position and hash;
//! - the legal moves have distinct LMN names, and the chosen one parses back;
//! - the legal captures and promotions alone (the quiescence search's
//!   generator) are exactly those of the legal moves;
//! - the loud pseudo-legal list and its board-move count agree with the
//!   whole pseudo-legal list;
//! - out of check in a royal variant, the pseudo-legal moves a single-move
//!   legality test passes are exactly the legal moves;
//! - the half-move clock follows docs/rules.md §0;
//! - `Game::outcome` agrees with the position (mate, stalemate, no moves,
//!   repetition, 100 plies, bare kings) and games end by it or at a ply cap.
//!
//! The generator is a small splitmix64, so every run plays the same games.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use chimera_rules::variants::NoMoves;
use chimera_rules::{Color, EndReason, Game, Kind, MoveKind, Position, SplitMix64, Sq, Variant};

use crate::common::option_values;

fn variant(id: &str, opts: &[(String, String)]) -> Arc<Variant> {
    Variant::new(id, opts).unwrap_or_else(|e| panic!("{id} {opts:?}: {e}"))
}

/// Whether only kings are on the board and nothing is in hand.
fn only_kings(p: &Position) -> bool {
    let v = p.variant();
    let board = v
        .squares()
        .all(|s| p.piece_at(s).is_none_or(|i| i.kind == Kind::King));
    let hands = [Color::White, Color::Black]
        .iter()
        .all(|&c| v.hand_kinds().iter().all(|&k| p.hand_count(c, k) == 0));
    board && hands
}

/// Squares of side `c`'s kings, found on the board (not by the engine's
/// own record of where its royal king is).
fn kings(p: &Position, c: Color) -> Vec<Sq> {
    p.variant()
        .squares()
        .filter(|s| {
            p.piece_at(*s)
                .is_some_and(|i| i.color == c && i.kind == Kind::King)
        })
        .collect()
}

/// Totals over the games of one soak run.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    plies: usize,
    moves_checked: usize,
    /// Positions whose pseudo-legal moves were also tested one at a time.
    tested_one_by_one: usize,
    capped: usize,
    ends: BTreeMap<String, usize>,
}

/// Plays one random game, checking everything listed at the top of the file.
fn play_game(
    v: &Arc<Variant>,
    start: Option<&str>,
    rng: &mut SplitMix64,
    cap: usize,
    tally: &mut Tally,
) {
    let mut g = match start {
        Some(vfen) => Game::from_vfen(v, vfen).unwrap_or_else(|e| panic!("{vfen}: {e}")),
        None => Game::new(v),
    };
    // docs/rules.md §0: no move may leave a royal piece of the mover attacked;
    // Ghostarelay (§7) has no check.
    let royal = v.id() != "ghostarelay";
    assert_eq!(royal, v.royal, "{}", v.id());
    let start_vfen = g.position().to_vfen();
    let start_hash = g.position().hash();
    let mut scratch = g.position().clone();
    let mut seen_names: HashSet<String> = HashSet::new();
    for ply in 0..=cap {
        let p = g.position();
        let vfen = p.to_vfen();
        let hash = p.hash();
        let ctx = || format!("{} {:?} ply {ply}: {vfen}", v.id(), v.options());
        assert_eq!(
            hash,
            p.recomputed_hash(),
            "incremental hash differs, {}",
            ctx()
        );
        // VFEN round trip.
        let again = Position::from_vfen(v, &vfen)
            .unwrap_or_else(|e| panic!("VFEN does not parse back: {e}, {}", ctx()));
        assert_eq!(again.to_vfen(), vfen, "{}", ctx());
        assert_eq!(again.hash(), hash, "{}", ctx());

        // The engine's record of each side's royal king (checked after every
        // legal move below) is where the board has it.
        if royal {
            for c in [Color::White, Color::Black] {
                let on_board = kings(p, c);
                assert!(on_board.len() <= 1, "{c:?} kings {on_board:?}, {}", ctx());
                assert_eq!(p.royal_square(c), on_board.first().copied(), "{}", ctx());
            }
        }

        let moves = p.legal_moves();
        // The quiescence generator gives exactly the legal moves that
        // capture or promote, in the same order.
        let loud: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| m.kind() == MoveKind::Normal && (p.is_capture(m) || m.piece().is_some()))
            .collect();
        let mut captures = Vec::new();
        scratch.legal_captures_into(&mut captures);
        assert_eq!(captures, loud, "legal captures and promotions, {}", ctx());
        // The loud pseudo-legal moves alone (a quiescence node's list) are
        // those of the whole pseudo-legal list, and the board moves it
        // counts are the whole list's.
        let mut pseudo = Vec::new();
        scratch.pseudo_moves_into(&mut pseudo);
        let mut loud_pseudo = Vec::new();
        let counted = scratch.pseudo_loud_into(&mut loud_pseudo);
        let board_moves = pseudo
            .iter()
            .filter(|m| matches!(m.kind(), MoveKind::Normal | MoveKind::Castle))
            .count();
        assert_eq!(
            counted as usize,
            board_moves,
            "board moves counted, {}",
            ctx()
        );
        let loud_of_pseudo: Vec<_> = pseudo
            .iter()
            .copied()
            .filter(|&m| m.kind() == MoveKind::Normal && (p.is_capture(m) || m.piece().is_some()))
            .collect();
        assert_eq!(
            loud_pseudo,
            loud_of_pseudo,
            "loud pseudo-legal moves, {}",
            ctx()
        );
        let mut kept = loud_pseudo.clone();
        scratch.keep_legal_captures(&mut kept);
        assert_eq!(kept, loud, "legal captures from the loud list, {}", ctx());
        // Where single moves can be tested, the pseudo-legal moves that pass
        // the test are exactly the legal moves, in the same order: the whole
        // list (an inner node's) and the loud list (a quiescence node's, its
        // tester made knowing the side is not in check).
        if let Some(tester) = scratch.move_tester() {
            pseudo.retain(|&m| scratch.is_legal_pseudo(&tester, m));
            assert_eq!(
                pseudo,
                moves,
                "pseudo-legal moves tested one at a time, {}",
                ctx()
            );
            let told = scratch.move_tester_out_of_check().expect("not in check");
            loud_pseudo.retain(|&m| scratch.is_legal_pseudo(&told, m));
            assert_eq!(
                loud_pseudo,
                loud,
                "loud moves tested one at a time, {}",
                ctx()
            );
            tally.tested_one_by_one += 1;
        } else {
            assert!(
                !royal || v.forced_capture || p.in_check() || !matches!(v.no_moves, NoMoves::Chess),
                "no single-move tester out of check, {}",
                ctx()
            );
        }
        let outcome = g.outcome();
        let us = p.side_to_move();
        match outcome {
            Some(o) => {
                match o.reason {
                    EndReason::Checkmate => {
                        assert!(
                            moves.is_empty() && p.in_check(),
                            "checkmate without mate, {}",
                            ctx()
                        );
                        assert_eq!(o.winner, Some(us.opposite()), "{}", ctx());
                    }
                    EndReason::Stalemate => {
                        assert!(
                            moves.is_empty() && !p.in_check(),
                            "stalemate with moves or in check, {}",
                            ctx()
                        );
                        assert_eq!(o.winner, None);
                    }
                    EndReason::NoMoves => {
                        assert!(moves.is_empty(), "{}", ctx());
                        assert_eq!(o.winner, Some(us), "{}", ctx());
                    }
                    EndReason::Repetition => {
                        assert!(g.repetitions() >= 3, "{}", ctx());
                        assert_eq!(o.winner, None);
                    }
                    EndReason::HundredPly => {
                        assert!(p.halfmove_clock() >= 100, "{}", ctx());
                        assert_eq!(o.winner, None);
                    }
                    EndReason::Insufficient => {
                        assert!(v.bare_kings_draw && only_kings(p), "{}", ctx());
                        assert_eq!(o.winner, None);
                    }
                    r => panic!("{r:?} is not reached by play, {}", ctx()),
                }
                *tally.ends.entry(o.result_text()).or_default() += 1;
                break;
            }
            None => {
                assert!(!moves.is_empty(), "no legal move but no outcome, {}", ctx());
                assert!(p.halfmove_clock() < 100 && g.repetitions() < 3, "{}", ctx());
                assert!(!(v.bare_kings_draw && only_kings(p)), "{}", ctx());
            }
        }
        if ply == cap {
            tally.capped += 1;
            break;
        }

        // Every legal move: make/unmake, hash, king safety, LMN names.
        seen_names.clear();
        for &m in &moves {
            let name = p.lmn(m);
            assert!(
                seen_names.insert(name.clone()),
                "two legal moves named '{name}', {}",
                ctx()
            );
            scratch.make_move(m);
            assert_eq!(
                scratch.hash(),
                scratch.recomputed_hash(),
                "hash after {name}, {}",
                ctx()
            );
            if royal && let Some(k) = scratch.royal_square(us) {
                assert!(
                    !scratch.is_attacked(k, us.opposite()),
                    "{name} leaves the king on {} attacked, {}",
                    v.square_name(k),
                    ctx()
                );
            }
            scratch.unmake_move();
            assert_eq!(
                scratch.hash(),
                hash,
                "unmake of {name} changes the hash, {}",
                ctx()
            );
            tally.moves_checked += 1;
        }
        // Any make/unmake that did not restore the position shows in the VFEN
        // (compared once per ply for speed; a failure names the move).
        if scratch.to_vfen() != vfen {
            let mut fresh = Position::from_vfen(v, &vfen).expect("parses");
            for &m in &moves {
                fresh.make_move(m);
                fresh.unmake_move();
                assert_eq!(
                    fresh.to_vfen(),
                    vfen,
                    "make/unmake of {} changes the position, {}",
                    p.lmn(m),
                    ctx()
                );
            }
            panic!(
                "make/unmake changed the position to {}, {}",
                scratch.to_vfen(),
                ctx()
            );
        }

        // Play a random move; it must parse back from its LMN.
        let m = moves[rng.below(moves.len())];
        let name = p.lmn(m);
        assert_eq!(p.parse_lmn(&name), Ok(m), "{}", ctx());
        let resets = m.kind() == MoveKind::Drop
            || p.is_capture(m)
            || (m.kind() == MoveKind::Normal
                && p.move_from(m)
                    .and_then(|s| p.piece_at(s))
                    .is_some_and(|i| i.kind.is_pawnlike()));
        let half = p.halfmove_clock();
        let full = p.fullmove_number();
        g.play(m)
            .unwrap_or_else(|e| panic!("{name}: {e}, {}", ctx()));
        scratch.make_move(m);
        let q = g.position();
        assert_eq!(
            q.halfmove_clock(),
            if resets { 0 } else { half + 1 },
            "clock after {name}, {}",
            ctx()
        );
        assert_eq!(
            q.fullmove_number(),
            if us == Color::Black { full + 1 } else { full },
            "{}",
            ctx()
        );
        assert_eq!(q.side_to_move(), us.opposite());
        assert_eq!(scratch.hash(), q.hash());
        tally.plies += 1;
    }
    // Taking every move back returns to the start.
    let n = g.moves().len();
    for _ in 0..n {
        assert!(g.undo().is_some());
    }
    assert_eq!(g.position().to_vfen(), start_vfen);
    assert_eq!(g.position().hash(), start_hash);
    tally.games += 1;
}

/// Ply caps: most games stop after a short opening and middle game; every
/// tenth game runs long, so that endings (mate, stalemate, bare kings,
/// repetition, 100 plies) are reached too. Together they keep the whole soak to
/// well under a minute on two cores.
#[derive(Clone, Copy)]
struct Caps {
    short: usize,
    long: usize,
}

impl Caps {
    /// The caps of variant `id`: shorter games on the big boards, giveaway
    /// games played to their end.
    fn of(id: &str) -> Caps {
        let (short, long) = match id {
            "chess" | "embassy" => (60, 600),
            "grand" => (50, 600),
            "holygrail" | "herculean" => (40, 200),
            "holywar" => (80, 400),
            "ghostarelay" => (400, 400),
            other => panic!("no ply caps for {other}"),
        };
        Caps { short, long }
    }

    fn of_game(self, i: usize) -> usize {
        if i % 10 == 9 { self.long } else { self.short }
    }
}

/// Plays `games` games of variant `id` with options `opts`, from its start
/// position or from the VFEN `start`.
fn soak(id: &str, opts: &[(&str, &str)], start: Option<&str>, games: usize, seed: u64) -> Tally {
    let o: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let v = variant(id, &o);
    let caps = Caps::of(id);
    let mut rng = SplitMix64::new(seed);
    let mut tally = Tally::default();
    for i in 0..games {
        play_game(&v, start, &mut rng, caps.of_game(i), &mut tally);
    }
    check_tally(id, opts, &tally);
    tally
}

fn check_tally(id: &str, opts: &[(&str, &str)], tally: &Tally) {
    eprintln!("{id} {opts:?}: {tally:?}");
    assert!(
        tally.plies > tally.games,
        "{id}: games too short to mean anything"
    );
    let v = variant(id, &[]);
    if v.royal && !v.forced_capture {
        assert!(
            tally.tested_one_by_one > tally.games,
            "{id}: single-move legality tested in too few positions"
        );
    }
}

// Per variant: the bulk of the games at the default options.

#[test]
fn soak_chess() {
    let t = soak("chess", &[], None, 2000, 1);
    assert_eq!(t.games, 2000);
    // Long random chess games do reach every kind of ending.
    for end in [
        "1-0 checkmate",
        "0-1 checkmate",
        "1/2-1/2 stalemate",
        "1/2-1/2 insufficient",
    ] {
        assert!(
            t.ends.contains_key(end),
            "no game ended in {end}: {:?}",
            t.ends
        );
    }
}

#[test]
fn soak_grand() {
    soak("grand", &[], None, 1500, 2);
}

#[test]
fn soak_embassy() {
    soak("embassy", &[], None, 1500, 3);
}

#[test]
fn soak_holygrail() {
    soak("holygrail", &[], None, 1000, 4);
}

#[test]
fn soak_herculean() {
    soak("herculean", &[], None, 1000, 5);
}

#[test]
fn soak_holywar() {
    soak("holywar", &[], None, 1500, 7);
    // The drop opening on an open board (no pawns): drops meet attacks from
    // the other camp, so a King dropped onto an attacked square would show.
    soak(
        "holywar",
        &[],
        Some("1******1/*6*/*6*/*6*/*6*/*6*/*6*/1******1 w - - KLCCBBSSklccbbss 0 1"),
        300,
        10,
    );
    // The random opening, with a different seed for every game.
    let caps = Caps::of("holywar");
    let mut tally = Tally::default();
    let mut rng = SplitMix64::new(8);
    for seed in 1..=1000usize {
        let v = variant(
            "holywar",
            &[
                ("opening".into(), "random".into()),
                ("seed".into(), seed.to_string()),
            ],
        );
        assert_eq!(
            v.start_position().to_vfen().split(' ').nth(4),
            Some("-"),
            "random opening leaves no hand"
        );
        play_game(&v, None, &mut rng, caps.of_game(seed), &mut tally);
    }
    check_tally(
        "holywar",
        &[("opening", "random"), ("seed", "1..=1000")],
        &tally,
    );
}

#[test]
fn soak_ghostarelay() {
    // Giveaway games are short: they all run to their end.
    let t = soak("ghostarelay", &[], None, 1000, 9);
    assert!(t.capped < t.games / 10, "{t:?}");
}

/// Games per variant shared by its option combinations.
const OPTION_GAMES: usize = 500;

/// Every combination of option values other than all defaults gets games of
/// its own. The values come from the variant table (every choice; a few
/// numbers across a number option's range), and each is played with every
/// value of the other options: Herculean's lame Sorcerer Knight exists only
/// with `config=2`, Holywar's `seed` matters only with `opening=random`.
#[test]
fn every_option_value_is_soaked() {
    for (i, info) in chimera_rules::variants::builtin().iter().enumerate() {
        let mut combos: Vec<Vec<(&str, String)>> = vec![vec![]];
        for o in info.options {
            combos = combos
                .into_iter()
                .flat_map(|c| {
                    option_values(&o.kind).into_iter().map(move |val| {
                        let mut c = c.clone();
                        c.push((o.name, val));
                        c
                    })
                })
                .collect();
        }
        let defaults: Vec<(&str, String)> = info
            .options
            .iter()
            .map(|o| (o.name, o.default_value()))
            .collect();
        combos.retain(|c| *c != defaults);
        if info.options.is_empty() {
            assert!(combos.is_empty());
            continue;
        }
        let games = (OPTION_GAMES / combos.len()).max(20);
        for (j, combo) in combos.iter().enumerate() {
            let opts: Vec<(&str, &str)> = combo.iter().map(|(n, v)| (*n, v.as_str())).collect();
            let t = soak(
                info.id,
                &opts,
                None,
                games,
                1000 + 100 * i as u64 + j as u64,
            );
            assert_eq!(t.games, games);
        }
    }
}
