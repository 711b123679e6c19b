//! Headless tests of the match flow: `MoveIntent` → validation → `Match`
//! → announced messages (docs/rules.md decides every expected value). Moves are
//! written in LMN here and read as an edge reads them
//! (`Match::request_lmn`): the match itself only sees typed moves.

use bevy::ecs::message::Messages;
use bevy::prelude::*;
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::{
    self, BoardResynced, CommandRejected, GameEnded, GameSetup, KingCrowned, Match, MatchCommand,
    MatchError, MoveApplied, MoveIntent, MoveRejected, Offer, PieceCaptured, PieceDropped,
    PieceMoved, SerpentMutated,
};
use chimera_rules::{Color, EndReason, Game, Illegal, Kind, Variant};

fn app_with(m: Match) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(match_state::plugin)
        .insert_resource(CurrentMatch(m));
    app
}

fn app_from(id: &str, vfen: &str) -> App {
    let v = Variant::new(id, &[]).expect("variant");
    app_with(Match::from_game(Game::from_vfen(&v, vfen).expect("vfen")))
}

/// Every message of type `M` still buffered (buffers are cleared before each step).
fn sent<M: Message + Clone>(app: &App) -> Vec<M> {
    let messages = app.world().resource::<Messages<M>>();
    messages.get_cursor().read(messages).cloned().collect()
}

fn clear<M: Message>(app: &mut App) {
    app.world_mut().resource_mut::<Messages<M>>().clear();
}

/// Forgets every message sent so far.
fn clear_all(app: &mut App) {
    clear::<MoveIntent>(app);
    clear::<MatchCommand>(app);
    clear::<MoveApplied>(app);
    clear::<PieceMoved>(app);
    clear::<PieceCaptured>(app);
    clear::<PieceDropped>(app);
    clear::<SerpentMutated>(app);
    clear::<KingCrowned>(app);
    clear::<GameEnded>(app);
    clear::<MoveRejected>(app);
    clear::<CommandRejected>(app);
    clear::<BoardResynced>(app);
}

/// Sends one match command and runs a frame.
fn command(app: &mut App, c: MatchCommand) {
    clear_all(app);
    app.world_mut().write_message(c);
    app.update();
}

/// The request for an LMN move in the match's current position.
fn requested(app: &App, lmn: &str) -> MoveIntent {
    app.world()
        .resource::<CurrentMatch>()
        .request_lmn(lmn)
        .unwrap_or_else(|e| panic!("{lmn}: {e}"))
}

/// Sends one move request and runs a frame.
fn send(app: &mut App, req: MoveIntent) {
    clear_all(app);
    app.world_mut().write_message(req);
    app.update();
}

/// Sends the request for one LMN move and runs a frame.
fn request(app: &mut App, lmn: &str) {
    let req = requested(app, lmn);
    send(app, req);
}

/// Whether the LMN text is refused where it is read (not a legal move now).
fn refused_at_the_edge(app: &App, lmn: &str) -> bool {
    app.world()
        .resource::<CurrentMatch>()
        .request_lmn(lmn)
        .is_err()
}

fn sq(app: &App, name: &str) -> chimera_rules::Sq {
    app.world()
        .resource::<CurrentMatch>()
        .variant()
        .parse_square(name)
        .expect("square")
}

fn piece(app: &App, name: &str) -> Option<(Color, Kind)> {
    let s = sq(app, name);
    app.world()
        .resource::<CurrentMatch>()
        .position()
        .piece_at(s)
        .map(|p| (p.color, p.kind))
}

#[test]
fn fools_mate_is_applied_announced_and_ends_the_game() {
    let mut app = app_with(Match::start("chess", &[], &[]).expect("chess"));
    for (i, m) in ["f2f3", "e7e5", "g2g4"].iter().enumerate() {
        request(&mut app, m);
        let applied = sent::<MoveApplied>(&app);
        assert_eq!(applied.len(), 1, "move {m}");
        assert_eq!(applied[0].ply, i + 1);
        assert_eq!(sent::<PieceMoved>(&app).len(), 1);
        assert!(sent::<GameEnded>(&app).is_empty());
    }
    // The match before the mate, to ask there for a move sent too late.
    let before_mate = app.world().resource::<CurrentMatch>().clone();
    request(&mut app, "d8h4");
    assert_eq!(sent::<MoveApplied>(&app)[0].san, "Qh4#");
    let ended = sent::<GameEnded>(&app);
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0].outcome.winner, Some(Color::Black));
    assert_eq!(ended[0].outcome.reason, EndReason::Checkmate);
    // No move after the end: not as text, nor as a move at the current ply.
    assert!(refused_at_the_edge(&app, "a2a3"));
    let mut late = before_mate.request_lmn("d8h4").expect("Black's mate");
    late.ply = 4;
    send(&mut app, late);
    let r = sent::<MoveRejected>(&app);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].reason, MatchError::GameOver(ended[0].outcome));
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().moves().len(),
        4
    );
}

#[test]
fn illegal_and_garbage_requests_are_rejected_without_changing_the_match() {
    let mut app = app_with(Match::start("grand", &[], &[]).expect("grand"));
    // Text that is no legal move is refused where it is read, with a reason.
    for bad in ["e3e6", "zz", "", "e3e4=Q", "J@e2"] {
        let e = app.world().resource::<CurrentMatch>().request_lmn(bad);
        assert!(e.is_err_and(|e| !e.to_string().is_empty()), "{bad:?}");
    }
    // Typed moves the match cannot play now are rejected with the reason.
    let white = requested(&app, "e3e4");
    let mut after = app.world().resource::<CurrentMatch>().clone();
    after.play(white.mv, 0).expect("e3e4 is legal");
    let black = after.request_lmn("e8e7").expect("Black's reply");
    assert_eq!(black.ply, 1);
    let cases = [
        // Black's move, at White's turn: it is White's move (docs/rules.md §0).
        (
            MoveIntent { ply: 0, ..black },
            MatchError::Illegal(Illegal::NotYourMove(Color::White)),
        ),
        // White's move stamped with a ply that is not the game's.
        (
            MoveIntent { ply: 1, ..white },
            MatchError::NotCurrent {
                asked: 1,
                current: 0,
            },
        ),
    ];
    for (req, why) in cases {
        send(&mut app, req);
        let r = sent::<MoveRejected>(&app);
        assert_eq!(r.len(), 1, "{req:?}");
        assert_eq!((r[0].mv, r[0].ply, &r[0].reason), (req.mv, req.ply, &why));
        assert!(
            app.world()
                .resource::<CurrentMatch>()
                .game()
                .moves()
                .is_empty()
        );
    }
    assert_eq!(
        MatchError::Illegal(Illegal::NotYourMove(Color::White)).to_string(),
        "it is White's move"
    );
    // Without a game there is nothing to play on.
    let mut empty = App::new();
    empty
        .add_plugins(MinimalPlugins)
        .add_plugins(match_state::plugin);
    send(&mut empty, white);
    assert_eq!(sent::<MoveRejected>(&empty)[0].reason, MatchError::NoGame);
    // A new game of a variant that does not exist fails with the reason.
    command(
        &mut app,
        MatchCommand::NewGame(GameSetup::new("xiangqi", Vec::new())),
    );
    let failed = sent::<CommandRejected>(&app);
    assert_eq!(failed.len(), 1);
    assert!(matches!(failed[0].reason, MatchError::Rules(_)));
}

#[test]
fn en_passant_announces_the_captured_pawn_square() {
    let mut app = app_from("chess", "4k3/8/8/8/5p2/8/4P3/4K3 w - - - 0 1");
    request(&mut app, "e2e4");
    request(&mut app, "f4e3");
    let caps = sent::<PieceCaptured>(&app);
    assert_eq!(caps.len(), 1);
    assert_eq!(caps[0].at, sq(&app, "e4"));
    assert_eq!(piece(&app, "e4"), None);
    assert_eq!(piece(&app, "e3"), Some((Color::Black, Kind::Pawn)));
}

#[test]
fn castling_announces_king_and_rook() {
    // Holy Grail f1->b1 with the rook b1->c1 (docs/rules.md §4).
    let mut app = app_from(
        "holygrail",
        "****2****/5k4/10/10/10/10/10/10/10/10/1R3K4/****2**** w B - - 0 1",
    );
    request(&mut app, "f1b1,b1c1");
    let moved = sent::<PieceMoved>(&app);
    assert_eq!(moved.len(), 2);
    assert_eq!(
        (moved[0].from, moved[0].to),
        (sq(&app, "f1"), sq(&app, "b1"))
    );
    assert_eq!(
        (moved[1].from, moved[1].to),
        (sq(&app, "b1"), sq(&app, "c1"))
    );
    assert_eq!(piece(&app, "b1"), Some((Color::White, Kind::King)));
    assert_eq!(piece(&app, "c1"), Some((Color::White, Kind::Rook)));
}

#[test]
fn ninja_drop_with_push_then_serpent_drop_and_mutation() {
    let mut app = app_from(
        "holygrail",
        "****2****/9k/10/10/10/10/10/10/10/10/10/****1K**** w - - JSj 0 1",
    );
    request(&mut app, "J@e2-e5");
    let d = sent::<PieceDropped>(&app);
    assert_eq!(
        (d[0].at, d[0].to, d[0].piece.kind),
        (sq(&app, "e2"), sq(&app, "e5"), Kind::NinjaPawn)
    );
    assert_eq!(
        app.world()
            .resource::<CurrentMatch>()
            .position()
            .hand_count(Color::White, Kind::NinjaPawn),
        0
    );
    request(&mut app, "j10j9");
    request(&mut app, "G@e0");
    let d = sent::<PieceDropped>(&app);
    assert_eq!(d[0].piece.kind, Kind::Gryphon);
    assert!(d[0].piece.locked, "a dropped serpent is locked");
    request(&mut app, "j9j10");
    // Locked: it may not mutate before it has moved.
    assert!(refused_at_the_edge(&app, "e0~V"));
    // The Gryphon moves (diagonal step to f1, then up past f2 to f3): unlocked.
    request(&mut app, "e0f3");
    request(&mut app, "j10j9");
    request(&mut app, "f3~V");
    assert!(sent::<MoveRejected>(&app).is_empty());
    let m = sent::<SerpentMutated>(&app);
    assert_eq!((m[0].from, m[0].piece.kind), (Kind::Gryphon, Kind::Vao));
    assert!(m[0].piece.locked);
}

#[test]
fn bomber_double_capture_announces_both_victims() {
    let mut app = app_from(
        "holygrail",
        "****2****/9k/10/10/10/4q5/4r5/4Y5/10/10/10/****1K**** w - - - 0 1",
    );
    request(&mut app, "e4e6");
    let mut caps: Vec<_> = sent::<PieceCaptured>(&app)
        .iter()
        .map(|c| (c.at, c.piece.kind))
        .collect();
    caps.sort();
    assert_eq!(
        caps,
        vec![(sq(&app, "e5"), Kind::Rook), (sq(&app, "e6"), Kind::Queen)]
    );
    assert_eq!(piece(&app, "e6"), Some((Color::White, Kind::Bomber)));
}

#[test]
fn crowning_swaps_king_and_prince_and_play_goes_on() {
    let mut app = app_from(
        "holygrail",
        "****2****/rr7k/10/10/10/10/8I1/10/10/10/K9/****2**** w - - - 0 1",
    );
    request(&mut app, "^i5");
    let c = sent::<KingCrowned>(&app);
    assert_eq!(
        (c[0].king_at, c[0].prince_at),
        (sq(&app, "a1"), sq(&app, "i5"))
    );
    assert!(sent::<GameEnded>(&app).is_empty());
    assert_eq!(piece(&app, "i5"), Some((Color::White, Kind::King)));
    assert_eq!(piece(&app, "a1"), Some((Color::White, Kind::NinjaPawn)));
    assert_eq!(
        app.world()
            .resource::<CurrentMatch>()
            .position()
            .side_to_move(),
        Color::Black
    );
}

#[test]
fn holywar_opening_drops_then_ghostarelay_no_moves_win() {
    let mut app = app_with(Match::start("holywar", &[], &[]).expect("holywar"));
    request(&mut app, "K@b2");
    request(&mut app, "L@g7");
    let d = sent::<PieceDropped>(&app);
    assert_eq!(
        (d[0].at, d[0].piece.color, d[0].piece.kind),
        (sq(&app, "g7"), Color::Black, Kind::Lady)
    );
    // Ghostarelay: White's only piece must capture; then White has no piece and wins.
    let mut app = app_from("ghostarelay", "10/10/10/10/10/10/10/10/3p6/4R5 b - - - 0 1");
    request(&mut app, "d2e1=W");
    let ended = sent::<GameEnded>(&app);
    assert_eq!(ended[0].outcome.winner, Some(Color::White));
    assert_eq!(ended[0].outcome.reason, EndReason::NoMoves);
}

#[test]
fn undo_redo_resign_and_draw_agreement() {
    let mut app = app_with(Match::start("embassy", &[], &[]).expect("embassy"));
    request(&mut app, "e2e4");
    request(&mut app, "e7e5");
    command(&mut app, MatchCommand::Undo);
    assert_eq!(sent::<BoardResynced>(&app).len(), 1);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().moves().len(),
        1
    );
    command(&mut app, MatchCommand::Redo);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game().moves().len(),
        2
    );
    // A draw offer needs the other side to accept.
    command(&mut app, MatchCommand::OfferDraw(Color::White));
    command(&mut app, MatchCommand::Accept(Offer::Draw, Color::White));
    assert!(app.world().resource::<CurrentMatch>().outcome().is_none());
    command(&mut app, MatchCommand::Accept(Offer::Draw, Color::Black));
    assert_eq!(
        app.world()
            .resource::<CurrentMatch>()
            .outcome()
            .map(|o| o.reason),
        Some(EndReason::DrawAgreed)
    );
    // Resigning after the end changes nothing.
    command(&mut app, MatchCommand::Resign(Color::White));
    assert!(sent::<GameEnded>(&app).is_empty());
    let mut app = app_with(Match::start("grand", &[], &[]).expect("grand"));
    command(&mut app, MatchCommand::Resign(Color::White));
    let ended = sent::<GameEnded>(&app);
    assert_eq!(ended[0].outcome.winner, Some(Color::Black));
    assert_eq!(ended[0].outcome.reason, EndReason::Resignation);
}

/// The LMN of the match's moves.
fn moves(app: &App) -> Vec<String> {
    let m = app.world().resource::<CurrentMatch>();
    chimera_engine::pv_lmn(m.game().start(), m.game().moves())
}

#[test]
fn a_new_line_keeps_the_old_continuation_until_its_first_move_is_undone() {
    let mut app = app_with(Match::start("chess", &[], &[]).expect("chess"));
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        request(&mut app, m);
    }
    // Nothing after ply 4: no change, no resync.
    command(&mut app, MatchCommand::TruncateTo(4));
    assert!(sent::<BoardResynced>(&app).is_empty());
    assert_eq!(moves(&app).len(), 4);
    // Back to ply 2; the two later moves are the redo list.
    command(&mut app, MatchCommand::TruncateTo(2));
    assert_eq!(sent::<BoardResynced>(&app).len(), 1);
    assert_eq!(moves(&app), ["e2e4", "e7e5"]);
    assert!(app.world().resource::<CurrentMatch>().can_redo());
    // A new line: 2. d4 exd4. The old continuation is set aside.
    request(&mut app, "d2d4");
    assert_eq!(sent::<MoveApplied>(&app).len(), 1);
    assert!(!app.world().resource::<CurrentMatch>().can_redo());
    request(&mut app, "e5d4");
    // Undoing exd4 gives exd4 to redo; undoing d4 brings 2. Nf3 Nc6 back.
    command(&mut app, MatchCommand::Undo);
    command(&mut app, MatchCommand::Undo);
    assert_eq!(moves(&app), ["e2e4", "e7e5"]);
    command(&mut app, MatchCommand::Redo);
    command(&mut app, MatchCommand::Redo);
    assert_eq!(moves(&app), ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert!(!app.world().resource::<CurrentMatch>().can_redo());
}
