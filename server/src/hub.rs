//! The shared state of a running relay, and the translation of protocol messages into
//! room operations and frames for other connections.
//!
//! A [`Hub`] owns the room bookkeeping behind a `std::sync::Mutex`, as mini-redis's `db.rs`
//! does: every critical section is a few map operations, never an `.await`, so a blocking
//! mutex is cheaper than an async one and cannot be held across a suspension point.
//! Frames for other connections and close requests go through each connection's
//! [`Outbox`], which writes a frame to an idle connection's socket at once and queues it
//! otherwise; nothing else here touches a socket.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use dashmap::DashMap;
use shared::relay::{CLOSE_POLICY, ClientMessage, ErrorCode, IceServer, RelayMessage};
use tokio::time::Instant;

use crate::cluster::Cluster;
use crate::config::Config;
use crate::connection::{Outbox, Why};
use crate::ice::Ice;
use crate::limits::{FrameGuard, JoinThrottle, Verdict, throttle_key};
use crate::metrics::{Metrics, Refusal};
use crate::protocol::{Frame, Incoming, encode, error_frame, message_for, parse, signal_frame};
use crate::rooms::{ConnId, Joined, Left, RoomError, Rooms};
use crate::stun::{self, StunBind};

/// The handle other connections use to reach one connection.
#[derive(Debug)]
struct Peer {
    /// Its frames and close request.
    outbox: Arc<Outbox>,
    /// Its client address as counted in `per_address` (see [`throttle_key`]); `None` in
    /// a cluster, where the store counts it.
    key: Option<IpAddr>,
    /// The host its page reached the relay by ([`crate::ice::page_host`]), for the
    /// relay's own STUN URL.
    host: Option<Box<str>>,
}

/// Why a new connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The relay holds its maximum of connections (`server_full`).
    ServerFull,
    /// The client address holds its maximum of connections (`rate_limited`).
    PerAddress,
    /// The cluster store cannot be reached (`server_full`: try again later).
    Unavailable,
}

/// What a newly registered connection's socket loop needs.
#[derive(Debug)]
pub struct Registration {
    /// The connection's id.
    pub id: ConnId,
    /// Frames from other connections, and close requests.
    pub outbox: Arc<Outbox>,
}

/// What the socket loop must do after handling one incoming frame.
#[derive(Debug, Default)]
pub struct Answer {
    /// A frame for the sender itself.
    pub reply: Option<Bytes>,
    /// Close the sender's socket with this code and reason after the reply.
    pub close: Option<(u16, &'static str)>,
}

/// The relay's shared state.
#[derive(Debug)]
pub struct Hub {
    /// Rooms and seats. Locked briefly, never across an `.await`.
    rooms: Mutex<Rooms>,
    /// Failed joins per client address. Locked briefly, never together with `rooms`.
    throttle: Mutex<JoinThrottle>,
    /// Room creations per client address, as a budget per minute (the same bucket as the
    /// failed-join throttle). Locked briefly, never together with `rooms`.
    creates: Mutex<JoinThrottle>,
    /// Open connections per client address. Locked briefly, never together with `rooms`.
    per_address: Mutex<HashMap<IpAddr, usize>>,
    /// The queue of every open connection, for frames from other connections.
    conns: DashMap<ConnId, Peer>,
    /// The configuration the relay started with.
    pub config: Config,
    /// The ICE servers handed to peers.
    ice: Ice,
    /// Counters for `/metrics`.
    pub metrics: Metrics,
    /// The next connection id.
    next_conn: AtomicU64,
    /// Connections open (registered and not yet gone), for the connection bound.
    open: AtomicUsize,
    /// Set when the relay shuts down (every connection is kicked then, and one that
    /// registers afterwards sees it).
    shutting_down: AtomicBool,
    /// The link to the other instances, with `--cluster-url` (set once, before serving).
    cluster: OnceLock<Arc<Cluster>>,
    /// Where the relay's own STUN server listens, once bound.
    stun_addr: OnceLock<SocketAddr>,
    /// Its socket, bound and not yet served.
    stun_socket: Mutex<Option<std::net::UdpSocket>>,
}

/// Locks a mutex, recovering the data if a thread panicked while holding it: the
/// bookkeeping stays consistent between statements, so a poisoned lock is still usable.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The wall-clock time for TURN credentials (not the tokio clock: coturn checks it).
pub(crate) fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Hub {
    /// A relay with no rooms and no connections.
    pub fn new(config: Config) -> Arc<Self> {
        let config = config.normalized();
        let ice = Ice::new(
            config.stun_urls.clone(),
            config.turn_urls.clone(),
            config.turn_secret.clone(),
            config.turn_ttl,
        );
        Arc::new(Hub {
            rooms: Mutex::new(Rooms::new(config.room_limits())),
            throttle: Mutex::new(JoinThrottle::new(config.join_failures)),
            creates: Mutex::new(JoinThrottle::new(config.creates_per_minute)),
            per_address: Mutex::new(HashMap::new()),
            conns: DashMap::new(),
            ice,
            metrics: Metrics::default(),
            next_conn: AtomicU64::new(1),
            open: AtomicUsize::new(0),
            shutting_down: AtomicBool::new(false),
            cluster: OnceLock::new(),
            stun_addr: OnceLock::new(),
            stun_socket: Mutex::new(None),
            config,
        })
    }

    /// Binds the relay's own STUN server as `--stun-bind` says, unless it is off or bound
    /// already: where it listens (the port handed to peers), or why it cannot. No runtime
    /// is needed; serving starts it.
    pub fn bind_stun(&self) -> std::io::Result<Option<SocketAddr>> {
        let StunBind::At(addr) = self.config.stun_bind else {
            return Ok(None);
        };
        let mut slot = lock(&self.stun_socket);
        if let Some(bound) = self.stun_addr.get() {
            return Ok(Some(*bound));
        }
        let socket = stun::bind(addr)?;
        let bound = socket.local_addr()?;
        *slot = Some(socket);
        let _ = self.stun_addr.set(bound);
        self.ice.set_stun_port(bound.port());
        Ok(Some(bound))
    }

    /// Where the relay's own STUN server listens, once bound.
    pub fn stun_addr(&self) -> Option<SocketAddr> {
        self.stun_addr.get().copied()
    }

    /// The bound STUN socket, for the task that serves it (once).
    pub(crate) fn take_stun_socket(&self) -> Option<std::net::UdpSocket> {
        lock(&self.stun_socket).take()
    }

    /// Records the host connection `conn`'s page reached the relay by.
    pub fn set_page_host(&self, conn: ConnId, host: Option<String>) {
        if let Some(mut peer) = self.conns.get_mut(&conn) {
            peer.host = host.map(String::into_boxed_str);
        }
    }

    /// The ICE servers for connection `conn`, with credentials named after `name`.
    pub(crate) fn ice_servers(&self, conn: ConnId, name: &str) -> Vec<IceServer> {
        let host = self.conns.get(&conn).and_then(|p| p.host.clone());
        self.ice.servers(unix_now(), name, host.as_deref())
    }

    /// Registers a new connection from client address `ip`, or refuses it when the relay
    /// or that address holds its maximum.
    pub fn register(&self, ip: IpAddr) -> Result<Registration, Refused> {
        let key = throttle_key(ip);
        self.count_address(key)?;
        self.register_counted(Some(key))
    }

    /// Counts one more connection of address `key`, unless it holds its maximum.
    fn count_address(&self, key: IpAddr) -> Result<(), Refused> {
        {
            let mut per = lock(&self.per_address);
            let n = per.entry(key).or_insert(0);
            if *n >= self.config.connections_per_address {
                self.metrics.refused(Refusal::RateLimited);
                self.metrics.error(ErrorCode::RateLimited);
                return Err(Refused::PerAddress);
            }
            *n += 1;
        }
        Ok(())
    }

    /// Registers a connection whose address `key` was counted (here, or by the cluster
    /// store when `None`), unless the relay holds its maximum.
    pub(crate) fn register_counted(&self, key: Option<IpAddr>) -> Result<Registration, Refused> {
        if self.open.fetch_add(1, Ordering::SeqCst) >= self.config.max_connections {
            self.open.fetch_sub(1, Ordering::SeqCst);
            if let Some(key) = key {
                self.release_address(key);
            }
            self.metrics.refused(Refusal::ServerFull);
            self.metrics.error(ErrorCode::ServerFull);
            return Err(Refused::ServerFull);
        }
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let outbox = Arc::new(Outbox::default());
        self.conns.insert(
            id,
            Peer {
                outbox: outbox.clone(),
                key,
                host: None,
            },
        );
        self.metrics
            .connections_open
            .fetch_add(1, Ordering::Relaxed);
        self.metrics
            .connections_total
            .fetch_add(1, Ordering::Relaxed);
        Ok(Registration { id, outbox })
    }

    /// Counts one connection of address `key` gone.
    fn release_address(&self, key: IpAddr) {
        let mut per = lock(&self.per_address);
        if let Some(n) = per.get_mut(&key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                per.remove(&key);
            }
        }
    }

    /// The error frame sent to a refused connection before closing it.
    pub fn refused_frame(why: Refused) -> Bytes {
        match why {
            Refused::ServerFull => {
                error_frame(ErrorCode::ServerFull, message_for(ErrorCode::ServerFull))
            }
            Refused::PerAddress => error_frame(
                ErrorCode::RateLimited,
                "too many connections from this address",
            ),
            Refused::Unavailable => error_frame(
                ErrorCode::ServerFull,
                "the relay cannot reach its room store; try again shortly",
            ),
        }
    }

    /// The link to the other instances, when the relay runs in a cluster.
    pub fn cluster(&self) -> Option<&Arc<Cluster>> {
        self.cluster.get()
    }

    /// Attaches the cluster link (once, before serving).
    pub(crate) fn set_cluster(&self, cluster: Arc<Cluster>) {
        let _ = self.cluster.set(cluster);
    }

    /// Forgets the queue of a connection whose socket is gone.
    pub(crate) fn forget(&self, conn: ConnId) {
        if let Some((_, peer)) = self.conns.remove(&conn) {
            if let Some(key) = peer.key {
                self.release_address(key);
            }
            self.open.fetch_sub(1, Ordering::SeqCst);
            self.metrics
                .connections_open
                .fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Forgets a connection whose socket is gone; it leaves its room as with `leave`.
    pub fn disconnect(self: &Arc<Self>, conn: ConnId) {
        self.forget(conn);
        let left = lock(&self.rooms).leave(conn, Instant::now());
        if let Ok(left) = left {
            self.announce_departure(left);
        }
    }

    /// Connections currently open.
    pub fn open_connections(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }

    /// Rooms and seated peers, for `/metrics`.
    pub fn counts(&self) -> (usize, usize) {
        let rooms = lock(&self.rooms);
        (rooms.room_count(), rooms.peer_count())
    }

    /// Whether the relay is shutting down.
    pub fn is_shutting_down(&self) -> bool {
        self.shutting_down.load(Ordering::SeqCst)
    }

    /// Tells every socket loop to send a close frame and end.
    pub fn begin_shutdown(&self) {
        self.shutting_down.store(true, Ordering::SeqCst);
        self.kick_all(Why::Shutdown);
    }

    /// Forgets client addresses whose failed-join budget is whole again.
    pub fn prune(&self) {
        lock(&self.throttle).prune(Instant::now());
        lock(&self.creates).prune(Instant::now());
    }

    /// Handles one data frame from `conn` (at client address `ip`), at time `now`.
    pub fn on_frame(
        self: &Arc<Self>,
        conn: ConnId,
        ip: IpAddr,
        guard: &mut FrameGuard,
        frame: Frame<'_>,
        now: Instant,
    ) -> Answer {
        match self.check_frame(guard, frame, now) {
            Ok(Incoming::Message(msg)) => self.on_message(conn, ip, msg, now),
            Ok(Incoming::Signal { to, data }) => self.signal(conn, &to, data),
            Err(answer) => answer,
        }
    }

    /// Forwards a signal from `conn` to peer `to`, `data` as it came.
    pub fn signal(&self, conn: ConnId, to: &str, data: &str) -> Answer {
        let route = lock(&self.rooms).route(conn, to);
        match route {
            Ok(route) => {
                self.deliver(route.to, signal_frame(&route.from, data));
                self.metrics
                    .messages_forwarded
                    .fetch_add(1, Ordering::Relaxed);
                Answer::default()
            }
            Err(e) => self.room_error(e),
        }
    }

    /// Counts one data frame and checks its rate, size and shape: the message it holds,
    /// or the answer that refuses it.
    pub fn check_frame<'a>(
        &self,
        guard: &mut FrameGuard,
        frame: Frame<'a>,
        now: Instant,
    ) -> Result<Incoming<'a>, Answer> {
        self.metrics
            .messages_received
            .fetch_add(1, Ordering::Relaxed);
        let len = match frame {
            Frame::Text(t) => t.len(),
            Frame::Binary(n) => n,
        };
        match guard.check(len, now) {
            Verdict::Accept => {}
            Verdict::Refuse(code) => return Err(self.fail(code, message_for(code))),
            Verdict::RefuseAndClose(code) => {
                let mut answer = self.fail(code, message_for(code));
                answer.close = Some((CLOSE_POLICY, "policy violation"));
                return Err(answer);
            }
        }
        let Frame::Text(text) = frame else {
            return Err(self.fail(ErrorCode::BadMessage, "binary frames are not accepted"));
        };
        parse(text)
            .ok_or_else(|| self.fail(ErrorCode::BadMessage, message_for(ErrorCode::BadMessage)))
    }

    /// Handles one well-formed message.
    pub fn on_message(
        self: &Arc<Self>,
        conn: ConnId,
        ip: IpAddr,
        msg: ClientMessage,
        now: Instant,
    ) -> Answer {
        match msg {
            ClientMessage::Ping => Answer {
                reply: Some(encode(&RelayMessage::Pong)),
                close: None,
            },
            ClientMessage::Create => {
                if !lock(&self.creates).allows(ip, now) {
                    return self.fail(
                        ErrorCode::RateLimited,
                        "too many rooms created from this address; wait a minute",
                    );
                }
                let created = lock(&self.rooms).create(conn, ip);
                if created.is_ok() {
                    lock(&self.creates).record_failure(ip, now);
                }
                match created {
                    Ok(c) => {
                        self.metrics.rooms_created.fetch_add(1, Ordering::Relaxed);
                        tracing::info!(conn, room = %c.room, "room created");
                        let ice_servers = self.ice_servers(conn, &c.peer);
                        let reply = RelayMessage::Created {
                            room: c.room,
                            peer: c.peer,
                            host_secret: c.host_secret,
                            ice_servers,
                        };
                        Answer {
                            reply: Some(encode(&reply)),
                            close: None,
                        }
                    }
                    Err(e) => self.room_error(e),
                }
            }
            ClientMessage::Join { room } => {
                self.guarded_entry(conn, ip, now, |rooms| rooms.join(conn, &room, ip))
            }
            ClientMessage::Reclaim { room, host_secret } => {
                self.guarded_entry(conn, ip, now, |rooms| {
                    rooms.reclaim(conn, &room, &host_secret)
                })
            }
            ClientMessage::Signal { to, data } => {
                let data = serde_json::to_string(&data).unwrap_or_else(|_| "null".to_owned());
                self.signal(conn, &to, &data)
            }
            ClientMessage::Kick { peer } => {
                let kicked = lock(&self.rooms).kick(conn, &peer);
                match kicked {
                    Ok(k) => {
                        tracing::info!(room = %k.room, "peer removed by the host");
                        // Out of the room, its connection open for another create or join.
                        // Its host tells it why, over the game's own channel; a word from
                        // the relay too would race that explanation.
                        let frame = encode(&RelayMessage::PeerLeft { peer: k.peer });
                        for other in &k.notify {
                            self.deliver(*other, frame.clone());
                        }
                        Answer::default()
                    }
                    Err(e) => self.room_error(e),
                }
            }
            ClientMessage::Leave => {
                let left = lock(&self.rooms).leave(conn, now);
                match left {
                    Ok(left) => {
                        self.announce_departure(left);
                        Answer::default()
                    }
                    Err(e) => self.room_error(e),
                }
            }
        }
    }

    /// A `join` or `reclaim`: refused outright for an address past its failed-join budget
    /// (before any lookup, so the throttle reveals nothing), counted when it fails.
    fn guarded_entry(
        self: &Arc<Self>,
        conn: ConnId,
        ip: IpAddr,
        now: Instant,
        enter: impl FnOnce(&mut Rooms) -> Result<Joined, RoomError>,
    ) -> Answer {
        if !lock(&self.throttle).allows(ip, now) {
            return self.fail(
                ErrorCode::RateLimited,
                "too many failed joins from this address; wait a minute",
            );
        }
        let entered = enter(&mut lock(&self.rooms));
        match entered {
            Ok(j) => {
                let joined = encode(&RelayMessage::PeerJoined {
                    peer: j.peer.clone(),
                });
                for other in &j.notify {
                    self.deliver(*other, joined.clone());
                }
                if let Some(old) = j.replaced {
                    tracing::info!(room = %j.room, old, "host connection replaced by a reclaim");
                    if let Some(peer) = self.conns.get(&old) {
                        peer.outbox.kick(Why::Replaced);
                    }
                }
                tracing::info!(room = %j.room, peers = j.peers.len() + 1, "peer entered");
                let ice_servers = self.ice_servers(conn, &j.peer);
                let reply = RelayMessage::Joined {
                    room: j.room,
                    peer: j.peer,
                    host: j.host,
                    peers: j.peers,
                    ice_servers,
                };
                Answer {
                    reply: Some(encode(&reply)),
                    close: None,
                }
            }
            Err(e) => {
                if e.is_failed_join() {
                    lock(&self.throttle).record_failure(ip, now);
                }
                self.room_error(e)
            }
        }
    }

    /// Tells a room about a departure, and arranges the end of an absent host's grace.
    fn announce_departure(self: &Arc<Self>, left: Left) {
        let frame = encode(&RelayMessage::PeerLeft { peer: left.peer });
        for other in &left.notify {
            self.deliver(*other, frame.clone());
        }
        tracing::debug!(room = %left.room, host = left.host_deadline.is_some(), "peer left");
        if !left.closed.is_empty() {
            self.announce_closed(&left.closed, "the host left");
        }
        if let Some(deadline) = left.host_deadline {
            self.schedule_expiry(left.room, deadline);
        }
    }

    /// Sends `room_closed` to connections that were just taken out of a room.
    fn announce_closed(&self, conns: &[ConnId], reason: &str) {
        self.metrics.rooms_closed.fetch_add(1, Ordering::Relaxed);
        let frame = encode(&RelayMessage::RoomClosed {
            reason: reason.to_owned(),
        });
        for c in conns {
            self.deliver(*c, frame.clone());
        }
    }

    /// Closes room `code` at `deadline` unless its host has reclaimed it by then.
    fn schedule_expiry(self: &Arc<Self>, code: String, deadline: Instant) {
        let hub = Arc::downgrade(self);
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        runtime.spawn(async move {
            tokio::time::sleep_until(deadline).await;
            if let Some(hub) = hub.upgrade() {
                hub.expire(&code);
            }
        });
    }

    /// Closes room `code` if its host's grace has run out.
    pub fn expire(&self, code: &str) {
        let closed = lock(&self.rooms).expire(code, Instant::now());
        if let Some(conns) = closed {
            tracing::info!(room = %code, peers = conns.len(), "room closed: host did not come back");
            self.announce_closed(&conns, "the host did not come back in time");
        }
    }

    /// Queues a text frame for `conn`. A connection whose queue is full is not reading;
    /// it is closed instead of being allowed to hold memory without bound.
    pub(crate) fn deliver(&self, conn: ConnId, frame: Bytes) {
        // The map's shard stays unlocked while the frame is written.
        let Some(outbox) = self.conns.get(&conn).map(|p| p.outbox.clone()) else {
            return;
        };
        if !outbox.push(frame) {
            tracing::warn!(conn, "connection too slow to read its frames; closing");
            outbox.kick(Why::TooSlow);
        }
    }

    /// Asks connection `conn` to close with `code`.
    pub(crate) fn kick(&self, conn: ConnId, why: Why) {
        if let Some(peer) = self.conns.get(&conn) {
            peer.outbox.kick(why);
        }
    }

    /// Asks every connection to close with `code`.
    pub(crate) fn kick_all(&self, why: Why) {
        for peer in &self.conns {
            peer.outbox.kick(why);
        }
    }

    /// An error answer for a room operation.
    pub(crate) fn room_error(&self, e: RoomError) -> Answer {
        self.fail(e.code(), &e.to_string())
    }

    /// An error answer, counted.
    pub(crate) fn fail(&self, code: ErrorCode, message: &str) -> Answer {
        self.metrics.error(code);
        Answer {
            reply: Some(error_frame(code, message)),
            close: None,
        }
    }
}
