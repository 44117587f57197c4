//! This relay instance: its open connections, and what every part that serves them
//! shares (the configuration, the ICE servers handed out, the metrics).
//!
//! The room stores ([`crate::store`]) reach connections only through here: a frame for
//! a connection goes to its [`Outbox`], a close request too. Whether rooms live in this
//! process or in a cluster's store, a connection is this instance's.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use dashmap::DashMap;
use shared::relay::{ErrorCode, IceServer};

use crate::config::Config;
use crate::connection::{Outbox, Why};
use crate::ice::Ice;
use crate::metrics::{ConnRefusal, Metrics};
use crate::protocol::error_frame;
use crate::rooms::{ConnId, RoomError};

/// The handle other connections use to reach one connection.
#[derive(Debug)]
struct Peer {
    /// Its frames and close request.
    outbox: Arc<Outbox>,
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
pub struct Handled {
    /// A frame for the sender itself.
    pub reply: Option<Bytes>,
    /// Close the sender's socket with this code and reason after the reply.
    pub close: Option<(u16, &'static str)>,
}

/// This instance's connections, configuration, ICE servers and metrics.
#[derive(Debug)]
pub struct Instance {
    /// The configuration the relay started with.
    pub config: Config,
    /// Counters for `/metrics`.
    pub metrics: Metrics,
    /// The ICE servers handed to peers.
    ice: Ice,
    /// The outbox of every open connection, for frames from other connections.
    conns: DashMap<ConnId, Peer>,
    /// The next connection id.
    next_conn: AtomicU64,
    /// Connections open (registered and not yet gone), for the connection bound.
    open: AtomicUsize,
}

/// The wall-clock time for TURN credentials (not the tokio clock: coturn checks it).
fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Instance {
    /// An instance with no connections; `config` is already normalized.
    pub fn new(config: Config) -> Self {
        let ice = Ice::new(
            config.stun_urls.clone(),
            config.turn_urls.clone(),
            config.turn_secret.clone(),
            config.turn_ttl,
        );
        Instance {
            config,
            metrics: Metrics::default(),
            ice,
            conns: DashMap::new(),
            next_conn: AtomicU64::new(1),
            open: AtomicUsize::new(0),
        }
    }

    /// The port of the relay's own STUN server, for the URLs handed to peers.
    pub(crate) fn set_stun_port(&self, port: u16) {
        self.ice.set_stun_port(port);
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

    /// Registers a connection whose client address was already counted (by the room
    /// store), unless the instance holds its maximum.
    pub(crate) fn register(&self) -> Result<Registration, Refused> {
        if self.open.fetch_add(1, Ordering::SeqCst) >= self.config.max_connections {
            self.open.fetch_sub(1, Ordering::SeqCst);
            self.metrics.refused(ConnRefusal::ServerFull);
            self.metrics.error(ErrorCode::ServerFull);
            return Err(Refused::ServerFull);
        }
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let outbox = Arc::new(Outbox::default());
        self.conns.insert(
            id,
            Peer {
                outbox: outbox.clone(),
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

    /// Forgets the outbox of a connection whose socket is gone: whether it was open.
    pub(crate) fn forget(&self, conn: ConnId) -> bool {
        if self.conns.remove(&conn).is_none() {
            return false;
        }
        self.open.fetch_sub(1, Ordering::SeqCst);
        self.metrics
            .connections_open
            .fetch_sub(1, Ordering::Relaxed);
        true
    }

    /// Connections currently open.
    pub fn open_connections(&self) -> usize {
        self.open.load(Ordering::SeqCst)
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

    /// Asks connection `conn` to close.
    pub(crate) fn kick(&self, conn: ConnId, why: Why) {
        if let Some(peer) = self.conns.get(&conn) {
            peer.outbox.kick(why);
        }
    }

    /// Starts (`on`) or stops watching connection `conn` for silence: the host of a
    /// handover room is pinged, and closed when it stays silent (see the socket loop).
    pub(crate) fn watch(&self, conn: ConnId, on: bool) {
        if let Some(peer) = self.conns.get(&conn) {
            peer.outbox.watch(on);
        }
    }

    /// Asks every connection to close.
    pub(crate) fn kick_all(&self, why: Why) {
        for peer in &self.conns {
            peer.outbox.kick(why);
        }
    }

    /// An error answer for a room operation.
    pub(crate) fn room_error(&self, e: RoomError) -> Handled {
        self.fail(e.code(), &e.to_string())
    }

    /// An error answer, counted.
    pub(crate) fn fail(&self, code: ErrorCode, message: &str) -> Handled {
        self.metrics.error(code);
        Handled {
            reply: Some(error_frame(code, message)),
            close: None,
        }
    }
}
