//! The session: where this page stands, as one plain state machine.
//!
//! Inputs are the person's [`Intent`]s ([`Session::handle`]), what the network saw
//! ([`Session::on_relay`], [`Session::on_link_open`], [`Session::on_peer_frame`], ...) and
//! what the referee said ([`Session::on_referee`]), each with the page time. Each returns
//! the [`Effect`]s for the controller to carry out. Nothing here touches a socket or a
//! worker, so every path is tested natively.
//!
//! A page is on one side of a table at a time ([`Phase`]):
//! - [`Hosting`]: the page runs the referee (a [`Referee`](shared::session::Referee) in a
//!   worker, reached by [`Effect::Referee`]) and plays through its own guest on the local
//!   link. A game against bots is a hosted table with no room; a room adds a relay code and
//!   the links to the guests, whose texts go to the referee and back.
//! - [`Joined`]: the page is a guest of another page's host, over one data channel.
//!
//! Topology: a star. The host dials every guest ([`Effect::Dial`]); a guest waits for the
//! host's offer and links to nobody else.
//!
//! Layout: this file holds the types, the accessors the interface reads and the player's
//! intents ([`Session::handle`]); the rest of `impl Session` is split by concern:
//! - `referee`: hosting a table and what the referee's worker says;
//! - `relay`: creating, joining and leaving a room, and what the relay says;
//! - `links`: the data channels to the other pages;
//! - `reconnect`: the clock's watch, the backoff after a loss, taking a place back.

use std::collections::BTreeMap;

use shared::relay::{ClientMessage, IceServer, RoomCode};
use shared::session::ToReferee;
use shared::session::protocol::{AdminCmd, PeerId, SeatSetting};

use super::chat::ChatLine;
use super::intent::Intent;
use super::link::{Diagnosis, LinkWatch, Servers, diagnose};
use super::problems;
use super::rejoin::RejoinRecord;
use super::signal::SignalData;
use super::table::Table;
use crate::i18n::{t, tr};

mod fair;
mod fair_page;
mod handover;
mod links;
mod reconnect;
mod referee;
mod relay;

/// How many notices stay on screen.
const MAX_NOTICES: usize = 4;

/// How long a bot waits before it acts at our tables: quick enough to keep a game moving,
/// slow enough to follow. People keep the default timers.
const BOT_DELAY_MS: u64 = 700;

/// A peer's id on the relay (one connection in one room).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelayPeer(pub String);

impl RelayPeer {
    /// A short display name for a peer that has not named itself: "Player AB3K".
    pub fn short_name(&self) -> String {
        let tag: String = self
            .0
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .take(4)
            .collect();
        tr("player-tag", &[("tag", tag.to_uppercase().into())])
    }
}

impl From<&str> for RelayPeer {
    fn from(s: &str) -> RelayPeer {
        RelayPeer(s.to_owned())
    }
}

/// The state of the direct WebRTC link to a peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkState {
    /// Signalling or ICE in progress.
    Connecting,
    /// The data channel is open.
    Open,
    /// The link closed or failed.
    Closed,
}

/// Another peer of the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    pub id: RelayPeer,
    /// The room's host.
    pub is_host: bool,
    /// The direct link, if this page has one with that peer (the host links with every
    /// guest; a guest only with the host).
    pub link: Option<LinkState>,
}

/// A room on the relay, as this page is in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    pub code: RoomCode,
    /// This page's peer id.
    pub me: RelayPeer,
    /// The others, in order of arrival.
    pub peers: Vec<Peer>,
    /// The relay's STUN/TURN servers for new peer connections.
    ice_servers: Vec<IceServer>,
    /// Each linked peer's heartbeat clock and what its attempts gathered.
    watch: BTreeMap<RelayPeer, LinkWatch>,
}

impl Room {
    fn new(code: RoomCode, me: RelayPeer, peers: Vec<Peer>, ice_servers: Vec<IceServer>) -> Room {
        Room {
            code,
            me,
            peers,
            ice_servers,
            watch: BTreeMap::new(),
        }
    }

    fn peer_mut(&mut self, id: &RelayPeer) -> Option<&mut Peer> {
        self.peers.iter_mut().find(|p| p.id == *id)
    }

    fn watch_mut(&mut self, id: &RelayPeer) -> &mut LinkWatch {
        self.watch.entry(id.clone()).or_default()
    }

    /// The watch of the link with `id`, if it has one.
    pub fn watch(&self, id: &RelayPeer) -> Option<&LinkWatch> {
        self.watch.get(id)
    }

    /// A peer's name for this page's notices: the one it gave in its signals, else a tag
    /// made from its relay id.
    fn name_of(&self, id: &RelayPeer) -> String {
        self.watch
            .get(id)
            .and_then(|w| w.name.clone())
            .unwrap_or_else(|| id.short_name())
    }

    /// Why this page cannot reach `id`, from what the link's attempts gathered.
    fn diagnose(&self, id: &RelayPeer) -> Diagnosis {
        let w = self.watch.get(id).cloned().unwrap_or_default();
        diagnose(Servers::of(&self.ice_servers), w.local, w.remote, w.called)
    }

    fn hangups(&self) -> Vec<Effect> {
        self.peers
            .iter()
            .filter(|p| p.link.is_some())
            .map(|p| Effect::Hangup { peer: p.id.clone() })
            .collect()
    }
}

/// The page referees: our table, and the room when there is one.
#[derive(Debug)]
pub struct Hosting {
    pub table: Table,
    /// `None`: a game against bots, with no relay.
    pub room: Option<Room>,
    /// The secret that reclaims the room on the relay.
    pub host_secret: Option<String>,
    /// The open links, by relay id, with the id the referee knows them by.
    links: BTreeMap<RelayPeer, PeerId>,
    /// The last [`PeerId`] handed out; each new link gets a fresh one.
    last_link: u64,
    /// Links that ended, newest last (at most [`ENDED_LINKS`]): a member removed while
    /// away is banned on the relay through the peer of their last link.
    ended: Vec<(PeerId, RelayPeer)>,
    /// Taking the room back on the relay (after a reload or a lost socket), until it
    /// answers.
    reclaiming: bool,
    /// The relay socket closed: the room is reclaimed on a new one, with backoff.
    off_relay: bool,
    /// When the next reclaim goes out, while off the relay, and how many went before.
    retry: Option<(u64, u32)>,
    /// Guests that left the relay while their link stayed open: forgotten when it ends.
    left_relay: Vec<RelayPeer>,
    /// The relay no longer knows the room (it restarted): a new one is being opened, whose
    /// code the guests then hear over their links.
    moving: bool,
    /// The room hands over (`created` said so): the referee keeps a recovery copy and
    /// its deposits go to the relay.
    handover: bool,
    /// Our own seat's token as a record kept before a reload had it, until our guest is
    /// welcomed again: a room handed over meanwhile takes us back in that seat.
    seat_token: Option<String>,
}

/// A guest getting its link to the host back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reconnect {
    /// Attempts made so far.
    pub attempts: u32,
    /// When the next one is due, unless the link is back by then.
    pub next_at: u64,
    /// The host's offer arrived since: the next attempt waits a full backoff more, so as
    /// not to cut a connection that is being made.
    pub progress: bool,
}

/// How long to wait after attempt `attempt` (from 0) before the next: 2 s doubling to 15 s,
/// plus up to half again by `jitter` (in `[0, 1)`), so that the guests of a table that all
/// dropped at once do not all come back in the same instant.
pub fn backoff_ms(attempt: u32, jitter: f64) -> u64 {
    let base = (2_000u64 << attempt.min(3)).min(15_000);
    let jitter = if jitter.is_finite() {
        jitter.clamp(0.0, 1.0)
    } else {
        0.0
    };
    base + (base as f64 * 0.5 * jitter) as u64
}

/// The page is a guest of another page's host.
#[derive(Debug)]
pub struct Joined {
    pub table: Table,
    pub room: Room,
    /// The host's relay id.
    pub host: RelayPeer,
    /// The seat being taken back, until the host welcomes us (or the attempt fails).
    rejoining: Option<RejoinRecord>,
    /// The link to the host is down, or struggling, and the page is getting it back.
    reconnect: Option<Reconnect>,
    /// Our relay socket closed: we are out of the room on the relay until we join again.
    off_relay: bool,
    /// A join went out to get back into the room on the relay, unanswered yet.
    relay_rejoin: bool,
    /// The host left the relay (it may reclaim the room): it calls us when it is back.
    host_away: bool,
    /// The host left the relay while our channel stayed open: if the channel goes too,
    /// the host is away.
    host_left_relay: bool,
    /// The room is over (its host did not come back): why, for people. The table stays
    /// on screen as it last was.
    ended: Option<String>,
    /// The link to the host opened and the host has not welcomed us on it yet: by this
    /// time it has, or the link is made again (a hello lost with a link that opened and
    /// then carried nothing would otherwise leave us waiting for ever).
    welcome_by: Option<u64>,
    /// The host has welcomed us on a link in this room: a link lost since is a dropped
    /// connection, never a first one that could not be made, and is told as such.
    was_live: bool,
    /// The relay made another guest the host (`host_changed`): our recovery shares go to
    /// it on the next link to it, before the hello.
    shares_due: bool,
}

impl Joined {
    /// Whether the data channel to the host is open.
    fn host_link_open(&self) -> bool {
        self.room
            .peers
            .iter()
            .any(|p| p.id == self.host && p.link == Some(LinkState::Open))
    }

    /// When the link to the host fails to open for long enough to say why, unless it is
    /// told already or the trouble is not the link's (the host or our relay socket away,
    /// the room over).
    fn trouble_due(&self) -> Option<u64> {
        let elsewhere = self.host_away || self.host_left_relay || self.off_relay;
        if elsewhere || self.ended.is_some() || self.host_link_open() {
            return None;
        }
        self.room.watch(&self.host)?.next_due(false)
    }

    /// When the host, on an open link, has taken too long to welcome us.
    fn welcome_due(&self) -> Option<u64> {
        self.welcome_by
            .filter(|_| self.table.guest().member().is_none() && self.host_link_open())
    }

    /// When the watch on the host's link next has something to do.
    fn host_watch_due(&self) -> Option<u64> {
        if self.ended.is_some() {
            return None;
        }
        if self.host_link_open() {
            let beat = self.room.watch(&self.host).and_then(|w| w.next_due(true));
            return [beat, self.welcome_due()].into_iter().flatten().min();
        }
        self.trouble_due()
    }

    /// The host says our room has a new code on the relay (the relay lost the old one):
    /// it is where a reload or a lost link finds the host now. We are not in that room on
    /// the relay until we join it, and the host is there.
    fn room_moved(&mut self, code: RoomCode) {
        if let Some(r) = self.rejoining.as_mut() {
            r.code = code.clone();
        }
        self.room.code = code;
        self.room.peers.retain(|p| p.is_host);
        self.off_relay = true;
        self.relay_rejoin = false;
        self.host_away = false;
        self.host_left_relay = false;
    }
}

/// Waiting for the relay to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    Create,
    /// A join of `room`; `rejoining` when it takes a seat of an earlier page of this tab
    /// back.
    Join {
        room: RoomCode,
        rejoining: Option<RejoinRecord>,
    },
}

/// Where the page stands.
#[derive(Debug)]
pub enum Phase {
    /// The first screen; `offer` is a seat this tab held before a reload.
    Start {
        offer: Option<RejoinRecord>,
    },
    Opening(Opening),
    Hosting(Hosting),
    Joined(Joined),
}

/// A message for the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Unique within the session, for keyed rendering and dismissal.
    pub id: u64,
    pub text: String,
    /// The person it is about, by name: one notice per person, the newest, which goes
    /// once they are back.
    pub about: Option<String>,
}

pub use fair_page::FairSeatMaker;

/// Something for the controller to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send this to the relay (opening the socket first if needed).
    Relay(ClientMessage),
    /// Close the relay socket.
    CloseRelay,
    /// Open a peer connection to `peer` with a data channel and send it an offer (host).
    Dial {
        peer: RelayPeer,
        ice_servers: Vec<IceServer>,
    },
    /// Apply a signal from `peer`, creating the answering connection if there is none.
    Signal {
        peer: RelayPeer,
        data: SignalData,
        ice_servers: Vec<IceServer>,
    },
    /// Close the connection to `peer`, if any.
    Hangup { peer: RelayPeer },
    /// Make a fresh offer on the connection to `peer` that restarts ICE (host).
    RestartIce { peer: RelayPeer },
    /// Send a text of the session protocol over the data channel to `peer`.
    Send { peer: RelayPeer, text: String },
    /// Start this page's referee (the messages that follow are for it); with `resume`, it
    /// first restores the table it saved before the page reloaded.
    StartReferee { resume: bool },
    /// A message for the referee, in order.
    Referee(ToReferee),
    /// Stop the referee.
    StopReferee,
    /// Fetch the fair deal's code, then hand it to [`Session::fair_ready`].
    LoadFair,
}

/// The whole state of the page.
#[derive(Debug)]
pub struct Session {
    pub phase: Phase,
    notices: Vec<Notice>,
    next_notice: u64,
    /// The name chosen on the first screen (already valid); `None` goes by a default.
    name: Option<String>,
    /// What the page holds to sit at fair tables.
    fair: fair_page::FairPage,
    /// A seat being taken back that the relay could not take yet (out of reach, or busy):
    /// while it stays on offer, the page asks again on a backoff.
    rejoin_retry: Option<RejoinRetry>,
    /// Whether the rooms this page opens ask the relay for handover (the table goes on at
    /// a guest's page when the host's page leaves for good). On unless the player turned
    /// it off (`localStorage` `coup.handover` = `0`). A host page that was replaced (its
    /// network gone past the relay's host timeout) learns it from its reclaim's
    /// `handed_over`, stops its referee and takes its seat back as a guest.
    pub handover: bool,
    /// The code last typed to join a room, until the page is in that room: a refused
    /// code comes back to the first screen as typed, to be fixed.
    typed_code: Option<String>,
    /// This page passed its table on (`hand_over`) and the relay has not answered yet.
    passing_on: bool,
}

/// When a seat on offer is asked for again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RejoinRetry {
    /// The attempts that failed so far.
    pub attempts: u32,
    /// When the next one is due (`None`: from the next tick, on its backoff).
    pub next_at: Option<u64>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A page on its first screen.
    pub fn new() -> Session {
        Session {
            phase: Phase::Start { offer: None },
            notices: Vec::new(),
            next_notice: 0,
            name: None,
            fair: fair_page::FairPage::default(),
            rejoin_retry: None,
            typed_code: None,
            handover: true,
            passing_on: false,
        }
    }

    /// What storage held from an earlier page of this tab: offered on the first screen.
    pub fn offer_rejoin(&mut self, record: RejoinRecord) {
        if let Phase::Start { offer } = &mut self.phase {
            *offer = Some(record);
        }
    }

    /// The seat offered back, if any.
    pub fn rejoin_offer(&self) -> Option<&RejoinRecord> {
        match &self.phase {
            Phase::Start { offer } => offer.as_ref(),
            _ => None,
        }
    }

    /// Our table, on either side.
    pub fn table(&self) -> Option<&Table> {
        match &self.phase {
            Phase::Hosting(h) => Some(&h.table),
            Phase::Joined(j) => Some(&j.table),
            _ => None,
        }
    }

    fn table_mut(&mut self) -> Option<&mut Table> {
        match &mut self.phase {
            Phase::Hosting(h) => Some(&mut h.table),
            Phase::Joined(j) => Some(&mut j.table),
            _ => None,
        }
    }

    /// Whether this page referees its table.
    pub fn hosting(&self) -> bool {
        matches!(self.phase, Phase::Hosting(_))
    }

    /// The room on the relay, when the page is in one.
    pub fn room(&self) -> Option<&Room> {
        match &self.phase {
            Phase::Hosting(h) => h.room.as_ref(),
            Phase::Joined(j) => Some(&j.room),
            _ => None,
        }
    }

    fn room_mut(&mut self) -> Option<&mut Room> {
        match &mut self.phase {
            Phase::Hosting(h) => h.room.as_mut(),
            Phase::Joined(j) => Some(&mut j.room),
            _ => None,
        }
    }

    /// The chat lines said at the table, oldest first.
    pub fn chat_lines(&self) -> Vec<ChatLine> {
        self.table().map(Table::chat_lines).unwrap_or_default()
    }

    /// What this tab should keep in `sessionStorage` now: the seat it holds as a joiner
    /// (or is taking back, or is offered back); `None` means remove the record.
    pub fn seat_record(&self) -> Option<RejoinRecord> {
        match &self.phase {
            Phase::Start { offer } => offer.clone(),
            Phase::Opening(Opening::Join { rejoining, .. }) => rejoining.clone(),
            Phase::Joined(j) if j.ended.is_some() => None,
            Phase::Joined(j) => match &j.rejoining {
                Some(r) => Some(r.clone()),
                None => {
                    let g = j.table.guest();
                    RejoinRecord::new(&j.room.code, g.token()?, g.name())
                }
            },
            Phase::Opening(Opening::Create) | Phase::Hosting(_) => None,
        }
    }

    /// The code last typed to join a room, while the page is not in it.
    pub fn typed_code(&self) -> Option<&str> {
        match self.phase {
            Phase::Start { .. } | Phase::Opening(_) => self.typed_code.as_deref(),
            _ => None,
        }
    }

    /// The notices to show, oldest first.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Adds a message for the person. The same words again are not news: the one on
    /// screen stays.
    pub fn notify(&mut self, text: impl Into<String>) {
        let text = text.into();
        if self.notices.iter().any(|n| n.text == text) {
            return;
        }
        self.push_notice(text, None);
    }

    /// Adds a message about the person named `who`, in place of any earlier one about them.
    pub(super) fn notify_about(&mut self, who: &str, text: String) {
        self.forget_about(who);
        self.push_notice(text, Some(who.to_owned()));
    }

    /// The person named `who` is back: what was said about their link is old news.
    pub(super) fn forget_about(&mut self, who: &str) {
        self.notices.retain(|n| n.about.as_deref() != Some(who));
    }

    fn push_notice(&mut self, text: String, about: Option<String>) {
        if self.notices.len() == MAX_NOTICES {
            self.notices.remove(0);
        }
        self.notices.push(Notice {
            id: self.next_notice,
            text,
            about,
        });
        self.next_notice += 1;
    }

    /// The name this page takes at a table; `me` is its relay id, when it has one.
    fn display_name(&self, me: Option<&RelayPeer>) -> String {
        match (&self.name, me) {
            (Some(n), _) => n.clone(),
            (None, Some(me)) => me.short_name(),
            // A hosting page's player who chose no name and has no relay id to go by.
            (None, None) => t("player-default"),
        }
    }

    /// One thing the person asked for. A refusal is a sentence to show where they asked
    /// (the chat box keeps a refused line); nothing changed then.
    pub fn handle(&mut self, intent: Intent) -> Result<Vec<Effect>, String> {
        match intent {
            Intent::SetName(name) => {
                self.name = name.and_then(|n| shared::session::names::validate_name(&n).ok());
                Ok(Vec::new())
            }
            // A new table: what was said about the last one stays behind.
            Intent::PlayBots(setup) => {
                self.notices.clear();
                Ok(self.play_bots(setup, false))
            }
            Intent::PlayBotsGuided(setup) => {
                self.notices.clear();
                Ok(self.play_bots(setup, true))
            }
            Intent::CreateRoom => {
                self.notices.clear();
                Ok(self.create())
            }
            Intent::JoinRoom(typed) => {
                self.notices.clear();
                self.typed_code = Some(typed.clone());
                self.join(&typed)
            }
            Intent::Rejoin => Ok(self.rejoin()),
            Intent::DismissRejoin => {
                if let Phase::Start { offer } = &mut self.phase {
                    *offer = None;
                }
                Ok(Vec::new())
            }
            Intent::Play(input) => {
                let Some(table) = self.table_mut() else {
                    return Ok(Vec::new());
                };
                table.problem = None;
                match table.guest().intent(input) {
                    Ok(text) => self.up(text),
                    Err(e) => {
                        table.problem = Some(problems::intent(e));
                        Ok(Vec::new())
                    }
                }
            }
            Intent::FairAnswer(answer) => self.fair_answer(answer),
            Intent::Admin(cmd) => self.admin(cmd),
            // Removing a bot leaves its seat open: the table keeps the size the host chose.
            Intent::RemoveBot(seat) => self.admin(AdminCmd::SetSeat {
                seat,
                to: SeatSetting::Open,
            }),
            Intent::SeatWatcher(member) => {
                let Some(cmds) = self
                    .table()
                    .and_then(|t| t.guest().table())
                    .map(|t| super::table::seat_watcher(t, member))
                else {
                    return Ok(Vec::new());
                };
                let mut effects = Vec::new();
                for cmd in cmds {
                    effects.extend(self.admin(cmd)?);
                }
                Ok(effects)
            }
            Intent::Kick(seat) => match self.table().and_then(|t| t.other_person_in(seat)) {
                Some(member) => self.admin(AdminCmd::Kick { member }),
                None => Ok(Vec::new()),
            },
            Intent::Chat(typed) => {
                let Some(table) = self.table() else {
                    return Ok(Vec::new());
                };
                let text = table.guest().chat(&typed).map_err(problems::chat)?;
                if table.guest().member().is_none() {
                    return Err(t("not-connected"));
                }
                self.up(text)
            }
            Intent::React(line, reaction) => {
                let Some(table) = self.table() else {
                    return Ok(Vec::new());
                };
                if table.guest().member().is_none() {
                    return Err(t("not-connected"));
                }
                let text = table.guest().react(line, reaction);
                self.up(text)
            }
            Intent::Dismiss(id) => {
                self.notices.retain(|n| n.id != id);
                Ok(Vec::new())
            }
            // A host in the middle of a game with others leaves the table to them.
            Intent::Leave if self.passes_on() => Ok(self.pass_on()),
            Intent::Leave => Ok(self.leave()),
            Intent::RetryLink => {
                // The attempt itself is the clock's next tick, which knows the time.
                if let Phase::Joined(j) = &mut self.phase
                    && j.ended.is_none()
                {
                    let w = j.room.watch_mut(&j.host);
                    w.told = None;
                    w.trouble_at = None;
                    j.reconnect = Some(Reconnect {
                        attempts: 0,
                        next_at: 0,
                        progress: false,
                    });
                }
                Ok(Vec::new())
            }
            Intent::NewRoom => {
                if self.ended().is_none() {
                    return Ok(Vec::new());
                }
                // Out of the old room already: no leave to send, only hangups.
                let Phase::Joined(j) =
                    std::mem::replace(&mut self.phase, Phase::Start { offer: None })
                else {
                    return Ok(Vec::new());
                };
                let mut effects = j.room.hangups();
                effects.extend(self.create());
                Ok(effects)
            }
        }
    }

    /// A host command, from the hosting page only (a host refuses anyone else's anyway).
    fn admin(&mut self, cmd: AdminCmd) -> Result<Vec<Effect>, String> {
        match &self.phase {
            Phase::Hosting(h) => {
                let text = h.table.guest().admin(cmd);
                self.up(text)
            }
            _ => Ok(Vec::new()),
        }
    }

    /// Our text to the host: over the port to our referee, or over the data channel.
    fn up(&mut self, text: String) -> Result<Vec<Effect>, String> {
        match &self.phase {
            // Our own guest wrote it: it is JSON, and within the host's limit.
            Phase::Hosting(_) => ToReferee::from_page(text)
                .map(|msg| vec![Effect::Referee(msg)])
                .map_err(|e| e.to_string()),
            Phase::Joined(j) if j.table.guest().member().is_some() => Ok(vec![Effect::Send {
                peer: j.host.clone(),
                text,
            }]),
            Phase::Joined(_) => Err(t("not-connected")),
            _ => Ok(Vec::new()),
        }
    }
}

/// The others in a room a guest just joined, from the relay's answer: `ids` without
/// ourselves (`me`); a guest links only with the `host`, and the host calls it.
fn peers_of(ids: Vec<String>, me: &RelayPeer, host: &RelayPeer) -> Vec<Peer> {
    ids.into_iter()
        .map(RelayPeer)
        .filter(|p| p != me)
        .map(|id| {
            let is_host = id == *host;
            let link = is_host.then_some(LinkState::Connecting);
            Peer { id, is_host, link }
        })
        .collect()
}

/// The relay id of the link the referee knows as `id`.
/// How many ended links a host remembers the relay peer of; the relay remembers the
/// guests that left a room from as many addresses (its `MAX_LEFT`).
const ENDED_LINKS: usize = 64;

impl Hosting {
    /// Our table, with no link yet: in `room` (none for a game against bots) with its
    /// host `secret`, taking it back from the relay when `reclaiming`, a room that hands
    /// over if `handover`.
    fn new(
        table: Table,
        room: Option<Room>,
        secret: Option<String>,
        reclaiming: bool,
        handover: bool,
    ) -> Hosting {
        Hosting {
            table,
            room,
            host_secret: secret,
            links: BTreeMap::new(),
            last_link: 0,
            ended: Vec::new(),
            reclaiming,
            off_relay: false,
            retry: None,
            left_relay: Vec::new(),
            moving: false,
            handover,
            seat_token: None,
        }
    }

    /// Our own seat's token: the referee's welcome to our guest, else the one a record
    /// kept before a reload.
    fn own_token(&self) -> Option<&str> {
        self.table.guest().token().or(self.seat_token.as_deref())
    }

    /// Ends the link to `peer`, remembering its relay peer for a later ban; returns the
    /// id the referee knew it by.
    fn end_link(&mut self, peer: &RelayPeer) -> Option<PeerId> {
        let id = self.links.remove(peer)?;
        if self.ended.len() >= ENDED_LINKS {
            self.ended.remove(0);
        }
        self.ended.push((id, peer.clone()));
        Some(id)
    }

    /// The relay peer of link `id`, open or ended.
    fn relay_peer(&self, id: PeerId) -> Option<RelayPeer> {
        relay_id(&self.links, id).or_else(|| {
            self.ended
                .iter()
                .rev()
                .find(|(i, _)| *i == id)
                .map(|(_, p)| p.clone())
        })
    }
}

fn relay_id(links: &BTreeMap<RelayPeer, PeerId>, id: PeerId) -> Option<RelayPeer> {
    links
        .iter()
        .find(|(_, p)| **p == id)
        .map(|(peer, _)| peer.clone())
}

#[cfg(test)]
mod tests;
