//! Replay and analysis in the headless client: stepping through a game's
//! history (replay steps, the keys and pad buttons, a jump as a move-list
//! click sends it) changes the board shown — its piece entities and hand
//! counts — and never the match; a single step forward animates the move
//! with the announcements a played move has (Holy Grail's drop, mutation,
//! double capture and crowning, checked against the hand-written effects of
//! `games.rs`); a move chosen at an earlier ply starts a new line only after
//! the dialog is confirmed, and the old continuation comes back with undo.

use crate::couch_play::{connect_pad, sq};
use crate::games::{HOLY_GRAIL, HOLY_GRAIL_CROWNING, Script};
use bevy::prelude::*;
use chimera_client::board_view::{BoardRoot, entities_match};
use chimera_client::headless_app;
use chimera_client::interaction::{
    ActivePanel, Panel, Replay, ReplayMoved, ReplayStep, SelectInput, Toast,
};
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::{Announcement, Match, MoveApplied};
use chimera_client::menus::Overlays;
use chimera_client::scene::{HandSlot, PieceView};
use chimera_rules::{Color, Game, Kind, PieceInfo, Sq, Variant};
use leafwing_input_manager::prelude::Buttonlike;
use std::collections::HashMap;

/// What the replay announced, and the moves the match applied.
#[derive(Resource, Default)]
struct Heard {
    steps: Vec<ReplayMoved>,
    applied: Vec<String>,
    toasts: Vec<String>,
}

fn listen(
    mut moved: MessageReader<ReplayMoved>,
    mut applied: MessageReader<MoveApplied>,
    mut toasts: MessageReader<Toast>,
    mut heard: ResMut<Heard>,
) {
    heard.steps.extend(moved.read().cloned());
    heard.applied.extend(applied.read().map(|a| a.lmn.clone()));
    heard.toasts.extend(toasts.read().map(|t| t.0.clone()));
}

fn settle(app: &mut App) {
    for _ in 0..30 {
        app.update();
    }
}

/// The client on `game`, listening.
fn app_with(game: Game) -> App {
    let mut app = headless_app();
    app.init_resource::<Heard>().add_systems(Last, listen);
    app.insert_resource(CurrentMatch(Match::from_game(game)));
    settle(&mut app);
    app
}

/// The client on a chess game from the start.
fn chess() -> App {
    app_with(Game::new(&Variant::new("chess", &[]).expect("chess")))
}

/// Plays LMN moves through the match, as requests.
fn play(app: &mut App, moves: &[&str]) {
    for lmn in moves {
        let req = app.world().resource::<CurrentMatch>().request_lmn(lmn);
        let req = req.unwrap_or_else(|e| panic!("{lmn}: {e}"));
        app.world_mut().write_message(req);
        settle(app);
    }
}

fn step(app: &mut App, s: ReplayStep) {
    app.world_mut().write_message(s);
    settle(app);
}

/// Presses and releases a key, then lets the board settle.
fn tap(app: &mut App, k: KeyCode) {
    k.press(app.world_mut());
    app.update();
    k.release(app.world_mut());
    settle(app);
}

/// The same with a button of a connected pad.
fn tap_pad(app: &mut App, pad: Entity, b: GamepadButton) {
    b.press_as_gamepad(app.world_mut(), Some(pad));
    app.update();
    b.release_as_gamepad(app.world_mut(), Some(pad));
    settle(app);
}

/// Square → piece entity of the board.
fn entities(app: &mut App) -> HashMap<Sq, Entity> {
    let mut q = app.world_mut().query::<(Entity, &PieceView)>();
    q.iter(app.world()).map(|(e, v)| (v.sq, e)).collect()
}

fn root(app: &mut App) -> Entity {
    let mut q = app.world_mut().query_filtered::<Entity, With<BoardRoot>>();
    q.single(app.world()).expect("one board")
}

/// The piece the board shows on a square.
fn shown_on(app: &mut App, name: &str) -> Option<(Color, Kind)> {
    let s = sq(app, name);
    let mut q = app.world_mut().query::<&PieceView>();
    q.iter(app.world())
        .find(|v| v.sq == s)
        .map(|v| (v.piece.color, v.piece.kind))
}

/// The board's piece entities and hand counts are those of `vfen`.
fn assert_board_shows(app: &mut App, vfen: &str, ctx: &str) {
    let v = app.world().resource::<CurrentMatch>().variant().clone();
    let game = Game::from_vfen(&v, vfen).expect("vfen");
    let pos = game.position();
    let mut q = app.world_mut().query::<&PieceView>();
    let views: Vec<(Sq, PieceInfo)> = q.iter(app.world()).map(|p| (p.sq, p.piece)).collect();
    assert!(
        entities_match(pos, views.into_iter()),
        "{ctx}: the board does not show {vfen}"
    );
    let mut slots = app.world_mut().query::<&HandSlot>();
    for s in slots.iter(app.world()) {
        assert_eq!(
            s.count,
            pos.hand_count(s.side, s.kind),
            "{ctx}: {:?} hand, {:?}",
            s.side,
            s.kind
        );
    }
}

/// The match's moves (LMN) and position.
fn match_state(app: &App) -> (Vec<String>, String) {
    let m = app.world().resource::<CurrentMatch>();
    let mut pos = m.game().start().clone();
    let mut lmn = Vec::new();
    for &mv in m.game().moves() {
        lmn.push(pos.lmn(mv));
        pos.make_move(mv);
    }
    (lmn, m.position().to_vfen())
}

fn replay(app: &App) -> &Replay {
    app.world().resource::<Replay>()
}

fn shown_ply(app: &App) -> usize {
    replay(app).shown_ply(app.world().resource::<CurrentMatch>())
}

/// One announcement in the effects notation of `games.rs`.
fn effect(v: &Variant, a: &Announcement) -> String {
    let name = |s: &Sq| v.square_name(*s);
    let letter = |p: &PieceInfo| {
        let l = v.letter(p.kind);
        let l = match p.color {
            Color::White => l,
            Color::Black => l.to_ascii_lowercase(),
        };
        format!("{l}{}", if p.locked { "~" } else { "" })
    };
    match a {
        Announcement::Captured { at, piece } => format!("x {} {}", letter(piece), name(at)),
        Announcement::Moved {
            from, to, piece, ..
        } => {
            format!("{} {}-{}", letter(piece), name(from), name(to))
        }
        Announcement::Dropped { at, to, piece } if at == to => {
            format!("{}@{}", letter(piece), name(at))
        }
        Announcement::Dropped { at, to, piece } => {
            format!("{}@{}-{}", letter(piece), name(at), name(to))
        }
        Announcement::Mutated { at, from, piece } => {
            let old = PieceInfo {
                kind: *from,
                locked: false,
                ..*piece
            };
            format!("{} {}~{}", name(at), letter(&old), letter(piece))
        }
        Announcement::Crowned { king_at, prince_at } => {
            format!("^{} {}", name(king_at), name(prince_at))
        }
    }
}

/// One replay step by `key` from ply `from` to `to`, animated: the board is
/// not rebuilt, each mover is the entity that stood on its origin, the
/// board then shows `vfen`, and the match is still `done`. Returns what the
/// step announced.
fn animated_step(
    app: &mut App,
    key: KeyCode,
    (from, to): (usize, usize),
    vfen: &str,
    done: &(Vec<String>, String),
    ctx: &str,
) -> Vec<Announcement> {
    let board = root(app);
    let before = entities(app);
    app.world_mut().resource_mut::<Heard>().steps.clear();
    tap(app, key);
    let heard = app.world().resource::<Heard>().steps.clone();
    assert_eq!(heard.len(), 1, "{ctx}: one step");
    assert_eq!((heard[0].from, heard[0].to), (from, to), "{ctx}");
    let effects = heard[0].effects.clone().expect("a single step animates");
    assert_eq!(root(app), board, "{ctx}: the board was not rebuilt");
    let after = entities(app);
    for a in &effects {
        if let Announcement::Moved { from, to, .. } = a {
            assert_eq!(after.get(to), before.get(from), "{ctx}: the mover glided");
        }
    }
    assert_board_shows(app, vfen, ctx);
    assert_eq!(&match_state(app), done, "{ctx}: the match is untouched");
    effects
}

/// A scripted game of `games.rs` is played, then replayed from its start
/// one step at a time: each step announces what the move did when it was
/// played (the game end aside) and is animated (see [`animated_step`]);
/// then back to the start one step at a time, each step animated in reverse.
fn replay_script(script: &Script) {
    let id = script.variant;
    let v = Variant::new(id, &[]).expect("variant");
    let mut app = app_with(Game::from_vfen(&v, script.start).expect("vfen"));
    let lmns: Vec<&str> = script.steps.iter().map(|s| s.lmn).collect();
    play(&mut app, &lmns);
    let done = match_state(&app);
    assert_eq!(done.0, lmns, "{id}: the game was played");
    // The game is over: look at the board (the end dialog closes).
    assert_eq!(front(&app), Panel::EndDialog);
    tap(&mut app, KeyCode::Escape);
    assert_eq!(front(&app), Panel::Board);
    step(&mut app, ReplayStep::First);
    assert_eq!(shown_ply(&app), 0);
    assert_board_shows(&mut app, script.start, &format!("{id} start"));
    for (i, s) in script.steps.iter().enumerate() {
        let ctx = format!("{id} replay of move {} ({})", i + 1, s.lmn);
        let step = (i, i + 1);
        let effects = animated_step(&mut app, KeyCode::Period, step, s.vfen, &done, &ctx);
        let lines: Vec<String> = effects.iter().map(|a| effect(&v, a)).collect();
        let want: Vec<&str> = s
            .effects
            .split(';')
            .map(str::trim)
            .filter(|e| !e.starts_with('#'))
            .collect();
        assert_eq!(lines, want, "{ctx}: announcements");
    }
    assert!(replay(&app).is_live(), "{id}: the last step is live");
    for i in (0..script.steps.len()).rev() {
        let ctx = format!("{id} step back over move {}", i + 1);
        let prev = i
            .checked_sub(1)
            .map_or(script.start, |k| script.steps[k].vfen);
        animated_step(&mut app, KeyCode::Comma, (i + 1, i), prev, &done, &ctx);
    }
}

#[test]
fn holy_grail_drop_mutation_and_double_capture_replay_step_by_step() {
    replay_script(&HOLY_GRAIL);
}

#[test]
fn holy_grail_crowning_replays_step_by_step() {
    replay_script(&HOLY_GRAIL_CROWNING);
}

const OPENING: [&str; 4] = ["e2e4", "e7e5", "g1f3", "b8c6"];

#[test]
fn stepping_changes_the_board_shown_and_never_the_match() {
    let mut app = chess();
    play(&mut app, &OPENING);
    let done = match_state(&app);
    assert_eq!(done.0, OPENING);
    let w = |k| Some((Color::White, k));
    let b = |k| Some((Color::Black, k));
    // Comma: one move back (Black's knight is on b8 again).
    tap(&mut app, KeyCode::Comma);
    assert_eq!(shown_ply(&app), 3);
    assert_eq!(shown_on(&mut app, "b8"), b(Kind::Knight));
    assert_eq!(shown_on(&mut app, "c6"), None);
    assert_eq!(shown_on(&mut app, "f3"), w(Kind::Knight));
    // Home: the start position; the pad's left shoulder cannot go further.
    tap(&mut app, KeyCode::Home);
    assert_eq!(shown_ply(&app), 0);
    assert_eq!(shown_on(&mut app, "e2"), w(Kind::Pawn));
    assert_eq!(shown_on(&mut app, "e4"), None);
    assert_eq!(shown_on(&mut app, "g1"), w(Kind::Knight));
    assert_eq!(entities(&mut app).len(), 32);
    let pad = connect_pad(&mut app, "Xbox Wireless Controller", None);
    tap_pad(&mut app, pad, GamepadButton::LeftTrigger);
    assert_eq!(shown_ply(&app), 0);
    // A jump, as a click on the list's second move (1... e5) sends it.
    step(&mut app, ReplayStep::To(2));
    assert_eq!(shown_on(&mut app, "e4"), w(Kind::Pawn));
    assert_eq!(shown_on(&mut app, "e5"), b(Kind::Pawn));
    assert_eq!(shown_on(&mut app, "g1"), w(Kind::Knight));
    // The pad's right shoulder: one move on, the same knight glides to f3.
    let knight = entities(&mut app)[&sq(&app, "g1")];
    tap_pad(&mut app, pad, GamepadButton::RightTrigger);
    assert_eq!(shown_ply(&app), 3);
    assert_eq!(entities(&mut app).get(&sq(&app, "f3")), Some(&knight));
    assert_eq!(match_state(&app), done, "stepping never changes the match");
    // End: the live position again.
    tap(&mut app, KeyCode::End);
    assert!(replay(&app).is_live());
    assert_eq!(shown_on(&mut app, "c6"), b(Kind::Knight));
    assert_board_shows(&mut app, &done.1, "live");
    assert_eq!(match_state(&app), done);
}

#[test]
fn a_move_made_while_an_earlier_ply_is_shown_is_counted_not_shown() {
    let mut app = chess();
    play(&mut app, &OPENING[..3]);
    step(&mut app, ReplayStep::To(1));
    let shown = entities(&mut app);
    // The other side's move arrives (as from the computer or the network).
    play(&mut app, &OPENING[3..]);
    assert_eq!(match_state(&app).0, OPENING, "the move was played");
    assert_eq!(shown_ply(&app), 1, "the board stays where the player is");
    assert_eq!(replay(&app).missed(), 1);
    assert_eq!(entities(&mut app), shown, "the board did not move");
    step(&mut app, ReplayStep::Last);
    assert!(replay(&app).is_live());
    assert_eq!(replay(&app).missed(), 0);
    let live = match_state(&app).1;
    assert_board_shows(&mut app, &live, "back to the game");
}

fn front(app: &App) -> Panel {
    app.world().resource::<ActivePanel>().0
}

fn click(app: &mut App, name: &str) {
    let s = sq(app, name);
    app.world_mut().write_message(SelectInput::Square(s));
    settle(app);
}

#[test]
fn a_move_at_an_earlier_ply_starts_a_new_line_once_confirmed_and_undo_restores_the_old() {
    let mut app = chess();
    play(&mut app, &OPENING);
    let done = match_state(&app);
    step(&mut app, ReplayStep::To(2));
    // 2. d4 instead of 2. Nf3: the dialog asks first; the match waits.
    click(&mut app, "d2");
    click(&mut app, "d4");
    assert_eq!(front(&app), Panel::NewLine);
    assert!(app.world().resource::<Overlays>().new_line.is_some());
    assert_eq!(match_state(&app), done, "nothing played before the answer");
    // Escape keeps the game.
    tap(&mut app, KeyCode::Escape);
    assert_eq!(front(&app), Panel::Board);
    assert_eq!(match_state(&app), done);
    assert_eq!(shown_ply(&app), 2, "still at the earlier ply");
    // Asked again and confirmed with Enter (the focus starts on "Start").
    click(&mut app, "d2");
    click(&mut app, "d4");
    assert_eq!(front(&app), Panel::NewLine);
    app.world_mut().resource_mut::<Heard>().applied.clear();
    tap(&mut app, KeyCode::Enter);
    assert_eq!(front(&app), Panel::Board);
    assert_eq!(match_state(&app).0, ["e2e4", "e7e5", "d2d4"]);
    assert_eq!(app.world().resource::<Heard>().applied, ["d2d4"]);
    assert!(replay(&app).is_live(), "the new line is the game now");
    assert_eq!(shown_on(&mut app, "d4"), Some((Color::White, Kind::Pawn)));
    let new_line = match_state(&app).1;
    assert_board_shows(&mut app, &new_line, "the new line");
    {
        let m = app.world().resource::<CurrentMatch>();
        assert!(
            !m.can_redo(),
            "the old continuation waits behind the new move"
        );
    }
    // Undo (U) of the new move brings the old continuation back: Redo (R)
    // replays 2. Nf3 Nc6.
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(match_state(&app).0, ["e2e4", "e7e5"]);
    assert!(app.world().resource::<CurrentMatch>().can_redo());
    tap(&mut app, KeyCode::KeyR);
    tap(&mut app, KeyCode::KeyR);
    assert_eq!(match_state(&app), done, "the old line is back whole");
    assert_board_shows(&mut app, &done.1, "the old line");
}

#[test]
fn where_new_lines_are_not_allowed_a_move_at_an_earlier_ply_is_refused() {
    let mut app = chess();
    play(&mut app, &OPENING);
    let done = match_state(&app);
    app.world_mut().resource_mut::<Replay>().no_new_lines = true;
    step(&mut app, ReplayStep::To(2));
    click(&mut app, "d2");
    click(&mut app, "d4");
    assert_eq!(front(&app), Panel::Board, "no dialog");
    assert_eq!(match_state(&app), done);
    let toasts = &app.world().resource::<Heard>().toasts;
    assert!(
        toasts.iter().any(|t| t.contains("back to the game first")),
        "{toasts:?}"
    );
}
