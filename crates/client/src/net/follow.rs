//! How the window's match follows the host. A joined window takes its
//! client's events into the match ([`follow`]): each confirmed move as the
//! authority's decision (`ApplyMove`, one board change a frame, so that it
//! animates like any move), offers and results as commands, and the
//! client's copy whole (`InstallMatch`) on joining, a rematch or a resync.
//! A hosting window's host has already changed the match; its events are
//! only announced to the views ([`hosted`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use chimera_game::clock::TimeControl;
use chimera_net::client::ChatLine;
use chimera_net::{ClientEvent, HostEvent, HostMsg, Role};
use chimera_rules::Color;

use super::join::JoinScreen;
use super::session::{NetSession, Wire};
use crate::interaction::Toast;
use crate::match_state::{
    Announcer, ApplyCommand, ApplyMove, Authority, BoardResynced, GameEnded, GameSetup,
    InstallMatch, Match, MatchCommand, MatchError, MoveIntent, MoveRejected, Offer, Player,
};
use crate::menus::Overlays;
use crate::scene::BoardLayout;
use crate::schedule::Screen;

/// What the session's systems write: the match's decisions and installs,
/// refusals, announcements, and the screens a LAN game opens.
#[derive(SystemParam)]
pub struct NetOut<'w> {
    moves: MessageWriter<'w, ApplyMove>,
    cmds: MessageWriter<'w, ApplyCommand>,
    pub(super) authority: Option<ResMut<'w, Authority>>,
    pub(super) rejected: MessageWriter<'w, MoveRejected>,
    pub(super) toast: MessageWriter<'w, Toast>,
    pub(super) install: MessageWriter<'w, InstallMatch>,
    pub(super) resynced: MessageWriter<'w, BoardResynced>,
    pub(super) announce: Announcer<'w>,
    pub(super) layout: ResMut<'w, BoardLayout>,
    pub(super) next: ResMut<'w, NextState<Screen>>,
    pub(super) screen: Res<'w, State<Screen>>,
    pub(super) join: ResMut<'w, JoinScreen>,
    pub(super) overlays: ResMut<'w, Overlays>,
    pub(super) heard: MessageWriter<'w, super::DrawingsHeard>,
}

impl NetOut<'_> {
    /// The host confirmed this move: the match plays it.
    pub(super) fn confirmed_move(&mut self, req: MoveIntent) {
        self.moves.write(ApplyMove(req));
    }
    /// The host decided this: the match carries it out.
    pub(super) fn confirmed_command(&mut self, cmd: MatchCommand) {
        self.cmds.write(ApplyCommand(cmd));
    }
}

/// A hosting window takes the host's events: the moves it applied to the
/// window's match are announced (animations, sounds), takebacks and
/// rematches rebuild the views, the messages to the window's own player
/// become the panel's lines.
pub(super) fn hosted(s: &mut NetSession, events: Vec<HostEvent>, out: &mut NetOut) {
    for e in events {
        match e {
            HostEvent::Log(line) => info!("LAN host: {line}"),
            HostEvent::Applied { played, .. } => {
                s.sent.retain(|(_, l)| *l != played.lmn);
                out.announce.played(*played);
            }
            HostEvent::TakenBack { ply } => {
                out.resynced.write(BoardResynced);
                s.notice(format!("moves taken back to ply {ply}"));
            }
            HostEvent::Ended(outcome) => out.announce.ended(GameEnded { outcome }),
            HostEvent::NewGame { .. } => {
                out.resynced.write(BoardResynced);
            }
            HostEvent::ToLocal(HostMsg::Welcome { role, snapshot, .. }) => {
                joined(s, role, snapshot.game_number, out);
            }
            HostEvent::ToLocal(HostMsg::Chat { from, text }) => s.heard(ChatLine { from, text }),
            HostEvent::ToLocal(
                HostMsg::Moved(_) | HostMsg::TakenBack { .. } | HostMsg::Snapshot(_),
            ) => {}
            HostEvent::ToLocal(msg) => notice(s, msg, out, false),
            HostEvent::Send { .. } | HostEvent::Kick(_) => {}
        }
    }
}

/// The window has its seat (or watches): the board turns to its side and
/// the game screen opens.
fn joined(s: &mut NetSession, role: Role, game_number: u32, out: &mut NetOut) {
    s.notice(match role {
        Role::Player(side) => format!("game {game_number}: playing {}", side.name()),
        Role::Spectator => format!("game {game_number}: watching"),
    });
    out.layout.flipped = role == Role::Player(Color::Black);
    out.next.set(Screen::Game);
    *out.overlays = Overlays::default();
    out.join.status = None;
}

/// Takes the backlog's events into the match, up to one change of the
/// board a frame (the match applies commands before moves, and a move's
/// LMN reads in the position before it).
pub(super) fn follow(s: &mut NetSession, game: Option<&Match>, out: &mut NetOut) {
    let mut moved = false;
    while let Some(ev) = s.backlog.front().cloned() {
        // A command written after a move would reach the match before it.
        let changes_board = match &ev {
            ClientEvent::Applied { .. } | ClientEvent::TakenBack { .. } => true,
            ClientEvent::Notice(msg) => commands_of(msg),
            _ => false,
        };
        if moved && changes_board {
            return;
        }
        s.backlog.pop_front();
        match ev {
            ClientEvent::Joined { role, game_number } => {
                joined(s, role, game_number, out);
                if matches!(role, Role::Player(_)) {
                    s.keep_token(true);
                }
                install(s, out);
                return;
            }
            ClientEvent::Resynced => {
                s.notice("the board was out of step with the host: resynced".to_string());
                install(s, out);
                return;
            }
            ClientEvent::Applied { ply, lmn, .. } => {
                let Some(g) = game else { continue };
                s.sent.retain(|(_, l)| *l != lmn);
                match MoveIntent::lmn(g, &lmn) {
                    Ok(req) if req.ply == ply as usize => {
                        out.confirmed_move(req);
                        moved = true;
                    }
                    _ => {
                        s.notice(format!(
                            "the host's move {lmn} at ply {ply} does not fit the board: resynced"
                        ));
                        install(s, out);
                        return;
                    }
                }
            }
            ClientEvent::TakenBack { ply } => {
                let Some(g) = game else { continue };
                for _ in ply as usize..g.ply() {
                    out.confirmed_command(MatchCommand::Undo);
                }
                s.notice(format!("moves taken back to ply {ply}"));
                return;
            }
            ClientEvent::Notice(msg) => notice(s, msg, out, true),
            ClientEvent::Log(line) => s.notice(line),
        }
    }
    // Nothing waits: the match must show the host's copy; if it does not
    // (joined before the match existed, a missed change), install it.
    let installed = s.installed;
    let in_step = match s.wire() {
        Wire::Join(r) => match r.client().state() {
            None => true,
            Some(state) => {
                installed
                    && game.is_some_and(|g| {
                        g.ply() == state.ply() as usize && g.position().hash() == state.hash()
                    })
            }
        },
        Wire::Host { .. } => true,
    };
    if !moved && !in_step {
        install(s, out);
    }
}

/// Whether a notice changes the match by a command.
fn commands_of(msg: &HostMsg) -> bool {
    matches!(
        msg,
        HostMsg::Ended { .. }
            | HostMsg::Offered {
                kind: Offer::Draw,
                ..
            }
            | HostMsg::Declined {
                kind: Offer::Draw,
                ..
            }
    )
}

/// A host's notice: refusals as the match's, the rest as lines for the
/// panel; offers and results become commands when the match is a copy to
/// bring along (`to_match`; a hosting window's host has changed the match).
fn notice(s: &mut NetSession, msg: HostMsg, out: &mut NetOut, to_match: bool) {
    match msg {
        HostMsg::Rejected { what, reason } => {
            let refused = what
                .strip_prefix("move ")
                .and_then(|rest| rest.split_once(" at ply "))
                .and_then(|(lmn, ply)| {
                    let ply: usize = ply.parse().ok()?;
                    let i = s.sent.iter().position(|(r, l)| l == lmn && r.ply == ply)?;
                    Some(s.sent.remove(i).0)
                });
            match refused {
                Some(req) => {
                    out.rejected.write(MoveRejected {
                        mv: req.mv,
                        ply: req.ply,
                        reason: MatchError::Refused(reason.clone()),
                    });
                }
                None => {
                    out.toast.write(Toast(format!("{what}: {reason}")));
                }
            }
            s.notice(format!("refused {what}: {reason}"));
        }
        HostMsg::Offered { kind, by } => {
            if kind == Offer::Draw && to_match {
                out.confirmed_command(MatchCommand::OfferDraw(by));
            }
            let line = match kind {
                Offer::Draw => format!("{} offers a draw", by.name()),
                Offer::Takeback => format!("{} asks to take back a move", by.name()),
                Offer::Rematch => format!("{} offers a rematch", by.name()),
            };
            if s.my_side() != Some(by) {
                out.toast.write(Toast(line.clone()));
            }
            s.notice(line);
        }
        HostMsg::Declined { kind, by } => {
            if kind == Offer::Draw && to_match {
                out.confirmed_command(MatchCommand::Decline(Offer::Draw));
            }
            let line = format!("{} declined the {}", by.name(), kind.word());
            out.toast.write(Toast(line.clone()));
            s.notice(line);
        }
        HostMsg::Ended { result, .. } => {
            if !result.reason.by_rules() && to_match {
                out.confirmed_command(MatchCommand::Finish(result));
            }
            s.notice(format!("game over: {}", result.result_text()));
            if s.view.joined.is_some() {
                s.keep_token(false);
            }
        }
        HostMsg::Seat { side, state } => {
            let before = s.view.seats[side.index()].clone();
            let changed = before.as_ref().is_none_or(|b| {
                std::mem::discriminant(b) != std::mem::discriminant(&state)
                    || b.name() != state.name()
            });
            if changed {
                s.notice(state.line(side));
            }
        }
        HostMsg::VersionMismatch { text, .. } => {
            out.join.status = Some(text.clone());
            s.notice(text);
        }
        HostMsg::Drawings { by, drawings } => {
            out.heard.write(super::DrawingsHeard { by, drawings });
        }
        HostMsg::Chat { .. }
        | HostMsg::Spectators(_)
        | HostMsg::Welcome { .. }
        | HostMsg::Snapshot(_)
        | HostMsg::Moved(_)
        | HostMsg::TakenBack { .. } => {}
    }
}

/// Replaces the match by the client's copy (join, rematch, resync).
fn install(s: &mut NetSession, out: &mut NetOut) {
    let Wire::Join(r) = s.wire() else { return };
    let Some(state) = r.client().state().cloned() else {
        return;
    };
    // Everything waiting is in the copy already.
    s.backlog.retain(|e| {
        !matches!(
            e,
            ClientEvent::Applied { .. } | ClientEvent::TakenBack { .. }
        )
    });
    let v = state.game().variant();
    let setup = GameSetup {
        variant: v.id().to_string(),
        options: v.options().to_vec(),
        // The host runs the clocks; the panel shows them.
        time: TimeControl::None,
        players: [Player::Human; 2],
        names: state
            .table
            .seats
            .clone()
            .map(|seat| seat.name().unwrap_or_default().to_string()),
    };
    out.install.write(InstallMatch(Box::new(Match::with_setup(
        setup,
        state.game().clone(),
    ))));
    if let Some(r) = state.result()
        && !r.reason.by_rules()
    {
        out.confirmed_command(MatchCommand::Finish(r));
    }
    s.installed = true;
}
