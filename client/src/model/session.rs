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

use std::collections::BTreeMap;

use serde_json::Value;
use shared::engine::MIN_PLAYERS;
use shared::relay::{ClientMessage, ErrorCode, IceServer, RelayMessage, RoomCode};
use shared::session::protocol::{AdminCmd, PeerId, SeatSetting, Timers, ToGuest};
use shared::session::{Outgoing, ToReferee};

use super::chat::ChatLine;
use super::intent::{Intent, SoloSetup};
use super::link::{
    DEAD_MS, Diagnosis, FIRST_LINK_MS, LOST_LINK_MS, LinkWatch, SILENCE_MS, Servers, diagnose,
};
use super::problems;
use super::rejoin::{HostRecord, HostRoom, RejoinRecord};
use super::signal::SignalData;
use super::table::{Received, Table};
use crate::i18n::{t, tr};

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

    /// When the watch on the host's link next has something to do.
    fn host_watch_due(&self) -> Option<u64> {
        if self.ended.is_some() {
            return None;
        }
        if self.host_link_open() {
            return self.room.watch(&self.host)?.next_due(true);
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
    /// A join; `rejoining` when it takes a seat of an earlier page of this tab back.
    Join {
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
}

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
}

/// The whole state of the page.
#[derive(Debug)]
pub struct Session {
    pub phase: Phase,
    notices: Vec<Notice>,
    next_notice: u64,
    /// The name chosen on the first screen (already valid); `None` goes by a default.
    name: Option<String>,
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
            Phase::Opening(Opening::Join { rejoining }) => rejoining.clone(),
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

    /// The notices to show, oldest first.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Adds a message for the person.
    pub fn notify(&mut self, text: impl Into<String>) {
        if self.notices.len() == MAX_NOTICES {
            self.notices.remove(0);
        }
        self.notices.push(Notice {
            id: self.next_notice,
            text: text.into(),
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
            Intent::PlayBots(setup) => Ok(self.play_bots(setup)),
            Intent::CreateRoom => Ok(self.create()),
            Intent::JoinRoom(typed) => self.join(&typed),
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
            Intent::Admin(cmd) => self.admin(cmd),
            Intent::RemoveBot(seat) => {
                let Some(count) = self
                    .table()
                    .and_then(|t| t.guest().table())
                    .map(|t| t.seats.len())
                else {
                    return Ok(Vec::new());
                };
                let mut effects = self.admin(AdminCmd::SetSeat {
                    seat,
                    to: SeatSetting::Open,
                })?;
                // The last seat goes with its bot, down to the fewest a game has (R1.1).
                if seat.index() + 1 == count && count > MIN_PLAYERS {
                    let count = (count - 1) as u8;
                    effects.extend(self.admin(AdminCmd::SetSeatCount { count })?);
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
            Intent::Dismiss(id) => {
                self.notices.retain(|n| n.id != id);
                Ok(Vec::new())
            }
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
            Phase::Hosting(_) => Ok(vec![Effect::Referee(ToReferee::Text {
                peer: PeerId::LOCAL,
                text,
            })]),
            Phase::Joined(j) if j.table.guest().member().is_some() => Ok(vec![Effect::Send {
                peer: j.host.clone(),
                text,
            }]),
            Phase::Joined(_) => Err(t("not-connected")),
            _ => Ok(Vec::new()),
        }
    }

    /// Opens a hosted table: the referee starts with our player, then `commands` set it up.
    fn host_table(
        &mut self,
        room: Option<Room>,
        secret: Option<String>,
        commands: Vec<AdminCmd>,
    ) -> Vec<Effect> {
        let name = self.display_name(room.as_ref().map(|r| &r.me));
        let table = Table::new(&name, None);
        let mut effects = vec![
            Effect::StartReferee { resume: false },
            Effect::Referee(ToReferee::Open { name }),
        ];
        let timers = Timers {
            bot_delay_ms: BOT_DELAY_MS,
            ..Timers::default()
        };
        for cmd in std::iter::once(AdminCmd::SetTimers { timers }).chain(commands) {
            effects.push(Effect::Referee(ToReferee::Text {
                peer: PeerId::LOCAL,
                text: table.guest().admin(cmd),
            }));
        }
        self.phase = Phase::Hosting(Hosting {
            table,
            room,
            host_secret: secret,
            links: BTreeMap::new(),
            last_link: 0,
            reclaiming: false,
            off_relay: false,
            retry: None,
            left_relay: Vec::new(),
            moving: false,
        });
        effects
    }

    /// Takes back the table this tab hosted before it reloaded: the referee restores what
    /// it saved, and a room is reclaimed on the relay (whose answer dials every guest, who
    /// then say hello with their tokens).
    pub fn resume(&mut self, record: HostRecord) -> Vec<Effect> {
        if !matches!(self.phase, Phase::Start { .. }) {
            return Vec::new();
        }
        self.name = Some(record.name.clone());
        let mut effects = vec![Effect::StartReferee { resume: true }];
        let (room, secret) = match record.room {
            Some(HostRoom { code, me, secret }) => {
                effects.push(Effect::Relay(ClientMessage::Reclaim {
                    room: code.as_str().to_owned(),
                    host_secret: secret.clone(),
                }));
                let room = Room::new(code, RelayPeer(me), Vec::new(), Vec::new());
                (Some(room), Some(secret))
            }
            None => (None, None),
        };
        let reclaiming = room.is_some();
        self.phase = Phase::Hosting(Hosting {
            table: Table::new(&record.name, None),
            room,
            host_secret: secret,
            links: BTreeMap::new(),
            last_link: 0,
            reclaiming,
            off_relay: false,
            retry: None,
            left_relay: Vec::new(),
            moving: false,
        });
        effects
    }

    /// What this tab should keep in `sessionStorage` to take its hosted table back after
    /// a reload; `None` means remove the record.
    pub fn host_record(&self) -> Option<HostRecord> {
        let Phase::Hosting(h) = &self.phase else {
            return None;
        };
        let room = match (&h.room, &h.host_secret) {
            (Some(r), Some(secret)) => Some(HostRoom {
                code: r.code.clone(),
                me: r.me.0.clone(),
                secret: secret.clone(),
            }),
            (None, _) => None,
            (Some(_), None) => return None,
        };
        Some(HostRecord {
            name: h.table.guest().name().to_owned(),
            room,
        })
    }

    /// The referee could not take back the table it saved: it was set aside, and the page
    /// goes back to the first screen (the room with it).
    pub fn on_referee_not_restored(&mut self, why: &str) -> Vec<Effect> {
        if !self.hosting() {
            return Vec::new();
        }
        let effects = self.leave();
        self.notify(tr("notice-not-restored", &[("why", why.into())]));
        effects
    }

    /// A table against bots in this page: every other seat a bot, dealt at once.
    fn play_bots(&mut self, setup: SoloSetup) -> Vec<Effect> {
        if !matches!(self.phase, Phase::Start { .. }) {
            return Vec::new();
        }
        let count = setup
            .players
            .clamp(MIN_PLAYERS as u8, shared::engine::MAX_PLAYERS as u8);
        self.host_table(
            None,
            None,
            vec![
                AdminCmd::SetSeatCount { count },
                AdminCmd::SetOptions {
                    options: setup.options,
                },
                AdminCmd::SetDefaultBot { level: setup.level },
                AdminCmd::Start { first: None },
            ],
        )
    }

    fn create(&mut self) -> Vec<Effect> {
        if !matches!(self.phase, Phase::Start { .. }) {
            return Vec::new();
        }
        self.phase = Phase::Opening(Opening::Create);
        vec![Effect::Relay(ClientMessage::Create)]
    }

    fn join(&mut self, typed: &str) -> Result<Vec<Effect>, String> {
        if !matches!(self.phase, Phase::Start { .. }) {
            return Ok(Vec::new());
        }
        let code = RoomCode::parse(typed)
            .ok_or_else(|| "A room code is 6 letters and digits, like K7M-3QX.".to_owned())?;
        self.phase = Phase::Opening(Opening::Join { rejoining: None });
        Ok(vec![Effect::Relay(ClientMessage::Join {
            room: code.as_str().to_owned(),
        })])
    }

    /// Takes the offered seat back: joins its room with its name, and the hello carries
    /// its token.
    fn rejoin(&mut self) -> Vec<Effect> {
        let Phase::Start { offer } = &mut self.phase else {
            return Vec::new();
        };
        let Some(record) = offer.take() else {
            return Vec::new();
        };
        self.name = Some(record.name.clone());
        let room = record.code.as_str().to_owned();
        self.phase = Phase::Opening(Opening::Join {
            rejoining: Some(record),
        });
        vec![Effect::Relay(ClientMessage::Join { room })]
    }

    /// Leaves whatever the page is in, back to the first screen.
    fn leave(&mut self) -> Vec<Effect> {
        let phase = std::mem::replace(&mut self.phase, Phase::Start { offer: None });
        match phase {
            Phase::Start { .. } => Vec::new(),
            Phase::Opening(_) => vec![Effect::CloseRelay],
            Phase::Hosting(h) => {
                let mut effects = vec![Effect::StopReferee];
                if let Some(room) = h.room {
                    effects.extend(room.hangups());
                    effects.push(Effect::Relay(ClientMessage::Leave));
                }
                effects
            }
            Phase::Joined(j) => {
                let mut effects = j.room.hangups();
                if j.ended.is_none() {
                    effects.push(Effect::Relay(ClientMessage::Leave));
                }
                effects
            }
        }
    }

    /// The referee said something: a text for our guest or another peer, a link to end.
    pub fn on_referee(&mut self, out: Outgoing, now: u64) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        match out {
            Outgoing::Send { to, text } if to == PeerId::LOCAL => {
                let r = h.table.receive(&text, now);
                self.take(r)
            }
            Outgoing::Send { to, text } => match relay_id(&h.links, to) {
                Some(peer) => vec![Effect::Send { peer, text }],
                None => Vec::new(),
            },
            // A kick: the relay keeps that peer out of the room (the close follows).
            Outgoing::Ban { peer: to } => match relay_id(&h.links, to) {
                Some(peer) if h.room.is_some() => {
                    vec![Effect::Relay(ClientMessage::Kick { peer: peer.0 })]
                }
                _ => Vec::new(),
            },
            Outgoing::Close { peer: to } => {
                let Some(peer) = relay_id(&h.links, to) else {
                    return Vec::new();
                };
                h.links.remove(&peer);
                if let Some(r) = h.room.as_mut() {
                    if let Some(p) = r.peer_mut(&peer) {
                        p.link = Some(LinkState::Closed);
                    }
                    r.watch_mut(&peer).closed();
                }
                vec![Effect::Hangup { peer }]
            }
        }
    }

    /// The referee could not run (its worker failed to start or died): the table is gone.
    pub fn on_referee_failed(&mut self, why: &str) -> Vec<Effect> {
        if !self.hosting() {
            return Vec::new();
        }
        let effects = self.leave();
        self.notify(tr("notice-table-stopped", &[("why", why.into())]));
        effects
    }

    /// Shows what a text from the host said; a guest whose link the host ended goes back
    /// to the first screen.
    fn take(&mut self, r: Received) -> Vec<Effect> {
        for n in r.notices {
            self.notify(n);
        }
        if let (Some(code), Phase::Joined(j)) = (r.moved, &mut self.phase) {
            j.room_moved(code);
        }
        let mut effects = Vec::new();
        if let Phase::Joined(j) = &self.phase {
            if r.resync {
                effects.push(Effect::Send {
                    peer: j.host.clone(),
                    text: j.table.guest().resync(),
                });
            }
            if r.closed {
                effects.extend(self.leave());
            }
        }
        effects
    }

    /// A message from the relay, at `now`.
    pub fn on_relay(&mut self, msg: RelayMessage, now: u64) -> Vec<Effect> {
        match msg {
            RelayMessage::Created {
                room,
                peer,
                host_secret,
                ice_servers,
            } => {
                if matches!(&self.phase, Phase::Hosting(h) if h.moving) {
                    return self.moved(&room, peer, host_secret, ice_servers);
                }
                if !matches!(self.phase, Phase::Opening(Opening::Create)) {
                    return Vec::new();
                }
                let Some(code) = RoomCode::parse(&room) else {
                    return self.relay_garbage("a room code it cannot have made");
                };
                let room = Room::new(code, RelayPeer(peer), Vec::new(), ice_servers);
                self.host_table(Some(room), Some(host_secret), Vec::new())
            }
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } if self.reclaiming() => self.reclaimed(&room, &peer, &host, peers, ice_servers, now),
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } if self.relay_rejoining() => {
                self.back_in_room(&room, peer, host, peers, ice_servers, now)
            }
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } => {
                let Phase::Opening(Opening::Join { rejoining }) = &mut self.phase else {
                    return Vec::new();
                };
                let rejoining = rejoining.take();
                let Some(code) = RoomCode::parse(&room) else {
                    return self.relay_garbage("a room code it cannot have made");
                };
                if host == peer {
                    return self.relay_garbage("that we host a room we joined");
                }
                let me = RelayPeer(peer);
                let host = RelayPeer(host);
                let peers = peers_of(peers, &me, &host);
                let name = self.display_name(Some(&me));
                let token = rejoining.as_ref().map(|r| r.token.clone());
                let mut room = Room::new(code, me, peers, ice_servers);
                // The host calls at once: if no link opens in time, the page says why.
                room.watch_mut(&host).expect_trouble(now, FIRST_LINK_MS);
                self.phase = Phase::Joined(Joined {
                    table: Table::new(&name, token),
                    room,
                    host,
                    rejoining,
                    reconnect: None,
                    off_relay: false,
                    relay_rejoin: false,
                    host_away: false,
                    host_left_relay: false,
                    ended: None,
                });
                Vec::new()
            }
            RelayMessage::PeerJoined { peer } => self.on_peer_joined(RelayPeer(peer), now),
            RelayMessage::PeerLeft { peer } => self.on_peer_left(&RelayPeer(peer)),
            RelayMessage::Signal { from, data } => self.on_signal(RelayPeer(from), data, now),
            // A guest's table stays on screen as it ended, with the news and a new room
            // one click away; the relay has already taken everyone out of the room.
            RelayMessage::RoomClosed { .. } if matches!(self.phase, Phase::Joined(_)) => {
                let Phase::Joined(j) = &mut self.phase else {
                    return Vec::new();
                };
                let effects = j.room.hangups();
                for p in &mut j.room.peers {
                    p.link = p.link.map(|_| LinkState::Closed);
                }
                j.table.guest_mut().link_lost();
                j.reconnect = None;
                j.host_away = false;
                j.rejoining = None;
                j.ended = Some(t("ended-host-gone"));
                effects
            }
            RelayMessage::RoomClosed { reason } => {
                if self.room().is_none() {
                    return Vec::new();
                }
                let effects = self.leave();
                self.notify(problems::room_closed(&reason));
                effects
            }
            RelayMessage::Pong => Vec::new(),
            RelayMessage::Error { code, message: _ } => {
                if let Some(effects) = self.reconnect_refused(code) {
                    return effects;
                }
                if self.reclaiming() {
                    let code_text = self.room().map(|r| r.code.to_string()).unwrap_or_default();
                    let effects = self.leave();
                    self.notify(tr(
                        "notice-reclaim-failed",
                        &[
                            ("code", code_text.into()),
                            ("why", problems::relay(code).into()),
                        ],
                    ));
                    return effects;
                }
                if let Phase::Opening(opening) = &self.phase {
                    let rejoining = match opening {
                        Opening::Join { rejoining } => rejoining.clone(),
                        Opening::Create => None,
                    };
                    self.phase = Phase::Start { offer: None };
                    if let Some(r) = rejoining {
                        self.notify(tr(
                            "notice-rejoin-failed",
                            &[
                                ("code", r.code.to_string().into()),
                                ("why", problems::relay(code).into()),
                            ],
                        ));
                        return Vec::new();
                    }
                }
                self.notify(problems::relay(code));
                Vec::new()
            }
        }
    }

    /// Whether the page is taking its room back on the relay.
    fn reclaiming(&self) -> bool {
        matches!(&self.phase, Phase::Hosting(h) if h.reclaiming && h.room.is_some())
    }

    /// Whether a guest is joining its room again on a new relay socket.
    fn relay_rejoining(&self) -> bool {
        matches!(&self.phase, Phase::Joined(j) if j.relay_rejoin)
    }

    /// The relay refused a reconnection's request: `None` when this error is not about
    /// one. A host whose table plays on over open links keeps it (nobody new can join);
    /// a guest whose room is gone is told.
    fn reconnect_refused(&mut self, code: ErrorCode) -> Option<Vec<Effect>> {
        match &mut self.phase {
            // A new room could not be opened yet (busy, throttled): the next attempt
            // comes with the backoff.
            Phase::Hosting(h) if h.moving => Some(Vec::new()),
            Phase::Hosting(h) if h.reclaiming && h.off_relay => {
                let lost = matches!(code, ErrorCode::NoSuchRoom | ErrorCode::BadSecret);
                if !lost {
                    // Busy or throttled: the next attempt comes with the backoff.
                    return Some(Vec::new());
                }
                // The relay no longer knows the room (it restarted): the game goes on
                // over the open links, in a new room whose code the guests are told.
                h.reclaiming = false;
                h.moving = true;
                Some(vec![Effect::Relay(ClientMessage::Create)])
            }
            // A request to a host that just left the relay: it calls us when it is back.
            Phase::Joined(j) if j.reconnect.is_some() && code == ErrorCode::UnknownPeer => {
                Some(Vec::new())
            }
            Phase::Joined(j) if j.relay_rejoin => {
                j.relay_rejoin = false;
                let gone = matches!(
                    code,
                    ErrorCode::NoSuchRoom | ErrorCode::Banned | ErrorCode::RoomFull
                );
                if !gone {
                    return Some(Vec::new());
                }
                let code_text = j.room.code.to_string();
                let effects = self.leave();
                self.notify(tr(
                    "notice-room-gone",
                    &[
                        ("code", code_text.into()),
                        ("why", problems::relay(code).into()),
                    ],
                ));
                Some(effects)
            }
            _ => None,
        }
    }

    /// A guest is back in its room on a new relay socket (with a new relay id): the host
    /// sees it arrive and calls it.
    fn back_in_room(
        &mut self,
        room: &str,
        peer: String,
        host: String,
        peers: Vec<String>,
        ice_servers: Vec<IceServer>,
        now: u64,
    ) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        if RoomCode::parse(room).as_ref() != Some(&j.room.code) || host == peer {
            return self.relay_garbage("a room that is not the one we rejoined");
        }
        j.relay_rejoin = false;
        j.off_relay = false;
        let me = RelayPeer(peer);
        let host = RelayPeer(host);
        j.host_away = !peers.contains(&host.0);
        j.room.peers = peers_of(peers, &me, &host);
        j.room.me = me;
        j.room.ice_servers = ice_servers;
        let old_host = std::mem::replace(&mut j.host, host);
        // What the attempts gathered stays with the host under its new id.
        // Back on the relay, the host can call us: that call has its own time.
        let mut w = j.room.watch.remove(&old_host).unwrap_or_default();
        w.trouble_at = None;
        w.told = None;
        w.expect_trouble(now, FIRST_LINK_MS);
        j.room.watch.insert(j.host.clone(), w);
        vec![Effect::Hangup { peer: old_host }]
    }

    /// Why the room is over, when its host did not come back (the table stays on screen).
    pub fn ended(&self) -> Option<&str> {
        match &self.phase {
            Phase::Joined(j) => j.ended.as_deref(),
            _ => None,
        }
    }

    /// What the page's connection line says, if anything: a guest getting its link back,
    /// a host getting its relay back. Calm, and gone once things are back.
    pub fn connection_line(&self) -> Option<String> {
        let id = match &self.phase {
            Phase::Joined(j) if j.host_away || (j.host_left_relay && j.reconnect.is_some()) => {
                "connection-host-away"
            }
            // The failure panel says more than this line would.
            Phase::Joined(j) if j.room.watch(&j.host).is_some_and(|w| w.told.is_some()) => {
                return None;
            }
            Phase::Joined(j) if j.reconnect.is_some() => "connection-reconnecting",
            Phase::Hosting(h) if h.off_relay => "connection-relay",
            _ => return None,
        };
        Some(t(id))
    }

    /// The page's clock moved to `now`: a link that went quiet is restarted or made again,
    /// a failure whose time came is told, and a reconnection that is due makes its next
    /// attempt. `jitter` is a fresh random number in `[0, 1)`.
    pub fn tick(&mut self, now: u64, jitter: f64) -> Vec<Effect> {
        let mut effects = match &self.phase {
            Phase::Joined(_) => self.watch_host(now),
            Phase::Hosting(_) => self.watch_guests(now),
            _ => Vec::new(),
        };
        effects.extend(self.retry_tick(now, jitter));
        effects
    }

    /// A guest's watch on its link to the host at `now`: silent past [`SILENCE_MS`], it
    /// asks for an ICE restart; past [`DEAD_MS`], the link is made again; not open by its
    /// time, the page says why (and keeps trying quietly).
    fn watch_host(&mut self, now: u64) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        let host = j.host.clone();
        let open = j.host_link_open();
        let w = j.room.watch_mut(&host);
        if open && w.quiet_for(now, DEAD_MS) {
            return self.on_link_closed(&host, None, now);
        }
        if open && !w.silent && w.quiet_for(now, SILENCE_MS) {
            w.silent = true;
            // Told why if it has not come back in time, even when a reconnection was
            // already under way (a new channel that opened and then said nothing).
            w.expect_trouble(now, LOST_LINK_MS);
            return self.on_link_unstable(&host, now);
        }
        if j.trouble_due().is_some_and(|at| at <= now) {
            let told = j.room.diagnose(&host);
            j.room.watch_mut(&host).told = Some(told);
            if j.reconnect.is_none() {
                // The first call is taking too long: from now on it is tried again, as a
                // lost link is.
                return self.reconnect_attempt(now, 0.0);
            }
        }
        Vec::new()
    }

    /// The host's watch on each guest's link at `now`: silent past [`SILENCE_MS`], it is
    /// struggling; past [`DEAD_MS`], the link ends (the referee keeps the seat through
    /// its grace); not open by its time, the host is told once why it cannot reach them.
    fn watch_guests(&mut self, now: u64) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        let Some(room) = h.room.as_mut() else {
            return Vec::new();
        };
        let mut effects = Vec::new();
        let mut dead = Vec::new();
        let mut told = Vec::new();
        for p in &room.peers {
            let Some(link) = p.link else {
                continue;
            };
            let Some(w) = room.watch.get_mut(&p.id) else {
                continue;
            };
            if link == LinkState::Open {
                if w.quiet_for(now, DEAD_MS) {
                    dead.push(p.id.clone());
                } else if !w.silent && w.quiet_for(now, SILENCE_MS) {
                    // Struggling: the guest asks for the ICE restart when it notices too.
                    // (One the host made itself while the guest cannot hear would stay
                    // unanswered, and hold back the one the guest asks for once back.)
                    w.silent = true;
                }
            } else if w.next_due(false).is_some_and(|at| at <= now) {
                told.push(p.id.clone());
            }
        }
        let mut texts = Vec::new();
        for peer in told {
            let why = room.diagnose(&peer);
            room.watch_mut(&peer).told = Some(why);
            let name = room.name_of(&peer);
            texts.push(tr(
                "notice-cannot-reach",
                &[
                    ("name", name.clone().into()),
                    (
                        "why",
                        tr(why.host_message(), &[("name", name.into())]).into(),
                    ),
                ],
            ));
        }
        for text in texts {
            self.notify(text);
        }
        for peer in dead {
            let why = tr(
                "link-silent",
                &[("seconds", ((DEAD_MS / 1_000) as u32).into())],
            );
            effects.extend(self.on_link_closed(&peer, Some(&why), now));
        }
        effects
    }

    /// A reconnection that is due (a guest's link, a host's relay socket) makes its next
    /// attempt at `now`.
    fn retry_tick(&mut self, now: u64, jitter: f64) -> Vec<Effect> {
        match &mut self.phase {
            Phase::Joined(j) => {
                if let Some(r) = j.reconnect.as_mut()
                    && r.progress
                    && r.next_at <= now
                {
                    r.progress = false;
                    r.next_at = now + backoff_ms(r.attempts, jitter);
                }
                let due = j.reconnect.is_some_and(|r| r.next_at <= now);
                if !due {
                    return Vec::new();
                }
                if !self.guest_live() {
                    return self.reconnect_attempt(now, jitter);
                }
                // The channel is still open but its connection struggles: ask for another
                // ICE restart (the last one may have been lost with the network).
                let Phase::Joined(j) = &mut self.phase else {
                    return Vec::new();
                };
                let Some(r) = j.reconnect.as_mut() else {
                    return Vec::new();
                };
                r.next_at = now + backoff_ms(r.attempts, jitter);
                r.attempts += 1;
                if j.off_relay || j.host_away || j.host_left_relay {
                    return Vec::new();
                }
                vec![Effect::Relay(ClientMessage::Signal {
                    to: j.host.0.clone(),
                    data: SignalData::Restart.to_value(),
                })]
            }
            Phase::Hosting(h) => {
                let Some((at, attempts)) = h.retry else {
                    return Vec::new();
                };
                let (Some(room), Some(secret)) = (&h.room, &h.host_secret) else {
                    return Vec::new();
                };
                if !h.off_relay || at > now {
                    return Vec::new();
                }
                h.retry = Some((now + backoff_ms(attempts, jitter), attempts + 1));
                if h.moving {
                    return vec![Effect::Relay(ClientMessage::Create)];
                }
                h.reclaiming = true;
                vec![Effect::Relay(ClientMessage::Reclaim {
                    room: room.code.as_str().to_owned(),
                    host_secret: secret.clone(),
                })]
            }
            _ => Vec::new(),
        }
    }

    /// Whether [`Session::tick`] has anything to do at `now` (the page's clock asks four
    /// times a second, and only a due tick touches the session that the interface reads).
    pub fn tick_due(&self, now: u64) -> bool {
        match &self.phase {
            Phase::Joined(j) => {
                let watch = j.host_watch_due();
                let retry = j.reconnect.map(|r| r.next_at);
                [watch, retry].into_iter().flatten().any(|at| at <= now)
            }
            Phase::Hosting(h) => {
                let retry = h.off_relay && h.retry.is_some_and(|(at, _)| at <= now);
                let watch = h.room.as_ref().is_some_and(|r| {
                    r.peers.iter().any(|p| {
                        let open = p.link == Some(LinkState::Open);
                        p.link.is_some()
                            && r.watch
                                .get(&p.id)
                                .and_then(|w| w.next_due(open))
                                .is_some_and(|at| at <= now)
                    })
                });
                retry || watch
            }
            _ => false,
        }
    }

    /// The page woke up (its tab came to the front, the network came back): a pending
    /// reconnection tries again now rather than at the end of its backoff.
    pub fn wake(&mut self, now: u64) {
        match &mut self.phase {
            Phase::Joined(j) => {
                if let Some(r) = j.reconnect.as_mut() {
                    r.next_at = r.next_at.min(now);
                }
            }
            Phase::Hosting(h) => {
                if let Some((at, _)) = h.retry.as_mut() {
                    *at = (*at).min(now);
                }
            }
            _ => {}
        }
    }

    /// Whether a guest's link to its host is open and the host has welcomed it on it.
    fn guest_live(&self) -> bool {
        let Phase::Joined(j) = &self.phase else {
            return false;
        };
        let open = j
            .room
            .peers
            .iter()
            .any(|p| p.id == j.host && p.link == Some(LinkState::Open));
        open && j.table.guest().member().is_some()
    }

    /// One attempt to get a guest's link back: a fresh connection that the host makes
    /// when asked over the relay, after joining the room again on a new socket if the old
    /// one is gone. A host that is away calls us itself when it is back.
    fn reconnect_attempt(&mut self, now: u64, jitter: f64) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        let r = j.reconnect.get_or_insert(Reconnect {
            attempts: 0,
            next_at: now,
            progress: false,
        });
        r.next_at = now + backoff_ms(r.attempts, jitter);
        r.attempts += 1;
        // A fresh try (the player asked for one) has its own time to open.
        let host = j.host.clone();
        j.room.watch_mut(&host).expect_trouble(now, FIRST_LINK_MS);
        if j.host_away || j.host_left_relay {
            return Vec::new();
        }
        let mut effects = vec![Effect::Hangup { peer: host.clone() }];
        if let Some(p) = j.room.peer_mut(&host) {
            p.link = Some(LinkState::Connecting);
        }
        if j.off_relay {
            if !j.relay_rejoin {
                j.relay_rejoin = true;
                effects.push(Effect::Relay(ClientMessage::Join {
                    room: j.room.code.as_str().to_owned(),
                }));
            }
        } else {
            effects.push(Effect::Relay(ClientMessage::Signal {
                to: host.0,
                data: SignalData::Redial.to_value(),
            }));
        }
        effects
    }

    /// The connection to `peer` went `disconnected` (ICE lost its path, for now): a guest
    /// shows it is reconnecting and asks the host to restart ICE.
    pub fn on_link_unstable(&mut self, peer: &RelayPeer, now: u64) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        if *peer != j.host || j.reconnect.is_some() {
            return Vec::new();
        }
        j.room.watch_mut(peer).expect_trouble(now, LOST_LINK_MS);
        j.reconnect = Some(Reconnect {
            attempts: 0,
            next_at: now + backoff_ms(0, 0.0),
            progress: false,
        });
        if j.off_relay || j.host_away || j.host_left_relay {
            return Vec::new();
        }
        vec![Effect::Relay(ClientMessage::Signal {
            to: peer.0.clone(),
            data: SignalData::Restart.to_value(),
        })]
    }

    /// The connection to `peer` is connected again (after an ICE restart, say).
    pub fn on_link_stable(&mut self, peer: &RelayPeer) {
        if matches!(&self.phase, Phase::Joined(j) if *peer == j.host) {
            self.back_if_live();
        }
    }

    /// The relay gave the room back: every guest it lists that has no open link with us
    /// is dialled again (their hello with their token takes their seat back).
    fn reclaimed(
        &mut self,
        room: &str,
        peer: &str,
        host: &str,
        peers: Vec<String>,
        ice_servers: Vec<IceServer>,
        now: u64,
    ) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        let Some(r) = h.room.as_mut() else {
            return Vec::new();
        };
        if RoomCode::parse(room).as_ref() != Some(&r.code) || host != peer {
            return self.relay_garbage("a room that is not the one we reclaimed");
        }
        // The relay keeps a reclaiming host's id; one that opened the room again (after a
        // restart) may give a new one.
        r.me = RelayPeer(peer.to_owned());
        h.reclaiming = false;
        h.off_relay = false;
        h.retry = None;
        r.ice_servers = ice_servers;
        let mut effects = Vec::new();
        let me = r.me.clone();
        for id in peers.into_iter().map(RelayPeer).filter(|p| *p != me) {
            let open = r
                .peer_mut(&id)
                .is_some_and(|p| p.link == Some(LinkState::Open));
            if open {
                continue;
            }
            match r.peer_mut(&id) {
                Some(p) => p.link = Some(LinkState::Connecting),
                None => r.peers.push(Peer {
                    id: id.clone(),
                    is_host: false,
                    link: Some(LinkState::Connecting),
                }),
            }
            let w = r.watch_mut(&id);
            w.closed();
            w.expect_trouble(now, FIRST_LINK_MS);
            effects.push(Effect::Hangup { peer: id.clone() });
            effects.push(Effect::Dial {
                peer: id,
                ice_servers: r.ice_servers.clone(),
            });
        }
        effects
    }

    /// The relay opened the new room of a host whose old one it lost: the table plays on
    /// under the new code, and every guest on an open link is told it (a reload, or a
    /// link that drops, finds us through it). Nobody else is in the new room on the
    /// relay: a guest whose link ends is forgotten here, and comes back by joining.
    fn moved(
        &mut self,
        room: &str,
        peer: String,
        host_secret: String,
        ice_servers: Vec<IceServer>,
    ) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        let Some(code) = RoomCode::parse(room) else {
            return self.relay_garbage("a room code it cannot have made");
        };
        let Some(r) = h.room.as_mut() else {
            return Vec::new();
        };
        h.moving = false;
        h.off_relay = false;
        h.retry = None;
        h.host_secret = Some(host_secret);
        r.code = code.clone();
        r.me = RelayPeer(peer);
        r.ice_servers = ice_servers;
        r.peers.retain(|p| h.links.contains_key(&p.id));
        h.left_relay = r.peers.iter().map(|p| p.id.clone()).collect();
        let text = shared::session::protocol::encode(&ToGuest::Moved { room: code.clone() });
        let effects = h
            .links
            .keys()
            .map(|peer| Effect::Send {
                peer: peer.clone(),
                text: text.clone(),
            })
            .collect();
        self.notify(tr(
            "notice-room-moved",
            &[("code", code.to_string().into())],
        ));
        effects
    }

    /// The relay sent something it could not have meant: a notice, and nothing changes.
    fn relay_garbage(&mut self, what: &str) -> Vec<Effect> {
        self.notify(tr("notice-relay-garbage", &[("what", what.into())]));
        Vec::new()
    }

    fn on_peer_joined(&mut self, peer: RelayPeer, now: u64) -> Vec<Effect> {
        let hosting = self.hosting();
        let host = match &self.phase {
            Phase::Joined(j) => Some(j.host.clone()),
            _ => None,
        };
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        if peer == room.me {
            return Vec::new();
        }
        let is_host = host.as_ref() == Some(&peer);
        if is_host && let Phase::Joined(j) = &mut self.phase {
            j.host_away = false;
            j.host_left_relay = false;
        }
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        // The host calls every guest; a host that reclaimed its room calls us again.
        let link = (hosting || is_host).then_some(LinkState::Connecting);
        if hosting || is_host {
            // A new call, with its own time to open before the page says why it did not.
            let w = room.watch_mut(&peer);
            w.closed();
            w.trouble_at = None;
            w.told = None;
            w.expect_trouble(now, FIRST_LINK_MS);
        }
        match room.peer_mut(&peer) {
            Some(p) => p.link = link,
            None => room.peers.push(Peer {
                id: peer.clone(),
                is_host,
                link,
            }),
        }
        if hosting {
            let ice_servers = room.ice_servers.clone();
            vec![
                Effect::Hangup { peer: peer.clone() },
                Effect::Dial { peer, ice_servers },
            ]
        } else if is_host {
            vec![Effect::Hangup { peer }]
        } else {
            Vec::new()
        }
    }

    fn on_peer_left(&mut self, peer: &RelayPeer) -> Vec<Effect> {
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        let Some(index) = room.peers.iter().position(|p| p.id == *peer) else {
            return Vec::new();
        };
        let had_link = room.peers[index].link.is_some();
        let open = room.peers[index].link == Some(LinkState::Open);
        if room.peers[index].is_host && open {
            // The host's relay socket went (a relay shutting down closes its sockets one
            // by one) but our channel is open: play on; if the channel goes too, the host
            // is away and calls us when it is back.
            if let Phase::Joined(j) = &mut self.phase {
                j.host_left_relay = true;
            }
            return Vec::new();
        } else if room.peers[index].is_host {
            // The host may reclaim the room; keep its place and wait (the connection
            // line says so).
            room.peers[index].link = Some(LinkState::Closed);
            if let Phase::Joined(j) = &mut self.phase {
                j.host_away = true;
                j.reconnect.get_or_insert(Reconnect {
                    attempts: 0,
                    next_at: u64::MAX,
                    progress: false,
                });
            }
        } else if open {
            // A guest whose relay socket dropped while its data channel is open plays on:
            // the channel, not the relay, says whether it is there.
            if let Phase::Hosting(h) = &mut self.phase {
                h.left_relay.push(peer.clone());
            }
            return Vec::new();
        } else {
            room.peers.remove(index);
            room.watch.remove(peer);
        }
        let mut effects = self.link_ended(peer);
        if had_link {
            effects.push(Effect::Hangup { peer: peer.clone() });
        }
        effects
    }

    fn on_signal(&mut self, from: RelayPeer, data: Value, now: u64) -> Vec<Effect> {
        let (expected, hosting) = match &self.phase {
            Phase::Hosting(h) => (
                h.room
                    .as_ref()
                    .is_some_and(|r| r.peers.iter().any(|p| p.id == from)),
                true,
            ),
            Phase::Joined(j) => (from == j.host, false),
            _ => return Vec::new(),
        };
        if !expected {
            return Vec::new();
        }
        let data = match SignalData::parse(data) {
            Ok(data) => data,
            Err(e) => {
                let name = self.peer_name(&from);
                self.notify(tr(
                    "notice-bad-signal",
                    &[("name", name.into()), ("error", e.to_string().into())],
                ));
                return Vec::new();
            }
        };
        // The host makes offers and a guest answers them (or asks for them); anything else
        // is out of place.
        let in_place = matches!(
            (&data, hosting),
            (SignalData::Offer { .. }, false)
                | (SignalData::Answer { .. }, true)
                | (SignalData::Restart | SignalData::Redial, true)
                | (SignalData::Candidate { .. }, _)
        );
        if !in_place {
            let name = self.peer_name(&from);
            self.notify(tr("notice-odd-signal", &[("name", name.into())]));
            return Vec::new();
        }
        // What the other side gathered and said, for a failure's diagnosis and names.
        if let Some(room) = self.room_mut() {
            let w = room.watch_mut(&from);
            match &data {
                SignalData::Candidate { candidate, .. } => w.remote.note(candidate),
                SignalData::Offer { .. } => w.called = true,
                SignalData::Answer { .. } => {
                    w.called = true;
                    if let Some(name) = data.answer_name() {
                        w.name = Some(name);
                    }
                }
                SignalData::Restart | SignalData::Redial => {}
            }
        }
        let ice_servers = self
            .room()
            .map(|r| r.ice_servers.clone())
            .unwrap_or_default();
        match data {
            SignalData::Restart => vec![Effect::RestartIce { peer: from }],
            // A fresh connection: the old link ends (the member is away until its hello).
            SignalData::Redial => {
                let mut effects = self.link_ended(&from);
                if let Some(room) = self.room_mut() {
                    if let Some(p) = room.peer_mut(&from) {
                        p.link = Some(LinkState::Connecting);
                    }
                    let w = room.watch_mut(&from);
                    w.closed();
                    w.expect_trouble(now, FIRST_LINK_MS);
                }
                effects.push(Effect::Hangup { peer: from.clone() });
                effects.push(Effect::Dial {
                    peer: from,
                    ice_servers,
                });
                effects
            }
            data => {
                if let (SignalData::Offer { .. }, Phase::Joined(j)) = (&data, &mut self.phase)
                    && let Some(r) = j.reconnect.as_mut()
                {
                    r.progress = true;
                }
                vec![Effect::Signal {
                    peer: from,
                    data,
                    ice_servers,
                }]
            }
        }
    }

    /// The data channel to `peer` opened at `now`: a guest says hello, the host tells its
    /// referee. Its heartbeat is expected from now on.
    pub fn on_link_open(&mut self, peer: &RelayPeer, now: u64) -> Vec<Effect> {
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        let Some(p) = room.peer_mut(peer) else {
            return Vec::new();
        };
        // The browser may report one opening twice (the channel was open when it arrived,
        // and its open event fires too): one hello per link.
        if p.link == Some(LinkState::Open) {
            return Vec::new();
        }
        p.link = Some(LinkState::Open);
        room.watch_mut(peer).opened(now);
        match &mut self.phase {
            Phase::Hosting(h) => {
                let mut effects = Vec::new();
                if let Some(old) = h.links.remove(peer) {
                    effects.push(Effect::Referee(ToReferee::Disconnect { peer: old }));
                }
                h.last_link += 1;
                let id = PeerId(h.last_link);
                h.links.insert(peer.clone(), id);
                effects.push(Effect::Referee(ToReferee::Connect { peer: id }));
                effects
            }
            Phase::Joined(j) if *peer == j.host => vec![Effect::Send {
                peer: peer.clone(),
                text: j.table.guest().hello(),
            }],
            _ => Vec::new(),
        }
    }

    /// The link to `peer` ended: the referee keeps the member's seat (its grace runs, then
    /// the seat's bot answers for it); a guest keeps its table on screen meanwhile.
    fn link_ended(&mut self, peer: &RelayPeer) -> Vec<Effect> {
        if let Some(w) = self.room_mut().and_then(|r| r.watch.get_mut(peer)) {
            w.closed();
        }
        match &mut self.phase {
            Phase::Hosting(h) => match h.links.remove(peer) {
                Some(id) => vec![Effect::Referee(ToReferee::Disconnect { peer: id })],
                None => Vec::new(),
            },
            Phase::Joined(j) => {
                if *peer == j.host {
                    j.table.guest_mut().link_lost();
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// The link to `peer` closed or failed at `now`. A guest that lost its host's link
    /// gets it back by itself (the connection line says so); the host is told of others.
    pub fn on_link_closed(&mut self, peer: &RelayPeer, why: Option<&str>, now: u64) -> Vec<Effect> {
        let Some(p) = self.room_mut().and_then(|r| r.peer_mut(peer)) else {
            return Vec::new();
        };
        if p.link.is_none() || p.link == Some(LinkState::Closed) {
            return Vec::new();
        }
        let was_open = p.link == Some(LinkState::Open);
        p.link = Some(LinkState::Closed);
        if let Phase::Joined(j) = &mut self.phase
            && *peer == j.host
        {
            if j.host_left_relay {
                j.host_away = true;
            }
            j.room.watch_mut(peer).expect_trouble(now, LOST_LINK_MS);
            let mut effects = self.link_ended(peer);
            effects.extend(self.reconnect_attempt(now, 0.0));
            return effects;
        }
        // A link that never opened is not news each time an attempt fails: the page says
        // once, in time, why it cannot reach that peer (see `tick`).
        if was_open {
            let name = self.peer_name(peer);
            self.notify(match why {
                Some(why) => tr(
                    "notice-link-failed",
                    &[("name", name.into()), ("why", why.into())],
                ),
                None => tr("notice-link-closed", &[("name", name.into())]),
            });
        }
        let mut effects = self.link_ended(peer);
        effects.push(Effect::Hangup { peer: peer.clone() });
        if let Phase::Hosting(h) = &mut self.phase
            && let Some(i) = h.left_relay.iter().position(|p| p == peer)
        {
            h.left_relay.remove(i);
            if let Some(room) = h.room.as_mut() {
                room.peers.retain(|p| p.id != *peer);
                room.watch.remove(peer);
            }
        }
        effects
    }

    /// A frame arrived on the data channel from `peer`: for the referee when we host (one
    /// too large for it is answered here, with the host's refusal), for our guest when it
    /// comes from our host; anything else is dropped.
    pub fn on_peer_frame(&mut self, peer: &RelayPeer, frame: &str, now: u64) -> Vec<Effect> {
        self.heard(peer, now);
        match &mut self.phase {
            Phase::Hosting(h) => match h.links.get(peer) {
                // Texts only count on a link the referee was told about.
                Some(id) => match ToReferee::from_link(*id, frame) {
                    Ok(msg) => vec![Effect::Referee(msg)],
                    Err(answer) => self.on_referee(answer, now),
                },
                None => Vec::new(),
            },
            Phase::Joined(j) if *peer == j.host => {
                let r = j.table.receive(frame, now);
                let mut effects = self.take(r);
                effects.extend(self.check_rejoined());
                self.back_if_live();
                effects
            }
            _ => Vec::new(),
        }
    }

    /// A heartbeat arrived from `peer` at `now` (`shared/PEER-PROTOCOL.md`): the link is
    /// alive. It goes no further: neither the referee nor our table ever sees one.
    pub fn on_peer_beat(&mut self, peer: &RelayPeer, now: u64) -> Vec<Effect> {
        self.heard(peer, now);
        if matches!(&self.phase, Phase::Joined(j) if *peer == j.host) {
            self.back_if_live();
        }
        Vec::new()
    }

    /// Whether a heartbeat from `peer` now would change anything shown (the link had gone
    /// quiet, or a guest is getting its host back): otherwise it only moves a clock, and
    /// the interface need not look again.
    pub fn beat_is_news(&self, peer: &RelayPeer) -> bool {
        let quiet = self
            .room()
            .and_then(|r| r.watch(peer))
            .is_some_and(|w| w.silent || w.told.is_some());
        quiet || matches!(&self.phase, Phase::Joined(j) if *peer == j.host && j.reconnect.is_some())
    }

    /// Something arrived from `peer` at `now`.
    fn heard(&mut self, peer: &RelayPeer, now: u64) {
        if let Some(w) = self.room_mut().and_then(|r| r.watch.get_mut(peer)) {
            w.heard(now);
        }
    }

    /// A guest whose host welcomed it on an open link is back: no more reconnecting.
    fn back_if_live(&mut self) {
        if self.guest_live()
            && let Phase::Joined(j) = &mut self.phase
        {
            j.reconnect = None;
            let w = j.room.watch_mut(&j.host);
            w.trouble_at = None;
            w.told = None;
        }
    }

    /// Our link to `peer` has a signal for it (a description, a candidate): it goes
    /// through the relay. The candidates we gather are noted for a failure's diagnosis,
    /// and a guest's answer carries the name its hello will give.
    pub fn on_link_signal(&mut self, peer: &RelayPeer, data: SignalData) -> Vec<Effect> {
        let data = match data {
            SignalData::Answer { sdp, .. } => {
                let name = match &self.phase {
                    Phase::Joined(j) => Some(j.table.guest().name().to_owned()),
                    _ => None,
                };
                SignalData::Answer { sdp, name }
            }
            data => data,
        };
        if let (SignalData::Candidate { candidate, .. }, Some(room)) = (&data, self.room_mut()) {
            room.watch_mut(peer).local.note(candidate);
        }
        vec![Effect::Relay(ClientMessage::Signal {
            to: peer.0.clone(),
            data: data.to_value(),
        })]
    }

    /// The name this page gives `peer` in its notices.
    fn peer_name(&self, peer: &RelayPeer) -> String {
        self.room()
            .map(|r| r.name_of(peer))
            .unwrap_or_else(|| peer.short_name())
    }

    /// Why a joiner cannot reach its host, once it is time to say so; `None` while the
    /// link is open or still has time (the page shows this instead of "Reconnecting…").
    pub fn link_failure(&self) -> Option<Diagnosis> {
        match &self.phase {
            Phase::Joined(j) if j.ended.is_none() => j.room.watch(&j.host).and_then(|w| w.told),
            _ => None,
        }
    }

    /// After the host's answer to a hello that carried our old token: the same token back
    /// means the same seat; a new one means the old seat is gone (we would be a newcomer).
    fn check_rejoined(&mut self) -> Vec<Effect> {
        let Phase::Joined(j) = &mut self.phase else {
            return Vec::new();
        };
        if j.table.guest().member().is_none() {
            return Vec::new();
        }
        let Some(record) = j.rejoining.take() else {
            return Vec::new();
        };
        if j.table.guest().token() == Some(record.token.as_str()) {
            return Vec::new();
        }
        let effects = self.leave();
        self.notify(tr(
            "notice-seat-lost",
            &[("code", record.code.to_string().into())],
        ));
        effects
    }

    /// The relay socket closed or could not be opened, at `now`. Open data channels keep
    /// working without it: a host reclaims its room on a new socket (with backoff), a
    /// guest joins it again only when it needs the relay to get its link back.
    pub fn on_relay_lost(&mut self, now: u64) -> Vec<Effect> {
        match &mut self.phase {
            Phase::Opening(_) => {
                self.phase = Phase::Start { offer: None };
                self.notify(t("notice-no-relay"));
            }
            Phase::Hosting(h) if h.room.is_some() => {
                if !h.off_relay {
                    h.off_relay = true;
                    h.retry = Some((now, 0));
                }
            }
            Phase::Joined(j) => {
                j.off_relay = true;
                j.relay_rejoin = false;
            }
            Phase::Start { .. } | Phase::Hosting(_) => {}
        }
        Vec::new()
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
fn relay_id(links: &BTreeMap<RelayPeer, PeerId>, id: PeerId) -> Option<RelayPeer> {
    links
        .iter()
        .find(|(_, p)| **p == id)
        .map(|(peer, _)| peer.clone())
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
