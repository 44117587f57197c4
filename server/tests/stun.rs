//! The relay's STUN server on real UDP sockets: answers carry the client's own address,
//! everything but a well-formed Binding request gets silence, answers per address are
//! limited, and `/metrics` counts all of it.
//!
//! Silence is proved by order, not by waiting: a well-formed request sent after the bad
//! ones is answered first, and the relay handles datagrams in the order they arrive.

mod common;

use std::net::{IpAddr, SocketAddr};

use common::{FAILURE_BOUND, Relay, hold_clock, http_get, relay};
use coup_server::stun::{
    BINDING_REQUEST, BINDING_SUCCESS, FINGERPRINT, FINGERPRINT_XOR, MAGIC_COOKIE,
    XOR_MAPPED_ADDRESS, crc32,
};
use tokio::net::UdpSocket;
use tokio::time::{Duration, advance, timeout};

/// A Binding request with transaction id `tx`, these attributes, and a FINGERPRINT last
/// if asked: written here from RFC 8489, not with the relay's code.
fn request(tx: [u8; 12], attrs: &[(u16, &[u8])], fingerprint: bool) -> Vec<u8> {
    let mut d = Vec::new();
    d.extend_from_slice(&BINDING_REQUEST.to_be_bytes());
    d.extend_from_slice(&[0, 0]);
    d.extend_from_slice(&MAGIC_COOKIE.to_be_bytes());
    d.extend_from_slice(&tx);
    for (kind, value) in attrs {
        d.extend_from_slice(&kind.to_be_bytes());
        d.extend_from_slice(&(value.len() as u16).to_be_bytes());
        d.extend_from_slice(value);
        d.resize(d.len().next_multiple_of(4), 0);
    }
    let body = d.len() - 20 + if fingerprint { 8 } else { 0 };
    d[2..4].copy_from_slice(&(body as u16).to_be_bytes());
    if fingerprint {
        let crc = crc32(&d) ^ FINGERPRINT_XOR;
        d.extend_from_slice(&FINGERPRINT.to_be_bytes());
        d.extend_from_slice(&4u16.to_be_bytes());
        d.extend_from_slice(&crc.to_be_bytes());
    }
    d
}

/// What an answer says: its transaction id, the mapped address, whether it carried a
/// (correct) FINGERPRINT. Panics on anything a Binding success response must not be.
fn read_answer(d: &[u8]) -> ([u8; 12], SocketAddr, bool) {
    assert!(d.len() >= 20, "{d:?}");
    assert_eq!(u16::from_be_bytes([d[0], d[1]]), BINDING_SUCCESS);
    assert_eq!(
        usize::from(u16::from_be_bytes([d[2], d[3]])) + 20,
        d.len(),
        "the length field"
    );
    assert_eq!(d[4..8], MAGIC_COOKIE.to_be_bytes());
    let tx: [u8; 12] = d[8..20].try_into().expect("12 bytes");
    let (mut mapped, mut fingerprint) = (None, false);
    let mut at = 20;
    while at < d.len() {
        assert!(!fingerprint, "an attribute after FINGERPRINT");
        let kind = u16::from_be_bytes([d[at], d[at + 1]]);
        let len = usize::from(u16::from_be_bytes([d[at + 2], d[at + 3]]));
        let v = &d[at + 4..at + 4 + len];
        match kind {
            XOR_MAPPED_ADDRESS => {
                let port = u16::from_be_bytes([v[2], v[3]]) ^ (MAGIC_COOKIE >> 16) as u16;
                let mut key = MAGIC_COOKIE.to_be_bytes().to_vec();
                key.extend_from_slice(&tx);
                let ip: IpAddr = match (v[1], len) {
                    (1, 8) => {
                        let o: [u8; 4] = std::array::from_fn(|i| v[4 + i] ^ key[i]);
                        o.into()
                    }
                    (2, 20) => {
                        let o: [u8; 16] = std::array::from_fn(|i| v[4 + i] ^ key[i]);
                        o.into()
                    }
                    other => panic!("family and length {other:?}"),
                };
                mapped = Some(SocketAddr::new(ip, port));
            }
            FINGERPRINT => {
                let crc = u32::from_be_bytes(v.try_into().expect("4 bytes"));
                assert_eq!(crc, crc32(&d[..at]) ^ FINGERPRINT_XOR, "the fingerprint");
                fingerprint = true;
            }
            other => panic!("an attribute the relay should not send: {other:#06x}"),
        }
        at += 4 + len.next_multiple_of(4);
    }
    (tx, mapped.expect("XOR-MAPPED-ADDRESS"), fingerprint)
}

/// A relay whose STUN server listens on `bind` (port 0), and where.
async fn stun_relay(bind: &str) -> (Relay, SocketAddr) {
    let r = relay(&["--stun-bind", bind]).await;
    let at = r.hub.stun_addr().expect("STUN bound");
    assert_ne!(at.port(), 0);
    (r, at)
}

/// The next datagram on `socket` (the test fails after the failure bound, not hangs).
async fn recv(socket: &UdpSocket) -> Vec<u8> {
    let mut buf = [0u8; 1500];
    let n = timeout(FAILURE_BOUND, socket.recv(&mut buf))
        .await
        .expect("an answer")
        .expect("recv");
    buf[..n].to_vec()
}

/// A client socket at `local`, talking to `server`.
async fn client(local: &str, server: SocketAddr) -> UdpSocket {
    let socket = UdpSocket::bind(local).await.expect("bind a client");
    socket.connect(server).await.expect("connect");
    socket
}

/// A client socket at `local`, talking to `server`, for sending and for reading what
/// has arrived (`std`'s non-blocking reads ask the kernel; tokio's `try_recv` may answer
/// from readiness it has not yet learnt).
fn std_client(local: &str, server: SocketAddr) -> std::net::UdpSocket {
    let socket = std::net::UdpSocket::bind(local).expect("bind a client");
    socket.connect(server).expect("connect");
    socket.set_nonblocking(true).expect("non-blocking");
    socket
}

/// Every datagram that has arrived at `socket`, in order.
fn arrived(socket: &std::net::UdpSocket) -> Vec<Vec<u8>> {
    let mut buf = [0u8; 1500];
    let mut all = Vec::new();
    loop {
        match socket.recv(&mut buf) {
            Ok(n) => all.push(buf[..n].to_vec()),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return all,
            Err(e) => panic!("recv: {e}"),
        }
    }
}

/// Fails the test, saying why, when this machine cannot bind `::1`: a test of IPv6 that
/// passed without IPv6 would check nothing, and every machine the tests are meant for
/// (CI's included) has IPv6 on loopback.
fn require_ipv6_loopback() {
    if let Err(e) = std::net::UdpSocket::bind("[::1]:0") {
        panic!(
            "no IPv6 on loopback here ({e}), so the relay's STUN over IPv6 cannot be tested: \
             enable it (sysctl net.ipv6.conf.lo.disable_ipv6=0) and run again"
        );
    }
}

/// The value of the `/metrics` line `name` (with its labels).
async fn metric(r: &Relay, name: &str) -> u64 {
    let text = http_get(r.direct, "/metrics").await;
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {text}"))
}

#[tokio::test]
async fn a_binding_request_is_answered_with_the_clients_own_address() {
    let (r, at) = stun_relay("127.0.0.1:0").await;
    let c = client("127.0.0.1:0", at).await;
    let me = c.local_addr().expect("addr");
    // A bare header (as Chromium sends), and SOFTWARE with a FINGERPRINT (as Firefox).
    let bare = request(*b"chromium-tx1", &[], false);
    c.send(&bare).await.expect("send");
    let got = recv(&c).await;
    assert_eq!(got.len(), 32, "20 + 12 bytes, no more");
    assert_eq!(read_answer(&got), (*b"chromium-tx1", me, false));
    let firefox = request(*b"firefox-tx-2", &[(0x8022, b"Mozilla Firefox")], true);
    c.send(&firefox).await.expect("send");
    let got = recv(&c).await;
    assert!(got.len() <= firefox.len() + 12, "{} bytes", got.len());
    assert_eq!(read_answer(&got), (*b"firefox-tx-2", me, true));
    assert_eq!(metric(&r, "coup_relay_stun_answered_total").await, 2);
}

#[tokio::test]
async fn ipv6_clients_get_their_ipv6_address() {
    require_ipv6_loopback();
    let (_r, at) = stun_relay("[::1]:0").await;
    let c = client("[::1]:0", at).await;
    let me = c.local_addr().expect("addr");
    c.send(&request(*b"ipv6-request", &[], false))
        .await
        .expect("send");
    let got = recv(&c).await;
    assert_eq!(got.len(), 44, "20 + 24 bytes, no more");
    assert_eq!(read_answer(&got), (*b"ipv6-request", me, false));
    c.send(&request(*b"ipv6-with-fp", &[], true))
        .await
        .expect("send");
    let got = recv(&c).await;
    assert_eq!(got.len(), 52, "28 + 24");
    assert_eq!(read_answer(&got), (*b"ipv6-with-fp", me, true));
}

/// Listening on `[::]` takes IPv4 too (as a v4-mapped address), with or without IPv6 on
/// loopback: answered as IPv4.
#[tokio::test]
async fn dual_stack_ipv4_clients_get_their_ipv4_address() {
    let (_r, at) = stun_relay("[::]:0").await;
    let c = client("127.0.0.1:0", ([127, 0, 0, 1], at.port()).into()).await;
    let me = c.local_addr().expect("addr");
    c.send(&request(*b"mapped-ipv4!", &[], false))
        .await
        .expect("send");
    let got = recv(&c).await;
    assert_eq!(got.len(), 32);
    assert_eq!(read_answer(&got), (*b"mapped-ipv4!", me, false));
}

/// On the wildcard address, the answer leaves from the address the request was sent to:
/// loopback is all of 127/8, and the route back to 127.0.0.1 would send it from
/// 127.0.0.1, which the client's NAT or firewall would not match to its request. (The
/// same across routers and NATs, and for IPv6: `tests/stun_lab.rs`.)
#[tokio::test]
async fn on_the_wildcard_address_the_answer_comes_from_the_address_asked() {
    for bind in ["0.0.0.0:0", "[::]:0"] {
        let (_r, at) = stun_relay(bind).await;
        for asked in [[127, 0, 0, 2], [127, 0, 0, 3]] {
            let asked = SocketAddr::from((asked, at.port()));
            let c = UdpSocket::bind("127.0.0.1:0").await.expect("bind a client");
            let me = c.local_addr().expect("addr");
            c.send_to(&request(*b"asked-by-ip!", &[], false), asked)
                .await
                .expect("send");
            let mut buf = [0u8; 1500];
            let (n, from) = timeout(FAILURE_BOUND, c.recv_from(&mut buf))
                .await
                .expect("an answer")
                .expect("recv");
            assert_eq!(from, asked, "on {bind}, the answer's source");
            assert_eq!(read_answer(&buf[..n]), (*b"asked-by-ip!", me, false));
        }
    }
}

#[tokio::test]
async fn anything_but_a_well_formed_binding_request_gets_silence() {
    let (r, at) = stun_relay("127.0.0.1:0").await;
    let c = client("127.0.0.1:0", at).await;
    let good = request(*b"good-request", &[(0x8022, b"x")], true);
    let mut response = good.clone();
    response[0] = 0x01; // a Binding success response (its fingerprint now wrong too)
    let mut indication = request(*b"indication!!", &[], false);
    indication[1] = 0x11;
    let allocate = {
        let mut d = request(*b"allocate-req", &[], false);
        d[1] = 0x03;
        d
    };
    let mut no_cookie = request(*b"rfc3489-req!", &[], false);
    no_cookie[4..8].copy_from_slice(&[0; 4]);
    let mut bad_fingerprint = good.clone();
    bad_fingerprint[27] ^= 0xff;
    let change_request = request(*b"rfc5780-req!", &[(0x0003, &[0, 0, 0, 6])], false);
    let malformed: Vec<Vec<u8>> = vec![
        vec![],
        b"GET / HTTP/1.1\r\n\r\n".to_vec(),
        good[..19].to_vec(),
        good[..good.len() - 1].to_vec(),
        [good.as_slice(), &[0, 0, 0, 0]].concat(),
        no_cookie,
        bad_fingerprint,
        response,
        request(*b"far-too-long", &[(0x8022, &[b'x'; 600])], false),
        vec![0u8; 2000],
    ];
    let others = [indication, allocate];
    for d in malformed.iter().chain(&others).chain([&change_request]) {
        c.send(d).await.expect("send");
    }
    // The barrier: answered, and the first thing that comes back.
    let barrier = request(*b"the-barrier!", &[], false);
    c.send(&barrier).await.expect("send");
    let (tx, _, _) = read_answer(&recv(&c).await);
    assert_eq!(
        &tx, b"the-barrier!",
        "nothing came back before the barrier's answer"
    );
    let c = c.into_std().expect("a std socket");
    assert_eq!(
        arrived(&c),
        Vec::<Vec<u8>>::new(),
        "nothing came after it either"
    );
    let refused = |reason: &str| format!("coup_relay_stun_refused_total{{reason=\"{reason}\"}}");
    assert_eq!(
        metric(&r, &refused("malformed")).await,
        malformed.len() as u64
    );
    assert_eq!(metric(&r, &refused("not_binding_request")).await, 2);
    assert_eq!(metric(&r, &refused("unknown_attribute")).await, 1);
    assert_eq!(metric(&r, "coup_relay_stun_answered_total").await, 1);
}

/// Under a paused clock (held, so that it moves only by `advance`): the relay's token
/// buckets see no time pass between datagrams.
#[tokio::test(start_paused = true)]
async fn answers_per_address_stop_past_the_burst_and_come_back_with_time() {
    let _clock = hold_clock();
    let (r, at) = stun_relay("127.0.0.1:0").await;
    let burst = coup_server::stun::STUN_BURST as usize;
    let a = std_client("127.0.0.1:0", at);
    // Another address (loopback is all of 127/8): its own budget, and the barrier.
    let b = client("127.0.0.2:0", at).await;
    for i in 0..burst + 5 {
        let tx: [u8; 12] = std::array::from_fn(|k| if k == 0 { i as u8 } else { b'a' });
        a.send(&request(tx, &[], false)).expect("send");
    }
    b.send(&request(*b"other-client", &[], false))
        .await
        .expect("send");
    let mut buf = [0u8; 64];
    let n = b.recv(&mut buf).await.expect("the barrier is answered");
    assert_eq!(&read_answer(&buf[..n]).0, b"other-client");
    // Every answer to `a` went out before the barrier's.
    let answered = arrived(&a);
    assert_eq!(answered.len(), burst);
    for (i, d) in answered.iter().enumerate() {
        assert_eq!(
            usize::from(read_answer(d).0[0]),
            i,
            "the first ones, in order"
        );
    }
    let limited = "coup_relay_stun_refused_total{reason=\"rate_limited\"}";
    assert_eq!(metric(&r, limited).await, 5);
    assert_eq!(
        metric(&r, "coup_relay_stun_answered_total").await,
        burst as u64 + 1
    );

    // A second later, ten more (STUN_RATE a second), and no more.
    advance(Duration::from_secs(1)).await;
    let rate = coup_server::stun::STUN_RATE as usize;
    for _ in 0..rate + 1 {
        a.send(&request(*b"a-second-on!", &[], false))
            .expect("send");
    }
    b.send(&request(*b"barrier-two!", &[], false))
        .await
        .expect("send");
    let n = b.recv(&mut buf).await.expect("the barrier is answered");
    assert_eq!(&read_answer(&buf[..n]).0, b"barrier-two!");
    assert_eq!(arrived(&a).len(), rate);
    assert_eq!(metric(&r, limited).await, 6);
}
