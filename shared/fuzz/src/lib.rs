//! Fuzz harnesses for the inputs that come from outside: what peers send a host, a
//! host's snapshot read back from storage, what a host sends a guest, and `coup-script`
//! scenarios.
//!
//! Each harness reads its input as a recipe ([`Bytes`]): which peer does what, and how a
//! valid message or snapshot is bent ([`bend`]), so that the fuzzer reaches the states
//! behind a well-formed text instead of stopping at the parser. Every harness checks
//! more than "does not panic":
//!
//! - [`host`]: people behind honest [`Guest`]s and hostile peers sending raw or bent
//!   text drive one [`Host`], whose page sends commands and reloads. Every text the host
//!   sends decodes, fits the protocol's limit and is accepted by the honest guest it is
//!   for; a reload (snapshot, then restore) keeps the game at its step.
//! - [`restore`]: a real snapshot, bent; what `Host::restore` accepts must keep working
//!   as above (its table plays on, its own snapshot restores).
//! - [`guest`]: a recorded honest stream, bent, dropped, repeated and mixed with raw
//!   text; the guest answers every text with events or an error, what it offers to play
//!   is legal, and afterwards it still takes the host starting over (the welcome and the
//!   whole state again).
//! - [`script`]: the rulebook's example scenarios, bent, and raw text: every scenario is
//!   read or refused with a reason, and what is read runs to a result of SCRIPT.md's shape
//!   whose rejected step, if any, left the state as the steps before it made it.
//! - [`fair`]: a fair deal's records (docs/FAIR-DEAL.md), recorded from an honest game and
//!   bent, replayed and mixed with raw bytes: a refused record changes nothing, and an
//!   honest game still ends with every card where it should be.
//!
//! The fuzz targets (`fuzz_targets/`, `cargo fuzz run --fuzz-dir shared/fuzz <target>`)
//! call these; `cargo test -p coup-fuzz` replays the inputs in `seeds/` and a fixed
//! sweep of generated recipes, so a crash the fuzzer found stays fixed.

use std::sync::OnceLock;

mod fair;
pub use fair::fair;

use serde_json::Value;
use shared::engine::{Options, Seat};
use shared::session::chat::Reaction;
use shared::session::protocol::{
    AdminCmd, BotLevel, LogItem, MAX_TO_GUEST_BYTES, MemberId, Phase, SeatSetting, Timers, ToGuest,
    decode,
};
use shared::session::{Guest, GuestError, Host, Outgoing, PeerId, fair_engine};

/// The host's clock when a harness starts (any time far from zero).
pub const T0: u64 = 1_700_000_000_000;

/// At most this many operations per input: enough for a game, short enough to keep the
/// fuzzer fast.
const MAX_OPS: usize = 300;

/// A fuzz input read as a recipe: numbers and texts taken from the front; an empty
/// input reads as zeros, so every recipe is finite.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// A number below `n` (which is at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 256 {
            usize::from(self.u8()) % n
        } else {
            usize::from(self.u16()) % n
        }
    }

    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// A text of up to 255 bytes, as the bytes say (invalid UTF-8 replaced).
    pub fn text(&mut self) -> String {
        let n = usize::from(self.u8()).min(self.data.len());
        let (head, rest) = self.data.split_at(n);
        self.data = rest;
        String::from_utf8_lossy(head).into_owned()
    }

    /// Everything that is left, as text.
    pub fn rest(&mut self) -> String {
        let all = std::mem::take(&mut self.data);
        String::from_utf8_lossy(all).into_owned()
    }
}

/// A JSON value that keeps its objects' keys in the order they came: the protocol's
/// tagged objects name their tag first, and a bend must not reorder them.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn number(n: impl Into<serde_json::Number>) -> Json {
        Json::Number(n.into())
    }

    fn text(s: impl Into<String>) -> Json {
        Json::String(s.into())
    }
}

impl<'de> serde::Deserialize<'de> for Json {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Json;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_unit<E>(self) -> Result<Json, E> {
                Ok(Json::Null)
            }
            fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
                Ok(Json::Bool(v))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
                Ok(Json::number(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
                Ok(Json::number(v))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
                Ok(serde_json::Number::from_f64(v).map_or(Json::Null, Json::Number))
            }
            fn visit_str<E>(self, v: &str) -> Result<Json, E> {
                Ok(Json::text(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
                let mut list = Vec::new();
                while let Some(v) = a.next_element()? {
                    list.push(v);
                }
                Ok(Json::Array(list))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
                let mut map = Vec::new();
                while let Some(kv) = a.next_entry()? {
                    map.push(kv);
                }
                Ok(Json::Object(map))
            }
        }
        d.deserialize_any(Visitor)
    }
}

impl serde::Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Number(n) => n.serialize(s),
            Json::String(t) => s.serialize_str(t),
            Json::Array(list) => {
                let mut seq = s.serialize_seq(Some(list.len()))?;
                for v in list {
                    seq.serialize_element(v)?;
                }
                seq.end()
            }
            Json::Object(map) => {
                let mut m = s.serialize_map(Some(map.len()))?;
                for (k, v) in map {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
        }
    }
}

/// Names of the protocol's, to put in the wrong place.
const NAMES: [&str; 21] = [
    "duke",
    "captain",
    "assassin",
    "contessa",
    "ambassador",
    "inquisitor",
    "lobby",
    "playing",
    "finished",
    "open",
    "bot",
    "person",
    "hard",
    "income",
    "coup",
    "exchange",
    "pass",
    "challenge",
    "block",
    "keep",
    "lose",
];

/// A value of the same kind as `old`, near it or at an edge: what passes the types and
/// tests the checks behind them.
fn alike(b: &mut Bytes<'_>, old: &Json) -> Json {
    match old {
        Json::Number(n) => match b.below(9) {
            0 => Json::number(0),
            1 => Json::number(1),
            2 => Json::number(u64::from(u32::MAX)),
            3 => Json::number(u64::MAX),
            4 => Json::number(255),
            5 => Json::number(9_007_199_254_740_993_u64),
            6 => Json::number(u64::from(b.u8() % 12)),
            7 => Json::number(u64::from(b.u16())),
            _ => {
                let delta = i64::from(b.u8() % 5) - 2;
                match (n.as_u64(), n.as_i64()) {
                    (Some(u), _) => Json::number(u.saturating_add_signed(delta)),
                    (_, Some(i)) => Json::number(i.saturating_add(delta)),
                    _ => Json::number(0),
                }
            }
        },
        Json::String(t) => match b.below(5) {
            0 => Json::text(""),
            1 => Json::text(t.chars().take(b.below(8)).collect::<String>()),
            2 => Json::text("x".repeat(usize::from(b.u16()) % 5_000)),
            3 => Json::text(NAMES[b.below(NAMES.len())]),
            _ => Json::text(b.text()),
        },
        Json::Bool(v) => Json::Bool(!v),
        Json::Array(list) => {
            let mut list = list.clone();
            match b.below(4) {
                0 => list.clear(),
                1 if !list.is_empty() => {
                    let at = b.below(list.len());
                    list.remove(at);
                }
                2 if list.len() > 1 => {
                    let (i, j) = (b.below(list.len()), b.below(list.len()));
                    list.swap(i, j);
                }
                _ => {
                    if let Some(v) = list.first().cloned() {
                        list.push(v);
                    }
                }
            }
            Json::Array(list)
        }
        other => any(b, other),
    }
}

/// Any value: the wrong kinds, the edges of the integers, deep nesting.
fn any(b: &mut Bytes<'_>, old: &Json) -> Json {
    match b.below(10) {
        0 => Json::number(-1),
        1 => serde_json::Number::from_f64(1.5).map_or(Json::Null, Json::Number),
        2 => Json::Null,
        3 => Json::Bool(b.bool()),
        4 => Json::Array(Vec::new()),
        5 => Json::Object(Vec::new()),
        6 => Json::number(u64::from(b.u8() % 12)),
        7 => Json::text(NAMES[b.below(NAMES.len())]),
        8 => {
            // Nesting deeper than any real message.
            let mut v = Json::number(1);
            for _ in 0..(b.u8() % 64) {
                v = Json::Array(vec![v]);
            }
            v
        }
        _ => alike(b, old),
    }
}

/// Bends one place of `value`: walks down from the top (each step chosen by the
/// recipe, stopping at random) and replaces what it stops at (mostly with a value of the
/// same kind), or removes, repeats or adds a key of an object.
pub fn bend(value: &mut Json, b: &mut Bytes<'_>) {
    let go_on = b.below(8) != 0;
    match value {
        Json::Object(map) if go_on && !map.is_empty() => {
            let i = b.below(map.len());
            match b.below(16) {
                0 => {
                    map.remove(i);
                }
                1 => {
                    let key = b.text();
                    let v = any(b, &Json::Null);
                    map.push((key, v));
                }
                2 => {
                    let twice = map[i].clone();
                    map.push(twice);
                }
                _ => bend(&mut map[i].1, b),
            }
        }
        Json::Array(list) if go_on && !list.is_empty() => {
            let i = b.below(list.len());
            bend(&mut list[i], b);
        }
        _ => {
            let old = value.clone();
            *value = if b.below(4) == 0 {
                any(b, &old)
            } else {
                alike(b, &old)
            };
        }
    }
}

/// Applies 1 to 4 bends to a JSON text (which parses): the recipe's way of writing a
/// message that is almost right.
pub fn bent(text: &str, b: &mut Bytes<'_>) -> String {
    let mut value: Json = serde_json::from_str(text).expect("a valid text to bend");
    for _ in 0..=b.below(4) {
        bend(&mut value, b);
    }
    serde_json::to_string(&value).expect("JSON serializes")
}

fn level(b: &mut Bytes<'_>) -> BotLevel {
    // Hard's search is slow for a fuzzer: one time in eight.
    match b.below(8) {
        0 => BotLevel::Hard,
        1..=3 => BotLevel::Normal,
        _ => BotLevel::Easy,
    }
}

fn seat(b: &mut Bytes<'_>) -> Seat {
    Seat(b.u8() % 11)
}

fn timers(b: &mut Bytes<'_>) -> Timers {
    let ms = |b: &mut Bytes<'_>| match b.below(6) {
        0 => None,
        1 => Some(0),
        2 => Some(Timers::MIN_MS),
        3 => Some(Timers::MAX_MS + 1),
        4 => Some(u64::MAX),
        _ => Some(Timers::MIN_MS + u64::from(b.u16())),
    };
    Timers {
        turn_ms: ms(b),
        window_ms: ms(b),
        choice_ms: ms(b),
        grace_ms: ms(b).unwrap_or(0),
        bot_delay_ms: ms(b).unwrap_or(0),
    }
}

/// A host command, every variant reachable, with figures in and out of range.
pub fn admin_cmd(b: &mut Bytes<'_>) -> AdminCmd {
    match b.below(13) {
        0 => AdminCmd::SetSeatCount { count: b.u8() % 12 },
        1 => AdminCmd::SetOptions {
            options: Options {
                inquisitor: b.bool(),
                allegiances: b.bool(),
                two_player_draft: b.bool(),
            },
        },
        2 => AdminCmd::SetTimers { timers: timers(b) },
        3 => AdminCmd::SetDefaultBot { level: level(b) },
        4 => AdminCmd::AddBot { level: level(b) },
        5 => AdminCmd::SetSeat {
            seat: seat(b),
            to: if b.bool() {
                SeatSetting::Open
            } else {
                SeatSetting::Bot { level: level(b) }
            },
        },
        6 => AdminCmd::Swap {
            a: seat(b),
            b: seat(b),
        },
        7 => AdminCmd::Sit {
            member: MemberId(u32::from(b.u8() % 10)),
            seat: seat(b),
        },
        8 => AdminCmd::Kick {
            member: MemberId(u32::from(b.u8() % 10)),
        },
        9 => AdminCmd::Lock { locked: b.bool() },
        10 => AdminCmd::Start {
            first: b.bool().then(|| seat(b)),
        },
        11 => AdminCmd::Rematch,
        _ => AdminCmd::EndGame,
    }
}

/// One person at the table: an honest guest behind a link that may drop.
struct Person {
    guest: Guest,
    /// The link's peer id while the link is up.
    peer: Option<PeerId>,
    /// Their last move, to send again later (a replay must be refused, not played).
    last_intent: Option<String>,
}

/// A host and the people and hostile peers around it, as a page and its links see them.
struct HostedTable {
    host: Host,
    now: u64,
    local: Guest,
    people: Vec<Person>,
    /// Peers that send raw text; what the host sends them must still decode.
    hostile: Vec<PeerId>,
    next_peer: u64,
}

impl HostedTable {
    fn new(seed: u64) -> HostedTable {
        let (mut host, outs) = Host::new(seed, "Hostess", T0).expect("a valid name");
        host.set_fair_maker(Some(fair_engine));
        // The table keeps a recovery copy with its guests, as a room with handover does:
        // every change seals one, whatever the hostile guests send.
        host.set_handover(Some([seed as u8; 32]));
        let mut table = HostedTable {
            host,
            now: T0,
            local: Guest::new("Hostess", None, false),
            people: Vec::new(),
            hostile: Vec::new(),
            next_peer: 1,
        };
        table.deliver(outs);
        table
    }

    /// Hands the host's texts to whom they are for, checking each.
    fn deliver(&mut self, outs: Vec<Outgoing>) {
        let now = self.now;
        for out in outs {
            match out {
                Outgoing::Send { to, text } => {
                    assert!(
                        text.len() <= MAX_TO_GUEST_BYTES,
                        "a host text of {} bytes",
                        text.len()
                    );
                    if let Err(e) = decode::<ToGuest>(&text, MAX_TO_GUEST_BYTES) {
                        panic!("the host sent a text that does not decode ({e}): {text}");
                    }
                    let guest = if to == PeerId::LOCAL {
                        Some(&mut self.local)
                    } else {
                        self.people
                            .iter_mut()
                            .find(|p| p.peer == Some(to))
                            .map(|p| &mut p.guest)
                    };
                    // A `fatal` reads as the link closed; anything else is taken.
                    if let Some(guest) = guest {
                        match guest.receive(&text, now) {
                            Ok(_) | Err(GuestError::Closed(_)) => {}
                            Err(e) => {
                                panic!("an honest guest refused the host's text ({e}): {text}")
                            }
                        }
                    }
                }
                Outgoing::Close { peer } => {
                    assert_ne!(peer, PeerId::LOCAL, "the host closed its own link");
                    for p in &mut self.people {
                        if p.peer == Some(peer) {
                            p.peer = None;
                        }
                    }
                    self.hostile.retain(|&h| h != peer);
                }
                Outgoing::Ban { .. } => {}
                Outgoing::Deposit { part } => assert!(
                    part.len() <= shared::relay::MAX_DEPOSIT_CHARS
                        && part
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)),
                    "a deposit the relay would refuse: {part}"
                ),
            }
        }
    }

    /// A new link to the host, with a peer id of its own.
    fn link(&mut self) -> PeerId {
        self.next_peer += 1;
        let peer = PeerId(self.next_peer);
        let outs = self.host.connect(peer, self.now);
        self.deliver(outs);
        peer
    }

    /// A person joins with an honest guest.
    fn join(&mut self, name: &str, watch: bool) {
        let peer = self.link();
        let guest = Guest::new(name, None, watch);
        let hello = guest.hello();
        self.people.push(Person {
            guest,
            peer: Some(peer),
            last_intent: None,
        });
        self.send(peer, &hello);
    }

    /// A command from the host's page.
    fn admin(&mut self, cmd: AdminCmd) {
        let text = self.local.admin(cmd);
        self.send(PeerId::LOCAL, &text);
    }

    /// Time moves on to the host's next deadline, if it has one, and the host acts.
    fn next_deadline(&mut self) -> bool {
        let Some(due) = self.host.next_deadline() else {
            return false;
        };
        self.now = self.now.max(due);
        let outs = self.host.tick(self.now);
        self.deliver(outs);
        true
    }

    /// The table runs on for up to `deadlines` deadlines, while a game is played.
    fn run(&mut self, deadlines: usize) {
        for _ in 0..deadlines {
            if self.host.phase() != Phase::Playing || !self.next_deadline() {
                break;
            }
        }
    }

    fn send(&mut self, peer: PeerId, text: &str) {
        let outs = self.host.handle(peer, text, self.now);
        self.deliver(outs);
    }

    /// Who speaks as speaker `i`: person `i` while their link is up, and past the last
    /// person the host's own player on the local link.
    fn speaker(&self, i: usize) -> Option<(PeerId, &Guest)> {
        match self.people.get(i) {
            Some(p) => p.peer.map(|peer| (peer, &p.guest)),
            None => Some((PeerId::LOCAL, &self.local)),
        }
    }

    fn op(&mut self, b: &mut Bytes<'_>) {
        let n = self.people.len();
        match b.below(16) {
            // Someone new opens a link and says hello.
            0 if n < 5 => {
                let name = match b.below(4) {
                    0 => b.text(),
                    1 => "Hostess".to_owned(),
                    _ => format!("P{n}"),
                };
                let watch = b.below(4) == 0;
                self.join(&name, watch);
            }
            // A link drops, or comes back with a new peer id and the token.
            1 if n > 0 => {
                let i = b.below(n);
                if let Some(peer) = self.people[i].peer.take() {
                    self.people[i].guest.link_lost();
                    let outs = self.host.disconnect(peer, self.now);
                    self.deliver(outs);
                } else {
                    let peer = self.link();
                    self.people[i].peer = Some(peer);
                    let hello = self.people[i].guest.hello();
                    self.send(peer, &hello);
                }
            }
            // Time passes, up to the next deadline or well beyond it.
            2 | 3 => {
                let step = match b.below(6) {
                    0 => 0,
                    1 => 100,
                    2 => 1_500,
                    3 => 31_000,
                    4 => 3_600_001,
                    _ => u64::from(b.u16()),
                };
                self.now += step;
                let outs = self.host.tick(self.now);
                self.deliver(outs);
            }
            // Run the table on from deadline to deadline (the bots play).
            4 | 5 => {
                for _ in 0..=b.below(40) {
                    if !self.next_deadline() {
                        break;
                    }
                }
            }
            // A person (or the host's player) plays one of their legal inputs.
            6..=8 => {
                let i = b.below(n + 1);
                let Some((peer, guest)) = self.speaker(i) else {
                    return;
                };
                let Some(game) = guest.game().filter(|g| !g.legal.is_empty()) else {
                    return;
                };
                let input = game.legal[b.below(game.legal.len())];
                let text = guest.intent(input).expect("a legal input");
                if let Some(p) = self.people.get_mut(i) {
                    p.last_intent = Some(text.clone());
                }
                self.send(peer, &text);
            }
            // A replayed move.
            9 if n > 0 => {
                let i = b.below(n);
                if let (Some(peer), Some(text)) =
                    (self.people[i].peer, self.people[i].last_intent.clone())
                {
                    self.send(peer, &text);
                }
            }
            // Chat, from anyone; or a reaction, to a line the speaker holds or any entry.
            10 if b.below(3) == 0 => {
                let i = b.below(n + 1);
                let reaction = Reaction::ALL[b.below(Reaction::ALL.len())];
                let pick = b.below(4);
                let any = u64::from(b.u16());
                let said = self.speaker(i).map(|(p, g)| {
                    let lines: Vec<u64> = g
                        .log()
                        .iter()
                        .filter(|e| matches!(e.item, LogItem::Chat { .. }))
                        .map(|e| e.n)
                        .collect();
                    let line = match lines.get(pick) {
                        Some(&n) if pick < 3 => n,
                        _ => any,
                    };
                    (p, g.react(line, reaction))
                });
                if let Some((peer, text)) = said {
                    self.send(peer, &text);
                }
            }
            10 => {
                let i = b.below(n + 1);
                let line = b.text();
                let said = self
                    .speaker(i)
                    .and_then(|(p, g)| Some((p, g.chat(&line).ok()?)));
                if let Some((peer, text)) = said {
                    self.send(peer, &text);
                }
            }
            // The host's commands, from the host's page or (refused) from a guest.
            11 | 12 => {
                let cmd = admin_cmd(b);
                let i = b.below(n + 3).min(n);
                if let Some((peer, text)) = self.speaker(i).map(|(p, g)| (p, g.admin(cmd))) {
                    self.send(peer, &text);
                }
            }
            // A resynchronisation.
            13 => {
                let i = b.below(n + 1);
                if let Some((peer, text)) = self.speaker(i).map(|(p, g)| (p, g.resync())) {
                    self.send(peer, &text);
                }
            }
            // A hostile peer: raw text, or an honest message bent.
            14 => {
                let peer = match self.hostile.first() {
                    Some(&p) if b.bool() => p,
                    _ => {
                        let p = self.link();
                        self.hostile.push(p);
                        p
                    }
                };
                let text = match b.below(3) {
                    0 => b.text(),
                    1 => bent(&Guest::new("Mallory", None, false).hello(), b),
                    _ => {
                        let honest = match self.local.game().and_then(|g| g.legal.first()) {
                            Some(&input) => self.local.intent(input).expect("legal"),
                            None => self.local.admin(admin_cmd(b)),
                        };
                        bent(&honest, b)
                    }
                };
                self.send(peer, &text);
            }
            // The host's page reloads: the snapshot it stored is read back.
            _ => self.reload(),
        }
    }

    /// What a reload does: snapshot, restore (the same game at the same step), and every
    /// remote link is gone.
    fn reload(&mut self) {
        let snapshot = self.host.snapshot(self.now);
        let (host, outs) = match Host::restore(&snapshot, self.now, Some(fair_engine)) {
            Ok(restored) => restored,
            Err(e) => panic!("a host's own snapshot does not restore ({e}): {snapshot}"),
        };
        // The game and the table's place in it come back as they were (the log gains
        // the host's return, and the remote links are gone).
        let json = |h: &Host| serde_json::to_string(&h.game()).expect("a game serializes");
        assert_eq!(
            json(&host),
            json(&self.host),
            "the game changed in a reload"
        );
        assert_eq!(
            (host.phase(), host.game_no(), host.step()),
            (self.host.phase(), self.host.game_no(), self.host.step()),
            "the table's place changed in a reload"
        );
        self.host = host;
        self.hostile.clear();
        for p in &mut self.people {
            if p.peer.take().is_some() {
                p.guest.link_lost();
            }
        }
        self.deliver(outs);
    }
}

/// Peers and the host's page drive one host; see the crate's documentation.
pub fn host(data: &[u8]) {
    let mut b = Bytes::new(data);
    let mut table = HostedTable::new(u64::from(b.u8()));
    for _ in 0..MAX_OPS {
        if b.is_empty() {
            break;
        }
        table.op(&mut b);
    }
    table.reload();
}

/// Snapshots of a few real tables (a lobby, a game under way, a table after two games),
/// made once.
fn snapshots() -> &'static [String] {
    static SNAPSHOTS: OnceLock<Vec<String>> = OnceLock::new();
    SNAPSHOTS.get_or_init(|| {
        let mut table = HostedTable::new(7);
        table.join("Bob", false);
        let lobby = table.host.snapshot(table.now);
        table.admin(AdminCmd::SetOptions {
            options: Options {
                inquisitor: true,
                allegiances: true,
                two_player_draft: false,
            },
        });
        for level in [BotLevel::Easy, BotLevel::Normal] {
            table.admin(AdminCmd::AddBot { level });
        }
        table.admin(AdminCmd::Start { first: None });
        table.run(12);
        let playing = table.host.snapshot(table.now);
        table.run(10_000);
        table.admin(AdminCmd::Rematch);
        table.run(10_000);
        let after = table.host.snapshot(table.now);
        vec![lobby, playing, after]
    })
}

/// A stored snapshot, bent or raw, read back; see the crate's documentation.
pub fn restore(data: &[u8]) {
    restored(data);
}

/// [`restore`], saying whether the snapshot was taken.
fn restored(data: &[u8]) -> bool {
    let mut b = Bytes::new(data);
    let pick = b.u8();
    let snapshots = snapshots();
    let text = match usize::from(pick) {
        i if i < 200 => bent(&snapshots[i % snapshots.len()], &mut b),
        _ => b.rest(),
    };
    let Ok((host, outs)) = Host::restore(&text, T0 + 60_000, Some(fair_engine)) else {
        return false;
    };
    let mut table = HostedTable {
        host,
        now: T0 + 60_000,
        local: Guest::new("Hostess", None, false),
        people: Vec::new(),
        hostile: Vec::new(),
        next_peer: 100,
    };
    table.deliver(outs);
    // What was accepted must play on: a guest comes, the table runs, the host's
    // commands work, and its snapshot restores.
    table.join("Carol", false);
    table.run(40);
    for cmd in [
        AdminCmd::AddBot {
            level: BotLevel::Easy,
        },
        AdminCmd::Start { first: None },
        AdminCmd::Rematch,
    ] {
        table.admin(cmd);
        table.run(40);
    }
    table.reload();
    for _ in 0..100 {
        if b.is_empty() {
            break;
        }
        table.op(&mut b);
    }
    table.reload();
    true
}

/// What an honest host sent a guest through a whole game: the welcome, the table, the
/// deal, every update, chat, a rematch. Recorded once.
pub fn honest_stream() -> &'static [String] {
    static STREAM: OnceLock<Vec<String>> = OnceLock::new();
    STREAM.get_or_init(|| {
        let (mut host, _) = Host::new(9, "Hostess", T0).expect("a valid name");
        let mut now = T0;
        let peer = PeerId(1);
        let mut texts = Vec::new();
        let keep = |outs: Vec<Outgoing>, texts: &mut Vec<String>| {
            texts.extend(outs.into_iter().filter_map(|o| match o {
                Outgoing::Send { to, text } if to == peer => Some(text),
                _ => None,
            }))
        };
        keep(host.connect(peer, now), &mut texts);
        let guest = Guest::new("Bob", None, false);
        keep(host.handle(peer, &guest.hello(), now), &mut texts);
        let local = Guest::new("Hostess", None, false);
        for cmd in [
            AdminCmd::SetOptions {
                options: Options {
                    inquisitor: true,
                    allegiances: true,
                    two_player_draft: false,
                },
            },
            AdminCmd::AddBot {
                level: BotLevel::Easy,
            },
            AdminCmd::Start { first: None },
        ] {
            keep(
                host.handle(PeerId::LOCAL, &local.admin(cmd), now),
                &mut texts,
            );
        }
        keep(
            host.handle(peer, &guest.chat("hello").expect("a line"), now),
            &mut texts,
        );
        for round in 0..2 {
            while let Some(due) = host.next_deadline() {
                if host.phase() != Phase::Playing {
                    break;
                }
                now = now.max(due);
                keep(host.tick(now), &mut texts);
            }
            if round == 0 {
                let rematch = local.admin(AdminCmd::Rematch);
                keep(host.handle(PeerId::LOCAL, &rematch, now), &mut texts);
            }
        }
        texts
    })
}

/// A guest reads a bent, cut and mixed stream; see the crate's documentation.
pub fn guest(data: &[u8]) {
    let mut b = Bytes::new(data);
    let stream = honest_stream();
    let mut guest = Guest::new("Bob", None, false);
    let mut now = T0;
    let mut i = 0;
    while i < stream.len() && !b.is_empty() {
        now += u64::from(b.u8());
        let text = match b.below(16) {
            0 => {
                i += 1;
                continue;
            }
            1 => b.text(),
            2 => stream[b.below(stream.len())].clone(),
            3 | 4 => bent(&stream[i], &mut b),
            _ => stream[i].clone(),
        };
        i += 1;
        // Events or a refusal, never a panic; the guest keeps its limits.
        let _ = guest.receive(&text, now);
        let _ = guest.time_left(Seat(b.u8() % 11), now);
        if let Some(game) = guest.game() {
            for &input in game.legal.iter().take(3) {
                guest.intent(input).expect("what the guest offers is legal");
            }
        }
    }
    // A guest that took any of that still takes a host that starts over with it: the
    // welcome, then the whole state again.
    if guest.closed().is_none() {
        for text in stream.iter().take(2) {
            if let Err(e) = guest.receive(text, now) {
                panic!("the host starting over was refused ({e}): {text}");
            }
        }
    }
}

/// The example scenarios of the rulebook (`docs/examples/`).
const EXAMPLES: [&str; 8] = [
    include_str!("../../../docs/examples/assassination-blocked.json"),
    include_str!("../../../docs/examples/foreign-aid-false-duke.json"),
    include_str!("../../../docs/examples/income.json"),
    include_str!("../../../docs/examples/steal-one-coin.json"),
    include_str!("../../../docs/examples/tax-disproven.json"),
    include_str!("../../../docs/examples/tax-proven.json"),
    include_str!("../../../docs/examples/tax-unchallenged.json"),
    include_str!("../../../docs/examples/ten-coins-must-coup.json"),
];

/// A scenario, bent or raw; see the crate's documentation.
pub fn script(data: &[u8]) {
    let mut b = Bytes::new(data);
    let pick = usize::from(b.u8());
    let text = if pick < 200 {
        bent(EXAMPLES[pick % EXAMPLES.len()], &mut b)
    } else {
        b.rest()
    };
    match shared::script::run(&text) {
        Ok(result) => check_result(&text, &result),
        Err(e) => assert!(!e.0.is_empty(), "an error without a reason"),
    }
}

/// The `pending.kind` names of SCRIPT.md.
const PENDING_KINDS: [&str; 7] = [
    "action",
    "respond",
    "lose_influence",
    "exchange",
    "examine_show",
    "examine_decide",
    "game_over",
];

/// What SCRIPT.md promises of a result, read from outside `script::run`: each key with
/// its shape, `ok` agreeing with `rejected`, and a rejected step leaving the state as it
/// was before it (the steps before it, run alone, give the same state and claims).
fn check_result(text: &str, result: &Value) {
    let ok = result["ok"].as_bool().expect("`ok` is true or false");
    let rejected = &result["rejected"];
    let state = &result["state"];
    let players = state["players"]
        .as_array()
        .unwrap_or_else(|| panic!("`state.players` is a list: {result}"));
    let seats = players.len();
    assert!((2..=10).contains(&seats), "{seats} players: {result}");
    for p in players {
        assert!(p["coins"].is_u64(), "coins: {p}");
        assert!(p["hidden"].is_array() && p["revealed"].is_array(), "{p}");
        assert!(p["alive"].is_boolean(), "alive: {p}");
    }
    assert!(state["court"].is_array(), "court: {result}");
    assert!(state["reserve"].is_u64(), "reserve: {result}");
    let is_seat = |v: &Value| v.as_u64().is_some_and(|s| (s as usize) < seats);
    assert!(is_seat(&state["current"]), "current: {result}");
    assert!(
        state["winner"].is_null() || is_seat(&state["winner"]),
        "winner: {result}"
    );
    let pending = &state["pending"];
    assert!(
        pending["kind"]
            .as_str()
            .is_some_and(|k| PENDING_KINDS.contains(&k)),
        "pending.kind: {result}"
    );
    let owes: Vec<u64> = pending["players"]
        .as_array()
        .expect("`pending.players` is a list")
        .iter()
        .map(|v| {
            assert!(is_seat(v), "pending.players: {result}");
            v.as_u64().unwrap_or_default()
        })
        .collect();
    assert!(
        owes.windows(2).all(|w| w[0] < w[1]),
        "pending.players is not in ascending seat order: {result}"
    );
    assert!(result["claims"].is_array(), "claims: {result}");

    let scenario: Value = serde_json::from_str(text).expect("a scenario read is JSON");
    let views = scenario["views"].as_bool().unwrap_or(false);
    match result.get("views") {
        Some(Value::Array(v)) => assert!(views && v.len() == seats, "views: {result}"),
        None => assert!(!views, "no views although asked: {result}"),
        Some(other) => panic!("views is not a list: {other}"),
    }
    let steps = scenario["steps"].as_array().cloned().unwrap_or_default();
    if ok {
        assert!(rejected.is_null(), "ok, yet rejected: {result}");
        return;
    }
    let step = rejected["step"]
        .as_u64()
        .map(|s| s as usize)
        .filter(|&s| s < steps.len())
        .unwrap_or_else(|| panic!("a rejection names no step of the script: {result}"));
    let code = rejected["code"].as_str().unwrap_or_default();
    assert!(
        !code.is_empty() && code.bytes().all(|c| c.is_ascii_lowercase() || c == b'_'),
        "a rejection's code is a snake_case word: {result}"
    );
    assert!(
        rejected["message"].as_str().is_some_and(|m| !m.is_empty()),
        "a rejection without a message: {result}"
    );
    let mut before = scenario;
    before["steps"] = Value::Array(steps[..step].to_vec());
    let again = shared::script::run(&before.to_string())
        .unwrap_or_else(|e| panic!("the steps before a rejection are refused ({e}): {before}"));
    assert_eq!(
        again["ok"],
        Value::Bool(true),
        "the steps before the rejected one are rejected: {again}"
    );
    assert_eq!(
        (&again["state"], &again["claims"]),
        (state, &result["claims"]),
        "a rejected step left the state other than it was before it: {text}"
    );
}

/// A harness: one fuzz input in, a panic if something is wrong.
pub type Harness = fn(&[u8]);

/// Every target, by name, for the seed replay.
pub const TARGETS: [(&str, Harness); 5] = [
    ("host", host),
    ("restore", restore),
    ("guest", guest),
    ("script", script),
    ("fair", fair),
];

/// A fixed stream of recipes (xorshift from `seed`), the same on every run: for a sweep
/// that runs in `cargo test`.
pub fn recipes(seed: u64, count: usize, len: usize) -> Vec<Vec<u8>> {
    let mut x = seed | 1;
    (0..count)
        .map(|_| {
            (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x >> 24) as u8
                })
                .collect()
        })
        .collect()
}

/// Runs every file of `dir/<target>/` through its target, and fails for a target with
/// none: what `cargo test` replays of what the fuzzer found.
pub fn replay(dir: &std::path::Path, targets: &[(&str, Harness)]) {
    for (name, target) in targets {
        let entries = std::fs::read_dir(dir.join(name))
            .unwrap_or_else(|e| panic!("no seeds for {name} in {}: {e}", dir.display()));
        let mut replayed = 0;
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            let data = std::fs::read(&path).expect("a seed file");
            target(&data);
            replayed += 1;
        }
        assert!(replayed > 0, "no seeds for {name} in {}", dir.display());
    }
}

/// Runs `count` recipes of `len` bytes from [`recipes`] through each target, each target
/// with its own stream starting from `seed`.
pub fn sweep(targets: &[(&str, Harness)], seed: u64, count: usize, len: usize) {
    for (i, (_, target)) in targets.iter().enumerate() {
        for data in recipes(seed + i as u64, count, len) {
            target(&data);
        }
    }
}

/// The two tests of every fuzz crate, in its test module: its seeds replay
/// ([`replay`] on the crate's `seeds/`), and a sweep of recipes runs ([`sweep`]).
#[macro_export]
macro_rules! seed_tests {
    ($targets:expr, sweep: $seed:expr, $count:expr, $len:expr) => {
        #[test]
        fn the_seeds_replay() {
            let seeds = ::std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
            $crate::replay(&seeds, &$targets);
        }

        #[test]
        fn a_sweep_of_recipes_runs_every_target() {
            $crate::sweep(&$targets, $seed, $count, $len);
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::seed_tests!(TARGETS, sweep: 1, 150, 600);

    #[test]
    fn the_recorded_tables_are_real() {
        // The snapshots hold a lobby, a game under way and a table after games, and the
        // stream a whole game: the bends start from states worth bending.
        let snaps = snapshots();
        assert!(snaps[0].contains("\"lobby\""), "{}", snaps[0]);
        assert!(snaps[1].contains("\"playing\""), "{}", snaps[1]);
        assert!(snaps[2].contains("\"game_no\":2"), "{}", snaps[2]);
        let stream = honest_stream();
        assert!(stream.len() > 40, "{} texts", stream.len());
        assert!(stream[0].contains(r#""type":"welcome""#), "{}", stream[0]);
        assert!(stream[1].contains(r#""reset":true"#), "{}", stream[1]);
        assert!(stream.iter().any(|t| t.contains("\"winner\"")));
    }

    #[test]
    fn bent_snapshots_are_taken_and_refused() {
        // Both sides of `Host::restore` are reached: the harness plays on with some.
        let taken = recipes(17, 300, 64)
            .iter()
            .filter(|data| restored(data))
            .count();
        assert!(
            (30..270).contains(&taken),
            "{taken} of 300 bent snapshots taken"
        );
    }

    #[test]
    fn bending_changes_a_text_and_keeps_it_json() {
        let text = r#"{"v":1,"msg":{"type":"hello","name":"Bob","watch":false}}"#;
        let same = serde_json::from_str::<serde_json::Value>(text)
            .unwrap()
            .to_string();
        let mut changed = 0;
        for data in recipes(99, 200, 16) {
            let out = bent(text, &mut Bytes::new(&data));
            serde_json::from_str::<serde_json::Value>(&out).expect("still JSON");
            changed += usize::from(out != same);
        }
        assert!(
            changed > 150,
            "only {changed} of 200 bends changed the text"
        );
    }
}
