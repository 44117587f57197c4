//! The referee's port: a [`Host`] that runs apart from the page that plays through it (in
//! the browser, a dedicated Web Worker), and the messages that cross between the two.
//!
//! The page sends [`ToReferee`]: open the table, a link opened or closed, a text arrived
//! on a link (its own player's on [`PeerId::LOCAL`]). The [`Referee`] answers with
//! [`Outgoing`], exactly what [`Host`] returns: texts for a link and links to close, which
//! the page hands to its own guest or sends on a data channel. Time comes in with every
//! call and the referee says when it next needs [`Referee::tick`], so the side that owns
//! the clock keeps one timer. Plain logic, tested natively; the worker is a thin shell.
//!
//! Each direction is one enum, encoded once: [`ToReferee`] to the referee, [`FromReferee`]
//! back (the host's [`Outgoing`] and what the worker says of the table itself). A peer
//! protocol text inside one ([`PeerText`]) is the JSON it already is, placed in the port's
//! message as it stands rather than escaped into a string again, so a port message is one
//! peer message and a small envelope, and its bound says so.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::fair::engine::FairMaker;
use super::guest::MAX_GUEST_LOG_BYTES;
use super::host::{Host, Outgoing, RestoreError, refusal_for};
use super::names::NameError;
use super::protocol::{
    LogEntry, MAX_FAIR_TO_HOST_BYTES, MAX_TO_GUEST_BYTES, MAX_TO_HOST_BYTES, PeerId, Refusal,
    TableId, WireError, decode, encode, fits, malformed,
};
use super::recovery::Copy;
use super::takeover::{Takeover, TakeoverError};

/// What a port message adds around the peer text it carries, at most: the envelope, the
/// tag and the peer's id.
const ENVELOPE_BYTES: usize = 128;

/// The most a [`ToReferee`] may take as text: a peer's largest message (in a fair room)
/// and its envelope.
pub const MAX_TO_REFEREE_BYTES: usize = MAX_FAIR_TO_HOST_BYTES + ENVELOPE_BYTES;

/// The most a [`ToReferee::TakeOver`] may take as text: a recovery copy (which travels to
/// a guest in one host message), the fair entries of a guest's log (which keeps at most
/// [`MAX_GUEST_LOG_BYTES`] as it counts them: twice that as JSON, at most) and the rest of
/// the takeover's parts.
pub const MAX_TAKEOVER_BYTES: usize = MAX_TO_GUEST_BYTES + 2 * MAX_GUEST_LOG_BYTES + 1024;

/// The most a [`FromReferee`] may take as text: the host's largest message to a guest and
/// its envelope.
pub const MAX_FROM_REFEREE_BYTES: usize = MAX_TO_GUEST_BYTES + ENVELOPE_BYTES;

/// One text of the peer protocol, checked to be JSON: it crosses the port as part of the
/// port's own message, unescaped. What it says is the host's (or the guest's) to read.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PeerText(Box<RawValue>);

impl PeerText {
    /// `text`, if it is JSON.
    pub fn new(text: String) -> Result<PeerText, WireError> {
        RawValue::from_string(text).map(PeerText).map_err(malformed)
    }

    /// The text as it arrived.
    pub fn as_str(&self) -> &str {
        self.0.get()
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        Box::<str>::from(self.0).into_string()
    }
}

impl PartialEq for PeerText {
    fn eq(&self, other: &PeerText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for PeerText {}

tag_first! {
tag "type" (internal), names #[serde(rename_all = "snake_case")];
/// From the page to its referee.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToReferee {
    /// Open the table; the page's own player is called `name` (seat 0, on the local
    /// link). Sent once, first.
    Open { name: String },
    /// A link to another page opened; nothing is sent on it until its hello.
    Connect { peer: PeerId },
    /// A link closed (or its page left): the member is away and its grace runs.
    Disconnect { peer: PeerId },
    /// A link's page is known to be gone (it left the relay, and its link went quiet):
    /// as [`ToReferee::Disconnect`], and the member's stand-in answers for it at once
    /// rather than after the grace period, until it is back ([`Host::gone`]).
    Gone { peer: PeerId },
    /// A text from a link, the page's own player's on [`PeerId::LOCAL`].
    Text { peer: PeerId, text: PeerText },
    /// The room hands over (the relay said so in `created`): the table keeps a recovery
    /// copy with its guests and gives the relay its part of the key
    /// ([`Host::set_handover`], keyed from the seed the shell gave
    /// [`Referee::set_handover_seed`]). Sent after [`ToReferee::Open`], and again after
    /// a reload restored the table.
    Handover,
    /// Open the table as its new host from a recovery copy, instead of
    /// [`ToReferee::Open`]: the relay promoted this page's guest, whose `table`, `token`,
    /// held `copy` and `share` of its key (with the `need` of shares that open it) come
    /// with the relay's `deposit` ([`Takeover`]). Links connect and send their shares
    /// and hello as to any host; the table opens once enough shares came. `fair`: the
    /// page's table is a fair room, whose copy opens only with the fair deal's code
    /// ([`Referee::wants_fair_maker`]); `relayed`: the fair records, answers and decisions
    /// of the guest's log, which put back what a fair table's copy leaves out
    /// ([`crate::session::takeover::relayed_entries`]).
    TakeOver {
        table: TableId,
        token: String,
        copy: Copy,
        share: String,
        need: u8,
        deposit: String,
        fair: bool,
        relayed: Vec<LogEntry>,
    },
}
}

impl ToReferee {
    /// The message as the port carries it.
    pub fn encode(&self) -> String {
        encode(self)
    }

    /// A text that arrived on `peer`'s link, for the referee. A text the host would refuse
    /// for its size or its form (not JSON) never crosses the port: the page answers the
    /// peer with the host's own refusal instead.
    pub fn from_link(peer: PeerId, text: &str) -> Result<ToReferee, Outgoing> {
        ToReferee::within(peer, text, MAX_TO_HOST_BYTES)
    }

    /// [`ToReferee::from_link`] at a fair room's table, whose host reads a guest's
    /// records up to [`MAX_FAIR_TO_HOST_BYTES`] (docs/FAIR-DEAL.md, section 3).
    pub fn from_fair_link(peer: PeerId, text: &str) -> Result<ToReferee, Outgoing> {
        ToReferee::within(peer, text, MAX_FAIR_TO_HOST_BYTES)
    }

    /// A text of the page's own player (its guest wrote it), on [`PeerId::LOCAL`].
    pub fn from_page(text: String) -> Result<ToReferee, WireError> {
        fits(&text, MAX_FAIR_TO_HOST_BYTES)?;
        Ok(ToReferee::Text {
            peer: PeerId::LOCAL,
            text: PeerText::new(text)?,
        })
    }

    fn within(peer: PeerId, text: &str, limit: usize) -> Result<ToReferee, Outgoing> {
        let refuse = |e| refusal_for(peer, Refusal::Wire(e));
        fits(text, limit).map_err(refuse)?;
        Ok(ToReferee::Text {
            peer,
            text: PeerText::new(text.to_owned()).map_err(refuse)?,
        })
    }

    /// A message off the port, checked for size and form: [`MAX_TO_REFEREE_BYTES`] at
    /// most, a [`ToReferee::TakeOver`] (which carries a recovery copy)
    /// [`MAX_TAKEOVER_BYTES`].
    pub fn decode(text: &str) -> Result<ToReferee, WireError> {
        let msg = decode(text, MAX_TAKEOVER_BYTES)?;
        if !matches!(msg, ToReferee::TakeOver { .. }) {
            fits(text, MAX_TO_REFEREE_BYTES)?;
        }
        Ok(msg)
    }
}

/// Why a call could not be carried out. The referee is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PortError {
    #[error("the table is not open yet")]
    NotOpen,
    #[error("the table is open already")]
    AlreadyOpen,
    #[error("the host's name was refused: {0}")]
    Name(#[from] NameError),
    #[error("the saved table could not be restored: {0}")]
    Restore(String),
    /// The saved table holds a fair game and this referee has no [`FairMaker`] yet: the
    /// same call restores it once one is given ([`Referee::set_fair_maker`]).
    #[error("the saved table holds a fair game, and the fair deal's code is not loaded")]
    NeedsFair,
    #[error("the table could not be taken over: {0}")]
    TakeOver(String),
}

/// A host behind a port.
pub struct Referee {
    /// The table, once opened.
    host: Option<Host>,
    /// The 256-bit seed the table will be dealt from (taken at the open).
    seed: Option<[u8; 32]>,
    /// The bots' clock and thinking time, handed to the host when it opens.
    bot_clock: Option<(fn() -> f64, f64)>,
    /// What makes a fair game's referee, handed to the host ([`Host::set_fair_maker`]).
    fair_maker: Option<FairMaker>,
    /// The seed of the recovery keys, for [`ToReferee::Handover`].
    handover_seed: Option<[u8; 32]>,
    /// The table being taken over ([`ToReferee::TakeOver`]), until its copy opens.
    takeover: Option<Takeover>,
    /// Whether the table being taken over holds a fair game: the page said so, or its
    /// copy opened to one. It opens only once the fair deal's code is here.
    takeover_fair: bool,
}

impl Referee {
    /// A referee that will open its table from `seed`: 32 bytes of the platform's
    /// cryptographic RNG (every shuffle and seat token comes from them).
    pub fn new(seed: [u8; 32]) -> Referee {
        Referee {
            host: None,
            seed: Some(seed),
            bot_clock: None,
            fair_maker: None,
            handover_seed: None,
            takeover: None,
            takeover_fair: false,
        }
    }

    /// 32 more bytes of the platform's cryptographic RNG, which the recovery keys are
    /// drawn from once the table hands over ([`ToReferee::Handover`]).
    pub fn set_handover_seed(&mut self, seed: [u8; 32]) {
        self.handover_seed = Some(seed);
    }

    /// Whether the table is being taken over and waits for enough recovery shares.
    pub fn taking_over(&self) -> bool {
        self.takeover.is_some()
    }

    /// Lets the table deal fairly ([`Host::set_fair_maker`]), now and once it opens.
    pub fn set_fair_maker(&mut self, maker: FairMaker) {
        self.fair_maker = Some(maker);
        if let Some(host) = self.host.as_mut() {
            host.set_fair_maker(Some(maker));
        }
    }

    /// Whether the table has come to need the fair deal's code it has not been given
    /// ([`Host::wants_fair_maker`]): the fair deal turned on, a fair game restored, or a
    /// fair table being taken over (which waits for it: [`Referee::resume_takeover`]).
    pub fn wants_fair_maker(&self) -> bool {
        let taking_over_fair =
            self.takeover.is_some() && self.takeover_fair && self.fair_maker.is_none();
        taking_over_fair || self.host.as_ref().is_some_and(Host::wants_fair_maker)
    }

    /// Lets the bots think against a real clock (`performance.now()`), each automatic
    /// decision taking exactly `millis` ([`Host::set_bot_clock`]).
    pub fn set_bot_clock(&mut self, clock: fn() -> f64, millis: f64) {
        self.bot_clock = Some((clock, millis));
        if let Some(host) = self.host.as_mut() {
            host.set_bot_clock(Some(clock), millis);
        }
    }

    /// Carries out one message at time `now`.
    pub fn call(&mut self, msg: ToReferee, now: u64) -> Result<Vec<Outgoing>, PortError> {
        if let ToReferee::TakeOver {
            table,
            token,
            copy,
            share,
            need,
            deposit,
            fair,
            relayed,
        } = msg
        {
            if self.host.is_some() || self.takeover.is_some() {
                return Err(PortError::AlreadyOpen);
            }
            let takeover =
                Takeover::from_parts(table, &token, copy, &share, need, &deposit, relayed)
                    .map_err(|e| PortError::TakeOver(e.to_string()))?;
            self.takeover = Some(takeover);
            self.takeover_fair = fair;
            return self.open_takeover(now);
        }
        if let Some(t) = self.takeover.as_mut() {
            match msg {
                ToReferee::Connect { peer } => t.connect(peer),
                ToReferee::Disconnect { peer } | ToReferee::Gone { peer } => t.disconnect(peer),
                ToReferee::Text { peer, text } if peer != PeerId::LOCAL => {
                    t.handle(peer, text.as_str())
                }
                // Our own player waits for the table: it says nothing before its reset.
                ToReferee::Text { .. } | ToReferee::Handover => {}
                ToReferee::Open { .. } | ToReferee::TakeOver { .. } => {
                    return Err(PortError::AlreadyOpen);
                }
            }
            return self.open_takeover(now);
        }
        if let ToReferee::Open { name } = msg {
            if self.host.is_some() {
                return Err(PortError::AlreadyOpen);
            }
            let seed = self.seed.ok_or(PortError::AlreadyOpen)?;
            let (mut host, out) = Host::with_seed_bytes(seed, &name, now)?;
            if let Some((clock, millis)) = self.bot_clock {
                host.set_bot_clock(Some(clock), millis);
            }
            host.set_fair_maker(self.fair_maker);
            self.seed = None;
            self.host = Some(host);
            return Ok(out);
        }
        let host = self.host.as_mut().ok_or(PortError::NotOpen)?;
        Ok(match msg {
            ToReferee::Open { .. } | ToReferee::TakeOver { .. } => Vec::new(),
            ToReferee::Handover => {
                if !host.handover()
                    && let Some(seed) = self.handover_seed.take()
                {
                    host.set_handover(Some(seed));
                }
                Vec::new()
            }
            ToReferee::Connect { peer } => host.connect(peer, now),
            ToReferee::Disconnect { peer } => host.disconnect(peer, now),
            ToReferee::Gone { peer } => host.gone(peer, now),
            ToReferee::Text { peer, text } => host.handle(peer, text.as_str(), now),
        })
    }

    /// Opens a table being taken over that waited for the fair deal's code, now that it
    /// is here ([`Referee::set_fair_maker`]), if the shares gathered open its copy;
    /// nothing otherwise (what the links send next opens it as before).
    pub fn resume_takeover(&mut self, now: u64) -> Result<Vec<Outgoing>, PortError> {
        self.open_takeover(now)
    }

    /// Opens the table being taken over if the shares gathered open its copy; nothing
    /// while they do not, nor while a fair table waits for the fair deal's code. A copy
    /// that will not open ends the takeover, saying why.
    fn open_takeover(&mut self, now: u64) -> Result<Vec<Outgoing>, PortError> {
        if self.takeover_fair && self.fair_maker.is_none() {
            return Ok(Vec::new());
        }
        let Some(t) = self.takeover.as_mut() else {
            return Ok(Vec::new());
        };
        let seed = self.seed.ok_or(PortError::AlreadyOpen)?;
        match t.open(now, seed, self.fair_maker) {
            Ok(None) => Ok(Vec::new()),
            // The page did not say its table was fair, and the copy holds a fair game: it
            // waits for the fair deal's code as one it said was.
            Err(TakeoverError::Restore(RestoreError::FairUnavailable)) => {
                self.takeover_fair = true;
                Ok(Vec::new())
            }
            Ok(Some((mut host, out))) => {
                if let Some((clock, millis)) = self.bot_clock {
                    host.set_bot_clock(Some(clock), millis);
                }
                self.seed = None;
                self.takeover = None;
                self.takeover_fair = false;
                self.host = Some(host);
                Ok(out)
            }
            Err(e) => {
                self.takeover = None;
                self.takeover_fair = false;
                Err(PortError::TakeOver(e.to_string()))
            }
        }
    }

    /// Opens the table again from a [`Referee::snapshot`] taken before the page reloaded
    /// ([`Host::restore`]), instead of [`ToReferee::Open`]. The worker reads the snapshot
    /// from its own storage, so it never crosses the port. A snapshot that does not restore
    /// leaves the referee unopened.
    pub fn restore(&mut self, snapshot: &str, now: u64) -> Result<Vec<Outgoing>, PortError> {
        if self.host.is_some() {
            return Err(PortError::AlreadyOpen);
        }
        let (mut host, out) =
            Host::restore(snapshot, now, self.fair_maker).map_err(|e| match e {
                RestoreError::FairUnavailable => PortError::NeedsFair,
                e => PortError::Restore(e.to_string()),
            })?;
        // The clock is not part of a snapshot: the restored host thinks against the same
        // clock as before.
        if let Some((clock, millis)) = self.bot_clock {
            host.set_bot_clock(Some(clock), millis);
        }
        self.seed = None;
        self.host = Some(host);
        Ok(out)
    }

    /// The whole table, to restore after a reload ([`Referee::restore`]); `None` before
    /// it opens. It holds every hand and the deck: it stays with the referee's storage.
    pub fn snapshot(&self, now: u64) -> Option<String> {
        Some(self.host.as_ref()?.snapshot(now))
    }

    /// When [`Referee::tick`] is next due (the host's bots, timers and stand-ins).
    pub fn next_deadline(&self) -> Option<u64> {
        self.host.as_ref()?.next_deadline()
    }

    /// Plays what is due at `now`; nothing when nothing is.
    pub fn tick(&mut self, now: u64) -> Vec<Outgoing> {
        match self.host.as_mut() {
            Some(host) if host.next_deadline().is_some_and(|d| d <= now) => host.tick(now),
            _ => Vec::new(),
        }
    }
}

tag_first! {
tag "type" (internal), names #[serde(rename_all = "snake_case")];
/// From the referee to its page: the host's [`Outgoing`], and what the referee's shell
/// says of the table itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromReferee {
    /// [`Outgoing::Send`].
    Send { to: PeerId, text: PeerText },
    /// [`Outgoing::Close`].
    Close { peer: PeerId },
    /// [`Outgoing::Ban`].
    Ban { peer: PeerId },
    /// [`Outgoing::Deposit`].
    Deposit { part: String },
    /// A [`Referee::restore`] failed (or nothing was saved): the table is not open, and the
    /// snapshot was set aside.
    NotRestored { why: String },
}
}

impl FromReferee {
    /// What the host returned, for the port. Fails only if a text of the host's is not
    /// JSON, which no host writes.
    pub fn from_outgoing(out: Outgoing) -> Result<FromReferee, WireError> {
        Ok(match out {
            Outgoing::Send { to, text } => FromReferee::Send {
                to,
                text: PeerText::new(text)?,
            },
            Outgoing::Close { peer } => FromReferee::Close { peer },
            Outgoing::Ban { peer } => FromReferee::Ban { peer },
            Outgoing::Deposit { part } => FromReferee::Deposit { part },
        })
    }

    /// The host's [`Outgoing`] again; `Err` with the reason for a
    /// [`FromReferee::NotRestored`].
    pub fn into_outgoing(self) -> Result<Outgoing, String> {
        match self {
            FromReferee::Send { to, text } => Ok(Outgoing::Send {
                to,
                text: text.into_string(),
            }),
            FromReferee::Close { peer } => Ok(Outgoing::Close { peer }),
            FromReferee::Ban { peer } => Ok(Outgoing::Ban { peer }),
            FromReferee::Deposit { part } => Ok(Outgoing::Deposit { part }),
            FromReferee::NotRestored { why } => Err(why),
        }
    }

    /// The message as the port carries it.
    pub fn encode(&self) -> String {
        encode(self)
    }

    /// A message off the port, checked for size and form.
    pub fn decode(text: &str) -> Result<FromReferee, WireError> {
        decode(text, MAX_FROM_REFEREE_BYTES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Guest;
    use crate::session::protocol::AdminCmd;

    /// Hands the referee's texts for the local link to `guest`.
    fn feed(guest: &mut Guest, out: Vec<Outgoing>) {
        for o in out {
            if let Outgoing::Send { text, .. } = o {
                guest.receive(&text, 1).expect("good");
            }
        }
    }

    /// Opens `r`'s table for Ana at time 1: her guest, welcomed.
    fn open(r: &mut Referee) -> Guest {
        let mut guest = Guest::new("Ana", None, false);
        let out = r.call(ToReferee::Open { name: "Ana".into() }, 1).unwrap();
        feed(&mut guest, out);
        guest
    }

    /// Ana deals at time 1.
    fn start(r: &mut Referee, guest: &mut Guest) {
        let text = guest.admin(AdminCmd::Start { first: None });
        let out = r.call(local(&text), 1).unwrap();
        feed(guest, out);
    }

    /// `msg` in the port's envelope, as written by hand.
    fn enveloped(msg: &str) -> String {
        format!(
            "{{\"v\":{},\"msg\":{msg}}}",
            crate::session::protocol::PROTOCOL_VERSION
        )
    }

    /// A peer text for the tests: `text` as the local player's.
    fn local(text: &str) -> ToReferee {
        ToReferee::from_page(text.to_owned()).expect("JSON")
    }

    #[test]
    fn messages_cross_the_port_unchanged_and_bad_ones_are_refused() {
        let msgs = [
            ToReferee::Open { name: "Ana".into() },
            ToReferee::Connect { peer: PeerId(3) },
            ToReferee::Disconnect { peer: PeerId(3) },
            local("{\"v\":1}"),
        ];
        for m in msgs {
            assert_eq!(ToReferee::decode(&m.encode()), Ok(m));
        }
        for out in [
            Outgoing::Send {
                to: PeerId(2),
                text: "{\"v\":4,\"msg\":{\"type\":\"x\"}}".into(),
            },
            Outgoing::Close { peer: PeerId(2) },
            Outgoing::Ban { peer: PeerId(2) },
        ] {
            let msg = FromReferee::from_outgoing(out.clone()).expect("JSON");
            let back = FromReferee::decode(&msg.encode()).expect("reads back");
            assert_eq!(back.into_outgoing(), Ok(out));
        }
        let note = FromReferee::NotRestored { why: "x".into() };
        let back = FromReferee::decode(&note.encode()).expect("reads back");
        assert_eq!(back.into_outgoing(), Err("x".to_owned()));
        // Garbled, cut, unknown or mistyped messages are refused as malformed, naming why.
        let good = local("{\"v\":1}").encode();
        for bad in [
            String::new(),
            "not json".to_owned(),
            good[..good.len() - 3].to_owned(),
            enveloped("{\"type\":\"shout\"}"),
            enveloped("{\"type\":\"text\",\"peer\":1,\"text\":{\"a\":}}"),
            enveloped("{\"type\":\"connect\",\"peer\":\"one\"}"),
            enveloped("{\"peer\":1,\"type\":\"connect\"}"),
        ] {
            let err = ToReferee::decode(&bad).expect_err(&bad);
            assert!(matches!(err, WireError::Malformed { .. }), "{bad}: {err}");
            let err = FromReferee::decode(&bad).expect_err(&bad);
            assert!(matches!(err, WireError::Malformed { .. }), "{bad}: {err}");
        }
        // A message over the bound is refused before it is read.
        let text = format!("\"{}\"", "a".repeat(MAX_TO_REFEREE_BYTES));
        let huge = enveloped(&format!("{{\"type\":\"text\",\"peer\":1,\"text\":{text}}}"));
        let err = ToReferee::decode(&huge).expect_err("too large");
        assert!(matches!(err, WireError::TooLarge { .. }), "{err}");
        let out = Outgoing::Send {
            to: PeerId(1),
            text: format!("\"{}\"", "a".repeat(MAX_FROM_REFEREE_BYTES)),
        };
        let msg = FromReferee::from_outgoing(out).expect("JSON").encode();
        let err = FromReferee::decode(&msg).expect_err("too large");
        assert!(matches!(err, WireError::TooLarge { .. }), "{err}");
        // A host text that is not JSON cannot be put on the port at all.
        let out = Outgoing::Send {
            to: PeerId(1),
            text: "{".into(),
        };
        assert!(FromReferee::from_outgoing(out).is_err());
    }

    /// The JSON text of `len` bytes that escaping would grow the most: a string of escaped
    /// quotes, two bytes each, which a second JSON encoding would make four.
    fn widest(len: usize) -> String {
        let inner = "\\\"".repeat((len - 2) / 2);
        let text = format!("\"{inner}\"");
        assert!(text.len() <= len && text.len() + 2 > len);
        text
    }

    #[test]
    fn a_port_message_is_one_peer_message_and_its_envelope() {
        // Encoded once: the bound is one message's and a few bytes more, in both directions.
        const { assert!(MAX_TO_REFEREE_BYTES <= MAX_FAIR_TO_HOST_BYTES + 128) };
        const { assert!(MAX_FROM_REFEREE_BYTES <= MAX_TO_GUEST_BYTES + 128) };
        let text = widest(MAX_FAIR_TO_HOST_BYTES);
        let msg = ToReferee::from_fair_link(PeerId(u64::MAX), &text).expect("within the limit");
        let port = msg.encode();
        assert!(
            port.len() <= text.len() + 96,
            "the peer's text is carried as it is: {} bytes for {}",
            port.len(),
            text.len()
        );
        let back = ToReferee::decode(&port).expect("within the bound");
        assert!(matches!(&back, ToReferee::Text { text: t, .. } if t.as_str() == text));
        let text = widest(MAX_TO_GUEST_BYTES);
        let out = Outgoing::Send {
            to: PeerId(u64::MAX),
            text: text.clone(),
        };
        let port = FromReferee::from_outgoing(out.clone())
            .expect("JSON")
            .encode();
        assert!(
            port.len() <= text.len() + 96,
            "{} for {}",
            port.len(),
            text.len()
        );
        let back = FromReferee::decode(&port).expect("within the bound");
        assert_eq!(back.into_outgoing(), Ok(out));
    }

    #[test]
    fn every_text_the_host_would_read_crosses_the_port_and_a_larger_or_garbled_one_is_answered_at_once()
     {
        let mut r = Referee::new([7; 32]);
        open(&mut r);
        r.call(ToReferee::Connect { peer: PeerId(4) }, 2).unwrap();
        let text = widest(MAX_TO_HOST_BYTES);
        let msg = ToReferee::from_link(PeerId(4), &text).expect("within the host's limit");
        assert_eq!(ToReferee::decode(&msg.encode()), Ok(msg));
        // One byte more and the peer gets the host's own refusal, word for word, without
        // the referee hearing of it.
        let over = "a".repeat(MAX_TO_HOST_BYTES + 1);
        let answer = ToReferee::from_link(PeerId(4), &over).expect_err("over the limit");
        let host_says = r.host.as_mut().unwrap().handle(PeerId(4), &over, 3);
        assert_eq!(host_says, vec![answer]);
        // A text that is not JSON is refused as the host refuses it: malformed.
        let answer = ToReferee::from_link(PeerId(4), "{\"v\":1,").expect_err("not JSON");
        let host_says = r.host.as_mut().unwrap().handle(PeerId(4), "{\"v\":1,", 3);
        let malformed = |out: &Outgoing| {
            matches!(out, Outgoing::Send { to: PeerId(4), text }
                if text.contains("\"refused\"") && text.contains("\"malformed\""))
        };
        assert!(malformed(&answer), "{answer:?}");
        assert!(
            host_says.len() == 1 && malformed(&host_says[0]),
            "{host_says:?}"
        );
        // A fair room's page lets a record of up to 12 KiB through.
        let text = widest(MAX_FAIR_TO_HOST_BYTES);
        let msg = ToReferee::from_fair_link(PeerId(4), &text).expect("a fair room's limit");
        assert_eq!(ToReferee::decode(&msg.encode()), Ok(msg));
        let over = "a".repeat(MAX_FAIR_TO_HOST_BYTES + 1);
        assert!(ToReferee::from_fair_link(PeerId(4), &over).is_err());
    }

    #[test]
    fn the_table_opens_once_and_answers_only_when_open() {
        let mut r = Referee::new([7; 32]);
        let early = r.call(ToReferee::Connect { peer: PeerId(1) }, 10);
        assert_eq!(early, Err(PortError::NotOpen));
        assert!(matches!(
            r.call(ToReferee::Open { name: " ".into() }, 10),
            Err(PortError::Name(_))
        ));
        let out = r
            .call(ToReferee::Open { name: "Ana".into() }, 10)
            .expect("opens");
        // The local guest is welcomed at once, as by Host::new.
        let mut guest = Guest::new("Ana", None, false);
        for o in out {
            if let Outgoing::Send { to, text } = o {
                assert_eq!(to, PeerId::LOCAL);
                guest.receive(&text, 10).expect("a good text");
            }
        }
        assert!(guest.member().is_some());
        assert_eq!(
            r.call(ToReferee::Open { name: "Bo".into() }, 11),
            Err(PortError::AlreadyOpen)
        );
        assert!(r.tick(11).is_empty(), "nothing is due in the lobby");
    }

    #[test]
    fn a_clock_set_before_the_open_is_the_one_the_bots_think_against() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static READINGS: AtomicU64 = AtomicU64::new(0);
        // A clock that moves 1 ms a reading, counting how often it is read.
        fn clock() -> f64 {
            READINGS.fetch_add(1, Ordering::SeqCst) as f64
        }
        let mut r = Referee::new([3; 32]);
        r.set_bot_clock(clock, 5.0);
        let mut guest = open(&mut r);
        start(&mut r, &mut guest);
        // Play bots' decisions until the clock has been read.
        let mut now = 1;
        for _ in 0..50 {
            if READINGS.load(Ordering::SeqCst) > 0 {
                break;
            }
            now = r.next_deadline().unwrap_or(now).max(now);
            r.tick(now);
        }
        assert!(
            READINGS.load(Ordering::SeqCst) > 0,
            "the bots read the clock"
        );
    }

    /// Every one of the seed's 256 bits reaches the RNG: flipping any byte changes the seat
    /// token (a seed cut down to 64 bits, as `Math.random` gave, would not).
    #[test]
    fn every_byte_of_the_seed_decides_the_seat_tokens() {
        let token = |seed: [u8; 32]| {
            let guest = open(&mut Referee::new(seed));
            guest.token().expect("welcomed").to_owned()
        };
        let base = token([0; 32]);
        let mut seen = std::collections::BTreeSet::from([base.clone()]);
        for i in 0..32 {
            let mut seed = [0; 32];
            seed[i] = 1;
            assert!(
                seen.insert(token(seed)),
                "byte {i} of the seed changed nothing"
            );
        }
    }

    /// What the local guest sees of the game: every seat's coins and shown cards, its own
    /// hand, whose turn and the pending decision.
    fn seen(guest: &Guest) -> String {
        let game = guest.game().expect("a game");
        format!("{:?} {:?}", game.view, game.legal)
    }

    #[test]
    fn a_restored_table_is_the_one_saved_and_its_bots_think_against_the_clock_again() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static READINGS: AtomicU64 = AtomicU64::new(0);
        fn clock() -> f64 {
            READINGS.fetch_add(1, Ordering::SeqCst) as f64
        }
        let mut r = Referee::new([5; 32]);
        assert_eq!(r.snapshot(1), None, "nothing to save before the open");
        let mut guest = open(&mut r);
        let add = guest.admin(AdminCmd::AddBot {
            level: crate::session::protocol::BotLevel::Easy,
        });
        r.call(local(&add), 1).unwrap();
        start(&mut r, &mut guest);
        let before = seen(&guest);
        let snapshot = r.snapshot(1).expect("an open table saves");
        // The page reloads: a new worker (another seed), its clock set first, as at start.
        let mut again = Referee::new([9; 32]);
        again.set_bot_clock(clock, 5.0);
        let out = again.restore(&snapshot, 2).expect("restores");
        let mut back = Guest::new("Ana", None, false);
        feed(&mut back, out);
        assert_eq!(seen(&back), before, "the same hands, coins and turn");
        assert_eq!(
            again.call(ToReferee::Open { name: "Ana".into() }, 3),
            Err(PortError::AlreadyOpen)
        );
        // Play until a bot has decided: it read the clock it was given after the restore.
        let mut now = 2;
        for _ in 0..200 {
            if READINGS.load(Ordering::SeqCst) > 0 {
                break;
            }
            if let Some(g) = back.game()
                && let Some(&input) = g.legal.first()
            {
                let text = back.intent(input).unwrap();
                let out = again.call(local(&text), now).unwrap();
                feed(&mut back, out);
                continue;
            }
            now = again.next_deadline().unwrap_or(now).max(now);
            let out = again.tick(now);
            feed(&mut back, out);
        }
        assert!(
            READINGS.load(Ordering::SeqCst) > 0,
            "the restored bots read the clock"
        );
    }

    #[test]
    fn a_snapshot_that_does_not_restore_leaves_the_referee_unopened() {
        let mut r = Referee::new([5; 32]);
        let mut guest = open(&mut r);
        start(&mut r, &mut guest);
        let good = r.snapshot(1).unwrap();
        let other_version = good.replacen("\"format\":1", "\"format\":99", 1);
        assert_ne!(other_version, good);
        let cut = good[..good.len() / 2].to_owned();
        for bad in [String::new(), "{}".to_owned(), cut, other_version] {
            let mut fresh = Referee::new([6; 32]);
            let err = fresh.restore(&bad, 2);
            assert!(matches!(err, Err(PortError::Restore(_))), "{err:?}");
            assert_eq!(
                fresh.call(ToReferee::Connect { peer: PeerId(1) }, 2),
                Err(PortError::NotOpen),
                "nothing half-loaded"
            );
            assert!(
                fresh
                    .call(ToReferee::Open { name: "Ana".into() }, 2)
                    .is_ok()
            );
        }
    }

    #[test]
    fn two_referees_from_two_seeds_deal_differently() {
        let deal = |seed: [u8; 32]| {
            let mut r = Referee::new(seed);
            let mut guest = open(&mut r);
            start(&mut r, &mut guest);
            let game = guest.game().expect("dealt");
            (game.view.players[0].hand, game.view.current)
        };
        let hands: std::collections::BTreeSet<String> =
            (0u8..12).map(|i| format!("{:?}", deal([i; 32]))).collect();
        assert!(hands.len() > 1, "the seed decides the deal: {hands:?}");
    }

    /// Delivers `out` to Ana (the local link) and Bo (link 1); returns the deposits.
    fn route(ana: &mut Guest, bo: &mut Guest, out: Vec<Outgoing>) -> Vec<String> {
        let mut deposits = Vec::new();
        for o in out {
            match o {
                Outgoing::Send { to, text } if to == PeerId::LOCAL => {
                    ana.receive(&text, 1).expect("good");
                }
                Outgoing::Send { text, .. } => {
                    bo.receive(&text, 1).expect("good");
                }
                Outgoing::Deposit { part } => deposits.push(part),
                _ => {}
            }
        }
        deposits
    }

    #[test]
    fn a_table_that_hands_over_is_taken_over_through_another_referee() {
        let mut a = Referee::new([1; 32]);
        a.set_handover_seed([2; 32]);
        let mut ana = open(&mut a);
        let mut bo = Guest::new("Bo", None, false);
        assert!(a.call(ToReferee::Handover, 1).unwrap().is_empty());
        let out = a.call(ToReferee::Connect { peer: PeerId(1) }, 1).unwrap();
        route(&mut ana, &mut bo, out);
        let hello = ToReferee::from_link(PeerId(1), &bo.hello()).expect("fits");
        let out = a.call(hello, 1).unwrap();
        let mut deposits = route(&mut ana, &mut bo, out);
        let text = ana.admin(AdminCmd::Start { first: None });
        deposits.extend(route(&mut ana, &mut bo, a.call(local(&text), 1).unwrap()));
        assert!(bo.game().is_some(), "dealt");
        let deposit = deposits
            .pop()
            .expect("the relay's part came out of the port");
        let epoch = crate::session::takeover::deposit_epoch(&deposit).expect("epoch.part");
        let (copy, share, need) = bo.held().for_epoch(epoch).expect("Bo holds a copy");
        let takeover = |deposit: &str| ToReferee::TakeOver {
            table: bo.table_id().expect("welcomed"),
            token: bo.token().expect("welcomed").to_owned(),
            copy: copy.clone(),
            share: crate::session::recovery::encode_share(share),
            need: need as u8,
            deposit: deposit.to_owned(),
            fair: false,
            relayed: Vec::new(),
        };
        // The message crosses the port, copy and all, though it is larger than any other.
        let msg = takeover(&deposit);
        assert_eq!(ToReferee::decode(&msg.encode()).as_ref(), Ok(&msg));
        // A deposit that is not the relay's part opens nothing, and says so.
        let mut b = Referee::new([3; 32]);
        let err = b.call(takeover("x"), 2).expect_err("no key");
        assert!(matches!(err, PortError::TakeOver(_)), "{err}");
        assert!(!b.taking_over());
        // Bo's own share and the relay's part open a copy dealt to one guest: Bo is the
        // host's local player now, told where the table runs.
        let out = b.call(msg, 2).expect("taken over");
        assert!(!b.taking_over());
        let mut bo_again = Guest::new("Bo", None, false);
        let mut nobody = Guest::new("-", None, false);
        route(&mut bo_again, &mut nobody, out);
        assert!(
            bo_again.member().is_some(),
            "Bo's page plays through the new host"
        );
        assert_eq!(
            b.call(ToReferee::Open { name: "Bo".into() }, 2).err(),
            Some(PortError::AlreadyOpen)
        );
    }
}
