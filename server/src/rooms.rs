//! Room bookkeeping: which connection is which peer of which room.
//!
//! [`Rooms`] is a plain struct whose methods take the current time as an argument and
//! return data — who must be told what — instead of sending anything. The local store
//! (`store::local`) and the hub turn that data into frames. This keeps every
//! rule of the protocol testable without sockets or a clock, in the manner of
//! matchbox_server's `state.rs`.

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;

use rand::Rng;
use shared::relay::{CODE_ALPHABET, CODE_LEN, ErrorCode, MAX_DEPOSIT_CHARS, normalize_code};
use tokio::time::{Duration, Instant};

/// A connection's number, unique for the life of the process. Peer ids are what clients
/// see; connection ids are what the relay routes frames by, because a reclaiming host
/// keeps its peer id while its connection changes.
pub type ConnId = u64;

/// The length of a peer id (nanoid characters, about 72 bits).
pub(crate) const PEER_ID_LEN: usize = 12;

/// The length of a host secret: 22 nanoid characters carry 132 bits.
pub(crate) const HOST_SECRET_LEN: usize = 22;

/// Why a request about rooms failed. Each maps to one protocol [`ErrorCode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomError {
    /// No room has that code (or the code is not a possible code at all).
    NoSuchRoom,
    /// The room holds its maximum of peers, counting an absent host's reserved place.
    RoomFull,
    /// The connection is already in a room.
    AlreadyInRoom,
    /// The connection is in no room.
    NotInRoom,
    /// No peer of the sender's room has that id (or it is the sender).
    UnknownPeer,
    /// The host secret does not match the room's.
    BadSecret,
    /// The relay holds its maximum of rooms.
    ServerFull,
    /// The creator's address holds its maximum of live rooms.
    TooManyRooms,
    /// Only the room's host may do that.
    NotHost,
    /// The host removed a peer from this address: it may not join this room again.
    Banned,
    /// This address has left the room as often as it may ([`MAX_DEPARTURES`]).
    TooManyJoins,
    /// The secret was this room's host secret, but the room has another host since.
    HandedOver,
    /// `hand_over` or `deposit` in a room created without handover.
    NoHandover,
    /// A `deposit` that is not a [`valid_deposit`].
    BadDeposit,
}

impl RoomError {
    /// The protocol's code for this error.
    pub const fn code(self) -> ErrorCode {
        match self {
            RoomError::NoSuchRoom => ErrorCode::NoSuchRoom,
            RoomError::RoomFull => ErrorCode::RoomFull,
            RoomError::AlreadyInRoom => ErrorCode::AlreadyInRoom,
            RoomError::NotInRoom => ErrorCode::NotInRoom,
            RoomError::UnknownPeer => ErrorCode::UnknownPeer,
            RoomError::BadSecret => ErrorCode::BadSecret,
            RoomError::ServerFull => ErrorCode::ServerFull,
            RoomError::TooManyRooms => ErrorCode::RateLimited,
            RoomError::NotHost => ErrorCode::NotHost,
            RoomError::Banned => ErrorCode::Banned,
            RoomError::TooManyJoins => ErrorCode::RateLimited,
            RoomError::HandedOver => ErrorCode::HandedOver,
            RoomError::NoHandover => ErrorCode::BadMessage,
            RoomError::BadDeposit => ErrorCode::BadMessage,
        }
    }

    /// Whether this failure counts against the client address's failed-join budget: the
    /// answers that would help someone guessing codes or secrets.
    pub const fn is_failed_join(self) -> bool {
        matches!(self, RoomError::NoSuchRoom | RoomError::BadSecret)
    }
}

impl fmt::Display for RoomError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RoomError::NoSuchRoom => "no room has this code",
            RoomError::RoomFull => "the room is full",
            RoomError::AlreadyInRoom => "this connection is already in a room; leave it first",
            RoomError::NotInRoom => "this connection is not in a room",
            RoomError::UnknownPeer => "no other peer of this room has that id",
            RoomError::BadSecret => "the host secret does not match",
            RoomError::ServerFull => "the relay is at its limit of rooms",
            RoomError::TooManyRooms => {
                "this address has as many rooms open as it may; close one or wait"
            }
            RoomError::NotHost => "only the room's host may do that",
            RoomError::Banned => "the host removed this address from the room",
            RoomError::TooManyJoins => "this address has joined this room as often as it may",
            RoomError::HandedOver => "the room has another host now; join it as a guest",
            RoomError::NoHandover => "this room was created without handover",
            RoomError::BadDeposit => {
                "a deposit is 1 to 64 characters, each a letter, a digit, '.', '_' or '-'"
            }
        })
    }
}

impl std::error::Error for RoomError {}

/// The limits that room bookkeeping enforces.
#[derive(Clone, Copy, Debug)]
pub struct RoomLimits {
    /// Peers in one room, the host included (an absent host's place stays reserved).
    pub room_size: usize,
    /// Rooms open at once; a `create` past it is `server_full`.
    pub max_rooms: usize,
    /// How long an absent host may take to reclaim its room.
    pub reclaim_grace: Duration,
    /// How long the absent host of a handover room may take to reclaim it before a guest
    /// is made host.
    pub handover_grace: Duration,
    /// Rooms one client address (see [`throttle_key`](crate::limits::throttle_key)) may
    /// have open at once, those waiting for their host included.
    pub rooms_per_address: usize,
}

/// The answer to a successful `create`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Created {
    /// The new room's canonical code.
    pub room: String,
    /// The host's peer id.
    pub peer: String,
    /// The secret the host needs to reclaim the room.
    pub host_secret: String,
}

/// The answer to a successful `join` or `reclaim`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Joined {
    /// The room's canonical code.
    pub room: String,
    /// The peer id of the connection that entered.
    pub peer: String,
    /// The room host's peer id (present or not).
    pub host: String,
    /// The other peers present, in the order they entered; never the receiver.
    pub peers: Vec<String>,
    /// The connections of those peers, which must be told `peer_joined`.
    pub notify: Vec<ConnId>,
    /// For a reclaim that replaced a still-open host connection: that connection, which
    /// must be closed with code 4000. It is already out of the room.
    pub replaced: Option<ConnId>,
    /// Whether the room was created with handover.
    pub handover: bool,
}

/// What happened when a connection left its room (by `leave` or by closing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Left {
    /// The room's canonical code.
    pub room: String,
    /// The peer id that left.
    pub peer: String,
    /// The connections still in the room, which must be told `peer_left`.
    pub notify: Vec<ConnId>,
    /// When the host left: the moment its place lapses unless it reclaims. The caller
    /// arranges to call [`Rooms::expire`] then.
    pub host_deadline: Option<Instant>,
    /// When the host of a handover room left: the moment a guest is made host unless the
    /// host reclaims. The caller arranges to call [`Rooms::hand_over_due`] then.
    pub handover_at: Option<Instant>,
    /// When the room closed because of this departure (a host with no grace period):
    /// the connections that must be told `room_closed`. They are already out of the room.
    pub closed: Vec<ConnId>,
}

/// What a host's `kick` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kicked {
    /// The room's canonical code.
    pub room: String,
    /// The removed peer's id.
    pub peer: String,
    /// The removed connection (already out of the room; its host tells it why), or
    /// `None` for a peer that had left before the kick.
    pub conn: Option<ConnId>,
    /// The connections still in the room, which must be told `peer_left`.
    pub notify: Vec<ConnId>,
}

/// The most addresses one room keeps out: bounds a room's memory whatever its host does.
pub const MAX_BANNED: usize = 64;

/// The most addresses whose departed guests one room remembers, for a host that removes
/// one of them after they left (the address whose last departure is the oldest forgotten
/// first). Every departure of a remembered address is kept: see [`MAX_DEPARTURES`].
pub const MAX_LEFT: usize = 64;

/// The most departures from one room that the room remembers of one address; an address
/// that has left that often may not join the room again. Dropping an address's oldest
/// departures instead would let a guest push its own departure out of its host's reach
/// by joining and leaving again and again, and so dodge the ban. The host's own address
/// is never banned, so nothing is dodged there: it joins without this limit, and its
/// oldest departures are the ones forgotten.
pub const MAX_DEPARTURES: usize = 64;

/// The most earlier host secrets a handover room remembers, so that a host it replaced
/// is told `handed_over` rather than `bad_secret`.
pub const MAX_OLD_SECRETS: usize = 16;

/// Whether `part` is a deposit the relay keeps: 1 to [`MAX_DEPOSIT_CHARS`] characters
/// of `[0-9A-Za-z._-]` (an empty part is no key part, and would be handed on as one), so that it goes into a JSON string as it is, without escaping
/// (`cluster.lua` builds `promoted` by concatenation and checks the same).
pub fn valid_deposit(part: &str) -> bool {
    !part.is_empty()
        && part.len() <= MAX_DEPOSIT_CHARS
        && part
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// A guest made host of a handover room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promoted {
    /// The room's canonical code.
    pub room: String,
    /// The new host's peer id.
    pub host: String,
    /// The new host's connection, to be told `promoted`.
    pub conn: ConnId,
    /// The new host's secret.
    pub host_secret: String,
    /// The peer id of the host before.
    pub previous: String,
    /// The others present, in the order they entered (never the new host).
    pub peers: Vec<String>,
    /// Their connections, to be told `host_changed`.
    pub notify: Vec<ConnId>,
    /// The room's last deposit from the host before, for the new host alone (the room
    /// holds none after this).
    pub deposit: Option<String>,
}

/// Where a signal goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The sender's peer id, for the `from` field.
    pub from: String,
    /// The receiving connection.
    pub to: ConnId,
}

/// A connection's place: its room and its peer id there.
#[derive(Clone, Debug)]
struct Seat {
    /// The room's canonical code.
    room: String,
    /// The connection's peer id in that room.
    peer: String,
    /// The connection's client address (throttle key), for a host's `kick`.
    ip: IpAddr,
}

/// One room.
#[derive(Debug)]
struct Room {
    /// The host's peer id; kept while the host is away so a reclaim restores it.
    host: String,
    /// The secret that proves a reclaiming connection is the host.
    host_secret: String,
    /// The peers present, in the order they entered, with their connections. At most
    /// `room_size` long (one less while the host is away).
    present: Vec<(String, ConnId)>,
    /// While the host is away: when its reserved place lapses and the room closes.
    host_deadline: Option<Instant>,
    /// The address (throttle key) that created it, counted in `per_owner`.
    owner: IpAddr,
    /// The address (throttle key) of the host: the creator's, until a handover makes
    /// a guest host. Never banned, and never short of joins.
    host_ip: IpAddr,
    /// Whether a guest is made host when the host is gone for good (`create` with
    /// `handover`).
    handover: bool,
    /// While the host of a handover room is away: when a guest is made host.
    handover_at: Option<Instant>,
    /// The secrets of the hosts a handover replaced, the latest last (at most
    /// [`MAX_OLD_SECRETS`]).
    old_secrets: Vec<String>,
    /// The host's last `deposit` (a handover room's only), kept opaque for the guest it
    /// makes host; taken by that promotion.
    deposit: Option<String>,
    /// Addresses (throttle keys) the host removed a peer from: they may not join again.
    banned: Vec<IpAddr>,
    /// Guests that left, by address, the address whose last departure is the oldest
    /// first: a host may still remove one (a person it removes while their link is down),
    /// and its address is then banned.
    left: Vec<Departures>,
}

/// The guests that left a room from one address (throttle key).
#[derive(Debug)]
struct Departures {
    /// The address.
    ip: IpAddr,
    /// Their peer ids, oldest first; at most [`MAX_DEPARTURES`], plus those present when
    /// that count was reached.
    peers: Vec<String>,
}

impl Room {
    /// Peers counted against the room size: those present plus an absent host.
    fn occupancy(&self) -> usize {
        self.present.len() + usize::from(self.host_deadline.is_some())
    }

    /// Connections present, except `except`.
    fn conns_except(&self, except: ConnId) -> Vec<ConnId> {
        self.present
            .iter()
            .map(|(_, c)| *c)
            .filter(|c| *c != except)
            .collect()
    }

    /// Remembers that `peer`, from address `ip`, left the room (a host may still remove
    /// it), as a guest's departure.
    fn record_departure(&mut self, ip: IpAddr, peer: String) {
        let mut from = match self.left.iter().position(|d| d.ip == ip) {
            Some(i) => self.left.remove(i),
            None => {
                if self.left.len() >= MAX_LEFT {
                    self.left.remove(0);
                }
                Departures {
                    ip,
                    peers: Vec::new(),
                }
            }
        };
        from.peers.push(peer);
        if from.ip == self.host_ip && from.peers.len() > MAX_DEPARTURES {
            from.peers.remove(0);
        }
        self.left.push(from);
    }
}

/// Every room and every connection's place in one.
#[derive(Debug)]
pub struct Rooms {
    /// Rooms by canonical code.
    rooms: HashMap<String, Room>,
    /// The place of every connection that is in a room.
    seats: HashMap<ConnId, Seat>,
    /// The limits this bookkeeping enforces.
    limits: RoomLimits,
    /// Live rooms per creating address.
    per_owner: HashMap<IpAddr, usize>,
}

/// A fresh room code from the thread-local CSPRNG (ChaCha12 seeded from the OS).
pub(crate) fn random_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect()
}

impl Rooms {
    /// No rooms yet.
    pub fn new(limits: RoomLimits) -> Self {
        Rooms {
            rooms: HashMap::new(),
            seats: HashMap::new(),
            limits,
            per_owner: HashMap::new(),
        }
    }

    /// The number of open rooms (including those waiting for their host).
    pub fn room_count(&self) -> usize {
        self.rooms.len()
    }

    /// The number of connections in rooms.
    pub fn peer_count(&self) -> usize {
        self.seats.len()
    }

    /// Whether `conn` is in a room.
    pub fn is_seated(&self, conn: ConnId) -> bool {
        self.seats.contains_key(&conn)
    }

    /// Opens a room with `conn`, at client address `ip`, as its host; with `handover`, a
    /// guest is made host when the host is gone for good.
    pub fn create(
        &mut self,
        conn: ConnId,
        ip: IpAddr,
        handover: bool,
    ) -> Result<Created, RoomError> {
        if self.seats.contains_key(&conn) {
            return Err(RoomError::AlreadyInRoom);
        }
        let owner = crate::limits::throttle_key(ip);
        if self.per_owner.get(&owner).copied().unwrap_or(0) >= self.limits.rooms_per_address {
            return Err(RoomError::TooManyRooms);
        }
        if self.rooms.len() >= self.limits.max_rooms {
            return Err(RoomError::ServerFull);
        }
        let mut code = random_code();
        while self.rooms.contains_key(&code) {
            code = random_code();
        }
        let peer = nanoid::nanoid!(PEER_ID_LEN);
        let host_secret = nanoid::nanoid!(HOST_SECRET_LEN);
        self.rooms.insert(
            code.clone(),
            Room {
                host: peer.clone(),
                host_secret: host_secret.clone(),
                present: vec![(peer.clone(), conn)],
                host_deadline: None,
                owner,
                host_ip: owner,
                handover,
                handover_at: None,
                old_secrets: Vec::new(),
                deposit: None,
                banned: Vec::new(),
                left: Vec::new(),
            },
        );
        *self.per_owner.entry(owner).or_insert(0) += 1;
        self.seats.insert(
            conn,
            Seat {
                room: code.clone(),
                peer: peer.clone(),
                ip: owner,
            },
        );
        Ok(Created {
            room: code,
            peer,
            host_secret,
        })
    }

    /// Puts `conn`, at client address `ip`, into the room whose code `input` names, as a
    /// new guest.
    pub fn join(&mut self, conn: ConnId, input: &str, ip: IpAddr) -> Result<Joined, RoomError> {
        if self.seats.contains_key(&conn) {
            return Err(RoomError::AlreadyInRoom);
        }
        let ip = crate::limits::throttle_key(ip);
        let code = normalize_code(input).ok_or(RoomError::NoSuchRoom)?;
        let room = self.rooms.get_mut(&code).ok_or(RoomError::NoSuchRoom)?;
        if room.banned.contains(&ip) {
            return Err(RoomError::Banned);
        }
        if ip != room.host_ip
            && room
                .left
                .iter()
                .any(|d| d.ip == ip && d.peers.len() >= MAX_DEPARTURES)
        {
            return Err(RoomError::TooManyJoins);
        }
        if room.occupancy() >= self.limits.room_size {
            return Err(RoomError::RoomFull);
        }
        let peer = nanoid::nanoid!(PEER_ID_LEN);
        let peers = room.present.iter().map(|(p, _)| p.clone()).collect();
        let notify = room.conns_except(conn);
        room.present.push((peer.clone(), conn));
        let host = room.host.clone();
        let handover = room.handover;
        self.seats.insert(
            conn,
            Seat {
                room: code.clone(),
                peer: peer.clone(),
                ip,
            },
        );
        Ok(Joined {
            room: code,
            peer,
            host,
            peers,
            notify,
            replaced: None,
            handover,
        })
    }

    /// Gives the room back to its host on `conn`, proven by `secret`. The host keeps its
    /// peer id; a host connection still open is replaced.
    pub fn reclaim(
        &mut self,
        conn: ConnId,
        input: &str,
        secret: &str,
    ) -> Result<Joined, RoomError> {
        if self.seats.contains_key(&conn) {
            return Err(RoomError::AlreadyInRoom);
        }
        let code = normalize_code(input).ok_or(RoomError::NoSuchRoom)?;
        let room = self.rooms.get_mut(&code).ok_or(RoomError::NoSuchRoom)?;
        if !constant_time_eq(room.host_secret.as_bytes(), secret.as_bytes()) {
            // Every old secret is compared, so the time taken tells nothing of which.
            let old = room.old_secrets.iter().fold(false, |found, s| {
                constant_time_eq(s.as_bytes(), secret.as_bytes()) | found
            });
            return Err(if old {
                RoomError::HandedOver
            } else {
                RoomError::BadSecret
            });
        }
        let host = room.host.clone();
        let replaced = match room.present.iter().position(|(p, _)| *p == host) {
            Some(i) => Some(room.present.remove(i).1),
            None => None,
        };
        room.host_deadline = None;
        room.handover_at = None;
        let peers = room.present.iter().map(|(p, _)| p.clone()).collect();
        let notify = room.conns_except(conn);
        room.present.push((host.clone(), conn));
        let handover = room.handover;
        if let Some(old) = replaced {
            self.seats.remove(&old);
        }
        self.seats.insert(
            conn,
            Seat {
                room: code.clone(),
                peer: host.clone(),
                ip: room.host_ip,
            },
        );
        Ok(Joined {
            room: code,
            peer: host.clone(),
            host,
            peers,
            notify,
            replaced,
            handover,
        })
    }

    /// Finds where a signal from `conn` to peer `to` goes.
    pub fn route(&self, conn: ConnId, to: &str) -> Result<Route, RoomError> {
        let seat = self.seats.get(&conn).ok_or(RoomError::NotInRoom)?;
        if seat.peer == to {
            return Err(RoomError::UnknownPeer);
        }
        let room = self.rooms.get(&seat.room).ok_or(RoomError::NotInRoom)?;
        let to = room
            .present
            .iter()
            .find(|(p, _)| p == to)
            .ok_or(RoomError::UnknownPeer)?
            .1;
        Ok(Route {
            from: seat.peer.clone(),
            to,
        })
    }

    /// The host on `conn` removes peer `peer` from its room, whether it is present or
    /// left already (from one of the last [`MAX_LEFT`] addresses to leave); the peer's
    /// address may not join the room again while it lasts (at most [`MAX_BANNED`]
    /// addresses are kept, the oldest forgotten first).
    pub fn kick(&mut self, conn: ConnId, peer: &str) -> Result<Kicked, RoomError> {
        let seat = self.seats.get(&conn).ok_or(RoomError::NotInRoom)?;
        let room = self.rooms.get_mut(&seat.room).ok_or(RoomError::NotInRoom)?;
        if seat.peer != room.host {
            return Err(RoomError::NotHost);
        }
        if peer == room.host {
            return Err(RoomError::UnknownPeer);
        }
        let code = seat.room.clone();
        let (peer, gone, ip) = match room.present.iter().position(|(p, _)| p == peer) {
            Some(i) => {
                let (peer, gone) = room.present.remove(i);
                let ip = self.seats.remove(&gone).map(|s| s.ip);
                (peer, Some(gone), ip)
            }
            None => {
                let (i, j) = room
                    .left
                    .iter()
                    .enumerate()
                    .find_map(|(i, d)| d.peers.iter().position(|p| p == peer).map(|j| (i, j)))
                    .ok_or(RoomError::UnknownPeer)?;
                let peer = room.left[i].peers.remove(j);
                let ip = room.left[i].ip;
                if room.left[i].peers.is_empty() {
                    room.left.remove(i);
                }
                (peer, None, Some(ip))
            }
        };
        if let Some(ip) = ip
            && ip != room.host_ip
            && !room.banned.contains(&ip)
        {
            // The host's own address is never banned from its own room.
            if room.banned.len() >= MAX_BANNED {
                room.banned.remove(0);
            }
            room.banned.push(ip);
        }
        // A peer that had left was told `peer_left` for already.
        let notify = match gone {
            Some(gone) => room.conns_except(gone),
            None => Vec::new(),
        };
        Ok(Kicked {
            room: code,
            peer,
            conn: gone,
            notify,
        })
    }

    /// Takes `conn` out of its room at `now`. A departing host keeps its place for the
    /// grace period; with no grace period its room closes at once.
    pub fn leave(&mut self, conn: ConnId, now: Instant) -> Result<Left, RoomError> {
        let seat = self.seats.remove(&conn).ok_or(RoomError::NotInRoom)?;
        let Some(room) = self.rooms.get_mut(&seat.room) else {
            return Err(RoomError::NotInRoom);
        };
        room.present.retain(|(_, c)| *c != conn);
        let mut left = Left {
            room: seat.room.clone(),
            peer: seat.peer.clone(),
            notify: room.conns_except(conn),
            host_deadline: None,
            handover_at: None,
            closed: Vec::new(),
        };
        // A handover room's host keeps its place at least until a guest takes it.
        let grace = if room.handover && !room.present.is_empty() {
            self.limits.reclaim_grace.max(self.limits.handover_grace)
        } else {
            self.limits.reclaim_grace
        };
        if seat.peer != room.host {
            room.record_departure(seat.ip, seat.peer.clone());
        } else if grace.is_zero() {
            left.closed = std::mem::take(&mut left.notify);
            self.close(&seat.room);
        } else {
            let deadline = now + grace;
            room.host_deadline = Some(deadline);
            left.host_deadline = Some(deadline);
            if room.handover {
                let at = now + self.limits.handover_grace;
                room.handover_at = Some(at);
                left.handover_at = Some(at);
            }
        }
        Ok(left)
    }

    /// Makes the guest present longest the host of handover room `code` if its host's
    /// handover grace has run out by `now`. `None` when there is nothing to do: the room
    /// is gone or not a handover room, its host is present or may still come back, or no
    /// guest is present (the host's place then waits for its reclaim as in any room, and
    /// the next guest to join is made host).
    pub fn hand_over_due(&mut self, code: &str, now: Instant) -> Option<Promoted> {
        let room = self.rooms.get(code)?;
        let due = room.handover
            && room.host_deadline.is_some()
            && room.handover_at.is_some_and(|at| at <= now)
            && !room.present.is_empty();
        due.then(|| self.promote(code, 0))
    }

    /// The host on `conn` passes its handover room on, to guest `to` or to the guest
    /// present longest, and is out of the room as with `leave`.
    pub fn hand_over(&mut self, conn: ConnId, to: Option<&str>) -> Result<Promoted, RoomError> {
        let seat = self.seats.get(&conn).ok_or(RoomError::NotInRoom)?;
        let room = self.rooms.get_mut(&seat.room).ok_or(RoomError::NotInRoom)?;
        if seat.peer != room.host {
            return Err(RoomError::NotHost);
        }
        if !room.handover {
            return Err(RoomError::NoHandover);
        }
        let code = seat.room.clone();
        // Counted among the others, which is its place once the host is out.
        let successor = room
            .present
            .iter()
            .filter(|(_, c)| *c != conn)
            .position(|(p, _)| to.is_none_or(|to| p == to))
            .ok_or(RoomError::UnknownPeer)?;
        room.present.retain(|(_, c)| *c != conn);
        self.seats.remove(&conn);
        Ok(self.promote(&code, successor))
    }

    /// The host on `conn` gives its handover room's relay part (`part`, a
    /// [`valid_deposit`] its caller checked), replacing the one the room held.
    pub fn deposit(&mut self, conn: ConnId, part: &str) -> Result<(), RoomError> {
        let seat = self.seats.get(&conn).ok_or(RoomError::NotInRoom)?;
        let room = self.rooms.get_mut(&seat.room).ok_or(RoomError::NotInRoom)?;
        if seat.peer != room.host {
            return Err(RoomError::NotHost);
        }
        if !room.handover {
            return Err(RoomError::NoHandover);
        }
        room.deposit = Some(part.to_owned());
        Ok(())
    }

    /// Makes the guest at `present[successor]` of room `code` (whose host is not present)
    /// its host, with a fresh secret; the room's deposit goes to it, and the room holds
    /// none after.
    fn promote(&mut self, code: &str, successor: usize) -> Promoted {
        let room = self
            .rooms
            .get_mut(code)
            .expect("promote is called for a room that exists");
        let (host, conn) = room.present[successor].clone();
        let previous = std::mem::replace(&mut room.host, host.clone());
        let previous_ip = room.host_ip;
        room.host_ip = self.seats.get(&conn).map_or(room.host_ip, |s| s.ip);
        // The host before is a guest that left now: its new host may remove it.
        room.record_departure(previous_ip, previous.clone());
        let secret = nanoid::nanoid!(HOST_SECRET_LEN);
        let old = std::mem::replace(&mut room.host_secret, secret.clone());
        if room.old_secrets.len() >= MAX_OLD_SECRETS {
            room.old_secrets.remove(0);
        }
        room.old_secrets.push(old);
        room.host_deadline = None;
        room.handover_at = None;
        let deposit = room.deposit.take();
        Promoted {
            room: code.to_owned(),
            host,
            conn,
            host_secret: secret,
            previous,
            peers: room
                .present
                .iter()
                .filter(|(_, c)| *c != conn)
                .map(|(p, _)| p.clone())
                .collect(),
            notify: room.conns_except(conn),
            deposit,
        }
    }

    /// Closes the room `code` if its host's grace period has run out by `now`, returning
    /// the connections that must be told `room_closed` (already out of the room). Returns
    /// `None` when there is nothing to do: the room is gone, or its host came back.
    pub fn expire(&mut self, code: &str, now: Instant) -> Option<Vec<ConnId>> {
        let room = self.rooms.get(code)?;
        match room.host_deadline {
            Some(deadline) if deadline <= now => Some(self.close(code)),
            _ => None,
        }
    }

    /// The earliest pending host deadline, if any (for sweeping and for tests).
    pub fn next_deadline(&self) -> Option<(String, Instant)> {
        self.rooms
            .iter()
            .filter_map(|(code, r)| r.host_deadline.map(|d| (code.clone(), d)))
            .min_by_key(|(_, d)| *d)
    }

    /// Removes room `code` and the seats of everyone present, returning their connections.
    fn close(&mut self, code: &str) -> Vec<ConnId> {
        let Some(room) = self.rooms.remove(code) else {
            return Vec::new();
        };
        if let Some(n) = self.per_owner.get_mut(&room.owner) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.per_owner.remove(&room.owner);
            }
        }
        let conns: Vec<ConnId> = room.present.iter().map(|(_, c)| *c).collect();
        for c in &conns {
            self.seats.remove(c);
        }
        conns
    }
}

/// Compares two secrets in time that depends only on their lengths, so response timing
/// does not reveal how much of a guessed secret was right.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rooms(room_size: usize, max_rooms: usize, grace: u64) -> Rooms {
        Rooms::new(RoomLimits {
            room_size,
            max_rooms,
            reclaim_grace: Duration::from_secs(grace),
            handover_grace: Duration::from_secs(3),
            rooms_per_address: usize::MAX,
        })
    }

    const IP: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));

    #[test]
    fn codes_are_canonical_and_joinable_in_any_spelling() {
        let mut r = rooms(16, 10, 120);
        let c = r.create(1, IP, false).expect("create");
        assert_eq!(normalize_code(&c.room).as_deref(), Some(c.room.as_str()));
        assert!(c.host_secret.len() >= 22);
        let spelled = format!("{}-{} ", &c.room[..3], c.room[3..].to_lowercase());
        let j = r.join(2, &spelled, IP).expect("join");
        assert_eq!(j.room, c.room);
        assert_eq!(j.host, c.peer);
        assert_eq!(j.peers, vec![c.peer.clone()]);
        assert_eq!(j.notify, vec![1]);
        assert_ne!(j.peer, c.peer);
    }

    #[test]
    fn peers_never_lists_the_receiver_and_rejoin_gets_a_new_id() {
        let mut r = rooms(16, 10, 120);
        let c = r.create(1, IP, false).expect("create");
        let a = r.join(2, &c.room, IP).expect("join");
        let b = r.join(3, &c.room, IP).expect("join");
        assert_eq!(b.peers, vec![c.peer.clone(), a.peer.clone()]);
        assert_eq!(b.notify, vec![1, 2]);
        let left = r.leave(2, Instant::now()).expect("leave");
        assert_eq!(left.notify, vec![1, 3]);
        assert_eq!(left.host_deadline, None);
        let again = r.join(2, &c.room, IP).expect("join");
        assert_ne!(again.peer, a.peer);
        assert!(!again.peers.contains(&again.peer));
    }

    #[test]
    fn errors_for_wrong_states() {
        let mut r = rooms(2, 1, 120);
        assert_eq!(r.leave(1, Instant::now()), Err(RoomError::NotInRoom));
        assert_eq!(r.route(1, "x"), Err(RoomError::NotInRoom));
        assert_eq!(r.join(1, "222222", IP), Err(RoomError::NoSuchRoom));
        assert_eq!(r.join(1, "not a code", IP), Err(RoomError::NoSuchRoom));
        let c = r.create(1, IP, false).expect("create");
        assert_eq!(r.create(1, IP, false), Err(RoomError::AlreadyInRoom));
        assert_eq!(r.join(1, &c.room, IP), Err(RoomError::AlreadyInRoom));
        assert_eq!(r.create(2, IP, false), Err(RoomError::ServerFull));
        r.join(2, &c.room, IP).expect("join");
        assert_eq!(r.join(3, &c.room, IP), Err(RoomError::RoomFull));
        assert_eq!(
            r.route(1, &c.peer),
            Err(RoomError::UnknownPeer),
            "to itself"
        );
        assert_eq!(r.route(1, "nobody"), Err(RoomError::UnknownPeer));
        assert_eq!(r.reclaim(3, &c.room, "wrong"), Err(RoomError::BadSecret));
    }

    #[test]
    fn an_absent_host_keeps_its_place_until_the_deadline() {
        let mut r = rooms(2, 10, 120);
        let t0 = Instant::now();
        let c = r.create(1, IP, false).expect("create");
        let g = r.join(2, &c.room, IP).expect("join");
        let left = r.leave(1, t0).expect("leave");
        assert_eq!(left.notify, vec![2]);
        assert_eq!(left.host_deadline, Some(t0 + Duration::from_secs(120)));
        assert_eq!(
            r.join(3, &c.room, IP),
            Err(RoomError::RoomFull),
            "the host's place is reserved"
        );
        assert_eq!(
            r.route(2, &c.peer),
            Err(RoomError::UnknownPeer),
            "the host is away"
        );
        assert_eq!(r.expire(&c.room, t0 + Duration::from_secs(119)), None);
        let back = r
            .reclaim(1, &c.room.to_lowercase(), &c.host_secret)
            .expect("reclaim");
        assert_eq!(back.peer, c.peer);
        assert_eq!(back.peers, vec![g.peer]);
        assert_eq!(back.notify, vec![2]);
        assert_eq!(back.replaced, None);
        assert_eq!(
            r.expire(&c.room, t0 + Duration::from_secs(500)),
            None,
            "host is back"
        );
        assert_eq!(r.room_count(), 1);
    }

    #[test]
    fn the_room_closes_when_the_grace_runs_out() {
        let mut r = rooms(16, 10, 120);
        let t0 = Instant::now();
        let c = r.create(1, IP, false).expect("create");
        r.join(2, &c.room, IP).expect("join");
        r.join(3, &c.room, IP).expect("join");
        r.leave(1, t0).expect("leave");
        assert_eq!(
            r.next_deadline(),
            Some((c.room.clone(), t0 + Duration::from_secs(120)))
        );
        let mut closed = r
            .expire(&c.room, t0 + Duration::from_secs(120))
            .expect("closed");
        closed.sort_unstable();
        assert_eq!(closed, vec![2, 3]);
        assert_eq!(r.room_count(), 0);
        assert_eq!(r.peer_count(), 0);
        assert!(!r.is_seated(2));
        assert_eq!(
            r.reclaim(1, &c.room, &c.host_secret),
            Err(RoomError::NoSuchRoom)
        );
        r.create(2, IP, false)
            .expect("a closed room's peer may create again");
    }

    #[test]
    fn an_empty_room_waits_for_its_host_only() {
        let mut r = rooms(16, 10, 120);
        let t0 = Instant::now();
        let c = r.create(1, IP, false).expect("create");
        r.leave(1, t0).expect("leave");
        assert_eq!(r.room_count(), 1, "the host may still reclaim");
        assert_eq!(
            r.expire(&c.room, t0 + Duration::from_secs(120)),
            Some(vec![])
        );
        assert_eq!(r.room_count(), 0);

        let mut r = rooms(16, 10, 0);
        let c = r.create(1, IP, false).expect("create");
        r.join(2, &c.room, IP).expect("join");
        let left = r.leave(1, t0).expect("leave");
        assert_eq!(left.closed, vec![2]);
        assert!(left.notify.is_empty());
        assert_eq!(r.room_count(), 0);
    }

    #[test]
    fn a_reclaim_replaces_an_open_host_connection() {
        let mut r = rooms(16, 10, 120);
        let c = r.create(1, IP, false).expect("create");
        r.join(2, &c.room, IP).expect("join");
        let back = r.reclaim(3, &c.room, &c.host_secret).expect("reclaim");
        assert_eq!(back.replaced, Some(1));
        assert_eq!(back.peer, c.peer);
        assert!(!r.is_seated(1));
        assert_eq!(
            r.leave(1, Instant::now()),
            Err(RoomError::NotInRoom),
            "old conn is out"
        );
        let route = r.route(2, &c.peer).expect("route");
        assert_eq!(route.to, 3);
    }

    #[test]
    fn secrets_compare_exactly() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
        assert!(!constant_time_eq(b"", b"a"));
    }

    #[test]
    fn a_kick_reaches_the_last_guests_that_left_and_no_older_one() {
        let mut r = rooms(MAX_LEFT + 8, 10, 60);
        let host_ip = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 200));
        let c = r.create(1, host_ip, false).expect("create");
        let guest_ip = |n: usize| IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, n as u8));
        let mut ids = Vec::new();
        for n in 0..=MAX_LEFT {
            let conn = 10 + n as ConnId;
            ids.push(r.join(conn, &c.room, guest_ip(n)).expect("join").peer);
            r.leave(conn, Instant::now()).expect("leave");
        }
        // The first to leave is forgotten; the last is not.
        assert_eq!(r.kick(1, &ids[0]).err(), Some(RoomError::UnknownPeer));
        let k = r.kick(1, &ids[MAX_LEFT]).expect("kick");
        assert_eq!((k.conn, k.notify), (None, Vec::new()));
        assert_eq!(
            r.join(500, &c.room, guest_ip(MAX_LEFT)).err(),
            Some(RoomError::Banned)
        );
        assert!(r.join(501, &c.room, guest_ip(0)).is_ok());
        // Removed once.
        assert_eq!(
            r.kick(1, &ids[MAX_LEFT]).err(),
            Some(RoomError::UnknownPeer)
        );
    }

    #[test]
    fn one_address_cannot_push_its_own_departure_out_of_reach() {
        let mut r = rooms(16, 10, 60);
        let c = r.create(1, IP, false).expect("create");
        let guest_ip = IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, 7));
        let first = r.join(2, &c.room, guest_ip).expect("join").peer;
        r.leave(2, Instant::now()).expect("leave");
        // It joins and leaves until the room refuses it: never so often that the first
        // departure is forgotten.
        let mut cycles = 1;
        let mut conn = 3;
        while r.join(conn, &c.room, guest_ip).is_ok() {
            r.leave(conn, Instant::now()).expect("leave");
            cycles += 1;
            conn += 1;
            assert!(cycles <= MAX_DEPARTURES, "joined {cycles} times");
        }
        assert_eq!(cycles, MAX_DEPARTURES);
        assert_eq!(
            r.join(conn, &c.room, guest_ip).err(),
            Some(RoomError::TooManyJoins)
        );
        assert_eq!(RoomError::TooManyJoins.code(), ErrorCode::RateLimited);
        r.kick(1, &first)
            .expect("the first departure is still known");
        assert_eq!(
            r.join(conn, &c.room, guest_ip).err(),
            Some(RoomError::Banned)
        );
        // Other addresses still join.
        r.join(conn + 1, &c.room, IP).expect("join");
    }

    #[test]
    fn the_hosts_own_address_joins_without_limit_and_its_oldest_departures_go() {
        let mut r = rooms(16, 10, 60);
        let c = r.create(1, IP, false).expect("create");
        for conn in 2..(2 + 2 * MAX_DEPARTURES as ConnId) {
            r.join(conn, &c.room, IP).expect("the host's address joins");
            r.leave(conn, Instant::now()).expect("leave");
        }
        let remembered: usize = r.rooms[&c.room].left.iter().map(|d| d.peers.len()).sum();
        assert_eq!(remembered, MAX_DEPARTURES);
    }

    #[test]
    fn a_handover_room_passes_to_the_guest_there_longest_once_the_grace_runs_out() {
        let mut r = rooms(16, 10, 120);
        let t0 = Instant::now();
        let (a, b) = (
            IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, 1)),
            IpAddr::V4(std::net::Ipv4Addr::new(198, 51, 100, 2)),
        );
        let c = r.create(1, IP, true).expect("create");
        let g1 = r.join(2, &c.room, a).expect("join").peer;
        let g2 = r.join(3, &c.room, b).expect("join").peer;
        let left = r.leave(1, t0).expect("leave");
        assert_eq!(left.handover_at, Some(t0 + Duration::from_secs(3)));
        assert_eq!(left.host_deadline, Some(t0 + Duration::from_secs(120)));
        assert_eq!(
            r.hand_over_due(&c.room, t0 + Duration::from_millis(2999)),
            None
        );
        let p = r
            .hand_over_due(&c.room, t0 + Duration::from_secs(3))
            .expect("promoted");
        assert_eq!((p.host.as_str(), p.conn), (g1.as_str(), 2));
        assert_eq!(p.previous, c.peer);
        assert_eq!(p.peers, vec![g2.clone()]);
        assert_eq!(p.notify, vec![3]);
        assert_ne!(p.host_secret, c.host_secret);
        assert!(p.host_secret.len() >= HOST_SECRET_LEN);
        // Once: the room has a host again, and no deadline.
        assert_eq!(
            r.hand_over_due(&c.room, t0 + Duration::from_secs(500)),
            None
        );
        assert_eq!(r.expire(&c.room, t0 + Duration::from_secs(500)), None);
        assert_eq!(r.next_deadline(), None);
        // The old secret is told apart from a wrong one; the new one reclaims.
        assert_eq!(
            r.reclaim(9, &c.room, &c.host_secret),
            Err(RoomError::HandedOver)
        );
        assert_eq!(r.reclaim(9, &c.room, "wrong"), Err(RoomError::BadSecret));
        // The new host kicks; its own address is never banned, the old host's may be.
        assert_eq!(r.kick(3, &g1), Err(RoomError::NotHost));
        let k = r
            .kick(2, &c.peer)
            .expect("the old host is a departed guest now");
        assert_eq!(k.conn, None);
        assert_eq!(r.join(10, &c.room, IP).err(), Some(RoomError::Banned));
        let same = r.join(11, &c.room, a).expect("join").peer;
        r.kick(2, &same).expect("kick");
        r.join(12, &c.room, a)
            .expect("the new host's address is never banned");
    }

    #[test]
    fn hand_over_names_its_successor_or_takes_the_guest_there_longest() {
        let mut r = rooms(16, 10, 120);
        let c = r.create(1, IP, true).expect("create");
        let g1 = r.join(2, &c.room, IP).expect("join").peer;
        let g2 = r.join(3, &c.room, IP).expect("join").peer;
        assert_eq!(r.hand_over(2, None).err(), Some(RoomError::NotHost));
        assert_eq!(r.hand_over(9, None).err(), Some(RoomError::NotInRoom));
        for bad in ["nobody", c.peer.as_str()] {
            assert_eq!(
                r.hand_over(1, Some(bad)).err(),
                Some(RoomError::UnknownPeer)
            );
        }
        // Refused, the room is as it was.
        assert_eq!(r.route(2, &c.peer).map(|x| x.to), Ok(1));
        let p = r.hand_over(1, Some(&g2)).expect("hand over");
        assert_eq!((p.host.as_str(), p.conn), (g2.as_str(), 3));
        assert_eq!(p.peers, vec![g1.clone()]);
        assert!(!r.is_seated(1));
        let p = r.hand_over(3, None).expect("hand over");
        assert_eq!(
            (p.host.as_str(), p.previous.as_str()),
            (g1.as_str(), g2.as_str())
        );
        assert!(p.peers.is_empty());
        assert_eq!(r.hand_over(2, None).err(), Some(RoomError::UnknownPeer));

        let plain = r.create(20, IP, false).expect("create");
        r.join(21, &plain.room, IP).expect("join");
        assert_eq!(r.hand_over(20, None).err(), Some(RoomError::NoHandover));
        assert_eq!(RoomError::NoHandover.code(), ErrorCode::BadMessage);
    }

    #[test]
    fn a_handover_room_with_no_guest_waits_for_its_host_and_its_next_guest() {
        let mut r = rooms(16, 10, 120);
        let t0 = Instant::now();
        let c = r.create(1, IP, true).expect("create");
        r.leave(1, t0).expect("leave");
        let later = t0 + Duration::from_secs(10);
        assert_eq!(r.hand_over_due(&c.room, later), None, "nobody to take it");
        let g = r.join(2, &c.room, IP).expect("join").peer;
        let p = r.hand_over_due(&c.room, later).expect("the next guest");
        assert_eq!(p.host, g);
        // A room without a guest at its reclaim deadline closes as any room.
        let c = r.create(3, IP, true).expect("create");
        r.leave(3, t0).expect("leave");
        assert_eq!(
            r.expire(&c.room, t0 + Duration::from_secs(120)),
            Some(vec![])
        );
    }

    #[test]
    fn a_handover_room_remembers_its_latest_old_secrets() {
        let mut r = rooms(64, 10, 120);
        let c = r.create(1, IP, true).expect("create");
        let mut secrets = vec![c.host_secret.clone()];
        let mut host = 1;
        for conn in 2..(3 + MAX_OLD_SECRETS as ConnId) {
            r.join(conn, &c.room, IP).expect("join");
            secrets.push(r.hand_over(host, None).expect("hand over").host_secret);
            host = conn;
        }
        assert_eq!(
            r.reclaim(999, &c.room, &secrets[0]),
            Err(RoomError::BadSecret)
        );
        assert_eq!(
            r.reclaim(999, &c.room, &secrets[secrets.len() - 1 - MAX_OLD_SECRETS]),
            Err(RoomError::HandedOver)
        );
        let p = r.reclaim(999, &c.room, &secrets[secrets.len() - 1]);
        assert_eq!(p.map(|j| j.replaced), Ok(Some(host)));
    }

    #[test]
    fn a_deposit_goes_to_the_next_host_alone_and_once() {
        let mut r = rooms(16, 10, 120);
        let t0 = Instant::now();
        let c = r.create(1, IP, true).expect("create");
        assert_eq!(r.deposit(2, "1.a"), Err(RoomError::NotInRoom));
        r.join(2, &c.room, IP).expect("join");
        r.join(3, &c.room, IP).expect("join");
        assert_eq!(r.deposit(2, "1.a"), Err(RoomError::NotHost));
        r.deposit(1, "1.a").expect("deposit");
        r.deposit(1, "2.b").expect("the latest replaces it");
        // A reload keeps it: it is the room's.
        r.reclaim(4, &c.room, &c.host_secret).expect("reclaim");
        r.leave(4, t0).expect("leave");
        let p = r
            .hand_over_due(&c.room, t0 + Duration::from_secs(3))
            .expect("promoted");
        assert_eq!((p.conn, p.deposit.as_deref()), (2, Some("2.b")));
        // Given once: the next promotion has only what its host deposits.
        let p = r.hand_over(2, None).expect("hand over");
        assert_eq!((p.conn, p.deposit), (3, None));
        r.join(5, &c.room, IP).expect("join");
        r.deposit(3, "3.c").expect("deposit");
        let p = r.hand_over(3, None).expect("hand over");
        assert_eq!((p.conn, p.deposit.as_deref()), (5, Some("3.c")));

        let plain = r.create(20, IP, false).expect("create");
        r.join(21, &plain.room, IP).expect("join");
        assert_eq!(r.deposit(20, "1.a"), Err(RoomError::NoHandover));
        assert_eq!(r.deposit(21, "1.a"), Err(RoomError::NotHost));
    }

    #[test]
    fn a_deposit_is_short_and_needs_no_escaping() {
        let longest = "a".repeat(MAX_DEPOSIT_CHARS);
        for good in ["0", "0.AZaz09-_", "12.", longest.as_str()] {
            assert!(valid_deposit(good), "{good}");
        }
        let over = format!("{longest}a");
        for bad in [
            "",
            over.as_str(),
            "1.a\"",
            "1.a\\",
            "1 a",
            "1.é",
            "1.a/",
            "1.a+",
            "1.a=",
        ] {
            assert!(!valid_deposit(bad), "{bad}");
        }
        assert_eq!(RoomError::BadDeposit.code(), ErrorCode::BadMessage);
        assert!(
            RoomError::BadDeposit
                .to_string()
                .contains(&MAX_DEPOSIT_CHARS.to_string())
        );
    }

    #[test]
    fn the_cluster_store_checks_deposits_alike() {
        let script = include_str!("store/cluster.lua");
        assert!(
            script.contains(&format!("local MAX_DEPOSIT_CHARS = {MAX_DEPOSIT_CHARS}\n")),
            "cluster.lua's MAX_DEPOSIT_CHARS differs from {MAX_DEPOSIT_CHARS}"
        );
        assert!(
            script.contains("local DEPOSIT_PATTERN = '^[0-9A-Za-z._%-]*$'\n"),
            "cluster.lua's DEPOSIT_PATTERN is not [0-9A-Za-z._-]"
        );
    }

    #[test]
    fn the_cluster_store_remembers_as_many_old_secrets() {
        let script = include_str!("store/cluster.lua");
        assert!(
            script.contains(&format!("local MAX_OLD_SECRETS = {MAX_OLD_SECRETS}\n")),
            "cluster.lua's MAX_OLD_SECRETS differs from {MAX_OLD_SECRETS}"
        );
    }

    #[test]
    fn the_cluster_store_remembers_as_many_departures() {
        let script = include_str!("store/cluster.lua");
        assert!(
            script.contains(&format!("local MAX_LEFT = {MAX_LEFT}\n")),
            "cluster.lua's MAX_LEFT differs from {MAX_LEFT}"
        );
        assert!(
            script.contains(&format!("local MAX_DEPARTURES = {MAX_DEPARTURES}\n")),
            "cluster.lua's MAX_DEPARTURES differs from {MAX_DEPARTURES}"
        );
    }
}
