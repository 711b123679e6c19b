//! The main menu: variants on the left; the picked variant's description and
//! options (from the engine's own option tables), then start, resume, the
//! piece guide, controls and quit, in the middle; a diagram of its start
//! position, in the game's own 2D glyphs, in the space that is left. The
//! layout and the text grow with the window, from 1024×600 up to 4K.

use super::clock_view::{PlayerRows, PlayerState};
use super::root_ui;
use crate::board_view::{DARK, FRAME_COLOUR, LIGHT, count_badge};
use crate::input::bindings::Controls;
use crate::interaction::Panel;
use crate::menus::{Entry, MenuActivated, MenuAdjusted, MenuChoice};
use crate::piece_art::{PieceArt, PieceArtMaker};
use crate::widgets::{FocusView, entry_button, ring_if};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};
use chimera_rules::{Color as Side, Kind, Position, Sq, Variant, variants};

#[allow(clippy::too_many_arguments)]
pub(super) fn menu_screen(
    mut contexts: EguiContexts,
    view: FocusView,
    player: PlayerState,
    controls: Option<Res<Controls>>,
    mut art: PieceArtMaker,
    mut preview: Local<Preview>,
    mut activated: MessageWriter<MenuActivated>,
    mut adjusted: MessageWriter<MenuAdjusted>,
    lan: Res<crate::net::LanSettings>,
) -> Result {
    let choice = &*view.ctx.choice;
    let start = preview.start_of(choice);
    let glyphs = start.and_then(|p| {
        let v = p.variant();
        Glyphs::new(art.prepared(Some(v)), v, &mut contexts)
    });
    let ctx = contexts.ctx_mut()?;
    let focused = view.focused(Panel::MainMenu);
    let mut root = root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        let area = ui.max_rect();
        let k = ui_scale(area);
        scale_style(ui.style_mut(), k);
        let shape = start.map(|p| PreviewShape::of(p.variant()));
        let layout = MenuLayout::new(area, k, shape.map(|s| s.aspect()));
        ui.scope_builder(egui::UiBuilder::new().max_rect(layout.title), |ui| {
            ui.vertical_centered(|ui| {
                ui.heading(egui::RichText::new("Chimera").size(34.0 * k).strong());
                ui.label("Large fairy-chess variants");
            });
        });
        ui.scope_builder(egui::UiBuilder::new().max_rect(layout.list), |ui| {
            ui.heading("Variant");
            let list = ui.vertical(|ui| {
                for (i, v) in variants().iter().enumerate() {
                    let label = egui::Button::selectable(
                        choice.variant == i,
                        egui::RichText::new(v.name).size(17.0 * k),
                    );
                    entry_button(ui, label, Entry::Variant(i), None, &mut activated);
                }
            });
            let on_list = matches!(focused, Some(Entry::Variant(_)));
            ring_if(ui, &list.response, on_list);
        });
        ui.scope_builder(egui::UiBuilder::new().max_rect(layout.details), |ui| {
            let info = choice.info();
            ui.heading(info.name);
            ui.label(info.description);
            ui.add_space(10.0 * k);
            if info.options.is_empty() {
                ui.weak("No options.");
            } else {
                egui::Grid::new("options").num_columns(2).show(ui, |ui| {
                    option_rows(ui, k, &view, focused, &mut adjusted);
                });
            }
            ui.add_space(10.0 * k);
            egui::Grid::new("players").num_columns(2).show(ui, |ui| {
                let seat_help = "Human, or the computer at a level from 1 (beginner) to 8 (full search), \
                    with its approximate Elo (Fairy-Stockfish's scale, measured on Grand)";
                for (i, name) in ["White", "Black"].into_iter().enumerate() {
                    let value = super::computer::player_text(choice.players[i]);
                    let row = Row {
                        name,
                        help: seat_help,
                        value: &value,
                        entry: Entry::Seat(i),
                    };
                    adjust_row(ui, k, row, focused, &mut adjusted);
                }
                let time = match choice.think_time() {
                    Some(t) => format!("{} s per move", t.as_secs_f64()),
                    None => "by level".to_string(),
                };
                let row = Row {
                    name: "Computer time",
                    help: "The computer's thinking time per move (a timed game uses its clock)",
                    value: &time,
                    entry: Entry::ThinkTime,
                };
                adjust_row(ui, k, row, focused, &mut adjusted);
            });
            PlayerRows {
                choice,
                prefs: &player.prefs,
                text: &player.text,
                focused,
                activated: &mut activated,
                adjusted: &mut adjusted,
            }
            .show(ui, k);
            ui.add_space(16.0 * k);
            ui.horizontal_wrapped(|ui| {
                let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(18.0 * k));
                entry_button(ui, big("Start"), Entry::Start, focused, &mut activated);
                let offered = view.ctx.entries(Panel::MainMenu);
                if offered.contains(&Entry::Resume) {
                    entry_button(ui, big("Resume"), Entry::Resume, focused, &mut activated);
                }
                if offered.contains(&Entry::ContinueSaved) {
                    let b = big("Continue");
                    entry_button(ui, b, Entry::ContinueSaved, focused, &mut activated)
                        .on_hover_text(view.ctx.saved.autosave.as_ref().map_or(String::new(), |g| g.line()));
                }
                entry_button(ui, big("Puzzles"), Entry::Puzzles, focused, &mut activated);
                entry_button(ui, big("Load a game"), Entry::LoadGame, focused, &mut activated);
            });
            // Hosting on the LAN, with its side and port, on a line of its own.
            ui.horizontal_wrapped(|ui| {
                let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(18.0 * k));
                entry_button(ui, big("Host a LAN game"), Entry::HostLan, focused, &mut activated);
                let side = format!("as {}", lan.side.word());
                let side_help = "The side this window plays in the LAN game it hosts (chimera host --side)";
                adjust_inline(ui, k, (&side, side_help), Entry::HostSide, focused, &mut adjusted);
                let port = match lan.port {
                    0 => "any free port".to_string(),
                    p => format!("port {p}"),
                };
                let port_help = "The UDP port the LAN game listens on (chimera host --port): left/right, or type digits while ringed (Backspace erases)";
                adjust_inline(ui, k, (&port, port_help), Entry::HostPort, focused, &mut adjusted);
            });
            ui.horizontal_wrapped(|ui| {
                let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(18.0 * k));
                entry_button(ui, big("Join"), Entry::JoinLan, focused, &mut activated);
                entry_button(ui, big("Play online"), Entry::PlayOnline, focused, &mut activated);
                entry_button(ui, big("How the pieces move"), Entry::Guide, focused, &mut activated);
                entry_button(ui, big("Learn"), Entry::Learn, focused, &mut activated);
                entry_button(ui, big("Controls"), Entry::Controls, focused, &mut activated);
                entry_button(ui, big("Quit"), Entry::Quit, focused, &mut activated);
            });
            ui.add_space(10.0 * k);
            ui.weak("Up/down: next entry. Left/right: change the variant or an option. Enter / A: pick.");
            if let Some(e) = view.ctx.saved.message.as_ref().filter(|_| view.ctx.game.is_none()) {
                ui.add_space(8.0 * k);
                ui.colored_label(egui::Color32::from_rgb(0xff, 0x7a, 0x6a), e);
            }
            if let Some(e) = controls.as_ref().and_then(|c| c.error.as_ref()) {
                ui.add_space(8.0 * k);
                ui.colored_label(egui::Color32::from_rgb(0xff, 0x7a, 0x6a), e);
            }
            for e in player.settings_problems() {
                ui.add_space(8.0 * k);
                ui.colored_label(egui::Color32::from_rgb(0xff, 0x7a, 0x6a), e);
            }
        });
        if let (Some(rect), Some(pos), Some(shape), Some(glyphs)) =
            (layout.preview, start, shape, &glyphs)
        {
            draw_preview(ui, rect, k, pos, shape, glyphs);
        }
    });
    Ok(())
}

/// One adjustable line of the menu: name, value and the entry it steps.
pub(super) struct Row<'a> {
    pub name: &'a str,
    pub help: &'a str,
    pub value: &'a str,
    pub entry: Entry,
}

/// A grid row `name  < value >`: the arrows step the entry down and up, a
/// click on the value steps it up; ringed when focused.
pub(super) fn adjust_row(
    ui: &mut egui::Ui,
    k: f32,
    row: Row,
    focused: Option<Entry>,
    adjusted: &mut MessageWriter<MenuAdjusted>,
) {
    ui.label(row.name).on_hover_text(row.help);
    let line = ui
        .horizontal(|ui| {
            if ui.small_button("<").clicked() {
                adjusted.write(MenuAdjusted(row.entry, -1));
            }
            let v = ui
                .add_sized([150.0 * k, 22.0 * k], egui::Button::new(row.value))
                .on_hover_text(row.help);
            if v.clicked() {
                adjusted.write(MenuAdjusted(row.entry, 1));
            }
            if ui.small_button(">").clicked() {
                adjusted.write(MenuAdjusted(row.entry, 1));
            }
        })
        .response;
    ring_if(ui, &line, focused == Some(row.entry));
    ui.end_row();
}

/// A row per option of the menu's variant (in a grid), at scale `k`.
pub(super) fn option_rows(
    ui: &mut egui::Ui,
    k: f32,
    view: &FocusView,
    focused: Option<Entry>,
    adjusted: &mut MessageWriter<MenuAdjusted>,
) {
    for (k_opt, opt) in view.ctx.choice.info().options.iter().enumerate() {
        let value = view.option_value(k_opt);
        let row = Row {
            name: opt.name,
            help: opt.help,
            value: &value,
            entry: Entry::Option(k_opt),
        };
        adjust_row(ui, k, row, focused, adjusted);
    }
}

/// An adjustable value among the buttons, `< value >`: the arrows step it
/// down and up, a click on the value steps it up; ringed when focused.
pub(super) fn adjust_inline(
    ui: &mut egui::Ui,
    k: f32,
    (value, help): (&str, &str),
    entry: Entry,
    focused: Option<Entry>,
    adjusted: &mut MessageWriter<MenuAdjusted>,
) {
    let line = ui
        .horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 2.0 * k;
            if ui.small_button("<").on_hover_text(help).clicked() {
                adjusted.write(MenuAdjusted(entry, -1));
            }
            let b = egui::Button::new(egui::RichText::new(value).size(16.0 * k));
            if ui.add(b).on_hover_text(help).clicked() {
                adjusted.write(MenuAdjusted(entry, 1));
            }
            if ui.small_button(">").on_hover_text(help).clicked() {
                adjusted.write(MenuAdjusted(entry, 1));
            }
        })
        .response;
    ring_if(ui, &line, focused == Some(entry));
}

/// Size of the menu's text and widgets against egui's defaults at 1280×800:
/// a little larger, as the menu is also read from a couch with a pad.
const BASE_SCALE: f32 = 1.1;

/// How much larger than egui's defaults the menu is drawn: [`BASE_SCALE`]
/// up to 1280×800, and growing with a bigger window so that it fills it the
/// same way (never shrinking below that on a smaller one).
fn ui_scale(area: egui::Rect) -> f32 {
    BASE_SCALE
        * (area.width() / 1280.0)
            .min(area.height() / 800.0)
            .clamp(1.0, 4.0)
}

/// Scales a style's text and spacing by `k` (the menu's own widgets only).
fn scale_style(style: &mut egui::Style, k: f32) {
    for font in style.text_styles.values_mut() {
        font.size *= k;
    }
    let s = &mut style.spacing;
    s.item_spacing *= k;
    s.button_padding *= k;
    s.interact_size *= k;
    s.indent *= k;
    s.icon_width *= k;
    s.icon_width_inner *= k;
    s.icon_spacing *= k;
}

/// Where the parts of the menu go in the window (egui points).
#[derive(Clone, Copy, Debug, PartialEq)]
struct MenuLayout {
    title: egui::Rect,
    list: egui::Rect,
    details: egui::Rect,
    /// The start-position diagram, when there is room for one.
    preview: Option<egui::Rect>,
}

impl MenuLayout {
    /// Width of the variant list, in unscaled points.
    const LIST: f32 = 170.0;
    /// Narrowest and widest text column (description, options, buttons).
    const DETAILS: (f32, f32) = (360.0, 520.0);
    /// Narrowest preview worth drawing.
    const MIN_PREVIEW: f32 = 180.0;

    /// The layout of `area` at scale `k`; `aspect` is the preview's width over
    /// its height (`None`: no preview). The columns are centred as a group.
    fn new(area: egui::Rect, k: f32, aspect: Option<f32>) -> MenuLayout {
        let inner = area.shrink(20.0 * k);
        let title = egui::Rect::from_min_size(inner.min, egui::vec2(inner.width(), 74.0 * k));
        let body = egui::Rect::from_min_max(egui::pos2(inner.min.x, title.max.y), inner.max);
        let gap = 32.0 * k;
        let list_w = Self::LIST * k;
        let (details_min, details_max) = (Self::DETAILS.0 * k, Self::DETAILS.1 * k);
        let rest = (body.width() - list_w - gap).max(details_min);
        // The preview takes what the text column can spare, up to the size
        // of the board at the full body height.
        let preview_w = aspect
            .map(|a| (body.height() * a).min(rest - gap - details_min))
            .filter(|w| *w >= Self::MIN_PREVIEW * k);
        let details_w = match preview_w {
            Some(p) => (rest - gap - p).clamp(details_min, details_max),
            None => rest.min(details_max),
        };
        let total = list_w + gap + details_w + preview_w.map_or(0.0, |p| gap + p);
        let x0 = body.min.x + ((body.width() - total) * 0.5).max(0.0);
        let column = |x: f32, w: f32| {
            egui::Rect::from_min_size(egui::pos2(x, body.min.y), egui::vec2(w, body.height()))
        };
        let list = column(x0, list_w);
        let details = column(list.max.x + gap, details_w);
        MenuLayout {
            title,
            list,
            details,
            preview: preview_w.map(|w| column(details.max.x + gap, w)),
        }
    }
}

/// The start position of the chosen variant and options, rebuilt when they change.
#[derive(Default)]
pub(super) struct Preview {
    key: Option<(usize, Vec<String>)>,
    start: Option<Position>,
}

impl Preview {
    fn start_of(&mut self, choice: &MenuChoice) -> Option<&Position> {
        let options = choice.values();
        let same = self
            .key
            .as_ref()
            .is_some_and(|(v, o)| *v == choice.variant && *o == options);
        if !same {
            self.key = Some((choice.variant, options));
            self.start = Variant::new(choice.info().id, &choice.option_pairs())
                .ok()
                .map(|v| v.start_position());
        }
        self.start.as_ref()
    }
}

/// The piece pictures of one variant for egui: the pictures its glyphs
/// are cells of (the built-in kinds' atlas, each generic piece's own),
/// registered with egui, and where each glyph is.
pub(super) struct Glyphs<'a> {
    art: &'a PieceArt,
    variant: &'a Variant,
    textures: Vec<(AssetId<Image>, egui::TextureId)>,
}

impl<'a> Glyphs<'a> {
    /// The glyphs of the pieces of `v` in `art` (its generic pieces made,
    /// see `PieceArtMaker::prepared`); `None` without pictures (no renderer).
    pub(super) fn new(
        art: Option<&'a PieceArt>,
        v: &'a Variant,
        contexts: &mut EguiContexts,
    ) -> Option<Self> {
        let art = art?;
        let mut textures = Vec::new();
        let kinds = v.piece_kinds().into_iter().chain([Kind::Pawn]);
        for kind in kinds.chain(v.hand_kinds().iter().copied()) {
            for side in [Side::White, Side::Black] {
                let id = art.drawn(v, kind, side).picture.as_ref()?.id();
                if !textures.iter().any(|(t, _)| *t == id) {
                    textures.push((id, contexts.add_image(EguiTextureHandle::Weak(id))));
                }
            }
        }
        Some(Glyphs {
            art,
            variant: v,
            textures,
        })
    }

    /// The texture and UV rectangle of a piece's glyph.
    fn picture(&self, kind: Kind, side: Side) -> (egui::TextureId, egui::Rect) {
        let drawn = self.art.drawn(self.variant, kind, side);
        let id = drawn.picture.as_ref().map(|p| p.id());
        let texture = self
            .textures
            .iter()
            .find(|(t, _)| Some(*t) == id)
            .map_or(self.textures[0].1, |(_, tex)| *tex);
        let uv = drawn.uv;
        let rect = egui::Rect::from_min_max(
            egui::pos2(uv.min.x, uv.min.y),
            egui::pos2(uv.max.x, uv.max.y),
        );
        (texture, rect)
    }

    pub(super) fn paint(&self, painter: &egui::Painter, rect: egui::Rect, kind: Kind, side: Side) {
        let (texture, uv) = self.picture(kind, side);
        painter.image(texture, rect, uv, egui::Color32::WHITE);
    }

    /// A piece's glyph as an egui image `size` points square.
    pub(super) fn image(&self, kind: Kind, side: Side, size: f32) -> egui::Image<'static> {
        let (texture, uv) = self.picture(kind, side);
        egui::Image::new((texture, egui::vec2(size, size))).uv(uv)
    }
}

/// The preview's size in board squares: the board in its frame, a hand
/// row above and below when the variant has hands, and a caption.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PreviewShape {
    files: f32,
    ranks: f32,
    hands: bool,
}

impl PreviewShape {
    /// Height of a hand row, in squares (a glyph and a little air).
    const HAND_ROW: f32 = 1.2;
    /// Height of the caption, in squares.
    const CAPTION: f32 = 0.8;
    /// Width of the frame around the board, in squares (as on the game's board).
    const FRAME: f32 = 0.09;

    fn of(v: &Variant) -> PreviewShape {
        PreviewShape {
            files: v.width() as f32,
            ranks: v.height() as f32,
            hands: !v.hand_kinds().is_empty(),
        }
    }
    /// Height of the hand rows above and below, in squares.
    fn hand_rows(&self) -> f32 {
        if self.hands { Self::HAND_ROW } else { 0.0 }
    }
    /// Width in squares.
    fn columns(&self) -> f32 {
        self.files + 2.0 * Self::FRAME
    }
    /// Height in squares.
    fn rows(&self) -> f32 {
        Self::CAPTION + self.ranks + 2.0 * Self::FRAME + 2.0 * self.hand_rows()
    }
    /// Width over height.
    fn aspect(&self) -> f32 {
        self.columns() / self.rows()
    }
}

fn colour32(c: Color) -> egui::Color32 {
    let [r, g, b, a] = c.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// Draws the start position `pos` into `rect`, centred across at its top: a
/// caption, Black's hand, the board (White at the bottom, squares and frame
/// in the board's colours, pieces in their 2D glyphs), White's hand.
fn draw_preview(
    ui: &egui::Ui,
    rect: egui::Rect,
    k: f32,
    pos: &Position,
    shape: PreviewShape,
    glyphs: &Glyphs,
) {
    let v = pos.variant();
    let cell = (rect.width() / shape.columns()).min(rect.height() / shape.rows());
    let left = rect.center().x - shape.columns() * cell * 0.5;
    let painter = ui.painter_at(rect);
    painter.text(
        egui::pos2(rect.center().x, rect.min.y),
        egui::Align2::CENTER_TOP,
        "Start position",
        egui::FontId::proportional(15.0 * k),
        ui.visuals().weak_text_color(),
    );
    let hand_above = rect.min.y + PreviewShape::CAPTION * cell;
    let board = egui::Rect::from_min_size(
        egui::pos2(
            left + PreviewShape::FRAME * cell,
            hand_above + (shape.hand_rows() + PreviewShape::FRAME) * cell,
        ),
        egui::vec2(shape.files, shape.ranks) * cell,
    );
    let square = |s: Sq| {
        egui::Rect::from_min_size(
            board.min + egui::vec2(s.x as f32, shape.ranks - 1.0 - s.y as f32) * cell,
            egui::vec2(cell, cell),
        )
    };
    // The frame: every square grown a little, under the squares (boards with
    // missing squares keep their outline).
    let frame = colour32(FRAME_COLOUR);
    for s in v.squares() {
        painter.rect_filled(square(s).expand(cell * PreviewShape::FRAME), 0.0, frame);
    }
    let (light, dark) = (colour32(LIGHT), colour32(DARK));
    for s in v.squares() {
        let r = square(s);
        painter.rect_filled(r, 0.0, if v.is_light(s) { light } else { dark });
        if let Some(p) = pos.piece_at(s) {
            glyphs.paint(&painter, r, p.kind, p.color);
        }
    }
    if shape.hands {
        let hand_below = board.max.y + (PreviewShape::FRAME + 0.2) * cell;
        for (side, top) in [(Side::Black, hand_above), (Side::White, hand_below)] {
            let row = egui::Rect::from_min_size(
                egui::pos2(board.min.x, top),
                egui::vec2(board.width(), cell),
            );
            draw_hand(&painter, pos, side, row, k, glyphs);
        }
    }
}

/// One side's hand in `row`: each kind once, one square apart (closer when
/// they do not fit), with its count.
fn draw_hand(
    painter: &egui::Painter,
    pos: &Position,
    side: Side,
    row: egui::Rect,
    k: f32,
    glyphs: &Glyphs,
) {
    let mut kinds: Vec<(Kind, u8)> = Vec::new();
    for &kind in pos.variant().hand_kinds() {
        let n = pos.hand_count(side, kind);
        if n > 0 && !kinds.iter().any(|(seen, _)| *seen == kind) {
            kinds.push((kind, n));
        }
    }
    if kinds.is_empty() {
        return;
    }
    let cell = row.height();
    let step = cell.min(row.width() / kinds.len() as f32);
    let glyph = step * 0.9;
    // A tray in the dark squares' colour, on which both sides' pieces read.
    let tray = egui::Rect::from_min_size(row.min, egui::vec2(step * kinds.len() as f32, cell));
    painter.rect_filled(tray.expand(cell * 0.06), cell * 0.12, colour32(DARK));
    for (i, (kind, n)) in kinds.iter().enumerate() {
        let r = egui::Rect::from_min_size(
            egui::pos2(
                row.min.x + i as f32 * step + (step - glyph) * 0.5,
                row.min.y + (cell - glyph) * 0.5,
            ),
            egui::vec2(glyph, glyph),
        );
        glyphs.paint(painter, r, *kind, side);
        // The count at the upper right, as beside the game's board.
        let size = (glyph * 0.3).max(10.0 * k);
        count_badge(
            painter,
            r.right_top() + egui::vec2(-0.1, 0.1) * glyph,
            size,
            *n,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(w: f32, h: f32) -> egui::Rect {
        egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h))
    }

    #[test]
    fn the_columns_fit_every_window_side_by_side() {
        // Herculean (12×12, no hands) and Holywar (8×8 with hands) previews.
        for aspect in [12.2 / 13.0, 8.2 / 11.4] {
            for (w, h) in [
                (1024.0, 600.0),
                (1280.0, 800.0),
                (1920.0, 1080.0),
                (3840.0, 2160.0),
            ] {
                let area = window(w, h);
                let k = ui_scale(area);
                let l = MenuLayout::new(area, k, Some(aspect));
                let p = l.preview.unwrap_or_else(|| panic!("{w}×{h}: no preview"));
                for r in [l.title, l.list, l.details, p] {
                    assert!(area.contains_rect(r), "{w}×{h}: {r:?} outside");
                }
                // Left to right, not overlapping, the text column readable.
                assert!(l.list.max.x < l.details.min.x && l.details.max.x < p.min.x);
                assert!(l.details.width() >= MenuLayout::DETAILS.0 * k - 0.01);
                // The preview is big: at least 27 points a square across 12 files
                // at 1024×600, and it no longer leaves a wide gap: the empty
                // margins left and right are equal.
                assert!(p.width() >= 12.0 * 27.0, "{w}×{h}: {p:?}");
                let (left, right) = (l.list.min.x - area.min.x, area.max.x - p.max.x);
                assert!((left - right).abs() < 1.0, "{w}×{h}: {left} vs {right}");
            }
        }
    }

    #[test]
    fn a_bigger_window_draws_a_bigger_menu() {
        assert_eq!(ui_scale(window(1024.0, 600.0)), BASE_SCALE);
        assert_eq!(ui_scale(window(1280.0, 800.0)), BASE_SCALE);
        assert!((ui_scale(window(3840.0, 2160.0)) - 2.7 * BASE_SCALE).abs() < 1e-4);
    }

    #[test]
    fn without_room_or_preview_the_text_column_takes_the_space() {
        let area = window(1024.0, 600.0);
        let l = MenuLayout::new(area, 1.0, None);
        assert_eq!(l.preview, None);
        assert_eq!(l.details.width(), MenuLayout::DETAILS.1);
    }

    #[test]
    fn the_preview_shape_counts_the_hand_rows() {
        let grail = Variant::new("holygrail", &[]).expect("holygrail");
        let chess = Variant::new("chess", &[]).expect("chess");
        let (g, c) = (PreviewShape::of(&grail), PreviewShape::of(&chess));
        assert!(g.hands && !c.hands);
        let frame = 2.0 * PreviewShape::FRAME;
        assert_eq!(c.rows(), 8.0 + frame + PreviewShape::CAPTION);
        assert_eq!(c.columns(), 8.0 + frame);
        assert_eq!(
            g.rows(),
            grail.height() as f32 + frame + PreviewShape::CAPTION + 2.0 * PreviewShape::HAND_ROW
        );
    }
}
