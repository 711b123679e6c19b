//! Which sounds the client chooses for what happens in a game (the cues;
//! nothing is played: the headless app has no audio device). Expected cues
//! follow the order of `chimera_client::cues`'s documentation.

use super::clocks::{advance, play, timed_app};
use bevy::prelude::*;
use chimera_client::cues::SoundCue::{self, *};
use chimera_client::match_state::MatchCommand;
use chimera_client::sound::CueLog;
use chimera_rules::Color;

fn cues(app: &App) -> Vec<SoundCue> {
    app.world().resource::<CueLog>().cues.clone()
}

#[test]
fn moves_captures_castling_and_check_each_sound_their_cue() {
    let mut app = timed_app("chess", None, "-");
    for lmn in [
        "e2e4",
        "e7e5",
        "g1f3",
        "b8c6",
        "f1c4",
        "g8f6",
        "e1g1,h1f1",
        "f6e4",
        "c4f7",
    ] {
        play(&mut app, lmn);
    }
    // Bxf7+ captures and gives check: check is what the opponent must answer.
    assert_eq!(
        cues(&app),
        [Move, Move, Move, Move, Move, Move, Castling, Capture, Check]
    );
    app.world_mut()
        .write_message(MatchCommand::Resign(Color::Black));
    advance(&mut app, 0.0);
    assert_eq!(cues(&app).last(), Some(&GameEnd));
}

#[test]
fn a_promotion_sounds_as_a_promotion_and_a_mate_as_the_end() {
    // a7a8=N gives no check; then the queen mates on the back rank.
    let mut app = timed_app("chess", Some("6k1/P5pp/8/8/8/8/5PPP/3QK3 w - - - 0 1"), "-");
    play(&mut app, "a7a8=N");
    play(&mut app, "g8h8");
    assert_eq!(cues(&app), [Promotion, Move]);
    play(&mut app, "d1d8");
    assert_eq!(cues(&app).last(), Some(&GameEnd));
}

#[test]
fn low_time_sounds_once_when_the_clock_crosses_the_mark() {
    // 40 s: the mark is a quarter, 10 s.
    let mut app = timed_app("chess", None, "40+0");
    advance(&mut app, 29.0);
    assert_eq!(cues(&app), []);
    advance(&mut app, 1.5);
    assert_eq!(cues(&app), [LowTime]);
    advance(&mut app, 1.0);
    play(&mut app, "e2e4");
    assert_eq!(cues(&app), [LowTime, Move]);
}
