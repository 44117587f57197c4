//! The shared state of a running relay, and the translation of protocol messages into
//! room operations and frames for other connections.
//!
//! A [`Hub`] owns the room bookkeeping behind a `std::sync::Mutex`, as mini-redis's `db.rs`
//! does: every critical section is a few map operations, never an `.await`, so a blocking
//! mutex is cheaper than an async one and cannot be held across a suspension point.
//! Frames for other connections and close requests go through each connection's
//! [`Inbox`], which writes a frame to an idle connection's socket at once and queues it
//! otherwise; nothing else here touches a socket.

use std::borrow::Cow;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use dashmap::DashMap;
use futures_util::task::AtomicWaker;
use serde::Deserialize;
use serde_json::value::RawValue;
use shared::relay::{
    CLOSE_GOING_AWAY, CLOSE_POLICY, CLOSE_REPLACED, ClientMessage, ErrorCode, IceServer,
    RelayMessage,
};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::time::Instant;
pub use tokio_tungstenite::tungstenite::Utf8Bytes;

use crate::cluster::Cluster;
use crate::config::Config;
use crate::ice::Ice;
use crate::limits::{FrameGuard, JoinThrottle, Verdict, throttle_key};
use crate::metrics::{Metrics, Refusal};
use crate::rooms::{ConnId, Joined, Left, RoomError, Rooms};
use crate::stun::{self, StunBind};
use crate::websocket;

/// Frames queued for one connection. A connection that lets this many pile up is too slow
/// to keep, and is closed rather than allowed to hold memory without bound.
pub const QUEUE_DEPTH: usize = 256;

/// Why a connection is closed from outside its socket loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Why {
    /// A reclaim took its host place (4000).
    Replaced = 1,
    /// It does not read its frames (1008).
    TooSlow = 2,
    /// The relay shuts down (1001).
    Shutdown = 3,
    /// The instance lost touch with the cluster (1001): it was evicted, or it missed its
    /// channel for a while. Its clients reconnect, here or elsewhere.
    Evicted = 4,
}

impl Why {
    /// The close code and reason sent.
    pub const fn close(self) -> (u16, &'static str) {
        match self {
            Why::Replaced => (CLOSE_REPLACED, "replaced by a reclaim"),
            Why::TooSlow => (CLOSE_POLICY, "too slow"),
            Why::Shutdown => (CLOSE_GOING_AWAY, "relay shutting down"),
            Why::Evicted => (CLOSE_GOING_AWAY, "the relay lost its room store"),
        }
    }
}

/// What reaches one connection from outside its socket loop: frames from other
/// connections, and a request to close (a reclaim replaced it, it is too slow to read
/// its frames, the relay shuts down), which overtakes the frames.
///
/// Once its socket loop has attached the socket ([`Inbox::attach`]), a frame for an
/// idle connection is written to its socket at once by the task that has it (the
/// sender's socket loop, or the cluster's subscription): one system call, and no wake-up
/// of the receiver's task. A frame is queued instead, and the socket loop woken to
/// write it when the socket takes it, only when the socket cannot take it now or
/// frames are already waiting; and while the socket loop is handling frames it read
/// ([`Inbox::begin`] to [`Inbox::end`]), so that its answers go out before the frames
/// they caused (a `joined` before the host's first signal to the new peer). Every
/// write happens under the queue's mutex, so frames go out whole and in order.
///
/// A short queue behind a mutex (held for a push, a pop or a non-blocking write, never
/// across an `.await`), an atomic for the close request and one [`AtomicWaker`]; an
/// idle connection holds no queue allocation.
#[derive(Debug, Default)]
pub struct Inbox {
    /// The [`Why`] as a number; 0 until kicked.
    why: AtomicU8,
    /// Frames waiting to be written.
    out: Mutex<Out>,
    /// The socket loop's waker.
    waker: AtomicWaker,
    /// The socket's sending side, once attached.
    socket: OnceLock<OwnedWriteHalf>,
}

/// The frames of an [`Inbox`] not yet written, and the state of its writing.
#[derive(Debug, Default)]
struct Out {
    /// Frames waiting (opcode, payload); at most [`QUEUE_DEPTH`] from other connections.
    queue: std::collections::VecDeque<(u8, Bytes)>,
    /// How much of the first frame (its header included) is already written.
    sent: usize,
    /// The socket loop is handling frames it read: frames from others wait.
    busy: bool,
    /// Where the socket loop's next answer goes in the queue while it is busy.
    own: usize,
    /// Closing: frames from others are dropped.
    closed: bool,
    /// A write failed: the socket is gone.
    broken: bool,
}

/// What the socket loop takes from its [`Inbox`].
#[derive(Debug)]
pub enum Delivery {
    /// Close with this code and reason.
    Close(u16, &'static str),
    /// Send this frame.
    Frame(Bytes),
}

/// The connection's socket failed under a write: it is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gone;

/// What the socket loop waits for on its [`Inbox`] besides its socket.
#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    /// Close with this code and reason.
    Close(u16, &'static str),
    /// The socket failed under a write.
    Broken,
    /// Frames wait to be written.
    Queued,
}

impl Out {
    /// Writes queued frames until the socket would block: whether it failed.
    fn flush(&mut self, socket: &OwnedWriteHalf) -> bool {
        while let Some((opcode, payload)) = self.queue.front() {
            match websocket::write_frame(socket, *opcode, payload, self.sent) {
                Ok(sent) if sent == websocket::frame_len(payload.len()) => {
                    self.queue.pop_front();
                    self.sent = 0;
                }
                Ok(sent) => {
                    self.sent = sent;
                    return false;
                }
                Err(_) => {
                    self.broken = true;
                    self.closed = true;
                    self.queue.clear();
                    return true;
                }
            }
        }
        // A burst leaves capacity behind; an idle connection gives it back.
        if self.queue.capacity() > 4 {
            self.queue.shrink_to_fit();
        }
        false
    }

    /// Writes one frame ahead of the queue at once, if nothing is half written: `None`
    /// when it went out whole, else the bytes of it written (it is queued first).
    fn write_now(&mut self, socket: &OwnedWriteHalf, opcode: u8, payload: &Bytes) -> Option<usize> {
        match websocket::write_frame(socket, opcode, payload, 0) {
            Ok(sent) if sent == websocket::frame_len(payload.len()) => None,
            Ok(sent) => Some(sent),
            Err(_) => {
                self.broken = true;
                self.closed = true;
                self.queue.clear();
                None
            }
        }
    }
}

impl Inbox {
    /// Asks the socket loop to close (the first request wins).
    fn kick(&self, why: Why) {
        if self
            .why
            .compare_exchange(0, why as u8, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            self.waker.wake();
        }
    }

    /// The close request, if any.
    fn kicked(&self) -> Option<Why> {
        match self.why.load(Ordering::Acquire) {
            1 => Some(Why::Replaced),
            2 => Some(Why::TooSlow),
            3 => Some(Why::Shutdown),
            4 => Some(Why::Evicted),
            _ => None,
        }
    }

    /// Writes or queues a frame from another connection; `false` when the queue is full.
    fn push(&self, frame: Utf8Bytes) -> bool {
        let frame = Bytes::from(frame);
        let wake = {
            let mut out = lock(&self.out);
            if out.closed {
                return true;
            }
            let idle = !out.busy && out.queue.is_empty();
            if idle && let Some(socket) = self.socket.get() {
                match out.write_now(socket, websocket::TEXT, &frame) {
                    None => {
                        let broken = out.broken;
                        drop(out);
                        if broken {
                            self.waker.wake();
                        }
                        return true;
                    }
                    Some(sent) => out.sent = sent,
                }
            } else if out.queue.len() >= QUEUE_DEPTH {
                return false;
            }
            out.queue.push_back((websocket::TEXT, frame));
            // A busy loop writes the queue when it is done; a loop already waiting for
            // the socket to take the queue needs no second call.
            idle
        };
        if wake {
            self.waker.wake();
        }
        true
    }

    /// A close request, else the next queued frame (for a loop that writes frames
    /// itself; a socket loop attaches its socket instead).
    fn take(&self) -> Option<Delivery> {
        if let Some(why) = self.kicked() {
            let (code, reason) = why.close();
            return Some(Delivery::Close(code, reason));
        }
        let mut out = lock(&self.out);
        let frame = out.queue.pop_front();
        if out.queue.is_empty() && out.queue.capacity() > 4 {
            out.queue.shrink_to_fit();
        }
        frame.map(|(_, f)| Delivery::Frame(f))
    }

    /// Completes with the next close request or queued frame (see [`Inbox::take`]).
    pub fn next(&self) -> impl std::future::Future<Output = Delivery> + '_ {
        std::future::poll_fn(move |cx| {
            if let Some(d) = self.take() {
                return std::task::Poll::Ready(d);
            }
            self.waker.register(cx.waker());
            match self.take() {
                Some(d) => std::task::Poll::Ready(d),
                None => std::task::Poll::Pending,
            }
        })
    }

    /// Attaches the socket frames are written to.
    pub fn attach(&self, socket: OwnedWriteHalf) {
        let _ = self.socket.set(socket);
    }

    /// Whether frames wait for the socket to take them.
    pub fn pending(&self) -> bool {
        !lock(&self.out).queue.is_empty()
    }

    /// Completes when the connection must close, or (unless `waiting`, when the loop
    /// already waits for the socket to take queued frames) when frames are queued.
    pub fn wait(&self, waiting: bool) -> impl std::future::Future<Output = Event> + '_ {
        let check = move || {
            if let Some(why) = self.kicked() {
                let (code, reason) = why.close();
                return Some(Event::Close(code, reason));
            }
            let out = lock(&self.out);
            if out.broken {
                Some(Event::Broken)
            } else if !waiting && !out.queue.is_empty() {
                Some(Event::Queued)
            } else {
                None
            }
        };
        std::future::poll_fn(move |cx| {
            if let Some(e) = check() {
                return std::task::Poll::Ready(e);
            }
            self.waker.register(cx.waker());
            match check() {
                Some(e) => std::task::Poll::Ready(e),
                None => std::task::Poll::Pending,
            }
        })
    }

    /// Completes when the attached socket may take more bytes.
    pub async fn writable(&self) -> std::io::Result<()> {
        match self.socket.get() {
            Some(socket) => socket.writable().await,
            None => std::future::pending().await,
        }
    }

    /// Writes queued frames until the socket would block: `Err` when it failed, else
    /// whether frames still wait.
    pub fn flush(&self) -> Result<bool, Gone> {
        let Some(socket) = self.socket.get() else {
            return Ok(self.pending());
        };
        let mut out = lock(&self.out);
        if !out.busy && out.flush(socket) {
            return Err(Gone);
        }
        Ok(!out.queue.is_empty())
    }

    /// The socket loop starts handling frames it read: frames from others wait until
    /// [`Inbox::end`].
    pub fn begin(&self) {
        let mut out = lock(&self.out);
        out.busy = true;
        out.own = usize::from(out.sent > 0);
    }

    /// The socket loop's own frame (an answer, a pong, a close): written at once when
    /// no answer of its own is waiting, else queued after those, ahead of frames from
    /// others that arrived while it was busy. `Err` when the socket failed.
    pub fn answer(&self, opcode: u8, payload: Bytes) -> Result<(), Gone> {
        let Some(socket) = self.socket.get() else {
            return Err(Gone);
        };
        let mut out = lock(&self.out);
        if out.broken {
            return Err(Gone);
        }
        // Never ahead of a frame half written.
        let first = out.own.max(usize::from(out.sent > 0));
        if first == 0 {
            match out.write_now(socket, opcode, &payload) {
                None if out.broken => return Err(Gone),
                None => return Ok(()),
                Some(sent) => {
                    out.queue.push_front((opcode, payload));
                    out.sent = sent;
                    out.own = 1;
                }
            }
        } else {
            out.queue.insert(first, (opcode, payload));
            out.own = first + 1;
        }
        Ok(())
    }

    /// The socket loop is done with the frames it read: what waits is written. `Err`
    /// when the socket failed, else whether frames still wait.
    pub fn end(&self) -> Result<bool, Gone> {
        {
            let mut out = lock(&self.out);
            out.busy = false;
            out.own = 0;
        }
        self.flush()
    }

    /// Closing: frames from others are dropped from now on, and those waiting too (but
    /// the rest of one half written), so the close frame goes out next.
    pub fn close(&self, code: u16, reason: &str) -> Result<(), Gone> {
        {
            let mut out = lock(&self.out);
            out.closed = true;
            out.busy = false;
            let keep = usize::from(out.sent > 0);
            out.queue.truncate(keep);
            out.own = keep;
        }
        self.answer(websocket::CLOSE, websocket::close_payload(code, reason))
    }
}

/// The handle other connections use to reach one connection.
#[derive(Debug)]
struct Peer {
    /// Its frames and close request.
    inbox: Arc<Inbox>,
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
    pub inbox: Arc<Inbox>,
}

/// What the socket loop must do after handling one incoming frame.
#[derive(Debug, Default)]
pub struct Answer {
    /// A frame for the sender itself.
    pub reply: Option<Utf8Bytes>,
    /// Close the sender's socket with this code and reason after the reply.
    pub close: Option<(u16, &'static str)>,
}

/// A well-formed message, as the socket loop hands it on.
#[derive(Debug)]
pub enum Incoming<'a> {
    /// A `signal`, its `data` still the JSON text it came in (see [`parse`]).
    Signal {
        /// The receiving peer's id.
        to: Cow<'a, str>,
        /// The value to forward, as it came.
        data: &'a str,
    },
    /// Any other message (or a signal that took the general path).
    Message(ClientMessage),
}

/// A `signal` frame read without building its `data` into a tree.
#[derive(Deserialize)]
struct SignalFrame<'a> {
    /// The message type.
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
    /// The receiving peer's id.
    #[serde(borrow)]
    to: Cow<'a, str>,
    /// The value to forward.
    #[serde(borrow)]
    data: &'a RawValue,
}

/// The deepest `data` the fast path takes; deeper values go the general way, whose
/// parser decides (it refuses past its own limit of nesting).
const FAST_DEPTH: usize = 64;

/// Whether a raw JSON value is one that [`ClientMessage`]'s parser surely accepts too: the
/// fast path skips over `data` without the checks that building a `serde_json::Value`
/// makes (nesting depth, numbers in range, `\u` escapes that pair up), so any value
/// that might need them (deep, an exponent, a long number, a `\u` escape) takes the
/// general path instead. The answer is then always the one the general parse gives.
fn plain_enough(raw: &[u8]) -> bool {
    let (mut depth, mut digits, mut in_number) = (0usize, 0usize, false);
    let mut i = 0;
    while i < raw.len() {
        let b = raw[i];
        i += 1;
        match b {
            b'"' => {
                (in_number, digits) = (false, 0);
                // Through the string: only its quote and escapes matter.
                loop {
                    let Some(at) = raw[i..].iter().position(|&c| c == b'"' || c == b'\\') else {
                        return true; // unterminated: the parser already refused it
                    };
                    i += at + 1;
                    if raw[i - 1] == b'"' {
                        break;
                    }
                    if raw.get(i) == Some(&b'u') {
                        return false;
                    }
                    i += 1;
                }
            }
            b'0'..=b'9' => {
                digits += 1;
                in_number = true;
                if digits > 15 {
                    return false;
                }
            }
            b'-' | b'.' | b'+' => in_number = true,
            b'e' | b'E' if in_number => return false,
            _ => {
                (in_number, digits) = (false, 0);
                match b {
                    b'[' | b'{' => {
                        depth += 1;
                        if depth > FAST_DEPTH {
                            return false;
                        }
                    }
                    b']' | b'}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
        }
    }
    true
}

/// Reads one text frame: a signal by the fast path when it can (its `data` is forwarded
/// as the text it came in, never built into a tree and written out again), anything else
/// as a [`ClientMessage`]. Whatever the path, the same frames are accepted and refused.
pub fn parse(text: &str) -> Option<Incoming<'_>> {
    if let Ok(s) = serde_json::from_str::<SignalFrame<'_>>(text)
        && s.kind == "signal"
        && plain_enough(s.data.get().as_bytes())
    {
        return Some(Incoming::Signal {
            to: s.to,
            data: s.data.get(),
        });
    }
    serde_json::from_str::<ClientMessage>(text)
        .ok()
        .map(Incoming::Message)
}

/// The `signal` frame for the receiver: `data` as it came.
pub(crate) fn signal_frame(from: &str, data: &str) -> Utf8Bytes {
    // Peer ids are the relay's own nanoids: nothing in them needs escaping.
    const HEAD: &str = "{\"type\":\"signal\",\"from\":\"";
    const MID: &str = "\",\"data\":";
    // The exact length: the string is never grown, and becomes the frame's bytes
    // without a second allocation.
    let mut s = String::with_capacity(HEAD.len() + from.len() + MID.len() + data.len() + 1);
    s.push_str(HEAD);
    s.push_str(from);
    s.push_str(MID);
    s.push_str(data);
    s.push('}');
    debug_assert_eq!(s.len(), s.capacity());
    Utf8Bytes::from(s)
}

/// An incoming data frame, as the hub needs to see it.
#[derive(Clone, Copy, Debug)]
pub enum Frame<'a> {
    /// A text frame.
    Text(&'a str),
    /// A binary frame of this many bytes (always refused).
    Binary(usize),
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

/// Serializes a relay message for the wire.
pub(crate) fn encode(msg: &RelayMessage) -> Utf8Bytes {
    // Serializing these plain types cannot fail; an empty object is a harmless fallback.
    Utf8Bytes::from(serde_json::to_string(msg).unwrap_or_else(|_| "{}".to_owned()))
}

/// The wall-clock time for TURN credentials (not the tokio clock: coturn checks it).
pub(crate) fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// An error frame for `code`.
pub(crate) fn error_frame(code: ErrorCode, message: &str) -> Utf8Bytes {
    encode(&RelayMessage::Error {
        code,
        message: message.to_owned(),
    })
}

/// The human-readable text for errors raised outside room bookkeeping.
pub(crate) fn message_for(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::BadMessage => "expected one JSON object of a known type in a text frame",
        ErrorCode::TooLarge => "the frame is larger than the relay accepts",
        ErrorCode::RateLimited => "too many messages; slow down",
        ErrorCode::ServerFull => "the relay is at its limit of connections",
        _ => "the request failed",
    }
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
        let inbox = Arc::new(Inbox::default());
        self.conns.insert(
            id,
            Peer {
                inbox: inbox.clone(),
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
        Ok(Registration { id, inbox })
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
    pub fn refused_frame(why: Refused) -> Utf8Bytes {
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
                        peer.inbox.kick(Why::Replaced);
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
    pub(crate) fn deliver(&self, conn: ConnId, frame: Utf8Bytes) {
        // The map's shard stays unlocked while the frame is written.
        let Some(inbox) = self.conns.get(&conn).map(|p| p.inbox.clone()) else {
            return;
        };
        if !inbox.push(frame) {
            tracing::warn!(conn, "connection too slow to read its frames; closing");
            inbox.kick(Why::TooSlow);
        }
    }

    /// Asks connection `conn` to close with `code`.
    pub(crate) fn kick(&self, conn: ConnId, why: Why) {
        if let Some(peer) = self.conns.get(&conn) {
            peer.inbox.kick(why);
        }
    }

    /// Asks every connection to close with `code`.
    pub(crate) fn kick_all(&self, why: Why) {
        for peer in &self.conns {
            peer.inbox.kick(why);
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// What the general parser makes of a frame: the signal's `to` and `data`, or
    /// another message, or a refusal.
    fn general(text: &str) -> Option<Result<(String, Value), ClientMessage>> {
        match serde_json::from_str::<ClientMessage>(text).ok()? {
            ClientMessage::Signal { to, data } => Some(Ok((to, data))),
            other => Some(Err(other)),
        }
    }

    /// The same through [`parse`].
    fn fast(text: &str) -> Option<Result<(String, Value), ClientMessage>> {
        match parse(text)? {
            Incoming::Signal { to, data } => {
                let data = serde_json::from_str(data).expect("the fast path forwards JSON");
                Some(Ok((to.into_owned(), data)))
            }
            Incoming::Message(ClientMessage::Signal { to, data }) => Some(Ok((to, data))),
            Incoming::Message(other) => Some(Err(other)),
        }
    }

    #[test]
    fn the_fast_path_accepts_and_refuses_what_the_general_parser_does() {
        let nested = |n: usize| {
            format!(
                r#"{{"type":"signal","to":"p","data":{}{}}}"#,
                "[".repeat(n),
                "]".repeat(n)
            )
        };
        let mut frames: Vec<String> = [
            r#"{"type":"signal","to":"p","data":{"sdp":"v=0\r\n","kind":"offer"}}"#,
            r#"{"type":"signal","to":"p","data":null}"#,
            r#"{ "data" : [1, -2.5, true, false, "x"] , "to":"p", "type":"signal" }"#,
            r#"{"type":"signal","to":"p","data":1e400}"#,
            r#"{"type":"signal","to":"p","data":1.5E3}"#,
            r#"{"type":"signal","to":"p","data":123456789012345678901234567890}"#,
            r#"{"type":"signal","to":"p","data":"\ud800"}"#,
            r#"{"type":"signal","to":"p","data":"\u00e9"}"#,
            r#"{"type":"signal","to":"p","data":"\q"}"#,
            r#"{"type":"signal","to":"p\u0041","data":1}"#,
            r#"{"type":"sig\u006eal","to":"p","data":1}"#,
            r#"{"type":"signal","to":"p","data":1,"extra":{"deep":[[[]]]}}"#,
            r#"{"type":"signal","to":"p","to":"q","data":1}"#,
            r#"{"type":"signal","to":"p","data":1,"data":2}"#,
            r#"{"type":"signal","type":"signal","to":"p","data":1}"#,
            r#"{"type":"signal","to":7,"data":1}"#,
            r#"{"type":"signal","to":"p"}"#,
            r#"{"type":"signal","data":1}"#,
            r#"{"type":"join","room":"ABCDEF","to":"p","data":1}"#,
            r#"{"type":"signal","to":"p","data":1} trailing"#,
            r#"{"type":"signal","to":"p","data":[1,]}"#,
            r#"{"type":"signal","to":"p","data":"tab	inside"}"#,
            r#"{"type":"create"}"#,
            r#"{"type":"ping"}"#,
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        frames.extend([1, 63, 64, 65, 100, 126, 127, 128, 200, 5000].map(nested));
        let mut fast_taken = 0;
        for f in &frames {
            assert_eq!(fast(f), general(f), "{f}");
            if matches!(parse(f), Some(Incoming::Signal { .. })) {
                fast_taken += 1;
            }
        }
        assert!(
            fast_taken >= 5,
            "the fast path was taken {fast_taken} times"
        );
    }

    #[test]
    fn plain_values_take_the_fast_path_and_doubtful_ones_do_not() {
        assert!(plain_enough(
            br#"{"sdp":"v=0\r\no=- 1 2 IN IP4 0.0.0.0","t":123}"#
        ));
        assert!(plain_enough(b"[true,false,null,-1.25]"));
        assert!(!plain_enough(b"1e5"));
        assert!(!plain_enough(b"1234567890123456"));
        assert!(!plain_enough(br#""\u0041""#));
        assert!(
            plain_enough(br#""e\"E\\u""#),
            "inside strings, e and escapes are text"
        );
        assert!(!plain_enough("[".repeat(FAST_DEPTH + 1).as_bytes()));
    }

    #[test]
    fn a_signal_frame_is_the_relay_message() {
        let data = r#"{"b":[1,2],"a":"x"}"#;
        let frame = signal_frame("abc", data);
        let parsed: RelayMessage = serde_json::from_str(frame.as_str()).expect("json");
        assert_eq!(
            parsed,
            RelayMessage::Signal {
                from: "abc".into(),
                data: serde_json::from_str(data).expect("json"),
            }
        );
    }
}

#[cfg(test)]
mod inbox_tests {
    use super::*;
    use std::future::Future as _;

    fn frame(n: usize) -> Utf8Bytes {
        Utf8Bytes::from(n.to_string())
    }

    #[tokio::test]
    async fn frames_come_in_order_a_full_queue_refuses_and_a_kick_overtakes() {
        let inbox = Inbox::default();
        for n in 0..QUEUE_DEPTH {
            assert!(inbox.push(frame(n)), "{n}");
        }
        assert!(!inbox.push(frame(QUEUE_DEPTH)), "the queue is bounded");
        for n in 0..3 {
            match inbox.next().await {
                Delivery::Frame(f) => assert_eq!(&f[..], n.to_string().as_bytes()),
                other => panic!("{other:?}"),
            }
        }
        inbox.kick(Why::TooSlow);
        inbox.kick(Why::Replaced);
        match inbox.next().await {
            Delivery::Close(code, _) => assert_eq!(code, CLOSE_POLICY, "the first kick wins"),
            other => panic!("{other:?}"),
        }
    }

    #[tokio::test]
    async fn a_drained_queue_gives_its_capacity_back() {
        let inbox = Inbox::default();
        for n in 0..100 {
            inbox.push(frame(n));
        }
        for _ in 0..100 {
            inbox.next().await;
        }
        assert!(lock(&inbox.out).queue.capacity() <= 4);
    }

    #[tokio::test]
    async fn a_waiting_loop_is_woken_by_a_frame() {
        let inbox = Arc::new(Inbox::default());
        let waiting = tokio::spawn({
            let inbox = inbox.clone();
            async move {
                match inbox.next().await {
                    Delivery::Frame(f) => String::from_utf8(f.to_vec()).expect("utf-8"),
                    Delivery::Close(..) => String::new(),
                }
            }
        });
        tokio::task::yield_now().await;
        assert!(inbox.push(frame(7)));
        assert_eq!(waiting.await.expect("task"), "7");
    }

    /// A connected pair on loopback: the relay's sending side attached to a new inbox,
    /// and the client's socket.
    async fn attached() -> (
        Arc<Inbox>,
        tokio::net::TcpStream,
        tokio::net::tcp::OwnedReadHalf,
    ) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let client = tokio::net::TcpStream::connect(listener.local_addr().expect("addr"));
        let (client, accepted) = tokio::join!(client, listener.accept());
        let (read, write) = accepted.expect("accept").0.into_split();
        let inbox = Arc::new(Inbox::default());
        inbox.attach(write);
        (inbox, client.expect("connect"), read)
    }

    /// Reads one server frame: its opcode and payload.
    async fn read_frame(client: &mut tokio::net::TcpStream) -> (u8, Vec<u8>) {
        use tokio::io::AsyncReadExt as _;
        let mut h = [0u8; 2];
        client.read_exact(&mut h).await.expect("header");
        assert_eq!(h[0] & 0xF0, 0x80, "whole, no reserved bits");
        assert_eq!(h[1] & 0x80, 0, "unmasked");
        let len = match h[1] & 0x7F {
            126 => usize::from(client.read_u16().await.expect("len")),
            127 => usize::try_from(client.read_u64().await.expect("len")).expect("len"),
            n => usize::from(n),
        };
        let mut payload = vec![0; len];
        client.read_exact(&mut payload).await.expect("payload");
        (h[0] & 0x0F, payload)
    }

    /// A waker that counts its wakes.
    struct Count(std::sync::atomic::AtomicUsize);
    impl std::task::Wake for Count {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[tokio::test]
    async fn a_frame_for_an_idle_connection_is_written_at_once_without_waking_its_loop() {
        let (inbox, mut client, _read) = attached().await;
        let count = Arc::new(Count(Default::default()));
        let waker = std::task::Waker::from(count.clone());
        let mut waiting = std::pin::pin!(inbox.wait(false));
        let mut cx = std::task::Context::from_waker(&waker);
        assert!(waiting.as_mut().poll(&mut cx).is_pending());
        for n in 0..3 {
            assert!(inbox.push(frame(n)));
        }
        assert!(!inbox.pending(), "nothing queued");
        assert_eq!(count.0.load(Ordering::SeqCst), 0, "the loop slept through");
        for n in 0..3 {
            assert_eq!(
                read_frame(&mut client).await,
                (websocket::TEXT, n.to_string().into_bytes())
            );
        }
    }

    #[tokio::test]
    async fn the_loops_answers_go_out_before_the_frames_that_came_while_it_was_busy() {
        let (inbox, mut client, _read) = attached().await;
        inbox.begin();
        assert!(inbox.push(frame(2)), "a frame from another connection");
        assert!(inbox.pending(), "it waits");
        inbox
            .answer(websocket::TEXT, Bytes::from_static(b"0"))
            .expect("answer");
        inbox
            .answer(websocket::PONG, Bytes::from_static(b"1"))
            .expect("answer");
        assert_eq!(inbox.end(), Ok(false), "all written");
        assert_eq!(
            read_frame(&mut client).await,
            (websocket::TEXT, b"0".to_vec())
        );
        assert_eq!(
            read_frame(&mut client).await,
            (websocket::PONG, b"1".to_vec())
        );
        assert_eq!(
            read_frame(&mut client).await,
            (websocket::TEXT, b"2".to_vec())
        );
    }

    #[tokio::test]
    async fn a_client_that_stops_reading_gets_its_frames_queued_bounded_then_whole_and_in_order() {
        let (inbox, mut client, _read) = attached().await;
        let big = |n: usize| Utf8Bytes::from(format!("{n:05}{}", "x".repeat(20_000)));
        // The socket's buffers fill; then frames queue, woken once.
        let mut n = 0;
        while !inbox.pending() {
            assert!(inbox.push(big(n)));
            n += 1;
            assert!(n < 10_000, "the socket never filled");
        }
        let direct = n;
        while inbox.push(big(n)) {
            n += 1;
        }
        assert!(n > direct);
        assert_eq!(
            lock(&inbox.out).queue.len(),
            QUEUE_DEPTH,
            "the queue is bounded"
        );
        let reading = tokio::spawn(async move {
            let mut got = Vec::new();
            for _ in 0..n {
                let (op, payload) = read_frame(&mut client).await;
                assert_eq!(op, websocket::TEXT);
                assert_eq!(payload.len(), 20_005, "whole");
                got.push(String::from_utf8(payload[..5].to_vec()).expect("utf-8"));
            }
            got
        });
        while inbox.flush().expect("flush") {
            inbox.writable().await.expect("writable");
        }
        let got = reading.await.expect("reader");
        let want: Vec<String> = (0..n).map(|i| format!("{i:05}")).collect();
        assert_eq!(got, want, "in order");
        assert!(
            lock(&inbox.out).queue.capacity() <= 4,
            "the queue gave its capacity back"
        );
    }

    #[tokio::test]
    async fn a_close_drops_waiting_frames_but_finishes_one_half_written() {
        let (inbox, mut client, _read) = attached().await;
        let big = || Utf8Bytes::from("y".repeat(50_000));
        let mut pushed = 0;
        while !inbox.pending() {
            inbox.push(big());
            pushed += 1;
        }
        // The last frame pushed is queued, perhaps half written.
        let half = lock(&inbox.out).sent > 0;
        inbox.push(big());
        inbox.close(4000, "bye").expect("close");
        assert!(inbox.push(big()), "a frame after the close is taken");
        assert_eq!(
            lock(&inbox.out).queue.len(),
            usize::from(half) + 1,
            "and dropped"
        );
        let reading = tokio::spawn(async move {
            let mut texts = 0;
            loop {
                let (op, payload) = read_frame(&mut client).await;
                if op == websocket::CLOSE {
                    assert_eq!(payload, websocket::close_payload(4000, "bye"));
                    return texts;
                }
                assert_eq!((op, payload.len()), (websocket::TEXT, 50_000), "whole");
                texts += 1;
            }
        });
        while inbox.flush().expect("flush") {
            inbox.writable().await.expect("writable");
        }
        let texts = reading.await.expect("reader");
        assert_eq!(texts, pushed - 1 + usize::from(half));
    }

    #[tokio::test]
    async fn a_failed_write_wakes_the_loop_as_broken() {
        let (inbox, client, read) = attached().await;
        drop(client);
        drop(read);
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        // The first write may still be taken by the kernel; the reset fails a later one.
        for _ in 0..50 {
            inbox.push(frame(1));
            if lock(&inbox.out).broken {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert_eq!(inbox.wait(false).await, Event::Broken);
        assert!(
            inbox
                .answer(websocket::TEXT, Bytes::from_static(b"x"))
                .is_err()
        );
    }
}
