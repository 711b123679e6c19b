//! bevy_egui screens. Each view draws the entries of `menus` with the
//! keyboard/gamepad focus ringed and reports clicks as `MenuActivated`, so
//! mouse, keyboard and gamepad share one logic: the main menu (`menu`), the
//! in-game side panel (`panel`), dialogs — chooser, in-game menu, game end
//! (`dialogs`) — the controls screen (`controls`) and the piece guide
//! (`guide`); here the shared pieces: move list, short messages, hover names
//! and the "how it moves" banner. The side panel also tells the board which
//! part of the window it may use.

mod clock_view;
mod computer;
mod controls;
mod dialogs;
mod guide;
mod learn;
mod menu;
mod online;
mod panel;
mod puzzles;
mod replay;
mod review;
mod saves;

use crate::interaction::{HowItMoves, Replay, ShowHowItMoves, Toast};
use crate::match_state::CurrentMatch;
use crate::match_state::{CommandRejected, MoveRejected, hand_kind};
use crate::scene::BoardViewport;
use crate::schedule::{AppSystems, Screen};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use chimera_rules::{Color, EndReason, Kind, Outcome};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveList>()
        .init_resource::<Toasts>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                (
                    menu::menu_screen,
                    crate::net::screens::join_screen,
                    online::online_window,
                    puzzles::chooser_window,
                )
                    .chain()
                    .run_if(in_state(Screen::Menu)),
                (
                    panel::game_panel,
                    dialogs::chooser_window,
                    dialogs::game_menu,
                    dialogs::end_dialog,
                    dialogs::new_line_dialog,
                    learn::lesson_done_dialog,
                    toast_overlay,
                    hover_name,
                    help_banner,
                )
                    .chain()
                    .run_if(in_state(Screen::Game)),
                guide::guide_window,
                learn::learn_window,
                controls::controls_window,
                saves::load_window,
            )
                .chain(),
        )
        .add_systems(
            Update,
            (refresh_move_list, collect_toasts).in_set(AppSystems::Present),
        )
        .add_systems(OnEnter(Screen::Menu), release_board_viewport);
}

/// The moves of the game in readable notation, and the material each side
/// has lost, rebuilt when the game changes.
#[derive(Resource, Default)]
pub struct MoveList {
    key: Option<(u64, usize)>,
    /// The listed game: its start position's hash, its moves and the
    /// position after them (a move added to the same game is listed from
    /// there, instead of replaying the whole game).
    listed: Option<(u64, Vec<chimera_rules::Move>, chimera_rules::Position)>,
    /// One entry per ply.
    pub sans: Vec<String>,
    /// Per side (White, Black): kinds it has lost since the start, with counts.
    pub lost: [Vec<(Kind, u8)>; 2],
}

/// Pieces of each side on the board and in hand, by kind.
fn material(pos: &chimera_rules::Position) -> [Vec<(Kind, u8)>; 2] {
    let mut out: [Vec<(Kind, u8)>; 2] = [Vec::new(), Vec::new()];
    let mut add = |c: Color, k: Kind, n: u8| {
        let list = &mut out[c.index()];
        match list.iter_mut().find(|(kk, _)| *kk == k) {
            Some(e) => e.1 += n,
            None => list.push((k, n)),
        }
    };
    let v = pos.variant().clone();
    for s in v.squares() {
        if let Some(p) = pos.piece_at(s) {
            // A serpent on the board counts as the serpent it came from.
            add(p.color, hand_kind(&v, p.kind), 1);
        }
    }
    for c in [Color::White, Color::Black] {
        let mut seen: Vec<Kind> = Vec::new();
        for k in v.hand_kinds() {
            if !seen.contains(k) {
                seen.push(*k);
                add(c, *k, pos.hand_count(c, *k));
            }
        }
    }
    out
}

fn refresh_move_list(game: Option<Res<CurrentMatch>>, mut list: ResMut<MoveList>) {
    let Some(game) = game else { return };
    let key = Some((game.position().hash(), game.game().moves().len()));
    if list.key == key {
        return;
    }
    list.key = key;
    let moves = game.game().moves();
    let start = game.game().start();
    // The listed game with one move more: only that move's notation is new.
    // Anything else (an undo, another game): the whole list again.
    match (&mut list.listed, moves.split_last()) {
        (Some((hash, done, after)), Some((&last, earlier)))
            if *hash == start.hash() && earlier == done.as_slice() =>
        {
            let san = after.san(last);
            after.make_move(last);
            done.push(last);
            list.sans.push(san);
        }
        _ => {
            let mut pos = start.clone();
            list.sans.clear();
            for &m in moves {
                list.sans.push(pos.san(m));
                pos.make_move(m);
            }
            list.listed = Some((start.hash(), moves.to_vec(), pos));
        }
    }
    let (before, now) = (material(game.game().start()), material(game.position()));
    for side in 0..2 {
        list.lost[side] = before[side]
            .iter()
            .filter_map(|(k, n)| {
                let left = now[side].iter().find(|(kk, _)| kk == k).map_or(0, |e| e.1);
                (left < *n).then(|| (*k, n - left))
            })
            .collect();
    }
}

/// Short messages shown over the board for a moment.
#[derive(Resource, Default)]
struct Toasts(Vec<(String, f32)>);

const TOAST_SECS: f32 = 2.5;

fn collect_toasts(
    mut toasts: ResMut<Toasts>,
    mut from_input: MessageReader<Toast>,
    mut rejected: MessageReader<MoveRejected>,
    mut failed: MessageReader<CommandRejected>,
    time: Res<Time<Real>>,
) {
    let now = time.elapsed_secs();
    for t in from_input.read() {
        toasts.0.push((t.0.clone(), now));
    }
    for r in rejected.read() {
        toasts.0.push((r.reason.to_string(), now));
    }
    for r in failed.read() {
        toasts.0.push((r.reason.to_string(), now));
    }
    if toasts.0.iter().any(|(_, at)| now - at > TOAST_SECS) {
        toasts.0.retain(|(_, at)| now - at <= TOAST_SECS);
    }
    if toasts.0.len() > 3 {
        let extra = toasts.0.len() - 3;
        toasts.0.drain(..extra);
    }
}

fn release_board_viewport(mut viewport: ResMut<BoardViewport>) {
    viewport.0 = None;
}

/// Where a window sits: in the middle of the screen, or of the board
/// (left of the side panel, half its width).
#[derive(Clone, Copy)]
enum Centre {
    Screen,
    Board,
}

/// A fixed window (not collapsed, not resized) centred as `centre` says.
fn centred_window(title: impl Into<egui::WidgetText>, centre: Centre) -> egui::Window<'static> {
    let dx = match centre {
        Centre::Screen => 0.0,
        Centre::Board => -140.0,
    };
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(dx, 0.0))
}

fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "chimera-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The result in words: "White wins by checkmate", "Draw by repetition".
pub fn outcome_text(o: &Outcome) -> String {
    let why = match o.reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::Repetition => "threefold repetition",
        EndReason::HundredPly => "the 100-ply rule",
        EndReason::Insufficient => "bare kings",
        EndReason::NoMoves => "having no move",
        EndReason::Resignation => "resignation",
        EndReason::DrawAgreed => "agreement",
        EndReason::TimeForfeit => "time forfeit",
        EndReason::Abandoned => "abandonment",
    };
    match o.winner {
        Some(c) => format!("{} wins by {why}", c.name()),
        None => format!("Draw by {why}"),
    }
}

/// Height (logical points) of the message line above the board: short
/// messages and the selection's hint go there, never over the board or its
/// hand rows (the cameras frame both inside the board's area below it).
pub const MESSAGE_LINE: f32 = 30.0;

/// The part of the window left to the board (logical points): left of the
/// side panel (`panel_left`) and below the message line.
pub fn board_area(whole: egui::Rect, panel_left: f32) -> egui::Rect {
    egui::Rect::from_min_max(
        whole.min + egui::vec2(0.0, MESSAGE_LINE),
        egui::pos2(panel_left, whole.max.y),
    )
}

/// Draws `text` on the message line above `board` (the board's area, as
/// [`board_area`] gives it), centred and cut to its width; returns the
/// rectangle drawn.
pub fn message_line(ctx: &egui::Context, board: egui::Rect, text: &str) -> egui::Rect {
    let line = egui::Rect::from_min_max(
        egui::pos2(board.min.x, board.min.y - MESSAGE_LINE),
        egui::pos2(board.max.x, board.min.y),
    );
    egui::Area::new("message-line".into())
        .fixed_pos(line.min)
        .order(egui::Order::Foreground)
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_size(line.size());
            ui.allocate_ui_with_layout(
                line.size(),
                egui::Layout::centered_and_justified(egui::Direction::TopDown),
                |ui| {
                    ui.add(
                        egui::Label::new(egui::RichText::new(text).size(15.0).strong()).truncate(),
                    );
                },
            );
        })
        .response
        .rect
}

/// The newest short message, else the selection's hint (a ninja pawn's
/// landing square to pick), on the message line above the board.
fn toast_overlay(
    mut contexts: EguiContexts,
    toasts: Res<Toasts>,
    viewport: Res<BoardViewport>,
    window: Single<&Window, With<PrimaryWindow>>,
    (selection, game, replay): (
        Res<crate::interaction::Selection>,
        Option<Res<CurrentMatch>>,
        Res<Replay>,
    ),
) -> Result {
    let hint = game
        .as_deref()
        .and_then(|g| selection.0.hint(replay.position(g)));
    let Some(text) = toasts.0.last().map(|(t, _)| t.clone()).or(hint) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let scale = window.scale_factor();
    let board = viewport.0.map_or_else(
        || board_area(ctx.viewport_rect(), ctx.viewport_rect().max.x),
        |r| {
            egui::Rect::from_min_max(
                egui::pos2(r.min.x as f32, r.min.y as f32) / scale,
                egui::pos2(r.max.x as f32, r.max.y as f32) / scale,
            )
        },
    );
    message_line(ctx, board, &text);
    Ok(())
}

/// Draws `name` beside the pointer at `at`, on one line (never broken
/// mid-word), kept inside the window: right of the pointer in the window's
/// left half, left of it in the right half. Returns the rectangle drawn.
pub fn hover_label(ctx: &egui::Context, at: egui::Pos2, name: &str) -> egui::Rect {
    let right_half = at.x > ctx.viewport_rect().center().x;
    let (pivot, offset) = if right_half {
        (egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 18.0))
    } else {
        (egui::Align2::LEFT_TOP, egui::vec2(16.0, 18.0))
    };
    egui::Area::new("hover-name".into())
        .fixed_pos(at + offset)
        .pivot(pivot)
        .order(egui::Order::Tooltip)
        .interactable(false)
        .constrain(true)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.add(egui::Label::new(name).extend());
            });
        })
        .response
        .rect
}

/// The name of the piece under the pointer (in the position shown), next to it.
pub(super) fn hover_name(
    mut contexts: EguiContexts,
    target: Res<crate::input::mouse::PointerTarget>,
    game: Option<Res<CurrentMatch>>,
    replay: Res<Replay>,
) -> Result {
    let Some(game) = game else { return Ok(()) };
    let name = if let Some(sq) = target.square {
        replay.position(&game).piece_at(sq).map(|p| {
            let mut n = format!("{} {}", p.color.name(), p.kind.name());
            if p.locked {
                n.push_str(" (locked)");
            }
            n
        })
    } else {
        target
            .hand
            .map(|(side, kind)| format!("{} {} (in hand)", side.name(), kind.name()))
    };
    let Some(name) = name else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let Some(at) = ctx.pointer_latest_pos() else {
        return Ok(());
    };
    hover_label(ctx, at, &name);
    Ok(())
}

/// The banner over the board while "how it moves" is open.
fn help_banner(
    mut contexts: EguiContexts,
    help: Res<HowItMoves>,
    viewport: Res<BoardViewport>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut show_help: MessageWriter<ShowHowItMoves>,
) -> Result {
    let Some(open) = &help.0 else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let scale = window.scale_factor();
    let centre_x = viewport
        .0
        .map(|r| (r.min.x + r.max.x) as f32 * 0.5 / scale)
        .unwrap_or(ctx.viewport_rect().center().x);
    egui::Area::new("help-banner".into())
        .fixed_pos(egui::pos2(centre_x - 210.0, 8.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_width(420.0);
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(format!("How the {} moves", open.piece.kind.name()))
                            .strong()
                            .size(17.0),
                    );
                    if ui.button("Close (H / Esc)").clicked() {
                        show_help.write(ShowHowItMoves(None));
                    }
                });
                ui.label(crate::help::legend(&open.reach, &open.attacks));
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chimera_game::Match;
    use chimera_rules::{Game, Variant};

    /// Every move's notation, from the game's start.
    fn replayed(m: &Match) -> Vec<String> {
        let mut pos = m.game().start().clone();
        m.game()
            .moves()
            .iter()
            .map(|&mv| {
                let san = pos.san(mv);
                pos.make_move(mv);
                san
            })
            .collect()
    }

    fn play(app: &mut App, lmn: &str) {
        let mut m = app.world_mut().resource_mut::<CurrentMatch>();
        let ply = m.ply();
        let mv = m.position().parse_lmn(lmn).expect("legal");
        m.play(mv, ply).expect("played");
    }

    fn sans(app: &App) -> Vec<String> {
        app.world().resource::<MoveList>().sans.clone()
    }

    #[test]
    fn the_move_list_follows_moves_undos_and_another_game() {
        let v = Variant::new("chess", &[]).expect("chess");
        let mut app = App::new();
        app.init_resource::<MoveList>()
            .insert_resource(CurrentMatch(Match::from_game(Game::new(&v))))
            .add_systems(Update, refresh_move_list);
        let check = |app: &App| {
            let expected = replayed(app.world().resource::<CurrentMatch>());
            assert_eq!(sans(app), expected);
        };
        for lmn in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1,h1f1"] {
            play(&mut app, lmn);
            app.update();
            check(&app);
        }
        assert_eq!(sans(&app).last().map(String::as_str), Some("O-O"));
        // Two moves taken back, another played, between two frames.
        {
            let mut m = app.world_mut().resource_mut::<CurrentMatch>();
            assert!(m.undo() && m.undo());
        }
        play(&mut app, "d7d6");
        app.update();
        check(&app);
        assert_eq!(sans(&app).len(), 6);
        // Another game of the same length and position count.
        let mut other = Game::new(&v);
        other
            .play_lmn_list(&["d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5"])
            .expect("a game");
        app.insert_resource(CurrentMatch(Match::from_game(other)));
        app.update();
        check(&app);
        assert_eq!(sans(&app)[6], "Bg5");
    }
}
