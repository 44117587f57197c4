//! The relay's STUN server on a host with more than one address, across a lab of network
//! namespaces (Linux, as root):
//!
//! ```text
//!   relay   lo: 203.0.113.1, 203.0.113.2, 2001:db8:f::1, 2001:db8:f::2 (public)
//!     ├─ to-r1 198.51.100.1/30, 2001:db8:1::1/64 ─ wan ─ router 1 ─ lan ─ home 1
//!     └─ to-r2 198.51.100.5/30, 2001:db8:2::1/64 ─ wan ─ router 2 ─ lan ─ home 2
//!   home n: 10.0.n.2, 2001:db8:n:1::2; router n: wan 198.51.100.(4n-2), 2001:db8:n::2
//! ```
//!
//! The public addresses sit on the relay's loopback, as a floating or secondary address
//! does on a real server; the route back to each home leaves through its own link, whose
//! address is the one the kernel would pick as the source. Each router masquerades its
//! home's IPv4 (MASQUERADE) and, for both families, forwards from its WAN only what
//! belongs to a flow its home opened (conntrack ESTABLISHED,RELATED), as home routers do.
//! An answer from any address but the one asked never reaches the home.
//!
//! The relay is the real binary, on its defaults (`--stun-bind 0.0.0.0:3478`) or
//! dual-stack (`[::]:3478`). Each home sends Binding requests to a public address and
//! checks that the answer comes from exactly that address and port and maps the address
//! the relay saw: the router's WAN address for IPv4, the home's own for IPv6.
//!
//! Where network namespaces cannot be made (not root, no `ip`), each test says so loudly
//! on the terminal and checks nothing, unless `COUP_STUN_LAB=required`: then it fails.
//! `.ci/test.sh test` runs these tests as root (through sudo when not root), required.

#![cfg(target_os = "linux")]

use std::fs::File;
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream, UdpSocket};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use coup_server::stun::{BINDING_REQUEST, BINDING_SUCCESS, MAGIC_COOKIE, XOR_MAPPED_ADDRESS};
use nix::sched::{CloneFlags, setns};

const RELAY_BIN: &str = env!("CARGO_BIN_EXE_coup-relay");

/// The relay's public addresses, on its loopback.
const PUBLIC_V4: [Ipv4Addr; 2] = [Ipv4Addr::new(203, 0, 113, 1), Ipv4Addr::new(203, 0, 113, 2)];
const PUBLIC_V6: [Ipv6Addr; 2] = [
    Ipv6Addr::new(0x2001, 0xdb8, 0xf, 0, 0, 0, 0, 1),
    Ipv6Addr::new(0x2001, 0xdb8, 0xf, 0, 0, 0, 0, 2),
];
const STUN_PORT: u16 = 3478;

/// How long a home waits for an answer before it sends its request again, and how many
/// times it sends it, as a STUN client retransmits over a lossy path (none here).
const RETRANSMIT: Duration = Duration::from_millis(500);
const TRIES: u32 = 6;
/// How long the relay may take to start.
const START_BOUND: Duration = Duration::from_secs(60);

/// Runs `line` (a command and its arguments, split at spaces) inside namespace `ns`, or
/// outside any when `ns` is empty; panics with its stderr when it fails.
fn run_in(ns: &str, line: &str) {
    let mut args: Vec<&str> = line.split(' ').collect();
    if !ns.is_empty() {
        args.splice(0..0, ["ip", "netns", "exec", ns]);
    }
    let out = Command::new(args[0])
        .args(&args[1..])
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", args.join(" ")));
    assert!(
        out.status.success(),
        "{}: {}\n{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Runs `ip -n ns` with `line`.
fn ip_in(ns: &str, line: &str) {
    run_in("", &format!("ip -n {ns} {line}"));
}

/// Why this machine cannot make the lab, if it cannot.
fn lab_unavailable(probe: &str) -> Option<String> {
    for tool in ["ip", "iptables", "ip6tables", "sysctl"] {
        let found = Command::new(tool)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok();
        if !found {
            return Some(format!("`{tool}` is not installed"));
        }
    }
    let out = match Command::new("ip").args(["netns", "add", probe]).output() {
        Ok(out) => out,
        Err(e) => return Some(format!("`ip netns add` did not run: {e}")),
    };
    if !out.status.success() {
        return Some(format!(
            "`ip netns add` failed (root is needed): {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let _ = Command::new("ip").args(["netns", "del", probe]).status();
    None
}

/// One end of a link: its namespace, interface, IPv4 address, IPv6 address (a /64) and
/// IPv4 prefix length.
type End<'a> = (&'a str, &'a str, Ipv4Addr, Ipv6Addr, u8);

/// Links `a` and `b` by a veth pair whose MAC addresses `mac` tells apart, each end with
/// its addresses and the other's MAC address as a permanent neighbour for both. The
/// neighbours are fixed so that no datagram waits on (or is lost to) ARP or neighbour
/// discovery on links that have only just come up: the first IPv6 datagram across a new
/// link otherwise took a second.
fn wire(a: End<'_>, b: End<'_>, mac: [u8; 2]) {
    let mac_of = |end: u8| format!("02:00:00:{:02x}:{:02x}:{end:02x}", mac[0], mac[1]);
    let (mac_a, mac_b) = (mac_of(1), mac_of(2));
    let (a_ns, a_dev, b_ns, b_dev) = (a.0, a.1, b.0, b.1);
    ip_in(
        a_ns,
        &format!(
            "link add {a_dev} address {mac_a} type veth peer name {b_dev} address {mac_b} netns {b_ns}"
        ),
    );
    for ((ns, dev, v4, v6, len), (_, _, peer_v4, peer_v6, _), peer_mac) in
        [(a, b, &mac_b), (b, a, &mac_a)]
    {
        ip_in(ns, &format!("addr add {v4}/{len} dev {dev}"));
        ip_in(ns, &format!("addr add {v6}/64 dev {dev} nodad"));
        for peer in [peer_v4.to_string(), peer_v6.to_string()] {
            ip_in(
                ns,
                &format!("neigh add {peer} lladdr {peer_mac} dev {dev} nud permanent"),
            );
        }
        ip_in(ns, &format!("link set {dev} up"));
    }
}

/// Runs `f` on a thread of its own inside namespace `ns`: a socket it makes stays there.
fn in_namespace<T: Send>(ns: &str, f: impl FnOnce() -> T + Send) -> T {
    let path = format!("/run/netns/{ns}");
    std::thread::scope(|s| {
        s.spawn(|| {
            let file = File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            setns(&file, CloneFlags::CLONE_NEWNET).expect("enter the namespace");
            f()
        })
        .join()
        .expect("the thread inside the namespace")
    })
}

/// Each lab's namespaces get a name of their own: this process's pid and a count.
static LABS: AtomicUsize = AtomicUsize::new(0);

/// One home behind its router.
struct Home {
    ns: String,
    /// The router's WAN address: what the relay sees of the home over IPv4.
    wan_v4: Ipv4Addr,
    /// The home's own IPv6 address, which its router forwards unchanged.
    v6: Ipv6Addr,
}

/// The lab: its namespaces and the relay running in one of them; dropping it kills the
/// relay and deletes every namespace.
struct Lab {
    namespaces: Vec<String>,
    relay_ns: String,
    homes: Vec<Home>,
    relay: Option<Child>,
    log: mpsc::Receiver<String>,
    log_so_far: String,
}

impl Drop for Lab {
    fn drop(&mut self) {
        if let Some(mut relay) = self.relay.take() {
            let _ = relay.kill();
            let _ = relay.wait();
        }
        for ns in &self.namespaces {
            let _ = Command::new("ip").args(["netns", "del", ns]).status();
        }
    }
}

impl Lab {
    /// Builds the lab, or says why it cannot (see the module's documentation).
    fn build() -> Option<Lab> {
        let prefix = format!(
            "coup-stun-{}-{}",
            std::process::id(),
            LABS.fetch_add(1, Ordering::Relaxed)
        );
        if let Some(why) = lab_unavailable(&format!("{prefix}-probe")) {
            let say = format!(
                "\n!!! THE STUN NAT LAB DID NOT RUN: {why}.\n\
                 !!! Answers from the wrong address on a host with several are not tested.\n\
                 !!! Run it as root (`.ci/test.sh test` does, through sudo when not root).\n"
            );
            if std::env::var("COUP_STUN_LAB").is_ok_and(|v| v == "required") {
                panic!("{say}");
            }
            // Straight to the terminal: the test harness keeps what a passing test prints.
            let _ = std::io::stderr().write_all(say.as_bytes());
            return None;
        }
        let mut lab = Lab {
            namespaces: Vec::new(),
            relay_ns: format!("{prefix}-relay"),
            homes: Vec::new(),
            relay: None,
            log: mpsc::channel().1,
            log_so_far: String::new(),
        };
        let make = |lab: &mut Lab, name: &str| {
            run_in("", &format!("ip netns add {name}"));
            lab.namespaces.push(name.to_owned());
            ip_in(name, "link set lo up");
        };
        let relay = lab.relay_ns.clone();
        make(&mut lab, &relay);
        for v4 in PUBLIC_V4 {
            ip_in(&relay, &format!("addr add {v4}/32 dev lo"));
        }
        for v6 in PUBLIC_V6 {
            ip_in(&relay, &format!("addr add {v6}/128 dev lo"));
        }
        for n in 1..=2u8 {
            let router = format!("{prefix}-r{n}");
            let home = format!("{prefix}-h{n}");
            make(&mut lab, &router);
            make(&mut lab, &home);
            // The relay's end of the link and the router's WAN: a /30 and a /64 each.
            let relay_v4 = Ipv4Addr::new(198, 51, 100, 4 * (n - 1) + 1);
            let wan_v4 = Ipv4Addr::new(198, 51, 100, 4 * (n - 1) + 2);
            let v6 =
                |net: u16, host: u16| Ipv6Addr::new(0x2001, 0xdb8, n.into(), net, 0, 0, 0, host);
            let (relay_v6, wan_v6, lan_v6, home_v6) = (v6(0, 1), v6(0, 2), v6(1, 1), v6(1, 2));
            let (lan_v4, home_v4) = (Ipv4Addr::new(10, 0, n, 1), Ipv4Addr::new(10, 0, n, 2));
            wire(
                (&relay, &format!("to-r{n}"), relay_v4, relay_v6, 30),
                (&router, "wan", wan_v4, wan_v6, 30),
                [0, n],
            );
            wire(
                (&router, "lan", lan_v4, lan_v6, 24),
                (&home, "eth0", home_v4, home_v6, 24),
                [1, n],
            );
            // The relay reaches each home's IPv6 network through its router (its IPv4 it
            // sees only as the router's WAN address).
            ip_in(
                &relay,
                &format!("-6 route add {}/64 via {wan_v6}", v6(1, 0)),
            );
            ip_in(&router, &format!("route add default via {relay_v4}"));
            ip_in(&router, &format!("-6 route add default via {relay_v6}"));
            ip_in(&home, &format!("route add default via {lan_v4}"));
            ip_in(&home, &format!("-6 route add default via {lan_v6}"));
            run_in(
                &router,
                "sysctl -qw net.ipv4.ip_forward=1 net.ipv6.conf.all.forwarding=1",
            );
            run_in(
                &router,
                "iptables -t nat -A POSTROUTING -o wan -j MASQUERADE",
            );
            for tables in ["iptables", "ip6tables"] {
                let rule = |r: &str| run_in(&router, &format!("{tables} {r}"));
                rule("-P FORWARD DROP");
                rule("-A FORWARD -i lan -o wan -j ACCEPT");
                rule("-A FORWARD -i wan -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT");
                // The router itself answers nothing on its WAN either: an answer from the
                // wrong address, which matches no flow, is dropped, not refused by ICMP.
                rule("-A INPUT -i wan -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT");
                rule("-A INPUT -i wan -j DROP");
            }
            lab.homes.push(Home {
                ns: home,
                wan_v4,
                v6: home_v6,
            });
        }
        Some(lab)
    }

    /// Starts the relay in its namespace with `args` and waits until it says it listens
    /// (its STUN socket is bound before that line).
    fn start_relay(&mut self, args: &[&str]) {
        let mut cmd = Command::new("ip");
        cmd.args(["netns", "exec", &self.relay_ns, RELAY_BIN])
            .args(["--bind", "203.0.113.1:8080", "--static-dir", "/nonexistent"])
            .args(args)
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (key, _) in std::env::vars_os() {
            if key.to_string_lossy().starts_with("COUP_") {
                cmd.env_remove(key);
            }
        }
        let mut child = cmd.spawn().expect("start the relay");
        let (tx, rx) = mpsc::channel();
        for out in [
            Box::new(child.stdout.take().expect("stdout")) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().expect("stderr")),
        ] {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(out).lines().map_while(Result::ok) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        self.relay = Some(child);
        self.log = rx;
        let deadline = Instant::now() + START_BOUND;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.log.recv_timeout(left) {
                Ok(line) => {
                    self.log_so_far.push_str(&line);
                    self.log_so_far.push('\n');
                    if line.contains("coup-relay listening") {
                        return;
                    }
                }
                Err(_) => panic!("the relay did not start:\n{}", self.log_so_far),
            }
        }
    }

    /// A UDP socket bound to `local` inside namespace `ns`.
    fn socket_in(ns: &str, local: SocketAddr) -> UdpSocket {
        in_namespace(ns, || UdpSocket::bind(local).expect("bind in the home"))
    }

    /// What the relay's `/metrics` says it answered, asked from inside its namespace.
    fn answered(&self) -> String {
        in_namespace(&self.relay_ns, || {
            let mut http = TcpStream::connect("203.0.113.1:8080").expect("reach the relay");
            http.set_read_timeout(Some(START_BOUND)).expect("a timeout");
            http.write_all(b"GET /metrics HTTP/1.1\r\nHost: relay\r\nConnection: close\r\n\r\n")
                .expect("ask /metrics");
            let mut text = String::new();
            let _ = http.read_to_string(&mut text);
            text.lines()
                .find(|l| l.starts_with("coup_relay_stun_answered_total "))
                .unwrap_or("no coup_relay_stun_answered_total in /metrics")
                .to_owned()
        })
    }

    /// Sends Binding requests from home `home` to `server` until one is answered (or
    /// none is after [`TRIES`]); checks the answer and returns who answered, the address
    /// it maps and the home socket's port.
    fn ask(
        &self,
        home: usize,
        server: SocketAddr,
    ) -> Result<(SocketAddr, SocketAddr, u16), String> {
        let any: SocketAddr = match server {
            SocketAddr::V4(_) => (Ipv4Addr::UNSPECIFIED, 0).into(),
            SocketAddr::V6(_) => (Ipv6Addr::UNSPECIFIED, 0).into(),
        };
        let socket = Lab::socket_in(&self.homes[home].ns, any);
        let local_port = socket.local_addr().expect("its address").port();
        socket
            .set_read_timeout(Some(RETRANSMIT))
            .expect("a read timeout");
        let tx: [u8; 12] = std::array::from_fn(|i| (home * 16 + i) as u8 ^ server.port() as u8);
        let request = binding_request(tx);
        let mut buf = [0u8; 1500];
        for _ in 0..TRIES {
            socket.send_to(&request, server).expect("send");
            // Anything that comes before the retransmission time: an answer from the wrong
            // address would be seen here too, if the router let it through.
            match socket.recv_from(&mut buf) {
                Ok((n, from)) => return Ok((from, read_answer(&buf[..n], tx), local_port)),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(e) => panic!("recv: {e}"),
            }
        }
        Err(format!(
            "home {} got no answer from {server} to {TRIES} Binding requests",
            home + 1
        ))
    }

    /// Checks that home `home` asking `server` is answered from `server` itself, with
    /// the address `seen_as` and the home socket's own port (a masquerading router keeps
    /// it where it can, and nothing here takes it).
    fn expect_answer(&mut self, home: usize, server: SocketAddr, seen_as: IpAddr) {
        match self.ask(home, server) {
            Ok((from, mapped, local_port)) => {
                let which = home + 1;
                assert_eq!(
                    from, server,
                    "home {which} was answered from another address"
                );
                assert_eq!(
                    mapped,
                    SocketAddr::new(seen_as, local_port),
                    "the address home {which} was seen by"
                );
            }
            Err(e) => {
                while let Ok(line) = self.log.try_recv() {
                    self.log_so_far.push_str(&line);
                    self.log_so_far.push('\n');
                }
                panic!(
                    "{e}, while the relay counts {}\nthe relay's log:\n{}",
                    self.answered(),
                    self.log_so_far
                );
            }
        }
    }
}

/// A bare Binding request (as Chromium sends), written here from RFC 8489.
fn binding_request(tx: [u8; 12]) -> Vec<u8> {
    let mut d = Vec::with_capacity(20);
    d.extend_from_slice(&BINDING_REQUEST.to_be_bytes());
    d.extend_from_slice(&[0, 0]);
    d.extend_from_slice(&MAGIC_COOKIE.to_be_bytes());
    d.extend_from_slice(&tx);
    d
}

/// The XOR-MAPPED-ADDRESS of a Binding success response to transaction `tx`.
fn read_answer(d: &[u8], tx: [u8; 12]) -> SocketAddr {
    assert!(d.len() >= 32, "an answer of {} bytes", d.len());
    assert_eq!(u16::from_be_bytes([d[0], d[1]]), BINDING_SUCCESS);
    assert_eq!(d[4..8], MAGIC_COOKIE.to_be_bytes());
    assert_eq!(d[8..20], tx, "the transaction id");
    assert_eq!(u16::from_be_bytes([d[20], d[21]]), XOR_MAPPED_ADDRESS);
    let port = u16::from_be_bytes([d[26], d[27]]) ^ (MAGIC_COOKIE >> 16) as u16;
    let mut key = MAGIC_COOKIE.to_be_bytes().to_vec();
    key.extend_from_slice(&tx);
    let ip: IpAddr = match d[25] {
        1 => std::array::from_fn::<u8, 4, _>(|i| d[28 + i] ^ key[i]).into(),
        2 => {
            assert!(d.len() >= 44, "an IPv6 answer of {} bytes", d.len());
            std::array::from_fn::<u8, 16, _>(|i| d[28 + i] ^ key[i]).into()
        }
        other => panic!("address family {other}"),
    };
    SocketAddr::new(ip, port)
}

/// The lab itself: a relay bound to one public address answers from it, as it always
/// did, to both homes (and the routers pass the answers).
#[test]
fn bound_to_one_public_address_the_relay_answers_from_it() {
    let Some(mut lab) = Lab::build() else { return };
    lab.start_relay(&["--stun-bind", "203.0.113.1:3478"]);
    for home in 0..2 {
        let wan = IpAddr::V4(lab.homes[home].wan_v4);
        lab.expect_answer(home, (PUBLIC_V4[0], STUN_PORT).into(), wan);
    }
}

#[test]
fn on_its_defaults_the_relay_answers_ipv4_from_the_address_each_home_asked() {
    let Some(mut lab) = Lab::build() else { return };
    lab.start_relay(&[]);
    for home in 0..2 {
        let wan = IpAddr::V4(lab.homes[home].wan_v4);
        for public in PUBLIC_V4 {
            lab.expect_answer(home, (public, STUN_PORT).into(), wan);
        }
    }
}

/// On `[::]`, IPv4 arrives as v4-mapped addresses and its answers leave as IPv4.
#[test]
fn dual_stack_the_relay_answers_ipv4_from_the_address_each_home_asked() {
    let Some(mut lab) = Lab::build() else { return };
    lab.start_relay(&["--stun-bind", "[::]:3478"]);
    for home in 0..2 {
        let wan = IpAddr::V4(lab.homes[home].wan_v4);
        for public in PUBLIC_V4 {
            lab.expect_answer(home, (public, STUN_PORT).into(), wan);
        }
    }
}

#[test]
fn dual_stack_the_relay_answers_ipv6_from_the_address_each_home_asked() {
    let Some(mut lab) = Lab::build() else { return };
    lab.start_relay(&["--stun-bind", "[::]:3478"]);
    for home in 0..2 {
        let own = IpAddr::V6(lab.homes[home].v6);
        for public in PUBLIC_V6 {
            lab.expect_answer(home, (public, STUN_PORT).into(), own);
        }
    }
}
