//! Reactions to chat lines (R10.1): a fixed set, toggling, one of each kind per member per
//! line, limited in rate, sent through the host to everyone as the chat is.

use shared::session::chat::{ChatError, RateLimit, Reaction};
use shared::session::protocol::{
    LogEntry, LogItem, MemberId, PROTOCOL_VERSION, Refusal, ToGuest, ToHost, WireError, encode,
};
use shared::session::{Guest, GuestError, Host, Outgoing, PeerId};

mod common;
use common::*;

const BOB: PeerId = PeerId(1);

/// A host, its own player's guest and Bob's, each given what the host sent it.
struct Table {
    host: Host,
    me: Guest,
    bob: Guest,
}

impl Table {
    fn new() -> Table {
        let (host, outs) = Host::new(42, "Hostess", T).expect("valid");
        let mut t = Table {
            host,
            me: Guest::new("Hostess", None, false),
            bob: Guest::new("Bob", None, false),
        };
        t.deliver(&outs);
        let hello = t.bob.hello();
        t.send(BOB, &hello, T);
        t
    }

    fn deliver(&mut self, outs: &[Outgoing]) {
        for o in outs {
            if let Outgoing::Send { to, text } = o {
                let guest = if *to == PeerId::LOCAL {
                    &mut self.me
                } else {
                    &mut self.bob
                };
                guest.receive(text, T).expect("an honest host's message");
            }
        }
    }

    fn send(&mut self, from: PeerId, text: &str, now: u64) -> Vec<Outgoing> {
        let outs = self.host.handle(from, text, now);
        self.deliver(&outs);
        outs
    }

    /// The log entry of the newest chat line, as Bob holds it.
    fn last_line(&self) -> u64 {
        self.bob
            .log()
            .iter()
            .rev()
            .find(|e| matches!(e.item, LogItem::Chat { .. }))
            .expect("a chat line")
            .n
    }
}

fn react(line: u64, reaction: Reaction) -> String {
    encode(&ToHost::React { line, reaction })
}

#[test]
fn reactions_toggle_and_everyone_sees_the_same_counts() {
    let mut t = Table::new();
    let said = t.me.chat("who has the duke?").expect("a line");
    t.send(PeerId::LOCAL, &said, T);
    let line = t.last_line();
    let bob = t.bob.member().expect("joined");
    let me = t.me.member().expect("joined");
    t.send(BOB, &t.bob.react(line, Reaction::Laugh), T + 1);
    t.send(PeerId::LOCAL, &t.me.react(line, Reaction::Laugh), T + 2);
    t.send(PeerId::LOCAL, &t.me.react(line, Reaction::Fire), T + 3);
    for g in [&t.me, &t.bob] {
        let tally = g.reactions();
        assert_eq!(
            tally.counts(line),
            vec![(Reaction::Laugh, 2), (Reaction::Fire, 1)]
        );
        assert!(tally.has(line, me, Reaction::Fire) && !tally.has(line, bob, Reaction::Fire));
    }
    // The same reaction again takes it back; once more gives it again.
    t.send(BOB, &t.bob.react(line, Reaction::Laugh), T + 4);
    assert_eq!(
        t.me.reactions().counts(line),
        vec![(Reaction::Laugh, 1), (Reaction::Fire, 1)]
    );
    t.send(BOB, &t.bob.react(line, Reaction::Laugh), T + 5);
    assert_eq!(t.bob.reactions().counts(line)[0], (Reaction::Laugh, 2));
    // The host stamps who reacted: the message names nobody.
    let stamped: Vec<_> = t
        .bob
        .log()
        .iter()
        .filter_map(|e| match e.item {
            LogItem::React { from, on, .. } => Some((from, on)),
            _ => None,
        })
        .collect();
    assert_eq!(
        stamped,
        vec![
            (bob, true),
            (me, true),
            (me, true),
            (bob, false),
            (bob, true)
        ]
    );
}

#[test]
fn a_member_holds_each_reaction_once_per_line_however_often_they_tap() {
    let mut t = Table::new();
    let said = t.me.chat("bluff!").expect("a line");
    t.send(PeerId::LOCAL, &said, T);
    let line = t.last_line();
    // Every reaction, each tapped an odd number of times, spread over time so the rate
    // limit lets them all through.
    let mut now = T;
    for (i, r) in Reaction::ALL.into_iter().enumerate() {
        for _ in 0..(2 * i + 1) {
            now += 1_000;
            let outs = t.send(BOB, &t.bob.react(line, r), now);
            assert_eq!(refusal(&outs, BOB), None);
        }
    }
    let counts = t.me.reactions().counts(line);
    assert_eq!(
        counts,
        Reaction::ALL
            .into_iter()
            .map(|r| (r, 1))
            .collect::<Vec<_>>(),
        "one of each kind from the one member who reacted"
    );
}

#[test]
fn a_reaction_to_no_chat_line_or_of_no_known_kind_is_refused() {
    let mut t = Table::new();
    let said = t.me.chat("hello").expect("a line");
    t.send(PeerId::LOCAL, &said, T);
    let line = t.last_line();
    let before = t.bob.log().len();
    // Bob's join note is a log entry, but no chat line; past the log's end is nothing.
    let joined = t
        .bob
        .log()
        .iter()
        .find(|e| matches!(e.item, LogItem::Note { .. }))
        .expect("a note")
        .n;
    for bad in [joined, line + 1, u64::MAX] {
        let outs = t.send(BOB, &react(bad, Reaction::Like), T + 1);
        assert_eq!(
            refusal(&outs, BOB),
            Some(Refusal::Chat(ChatError::NoSuchLine)),
            "line {bad}"
        );
    }
    // A reaction outside the fixed set is not a message at all.
    for kind in ["poop", "\u{1F44D}", "Like", ""] {
        let text = format!(
            r#"{{"v":{PROTOCOL_VERSION},"msg":{{"type":"react","line":{line},"reaction":"{kind}"}}}}"#
        );
        let outs = t.send(BOB, &text, T + 2);
        assert!(
            matches!(
                refusal(&outs, BOB),
                Some(Refusal::Wire(WireError::Malformed { .. }))
            ),
            "{kind:?}"
        );
    }
    // Nothing reached the log.
    assert_eq!(t.bob.log().len(), before);
    assert_eq!(t.me.reactions().counts(line), vec![]);
}

#[test]
fn toggling_floods_are_rate_limited_per_member() {
    let mut t = Table::new();
    let said = t.me.chat("hello").expect("a line");
    t.send(PeerId::LOCAL, &said, T);
    let line = t.last_line();
    let burst = RateLimit::REACT.burst as usize;
    let refused = (0..burst + 10)
        .filter(|_| {
            let outs = t.send(BOB, &react(line, Reaction::Wow), T + 1);
            refusal(&outs, BOB) == Some(Refusal::Chat(ChatError::RateLimited))
        })
        .count();
    assert_eq!(refused, 10, "a burst of {burst}, then nothing");
    let reacts = |g: &Guest| {
        g.log()
            .iter()
            .filter(|e| matches!(e.item, LogItem::React { .. }))
            .count()
    };
    assert_eq!(reacts(&t.me), burst);
    // Another member's reactions are their own to limit.
    let outs = t.send(PeerId::LOCAL, &react(line, Reaction::Wow), T + 1);
    assert_eq!(refusal(&outs, PeerId::LOCAL), None);
    // Time brings one more back.
    let outs = t.send(
        BOB,
        &react(line, Reaction::Wow),
        T + 1 + RateLimit::REACT.refill_ms,
    );
    assert_eq!(refusal(&outs, BOB), None);
    assert_eq!(reacts(&t.bob), burst + 2);
}

#[test]
fn a_guest_refuses_a_reaction_to_a_line_not_yet_said() {
    let mut t = Table::new();
    let said = t.me.chat("hello").expect("a line");
    let outs = t.host.handle(PeerId::LOCAL, &said, T);
    // The host's update to Bob, with a reaction added that names a later entry.
    let mut bent = None;
    for m in to(&outs, BOB) {
        if let ToGuest::Update(mut u) = m {
            let n = u.log.last().expect("the line").n;
            u.log.push(LogEntry {
                n: n + 1,
                item: LogItem::React {
                    line: n + 1,
                    from: MemberId(0),
                    reaction: Reaction::Like,
                    on: true,
                },
            });
            bent = Some(encode(&ToGuest::Update(u)));
        }
    }
    let bent = bent.expect("an update for Bob");
    assert!(matches!(
        t.bob.receive(&bent, T),
        Err(GuestError::Implausible { .. })
    ));
    assert_eq!(t.bob.reactions().counts(0), vec![]);
}
