//! `coup-relay-load`: a load generator for the relay (a tool, not a test).
//!
//! It opens many WebSocket clients in rooms of a given size, performs the signalling of
//! full rooms (every peer signals every other peer), then sends signals between random
//! peers of a room at a target rate and measures how long the relay takes to forward
//! them. It prints connections held, connects per second, forwarding latency
//! percentiles, and the relay's resident memory per connection (from
//! `/proc/<pid>/status`, so Linux only).
//!
//! ```text
//! cargo build --release --bin coup-relay --example coup-relay-load
//! target/release/examples/coup-relay-load --spawn target/release/coup-relay \
//!     --connections 20000 --room-size 10 --rate 5000 --duration 10
//! ```
//!
//! `--spawn` starts the relay itself on a free loopback port (inheriting the raised
//! open-file limit); `--url ws://127.0.0.1:8080/ws --pid <relay pid>` measures a relay
//! that is already running. Each connection is a file descriptor on both sides: the tool
//! raises its own limit, but a relay started separately needs `ulimit -n 65536` first.
//! Clients are spread over several loopback source addresses (`--sources`) so the
//! ephemeral port range is not the limit. Only loopback targets are accepted.
//!
//! A cluster: `--instances 2 --redis-server /usr/bin/redis-server` starts a store on a
//! free loopback port and two relays sharing it (or `--cluster-url` names a running
//! store; `--url` takes several comma-separated URLs, `--pid` as many pids). Every room
//! is split over the instances (peer `i` of room `r` on instance `(r + i) % n`), and
//! each timed signal goes to a peer on another instance than its sender's. The CPU of
//! the store's process is reported beside the relays', per 1,000 signals.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use clap::Parser;
use futures_util::{SinkExt as _, StreamExt as _};
use rand::Rng as _;
use serde_json::json;
use shared::relay::RelayMessage;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinSet;
use tokio::time::{Duration, Instant, MissedTickBehavior, interval, sleep, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Writes one line to stdout, if anyone still reads it (`coup-relay-load … | head`): the
/// run goes on to its end either way, so the relays and the store it started are stopped.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// Flags.
#[derive(Debug, Parser)]
#[command(
    name = "coup-relay-load",
    about = "Load-test a coup-relay on this machine"
)]
struct Args {
    /// Start this coup-relay binary on a free loopback port and measure it.
    #[arg(long, conflicts_with = "url")]
    spawn: Option<PathBuf>,
    /// The relay's WebSocket URL, for a relay already running (loopback only); several,
    /// comma-separated, for instances of one cluster.
    #[arg(long, default_value = "ws://127.0.0.1:8080/ws", value_delimiter = ',')]
    url: Vec<String>,
    /// The relay's process id, for memory and CPU figures of a relay already running
    /// (one per `--url`).
    #[arg(long, value_delimiter = ',')]
    pid: Vec<u32>,
    /// With `--spawn`: relay instances to start, sharing rooms through a store
    /// (`--redis-server` or `--cluster-url`) when more than one.
    #[arg(long, default_value_t = 1)]
    instances: usize,
    /// Start this redis-server (or valkey-server) on a free loopback port as the
    /// instances' store.
    #[arg(long)]
    redis_server: Option<PathBuf>,
    /// The store the spawned instances share (loopback only), when not started here.
    #[arg(long)]
    cluster_url: Option<String>,
    /// The store's process id, for its CPU figures (found by itself with
    /// `--redis-server`).
    #[arg(long)]
    store_pid: Option<u32>,
    /// Connections to open and hold.
    #[arg(long, default_value_t = 20_000)]
    connections: usize,
    /// Peers per room (the relay's limit is 16 by default).
    #[arg(long, default_value_t = 10)]
    room_size: usize,
    /// Signals per second, over all connections, in the latency phase.
    #[arg(long, default_value_t = 5_000)]
    rate: u64,
    /// Seconds of the latency phase.
    #[arg(long, default_value_t = 10)]
    duration: u64,
    /// Rooms being set up at once.
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
    /// Loopback source addresses to spread clients over (127.0.0.1, 127.0.0.2, ...).
    #[arg(long, default_value_t = 4)]
    sources: u8,
    /// Bytes of SDP text in each signal of the full-room signalling (0: a bare
    /// `{"kind":"offer"}`). Browsers' offers and answers are 2–6 KB, so the idle memory
    /// figure with a few thousand here is that of connections that carried real offers.
    #[arg(long, default_value_t = 0)]
    offer_bytes: usize,
    /// Seconds to keep holding every connection after measuring (0: stop at once).
    #[arg(long, default_value_t = 0)]
    hold: u64,
}

/// A command for one client task.
#[derive(Debug)]
enum Cmd {
    /// Send a signal to this peer with this payload (JSON text).
    Signal(String, String),
}

/// Shared counters and samples.
#[derive(Debug, Default)]
struct Stats {
    /// Signals received by any client.
    received: AtomicU64,
    /// Timed signals received.
    timed: AtomicU64,
    /// Forwarding latencies of timed signals, in microseconds.
    latencies: Mutex<Vec<u32>>,
    /// Connections that ended early (closed by the relay or broken).
    dropped: AtomicU64,
    /// Error answers received.
    errors: AtomicU64,
}

/// One connected client, as the driver sees it.
#[derive(Debug)]
struct Handle {
    /// Its commands.
    tx: mpsc::UnboundedSender<Cmd>,
    /// Its peer id.
    peer: String,
    /// The instance it is connected to.
    instance: usize,
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The process's reference point for timestamps carried in signals.
fn epoch() -> Instant {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    // Lift the open-file limit: each client is a descriptor here, and a spawned relay
    // inherits the limit for its side. Raising the hard limit needs privileges; fall
    // back to the existing hard limit.
    let want = (args.connections as u64)
        .saturating_mul(2)
        .saturating_add(4096);
    if rlimit::setrlimit(rlimit::Resource::NOFILE, want, want).is_err() {
        let _ = rlimit::increase_nofile_limit(want);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// A relay process this tool started; stopped with SIGTERM when dropped.
struct Spawned(Child);

impl Drop for Spawned {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.0.id().to_string())
            .status();
        let _ = self.0.wait();
    }
}

/// A loopback port that was free a moment ago.
fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .map_err(|e| format!("no free port: {e}"))
}

/// Waits until something listens on `addr`.
async fn listening(addr: SocketAddr, what: &str) -> Result<(), String> {
    let up = Instant::now();
    while TcpStream::connect(addr).await.is_err() {
        if up.elapsed() > Duration::from_secs(10) {
            return Err(format!("{what} did not start listening on {addr}"));
        }
        sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

async fn run(args: Args) -> Result<(), String> {
    let mut children = Vec::new();
    let mut store_pid = args.store_pid;
    let (addrs, pids): (Vec<SocketAddr>, Vec<u32>) = match &args.spawn {
        Some(bin) => {
            let n = args.instances.max(1);
            let mut cluster_url = args.cluster_url.clone();
            if let Some(redis) = &args.redis_server {
                let port = free_port()?;
                let child = Command::new(redis)
                    .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
                    .args(["--save", "", "--appendonly", "no"])
                    .stdout(Stdio::null())
                    .spawn()
                    .map_err(|e| format!("cannot start {}: {e}", redis.display()))?;
                store_pid = Some(child.id());
                children.push(Spawned(child));
                listening(([127, 0, 0, 1], port).into(), "the store").await?;
                cluster_url = Some(format!("redis://127.0.0.1:{port}/"));
            }
            if let Some(url) = &cluster_url
                && !(url.starts_with("redis://127.") || url.starts_with("redis://localhost"))
            {
                return Err("this tool only uses a store on loopback".into());
            }
            if n > 1 && cluster_url.is_none() {
                return Err("--instances above 1 needs --redis-server or --cluster-url".into());
            }
            let mut addrs = Vec::new();
            let mut pids = Vec::new();
            for _ in 0..n {
                let addr = SocketAddr::from(([127, 0, 0, 1], free_port()?));
                let mut cmd = Command::new(bin);
                cmd.args(["--bind", &addr.to_string(), "--static-dir", "/nonexistent"])
                    .args(["--max-connections", "1000000", "--max-rooms", "1000000"])
                    // Every load client is on loopback: no per-address limits.
                    .args(["--connections-per-address", "1000000"])
                    .args(["--rooms-per-address", "1000000"])
                    .args(["--creates-per-minute", "1000000"])
                    .args(["--room-size", &args.room_size.max(2).to_string()])
                    // Signalling is measured; several instances cannot share a STUN port.
                    .args(["--stun-bind", "off"])
                    .env("RUST_LOG", "warn")
                    .stdout(Stdio::null());
                if let Some(url) = &cluster_url {
                    cmd.args(["--cluster-url", url]);
                }
                let child = cmd
                    .spawn()
                    .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
                pids.push(child.id());
                children.push(Spawned(child));
                listening(addr, "the relay").await?;
                addrs.push(addr);
            }
            (addrs, pids)
        }
        None => {
            let mut addrs = Vec::new();
            for url in &args.url {
                let rest = url.strip_prefix("ws://").ok_or("only ws:// URLs")?;
                let host = rest.split('/').next().unwrap_or("");
                let addr: SocketAddr = host
                    .parse()
                    .map_err(|_| format!("not an address: {host}"))?;
                if !addr.ip().is_loopback() {
                    return Err("this tool only targets loopback addresses".into());
                }
                addrs.push(addr);
            }
            (addrs, args.pid.clone())
        }
    };
    let n_instances = addrs.len();
    let urls: Vec<String> = addrs.iter().map(|a| format!("ws://{a}/ws")).collect();
    let rss_all = |pids: &[u32]| -> Option<u64> {
        if pids.is_empty() {
            return None;
        }
        pids.iter().map(|p| rss_kib(*p)).sum()
    };
    let cpu_all = |pids: &[u32]| -> Option<f64> {
        if pids.is_empty() {
            return None;
        }
        pids.iter().map(|p| cpu_secs(*p)).sum()
    };
    let rss_before = rss_all(&pids);
    let stats = Arc::new(Stats::default());
    let _ = epoch();

    // Phase 1: connect, in rooms.
    let room_size = args.room_size.max(2);
    let rooms = args.connections.div_ceil(room_size);
    say!(
        "connecting {} clients in {rooms} rooms of up to {room_size} ...",
        args.connections
    );
    let started = Instant::now();
    let sem = Arc::new(Semaphore::new(args.concurrency.max(1)));
    let mut set = JoinSet::new();
    for r in 0..rooms {
        let size = room_size.min(args.connections - r * room_size);
        let (sem, addrs, urls, stats) = (sem.clone(), addrs.clone(), urls.clone(), stats.clone());
        let sources = args.sources.max(1);
        set.spawn(async move {
            let _permit = sem.acquire_owned().await.map_err(|e| e.to_string())?;
            setup_room(r, size, &addrs, &urls, sources, stats).await
        });
    }
    let mut all_rooms: Vec<Vec<Handle>> = Vec::with_capacity(rooms);
    let mut failures = 0usize;
    while let Some(res) = set.join_next().await {
        match res {
            Ok(Ok(room)) => all_rooms.push(room),
            Ok(Err(e)) => {
                failures += 1;
                if failures <= 5 {
                    eprintln!("room setup failed: {e}");
                }
            }
            Err(e) => return Err(format!("task failed: {e}")),
        }
    }
    let connect_secs = started.elapsed().as_secs_f64();
    let held: usize = all_rooms.iter().map(Vec::len).sum();
    say!(
        "connected {held} clients in {connect_secs:.2} s: {:.0} connects/s ({failures} rooms failed)",
        held as f64 / connect_secs
    );

    // Phase 2: full-room signalling, every peer to every other peer.
    let expected: u64 = all_rooms
        .iter()
        .map(|r| (r.len() * (r.len() - 1)) as u64)
        .sum();
    let base = stats.received.load(Ordering::Relaxed);
    let offer = if args.offer_bytes == 0 {
        r#"{"kind":"offer"}"#.to_owned()
    } else {
        // SDP lines as a browser writes them, escaped as JSON carries them.
        let line = "a=candidate:1 1 udp 2122260223 192.0.2.7 54321 typ host\\r\\n";
        let sdp: String = line.chars().cycle().take(args.offer_bytes).collect();
        format!(
            r#"{{"kind":"offer","sdp":"{}"}}"#,
            sdp.trim_end_matches('\\')
        )
    };
    let started = Instant::now();
    for room in &all_rooms {
        for a in room {
            for b in room {
                if a.peer != b.peer {
                    let _ = a.tx.send(Cmd::Signal(b.peer.clone(), offer.clone()));
                }
            }
        }
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    while stats.received.load(Ordering::Relaxed) - base < expected && Instant::now() < deadline {
        sleep(Duration::from_millis(10)).await;
    }
    let got = stats.received.load(Ordering::Relaxed) - base;
    let secs = started.elapsed().as_secs_f64();
    say!(
        "full-room signalling: {got}/{expected} signals delivered in {secs:.2} s ({:.0}/s)",
        got as f64 / secs
    );

    // Memory per idle connection: everyone connected, nothing in flight.
    sleep(Duration::from_secs(2)).await;
    let rss_idle = rss_all(&pids);
    if let (Some(before), Some(idle)) = (rss_before, rss_idle) {
        let per = (idle.saturating_sub(before)) as f64 * 1024.0 / held.max(1) as f64;
        say!(
            "relay RSS ({n_instances} instance(s)): {before} KiB before, {idle} KiB holding {held} connections: {:.1} KiB per connection",
            per / 1024.0
        );
    }

    // Phase 3: forwarding latency at a target rate.
    say!(
        "latency phase: {} signals/s for {} s ...",
        args.rate,
        args.duration
    );
    // Every member of a room with someone to signal (the last room may hold one client).
    let senders: Vec<(usize, usize)> = all_rooms
        .iter()
        .enumerate()
        .filter(|(_, room)| room.len() >= 2)
        .flat_map(|(r, room)| (0..room.len()).map(move |i| (r, i)))
        .collect();
    if senders.is_empty() {
        return Err("no room of two or more connections to signal in".into());
    }
    let store_cpu = || store_pid.and_then(cpu_secs);
    let cpu_before = (cpu_all(&pids), cpu_secs(std::process::id()), store_cpu());
    let mut tick = interval(Duration::from_millis(1));
    tick.set_missed_tick_behavior(MissedTickBehavior::Burst);
    let started = Instant::now();
    let total = args.rate * args.duration;
    let mut sent = 0u64;
    let mut cursor = rand::rng().random_range(0..senders.len());
    while sent < total {
        tick.tick().await;
        let due = (started.elapsed().as_secs_f64() * args.rate as f64) as u64;
        while sent < due.min(total) {
            // Walk the senders in a stride so each sends rarely (per-connection limits).
            cursor = (cursor + 7919) % senders.len();
            let (r, i) = senders[cursor];
            let room = &all_rooms[r];
            let mut j = (i + 1 + rand::rng().random_range(0..room.len() - 1)) % room.len();
            // In a cluster, to a peer on another instance.
            while n_instances > 1 && room[j].instance == room[i].instance && room.len() > 1 {
                j = (j + 1) % room.len();
                if j == i {
                    j = (j + 1) % room.len();
                }
            }
            let t = epoch().elapsed().as_micros() as u64;
            let _ = room[i]
                .tx
                .send(Cmd::Signal(room[j].peer.clone(), format!(r#"{{"t":{t}}}"#)));
            sent += 1;
        }
    }
    let send_secs = started.elapsed().as_secs_f64();
    let wait = Instant::now() + Duration::from_secs(5);
    while stats.timed.load(Ordering::Relaxed) < sent && Instant::now() < wait {
        sleep(Duration::from_millis(10)).await;
    }
    let cpu_after = (cpu_all(&pids), cpu_secs(std::process::id()), store_cpu());
    let busy = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) => format!("{:.0}%", (b - a) / started.elapsed().as_secs_f64() * 100.0),
        _ => "?".to_owned(),
    };
    say!(
        "CPU during the latency phase (100% = one core): relay {}, load tool {}, store {}",
        busy(cpu_before.0, cpu_after.0),
        busy(cpu_before.1, cpu_after.1),
        busy(cpu_before.2, cpu_after.2)
    );
    let per_thousand = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if sent > 0 => format!("{:.1} ms", (b - a) * 1e6 / sent as f64),
        _ => "?".to_owned(),
    };
    say!(
        "CPU per 1,000 signals sent (pings included): relay {}, store {}",
        per_thousand(cpu_before.0, cpu_after.0),
        per_thousand(cpu_before.2, cpu_after.2)
    );
    let mut lat = stats
        .latencies
        .lock()
        .map(|l| l.clone())
        .unwrap_or_default();
    lat.sort_unstable();
    let pct = |p: f64| -> f64 {
        if lat.is_empty() {
            return f64::NAN;
        }
        let i = ((lat.len() as f64 - 1.0) * p).round() as usize;
        f64::from(lat[i]) / 1000.0
    };
    say!(
        "sent {sent} signals in {send_secs:.2} s ({:.0}/s); received {}",
        sent as f64 / send_secs,
        lat.len()
    );
    say!(
        "forwarding latency: p50 {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        pct(0.50),
        pct(0.90),
        pct(0.99),
        pct(1.0)
    );
    let rss_end = rss_all(&pids);
    say!(
        "summary: held {held} connections ({} dropped, {} errors), {:.0} connects/s, p99 {:.3} ms at {} msg/s, RSS {} KiB at end",
        stats.dropped.load(Ordering::Relaxed),
        stats.errors.load(Ordering::Relaxed),
        held as f64 / connect_secs,
        pct(0.99),
        args.rate,
        rss_end.map_or("?".to_owned(), |k| k.to_string())
    );
    if args.hold > 0 {
        say!("holding for {} s", args.hold);
        sleep(Duration::from_secs(args.hold)).await;
    }
    drop(all_rooms);
    // The relays first (they tell the store their connections are gone), then the store.
    while let Some(child) = children.pop() {
        drop(child);
    }
    Ok(())
}

/// The resident set of process `pid`, in KiB.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User plus system CPU time of process `pid`, in seconds (clock ticks of 1/100 s).
fn cpu_secs(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses and may contain spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Opens one client from source address number `n`.
async fn connect(addr: SocketAddr, url: &str, n: usize, sources: u8) -> Result<Ws, String> {
    let last = u8::try_from(n % usize::from(sources))
        .unwrap_or(0)
        .saturating_add(1);
    let local = IpAddr::V4(Ipv4Addr::new(127, 0, 0, last));
    let socket = TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(SocketAddr::new(local, 0))
        .map_err(|e| format!("bind {local}: {e}"))?;
    let stream = socket
        .connect(addr)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let _ = stream.set_nodelay(true);
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let (ws, _) = tokio_tungstenite::client_async_with_config(
        url,
        MaybeTlsStream::Plain(stream),
        Some(config),
    )
    .await
    .map_err(|e| format!("handshake: {e}"))?;
    Ok(ws)
}

/// Reads the next relay message (skipping control frames).
async fn next_message(ws: &mut Ws) -> Result<RelayMessage, String> {
    loop {
        let msg = timeout(Duration::from_secs(30), ws.next())
            .await
            .map_err(|_| "timed out".to_owned())?
            .ok_or("closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(t) = msg {
            return serde_json::from_str(t.as_str()).map_err(|e| e.to_string());
        }
    }
}

/// Opens a room of `size` clients, spread over the instances: the first creates it, the
/// others join.
async fn setup_room(
    r: usize,
    size: usize,
    addrs: &[SocketAddr],
    urls: &[String],
    sources: u8,
    stats: Arc<Stats>,
) -> Result<Vec<Handle>, String> {
    let mut handles = Vec::with_capacity(size);
    let mut code = String::new();
    for i in 0..size {
        let instance = (r + i) % addrs.len();
        let mut ws = connect(addrs[instance], &urls[instance], r * size + i, sources).await?;
        let msg = if i == 0 {
            json!({"type":"create"})
        } else {
            json!({"type":"join","room":code})
        };
        ws.send(Message::text(msg.to_string()))
            .await
            .map_err(|e| e.to_string())?;
        let peer = loop {
            match next_message(&mut ws).await? {
                RelayMessage::Created { room, peer, .. } => {
                    code = room;
                    break peer;
                }
                RelayMessage::Joined { peer, .. } => break peer,
                RelayMessage::Error { code, message } => {
                    return Err(format!("{}: {message}", code.as_str()));
                }
                _ => continue,
            }
        };
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(client_loop(ws, rx, stats.clone()));
        handles.push(Handle { tx, peer, instance });
    }
    Ok(handles)
}

/// The send time carried in a timed signal (`"data":{"t":<micros>}`).
fn timestamp(frame: &str) -> Option<u64> {
    let at = frame.find(r#"{"t":"#)? + 5;
    let digits: &str = &frame[at..];
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse().ok()
}

/// Drives one client: sends commanded signals, keeps the connection alive, and records
/// what arrives.
async fn client_loop(mut ws: Ws, mut rx: mpsc::UnboundedReceiver<Cmd>, stats: Arc<Stats>) {
    // Protocol pings every 20 s (jittered), as the browser client does.
    let jitter = Duration::from_millis(rand::rng().random_range(0..20_000));
    let mut keepalive = interval(Duration::from_secs(20));
    keepalive.reset_at(Instant::now() + jitter);
    loop {
        tokio::select! {
            cmd = rx.recv() => match cmd {
                Some(Cmd::Signal(to, data)) => {
                    let msg = format!(r#"{{"type":"signal","to":"{to}","data":{data}}}"#);
                    if ws.send(Message::text(msg)).await.is_err() {
                        break;
                    }
                }
                None => {
                    let _ = ws.close(None).await;
                    return;
                }
            },
            _ = keepalive.tick() => {
                if ws.send(Message::text(r#"{"type":"ping"}"#)).await.is_err() {
                    break;
                }
            }
            msg = ws.next() => match msg {
                Some(Ok(Message::Text(t))) => {
                    // A cheap look instead of a full parse: the tool must not be the
                    // bottleneck it measures.
                    let t = t.as_str();
                    if t.starts_with(r#"{"type":"signal""#) {
                        let now = epoch().elapsed().as_micros() as u64;
                        stats.received.fetch_add(1, Ordering::Relaxed);
                        if let Some(sent) = timestamp(t) {
                            let micros = u32::try_from(now.saturating_sub(sent)).unwrap_or(u32::MAX);
                            if let Ok(mut l) = stats.latencies.lock() {
                                l.push(micros);
                            }
                            stats.timed.fetch_add(1, Ordering::Relaxed);
                        }
                    } else if t.starts_with(r#"{"type":"error""#) {
                        stats.errors.fetch_add(1, Ordering::Relaxed);
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => break,
            },
        }
    }
    stats.dropped.fetch_add(1, Ordering::Relaxed);
}
