//! The table's lobby, refusals and the guest's checks, message by message.

use shared::engine::{Input, Options, Seat};
use shared::session::chat::ChatError;
use shared::session::names::NameError;
use shared::session::protocol::{
    AdminCmd, BotLevel, Fatal, LogItem, MAX_TO_GUEST_BYTES, MAX_TO_HOST_BYTES, MemberId,
    PROTOCOL_VERSION, Phase, Refusal, SeatInfo, SeatSetting, TableError, Timers, ToGuest, ToHost,
    WireError, encode,
};
use shared::session::{Guest, GuestError, GuestEvent, Host, Outgoing, PeerId, RestoreError};

mod common;
use common::*;

#[test]
fn names_are_validated_and_made_unique() {
    let mut host = new_host();
    let p = PeerId(1);
    for (name, why) in [
        ("   ", NameError::Empty),
        ("\u{202E}evil", NameError::Invisible),
        ("zero\u{200B}width", NameError::Invisible),
        ("two\nlines", NameError::Control),
        (&"n".repeat(25), NameError::TooLong),
    ] {
        let outs = host.handle(p, &hello(name, None), T);
        assert_eq!(refusal(&outs, p), Some(Refusal::Name(why)), "{name:?}");
    }
    let outs = host.handle(p, &hello("  Hostess ", None), T);
    let (_, name, _) = welcome(&outs, p);
    assert_eq!(name, "Hostess 2");
}

#[test]
fn only_the_host_may_run_the_table() {
    let mut host = new_host();
    let p = PeerId(1);
    host.handle(p, &hello("Bob", None), T);
    let before = host.table();
    let outs = host.handle(
        p,
        &encode(&ToHost::Admin {
            cmd: AdminCmd::Start { first: None },
        }),
        T,
    );
    assert_eq!(refusal(&outs, p), Some(Refusal::NotHost));
    let outs = host.handle(
        p,
        &encode(&ToHost::Admin {
            cmd: AdminCmd::Kick {
                member: MemberId(0),
            },
        }),
        T,
    );
    assert_eq!(refusal(&outs, p), Some(Refusal::NotHost));
    assert_eq!(host.table(), before);
    assert_eq!(host.phase(), Phase::Lobby);
}

#[test]
fn a_token_takes_the_seat_back_and_replaces_the_old_link() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (member, _, token) = welcome(&outs, PeerId(1));
    assert!(matches!(&host.table().seats[1], SeatInfo::Person { member: m, .. } if m.id == member));
    // The same person from another tab.
    let outs = host.handle(PeerId(2), &hello("whatever", Some(&token)), T + 5);
    assert_eq!(fatal(&outs, PeerId(1)), Some(Fatal::Replaced));
    assert!(closed(&outs, PeerId(1)));
    let (again, name, token2) = welcome(&outs, PeerId(2));
    assert_eq!(
        (again, name.as_str(), token2.as_str()),
        (member, "Bob", token.as_str())
    );
    // Dropping keeps the seat.
    host.disconnect(PeerId(2), T + 10);
    assert!(
        matches!(&host.table().seats[1], SeatInfo::Person { member: m, .. } if m.id == member && !m.connected)
    );
    // Tokens never travel to anyone else: nothing sent on Eve's arrival holds Bob's.
    let outs = host.handle(PeerId(3), &hello("Eve", None), T + 20);
    assert!(outs.iter().all(|o| match o {
        Outgoing::Send { text, .. } => !text.contains(&token),
        Outgoing::Deposit { part } => !part.contains(&token),
        Outgoing::Close { .. } | Outgoing::Ban { .. } => true,
    }));
}

#[test]
fn a_kicked_member_cannot_come_back_with_its_token() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (member, _, token) = welcome(&outs, PeerId(1));
    let outs = admin(&mut host, AdminCmd::Kick { member });
    assert_eq!(fatal(&outs, PeerId(1)), Some(Fatal::Kicked));
    assert!(closed(&outs, PeerId(1)));
    assert_eq!(host.table().seats[1], SeatInfo::Open);
    let outs = host.handle(PeerId(2), &hello("Bob", Some(&token)), T);
    assert_eq!(fatal(&outs, PeerId(2)), Some(Fatal::Kicked));
    let outs = admin(
        &mut host,
        AdminCmd::Kick {
            member: MemberId(0),
        },
    );
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::KickHost))
    );
}

#[test]
fn the_host_arranges_seats_options_and_starts() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, _) = welcome(&outs, PeerId(1));
    for (cmd, err) in [
        (AdminCmd::SetSeatCount { count: 1 }, TableError::SeatCount),
        (AdminCmd::SetSeatCount { count: 11 }, TableError::SeatCount),
        (
            AdminCmd::SetTimers {
                timers: Timers {
                    turn_ms: Some(10),
                    ..Timers::default()
                },
            },
            TableError::Timers,
        ),
        (
            AdminCmd::Swap {
                a: Seat(0),
                b: Seat(7),
            },
            TableError::NoSuchSeat(Seat(7)),
        ),
    ] {
        let outs = admin(&mut host, cmd);
        assert_eq!(refusal(&outs, PeerId::LOCAL), Some(Refusal::Table(err)));
    }
    // R1.4: the draft only with two seats; more seats turn it off.
    let draft = Options {
        two_player_draft: true,
        ..Options::default()
    };
    assert!(
        refusal(
            &admin(&mut host, AdminCmd::SetOptions { options: draft }),
            PeerId::LOCAL
        )
        .is_none()
    );
    assert!(
        refusal(
            &admin(&mut host, AdminCmd::SetSeatCount { count: 4 }),
            PeerId::LOCAL
        )
        .is_none()
    );
    assert!(!host.table().options.two_player_draft);
    // R1.4: asked for at four seats, the draft stands off; the other options are taken.
    let outs = admin(
        &mut host,
        AdminCmd::SetOptions {
            options: Options {
                inquisitor: true,
                ..draft
            },
        },
    );
    assert_eq!(refusal(&outs, PeerId::LOCAL), None);
    assert!(!host.table().options.two_player_draft);
    assert!(host.table().options.inquisitor);
    admin(
        &mut host,
        AdminCmd::SetOptions {
            options: Options::default(),
        },
    );
    // Swap, sit, bots.
    admin(
        &mut host,
        AdminCmd::Swap {
            a: Seat(1),
            b: Seat(3),
        },
    );
    assert!(matches!(&host.table().seats[3], SeatInfo::Person { member: m, .. } if m.id == bob));
    admin(
        &mut host,
        AdminCmd::SetSeat {
            seat: Seat(2),
            to: SeatSetting::Bot {
                level: Default::default(),
            },
        },
    );
    admin(
        &mut host,
        AdminCmd::Sit {
            member: bob,
            seat: Seat(1),
        },
    );
    assert!(matches!(&host.table().seats[1], SeatInfo::Person { member: m, .. } if m.id == bob));
    assert_eq!(host.table().seats[3], SeatInfo::Open);
    // Shrinking takes Bob's seat away; he came to play, so he takes the one left open.
    admin(&mut host, AdminCmd::SetSeatCount { count: 2 });
    admin(&mut host, AdminCmd::SetSeatCount { count: 1 + 2 });
    admin(
        &mut host,
        AdminCmd::Sit {
            member: bob,
            seat: Seat(2),
        },
    );
    admin(&mut host, AdminCmd::SetSeatCount { count: 2 });
    assert!(matches!(&host.table().seats[1], SeatInfo::Person { member: m, .. } if m.id == bob));
    // The host opening his seat sends him to watch, and he stays there.
    admin(
        &mut host,
        AdminCmd::SetSeat {
            seat: Seat(1),
            to: SeatSetting::Open,
        },
    );
    assert!(host.table().watchers.iter().any(|w| w.id == bob));
    assert_eq!(host.table().seats[1], SeatInfo::Open);
    // Start: open seats become bots; nothing of the lobby can change during the game.
    let outs = admin(
        &mut host,
        AdminCmd::Start {
            first: Some(Seat(1)),
        },
    );
    assert!(refusal(&outs, PeerId::LOCAL).is_none());
    assert_eq!(host.phase(), Phase::Playing);
    assert!(matches!(host.table().seats[1], SeatInfo::Bot { .. }));
    assert_eq!(
        host.game().map(|g| g.current()),
        Some(Seat(1)),
        "R2.4: the host's choice"
    );
    let outs = admin(&mut host, AdminCmd::SetSeatCount { count: 5 });
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::GameInProgress))
    );
    let outs = admin(&mut host, AdminCmd::Rematch);
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::NotFinished))
    );
    // During a game a watcher may take over a bot's seat.
    let outs = admin(
        &mut host,
        AdminCmd::Sit {
            member: bob,
            seat: Seat(1),
        },
    );
    assert!(refusal(&outs, PeerId::LOCAL).is_none());
    let bob_update = to(&outs, PeerId(1)).into_iter().find_map(|m| match m {
        ToGuest::Update(u) if u.reset => u.game,
        _ => None,
    });
    assert_eq!(
        bob_update.and_then(|g| g.seat),
        Some(Seat(1)),
        "Bob now gets seat 1's view"
    );
    admin(&mut host, AdminCmd::EndGame);
    assert_eq!(host.phase(), Phase::Lobby);
}

#[test]
fn intents_are_refused_unless_for_ones_own_current_decision() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    welcome(&outs, PeerId(1));
    let intent = |seat: u8, step: u64, input: Input| {
        encode(&ToHost::Intent {
            game_no: 1,
            seat: Seat(seat),
            step,
            input,
            signature: None,
        })
    };
    let outs = host.handle(PeerId(1), &intent(1, 0, Input::Pass), T);
    assert_eq!(refusal(&outs, PeerId(1)), Some(Refusal::NoGame));
    admin(
        &mut host,
        AdminCmd::Start {
            first: Some(Seat(0)),
        },
    );
    let game = host.game().cloned();
    // Another seat, a future step, a wrong decision, a watcher, before hello.
    let outs = host.handle(
        PeerId(1),
        &intent(0, 0, Input::Act(shared::engine::Action::Income)),
        T,
    );
    assert_eq!(
        refusal(&outs, PeerId(1)),
        Some(Refusal::NotYourSeat {
            asked: Seat(0),
            yours: Seat(1)
        })
    );
    let outs = host.handle(PeerId(1), &intent(1, 9, Input::Pass), T);
    assert_eq!(
        refusal(&outs, PeerId(1)),
        Some(Refusal::Stale { step: 9, now: 0 })
    );
    let outs = host.handle(
        PeerId(1),
        &intent(1, 0, Input::Act(shared::engine::Action::Income)),
        T,
    );
    assert!(
        matches!(refusal(&outs, PeerId(1)), Some(Refusal::Illegal { code, .. }) if code == "not_your_turn")
    );
    host.handle(PeerId(2), &hello("Watcher", None), T);
    let outs = host.handle(PeerId(2), &intent(1, 0, Input::Pass), T);
    assert_eq!(refusal(&outs, PeerId(2)), Some(Refusal::NotSeated));
    let outs = host.handle(PeerId(3), &intent(1, 0, Input::Pass), T);
    assert_eq!(refusal(&outs, PeerId(3)), Some(Refusal::NotJoined));
    assert_eq!(host.game().cloned(), game, "nothing changed");
    // The host's own income is accepted; replaying it is stale.
    let income = intent(0, 0, Input::Act(shared::engine::Action::Income));
    let outs = host.handle(PeerId::LOCAL, &income, T);
    assert!(refusal(&outs, PeerId::LOCAL).is_none());
    assert_eq!(host.step(), 1);
    let outs = host.handle(PeerId::LOCAL, &income, T);
    assert!(refusal(&outs, PeerId::LOCAL).is_some());
    assert_eq!(host.step(), 1);
}

#[test]
fn wire_errors_are_named_and_harmless() {
    let mut host = new_host();
    let p = PeerId(1);
    let outs = host.handle(p, &"{".repeat(MAX_TO_HOST_BYTES + 1), T);
    assert!(matches!(
        refusal(&outs, p),
        Some(Refusal::Wire(WireError::TooLarge { .. }))
    ));
    let outs = host.handle(p, "not json", T);
    assert!(matches!(
        refusal(&outs, p),
        Some(Refusal::Wire(WireError::Malformed { .. }))
    ));
    let outs = host.handle(
        p,
        &format!(r#"{{"v":{PROTOCOL_VERSION},"msg":{{"type":"launch_missiles"}}}}"#),
        T,
    );
    assert!(matches!(
        refusal(&outs, p),
        Some(Refusal::Wire(WireError::Malformed { .. }))
    ));
    let outs = host.handle(p, r#"{"v":99,"msg":{"type":"hello","name":"Future"}}"#, T);
    assert_eq!(
        fatal(&outs, p),
        Some(Fatal::VersionMismatch {
            host: PROTOCOL_VERSION,
            yours: 99
        })
    );
    assert!(closed(&outs, p));
    // The guest names a host of another version too, instead of hanging.
    let mut guest = Guest::new("Ada", None, false);
    let err = guest.receive(r#"{"v":98,"msg":{"type":"welcome"}}"#, T);
    assert_eq!(
        err,
        Err(GuestError::Wire(WireError::VersionMismatch {
            theirs: 98,
            ours: PROTOCOL_VERSION
        }))
    );
    let err = guest.receive(&"x".repeat(MAX_TO_GUEST_BYTES + 1), T);
    assert!(matches!(
        err,
        Err(GuestError::Wire(WireError::TooLarge { .. }))
    ));
    // A flood is cut off.
    let junk: Vec<_> = (0..100)
        .map(|_| host.handle(PeerId(9), "junk", T))
        .collect();
    assert!(
        junk.iter()
            .any(|o| refusal(o, PeerId(9)) == Some(Refusal::RateLimited))
    );
    assert_eq!(host.table().seats[1], SeatInfo::Open);
}

#[test]
fn chat_is_stamped_by_the_host_and_rate_limited() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, _) = welcome(&outs, PeerId(1));
    let chat = |text: &str| encode(&ToHost::Chat { text: text.into() });
    let outs = host.handle(PeerId(1), &chat("Hostess: I have\nthe duke"), T);
    let line = to(&outs, PeerId::LOCAL)
        .into_iter()
        .find_map(|m| match m {
            ToGuest::Update(u) => u.log.into_iter().find_map(|e| match e.item {
                LogItem::Chat { line } => Some(line),
                _ => None,
            }),
            _ => None,
        })
        .expect("the host's player sees the line");
    assert_eq!(
        (line.from, line.name.as_str(), line.seat),
        (bob, "Bob", Some(Seat(1)))
    );
    assert_eq!(line.text, "Hostess: I have the duke");
    let outs = host.handle(PeerId(1), &chat(&"a".repeat(281)), T);
    assert_eq!(
        refusal(&outs, PeerId(1)),
        Some(Refusal::Chat(ChatError::TooLong))
    );
    let refused = (0..6)
        .filter(|_| refusal(&host.handle(PeerId(1), &chat("hi"), T + 1), PeerId(1)).is_some())
        .count();
    assert_eq!(refused, 2, "a burst of five, the first line included");
    assert!(
        refusal(
            &host.handle(PeerId(1), &chat("later"), T + 2_001),
            PeerId(1)
        )
        .is_none()
    );
}

#[test]
fn the_guest_checks_what_it_is_sent() {
    let (mut host, outs) = Host::new(1, "Hostess", T).expect("valid");
    let mut local = Guest::new("Hostess", None, false);
    for o in &outs {
        if let Outgoing::Send { text, .. } = o {
            local.receive(text, 5).expect("accepted");
        }
    }
    assert_eq!(local.seat(), Some(Seat(0)));
    assert!(local.token().is_some());
    // Entries out of order are refused and change nothing.
    let n = local.log().last().map_or(0, |e| e.n);
    let stale = format!(
        r#"{{"v":{PROTOCOL_VERSION},"msg":{{"type":"update","reset":false,"host_now":0,"table":null,"game":null,"log":[{{"n":{n},"item":{{"kind":"chat","line":{{"from":0,"name":"x","seat":null,"text":"x","at":0}}}}}}]}}}}"#
    );
    assert!(matches!(
        local.receive(&stale, 6),
        Err(GuestError::LogOrder { .. })
    ));
    // An update before a welcome is refused.
    let mut fresh = Guest::new("Ann", None, false);
    assert_eq!(fresh.receive(&stale, 6), Err(GuestError::NotWelcomed));
    // Deadlines: the guest's clock is 10 s behind the host's and the countdown agrees.
    let outs = host.handle(
        PeerId::LOCAL,
        &local.admin(AdminCmd::Start {
            first: Some(Seat(0)),
        }),
        T + 1_000,
    );
    for o in &outs {
        if let Outgoing::Send {
            to: PeerId::LOCAL,
            text,
        } = o
        {
            local.receive(text, T - 9_000).expect("accepted");
        }
    }
    let turn = Timers::default().turn_ms.expect("a turn timer");
    assert_eq!(local.time_left(Seat(0), T - 9_000), Some(turn));
    assert_eq!(local.time_left(Seat(0), T - 4_000), Some(turn - 5_000));
    assert_eq!(local.time_left(Seat(1), T), None);
    // Only legal intents leave the guest.
    assert!(local.intent(Input::Challenge).is_err());
    assert!(
        local
            .intent(Input::Act(shared::engine::Action::Income))
            .is_ok()
    );
    let events = local
        .receive(
            &encode(&ToGuest::Fatal {
                fatal: Fatal::Kicked,
            }),
            0,
        )
        .expect("read");
    assert_eq!(events, vec![GuestEvent::Closed(Fatal::Kicked)]);
    assert_eq!(local.token(), None);
}

#[test]
fn snapshots_restore_exactly_or_say_why_not() {
    let mut host = new_host();
    host.handle(PeerId(1), &hello("Bob", None), T);
    admin(&mut host, AdminCmd::Start { first: None });
    let snap = host.snapshot(T + 10);
    let (restored, outs) = Host::restore(&snap, T + 500, None).expect("restores");
    assert_eq!(
        serde_json::to_string(&restored.game()).ok(),
        serde_json::to_string(&host.game()).ok()
    );
    assert!(
        !to(&outs, PeerId::LOCAL).is_empty(),
        "the host's player is back at once"
    );
    assert!(matches!(
        Host::restore("{}", T, None),
        Err(RestoreError::Malformed(_))
    ));
    let other = snap.replacen("\"format\":1", "\"format\":99", 1);
    assert!(matches!(
        Host::restore(&other, T, None),
        Err(RestoreError::Version(99))
    ));
    // A game number that cannot count one more game is refused, not played into an
    // overflow at the next deal.
    let last = snap.replacen("\"game_no\":1,", "\"game_no\":4294967295,", 1);
    assert_ne!(last, snap);
    assert!(matches!(
        Host::restore(&last, T, None),
        Err(RestoreError::Inconsistent("game number"))
    ));
    // One game at a time: a snapshot that holds a plain game and a fair one is refused,
    // and one that holds only a fair game needs the fair deal's code.
    let fair = r#""fair_game":{"seed":1,"first":0,"calls":[]}"#;
    let both = snap.replacen("\"fair_game\":null", fair, 1);
    assert_ne!(both, snap);
    assert!(matches!(
        Host::restore(&both, T, None),
        Err(RestoreError::Malformed(e)) if e.to_string().contains("a plain game and a fair game")
    ));
    let lobby = new_host().snapshot(T);
    assert!(lobby.contains("\"game\":null"));
    let only_fair = lobby.replacen("\"fair_game\":null", fair, 1);
    assert_ne!(only_fair, lobby);
    assert!(matches!(
        Host::restore(&only_fair, T, None),
        Err(RestoreError::FairUnavailable)
    ));
}

/// A table of three (the host, Bob on a link, a bot) whose first game is over; and Bob.
fn finished_with_bob() -> (Host, MemberId) {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, _) = welcome(&outs, PeerId(1));
    admin(&mut host, AdminCmd::SetSeatCount { count: 3 });
    admin(&mut host, AdminCmd::Start { first: None });
    play_out(&mut host, T);
    (host, bob)
}

/// Plays the game out by timeouts and bots alone.
fn play_out(host: &mut Host, mut now: u64) -> u64 {
    for _ in 0..100_000 {
        if matches!(host.phase(), Phase::Finished { .. }) {
            return now;
        }
        now = host.next_deadline().expect("something is due").max(now);
        host.tick(now);
    }
    panic!("the game did not end");
}

#[test]
fn after_a_game_moving_seats_goes_back_to_the_lobby() {
    let (mut host, bob) = finished_with_bob();
    let Phase::Finished { winner } = host.phase() else {
        unreachable!()
    };
    // The same seats: a rematch, the winner starting (R2.4).
    admin(&mut host, AdminCmd::Rematch);
    assert_eq!(host.game().map(|g| g.current()), Some(winner));
    assert_eq!(host.game_no(), 2);
    play_out(&mut host, T);
    // Moving Bob puts the finished game away: he must not read seat 2's last hidden cards.
    let outs = admin(
        &mut host,
        AdminCmd::Swap {
            a: Seat(1),
            b: Seat(2),
        },
    );
    assert_eq!(host.phase(), Phase::Lobby);
    assert!(host.game().is_none());
    let reset = to(&outs, PeerId(1)).into_iter().find_map(|m| match m {
        ToGuest::Update(u) if u.reset => Some(u),
        _ => None,
    });
    let reset = reset.expect("Bob is sent the new state");
    assert!(reset.game.is_none());
    assert!(matches!(&host.table().seats[2], SeatInfo::Person { member: m, .. } if m.id == bob));
    let outs = admin(&mut host, AdminCmd::Rematch);
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::NotFinished))
    );
}

#[test]
fn one_who_came_to_play_takes_the_first_seat_that_opens_in_the_lobby() {
    // A table of two: Bob takes the open seat; Cy finds it full and waits, watching; Di
    // came to watch. When the host adds a seat Cy takes it, not Di; a seat opened by the
    // host goes to the next who waits; one who joined during a game takes a seat once the
    // table is back in the lobby.
    let mut host = new_host();
    let seated = |host: &Host, id: MemberId| {
        host.table()
            .seats
            .iter()
            .position(|s| matches!(s, SeatInfo::Person { member: m, .. } if m.id == id))
    };
    let join = |host: &mut Host, peer: u64, name: &str, watch: bool| {
        let outs = host.handle(
            PeerId(peer),
            &encode(&ToHost::Hello {
                name: name.into(),
                token: None,
                watch,
            }),
            T,
        );
        welcome(&outs, PeerId(peer)).0
    };
    let bob = join(&mut host, 1, "Bob", false);
    let cy = join(&mut host, 2, "Cy", false);
    let di = join(&mut host, 3, "Di", true);
    assert_eq!(seated(&host, bob), Some(1));
    assert_eq!(seated(&host, cy), None, "the table is full: Cy watches");
    let outs = admin(&mut host, AdminCmd::SetSeatCount { count: 3 });
    assert_eq!(seated(&host, cy), Some(2), "Cy takes the seat added");
    assert_eq!(seated(&host, di), None, "Di came to watch");
    // Cy's page is told: the table it is sent seats it.
    let told = to(&outs, PeerId(2)).into_iter().any(|m| match m {
        ToGuest::Update(u) => u.table.is_some_and(
            |t| matches!(&t.seats[2], SeatInfo::Person { member: m, .. } if m.id == cy),
        ),
        _ => false,
    });
    assert!(told, "Cy's page hears it has a seat");
    let eve = join(&mut host, 4, "Eve", false);
    assert_eq!(seated(&host, eve), None);
    admin(
        &mut host,
        AdminCmd::SetSeat {
            seat: Seat(1),
            to: SeatSetting::Open,
        },
    );
    assert_eq!(seated(&host, bob), None, "the host's choice: Bob watches");
    assert_eq!(
        seated(&host, eve),
        Some(1),
        "Eve waited, and takes the seat opened"
    );
    // During a game a newcomer watches; back in the lobby it plays.
    admin(&mut host, AdminCmd::Start { first: None });
    assert_eq!(host.phase(), Phase::Playing);
    let fay = join(&mut host, 5, "Fay", false);
    admin(&mut host, AdminCmd::EndGame);
    assert_eq!(host.phase(), Phase::Lobby);
    admin(&mut host, AdminCmd::SetSeatCount { count: 4 });
    assert_eq!(
        seated(&host, fay),
        Some(3),
        "Fay, who came during the game, plays"
    );
    assert_eq!(seated(&host, di), None);
}

#[test]
fn a_full_table_forgets_the_watcher_away_longest() {
    let mut host = new_host();
    let mut first_token = None;
    for i in 1..shared::session::host::MAX_MEMBERS as u64 {
        let outs = host.handle(
            PeerId(i),
            &encode(&ToHost::Hello {
                name: format!("W{i}"),
                token: None,
                watch: true,
            }),
            T + i,
        );
        let (_, _, token) = welcome(&outs, PeerId(i));
        first_token.get_or_insert(token);
        host.disconnect(PeerId(i), T + i);
    }
    let outs = host.handle(PeerId(1000), &hello("Late", None), T + 5_000);
    welcome(&outs, PeerId(1000));
    // The first watcher was forgotten: its token now joins afresh, under a new id.
    let token = first_token.expect("a token");
    let outs = host.handle(PeerId(1001), &hello("W1", Some(&token)), T + 6_000);
    let (_, _, new_token) = welcome(&outs, PeerId(1001));
    assert_ne!(new_token, token);
}

/// A refused command changes nothing: after a game, a seat command the host refuses
/// leaves the finished game where it is (and each member's view of it) instead of putting
/// it away first.
#[test]
fn after_a_game_a_refused_seat_command_leaves_the_game_as_it_was() {
    let (mut host, bob) = finished_with_bob();
    let finished = host.phase();
    assert!(matches!(finished, Phase::Finished { .. }));
    let before = host.snapshot(T);
    for (cmd, err) in [
        (AdminCmd::SetSeatCount { count: 11 }, TableError::SeatCount),
        (
            AdminCmd::Swap {
                a: Seat(0),
                b: Seat(7),
            },
            TableError::NoSuchSeat(Seat(7)),
        ),
        (
            AdminCmd::SetSeat {
                seat: Seat(9),
                to: SeatSetting::Open,
            },
            TableError::NoSuchSeat(Seat(9)),
        ),
        (
            AdminCmd::Sit {
                member: bob,
                seat: Seat(8),
            },
            TableError::NoSuchSeat(Seat(8)),
        ),
        (
            AdminCmd::Kick {
                member: MemberId(0),
            },
            TableError::KickHost,
        ),
    ] {
        let outs = admin(&mut host, cmd);
        assert_eq!(refusal(&outs, PeerId::LOCAL), Some(Refusal::Table(err)));
        assert!(to(&outs, PeerId(1)).is_empty(), "Bob is sent nothing");
        assert_eq!(host.phase(), finished);
        assert!(host.game().is_some(), "the finished game is still there");
        assert_eq!(host.snapshot(T), before, "nothing changed");
    }
}

#[test]
fn end_game_puts_a_finished_game_away_and_every_member_is_reset() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    welcome(&outs, PeerId(1));
    let outs = admin(&mut host, AdminCmd::EndGame);
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::NoGame)),
        "nothing to end in the lobby"
    );
    admin(&mut host, AdminCmd::SetSeatCount { count: 3 });
    admin(&mut host, AdminCmd::Start { first: None });
    play_out(&mut host, T);
    assert!(matches!(host.phase(), Phase::Finished { .. }));
    let outs = admin(&mut host, AdminCmd::EndGame);
    assert_eq!(refusal(&outs, PeerId::LOCAL), None);
    assert_eq!(host.phase(), Phase::Lobby);
    assert!(host.game().is_none());
    assert_eq!(host.table().seats.len(), 3, "the seats stay as they were");
    for peer in [PeerId::LOCAL, PeerId(1)] {
        let reset = to(&outs, peer).into_iter().find_map(|m| match m {
            ToGuest::Update(u) if u.reset => Some(u),
            _ => None,
        });
        assert!(
            reset.expect("a reset").game.is_none(),
            "{peer:?} drops the game"
        );
    }
}

#[test]
fn add_bot_fills_the_first_open_seat_then_adds_seats_up_to_ten() {
    use shared::session::protocol::BotLevel;
    let mut host = new_host();
    admin(&mut host, AdminCmd::SetSeatCount { count: 3 });
    admin(
        &mut host,
        AdminCmd::AddBot {
            level: BotLevel::Hard,
        },
    );
    let seats = host.table().seats;
    assert!(matches!(
        &seats[1],
        SeatInfo::Bot {
            level: BotLevel::Hard,
            ..
        }
    ));
    assert!(matches!(&seats[2], SeatInfo::Open));
    admin(
        &mut host,
        AdminCmd::AddBot {
            level: BotLevel::Easy,
        },
    );
    // No seat open: R1.1 lets the table grow to ten, and the two-player draft (R1.4)
    // stays off past two seats.
    for n in 4..=10 {
        let outs = admin(
            &mut host,
            AdminCmd::AddBot {
                level: BotLevel::Normal,
            },
        );
        assert_eq!(refusal(&outs, PeerId::LOCAL), None);
        assert_eq!(host.table().seats.len(), n);
    }
    let outs = admin(
        &mut host,
        AdminCmd::AddBot {
            level: BotLevel::Normal,
        },
    );
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::SeatCount))
    );
    assert_eq!(host.table().seats.len(), 10);
    admin(&mut host, AdminCmd::Start { first: None });
    let outs = admin(
        &mut host,
        AdminCmd::AddBot {
            level: BotLevel::Normal,
        },
    );
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::GameInProgress))
    );
}

#[test]
fn options_are_decided_for_the_seat_count_once() {
    // R1.4: the draft stands only at two seats, whichever way the table gets there.
    let draft = Options {
        two_player_draft: true,
        ..Options::default()
    };
    assert!(draft.for_players(2).two_player_draft);
    for n in [3, 4, 10] {
        assert!(!draft.for_players(n).two_player_draft);
    }
    let all = Options {
        inquisitor: true,
        allegiances: true,
        two_player_draft: true,
    };
    assert_eq!(
        all.for_players(5),
        Options {
            two_player_draft: false,
            ..all
        }
    );
}

/// How many windows the bot at `seat` has seen each other seat able to challenge in,
/// summed: what it has learned grows with every game it remembers.
fn learned(host: &Host, seat: Seat) -> u32 {
    let m = host.bot_memory(seat).expect("bots learn");
    m.seats
        .iter()
        .flat_map(|r| r.challenge_chances)
        .map(u32::from)
        .sum()
}

/// A rematch seats the same people, so each bot keeps its record of the others' play
/// (claims caught and proven, challenges, blocks) from one game to the next; a new game
/// from the lobby starts afresh.
#[test]
fn a_rematch_keeps_what_the_bots_learned_of_the_table() {
    let mut host = new_host();
    admin(&mut host, AdminCmd::SetSeatCount { count: 4 });
    admin(&mut host, AdminCmd::Start { first: None });
    let now = play_out(&mut host, T);
    let first = learned(&host, Seat(1));
    assert!(first > 0, "a finished game teaches something");
    let before = host.bot_memory(Seat(1));
    admin(&mut host, AdminCmd::Rematch);
    assert_eq!(host.game_no(), 2);
    assert_eq!(
        host.bot_memory(Seat(1)),
        before,
        "the rematch's bot remembers"
    );
    // A reload of the host's page: the restored bots remember the same.
    let snap = host.snapshot(now);
    let (restored, _) = Host::restore(&snap, now + 1_000, None).expect("restores");
    for s in 0..4 {
        assert_eq!(
            restored.bot_memory(Seat(s)),
            host.bot_memory(Seat(s)),
            "seat {s} remembers after a restore"
        );
    }
    // What a snapshot says a bot remembers is checked like the rest of it. (Edited as
    // text: the snapshot's tagged objects keep their tag first.)
    let at = snap
        .find(r#""remembered":["#)
        .expect("the bots' memory is kept");
    let (head, rest) = snap.split_at(at);
    assert!(rest.contains(r#""players":4}"#));
    let bad = format!(
        "{head}{}",
        rest.replacen(r#""players":4}"#, r#""players":200}"#, 1)
    );
    assert!(matches!(
        Host::restore(&bad, now, None),
        Err(RestoreError::Inconsistent("remembered"))
    ));
    let long = snap.replacen(r#""remembered":["#, r#""remembered":[null,"#, 1);
    assert!(matches!(
        Host::restore(&long, now, None),
        Err(RestoreError::Inconsistent("remembered"))
    ));
    play_out(&mut host, now);
    assert!(learned(&host, Seat(1)) > first, "and adds the second game");
    admin(&mut host, AdminCmd::EndGame);
    assert_eq!(host.phase(), Phase::Lobby);
    admin(&mut host, AdminCmd::Start { first: None });
    let fresh = host.bot_memory(Seat(1)).expect("bots learn");
    assert!(
        learned(&host, Seat(1)) < first || fresh.players == 0,
        "a new game from the lobby starts afresh"
    );
}

/// Found by the `restore` fuzz target: a bot added after a game gave the table a seat
/// the finished game did not have, and every member was sent an end of game with one
/// hand per seat of the table, which their guests refused. Adding a bot changes the
/// seats, so it puts the finished game away like every other change of seats; refused
/// (a full table), it leaves the game where it was.
#[test]
fn a_bot_added_after_a_game_puts_the_game_away() {
    let easy = AdminCmd::AddBot {
        level: BotLevel::Easy,
    };
    // Bob's own guest reads every message he is sent, from his welcome to the bot.
    let mut bob = Guest::new("Bob", None, false);
    let read = |outs: &[Outgoing], bob: &mut Guest| {
        for o in outs {
            if let Outgoing::Send { to, text } = o
                && *to == PeerId(1)
            {
                bob.receive(text, T).expect("Bob accepts what he is sent");
            }
        }
    };
    let mut host = new_host();
    read(&host.handle(PeerId(1), &hello("Bob", None), T), &mut bob);
    read(
        &admin(&mut host, AdminCmd::SetSeatCount { count: 3 }),
        &mut bob,
    );
    read(&admin(&mut host, AdminCmd::Start { first: None }), &mut bob);
    let mut now = T;
    while !matches!(host.phase(), Phase::Finished { .. }) {
        now = host.next_deadline().expect("something is due").max(now);
        read(&host.tick(now), &mut bob);
    }
    let hands = |bob: &Guest| {
        bob.game()
            .and_then(|g| g.reveal.as_ref())
            .map(|r| r.hands.len())
    };
    assert_eq!(hands(&bob), Some(3), "Bob was shown the end of the game");
    read(&admin(&mut host, easy.clone()), &mut bob);
    assert_eq!(host.phase(), Phase::Lobby);
    assert!(host.game().is_none());
    assert_eq!(host.table().seats.len(), 4);
    // Bob is told of the table of four seats in the lobby, and keeps no game's end with
    // a hand fewer than the table's seats.
    assert_eq!(bob.table().map(|t| t.seats.len()), Some(4));
    assert!(
        bob.game().is_none(),
        "the game went away: {:?} hands",
        hands(&bob)
    );

    // Ten seats, none open: the bot cannot be added, and the finished game stays.
    let mut host = new_host();
    for _ in 0..9 {
        admin(&mut host, easy.clone());
    }
    assert_eq!(host.table().seats.len(), 10);
    admin(&mut host, AdminCmd::Start { first: None });
    play_out(&mut host, T);
    let outs = admin(&mut host, easy.clone());
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::SeatCount))
    );
    assert!(
        matches!(host.phase(), Phase::Finished { .. }),
        "a refusal changes nothing"
    );
}

/// Found by the `restore` fuzz target: after a rematch the bots' memory outlived the
/// game, so a table that then lost seats kept a memory longer than its seats, and its
/// own snapshot was refused. The host's page could not come back from a reload.
#[test]
fn fewer_seats_after_a_rematch_still_snapshot_and_restore() {
    for back_to_the_lobby in [AdminCmd::SetSeatCount { count: 2 }, AdminCmd::EndGame] {
        let mut host = new_host();
        admin(&mut host, AdminCmd::SetSeatCount { count: 4 });
        admin(&mut host, AdminCmd::Start { first: None });
        let now = play_out(&mut host, T);
        admin(&mut host, AdminCmd::Rematch);
        let now = play_out(&mut host, now);
        admin(&mut host, back_to_the_lobby);
        admin(&mut host, AdminCmd::SetSeatCount { count: 2 });
        assert_eq!(host.phase(), Phase::Lobby);
        let snap = host.snapshot(now);
        let (mut restored, _) = Host::restore(&snap, now + 1_000, None).expect("restores");
        // And it deals again, fresh.
        restored.handle(
            PeerId::LOCAL,
            &encode(&ToHost::Admin {
                cmd: AdminCmd::Start { first: None },
            }),
            now + 1_000,
        );
        assert_eq!(restored.phase(), Phase::Playing);
        assert_eq!(restored.game_no(), 3);
    }
}

#[test]
fn a_guest_keeps_its_table_when_told_the_room_moved_and_refuses_a_bad_code() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let mut bob = Guest::new("Bob", None, false);
    // Told before its welcome is read (the host's page tells every open link): kept too.
    let room = shared::relay::RoomCode::parse("K7M3QX").expect("a code");
    let moved = encode(&ToGuest::Moved { room: room.clone() });
    assert_eq!(
        bob.receive(&moved, T),
        Ok(vec![GuestEvent::Moved(room.clone())])
    );
    for o in &outs {
        if let Outgoing::Send { to, text } = o
            && *to == PeerId(1)
        {
            bob.receive(text, T).expect("accepted");
        }
    }
    let table = bob.table().cloned();
    assert!(table.is_some());
    assert_eq!(
        bob.receive(&moved, T + 5),
        Ok(vec![GuestEvent::Moved(room)])
    );
    assert_eq!(bob.table().cloned(), table, "nothing else changes");
    assert!(bob.member().is_some(), "still welcomed");
    // A code no relay makes is refused, and changes nothing.
    let bad = format!(r#"{{"v":{PROTOCOL_VERSION},"msg":{{"type":"moved","room":"0OIL15"}}}}"#);
    assert!(matches!(
        bob.receive(&bad, T + 6),
        Err(GuestError::Wire(WireError::Malformed { .. }))
    ));
    assert_eq!(bob.table().cloned(), table);
    // After the host ended the link, nothing more is read.
    bob.receive(
        &encode(&ToGuest::Fatal {
            fatal: Fatal::Kicked,
        }),
        T + 7,
    )
    .expect("read");
    assert!(matches!(
        bob.receive(&moved, T + 8),
        Err(GuestError::Closed(Fatal::Kicked))
    ));
}
