//! [`Host`]: the table's authority, as a sans-I/O state machine (the referee runs one
//! behind its port, [`crate::session::port`]).
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

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

mod admin;
mod game;
mod keeper;
mod log;
mod members;
mod messages;
pub(crate) mod play;
mod recovery;
mod snapshot;

use super::chat::{Bucket, RateLimit, Reaction};
use super::fair::engine::FairMaker;
use super::names::{NameError, validate_name};
use super::protocol::{
    BotLevel, ChatLine, DecisionKind, Fatal, MAX_FAIR_TO_HOST_BYTES, MAX_TO_HOST_BYTES, MemberId,
    Note, PeerId, Phase, Refusal, TableId, TableInfo, Timers, ToGuest, ToHost, WireError, decode,
    encode,
};
use super::rules::Bot;
use crate::engine::{Card, Event, Game, Input, MAX_PLAYERS, Options, Seat};
use play::{Play, StandIn};

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
    /// Give the relay the room's part of the recovery key (`epoch.part`), replacing the
    /// one it holds: it hands it to the page it makes the next host
    /// ([`crate::session::recovery`]).
    Deposit { part: String },
    /// The person on `peer`'s link was removed for good: ask the relay to keep that link's
    /// relay peer out of the room for the rest of it (its `kick`). The link may have
    /// ended already (a person removed while away is banned through their last link,
    /// which the relay still knows); while it is open, a [`Outgoing::Close`] follows.
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
    #[error("the snapshot holds a fair game, and the fair deal's code is not loaded here")]
    FairUnavailable,
}

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// Who holds a seat, as the host keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum Slot {
    Open,
    Bot { level: BotLevel, name: String },
    Person { member: MemberId },
}
}

/// A person at the table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Member {
    id: MemberId,
    name: String,
    /// The secret that takes this member's place back; sent to it alone.
    token: String,
    pub(crate) seat: Option<Seat>,
    /// The link it is on; `None` while away. Cleared on restore (links do not survive).
    peer: Option<PeerId>,
    /// The last link it was on, kept while it is away: a removal bans that link's relay
    /// peer even when the person is not there to be closed. Not stored: the transport's
    /// link ids do not outlive the page.
    #[serde(skip)]
    last_link: Option<PeerId>,
    /// When it dropped: the grace period runs from here.
    pub(crate) away_since: Option<u64>,
    /// The grace period ran out: the seat's bot answers for it until it returns.
    pub(crate) stand_in: bool,
    /// It came to play (not to watch) and no seat was open, or it lost its seat when the
    /// table shrank: in the lobby it takes the first seat that opens, those who have
    /// waited longest first ([`Host::seat_waiting`]).
    #[serde(default)]
    waiting: bool,
    /// Chat rate limit.
    chat: Bucket,
    /// Reactions' rate limit (full in a snapshot from before reactions).
    #[serde(default = "react_bucket")]
    react: Bucket,
}

fn react_bucket() -> Bucket {
    Bucket::new(RateLimit::REACT, 0)
}

/// What one seat owes and since when.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Clock {
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
pub(crate) enum Stored {
    Event { game_no: u32, event: Event },
    Chat { line: ChatLine },
    React {
        line: u64,
        from: MemberId,
        reaction: Reaction,
        on: bool,
    },
    Note { note: Note },
    /// A fair game's record or signed answer, base64url, relayed to every member as is.
    Fair { game_no: u32, record: String },
    FairAnswer { game_no: u32, answer: String },
    FairDecision {
        game_no: u32,
        seat: Seat,
        input: Input,
        signature: Option<String>,
    },
    /// A fair game's record, answer or decision that a recovery copy leaves out: every
    /// guest was sent it under this entry's number, and the page that takes the table
    /// over puts it back from its own log (`Host::take_over`). Never in a running host's
    /// log, nor sent.
    Relayed { game_no: u32 },
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

/// The authority of one table. Serializes whole (see [`Host::snapshot`]).
#[derive(Serialize, Deserialize)]
pub struct Host {
    /// Every shuffle, token and bot seed comes from here.
    #[serde(with = "rng_serde")]
    pub(crate) rng: ChaCha8Rng,
    members: Vec<Member>,
    next_member: u32,
    /// The host's own member, on [`PeerId::LOCAL`].
    host_member: MemberId,
    /// Tokens of kicked members: they may not come back.
    banned: Vec<String>,
    /// Closed to newcomers: only members with a token may (re)join.
    #[serde(default)]
    locked: bool,
    /// The table's random id, which every fair game's proofs are bound to (sent in
    /// `welcome`). Drawn from the seed's second stream, so the table's other draws are
    /// those of a table without it.
    #[serde(default)]
    pub(crate) table_id: TableId,
    /// Fair deal ([`AdminCmd::SetFair`](super::protocol::AdminCmd::SetFair)).
    #[serde(default)]
    fair: bool,
    pub(crate) seats: Vec<Slot>,
    pub(crate) options: Options,
    pub(crate) timers: Timers,
    default_bot: BotLevel,
    pub(crate) phase: Phase,
    pub(crate) game_no: u32,
    /// The game in progress or just over: the plain referee, or the fair one (public
    /// only). Stored under `game` or `fair_game`.
    #[serde(flatten, with = "play")]
    pub(crate) play: Option<play::Play>,
    /// Inputs applied in this game.
    pub(crate) step: u64,
    /// Who has held which seat in this game: a person sees one seat's hand in a game,
    /// never two (R11), so nobody moves to another seat until the next deal.
    #[serde(default)]
    held: Vec<(MemberId, Seat)>,
    pub(crate) clocks: Vec<Clock>,
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
    /// What seals the table's recovery copies, when the room hands the table over
    /// ([`Host::set_handover`]).
    #[serde(skip)]
    keeper: Option<keeper::Keeper>,
    /// What makes a fair game's referee, if this host was given it
    /// ([`Host::set_fair_maker`]): without it, the table never deals fairly.
    #[serde(skip)]
    pub(crate) fair_maker: Option<FairMaker>,
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
        let table_id = table_id_of(&rng);
        let mut host = Host {
            rng,
            members: Vec::new(),
            next_member: 0,
            host_member: MemberId(0),
            banned: Vec::new(),
            locked: false,
            table_id: TableId::default(),
            fair: false,
            seats: vec![Slot::Open, Slot::Open],
            options: Options::default(),
            timers: Timers::default(),
            default_bot: BotLevel::default(),
            phase: Phase::Lobby,
            game_no: 0,
            play: None,
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
            fair_maker: None,
            keeper: None,
        };
        host.table_id = table_id;
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

    /// A link's page is known to be gone (its tab closed): its member is away, and past
    /// the grace period already, so the seat's stand-in answers for it from the next tick
    /// until it is back. A fair room has no stand-in (a seat past its grace forfeits,
    /// docs/FAIR-DEAL.md, section 6): there the grace runs as for any link that closed.
    /// The link may have ended already (its close came before the word that its page
    /// left): the member whose last link it was is the one gone.
    pub fn gone(&mut self, peer: PeerId, now: u64) -> Vec<Outgoing> {
        let out = self.disconnect(peer, now);
        let grace = self.timers.grace_ms;
        let fair = self.fair_table();
        if let Some(m) = self.members.iter_mut().find(|m| m.last_link == Some(peer))
            && m.peer.is_none()
            && m.away_since.is_some()
            && !fair
        {
            m.away_since = Some(now.saturating_sub(grace));
        }
        out
    }

    /// One message arrived on `peer`'s link.
    pub fn handle(&mut self, peer: PeerId, text: &str, now: u64) -> Vec<Outgoing> {
        let mut out = Vec::new();
        // A fair room reads records (a shuffle of 25 cards is about 8 KiB in base64).
        let limit = if self.fair_table() {
            MAX_FAIR_TO_HOST_BYTES
        } else {
            MAX_TO_HOST_BYTES
        };
        let link = self.links.entry(peer).or_insert_with(|| Link::new(now));
        if !link.bucket.take(RateLimit::MESSAGES, now) {
            refuse(&mut out, peer, Refusal::RateLimited);
            return out;
        }
        let msg = match decode::<ToHost>(text, limit) {
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
            // For a page taking the table over; this one already runs it.
            (ToHost::RecoveryShare { .. }, _) => Ok(()),
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
                    signature,
                },
                Some(id),
            ) => self.intent(id, (game_no, step), seat, (input, signature), now, &mut out),
            (ToHost::Chat { text }, Some(id)) => self.chat(id, &text, now, &mut out),
            (ToHost::React { line, reaction }, Some(id)) => {
                self.react(id, line, reaction, now, &mut out)
            }
            (ToHost::Fair { game_no, record }, Some(id)) => {
                self.fair_record(id, game_no, record, now, &mut out)
            }
            (ToHost::FairAnswer { game_no, answer }, Some(id)) => {
                self.fair_answer(id, game_no, answer, now, &mut out)
            }
            (ToHost::Admin { cmd }, Some(id)) => {
                if peer == PeerId::LOCAL && id == self.host_member {
                    self.admin(cmd, now, &mut out).map_err(Refusal::Table)
                } else {
                    Err(Refusal::NotHost)
                }
            }
            (ToHost::Sync { from }, Some(_)) => {
                let allowed = self
                    .links
                    .get_mut(&peer)
                    .is_some_and(|l| l.sync.take(SYNC_LIMIT, now));
                if allowed {
                    self.sync(peer, from, now, &mut out);
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
        // Grace periods matter only while a game asks for decisions, or a fair game just
        // over still waits for secrets; in the lobby an absent person simply keeps the
        // seat.
        let playing = self.phase == Phase::Playing || self.fair_secrets_due();
        let stand_in = self.stand_in();
        let mut departed = Vec::new();
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
                    // A fair seat has no bot to stand in: past its grace the person has
                    // left for good and the seat forfeits (docs/FAIR-DEAL.md, section 6).
                    if stand_in == StandIn::CardBlind {
                        departed.push(seat);
                    } else {
                        self.log.push(Stored::Note {
                            note: Note::StandIn { seat },
                        });
                    }
                }
            }
        }
        self.trim_log();
        let phase = self.phase;
        let mut game_changed = false;
        if !departed.is_empty() {
            self.fair_depart(&departed, now);
            game_changed = true;
        }
        if playing && self.fair_stalled(now) {
            game_changed = true;
        }
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
        let waiting = self.phase == Phase::Playing || self.fair_secrets_due();
        for m in self.members.iter().filter(|_| waiting) {
            if let (Some(since), false, Some(_)) = (m.away_since, m.stand_in, m.seat) {
                consider(since.saturating_add(self.timers.grace_ms));
            }
        }
        for i in 0..self.clocks.len() {
            if let Some((t, _)) = self.due_at(Seat::at(i)) {
                consider(t);
            }
        }
        if waiting && let Some(t) = self.fair_stall_deadline() {
            consider(t);
        }
        next
    }

    // -----------------------------------------------------------------------------------
    // Read access for the page and for tests.
    // -----------------------------------------------------------------------------------

    /// The game in progress or just finished. For the host's page this is the referee's
    /// state: show the local player only what its guest receives. In a fair room there
    /// is none: the referee holds no card (see [`Host::fair_referee`]).
    pub fn game(&self) -> Option<&Game> {
        self.play.as_ref()?.hands()
    }

    /// A fair room's referee: its engine runs on stand-ins (hidden cards that mean
    /// nothing) and its ledger is public.
    pub fn fair_referee(&self) -> Option<&crate::fair::FairReferee> {
        self.play.as_ref()?.fair()?.referee()
    }

    /// Lets this table deal fairly: `maker` makes each fair game's referee
    /// ([`fair_engine`](crate::session::fair_engine)). A host has none until given one; without it the fair deal is
    /// refused at the deal, and a fair game is not restored.
    pub fn set_fair_maker(&mut self, maker: Option<FairMaker>) {
        self.fair_maker = maker;
    }

    /// Whether the table will need the fair deal's code: it deals fairly, or holds a fair
    /// game; and it has no [`FairMaker`] yet.
    pub fn wants_fair_maker(&self) -> bool {
        self.fair_maker.is_none() && self.fair_table()
    }

    /// Whether the table deals fairly (docs/FAIR-DEAL.md).
    pub fn is_fair(&self) -> bool {
        self.fair
    }

    /// The game the rules run on: the plain game, or a fair game's stand-ins (whose
    /// public parts are the game's and whose hidden cards mean nothing).
    pub(crate) fn game_ref(&self) -> Option<&Game> {
        self.play.as_ref()?.rules()
    }

    /// Who decides for a seat its person does not, in the game in play (a bot when
    /// there is none).
    fn stand_in(&self) -> StandIn {
        self.play.as_ref().map_or(StandIn::Bot, Play::stand_in)
    }

    /// Whether the table deals fairly or holds a fair game: no bot stands in for a
    /// person, and its messages may carry records.
    fn fair_table(&self) -> bool {
        self.fair || self.play.as_ref().is_some_and(|p| p.fair().is_some())
    }

    /// The table's random id (sent in `welcome`).
    pub fn table_id(&self) -> TableId {
        self.table_id
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

    /// Ends `peer`'s link for good, saying why: the fatal message, then (when `ban`, for a
    /// peer of the relay) the relay's ban, then the close; the link is forgotten.
    fn dismiss(&mut self, peer: PeerId, fatal: Fatal, ban: bool, out: &mut Vec<Outgoing>) {
        send(out, peer, &ToGuest::Fatal { fatal });
        if ban && peer != PeerId::LOCAL {
            out.push(Outgoing::Ban { peer });
        }
        out.push(Outgoing::Close { peer });
        self.links.remove(&peer);
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

/// The table's id: 32 bytes of the seed's second stream, so as unguessable as the seed
/// while the first stream (tokens, deals, bots) draws what it drew before the id existed.
fn table_id_of(rng: &ChaCha8Rng) -> TableId {
    let mut ids = ChaCha8Rng::from_seed(rng.get_seed());
    ids.set_stream(rng.get_stream().wrapping_add(1));
    let mut id = [0u8; 32];
    ids.fill_bytes(&mut id);
    TableId(id)
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
    out.push(refusal_for(to, refusal));
}

/// What the host sends `to` when it refuses what it sent.
pub(super) fn refusal_for(to: PeerId, refusal: Refusal) -> Outgoing {
    Outgoing::Send {
        to,
        text: encode(&ToGuest::Refused { refusal }),
    }
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
