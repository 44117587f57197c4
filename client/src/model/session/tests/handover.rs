//! A room that outlives its host's page, through the pages' sessions
//! (docs/RELAY-PROTOCOL.md, "Handover"): the host's page keeps a recovery copy with its
//! guests and gives the relay its deposit; when it is gone for good, the guest the relay
//! promotes takes the table over in a referee of its own, the other guest links to it
//! with its shares and its hello, and the game is played to its end on the pages left.

use super::*;
use shared::session::protocol::{LogItem, Note};

/// A page that created room ABC234 as "h" (Ana) on a relay that hands rooms over.
fn hosting_handover() -> Page {
    let h = hosting_with(Some("Ana"), true);
    assert!(h.seen.contains(&Effect::Referee(ToReferee::Handover)));
    h
}

/// The deposits `p` gave the relay, in order.
fn deposits(p: &Page) -> Vec<String> {
    p.seen
        .iter()
        .filter_map(|e| match e {
            Effect::Relay(ClientMessage::Deposit { part }) => Some(part.clone()),
            _ => None,
        })
        .collect()
}

/// Whether `p`'s table log says the table moved to `name`'s page.
fn says_moved_to(p: &Page, name: &str) -> bool {
    p.guest().log().iter().any(|e| {
        matches!(&e.item, LogItem::Note { note: Note::HostMoved { to_name, .. } } if to_name == name)
    })
}

/// A dealt room of Ana's ("h"), Bo ("g1"), Cy ("g2") and an Easy bot.
fn dealt_three() -> (Page, Page, Page) {
    let mut h = hosting_handover();
    let mut g1 = joining("g1", Some("Bo"));
    let mut g2 = joining("g2", Some("Cy"));
    connect(&mut h, &mut g1, 0);
    // Bo hears what the host sends while Cy arrives (his new share among it).
    h.relay(RelayMessage::PeerJoined { peer: "g2".into() }, 0);
    h.link_open("g2", 0);
    g2.link_open("h", 0);
    pump(&mut [&mut h, &mut g1, &mut g2], 0);
    h.intent(
        Intent::Admin(AdminCmd::AddBot {
            level: BotLevel::Easy,
        }),
        0,
    );
    h.intent(Intent::Admin(AdminCmd::Start { first: None }), 0);
    pump(&mut [&mut h, &mut g1, &mut g2], 0);
    (h, g1, g2)
}

#[test]
fn the_host_page_keeps_copies_with_its_guests_and_its_deposit_goes_to_the_relay() {
    let (h, g1, g2) = dealt_three();
    let deposit = deposits(&h).pop().expect("the relay got the key's part");
    let epoch = shared::session::takeover::deposit_epoch(&deposit).expect("epoch.part");
    for g in [&g1, &g2] {
        assert!(
            g.guest().held().for_epoch(epoch).is_some(),
            "each guest holds the copy of the relay's epoch"
        );
    }
    // A relay that does not know `deposit` yet answers bad_message: the table plays on
    // and nobody is told of it.
    let mut h = h;
    let before = h.notices();
    h.relay(relay_error(ErrorCode::BadMessage), 10);
    assert_eq!(h.notices(), before);
    assert!(h.s.hosting());
    // A reload takes the table back and keeps copies again.
    let record = h.s.host_record().expect("a record");
    assert!(record.room.as_ref().is_some_and(|r| r.handover));
    let mut again = Page::new("h");
    again.saved = h.saved.clone();
    let effects = again.s.resume(record);
    assert!(effects.contains(&Effect::Referee(ToReferee::Handover)));
}

#[test]
fn a_room_without_handover_keeps_no_copy_and_gives_no_deposit() {
    let (mut h, mut g) = dealt_room();
    assert!(deposits(&h).is_empty());
    assert!(!h.seen.contains(&Effect::Referee(ToReferee::Handover)));
    assert!(g.guest().recovery_shares().is_empty());
    // bad_message is no deposit's answer here: it is told as the relay's error.
    h.relay(relay_error(ErrorCode::BadMessage), 10);
    assert_eq!(h.notices().len(), 1);
    g.relay(relay_error(ErrorCode::BadMessage), 10);
}

#[test]
fn the_promoted_guest_takes_the_table_over_and_the_game_ends_on_the_pages_left() {
    let (mut h, mut g1, mut g2) = dealt_three();
    // A few decisions first, so the copy is of a game under way.
    for now in 1..4 {
        for p in [&mut h, &mut g1, &mut g2] {
            let pick =
                p.s.table()
                    .and_then(|t| t.guest().game())
                    .and_then(|g| g.legal.first().copied());
            if let Some(input) = pick {
                p.intent(Intent::Play(input), now);
            }
        }
        pump(&mut [&mut h, &mut g1, &mut g2], now);
    }
    let deposit = deposits(&h).pop().expect("a deposit");
    let seat_g1 = g1.guest().seat();
    let seat_g2 = g2.guest().seat();
    drop(h);
    let now = 10_000;
    // The relay: the other members hear host_changed first, then the promoted one.
    g2.relay(
        RelayMessage::HostChanged {
            host: "g1".into(),
            previous: "h".into(),
        },
        now,
    );
    assert!(g2.seen.contains(&Effect::Hangup { peer: "h".into() }));
    g1.relay(
        RelayMessage::Promoted {
            room: "ABC234".into(),
            host_secret: "secret2".into(),
            previous: "h".into(),
            peers: vec!["g2".into()],
            deposit: Some(deposit),
        },
        now,
    );
    assert!(g1.s.hosting(), "the promoted page hosts");
    assert!(g1.referee.is_some(), "with a referee of its own");
    assert!(
        g1.seen
            .iter()
            .any(|e| matches!(e, Effect::Dial { peer, .. } if peer.0 == "g2"))
    );
    // The new host calls; the link opens both ways.
    g1.link_open("g2", now);
    g2.link_open("g1", now);
    // The guest's shares go first, then its hello.
    let sent: Vec<&String> = g2.outbox.iter().map(|(_, t)| t).collect();
    assert!(sent.len() >= 2, "shares and a hello: {sent:?}");
    assert!(sent[0].contains("recovery_share"), "{}", sent[0]);
    assert!(sent.last().expect("a hello").contains("hello"));
    pump(&mut [&mut g1, &mut g2], now);
    // Both pages keep their seats and say where the table runs now.
    assert_eq!(g1.guest().seat(), seat_g1);
    assert_eq!(g2.guest().seat(), seat_g2);
    assert!(says_moved_to(&g1, "Bo"));
    assert!(says_moved_to(&g2, "Bo"));
    // And a notice says so on both pages, with nothing to press.
    let moved = "The host’s page left the table; the table now runs on Bo’s page";
    for p in [&g1, &g2] {
        let told = p.notices();
        assert_eq!(
            told.iter().filter(|n| n.starts_with(moved)).count(),
            1,
            "{told:?}"
        );
    }
    // The new host keeps copies too: its deposit goes to the relay.
    assert!(!deposits(&g1).is_empty());
    play_to_the_end(&mut g1, &mut [&mut g2], now);
}

#[test]
fn news_of_a_host_that_is_not_ours_changes_nothing() {
    let (_h, mut g1, mut g2) = dealt_three();
    let before = g2.seen.len();
    g2.relay(
        RelayMessage::HostChanged {
            host: "g1".into(),
            previous: "zz".into(),
        },
        5,
    );
    assert_eq!(g2.seen.len(), before);
    // A promotion without the relay's part of the key opens nothing: the page says why.
    g1.relay(
        RelayMessage::Promoted {
            room: "ABC234".into(),
            host_secret: "s".into(),
            previous: "h".into(),
            peers: vec!["g2".into()],
            deposit: None,
        },
        5,
    );
    assert!(!g1.s.hosting());
    assert_eq!(g1.notices().len(), 1);
}

/// The relay's side of a handover while `h`'s page was away: Bo's page ("g1") is promoted
/// with `h`'s last deposit, Cy's ("g2") told, and the two link up again.
fn handed_to_bo(h: &Page, g1: &mut Page, g2: &mut Page, now: u64) {
    let deposit = deposits(h).pop().expect("a deposit");
    g2.relay(
        RelayMessage::HostChanged {
            host: "g1".into(),
            previous: "h".into(),
        },
        now,
    );
    g1.relay(
        RelayMessage::Promoted {
            room: "ABC234".into(),
            host_secret: "secret2".into(),
            previous: "h".into(),
            peers: vec!["g2".into()],
            deposit: Some(deposit),
        },
        now,
    );
    assert!(g1.s.hosting());
    g1.link_open("g2", now);
    g2.link_open("g1", now);
    pump(&mut [g1, g2], now);
}

/// A few decisions on every page of a dealt table, so its copies are of a game under way.
fn a_few_decisions(pages: &mut [&mut Page]) {
    for now in 1..4 {
        for p in pages.iter_mut() {
            let pick =
                p.s.table()
                    .and_then(|t| t.guest().game())
                    .and_then(|g| g.legal.first().copied());
            if let Some(input) = pick {
                p.intent(Intent::Play(input), now);
            }
        }
        pump(pages, now);
    }
}

/// The words a host page that was replaced shows, in English.
const HANDED_OVER: &str = "This page was away too long, so the table now runs on another player’s page. You rejoin it there as a player, in your seat.";

/// `h`, answered `handed_over`, joins as a guest: the relay gives it the id "h2" in Bo's
/// room, Bo's page calls it, and its hello takes its seat back.
fn old_host_rejoins(h: &mut Page, g1: &mut Page, g2: &mut Page, now: u64) {
    h.relay(
        RelayMessage::Joined {
            room: "ABC234".into(),
            peer: "h2".into(),
            host: "g1".into(),
            peers: vec!["g1".into(), "g2".into(), "h2".into()],
            ice_servers: ice(),
        },
        now,
    );
    assert!(matches!(h.s.phase, Phase::Joined(_)));
    h.id = "h2".into();
    g1.relay(RelayMessage::PeerJoined { peer: "h2".into() }, now);
    g1.link_open("h2", now);
    h.link_open("g1", now);
    pump(&mut [g1, g2, h], now);
}

#[test]
fn a_host_page_whose_room_moved_while_its_socket_was_gone_rejoins_as_a_guest_in_its_seat() {
    let (mut h, mut g1, mut g2) = dealt_three();
    a_few_decisions(&mut [&mut h, &mut g1, &mut g2]);
    let seats = [h.guest().seat(), g1.guest().seat(), g2.guest().seat()];
    let token = h
        .guest()
        .token()
        .expect("the host's own seat token")
        .to_owned();
    // The relay closed Ana's silent socket and, her page not back within its grace, made
    // Bo's page the host. Cy's page hangs up on Ana's and refuses what it still sends.
    let fx = h.s.on_relay_lost(10_000);
    h.run(fx, 10_000);
    handed_to_bo(&h, &mut g1, &mut g2, 10_000);
    assert!(
        g2.s.on_signal("h".into(), json!({"type": "redial"}), 10_001)
            .is_empty()
    );
    assert!(
        g2.s.on_peer_frame(&"h".into(), &h.guest().resync(), 10_001)
            .is_empty(),
        "no text from the old host's page is taken"
    );
    // A signal or a deposit the page sent off the relay, on a socket in no room yet, is
    // answered not_in_room: expected, and nothing to tell.
    let before = h.notices();
    h.relay(relay_error(ErrorCode::NotInRoom), 19_000);
    assert_eq!(h.notices(), before);
    assert!(h.s.hosting());
    // Ana's network is back: her reclaim is answered handed_over.
    let fx = h.s.tick(20_000, 0.0);
    h.run(fx, 20_000);
    assert!(
        h.seen
            .iter()
            .any(|e| matches!(e, Effect::Relay(ClientMessage::Reclaim { .. })))
    );
    h.seen.clear();
    h.relay(relay_error(ErrorCode::HandedOver), 20_010);
    // Her referee stops at once, and she joins the room again as a guest, by her name,
    // whose hello carries her seat's token.
    assert_eq!(h.seen[0], Effect::StopReferee);
    assert!(h.referee.is_none(), "no second referee");
    assert_eq!(
        h.seen.last(),
        Some(&Effect::Relay(ClientMessage::Join {
            room: "ABC234".into()
        }))
    );
    assert!(
        !h.seen.iter().any(|e| matches!(
            e,
            Effect::Send { .. } | Effect::Dial { .. } | Effect::Referee(_)
        )),
        "nothing of the old referee's goes out: {:?}",
        h.seen
    );
    assert!(!h.s.hosting());
    assert_eq!(h.s.host_record(), None, "no table to resume after a reload");
    let seat = h.s.seat_record().expect("the seat is kept for a reload");
    assert_eq!(
        (seat.token.as_str(), seat.name.as_str()),
        (token.as_str(), "Ana")
    );
    // The relay's answer to a room message the page sent before it knew (a deposit, a
    // signal to a guest, on the socket of its reclaim) is no answer to its join.
    h.relay(relay_error(ErrorCode::NotInRoom), 20_015);
    assert!(
        matches!(h.s.phase, Phase::Opening(Opening::Join { .. })),
        "still joining"
    );
    assert_eq!(h.s.seat_record().map(|r| r.token), Some(token.clone()));
    // Anything the old referee's worker still said is dropped.
    let late = h.s.on_referee(
        shared::session::Outgoing::Send {
            to: shared::session::protocol::PeerId(1),
            text: "{}".into(),
        },
        20_020,
    );
    assert!(late.is_empty());
    old_host_rejoins(&mut h, &mut g1, &mut g2, 20_100);
    assert!(h.outbox.is_empty(), "all delivered");
    // Every page in its seat; Ana's page says once, with nothing to press, where the
    // table runs and that she is back in it as a player.
    assert_eq!(
        [h.guest().seat(), g1.guest().seat(), g2.guest().seat()],
        seats
    );
    assert_eq!(h.guest().token(), Some(token.as_str()));
    assert_eq!(
        h.notices().iter().filter(|n| *n == HANDED_OVER).count(),
        1,
        "{:?}",
        h.notices()
    );
    assert!(!h.notices().iter().any(|n| n.contains("no longer yours")));
    assert!(g1.s.hosting() && !h.s.hosting() && !g2.s.hosting());
    // One game, played to one winner every page shows.
    play_to_the_end(&mut g1, &mut [&mut g2, &mut h], 20_200);
    assert!(winner(&g1).is_some());
    assert_eq!(winner(&h), winner(&g1));
    assert_eq!(winner(&g2), winner(&g1));
}

#[test]
fn a_host_page_that_reloads_into_a_room_handed_over_takes_its_seat_back_by_its_record() {
    let (mut h, mut g1, mut g2) = dealt_three();
    a_few_decisions(&mut [&mut h, &mut g1, &mut g2]);
    let seat = h.guest().seat();
    let token = h.guest().token().expect("a token").to_owned();
    let record = h.s.host_record().expect("a record");
    assert_eq!(
        record.token.as_deref(),
        Some(token.as_str()),
        "the record keeps it"
    );
    handed_to_bo(&h, &mut g1, &mut g2, 10_000);
    // The reloaded page's reclaim is answered before its referee welcomed it again: the
    // record's token takes the seat back.
    let mut again = Page::new("h");
    let effects = again.s.resume(record);
    assert!(effects.contains(&Effect::StartReferee { resume: true }));
    again.seen.clear();
    let effects = again.s.on_relay(relay_error(ErrorCode::HandedOver), 10_010);
    assert_eq!(effects.first(), Some(&Effect::StopReferee));
    assert_eq!(
        effects.last(),
        Some(&Effect::Relay(ClientMessage::Join {
            room: "ABC234".into()
        }))
    );
    assert_eq!(again.s.seat_record().map(|r| r.token), Some(token.clone()));
    assert!(again.notices().iter().any(|n| n == HANDED_OVER));
    old_host_rejoins(&mut again, &mut g1, &mut g2, 10_100);
    assert_eq!(again.guest().seat(), seat, "the same seat");
    assert_eq!(again.guest().name(), "Ana");
    assert!(again.guest().member().is_some());
    play_to_the_end(&mut g1, &mut [&mut g2, &mut again], 10_200);
    assert_eq!(winner(&again), winner(&g1));
}

#[test]
fn handed_over_to_a_page_that_is_not_reclaiming_its_room_is_only_news() {
    let (mut h, _g1, _g2) = dealt_three();
    h.relay(relay_error(ErrorCode::HandedOver), 5);
    assert!(h.s.hosting());
    assert!(h.referee.is_some());
    let mut g = joining("g9", Some("Di"));
    g.relay(relay_error(ErrorCode::HandedOver), 5);
    assert!(matches!(g.s.phase, Phase::Joined(_)));
}

#[test]
fn a_closed_host_tab_leaves_its_seat_and_the_invitation_opened_again_takes_it_back() {
    let (mut h, mut g1, mut g2) = dealt_three();
    a_few_decisions(&mut [&mut h, &mut g1, &mut g2]);
    let seat = h.guest().seat();
    // The tab goes: its page leaves its seat in the browser's storage.
    let left =
        h.s.left_host(50_000)
            .expect("a host of a room that hands over leaves one");
    assert_eq!(left.seat.code, code());
    assert_eq!(Some(left.seat.token.as_str()), h.guest().token());
    assert_eq!(left.seat.name, "Ana");
    let stored = left.to_json();
    // Its page is gone; the relay hands the room to Bo's.
    handed_to_bo(&h, &mut g1, &mut g2, 53_000);
    drop(h);
    // Later, a page of the same browser opens the room's invitation: it joins with the
    // seat's token, and Bo's page gives the seat back (not a new player, not a watcher).
    let record = crate::model::rejoin::LeftHost::seat_for(&stored, &code(), 600_000)
        .expect("the invitation's room");
    let mut back = reloaded_and_rejoining_in(record, "h2", "g1");
    g1.relay(RelayMessage::PeerJoined { peer: "h2".into() }, 600_000);
    g1.link_open("h2", 600_000);
    back.link_open("g1", 600_000);
    pump(&mut [&mut g1, &mut g2, &mut back], 600_000);
    assert_eq!(back.guest().seat(), seat, "the same seat");
    assert!(!back.s.hosting(), "not a second host");
    play_to_the_end(&mut g1, &mut [&mut g2, &mut back], 600_100);
    assert_eq!(winner(&back), winner(&g1));
}

#[test]
fn only_a_host_of_a_room_that_hands_over_leaves_its_seat_when_its_tab_goes() {
    let (h, g) = dealt_room();
    assert_eq!(h.s.left_host(1), None, "a room that does not hand over");
    assert_eq!(
        g.s.left_host(1),
        None,
        "a guest keeps its seat in its own tab"
    );
    let mut solo = Page::new("solo");
    solo.intent(
        Intent::PlayBots(crate::model::intent::SoloSetup::default()),
        0,
    );
    assert_eq!(solo.s.left_host(1), None, "a game against bots");
    assert_eq!(Session::new().left_host(1), None);
}

#[test]
fn every_room_a_page_opens_hands_over_unless_its_player_turned_it_off() {
    let mut p = Page::new("h");
    p.intent(Intent::CreateRoom, 0);
    assert_eq!(
        p.seen,
        vec![Effect::Relay(ClientMessage::Create { handover: true })]
    );
    let mut off = Page::new("h");
    off.s.handover = false;
    off.intent(Intent::CreateRoom, 0);
    assert_eq!(
        off.seen,
        vec![Effect::Relay(ClientMessage::Create { handover: false })]
    );
}

/// The words a host's page shows once it passed its table on, in English.
const PASSED_ON: &str =
    "You left the room; the table goes on without you on another player’s page.";

/// The game's step as `p`'s page last saw it.
fn step(p: &Page) -> u64 {
    p.guest().game().expect("a game").step
}

#[test]
fn a_host_who_leaves_mid_game_passes_the_table_on_at_once_and_the_game_ends_on_the_pages_left() {
    let (mut h, mut g1, mut g2) = dealt_three();
    a_few_decisions(&mut [&mut h, &mut g1, &mut g2]);
    let seats = [g1.guest().seat(), g2.guest().seat()];
    let at = step(&h);
    let deposit = deposits(&h).pop().expect("a deposit");
    assert!(h.s.passes_on(), "the host's Leave passes the table on");
    assert!(
        !g1.s.passes_on() && !g2.s.passes_on(),
        "a guest leaves as ever"
    );
    h.seen.clear();
    h.intent(Intent::Leave, 5_000);
    // The relay hears hand_over (the guest present longest takes the table), then the
    // referee stops and the links go: no plain leave, which would wait out a grace.
    assert_eq!(
        h.seen[..2],
        [
            Effect::Relay(ClientMessage::HandOver { to: None }),
            Effect::StopReferee
        ]
    );
    for g in ["g1", "g2"] {
        assert!(h.seen.contains(&Effect::Hangup { peer: g.into() }), "{g}");
    }
    assert!(!h.seen.contains(&Effect::Relay(ClientMessage::Leave)));
    assert!(h.referee.is_none());
    // The page is back on its first screen, saying so once, with nothing kept to take
    // back: the person left on purpose.
    assert!(matches!(h.s.phase, Phase::Start { offer: None }));
    assert_eq!(h.notices(), vec![PASSED_ON.to_owned()]);
    assert_eq!(h.s.host_record(), None);
    assert_eq!(h.s.seat_record(), None);
    assert_eq!(h.s.left_host(5_000), None, "no seat left for a later page");

    // The relay, as it answers a hand_over: every guest hears the host left, Bo's page
    // (present longest) is promoted with the room's deposit, Cy's hears of its new host,
    // and Ana's page gets host_changed as its answer. The links to Ana's page close.
    let now = 5_010;
    for g in [&mut g1, &mut g2] {
        g.relay(RelayMessage::PeerLeft { peer: "h".into() }, now);
        let fx = g.s.on_link_closed(&"h".into(), None, now);
        g.run(fx, now);
    }
    h.seen.clear();
    h.relay(
        RelayMessage::HostChanged {
            host: "g1".into(),
            previous: "h".into(),
        },
        now,
    );
    assert!(h.seen.is_empty(), "the answer asks for nothing");
    assert_eq!(
        h.notices(),
        vec![PASSED_ON.to_owned()],
        "and says nothing more"
    );
    g2.relay(
        RelayMessage::HostChanged {
            host: "g1".into(),
            previous: "h".into(),
        },
        now,
    );
    g1.relay(
        RelayMessage::Promoted {
            room: "ABC234".into(),
            host_secret: "secret2".into(),
            previous: "h".into(),
            peers: vec!["g2".into()],
            deposit: Some(deposit),
        },
        now,
    );
    assert!(g1.s.hosting(), "Bo's page takes the table over");
    g1.link_open("g2", now);
    g2.link_open("g1", now);
    pump(&mut [&mut g1, &mut g2], now);
    // The game goes on from where Ana's page left it, each in their seat, and both pages
    // say where the table runs now.
    assert_eq!([g1.guest().seat(), g2.guest().seat()], seats);
    assert_eq!(step(&g1), at, "the copy was the current one");
    assert_eq!(step(&g2), at);
    for p in [&g1, &g2] {
        assert!(says_moved_to(p, "Bo"));
        assert!(
            p.notices()
                .iter()
                .any(|n| n.contains("the table now runs on Bo’s page")),
            "{:?}",
            p.notices()
        );
    }
    play_to_the_end(&mut g1, &mut [&mut g2], now);
    assert!(winner(&g1).is_some());
    assert_eq!(winner(&g2), winner(&g1));
}

#[test]
fn a_hand_over_the_relay_refuses_takes_the_host_out_of_the_room_as_a_plain_leave() {
    let (mut h, mut g1, mut g2) = dealt_three();
    a_few_decisions(&mut [&mut h, &mut g1, &mut g2]);
    h.intent(Intent::Leave, 5_000);
    assert_eq!(
        h.seen.iter().rev().find(|e| matches!(e, Effect::Relay(_))),
        Some(&Effect::Relay(ClientMessage::HandOver { to: None }))
    );
    // No guest of the room was on the relay after all: the place goes as with leave, and
    // the person hears nothing they were not told.
    h.seen.clear();
    h.relay(relay_error(ErrorCode::UnknownPeer), 5_010);
    assert_eq!(h.seen, vec![Effect::Relay(ClientMessage::Leave)]);
    assert_eq!(h.notices(), vec![PASSED_ON.to_owned()]);
    // The answer came: the next error is news again.
    h.seen.clear();
    h.relay(relay_error(ErrorCode::UnknownPeer), 5_020);
    assert!(h.seen.is_empty());
    assert_eq!(h.notices().len(), 2);
}

#[test]
fn a_host_leaves_plainly_outside_a_game_alone_or_in_a_room_that_does_not_hand_over() {
    let plain = |h: &mut Page| {
        h.seen.clear();
        h.intent(Intent::Leave, 100);
        assert_eq!(h.seen[0], Effect::StopReferee);
        assert!(h.seen.contains(&Effect::Relay(ClientMessage::Leave)));
        assert!(
            !h.seen
                .iter()
                .any(|e| matches!(e, Effect::Relay(ClientMessage::HandOver { .. })))
        );
        assert!(!h.notices().iter().any(|n| n == PASSED_ON));
    };
    // In the lobby, before the deal.
    let mut h = hosting_handover();
    let mut g = joining("g1", Some("Bo"));
    connect(&mut h, &mut g, 0);
    assert!(!h.s.passes_on(), "no game");
    plain(&mut h);
    // A game whose only other person's link closed: nobody is at the table to take it.
    let (mut h, mut g1, mut g2) = dealt_three();
    for g in ["g1", "g2"] {
        let fx = h.s.on_link_closed(&g.into(), None, 10);
        h.run(fx, 10);
    }
    pump(&mut [&mut h, &mut g1, &mut g2], 10);
    assert!(!h.s.passes_on(), "alone");
    plain(&mut h);
    // A room that does not hand over.
    let (mut h, _g) = dealt_room();
    assert!(!h.s.passes_on(), "no handover");
    plain(&mut h);
    // A game over: the table is between games.
    let (mut h, mut g1, mut g2) = dealt_three();
    play_to_the_end(&mut h, &mut [&mut g1, &mut g2], 10);
    assert!(!h.s.passes_on(), "the game is over");
    plain(&mut h);
    // A game against bots has no room.
    let mut solo = Page::new("solo");
    solo.intent(
        Intent::PlayBots(crate::model::intent::SoloSetup::default()),
        0,
    );
    assert!(!solo.s.passes_on());
}
