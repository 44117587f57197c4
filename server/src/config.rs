//! The relay's configuration: command-line flags, each also read from a `COUP_*`
//! environment variable (RELAY-PROTOCOL.md, "Configuration").

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use tokio::time::Duration;

use crate::limits::FrameLimits;
use crate::rooms::RoomLimits;
use crate::stun::StunBind;

/// What `coup-relay --version` prints after the name: the release and the relay protocol
/// version it speaks (`docs/RELAY-PROTOCOL.md`). It lives with the flags that print it.
pub fn version() -> &'static str {
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    VERSION.get_or_init(|| {
        format!(
            "{} (relay protocol {})",
            env!("CARGO_PKG_VERSION"),
            shared::relay::PROTOCOL_VERSION
        )
    })
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// The Coup P2P relay: brokers room codes, forwards WebRTC signalling between the peers of
/// a room, and serves the static client.
///
/// Every flag can also be given as the environment variable shown beside it. Durations
/// are in seconds.
#[derive(Clone, PartialEq, Eq, Parser)]
#[command(name = "coup-relay", version = version(), about, long_about = None)]
#[command(
    after_help = "`coup-relay healthcheck` asks a running relay for /healthz (see its --help)."
)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, env = "COUP_BIND", default_value = "0.0.0.0:8080")]
    pub bind: SocketAddr,

    /// Directory of the built client (index.html and its assets), served at `/`. When it
    /// does not exist, `/` explains how to build the client.
    #[arg(long, env = "COUP_STATIC_DIR", default_value = "dist")]
    pub static_dir: PathBuf,

    /// Browser origins allowed to open `/ws`, comma-separated (e.g.
    /// `https://coup.example.org`). Empty allows any. Upgrades without an Origin header
    /// (native clients, tools) are always allowed.
    #[arg(
        long,
        env = "COUP_ALLOWED_ORIGINS",
        value_delimiter = ',',
        default_value = ""
    )]
    pub allowed_origins: Vec<String>,

    /// STUN server URLs handed to peers, comma-separated (e.g. `stun:turn.example.org:3478`).
    /// Empty, peers get the relay's own STUN server (see --stun-bind) as
    /// `stun:HOST:PORT`, HOST being the name the page reached the relay by (its `Host`
    /// header) and PORT the STUN port; with that off too, no STUN server.
    #[arg(
        long,
        env = "COUP_STUN_URLS",
        value_delimiter = ',',
        default_value = ""
    )]
    pub stun_urls: Vec<String>,

    /// UDP address and port of the relay's own STUN server, which answers Binding
    /// requests so that browsers behind a NAT learn their public address; `off` turns it
    /// off. Answers are limited per client address (10 a second, bursts of 40) and never
    /// larger than the request plus the address. On a wildcard address (`0.0.0.0`,
    /// `[::]`, which also takes IPv4) each answer leaves from the address its request
    /// was sent to, so a host with several addresses needs no flag per address.
    #[arg(long, env = "COUP_STUN_BIND", default_value = "0.0.0.0:3478")]
    pub stun_bind: StunBind,

    /// TURN server URLs handed to peers, comma-separated (e.g.
    /// `turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349`).
    #[arg(
        long,
        env = "COUP_TURN_URLS",
        value_delimiter = ',',
        default_value = ""
    )]
    pub turn_urls: Vec<String>,

    /// TURN shared secret (coturn's `static-auth-secret` with `use-auth-secret`). With it,
    /// every `created`/`joined` carries fresh time-limited TURN credentials.
    #[arg(long, env = "COUP_TURN_SECRET", hide_env_values = true)]
    pub turn_secret: Option<String>,

    /// Lifetime of generated TURN credentials, in seconds.
    #[arg(long, env = "COUP_TURN_TTL", default_value_t = 3600)]
    pub turn_ttl: u64,

    /// Rooms open at once; past it, `create` gets `server_full`.
    #[arg(long, env = "COUP_MAX_ROOMS", default_value_t = 25_000)]
    pub max_rooms: usize,

    /// WebSocket connections open at once; past it, new connections get `server_full`
    /// and are closed.
    #[arg(long, env = "COUP_MAX_CONNECTIONS", default_value_t = 50_000)]
    pub max_connections: usize,

    /// WebSocket connections one client address (IPv6: one /64) may hold open at once;
    /// past it, a new connection gets `rate_limited` and is closed.
    #[arg(long, env = "COUP_CONNECTIONS_PER_ADDRESS", default_value_t = 64)]
    pub connections_per_address: usize,

    /// Rooms one client address (IPv6: one /64) may have open at once, rooms waiting for
    /// their host to reclaim them included; past it, `create` gets `rate_limited`.
    #[arg(long, env = "COUP_ROOMS_PER_ADDRESS", default_value_t = 16)]
    pub rooms_per_address: usize,

    /// Rooms one client address may create per minute (a burst of as many, refilling over
    /// the minute); past it, `create` gets `rate_limited`.
    #[arg(long, env = "COUP_CREATES_PER_MINUTE", default_value_t = 20)]
    pub creates_per_minute: u32,

    /// Peers in one room, the host included.
    #[arg(long, env = "COUP_ROOM_SIZE", default_value_t = 16)]
    pub room_size: usize,

    /// Largest accepted frame, in bytes; larger frames get `too_large`.
    #[arg(long, env = "COUP_FRAME_BYTES", default_value_t = 16 * 1024)]
    pub frame_bytes: usize,

    /// Messages per second one connection may send on average.
    #[arg(long, env = "COUP_RATE", default_value_t = 20)]
    pub rate: u32,

    /// Messages one connection may send in a burst.
    #[arg(long, env = "COUP_BURST", default_value_t = 60)]
    pub burst: u32,

    /// Failed joins and reclaims per client address per minute.
    #[arg(long, env = "COUP_JOIN_FAILURES", default_value_t = 10)]
    pub join_failures: u32,

    /// Seconds an absent host may take to reclaim its room.
    #[arg(long, env = "COUP_RECLAIM_GRACE", default_value_t = 120)]
    pub reclaim_grace: u64,

    /// Seconds without a text frame after which a connection is closed.
    #[arg(long, env = "COUP_IDLE_TIMEOUT", default_value_t = 60)]
    pub idle_timeout: u64,

    /// Seconds a handover room's host whose connection is gone has to reclaim it before
    /// a guest is made host (a page reload is back well within it).
    #[arg(long, env = "COUP_HANDOVER_GRACE", default_value_t = 3)]
    pub handover_grace: u64,

    /// Seconds between the WebSocket pings the relay sends a handover room's host.
    #[arg(long, env = "COUP_HOST_PING", default_value_t = 5)]
    pub host_ping: u64,

    /// Seconds without any frame (a pong included) after which a handover room's host
    /// is taken for gone and its connection closed.
    #[arg(long, env = "COUP_HOST_TIMEOUT", default_value_t = 15)]
    pub host_timeout: u64,

    /// Seconds a new connection has to send its whole request head before it is closed
    /// (so that connections which never finish a request cannot pile up: slow loris).
    #[arg(long, env = "COUP_HEADER_TIMEOUT", default_value_t = 10)]
    pub header_timeout: u64,

    /// Take the client address from the last `X-Forwarded-For` entry (for every
    /// per-address limit — failed joins, connections, rooms — and for logs). Set it only
    /// when the relay is reachable solely through a reverse proxy that sets this header,
    /// such as the Caddy of `deploy/`: a client that reaches the relay directly writes the
    /// header itself, and so chooses the address it is limited by (every limit per address
    /// is then void). The relay warns at start when this is on and it listens on an
    /// address that is not loopback or private.
    #[arg(long, env = "COUP_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,

    /// Share rooms with other relay instances through Redis or Valkey at this URL
    /// (`redis://[:password@]host:port[/db]`; one server, not Redis Cluster). Unset, the
    /// relay keeps its rooms to itself.
    #[arg(long, env = "COUP_CLUSTER_URL", hide_env_values = true)]
    pub cluster_url: Option<String>,

    /// Threads that run the relay's connections. 1, the default, runs everything on one
    /// thread: a signalling relay spends most of a forwarded frame in system calls and
    /// thread wake-ups, and one thread never wakes another, so it forwards each frame for
    /// the least CPU (one core carries some 40,000 frames a second). 0 runs one thread per
    /// core, for a relay that needs more than one core; any other number runs that many.
    #[arg(long, env = "COUP_THREADS", default_value_t = 1)]
    pub threads: usize,

    /// Log format.
    #[arg(long, env = "COUP_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
}

/// Written by hand so that the TURN secret never reaches a log line.
impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.bind)
            .field("static_dir", &self.static_dir)
            .field("allowed_origins", &self.allowed_origins)
            .field("stun_urls", &self.stun_urls)
            .field("stun_bind", &self.stun_bind)
            .field("turn_urls", &self.turn_urls)
            .field(
                "turn_secret",
                &self.turn_secret.as_ref().map(|_| "<redacted>"),
            )
            .field("turn_ttl", &self.turn_ttl)
            .field("max_rooms", &self.max_rooms)
            .field("max_connections", &self.max_connections)
            .field("connections_per_address", &self.connections_per_address)
            .field("rooms_per_address", &self.rooms_per_address)
            .field("creates_per_minute", &self.creates_per_minute)
            .field("room_size", &self.room_size)
            .field("frame_bytes", &self.frame_bytes)
            .field("rate", &self.rate)
            .field("burst", &self.burst)
            .field("join_failures", &self.join_failures)
            .field("reclaim_grace", &self.reclaim_grace)
            .field("idle_timeout", &self.idle_timeout)
            .field("handover_grace", &self.handover_grace)
            .field("host_ping", &self.host_ping)
            .field("host_timeout", &self.host_timeout)
            .field("header_timeout", &self.header_timeout)
            .field("trust_forwarded_for", &self.trust_forwarded_for)
            .field(
                "cluster_url",
                &self.cluster_url.as_ref().map(|_| "<redacted>"),
            )
            .field("threads", &self.threads)
            .field("log_format", &self.log_format)
            .finish()
    }
}

impl Config {
    /// The defaults, as if `coup-relay` ran with no flags and no `COUP_*` variables.
    pub fn defaults() -> Self {
        Config {
            bind: ([0, 0, 0, 0], 8080).into(),
            static_dir: PathBuf::from("dist"),
            allowed_origins: Vec::new(),
            stun_urls: Vec::new(),
            stun_bind: StunBind::At(([0, 0, 0, 0], 3478).into()),
            turn_urls: Vec::new(),
            turn_secret: None,
            turn_ttl: 3600,
            max_rooms: 25_000,
            max_connections: 50_000,
            connections_per_address: 64,
            rooms_per_address: 16,
            creates_per_minute: 20,
            room_size: 16,
            frame_bytes: 16 * 1024,
            rate: 20,
            burst: 60,
            join_failures: 10,
            reclaim_grace: 120,
            idle_timeout: 60,
            handover_grace: 3,
            host_ping: 5,
            host_timeout: 15,
            header_timeout: 10,
            trust_forwarded_for: false,
            cluster_url: None,
            threads: 1,
            log_format: LogFormat::Text,
        }
    }

    /// Drops empty entries from the comma-separated lists (an empty variable means none).
    pub fn normalized(mut self) -> Self {
        for list in [
            &mut self.allowed_origins,
            &mut self.stun_urls,
            &mut self.turn_urls,
        ] {
            list.iter_mut().for_each(|s| *s = s.trim().to_owned());
            list.retain(|s| !s.is_empty());
        }
        self
    }

    /// The limits room bookkeeping enforces.
    pub fn room_limits(&self) -> RoomLimits {
        RoomLimits {
            room_size: self.room_size.max(1),
            max_rooms: self.max_rooms,
            reclaim_grace: Duration::from_secs(self.reclaim_grace),
            handover_grace: Duration::from_secs(self.handover_grace),
            rooms_per_address: self.rooms_per_address.max(1),
        }
    }

    /// The per-connection limits.
    pub fn frame_limits(&self) -> FrameLimits {
        FrameLimits {
            frame_bytes: self.frame_bytes,
            rate: self.rate,
            burst: self.burst.max(1),
        }
    }

    /// The warning to log at start when `--trust-forwarded-for` is on and the relay listens
    /// where clients may reach it without the proxy: any address but loopback and private
    /// ones (`0.0.0.0` and `::` listen on every interface, public ones included).
    pub fn forwarded_for_warning(&self) -> Option<String> {
        use std::net::IpAddr;
        let ip = self.bind.ip();
        let private = match ip {
            IpAddr::V4(v4) => v4.is_loopback() || v4.is_private() || v4.is_link_local(),
            IpAddr::V6(v6) => {
                let first = v6.segments()[0];
                v6.is_loopback() || (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80
            }
        };
        (self.trust_forwarded_for && !private).then(|| {
            format!(
                "--trust-forwarded-for is on and the relay listens on {}: a client that \
                 reaches it without the proxy writes X-Forwarded-For itself and so picks the \
                 address its limits count; make sure only the proxy can reach this port",
                self.bind
            )
        })
    }

    /// The cluster URL, unless unset or empty.
    pub fn cluster_url(&self) -> Option<&str> {
        self.cluster_url
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty())
    }

    /// The runtime that runs the relay: one thread (a current-thread runtime) for
    /// `--threads 1`, else a multi-thread runtime with `--threads` workers (0: one per
    /// core). Timers and I/O are enabled on both.
    pub fn runtime(&self) -> std::io::Result<tokio::runtime::Runtime> {
        let mut builder = match self.threads {
            1 => tokio::runtime::Builder::new_current_thread(),
            n => {
                let mut b = tokio::runtime::Builder::new_multi_thread();
                if n > 1 {
                    b.worker_threads(n);
                }
                b
            }
        };
        builder.enable_all().build()
    }

    /// How long a connection may go without a text frame.
    pub fn idle_timeout(&self) -> Duration {
        Duration::from_secs(self.idle_timeout)
    }

    /// How often a handover room's host is pinged (at least every second), and how long
    /// it may stay silent (at least one ping interval).
    pub fn host_watch(&self) -> (Duration, Duration) {
        let ping = self.host_ping.max(1);
        (
            Duration::from_secs(ping),
            Duration::from_secs(self.host_timeout.max(ping)),
        )
    }

    /// How long a connection may take to send a request head (at least one second).
    pub fn header_timeout(&self) -> Duration {
        Duration::from_secs(self.header_timeout.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_parse_and_lists_drop_empty_entries() {
        let c = Config::parse_from([
            "coup-relay",
            "--bind",
            "127.0.0.1:9000",
            "--allowed-origins",
            "https://a.example, https://b.example,",
            "--room-size",
            "4",
            "--reclaim-grace",
            "0",
        ])
        .normalized();
        assert_eq!(c.bind, "127.0.0.1:9000".parse().expect("addr"));
        assert_eq!(
            c.allowed_origins,
            vec!["https://a.example", "https://b.example"]
        );
        assert_eq!(c.room_limits().room_size, 4);
        assert!(c.room_limits().reclaim_grace.is_zero());
    }

    /// `coup-relay` with these arguments as if no `COUP_*` variable were set, whatever
    /// the environment of the test holds.
    fn parse_without_env(args: &[&str]) -> Config {
        use clap::{CommandFactory as _, FromArgMatches as _};
        let cmd = Config::command().mut_args(|a| a.env(None::<&str>));
        let matches = cmd
            .try_get_matches_from(std::iter::once("coup-relay").chain(args.iter().copied()))
            .expect("flags parse");
        Config::from_arg_matches(&matches)
            .expect("a configuration")
            .normalized()
    }

    /// The environment variable and default `--help` shows for the flag `id`.
    fn declared(id: &str) -> (Option<String>, Vec<String>) {
        use clap::CommandFactory as _;
        let cmd = Config::command();
        let arg = cmd
            .get_arguments()
            .find(|a| a.get_id() == id)
            .unwrap_or_else(|| panic!("no flag {id}"));
        (
            arg.get_env().map(|e| e.to_string_lossy().into_owned()),
            arg.get_default_values()
                .iter()
                .map(|v| v.to_string_lossy().into_owned())
                .collect(),
        )
    }

    #[test]
    fn defaults_match_the_spec_and_the_flags() {
        let c = Config::defaults();
        assert_eq!(parse_without_env(&[]), c);
        assert_eq!(c.bind.to_string(), "0.0.0.0:8080");
        assert_eq!(c.room_size, 16);
        assert_eq!(c.frame_bytes, 16384);
        assert_eq!((c.rate, c.burst, c.join_failures), (20, 60, 10));
        assert_eq!(
            (c.reclaim_grace, c.idle_timeout, c.turn_ttl),
            (120, 60, 3600)
        );
        assert_eq!((c.handover_grace, c.host_ping, c.host_timeout), (3, 5, 15));
        assert!(c.allowed_origins.is_empty() && c.stun_urls.is_empty());
        assert_eq!(c.threads, 1);
        assert_eq!(c.stun_bind.to_string(), "0.0.0.0:3478");
    }

    #[test]
    fn stun_is_on_by_default_and_off_by_flag_or_variable() {
        assert_eq!(
            declared("stun_bind"),
            (
                Some("COUP_STUN_BIND".to_owned()),
                vec!["0.0.0.0:3478".to_owned()]
            )
        );
        assert_eq!(
            parse_without_env(&[]).stun_bind,
            StunBind::At("0.0.0.0:3478".parse().expect("addr"))
        );
        assert_eq!(
            parse_without_env(&["--stun-bind", "off"]).stun_bind,
            StunBind::Off
        );
        assert_eq!(
            parse_without_env(&["--stun-bind", "127.0.0.1:0"]).stun_bind,
            StunBind::At("127.0.0.1:0".parse().expect("addr"))
        );
        assert_eq!(
            parse_without_env(&["--stun-bind", "[::1]:3479"]).stun_bind,
            StunBind::At("[::1]:3479".parse().expect("addr"))
        );
        // The flag wins over the variable (whatever it holds), and junk is an error.
        assert_eq!(
            Config::parse_from(["coup-relay", "--stun-bind", "off"]).stun_bind,
            StunBind::Off
        );
        assert!(Config::try_parse_from(["coup-relay", "--stun-bind", "3478"]).is_err());
        assert!(Config::try_parse_from(["coup-relay", "--stun-bind", ""]).is_err());
        assert_eq!(declared("stun_urls").0.as_deref(), Some("COUP_STUN_URLS"));
    }

    #[test]
    fn threads_choose_the_runtime() {
        use tokio::runtime::RuntimeFlavor;
        let flavor = |threads: &str| {
            let c = Config::parse_from(["coup-relay", "--threads", threads]);
            let rt = c.runtime().expect("runtime");
            let flavor = rt.handle().runtime_flavor();
            let workers = rt.metrics().num_workers();
            // A timer and a spawned task run on it, whichever it is.
            let ran = rt.block_on(async {
                tokio::time::sleep(Duration::from_millis(1)).await;
                tokio::spawn(async { 7 }).await.unwrap_or(0)
            });
            assert_eq!(ran, 7);
            (flavor, workers)
        };
        assert_eq!(flavor("1"), (RuntimeFlavor::CurrentThread, 1));
        assert_eq!(flavor("3"), (RuntimeFlavor::MultiThread, 3));
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        assert_eq!(flavor("0"), (RuntimeFlavor::MultiThread, cores));
        assert!(Config::try_parse_from(["coup-relay", "--threads", "-1"]).is_err());
    }

    #[test]
    fn trusting_forwarded_for_on_a_public_address_is_warned_about() {
        let warn = |bind: &str, trust: bool| {
            let mut c = Config::defaults();
            c.bind = bind.parse().expect("addr");
            c.trust_forwarded_for = trust;
            c.forwarded_for_warning()
        };
        for public in [
            "0.0.0.0:8080",
            "203.0.113.5:80",
            "[::]:8080",
            "[2001:db8::1]:80",
        ] {
            assert!(warn(public, true).is_some(), "{public}");
            assert!(warn(public, false).is_none(), "{public}");
        }
        for private in [
            "127.0.0.1:8080",
            "10.0.0.2:8080",
            "192.168.1.2:80",
            "[::1]:80",
            "[fd00::1]:80",
        ] {
            assert!(warn(private, true).is_none(), "{private}");
        }
        let text = warn("0.0.0.0:8080", true).unwrap_or_default();
        assert!(text.contains("X-Forwarded-For") && text.contains("0.0.0.0:8080"));
    }

    #[test]
    fn debug_output_never_shows_the_turn_secret() {
        let c = Config::parse_from(["coup-relay", "--turn-secret", "hunter2-very-secret"]);
        let shown = format!("{c:?}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(shown.contains("<redacted>"));
    }
}
