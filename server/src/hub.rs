//! A running relay: this instance ([`Instance`]: connections, configuration, metrics),
//! the [`Store`] that holds its rooms, and its STUN socket; and the one translation of
//! protocol messages into store operations and answers.
//!
//! Whichever store holds the rooms, a message is read, checked and answered here, in the
//! same words: the stores only do the bookkeeping and tell the connections it concerns.
//! Nothing here touches a socket or writes a WebSocket frame.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use bytes::Bytes;
use shared::relay::{CLOSE_POLICY, ClientMessage, ErrorCode, RelayMessage};
use tokio::time::Instant;

use crate::config::Config;
use crate::connection::Why;
use crate::instance::{Handled, Instance, Refused, Registration};
use crate::limits::{FrameGuard, Verdict};
use crate::metrics::Metrics;
use crate::protocol::{Frame, Incoming, encode, error_frame, message_for, parse};
use crate::rooms::{ConnId, RoomError, valid_deposit};
use crate::store::Store;
use crate::store::cluster::Cluster;
use crate::store::local::Local;
use crate::store::outcome::{Entered, Passed, StoreRefusal};
use crate::stun::{self, StunBind};

/// The relay's shared state.
#[derive(Debug)]
pub struct Hub {
    /// This instance's connections, configuration, ICE servers and metrics.
    instance: Arc<Instance>,
    /// The rooms: set when a cluster is joined, else local from first use.
    store: OnceLock<Store>,
    /// Set when the relay shuts down (every connection is kicked then, and one that
    /// registers afterwards sees it).
    shutting_down: AtomicBool,
    /// Where the relay's own STUN server listens, once bound.
    stun_addr: OnceLock<SocketAddr>,
    /// Its socket, bound and not yet served.
    stun_socket: Mutex<Option<std::net::UdpSocket>>,
}

/// Locks a mutex, recovering the data if a thread panicked while holding it.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Hub {
    /// A relay with no rooms and no connections.
    pub fn new(config: Config) -> Arc<Self> {
        Arc::new(Hub {
            instance: Arc::new(Instance::new(config.normalized())),
            store: OnceLock::new(),
            shutting_down: AtomicBool::new(false),
            stun_addr: OnceLock::new(),
            stun_socket: Mutex::new(None),
        })
    }

    /// The configuration the relay started with.
    pub fn config(&self) -> &Config {
        &self.instance.config
    }

    /// Counters for `/metrics`.
    pub fn metrics(&self) -> &Metrics {
        &self.instance.metrics
    }

    /// The rooms: the cluster's once joined, else this process's.
    fn store(&self) -> &Store {
        self.store
            .get_or_init(|| Store::Local(Local::new(self.instance.clone())))
    }

    /// Joins the cluster whose store is at `url` (before serving; once joined, this does
    /// nothing): its rooms are this relay's from now on.
    pub async fn join_cluster(&self, url: &str) -> Result<(), String> {
        if self.cluster().is_some() {
            return Ok(());
        }
        let cluster = Cluster::start(&self.instance, url).await?;
        self.store
            .set(Store::Cluster(cluster))
            .map_err(|_| "the relay already holds rooms of its own".to_owned())
    }

    /// The link to the other instances, when the relay runs in a cluster.
    pub fn cluster(&self) -> Option<&Arc<Cluster>> {
        match self.store.get() {
            Some(Store::Cluster(cluster)) => Some(cluster),
            _ => None,
        }
    }

    /// Binds the relay's own STUN server as `--stun-bind` says, unless it is off or bound
    /// already: where it listens (the port handed to peers), or why it cannot. No runtime
    /// is needed; serving starts it.
    pub fn bind_stun(&self) -> std::io::Result<Option<SocketAddr>> {
        let StunBind::At(addr) = self.config().stun_bind else {
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
        self.instance.set_stun_port(bound.port());
        Ok(Some(bound))
    }

    /// Where the relay's own STUN server listens, once bound.
    pub fn stun_addr(&self) -> Option<SocketAddr> {
        self.stun_addr.get().copied()
    }

    /// Starts [`stun::run`] on the socket [`Hub::bind_stun`] bound, if it bound one.
    pub(crate) fn spawn_stun(
        self: &Arc<Self>,
    ) -> std::io::Result<Option<tokio::task::JoinHandle<()>>> {
        let Some(socket) = lock(&self.stun_socket).take() else {
            return Ok(None);
        };
        let socket = tokio::net::UdpSocket::from_std(socket)?;
        let limiter = stun::Limiter::standard(Instant::now());
        Ok(Some(tokio::spawn(stun::run(
            socket,
            Arc::downgrade(self),
            limiter,
        ))))
    }

    /// Records the host connection `conn`'s page reached the relay by.
    pub fn set_page_host(&self, conn: ConnId, host: Option<String>) {
        self.instance.set_page_host(conn, host);
    }

    /// Registers a new connection from client address `ip`, or refuses it when the relay
    /// or that address holds its maximum.
    pub async fn register(&self, ip: IpAddr) -> Result<Registration, Refused> {
        self.store().register(ip).await
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

    /// Forgets a connection (from `ip`) whose socket is gone; it leaves its room as with
    /// `leave`.
    pub async fn disconnect(&self, conn: ConnId, ip: IpAddr) {
        self.store().disconnect(conn, ip).await;
    }

    /// Connections currently open.
    pub fn open_connections(&self) -> usize {
        self.instance.open_connections()
    }

    /// Rooms and seated peers, for `/metrics` (in a cluster, the cluster's rooms and this
    /// instance's connections in rooms).
    pub async fn counts(&self) -> (usize, usize) {
        self.store().counts().await
    }

    /// Whether the rooms can be reached (`/healthz`).
    pub fn healthy(&self) -> bool {
        self.store().healthy()
    }

    /// The text of `/metrics`.
    pub async fn render_metrics(&self) -> String {
        let (rooms, peers) = self.counts().await;
        let mut body = self.metrics().render(rooms, peers);
        if let Some(store) = self.store().render() {
            body.push_str(&store);
        }
        body
    }

    /// Whether the relay is shutting down.
    pub fn is_shutting_down(&self) -> bool {
        self.shutting_down.load(Ordering::SeqCst)
    }

    /// Tells every socket loop to send a close frame and end.
    pub fn begin_shutdown(&self) {
        self.shutting_down.store(true, Ordering::SeqCst);
        self.instance.kick_all(Why::Shutdown);
    }

    /// Forgets client addresses whose failed-join budget is whole again.
    pub fn prune(&self) {
        self.store().prune();
    }

    /// Handles one data frame from `conn` (at client address `ip`), at time `now`.
    pub async fn on_frame(
        &self,
        conn: ConnId,
        ip: IpAddr,
        guard: &mut FrameGuard,
        frame: Frame<'_>,
        now: Instant,
    ) -> Handled {
        match self.check_frame(guard, frame, now) {
            Ok(Incoming::Message(msg)) => self.on_message(conn, ip, msg, now).await,
            Ok(Incoming::Signal { to, data }) => self.signal(conn, &to, data).await,
            Err(answer) => answer,
        }
    }

    /// Counts one data frame and checks its rate, size and shape: the message it holds,
    /// or the answer that refuses it.
    pub fn check_frame<'a>(
        &self,
        guard: &mut FrameGuard,
        frame: Frame<'a>,
        now: Instant,
    ) -> Result<Incoming<'a>, Handled> {
        self.metrics()
            .messages_received
            .fetch_add(1, Ordering::Relaxed);
        let len = match frame {
            Frame::Text(t) => t.len(),
            Frame::Binary(n) => n,
        };
        match guard.check(len, now) {
            Verdict::Accept => {}
            Verdict::Refuse(code) => return Err(self.instance.fail(code, message_for(code))),
            Verdict::RefuseAndClose(code) => {
                let mut answer = self.instance.fail(code, message_for(code));
                answer.close = Some((CLOSE_POLICY, "policy violation"));
                return Err(answer);
            }
        }
        let Frame::Text(text) = frame else {
            return Err(self
                .instance
                .fail(ErrorCode::BadMessage, "binary frames are not accepted"));
        };
        parse(text).ok_or_else(|| {
            self.instance
                .fail(ErrorCode::BadMessage, message_for(ErrorCode::BadMessage))
        })
    }

    /// Forwards a signal from `conn` to peer `to`, `data` as it came.
    pub async fn signal(&self, conn: ConnId, to: &str, data: &str) -> Handled {
        match self.store().signal(conn, to, data).await {
            Ok(()) => {
                self.metrics()
                    .messages_forwarded
                    .fetch_add(1, Ordering::Relaxed);
                Handled::default()
            }
            Err(refusal) => self.refusal(refusal),
        }
    }

    /// Handles one well-formed message: the one dispatcher of the protocol, whichever
    /// store holds the rooms.
    pub async fn on_message(
        &self,
        conn: ConnId,
        ip: IpAddr,
        msg: ClientMessage,
        now: Instant,
    ) -> Handled {
        let store = self.store();
        match msg {
            ClientMessage::Ping => reply(&RelayMessage::Pong),
            ClientMessage::Create { handover } => match store.create(conn, ip, handover, now).await
            {
                Ok(c) => {
                    self.metrics().rooms_created.fetch_add(1, Ordering::Relaxed);
                    tracing::info!(conn, room = %c.room, handover, "room created");
                    let ice_servers = self.instance.ice_servers(conn, &c.peer);
                    if handover {
                        self.instance.watch(conn, true);
                    }
                    reply(&RelayMessage::Created {
                        room: c.room,
                        peer: c.peer,
                        host_secret: c.host_secret,
                        ice_servers,
                        handover,
                    })
                }
                Err(refusal) => self.refusal(refusal),
            },
            ClientMessage::Join { room } => {
                let entered = store.join(conn, ip, &room, now).await;
                self.entered(conn, entered)
            }
            ClientMessage::Reclaim { room, host_secret } => {
                let entered = store.reclaim(conn, ip, &room, &host_secret, now).await;
                if entered.as_ref().is_ok_and(|e| e.handover) {
                    self.instance.watch(conn, true);
                }
                self.entered(conn, entered)
            }
            ClientMessage::Signal { to, data } => {
                let data = serde_json::to_string(&data).unwrap_or_else(|_| "null".to_owned());
                self.signal(conn, &to, &data).await
            }
            ClientMessage::Kick { peer } => match store.kick(conn, &peer).await {
                Ok(()) => Handled::default(),
                Err(refusal) => self.refusal(refusal),
            },
            ClientMessage::Leave => match store.leave(conn, now).await {
                Ok(()) => {
                    self.instance.watch(conn, false);
                    Handled::default()
                }
                Err(refusal) => self.refusal(refusal),
            },
            // Checked here, before any store: the cluster's script puts it into JSON as
            // it is. Never logged: it is a part of a game's key.
            ClientMessage::Deposit { part } => {
                if !valid_deposit(&part) {
                    return self.refusal(StoreRefusal::Room(RoomError::BadDeposit));
                }
                match store.deposit(conn, &part).await {
                    Ok(()) => Handled::default(),
                    Err(refusal) => self.refusal(refusal),
                }
            }
            ClientMessage::HandOver { to } => match store.hand_over(conn, to.as_deref()).await {
                Ok(Passed { host, previous }) => {
                    self.instance.watch(conn, false);
                    reply(&RelayMessage::HostChanged { host, previous })
                }
                Err(refusal) => self.refusal(refusal),
            },
        }
    }

    /// The answer to a `join` or `reclaim`.
    fn entered(&self, conn: ConnId, entered: Result<Entered, StoreRefusal>) -> Handled {
        match entered {
            Ok(j) => {
                tracing::info!(room = %j.room, peers = j.peers.len() + 1, "peer entered");
                let ice_servers = self.instance.ice_servers(conn, &j.peer);
                reply(&RelayMessage::Joined {
                    room: j.room,
                    peer: j.peer,
                    host: j.host,
                    peers: j.peers,
                    ice_servers,
                })
            }
            Err(refusal) => self.refusal(refusal),
        }
    }

    /// The error answer for a store's refusal, counted.
    fn refusal(&self, refusal: StoreRefusal) -> Handled {
        let instance = &self.instance;
        match refusal {
            StoreRefusal::Room(e) => instance.room_error(e),
            StoreRefusal::CreatesThrottled => instance.fail(
                ErrorCode::RateLimited,
                "too many rooms created from this address; wait a minute",
            ),
            StoreRefusal::JoinsThrottled => instance.fail(
                ErrorCode::RateLimited,
                "too many failed joins from this address; wait a minute",
            ),
            StoreRefusal::Unavailable => instance.fail(
                ErrorCode::ServerFull,
                "the relay cannot reach its room store; try again shortly",
            ),
            StoreRefusal::Unknown => {
                instance.fail(ErrorCode::ServerFull, message_for(ErrorCode::ServerFull))
            }
        }
    }
}

/// An answer of one message for the sender.
fn reply(msg: &RelayMessage) -> Handled {
    Handled {
        reply: Some(encode(msg)),
        close: None,
    }
}

/// The STUN server counts what it answers and refuses in the hub's metrics, for as long
/// as the hub lives.
impl stun::Tally for Hub {
    fn answered(&self) {
        self.metrics().stun_answered();
    }

    fn refused(&self, why: stun::StunRefusal) {
        self.metrics().stun_refused(why);
    }
}
