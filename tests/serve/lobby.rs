//! `chimera lobby` and `chimera join LOBBY …` as subprocesses on
//! 127.0.0.1: a table created (its code printed), listed, joined by its
//! code and played by two headless clients; a wrong code and a lobby that
//! is not there, each one sentence and status 2; SIGTERM mid-game writes
//! the unfinished game's record.

use std::path::Path;

use super::{Proc, scratch};

/// `chimera lobby` on a free port of 127.0.0.1; returns it with its address.
fn lobby(dir: &Path) -> (Proc, String) {
    let p = Proc::start(dir, &["lobby", "--bind", "127.0.0.1", "--port", "0"]);
    let line = p.wait_line("lobby listening on ");
    let addr = line
        .split_whitespace()
        .nth(3)
        .expect("lobby listening on ADDRESS:")
        .trim_end_matches(':')
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    (p, addr)
}

#[test]
#[cfg(unix)]
fn a_lobby_table_is_created_joined_by_code_played_and_kept_at_sigterm() {
    let dir = scratch("lobby");
    let (lobby, addr) = lobby(&dir);
    let moves = "e2e4 e7e5 g1f3 b8c6";
    let ann = Proc::start(
        &dir.join("ann"),
        &[
            "join",
            &addr,
            "--create",
            "--variant",
            "chess",
            "--time",
            "300+2",
            "--headless",
            "--name",
            "Ann",
            "--seat",
            "white",
            "--play",
            moves,
        ],
    );
    let said = ann.wait_line("is open at");
    let code = said
        .split_whitespace()
        .nth(1)
        .expect("table CODE")
        .to_string();
    let (status, listed, _) = Proc::start(&dir.join("cy"), &["join", &addr, "--list"]).finish();
    assert_eq!(status, Some(0));
    assert!(
        listed.starts_with(&format!(
            "{code} chess 5:00+2 Ann - (open) 0 watching ply 0"
        )) || listed.starts_with(&format!("{code} chess 300+2 Ann - (open) 0 watching ply 0")),
        "{listed}"
    );
    let bo = Proc::start(
        &dir.join("bo"),
        &[
            "join",
            &addr,
            "--room",
            &code.to_lowercase(),
            "--headless",
            "--name",
            "Bo",
            "--play",
            moves,
        ],
    );
    let (a_status, a_out, a_err) = ann.finish();
    let (b_status, b_out, _) = bo.finish();
    assert_eq!((a_status, b_status), (Some(0), Some(0)), "{a_err:?}");
    assert!(
        a_out.starts_with(&format!("room {code}\nply 1 white e2e4\n")),
        "{a_out}"
    );
    assert!(b_out.ends_with("result: *\n"), "{b_out}");
    assert!(
        a_err
            .iter()
            .any(|l| l.starts_with("first visit to the lobby at")),
        "{a_err:?}"
    );
    // A wrong code and a lobby that is not there: one sentence each.
    let (status, _, err) = Proc::start(
        &dir.join("cy"),
        &["join", &addr, "--room", "2345-6789", "--headless"],
    )
    .finish();
    assert_eq!(status, Some(2));
    assert_eq!(
        err.last().unwrap(),
        &format!(
            "error: the lobby at {addr} refused: there is no table 2345-6789 at this lobby: check the code"
        )
    );
    // SIGTERM: the unfinished game is recorded.
    lobby.terminate();
    let (status, _, err) = lobby.finish();
    assert_eq!(status, Some(0), "{err:?}");
    let saved = err
        .iter()
        .find_map(|l| l.strip_prefix("record saved to "))
        .unwrap_or_else(|| panic!("a record saved: {err:?}"));
    let text = std::fs::read_to_string(saved).unwrap();
    assert!(text.contains("[Termination \"abandoned\"]"), "{text}");
    assert!(text.contains(&format!("[Room \"{code}\"]")), "{text}");
    let rec = chimera_game::record::MatchRecord::from_text(&text, 1).expect("the record reads");
    let played: Vec<&str> = rec.moves.iter().map(|m| m.lmn.as_str()).collect();
    assert_eq!(played.join(" "), moves);
    let (status, _, err) = Proc::start(
        &dir.join("cy"),
        &["join", &addr, "--room", &code, "--headless"],
    )
    .finish();
    assert_eq!(status, Some(2));
    assert_eq!(
        err.last().unwrap(),
        &format!("error: nothing answers at {addr}: is the lobby running there, with that port?")
    );
}
