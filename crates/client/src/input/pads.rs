//! Gamepads: which button layout the connected pad has (so the controls
//! screen says "A" on an Xbox pad and "Cross" on a PlayStation pad), names
//! of keys and buttons for people, and a short message when a pad is plugged
//! in or out mid-game (leafwing reads whichever pad is connected, so play
//! just continues).

use super::bindings::{Binding, StickSide};
use crate::interaction::Toast;
use crate::schedule::AppSystems;
use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PadLayout>()
        .add_systems(Update, follow_connections.in_set(AppSystems::ReadInput));
}

/// The face-button naming of the connected gamepad.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PadLayout {
    /// No pad connected: Xbox names are shown.
    #[default]
    None,
    /// Xbox and most PC pads: A B X Y, LB RB LT RT.
    Xbox,
    /// PlayStation: Cross Circle Square Triangle, L1 R1 L2 R2.
    PlayStation,
    /// Nintendo: B A Y X by position, L R ZL ZR.
    Nintendo,
}

const SONY: u16 = 0x054c;
const NINTENDO: u16 = 0x057e;

impl PadLayout {
    /// The layout of a pad from its USB vendor id and name.
    pub fn detect(vendor: Option<u16>, name: &str) -> PadLayout {
        let name = name.to_ascii_lowercase();
        let has = |w: &[&str]| w.iter().any(|x| name.contains(x));
        if vendor == Some(SONY)
            || has(&["playstation", "dualshock", "dualsense", "ps3", "ps4", "ps5"])
        {
            PadLayout::PlayStation
        } else if vendor == Some(NINTENDO) || has(&["nintendo", "switch", "joy-con"]) {
            PadLayout::Nintendo
        } else {
            PadLayout::Xbox
        }
    }

    /// What this layout calls a button.
    pub fn button_name(self, b: GamepadButton) -> &'static str {
        use GamepadButton as B;
        use PadLayout::*;
        match (self, b) {
            (PlayStation, B::South) => "Cross",
            (PlayStation, B::East) => "Circle",
            (PlayStation, B::West) => "Square",
            (PlayStation, B::North) => "Triangle",
            (PlayStation, B::LeftTrigger) => "L1",
            (PlayStation, B::RightTrigger) => "R1",
            (PlayStation, B::LeftTrigger2) => "L2",
            (PlayStation, B::RightTrigger2) => "R2",
            (PlayStation, B::Select) => "Share",
            (PlayStation, B::Start) => "Options",
            (PlayStation, B::LeftThumb) => "L3",
            (PlayStation, B::RightThumb) => "R3",
            (PlayStation, B::Mode) => "PS",
            (Nintendo, B::South) => "B",
            (Nintendo, B::East) => "A",
            (Nintendo, B::West) => "Y",
            (Nintendo, B::North) => "X",
            (Nintendo, B::LeftTrigger) => "L",
            (Nintendo, B::RightTrigger) => "R",
            (Nintendo, B::LeftTrigger2) => "ZL",
            (Nintendo, B::RightTrigger2) => "ZR",
            (Nintendo, B::Select) => "Minus",
            (Nintendo, B::Start) => "Plus",
            (Nintendo, B::LeftThumb) => "Left stick press",
            (Nintendo, B::RightThumb) => "Right stick press",
            (Nintendo, B::Mode) => "Home",
            (_, B::South) => "A",
            (_, B::East) => "B",
            (_, B::West) => "X",
            (_, B::North) => "Y",
            (_, B::LeftTrigger) => "LB",
            (_, B::RightTrigger) => "RB",
            (_, B::LeftTrigger2) => "LT",
            (_, B::RightTrigger2) => "RT",
            (_, B::Select) => "View",
            (_, B::Start) => "Menu",
            (_, B::LeftThumb) => "Left stick press",
            (_, B::RightThumb) => "Right stick press",
            (_, B::Mode) => "Guide",
            (_, B::DPadUp) => "D-pad up",
            (_, B::DPadDown) => "D-pad down",
            (_, B::DPadLeft) => "D-pad left",
            (_, B::DPadRight) => "D-pad right",
            (_, B::C) => "C",
            (_, B::Z) => "Z",
            (_, B::Other(_)) => "other button",
        }
    }

    /// A heading for the controls screen.
    pub fn title(self) -> &'static str {
        match self {
            PadLayout::None => "Gamepad (none connected; Xbox names)",
            PadLayout::Xbox => "Gamepad (Xbox layout)",
            PadLayout::PlayStation => "Gamepad (PlayStation layout)",
            PadLayout::Nintendo => "Gamepad (Nintendo layout)",
        }
    }
}

/// A key as people call it: `Enter`, `A`, `1`, `Up`, `Page Up`.
pub fn key_name(k: KeyCode) -> String {
    let raw = format!("{k:?}");
    let s = raw
        .strip_prefix("Key")
        .or_else(|| raw.strip_prefix("Digit"))
        .or_else(|| raw.strip_prefix("Arrow"))
        .unwrap_or(&raw);
    match k {
        KeyCode::Equal => "= / +".into(),
        KeyCode::Minus => "-".into(),
        KeyCode::NumpadAdd => "Keypad +".into(),
        KeyCode::NumpadSubtract => "Keypad -".into(),
        KeyCode::PageUp => "Page Up".into(),
        KeyCode::PageDown => "Page Down".into(),
        _ => s.to_string(),
    }
}

/// Whether a binding belongs on the keyboard side of the controls table.
pub fn is_keyboard(b: &Binding) -> bool {
    matches!(b, Binding::Key(_) | Binding::Keys(_))
}

/// A binding as people read it, in this pad layout.
pub fn binding_name(b: &Binding, layout: PadLayout) -> String {
    match *b {
        Binding::Key(k) => key_name(k),
        Binding::Pad(p) => layout.button_name(p).to_string(),
        Binding::PadChord([a, b]) => {
            format!("{} + {}", layout.button_name(a), layout.button_name(b))
        }
        Binding::Keys([u, d, l, r]) => {
            let n: Vec<String> = [u, d, l, r].into_iter().map(key_name).collect();
            if n == ["Up", "Down", "Left", "Right"] {
                "Arrow keys".into()
            } else {
                n.join(" ")
            }
        }
        Binding::DPad => "D-pad".into(),
        Binding::Stick(StickSide::Left) => "Left stick".into(),
        Binding::Stick(StickSide::Right) => "Right stick".into(),
    }
}

/// Keeps [`PadLayout`] on the connected pad and tells the player when a pad
/// comes or goes.
fn follow_connections(
    mut events: MessageReader<GamepadConnectionEvent>,
    added: Query<(), Added<Gamepad>>,
    mut removed: RemovedComponents<Gamepad>,
    pads: Query<(&Gamepad, Option<&Name>)>,
    mut layout: ResMut<PadLayout>,
    mut toasts: MessageWriter<Toast>,
) {
    for e in events.read() {
        toasts.write(Toast(match &e.connection {
            GamepadConnection::Connected {
                name, vendor_id, ..
            } => format!(
                "{} connected: {name}",
                PadLayout::detect(*vendor_id, name).title()
            ),
            GamepadConnection::Disconnected => "Gamepad disconnected".into(),
        }));
    }
    if added.is_empty() && removed.read().count() == 0 {
        return;
    }
    // The first connected pad is the one leafwing reads.
    let now = pads
        .iter()
        .map(|(pad, name)| PadLayout::detect(pad.vendor_id(), name.map_or("", |n| n.as_str())))
        .next()
        .unwrap_or(PadLayout::None);
    layout.set_if_neq(now);
}
