//! Sounds: each frame's match messages become at most one [`SoundCue`] (see
//! [`crate::cues`] for which), played at the volume of [`Prefs`]. The cue
//! of a move comes from the applied-move messages — its kind from
//! `MoveApplied`, a capture from `PieceCaptured`, the end from `GameEnded`,
//! check from the match's position. A game that ends without a move
//! (resignation, agreement, flag fall) plays the end cue; the side to move
//! whose clock falls below the low-time mark hears the low-time pip once
//! (again only after its time has risen above twice the mark).
//!
//! Every cue is recorded in [`CueLog`]; it is played only where Bevy's audio
//! is present (the windowed game): the headless app has no audio plugin,
//! so no device is ever needed there.

use crate::cues::{MoveFacts, SoundCue};
use crate::interaction::{ActivePanel, GameAction, Panel};
use crate::match_state::CurrentMatch;
use crate::match_state::{GameEnded, LessonBoard, MoveApplied, PieceCaptured, low_time};
use crate::prefs::Prefs;
use crate::schedule::AppSystems;
use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use chimera_rules::Color;
use leafwing_input_manager::prelude::ActionState;

/// Registers the cue log and the systems that choose and play cues.
pub fn plugin(app: &mut App) {
    app.init_resource::<CueLog>()
        .init_resource::<LowTimeWarned>()
        .add_systems(
            Update,
            (toggle_mute, choose_cues, play_cues)
                .chain()
                .in_set(AppSystems::Present),
        );
}

/// Every cue chosen so far (the last [`CueLog::KEEP`]), newest last, and
/// how many of them are still to be played.
#[derive(Resource, Default, Debug, Clone)]
pub struct CueLog {
    /// The cues.
    pub cues: Vec<SoundCue>,
    pending: usize,
}

impl CueLog {
    /// How many cues the log keeps.
    pub const KEEP: usize = 256;

    fn push(&mut self, cue: SoundCue) {
        if self.cues.len() == Self::KEEP {
            self.cues.remove(0);
        }
        self.cues.push(cue);
        self.pending = (self.pending + 1).min(self.cues.len());
    }
}

/// Whether each side (White, Black) has heard its low-time pip.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct LowTimeWarned(pub [bool; 2]);

/// The mute key (on the board).
fn toggle_mute(
    actions: Option<Single<&ActionState<GameAction>>>,
    active: Res<ActivePanel>,
    mut prefs: ResMut<Prefs>,
) {
    let Some(actions) = actions else { return };
    if matches!(active.0, Panel::Board | Panel::Help) && actions.just_pressed(&GameAction::Mute) {
        prefs.mute = !prefs.mute;
    }
}

/// The one cue of a frame: the last applied move's (captures and the end
/// of this frame count for it), else the end of the game.
pub fn frame_cue(
    applied: Option<&MoveApplied>,
    captured: bool,
    check: bool,
    ended: bool,
) -> Option<SoundCue> {
    match applied {
        Some(a) => Some(MoveFacts::new(a.mv, captured, check, ended).cues()[0]),
        None => ended.then_some(SoundCue::GameEnd),
    }
}

fn choose_cues(
    mut applied: MessageReader<MoveApplied>,
    mut captured: MessageReader<PieceCaptured>,
    mut ended: MessageReader<GameEnded>,
    game: Option<Res<CurrentMatch>>,
    mut warned: ResMut<LowTimeWarned>,
    mut log: ResMut<CueLog>,
    lesson: Option<Res<LessonBoard>>,
) {
    let last = applied.read().last().cloned();
    let captured = captured.read().count() > 0;
    // A lesson's board ends no game (a piece lesson's "ends" every move).
    let ended = ended.read().count() > 0 && lesson.is_none();
    let check = game.as_ref().is_some_and(|g| g.position().in_check());
    if let Some(cue) = frame_cue(last.as_ref(), captured, check, ended) {
        log.push(cue);
    }
    let Some(game) = game else { return };
    let control = game.setup().time;
    if !control.is_timed() || game.outcome().is_some() {
        return;
    }
    let low = low_time(control);
    for side in [Color::White, Color::Black] {
        let Some(left) = game.remaining(side) else {
            continue;
        };
        let seen = &mut warned.0[side.index()];
        if left > low * 2 {
            *seen = false;
        } else if left <= low && !*seen && game.clock().to_move() == side {
            *seen = true;
            log.push(SoundCue::LowTime);
        }
    }
}

/// Plays the cues not yet played, where there is audio.
fn play_cues(
    mut commands: Commands,
    mut log: ResMut<CueLog>,
    prefs: Res<Prefs>,
    audio: Option<ResMut<Assets<AudioSource>>>,
    mut handles: Local<Vec<(SoundCue, Handle<AudioSource>)>>,
) {
    if log.pending == 0 {
        return;
    }
    let pending = std::mem::take(&mut log.pending);
    let Some(mut audio) = audio else { return };
    let gain = prefs.gain();
    if gain <= 0.0 {
        return;
    }
    let start = log.cues.len() - pending;
    for &cue in &log.cues[start..] {
        let handle = match handles.iter().find(|(c, _)| *c == cue) {
            Some((_, h)) => h.clone(),
            None => {
                let h = audio.add(AudioSource {
                    bytes: cue.bytes().into(),
                });
                handles.push((cue, h.clone()));
                h
            }
        };
        commands.spawn((
            AudioPlayer(handle),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(gain)),
        ));
    }
}
