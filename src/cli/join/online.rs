//! `chimera join LOBBY --room CODE | --create | --list`: a lobby's table.
//!
//! The lobby is asked over TLS (its certificate pinned on first use in
//! the config directory, `lobby-pins.txt`) for a place at the table; its
//! answer's connect token opens the encrypted game link, and the game is
//! played as on the LAN (in the window, or the terminal with `--headless`). `--create`
//! prints `room CODE` on stdout first; `--list` prints the public tables.
//! Every failure is one sentence (unreachable, full, another version, a
//! wrong or expired code, a changed certificate).

use std::net::SocketAddr;

use super::{JoinCmd, headless};
use crate::cli::CliError;
use crate::cli::args::DEFAULT_VARIANT;
use chimera_net::lobby::{
    DEFAULT_LOBBY_PORT, LobbyAnswer, LobbyRequest, PinBook, TableInfo, TableSpec, ask_pinned,
};
use chimera_net::transport::wall_clock;
use chimera_net::{Client, ClientConfig, ClientRunner};

/// The lobby's address (its port 5860 unless one was named).
fn lobby_address(a: &JoinCmd) -> Result<SocketAddr, CliError> {
    a.address
        .map(|g| g.or_port(DEFAULT_LOBBY_PORT))
        .ok_or_else(|| CliError::Usage("a lobby's ADDRESS is needed".into()))
}

/// Asks the lobby; a refusal is an error in its words.
fn ask(lobby: SocketAddr, req: &LobbyRequest) -> Result<LobbyAnswer, CliError> {
    let book = PinBook::default_path();
    let answer = ask_pinned(lobby, req, book.as_deref(), &mut |line| eprintln!("{line}"))
        .map_err(|e| CliError::Net(e.to_string()))?;
    match answer {
        LobbyAnswer::Refused(why) => Err(CliError::Net(format!(
            "the lobby at {lobby} refused: {why}"
        ))),
        answer => Ok(answer),
    }
}

/// One table as a line: `K7QD-3MXA holygrail 300+2 Ann - Bo 2 watching ply 14`.
pub fn table_line(t: &TableInfo) -> String {
    let seat = |i: usize| t.seats[i].name().unwrap_or("(open)").to_string();
    let options = chimera_rules::options_text(&t.options, " ");
    let time = if t.time.is_timed() {
        t.time.to_string()
    } else {
        "untimed".to_string()
    };
    let state = if t.over {
        "over".to_string()
    } else {
        format!("ply {}", t.ply)
    };
    format!(
        "{} {}{} {time} {} - {} {} watching {state}",
        t.code,
        t.variant,
        if options.is_empty() {
            String::new()
        } else {
            format!(" ({options})")
        },
        seat(0),
        seat(1),
        t.spectators
    )
}

/// Runs `join` at a lobby.
pub(super) fn join(a: JoinCmd) -> Result<(), CliError> {
    let lobby = lobby_address(&a)?;
    let wish = headless::wish_of(&a);
    let req = if a.list {
        LobbyRequest::List
    } else if a.create {
        let v = a.variant.build(DEFAULT_VARIANT)?;
        LobbyRequest::Create {
            spec: TableSpec {
                variant: v.id().to_string(),
                options: v.options().to_vec(),
                time: a.time,
                public: !a.private,
            },
            wish,
            name: a.name.clone(),
        }
    } else {
        let code = a
            .room
            .ok_or_else(|| CliError::Usage("--room CODE is needed".into()))?;
        LobbyRequest::Join { code, wish }
    };
    let (code, token, seat) = match ask(lobby, &req)? {
        LobbyAnswer::Tables(tables) => {
            if tables.is_empty() {
                eprintln!("no public tables at {lobby}");
            }
            for t in &tables {
                out!("{}", table_line(t));
            }
            return Ok(());
        }
        LobbyAnswer::Admitted { code, token, seat } => (code, token, seat),
        LobbyAnswer::Refused(why) => return Err(CliError::Net(why)),
    };
    if a.create {
        out!("room {code}");
        eprintln!(
            "table {code} is open at {lobby}: others join with `chimera join {lobby} --room {code}`"
        );
    }
    if !a.headless {
        let plan = chimera_client::net::NetPlan::Join(chimera_client::net::JoinPlan {
            address: lobby,
            spectate: a.spectate,
            place: Some(chimera_client::net::LobbyPlace { code, token, seat }),
        });
        return crate::cli::host::lan_window(Some(plan), &a.name, false, a.window);
    }
    // The seat book keys a lobby's seat by its address and the room code.
    let key = format!("{lobby}/{code}");
    let mut cfg = ClientConfig::new(&a.name, wish);
    cfg.token = seat.or_else(|| headless::kept_token(&a, &key));
    let runner = ClientRunner::with_token(Client::new(cfg), &token, wall_clock())
        .map_err(|e| CliError::Net(e.to_string()))?;
    headless::play(a, runner, key)
}
