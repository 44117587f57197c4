//! Helpers for the relay's integration tests: a relay on `127.0.0.1:0` and a small
//! WebSocket client speaking the protocol as JSON.

#![allow(dead_code)]

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use clap::Parser as _;
use coup_server::{Config, Hub};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio::time::{Duration, timeout};
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{Bytes, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A relay running in this test's runtime; with [`relay_under_test`] in cluster mode,
/// the first of two instances sharing a store, reached through a balancer.
pub struct Relay {
    /// Where it listens (in cluster mode: the balancer in front of every instance).
    pub addr: SocketAddr,
    /// Where this instance itself listens.
    pub direct: SocketAddr,
    /// Its state, for checks on bookkeeping.
    pub hub: Arc<Hub>,
    /// Completing this starts a graceful shutdown.
    pub stop: Option<oneshot::Sender<()>>,
    /// The server task.
    pub task: JoinHandle<std::io::Result<()>>,
    /// In cluster mode: the other instances.
    pub others: Vec<Relay>,
    /// In cluster mode: the store.
    pub store: Option<Arc<RedisServer>>,
}

impl Relay {
    /// The instances: this one, then the others.
    pub fn instances(&self) -> impl Iterator<Item = &Relay> {
        std::iter::once(self).chain(self.others.iter())
    }

    /// Rooms open and connections in rooms, over every instance.
    pub async fn counts(&self) -> (usize, usize) {
        match self.hub.cluster() {
            None => self.hub.counts().await,
            Some(_) => {
                let mut rooms = 0;
                let mut peers = 0;
                for r in self.instances() {
                    if let Some(c) = r.hub.cluster() {
                        let (n, p) = c.counts().await;
                        rooms = n;
                        peers += p;
                    }
                }
                (rooms, peers)
            }
        }
    }

    /// Connections open, over every instance.
    pub fn open_connections(&self) -> usize {
        self.instances().map(|r| r.hub.open_connections()).sum()
    }

    /// `/metrics` of every instance, each line's value summed over them (the cluster-wide
    /// rooms gauge taken once), as one text of `name{labels} value` lines.
    pub async fn metrics(&self) -> String {
        let mut sums: Vec<(String, f64)> = Vec::new();
        for r in self.instances() {
            let body = http_get(r.direct, "/metrics").await;
            let body = body.split_once("\r\n\r\n").map_or("", |(_, b)| b);
            for line in body.lines().filter(|l| !l.starts_with('#')) {
                let Some((name, value)) = line.rsplit_once(' ') else {
                    continue;
                };
                let value: f64 = value.parse().unwrap_or(0.0);
                match sums.iter_mut().find(|(n, _)| n == name) {
                    Some((_, v)) if name == "coup_relay_rooms" => *v = value,
                    Some((_, v)) => *v += value,
                    None => sums.push((name.to_owned(), value)),
                }
            }
        }
        sums.iter().map(|(n, v)| format!("{n} {v}\n")).collect()
    }

    /// Starts a graceful shutdown of every instance.
    pub fn stop_all(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        for r in &mut self.others {
            r.stop_all();
        }
    }

    /// Shuts every instance down and waits for each to finish.
    pub async fn shutdown(mut self) -> Vec<std::io::Result<()>> {
        let mut all = vec![];
        self.stop_all();
        let mut tasks = vec![self.task];
        tasks.extend(self.others.into_iter().map(|r| r.task));
        for t in tasks {
            let done = tokio::time::timeout(Duration::from_secs(10), t).await;
            all.push(match done {
                Ok(Ok(r)) => r,
                _ => Err(std::io::Error::other("did not stop")),
            });
        }
        all
    }
}

/// How long a test waits for what must happen before it gives up: a bound that only a
/// broken relay reaches, never a time the relay is expected to take, so a loaded machine
/// cannot fail a test that waits on it.
pub const FAILURE_BOUND: Duration = Duration::from_secs(60);

/// Polls `check` until it gives `Some`, failing with `what` after [`FAILURE_BOUND`] of
/// real time. For conditions no frame announces (a count in the relay's bookkeeping, a
/// process's health); what a frame announces is awaited with [`Client::expect`].
pub async fn until<T, F, Fut>(what: &str, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = std::time::Instant::now() + FAILURE_BOUND;
    loop {
        if let Some(v) = check().await {
            return v;
        }
        assert!(std::time::Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A `redis-server` (or `valkey-server`) of this test's own on a free loopback port,
/// without persistence; killed when dropped.
pub struct RedisServer {
    /// Where it listens.
    pub port: u16,
    /// The process.
    child: std::sync::Mutex<std::process::Child>,
}

impl RedisServer {
    /// Starts one and waits until it answers.
    pub async fn start() -> RedisServer {
        let bin = ["redis-server", "valkey-server"]
            .into_iter()
            .find(|b| {
                std::process::Command::new(b)
                    .arg("--version")
                    .output()
                    .is_ok_and(|o| o.status.success())
            })
            .expect("redis-server (or valkey-server) is needed: apt-get install redis-server");
        for _ in 0..20 {
            let port = free_port();
            let child = std::process::Command::new(bin)
                .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
                .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("start redis-server");
            let server = RedisServer {
                port,
                child: std::sync::Mutex::new(child),
            };
            for _ in 0..100 {
                if server.answers().await {
                    return server;
                }
                if server.exited() {
                    break; // the port was taken meanwhile: try another
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            server.kill();
        }
        panic!("redis-server did not start");
    }

    /// The URL relays are given.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    /// Whether it answers `PING`.
    async fn answers(&self) -> bool {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let Ok(mut s) = TcpStream::connect(("127.0.0.1", self.port)).await else {
            return false;
        };
        if s.write_all(b"PING\r\n").await.is_err() {
            return false;
        }
        let mut buf = [0u8; 7];
        matches!(
            timeout(Duration::from_secs(1), s.read_exact(&mut buf)).await,
            Ok(Ok(_))
        ) && &buf == b"+PONG\r\n"
    }

    /// Whether the process has ended.
    fn exited(&self) -> bool {
        let mut child = self.child.lock().unwrap_or_else(|e| e.into_inner());
        matches!(child.try_wait(), Ok(Some(_)))
    }

    /// Kills it now.
    pub fn kill(&self) {
        let mut child = self.child.lock().unwrap_or_else(|e| e.into_inner());
        let _ = child.kill();
        let _ = child.wait();
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A loopback port that was free a moment ago.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// The relay the protocol tests run against: one relay, or with `COUP_TEST_CLUSTER=1` two
/// instances sharing a `redis-server` behind a balancer that sends each new connection
/// to the next instance in turn (keeping the client's loopback address, so that
/// per-address limits see the same clients).
pub async fn relay_under_test(flags: &[&str]) -> Relay {
    if std::env::var("COUP_TEST_CLUSTER").is_ok_and(|v| v == "1") {
        let store = Arc::new(RedisServer::start().await);
        cluster(&store, 2, flags).await
    } else {
        relay(flags).await
    }
}

/// `n` instances with these flags sharing `store`, behind a round-robin balancer.
pub async fn cluster(store: &Arc<RedisServer>, n: usize, flags: &[&str]) -> Relay {
    let url = store.url();
    let mut all = Vec::new();
    for _ in 0..n {
        let mut with = flags.to_vec();
        with.extend_from_slice(&["--cluster-url", &url]);
        all.push(relay(&with).await);
    }
    let targets: Vec<SocketAddr> = all.iter().map(|r| r.addr).collect();
    let mut first = all.remove(0);
    first.addr = balancer(targets).await;
    first.others = all;
    first.store = Some(store.clone());
    first
}

/// A TCP balancer on loopback: each accepted connection goes to the next target, from
/// the client's own address.
pub async fn balancer(targets: Vec<SocketAddr>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let mut next = 0;
        while let Ok((mut down, from)) = listener.accept().await {
            let target = targets[next % targets.len()];
            next += 1;
            tokio::spawn(async move {
                let socket = TcpSocket::new_v4().expect("socket");
                if socket.bind(SocketAddr::new(from.ip(), 0)).is_err() {
                    return;
                }
                let Ok(mut up) = socket.connect(target).await else {
                    return;
                };
                let _ = tokio::io::copy_bidirectional(&mut down, &mut up).await;
            });
        }
    });
    addr
}

/// A relay started with these flags (after `coup-relay`); its STUN server is off unless
/// they say `--stun-bind` (tests run side by side and cannot share the default port).
pub async fn relay(flags: &[&str]) -> Relay {
    let mut args = vec!["coup-relay", "--static-dir", "/nonexistent-coup-dist"];
    if !flags.contains(&"--stun-bind") {
        args.extend_from_slice(&["--stun-bind", "off"]);
    }
    args.extend_from_slice(flags);
    let config = Config::parse_from(args).normalized();
    relay_with(config).await
}

/// A relay started with this configuration.
pub async fn relay_with(config: Config) -> Relay {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let hub = Hub::new(config);
    // Bound before serving, as `coup-relay` does, so that its port is known at once.
    hub.bind_stun().expect("bind the STUN socket");
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(coup_server::serve_hub(listener, hub.clone(), async move {
        let _ = stopped.await;
    }));
    // In cluster mode the instance is in the cluster before the test goes on.
    if hub.config().cluster_url().is_some() {
        for _ in 0..200 {
            if hub.cluster().is_some_and(|c| c.healthy()) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(
            hub.cluster().is_some(),
            "the instance did not join its cluster"
        );
    }
    Relay {
        addr,
        direct: addr,
        hub,
        stop: Some(stop),
        task,
        others: Vec::new(),
        store: None,
    }
}

/// One protocol client.
pub struct Client {
    /// The socket.
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// How long `recv` waits before failing the test.
    pub patience: Duration,
}

impl Client {
    /// Connects to the relay at `addr`.
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("connect");
        Client {
            ws,
            patience: FAILURE_BOUND,
        }
    }

    /// Connects with an `Origin` header; `Err` carries the HTTP status of a refusal.
    pub async fn connect_with_origin(addr: SocketAddr, origin: &str) -> Result<Client, u16> {
        let mut req = format!("ws://{addr}/ws")
            .into_client_request()
            .expect("request");
        req.headers_mut()
            .insert("origin", origin.parse().expect("header"));
        match tokio_tungstenite::connect_async(req).await {
            Ok((ws, _)) => Ok(Client {
                ws,
                patience: FAILURE_BOUND,
            }),
            Err(tokio_tungstenite::tungstenite::Error::Http(res)) => Err(res.status().as_u16()),
            Err(e) => panic!("unexpected error {e}"),
        }
    }

    /// Connects with this `Host` header (as a page that reached the relay by that name).
    pub async fn connect_with_host(addr: SocketAddr, host: &str) -> Client {
        let mut req = format!("ws://{addr}/ws")
            .into_client_request()
            .expect("request");
        req.headers_mut()
            .insert("host", host.parse().expect("header"));
        let (ws, _) = tokio_tungstenite::connect_async(req)
            .await
            .expect("connect");
        Client {
            ws,
            patience: FAILURE_BOUND,
        }
    }

    /// Connects from another loopback address (e.g. `127.0.0.2`), as another client.
    pub async fn connect_from(addr: SocketAddr, local: IpAddr) -> Client {
        let socket = TcpSocket::new_v4().expect("socket");
        socket.bind(SocketAddr::new(local, 0)).expect("bind local");
        let stream = socket.connect(addr).await.expect("tcp connect");
        let (ws, _) = tokio_tungstenite::client_async(
            format!("ws://{addr}/ws"),
            MaybeTlsStream::Plain(stream),
        )
        .await
        .expect("ws handshake");
        Client {
            ws,
            patience: FAILURE_BOUND,
        }
    }

    /// Waits (nearly) forever in `recv`: for tests under paused time, where a timeout
    /// would be a timer that auto-advance could fire.
    pub fn patient(mut self) -> Self {
        self.patience = Duration::from_secs(100_000);
        self
    }

    /// Sends one JSON message.
    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::text(v.to_string()))
            .await
            .expect("send");
    }

    /// Sends one raw text frame.
    pub async fn send_text(&mut self, s: &str) {
        self.ws
            .send(Message::text(s.to_owned()))
            .await
            .expect("send");
    }

    /// Sends one binary frame.
    pub async fn send_binary(&mut self, b: &[u8]) {
        self.ws
            .send(Message::Binary(Bytes::copy_from_slice(b)))
            .await
            .expect("send");
    }

    /// The next message, as JSON; fails on close or silence.
    pub async fn recv(&mut self) -> Value {
        loop {
            let msg = timeout(self.patience, self.ws.next())
                .await
                .expect("timed out waiting for a message")
                .expect("stream ended")
                .expect("socket error");
            match msg {
                Message::Text(t) => return serde_json::from_str(t.as_str()).expect("json"),
                Message::Ping(_) | Message::Pong(_) => continue,
                other => panic!("expected a text frame, got {other:?}"),
            }
        }
    }

    /// The next message, which must be of this `type`.
    pub async fn expect(&mut self, ty: &str) -> Value {
        let v = self.recv().await;
        assert_eq!(v["type"], ty, "got {v}");
        v
    }

    /// The next message, which must be an error with this code.
    pub async fn expect_error(&mut self, code: &str) {
        let v = self.expect("error").await;
        assert_eq!(v["code"], code, "got {v}");
        assert!(v["message"].is_string());
    }

    /// Sends a ping and checks that the very next message is its pong: nothing else was
    /// queued for this client.
    pub async fn expect_nothing_else(&mut self) {
        self.send(json!({"type":"ping"})).await;
        self.expect("pong").await;
    }

    /// Reads until the relay closes, returning the close frame (skipping messages).
    pub async fn closed(&mut self) -> Option<CloseFrame> {
        loop {
            match timeout(self.patience, self.ws.next())
                .await
                .expect("timed out waiting for close")
            {
                Some(Ok(Message::Close(frame))) => return frame,
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return None,
            }
        }
    }

    /// Creates a room: (code, peer id, host secret, the whole answer).
    pub async fn create(&mut self) -> (String, String, String, Value) {
        self.send(json!({"type":"create"})).await;
        let v = self.expect("created").await;
        let s = |k: &str| v[k].as_str().expect("string field").to_owned();
        (s("room"), s("peer"), s("host_secret"), v.clone())
    }

    /// Joins a room; returns the `joined` answer.
    pub async fn join(&mut self, room: &str) -> Value {
        self.send(json!({"type":"join","room":room})).await;
        self.expect("joined").await
    }
}

/// Keeps the paused clock from auto-advancing. Under `start_paused`, tokio advances the
/// clock to the next timer whenever the runtime would park — which, with real sockets,
/// happens while a frame is in flight, so timers would fire early. A task that always
/// yields keeps the runtime from parking (I/O is still polled, with a zero timeout), and
/// the test moves time itself with `tokio::time::advance`.
pub fn hold_clock() -> JoinHandle<()> {
    tokio::spawn(async {
        loop {
            tokio::task::yield_now().await;
        }
    })
}

/// A plain HTTP/1.1 GET; returns the whole response, head and body.
pub async fn http_get(addr: SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let req = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("read");
    String::from_utf8_lossy(&out).into_owned()
}
