//! [`Host`]: the table's referee, as a sans-I/O state machine.
//!
//! The transport feeds it what arrives ([`Host::handle`]), links that open and close
//! ([`Host::connect`], [`Host::disconnect`]) and the passing of time ([`Host::tick`] when
//! [`Host::next_deadline`] comes); each call returns what to send to whom. The host's own
//! player is a guest on [`PeerId::LOCAL`]: the page hands those texts to its local
//! [`Guest`](super::Guest) exactly as a data channel would.
//!
//! Invariants:
//! - every input reaches the game through `Game::apply`, for the seat of the link it came
//!   on (or for a bot, a timeout or an absent person, by the host itself);
//! - each member receives only `game.view(its seat)` (or the spectator view) and events
//!   redacted for it; never the game itself (R11);
//! - a refused message changes nothing but the sender's rate-limit bucket.

use std::collections::BTreeMap;

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::chat::{Bucket, RateLimit, clean_chat};
use super::names::{NameError, unique_name, validate_name};
use super::protocol::{
    AdminCmd, BotLevel, ChatLine, Deadline, DecisionKind, Fatal, GameInfo, LogEntry, LogItem,
    MAX_TO_GUEST_BYTES, MAX_TO_HOST_BYTES, MemberId, MemberInfo, Note, PeerId, Phase, Refusal,
    Reveal, SeatInfo, SeatSetting, TableError, TableInfo, Timers, ToGuest, ToHost, Update,
    WireError, decode, encode,
};
use super::rules;
use super::rules::{Bot, make_bot};
use crate::engine::{
    Card, Claimed, Event, Game, Input, MAX_PLAYERS, MIN_PLAYERS, Options, Pending, Seat,
};

/// The most members (seated and watching) a table keeps: bounds the host's memory.
pub const MAX_MEMBERS: usize = 40;

/// The most log entries the host keeps; older ones are dropped (the claim record is in
/// the view, so nothing the rules need is lost).
pub const MAX_LOG: usize = 4_000;

/// The most automatic decisions (bots, timeouts) one [`Host::tick`] plays, so a call
/// returns in bounded time; the rest wait for the next tick, due at once.
const MAX_AUTO_PER_TICK: usize = 2_000;

/// The thinking time a bot clock gets when the page asks for an unusable one (not a
/// finite number of milliseconds in [`BOT_MILLIS_RANGE`]).
pub const DEFAULT_BOT_MILLIS: f64 = 50.0;

/// The thinking times a page may set with [`Host::set_bot_clock`], in milliseconds.
pub const BOT_MILLIS_RANGE: std::ops::RangeInclusive<f64> = 1.0..=2_000.0;

/// A real clock for the bots (see [`Host::set_bot_clock`]).
#[derive(Clone, Copy)]
struct BotClock {
    /// A monotonic clock in milliseconds (`performance.now()`).
    now: fn() -> f64,
    /// What every automatic decision that thinks takes, exactly.
    millis: f64,
}

/// The format of [`Host::snapshot`]; a snapshot of another format is refused.
pub const SNAPSHOT_VERSION: u32 = 1;

tag_first! {
tag "type" (internal), names #[serde(rename_all = "snake_case")];
/// What the transport should do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Outgoing {
    /// Send `text` on the link to `to` (for [`PeerId::LOCAL`]: hand it to the local guest).
    Send { to: PeerId, text: String },
    /// Close the link to `peer` (after sending what came before).
    Close { peer: PeerId },
    /// The person on `peer`'s link was removed for good: ask the relay to keep that link's
    /// relay peer out of the room for the rest of it (its `kick`), then close it (a
    /// [`Outgoing::Close`] follows).
    Ban { peer: PeerId },
}
}

/// Why a snapshot could not be restored.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("the snapshot is not readable: {0}")]
    Malformed(#[from] serde_json::Error),
    #[error("the snapshot has format {0}; this build reads {SNAPSHOT_VERSION}")]
    Version(u32),
    #[error("the snapshot is inconsistent: {0}")]
    Inconsistent(&'static str),
}

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// Who holds a seat, as the host keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Slot {
    Open,
    Bot { level: BotLevel, name: String },
    Person { member: MemberId },
}
}

/// A person at the table.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Member {
    id: MemberId,
    name: String,
    /// The secret that takes this member's place back; sent to it alone.
    token: String,
    seat: Option<Seat>,
    /// The link it is on; `None` while away. Cleared on restore (links do not survive).
    peer: Option<PeerId>,
    /// When it dropped: the grace period runs from here.
    away_since: Option<u64>,
    /// The grace period ran out: the seat's bot answers for it until it returns.
    stand_in: bool,
    /// Chat rate limit.
    chat: Bucket,
}

/// What one seat owes and since when.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Clock {
    /// The seat's legal inputs now; empty when it owes nothing.
    legal: Vec<Input>,
    /// The step at which this decision was first asked: older intents are stale.
    asked_step: u64,
    /// The host time at which it was asked: the deadline runs from here.
    asked_at: u64,
}

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// A log entry as the host keeps it: events unredacted, redacted per reader when sent.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Stored {
    Event { game_no: u32, event: Event },
    Chat { line: ChatLine },
    Note { note: Note },
}
}

/// A link's bookkeeping; not part of a snapshot.
#[derive(Clone, Debug)]
struct Link {
    member: Option<MemberId>,
    /// Message rate limit, whatever the message.
    bucket: Bucket,
    /// The number of the next log entry this link has not been sent.
    next_log: u64,
    /// [`ToHost::Sync`] requests: a whole-state answer is much larger than the request, so
    /// a link gets what a confused guest needs ([`SYNC_LIMIT`]) and no more.
    sync: Bucket,
}

/// How often one link may ask for the whole state: twice at once (a guest that could not
/// use a message, then once more), then once every 30 seconds.
const SYNC_LIMIT: RateLimit = RateLimit {
    burst: 2,
    refill_ms: 30_000,
};

/// The most bytes of log entries a whole-state update carries besides the current game's
/// events (which the view needs, R10.2): older games, chat and notes beyond this are left
/// out (`log_truncated`), so a resynchronisation stays small however long the table ran.
pub const RESET_LOG_BYTES: usize = 16 * 1024;

/// The referee of one table. Serializes whole (see [`Host::snapshot`]).
#[derive(Serialize, Deserialize)]
pub struct Host {
    /// Every shuffle, token and bot seed comes from here.
    #[serde(with = "rng_serde")]
    rng: ChaCha8Rng,
    members: Vec<Member>,
    next_member: u32,
    /// The host's own member, on [`PeerId::LOCAL`].
    host_member: MemberId,
    /// Tokens of kicked members: they may not come back.
    banned: Vec<String>,
    /// Closed to newcomers: only members with a token may (re)join.
    #[serde(default)]
    locked: bool,
    seats: Vec<Slot>,
    options: Options,
    timers: Timers,
    default_bot: BotLevel,
    phase: Phase,
    game_no: u32,
    game: Option<Game>,
    /// Inputs applied in this game.
    step: u64,
    /// Who has held which seat in this game: a person sees one seat's hand in a game,
    /// never two (R11), so nobody moves to another seat until the next deal.
    #[serde(default)]
    held: Vec<(MemberId, Seat)>,
    clocks: Vec<Clock>,
    /// Each seat's two cards as dealt (after the draft), for the end of the game (R11.3).
    #[serde(default)]
    dealt: Vec<[Card; 2]>,
    /// For each claim of this game's record: whether the claimant held the character when
    /// it came into play (R11.3; `None`: not known, after a restore of an older snapshot).
    #[serde(default)]
    truths: Vec<Option<bool>>,
    /// Each seat's bot seed for this game: bots are rebuilt from it after a restore.
    bot_seeds: Vec<u64>,
    /// What each seat's bot was given to remember of earlier games at the table when this
    /// game was dealt (a rematch; empty for a game from the lobby): a rebuilt bot, after a
    /// restore or a change of level, remembers it again.
    #[serde(default)]
    remembered: Vec<Option<crate::bots::Model>>,
    log: Vec<Stored>,
    /// The number of `log[0]`.
    log_start: u64,
    #[serde(skip)]
    links: BTreeMap<PeerId, Link>,
    /// One bot per seat: plays bot seats, and stands in for slow or absent people.
    #[serde(skip)]
    bots: Vec<Box<dyn Bot>>,
    /// The page's clock for the bots' thinking, if it gave one.
    #[serde(skip)]
    bot_clock: Option<BotClock>,
}

#[derive(Serialize)]
struct SnapshotRef<'a> {
    format: u32,
    saved_at: u64,
    host: &'a Host,
}

#[derive(Deserialize)]
struct SnapshotOwned {
    format: u32,
    saved_at: u64,
    host: Host,
}

/// How an automatic decision is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Auto {
    /// The seat is a bot, or a person whose bot stands in.
    Bot,
    /// A person's time ran out.
    Timeout(DecisionKind),
}

impl Host {
    /// Opens a table in the lobby with two seats: the host's player in seat 0 and an open
    /// seat. Returns the messages for the local guest (its welcome and the table).
    ///
    /// A `u64` seed is for tests and replays; a table on the network should use
    /// [`Host::with_seed_bytes`] with 32 bytes from a cryptographic RNG (seat tokens, deals
    /// and bot seeds all come from this one RNG).
    pub fn new(seed: u64, host_name: &str, now: u64) -> Result<(Host, Vec<Outgoing>), NameError> {
        Host::from_rng(ChaCha8Rng::seed_from_u64(seed), host_name, now)
    }

    /// [`Host::new`] seeded with 256 bits (the browser's `crypto.getRandomValues`): the
    /// seat tokens, every shuffle and every bot seed are then as unguessable as the seed.
    pub fn with_seed_bytes(
        seed: [u8; 32],
        host_name: &str,
        now: u64,
    ) -> Result<(Host, Vec<Outgoing>), NameError> {
        Host::from_rng(ChaCha8Rng::from_seed(seed), host_name, now)
    }

    fn from_rng(
        rng: ChaCha8Rng,
        host_name: &str,
        now: u64,
    ) -> Result<(Host, Vec<Outgoing>), NameError> {
        let name = validate_name(host_name)?;
        let mut host = Host {
            rng,
            members: Vec::new(),
            next_member: 0,
            host_member: MemberId(0),
            banned: Vec::new(),
            locked: false,
            seats: vec![Slot::Open, Slot::Open],
            options: Options::default(),
            timers: Timers::default(),
            default_bot: BotLevel::default(),
            phase: Phase::Lobby,
            game_no: 0,
            game: None,
            step: 0,
            held: Vec::new(),
            clocks: Vec::new(),
            dealt: Vec::new(),
            truths: Vec::new(),
            bot_seeds: Vec::new(),
            remembered: Vec::new(),
            log: Vec::new(),
            log_start: 0,
            links: BTreeMap::new(),
            bots: Vec::new(),
            bot_clock: None,
        };
        let id = host.add_member(name, Some(Seat(0)), now);
        host.host_member = id;
        let mut out = Vec::new();
        host.attach(PeerId::LOCAL, id, now, &mut out);
        Ok((host, out))
    }

    /// Lets the bots think against a real clock: `clock` is a monotonic clock in
    /// milliseconds (`performance.now()`; natively, time since an `Instant`), `millis` the
    /// thinking time of each decision (clamped to [`BOT_MILLIS_RANGE`];
    /// [`DEFAULT_BOT_MILLIS`] if not a number). `None` goes back to the clockless budget
    /// (`rules::BOT_ITERATIONS`), under which a table is a function of its seed. Not part of
    /// a snapshot: set it again after [`Host::restore`].
    ///
    /// How thinking time stays hidden. A bot's decision falls due at a time fixed when the
    /// decision was put to it (`bot_delay_ms` later, or its deadline). With a clock, every
    /// automatic decision that thinks (a bot seat's, a stand-in's, a timed-out turn or
    /// choice) then takes exactly `millis` of the clock: the bot searches within it and the
    /// host spins out whatever the search left, whether the bot's cards made the answer
    /// sure at once or not. So neither the answer's arrival, nor `host_now`, nor the log
    /// order, nor the delay the host adds to any other message (the page's thread is busy
    /// for the same `millis` whatever the bot holds) depends on the bot's hidden cards. One
    /// tick makes at most one such decision and is due again at once, so the page reads
    /// its messages between two bots' decisions.
    ///
    /// Without a clock the bots' work is not padded (Hard answers at once when its own
    /// cards make the answer sure): fine for tests and for a table nobody else watches,
    /// but a table with remote guests should set a clock.
    pub fn set_bot_clock(&mut self, clock: Option<fn() -> f64>, millis: f64) {
        let millis = if millis.is_finite() {
            millis.clamp(*BOT_MILLIS_RANGE.start(), *BOT_MILLIS_RANGE.end())
        } else {
            DEFAULT_BOT_MILLIS
        };
        self.bot_clock = clock.map(|now| BotClock { now, millis });
    }

    /// A link opened. Nothing is sent until the peer says hello.
    pub fn connect(&mut self, peer: PeerId, now: u64) -> Vec<Outgoing> {
        // A transport that reuses an id without reporting the old link's end: end it now,
        // so the new link starts unjoined and its hello is not refused.
        let out = self.disconnect(peer, now);
        self.links.insert(peer, Link::new(now));
        out
    }

    /// A link closed. Its member keeps its seat; after the grace period the seat's bot
    /// answers for it (see [`Timers::grace_ms`]).
    pub fn disconnect(&mut self, peer: PeerId, now: u64) -> Vec<Outgoing> {
        let mut out = Vec::new();
        let Some(link) = self.links.remove(&peer) else {
            return out;
        };
        if let Some(id) = link.member
            && let Some(m) = self.member_mut(id)
            && m.peer == Some(peer)
        {
            m.peer = None;
            m.away_since = Some(now);
            let note = Note::Left {
                member: id,
                name: m.name.clone(),
            };
            self.push_log(Stored::Note { note });
            self.flush(now, true, false, &mut out);
        }
        out
    }

    /// One message arrived on `peer`'s link.
    pub fn handle(&mut self, peer: PeerId, text: &str, now: u64) -> Vec<Outgoing> {
        let mut out = Vec::new();
        let link = self.links.entry(peer).or_insert_with(|| Link::new(now));
        if !link.bucket.take(RateLimit::MESSAGES, now) {
            refuse(&mut out, peer, Refusal::RateLimited);
            return out;
        }
        let msg = match decode::<ToHost>(text, MAX_TO_HOST_BYTES) {
            Ok(msg) => msg,
            Err(WireError::VersionMismatch { theirs, ours }) => {
                let fatal = Fatal::VersionMismatch {
                    host: ours,
                    yours: theirs,
                };
                send(&mut out, peer, &ToGuest::Fatal { fatal });
                out.push(Outgoing::Close { peer });
                // Every way a link ends marks its member away and starts its grace period.
                out.extend(self.disconnect(peer, now));
                return out;
            }
            Err(e) => {
                refuse(&mut out, peer, Refusal::Wire(e));
                return out;
            }
        };
        let member = link.member;
        let result = match (msg, member) {
            (ToHost::Hello { name, token, watch }, None) => {
                self.hello(peer, &name, token.as_deref(), watch, now, &mut out)
            }
            (ToHost::Hello { .. }, Some(_)) => Err(Refusal::AlreadyJoined),
            (_, None) => Err(Refusal::NotJoined),
            (
                ToHost::Intent {
                    game_no,
                    seat,
                    step,
                    input,
                },
                Some(id),
            ) => self.intent(id, (game_no, step), seat, input, now, &mut out),
            (ToHost::Chat { text }, Some(id)) => self.chat(id, &text, now, &mut out),
            (ToHost::Admin { cmd }, Some(id)) => {
                if peer == PeerId::LOCAL && id == self.host_member {
                    self.admin(cmd, now, &mut out).map_err(Refusal::Table)
                } else {
                    Err(Refusal::NotHost)
                }
            }
            (ToHost::Sync, Some(_)) => {
                let allowed = self
                    .links
                    .get_mut(&peer)
                    .is_some_and(|l| l.sync.take(SYNC_LIMIT, now));
                if allowed {
                    self.sync(peer, now, &mut out);
                    Ok(())
                } else {
                    Err(Refusal::RateLimited)
                }
            }
        };
        if let Err(refusal) = result {
            refuse(&mut out, peer, refusal);
        }
        out
    }

    /// Plays what is due by `now`: bots, timeouts, stand-ins for absent people.
    pub fn tick(&mut self, now: u64) -> Vec<Outgoing> {
        let mut out = Vec::new();
        let mut table_changed = false;
        let grace = self.timers.grace_ms;
        // Grace periods matter only while a game asks for decisions; in the lobby an
        // absent person simply keeps the seat.
        let playing = self.phase == Phase::Playing;
        for m in &mut self.members {
            if playing
                && let Some(since) = m.away_since
                && !m.stand_in
                && m.seat.is_some()
                && since.saturating_add(grace) <= now
            {
                m.stand_in = true;
                table_changed = true;
                if let Some(seat) = m.seat {
                    self.log.push(Stored::Note {
                        note: Note::StandIn { seat },
                    });
                }
            }
        }
        self.trim_log();
        let phase = self.phase;
        let mut game_changed = false;
        for _ in 0..MAX_AUTO_PER_TICK {
            let Some((seat, how)) = self.due(now) else {
                break;
            };
            let thought = self.auto_play(seat, how, now);
            game_changed = true;
            // With a clock each thinking decision takes its whole budget: one a tick, so
            // the page reads what arrived before the next (which is due at once).
            if thought && self.bot_clock.is_some() {
                break;
            }
        }
        if game_changed || table_changed {
            self.flush(
                now,
                table_changed || self.phase != phase,
                game_changed,
                &mut out,
            );
        }
        out
    }

    /// When [`Host::tick`] next has something to do, in host time.
    pub fn next_deadline(&self) -> Option<u64> {
        let mut next: Option<u64> = None;
        let mut consider = |t: u64| next = Some(next.map_or(t, |n| n.min(t)));
        for m in self.members.iter().filter(|_| self.phase == Phase::Playing) {
            if let (Some(since), false, Some(_)) = (m.away_since, m.stand_in, m.seat) {
                consider(since.saturating_add(self.timers.grace_ms));
            }
        }
        for i in 0..self.clocks.len() {
            if let Some((t, _)) = self.due_at(Seat(i as u8)) {
                consider(t);
            }
        }
        next
    }

    /// The whole table as JSON, to restore after a reload ([`Host::restore`]). `now` is
    /// recorded so that time left on each decision is kept across the reload.
    pub fn snapshot(&self, now: u64) -> String {
        let snap = SnapshotRef {
            format: SNAPSHOT_VERSION,
            saved_at: now,
            host: self,
        };
        serde_json::to_string(&snap).unwrap_or_default()
    }

    /// Restores a table from [`Host::snapshot`]. Every guest is away until it says hello
    /// again with its token (its grace period starts now); the host's own player is back on
    /// the local link at once, and the returned messages are its resynchronisation.
    pub fn restore(snapshot: &str, now: u64) -> Result<(Host, Vec<Outgoing>), RestoreError> {
        let SnapshotOwned {
            format,
            saved_at,
            mut host,
        } = serde_json::from_str(snapshot)?;
        if format != SNAPSHOT_VERSION {
            return Err(RestoreError::Version(format));
        }
        host.check()?;
        // What the end will reveal, from an older snapshot that did not keep it: unknown,
        // never guessed from the hands as they are now.
        let claims = host.game.as_ref().map_or(0, |g| g.claims().len());
        host.truths.resize(claims, None);
        if host.dealt.len() != host.seats.len() {
            host.dealt.clear();
        }
        for m in &mut host.members {
            m.peer = None;
            m.away_since = Some(now);
            m.stand_in = false;
        }
        // Keep the time each decision had left when the snapshot was taken: the page's
        // clock may have restarted, and the reload itself should cost nobody their turn.
        for c in &mut host.clocks {
            let elapsed = saved_at.saturating_sub(c.asked_at);
            c.asked_at = now.saturating_sub(elapsed);
        }
        host.rebuild_bots();
        let mut out = Vec::new();
        let id = host.host_member;
        host.attach(PeerId::LOCAL, id, now, &mut out);
        Ok((host, out))
    }

    // -----------------------------------------------------------------------------------
    // Read access for the page and for tests.
    // -----------------------------------------------------------------------------------

    /// The game in progress or just finished. For the host's page this is the referee's
    /// state: show the local player only what its guest receives.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Where the table is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Inputs applied in the current game.
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The games dealt so far.
    pub fn game_no(&self) -> u32 {
        self.game_no
    }

    /// The table as everyone sees it.
    pub fn table(&self) -> TableInfo {
        self.table_info()
    }

    // -----------------------------------------------------------------------------------
    // Messages.
    // -----------------------------------------------------------------------------------

    fn hello(
        &mut self,
        peer: PeerId,
        name: &str,
        token: Option<&str>,
        watch: bool,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        if let Some(token) = token {
            if self.banned.iter().any(|b| b == token) {
                send(
                    out,
                    peer,
                    &ToGuest::Fatal {
                        fatal: Fatal::Kicked,
                    },
                );
                out.push(Outgoing::Close { peer });
                self.links.remove(&peer);
                return Ok(());
            }
            if let Some(id) = self.members.iter().find(|m| m.token == token).map(|m| m.id) {
                self.attach(peer, id, now, out);
                return Ok(());
            }
            // An unknown token (a table that was restarted, a stale page) joins afresh.
        }
        if self.locked {
            // Closed to newcomers: only a member's own token gets in.
            send(
                out,
                peer,
                &ToGuest::Fatal {
                    fatal: Fatal::Locked,
                },
            );
            out.push(Outgoing::Close { peer });
            self.links.remove(&peer);
            return Ok(());
        }
        let name = validate_name(name).map_err(Refusal::Name)?;
        if self.members.len() >= MAX_MEMBERS {
            // Make room by forgetting the watcher who has been away longest (its token
            // then joins afresh); seated members and the host are never forgotten.
            let gone = self
                .members
                .iter()
                .filter(|m| m.seat.is_none() && m.peer.is_none() && m.id != self.host_member)
                .min_by_key(|m| m.away_since)
                .map(|m| m.id);
            self.members.retain(|m| Some(m.id) != gone);
        }
        if self.members.len() >= MAX_MEMBERS {
            send(
                out,
                peer,
                &ToGuest::Fatal {
                    fatal: Fatal::TableFull,
                },
            );
            out.push(Outgoing::Close { peer });
            self.links.remove(&peer);
            return Ok(());
        }
        let name = unique_name(&name, self.members.iter().map(|m| m.name.as_str()));
        let seat = if watch || self.phase != Phase::Lobby {
            None
        } else {
            self.seats
                .iter()
                .position(|s| *s == Slot::Open)
                .map(|i| Seat(i as u8))
        };
        let id = self.add_member(name, seat, now);
        self.attach(peer, id, now, out);
        Ok(())
    }

    fn intent(
        &mut self,
        id: MemberId,
        (game_no, step): (u32, u64),
        seat: Seat,
        input: Input,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        if self.phase != Phase::Playing || self.game.is_none() {
            return Err(Refusal::NoGame);
        }
        let yours = self
            .member(id)
            .and_then(|m| m.seat)
            .ok_or(Refusal::NotSeated)?;
        if seat != yours {
            return Err(Refusal::NotYourSeat { asked: seat, yours });
        }
        let asked = self
            .clocks
            .get(seat.index())
            .map_or(self.step, |c| c.asked_step);
        // The intent answers the decision now put to the seat only if it was sent for it:
        // this game, and a step no older than the moment the decision was put.
        if game_no != self.game_no || step < asked || step > self.step {
            return Err(Refusal::Stale {
                step,
                now: self.step,
            });
        }
        self.apply(seat, input, now).map_err(Refusal::from)?;
        self.flush(now, self.phase != Phase::Playing, true, out);
        Ok(())
    }

    fn chat(
        &mut self,
        id: MemberId,
        text: &str,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), Refusal> {
        let text = clean_chat(text).map_err(Refusal::Chat)?;
        let m = self.member_mut(id).ok_or(Refusal::NotJoined)?;
        if !m.chat.take(RateLimit::CHAT, now) {
            return Err(Refusal::Chat(super::chat::ChatError::RateLimited));
        }
        // R10.1: the host stamps the sender from the link; the message names nobody.
        let line = ChatLine {
            from: m.id,
            name: m.name.clone(),
            seat: m.seat,
            text,
            at: now,
        };
        self.push_log(Stored::Chat { line });
        self.flush(now, false, false, out);
        Ok(())
    }

    fn admin(
        &mut self,
        cmd: AdminCmd,
        now: u64,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), TableError> {
        let playing = self.phase == Phase::Playing;
        let mut game_changed = false;
        // Members whose view of the game changes (their seat did): they get a reset.
        let mut resync: Vec<MemberId> = Vec::new();
        let moves_seats = matches!(
            cmd,
            AdminCmd::SetSeatCount { .. }
                | AdminCmd::SetSeat { .. }
                | AdminCmd::Swap { .. }
                | AdminCmd::Sit { .. }
                | AdminCmd::Kick { .. }
        );
        if moves_seats && matches!(self.phase, Phase::Finished { .. }) {
            // After a game, changing seats goes back to the lobby and puts the finished
            // game away: a member moved to another seat must not read that seat's view of
            // it (its last hidden cards, R11). A rematch needs the same seats anyway.
            self.phase = Phase::Lobby;
            self.game = None;
            self.clocks.clear();
            game_changed = true;
            resync.extend(self.members.iter().map(|m| m.id));
        }
        match cmd {
            AdminCmd::SetSeatCount { count } => {
                if playing {
                    return Err(TableError::GameInProgress);
                }
                let count = usize::from(count);
                if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
                    return Err(TableError::SeatCount);
                }
                while self.seats.len() > count {
                    if let Some(Slot::Person { member }) = self.seats.pop()
                        && let Some(m) = self.member_mut(member)
                    {
                        m.seat = None;
                    }
                }
                while self.seats.len() < count {
                    self.seats.push(Slot::Open);
                }
                self.options = self.options.for_players(count);
            }
            AdminCmd::SetOptions { options } => {
                if playing {
                    return Err(TableError::GameInProgress);
                }
                // R1.4 decides what stands: a draft asked for at a table of more than two
                // is simply off (it comes back only by asking again at two seats).
                self.options = options.for_players(self.seats.len());
            }
            AdminCmd::SetTimers { timers } => {
                if !timers.valid() {
                    return Err(TableError::Timers);
                }
                self.timers = timers;
                game_changed = playing;
            }
            AdminCmd::SetDefaultBot { level } => self.default_bot = level,
            AdminCmd::SetSeat { seat, to } => {
                let slot = self
                    .seats
                    .get(seat.index())
                    .ok_or(TableError::NoSuchSeat(seat))?;
                if playing && !matches!(to, SeatSetting::Bot { .. }) {
                    return Err(TableError::OnlyBot);
                }
                if let Slot::Person { member } = *slot {
                    if let Some(m) = self.member_mut(member) {
                        m.seat = None;
                    }
                    resync.push(member);
                }
                self.seats[seat.index()] = match to {
                    SeatSetting::Open => Slot::Open,
                    SeatSetting::Bot { level } => Slot::Bot {
                        level,
                        name: bot_name(seat),
                    },
                };
                if playing && let SeatSetting::Bot { level } = to {
                    self.rebuild_bot(seat, level);
                }
            }
            AdminCmd::Swap { a, b } => {
                if playing {
                    return Err(TableError::GameInProgress);
                }
                for s in [a, b] {
                    if s.index() >= self.seats.len() {
                        return Err(TableError::NoSuchSeat(s));
                    }
                }
                self.seats.swap(a.index(), b.index());
                for s in [a, b] {
                    if let Some(Slot::Person { member }) = self.seats.get(s.index()).cloned()
                        && let Some(m) = self.member_mut(member)
                    {
                        m.seat = Some(s);
                    }
                }
            }
            AdminCmd::Sit { member, seat } => {
                let target = self
                    .seats
                    .get(seat.index())
                    .cloned()
                    .ok_or(TableError::NoSuchSeat(seat))?;
                let current = self
                    .member(member)
                    .ok_or(TableError::NoSuchMember(member))?
                    .seat;
                if playing {
                    // A watcher may take over a bot's seat; nobody may change seats, which
                    // would show them two seats' hidden cards (R11).
                    if current.is_some() || !matches!(target, Slot::Bot { .. }) {
                        return Err(TableError::SeatTaken);
                    }
                    // Nor by way of watching: one who held a seat in this game (and whose
                    // seat a bot took) may take back only that one.
                    if self.held.iter().any(|&(m, s)| m == member && s != seat) {
                        return Err(TableError::HeldAnotherSeat);
                    }
                    self.held.push((member, seat));
                } else if let Some(old) = current
                    && let Some(slot) = self.seats.get_mut(old.index())
                {
                    *slot = Slot::Open;
                }
                if let Slot::Person { member: other } = target
                    && other != member
                    && let Some(m) = self.member_mut(other)
                {
                    m.seat = None;
                    resync.push(other);
                }
                self.seats[seat.index()] = Slot::Person { member };
                if let Some(m) = self.member_mut(member) {
                    m.seat = Some(seat);
                }
                resync.push(member);
            }
            AdminCmd::Kick { member } => {
                if member == self.host_member {
                    return Err(TableError::KickHost);
                }
                let pos = self
                    .members
                    .iter()
                    .position(|m| m.id == member)
                    .ok_or(TableError::NoSuchMember(member))?;
                let m = self.members.remove(pos);
                self.banned.push(m.token.clone());
                if let Some(seat) = m.seat
                    && let Some(slot) = self.seats.get_mut(seat.index())
                {
                    *slot = if playing {
                        Slot::Bot {
                            level: self.default_bot,
                            name: bot_name(seat),
                        }
                    } else {
                        Slot::Open
                    };
                }
                if let Some(peer) = m.peer {
                    send(
                        out,
                        peer,
                        &ToGuest::Fatal {
                            fatal: Fatal::Kicked,
                        },
                    );
                    // A kick bans the token; the relay keeps the link's peer out too, so
                    // a hello without the token cannot bring the person straight back.
                    if peer != PeerId::LOCAL {
                        out.push(Outgoing::Ban { peer });
                    }
                    out.push(Outgoing::Close { peer });
                    self.links.remove(&peer);
                }
                self.push_log(Stored::Note {
                    note: Note::Kicked {
                        member,
                        name: m.name,
                    },
                });
            }
            AdminCmd::Start { first } => {
                if playing {
                    return Err(TableError::GameInProgress);
                }
                self.deal(first, now)?;
                return self.after_deal(now, out);
            }
            AdminCmd::Rematch => {
                let Phase::Finished { winner } = self.phase else {
                    return Err(TableError::NotFinished);
                };
                // The same people in the same seats: each seat's bot keeps what it learned
                // of the others' play.
                let memory: Vec<_> = self.bots.iter().map(|b| b.memory()).collect();
                // R2.4: in a rematch, the previous winner starts.
                self.deal(Some(winner), now)?;
                self.remembered = memory;
                self.remind_bots();
                return self.after_deal(now, out);
            }
            AdminCmd::Lock { locked } => self.locked = locked,
            AdminCmd::EndGame => {
                match self.phase {
                    Phase::Playing => {
                        let note = Note::GameEnded {
                            game_no: self.game_no,
                            winner: None,
                        };
                        self.push_log(Stored::Note { note });
                    }
                    // A finished game is put away (its note was logged when it ended).
                    Phase::Finished { .. } => {}
                    Phase::Lobby => return Err(TableError::NoGame),
                }
                self.phase = Phase::Lobby;
                self.game = None;
                self.clocks.clear();
                game_changed = true;
                resync.extend(self.members.iter().map(|m| m.id));
            }
            AdminCmd::AddBot { level } => {
                if playing {
                    return Err(TableError::GameInProgress);
                }
                let seat = match self.seats.iter().position(|s| matches!(s, Slot::Open)) {
                    Some(open) => open,
                    None if self.seats.len() < MAX_PLAYERS => {
                        self.seats.push(Slot::Open);
                        self.options = self.options.for_players(self.seats.len());
                        self.seats.len() - 1
                    }
                    None => return Err(TableError::SeatCount),
                };
                self.seats[seat] = Slot::Bot {
                    level,
                    name: bot_name(Seat(seat as u8)),
                };
            }
        }
        self.flush(now, true, game_changed, out);
        resync.sort();
        resync.dedup();
        for id in resync {
            if let Some(peer) = self.member(id).and_then(|m| m.peer) {
                self.sync(peer, now, out);
            }
        }
        Ok(())
    }

    fn after_deal(&mut self, now: u64, out: &mut Vec<Outgoing>) -> Result<(), TableError> {
        // Everyone's view changed wholesale and the old game's events are now read as a
        // watcher's: send each member the whole state.
        let peers: Vec<PeerId> = self
            .links
            .iter()
            .filter(|(_, l)| l.member.is_some())
            .map(|(p, _)| *p)
            .collect();
        for peer in peers {
            self.sync(peer, now, out);
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------
    // The game.
    // -----------------------------------------------------------------------------------

    /// Deals a game with the current seats (R2). Open seats become bots.
    fn deal(&mut self, first: Option<Seat>, now: u64) -> Result<(), TableError> {
        let players = self.seats.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(TableError::SeatCount);
        }
        if self.options.two_player_draft && players != 2 {
            return Err(TableError::DraftNeedsTwo);
        }
        if let Some(f) = first
            && f.index() >= players
        {
            return Err(TableError::NoSuchSeat(f));
        }
        let first = first.unwrap_or_else(|| Seat(self.rng.random_range(0..players) as u8));
        let default = self.default_bot;
        for (i, slot) in self.seats.iter_mut().enumerate() {
            if *slot == Slot::Open {
                *slot = Slot::Bot {
                    level: default,
                    name: bot_name(Seat(i as u8)),
                };
            }
        }
        let game = rules::deal(players as u8, self.options, first, &mut self.rng)
            .map_err(TableError::Deal)?;
        self.game_no += 1;
        self.game = Some(game);
        self.phase = Phase::Playing;
        self.step = 0;
        self.held = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| match slot {
                Slot::Person { member } => Some((*member, Seat(i as u8))),
                _ => None,
            })
            .collect();
        self.clocks = vec![Clock::default(); players];
        self.dealt.clear();
        self.truths.clear();
        self.bot_seeds = (0..players).map(|_| self.rng.next_u64()).collect();
        self.remembered.clear();
        self.rebuild_bots();
        let note = Note::GameStarted {
            game_no: self.game_no,
            first: Some(first),
        };
        self.push_log(Stored::Note { note });
        self.settle(None, now);
        Ok(())
    }

    /// Applies one input for `seat`; on error nothing changed.
    fn apply(
        &mut self,
        seat: Seat,
        input: Input,
        now: u64,
    ) -> Result<(), crate::engine::InputError> {
        let Some(game) = self.game.as_mut() else {
            return Err(crate::engine::InputError::GameOver);
        };
        let mut events = Vec::new();
        let before = *game.pending();
        game.apply(seat, input, &mut self.rng, &mut events)?;
        self.step += 1;
        let game_no = self.game_no;
        for event in events {
            self.push_log(Stored::Event { game_no, event });
        }
        self.settle(Some(before), now);
        Ok(())
    }

    /// After the game changed (from `before`, `None` at the deal): who owes what since
    /// when, and whether it is over.
    fn settle(&mut self, before: Option<Pending>, now: u64) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        // What the end reveals (R11.3), noted as it happens: the hands once all are dealt,
        // and each claim's truth the moment it came into play.
        let seats = self.seats.len();
        if self.dealt.is_empty() && (0..seats).all(|i| game.player(Seat(i as u8)).hand.len == 2) {
            self.dealt = (0..seats)
                .map(|i| game.player(Seat(i as u8)).hand.cards)
                .collect();
        }
        for c in game.claims().iter().skip(self.truths.len()) {
            let hand = game.player(c.player).hand;
            self.truths.push(Some(match c.card {
                Claimed::Card(card) => hand.find_hidden(card).is_some(),
                Claimed::NotDuke => hand.find_hidden(Card::Duke).is_none(),
            }));
        }
        if let Some(winner) = rules::winner(game) {
            self.phase = Phase::Finished { winner };
            self.clocks.iter_mut().for_each(|c| *c = Clock::default());
            let note = Note::GameEnded {
                game_no: self.game_no,
                winner: Some(winner),
            };
            self.push_log(Stored::Note { note });
            return;
        }
        let mut legal = Vec::new();
        let after = *game.pending();
        for (i, clock) in self.clocks.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            legal.clear();
            game.legal_inputs(seat, &mut legal);
            // The seat goes on answering the same decision only while others answer the
            // window (or the draft) it is answering; anything else is a new decision, with
            // its own step and its full time, even when the same inputs are legal again.
            let same = !legal.is_empty()
                && legal == clock.legal
                && before.is_some_and(|b| same_round(&b, &after, seat));
            if !same {
                clock.legal.clone_from(&legal);
                clock.asked_step = self.step;
                clock.asked_at = now;
            }
        }
    }

    /// The timer of a decision kind.
    fn timer(&self, kind: DecisionKind) -> Option<u64> {
        match kind {
            DecisionKind::Turn => self.timers.turn_ms,
            DecisionKind::Window => self.timers.window_ms,
            DecisionKind::Choice => self.timers.choice_ms,
        }
    }

    /// Whether a seat's decisions are made by its bot now.
    fn bot_plays(&self, seat: Seat) -> bool {
        match self.seats.get(seat.index()) {
            Some(Slot::Person { member }) => self.member(*member).is_none_or(|m| m.stand_in),
            _ => true,
        }
    }

    /// When `seat`'s current decision is due to be made automatically, and how.
    fn due_at(&self, seat: Seat) -> Option<(u64, Auto)> {
        if self.phase != Phase::Playing {
            return None;
        }
        let clock = self.clocks.get(seat.index())?;
        let kind = rules::kind_of(&clock.legal)?;
        let deadline = self.timer(kind).map(|ms| clock.asked_at.saturating_add(ms));
        if self.bot_plays(seat) {
            let at = clock.asked_at.saturating_add(self.timers.bot_delay_ms);
            return Some((deadline.map_or(at, |d| d.min(at)), Auto::Bot));
        }
        deadline.map(|d| (d, Auto::Timeout(kind)))
    }

    /// The seat whose automatic decision is due soonest, if it is due by `now`.
    fn due(&self, now: u64) -> Option<(Seat, Auto)> {
        (0..self.clocks.len())
            .filter_map(|i| self.due_at(Seat(i as u8)).map(|(t, how)| (t, i, how)))
            .filter(|(t, _, _)| *t <= now)
            .min_by_key(|(t, i, _)| (*t, *i))
            .map(|(_, i, how)| (Seat(i as u8), how))
    }

    /// Makes one automatic decision for `seat`; whether its bot thought about it.
    fn auto_play(&mut self, seat: Seat, how: Auto, now: u64) -> bool {
        let Some(clock) = self.clocks.get(seat.index()) else {
            return false;
        };
        let legal = clock.legal.clone();
        // R5: a window answer that runs out is a pass; anything else is the bot's.
        let input = match how {
            Auto::Timeout(DecisionKind::Window) => rules::pass_in(&legal),
            _ => None,
        };
        let thought = input.is_none();
        let input = input.or_else(|| self.bot_choice(seat, &legal));
        if let Auto::Timeout(kind) = how {
            self.push_log(Stored::Note {
                note: Note::TimedOut { seat, kind },
            });
        }
        let tried = input.into_iter().chain(legal.iter().copied());
        for input in tried {
            if self.apply(seat, input, now).is_ok() {
                return thought;
            }
        }
        // The engine refused every input it listed: a bug there. Stop asking this seat
        // rather than loop; the table can still end the game.
        if let Some(c) = self.clocks.get_mut(seat.index()) {
            *c = Clock::default();
        }
        thought
    }

    /// What the seat's bot plays, from the seat's view and legal inputs only.
    fn bot_choice(&mut self, seat: Seat, legal: &[Input]) -> Option<Input> {
        let game = self.game.as_ref()?;
        let view = game.view(seat);
        let bot = self.bots.get_mut(seat.index())?;
        let input = match self.bot_clock {
            None => rules::bot_decide(bot.as_mut(), &view, legal),
            // A clock that does not read as a number is no clock.
            Some(BotClock { now, .. }) if !now().is_finite() => {
                rules::bot_decide(bot.as_mut(), &view, legal)
            }
            Some(BotClock { now, millis }) => {
                // The decision takes exactly `millis`, whatever the bot did with it (see
                // `set_bot_clock`): what its cards made easy is not answered sooner.
                let start = now();
                let input = rules::bot_decide_within(bot.as_mut(), &view, legal, now, millis);
                rules::spin_until(now, start + millis);
                input
            }
        };
        // A bot that answers outside the legal inputs must not stall the table.
        if legal.contains(&input) {
            Some(input)
        } else {
            legal.first().copied()
        }
    }

    /// What the bot at `seat` has learned of the table's play (it carries into a rematch).
    pub fn bot_memory(&self, seat: Seat) -> Option<crate::bots::Model> {
        self.bots.get(seat.index()).and_then(|b| b.memory())
    }

    fn rebuild_bots(&mut self) {
        self.bots = (0..self.bot_seeds.len())
            .map(|i| {
                let level = match self.seats.get(i) {
                    Some(Slot::Bot { level, .. }) => *level,
                    _ => self.default_bot,
                };
                make_bot(level, self.bot_seeds.get(i).copied().unwrap_or(0))
            })
            .collect();
        self.remind_bots();
    }

    fn rebuild_bot(&mut self, seat: Seat, level: BotLevel) {
        let seed = self.bot_seeds.get(seat.index()).copied().unwrap_or(0);
        if let Some(b) = self.bots.get_mut(seat.index()) {
            *b = make_bot(level, seed);
            if let Some(Some(m)) = self.remembered.get(seat.index()) {
                b.remember(m);
            }
        }
    }

    /// Gives each seat's bot what it remembers of earlier games at the table.
    fn remind_bots(&mut self) {
        for (bot, m) in self.bots.iter_mut().zip(&self.remembered) {
            if let Some(m) = m {
                bot.remember(m);
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Members, links and what they are sent.
    // -----------------------------------------------------------------------------------

    fn add_member(&mut self, name: String, seat: Option<Seat>, now: u64) -> MemberId {
        let id = MemberId(self.next_member);
        self.next_member += 1;
        let token = new_token(&mut self.rng);
        if let Some(s) = seat
            && let Some(slot) = self.seats.get_mut(s.index())
        {
            *slot = Slot::Person { member: id };
        }
        self.push_log(Stored::Note {
            note: Note::Joined {
                member: id,
                name: name.clone(),
            },
        });
        self.members.push(Member {
            id,
            name,
            token,
            seat,
            peer: None,
            away_since: None,
            stand_in: false,
            chat: Bucket::new(RateLimit::CHAT, now),
        });
        id
    }

    /// Puts member `id` on `peer`'s link (a join or a return), replacing any older link,
    /// and sends it its welcome and the whole state; the others see the table change.
    fn attach(&mut self, peer: PeerId, id: MemberId, now: u64, out: &mut Vec<Outgoing>) {
        let Some(m) = self.member_mut(id) else {
            return;
        };
        let old_peer = m.peer.replace(peer);
        let returned = m.away_since.take().is_some();
        m.stand_in = false;
        let welcome = ToGuest::Welcome {
            member: id,
            name: m.name.clone(),
            token: m.token.clone(),
        };
        let name = m.name.clone();
        if let Some(old) = old_peer
            && old != peer
        {
            send(
                out,
                old,
                &ToGuest::Fatal {
                    fatal: Fatal::Replaced,
                },
            );
            out.push(Outgoing::Close { peer: old });
            self.links.remove(&old);
        }
        if returned {
            self.push_log(Stored::Note {
                note: Note::Returned { member: id, name },
            });
        }
        let link = self.links.entry(peer).or_insert_with(|| Link::new(now));
        link.member = Some(id);
        send(out, peer, &welcome);
        self.sync(peer, now, out);
        // The others: the table changed (a member arrived or came back).
        self.flush_except(now, true, false, Some(peer), out);
    }

    fn member(&self, id: MemberId) -> Option<&Member> {
        self.members.iter().find(|m| m.id == id)
    }

    fn member_mut(&mut self, id: MemberId) -> Option<&mut Member> {
        self.members.iter_mut().find(|m| m.id == id)
    }

    fn push_log(&mut self, item: Stored) {
        self.log.push(item);
        self.trim_log();
    }

    fn trim_log(&mut self) {
        if self.log.len() > MAX_LOG {
            let drop = self.log.len() - MAX_LOG;
            self.log.drain(..drop);
            self.log_start += drop as u64;
        }
    }

    fn log_end(&self) -> u64 {
        self.log_start + self.log.len() as u64
    }

    /// The seat a member reads the current game as, if any.
    fn viewer_of(&self, id: MemberId) -> Option<Seat> {
        self.game.as_ref()?;
        self.member(id).and_then(|m| m.seat)
    }

    /// A log entry as member `id` may read it; `None` if it may not see it at all.
    fn entry_for(&self, n: u64, stored: &Stored, viewer: Option<Seat>) -> Option<LogEntry> {
        let item = match stored {
            Stored::Event { game_no, event } => {
                // Events of past games are read as a watcher would: the seats have moved.
                let viewer = if *game_no == self.game_no {
                    viewer
                } else {
                    None
                };
                let event = rules::redact(event, viewer);
                LogItem::Event {
                    game_no: *game_no,
                    event,
                }
            }
            Stored::Chat { line } => LogItem::Chat { line: line.clone() },
            Stored::Note { note } => LogItem::Note { note: note.clone() },
        };
        Some(LogEntry { n, item })
    }

    fn log_for(&self, from: u64, viewer: Option<Seat>) -> Vec<LogEntry> {
        let skip = from.saturating_sub(self.log_start) as usize;
        self.log
            .iter()
            .enumerate()
            .skip(skip)
            .filter_map(|(i, s)| self.entry_for(self.log_start + i as u64, s, viewer))
            .collect()
    }

    fn game_info(&self, id: MemberId) -> Option<GameInfo> {
        let game = self.game.as_ref()?;
        let seat = self.viewer_of(id);
        let mut view = match seat {
            Some(s) => game.view(s),
            None => game.spectator_view(),
        };
        // The events travel once, in the log; the guest puts them back into its view.
        view.events.clear();
        let legal = match (seat, self.phase) {
            (Some(s), Phase::Playing) => self
                .clocks
                .get(s.index())
                .map(|c| c.legal.clone())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        let deadlines = if self.phase == Phase::Playing {
            self.clocks
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    let kind = rules::kind_of(&c.legal)?;
                    let at = self.timer(kind).map(|ms| c.asked_at.saturating_add(ms));
                    Some(Deadline {
                        seat: Seat(i as u8),
                        at,
                        kind,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        // R11.3: once the game is over, and never before, nothing is hidden any more.
        let reveal = matches!(game.pending(), Pending::GameOver { .. }).then(|| Reveal {
            dealt: self.dealt.clone(),
            hands: (0..self.seats.len())
                .map(|i| game.player(Seat(i as u8)).hand.cards)
                .collect(),
            claims: (0..game.claims().len())
                .map(|i| self.truths.get(i).copied().flatten())
                .collect(),
        });
        Some(GameInfo {
            game_no: self.game_no,
            step: self.step,
            seat,
            view,
            legal,
            deadlines,
            reveal,
        })
    }

    fn table_info(&self) -> TableInfo {
        let info = |m: &Member| MemberInfo {
            id: m.id,
            name: m.name.clone(),
            connected: m.peer.is_some(),
        };
        let seats = self
            .seats
            .iter()
            .map(|slot| match slot {
                Slot::Open => SeatInfo::Open,
                Slot::Bot { level, name } => SeatInfo::Bot {
                    level: *level,
                    name: name.clone(),
                },
                Slot::Person { member } => match self.member(*member) {
                    Some(m) => SeatInfo::Person {
                        member: info(m),
                        stand_in: m.stand_in,
                    },
                    None => SeatInfo::Open,
                },
            })
            .collect();
        let watchers = self
            .members
            .iter()
            .filter(|m| m.seat.is_none())
            .map(info)
            .collect();
        TableInfo {
            phase: self.phase,
            seats,
            watchers,
            options: self.options,
            timers: self.timers,
            default_bot: self.default_bot,
            host: self.host_member,
            game_no: self.game_no,
            locked: self.locked,
        }
    }

    /// Sends `peer` the whole state: table, game and log.
    fn sync(&mut self, peer: PeerId, now: u64, out: &mut Vec<Outgoing>) {
        let Some(id) = self.links.get(&peer).and_then(|l| l.member) else {
            return;
        };
        let viewer = self.viewer_of(id);
        let mut log = self.log_for(self.log_start, viewer);
        let full = log.len();
        self.compact_reset_log(&mut log);
        let mut update = Update {
            reset: true,
            host_now: now,
            table: Some(self.table_info()),
            game: self.game_info(id),
            log: Vec::new(),
            log_truncated: log.len() < full,
        };
        // Keep the message under the data channel's limit: drop the oldest entries until
        // it fits (the view carries everything the rules need).
        let mut text;
        loop {
            update.log = std::mem::take(&mut log);
            text = encode(&ToGuest::Update(Box::new(update.clone())));
            if text.len() <= MAX_TO_GUEST_BYTES || update.log.is_empty() {
                break;
            }
            let keep = update.log.len() / 2;
            let drop = update.log.len() - keep;
            log = update.log.split_off(drop);
            update.log_truncated = true;
        }
        out.push(Outgoing::Send { to: peer, text });
        let end = self.log_end();
        if let Some(link) = self.links.get_mut(&peer) {
            link.next_log = end;
        }
    }

    /// Keeps, of a whole-state log, the current game's events (the view is rebuilt from
    /// them) and the newest other entries up to [`RESET_LOG_BYTES`].
    fn compact_reset_log(&self, log: &mut Vec<LogEntry>) {
        let current = self.game.as_ref().map(|_| self.game_no);
        let mut budget = RESET_LOG_BYTES;
        let mut keep = vec![true; log.len()];
        for (i, entry) in log.iter().enumerate().rev() {
            if matches!(entry.item, LogItem::Event { game_no, .. } if Some(game_no) == current) {
                continue;
            }
            let size = serde_json::to_string(entry).map_or(usize::MAX, |s| s.len());
            if size <= budget {
                budget -= size;
            } else {
                budget = 0;
                keep[i] = false;
            }
        }
        let mut flags = keep.into_iter();
        log.retain(|_| flags.next().unwrap_or(false));
    }

    /// Sends every member what changed: the table if `table`, its game view if `game`, and
    /// the log entries it has not had.
    fn flush(&mut self, now: u64, table: bool, game: bool, out: &mut Vec<Outgoing>) {
        self.flush_except(now, table, game, None, out);
    }

    fn flush_except(
        &mut self,
        now: u64,
        table: bool,
        game: bool,
        except: Option<PeerId>,
        out: &mut Vec<Outgoing>,
    ) {
        let end = self.log_end();
        let table_info = table.then(|| self.table_info());
        let peers: Vec<(PeerId, MemberId, u64)> = self
            .links
            .iter()
            .filter(|(p, _)| Some(**p) != except)
            .filter_map(|(p, l)| l.member.map(|m| (*p, m, l.next_log)))
            .collect();
        for (peer, id, next) in peers {
            let log = self.log_for(next.max(self.log_start), self.viewer_of(id));
            let game_info = if game { self.game_info(id) } else { None };
            if table_info.is_none() && game_info.is_none() && log.is_empty() {
                continue;
            }
            let update = Update {
                reset: false,
                host_now: now,
                table: table_info.clone(),
                game: game_info,
                log,
                log_truncated: false,
            };
            let text = encode(&ToGuest::Update(Box::new(update)));
            if text.len() > MAX_TO_GUEST_BYTES {
                // Too much at once for a data channel (a very long burst of entries): send
                // the whole state instead, which trims the log to fit.
                self.sync(peer, now, out);
                continue;
            }
            out.push(Outgoing::Send { to: peer, text });
            if let Some(link) = self.links.get_mut(&peer) {
                link.next_log = end;
            }
        }
    }

    /// Checks what a snapshot cannot promise by its types.
    fn check(&self) -> Result<(), RestoreError> {
        if !(2..=10).contains(&self.seats.len()) {
            return Err(RestoreError::Inconsistent("seat count"));
        }
        if self.member(self.host_member).is_none() {
            return Err(RestoreError::Inconsistent("no host member"));
        }
        if self.game.is_some() && self.clocks.len() != self.seats.len() {
            return Err(RestoreError::Inconsistent("clocks"));
        }
        if self.remembered.len() > self.seats.len()
            || self
                .remembered
                .iter()
                .flatten()
                .any(|m| usize::from(m.players) > crate::engine::MAX_PLAYERS)
        {
            return Err(RestoreError::Inconsistent("remembered"));
        }
        for m in &self.members {
            if let Some(s) = m.seat
                && self.seats.get(s.index()) != Some(&Slot::Person { member: m.id })
            {
                return Err(RestoreError::Inconsistent("member seat"));
            }
        }
        Ok(())
    }
}

impl Link {
    fn new(now: u64) -> Link {
        Link {
            member: None,
            bucket: Bucket::new(RateLimit::MESSAGES, now),
            next_log: 0,
            sync: Bucket::new(SYNC_LIMIT, now),
        }
    }
}

/// Whether `seat`, owing an answer in `before`, still owes the same round in `after`:
/// the same window (kind and seats asked) or the same draft, with the answers given so far
/// kept and one more given by someone else. A window that closed and another that opened,
/// even of the same kind, is a new round: it starts with no answers.
fn same_round(before: &Pending, after: &Pending, seat: Seat) -> bool {
    let owes = |p: &Pending| p.owes();
    let shrank = {
        let (b, a) = (owes(before), owes(after));
        b.contains(seat) && a.contains(seat) && a.len() < b.len() && a.iter().all(|s| b.contains(s))
    };
    match (before, after) {
        (Pending::Respond { window: b }, Pending::Respond { window: a }) => {
            shrank
                && a.kind == b.kind
                && a.asked == b.asked
                && b.answers
                    .iter()
                    .zip(a.answers.iter())
                    .all(|(was, is)| was.is_none() || was == is)
        }
        (Pending::Draft { picks: b, .. }, Pending::Draft { picks: a, .. }) => {
            shrank
                && b.iter()
                    .zip(a.iter())
                    .all(|(was, is)| was.is_none() || was == is)
        }
        _ => false,
    }
}

/// A bot's name: one of its own per seat, short enough for a phone's seat (the interface
/// says beside it that it is a bot, and its level).
fn bot_name(seat: Seat) -> String {
    const NAMES: [&str; MAX_PLAYERS] = [
        "Ada", "Bram", "Cleo", "Dov", "Esra", "Fitz", "Gia", "Hal", "Ines", "Juno",
    ];
    NAMES
        .get(seat.index())
        .map_or_else(|| format!("Bot {}", seat.0 + 1), |n| (*n).to_owned())
}

/// 128 random bits as hex: unguessable, and plain ASCII for storage.
fn new_token(rng: &mut ChaCha8Rng) -> String {
    let mut bytes = [0u8; 16];
    rng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn send(out: &mut Vec<Outgoing>, to: PeerId, msg: &ToGuest) {
    out.push(Outgoing::Send {
        to,
        text: encode(msg),
    });
}

fn refuse(out: &mut Vec<Outgoing>, to: PeerId, refusal: Refusal) {
    send(out, to, &ToGuest::Refused { refusal });
}

/// The RNG in a snapshot: its seed, stream and position, so a restored host draws exactly
/// what the original would have.
mod rng_serde {
    use rand_chacha::ChaCha8Rng;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct State {
        seed: [u8; 32],
        stream: u64,
        /// The 128-bit word position, high and low halves (JSON numbers are not 128-bit).
        pos: [u64; 2],
    }

    pub fn serialize<S: Serializer>(rng: &ChaCha8Rng, s: S) -> Result<S::Ok, S::Error> {
        let pos = rng.get_word_pos();
        State {
            seed: rng.get_seed(),
            stream: rng.get_stream(),
            pos: [(pos >> 64) as u64, pos as u64],
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ChaCha8Rng, D::Error> {
        use rand::SeedableRng;
        let st = State::deserialize(d)?;
        let mut rng = ChaCha8Rng::from_seed(st.seed);
        rng.set_stream(st.stream);
        rng.set_word_pos((u128::from(st.pos[0]) << 64) | u128::from(st.pos[1]));
        Ok(rng)
    }
}
