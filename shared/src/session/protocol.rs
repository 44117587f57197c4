//! The peer protocol, version [`PROTOCOL_VERSION`] (`shared/PEER-PROTOCOL.md`).
//!
//! Every message is one JSON object in one data-channel text message:
//! `{"v": 3, "msg": {"type": "...", ...}}`. The version is read on its own first, so a peer
//! of another version gets a clear [`Fatal::VersionMismatch`] instead of a parse error it
//! cannot explain. The size is checked before anything is parsed.
//!
//! Guests send [`ToHost`]; the host sends [`ToGuest`]. The host's own player is a guest on
//! the local link ([`PeerId::LOCAL`]), so the interface has one path for everyone.

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::chat::{ChatError, Reaction};
use super::names::NameError;
use crate::engine::{Card, Claimed, Event, Input, InputError, Options, Seat, View};
use crate::relay::RoomCode;

impl From<InputError> for Refusal {
    fn from(e: InputError) -> Refusal {
        Refusal::Illegal {
            code: e.code().to_owned(),
            message: e.to_string(),
        }
    }
}

/// The version every message carries in `v`.
pub const PROTOCOL_VERSION: u32 = 7;

/// The largest message a guest may send. The longest legitimate one is a chat line of
/// 280 characters of up to 4 bytes, escaped; 4 KiB leaves room and bounds the parser.
pub const MAX_TO_HOST_BYTES: usize = 4 * 1024;

/// The largest message a guest may send in a fair room (docs/FAIR-DEAL.md, section 3): a
/// shuffle of 25 cards is 5,985 bytes, about 8 KiB in base64.
pub const MAX_FAIR_TO_HOST_BYTES: usize = 12 * 1024;

/// The table's random id (32 bytes from the host's RNG), written as 64 lowercase hex
/// digits. Every proof of a fair game is bound to it (docs/FAIR-DEAL.md, section 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TableId(pub [u8; 32]);

impl Serialize for TableId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let hex: String = self.0.iter().map(|b| format!("{b:02x}")).collect();
        s.serialize_str(&hex)
    }
}

impl<'de> Deserialize<'de> for TableId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TableId, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
        let digit = |c: u8| match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        };
        let bytes = text.as_bytes();
        let mut id = [0u8; 32];
        if bytes.len() != 64 {
            return Err(serde::de::Error::custom(
                "a table id is 64 lowercase hex digits",
            ));
        }
        for (i, pair) in bytes.chunks(2).enumerate() {
            match (digit(pair[0]), digit(pair[1])) {
                (Some(h), Some(l)) => id[i] = (h << 4) | l,
                _ => {
                    return Err(serde::de::Error::custom(
                        "a table id is 64 lowercase hex digits",
                    ));
                }
            }
        }
        Ok(TableId(id))
    }
}

/// The largest message the host sends: a full resynchronisation (view and log) must fit.
/// 256 KiB is the message size every current browser's data channel accepts.
pub const MAX_TO_GUEST_BYTES: usize = 256 * 1024;

/// One end of a link as the transport names it. The transport picks the numbers; the
/// host's own player is always [`PeerId::LOCAL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PeerId(pub u64);

impl PeerId {
    /// The host's own player, on the in-page link.
    pub const LOCAL: PeerId = PeerId(0);
}

/// A member of the table: a person who said hello, seated or watching. Stable across
/// reconnections (the seat token finds it again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MemberId(pub u32);

/// The strength of a bot (`shared::bots` defines what each level does).
pub use crate::bots::BotLevel;

/// The envelope around every message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<T> {
    pub v: u32,
    pub msg: T,
}

/// Only the version, read before the rest so a mismatch is named as such.
#[derive(Deserialize)]
struct VersionProbe {
    v: u32,
}

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// Why an incoming text was not a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WireError {
    #[error("the message is {size} bytes; the limit is {limit}")]
    TooLarge { size: usize, limit: usize },
    #[error("the message speaks protocol version {theirs}; this side speaks {ours}")]
    VersionMismatch { theirs: u32, ours: u32 },
    #[error("the message is not valid: {detail}")]
    Malformed { detail: String },
}
}

/// Whether `text` is within `limit` bytes, the first thing [`decode`] checks.
pub fn fits(text: &str, limit: usize) -> Result<(), WireError> {
    if text.len() > limit {
        return Err(WireError::TooLarge {
            size: text.len(),
            limit,
        });
    }
    Ok(())
}

/// Reads one message: size first, then the version, then the body.
pub fn decode<T: DeserializeOwned>(text: &str, limit: usize) -> Result<T, WireError> {
    fits(text, limit)?;
    let probe: VersionProbe = serde_json::from_str(text).map_err(malformed)?;
    if probe.v != PROTOCOL_VERSION {
        return Err(WireError::VersionMismatch {
            theirs: probe.v,
            ours: PROTOCOL_VERSION,
        });
    }
    let env: Envelope<T> = serde_json::from_str(text).map_err(malformed)?;
    Ok(env.msg)
}

/// Writes one message in its envelope.
pub fn encode<T: Serialize>(msg: &T) -> String {
    #[derive(Serialize)]
    struct Ref<'a, T> {
        v: u32,
        msg: &'a T,
    }
    // Serialising these plain data types cannot fail: no maps with non-string keys, no
    // fallible Serialize impls. An empty string would be refused by the peer as malformed.
    serde_json::to_string(&Ref {
        v: PROTOCOL_VERSION,
        msg,
    })
    .unwrap_or_default()
}

pub(crate) fn malformed(e: serde_json::Error) -> WireError {
    // serde_json's messages can quote the input; keep the detail short so a refusal never
    // echoes a large payload back.
    let mut detail = e.to_string();
    if detail.len() > 160 {
        let mut cut = 160;
        while !detail.is_char_boundary(cut) {
            cut -= 1;
        }
        detail.truncate(cut);
    }
    WireError::Malformed { detail }
}

// ---------------------------------------------------------------------------------------
// Guest → host
// ---------------------------------------------------------------------------------------

tag_first! {
tag "type" (internal), names #[serde(rename_all = "snake_case")];
/// A message from a guest (or the host's own player on the local link) to the host.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToHost {
    /// Join the table, or take one's place back with the token from [`ToGuest::Welcome`].
    /// `watch` asks to watch rather than take an open seat.
    Hello {
        name: String,
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        watch: bool,
    },
    /// Play `input` for `seat`. `game_no` and `step` are the [`GameInfo`]'s the guest
    /// decided on: an intent for a decision that has since passed (in this game or an
    /// earlier one) is refused as stale, so a repeated or replayed message never plays
    /// twice.
    Intent {
        game_no: u32,
        seat: Seat,
        step: u64,
        input: Input,
        /// A fair room: the seat's signature of the decision (docs/FAIR-DEAL.md, section
        /// 1), base64url; absent elsewhere.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signature: Option<String>,
    },
    /// Say something at the table. The host adds who said it.
    Chat { text: String },
    /// Turn one's `reaction` to the chat line at log entry `line` on, or off if it was on.
    /// The host adds who reacted.
    React { line: u64, reaction: Reaction },
    /// A host command; accepted only from the local link.
    Admin { cmd: AdminCmd },
    /// Ask for the current state again (after a message the guest could not use). With
    /// `from`, the number of the next log entry the guest does not hold: the host sends the
    /// table, the game and the entries from there, so a sync costs what is missing. Without
    /// it, or from an entry the host no longer keeps, the whole state.
    Sync {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<u64>,
    },
    /// A fair room: one record of the sender's seat for game `game_no`, in the canonical
    /// binary form (docs/FAIR-DEAL.md, section 3), as base64url without padding.
    Fair { game_no: u32, record: String },
    /// A fair room: the sender's seat's signed answer to a rule that reads its hidden
    /// cards (docs/FAIR-DEAL.md, section 4), base64url.
    FairAnswer { game_no: u32, answer: String },
    /// To a page that takes the table over from a host whose page is gone (the relay
    /// made it the host): the sender's share of the recovery key
    /// ([`ToGuest::RecoveryShare`]), sent before its hello. Any other host ignores it.
    RecoveryShare { share: String },
}
}

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// What a seat holds before a game starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatSetting {
    /// Waiting for a person; a bot of the table's default level takes it at the start.
    Open,
    /// A bot of this level.
    Bot { level: BotLevel },
}
}

tag_first! {
tag "type" (internal), names #[serde(rename_all = "snake_case")];
/// The host's commands (R1 options, seats, start, rematch).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AdminCmd {
    /// R1.1: the number of seats, 2 to 10. Seated people beyond it become watchers.
    SetSeatCount { count: u8 },
    /// R1.2–R1.4.
    SetOptions { options: Options },
    /// The decision timers and the grace period of a dropped player.
    SetTimers { timers: Timers },
    /// The level bots take when an open seat is filled at the start, and that stands in
    /// for absent or slow people.
    SetDefaultBot { level: BotLevel },
    /// Put a bot of `level` in the first open seat, adding a seat when none is open (up
    /// to R1.1's ten). Before a game only.
    AddBot { level: BotLevel },
    /// Make a seat open or a bot; a person sitting there becomes a watcher. During a game
    /// only a bot may replace a person (their seat plays on).
    SetSeat { seat: Seat, to: SeatSetting },
    /// Swap two seats' occupants (before a game).
    Swap { a: Seat, b: Seat },
    /// Put a member into a seat, replacing whoever is there. During a game only a watcher
    /// may take over a bot's seat.
    Sit { member: MemberId, seat: Seat },
    /// Send a member away for good: their token stops working (and the host's page asks
    /// the relay to keep their link's relay peer out of the room).
    Kick { member: MemberId },
    /// Close the table to newcomers (`true`) or open it again: while closed, only members
    /// with their token may join.
    Lock { locked: bool },
    /// Fair deal on or off (docs/FAIR-DEAL.md): before a game, and on only at a table with
    /// no bot and at least two people (section 7).
    SetFair { on: bool },
    /// Deal a game (R2). `first` is the host's choice of starting seat; random if absent
    /// (R2.4).
    Start { first: Option<Seat> },
    /// R2.4: after a game, a new deal with the same seats; the previous winner starts.
    Rematch,
    /// Stop the game in progress, or put a finished one away, and go back to the lobby.
    EndGame,
}
}

/// Decision timers (milliseconds); `None` waits for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timers {
    /// A turn: the action to take (R3.1). When it runs out, the seat's bot plays it.
    pub turn_ms: Option<u64>,
    /// An answer to a window (R5). When it runs out, the answer is a pass.
    pub window_ms: Option<u64>,
    /// A choice: the influence to lose, the cards to keep, the card to show, examine's
    /// decision, a draft pick, an allegiance. When it runs out, the seat's bot chooses.
    pub choice_ms: Option<u64>,
    /// How long a dropped person keeps deciding for themselves before the seat's bot
    /// answers for them (until they return).
    pub grace_ms: u64,
    /// How long a bot waits before it acts, so people can follow the table.
    pub bot_delay_ms: u64,
}

impl Timers {
    /// The shortest timer a host may set: less would leave no time to read.
    pub const MIN_MS: u64 = 1_000;
    /// The longest timer, grace or bot delay a host may set (one hour).
    pub const MAX_MS: u64 = 3_600_000;

    /// Whether every figure is in bounds (the bot delay may be 0).
    pub fn valid(&self) -> bool {
        let timer = |t: Option<u64>| t.is_none_or(|ms| (Self::MIN_MS..=Self::MAX_MS).contains(&ms));
        timer(self.turn_ms)
            && timer(self.window_ms)
            && timer(self.choice_ms)
            && self.grace_ms <= Self::MAX_MS
            && self.bot_delay_ms <= Self::MAX_MS
    }
}

impl Default for Timers {
    fn default() -> Self {
        Timers {
            turn_ms: Some(60_000),
            window_ms: Some(15_000),
            choice_ms: Some(30_000),
            grace_ms: 30_000,
            bot_delay_ms: 1_200,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Host → guest
// ---------------------------------------------------------------------------------------

/// A message from the host to one guest. Read with its `type` first (as it is written),
/// see [`ToGuest`]'s `Deserialize`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToGuest {
    /// The answer to [`ToHost::Hello`]: who you are at this table, and the token to keep
    /// (it takes your place back after a reload). Sent to you alone.
    Welcome {
        member: MemberId,
        name: String,
        token: String,
        /// The table's random id, which every proof of a fair game is bound to.
        table_id: TableId,
    },
    /// A change of the table. `reset` means "forget what you had": the log that follows is
    /// the whole log (a join, a reconnection, a resynchronisation).
    Update(Box<Update>),
    /// A message of yours was refused; nothing changed.
    Refused { refusal: Refusal },
    /// The link is over; the host closes it after this message.
    Fatal { fatal: Fatal },
    /// The table's room on the relay now has another code (the relay lost the old one, so
    /// the host opened a new room): keep it, since a reload or a new connection finds the
    /// host through it. Sent by the host's page over every open link.
    Moved { room: RoomCode },
    /// The table's recovery copy ([`crate::session::recovery`]): the host's state sealed
    /// under the recovery key of `epoch`, copy number `seq`, base64url. Sent to every
    /// guest after each change, before the update that shows it; a guest keeps the
    /// newest of the epochs it holds a share of, for the page the relay makes the next
    /// host if the host's page is gone for good. Nobody can open it alone.
    RecoveryCopy {
        epoch: u32,
        seq: u64,
        sealed: String,
    },
    /// Your share of the guests' part of recovery key `epoch` (`epoch.x.y`), and how many
    /// guests' shares, with the relay's part, open a copy. Sent to you alone, when the
    /// guests at the table change.
    RecoveryShare { share: String, need: u8 },
}

/// The state of the table as one member may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Update {
    /// The whole state follows: drop the log kept so far.
    pub reset: bool,
    /// The host's clock when this was sent, in the unit of every deadline, so a guest
    /// computes the time left as `deadline - host_now` whatever its own clock says.
    pub host_now: u64,
    /// The seats, options and members, when they changed (always with `reset`).
    pub table: Option<TableInfo>,
    /// The game as this member sees it, when it changed (always with `reset` when a game
    /// exists). `None` with `reset` means there is no game.
    pub game: Option<GameInfo>,
    /// New entries of the table log, oldest first.
    pub log: Vec<LogEntry>,
    /// With `reset`: older entries were left out to keep the message small.
    #[serde(default)]
    pub log_truncated: bool,
    /// More of this whole-state update follows: the next message is its next part, whose
    /// entries go on from this one's (no `reset`, no table, no game). A fair game's
    /// records cannot be left out (every page rebuilds its ledger from all of them), so
    /// a whole state larger than one message goes in parts; the guest takes them as one.
    #[serde(default, skip_serializing_if = "is_false")]
    pub more: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The table: what the lobby shows, and who sits where during a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableInfo {
    pub phase: Phase,
    /// One entry per seat, seat 0 first.
    pub seats: Vec<SeatInfo>,
    /// Members without a seat.
    pub watchers: Vec<MemberInfo>,
    pub options: Options,
    pub timers: Timers,
    pub default_bot: BotLevel,
    /// The member who hosts.
    pub host: MemberId,
    /// Counts the games dealt at this table (0 before the first).
    pub game_no: u32,
    /// Closed to newcomers ([`AdminCmd::Lock`]).
    #[serde(default)]
    pub locked: bool,
    /// Fair deal ([`AdminCmd::SetFair`]): the cards are dealt by every seat's page, and
    /// the host's page holds none of them (docs/FAIR-DEAL.md).
    #[serde(default)]
    pub fair: bool,
}

tag_first! {
tag "phase" (internal), names #[serde(rename_all = "snake_case")];
/// Where the table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Before the first game: seats and options can change.
    Lobby,
    /// A game is being played.
    Playing,
    /// The game is over; the table can change again and deal another.
    Finished { winner: Seat },
}
}

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// Who holds a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatInfo {
    Open,
    Bot {
        level: BotLevel,
        name: String,
    },
    Person {
        member: MemberInfo,
        /// The seat's bot is answering for them (they dropped and the grace period ran out).
        stand_in: bool,
    },
}
}

/// A member as the others see them. Tokens are never in here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MemberInfo {
    pub id: MemberId,
    pub name: String,
    pub connected: bool,
    /// A seated person away during a game: when (host time) the seat's stand-in starts
    /// answering for them unless they are back. Absent otherwise. Whether a link is open
    /// is public, and so is this; it says nothing of any card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stand_in_at: Option<u64>,
}

/// The game as one member sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    pub game_no: u32,
    /// Counts the inputs applied in this game; an intent names the step it answers.
    pub step: u64,
    /// The seat this view is for; `None` is the spectator view.
    pub seat: Option<Seat>,
    /// `game.view(seat)` (or the spectator view): never more than R11 allows.
    pub view: View,
    /// What this seat may play now (empty when it owes nothing).
    pub legal: Vec<Input>,
    /// For each seat that owes a decision, when its time runs out (host time): the same
    /// countdown for every member (R11.1: whose decision is pending is public).
    pub deadlines: Vec<Deadline>,
    /// Once the game is over, and only then, what was hidden (R11.3). Never in a fair
    /// room: there every page opens the whole record itself at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reveal: Option<Reveal>,
    /// A fair room: the answer this seat owes, naming positions of the fair deck, when a
    /// rule reads its hidden cards (docs/FAIR-DEAL.md, section 4). Whose decision is
    /// pending is public (R11.1); the seat's page checks the question against its own
    /// tracker before it answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ask: Option<FairAsk>,
}

/// What a seat of a fair room is asked to answer with its own cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FairAsk {
    /// Its claim is challenged (R6, R8.4): prove it with a card, or not.
    Prove(Claimed),
    /// Which hidden card it loses (R9.1).
    Lose,
    /// Which hidden card it shows the Inquisitor (R7.2).
    Show,
    /// Which cards it keeps of its hand and those drawn (R4.2).
    Keep,
    /// Which card of its own set it keeps (R2.5).
    Pick,
}

/// What the host shows every member once a game is over (R11.3): nothing is hidden any
/// more. Never sent before the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reveal {
    /// Each seat's two cards as dealt (after the draft, R2.5), seat 0 first; empty when
    /// the host does not know them (a table restored from an older snapshot).
    pub dealt: Vec<[Card; 2]>,
    /// Each seat's two cards at the end, in the view's slot order, seat 0 first.
    pub hands: Vec<[Card; 2]>,
    /// For each claim of the record, in its order: whether the claimant held the character
    /// (for "no Duke": held no Duke) when the claim came into play; `None` where the host
    /// does not know.
    pub claims: Vec<Option<bool>>,
}

/// One seat's deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deadline {
    pub seat: Seat,
    /// Host time; `None` when the decision has no timer.
    pub at: Option<u64>,
    pub kind: DecisionKind,
}

/// The timer a decision runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    Turn,
    Window,
    Choice,
}

/// One line of the table log (R10): game events as this member may see them, chat, and
/// notes about the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    /// The entry's number in the table's log; strictly increasing, with no gaps except
    /// entries this member may not see at all.
    pub n: u64,
    pub item: LogItem,
}

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// What a log entry says.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LogItem {
    /// A game event, redacted for the reader.
    Event { game_no: u32, event: Event },
    /// A chat line, stamped by the host.
    Chat { line: ChatLine },
    /// Member `from`'s `reaction` to the chat line at entry `line` is now `on` (or off).
    React {
        line: u64,
        from: MemberId,
        reaction: Reaction,
        on: bool,
    },
    /// Something about the table.
    Note { note: Note },
    /// A fair room: a seat's record, relayed verbatim in ledger order (base64url).
    Fair { game_no: u32, record: String },
    /// A fair room: a seat's signed answer, relayed verbatim (base64url).
    FairAnswer { game_no: u32, answer: String },
    /// A fair room: a seat's decision that reads no card, with its signature (base64url);
    /// unsigned, it is the host's card-blind default for the seat (docs/FAIR-DEAL.md,
    /// section 1). A window's decisions come when it closes (R5).
    FairDecision {
        game_no: u32,
        seat: Seat,
        input: Input,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signature: Option<String>,
    },
}
}

/// A chat line as the host stamped it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub from: MemberId,
    /// The sender's name when they spoke.
    pub name: String,
    /// The sender's seat when they spoke, if seated.
    pub seat: Option<Seat>,
    pub text: String,
    /// Host time.
    pub at: u64,
}

tag_first! {
tag "note" (internal), names #[serde(rename_all = "snake_case")];
/// A table note for the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum Note {
    Joined {
        member: MemberId,
        name: String,
    },
    Left {
        member: MemberId,
        name: String,
    },
    Returned {
        member: MemberId,
        name: String,
    },
    Kicked {
        member: MemberId,
        name: String,
    },
    /// A seat's bot started answering for an absent person.
    StandIn {
        seat: Seat,
    },
    GameStarted {
        game_no: u32,
        first: Option<Seat>,
    },
    GameEnded {
        game_no: u32,
        winner: Option<Seat>,
    },
    /// A seat ran out of time and its answer was given for it.
    TimedOut {
        seat: Seat,
        kind: DecisionKind,
    },
    /// A fair game stopped: the referee found a seat's answer false when its card
    /// turned up (docs/FAIR-DEAL.md, section 4), or the stream broke.
    FairFault {
        seat: Option<Seat>,
        reason: String,
    },
    /// A seat of fair game `game_no` left for good: away past its grace period, or
    /// removed by the host (docs/FAIR-DEAL.md, section 6). With `goes_on` the other seats
    /// release its escrowed secret, its cards open to all and it is out at the next turn;
    /// otherwise (two seats, several at once, or another departure under way) the game
    /// ends.
    FairLeft {
        game_no: u32,
        seat: Seat,
        goes_on: bool,
    },
    /// A seat of fair game `game_no` sent a record or answer whose check failed (a false
    /// proof, share, shuffle or signature: `reason`), which only a page that does not
    /// follow the protocol sends (docs/FAIR-DEAL.md, sections 1 and 6). It forfeits as a
    /// seat that left for good: a `fair_left` note follows.
    FairRefused {
        game_no: u32,
        seat: Seat,
        reason: String,
    },
    /// A seat of fair game `game_no` present at the table owed a record or an answer for
    /// as long as an absent person's grace period and sent nothing: it forfeits as a seat
    /// that left for good, so one page cannot stall the table (docs/FAIR-DEAL.md, section
    /// 6). A `fair_left` note follows.
    FairStalled {
        game_no: u32,
        seat: Seat,
    },
    /// The host's page left the table for good and the relay made `to`'s page the host:
    /// the table goes on there from its recovery copy. `from` keeps its seat, played by
    /// its stand-in until it comes back as a guest.
    HostMoved {
        from: MemberId,
        from_name: String,
        to: MemberId,
        to_name: String,
    },
}
}

tag_first! {
tag "kind" (adjacent "detail"), names #[serde(rename_all = "snake_case")];
/// Why a message was refused. The game and the table are unchanged.
#[derive(Clone, Debug, PartialEq, Serialize, thiserror::Error)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum Refusal {
    #[error("{0}")]
    Wire(WireError),
    #[error("too many messages: slow down")]
    RateLimited,
    #[error("say hello first")]
    NotJoined,
    #[error("you already joined")]
    AlreadyJoined,
    #[error("the table is full")]
    TableFull,
    #[error("bad name: {0}")]
    Name(NameError),
    #[error("only the host may do that")]
    NotHost,
    #[error("there is no game in progress")]
    NoGame,
    #[error("you are watching, not playing")]
    NotSeated,
    #[error("seat {asked:?} is not yours (yours is {yours:?})")]
    NotYourSeat { asked: Seat, yours: Seat },
    #[error("that answers a decision that has passed (step {step}, now {now})")]
    Stale { step: u64, now: u64 },
    /// The engine's reason, by its stable code (`InputError::code`) and its sentence.
    #[error("the rules do not allow it: {message}")]
    Illegal { code: String, message: String },
    #[error("chat: {0}")]
    Chat(ChatError),
    #[error("{0}")]
    Table(TableError),
    /// A fair room: the record or answer is not one the table takes (docs/FAIR-DEAL.md);
    /// `seat` is the seat it names.
    #[error("fair deal: {reason}")]
    Fair { seat: Option<Seat>, reason: String },
}
}

tag_first! {
tag "kind" (adjacent "detail"), names #[serde(rename_all = "snake_case")];
/// Why a host command was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum TableError {
    #[error("not while a game is being played")]
    GameInProgress,
    #[error("only while a game is being played")]
    NoGame,
    #[error("there is no finished game to replay")]
    NotFinished,
    #[error("a table has 2 to 10 seats")]
    SeatCount,
    #[error("there is no seat {0:?}")]
    NoSuchSeat(Seat),
    #[error("there is no member {0:?}")]
    NoSuchMember(MemberId),
    #[error("the two-player draft needs exactly two seats (R1.4)")]
    DraftNeedsTwo,
    #[error("a timer is out of bounds")]
    Timers,
    #[error("the host cannot leave its own table")]
    KickHost,
    #[error("during a game only a bot's seat can be taken, by a watcher")]
    SeatTaken,
    #[error("during a game a person who held a seat may take back only that seat")]
    HeldAnotherSeat,
    #[error("during a game a person can only be replaced by a bot")]
    OnlyBot,
    #[error("the game could not be dealt: {0}")]
    Deal(String),
    #[error("a fair room seats people only: no bots (docs/FAIR-DEAL.md, section 7)")]
    FairNoBots,
    #[error("a fair deal needs a person in every seat, at least two")]
    FairNeedsPeople,
    #[error("not during a fair game: every seat's key is needed to the end")]
    FairSeat,
    /// The host's page has not loaded the fair deal's code yet (its worker fetches it
    /// when the fair deal is turned on); the same command may succeed a moment later.
    #[error("the fair deal's code has not loaded yet: try again")]
    FairUnavailable,
}
}

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// Why the host ends a link.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Fatal {
    #[error("this table speaks protocol version {host}; yours is {yours}: reload the page")]
    VersionMismatch { host: u32, yours: u32 },
    #[error("the host removed you from the table")]
    Kicked,
    #[error("your seat was taken back from another tab or device")]
    Replaced,
    #[error("the table is full")]
    TableFull,
    #[error("the table is closed to newcomers")]
    Locked,
}
}

/// `ToGuest` is read with its tag first, the way every side writes it: the tag picks the
/// variant and the rest of the object is read straight into it. serde's derived reader
/// for internally tagged enums buffers the whole message before it knows the variant,
/// which doubles the code of every type inside (the page's module carries it) and the work
/// of every update; this one reads each update once.
impl<'de> Deserialize<'de> for ToGuest {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ToGuest, D::Error> {
        use serde::de::{Error, MapAccess, Visitor, value::MapAccessDeserializer};

        struct TagFirst;

        #[derive(Deserialize)]
        struct Welcome {
            member: MemberId,
            name: String,
            token: String,
            table_id: TableId,
        }
        #[derive(Deserialize)]
        struct Refused {
            refusal: Refusal,
        }
        #[derive(Deserialize)]
        struct Closing {
            fatal: Fatal,
        }
        #[derive(Deserialize)]
        struct Moved {
            room: RoomCode,
        }
        #[derive(Deserialize)]
        struct RecoveryCopy {
            epoch: u32,
            seq: u64,
            sealed: String,
        }
        #[derive(Deserialize)]
        struct RecoveryShare {
            share: String,
            need: u8,
        }

        impl<'de> Visitor<'de> for TagFirst {
            type Value = ToGuest;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a message object whose first key is \"type\"")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ToGuest, A::Error> {
                match map.next_key::<std::borrow::Cow<'de, str>>()?.as_deref() {
                    Some("type") => {}
                    _ => return Err(A::Error::custom("the message's \"type\" must come first")),
                }
                let tag: std::borrow::Cow<'de, str> = map.next_value()?;
                let rest = MapAccessDeserializer::new(map);
                Ok(match &*tag {
                    "welcome" => {
                        let Welcome {
                            member,
                            name,
                            token,
                            table_id,
                        } = Welcome::deserialize(rest)?;
                        ToGuest::Welcome {
                            member,
                            name,
                            token,
                            table_id,
                        }
                    }
                    "update" => ToGuest::Update(Box::new(Update::deserialize(rest)?)),
                    "refused" => ToGuest::Refused {
                        refusal: Refused::deserialize(rest)?.refusal,
                    },
                    "fatal" => ToGuest::Fatal {
                        fatal: Closing::deserialize(rest)?.fatal,
                    },
                    "moved" => ToGuest::Moved {
                        room: Moved::deserialize(rest)?.room,
                    },
                    "recovery_copy" => {
                        let RecoveryCopy { epoch, seq, sealed } = RecoveryCopy::deserialize(rest)?;
                        ToGuest::RecoveryCopy { epoch, seq, sealed }
                    }
                    "recovery_share" => {
                        let RecoveryShare { share, need } = RecoveryShare::deserialize(rest)?;
                        ToGuest::RecoveryShare { share, need }
                    }
                    other => {
                        return Err(A::Error::unknown_variant(
                            other,
                            &[
                                "welcome",
                                "update",
                                "refused",
                                "fatal",
                                "moved",
                                "recovery_copy",
                                "recovery_share",
                            ],
                        ));
                    }
                })
            }
        }

        d.deserialize_map(TagFirst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_to_a_guest_is_read_by_its_type_which_comes_first() {
        let welcome = ToGuest::Welcome {
            member: MemberId(4),
            name: "Bo".into(),
            token: "9f".into(),
            table_id: TableId([0xa5; 32]),
        };
        let text = encode(&welcome);
        assert!(text.contains(r#""msg":{"type":"welcome""#), "{text}");
        assert_eq!(decode::<ToGuest>(&text, MAX_TO_GUEST_BYTES), Ok(welcome));
        let v = PROTOCOL_VERSION;
        for (text, says) in [
            (
                format!(
                    r#"{{"v":{v},"msg":{{"member":4,"type":"welcome","name":"Bo","token":"9f"}}}}"#
                ),
                "must come first",
            ),
            (
                format!(r#"{{"v":{v},"msg":{{"type":"wave"}}}}"#),
                "unknown variant",
            ),
            (
                format!(r#"{{"v":{v},"msg":{{"type":"welcome","name":"Bo"}}}}"#),
                "missing field",
            ),
            (format!(r#"{{"v":{v},"msg":[1]}}"#), "invalid type"),
        ] {
            match decode::<ToGuest>(&text, MAX_TO_GUEST_BYTES) {
                Err(WireError::Malformed { detail }) => assert!(detail.contains(says), "{detail}"),
                other => panic!("{text} read as {other:?}"),
            }
        }
    }

    #[test]
    fn a_moved_room_is_read_only_with_a_room_code_the_relay_could_have_made() {
        let moved = ToGuest::Moved {
            room: RoomCode::parse("K7M3QX").expect("a code"),
        };
        let text = encode(&moved);
        assert_eq!(
            text,
            format!(r#"{{"v":{PROTOCOL_VERSION},"msg":{{"type":"moved","room":"K7M3QX"}}}}"#)
        );
        assert_eq!(decode::<ToGuest>(&text, MAX_TO_GUEST_BYTES), Ok(moved));
        let v = PROTOCOL_VERSION;
        for (room, says) in [
            (r#""K7M3Q""#, "not a room code"),
            (r#""O0I1L5""#, "not a room code"),
            (r#""K7M3QX<script>""#, "not a room code"),
            ("7", "invalid type"),
            ("null", "invalid type"),
        ] {
            let text = format!(r#"{{"v":{v},"msg":{{"type":"moved","room":{room}}}}}"#);
            match decode::<ToGuest>(&text, MAX_TO_GUEST_BYTES) {
                Err(WireError::Malformed { detail }) => assert!(detail.contains(says), "{detail}"),
                other => panic!("{text} read as {other:?}"),
            }
        }
        match decode::<ToGuest>(&format!(r#"{{"v":{v},"msg":{{"type":"moved"}}}}"#), 64) {
            Err(WireError::Malformed { detail }) => assert!(detail.contains("missing field")),
            other => panic!("read as {other:?}"),
        }
    }

    /// Every refusal encodes: an encoding failure would send an empty text.
    #[test]
    fn every_refusal_and_fatal_encodes_and_decodes() {
        let refusals = [
            Refusal::Wire(WireError::TooLarge { size: 1, limit: 0 }),
            Refusal::Wire(WireError::Malformed { detail: "x".into() }),
            Refusal::RateLimited,
            Refusal::NotJoined,
            Refusal::Name(NameError::Empty),
            Refusal::NotYourSeat {
                asked: Seat(1),
                yours: Seat(2),
            },
            Refusal::Stale { step: 1, now: 2 },
            Refusal::from(InputError::NotYourTurn),
            Refusal::Chat(ChatError::RateLimited),
            Refusal::Table(TableError::NoSuchSeat(Seat(3))),
            Refusal::Table(TableError::NoSuchMember(MemberId(3))),
            Refusal::Table(TableError::Deal("x".into())),
            Refusal::Table(TableError::GameInProgress),
            Refusal::Table(TableError::FairNoBots),
            Refusal::Fair {
                seat: Some(Seat(2)),
                reason: "x".into(),
            },
            Refusal::Fair {
                seat: None,
                reason: "x".into(),
            },
        ];
        for refusal in refusals {
            let text = encode(&ToGuest::Refused {
                refusal: refusal.clone(),
            });
            assert_eq!(
                decode::<ToGuest>(&text, MAX_TO_GUEST_BYTES),
                Ok(ToGuest::Refused { refusal })
            );
        }
        for fatal in [
            Fatal::VersionMismatch { host: 1, yours: 2 },
            Fatal::Kicked,
            Fatal::Replaced,
            Fatal::TableFull,
        ] {
            let text = encode(&ToGuest::Fatal {
                fatal: fatal.clone(),
            });
            assert_eq!(
                decode::<ToGuest>(&text, MAX_TO_GUEST_BYTES),
                Ok(ToGuest::Fatal { fatal })
            );
        }
    }
}
