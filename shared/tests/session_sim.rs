//! Whole tables over a simulated network.
//!
//! The network is in-process and deterministic from a seed: each link delivers in order
//! (data channels are reliable and ordered) after a random delay, links drop and come back
//! with a new peer id, and the host's clock is the simulation's. Every message the host
//! sends to a guest is checked against the engine at the moment it is sent: the view is
//! exactly `game.view(seat)` (or the spectator view), the legal inputs are the engine's,
//! no log event shows more than `Event::for_viewer` allows, and no other seat's hidden card
//! appears (R11.2). Apart from the engine's redaction, the text itself is scanned: it
//! names no card another seat holds face down unless the recipient has had a way to know
//! of it, by the true state and the rules (R11.2).

use std::collections::{BTreeMap, BTreeSet};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::engine::{Card, Event, Game, Input, Options, Outcome, Pending, Seat};
use shared::session::protocol::{
    AdminCmd, DecisionKind, Fatal, LogItem, MAX_TO_GUEST_BYTES, MAX_TO_HOST_BYTES, MemberId, Note,
    PROTOCOL_VERSION, Phase, Refusal, SeatInfo, Timers, ToGuest, ToHost, decode, encode,
};
use shared::session::{Guest, GuestEvent, Host, Outgoing, PeerId};

const T0: u64 = 1_700_000_000_000;

/// What a simulated person does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Plays random legal inputs after a human-like pause; sometimes too slow.
    Honest,
    /// Never answers: every decision runs out.
    Silent,
    /// Sends random, forged and replayed messages.
    Hostile,
}

struct Person {
    guest: Guest,
    role: Role,
    peer: PeerId,
    online: bool,
    /// The host closed our link (kicked, replaced).
    closed: bool,
    /// Identifies the latest planned action; older plans are void.
    plan: u64,
    last_legal: Vec<Input>,
    /// Drop the link when a window opens for us, with this probability.
    drop_in_window: f64,
    /// Returns with a reset that held a pending window answer.
    returned_mid_window: u32,
    /// Every text we sent (replayed by the hostile guest).
    sent: Vec<String>,
    refusals: Vec<Refusal>,
}

#[derive(Debug)]
enum Item {
    ToHost {
        who: usize,
        peer: PeerId,
        text: String,
    },
    ToGuest {
        who: usize,
        peer: PeerId,
        text: String,
    },
    Act {
        who: usize,
        plan: u64,
    },
    Return {
        who: usize,
    },
    Hostile {
        who: usize,
    },
}

struct Sim {
    rng: ChaCha8Rng,
    now: u64,
    seq: u64,
    host: Host,
    people: Vec<Person>,
    queue: BTreeMap<(u64, u64), Item>,
    /// The last delivery time per (person, towards host): links are FIFO.
    link_last: BTreeMap<(usize, bool), u64>,
    next_peer: u64,
    /// Peer → member, learnt from the host's welcomes.
    members: BTreeMap<PeerId, MemberId>,
    checked: u64,
    /// The cards each seat (and, under `None`, everyone) has had a way to know of, by
    /// game: what the independent text scan allows a message to name.
    known: BTreeMap<(u32, Option<Seat>), BTreeSet<Card>>,
    /// Game-over views checked for their reveal, and the truths they told: false, true.
    reveals: u64,
    claim_truths: [u64; 2],
    /// The largest incremental update and the largest reset sent, in bytes, and the bytes
    /// of all messages sent.
    max_update: usize,
    max_reset: usize,
    bytes: u64,
    timers: Timers,
    /// Texts any honest guest sent, for the hostile guest to replay.
    captured: Vec<String>,
}

impl Sim {
    fn new(seed: u64, timers: Timers) -> Sim {
        let (host, outs) = Host::new(seed, "Host", T0).expect("valid name");
        let mut sim = Sim {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5eed),
            now: T0,
            seq: 0,
            host,
            people: Vec::new(),
            queue: BTreeMap::new(),
            link_last: BTreeMap::new(),
            next_peer: 1,
            members: BTreeMap::new(),
            checked: 0,
            known: BTreeMap::new(),
            reveals: 0,
            claim_truths: [0; 2],
            max_update: 0,
            max_reset: 0,
            bytes: 0,
            timers,
            captured: Vec::new(),
        };
        sim.people.push(Person::new(
            Guest::new("Host", None, false),
            Role::Honest,
            PeerId::LOCAL,
        ));
        sim.route(outs);
        sim.admin(AdminCmd::SetTimers { timers });
        sim
    }

    fn admin(&mut self, cmd: AdminCmd) {
        let text = self.people[0].guest.admin(cmd);
        let outs = self.host.handle(PeerId::LOCAL, &text, self.now);
        for o in &outs {
            if let Outgoing::Send {
                to: PeerId::LOCAL,
                text,
            } = o
                && let Ok(ToGuest::Refused { refusal }) =
                    decode::<ToGuest>(text, MAX_TO_GUEST_BYTES)
            {
                panic!("admin command refused: {refusal:?}");
            }
        }
        self.route(outs);
    }

    fn join(&mut self, name: &str, role: Role, watch: bool) -> usize {
        let peer = PeerId(self.next_peer);
        self.next_peer += 1;
        let who = self.people.len();
        self.people
            .push(Person::new(Guest::new(name, None, watch), role, peer));
        let outs = self.host.connect(peer, self.now);
        self.route(outs);
        let hello = self.people[who].guest.hello();
        self.post_to_host(who, hello);
        who
    }

    fn post_to_host(&mut self, who: usize, text: String) {
        let p = &mut self.people[who];
        if !p.online || p.closed {
            return;
        }
        let peer = p.peer;
        p.sent.push(text.clone());
        if p.role == Role::Honest && who != 0 {
            self.captured.push(text.clone());
        }
        let at = self.delivery_time(who, true);
        self.push(at, Item::ToHost { who, peer, text });
    }

    fn delivery_time(&mut self, who: usize, to_host: bool) -> u64 {
        let delay = if who == 0 {
            0
        } else {
            self.rng.random_range(5..120)
        };
        let last = self.link_last.get(&(who, to_host)).copied().unwrap_or(0);
        let at = (self.now + delay).max(last);
        self.link_last.insert((who, to_host), at);
        at
    }

    fn push(&mut self, at: u64, item: Item) {
        self.seq += 1;
        self.queue.insert((at, self.seq), item);
    }

    /// Sends the host's output on, checking every message as it leaves the host.
    fn route(&mut self, outs: Vec<Outgoing>) {
        for o in outs {
            match o {
                Outgoing::Send { to, text } => {
                    assert!(text.len() <= MAX_TO_GUEST_BYTES, "host message too large");
                    let Some(who) = self.people.iter().position(|p| p.peer == to && p.online)
                    else {
                        continue;
                    };
                    self.check_outgoing(to, &text);
                    let at = self.delivery_time(who, false);
                    self.push(
                        at,
                        Item::ToGuest {
                            who,
                            peer: to,
                            text,
                        },
                    );
                }
                Outgoing::Close { peer } => {
                    if let Some(p) = self.people.iter_mut().find(|p| p.peer == peer) {
                        p.closed = true;
                    }
                }
                // The simulated network has no relay: a kick's close follows. This table
                // keeps no recovery copy.
                Outgoing::Ban { .. } => {}
                Outgoing::Deposit { .. } => panic!("a table without handover deposits nothing"),
            }
        }
    }

    /// R11: what the host sends `peer` never shows more than its seat may know.
    fn check_outgoing(&mut self, peer: PeerId, text: &str) {
        self.checked += 1;
        let msg: ToGuest = decode(text, MAX_TO_GUEST_BYTES).expect("the host sends valid messages");
        let update = match msg {
            ToGuest::Welcome { member, .. } => {
                self.members.insert(peer, member);
                return;
            }
            ToGuest::Update(u) => u,
            _ => return,
        };
        self.bytes += text.len() as u64;
        if update.reset {
            self.max_reset = self.max_reset.max(text.len());
        } else {
            self.max_update = self.max_update.max(text.len());
        }
        let member = *self
            .members
            .get(&peer)
            .expect("an update only after a welcome");
        let table = self.host.table();
        let seat = table
            .seats
            .iter()
            .position(|s| matches!(s, SeatInfo::Person { member: m, .. } if m.id == member))
            .map(Seat::at);
        let game = self.host.game();
        if let Some(g) = &update.game {
            let game = game.expect("a game view only when there is a game");
            assert_eq!(g.seat, seat, "the view is for the recipient's own seat");
            let mut expected = match seat {
                Some(s) => game.view(s),
                None => game.spectator_view(),
            };
            expected.events.clear();
            assert_eq!(
                g.view, expected,
                "the view sent is the engine's view for that seat"
            );
            let mut legal = Vec::new();
            if let (Some(s), Phase::Playing) = (seat, self.host.phase()) {
                game.legal_inputs(s, &mut legal);
            }
            assert_eq!(g.legal, legal, "the legal inputs sent are the engine's");
            if let Err(leak) = scan_hidden(game, seat, &g.view) {
                panic!("R11.2: {leak}");
            }
            // R11.3: the end reveals every hand and each claim's truth, and nothing of it
            // travels before the end.
            let over = matches!(game.pending(), Pending::GameOver { .. });
            assert_eq!(
                g.reveal.is_some(),
                over,
                "a reveal exactly when the game is over"
            );
            if let Some(r) = &g.reveal {
                self.reveals += 1;
                let hands: Vec<[Card; 2]> = (0..self.host.table().seats.len())
                    .map(|i| game.player(Seat::at(i)).hand.cards)
                    .collect();
                assert_eq!(
                    r.hands, hands,
                    "the hands revealed are the hands at the end"
                );
                assert_eq!(
                    r.dealt.len(),
                    hands.len(),
                    "every hand as dealt is revealed"
                );
                assert_eq!(r.claims.len(), game.claims().len());
                for (c, truth) in game.claims().iter().zip(&r.claims) {
                    match c.outcome {
                        Outcome::Shown => assert_eq!(*truth, Some(true), "a proven claim was true"),
                        Outcome::Lost => {
                            assert_eq!(*truth, Some(false), "a caught claim was a bluff")
                        }
                        _ => assert!(truth.is_some(), "every claim's truth is known"),
                    }
                    self.claim_truths[usize::from(truth == &Some(true))] += 1;
                }
            }
        }
        for e in &update.log {
            if let LogItem::Event { game_no, event } = &e.item {
                let viewer = if *game_no == self.host.game_no() {
                    seat
                } else {
                    None
                };
                assert_eq!(
                    *event,
                    event.for_viewer(viewer),
                    "a log event shows more than R11 allows"
                );
            }
        }
        // R11.2, read from the text itself and the true state, not from the engine's own
        // redaction: a card the message names is one the recipient had a way to know of.
        if let Some(game) = game {
            let game_no = self.host.game_no();
            learn(&mut self.known, game_no, game);
            let known = &self.known[&(game_no, seat)];
            if let Err(leak) = scan_names(text, game_no, seat, game, known) {
                panic!("R11.2: {leak}");
            }
        }
    }

    fn run_until(&mut self, max_ms: u64, done: impl Fn(&Sim) -> bool) {
        let limit = self.now + max_ms;
        while !done(self) {
            let next_q = self.queue.first_key_value().map(|((at, _), _)| *at);
            let next_h = self.host.next_deadline();
            let t = match (next_q, next_h) {
                (Some(q), Some(h)) => q.min(h),
                (Some(q), None) => q,
                (None, Some(h)) => h,
                (None, None) => panic!("the table stalled: nothing pending at {}", self.now - T0),
            };
            self.now = self.now.max(t);
            assert!(self.now <= limit, "the table did not finish in time");
            if next_h.is_some_and(|h| h <= t) && next_q.is_none_or(|q| h_le(next_h, q)) {
                let outs = self.host.tick(self.now);
                self.route(outs);
                continue;
            }
            let Some((_, item)) = self.queue.pop_first() else {
                continue;
            };
            self.process(item);
        }
    }

    fn process(&mut self, item: Item) {
        match item {
            Item::ToHost { who, peer, text } => {
                if self.people[who].peer != peer {
                    return; // the link it was sent on is gone
                }
                let before = self.host.game().cloned();
                let step = self.host.step();
                let table = self.host.table();
                let outs = self.host.handle(peer, &text, self.now);
                // Its own first hello is a legitimate join; everything after is suspect.
                if self.people[who].role == Role::Hostile && self.members.contains_key(&peer) {
                    self.check_hostile_effect(who, &text, before.as_ref(), step, &table);
                }
                self.route(outs);
            }
            Item::ToGuest { who, peer, text } => {
                let p = &mut self.people[who];
                if p.peer != peer || !p.online {
                    return;
                }
                match p.guest.receive(&text, self.now) {
                    Ok(events) => self.after_receive(who, events),
                    // The hostile guest's link may be closed under it (a version mismatch
                    // it provoked); what was in flight then is refused by its guest.
                    Err(e) => assert_eq!(
                        p.role,
                        Role::Hostile,
                        "the guest refused the host's message: {e}"
                    ),
                }
            }
            Item::Act { who, plan } => self.act(who, plan),
            Item::Return { who } => self.reconnect(who),
            Item::Hostile { who } => self.hostile_send(who),
        }
    }

    fn after_receive(&mut self, who: usize, events: Vec<GuestEvent>) {
        let mut reset = false;
        for e in events {
            match e {
                GuestEvent::Reset => reset = true,
                GuestEvent::Refused(r) => {
                    let p = &self.people[who];
                    if p.role == Role::Honest {
                        // An honest guest acts on what it saw; the table may have moved on
                        // meanwhile. Nothing else may be refused.
                        let ok = matches!(&r, Refusal::Stale { .. } | Refusal::NoGame)
                            || matches!(&r, Refusal::Illegal { code, .. } if code == "already_answered" || code == "not_your_turn" || code == "wrong_decision" || code == "game_over");
                        assert!(ok, "an honest guest was refused: {r:?}");
                    }
                    self.people[who].refusals.push(r);
                }
                GuestEvent::Closed(f) => {
                    let p = &self.people[who];
                    assert!(
                        p.role != Role::Honest || f == Fatal::Replaced,
                        "an honest guest was closed: {f:?}"
                    );
                    if p.role == Role::Hostile {
                        // It comes back with its token on a new link, as a page would.
                        assert_eq!(
                            f,
                            Fatal::VersionMismatch {
                                host: PROTOCOL_VERSION,
                                yours: PROTOCOL_VERSION + 1
                            }
                        );
                        let token = p.guest.token().map(str::to_owned);
                        let p = &mut self.people[who];
                        p.guest = Guest::new("Mallory", token, false);
                        p.online = false;
                        self.push(self.now + 500, Item::Return { who });
                    } else {
                        self.people[who].closed = true;
                    }
                }
                _ => {}
            }
        }
        let p = &mut self.people[who];
        let legal = p.guest.game().map(|g| g.legal.clone()).unwrap_or_default();
        if reset && legal.contains(&Input::Pass) {
            p.returned_mid_window += 1;
        }
        if legal == p.last_legal {
            return;
        }
        p.last_legal.clone_from(&legal);
        if legal.is_empty() || p.role != Role::Honest {
            return;
        }
        p.plan += 1;
        let plan = p.plan;
        let drop =
            who != 0 && legal.contains(&Input::Pass) && self.rng.random_bool(p.drop_in_window);
        if drop {
            self.drop_link(who);
            let away = self.rng.random_range(200..self.timers.grace_ms * 2);
            self.push(self.now + away, Item::Return { who });
            return;
        }
        // Mostly prompt; now and then too slow, so timers run out.
        let think = if self.rng.random_bool(0.08) {
            self.rng
                .random_range(0..self.timers.turn_ms.unwrap_or(60_000) * 2)
        } else {
            self.rng.random_range(50..3_000)
        };
        self.push(self.now + think, Item::Act { who, plan });
    }

    fn act(&mut self, who: usize, plan: u64) {
        let p = &self.people[who];
        if p.plan != plan || !p.online || p.closed {
            return;
        }
        let Some(g) = p.guest.game() else { return };
        if g.legal.is_empty() {
            return;
        }
        let input = g.legal[self.rng.random_range(0..g.legal.len())];
        let text = p
            .guest
            .intent(input)
            .expect("a legal input makes an intent");
        self.post_to_host(who, text);
        if self.rng.random_bool(0.02) {
            let line = self.people[who]
                .guest
                .chat("well played?")
                .expect("valid chat");
            self.post_to_host(who, line);
        }
    }

    fn drop_link(&mut self, who: usize) {
        let p = &mut self.people[who];
        p.online = false;
        p.guest.link_lost();
        p.last_legal.clear();
        let peer = p.peer;
        let outs = self.host.disconnect(peer, self.now);
        self.route(outs);
    }

    fn reconnect(&mut self, who: usize) {
        let peer = PeerId(self.next_peer);
        self.next_peer += 1;
        let p = &mut self.people[who];
        if p.closed && p.role != Role::Hostile {
            return;
        }
        p.closed = false;
        p.peer = peer;
        p.online = true;
        self.link_last.remove(&(who, true));
        self.link_last.remove(&(who, false));
        let outs = self.host.connect(peer, self.now);
        self.route(outs);
        let hello = self.people[who].guest.hello();
        self.post_to_host(who, hello);
    }

    // ---------------------------------------------------------------------------------
    // The hostile guest.
    // ---------------------------------------------------------------------------------

    fn hostile_send(&mut self, who: usize) {
        if self.host.phase() != Phase::Playing {
            return;
        }
        if self.people[who].online && !self.people[who].closed {
            let text = self.hostile_text(who);
            self.post_to_host(who, text);
        }
        let gap = if self.rng.random_bool(0.1) {
            0
        } else {
            self.rng.random_range(1..1_500)
        };
        self.push(self.now + gap, Item::Hostile { who });
    }

    fn hostile_text(&mut self, who: usize) -> String {
        let n = self.host.game().map_or(2, Game::players) as u8;
        let step = self.host.step();
        let game_no = self.host.game_no();
        let rng = &mut self.rng;
        let seat = Seat(rng.random_range(0..n + 2));
        let input = random_input(rng, n);
        match rng.random_range(0..14) {
            0 => {
                let len = rng.random_range(0..200);
                (0..len)
                    .map(|_| char::from(rng.random_range(0x20u8..0x7f)))
                    .collect()
            }
            1 => "x".repeat(MAX_TO_HOST_BYTES + rng.random_range(1..10_000)),
            2 => format!(
                "{{\"v\":{},\"msg\":{{\"type\":\"chat\",\"text\":\"hi\"}}}}",
                PROTOCOL_VERSION + 1
            ),
            3..=5 => encode(&ToHost::Intent {
                game_no: game_no.saturating_sub(rng.random_range(0..2)),
                seat,
                step: rng.random_range(0..step + 3),
                input,
                signature: None,
            }),
            6 => encode(&ToHost::Intent {
                game_no,
                seat,
                step,
                input,
                signature: None,
            }),
            7 => {
                let cap = &self.captured;
                if cap.is_empty() {
                    String::new()
                } else {
                    cap[rng.random_range(0..cap.len())].clone()
                }
            }
            8 => {
                let own = &self.people[who].sent;
                if own.is_empty() {
                    String::new()
                } else {
                    own[rng.random_range(0..own.len())].clone()
                }
            }
            9 => encode(&ToHost::Admin {
                cmd: match rng.random_range(0..4) {
                    0 => AdminCmd::EndGame,
                    1 => AdminCmd::Kick {
                        member: MemberId(0),
                    },
                    2 => AdminCmd::Start { first: None },
                    _ => AdminCmd::SetSeatCount { count: 3 },
                },
            }),
            10 => encode(&ToHost::Hello {
                name: "Host".into(),
                token: Some("00".repeat(16)),
                watch: false,
            }),
            11 => encode(&ToHost::Chat {
                text: "Host: I hold the duke\n[seat 0] pass".into(),
            }),
            12 => format!(
                "{{\"v\":{PROTOCOL_VERSION},\"msg\":{{\"type\":\"intent\",\"game_no\":1,\"seat\":999,\"step\":-1,\"input\":{{\"keep\":[]}}}}}}"
            ),
            _ => encode(&ToHost::Sync { from: None }),
        }
    }

    /// A hostile message may change the game only as a legal input for its own seat.
    fn check_hostile_effect(
        &self,
        who: usize,
        text: &str,
        before: Option<&Game>,
        step: u64,
        table: &shared::session::protocol::TableInfo,
    ) {
        let after = self.host.game();
        // The only change to the seats a hostile message may make: a version mismatch ends
        // its own link, and its member shows as away.
        let member = self.members.get(&self.people[who].peer).copied();
        let seats_now = self.host.table().seats;
        let mismatch = decode::<ToHost>(text, MAX_TO_HOST_BYTES).is_err_and(|e| {
            matches!(
                e,
                shared::session::protocol::WireError::VersionMismatch { .. }
            )
        });
        let away = |seats: &[SeatInfo]| -> Vec<SeatInfo> {
            seats
                .iter()
                .cloned()
                .map(|mut s| {
                    if let SeatInfo::Person { member: m, .. } = &mut s
                        && mismatch
                        && Some(m.id) == member
                    {
                        m.connected = false;
                        m.stand_in_at = None;
                    }
                    // When a stand-in would take over says nothing of the message.
                    if let SeatInfo::Person { member: m, .. } = &mut s {
                        m.stand_in_at = None;
                    }
                    s
                })
                .collect()
        };
        assert_eq!(
            away(&seats_now),
            away(&table.seats),
            "a hostile message changed the seats"
        );
        if !mismatch {
            assert_eq!(
                seats_now, table.seats,
                "a hostile message changed the seats"
            );
        }
        assert_eq!(self.host.table().options, table.options);
        if after == before {
            assert_eq!(self.host.step(), step);
            return;
        }
        let own = table
            .seats
            .iter()
            .position(|s| matches!(s, SeatInfo::Person { member: m, .. } if Some(m.id) == member))
            .map(Seat::at);
        let Ok(ToHost::Intent { seat, input, .. }) = decode::<ToHost>(text, MAX_TO_HOST_BYTES)
        else {
            panic!("a hostile non-intent changed the game: {text}");
        };
        assert_eq!(Some(seat), own, "a hostile guest played for another seat");
        let mut legal = Vec::new();
        before.expect("a game").legal_inputs(seat, &mut legal);
        assert!(legal.contains(&input), "an illegal input was applied");
        assert_eq!(self.host.step(), step + 1);
    }
}

fn h_le(h: Option<u64>, q: u64) -> bool {
    h.is_some_and(|h| h <= q)
}

impl Person {
    fn new(guest: Guest, role: Role, peer: PeerId) -> Person {
        Person {
            guest,
            role,
            peer,
            online: true,
            closed: false,
            plan: 0,
            last_legal: Vec::new(),
            drop_in_window: 0.0,
            returned_mid_window: 0,
            sent: Vec::new(),
            refusals: Vec::new(),
        }
    }
}

/// R11.2: another seat's hidden card appears in a view only where the rules show it.
fn scan_hidden(
    game: &Game,
    viewer: Option<Seat>,
    view: &shared::engine::View,
) -> Result<(), String> {
    for (i, pv) in view.players.iter().enumerate() {
        let seat = Seat::at(i);
        if Some(seat) == viewer {
            continue;
        }
        let hand = game.player(seat).hand;
        for slot in 0..usize::from(hand.len) {
            if !hand.up[slot] && pv.hand.cards[slot].is_some() {
                return Err(format!("{viewer:?} sees {seat:?}'s hidden card"));
            }
        }
    }
    // The one hidden card a pending decision may show: Examine's, to the examiner and
    // the target only (R7.2, R11.2).
    if let Pending::ExamineDecide {
        seat,
        target,
        card: Some(_),
        ..
    } = view.pending
        && viewer != Some(seat)
        && viewer != Some(target)
    {
        return Err("an examined card leaked".into());
    }
    if let Pending::Exchange { seat, drawn, .. } = view.pending
        && viewer != Some(seat)
        && drawn != [None, None]
    {
        return Err("another seat's exchange draw leaked".into());
    }
    Ok(())
}

/// Adds what each seat, and everyone, may know of now to what they knew before in this
/// game, by the rules (R11): their own cards (hands change by exchanges and
/// replacements), face-up cards, the cards shown aloud, the cards they drew, returned or
/// picked, the card an Examine showed them, the drawn cards of their own exchange; every
/// hand once the game is over. A claim names a character, not a card: it tells nobody
/// where a card is, so it adds nothing here ([`strip_claims`] takes it out of the text).
fn learn(known: &mut BTreeMap<(u32, Option<Seat>), BTreeSet<Card>>, game_no: u32, game: &Game) {
    let n = game.players();
    let mut public = BTreeSet::new();
    for s in 0..n {
        let hand = game.player(Seat::at(s)).hand;
        for slot in 0..usize::from(hand.len) {
            if hand.up[slot] || matches!(game.pending(), Pending::GameOver { .. }) {
                public.insert(hand.cards[slot]);
            }
        }
    }
    // What the game's events told, by the rules: proofs, lost influence and a shown hand
    // aloud (R6, R8.4, R9.1); a draw, a pick or an exchange to its own seat, an Examine's
    // card to the two seats of it (R7.2, R11.2).
    let mut told: Vec<(Seat, Card)> = Vec::new();
    for event in game.log() {
        let mut cards = BTreeSet::new();
        collect_cards(
            &serde_json::to_value(event).expect("serializes"),
            &mut cards,
        );
        let to: Vec<Seat> = match *event {
            Event::Proved { .. } | Event::ShowedHand { .. } | Event::LostInfluence { .. } => {
                public.extend(&cards);
                continue;
            }
            Event::Shown { seat, examiner, .. } => vec![seat, examiner],
            Event::ForcedExchange { seat, target, .. } => vec![seat, target],
            Event::DraftPicked { seat, .. }
            | Event::DraftDealt { seat, .. }
            | Event::Drew { seat, .. }
            | Event::Exchanged { seat, .. } => vec![seat],
            _ => continue,
        };
        told.extend(to.iter().flat_map(|&s| cards.iter().map(move |&c| (s, c))));
    }
    known.entry((game_no, None)).or_default().extend(&public);
    for s in 0..n {
        let seat = Seat::at(s);
        let mut own = public.clone();
        own.extend(told.iter().filter(|t| t.0 == seat).map(|t| t.1));
        let hand = game.player(seat).hand;
        own.extend(&hand.cards[..usize::from(hand.len)]);
        match *game.pending() {
            Pending::Exchange { seat: x, drawn, .. } if x == seat => {
                own.extend(drawn.iter().flatten());
            }
            Pending::ExamineDecide {
                seat: x,
                target,
                card: Some(card),
                ..
            } if x == seat || target == seat => {
                own.insert(card);
            }
            Pending::Draft { picks, .. } => own.extend(picks.get(s).copied().flatten()),
            _ => {}
        }
        known.entry((game_no, Some(seat))).or_default().extend(own);
    }
}

/// Takes the claims out of a message's text, wherever it names them: the claim record
/// (R10.2), the turn's block and early block, the recipient's own sealed answer in an
/// open window (R5), and the events that state a claim (a block, an early block, a
/// challenge, a disproof, an answer). A claim names a character anyone may name; what
/// is left names a card only where it tells where a card is.
fn strip_claims(msg: &mut serde_json::Value) {
    let update = &mut msg["msg"];
    if let Some(view) = update
        .get_mut("game")
        .and_then(|g| g.get_mut("view"))
        .filter(|v| !v.is_null())
    {
        view["claims"] = serde_json::Value::Null;
        if let Some(turn) = view.get_mut("turn").filter(|t| !t.is_null()) {
            turn["block"] = serde_json::Value::Null;
            turn["early_block"] = serde_json::Value::Null;
        }
        if let Some(window) = view["pending"].get_mut("window") {
            window["answers"] = serde_json::Value::Null;
        }
    }
    for entry in update
        .get_mut("log")
        .and_then(|l| l.as_array_mut())
        .into_iter()
        .flatten()
    {
        let Some(event) = entry["item"].get_mut("event") else {
            continue;
        };
        let field = match event["type"].as_str() {
            Some("block_declared" | "early_block") => "card",
            Some("challenged" | "disproved") => "claim",
            Some("answered") => "answer",
            _ => continue,
        };
        event[field] = serde_json::Value::Null;
    }
}

/// The card names in a message's text a recipient may not know of: each card named (a
/// JSON string that is a card's lower-case name) that another seat holds face down and
/// that is not in `known`. The claims are left out ([`strip_claims`]), and so are the
/// legal inputs (a block names every character that may block, known or not) and log
/// events of other games (another deal).
fn scan_names(
    text: &str,
    game_no: u32,
    viewer: Option<Seat>,
    game: &Game,
    known: &BTreeSet<Card>,
) -> Result<(), String> {
    let mut msg: serde_json::Value = serde_json::from_str(text).expect("the host sends JSON");
    strip_claims(&mut msg);
    let update = &mut msg["msg"];
    if let Some(g) = update.get_mut("game").filter(|g| !g.is_null()) {
        g["legal"] = serde_json::Value::Null;
    }
    if let Some(log) = update.get_mut("log").and_then(|l| l.as_array_mut()) {
        log.retain(|e| {
            let no = &e["item"]["game_no"];
            no.is_null() || no.as_u64() == Some(u64::from(game_no))
        });
    }
    let mut named = BTreeSet::new();
    collect_cards(&msg, &mut named);
    for card in named.difference(known) {
        for s in 0..game.players() {
            let seat = Seat::at(s);
            let hand = game.player(seat).hand;
            let hidden = (0..usize::from(hand.len)).any(|i| !hand.up[i] && hand.cards[i] == *card);
            if Some(seat) != viewer && hidden {
                return Err(format!(
                    "{viewer:?} is sent the name {card:?}, which {seat:?} holds face down, \
                     with no way to know of it"
                ));
            }
        }
    }
    Ok(())
}

fn collect_cards(v: &serde_json::Value, out: &mut BTreeSet<Card>) {
    match v {
        serde_json::Value::String(_) => {
            if let Ok(card) = serde_json::from_value::<Card>(v.clone()) {
                out.insert(card);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_cards(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| collect_cards(x, out)),
        _ => {}
    }
}

/// The scan can fail: another seat's view, or the whole game's, is caught.
#[test]
fn the_hidden_card_scan_catches_a_leak() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let game = Game::deal(4, Options::default(), None, &mut rng).expect("deals");
    assert_eq!(
        scan_hidden(&game, Some(Seat(1)), &game.view(Seat(1))),
        Ok(())
    );
    assert_eq!(scan_hidden(&game, None, &game.spectator_view()), Ok(()));
    assert!(scan_hidden(&game, Some(Seat(0)), &game.view(Seat(1))).is_err());
    assert!(scan_hidden(&game, None, &game.view(Seat(2))).is_err());
}

/// The name scan knows exactly what a seat may know (R11): a claim of the Duke tells
/// nobody where a Duke is (R10.2), so once the Duke is claimed a message naming the Duke
/// another seat holds face down is still caught, and the claim itself is not.
#[test]
fn the_name_scan_catches_a_claimed_characters_card() {
    use shared::engine::{Action, Card::*, Claimed, Setup};
    let setup = Setup::new(
        Options::default(),
        vec![[Duke, Captain], [Assassin, Contessa], [Ambassador, Duke]],
        vec![
            Duke, Assassin, Assassin, Captain, Captain, Ambassador, Ambassador, Contessa, Contessa,
        ],
    );
    let mut game = Game::from_setup(setup).expect("a position");
    let (mut rng, mut events) = (ChaCha8Rng::seed_from_u64(1), Vec::new());
    for (seat, input) in [
        (Seat(0), Input::Act(Action::Tax)),
        (Seat(1), Input::Pass),
        (Seat(2), Input::Pass),
    ] {
        game.apply(seat, input, &mut rng, &mut events)
            .expect("a legal input");
    }
    assert!(
        game.claims().iter().any(|c| c.card == Claimed::Card(Duke)),
        "the Duke was claimed"
    );
    // What seat 1, with no Duke, is sent: its view, the game's events as it may see them,
    // and perhaps one more event.
    let viewer = Seat(1);
    let message = |extra: Option<Event>| {
        let log: Vec<serde_json::Value> = game
            .log()
            .iter()
            .map(|e| e.for_viewer(Some(viewer)))
            .chain(extra)
            .map(|event| {
                serde_json::json!({"n": 0, "item": {"kind": "event", "game_no": 1, "event": event}})
            })
            .collect();
        serde_json::json!({"v": PROTOCOL_VERSION, "msg": {
            "type": "update",
            "game": {"seat": viewer, "view": game.view(viewer)},
            "log": log,
        }})
        .to_string()
    };
    let mut known = BTreeMap::new();
    learn(&mut known, 1, &game);
    let known = &known[&(1, Some(viewer))];
    assert!(
        message(None).contains("\"duke\""),
        "the claim names the Duke"
    );
    assert_eq!(
        scan_names(&message(None), 1, Some(viewer), &game, known),
        Ok(())
    );
    let leak = Event::Drew {
        seat: Seat(2),
        card: Some(Duke),
    };
    assert!(scan_names(&message(Some(leak)), 1, Some(viewer), &game, known).is_err());
}

fn random_input(rng: &mut ChaCha8Rng, n: u8) -> Input {
    use shared::engine::{Action, Allegiance, Card, Keep};
    let t = Seat(rng.random_range(0..n + 1));
    let c = Card::ALL[rng.random_range(0..6)];
    let d = Card::ALL[rng.random_range(0..6)];
    match rng.random_range(0..20) {
        0 => Input::Act(Action::Income),
        1 => Input::Act(Action::ForeignAid),
        2 => Input::Act(Action::Coup(t)),
        3 => Input::Act(Action::Tax),
        4 => Input::Act(Action::Assassinate(t)),
        5 => Input::Act(Action::Steal(t)),
        6 => Input::Act(Action::Exchange),
        7 => Input::Act(Action::Examine(t)),
        8 => Input::Act(Action::Convert(t)),
        9 => Input::Act(Action::Embezzle),
        10 => Input::Pass,
        11 => Input::Challenge,
        12 => Input::Block(c),
        13 => Input::Lose(c),
        14 => Input::Keep(if rng.random_bool(0.5) {
            Keep::one(c)
        } else {
            Keep::two(c, d)
        }),
        15 => Input::Show(c),
        16 => Input::GiveBack,
        17 => Input::ForceExchange,
        18 => Input::Draft(c),
        _ => Input::Allegiance(if rng.random_bool(0.5) {
            Allegiance::Loyalist
        } else {
            Allegiance::Reformist
        }),
    }
}

/// Fast timers so that silent and slow players cost little simulated time.
fn quick_timers() -> Timers {
    Timers {
        turn_ms: Some(20_000),
        window_ms: Some(8_000),
        choice_ms: Some(10_000),
        grace_ms: 15_000,
        bot_delay_ms: 300,
    }
}

/// Sets up a table: `humans` people (the host's player included), bots in the rest.
fn table(seed: u64, seats: u8, options: Options, humans: usize, role: Role) -> Sim {
    let mut sim = Sim::new(seed, quick_timers());
    sim.admin(AdminCmd::SetSeatCount { count: seats });
    sim.admin(AdminCmd::SetOptions { options });
    for i in 1..humans {
        sim.join(&format!("Guest {i}"), role, false);
    }
    let want = humans;
    sim.run_until(10_000, |s| {
        s.host
            .table()
            .seats
            .iter()
            .filter(|x| matches!(x, SeatInfo::Person { .. }))
            .count()
            == want
    });
    sim
}

fn finished(s: &Sim) -> bool {
    matches!(s.host.phase(), Phase::Finished { .. }) && s.queue.is_empty()
}

/// After the end, every guest's view (events put back from its log) is the engine's.
fn check_final_views(sim: &Sim) {
    let game = sim.host.game().expect("a game");
    for p in sim.people.iter().filter(|p| p.online && !p.closed) {
        let Some(g) = p.guest.game() else { continue };
        let expected = match g.seat {
            Some(s) => game.view(s),
            None => game.spectator_view(),
        };
        assert_eq!(
            g.view, expected,
            "the guest's view at the end is the engine's view"
        );
    }
}

#[test]
fn every_player_count_and_option_plays_to_the_end() {
    let mut games = 0;
    let mut checked = 0;
    let (mut reveals, mut truths) = (0, [0u64; 2]);
    let (mut max_update, mut max_reset, mut bytes) = (0, 0, 0);
    for n in 2u8..=10 {
        for options in Options::ALL {
            if options.two_player_draft && n != 2 {
                continue;
            }
            let seed = u64::from(n) * 100
                + options.inquisitor as u64
                + 2 * options.allegiances as u64
                + 4 * options.two_player_draft as u64;
            // One to five people (the host's player included), the rest bots: enough
            // guests to exercise every path, few enough to keep the run short.
            let humans = 1 + (seed as usize * 7) % usize::from(n.min(5));
            let mut sim = table(seed, n, options, humans, Role::Honest);
            sim.admin(AdminCmd::Start { first: None });
            sim.run_until(6 * 3_600_000, finished);
            check_final_views(&sim);
            games += 1;
            // R2.4: a rematch with the same seats, the previous winner starting.
            if n % 3 == 0 {
                let Phase::Finished { winner } = sim.host.phase() else {
                    unreachable!()
                };
                sim.admin(AdminCmd::Rematch);
                assert_eq!(sim.host.game().map(Game::current), Some(winner), "R2.4");
                assert_eq!(sim.host.game_no(), 2);
                sim.run_until(6 * 3_600_000, finished);
                check_final_views(&sim);
                games += 1;
            }
            checked += sim.checked;
            reveals += sim.reveals;
            truths[0] += sim.claim_truths[0];
            truths[1] += sim.claim_truths[1];
            max_update = max_update.max(sim.max_update);
            max_reset = max_reset.max(sim.max_reset);
            bytes += sim.bytes;
        }
    }
    assert_eq!(games, 9 * 4 + 4 + 3 * 4);
    assert!(checked > 1_000, "messages checked: {checked}");
    // Every game's end reached each guest with its reveal, and the claims told of were
    // bluffs and true ones both (a check that can see either).
    assert!(reveals >= games, "game-over views with a reveal: {reveals}");
    assert!(
        truths[0] > 0 && truths[1] > 0,
        "claims revealed false and true: {truths:?}"
    );
    eprintln!(
        "{games} games, {checked} messages checked, {} bytes; largest update {max_update} B, largest reset {max_reset} B",
        bytes
    );
    // An update is one data-channel message: keep it well under the 16 KiB that every
    // browser pair handles without relying on large-message support.
    assert!(max_update < 16 * 1024, "largest update {max_update} bytes");
}

#[test]
fn guests_drop_and_return_mid_window() {
    let mut mid_window = 0;
    let mut stand_ins = 0;
    for seed in 1..=4 {
        let mut sim = table(
            seed,
            5,
            Options {
                allegiances: seed % 2 == 0,
                ..Options::default()
            },
            4,
            Role::Honest,
        );
        for p in sim.people.iter_mut().skip(1) {
            p.drop_in_window = 0.35;
        }
        sim.admin(AdminCmd::Start { first: None });
        sim.run_until(6 * 3_600_000, |s| {
            matches!(s.host.phase(), Phase::Finished { .. })
        });
        // Let everyone who is away come back and catch up.
        sim.run_until(3_600_000, |s| {
            s.queue.is_empty() && s.people.iter().all(|p| p.online)
        });
        check_final_views(&sim);
        mid_window += sim
            .people
            .iter()
            .map(|p| p.returned_mid_window)
            .sum::<u32>();
        stand_ins += sim.people[0]
            .guest
            .log()
            .iter()
            .filter(|e| {
                matches!(
                    e.item,
                    LogItem::Note {
                        note: Note::StandIn { .. }
                    }
                )
            })
            .count();
    }
    assert!(mid_window > 0, "nobody came back in the middle of a window");
    assert!(stand_ins > 0, "no grace period ran out");
}

/// The kinds of decision whose time ran out, as the person's log tells them.
fn timed_out(person: &Person) -> Vec<DecisionKind> {
    person
        .guest
        .log()
        .iter()
        .filter_map(|e| match &e.item {
            LogItem::Note {
                note: Note::TimedOut { kind, .. },
            } => Some(*kind),
            _ => None,
        })
        .collect()
}

#[test]
fn silent_players_time_out_windows_pass_and_turns_are_played() {
    let mut sim = table(77, 4, Options::default(), 4, Role::Silent);
    // The host's own player is silent too: nobody but the timers decides.
    sim.people[0].role = Role::Silent;
    sim.admin(AdminCmd::Start { first: None });
    sim.run_until(24 * 3_600_000, finished);
    let notes = timed_out(&sim.people[1]);
    assert!(notes.contains(&DecisionKind::Turn));
    assert!(notes.contains(&DecisionKind::Window));
    check_final_views(&sim);
}

#[test]
fn host_snapshot_and_restore_mid_game() {
    for seed in [5u64, 6, 7] {
        let options = Options {
            inquisitor: seed % 2 == 1,
            allegiances: true,
            two_player_draft: false,
        };
        let mut sim = table(seed, 6, options, 4, Role::Honest);
        sim.admin(AdminCmd::Start { first: None });
        sim.run_until(6 * 3_600_000, |s| {
            s.host.step() >= 25 || matches!(s.host.phase(), Phase::Finished { .. })
        });
        assert_eq!(
            sim.host.phase(),
            Phase::Playing,
            "the game should still be on"
        );
        let snapshot = sim.host.snapshot(sim.now);
        let game_before = sim.host.game().cloned();
        // The page reloads: every link goes, in-flight messages are lost.
        sim.queue.clear();
        for who in 1..sim.people.len() {
            let p = &mut sim.people[who];
            p.online = false;
            p.guest.link_lost();
            p.last_legal.clear();
        }
        sim.now += 3_000;
        let (host, outs) = Host::restore(&snapshot, sim.now, None).expect("the snapshot restores");
        sim.host = host;
        // Compared as JSON: the engine's `Court` compares the unused tail of its array,
        // which a round trip does not keep.
        assert_eq!(
            json(sim.host.game()),
            json(game_before.as_ref()),
            "the restored game is the same"
        );
        sim.people[0].last_legal.clear();
        sim.route(outs);
        for who in 1..sim.people.len() {
            let back = sim.rng.random_range(100..5_000);
            sim.push(sim.now + back, Item::Return { who });
        }
        sim.run_until(6 * 3_600_000, finished);
        check_final_views(&sim);
        // Restoring is exact: the same snapshot restores to the same table.
        let (again, _) = Host::restore(&snapshot, T0, None).expect("restores twice");
        let (again2, _) = Host::restore(&snapshot, T0, None).expect("restores twice");
        assert_eq!(again.snapshot(T0), again2.snapshot(T0));
    }
}

#[test]
fn a_hostile_guest_never_changes_the_game_beyond_its_own_legal_moves() {
    for seed in [11u64, 12] {
        let mut sim = table(
            seed,
            5,
            Options {
                inquisitor: true,
                allegiances: seed == 12,
                two_player_draft: false,
            },
            3,
            Role::Honest,
        );
        let bad = sim.join("Mallory", Role::Hostile, false);
        sim.run_until(10_000, |s| {
            s.people[bad].guest.member().is_some() && s.queue.is_empty()
        });
        sim.admin(AdminCmd::Start { first: None });
        sim.push(sim.now + 10, Item::Hostile { who: bad });
        sim.run_until(6 * 3_600_000, finished);
        check_final_views(&sim);
        let refusals = &sim.people[bad].refusals;
        assert!(
            refusals.len() > 50,
            "the hostile guest was barely refused: {}",
            refusals.len()
        );
        for want in [
            "not_your_seat",
            "stale",
            "wire",
            "not_host",
            "already_joined",
        ] {
            assert!(
                refusals.iter().any(|r| kind(r) == want),
                "no {want} refusal among {} refusals",
                refusals.len()
            );
        }
        // Its chat, however it is worded, reaches the others stamped with its own name, on
        // one line; a line that never came proves nothing, so it must come.
        let line = sim.people[0]
            .guest
            .log()
            .iter()
            .find_map(|e| match &e.item {
                LogItem::Chat { line } if line.text.contains("duke") => Some(line.clone()),
                _ => None,
            })
            .expect("the hostile guest's chat line reached another guest");
        assert_eq!(line.name, "Mallory");
        assert!(!line.text.contains('\n'));
    }
}

fn json(game: Option<&Game>) -> String {
    serde_json::to_string(&game).expect("serializes")
}

fn kind(r: &Refusal) -> String {
    let v = serde_json::to_value(r).expect("serializes");
    v["kind"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn a_late_arrival_watches_with_the_spectator_view() {
    let mut sim = table(21, 3, Options::default(), 2, Role::Honest);
    sim.admin(AdminCmd::Start { first: None });
    sim.run_until(3_600_000, |s| s.host.step() >= 5);
    let late = sim.join("Late", Role::Honest, false);
    sim.run_until(6 * 3_600_000, finished);
    let g = sim.people[late]
        .guest
        .game()
        .expect("a watcher sees the game");
    assert_eq!(g.seat, None);
    assert!(g.legal.is_empty());
    check_final_views(&sim);
}

#[test]
fn a_table_is_a_function_of_its_seeds() {
    let run = || {
        let mut sim = table(31, 4, Options::default(), 3, Role::Honest);
        sim.admin(AdminCmd::Start { first: None });
        sim.run_until(6 * 3_600_000, finished);
        (sim.host.snapshot(sim.now), sim.checked)
    };
    assert_eq!(run(), run());
}

#[test]
fn silent_players_choices_run_out_too() {
    // R2.5 draft picks and the R2.6 allegiance are choices: the seat's bot makes them.
    let options = Options {
        inquisitor: true,
        allegiances: true,
        two_player_draft: true,
    };
    let mut sim = table(78, 2, options, 2, Role::Silent);
    sim.people[0].role = Role::Silent;
    sim.admin(AdminCmd::Start { first: None });
    sim.run_until(24 * 3_600_000, finished);
    let kinds = timed_out(&sim.people[1]);
    assert!(kinds.contains(&DecisionKind::Choice));
    check_final_views(&sim);
}

/// Whatever reaches a guest (a corrupted or truncated host message), it never panics, and
/// a message it refuses leaves it as it was.
#[test]
fn a_guest_survives_corrupted_messages() {
    let mut sim = table(
        41,
        3,
        Options {
            allegiances: true,
            ..Options::default()
        },
        2,
        Role::Honest,
    );
    sim.admin(AdminCmd::Start { first: None });
    let mut texts = Vec::new();
    while sim.host.step() < 30 && !finished(&sim) {
        let Some((_, item)) = sim.queue.pop_first() else {
            let outs = sim
                .host
                .tick(sim.host.next_deadline().unwrap_or(sim.now).max(sim.now));
            sim.route(outs);
            continue;
        };
        if let Item::ToGuest { text, .. } = &item {
            texts.push(text.clone());
        }
        if let Item::ToGuest { .. } | Item::ToHost { .. } | Item::Act { .. } = item {
            sim.process(item);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut guest = sim.people[1].guest.clone();
    for _ in 0..3_000 {
        let mut bytes = texts[rng.random_range(0..texts.len())].clone().into_bytes();
        match rng.random_range(0..4) {
            0 => bytes.truncate(rng.random_range(0..bytes.len().max(1))),
            1 => {
                for _ in 0..rng.random_range(1..8) {
                    let i = rng.random_range(0..bytes.len().max(1));
                    if let Some(b) = bytes.get_mut(i) {
                        *b = rng.random_range(0x20..0x7f);
                    }
                }
            }
            2 => bytes.reverse(),
            _ => {}
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let before = (
            guest.game().cloned(),
            guest.log().len(),
            guest.table().cloned(),
        );
        if guest.receive(&text, sim.now).is_err() {
            let after = (
                guest.game().cloned(),
                guest.log().len(),
                guest.table().cloned(),
            );
            assert_eq!(before, after, "a refused message changed the guest");
        }
    }
}
