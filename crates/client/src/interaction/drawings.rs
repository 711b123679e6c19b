//! The players' drawings on the board, kept per ply ([`Drawings`]): what
//! each device asks ([`DrawWish`]: an arrow, a circle, clear) is drawn at
//! the ply the board shows, and the drawings of the shown ply are put on the
//! board (`ShownMarks`, sources `Player` and `Shared`). A pick on the board
//! (a left click, Select at the cursor) clears the shown ply's drawings, as
//! a click does on lichess.
//!
//! A ply's drawings belong to its position: after a new line the old line's
//! drawings are neither shown nor saved. A new game or an installed one
//! starts with none; an opened record brings its own ([`SetDrawings`]).

use super::{Replay, SelectInput};
use crate::marks::{BoardArrow, BoardCircle, MarkSource, Marks, ShownMarks, set_marks};
use crate::match_state::{ApplyCommand, CurrentMatch, InstallMatch, Match, MatchCommand};
use crate::schedule::AppSystems;
use bevy::prelude::*;
use chimera_game::record::RecordedMove;
use chimera_rules::Color;
use std::collections::BTreeMap;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Drawings>()
        .add_message::<DrawWish>()
        .add_message::<SetDrawings>()
        .add_message::<DrawingChanged>()
        .add_systems(
            Update,
            follow_games
                .after(super::replay::apply_steps)
                .in_set(AppSystems::FollowMatch),
        )
        .add_systems(Update, apply_wishes.in_set(AppSystems::Select))
        .add_systems(Update, show_drawings.in_set(AppSystems::Front));
}

/// A drawing asked by a device, at the shown ply.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawWish {
    /// Draw this arrow (the same again removes it).
    Arrow(BoardArrow),
    /// Circle this square (the same again removes it).
    Circle(BoardCircle),
    /// Remove every drawing at the shown ply.
    Clear,
}

/// Drawings to take in place of the kept ones (an opened record's), sent
/// with the `InstallMatch` of its game.
#[derive(Message, Clone, Debug, Default)]
pub struct SetDrawings(pub Drawings);

/// The player's own drawings at `ply` changed (for a LAN game to share).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct DrawingChanged {
    /// The ply (moves played before the position drawn on).
    pub ply: usize,
    /// The drawings there now.
    pub marks: Marks,
}

/// One ply's drawings, with the position they were drawn on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlyDrawings {
    /// The position's hash: the drawings show only on that position.
    pub hash: u64,
    /// The player's own.
    pub own: Marks,
    /// Those a LAN player of each side shared (White, Black).
    pub shared: [Marks; 2],
}

impl PlyDrawings {
    /// Own and shared drawings together (as a record keeps them).
    pub fn all(&self) -> Marks {
        self.own.merged(&self.shared[0]).merged(&self.shared[1])
    }
}

/// Every ply's drawings (written by `interaction`, `saves` when a record
/// opens, and `net` for the shared ones).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Drawings {
    plies: BTreeMap<usize, PlyDrawings>,
}

impl Drawings {
    /// The drawings at `ply` if they were drawn on the position `hash`.
    pub fn at(&self, ply: usize, hash: u64) -> Option<&PlyDrawings> {
        self.plies.get(&ply).filter(|d| d.hash == hash)
    }

    /// The drawings at `ply` on position `hash`, made empty if they were of
    /// another position.
    pub fn at_mut(&mut self, ply: usize, hash: u64) -> &mut PlyDrawings {
        let d = self.plies.entry(ply).or_default();
        if d.hash != hash {
            *d = PlyDrawings { hash, ..default() };
        }
        d
    }

    /// Forgets every drawing.
    pub fn clear(&mut self) {
        self.plies.clear();
    }

    /// The drawings of each move of `game` (index `i` for the position after
    /// move `i + 1`), own and shared together; drawings of another line are
    /// left out, and so are those of the start position (a record has no
    /// place for them).
    pub fn per_move(&self, game: &Match) -> Vec<Marks> {
        let mut pos = game.game().start().clone();
        game.game()
            .moves()
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                pos.make_move(m);
                self.at(i + 1, pos.hash())
                    .map(PlyDrawings::all)
                    .unwrap_or_default()
            })
            .collect()
    }

    /// The drawings a record's moves carry (`[%cal]`, `[%csl]`), as the
    /// player's own, on `game` (the game the record rebuilds). Drawings that
    /// name no square of the board are skipped.
    pub fn from_record(game: &Match, moves: &[RecordedMove]) -> Drawings {
        let v = game.variant().clone();
        let mut pos = game.game().start().clone();
        let mut out = Drawings::default();
        for (i, (&m, rm)) in game.game().moves().iter().zip(moves).enumerate() {
            pos.make_move(m);
            match Marks::from_record(&v, &rm.arrows, &rm.circles) {
                Ok(marks) if !marks.is_empty() => out.at_mut(i + 1, pos.hash()).own = marks,
                Ok(_) => {}
                Err(e) => warn!("the drawings after move {} are skipped: {e}", i + 1),
            }
        }
        out
    }
}

/// A new or installed game starts with no drawings; an opened record's
/// drawings come with it.
fn follow_games(
    mut installs: MessageReader<InstallMatch>,
    mut decided: MessageReader<ApplyCommand>,
    mut set: MessageReader<SetDrawings>,
    mut drawings: ResMut<Drawings>,
) {
    let new_game = decided
        .read()
        .any(|c| matches!(c.0, MatchCommand::NewGame(_)));
    if installs.read().count() > 0 || new_game {
        drawings.clear();
    }
    if let Some(SetDrawings(d)) = set.read().last() {
        *drawings = d.clone();
    }
}

/// Draws what the devices ask at the shown ply; a pick on the board clears it.
fn apply_wishes(
    mut wishes: MessageReader<DrawWish>,
    mut picks: MessageReader<SelectInput>,
    game: Option<Res<CurrentMatch>>,
    replay: Res<Replay>,
    mut drawings: ResMut<Drawings>,
    mut changed: MessageWriter<DrawingChanged>,
) {
    let cleared = picks
        .read()
        .any(|p| matches!(p, SelectInput::Square(_) | SelectInput::Hand(..)));
    let wishes: Vec<DrawWish> = wishes.read().copied().collect();
    let Some(game) = game else { return };
    let ply = replay.shown_ply(&game);
    let hash = replay.position(&game).hash();
    let shown = drawings.at(ply, hash).cloned().unwrap_or_default();
    let mut now = shown.clone();
    for wish in cleared.then_some(DrawWish::Clear).into_iter().chain(wishes) {
        match wish {
            DrawWish::Arrow(a) => {
                now.own.toggle_arrow(a);
            }
            DrawWish::Circle(c) => {
                now.own.toggle_circle(c);
            }
            DrawWish::Clear => now = PlyDrawings::default(),
        }
    }
    if now.own == shown.own && now.shared == shown.shared {
        return;
    }
    let d = drawings.at_mut(ply, hash);
    d.own = now.own.clone();
    d.shared = now.shared;
    if now.own != shown.own {
        changed.write(DrawingChanged {
            ply,
            marks: now.own,
        });
    }
}

/// The shown ply's drawings on the board.
fn show_drawings(
    game: Option<Res<CurrentMatch>>,
    replay: Res<Replay>,
    drawings: Res<Drawings>,
    mut shown: ResMut<ShownMarks>,
) {
    let Some(game) = game else { return };
    if !(drawings.is_changed() || replay.is_changed() || game.is_changed()) {
        return;
    }
    let at = drawings
        .at(replay.shown_ply(&game), replay.position(&game).hash())
        .cloned()
        .unwrap_or_default();
    set_marks(&mut shown, MarkSource::Player, at.own);
    for side in Color::BOTH {
        set_marks(
            &mut shown,
            MarkSource::Shared(side),
            at.shared[side.index()].clone(),
        );
    }
}
