//! The LAN session's systems: [`launch`] starts what the command line or
//! the menus asked for, [`tick`] runs the network once a frame — it sends
//! the player's wishes to the host and brings back what the host decided —
//! and [`goodbye`] tells the other end when the app ends.

use bevy::prelude::*;
use chimera_net::{ClientMsg, Role};

use super::follow::{NetOut, follow, hosted};
use super::join::{JoinScreen, LanRequest};
use super::plans::{HostPlan, JoinPlan, NetLaunch, NetPlan};
use super::session::{NetSession, Wire};
use super::settings::{DEFAULT_LAN_NAME, LanSettings};
use crate::interaction::Toast;
use crate::match_state::{
    Authority, CurrentMatch, InstallMatch, Match, MatchCommand, MatchError, MoveIntent,
    MoveRejected, Offer,
};
use crate::menus::MenuChoice;
use crate::schedule::Screen;

/// A request of the LAN side panel (offers, answers, chat, win claim).
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct NetAction(pub ClientMsg);

/// Starts the LAN game the command line or the menus asked for.
pub(super) fn launch(
    mut commands: Commands,
    plan: Option<Res<NetLaunch>>,
    mut requests: MessageReader<LanRequest>,
    (settings, choice): (Res<LanSettings>, Res<MenuChoice>),
    mut session: Option<ResMut<NetSession>>,
    mut join: ResMut<JoinScreen>,
    mut toast: MessageWriter<Toast>,
) {
    let mut plans: Vec<NetPlan> = Vec::new();
    if let Some(p) = plan {
        // The address the command line joins is the field's: if joining
        // fails the player corrects it there.
        if let NetPlan::Join(j) = &p.0
            && join.address.is_empty()
        {
            join.address = j.address.to_string();
        }
        plans.push(p.0.clone());
        commands.remove_resource::<NetLaunch>();
    }
    // The name given on the command line (`--name`), else the player's
    // name from the settings, else the default.
    let mut settings = settings.clone();
    settings.name = settings.player_name(&choice.player_name);
    for r in requests.read() {
        match r {
            LanRequest::Host(setup) => plans.push(NetPlan::Host(Box::new(HostPlan::from_setup(
                setup, &settings,
            )))),
            LanRequest::Join { address, spectate } => {
                // What was typed or picked stays in the field.
                join.address.clone_from(address);
                match chimera_net::transport::host_address(address) {
                    Ok(address) => plans.push(NetPlan::Join(JoinPlan {
                        address,
                        spectate: *spectate,
                        place: None,
                    })),
                    Err(e) => join.status = Some(e),
                }
            }
        }
    }
    let Some(mut plan) = plans.pop() else { return };
    // A game hosted from the command line without `--name` is hosted under
    // the player's name too.
    if let NetPlan::Host(h) = &mut plan
        && h.config.local_name == DEFAULT_LAN_NAME
    {
        h.config.local_name = settings.name.clone();
        h.config.name = settings.name.clone();
    }
    if let Some(old) = session.as_mut() {
        old.wire().close();
    }
    let started = match &plan {
        NetPlan::Host(h) => NetSession::host(h, &settings, settings.announce),
        NetPlan::Join(j) => NetSession::join(j, &settings),
    };
    match started {
        Ok(s) => {
            join.status = match &plan {
                NetPlan::Join(j) => Some(format!("Connecting to {}…", j.address)),
                NetPlan::Host(_) => None,
            };
            commands.insert_resource(s);
            commands.insert_resource(Authority::default());
        }
        Err(e) => {
            error!("LAN: {e}");
            toast.write(Toast(e.clone()));
            join.status = Some(e);
            commands.remove_resource::<NetSession>();
            commands.remove_resource::<Authority>();
        }
    }
}

/// Ends the LAN session (the game goes on locally, or the menu is back).
fn end_session(commands: &mut Commands, s: &mut NetSession) {
    s.wire().close();
    commands.remove_resource::<NetSession>();
    commands.remove_resource::<Authority>();
}

/// Once a frame: forwards the player's wishes, runs the network, and takes
/// what the host decided into the match — a hosting window's host rules
/// the window's match itself, a joined window's match follows its client.
pub(super) fn tick(
    mut commands: Commands,
    (session, mut game, time): (
        Option<ResMut<NetSession>>,
        Option<ResMut<CurrentMatch>>,
        Res<Time>,
    ),
    mut actions: MessageReader<NetAction>,
    mut out: NetOut,
    mut wished_moves: MessageReader<MoveIntent>,
    mut wished_cmds: MessageReader<MatchCommand>,
) {
    let local_moves: Vec<MoveIntent> = wished_moves.read().copied().collect();
    let local_cmds: Vec<MatchCommand> = wished_cmds.read().cloned().collect();
    let Some(mut s) = session else {
        actions.clear();
        return;
    };
    let s = &mut *s;
    // A hosting window first installs the host's match as its own.
    if let Wire::Host { pending, .. } = s.wire()
        && let Some(m) = pending.take()
    {
        out.install.write(InstallMatch(m));
        s.installed = true;
        return;
    }
    for req in local_moves {
        forward_move(s, req, game.as_deref().map(|m| &m.0), &mut out);
    }
    for cmd in local_cmds {
        if forward_command(s, cmd, game.as_deref().map(|m| &m.0), &mut out) == Forwarded::Leave {
            s.keep_token(false);
            end_session(&mut commands, s);
            info!("LAN: left the game for a local one");
            return;
        }
    }
    for NetAction(msg) in actions.read() {
        s.send(msg.clone());
    }
    let joining = s.view.joined.is_some() && !s.installed;
    let waiting = out.overlays.join || out.overlays.online;
    if joining && !waiting && *out.screen.get() == Screen::Menu {
        // Back from the join (or online) screen before the host answered: give up.
        end_session(&mut commands, s);
        out.join.status = None;
        return;
    }
    if matches!(s.wire(), Wire::Host { .. }) {
        let Some(game) = game.as_mut() else { return };
        // Time passing is not a change of the match; what the host did is.
        let round = s
            .wire()
            .host_round(game.bypass_change_detection(), time.delta());
        if round.changed {
            game.set_changed();
            s.autosave(game);
        } else {
            s.autosave_running_clock(game, time.delta());
        }
        s.keep_host_seats();
        hosted(s, round.events, &mut out);
    } else {
        s.reconnect_if_dropped(time.delta());
        let (events, nothing_answers) = match s.wire() {
            Wire::Join(r) => (r.update(time.delta()), r.nothing_answers()),
            Wire::Host { .. } => (Vec::new(), None),
        };
        s.backlog.extend(events);
        // Joining a port nobody listens on is said at once (the probe was
        // refused), not after the connection's time-out.
        if let Some(text) = nothing_answers.filter(|_| !s.installed) {
            out.join.status = Some(text);
        }
        follow(s, game.as_deref().map(|m| &m.0), &mut out);
    }
    s.refresh_view(game.as_deref().map(|m| &m.0));
    if let Some(a) = out.authority.as_deref_mut() {
        s.view.update(a);
    }
    if !s.installed
        && let Some(why) = &s.view.closed
    {
        out.join.status = Some(why.clone());
    }
}

/// The app ends: the host's clients, or the host, are told goodbye.
pub(super) fn goodbye(mut exit: MessageReader<AppExit>, session: Option<ResMut<NetSession>>) {
    if exit.read().next().is_some()
        && let Some(mut s) = session
    {
        s.wire().close();
    }
}

/// Sends the player's move to the host (or refuses it here: a spectator's,
/// a stale one).
fn forward_move(s: &mut NetSession, req: MoveIntent, game: Option<&Match>, out: &mut NetOut) {
    let Some(g) = game else { return };
    let refuse = |out: &mut NetOut, reason: MatchError| {
        out.rejected.write(MoveRejected {
            mv: req.mv,
            ply: req.ply,
            reason,
        });
    };
    match s.role() {
        Some(Role::Player(_)) => {}
        Some(Role::Spectator) => {
            return refuse(
                out,
                MatchError::Refused("spectators watch only".to_string()),
            );
        }
        None => {
            return refuse(out, MatchError::Refused("not joined yet".to_string()));
        }
    }
    if req.ply != g.ply() {
        return refuse(
            out,
            MatchError::NotCurrent {
                asked: req.ply,
                current: g.ply(),
            },
        );
    }
    s.send_move(req, g.position().lmn(req.mv));
}

/// What forwarding a command did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Forwarded {
    /// Sent to the host (or answered here).
    Sent,
    /// The player starts a local game: the LAN game is left.
    Leave,
}

/// Sends the player's command to the host as its wire request. A new game
/// of another setup leaves the LAN game.
fn forward_command(
    s: &mut NetSession,
    cmd: MatchCommand,
    game: Option<&Match>,
    out: &mut NetOut,
) -> Forwarded {
    // A player's request from a screen that holds no seat is refused here
    // (the menus and buttons do not offer them; keys still can ask).
    let seated = matches!(s.role(), Some(Role::Player(_)));
    let request = match &cmd {
        MatchCommand::NewGame(setup) => game.is_some_and(|g| g.setup() == setup),
        MatchCommand::Undo
        | MatchCommand::Resign(_)
        | MatchCommand::OfferDraw(_)
        | MatchCommand::Accept(..)
        | MatchCommand::Decline(_)
        | MatchCommand::ClaimWin => true,
        _ => false,
    };
    if request && !seated {
        let why = match s.role() {
            Some(_) => "spectators watch only: only the players ask for that",
            None => "not joined yet",
        };
        out.toast.write(Toast(why.to_string()));
        return Forwarded::Sent;
    }
    let msg = match cmd {
        MatchCommand::Undo if s.offered_to_me(Offer::Takeback) => {
            ClientMsg::Accept(Offer::Takeback)
        }
        MatchCommand::Undo => ClientMsg::Offer(Offer::Takeback),
        MatchCommand::Redo | MatchCommand::Finish(_) | MatchCommand::TruncateTo(_) => {
            out.toast
                .write(Toast("a LAN game has no redo or new lines".to_string()));
            return Forwarded::Sent;
        }
        MatchCommand::PauseClock(_) => {
            out.toast
                .write(Toast("the host runs a LAN game's clocks".to_string()));
            return Forwarded::Sent;
        }
        MatchCommand::Resign(_) => ClientMsg::Resign,
        MatchCommand::OfferDraw(_) => ClientMsg::Offer(Offer::Draw),
        MatchCommand::Accept(offer, _) => ClientMsg::Accept(offer),
        MatchCommand::Decline(offer) => ClientMsg::Decline(offer),
        MatchCommand::ClaimWin => ClientMsg::ClaimWin,
        MatchCommand::NewGame(setup) => {
            if game.is_none_or(|g| *g.setup() != setup) {
                return Forwarded::Leave;
            }
            if s.offered_to_me(Offer::Rematch) {
                ClientMsg::Accept(Offer::Rematch)
            } else {
                ClientMsg::Offer(Offer::Rematch)
            }
        }
    };
    s.send(msg);
    Forwarded::Sent
}
