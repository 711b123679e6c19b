//! One full short game of every variant through the headless client
//! (`headless_app()`): moves enter as `MoveIntent` messages, as
//! selection input (`SelectInput`: clicks, hand picks, choosers, mutation)
//! or as pointer-level mouse presses and drags. After every move the test
//! checks, against values worked out from docs/rules.md (not copied from the
//! code's output):
//! - the `Match` position, as VFEN;
//! - the emitted messages (`PieceMoved`, `PieceCaptured`, `PieceDropped`,
//!   `SerpentMutated`, `KingCrowned`, `GameEnded`; no `MoveRejected`), exactly;
//! - the piece entities once animations end: one per piece, right kind,
//!   colour, square, transform and 2D glyph; the moved piece is the same
//!   entity that stood on the origin (no silent rebuild), captured entities
//!   are despawned, dropped pieces are new entities.
//!
//! At the end of each game a burst of undos and then redos must put the
//! entities back where the position says.

use std::collections::{HashMap, HashSet};

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use chimera_client::board_view::BoardRoot;
use chimera_client::headless_app;
use chimera_client::input::mouse::PointerTarget;
use chimera_client::interaction::{SelectInput, Selection, Toast};
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::{
    BoardResynced, GameEnded, KingCrowned, Match, MatchCommand, MoveApplied, MoveRejected,
    PieceCaptured, PieceDropped, PieceMoved, SerpentMutated,
};
use chimera_client::piece_art::PieceArt;
use chimera_client::scene::{BoardLayout, HandSlot, PieceView};
use chimera_rules::{Color, Game, Kind, PieceInfo, Sq, Variant};

/// Frames (50 ms each) after which every animation has ended.
const SETTLE_FRAMES: usize = 30;

/// One player action below the move level.
#[derive(Clone, Copy, Debug)]
enum Sel {
    /// `SelectInput::Square`: a click (or cursor confirm) on a square.
    Click(&'static str),
    /// `SelectInput::Hand`: a hand piece picked.
    Hand(Color, Kind),
    /// `SelectInput::Mutate` on the picked serpent.
    Mutate,
    /// Answer the open chooser with the choice showing this piece
    /// (`None`: the choice without a piece, e.g. "Stay a pawn").
    Choose(Option<Kind>),
    /// Answer the open chooser with the choice whose label starts so.
    ChooseLabel(&'static str),
    /// The open chooser offers exactly these pieces (and maybe choices without one).
    Offers(&'static [Kind]),
    /// Mouse: press on a square, move to another, release there.
    Drag(&'static str, &'static str),
    /// Mouse: press on a hand slot, drag onto a square, release.
    DragHand(Color, Kind, &'static str),
    /// Mouse: press and release on a square (a click at the pointer level).
    Press(&'static str),
}

/// How a move is entered.
#[derive(Clone, Copy, Debug)]
enum Input {
    /// A `MoveIntent` message for the step's LMN (read as at an edge).
    Request,
    /// Player actions that must end in the step's move.
    Acts(&'static [Sel]),
}

/// One move of a scripted game and everything it must do.
pub(crate) struct Step {
    input: Input,
    /// The move as the match must apply it (LMN).
    pub(crate) lmn: &'static str,
    /// The messages, `;`-separated, in the order: captures, moves, drops,
    /// mutations, crownings, game end. Pieces are written with the variant's
    /// letter (Black lowercase, `~` for a locked serpent):
    /// `P e2-e4`, `x p e4`, `J@e2-e5`, `K@h1`, `c3 G~Y~`, `^a1 j1`, `# 1-0 checkmate`.
    pub(crate) effects: &'static str,
    /// The position after the move.
    pub(crate) vfen: &'static str,
}

/// A game from a hand-built position to its end.
pub(crate) struct Script {
    pub(crate) variant: &'static str,
    pub(crate) start: &'static str,
    pub(crate) steps: &'static [Step],
}

const fn req(lmn: &'static str, effects: &'static str, vfen: &'static str) -> Step {
    Step {
        input: Input::Request,
        lmn,
        effects,
        vfen,
    }
}

const fn act(
    acts: &'static [Sel],
    lmn: &'static str,
    effects: &'static str,
    vfen: &'static str,
) -> Step {
    Step {
        input: Input::Acts(acts),
        lmn,
        effects,
        vfen,
    }
}

/// What the client announced during one step.
#[derive(Resource, Default)]
struct Log {
    lines: Vec<String>,
    applied: Vec<String>,
    moves: Vec<(Sq, Sq)>,
    drops: Vec<Sq>,
    captures: usize,
    resyncs: usize,
    toasts: Vec<String>,
}

#[derive(bevy::ecs::system::SystemParam)]
struct Heard<'w, 's> {
    captured: MessageReader<'w, 's, PieceCaptured>,
    moved: MessageReader<'w, 's, PieceMoved>,
    dropped: MessageReader<'w, 's, PieceDropped>,
    mutated: MessageReader<'w, 's, SerpentMutated>,
    crowned: MessageReader<'w, 's, KingCrowned>,
    ended: MessageReader<'w, 's, GameEnded>,
    applied: MessageReader<'w, 's, MoveApplied>,
    rejected: MessageReader<'w, 's, MoveRejected>,
    resynced: MessageReader<'w, 's, BoardResynced>,
    toasts: MessageReader<'w, 's, Toast>,
}

fn record(game: Option<Res<CurrentMatch>>, mut heard: Heard, mut log: ResMut<Log>) {
    let Some(game) = game else { return };
    let v = game.variant().clone();
    let name = |s: Sq| v.square_name(s);
    let letter = |p: PieceInfo| {
        let l = v.letter(p.kind);
        let l = if p.color == Color::White {
            l
        } else {
            l.to_ascii_lowercase()
        };
        format!("{l}{}", if p.locked { "~" } else { "" })
    };
    for c in heard.captured.read() {
        log.captures += 1;
        log.lines
            .push(format!("x {} {}", letter(c.piece), name(c.at)));
    }
    for m in heard.moved.read() {
        log.moves.push((m.from, m.to));
        log.lines.push(format!(
            "{} {}-{}",
            letter(m.piece),
            name(m.from),
            name(m.to)
        ));
    }
    for d in heard.dropped.read() {
        log.drops.push(d.to);
        let push = if d.at == d.to {
            String::new()
        } else {
            format!("-{}", name(d.to))
        };
        log.lines
            .push(format!("{}@{}{push}", letter(d.piece), name(d.at)));
    }
    for m in heard.mutated.read() {
        let from = letter(PieceInfo {
            kind: m.from,
            locked: false,
            ..m.piece
        });
        log.lines
            .push(format!("{} {from}~{}", name(m.at), letter(m.piece)));
    }
    for c in heard.crowned.read() {
        log.lines
            .push(format!("^{} {}", name(c.king_at), name(c.prince_at)));
    }
    for e in heard.ended.read() {
        log.lines.push(format!("# {}", e.outcome.result_text()));
    }
    for a in heard.applied.read() {
        log.applied.push(a.lmn.clone());
    }
    for r in heard.rejected.read() {
        log.lines.push(format!(
            "rejected {:?} at ply {}: {}",
            r.mv, r.ply, r.reason
        ));
    }
    log.resyncs += heard.resynced.read().count();
    for t in heard.toasts.read() {
        log.toasts.push(t.0.clone());
    }
}

fn app_for(script: &Script) -> App {
    app_at(script.variant, script.start)
}

fn app_at(variant: &str, start: &str) -> App {
    let v = Variant::new(variant, &[]).expect("variant");
    let game = Game::from_vfen(&v, start).unwrap_or_else(|e| panic!("{variant}: {e}"));
    let mut app = headless_app();
    app.insert_resource(CurrentMatch(Match::from_game(game)))
        .init_resource::<Log>()
        .add_systems(Last, record);
    settle(&mut app);
    app
}

fn settle(app: &mut App) {
    for _ in 0..SETTLE_FRAMES {
        app.update();
    } // The autosave is written by a thread of its own: wait for it.
    if let Some(writer) = app
        .world()
        .get_resource::<chimera_client::saves::AutosaveWriter>()
    {
        writer.flush();
    }
}

fn sq(app: &App, name: &str) -> Sq {
    app.world()
        .resource::<CurrentMatch>()
        .variant()
        .parse_square(name)
        .unwrap_or_else(|| panic!("{name} is not a square"))
}

fn mouse(app: &mut App, state: ButtonState) {
    app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state,
        window: Entity::PLACEHOLDER,
    });
}

/// Puts the pointer over a square (or a hand slot) of the board.
fn point(app: &mut App, at: Result<Sq, (Color, Kind)>) {
    let layout = *app.world().resource::<BoardLayout>();
    let target = match at {
        Ok(s) => PointerTarget {
            world: Some(layout.centre(s)),
            square: Some(s),
            hand: None,
        },
        Err((side, kind)) => {
            let slot = app
                .world_mut()
                .query::<&HandSlot>()
                .iter(app.world())
                .find(|h| h.side == side && h.kind == kind)
                .map(|h| layout.hand_slot(side, h.index))
                .expect("hand slot");
            PointerTarget {
                world: Some(slot),
                square: None,
                hand: Some((side, kind)),
            }
        }
    };
    *app.world_mut().resource_mut::<PointerTarget>() = target;
}

/// Press at `from`, move to `to` over two frames, release.
fn mouse_drag(app: &mut App, from: Result<Sq, (Color, Kind)>, to: Sq) {
    point(app, from);
    mouse(app, ButtonState::Pressed);
    app.update();
    point(app, Ok(to));
    app.update();
    app.update();
    mouse(app, ButtonState::Released);
    app.update();
}

fn send(app: &mut App, input: SelectInput) {
    app.world_mut().write_message(input);
    app.update();
}

fn open_chooser(app: &App) -> Vec<(String, Option<Kind>)> {
    app.world()
        .resource::<Selection>()
        .0
        .chooser()
        .map(|c| {
            c.choices
                .iter()
                .map(|c| (c.label.clone(), c.kind))
                .collect()
        })
        .unwrap_or_default()
}

fn choose(app: &mut App, pick: impl Fn(&(String, Option<Kind>)) -> bool, what: &str) {
    let choices = open_chooser(app);
    let i = choices
        .iter()
        .position(pick)
        .unwrap_or_else(|| panic!("no choice {what} in {choices:?}"));
    send(app, SelectInput::Choose(i));
}

fn perform(app: &mut App, a: Sel) {
    match a {
        Sel::Click(s) => {
            let s = sq(app, s);
            send(app, SelectInput::Square(s));
        }
        Sel::Hand(side, kind) => send(app, SelectInput::Hand(side, kind)),
        Sel::Mutate => send(app, SelectInput::Mutate),
        Sel::Choose(kind) => choose(app, |c| c.1 == kind, &format!("{kind:?}")),
        Sel::ChooseLabel(l) => choose(app, |c| c.0.starts_with(l), l),
        Sel::Offers(kinds) => {
            let offered: HashSet<Kind> = open_chooser(app).iter().filter_map(|c| c.1).collect();
            let want: HashSet<Kind> = kinds.iter().copied().collect();
            assert_eq!(offered, want, "chooser pieces");
        }
        Sel::Drag(from, to) => {
            let (from, to) = (sq(app, from), sq(app, to));
            mouse_drag(app, Ok(from), to);
        }
        Sel::DragHand(side, kind, to) => {
            let to = sq(app, to);
            mouse_drag(app, Err((side, kind)), to);
        }
        Sel::Press(s) => {
            let s = sq(app, s);
            point(app, Ok(s));
            mouse(app, ButtonState::Pressed);
            app.update();
            mouse(app, ButtonState::Released);
            app.update();
        }
    }
}

/// Square → piece entity of every `PieceView`.
fn entities(app: &mut App) -> HashMap<Sq, Entity> {
    let mut q = app.world_mut().query::<(Entity, &PieceView)>();
    let mut out = HashMap::new();
    for (e, v) in q.iter(app.world()) {
        assert!(out.insert(v.sq, e).is_none(), "two entities on {:?}", v.sq);
    }
    out
}

fn board_root(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<BoardRoot>>()
        .single(app.world())
        .expect("one board root")
}

/// Every piece of the match has exactly one entity at rest on its square,
/// with the right kind, colour, look, and nothing else is shown.
fn assert_views_match(app: &mut App, ctx: &str) {
    let pos = app.world().resource::<CurrentMatch>().position().clone();
    let layout = *app.world().resource::<BoardLayout>();
    let mut q = app
        .world_mut()
        .query::<(&PieceView, &Transform, &Children)>();
    let views: Vec<(PieceView, Transform, Vec<Entity>)> = q
        .iter(app.world())
        .map(|(p, t, c)| (*p, *t, c.iter().collect()))
        .collect();
    let on_board = pos
        .variant()
        .squares()
        .filter(|s| pos.piece_at(*s).is_some())
        .count();
    assert_eq!(views.len(), on_board, "{ctx}: one entity per piece");
    for (v, tf, children) in views {
        let name = pos.variant().square_name(v.sq);
        let p = pos
            .piece_at(v.sq)
            .unwrap_or_else(|| panic!("{ctx}: an entity on empty {name}"));
        assert_eq!(
            (p.color, p.kind),
            (v.piece.color, v.piece.kind),
            "{ctx}: entity on {name}"
        );
        let want = layout.centre(v.sq).extend(0.0);
        assert!(
            tf.translation.distance(want) < 1e-3,
            "{ctx}: {:?} of {name} rests at {}, not {want}",
            v.piece.kind,
            tf.translation
        );
        assert!(
            (tf.scale - Vec3::ONE).length() < 1e-3,
            "{ctx}: {name} scaled {}",
            tf.scale
        );
        let glyph = app
            .world()
            .resource::<PieceArt>()
            .glyph(pos.variant(), p.kind, p.color)
            .id();
        let shown: Vec<AssetId<Mesh>> = children
            .iter()
            .filter_map(|c| app.world().get::<Mesh2d>(*c).map(|m| m.0.id()))
            .collect();
        assert_eq!(shown, vec![glyph], "{ctx}: glyph on {name}");
    }
}

/// The entity on each square after a move is the one the announcements say:
/// a moved piece's own entity, a new one for a drop, the same one elsewhere;
/// the captured ones are gone.
fn assert_entities_followed(app: &mut App, before: &HashMap<Sq, Entity>, root: Entity, ctx: &str) {
    assert_eq!(board_root(app), root, "{ctx}: the board was rebuilt");
    let after = entities(app);
    let log = app.world().resource::<Log>();
    let old: HashSet<Entity> = before.values().copied().collect();
    for (s, e) in &after {
        if let Some((from, _)) = log.moves.iter().find(|(_, to)| to == s) {
            assert_eq!(Some(e), before.get(from), "{ctx}: mover on {s:?}");
        } else if log.drops.contains(s) {
            assert!(!old.contains(e), "{ctx}: dropped piece on {s:?} is new");
        } else {
            assert_eq!(Some(e), before.get(s), "{ctx}: piece on {s:?} kept");
        }
    }
    let kept: HashSet<Entity> = after.values().copied().collect();
    let gone: Vec<Entity> = old.difference(&kept).copied().collect();
    assert_eq!(
        gone.len(),
        log.captures,
        "{ctx}: one entity gone per capture"
    );
    for e in gone {
        assert!(
            app.world().get_entity(e).is_err(),
            "{ctx}: captured entity despawned"
        );
    }
}

fn vfen(app: &App) -> String {
    app.world().resource::<CurrentMatch>().position().to_vfen()
}

fn play(script: &Script) {
    let mut app = app_for(script);
    let id = script.variant;
    assert_eq!(vfen(&app), script.start, "{id}: start position");
    assert_views_match(&mut app, &format!("{id} start"));
    for (i, step) in script.steps.iter().enumerate() {
        let ctx = format!("{id} move {} ({})", i + 1, step.lmn);
        let before = entities(&mut app);
        let root = board_root(&mut app);
        *app.world_mut().resource_mut::<Log>() = Log::default();
        match step.input {
            Input::Request => {
                let req = app.world().resource::<CurrentMatch>().request_lmn(step.lmn);
                let req = req.unwrap_or_else(|e| panic!("{ctx}: {e}"));
                app.world_mut().write_message(req);
                app.update();
            }
            Input::Acts(acts) => {
                for a in acts {
                    perform(&mut app, *a);
                }
            }
        }
        settle(&mut app);
        let log = app.world().resource::<Log>();
        assert_eq!(log.applied, vec![step.lmn.to_string()], "{ctx}: applied");
        let want: Vec<String> = step
            .effects
            .split(';')
            .map(|s| s.trim().to_string())
            .collect();
        assert_eq!(log.lines, want, "{ctx}: messages");
        assert_eq!(log.resyncs, 0, "{ctx}: no resync");
        assert_eq!(vfen(&app), step.vfen, "{ctx}: position");
        assert_views_match(&mut app, &ctx);
        assert_entities_followed(&mut app, &before, root, &ctx);
    }
    let last = script.steps.last().expect("a game has moves");
    assert!(last.effects.contains('#'), "{id}: the game ends");
    assert!(app.world().resource::<CurrentMatch>().outcome().is_some());
    record_round_trip(&app, id);
    undo_and_redo(&mut app, script);
}

/// The finished game written as a record and read back (issue 11): the same
/// moves, final position and result.
fn record_round_trip(app: &App, id: &str) {
    let m = app.world().resource::<CurrentMatch>();
    let text = chimera_game::record::export(m.game(), &[]).unwrap_or_else(|e| panic!("{id}: {e}"));
    let l = chimera_game::record::load(&text, 1).unwrap_or_else(|e| panic!("{id}: {e}\n{text}"));
    assert_eq!(l.game.moves(), m.game().moves(), "{id}: record moves");
    assert_eq!(
        l.final_vfen(),
        m.position().to_vfen(),
        "{id}: record position"
    );
    assert_eq!(l.result(), m.outcome(), "{id}: record result");
}

/// Undo every move in one burst, check the start; redo them all, check the end.
fn undo_and_redo(app: &mut App, script: &Script) {
    let n = script.steps.len();
    for (command, want) in [
        (MatchCommand::Undo, script.start),
        (MatchCommand::Redo, script.steps[n - 1].vfen),
    ] {
        let ctx = format!("{} after {command:?} x{n}", script.variant);
        for _ in 0..n {
            app.world_mut().write_message(command.clone());
        }
        settle(app);
        assert_eq!(vfen(app), want, "{ctx}");
        assert_views_match(app, &ctx);
    }
    // One undo from the end shows the position before the last move.
    app.world_mut().write_message(MatchCommand::Undo);
    settle(app);
    let before_last = n
        .checked_sub(2)
        .map_or(script.start, |i| script.steps[i].vfen);
    assert_eq!(vfen(app), before_last, "{}: one undo", script.variant);
    assert_views_match(app, &format!("{} after one undo", script.variant));
}

use Color::{Black, White};

/// Chess (FIDE): double step, en passant (the e4 pawn's entity disappears),
/// short castling (king and rook move), promotion through the chooser with mate.
const CHESS: Script = Script {
    variant: "chess",
    start: "k7/pp2P3/8/8/5p2/8/4P3/4K2R w H - - 0 1",
    steps: &[
        act(
            &[Sel::Drag("e2", "e4")],
            "e2e4",
            "P e2-e4",
            "k7/pp2P3/8/8/4Pp2/8/8/4K2R b H e3 - 0 1",
        ),
        act(
            &[Sel::Click("f4"), Sel::Click("e3")],
            "f4e3",
            "x P e4; p f4-e3",
            "k7/pp2P3/8/8/8/4p3/8/4K2R w H - - 0 2",
        ),
        act(
            &[Sel::Click("e1"), Sel::Click("g1")],
            "e1g1,h1f1",
            "K e1-g1; R h1-f1",
            "k7/pp2P3/8/8/8/4p3/8/5RK1 b - - - 1 2",
        ),
        req("e3e2", "p e3-e2", "k7/pp2P3/8/8/8/8/4p3/5RK1 w - - - 0 3"),
        act(
            &[
                Sel::Click("e7"),
                Sel::Click("e8"),
                Sel::Choose(Some(Kind::Queen)),
            ],
            "e7e8=Q",
            "Q e7-e8; # 1-0 checkmate",
            "k3Q3/pp6/8/8/8/8/4p3/5RK1 b - - - 0 3",
        ),
    ],
};

/// Grand (§2): optional promotion declined on rank 8; on rank 10 the chooser
/// offers only pieces below their initial count (the Queen is on the board),
/// and the new Marshal mates.
const GRAND: Script = Script {
    variant: "grand",
    start: "9k/2P5pp/p9/6P3/10/10/10/10/10/K3Q5 w - - - 0 1",
    steps: &[
        act(
            &[Sel::Click("g7"), Sel::Click("g8"), Sel::Choose(None)],
            "g7g8",
            "P g7-g8",
            "9k/2P5pp/p5P3/10/10/10/10/10/10/K3Q5 b - - - 0 1",
        ),
        req(
            "a8a6",
            "p a8-a6",
            "9k/2P5pp/6P3/10/p9/10/10/10/10/K3Q5 w - - - 0 2",
        ),
        act(
            &[
                Sel::Click("c9"),
                Sel::Click("c10"),
                Sel::Offers(&[
                    Kind::Rook,
                    Kind::Bishop,
                    Kind::Knight,
                    Kind::Marshal,
                    Kind::Cardinal,
                ]),
                Sel::Choose(Some(Kind::Marshal)),
            ],
            "c9c10=M",
            "M c9-c10; # 1-0 checkmate",
            "2M6k/8pp/6P3/10/p9/10/10/10/10/K3Q5 b - - - 0 2",
        ),
    ],
};

/// Embassy (§3): the king castles three squares toward a1 (rook a1→c1), and
/// the rook mates on the back rank.
const EMBASSY: Script = Script {
    variant: "embassy",
    start: "9k/p7pp/10/10/10/10/10/R3K5 w A - - 0 1",
    steps: &[
        act(
            &[Sel::Press("e1"), Sel::Press("b1")],
            "e1b1,a1c1",
            "K e1-b1; R a1-c1",
            "9k/p7pp/10/10/10/10/10/1KR7 b - - - 1 1",
        ),
        req("a7a5", "p a7-a5", "9k/8pp/10/p9/10/10/10/1KR7 w - - - 0 2"),
        act(
            &[Sel::Drag("c1", "c8")],
            "c1c8",
            "R c1-c8; # 1-0 checkmate",
            "2R6k/8pp/10/p9/10/10/10/1K8 b - - - 1 2",
        ),
    ],
};

/// Holy Grail (§4): ninja drop pushed e2→e5 (dragged from the hand, landing
/// clicked), serpent mutation Gryphon→Flying Bomber (locked), the Bomber's
/// double capture, and a back-rank mate (no prince: the game ends).
pub(crate) const HOLY_GRAIL: Script = Script {
    variant: "holygrail",
    start: "****2****/9k/6p1pp/10/10/10/2p7/2p7/2G7/R9/5K4/****2**** w - - J 0 1",
    steps: &[
        act(
            &[
                Sel::DragHand(White, Kind::NinjaPawn, "e2"),
                Sel::Press("e5"),
            ],
            "J@e2-e5",
            "J@e2-e5",
            "****2****/9k/6p1pp/10/10/10/2p1J5/2p7/2G7/R9/5K4/****2**** b - - - 0 1",
        ),
        req(
            "g9g8",
            "p g9-g8",
            "****2****/9k/8pp/6p3/10/10/2p1J5/2p7/2G7/R9/5K4/****2**** w - - - 0 2",
        ),
        act(
            &[
                Sel::Click("c3"),
                Sel::Mutate,
                Sel::Choose(Some(Kind::Bomber)),
            ],
            "c3~Y",
            "c3 G~Y~",
            "****2****/9k/8pp/6p3/10/10/2p1J5/2p7/2Y~7/R9/5K4/****2**** b - - - 1 2",
        ),
        req(
            "g8g7",
            "p g8-g7",
            "****2****/9k/8pp/10/6p3/10/2p1J5/2p7/2Y~7/R9/5K4/****2**** w - - - 0 3",
        ),
        act(
            &[Sel::Click("c3"), Sel::Click("c5")],
            "c3c5",
            "x p c4; x p c5; Y c3-c5",
            "****2****/9k/8pp/10/6p3/10/2Y1J5/10/10/R9/5K4/****2**** b - - - 0 3",
        ),
        req(
            "g7g6",
            "p g7-g6",
            "****2****/9k/8pp/10/10/6p3/2Y1J5/10/10/R9/5K4/****2**** w - - - 0 4",
        ),
        req(
            "a2a10",
            "R a2-a10; # 1-0 checkmate",
            "****2****/R8k/8pp/10/10/6p3/2Y1J5/10/10/10/5K4/****2**** b - - - 1 4",
        ),
    ],
};

/// Holy Grail (§4) crowning: White is mated with an unattacked prince on j1,
/// crowns it (king → ninja pawn on a1), and is mated again without a prince.
pub(crate) const HOLY_GRAIL_CROWNING: Script = Script {
    variant: "holygrail",
    start: "****2****/1r3k4/10/10/10/10/10/10/7r2/8PP/K8I/****2**** b - - - 0 1",
    steps: &[
        req(
            "h3a3",
            "r h3-a3",
            "****2****/1r3k4/10/10/10/10/10/10/r9/8PP/K8I/****2**** w - - - 1 2",
        ),
        act(
            &[Sel::Click("a1"), Sel::Click("j1")],
            "^j1",
            "^a1 j1",
            "****2****/1r3k4/10/10/10/10/10/10/r9/8PP/J8K/****2**** b - - - 2 2",
        ),
        act(
            &[Sel::Drag("b10", "b1")],
            "b10b1",
            "r b10-b1; # 0-1 checkmate",
            "****2****/5k4/10/10/10/10/10/10/r9/8PP/Jr7K/****2**** w - - - 3 3",
        ),
    ],
};

/// Herculean (§5): a three-square pawn run leaves two en-passant squares; the
/// pawn is taken en passant on the first; the king castles one square (g1→h1,
/// rook l1→g1, chosen over the plain king step); a Flying Chariot mates by
/// leaping the g11 pawn.
const HERCULEAN: Script = Script {
    variant: "herculean",
    start: "5bkb4/5wpw4/C11/12/12/12/12/5p6/12/4P7/12/6K4R w L - - 0 1",
    steps: &[
        act(
            &[Sel::Drag("e3", "e6")],
            "e3e6",
            "P e3-e6",
            "5bkb4/5wpw4/C11/12/12/12/4P7/5p6/12/12/12/6K4R b L e4,e5 - 0 1",
        ),
        act(
            &[Sel::Click("f5"), Sel::Click("e4")],
            "f5e4",
            "x P e6; p f5-e4",
            "5bkb4/5wpw4/C11/12/12/12/12/12/4p7/12/12/6K4R w L - - 0 2",
        ),
        act(
            &[
                Sel::Click("g1"),
                Sel::Click("h1"),
                Sel::ChooseLabel("Castle"),
            ],
            "g1h1,l1g1",
            "K g1-h1; R l1-g1",
            "5bkb4/5wpw4/C11/12/12/12/12/12/4p7/12/12/6RK4 b - - - 1 2",
        ),
        req(
            "e4e3",
            "p e4-e3",
            "5bkb4/5wpw4/C11/12/12/12/12/12/12/4p7/12/6RK4 w - - - 0 3",
        ),
        req(
            "a10g10",
            "C a10-g10; # 1-0 checkmate",
            "5bkb4/5wpw4/6C5/12/12/12/12/12/12/4p7/12/6RK4 b - - - 1 3",
        ),
    ],
};

/// Holywar (§6): the drop opening (alternating, from the hands, into each
/// side's own camp), then the Squire mates the cornered king, leaping in over
/// the missing a7.
const HOLYWAR: Script = Script {
    variant: "holywar",
    start: "1******1/*p5*/*6*/*6*/*6*/*6*/*6*/1******1 w - - KSkb 0 1",
    steps: &[
        act(
            &[Sel::Hand(White, Kind::King), Sel::Click("h1")],
            "K@h1",
            "K@h1",
            "1******1/*p5*/*6*/*6*/*6*/*6*/*6*/1******K b - - Skb 0 1",
        ),
        act(
            &[Sel::DragHand(Black, Kind::King, "a8")],
            "K@a8",
            "k@a8",
            "k******1/*p5*/*6*/*6*/*6*/*6*/*6*/1******K w - - Sb 0 2",
        ),
        req(
            "S@b2",
            "S@b2",
            "k******1/*p5*/*6*/*6*/*6*/*6*/*S5*/1******K b - - b 0 2",
        ),
        req(
            "B@g7",
            "b@g7",
            "k******1/*p4b*/*6*/*6*/*6*/*6*/*S5*/1******K w - - - 0 3",
        ),
        act(
            &[Sel::Click("b2"), Sel::Click("c4")],
            "b2c4",
            "S b2-c4",
            "k******1/*p4b*/*6*/*6*/*1S4*/*6*/*6*/1******K b - - - 1 3",
        ),
        req(
            "g7f6",
            "b g7-f6",
            "k******1/*p5*/*4b1*/*6*/*1S4*/*6*/*6*/1******K w - - - 2 4",
        ),
        act(
            &[Sel::Drag("c4", "b6")],
            "c4b6",
            "S c4-b6; # 1-0 checkmate",
            "k******1/*p5*/*S3b1*/*6*/*6*/*6*/*6*/1******K b - - - 3 4",
        ),
    ],
};

/// Ghostarelay (§7): jump castling (the rook hops over the king), compulsory
/// captures, a Ghost flying anywhere, and White wins by having no piece left
/// to move.
const GHOSTARELAY: Script = Script {
    variant: "ghostarelay",
    start: "10/10/g4r4/10/10/10/6b3/10/10/4K2R2 w - - - 0 1",
    steps: &[
        act(
            &[Sel::Click("e1"), Sel::Click("g1")],
            "e1g1,h1f1",
            "K e1-g1; R h1-f1",
            "10/10/g4r4/10/10/10/6b3/10/10/5RK3 b - - - 1 1",
        ),
        req(
            "f8f1",
            "x R f1; r f8-f1",
            "10/10/g9/10/10/10/6b3/10/10/5rK3 w - - - 0 2",
        ),
        act(
            &[Sel::Drag("g1", "f1")],
            "g1f1",
            "x r f1; K g1-f1",
            "10/10/g9/10/10/10/6b3/10/10/5K4 b - - - 0 2",
        ),
        act(
            &[Sel::Click("a8"), Sel::Click("e2")],
            "a8e2",
            "g a8-e2",
            "10/10/10/10/10/10/6b3/10/4g5/5K4 w - - - 1 3",
        ),
        req(
            "f1e2",
            "x g e2; K f1-e2",
            "10/10/10/10/10/10/6b3/10/4K5/10 b - - - 0 3",
        ),
        req(
            "g4e2",
            "x K e2; b g4-e2; # 1-0 no-moves",
            "10/10/10/10/10/10/10/10/4b5/10 w - - - 0 4",
        ),
    ],
};

#[test]
fn chess_game_with_en_passant_castling_and_promotion_mate() {
    play(&CHESS);
}

#[test]
fn grand_game_with_restricted_promotion_mate() {
    play(&GRAND);
}

#[test]
fn embassy_game_with_long_castling_and_back_rank_mate() {
    play(&EMBASSY);
}

#[test]
fn holy_grail_game_with_ninja_drop_mutation_and_double_capture() {
    play(&HOLY_GRAIL);
}

#[test]
fn holy_grail_game_with_crowning_then_mate() {
    play(&HOLY_GRAIL_CROWNING);
}

#[test]
fn herculean_game_with_multi_square_en_passant_castling_and_chariot_mate() {
    play(&HERCULEAN);
}

#[test]
fn holywar_game_with_drop_opening_and_squire_mate() {
    play(&HOLYWAR);
}

#[test]
fn ghostarelay_game_won_by_having_no_moves() {
    play(&GHOSTARELAY);
}

/// Illegal drags snap back with the engine's reason (docs/rules.md decides each):
/// (variant, position, drag, reason shown).
const SNAP_BACKS: &[(&str, &str, Sel, &str)] = &[
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - - 0 1",
        Sel::Drag("g1", "g3"),
        "the Knight does not move that way",
    ),
    (
        "chess",
        "4r1k1/8/8/8/8/8/4R3/4K3 w - - - 0 1",
        Sel::Drag("e2", "a2"),
        "that leaves your King in check",
    ),
    (
        "chess",
        "4kr2/8/8/8/8/8/8/4K2R w H - - 0 1",
        Sel::Drag("e1", "g1"),
        "castling through an attacked square",
    ),
    (
        "ghostarelay",
        "10/10/10/10/10/p9/10/10/10/R3G5 w - - - 0 1",
        Sel::Drag("a1", "a3"),
        "a capture is compulsory",
    ),
    (
        "holygrail",
        "****2****/9k/6p1pp/10/10/10/2p7/2p7/2G7/R9/5K4/****2**** w - - J 0 1",
        Sel::DragHand(White, Kind::NinjaPawn, "b3"),
        "a Ninja Pawn cannot be dropped there",
    ),
];

#[test]
fn illegal_drags_snap_back_with_the_reason() {
    for &(variant, start, drag, reason) in SNAP_BACKS {
        let mut app = app_at(variant, start);
        let before = entities(&mut app);
        perform(&mut app, drag);
        settle(&mut app);
        let log = app.world().resource::<Log>();
        assert_eq!(log.toasts, vec![reason.to_string()], "{variant} {drag:?}");
        assert!(log.applied.is_empty(), "{variant} {drag:?}: nothing played");
        assert_eq!(vfen(&app), start);
        assert_views_match(&mut app, &format!("{variant} {drag:?}"));
        assert_eq!(
            entities(&mut app),
            before,
            "{variant} {drag:?}: same entities"
        );
    }
}
