//! Each connection's outbox: the frames other connections send it, its own answers, and
//! a request to close, written to its socket as RFC 6455 frames.
//!
//! Frames are written straight to the socket by whichever task has them (the sender's
//! socket loop, or the cluster's subscription); only a connection whose socket cannot
//! take them now queues them, bounded by [`QUEUE_DEPTH`].

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use bytes::Bytes;
use futures_util::task::AtomicWaker;
use shared::relay::{CLOSE_GOING_AWAY, CLOSE_POLICY, CLOSE_REPLACED};
use tokio::net::tcp::OwnedWriteHalf;

use super::websocket;

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
/// Once its socket loop has attached the socket ([`Outbox::attach`]), a frame for an
/// idle connection is written to its socket at once by the task that has it (the
/// sender's socket loop, or the cluster's subscription): one system call, and no wake-up
/// of the receiver's task. A frame is queued instead, and the socket loop woken to
/// write it when the socket takes it, only when the socket cannot take it now or
/// frames are already waiting; and while the socket loop is handling frames it read
/// ([`Outbox::begin`] to [`Outbox::end`]), so that its answers go out before the frames
/// they caused (a `joined` before the host's first signal to the new peer). Every
/// write happens under the queue's mutex, so frames go out whole and in order.
///
/// A short queue behind a mutex (held for a push, a pop or a non-blocking write, never
/// across an `.await`), an atomic for the close request and one [`AtomicWaker`]; an
/// idle connection holds no queue allocation.
#[derive(Debug, Default)]
pub struct Outbox {
    /// The [`Why`] as a number; 0 until kicked.
    why: AtomicU8,
    /// Frames waiting to be written.
    out: Mutex<Out>,
    /// The socket loop's waker.
    waker: AtomicWaker,
    /// The socket's sending side, once attached.
    socket: OnceLock<OwnedWriteHalf>,
    /// Whether the connection is a handover room's host, which the socket loop pings and
    /// closes when it stays silent.
    watched: AtomicBool,
    /// Set when `watched` was turned on, until the socket loop hears of it.
    watch_news: AtomicBool,
}

/// The frames of an [`Outbox`] not yet written, and the state of its writing.
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

/// The connection's socket failed under a write: it is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gone;

/// What the socket loop waits for on its [`Outbox`] besides its socket.
#[derive(Debug, PartialEq, Eq)]
pub enum Event {
    /// Close with this code and reason.
    Close(u16, &'static str),
    /// The socket failed under a write.
    Broken,
    /// Frames wait to be written.
    Queued,
    /// The connection became a handover room's host: watch it for silence.
    Watch,
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

impl Outbox {
    /// Asks the socket loop to close (the first request wins).
    pub(crate) fn kick(&self, why: Why) {
        if self
            .why
            .compare_exchange(0, why as u8, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            self.waker.wake();
        }
    }

    /// Starts (`on`) or stops watching the connection for silence; the socket loop
    /// hears of a start as [`Event::Watch`].
    pub(crate) fn watch(&self, on: bool) {
        let was = self.watched.swap(on, Ordering::AcqRel);
        if on && !was {
            self.watch_news.store(true, Ordering::Release);
            self.waker.wake();
        }
    }

    /// Whether the connection is watched for silence.
    pub fn watched(&self) -> bool {
        self.watched.load(Ordering::Acquire)
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
    pub(crate) fn push(&self, frame: Bytes) -> bool {
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
            if self.watch_news.swap(false, Ordering::AcqRel) {
                return Some(Event::Watch);
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
    /// [`Outbox::end`].
    pub fn begin(&self) {
        let mut out = lock(&self.out);
        out.busy = true;
        out.own = usize::from(out.sent > 0);
    }

    /// The socket loop's own frame (an answer, a pong, a close): written at once when
    /// no answer of its own is waiting, else queued after those, ahead of frames from
    /// others that arrived while it was busy. `Err` when the socket failed.
    fn answer(&self, opcode: u8, payload: Bytes) -> Result<(), Gone> {
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

    /// The socket loop's answer to a message: written at once, or after its earlier
    /// answers and ahead of frames from others that came while it was busy.
    pub fn reply(&self, text: Bytes) -> Result<(), Gone> {
        self.answer(websocket::TEXT, text)
    }

    /// The socket loop's answer to a ping: a pong with its payload.
    pub fn pong(&self, payload: Bytes) -> Result<(), Gone> {
        self.answer(websocket::PONG, payload)
    }

    /// A ping of the relay's own, to a watched connection (its pong shows it alive).
    pub fn ping(&self) -> Result<(), Gone> {
        self.answer(websocket::PING, Bytes::new())
    }

    /// The socket loop's answer to the client's close frame: the same code, or none.
    pub fn close_reply(&self, code: Option<u16>) -> Result<(), Gone> {
        let payload = code.map_or_else(Bytes::new, |c| websocket::close_payload(c, ""));
        self.answer(websocket::CLOSE, payload)
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

/// Locks a mutex, recovering the data if a thread panicked while holding it: the queue
/// stays consistent between statements, so a poisoned lock is still usable.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::Future as _;
    use std::sync::Arc;
    use std::sync::atomic::Ordering;

    fn frame(n: usize) -> Bytes {
        Bytes::from(n.to_string())
    }

    /// A connected pair on loopback: the relay's sending side (not yet attached to an
    /// outbox) and the client's socket.
    async fn pair() -> (
        OwnedWriteHalf,
        tokio::net::TcpStream,
        tokio::net::tcp::OwnedReadHalf,
    ) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let client = tokio::net::TcpStream::connect(listener.local_addr().expect("addr"));
        let (client, accepted) = tokio::join!(client, listener.accept());
        let (read, write) = accepted.expect("accept").0.into_split();
        (write, client.expect("connect"), read)
    }

    /// Attaches a socket to `outbox`, writes what it holds, and reads back `n` text
    /// frames' payloads.
    async fn written(outbox: &Outbox, n: usize) -> Vec<String> {
        let (write, mut client, _read) = pair().await;
        outbox.attach(write);
        let reading = tokio::spawn(async move {
            let mut got = Vec::new();
            for _ in 0..n {
                let (op, payload) = read_frame(&mut client).await;
                assert_eq!(op, websocket::TEXT);
                got.push(String::from_utf8(payload).expect("utf-8"));
            }
            got
        });
        while outbox.flush().expect("flush") {
            outbox.writable().await.expect("writable");
        }
        reading.await.expect("reader")
    }

    #[tokio::test]
    async fn frames_come_in_order_a_full_queue_refuses_and_a_kick_overtakes() {
        let outbox = Outbox::default();
        for n in 0..QUEUE_DEPTH {
            assert!(outbox.push(frame(n)), "{n}");
        }
        assert!(!outbox.push(frame(QUEUE_DEPTH)), "the queue is bounded");
        outbox.kick(Why::TooSlow);
        outbox.kick(Why::Replaced);
        match outbox.wait(false).await {
            Event::Close(code, _) => assert_eq!(code, CLOSE_POLICY, "the first kick wins"),
            other => panic!("{other:?}"),
        }
        let want: Vec<String> = (0..QUEUE_DEPTH).map(|n| n.to_string()).collect();
        assert_eq!(written(&outbox, QUEUE_DEPTH).await, want, "in order");
    }

    #[tokio::test]
    async fn a_drained_queue_gives_its_capacity_back() {
        let outbox = Outbox::default();
        for n in 0..100 {
            outbox.push(frame(n));
        }
        assert!(lock(&outbox.out).queue.capacity() > 4);
        written(&outbox, 100).await;
        assert!(lock(&outbox.out).queue.capacity() <= 4);
    }

    #[tokio::test]
    async fn a_waiting_loop_is_woken_by_a_frame() {
        let outbox = Arc::new(Outbox::default());
        let waiting = tokio::spawn({
            let outbox = outbox.clone();
            async move { outbox.wait(false).await }
        });
        tokio::task::yield_now().await;
        assert!(outbox.push(frame(7)));
        assert_eq!(waiting.await.expect("task"), Event::Queued);
        assert_eq!(written(&outbox, 1).await, ["7"]);
    }

    /// A connected pair on loopback: the relay's sending side attached to a new outbox,
    /// and the client's socket.
    async fn attached() -> (
        Arc<Outbox>,
        tokio::net::TcpStream,
        tokio::net::tcp::OwnedReadHalf,
    ) {
        let (write, client, read) = pair().await;
        let outbox = Arc::new(Outbox::default());
        outbox.attach(write);
        (outbox, client, read)
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
        let (outbox, mut client, _read) = attached().await;
        let count = Arc::new(Count(Default::default()));
        let waker = std::task::Waker::from(count.clone());
        let mut waiting = std::pin::pin!(outbox.wait(false));
        let mut cx = std::task::Context::from_waker(&waker);
        assert!(waiting.as_mut().poll(&mut cx).is_pending());
        for n in 0..3 {
            assert!(outbox.push(frame(n)));
        }
        assert!(!outbox.pending(), "nothing queued");
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
        let (outbox, mut client, _read) = attached().await;
        outbox.begin();
        assert!(outbox.push(frame(2)), "a frame from another connection");
        assert!(outbox.pending(), "it waits");
        outbox
            .answer(websocket::TEXT, Bytes::from_static(b"0"))
            .expect("answer");
        outbox
            .answer(websocket::PONG, Bytes::from_static(b"1"))
            .expect("answer");
        assert_eq!(outbox.end(), Ok(false), "all written");
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
        let (outbox, mut client, _read) = attached().await;
        let big = |n: usize| Bytes::from(format!("{n:05}{}", "x".repeat(20_000)));
        // The socket's buffers fill; then frames queue, woken once.
        let mut n = 0;
        while !outbox.pending() {
            assert!(outbox.push(big(n)));
            n += 1;
            assert!(n < 10_000, "the socket never filled");
        }
        let direct = n;
        while outbox.push(big(n)) {
            n += 1;
        }
        assert!(n > direct);
        assert_eq!(
            lock(&outbox.out).queue.len(),
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
        while outbox.flush().expect("flush") {
            outbox.writable().await.expect("writable");
        }
        let got = reading.await.expect("reader");
        let want: Vec<String> = (0..n).map(|i| format!("{i:05}")).collect();
        assert_eq!(got, want, "in order");
        assert!(
            lock(&outbox.out).queue.capacity() <= 4,
            "the queue gave its capacity back"
        );
    }

    #[tokio::test]
    async fn a_close_drops_waiting_frames_but_finishes_one_half_written() {
        let (outbox, mut client, _read) = attached().await;
        let big = || Bytes::from("y".repeat(50_000));
        let mut pushed = 0;
        while !outbox.pending() {
            outbox.push(big());
            pushed += 1;
        }
        // The last frame pushed is queued, perhaps half written.
        let half = lock(&outbox.out).sent > 0;
        outbox.push(big());
        outbox.close(4000, "bye").expect("close");
        assert!(outbox.push(big()), "a frame after the close is taken");
        assert_eq!(
            lock(&outbox.out).queue.len(),
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
        while outbox.flush().expect("flush") {
            outbox.writable().await.expect("writable");
        }
        let texts = reading.await.expect("reader");
        assert_eq!(texts, pushed - 1 + usize::from(half));
    }

    #[tokio::test]
    async fn a_failed_write_wakes_the_loop_as_broken() {
        let (outbox, client, read) = attached().await;
        drop(client);
        drop(read);
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        // The first write may still be taken by the kernel; the reset fails a later one.
        for _ in 0..50 {
            outbox.push(frame(1));
            if lock(&outbox.out).broken {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert_eq!(outbox.wait(false).await, Event::Broken);
        assert!(
            outbox
                .answer(websocket::TEXT, Bytes::from_static(b"x"))
                .is_err()
        );
    }
}
