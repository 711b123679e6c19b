use super::*;

fn setup(time: TimeControl) -> GameSetup {
    GameSetup {
        time,
        ..GameSetup::new("chess", Vec::new())
    }
}

#[test]
fn an_untimed_game_thinks_the_chosen_time_or_the_levels() {
    let s = setup(TimeControl::None);
    let two = Duration::from_secs(2);
    assert_eq!(
        move_limits(&s, 3, None, 0, Some(two)),
        Limits::movetime(two)
    );
    assert_eq!(
        move_limits(&s, 8, None, 0, None),
        Limits::movetime(level_time(8))
    );
    // Stronger levels never get less time.
    for l in 1..8 {
        assert!(level_time(l) <= level_time(l + 1));
    }
}

#[test]
fn a_timed_game_plays_on_its_clock() {
    let base = Duration::from_secs(300);
    let inc = Duration::from_secs(3);
    let fischer = setup(TimeControl::Fischer {
        base,
        increment: inc,
    });
    // Without a running clock: the starting time.
    let l = move_limits(&fischer, 8, None, 10, Some(Duration::from_secs(9)));
    assert_eq!(
        l.clock,
        Some(chimera_engine::TimeLeft {
            time: base,
            inc,
            movestogo: None
        })
    );
    assert_eq!(l.movetime, None);
    // With one: the time left.
    let left = Duration::from_secs(42);
    assert_eq!(
        move_limits(&fischer, 8, Some(left), 10, None)
            .clock
            .unwrap()
            .time,
        left
    );
    // 40 moves per period, 13 made: 27 to go.
    let periods = setup(TimeControl::Periods {
        moves: 40,
        time: base,
    });
    assert_eq!(
        move_limits(&periods, 8, None, 13, None)
            .clock
            .unwrap()
            .movestogo,
        Some(27)
    );
    // A fixed time per move: most of it.
    let per = setup(TimeControl::PerMove {
        time: Duration::from_secs(10),
    });
    assert_eq!(
        move_limits(&per, 8, None, 0, None),
        Limits::movetime(Duration::from_secs(8))
    );
}

#[test]
fn scores_turn_to_whites_side() {
    assert_eq!(white_view(Eval::Cp(40), Color::White), Eval::Cp(40));
    assert_eq!(white_view(Eval::Cp(40), Color::Black), Eval::Cp(-40));
    assert_eq!(white_view(Eval::Mate(2), Color::Black), Eval::Mate(-2));
}
