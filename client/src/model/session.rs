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
use shared::session::protocol::{AdminCmd, PeerId, SeatSetting, Timers};
use shared::session::{Outgoing, ToReferee};

use super::chat::ChatLine;
use super::intent::{Intent, SoloSetup};
use super::rejoin::{HostRecord, HostRoom, RejoinRecord};
use super::signal::SignalData;
use super::table::{Received, Table};

/// How many notices stay on screen.
const MAX_NOTICES: usize = 4;

/// How long a bot waits before it acts at our tables: quick enough to keep a game moving,
/// slow enough to follow. People keep the default timers.
const BOT_DELAY_MS: u64 = 700;

/// The name of a hosting page's player who chose none and has no relay id to go by.
const DEFAULT_NAME: &str = "Player";

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
        format!("Player {}", tag.to_uppercase())
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
}

impl Room {
    fn peer_mut(&mut self, id: &RelayPeer) -> Option<&mut Peer> {
        self.peers.iter_mut().find(|p| p.id == *id)
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

/// A friendly sentence for an error code from the relay.
pub fn describe_error(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::NoSuchRoom => "There is no room with that code.",
        ErrorCode::RoomFull => "That room is full.",
        ErrorCode::RateLimited => "Too many attempts; wait a minute and try again.",
        ErrorCode::ServerFull => "The relay is full right now; try again later.",
        ErrorCode::AlreadyInRoom => "You are already in a room.",
        ErrorCode::NotInRoom => "You are not in a room.",
        ErrorCode::UnknownPeer => "That player has left.",
        ErrorCode::BadSecret => "The room could not be reclaimed.",
        ErrorCode::TooLarge => "A message was too large for the relay.",
        ErrorCode::BadMessage => "The relay did not understand a message.",
        ErrorCode::NotHost => "Only the room's host may do that.",
        ErrorCode::Banned => "The host of that room removed you from it.",
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
            (None, None) => DEFAULT_NAME.to_owned(),
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
                        table.problem = Some(super::words::capitalize(&e.to_string()));
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
                let text = table
                    .guest()
                    .chat(&typed)
                    .map_err(|e| super::words::capitalize(&e.to_string()))?;
                if table.guest().member().is_none() {
                    return Err("Not connected to the host yet.".to_owned());
                }
                self.up(text)
            }
            Intent::Dismiss(id) => {
                self.notices.retain(|n| n.id != id);
                Ok(Vec::new())
            }
            Intent::Leave => Ok(self.leave()),
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
            Phase::Joined(_) => Err("Not connected to the host yet.".to_owned()),
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
                let room = Room {
                    code,
                    me: RelayPeer(me),
                    peers: Vec::new(),
                    ice_servers: Vec::new(),
                };
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
        self.notify(format!(
            "Your table could not be taken back after the reload ({why}); it was set aside."
        ));
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
                effects.push(Effect::Relay(ClientMessage::Leave));
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
                if let Some(p) = h.room.as_mut().and_then(|r| r.peer_mut(&peer)) {
                    p.link = Some(LinkState::Closed);
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
        self.notify(format!("The table stopped: {why}"));
        effects
    }

    /// Shows what a text from the host said; a guest whose link the host ended goes back
    /// to the first screen.
    fn take(&mut self, r: Received) -> Vec<Effect> {
        for n in r.notices {
            self.notify(n);
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

    /// A message from the relay.
    pub fn on_relay(&mut self, msg: RelayMessage) -> Vec<Effect> {
        match msg {
            RelayMessage::Created {
                room,
                peer,
                host_secret,
                ice_servers,
            } => {
                if !matches!(self.phase, Phase::Opening(Opening::Create)) {
                    return Vec::new();
                }
                let Some(code) = RoomCode::parse(&room) else {
                    return self.relay_garbage("a room code it cannot have made");
                };
                let room = Room {
                    code,
                    me: RelayPeer(peer),
                    peers: Vec::new(),
                    ice_servers,
                };
                self.host_table(Some(room), Some(host_secret), Vec::new())
            }
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } if self.reclaiming() => self.reclaimed(&room, &peer, &host, peers, ice_servers),
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
                let peers = peers
                    .into_iter()
                    .map(RelayPeer)
                    .filter(|p| *p != me)
                    .map(|id| {
                        let is_host = id == host;
                        // A guest links only with the host, and the host calls it.
                        let link = is_host.then_some(LinkState::Connecting);
                        Peer { id, is_host, link }
                    })
                    .collect();
                let name = self.display_name(Some(&me));
                let token = rejoining.as_ref().map(|r| r.token.clone());
                self.phase = Phase::Joined(Joined {
                    table: Table::new(&name, token),
                    room: Room {
                        code,
                        me,
                        peers,
                        ice_servers,
                    },
                    host,
                    rejoining,
                });
                Vec::new()
            }
            RelayMessage::PeerJoined { peer } => self.on_peer_joined(RelayPeer(peer)),
            RelayMessage::PeerLeft { peer } => self.on_peer_left(&RelayPeer(peer)),
            RelayMessage::Signal { from, data } => self.on_signal(RelayPeer(from), data),
            RelayMessage::RoomClosed { reason } => {
                if self.room().is_none() {
                    return Vec::new();
                }
                let effects = self.leave();
                self.notify(format!("The room was closed: {reason}"));
                effects
            }
            RelayMessage::Pong => Vec::new(),
            RelayMessage::Error { code, message: _ } => {
                if self.reclaiming() {
                    let code_text = self.room().map(|r| r.code.to_string()).unwrap_or_default();
                    let effects = self.leave();
                    self.notify(format!(
                        "Could not take room {code_text} back: {}",
                        describe_error(code)
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
                        self.notify(format!(
                            "Could not rejoin room {}: {}",
                            r.code,
                            describe_error(code)
                        ));
                        return Vec::new();
                    }
                }
                self.notify(describe_error(code));
                Vec::new()
            }
        }
    }

    /// Whether the page is taking its room back on the relay.
    fn reclaiming(&self) -> bool {
        matches!(&self.phase, Phase::Hosting(h) if h.reclaiming && h.room.is_some())
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
    ) -> Vec<Effect> {
        let Phase::Hosting(h) = &mut self.phase else {
            return Vec::new();
        };
        let Some(r) = h.room.as_mut() else {
            return Vec::new();
        };
        if RoomCode::parse(room).as_ref() != Some(&r.code) || peer != r.me.0 || host != peer {
            return self.relay_garbage("a room that is not the one we reclaimed");
        }
        h.reclaiming = false;
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
            effects.push(Effect::Hangup { peer: id.clone() });
            effects.push(Effect::Dial {
                peer: id,
                ice_servers: r.ice_servers.clone(),
            });
        }
        effects
    }

    /// The relay sent something it could not have meant: a notice, and nothing changes.
    fn relay_garbage(&mut self, what: &str) -> Vec<Effect> {
        self.notify(format!("Ignored a bad message from the relay: {what}."));
        Vec::new()
    }

    fn on_peer_joined(&mut self, peer: RelayPeer) -> Vec<Effect> {
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
        // The host calls every guest; a host that reclaimed its room calls us again.
        let link = (hosting || is_host).then_some(LinkState::Connecting);
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
        if room.peers[index].is_host {
            // The host may reclaim the room; keep its place and wait.
            room.peers[index].link = Some(LinkState::Closed);
            self.notify("The host lost the connection; waiting for them to come back.");
        } else {
            room.peers.remove(index);
        }
        let mut effects = self.link_ended(peer);
        if had_link {
            effects.push(Effect::Hangup { peer: peer.clone() });
        }
        effects
    }

    fn on_signal(&mut self, from: RelayPeer, data: Value) -> Vec<Effect> {
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
                self.notify(format!(
                    "Ignored a bad signal from {}: {e}",
                    from.short_name()
                ));
                return Vec::new();
            }
        };
        // The host makes offers and a guest answers them; anything else is out of place.
        let in_place = matches!(
            (&data, hosting),
            (SignalData::Offer { .. }, false)
                | (SignalData::Answer { .. }, true)
                | (SignalData::Candidate { .. }, _)
        );
        if !in_place {
            self.notify(format!(
                "Ignored an unexpected signal from {}.",
                from.short_name()
            ));
            return Vec::new();
        }
        let ice_servers = self
            .room()
            .map(|r| r.ice_servers.clone())
            .unwrap_or_default();
        vec![Effect::Signal {
            peer: from,
            data,
            ice_servers,
        }]
    }

    /// The data channel to `peer` opened: a guest says hello, the host tells its referee.
    pub fn on_link_open(&mut self, peer: &RelayPeer) -> Vec<Effect> {
        let Some(p) = self.room_mut().and_then(|r| r.peer_mut(peer)) else {
            return Vec::new();
        };
        // The browser may report one opening twice (the channel was open when it arrived,
        // and its open event fires too): one hello per link.
        if p.link == Some(LinkState::Open) {
            return Vec::new();
        }
        p.link = Some(LinkState::Open);
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

    /// The link to `peer` closed or failed.
    pub fn on_link_closed(&mut self, peer: &RelayPeer, why: Option<&str>) -> Vec<Effect> {
        let Some(p) = self.room_mut().and_then(|r| r.peer_mut(peer)) else {
            return Vec::new();
        };
        if p.link.is_none() || p.link == Some(LinkState::Closed) {
            return Vec::new();
        }
        p.link = Some(LinkState::Closed);
        let name = peer.short_name();
        self.notify(match why {
            Some(why) => format!("The connection to {name} failed: {why}"),
            None => format!("The connection to {name} closed."),
        });
        let mut effects = self.link_ended(peer);
        effects.push(Effect::Hangup { peer: peer.clone() });
        effects
    }

    /// A frame arrived on the data channel from `peer`: for the referee when we host, for
    /// our guest when it comes from our host; anything else is dropped.
    pub fn on_peer_frame(&mut self, peer: &RelayPeer, frame: &str, now: u64) -> Vec<Effect> {
        match &mut self.phase {
            Phase::Hosting(h) => match h.links.get(peer) {
                // Texts only count on a link the referee was told about.
                Some(id) => vec![Effect::Referee(ToReferee::Text {
                    peer: *id,
                    text: frame.to_owned(),
                })],
                None => Vec::new(),
            },
            Phase::Joined(j) if *peer == j.host => {
                let r = j.table.receive(frame, now);
                let mut effects = self.take(r);
                effects.extend(self.check_rejoined());
                effects
            }
            _ => Vec::new(),
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
        self.notify(format!(
            "Your seat in room {} is no longer yours: it was given away or the game moved on.",
            record.code
        ));
        effects
    }

    /// The relay socket closed or could not be opened.
    pub fn on_relay_lost(&mut self) -> Vec<Effect> {
        match &self.phase {
            Phase::Opening(_) => {
                self.phase = Phase::Start { offer: None };
                self.notify("Could not reach the relay. Check your connection and try again.");
            }
            // Open data channels keep working without the relay; new players cannot join.
            Phase::Hosting(Hosting { room: Some(_), .. }) | Phase::Joined(_) => {
                self.notify("Lost the connection to the relay; new players cannot join.");
            }
            Phase::Start { .. } | Phase::Hosting(_) => {}
        }
        Vec::new()
    }
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
