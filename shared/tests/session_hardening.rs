//! The session's defences against a hostile table member, a hostile host and careless
//! clicks: links that end, seats held, decisions put twice, what a guest keeps, names,
//! resynchronisation and the room's door.

use shared::engine::{Action, Card, Input, Pending, Seat};
use shared::session::guest::MAX_GUEST_LOG_BYTES;
use shared::session::host::RESET_LOG_BYTES;
use shared::session::protocol::{
    AdminCmd, BotLevel, Fatal, GameInfo, MemberId, Phase, Refusal, SeatInfo, SeatSetting,
    TableError, Timers, ToGuest, ToHost, encode,
};
use shared::session::protocol::{ChatLine, LogEntry, LogItem, Note, Update};
use shared::session::{Guest, GuestError, Host, Outgoing, PeerId};

mod common;
use common::*;

fn person(host: &Host, seat: usize) -> Option<(MemberId, bool, bool)> {
    match &host.table().seats[seat] {
        SeatInfo::Person { member, stand_in } => Some((member.id, member.connected, *stand_in)),
        _ => None,
    }
}

#[test]
fn a_version_mismatch_marks_the_member_away_and_its_grace_runs() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, _) = welcome(&outs, PeerId(1));
    // No turn timer: only the grace period can get the table past an absent Bob.
    let timers = Timers {
        turn_ms: None,
        window_ms: None,
        choice_ms: None,
        ..Timers::default()
    };
    admin(&mut host, AdminCmd::SetTimers { timers });
    admin(
        &mut host,
        AdminCmd::Start {
            first: Some(Seat(1)),
        },
    );
    let outs = host.handle(PeerId(1), r#"{"v": 999, "msg": {"type": "sync"}}"#, T + 10);
    assert!(matches!(
        fatal(&outs, PeerId(1)),
        Some(Fatal::VersionMismatch { .. })
    ));
    assert!(outs.contains(&Outgoing::Close { peer: PeerId(1) }));
    assert_eq!(
        person(&host, 1),
        Some((bob, false, false)),
        "the others see Bob gone"
    );
    let due = host.next_deadline().expect("the grace period is timed");
    assert_eq!(due, T + 10 + timers.grace_ms);
    let step = host.step();
    host.tick(due);
    assert_eq!(
        person(&host, 1),
        Some((bob, false, true)),
        "his bot stands in"
    );
    assert!(host.step() > step, "and plays his turn");
}

#[test]
fn a_person_who_held_a_seat_in_a_game_may_not_take_another() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, _) = welcome(&outs, PeerId(1));
    admin(&mut host, AdminCmd::SetSeatCount { count: 3 });
    admin(
        &mut host,
        AdminCmd::Start {
            first: Some(Seat(0)),
        },
    );
    assert_eq!(host.phase(), Phase::Playing);
    // Bob's seat becomes a bot: he watches, remembering seat 1's hand.
    let outs = admin(
        &mut host,
        AdminCmd::SetSeat {
            seat: Seat(1),
            to: SeatSetting::Bot {
                level: Default::default(),
            },
        },
    );
    assert_eq!(refusal(&outs, PeerId::LOCAL), None);
    assert!(host.table().watchers.iter().any(|w| w.id == bob));
    // Seat 2's hand would be a second one.
    let outs = admin(
        &mut host,
        AdminCmd::Sit {
            member: bob,
            seat: Seat(2),
        },
    );
    assert_eq!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Table(TableError::HeldAnotherSeat))
    );
    assert!(matches!(host.table().seats[2], SeatInfo::Bot { .. }));
    assert!(
        to(&outs, PeerId(1)).iter().all(|m| match m {
            ToGuest::Update(u) => u.game.as_ref().is_none_or(|g| g.seat.is_none()),
            _ => true,
        }),
        "Bob is sent no seat's view"
    );
    // His own seat back is the hand he already knew.
    let outs = admin(
        &mut host,
        AdminCmd::Sit {
            member: bob,
            seat: Seat(1),
        },
    );
    assert_eq!(refusal(&outs, PeerId::LOCAL), None);
    assert_eq!(person(&host, 1).map(|p| p.0), Some(bob));
    // A new game starts a new record: after it, a seat change is the lobby's business.
    admin(&mut host, AdminCmd::EndGame);
    admin(
        &mut host,
        AdminCmd::Sit {
            member: bob,
            seat: Seat(2),
        },
    );
    admin(
        &mut host,
        AdminCmd::Start {
            first: Some(Seat(0)),
        },
    );
    assert_eq!(person(&host, 2).map(|p| p.0), Some(bob));
}

/// The last game view `peer` was sent among `outs`.
fn game_of(outs: &[Outgoing], peer: PeerId) -> Option<GameInfo> {
    to(outs, peer).into_iter().rev().find_map(|m| match m {
        ToGuest::Update(u) => u.game,
        _ => None,
    })
}

fn intent(game_no: u32, seat: u8, step: u64, input: Input) -> String {
    encode(&ToHost::Intent {
        game_no,
        seat: Seat(seat),
        step,
        input,
        signature: None,
    })
}

/// The host (seat 0), Bob (seat 1, peer 1) and Carol (seat 2, peer 2); the host starts.
fn three_seats() -> Host {
    let mut host = new_host();
    admin(&mut host, AdminCmd::SetSeatCount { count: 3 });
    host.handle(PeerId(1), &hello("Bob", None), T);
    host.handle(PeerId(2), &hello("Carol", None), T);
    admin(
        &mut host,
        AdminCmd::Start {
            first: Some(Seat(0)),
        },
    );
    host
}

#[test]
fn a_window_after_an_early_block_is_a_new_decision_with_its_own_step_and_time() {
    let mut host = three_seats();
    let window = Timers::default().window_ms.expect("a window timer");
    // R5.1: the host steals from Bob; the challenge window asks Bob and Carol.
    let outs = host.handle(
        PeerId::LOCAL,
        &intent(1, 0, 0, Input::Act(Action::Steal(Seat(1)))),
        T,
    );
    let carol = game_of(&outs, PeerId(2)).expect("Carol's view");
    assert_eq!(carol.legal, vec![Input::Pass, Input::Challenge]);
    // Bob blocks early with the Captain.
    let outs = host.handle(
        PeerId(1),
        &intent(1, 1, carol.step, Input::Block(Card::Captain)),
        T + 1_000,
    );
    assert_eq!(refusal(&outs, PeerId(1)), None);
    // Carol passes with 1 s left: the challenge window closes, the block's challenge
    // window (R5.4) asks Carol again, with the same two answers.
    let first_step = carol.step;
    let pass = intent(1, 2, first_step, Input::Pass);
    let late = T + window - 1_000;
    let outs = host.handle(PeerId(2), &pass, late);
    assert_eq!(refusal(&outs, PeerId(2)), None);
    let again = game_of(&outs, PeerId(2)).expect("Carol's new view");
    assert_eq!(again.legal, vec![Input::Pass, Input::Challenge]);
    let deadline = again
        .deadlines
        .iter()
        .find(|d| d.seat == Seat(2))
        .and_then(|d| d.at);
    assert_eq!(deadline, Some(late + window), "the whole window, from now");
    // The same text again (a double click) answered the first window, not this one.
    let step = host.step();
    let outs = host.handle(PeerId(2), &pass, late + 50);
    assert!(
        matches!(refusal(&outs, PeerId(2)), Some(Refusal::Stale { .. })),
        "{outs:?}"
    );
    assert_eq!(host.step(), step);
    // The first window's deadline passes: Carol has not timed out of the second.
    host.tick(T + window);
    assert_eq!(host.step(), step, "no timeout at the old deadline");
    assert!(
        host.game()
            .is_some_and(|g| g.pending().owes().contains(Seat(2)))
    );
    assert_eq!(host.next_deadline(), Some(late + window));
}

#[test]
fn an_intent_from_an_earlier_game_is_stale_in_the_next() {
    let mut host = three_seats();
    admin(&mut host, AdminCmd::EndGame);
    admin(
        &mut host,
        AdminCmd::Start {
            first: Some(Seat(0)),
        },
    );
    assert_eq!(host.game_no(), 2);
    let outs = host.handle(
        PeerId::LOCAL,
        &intent(1, 0, 0, Input::Act(Action::Income)),
        T,
    );
    assert!(matches!(
        refusal(&outs, PeerId::LOCAL),
        Some(Refusal::Stale { .. })
    ));
    assert_eq!(host.step(), 0);
    let outs = host.handle(
        PeerId::LOCAL,
        &intent(2, 0, 0, Input::Act(Action::Income)),
        T,
    );
    assert_eq!(refusal(&outs, PeerId::LOCAL), None);
    assert_eq!(host.step(), 1);
}

/// A guest welcomed by a (hostile) host, and that host's next log entry number.
fn welcomed_guest() -> Guest {
    let mut guest = Guest::new("Ada", None, false);
    let welcome = encode(&ToGuest::Welcome {
        member: MemberId(1),
        name: "Ada".into(),
        token: "t".into(),
        table_id: shared::session::protocol::TableId([7; 32]),
    });
    guest.receive(&welcome, 0).expect("welcome");
    guest
}

/// Log entry `n`: a chat line `text` from `name`.
fn chat_entry(n: u64, name: &str, text: &str) -> LogEntry {
    LogEntry {
        n,
        item: LogItem::Chat {
            line: ChatLine {
                from: MemberId(0),
                name: name.into(),
                seat: None,
                text: text.into(),
                at: n,
            },
        },
    }
}

fn chat_update(n: u64, name: &str, text: &str) -> String {
    encode(&ToGuest::Update(Box::new(Update {
        reset: false,
        host_now: n,
        table: None,
        game: None,
        log: vec![chat_entry(n, name, text)],
        log_truncated: false,
        more: false,
    })))
}

#[test]
fn a_guest_refuses_entries_no_honest_host_sends() {
    let mut guest = welcomed_guest();
    let longest = "a".repeat(280);
    assert!(guest.receive(&chat_update(1, "Host", &longest), 1).is_ok());
    for (n, name, text) in [
        (2, "Host", "a".repeat(281)),
        (3, "Host", "a".repeat(200_000)),
        (4, "Host", "two\nlines".to_owned()),
        (5, "Host", "two\u{2028}lines".to_owned()),
        (6, &*"n".repeat(25), "hi".to_owned()),
        (7, "Host", String::new()),
    ] {
        let before = guest.log().len();
        assert!(
            matches!(
                guest.receive(&chat_update(n, name, &text), n),
                Err(GuestError::Implausible { .. })
            ),
            "entry {n}"
        );
        assert_eq!(guest.log().len(), before, "nothing kept");
    }
}

#[test]
fn a_guest_refuses_a_fair_note_whose_reason_is_longer_than_any_the_host_gives() {
    // A fair game's notes carry the host's words for why it stopped or a seat forfeited;
    // its errors' texts are far under 300 characters.
    let mut guest = welcomed_guest();
    let note = |n: u64, reason: String| {
        let note = if n.is_multiple_of(2) {
            Note::FairFault {
                seat: Some(Seat(1)),
                reason,
            }
        } else {
            Note::FairRefused {
                game_no: 1,
                seat: Seat(1),
                reason,
            }
        };
        encode(&ToGuest::Update(Box::new(Update {
            reset: false,
            host_now: n,
            table: None,
            game: None,
            log: vec![LogEntry {
                n,
                item: LogItem::Note { note },
            }],
            log_truncated: false,
            more: false,
        })))
    };
    for n in [1, 2] {
        assert!(
            guest.receive(&note(n, "é".repeat(300)), n).is_ok(),
            "note {n}"
        );
    }
    for n in [3, 4] {
        let before = guest.log().len();
        assert!(
            matches!(
                guest.receive(&note(n, "é".repeat(301)), n),
                Err(GuestError::Implausible { .. })
            ),
            "note {n}"
        );
        assert_eq!(guest.log().len(), before, "nothing kept");
    }
}

#[test]
fn a_guest_keeps_a_bounded_number_of_bytes_of_log() {
    let mut guest = welcomed_guest();
    // The longest chat line an honest host sends, in 4-byte characters: 4,000 of them
    // would be about 4.5 MiB.
    let line = "\u{1D11E}".repeat(280);
    for n in 1..=4_000u64 {
        guest
            .receive(&chat_update(n, "Host", &line), n)
            .expect("plausible");
    }
    let held: usize = guest
        .log()
        .iter()
        .map(|e| match &e.item {
            LogItem::Chat { line } => line.text.len(),
            _ => 0,
        })
        .sum();
    assert!(held <= MAX_GUEST_LOG_BYTES, "{held} bytes of chat kept");
    assert!(guest.log_truncated());
    assert_eq!(
        guest.log().last().map(|e| e.n),
        Some(4_000),
        "the newest are kept"
    );
}

fn answered_syncs(outs: &[Outgoing], peer: PeerId) -> usize {
    to(outs, peer)
        .iter()
        .filter(|m| matches!(m, ToGuest::Update(u) if u.reset))
        .count()
}

#[test]
fn sync_is_limited_to_what_a_confused_guest_needs() {
    let mut host = new_host();
    host.handle(PeerId(1), &hello("Bob", None), T);
    let sync = encode(&ToHost::Sync { from: None });
    let mut answered = 0;
    for i in 0..3 {
        answered += answered_syncs(&host.handle(PeerId(1), &sync, T + i), PeerId(1));
    }
    assert_eq!(answered, 2, "two at once");
    // One every three seconds for a minute: about one every 30 s is answered.
    let mut answered = 0;
    for i in 1..=20 {
        let outs = host.handle(PeerId(1), &sync, T + 3_000 * i);
        answered += answered_syncs(&outs, PeerId(1));
    }
    assert!(
        (1..=2).contains(&answered),
        "{answered} answered in a minute"
    );
}

#[test]
fn a_long_tables_whole_state_stays_small() {
    let mut host = new_host();
    host.handle(PeerId(1), &hello("Bob", None), T);
    // Hours of the longest chat lines: the host keeps 4,000 entries.
    let line = encode(&ToHost::Chat {
        text: "\u{1D11E}".repeat(280),
    });
    for i in 0..4_000u64 {
        host.handle(PeerId::LOCAL, &line, T + 2_000 * i);
    }
    let now = T + 2_000 * 4_000;
    let outs = host.handle(PeerId(1), &encode(&ToHost::Sync { from: None }), now);
    let size: usize = outs
        .iter()
        .map(|o| match o {
            Outgoing::Send { to, text } if *to == PeerId(1) => text.len(),
            _ => 0,
        })
        .sum();
    assert!(
        size <= RESET_LOG_BYTES + 8 * 1024,
        "a whole-state update of {size} bytes"
    );
    let reset = to(&outs, PeerId(1)).into_iter().find_map(|m| match m {
        ToGuest::Update(u) if u.reset => Some(u),
        _ => None,
    });
    assert!(reset.is_some_and(|u| u.log_truncated && !u.log.is_empty()));
}

#[test]
fn the_host_refuses_names_that_lie_and_flattens_every_line_break_in_chat() {
    let mut host = new_host();
    let p = PeerId(1);
    for name in [
        "You",
        "your turn",
        "Bot 2",
        "Seat 3",
        "\u{3164}",
        "\u{FFA0}",
        "\u{115F}",
        "\u{2800}",
        "\u{034F}",
        "\u{E0041}\u{E0042}",
        "\u{FE0F}",
        "\u{180B}",
        "\u{17B4}",
        "\u{1D173}",
    ] {
        let outs = host.handle(p, &hello(name, None), T);
        assert!(
            matches!(refusal(&outs, p), Some(Refusal::Name(_))),
            "{name:?} was accepted"
        );
    }
    let outs = host.handle(p, &hello("Bob", None), T);
    welcome(&outs, p);
    let outs = host.handle(
        p,
        &encode(&ToHost::Chat {
            text: "I pass\u{2028}Hostess: I have the Duke\u{2029}".into(),
        }),
        T,
    );
    let line = to(&outs, p).into_iter().find_map(|m| match m {
        ToGuest::Update(u) => u.log.into_iter().find_map(|e| match e.item {
            LogItem::Chat { line } => Some(line.text),
            _ => None,
        }),
        _ => None,
    });
    assert_eq!(line.as_deref(), Some("I pass Hostess: I have the Duke"));
}

/// One step of [`clock_ms`], in milliseconds.
const TICK: f64 = 0.05;

thread_local! {
    /// Reads of [`clock_ms`] on this thread so far.
    static READS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A monotonic clock in milliseconds, as the page's `performance.now()`, that moves one
/// [`TICK`] at every read and at no other time. What a decision takes by it is what the
/// host and its bot did with the clock, never how busy the machine was; the host reads it
/// on the test's own thread, so tests running beside this one do not move it.
fn clock_ms() -> f64 {
    READS.with(|r| {
        let n = r.get();
        r.set(n + 1);
        n as f64 * TICK
    })
}

/// How long the host takes over a Hard bot's block when the bot holds the card (its
/// answer can be sure at once: the Contessa on its last card) and when it bluffs. With a
/// bot clock every decision takes the whole budget by that clock, whatever the bot held:
/// the host waits out what the search left, so a sure answer comes no sooner than a
/// searched bluff. The clock moves only when read, so the check is exact and no load on
/// the machine can move it.
#[test]
fn a_bots_thinking_time_does_not_tell_its_hand() {
    use shared::bots::knowledge::Knowledge;
    use shared::engine::Event;
    // A budget of a hundred reads: room for a short search.
    const MILLIS: f64 = 5.0;
    // Besides the budget: the host's look at whether the clock reads a number, the
    // test's own second read, the read that finds the budget spent, and one more when
    // the search's last look at the clock already fell past it.
    const AROUND: f64 = 4.0 * TICK;
    let (mut truthful, mut bluffs, mut all) = (Vec::new(), Vec::new(), Vec::new());
    for game in 0..60u64 {
        if truthful.len() >= 10 && bluffs.len() >= 6 {
            break;
        }
        let mut host = Host::new(game, "Hostess", T).expect("valid").0;
        host.set_bot_clock(Some(clock_ms), MILLIS);
        admin(&mut host, AdminCmd::SetSeatCount { count: 4 });
        admin(
            &mut host,
            AdminCmd::SetDefaultBot {
                level: BotLevel::Hard,
            },
        );
        hard_in_my_seat_and_start(&mut host);
        let mut now = T;
        for _ in 0..5_000 {
            if host.phase() != Phase::Playing {
                break;
            }
            now = host.next_deadline().expect("a bot is due").max(now);
            let before = host.game().cloned().expect("a game");
            let step = host.step();
            let t0 = clock_ms();
            host.tick(now);
            let took = clock_ms() - t0;
            if host.step() != step + 1 {
                continue;
            }
            all.push(took);
            let after = host.game().expect("a game");
            // The block just declared, if this decision was one.
            let seen = before.view(Seat(0)).events.len();
            let block = after.view(Seat(0)).events[seen..]
                .iter()
                .find_map(|e| match e {
                    Event::EarlyBlock { seat, card } | Event::BlockDeclared { seat, card } => {
                        Some((*seat, *card))
                    }
                    _ => None,
                });
            if let Some((seat, card)) = block {
                let holds = Knowledge::from_view(&before.view(seat)).is_some_and(|t| t.holds(card));
                if holds { &mut truthful } else { &mut bluffs }.push(took);
            }
        }
    }
    assert!(
        truthful.len() >= 6 && bluffs.len() >= 6,
        "blocks seen: {} truthful, {} bluffs",
        truthful.len(),
        bluffs.len()
    );
    eprintln!(
        "{} decisions; blocks: {} truthful ({:.2}..{:.2} ms), {} bluffs ({:.2}..{:.2} ms)",
        all.len(),
        truthful.len(),
        min(&truthful),
        max(&truthful),
        bluffs.len(),
        min(&bluffs),
        max(&bluffs),
    );
    // Never sooner than the budget, and never later than the read that passes it.
    for (kind, took) in [("truthful", &truthful), ("bluff", &bluffs), ("any", &all)] {
        assert!(
            min(took) >= MILLIS - 1e-6 && max(took) <= MILLIS + AROUND + 1e-6,
            "a {kind} decision took {:.2}..{:.2} ms of a {MILLIS} ms budget",
            min(took),
            max(took)
        );
    }
}

fn min(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

fn max(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

#[test]
fn a_locked_table_takes_back_its_members_but_no_newcomer() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, token) = welcome(&outs, PeerId(1));
    admin(&mut host, AdminCmd::Lock { locked: true });
    assert!(host.table().locked);
    host.disconnect(PeerId(1), T + 1);
    // A newcomer (or Bob without his token) is turned away.
    let outs = host.handle(PeerId(2), &hello("Eve", None), T + 2);
    assert_eq!(fatal(&outs, PeerId(2)), Some(Fatal::Locked));
    assert!(outs.contains(&Outgoing::Close { peer: PeerId(2) }));
    assert_eq!(host.table().watchers.len(), 0);
    // Bob with his token comes back to his seat.
    let outs = host.handle(PeerId(3), &hello("Bob", Some(&token)), T + 3);
    assert_eq!(welcome(&outs, PeerId(3)).0, bob);
    // Opened again, newcomers join.
    admin(&mut host, AdminCmd::Lock { locked: false });
    let outs = host.handle(PeerId(4), &hello("Eve", None), T + 4);
    welcome(&outs, PeerId(4));
}

#[test]
fn a_kick_asks_the_relay_to_keep_the_link_out_before_closing_it() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, _) = welcome(&outs, PeerId(1));
    let outs = admin(&mut host, AdminCmd::Kick { member: bob });
    let ban = outs
        .iter()
        .position(|o| *o == Outgoing::Ban { peer: PeerId(1) });
    let close = outs
        .iter()
        .position(|o| *o == Outgoing::Close { peer: PeerId(1) });
    assert!(ban.is_some() && ban < close, "{outs:?}");
}

#[test]
fn a_person_kicked_while_away_is_banned_through_their_last_link() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, _) = welcome(&outs, PeerId(1));
    host.disconnect(PeerId(1), T + 1);
    let outs = admin(&mut host, AdminCmd::Kick { member: bob });
    // The relay remembers the address of the link that left; nothing is sent on it.
    assert!(
        outs.contains(&Outgoing::Ban { peer: PeerId(1) }),
        "{outs:?}"
    );
    assert!(
        !outs.iter().any(|o| matches!(
            o,
            Outgoing::Send { to: PeerId(1), .. } | Outgoing::Close { .. }
        )),
        "{outs:?}"
    );
    // Their last link, not an older one.
    let outs = host.handle(PeerId(2), &hello("Cy", None), T + 2);
    let (cy, _, token) = welcome(&outs, PeerId(2));
    host.disconnect(PeerId(2), T + 3);
    host.handle(PeerId(3), &hello("Cy", Some(&token)), T + 4);
    host.disconnect(PeerId(3), T + 5);
    let outs = admin(&mut host, AdminCmd::Kick { member: cy });
    let bans: Vec<_> = outs
        .iter()
        .filter(|o| matches!(o, Outgoing::Ban { .. }))
        .collect();
    assert_eq!(bans, [&Outgoing::Ban { peer: PeerId(3) }]);
}

#[test]
fn a_kicked_token_back_on_another_link_gets_that_link_banned_too() {
    let mut host = new_host();
    let outs = host.handle(PeerId(1), &hello("Bob", None), T);
    let (bob, _, token) = welcome(&outs, PeerId(1));
    admin(&mut host, AdminCmd::Kick { member: bob });
    let outs = host.handle(PeerId(2), &hello("Bob", Some(&token)), T + 1);
    assert_eq!(fatal(&outs, PeerId(2)), Some(Fatal::Kicked));
    let ban = outs
        .iter()
        .position(|o| *o == Outgoing::Ban { peer: PeerId(2) });
    let close = outs
        .iter()
        .position(|o| *o == Outgoing::Close { peer: PeerId(2) });
    assert!(ban.is_some() && ban < close, "{outs:?}");
}

#[test]
fn a_guest_stored_before_byte_counting_still_trims_without_panicking() {
    let mut guest = welcomed_guest();
    for n in 1..=4_000u64 {
        guest
            .receive(&chat_update(n, "Host", "hello there"), n)
            .expect("plausible");
    }
    // As an older build stored it: no byte count.
    let mut stored: serde_json::Value = serde_json::to_value(&guest).expect("serializes");
    stored.as_object_mut().expect("object").remove("log_bytes");
    let mut guest: Guest = serde_json::from_value(stored).expect("deserializes");
    // A shorter entry than the one it pushes out.
    guest
        .receive(&chat_update(4_001, "Host", "hi"), 4_001)
        .expect("plausible");
    assert_eq!(guest.log().len(), 4_000);
    assert_eq!(guest.log().last().map(|e| e.n), Some(4_001));
}

/// Puts a Hard bot in the host's own seat (so every seat is a bot's) and starts the game.
fn hard_in_my_seat_and_start(host: &mut Host) {
    let hard = SeatSetting::Bot {
        level: BotLevel::Hard,
    };
    admin(
        host,
        AdminCmd::SetSeat {
            seat: Seat(0),
            to: hard,
        },
    );
    admin(host, AdminCmd::Start { first: None });
}

#[test]
fn a_broken_bot_clock_cannot_hang_the_host() {
    fn nan() -> f64 {
        f64::NAN
    }
    let mut host = Host::new(7, "Hostess", T).expect("valid").0;
    host.set_bot_clock(Some(nan), f64::NAN);
    hard_in_my_seat_and_start(&mut host);
    let mut now = T;
    for _ in 0..20 {
        if host.phase() != Phase::Playing {
            break;
        }
        now = host.next_deadline().expect("a bot is due").max(now);
        let step = host.step();
        host.tick(now);
        assert!(host.step() > step, "a decision was made");
    }
}

#[test]
fn a_table_seeded_from_256_bits_draws_its_tokens_from_them() {
    let token = |seed: [u8; 32]| {
        let (mut host, _) = Host::with_seed_bytes(seed, "Hostess", T).expect("valid");
        let outs = host.handle(PeerId(1), &hello("Bob", None), T);
        welcome(&outs, PeerId(1)).2
    };
    let mut a = [7u8; 32];
    assert_eq!(token(a), token(a), "a function of the seed");
    // Every byte of the seed matters, the last ones too (a u64 seed would ignore them).
    a[31] ^= 1;
    assert_ne!(token(a), token([7u8; 32]));
    assert_eq!(token(a).len(), 32, "128 bits as hex");
}

/// Plays the local member's seat (the first legal input) and the bots until the game is
/// over, feeding every text for the local member to `guest`; returns each update sent.
fn play_out(host: &mut Host, guest: &mut Guest, first: Vec<Outgoing>) -> Vec<Update> {
    let mut updates = Vec::new();
    let mut now = T;
    let mut outs = first;
    for _ in 0..20_000 {
        for m in to(&outs, PeerId::LOCAL) {
            guest
                .receive(&encode(&m), now)
                .expect("an honest host's texts are accepted");
            if let ToGuest::Update(u) = m {
                updates.push(*u);
            }
        }
        if matches!(host.phase(), Phase::Finished { .. }) {
            return updates;
        }
        let mine = guest
            .game()
            .and_then(|g| Some((g.legal.first().copied()?, g)));
        outs = match mine {
            Some((input, g)) => host.handle(
                PeerId::LOCAL,
                &intent(g.game_no, g.seat.expect("seated").0, g.step, input),
                now,
            ),
            None => {
                now = host.next_deadline().unwrap_or(now + 1_000).max(now + 1);
                host.tick(now)
            }
        };
    }
    panic!("the game did not end");
}

#[test]
fn a_guest_takes_the_end_revealed_only_as_it_was() {
    // R11.3: nothing of the reveal before the end; at the end, every hand and each
    // claim's truth, which the guest checks against what it saw.
    let (mut host, first) = Host::new(7, "Ada", T).expect("valid");
    let mut guest = Guest::new("Ada", None, false);
    admin(&mut host, AdminCmd::SetSeatCount { count: 4 });
    let start = admin(&mut host, AdminCmd::Start { first: None });
    let mut outs = first;
    outs.extend(start);
    let updates = play_out(&mut host, &mut guest, outs);
    let games: Vec<&GameInfo> = updates.iter().filter_map(|u| u.game.as_ref()).collect();
    let (last, before) = games.split_last().expect("game updates");
    assert!(
        before.iter().all(|g| g.reveal.is_none()),
        "no reveal before the end"
    );
    let reveal = last.reveal.clone().expect("the end is revealed");
    assert_eq!(reveal.hands.len(), 4);
    assert_eq!(reveal.claims.len(), last.view.claims.len());
    assert_eq!(
        guest.game().and_then(|g| g.reveal.clone()),
        Some(reveal.clone())
    );

    // A reveal that does not fit is refused, and the guest keeps what it had.
    let send = |guest: &mut Guest, game: GameInfo| {
        let u = Update {
            reset: false,
            host_now: T,
            table: None,
            game: Some(game),
            log: Vec::new(),
            log_truncated: false,
            more: false,
        };
        guest.receive(&encode(&ToGuest::Update(Box::new(u))), T)
    };
    let mut early = (*before
        .iter()
        .rev()
        .find(|g| !matches!(g.view.pending, Pending::GameOver { .. }))
        .expect("a mid-game update"))
    .clone();
    early.reveal = Some(reveal.clone());
    assert!(matches!(
        send(&mut guest, early),
        Err(GuestError::Reveal(_))
    ));
    let mut short = (*last).clone();
    short.reveal.as_mut().unwrap().hands.pop();
    assert!(matches!(
        send(&mut guest, short),
        Err(GuestError::Reveal(_))
    ));
    let mut extra = (*last).clone();
    extra.reveal.as_mut().unwrap().claims.push(Some(true));
    assert!(matches!(
        send(&mut guest, extra),
        Err(GuestError::Reveal(_))
    ));
    // Our own cards, which we saw, told otherwise.
    let mut lie = (*last).clone();
    let ours = lie.view.players[0].hand.cards[0].expect("we see our own card");
    let other = Card::ALL.into_iter().find(|c| *c != ours).unwrap();
    lie.reveal.as_mut().unwrap().hands[0][0] = other;
    assert!(matches!(send(&mut guest, lie), Err(GuestError::Reveal(_))));
    assert_eq!(guest.game().and_then(|g| g.reveal.clone()), Some(reveal));
}

/// One part of a whole state in parts: `first` starts it (a reset), `more` says a part
/// follows; the entries are chat lines numbered `ns`.
fn part(first: bool, more: bool, ns: std::ops::Range<u64>) -> String {
    let log = ns
        .map(|n| chat_entry(n, "Host", &format!("line {n}")))
        .collect();
    encode(&ToGuest::Update(Box::new(Update {
        reset: first,
        host_now: 1,
        table: None,
        game: None,
        log,
        log_truncated: false,
        more,
    })))
}

#[test]
fn a_whole_state_in_parts_is_taken_as_one_and_parts_out_of_turn_are_refused() {
    // Parts: nothing is taken until the last, then all of it at once, in order.
    let mut guest = welcomed_guest();
    assert!(guest.receive(&chat_update(1, "Host", "old"), 1).is_ok());
    assert_eq!(guest.receive(&part(true, true, 2..5), 2), Ok(Vec::new()));
    assert_eq!(guest.log().len(), 1, "nothing taken before the last part");
    assert_eq!(guest.receive(&part(false, true, 5..8), 2), Ok(Vec::new()));
    let events = guest
        .receive(&part(false, false, 8..10), 2)
        .expect("the whole");
    assert!(matches!(
        events.first(),
        Some(shared::session::GuestEvent::Reset)
    ));
    let ns: Vec<u64> = guest.log().iter().map(|e| e.n).collect();
    assert_eq!(ns, (2..10).collect::<Vec<_>>());

    // A later part with no first one, and parts out of order, are refused; the guest
    // keeps what it had.
    let mut guest = welcomed_guest();
    assert!(guest.receive(&chat_update(1, "Host", "kept"), 1).is_ok());
    assert!(matches!(
        guest.receive(&part(false, true, 2..4), 2),
        Err(GuestError::Parts(_))
    ));
    assert!(guest.receive(&part(true, true, 10..12), 2).is_ok());
    assert!(matches!(
        guest.receive(&part(false, false, 5..6), 2),
        Err(GuestError::LogOrder { .. })
    ));
    assert_eq!(guest.log().len(), 1);

    // A new whole state drops the parts gathered before it; a lost link drops them too.
    let mut guest = welcomed_guest();
    assert!(guest.receive(&part(true, true, 2..4), 2).is_ok());
    assert!(guest.receive(&part(true, false, 20..22), 2).is_ok());
    let ns: Vec<u64> = guest.log().iter().map(|e| e.n).collect();
    assert_eq!(ns, vec![20, 21]);
    assert!(guest.receive(&part(true, true, 30..32), 2).is_ok());
    guest.link_lost();
    let welcome = encode(&ToGuest::Welcome {
        member: MemberId(1),
        name: "Ada".into(),
        token: "t".into(),
        table_id: shared::session::protocol::TableId([7; 32]),
    });
    guest.receive(&welcome, 3).expect("welcome again");
    assert!(guest.receive(&part(false, false, 32..33), 3).is_ok());
    let ns: Vec<u64> = guest.log().iter().map(|e| e.n).collect();
    assert_eq!(
        ns,
        vec![20, 21, 32],
        "the parts before the link was lost are gone"
    );

    // Parts larger than a guest keeps are refused.
    let mut guest = welcomed_guest();
    let big = "a".repeat(250);
    let mut n = 1;
    let mut first = true;
    let refused = loop {
        let log = (n..n + 600).map(|n| chat_entry(n, "Host", &big)).collect();
        n += 600;
        let text = encode(&ToGuest::Update(Box::new(Update {
            reset: first,
            host_now: 1,
            table: None,
            game: None,
            log,
            log_truncated: false,
            more: true,
        })));
        first = false;
        match guest.receive(&text, 2) {
            Ok(_) => assert!(n < 20_000, "parts are gathered without end"),
            Err(e) => break e,
        }
    };
    assert!(matches!(refused, GuestError::Parts(_)), "{refused:?}");
}
