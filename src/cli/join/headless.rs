//! The terminal client of `chimera join ADDRESS --headless`, for scripts
//! and servers.
//!
//! Every move applied is printed on stdout as `ply N white e2e4` (N counts
//! the game's moves from 1). `--play "M1 M2 …"` holds the whole game's
//! moves in order: the client plays those that fall on its turns and checks
//! that the others arrive as written; the first divergence, or a move the
//! host refuses (with the host's reason), ends it with an `error:` line and
//! status 2. When the game is over, or every scripted move has been
//! applied, it prints the final VFEN and the `result:` line as `chimera fen`
//! does and leaves (`--stay` keeps it watching until the host closes the
//! game; a host that falls silent instead ends it with an error).
//! `--spectate` watches only. `--ai LEVEL` lets the computer play the seat:
//! its search runs on its own thread ([`Thinker`]) while this loop keeps
//! servicing the connection, with the game's clock if it has one, else
//! `--movetime` per move. Other notices (seats, offers, chat, the host's log
//! lines) go to stderr. A player's seat token is kept in the
//! config directory ([`SeatBook`]) so that the same `--name` restarted
//! against the same host gets its seat back.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use super::{JoinCmd, SeatArg};
use crate::cli::CliError;
use chimera_engine::{Job, Limits, Thinker};
use chimera_game::clock::TimeControl;
use chimera_net::seats::SeatBook;
use chimera_net::transport::{random_u64, wall_clock};
use chimera_net::{
    Client, ClientConfig, ClientEvent, ClientRunner, HostMsg, Link, MatchState, Role, SeatState,
    SeatWish,
};
use chimera_rules::{Color, Position};

/// Client updates per second.
const TICK_HZ: u64 = 200;
/// How long to wait for the version probe before connecting regardless.
const PROBE_WAIT: Duration = Duration::from_secs(3);
/// `--ai`'s time per move in a game without a clock, unless `--movetime` or
/// `--depth` says otherwise.
const AI_MOVETIME_MS: u32 = 1000;

/// The moves of `--play`, checked against the game as it comes.
struct Script {
    moves: Vec<String>,
    /// Moves of the game checked so far, and the position after them.
    checked: usize,
    pos: Option<Position>,
}

impl Script {
    /// Checks the game's moves not yet checked against the script.
    fn check(&mut self, s: &MatchState) -> Result<(), CliError> {
        if s.ply() < self.checked as u32 {
            // Taken back: check again from the start.
            self.checked = 0;
            self.pos = None;
        }
        let g = s.game();
        let pos = self.pos.get_or_insert_with(|| g.start().clone());
        let upto = (s.ply() as usize).min(self.moves.len());
        while self.checked < upto {
            let i = self.checked;
            let actual = g.moves()[i];
            let went = &s.moves()[i];
            let written = &self.moves[i];
            match pos.parse_lmn(written) {
                Ok(m) if m == actual => {}
                Ok(_) => {
                    return Err(CliError::Net(format!(
                        "move {} of --play is '{written}' but the game went '{went}'",
                        i + 1
                    )));
                }
                Err(e) => {
                    return Err(CliError::Net(format!(
                        "move {} of --play '{written}' cannot be played ({e}); the game went '{went}'",
                        i + 1
                    )));
                }
            }
            pos.make_move(actual);
            self.checked += 1;
        }
        Ok(())
    }
}

/// The side that plays move `ply` (from 0) of `s`'s game.
fn mover(s: &MatchState, ply: usize) -> Color {
    let first: Color = s.game().start().side_to_move();
    if ply.is_multiple_of(2) {
        first
    } else {
        first.opposite()
    }
}

fn print_move(s: &MatchState, ply: usize, lmn: &str) -> Result<(), CliError> {
    out!(
        "ply {} {} {lmn}",
        ply + 1,
        mover(s, ply).name().to_lowercase()
    );
    Ok(())
}

/// A notice for stderr, in words.
fn notice_line(m: &HostMsg) -> Option<String> {
    Some(match m {
        HostMsg::Seat { side, state } => state.line(*side),
        HostMsg::Offered { kind, by } => format!("{} offers a {}", by.name(), kind.word()),
        HostMsg::Declined { kind, by } => format!("{} declines the {}", by.name(), kind.word()),
        HostMsg::Chat { from, text } => format!("chat {from}: {text}"),
        HostMsg::Spectators(n) => format!("{n} watching"),
        _ => return None,
    })
}

/// The headless client between updates.
struct Headless {
    host: String,
    name: String,
    /// The seat book's file (none without a config directory).
    book: Option<std::path::PathBuf>,
    script: Option<Script>,
    /// The computer playing the seat (`--ai`).
    ai: Option<AiSeat>,
    /// The ply a scripted or computed move was sent at.
    sent_at: Option<u32>,
    /// The game (number) the script and the end belong to.
    game_number: Option<u32>,
    finished: bool,
    /// The grace seconds last printed for each seat while its player is away.
    away_said: [Option<u32>; 2],
}

impl Headless {
    fn keep_token(&mut self, token: Option<chimera_net::SeatToken>) {
        let Some(path) = &self.book else {
            return;
        };
        if let Err(e) = SeatBook::keep(path, &self.host, &self.name, token) {
            eprintln!("cannot keep the seat token in {}: {e}", path.display());
        }
    }

    /// Handles one event: prints it, or fails on a refusal.
    fn event(&mut self, e: ClientEvent, c: &Client) -> Result<(), CliError> {
        match e {
            ClientEvent::Notice(HostMsg::Rejected { what, reason }) => {
                return Err(CliError::Net(match (self.sent_at, &self.script) {
                    (Some(ply), Some(script)) if what.starts_with("move ") => format!(
                        "move {} '{}' of --play was refused by the host: {reason}",
                        ply + 1,
                        script.moves[ply as usize]
                    ),
                    _ => format!("the host refused {what}: {reason}"),
                }));
            }
            ClientEvent::Notice(HostMsg::VersionMismatch { text, .. }) => {
                return Err(CliError::Net(text));
            }
            ClientEvent::Log(line) => eprintln!("{line}"),
            e => {
                // What came before the welcome is in its snapshot.
                let joined = self.game_number.is_some() || matches!(e, ClientEvent::Joined { .. });
                if let Some(s) = c.state().filter(|_| joined) {
                    self.game_event(e, c, s)?;
                }
            }
        }
        Ok(())
    }

    /// An event about the game (joined, moves, notices).
    fn game_event(&mut self, e: ClientEvent, c: &Client, s: &MatchState) -> Result<(), CliError> {
        match e {
            ClientEvent::Joined { role, game_number } => {
                let what = match role {
                    Role::Player(side) => format!("as {}", side.name()),
                    Role::Spectator => "as a spectator".to_string(),
                };
                eprintln!(
                    "joined {} {what}: {} game {game_number}",
                    self.host,
                    s.game().variant().id()
                );
                if let Role::Player(_) = role {
                    self.keep_token(c.token());
                }
                if self.game_number.is_some_and(|n| n != game_number) {
                    // A rematch: the script was the last game's.
                    self.script = None;
                }
                self.game_number = Some(game_number);
                self.sent_at = None;
                for (i, lmn) in s.moves().iter().enumerate() {
                    print_move(s, i, lmn)?;
                }
            }
            ClientEvent::Applied { ply, lmn, .. } => print_move(s, ply as usize, &lmn)?,
            ClientEvent::Resynced => eprintln!("resynchronised with the host"),
            ClientEvent::TakenBack { ply } => {
                // The seat may have this ply to play again.
                self.sent_at = None;
                eprintln!("taken back to ply {ply}");
            }
            ClientEvent::Notice(m) => {
                if self.worth_saying(&m)
                    && let Some(line) = notice_line(&m)
                {
                    eprintln!("{line}");
                }
            }
            ClientEvent::Log(line) => eprintln!("{line}"),
        }
        Ok(())
    }

    /// Whether a notice is worth a line: the host counts an away player's
    /// grace down every second; the countdown is said when it starts, then
    /// at each whole minute, at 0:30, 0:10 and when it runs out.
    fn worth_saying(&mut self, m: &HostMsg) -> bool {
        let HostMsg::Seat { side, state } = m else {
            return true;
        };
        let said = &mut self.away_said[side.index()];
        let SeatState::Away { grace_left_s, .. } = state else {
            *said = None;
            return true;
        };
        let left = *grace_left_s;
        let step = left % 60 == 0 || left == 30 || left == 10;
        let worth = match *said {
            None => true,
            Some(before) => left != before && (step || left > before),
        };
        if worth {
            *said = Some(left);
        }
        worth
    }

    /// After the events of an update: checks the script, plays the next
    /// scripted move on this client's turn, prints the end. True once the
    /// game (or the script) is over.
    fn after(&mut self, runner: &mut ClientRunner) -> Result<bool, CliError> {
        let c = runner.client();
        let Some(s) = c.state() else {
            return Ok(false);
        };
        if let Some(script) = &mut self.script {
            script.check(s)?;
        }
        let script_done = self
            .script
            .as_ref()
            .is_some_and(|sc| s.ply() as usize >= sc.moves.len());
        if !self.finished && (s.result().is_some() || script_done) {
            self.finished = true;
            out!("{}", s.vfen());
            out!(
                "result: {}",
                s.result().map_or("*".to_string(), |r| r.result_text())
            );
            if s.result().is_some() && matches!(c.role(), Some(Role::Player(_))) {
                self.keep_token(None);
            }
            return Ok(true);
        }
        let seated = s.table.seats.iter().all(|seat| *seat != SeatState::Open);
        let ply = s.ply();
        let ready = seated && c.my_turn() && self.sent_at != Some(ply);
        let next = match &mut self.ai {
            Some(ai) => ai.next_move(s, ready),
            None => self
                .script
                .as_ref()
                .and_then(|sc| sc.moves.get(ply as usize))
                .cloned(),
        };
        if let Some(lmn) = next
            && ready
        {
            self.sent_at = Some(ply);
            runner
                .client_mut()
                .play(&lmn)
                .map_err(|e| CliError::Net(format!("move {} '{lmn}': {e}", ply + 1)))?;
        }
        Ok(false)
    }
}

/// The computer at a seat: its search runs on its own thread while the
/// client keeps servicing the connection.
struct AiSeat {
    thinker: Thinker,
    /// Limits of a move in a game without a clock (the depth cap always).
    limits: Limits,
    /// The position being searched: (game number, ply, hash).
    searching: Option<(u32, u32, u64)>,
}

impl AiSeat {
    /// The move to send once a search of the current position has ended;
    /// starts one when `ready` (seated, this seat's turn, nothing sent at
    /// this ply). A search of a position the game has left (a takeback, a
    /// rematch, the end) is stopped and its result dropped.
    fn next_move(&mut self, s: &MatchState, ready: bool) -> Option<String> {
        let here = (s.table.game_number, s.ply(), s.hash());
        if let Some(r) = self.thinker.finished() {
            let searched = self.searching.take();
            if ready && searched == Some(here) {
                return r.best.map(|m| s.game().position().lmn(m));
            }
        }
        match self.searching {
            Some(key) if key != here || !ready => self.thinker.stop(),
            Some(_) => {}
            None if ready && !self.thinker.is_busy() => {
                let job = Job {
                    game: s.game().clone(),
                    limits: move_limits(&self.limits, s),
                    hold: false,
                    on_info: Box::new(|_, _| {}),
                    on_done: Box::new(|_, _| {}),
                };
                match self.thinker.start(job) {
                    Ok(()) => self.searching = Some(here),
                    Err(e) => eprintln!("the computer cannot think: {e}"),
                }
            }
            None => {}
        }
        None
    }
}

/// The limits of the computer's move: the clock's time of the side to
/// move when the game is timed, else `base`; `base`'s depth cap in both.
fn move_limits(base: &Limits, s: &MatchState) -> Limits {
    let side = s.side_to_move();
    let Some((clock, left)) = s.clock().zip(s.clock_left(side)) else {
        return *base;
    };
    let with_clock = |inc, movestogo| Limits {
        depth: base.depth,
        clock: Some(chimera_engine::TimeLeft {
            time: left,
            inc,
            movestogo,
        }),
        ..Limits::default()
    };
    match clock.control() {
        TimeControl::None => *base,
        TimeControl::Fischer { increment, .. } => with_clock(increment, None),
        // The delay is free at every move, as an increment would be.
        TimeControl::Delay { delay, .. } => with_clock(delay, None),
        TimeControl::Periods { moves, .. } => {
            let made = clock.moves_made(side) % moves.max(1);
            with_clock(Duration::ZERO, Some(moves - made))
        }
        // What is left of this move's time, less a margin for the network.
        TimeControl::PerMove { .. } => Limits {
            depth: base.depth,
            movetime: Some(left * 4 / 5),
            ..Limits::default()
        },
    }
}

/// The seat `--seat`/`--spectate` ask for.
pub(super) fn wish_of(a: &JoinCmd) -> SeatWish {
    match (a.spectate, a.seat) {
        (true, _) => SeatWish::Spectate,
        (false, SeatArg::White) => SeatWish::White,
        (false, SeatArg::Black) => SeatWish::Black,
        (false, SeatArg::Any) => SeatWish::Any,
    }
}

/// The seat token kept for `a.name` at `host` (the seat book's key), if
/// `a` asks for a seat.
pub(super) fn kept_token(a: &JoinCmd, host: &str) -> Option<chimera_net::SeatToken> {
    let book = SeatBook::default_path();
    (!a.spectate)
        .then(|| {
            book.as_deref()
                .and_then(|p| SeatBook::lookup(p, host, &a.name))
        })
        .flatten()
}

/// Plays the LAN game at `address` in the terminal (see the module doc).
pub(super) fn run(a: JoinCmd, address: SocketAddr) -> Result<(), CliError> {
    let host = address.to_string();
    let mut cfg = ClientConfig::new(&a.name, wish_of(&a));
    cfg.token = kept_token(&a, &host);
    let mut runner = ClientRunner::connect(Client::new(cfg), address, random_u64(), wall_clock())
        .map_err(|e| CliError::Net(e.to_string()))?;
    runner.wait_for_probe(PROBE_WAIT);
    play(a, runner, host)
}

/// Plays the game `runner` connects to in the terminal; `host` keys the
/// seat token in the seat book.
pub(super) fn play(a: JoinCmd, mut runner: ClientRunner, host: String) -> Result<(), CliError> {
    let book = SeatBook::default_path();
    let mut h = Headless {
        host,
        name: a.name.clone(),
        book,
        script: a.play.map(|m| Script {
            moves: m.0,
            checked: 0,
            pos: None,
        }),
        ai: a.ai.map(|level| AiSeat {
            thinker: Thinker::new(level, a.seed, crate::cli::ai::DEFAULT_HASH_MB),
            limits: Limits {
                depth: a.depth,
                movetime: a
                    .movetime
                    .or((a.depth.is_none()).then_some(AI_MOVETIME_MS))
                    .map(|ms| Duration::from_millis(ms.into())),
                ..Limits::default()
            },
            searching: None,
        }),
        sent_at: None,
        game_number: None,
        finished: false,
        away_said: [None, None],
    };
    let period = Duration::from_millis(1000 / TICK_HZ);
    let mut last = Instant::now();
    loop {
        let now = Instant::now();
        let events = runner.update(now - last);
        last = now;
        for e in events {
            h.event(e, runner.client())?;
        }
        if let Link::Closed(why) = runner.link() {
            return if !h.finished {
                Err(CliError::Net(why.clone()))
            } else if runner.closed_by_host() {
                Ok(())
            } else {
                // `--stay`: the host fell silent instead of closing.
                Err(CliError::Net(format!(
                    "{why}: the host went away without closing the game"
                )))
            };
        }
        if h.after(&mut runner)? && !a.stay {
            runner.disconnect();
            return Ok(());
        }
        std::thread::sleep(period.saturating_sub(now.elapsed()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits_in(control: &str) -> Limits {
        let base = Limits {
            depth: Some(6),
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        let mut setup = chimera_game::GameSetup::new("chess", Vec::new());
        setup.time = control.parse().unwrap();
        let m = chimera_game::Match::new_game(setup).unwrap();
        let s = MatchState::new(m, chimera_net::state::LanTable::default());
        move_limits(&base, &s)
    }

    #[test]
    fn the_computer_moves_by_the_clock_when_the_game_has_one() {
        let s = Duration::from_secs;
        let clock = |time, inc, movestogo| Limits {
            depth: Some(6),
            clock: Some(chimera_engine::TimeLeft {
                time,
                inc,
                movestogo,
            }),
            ..Limits::default()
        };
        assert_eq!(
            limits_in("-"),
            Limits {
                depth: Some(6),
                movetime: Some(Duration::from_millis(1000)),
                ..Limits::default()
            }
        );
        assert_eq!(limits_in("300+2"), clock(s(300), s(2), None));
        assert_eq!(limits_in("600d5"), clock(s(600), s(5), None));
        assert_eq!(limits_in("40/5400"), clock(s(5400), s(0), Some(40)));
        // Four fifths of a fixed 30 s.
        assert_eq!(
            limits_in("*30"),
            Limits {
                depth: Some(6),
                movetime: Some(s(24)),
                ..Limits::default()
            }
        );
    }
}
