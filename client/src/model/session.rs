//! The session: where this page stands with the relay and the other peers, as a plain
//! state machine.
//!
//! Inputs are the user's intents ([`Session::create`], [`Session::join`], [`Session::say`],
//! [`Session::play`], [`Session::admin`], [`Session::leave`]), what the network layer
//! observed ([`Session::on_relay`], [`Session::on_link_open`], [`Session::on_peer_frame`],
//! ...) and the passing of time ([`Session::tick`] when [`Session::next_deadline`] comes).
//! Each returns the [`Effect`]s for the network layer to carry out. Nothing here touches a
//! socket, so every path is tested natively.
//!
//! Topology: a star. The host dials every guest ([`Effect::Dial`]); a guest waits for the
//! host's offer and links to nobody else. Over the data channels the room's table speaks
//! `shared::session`'s protocol ([`RoomTable`]): the creator's page runs the referee.

use serde_json::Value;
use shared::engine::{Input, Options, Seat};
use shared::relay::{ClientMessage, ErrorCode, IceServer, RelayMessage, normalize_code};
use shared::session::protocol::{AdminCmd, BotLevel};

use super::chat::ChatLine;
use super::rejoin::RejoinRecord;
use super::room_table::{RoomTable, Wire};
use super::signal::SignalData;

/// How many notices stay on screen.
const MAX_NOTICES: usize = 4;

/// This page's part in the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host,
    Guest,
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
    /// The relay's peer id.
    pub id: String,
    /// The room's host.
    pub is_host: bool,
    /// The direct link, if this page has one with that peer (the host links with every guest;
    /// a guest only with the host).
    pub link: Option<LinkState>,
}

/// A room this page is in.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    /// The room code, canonical form.
    pub code: String,
    /// This page's peer id.
    pub me: String,
    /// The host's peer id (`me` when this page hosts).
    pub host: String,
    pub role: Role,
    /// Kept so a host whose relay connection drops can reclaim the room (to come).
    pub host_secret: Option<String>,
    /// The others, in order of arrival.
    pub peers: Vec<Peer>,
    /// The relay's STUN/TURN servers for new peer connections.
    pub ice_servers: Vec<IceServer>,
}

impl Room {
    fn peer_mut(&mut self, id: &str) -> Option<&mut Peer> {
        self.peers.iter_mut().find(|p| p.id == id)
    }
}

/// What the page is doing.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Not in a room: the create/join screen.
    Lobby,
    /// Waiting for the relay to answer a create or join.
    Opening,
    /// In a room.
    InRoom(Room),
}

/// A message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Unique within the session, for keyed rendering and dismissal.
    pub id: u64,
    pub text: String,
}

/// Something for the network layer to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send this to the relay (opening the socket first if needed).
    Relay(ClientMessage),
    /// Close the relay socket.
    CloseRelay,
    /// Open a peer connection to `peer` with a data channel and send it an offer (host).
    Dial {
        peer: String,
        ice_servers: Vec<IceServer>,
    },
    /// Apply a signal from `peer`, creating the answering connection if there is none (guest).
    Signal {
        peer: String,
        data: SignalData,
        ice_servers: Vec<IceServer>,
    },
    /// Close the connection to `peer`, if any.
    Hangup { peer: String },
    /// Send a text of the session protocol over the data channel to `peer`.
    Send { peer: String, text: String },
}

/// The whole client-side state of the page's rooms.
#[derive(Debug)]
pub struct Session {
    pub phase: Phase,
    /// The room's table, while in a room.
    table: Option<RoomTable>,
    notices: Vec<Notice>,
    next_notice: u64,
    /// Seeds the next hosted table's shuffles (advanced at each use).
    seed: u64,
    /// The name chosen in the lobby (already valid); `None` goes by the relay id.
    name: Option<String>,
    /// A seat this tab held before a reload, offered on the first screen.
    offer: Option<RejoinRecord>,
    /// The seat being taken back, until the host welcomes us (or the attempt fails).
    rejoining: Option<RejoinRecord>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new(0)
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

/// A short display name for a peer id.
pub fn short_name(id: &str) -> String {
    let tag: String = id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(4)
        .collect();
    format!("Player {}", tag.to_uppercase())
}

impl Session {
    /// A page's session; `seed` must be unpredictable (the host shuffles from it).
    pub fn new(seed: u64) -> Session {
        Session {
            phase: Phase::Lobby,
            table: None,
            notices: Vec::new(),
            next_notice: 0,
            seed,
            name: None,
            offer: None,
            rejoining: None,
        }
    }

    /// What storage held from an earlier page of this tab: offered on the first screen.
    pub fn offer_rejoin(&mut self, record: RejoinRecord) {
        if self.phase == Phase::Lobby {
            self.offer = Some(record);
        }
    }

    /// The seat offered back, if any.
    pub fn rejoin_offer(&self) -> Option<&RejoinRecord> {
        self.offer.as_ref()
    }

    /// The user declined the offered seat.
    pub fn dismiss_rejoin(&mut self) {
        self.offer = None;
    }

    /// The user takes the offered seat back: joins its room with its name, and the hello
    /// carries its token.
    pub fn rejoin(&mut self) -> Vec<Effect> {
        if self.phase != Phase::Lobby {
            return Vec::new();
        }
        let Some(record) = self.offer.take() else {
            return Vec::new();
        };
        self.name = Some(record.name.clone());
        self.phase = Phase::Opening;
        let room = record.code.clone();
        self.rejoining = Some(record);
        vec![Effect::Relay(ClientMessage::Join { room })]
    }

    /// What this tab should keep in `sessionStorage` now: the seat it holds as a joiner
    /// (or is taking back, or is offered back); `None` means remove the record.
    pub fn seat_record(&self) -> Option<RejoinRecord> {
        match &self.phase {
            Phase::Lobby => self.offer.clone(),
            Phase::Opening => self.rejoining.clone(),
            Phase::InRoom(room) if room.role == Role::Guest => {
                let guest = self.table.as_ref()?.guest();
                RejoinRecord::new(&room.code, guest.token()?, guest.name())
            }
            Phase::InRoom(_) => None,
        }
    }

    /// After the host's answer to a hello that carried our old token: the same token back
    /// means the same seat; a new one means the old seat is gone (we would be a newcomer).
    fn check_rejoined(&mut self) -> Vec<Effect> {
        let Some(record) = self.rejoining.as_ref() else {
            return Vec::new();
        };
        let Some(guest) = self.table.as_ref().map(RoomTable::guest) else {
            return Vec::new();
        };
        if guest.member().is_none() {
            return Vec::new();
        }
        let same = guest.token() == Some(record.token.as_str());
        let code = record.pretty_code();
        self.rejoining = None;
        if same {
            return Vec::new();
        }
        let effects = self.leave();
        self.notify(format!(
            "Your seat in room {code} is no longer yours: it was given away or the game moved on."
        ));
        effects
    }

    /// The room's table, when in a room.
    pub fn table(&self) -> Option<&RoomTable> {
        self.table.as_ref()
    }

    /// The chat lines said at the room's table, oldest first.
    pub fn chat_lines(&self) -> Vec<ChatLine> {
        self.table
            .as_ref()
            .map(RoomTable::chat_lines)
            .unwrap_or_default()
    }

    /// A fresh seed (splitmix64).
    fn next_seed(&mut self) -> u64 {
        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Turns the table's wires into effects, and its notices into ours.
    fn carry(&mut self, wires: Vec<Wire>) -> Vec<Effect> {
        let notices = self
            .table
            .as_mut()
            .map(RoomTable::take_notices)
            .unwrap_or_default();
        for n in notices {
            self.notify(n);
        }
        let mut effects = Vec::new();
        for w in wires {
            match w {
                Wire::Send { peer, text } => effects.push(Effect::Send { peer, text }),
                Wire::Close { peer } => {
                    if let Some(p) = self.room_mut().and_then(|r| r.peer_mut(&peer)) {
                        p.link = Some(LinkState::Closed);
                    }
                    effects.push(Effect::Hangup { peer });
                }
                Wire::Ban { peer } => {
                    effects.push(Effect::Relay(ClientMessage::Kick { peer }));
                }
            }
        }
        effects
    }

    /// Runs `f` on the table (when in a room) and carries out what it returns.
    fn with_table(&mut self, f: impl FnOnce(&mut RoomTable) -> Vec<Wire>) -> Vec<Effect> {
        let wires = self.table.as_mut().map(f).unwrap_or_default();
        self.carry(wires)
    }

    /// The user clicked one of their legal inputs.
    pub fn play(&mut self, input: Input, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.play(input, now))
    }

    /// A host command (the host's page only).
    pub fn admin(&mut self, cmd: AdminCmd, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.admin(cmd, now))
    }

    /// The host fills the first open seat (or a new one) with a bot.
    pub fn add_bot(&mut self, level: BotLevel, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.add_bot(level, now))
    }

    /// The host sets the game's options.
    pub fn set_options(&mut self, options: Options, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.set_options(options, now))
    }

    /// The host sets the number of seats.
    pub fn set_seat_count(&mut self, count: u8, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.set_seat_count(count, now))
    }

    /// The host sets the turn timer.
    pub fn set_turn_timer(&mut self, turn_ms: Option<u64>, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.set_turn_timer(turn_ms, now))
    }

    /// After a game, the host goes back to the table's lobby.
    pub fn back_to_lobby(&mut self, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.back_to_lobby(now))
    }

    /// The host sends the person in `seat` away.
    pub fn kick(&mut self, seat: Seat, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.kick(seat, now))
    }

    /// The host opens a bot's seat again.
    pub fn remove_bot(&mut self, seat: Seat, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.remove_bot(seat, now))
    }

    /// When [`Session::tick`] is next due, in page time (hosting only).
    pub fn next_deadline(&self) -> Option<u64> {
        self.table.as_ref()?.next_deadline()
    }

    /// Lets the host play what is due by `now`: bots, timeouts, stand-ins.
    pub fn tick(&mut self, now: u64) -> Vec<Effect> {
        self.with_table(|t| t.tick(now))
    }

    /// The room, when in one.
    pub fn room(&self) -> Option<&Room> {
        match &self.phase {
            Phase::InRoom(room) => Some(room),
            _ => None,
        }
    }

    fn room_mut(&mut self) -> Option<&mut Room> {
        match &mut self.phase {
            Phase::InRoom(room) => Some(room),
            _ => None,
        }
    }

    /// The notices to show, oldest first.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Adds a message for the user.
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

    /// The user dismissed a notice.
    pub fn dismiss(&mut self, id: u64) {
        self.notices.retain(|n| n.id != id);
    }

    /// The name to take at the next room's table (checked by the lobby's field with the
    /// host's rules; one the host would refuse is dropped here).
    pub fn set_name(&mut self, name: Option<String>) {
        self.name = name.and_then(|n| shared::session::names::validate_name(&n).ok());
    }

    /// The name this page takes at a table, given its relay id.
    pub fn display_name(&self, me: &str) -> String {
        self.name.clone().unwrap_or_else(|| short_name(me))
    }

    /// The user asked for a new room.
    pub fn create(&mut self) -> Vec<Effect> {
        if self.phase != Phase::Lobby {
            return Vec::new();
        }
        self.offer = None;
        self.phase = Phase::Opening;
        vec![Effect::Relay(ClientMessage::Create)]
    }

    /// The user typed a code and asked to join.
    pub fn join(&mut self, typed: &str) -> Vec<Effect> {
        if self.phase != Phase::Lobby {
            return Vec::new();
        }
        let Some(code) = normalize_code(typed) else {
            self.notify("A room code is 6 letters and digits, like K7M-3QX.");
            return Vec::new();
        };
        self.offer = None;
        self.phase = Phase::Opening;
        vec![Effect::Relay(ClientMessage::Join { room: code })]
    }

    /// The user left the room (or gave up waiting for the relay).
    pub fn leave(&mut self) -> Vec<Effect> {
        let mut effects = self.hang_up_all();
        match self.phase {
            Phase::Lobby => {}
            Phase::Opening => effects.push(Effect::CloseRelay),
            Phase::InRoom(_) => effects.push(Effect::Relay(ClientMessage::Leave)),
        }
        self.phase = Phase::Lobby;
        self.table = None;
        self.offer = None;
        self.rejoining = None;
        effects
    }

    fn hang_up_all(&mut self) -> Vec<Effect> {
        self.room()
            .map(|room| {
                room.peers
                    .iter()
                    .filter(|p| p.link.is_some())
                    .map(|p| Effect::Hangup { peer: p.id.clone() })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The user typed a chat line. The host stamps and spreads it; a refused line comes
    /// back as a sentence (and the box keeps it).
    pub fn say(&mut self, typed: &str, now: u64) -> Result<Vec<Effect>, String> {
        let Some(table) = self.table.as_mut() else {
            return Ok(Vec::new());
        };
        let wires = table.say(typed, now)?;
        Ok(self.carry(wires))
    }

    /// A message from the relay at page time `now`.
    pub fn on_relay(&mut self, msg: RelayMessage, now: u64) -> Vec<Effect> {
        match msg {
            RelayMessage::Created {
                room,
                peer,
                host_secret,
                ice_servers,
            } => {
                if self.phase != Phase::Opening {
                    return Vec::new();
                }
                self.open_table(&peer, None, now);
                self.phase = Phase::InRoom(Room {
                    code: room,
                    me: peer.clone(),
                    host: peer,
                    role: Role::Host,
                    host_secret: Some(host_secret),
                    peers: Vec::new(),
                    ice_servers,
                });
                self.carry(Vec::new())
            }
            RelayMessage::Joined {
                room,
                peer,
                host,
                peers,
                ice_servers,
            } => {
                if self.phase != Phase::Opening {
                    return Vec::new();
                }
                let joins = (host != peer).then_some(host.as_str());
                self.open_table(&peer, joins, now);
                let role = if host == peer {
                    Role::Host
                } else {
                    Role::Guest
                };
                let peers = peers
                    .into_iter()
                    .filter(|p| *p != peer)
                    .map(|id| {
                        let is_host = id == host;
                        // A guest links only with the host, and the host calls it.
                        let link = is_host.then_some(LinkState::Connecting);
                        Peer { id, is_host, link }
                    })
                    .collect();
                self.phase = Phase::InRoom(Room {
                    code: room,
                    me: peer,
                    host,
                    role,
                    host_secret: None,
                    peers,
                    ice_servers,
                });
                self.carry(Vec::new())
            }
            RelayMessage::PeerJoined { peer } => self.on_peer_joined(peer),
            RelayMessage::PeerLeft { peer } => self.on_peer_left(&peer, now),
            RelayMessage::Signal { from, data } => self.on_signal(from, data),
            RelayMessage::RoomClosed { reason } => {
                let effects = self.hang_up_all();
                self.phase = Phase::Lobby;
                self.table = None;
                self.rejoining = None;
                self.notify(format!("The room was closed: {reason}"));
                effects
            }
            RelayMessage::Pong => Vec::new(),
            RelayMessage::Error { code, message: _ } => {
                if self.phase == Phase::Opening {
                    self.phase = Phase::Lobby;
                    if let Some(r) = self.rejoining.take() {
                        self.notify(format!(
                            "Could not rejoin room {}: {}",
                            r.pretty_code(),
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

    /// The room's table: the referee when `joins` is `None`, else a guest of that host.
    fn open_table(&mut self, me: &str, joins: Option<&str>, now: u64) {
        let name = self.display_name(me);
        self.table = match joins {
            Some(host) => {
                let token = self.rejoining.as_ref().map(|r| r.token.clone());
                Some(RoomTable::joining(&name, host, token))
            }
            None => {
                let seed = self.next_seed() ^ now;
                match RoomTable::hosting(seed, &name, now) {
                    Ok(t) => Some(t),
                    Err(e) => {
                        self.notify(format!("Could not open the table: {e}"));
                        None
                    }
                }
            }
        };
    }

    fn on_peer_joined(&mut self, peer: String) -> Vec<Effect> {
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        if peer == room.me {
            return Vec::new();
        }
        let is_host = peer == room.host;
        let link = match room.role {
            Role::Host => Some(LinkState::Connecting),
            // A host that reclaimed its room calls us again.
            Role::Guest => is_host.then_some(LinkState::Connecting),
        };
        match room.peer_mut(&peer) {
            Some(p) => p.link = link,
            None => room.peers.push(Peer {
                id: peer.clone(),
                is_host,
                link,
            }),
        }
        match room.role {
            Role::Host => vec![
                Effect::Hangup { peer: peer.clone() },
                Effect::Dial {
                    peer,
                    ice_servers: room.ice_servers.clone(),
                },
            ],
            Role::Guest if is_host => vec![Effect::Hangup { peer }],
            Role::Guest => Vec::new(),
        }
    }

    fn on_peer_left(&mut self, peer: &str, now: u64) -> Vec<Effect> {
        let Some(room) = self.room_mut() else {
            return Vec::new();
        };
        let Some(index) = room.peers.iter().position(|p| p.id == peer) else {
            return Vec::new();
        };
        let had_link = room.peers[index].link.is_some();
        if room.peers[index].is_host {
            // The host may reclaim the room; keep its seat and wait.
            room.peers[index].link = Some(LinkState::Closed);
            self.notify("The host lost the connection; waiting for them to come back.");
        } else {
            room.peers.remove(index);
        }
        // The host keeps the seat for the grace period (the peer may come back).
        let mut effects = self.with_table(|t| t.link_closed(peer, now));
        if had_link {
            effects.push(Effect::Hangup {
                peer: peer.to_owned(),
            });
        }
        effects
    }

    fn on_signal(&mut self, from: String, data: Value) -> Vec<Effect> {
        let Some(room) = self.room() else {
            return Vec::new();
        };
        let expected = match room.role {
            Role::Host => room.peers.iter().any(|p| p.id == from),
            Role::Guest => from == room.host,
        };
        if !expected {
            return Vec::new();
        }
        let data = match SignalData::parse(data) {
            Ok(data) => data,
            Err(e) => {
                self.notify(format!(
                    "Ignored a bad signal from {}: {e}",
                    short_name(&from)
                ));
                return Vec::new();
            }
        };
        // The host makes offers and a guest answers them; anything else is out of place.
        let in_place = matches!(
            (&data, room.role),
            (SignalData::Offer { .. }, Role::Guest)
                | (SignalData::Answer { .. }, Role::Host)
                | (SignalData::Candidate { .. }, _)
        );
        if !in_place {
            self.notify(format!(
                "Ignored an unexpected signal from {}.",
                short_name(&from)
            ));
            return Vec::new();
        }
        vec![Effect::Signal {
            peer: from,
            data,
            ice_servers: room.ice_servers.clone(),
        }]
    }

    /// The data channel to `peer` opened: a guest says hello, the host starts listening.
    pub fn on_link_open(&mut self, peer: &str, now: u64) -> Vec<Effect> {
        let Some(p) = self.room_mut().and_then(|r| r.peer_mut(peer)) else {
            return Vec::new();
        };
        // The browser may report one opening twice (the channel was open when it arrived,
        // and its open event fires too): one hello per link.
        if p.link == Some(LinkState::Open) {
            return Vec::new();
        }
        p.link = Some(LinkState::Open);
        self.with_table(|t| t.link_open(peer, now))
    }

    /// The link to `peer` closed or failed. The host's table keeps the peer's seat: after
    /// its grace period the seat's bot answers for it.
    pub fn on_link_closed(&mut self, peer: &str, why: Option<&str>, now: u64) -> Vec<Effect> {
        let Some(p) = self.room_mut().and_then(|r| r.peer_mut(peer)) else {
            return Vec::new();
        };
        if p.link.is_none() || p.link == Some(LinkState::Closed) {
            return Vec::new();
        }
        p.link = Some(LinkState::Closed);
        let name = short_name(peer);
        self.notify(match why {
            Some(why) => format!("The connection to {name} failed: {why}"),
            None => format!("The connection to {name} closed."),
        });
        let mut effects = self.with_table(|t| t.link_closed(peer, now));
        effects.push(Effect::Hangup {
            peer: peer.to_owned(),
        });
        effects
    }

    /// A frame arrived on the data channel from `peer`: a text of the session protocol,
    /// which the table checks (the host everything from a joiner, a joiner what the host
    /// sends); anything malformed is dropped with a notice or a refusal.
    pub fn on_peer_frame(&mut self, peer: &str, frame: &str, now: u64) -> Vec<Effect> {
        let known = self
            .room()
            .is_some_and(|r| r.peers.iter().any(|p| p.id == peer));
        if !known {
            return Vec::new();
        }
        let mut effects = self.with_table(|t| t.frame(peer, frame, now));
        // The host ended our link for good (removed us, or another tab took our seat): the
        // notice says why, and the page goes back to the lobby.
        let ended = self
            .table
            .as_ref()
            .is_some_and(|t| !t.is_host() && t.guest().closed().is_some());
        if ended {
            effects.extend(self.leave());
        }
        effects.extend(self.check_rejoined());
        effects
    }

    /// The relay socket closed or could not be opened.
    pub fn on_relay_lost(&mut self) -> Vec<Effect> {
        match self.phase {
            Phase::Lobby => Vec::new(),
            Phase::Opening => {
                self.phase = Phase::Lobby;
                self.rejoining = None;
                self.notify("Could not reach the relay. Check your connection and try again.");
                Vec::new()
            }
            // Open data channels keep working without the relay; new players cannot join.
            Phase::InRoom(_) => {
                self.notify("Lost the connection to the relay; new players cannot join.");
                Vec::new()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::room_table::lobby_seats;
    use serde_json::json;

    fn ice() -> Vec<IceServer> {
        vec![IceServer {
            urls: vec!["stun:stun.example:3478".into()],
            username: None,
            credential: None,
        }]
    }

    fn hosting() -> Session {
        hosting_as(None)
    }

    fn hosting_as(name: Option<&str>) -> Session {
        let mut s = Session::default();
        s.set_name(name.map(str::to_owned));
        assert_eq!(s.create(), vec![Effect::Relay(ClientMessage::Create)]);
        assert_eq!(s.phase, Phase::Opening);
        let fx = s.on_relay(
            RelayMessage::Created {
                room: "ABC234".into(),
                peer: "h".into(),
                host_secret: "secret".into(),
                ice_servers: ice(),
            },
            0,
        );
        assert!(fx.is_empty());
        s
    }

    fn guest() -> Session {
        guest_as(None)
    }

    fn guest_as(name: Option<&str>) -> Session {
        let mut s = Session::default();
        s.set_name(name.map(str::to_owned));
        assert_eq!(
            s.join("abc-234"),
            vec![Effect::Relay(ClientMessage::Join {
                room: "ABC234".into()
            })]
        );
        s.on_relay(
            RelayMessage::Joined {
                room: "ABC234".into(),
                peer: "g1".into(),
                host: "h".into(),
                peers: vec!["h".into(), "g0".into()],
                ice_servers: ice(),
            },
            0,
        );
        s
    }

    #[test]
    fn the_host_dials_each_guest_that_joins() {
        let mut s = hosting();
        let room = s.room().cloned();
        assert_eq!(
            room.as_ref().map(|r| (r.role, r.code.as_str())),
            Some((Role::Host, "ABC234"))
        );
        let fx = s.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
        assert_eq!(
            fx,
            vec![
                Effect::Hangup { peer: "g1".into() },
                Effect::Dial {
                    peer: "g1".into(),
                    ice_servers: ice()
                }
            ]
        );
        assert_eq!(s.room().map(|r| r.peers.len()), Some(1));
        s.on_link_open("g1", 0);
        assert_eq!(
            s.room().map(|r| r.peers[0].link),
            Some(Some(LinkState::Open))
        );
        assert_eq!(
            s.on_relay(RelayMessage::PeerLeft { peer: "g1".into() }, 0),
            vec![Effect::Hangup { peer: "g1".into() }]
        );
        assert_eq!(s.room().map(|r| r.peers.len()), Some(0));
    }

    #[test]
    fn a_guest_links_only_with_the_host_and_answers_its_offer() {
        let mut s = guest();
        let room = s.room().cloned();
        let peers = room.map(|r| r.peers).unwrap_or_default();
        assert_eq!(
            peers,
            vec![
                Peer {
                    id: "h".into(),
                    is_host: true,
                    link: Some(LinkState::Connecting)
                },
                Peer {
                    id: "g0".into(),
                    is_host: false,
                    link: None
                },
            ]
        );
        assert!(
            s.on_relay(RelayMessage::PeerJoined { peer: "g2".into() }, 0)
                .is_empty()
        );
        let offer = json!({"kind":"offer","sdp":"v=0"});
        assert_eq!(
            s.on_relay(
                RelayMessage::Signal {
                    from: "h".into(),
                    data: offer.clone()
                },
                0
            ),
            vec![Effect::Signal {
                peer: "h".into(),
                data: SignalData::Offer { sdp: "v=0".into() },
                ice_servers: ice()
            }]
        );
        // Another guest has no business signalling us.
        assert!(
            s.on_relay(
                RelayMessage::Signal {
                    from: "g0".into(),
                    data: offer
                },
                0
            )
            .is_empty()
        );
    }

    #[test]
    fn misplaced_or_malformed_signals_are_dropped_with_a_notice() {
        let mut s = guest();
        let fx = s.on_relay(
            RelayMessage::Signal {
                from: "h".into(),
                data: json!({"kind":"answer","sdp":"x"}),
            },
            0,
        );
        assert!(fx.is_empty());
        let fx = s.on_relay(
            RelayMessage::Signal {
                from: "h".into(),
                data: json!([1, 2]),
            },
            0,
        );
        assert!(fx.is_empty());
        assert_eq!(s.notices().len(), 2);
        let mut h = hosting();
        h.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
        let fx = h.on_relay(
            RelayMessage::Signal {
                from: "g1".into(),
                data: json!({"kind":"offer","sdp":"x"}),
            },
            0,
        );
        assert!(fx.is_empty());
        let fx = h.on_relay(
            RelayMessage::Signal {
                from: "stranger".into(),
                data: json!({"kind":"answer","sdp":"x"}),
            },
            0,
        );
        assert!(fx.is_empty());
    }

    /// The texts in `effects` for `peer`.
    fn texts_to(effects: &[Effect], peer: &str) -> Vec<String> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Send { peer: p, text } if p == peer => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    /// Carries texts both ways between a hosting session and one guest session ("g1"),
    /// until nothing moves.
    fn exchange(host: &mut Session, guest: &mut Session, mut up: Vec<String>) {
        for _ in 0..100 {
            let mut down = Vec::new();
            for text in up.drain(..) {
                down.extend(texts_to(&host.on_peer_frame("g1", &text, 0), "g1"));
            }
            if down.is_empty() {
                return;
            }
            for text in down {
                up.extend(texts_to(&guest.on_peer_frame("h", &text, 0), "h"));
            }
        }
        panic!("the texts settle");
    }

    #[test]
    fn chosen_names_travel_in_the_hello_and_fill_the_seat_list() {
        let mut h = hosting_as(Some("  Ana  "));
        let mut g = guest_as(Some("Bo"));
        h.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
        h.on_link_open("g1", 0);
        let hello = texts_to(&g.on_link_open("h", 0), "h");
        exchange(&mut h, &mut g, hello);
        for s in [&h, &g] {
            let g = s.table().expect("table").guest();
            let names: Vec<String> = lobby_seats(g.table().expect("seats"), g.member())
                .into_iter()
                .map(|seat| seat.name)
                .collect();
            assert_eq!(names, ["Ana", "Bo"]);
        }
        // A name the host would refuse is dropped: the page goes by its relay id.
        let mut s = Session::default();
        s.set_name(Some("a\nb".to_owned()));
        assert_eq!(s.display_name("k7m3x"), "Player K7M3");
        s.set_name(Some("Cy".to_owned()));
        assert_eq!(s.display_name("k7m3x"), "Cy");
    }

    /// The relay's answer to a guest's join of room ABC234 (as "g1", host "h").
    fn joined(s: &mut Session) {
        s.on_relay(
            RelayMessage::Joined {
                room: "ABC234".into(),
                peer: "g1".into(),
                host: "h".into(),
                peers: vec!["h".into()],
                ice_servers: ice(),
            },
            0,
        );
    }

    /// A page reloaded in the same tab: what storage held, offered, then taken.
    fn reloaded_and_rejoining(record: RejoinRecord) -> Session {
        let mut s = Session::default();
        s.offer_rejoin(record.clone());
        assert_eq!(s.rejoin_offer(), Some(&record));
        assert_eq!(s.seat_record(), Some(record.clone()), "kept while offered");
        assert_eq!(
            s.rejoin(),
            vec![Effect::Relay(ClientMessage::Join {
                room: record.code.clone()
            })]
        );
        assert_eq!(s.seat_record(), Some(record), "kept while rejoining");
        joined(&mut s);
        s
    }

    #[test]
    fn a_joiner_that_reloads_takes_its_seat_back_with_its_token() {
        let mut h = hosting_as(Some("Ana"));
        let mut g = guest_as(Some("Bo"));
        assert_eq!(g.seat_record(), None, "no token before the welcome");
        h.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
        h.on_link_open("g1", 0);
        let hello = texts_to(&g.on_link_open("h", 0), "h");
        exchange(&mut h, &mut g, hello);
        assert_eq!(h.seat_record(), None, "the host keeps no seat record");
        let record = g.seat_record().expect("a seated joiner keeps a record");
        assert_eq!(
            (record.code.as_str(), record.name.as_str()),
            ("ABC234", "Bo")
        );
        h.add_bot(BotLevel::Easy, 0);
        let fx = h.admin(AdminCmd::Start { first: None }, 0);
        for text in texts_to(&fx, "g1") {
            g.on_peer_frame("h", &text, 0);
        }
        assert!(g.table().and_then(|t| t.guest().game()).is_some());

        // The page reloads: the old page is gone from the relay, the host keeps the seat.
        drop(g);
        h.on_relay(RelayMessage::PeerLeft { peer: "g1".into() }, 10);
        let mut g = reloaded_and_rejoining(record.clone());
        h.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 20);
        h.on_link_open("g1", 20);
        let hello = texts_to(&g.on_link_open("h", 20), "h");
        assert!(
            hello[0].contains(&record.token),
            "the hello carries the token"
        );
        exchange(&mut h, &mut g, hello);
        let table = g.table().expect("table").guest();
        assert_eq!(table.seat(), Some(Seat(1)), "the same seat");
        assert_eq!(table.name(), "Bo");
        let game = table.game().expect("the game goes on");
        assert_eq!(game.view.players.len(), 3);
        assert_eq!(g.seat_record(), Some(record), "the same record");
        assert!(matches!(g.phase, Phase::InRoom(_)));

        // Leaving on purpose forgets it.
        g.leave();
        assert_eq!(g.seat_record(), None);
    }

    #[test]
    fn a_stale_seat_record_is_dropped_with_a_notice() {
        // The host does not know the token: it would seat a newcomer; the page leaves.
        let mut h = hosting_as(Some("Ana"));
        let stale = RejoinRecord::new("ABC234", "deadbeef", "Bo").expect("valid");
        let mut g = reloaded_and_rejoining(stale.clone());
        h.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
        h.on_link_open("g1", 0);
        let hello = texts_to(&g.on_link_open("h", 0), "h");
        exchange(&mut h, &mut g, hello);
        assert_eq!(g.phase, Phase::Lobby);
        assert_eq!(g.seat_record(), None);
        assert!(
            g.notices()
                .iter()
                .any(|n| n.text.contains("room ABC-234 is no longer yours")),
            "{:?}",
            g.notices()
        );

        // The room is gone.
        let mut g = Session::default();
        g.offer_rejoin(stale.clone());
        g.rejoin();
        g.on_relay(
            RelayMessage::Error {
                code: ErrorCode::NoSuchRoom,
                message: String::new(),
            },
            0,
        );
        assert_eq!(g.phase, Phase::Lobby);
        assert_eq!(g.seat_record(), None);
        assert_eq!(
            g.notices().last().map(|n| n.text.as_str()),
            Some("Could not rejoin room ABC-234: There is no room with that code.")
        );

        // Declined, or a room of its own instead: forgotten.
        let mut g = Session::default();
        g.offer_rejoin(stale.clone());
        g.dismiss_rejoin();
        assert_eq!(g.seat_record(), None);
        g.offer_rejoin(stale);
        g.join("XYZ789");
        assert_eq!(g.seat_record(), None);
        assert!(g.rejoin().is_empty());
    }

    #[test]
    fn a_kicked_guest_is_told_and_back_in_the_lobby() {
        let mut h = hosting_as(Some("Ana"));
        let mut g = guest_as(Some("Bo"));
        h.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
        h.on_link_open("g1", 0);
        let hello = texts_to(&g.on_link_open("h", 0), "h");
        exchange(&mut h, &mut g, hello);
        let fx = h.kick(Seat(1), 0);
        assert!(fx.contains(&Effect::Hangup { peer: "g1".into() }));
        let mut back = Vec::new();
        for text in texts_to(&fx, "g1") {
            back.extend(g.on_peer_frame("h", &text, 0));
        }
        assert_eq!(g.phase, Phase::Lobby);
        assert!(g.table().is_none());
        assert!(back.contains(&Effect::Relay(ClientMessage::Leave)));
        assert!(
            g.notices()
                .iter()
                .any(|n| n.text == "The host removed you from the table"),
            "{:?}",
            g.notices()
        );
        // The host's table has the seat open again.
        let t = h.table().expect("table").guest().table().expect("seats");
        assert_eq!(lobby_seats(t, None)[1].kind, "open");
    }

    #[test]
    fn the_game_protocol_runs_over_the_links_and_carries_the_chat() {
        let mut h = hosting();
        let mut g = guest();
        h.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
        assert!(
            h.on_link_open("g1", 0).is_empty(),
            "the host waits for hello"
        );
        let hello = texts_to(&g.on_link_open("h", 0), "h");
        assert_eq!(hello.len(), 1);
        assert!(g.on_link_open("h", 0).is_empty(), "one hello per link");
        exchange(&mut h, &mut g, hello);
        let seat = |s: &Session| s.table().and_then(|t| t.guest().seat());
        assert_eq!(seat(&h), Some(Seat(0)));
        assert_eq!(seat(&g), Some(Seat(1)));

        // The host's line reaches the guest, stamped with the host's name.
        let fx = h.say("hi all", 0).expect("said");
        for text in texts_to(&fx, "g1") {
            g.on_peer_frame("h", &text, 0);
        }
        let up = texts_to(&g.say("hello", 0).expect("said"), "h");
        exchange(&mut h, &mut g, up);
        let lines = |s: &Session| {
            s.chat_lines()
                .into_iter()
                .map(|l| (l.from, l.text, l.mine))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            lines(&g),
            vec![
                ("Player H".to_owned(), "hi all".to_owned(), false),
                ("Player G1".to_owned(), "hello".to_owned(), true),
            ]
        );
        assert_eq!(lines(&h).len(), 2);
        assert!(h.say("   ", 0).is_err());

        // A joiner's frame that is not the protocol is refused to it, and changes nothing.
        let fx = h.on_peer_frame("g1", r#"{"type":"said","from":"g2","text":"x"}"#, 0);
        assert_eq!(texts_to(&fx, "g1").len(), 1);
        assert_eq!(lines(&h).len(), 2);
        // Only the host speaks to a guest; garbage from it is dropped with a notice.
        assert!(g.on_peer_frame("g0", "{}", 0).is_empty());
        let before = g.notices().len();
        g.on_peer_frame("h", "not json", 0);
        assert_eq!(g.notices().len(), before + 1);
        assert_eq!(lines(&g).len(), 2);

        // The host starts with a bot in a new seat; the guest sees the game.
        h.add_bot(BotLevel::Easy, 0);
        let fx = h.admin(AdminCmd::Start { first: None }, 0);
        for text in texts_to(&fx, "g1") {
            g.on_peer_frame("h", &text, 0);
        }
        let game = g.table().and_then(|t| t.guest().game()).expect("a game");
        assert_eq!(game.view.players.len(), 3);
        assert!(h.next_deadline().is_some());

        // The guest's link closes: the host keeps its seat and later stands in for it.
        h.on_link_closed("g1", None, 0);
        let people_away = h
            .table()
            .and_then(|t| t.guest().table())
            .map(|t| format!("{:?}", t.seats[1]))
            .unwrap_or_default();
        assert!(people_away.contains("connected: false"), "{people_away}");
    }

    #[test]
    fn a_guest_cannot_chat_before_the_host_welcomes_it() {
        let mut s = guest();
        assert!(s.say("too early", 0).is_err());
        assert!(s.chat_lines().is_empty());
        // Leaving drops the table.
        s.leave();
        assert!(s.table().is_none());
        assert_eq!(s.say("hello", 0), Ok(vec![]));
    }

    #[test]
    fn errors_and_bad_codes_return_to_the_lobby_with_a_notice() {
        let mut s = Session::default();
        assert!(s.join("nope").is_empty());
        assert_eq!(s.phase, Phase::Lobby);
        assert_eq!(s.notices().len(), 1);
        s.join("ABC234");
        s.on_relay(
            RelayMessage::Error {
                code: ErrorCode::NoSuchRoom,
                message: String::new(),
            },
            0,
        );
        assert_eq!(s.phase, Phase::Lobby);
        assert_eq!(
            s.notices().last().map(|n| n.text.as_str()),
            Some("There is no room with that code.")
        );
        let id = s.notices()[0].id;
        s.dismiss(id);
        assert_eq!(s.notices().len(), 1);
        for _ in 0..10 {
            s.notify("x");
        }
        assert_eq!(s.notices().len(), MAX_NOTICES);
    }

    #[test]
    fn a_closed_room_hangs_up_everyone() {
        let mut s = hosting();
        s.on_relay(RelayMessage::PeerJoined { peer: "g1".into() }, 0);
        let fx = s.on_relay(
            RelayMessage::RoomClosed {
                reason: "expired".into(),
            },
            0,
        );
        assert_eq!(fx, vec![Effect::Hangup { peer: "g1".into() }]);
        assert_eq!(s.phase, Phase::Lobby);
        let mut s = guest();
        assert_eq!(
            s.leave(),
            vec![
                Effect::Hangup { peer: "h".into() },
                Effect::Relay(ClientMessage::Leave)
            ]
        );
    }

    #[test]
    fn a_failed_link_is_reported_once() {
        let mut s = guest();
        assert_eq!(
            s.on_link_closed("h", Some("ICE failed"), 0),
            vec![Effect::Hangup { peer: "h".into() }]
        );
        assert!(s.on_link_closed("h", None, 0).is_empty());
        assert!(
            s.on_link_closed("g0", None, 0).is_empty(),
            "no link with another guest"
        );
        assert_eq!(s.notices().len(), 1);
    }

    #[test]
    fn stray_answers_outside_opening_are_ignored() {
        let mut s = Session::default();
        let created = RelayMessage::Created {
            room: "ABC234".into(),
            peer: "h".into(),
            host_secret: "s".into(),
            ice_servers: vec![],
        };
        assert!(s.on_relay(created, 0).is_empty());
        assert_eq!(s.phase, Phase::Lobby);
        assert!(s.on_relay_lost().is_empty());
        s.create();
        s.on_relay_lost();
        assert_eq!(s.phase, Phase::Lobby);
    }

    #[test]
    fn short_names_are_readable() {
        assert_eq!(short_name("a_b-c9xyz"), "Player ABC9");
        assert_eq!(short_name(""), "Player ");
    }
}
