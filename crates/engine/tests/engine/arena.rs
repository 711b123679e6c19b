//! Engine matches (`chimera_engine::arena`): the SPRT's arithmetic against
//! values worked out independently, the opening sets, the game rules of a
//! match (forfeits, adjudication), and matches themselves — an engine
//! against itself scores exactly half, a weakened setting is rejected.

use std::sync::Arc;

use chimera_engine::arena::openings::{self, OpeningRules};
use chimera_engine::arena::sprt::{elo_of_score, llr, score_of_elo};
use chimera_engine::arena::{
    Adjudication, Contestant, Control, EngineMove, Go, LocalEngine, OwnNodes, Plan, Sprt,
    SprtVerdict, Tally, UciEngine, in_process_link, tournament,
};
use chimera_engine::{Eval, Limits, Searcher};
use chimera_rules::{EndReason, Game, Variant};
use std::time::Duration;

use super::board::variant;

/// The trinomial LLR found without the solver of the crate: the
/// distribution (q_L, q_D, q_W) with mean s is q_W = q_L + 2s − 1,
/// q_D = 2 − 2s − 2q_L, one free parameter, maximised by ternary search.
fn llr_by_ternary_search(l: u32, d: u32, w: u32, elo0: f64, elo1: f64) -> f64 {
    let best = |s: f64| -> f64 {
        let ll = |ql: f64| {
            let qw = ql + 2.0 * s - 1.0;
            let qd = 2.0 - 2.0 * s - 2.0 * ql;
            f64::from(l) * ql.ln() + f64::from(d) * qd.ln() + f64::from(w) * qw.ln()
        };
        // q_L > 0, q_W > 0, q_D > 0.
        let (mut lo, mut hi) = ((1.0 - 2.0 * s).max(0.0) + 1e-15, 1.0 - s - 1e-15);
        for _ in 0..300 {
            let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
            if ll(m1) < ll(m2) {
                lo = m1;
            } else {
                hi = m2;
            }
        }
        ll((lo + hi) / 2.0)
    };
    best(score_of_elo(elo1)) - best(score_of_elo(elo0))
}

#[test]
fn llr_agrees_with_an_independent_maximisation() {
    for (l, d, w, e0, e1) in [
        (30, 40, 50, 0.0, 10.0),
        (4063, 8620, 4307, 0.0, 3.0),
        (50, 20, 30, -5.0, 5.0),
        (7, 100, 9, 0.0, 5.0),
    ] {
        let ours = llr(&[l, d, w], e0, e1);
        let theirs = llr_by_ternary_search(l, d, w, e0, e1);
        assert!(
            (ours - theirs).abs() < 1e-6,
            "L{l} D{d} W{w} [{e0}, {e1}]: {ours} vs {theirs}"
        );
    }
    // The test favours H1 when the engine wins more, H0 when it loses more.
    assert!(llr(&[30, 40, 50], 0.0, 10.0) > 0.0);
    assert!(llr(&[50, 40, 30], 0.0, 10.0) < 0.0);
}

#[test]
fn llr_of_win_or_lose_pairs_is_walds_binomial_ratio() {
    // Pairs that all score 0 or 2: the observed distribution sits on the
    // ends, so the GSPRT is Wald's SPRT of a coin, n_W ln(s1/s0) + n_L
    // ln((1 − s1)/(1 − s0)) (up to the tiny prior on the empty cells).
    let (nl, nw) = (40u32, 60u32);
    let (s0, s1) = (score_of_elo(0.0), score_of_elo(20.0));
    let wald = f64::from(nw) * (s1 / s0).ln() + f64::from(nl) * ((1.0 - s1) / (1.0 - s0)).ln();
    let ours = llr(&[nl, 0, 0, 0, nw], 0.0, 20.0);
    assert!((ours - wald).abs() < 0.01, "{ours} vs {wald}");
}

#[test]
fn sprt_bounds_and_elo_are_the_published_ones() {
    // α = β = 0.05: the (−2.94, 2.94) cutechess-cli and fishtest print.
    let (lo, hi) = Sprt::new(0.0, 5.0).bounds();
    assert!((lo + 2.944_439).abs() < 1e-5 && (hi - 2.944_439).abs() < 1e-5);
    // 75 % is +190.8 Elo, 64 % is +100 (the logistic table).
    assert!((elo_of_score(0.75) - 190.848).abs() < 1e-3);
    assert!((score_of_elo(100.0) - 0.640_065).abs() < 1e-6);
    // A tally's estimate and interval: 60 wins, 20 draws, 20 losses.
    let mut t = Tally::default();
    for _ in 0..60 {
        t.add_game(chimera_engine::arena::GameScore::Win);
    }
    for _ in 0..20 {
        t.add_game(chimera_engine::arena::GameScore::Draw);
        t.add_game(chimera_engine::arena::GameScore::Loss);
    }
    let (lo, mid, hi) = t.elo().expect("games");
    // Score 0.7; per-game variance 0.7·0.09+0.2·0.04+0.2·0.49 → σ = 0.0412 ·…
    assert!((mid - elo_of_score(0.7)).abs() < 1e-9);
    let sd = ((0.6 * 0.09 + 0.2 * 0.04 + 0.2 * 0.49) / 100.0f64).sqrt();
    assert!((lo - elo_of_score(0.7 - 1.959_964 * sd)).abs() < 1e-6);
    assert!((hi - elo_of_score(0.7 + 1.959_964 * sd)).abs() < 1e-6);
}

#[test]
fn built_in_opening_sets_are_legal_varied_and_level() {
    for v in chimera_rules::variants() {
        let var = variant(v.id, &[]);
        let text = openings::builtin(v.id).expect("a built-in set");
        let set = openings::parse(&var, text).unwrap_or_else(|e| panic!("{}: {e}", v.id));
        assert_eq!(set.len(), 100, "{}", v.id);
        let mut distinct = set.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), set.len(), "{}: repeated openings", v.id);
    }
    // Roughly level: a few Grand openings searched again to the depth they
    // were kept at. The search that kept them within ±60 cp may have changed
    // since, so the check allows more.
    let grand = variant("grand", &[]);
    let set = openings::parse(&grand, openings::builtin("grand").unwrap()).unwrap();
    let rules = OpeningRules::default();
    for line in set.iter().take(3) {
        let game = openings::replay(&grand, line).unwrap();
        let r = Searcher::new(4).search_game(&game, &Limits::depth(rules.depth), &mut |_| {});
        assert!(
            matches!(r.score, Eval::Cp(c) if c.abs() <= 150),
            "{line:?}: {:?}",
            r.score
        );
    }
}

#[test]
fn opening_sets_come_from_their_seed_and_bad_lines_are_named() {
    let chess = variant("chess", &[]);
    let rules = OpeningRules {
        count: 3,
        plies: 4,
        seed: 7,
        depth: 3,
        max_cp: 80,
    };
    let a = openings::generate(&chess, &rules);
    assert_eq!(a.len(), 3);
    for line in &a {
        let game = openings::replay(&chess, line).unwrap();
        let r = Searcher::new(4).search_game(&game, &Limits::depth(rules.depth), &mut |_| {});
        assert!(
            matches!(r.score, Eval::Cp(c) if c.abs() <= rules.max_cp),
            "{line:?}"
        );
    }
    assert_eq!(a, openings::generate(&chess, &rules));
    let text = openings::write(&chess, &rules, &a);
    assert_eq!(openings::parse(&chess, &text).unwrap(), a);
    let bad = format!("{}\ne2e4 e7e5 e1e3\n", a[0].join(" "));
    let e = openings::parse(&chess, &bad).unwrap_err();
    assert!(e.contains("line 2") && e.contains("move 3 'e1e3'"), "{e}");
    assert!(openings::parse(&chess, "# nothing\n").is_err());
}

#[test]
fn clock_controls_read_as_written() {
    assert_eq!(
        Control::parse_clock("10+0.1"),
        Ok(Control::Clock {
            base: Duration::from_secs(10),
            inc: Duration::from_millis(100),
            margin: Duration::ZERO,
        })
    );
    assert_eq!(
        Control::parse_clock("60"),
        Ok(Control::Clock {
            base: Duration::from_secs(60),
            inc: Duration::ZERO,
            margin: Duration::ZERO,
        })
    );
    for bad in ["", "0+1", "ten", "10+x", "-5+1", "1e9"] {
        assert!(Control::parse_clock(bad).is_err(), "{bad}");
    }
    assert_eq!(
        chimera_engine::arena::contestant::info_score("info depth 3 score cp -25 nodes 9 pv e2e4"),
        Some(Eval::Cp(-25))
    );
    assert_eq!(
        chimera_engine::arena::contestant::info_score("info depth 9 score mate 3 pv a1a2"),
        Some(Eval::Mate(3))
    );
    assert_eq!(
        chimera_engine::arena::contestant::info_score("info string hello"),
        None
    );
}

/// A player that always answers with the first legal move, or fails; it
/// notes every budget it is given.
#[derive(Default)]
struct Scripted {
    fail: bool,
    seen: Arc<std::sync::Mutex<Vec<Go>>>,
}

impl Contestant for Scripted {
    fn name(&self) -> &str {
        "scripted"
    }
    fn new_game(&mut self, _v: &Arc<Variant>) -> Result<(), String> {
        Ok(())
    }
    fn play(&mut self, game: &Game, go: &Go) -> Result<EngineMove, String> {
        self.seen.lock().unwrap().push(*go);
        if self.fail {
            return Err("scripted: the engine has ended".to_string());
        }
        Ok(EngineMove {
            mv: game.position().legal_moves()[0],
            score: Some(Eval::Cp(0)),
        })
    }
}

#[test]
fn a_failing_engine_loses_and_dead_draws_are_adjudicated() {
    let chess = variant("chess", &[]);
    let adj = Adjudication::default();
    let mut ok = Scripted::default();
    let mut dead = Scripted {
        fail: true,
        ..Scripted::default()
    };
    let p =
        chimera_engine::arena::game::play(&chess, &[], &mut ok, &mut dead, Control::Nodes(1), &adj)
            .unwrap();
    assert_eq!(p.outcome.winner, Some(chimera_rules::Color::White));
    assert_eq!(p.outcome.reason, EndReason::Abandoned);
    assert_eq!(p.game.moves().len(), 1);
    // Both report 0 every move: a draw once move 40 is reached with 8 moves
    // each at 0 behind it (or the rules end the game first).
    let (mut a, mut b) = (Scripted::default(), Scripted::default());
    let p = chimera_engine::arena::game::play(&chess, &[], &mut a, &mut b, Control::Nodes(1), &adj)
        .unwrap();
    if p.outcome.reason == EndReason::DrawAgreed {
        assert!(p.termination.starts_with("adjudicated: a draw"));
        assert_eq!(p.game.moves().len(), 78, "{}", p.termination);
    } else {
        assert!(p.game.outcome().is_some(), "{}", p.termination);
    }
    let text = chimera_engine::arena::game::pgn(&p, ["a", "b"], "test", 1).unwrap();
    assert!(
        text.contains("[White \"a\"]") && text.contains("[Ending "),
        "{text}"
    );
}

/// A player that plays its moves (LMN) in turn, reporting the same score
/// for each.
struct Shuffler {
    moves: Vec<&'static str>,
    next: usize,
    score: Eval,
}

impl Shuffler {
    fn new(moves: Vec<&'static str>, score: Eval) -> Shuffler {
        Shuffler {
            moves,
            next: 0,
            score,
        }
    }
}

impl Contestant for Shuffler {
    fn name(&self) -> &str {
        "shuffler"
    }
    fn new_game(&mut self, _v: &Arc<Variant>) -> Result<(), String> {
        Ok(())
    }
    fn play(&mut self, game: &Game, _go: &Go) -> Result<EngineMove, String> {
        let text = self.moves[self.next % self.moves.len()];
        self.next += 1;
        let mv = game.position().parse_lmn(text).map_err(|e| e.to_string())?;
        Ok(EngineMove {
            mv,
            score: Some(self.score),
        })
    }
}

#[test]
fn the_rules_end_a_game_before_an_adjudication_on_the_same_move() {
    // The knights go out and back twice: the 8th ply repeats the start a
    // third time just as the scores (all 0 for 4 moves each) would
    // adjudicate a draw. The rules' repetition is the result, and the
    // record loads back (a draw by agreement would contradict the
    // position, and `chimera load` would refuse the file).
    let chess = variant("chess", &[]);
    let adj = Adjudication {
        draw_moves: 4,
        draw_from_move: 1,
        ..Adjudication::default()
    };
    let mut white = Shuffler::new(vec!["g1f3", "f3g1"], Eval::Cp(0));
    let mut black = Shuffler::new(vec!["g8f6", "f6g8"], Eval::Cp(0));
    let p = chimera_engine::arena::game::play(
        &chess,
        &[],
        &mut white,
        &mut black,
        Control::Nodes(1),
        &adj,
    )
    .unwrap();
    assert_eq!(p.game.moves().len(), 8, "{}", p.termination);
    assert_eq!(p.outcome.reason, EndReason::Repetition, "{}", p.termination);
    assert_eq!(p.termination, "repetition");
    let text = chimera_engine::arena::game::pgn(&p, ["a", "b"], "test", 1).unwrap();
    let loaded = chimera_game::record::load(&text, 1).expect("the record loads");
    assert_eq!(loaded.game.moves().len(), 8);
}

#[test]
fn the_record_of_a_match_game_keeps_each_engines_score_from_whites_side() {
    use chimera_game::record::RecordEval;
    let chess = variant("chess", &[]);
    let adj = Adjudication {
        max_plies: 6,
        ..Adjudication::default()
    };
    // Two opening plies, then White reports +0.35 for itself and Black a
    // mate in 2 for itself (White's view: Black mates, #-2).
    let opening = ["e2e4".to_string(), "e7e5".to_string()];
    let mut white = Shuffler::new(vec!["g1f3", "f3g1"], Eval::Cp(35));
    let mut black = Shuffler::new(vec!["g8f6", "f6g8"], Eval::Mate(2));
    let p = chimera_engine::arena::game::play(
        &chess,
        &opening,
        &mut white,
        &mut black,
        Control::Nodes(1),
        &adj,
    )
    .unwrap();
    assert_eq!(p.game.moves().len(), 6);
    let expected = [
        None,
        None,
        Some(RecordEval::Cp(35)),
        Some(RecordEval::Mate(-2)),
        Some(RecordEval::Cp(35)),
        Some(RecordEval::Mate(-2)),
    ];
    assert_eq!(p.evals, expected);
    let text = chimera_engine::arena::game::pgn(&p, ["a", "b"], "test", 1).unwrap();
    assert!(
        text.contains("[%eval 0.35]") && text.contains("[%eval #-2]"),
        "{text}"
    );
    let loaded = chimera_game::record::load(&text, 1).expect("the record loads");
    let read: Vec<_> = loaded.record.moves.iter().map(|m| m.eval).collect();
    assert_eq!(read, expected);
}

#[test]
fn an_engine_with_its_own_node_budget_is_given_it_and_the_other_the_matchs() {
    let chess = variant("chess", &[]);
    let adj = Adjudication {
        max_plies: 6,
        ..Adjudication::default()
    };
    let (seen_w, seen_b) = (Arc::default(), Arc::default());
    let mut white = Scripted {
        seen: Arc::clone(&seen_w),
        ..Scripted::default()
    };
    let mut black = OwnNodes::new(
        Box::new(Scripted {
            seen: Arc::clone(&seen_b),
            ..Scripted::default()
        }),
        250,
    );
    assert_eq!(black.name(), "scripted");
    let p = chimera_engine::arena::game::play(
        &chess,
        &[],
        &mut white,
        &mut black,
        Control::Nodes(1000),
        &adj,
    )
    .unwrap();
    assert_eq!(p.game.moves().len(), 6);
    assert_eq!(*seen_w.lock().unwrap(), vec![Go::Nodes(1000); 3]);
    assert_eq!(*seen_b.lock().unwrap(), vec![Go::Nodes(250); 3]);
    // On a clock the budget does not apply: both see the clock.
    let clock = Control::parse_clock("10+0.1").unwrap();
    seen_b.lock().unwrap().clear();
    chimera_engine::arena::game::play(&chess, &[], &mut white, &mut black, clock, &adj).unwrap();
    let b = seen_b.lock().unwrap();
    assert_eq!(b.len(), 3);
    assert!(b.iter().all(|g| matches!(g, Go::Clock { .. })), "{b:?}");
}

fn plan(v: &Arc<Variant>, games: u32, nodes: u64, sprt: Option<Sprt>) -> Plan {
    Plan {
        variant: v.clone(),
        openings: openings::parse(v, openings::builtin(v.id()).unwrap()).unwrap(),
        first_opening: 0,
        max_games: games,
        control: Control::Nodes(nodes),
        adjudication: Adjudication::default(),
        concurrency: 2,
        sprt,
    }
}

#[test]
fn an_engine_against_itself_scores_half_and_the_sprt_sees_no_gain() {
    // The same deterministic engine on both sides, one of them through the
    // UCI protocol: the two games of each pair are the same game with the
    // colours swapped, so every pair scores exactly one point.
    let chess = variant("chess", &[]);
    let sprt = Sprt::new(0.0, 10.0);
    let make = || -> Result<[Box<dyn Contestant>; 2], String> {
        Ok([
            Box::new(UciEngine::start("uci", in_process_link(), Vec::new())?),
            Box::new(LocalEngine::new("local", 8, 16, 1)),
        ])
    };
    let mut seen = 0;
    let s = tournament::run(&plan(&chess, 8, 800, Some(sprt)), &make, &mut |g, _, _| {
        seen += 1;
        assert_eq!(g.names[usize::from(!g.a_white)], "uci");
    })
    .unwrap();
    assert_eq!(seen, 8);
    assert_eq!(s.tally.games(), 8);
    assert_eq!(s.tally.pairs, [0, 0, 4, 0, 0]);
    assert_eq!(s.tally.score(), 0.5);
    assert!(s.llr.unwrap() < 0.0);
    assert_ne!(s.verdict, Some(SprtVerdict::H1));
}

#[test]
fn a_node_limited_match_plays_each_opening_once_at_most() {
    // Three openings: at a node limit ten games are cut to three pairs
    // (a second round would replay the same games); on a clock all five
    // pairs are scheduled.
    let chess = variant("chess", &[]);
    let mut p = plan(&chess, 10, 300, None);
    p.openings.truncate(3);
    assert_eq!(p.pairs(), 3);
    let make = || -> Result<[Box<dyn Contestant>; 2], String> {
        Ok([
            Box::new(LocalEngine::new("a", 8, 4, 1)),
            Box::new(LocalEngine::new("b", 8, 4, 1)),
        ])
    };
    let mut openings = Vec::new();
    let s = tournament::run(&p, &make, &mut |g, _, _| openings.push(g.opening)).unwrap();
    assert_eq!(s.tally.games(), 6);
    openings.sort();
    assert_eq!(openings, vec![0, 0, 1, 1, 2, 2]);
    p.control = Control::parse_clock("10+0.1").unwrap();
    assert_eq!(p.pairs(), 5);
    p.max_games = 9;
    assert_eq!(p.pairs(), 5);
}

#[test]
fn a_weakened_setting_is_rejected() {
    // Level 4 (depth 3, noisy, a twelfth of the nodes) tested against level
    // 8 for a gain of 60 Elo: the test must end at H0 within the games
    // allowed (a lost pair moves the ratio by about ln(0.415/0.5) = −0.19).
    weakened_is_rejected(1000, 60, Sprt::new(0.0, 60.0));
}

#[test]
#[ignore = "a longer match: a few hundred games"]
fn a_weakened_setting_is_rejected_at_fishtest_bounds() {
    // The same at bounds fishtest uses for a change of a few Elo, on 250
    // openings (a node-limited match plays each once at most). Even a pair
    // lost twice moves the ratio by only about −0.0145 at these bounds, so
    // H0 takes some 203 such pairs.
    weakened_is_rejected(2000, 500, Sprt::new(0.0, 5.0));
}

fn weakened_is_rejected(nodes: u64, games: u32, sprt: Sprt) {
    let chess = variant("chess", &[]);
    let mut plan = plan(&chess, games, nodes, Some(sprt));
    if plan.pairs() * 2 < games {
        let rules = OpeningRules {
            count: games.div_ceil(2) as usize,
            ..OpeningRules::default()
        };
        plan.openings = openings::generate(&chess, &rules);
    }
    let make = || -> Result<[Box<dyn Contestant>; 2], String> {
        Ok([
            Box::new(LocalEngine::new("weak", 4, 4, 3)),
            Box::new(LocalEngine::new("full", 8, 4, 1)),
        ])
    };
    let s = tournament::run(&plan, &make, &mut |_, _, _| {}).unwrap();
    assert_eq!(s.verdict, Some(SprtVerdict::H0), "{:?}", s.tally);
    assert!(s.tally.score() < 0.3, "{:?}", s.tally);
}
