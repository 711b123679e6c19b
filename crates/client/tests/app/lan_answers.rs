//! Answering the opponent in a LAN game without the mouse: a takeback
//! request, a rematch offer and a draw offer are accepted or declined, and
//! the win is claimed once the opponent is gone past its grace period, all
//! through the in-game menu with keyboard or pad input only (loopback UDP,
//! headless windows). The menu answers for the seat the window plays, not
//! for the side to move.

use std::time::Duration;

use crate::couch_play::{Device, Press, connect_pad, panel, tap};
use crate::lan::{
    HOLYWAR_MOVES, HOLYWAR_START, await_board, await_both_at, await_outcomes, host_app,
    host_plan_app, join_app, plan, ply, pump, request, seated_guest, settings,
};
use bevy::prelude::*;
use chimera_client::interaction::{Panel, offers_to_answer};
use chimera_client::match_state::CurrentMatch;
use chimera_client::match_state::{Authority, MatchCommand, Offer};
use chimera_client::menus::Entry;
use chimera_client::net::NetSession;
use chimera_rules::{Color, EndReason, Outcome};

/// The in-game menu's entries as the window shows them now.
fn game_menu(app: &App) -> Vec<Entry> {
    crate::saves::current_entries(app, Panel::GameMenu)
}

/// Opens the in-game menu (F10 / Start), moves the focus down to `entry`
/// and selects it, on `dev` only.
fn choose(app: &mut App, dev: Device, entry: Entry) {
    tap(app, dev, Press::Menu);
    assert_eq!(panel(app), Panel::GameMenu);
    let list = game_menu(app);
    let at = list
        .iter()
        .position(|e| *e == entry)
        .unwrap_or_else(|| panic!("{entry:?} not in the in-game menu {list:?}"));
    for _ in 0..at {
        tap(app, dev, Press::Down);
    }
    tap(app, dev, Press::Select);
}

/// The offers the window's menu asks it to answer.
fn to_answer(app: &App) -> Vec<Offer> {
    let w = app.world();
    offers_to_answer(w.resource::<CurrentMatch>(), w.get_resource::<Authority>())
}

/// Offers pending on the host as the window's LAN panel sees them.
fn offers_seen(app: &App) -> Vec<(Offer, Color)> {
    app.world().resource::<NetSession>().view.offers.clone()
}

/// The guest accepts (or declines) `offer` from the menu on `dev`; both
/// windows then see no offer left.
fn answer(host: &mut App, guest: &mut App, dev: Device, offer: Offer, accept: bool) {
    let entry = if accept {
        Entry::Accept(offer)
    } else {
        Entry::Decline(offer)
    };
    choose(guest, dev, entry);
    pump(&mut [host, guest], None, "the answer", |a, _| {
        offers_seen(a[0]).is_empty() && offers_seen(a[1]).is_empty()
    });
}

/// The device `pad` names on `app`: the keyboard, or a pad connected now.
fn device(app: &mut App, pad: bool) -> Device {
    if pad {
        Device::Pad(connect_pad(app, "Xbox Wireless Controller", Some(0x045e)))
    } else {
        Device::Keyboard
    }
}

/// Takeback asked by the host (White): the guest (Black) declines it, then
/// accepts the next one; after Black resigns, the host offers a rematch
/// which the guest declines, then accepts — every answer through the menu.
fn answer_takeback_and_rematch(pad: bool) {
    let (mut host, addr) = host_app("holywar", HOLYWAR_START, Color::White);
    let mut guest = join_app(addr, "Guest", false);
    await_board(&mut host, &mut guest);
    let dev = device(&mut guest, pad);
    request(&mut host, HOLYWAR_MOVES[0]);
    await_both_at(&mut host, &mut guest, 1);
    for accept in [false, true] {
        host.world_mut().write_message(MatchCommand::Undo);
        pump(&mut [&mut host, &mut guest], None, "the request", |a, _| {
            to_answer(a[1]) == [Offer::Takeback]
        });
        // The asker has nothing to answer.
        assert!(to_answer(&host).is_empty());
        answer(&mut host, &mut guest, dev, Offer::Takeback, accept);
        let left = if accept { 0 } else { 1 };
        await_both_at(&mut host, &mut guest, left);
    }
    request(&mut host, HOLYWAR_MOVES[0]);
    await_both_at(&mut host, &mut guest, 1);
    choose(&mut guest, dev, Entry::Resign);
    await_outcomes(&mut host, &mut guest);
    let resigned = Some(Outcome {
        winner: Some(Color::White),
        reason: EndReason::Resignation,
    });
    assert_eq!(guest.world().resource::<CurrentMatch>().outcome(), resigned);
    for accept in [false, true] {
        host.world_mut()
            .write_message(chimera_client::menus::MenuActivated(Entry::NewGame));
        pump(
            &mut [&mut host, &mut guest],
            None,
            "the rematch offer",
            |a, _| to_answer(a[1]) == [Offer::Rematch],
        );
        // The end dialog offers the answers too; the menu opens over it.
        assert_eq!(panel(&guest), Panel::EndDialog);
        answer(&mut host, &mut guest, dev, Offer::Rematch, accept);
    }
    pump(&mut [&mut host, &mut guest], None, "the rematch", |a, _| {
        a.iter()
            .all(|a| ply(a) == 0 && a.world().resource::<CurrentMatch>().outcome().is_none())
    });
    let role = |app: &App| app.world().resource::<NetSession>().view.seat();
    assert_eq!(role(&host), Some(Color::Black));
    assert_eq!(role(&guest), Some(Color::White));
}

#[test]
fn a_takeback_and_a_rematch_are_answered_by_keyboard() {
    answer_takeback_and_rematch(false);
}

#[test]
fn a_takeback_and_a_rematch_are_answered_by_pad() {
    answer_takeback_and_rematch(true);
}

/// The player whose opponent left claims the win once the grace period is
/// over, from the in-game menu.
fn claim_the_win(pad: bool) {
    let mut p = plan("holywar", Some(HOLYWAR_START), Color::White);
    p.config.grace = Duration::from_secs(1);
    let (mut host, addr) = host_plan_app(p, settings("Hostess"));
    let dev = device(&mut host, pad);
    let mut client = seated_guest(&mut host, addr);
    request(&mut host, HOLYWAR_MOVES[0]);
    pump(
        &mut [&mut host],
        Some(&mut client),
        "White's move",
        |a, _| ply(a[0]) == 1,
    );
    assert!(!game_menu(&host).contains(&Entry::ClaimWin));
    client.disconnect();
    drop(client);
    pump(&mut [&mut host], None, "the grace period's end", |a, _| {
        a[0].world().resource::<Authority>().can_claim
    });
    choose(&mut host, dev, Entry::ClaimWin);
    pump(&mut [&mut host], None, "the win", |a, _| {
        a[0].world().resource::<CurrentMatch>().outcome().is_some()
    });
    assert_eq!(
        host.world().resource::<CurrentMatch>().outcome(),
        Some(Outcome {
            winner: Some(Color::White),
            reason: EndReason::Abandoned
        })
    );
}

#[test]
fn the_win_is_claimed_by_keyboard() {
    claim_the_win(false);
}

#[test]
fn the_win_is_claimed_by_pad() {
    claim_the_win(true);
}

/// A draw offer is answered by the seat that did not make it, whoever is
/// to move: made on the offerer's own turn (the answering seat is not on
/// move), and made on the opponent's turn (the answering seat is on move).
/// The offerer's menu never offers to accept its own offer.
#[test]
fn a_draw_offer_is_answered_by_the_other_seat_whoever_is_to_move() {
    let (mut host, addr) = host_app("holywar", HOLYWAR_START, Color::White);
    let mut guest = join_app(addr, "Guest", false);
    await_board(&mut host, &mut guest);
    let pad = device(&mut guest, true);
    let offered = |a: &App| a.world().resource::<CurrentMatch>().draw_offer();
    // White offers on its own turn; Black (not on move) declines by pad.
    choose(&mut host, Device::Keyboard, Entry::OfferDraw);
    pump(&mut [&mut host, &mut guest], None, "the offer", |a, _| {
        offered(a[0]) == Some(Color::White) && offered(a[1]) == Some(Color::White)
    });
    assert_eq!(
        guest
            .world()
            .resource::<CurrentMatch>()
            .position()
            .side_to_move(),
        Color::White
    );
    assert_eq!(to_answer(&guest), [Offer::Draw]);
    assert!(to_answer(&host).is_empty());
    assert!(!game_menu(&host).contains(&Entry::Accept(Offer::Draw)));
    choose(&mut guest, pad, Entry::Decline(Offer::Draw));
    pump(&mut [&mut host, &mut guest], None, "the decline", |a, _| {
        offered(a[0]).is_none() && offered(a[1]).is_none()
    });
    // White moves, then offers on Black's turn; Black (on move) accepts
    // from the keyboard.
    request(&mut host, HOLYWAR_MOVES[0]);
    await_both_at(&mut host, &mut guest, 1);
    choose(&mut host, Device::Keyboard, Entry::OfferDraw);
    pump(&mut [&mut host, &mut guest], None, "the offer", |a, _| {
        offered(a[1]) == Some(Color::White)
    });
    assert!(to_answer(&host).is_empty());
    assert_eq!(to_answer(&guest), [Offer::Draw]);
    choose(&mut guest, Device::Keyboard, Entry::Accept(Offer::Draw));
    await_outcomes(&mut host, &mut guest);
    let drawn = Some(Outcome {
        winner: None,
        reason: EndReason::DrawAgreed,
    });
    for app in [&host, &guest] {
        assert_eq!(app.world().resource::<CurrentMatch>().outcome(), drawn);
    }
}
