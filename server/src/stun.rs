//! The relay's own STUN server: it answers Binding requests (RFC 8489) on UDP, so that a
//! browser behind a NAT learns the address the internet sees it by (its server-reflexive
//! candidate) without a STUN server of another party.
//!
//! It is an open UDP service, so it answers only what it must and never more than it was
//! sent:
//!
//! - [`answer`] takes only a well-formed Binding request: a 20-byte header with the first
//!   two bits zero, type `0x0001`, the magic cookie, a length that is a multiple of 4 and
//!   is exactly the rest of the datagram, attributes that are whole TLVs padded to 4
//!   within it, a FINGERPRINT (if any) that is correct and last, and no
//!   comprehension-required attribute beyond those RFC 8489 defines. Anything else,
//!   responses, indications, other methods, classic RFC 3489 requests without the cookie,
//!   truncated or oversized datagrams ([`MAX_REQUEST`]), is dropped without a word.
//! - An unknown comprehension-required attribute would call for a 420 error response
//!   (RFC 8489 §6.3.1), which lists the attributes and so is larger than the request;
//!   an open server that answered it would amplify, so it drops such a request instead.
//!   Browsers send none.
//! - The answer is a Binding success response with the request's transaction id and an
//!   XOR-MAPPED-ADDRESS, and a FINGERPRINT only when the request carried one. No SOFTWARE
//!   attribute. So the answer is never larger than the request plus the mapped address:
//!   at most 32 bytes (IPv4) or 44 (IPv6) for a bare 20-byte request, and FINGERPRINT's 8
//!   bytes are paid for by the request's own.
//! - Answers per client address (IPv6: per /64, as every per-address limit of the relay)
//!   are limited by a token bucket ([`Limiter`]), in a table with a hard cap whose full
//!   buckets are forgotten; when it is full, new addresses are refused. A flood with
//!   spoofed sources can neither grow memory nor turn the relay into a reflector of
//!   more than a few hundred bytes a second towards any one address.
//! - The answer leaves from the address the request was sent to ([`crate::udp`]). A
//!   socket on the wildcard address (the default, `0.0.0.0:3478`) of a host with more
//!   than one address would otherwise answer from whichever the route back prefers, and
//!   the client's NAT or firewall, expecting the address it asked, would drop it.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};

use tokio::net::UdpSocket;
use tokio::time::{Duration, Instant};

use crate::limits::{TokenBucket, throttle_key};
use crate::udp;

/// The largest datagram read as a request: 548 bytes, the payload of the smallest IPv4
/// datagram every host must accept (576 bytes less headers). A Binding request of a
/// browser is 20 to about 100 bytes.
pub const MAX_REQUEST: usize = 548;

/// The largest answer: header, XOR-MAPPED-ADDRESS for IPv6, FINGERPRINT.
pub const MAX_ANSWER: usize = HEADER + 24 + 8;

/// The STUN header's length.
pub const HEADER: usize = 20;

/// The magic cookie (RFC 8489 §5).
pub const MAGIC_COOKIE: u32 = 0x2112_A442;

/// Binding request: method 0x001, class request.
pub const BINDING_REQUEST: u16 = 0x0001;

/// Binding success response: method 0x001, class success response.
pub const BINDING_SUCCESS: u16 = 0x0101;

/// The XOR-MAPPED-ADDRESS attribute.
pub const XOR_MAPPED_ADDRESS: u16 = 0x0020;

/// The FINGERPRINT attribute.
pub const FINGERPRINT: u16 = 0x8028;

/// What FINGERPRINT's CRC-32 is XORed with ("STUN").
pub const FINGERPRINT_XOR: u32 = 0x5354_554E;

/// The comprehension-required attributes (type below 0x8000) RFC 8489 defines. The
/// server understands each in that it knows it has nothing to do with it: it checks no
/// credentials (USERNAME, MESSAGE-INTEGRITY and the rest are ignored, as by any server
/// that does not authenticate), and the address attributes belong in responses.
pub const KNOWN_REQUIRED: [u16; 11] = [
    0x0001, // MAPPED-ADDRESS
    0x0006, // USERNAME
    0x0008, // MESSAGE-INTEGRITY
    0x0009, // ERROR-CODE
    0x000A, // UNKNOWN-ATTRIBUTES
    0x0014, // REALM
    0x0015, // NONCE
    0x001C, // MESSAGE-INTEGRITY-SHA256
    0x001D, // PASSWORD-ALGORITHM
    0x001E, // USERHASH
    0x0020, // XOR-MAPPED-ADDRESS
];

/// Why a datagram got no answer (each counted in `/metrics`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StunRefusal {
    /// Not a well-formed STUN message: too short or too long, no magic cookie, a length
    /// that does not match, a broken attribute, a wrong or misplaced FINGERPRINT.
    Malformed,
    /// A well-formed STUN message, but not a Binding request (a response, an indication,
    /// another method).
    NotBindingRequest,
    /// A Binding request with a comprehension-required attribute the server does not know.
    UnknownAttribute,
    /// Its address has used its answers for now.
    RateLimited,
    /// The table of addresses is full (many new addresses at once).
    TableFull,
}

impl StunRefusal {
    /// Every refusal, in the order `/metrics` lists them.
    pub const ALL: [StunRefusal; 5] = [
        StunRefusal::Malformed,
        StunRefusal::NotBindingRequest,
        StunRefusal::UnknownAttribute,
        StunRefusal::RateLimited,
        StunRefusal::TableFull,
    ];

    /// Its label in `/metrics`.
    pub fn as_str(self) -> &'static str {
        match self {
            StunRefusal::Malformed => "malformed",
            StunRefusal::NotBindingRequest => "not_binding_request",
            StunRefusal::UnknownAttribute => "unknown_attribute",
            StunRefusal::RateLimited => "rate_limited",
            StunRefusal::TableFull => "table_full",
        }
    }
}

/// A Binding request worth answering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Its transaction id, echoed in the answer.
    pub transaction: [u8; 12],
    /// Whether it carried a (correct) FINGERPRINT; the answer then carries one too.
    pub fingerprint: bool,
}

/// The big-endian `u16` at `at` (the caller has checked the length).
fn u16_at(d: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([d[at], d[at + 1]])
}

/// The big-endian `u32` at `at` (the caller has checked the length).
fn u32_at(d: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([d[at], d[at + 1], d[at + 2], d[at + 3]])
}

/// Reads `datagram` as a Binding request; see the module's documentation for what is
/// refused.
pub fn parse_request(datagram: &[u8]) -> Result<Request, StunRefusal> {
    let d = datagram;
    if d.len() < HEADER || d.len() > MAX_REQUEST || d[0] & 0xC0 != 0 {
        return Err(StunRefusal::Malformed);
    }
    let length = usize::from(u16_at(d, 2));
    if u32_at(d, 4) != MAGIC_COOKIE || length % 4 != 0 || HEADER + length != d.len() {
        return Err(StunRefusal::Malformed);
    }
    let mut unknown = false;
    let mut fingerprint = false;
    let mut at = HEADER;
    while at < d.len() {
        if fingerprint || d.len() - at < 4 {
            // Something after FINGERPRINT, or half an attribute header.
            return Err(StunRefusal::Malformed);
        }
        let kind = u16_at(d, at);
        let len = usize::from(u16_at(d, at + 2));
        let padded = (len + 3) & !3;
        if d.len() - at - 4 < padded {
            return Err(StunRefusal::Malformed);
        }
        if kind == FINGERPRINT {
            // Over the message before it, whose length field already counts it.
            if len != 4 || u32_at(d, at + 4) != crc32(&d[..at]) ^ FINGERPRINT_XOR {
                return Err(StunRefusal::Malformed);
            }
            fingerprint = true;
        } else if kind < 0x8000 && !KNOWN_REQUIRED.contains(&kind) {
            unknown = true;
        }
        at += 4 + padded;
    }
    if u16_at(d, 0) != BINDING_REQUEST {
        return Err(StunRefusal::NotBindingRequest);
    }
    if unknown {
        return Err(StunRefusal::UnknownAttribute);
    }
    let mut transaction = [0; 12];
    transaction.copy_from_slice(&d[8..HEADER]);
    Ok(Request {
        transaction,
        fingerprint,
    })
}

/// Writes the Binding success response to `request` from `from` into `out`; returns its
/// length. An IPv4-mapped IPv6 source (a dual-stack socket) is answered as IPv4.
pub fn write_response(request: &Request, from: SocketAddr, out: &mut [u8; MAX_ANSWER]) -> usize {
    let ip = match from.ip() {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    };
    let cookie = MAGIC_COOKIE.to_be_bytes();
    let (family, address_len) = match ip {
        IpAddr::V4(_) => (0x01, 4),
        IpAddr::V6(_) => (0x02, 16),
    };
    let mapped = 4 + 4 + address_len;
    let length = mapped + if request.fingerprint { 8 } else { 0 };
    out[0..2].copy_from_slice(&BINDING_SUCCESS.to_be_bytes());
    out[2..4].copy_from_slice(&(length as u16).to_be_bytes());
    out[4..8].copy_from_slice(&cookie);
    out[8..HEADER].copy_from_slice(&request.transaction);
    let a = HEADER;
    out[a..a + 2].copy_from_slice(&XOR_MAPPED_ADDRESS.to_be_bytes());
    out[a + 2..a + 4].copy_from_slice(&((mapped - 4) as u16).to_be_bytes());
    out[a + 4] = 0;
    out[a + 5] = family;
    out[a + 6..a + 8].copy_from_slice(&(from.port() ^ (MAGIC_COOKIE >> 16) as u16).to_be_bytes());
    // The address XORed with the cookie, and for IPv6 with the transaction id after it.
    let mut key = [0u8; 16];
    key[..4].copy_from_slice(&cookie);
    key[4..].copy_from_slice(&request.transaction);
    let mut octets = [0u8; 16];
    match ip {
        IpAddr::V4(v4) => octets[..4].copy_from_slice(&v4.octets()),
        IpAddr::V6(v6) => octets = v6.octets(),
    }
    for i in 0..address_len {
        out[a + 8 + i] = octets[i] ^ key[i];
    }
    let mut end = HEADER + mapped;
    if request.fingerprint {
        let crc = crc32(&out[..end]) ^ FINGERPRINT_XOR;
        out[end..end + 2].copy_from_slice(&FINGERPRINT.to_be_bytes());
        out[end + 2..end + 4].copy_from_slice(&4u16.to_be_bytes());
        out[end + 4..end + 8].copy_from_slice(&crc.to_be_bytes());
        end += 8;
    }
    end
}

/// The answer to `datagram` from `from`, written into `out`: its length, or why there is
/// none. Rate limiting is the caller's ([`Limiter`]).
pub fn answer(
    datagram: &[u8],
    from: SocketAddr,
    out: &mut [u8; MAX_ANSWER],
) -> Result<usize, StunRefusal> {
    let request = parse_request(datagram)?;
    Ok(write_response(&request, from, out))
}

/// CRC-32 (ISO-HDLC, as in zlib and RFC 8489's FINGERPRINT) of `data`.
pub fn crc32(data: &[u8]) -> u32 {
    !data.iter().fold(!0u32, |crc, &b| {
        CRC_TABLE[usize::from((crc as u8) ^ b)] ^ (crc >> 8)
    })
}

/// The byte-at-a-time table of the reflected polynomial 0xEDB88320.
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// Answers per second one client address gets on average. A browser sends one Binding
/// request per STUN server, local interface and peer connection when it gathers
/// candidates, and a keep-alive every few seconds while a server-reflexive candidate is
/// in use; ten a second leaves room for a full table on one address.
pub const STUN_RATE: u32 = 10;

/// Answers one client address gets at once: a host of a full room (16 seats) opens 15
/// peer connections at once, each gathering on one or two interfaces.
pub const STUN_BURST: u32 = 40;

/// Client addresses tracked at once (some 5 MiB at most); past it, new addresses are
/// refused until full buckets are forgotten.
pub const STUN_TABLE: usize = 65_536;

/// How often full buckets are forgotten while requests arrive.
const PRUNE_EVERY: Duration = Duration::from_secs(10);

/// How often a full table may be pruned: pruning walks the whole table, so a flood of
/// new addresses must not make every datagram do it.
const PRUNE_WHEN_FULL: Duration = Duration::from_secs(1);

/// Answers per client address (see [`throttle_key`]), a token bucket each, in a table of
/// at most `cap` addresses. A plain struct with injected time, like the relay's other
/// limits.
#[derive(Debug)]
pub struct Limiter {
    /// Answers per second.
    rate: u32,
    /// Answers at once.
    burst: u32,
    /// Addresses tracked at most.
    cap: usize,
    /// The buckets; one that is full again is the same as none and is forgotten.
    buckets: HashMap<IpAddr, TokenBucket>,
    /// When full buckets were last forgotten.
    pruned: Instant,
}

impl Limiter {
    /// A limiter of `rate` answers a second, `burst` at once, for `cap` addresses.
    pub fn new(rate: u32, burst: u32, cap: usize, now: Instant) -> Self {
        Limiter {
            rate,
            burst: burst.max(1),
            cap,
            buckets: HashMap::new(),
            pruned: now,
        }
    }

    /// The relay's limits ([`STUN_RATE`], [`STUN_BURST`], [`STUN_TABLE`]).
    pub fn standard(now: Instant) -> Self {
        Limiter::new(STUN_RATE, STUN_BURST, STUN_TABLE, now)
    }

    /// Takes an answer for `ip` at `now`, or says why not.
    pub fn take(&mut self, ip: IpAddr, now: Instant) -> Result<(), StunRefusal> {
        let (rate, burst) = (f64::from(self.rate), self.burst);
        if now.saturating_duration_since(self.pruned) >= PRUNE_EVERY {
            self.prune(now);
        }
        let key = throttle_key(ip);
        if let Some(bucket) = self.buckets.get_mut(&key) {
            return if bucket.take(rate, burst, now) {
                Ok(())
            } else {
                Err(StunRefusal::RateLimited)
            };
        }
        if self.buckets.len() >= self.cap {
            if now.saturating_duration_since(self.pruned) >= PRUNE_WHEN_FULL {
                self.prune(now);
            }
            if self.buckets.len() >= self.cap {
                return Err(StunRefusal::TableFull);
            }
        }
        let mut bucket = TokenBucket::full(burst, now);
        bucket.take(rate, burst, now);
        self.buckets.insert(key, bucket);
        Ok(())
    }

    /// Forgets addresses whose bucket is full again.
    pub fn prune(&mut self, now: Instant) {
        let (rate, burst) = (f64::from(self.rate), self.burst);
        self.buckets.retain(|_, b| !b.is_full(rate, burst, now));
        self.pruned = now;
    }

    /// Addresses tracked.
    pub fn len(&self) -> usize {
        self.buckets.len()
    }

    /// Whether no address is tracked.
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }
}

/// The value of `--stun-bind`: an address, or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StunBind {
    /// No STUN server.
    Off,
    /// Listen here.
    At(SocketAddr),
}

impl std::str::FromStr for StunBind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("off") {
            return Ok(StunBind::Off);
        }
        s.parse().map(StunBind::At).map_err(|_| {
            format!("`{s}` is neither `off` nor an address and port such as 0.0.0.0:3478")
        })
    }
}

impl std::fmt::Display for StunBind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StunBind::Off => f.write_str("off"),
            StunBind::At(addr) => addr.fmt(f),
        }
    }
}

/// Binds the STUN socket at `addr` (outside any runtime: the relay's start binds it
/// before serving, so a taken port is an error at once), asking the kernel for each
/// datagram's destination ([`udp::ask_destination`]) so that [`run`] answers from it.
pub fn bind(addr: SocketAddr) -> std::io::Result<std::net::UdpSocket> {
    let context =
        |e: std::io::Error| std::io::Error::new(e.kind(), format!("STUN on udp {addr}: {e}"));
    let socket = std::net::UdpSocket::bind(addr).map_err(context)?;
    udp::ask_destination(&socket).map_err(context)?;
    socket.set_nonblocking(true)?;
    Ok(socket)
}

/// Where the server counts what it answered and what it refused (the relay's metrics).
pub trait Tally: Send + Sync + 'static {
    /// One request answered.
    fn answered(&self);
    /// One datagram not answered, and why.
    fn refused(&self, why: StunRefusal);
}

/// Answers Binding requests on `socket` for as long as `tally` lives (the relay aborts
/// this task when it stops), within `limiter`, counting answers and refusals there. Each
/// answer leaves from the address its request was sent to, when the socket was asked to
/// learn it ([`bind`] does).
pub async fn run<T: Tally>(socket: UdpSocket, tally: std::sync::Weak<T>, mut limiter: Limiter) {
    // One byte more than the largest request, so that a longer datagram is seen as such
    // (the kernel truncates it to the buffer).
    let mut buf = [0u8; MAX_REQUEST + 1];
    let mut out = [0u8; MAX_ANSWER];
    loop {
        let udp::Datagram { len: n, from, to } = match udp::recv(&socket, &mut buf).await {
            Ok(got) => got,
            Err(e) => {
                tracing::debug!("STUN receive failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Some(tally) = tally.upgrade() else { break };
        let answered = answer(&buf[..n], from, &mut out)
            .and_then(|len| limiter.take(from.ip(), Instant::now()).map(|()| len));
        match answered {
            Ok(len) => {
                tally.answered();
                if let Err(e) = udp::send(&socket, &out[..len], from, to).await {
                    tracing::debug!("STUN answer to {from} failed: {e}");
                }
            }
            Err(why) => tally.refused(why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Binding request with these attributes (type, value), FINGERPRINT last if asked.
    pub fn request(transaction: [u8; 12], attrs: &[(u16, &[u8])], fingerprint: bool) -> Vec<u8> {
        let mut d = Vec::new();
        d.extend_from_slice(&BINDING_REQUEST.to_be_bytes());
        d.extend_from_slice(&[0, 0]);
        d.extend_from_slice(&MAGIC_COOKIE.to_be_bytes());
        d.extend_from_slice(&transaction);
        for (kind, value) in attrs {
            d.extend_from_slice(&kind.to_be_bytes());
            d.extend_from_slice(&(value.len() as u16).to_be_bytes());
            d.extend_from_slice(value);
            d.resize(d.len().next_multiple_of(4), 0);
        }
        let set_len = |d: &mut Vec<u8>, extra: usize| {
            let len = (d.len() - HEADER + extra) as u16;
            d[2..4].copy_from_slice(&len.to_be_bytes());
        };
        if fingerprint {
            set_len(&mut d, 8);
            let crc = crc32(&d) ^ FINGERPRINT_XOR;
            d.extend_from_slice(&FINGERPRINT.to_be_bytes());
            d.extend_from_slice(&4u16.to_be_bytes());
            d.extend_from_slice(&crc.to_be_bytes());
        }
        set_len(&mut d, 0);
        d
    }

    const TX: [u8; 12] = *b"0123456789ab";

    /// RFC 5769 §2.1: a sample request (SOFTWARE, PRIORITY, ICE-CONTROLLED, USERNAME,
    /// MESSAGE-INTEGRITY, FINGERPRINT), as an ICE agent sends it.
    const RFC5769_REQUEST: [u8; 108] = [
        0x00, 0x01, 0x00, 0x58, 0x21, 0x12, 0xa4, 0x42, 0xb7, 0xe7, 0xa7, 0x01, 0xbc, 0x34, 0xd6,
        0x86, 0xfa, 0x87, 0xdf, 0xae, 0x80, 0x22, 0x00, 0x10, 0x53, 0x54, 0x55, 0x4e, 0x20, 0x74,
        0x65, 0x73, 0x74, 0x20, 0x63, 0x6c, 0x69, 0x65, 0x6e, 0x74, 0x00, 0x24, 0x00, 0x04, 0x6e,
        0x00, 0x01, 0xff, 0x80, 0x29, 0x00, 0x08, 0x93, 0x2f, 0xf9, 0xb1, 0x51, 0x26, 0x3b, 0x36,
        0x00, 0x06, 0x00, 0x09, 0x65, 0x76, 0x74, 0x6a, 0x3a, 0x68, 0x36, 0x76, 0x59, 0x20, 0x20,
        0x20, 0x00, 0x08, 0x00, 0x14, 0x9a, 0xea, 0xa7, 0x0c, 0xbf, 0xd8, 0xcb, 0x56, 0x78, 0x1e,
        0xf2, 0xb5, 0xb2, 0xd3, 0xf2, 0x49, 0xc1, 0xb5, 0x71, 0xa2, 0x80, 0x28, 0x00, 0x04, 0xe5,
        0x7a, 0x3b, 0xcf,
    ];

    /// RFC 5769 §2.2: the sample IPv4 response's XOR-MAPPED-ADDRESS (192.0.2.1:32853)
    /// and its transaction id.
    const RFC5769_V4_TX: [u8; 12] = [
        0xb7, 0xe7, 0xa7, 0x01, 0xbc, 0x34, 0xd6, 0x86, 0xfa, 0x87, 0xdf, 0xae,
    ];
    const RFC5769_V4_XMA: [u8; 12] = [
        0x00, 0x20, 0x00, 0x08, 0x00, 0x01, 0xa1, 0x47, 0xe1, 0x12, 0xa6, 0x43,
    ];
    /// RFC 5769 §2.3: the sample IPv6 response's XOR-MAPPED-ADDRESS
    /// ([2001:db8:1234:5678:11:2233:4455:6677]:32853), same transaction id.
    const RFC5769_V6_XMA: [u8; 24] = [
        0x00, 0x20, 0x00, 0x14, 0x00, 0x02, 0xa1, 0x47, 0x01, 0x13, 0xa9, 0xfa, 0xa5, 0xd3, 0xf1,
        0x79, 0xbc, 0x25, 0xf4, 0xb5, 0xbe, 0xd2, 0xb9, 0xd9,
    ];

    #[test]
    fn the_crc_is_zlibs() {
        assert_eq!(crc32(b""), 0);
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn the_rfc_5769_sample_request_is_read_whole_and_its_ice_attribute_refused() {
        // Its FINGERPRINT checks out and every attribute is walked; what stops it is
        // PRIORITY (0x0024), ICE's comprehension-required attribute, which only a peer's
        // ICE agent understands (browsers send it to peers, never to a STUN server).
        assert_eq!(
            parse_request(&RFC5769_REQUEST),
            Err(StunRefusal::UnknownAttribute)
        );
        // One bit of the fingerprint wrong: malformed, which is judged first.
        let mut bent = RFC5769_REQUEST;
        bent[107] ^= 1;
        assert_eq!(parse_request(&bent), Err(StunRefusal::Malformed));
        // Without PRIORITY (its 8 bytes cut, the length and FINGERPRINT made anew), the
        // same request is answered, with a fingerprint.
        let mut cut = [&RFC5769_REQUEST[..40], &RFC5769_REQUEST[48..100]].concat();
        cut[2..4].copy_from_slice(&(0x58u16 - 8).to_be_bytes());
        let crc = crc32(&cut) ^ FINGERPRINT_XOR;
        cut.extend_from_slice(&[0x80, 0x28, 0, 4]);
        cut.extend_from_slice(&crc.to_be_bytes());
        let req = parse_request(&cut).expect("answered");
        assert_eq!(req.transaction, RFC5769_V4_TX);
        assert!(req.fingerprint);
    }

    #[test]
    fn the_mapped_address_is_encoded_as_rfc_5769_shows() {
        let req = Request {
            transaction: RFC5769_V4_TX,
            fingerprint: false,
        };
        let mut out = [0; MAX_ANSWER];
        let n = write_response(&req, "192.0.2.1:32853".parse().expect("addr"), &mut out);
        assert_eq!(n, 32);
        assert_eq!(out[20..32], RFC5769_V4_XMA);
        assert_eq!(out[..4], [0x01, 0x01, 0x00, 0x0c]);
        assert_eq!(out[8..20], RFC5769_V4_TX);
        let v6 = "[2001:db8:1234:5678:11:2233:4455:6677]:32853";
        let n = write_response(&req, v6.parse().expect("addr"), &mut out);
        assert_eq!(n, 44);
        assert_eq!(out[20..44], RFC5769_V6_XMA);
        // A dual-stack socket's IPv4 client is answered as IPv4.
        let mapped: SocketAddr = "[::ffff:192.0.2.1]:32853".parse().expect("addr");
        let n = write_response(&req, mapped, &mut out);
        assert_eq!((n, out[20..32].to_vec()), (32, RFC5769_V4_XMA.to_vec()));
    }

    #[test]
    fn a_fingerprint_is_answered_with_a_correct_one() {
        let d = request(TX, &[], true);
        assert_eq!(d.len(), 28);
        let mut out = [0; MAX_ANSWER];
        let n = answer(&d, "192.0.2.1:1".parse().expect("addr"), &mut out).expect("answered");
        assert_eq!(
            n, 40,
            "20 + 12 + 8: no more than the request plus the address"
        );
        assert_eq!(u16_at(&out, 32), FINGERPRINT);
        assert_eq!(u32_at(&out, 36), crc32(&out[..32]) ^ FINGERPRINT_XOR);
        assert_eq!(usize::from(u16_at(&out, 2)), n - HEADER);
    }

    #[test]
    fn browser_shaped_requests_are_answered() {
        let from: SocketAddr = "198.51.100.7:50000".parse().expect("addr");
        let mut out = [0; MAX_ANSWER];
        // Chromium: a bare header. Firefox: SOFTWARE (optional range) and FINGERPRINT.
        // An ICE check with USERNAME and MESSAGE-INTEGRITY (ignored, as without auth).
        let cases = [
            request(TX, &[], false),
            request(TX, &[(0x8022, b"Mozilla Firefox")], true),
            request(TX, &[(0x0006, b"ab:cd"), (0x0008, &[7; 20])], true),
        ];
        for d in &cases {
            let n = answer(d, from, &mut out).expect("answered");
            assert!(n <= d.len() + 12, "{n} for {}", d.len());
            assert_eq!(out[8..20], TX);
        }
    }

    #[test]
    fn anything_but_a_well_formed_binding_request_is_refused() {
        let good = request(TX, &[(0x8022, b"abc")], true);
        assert!(parse_request(&good).is_ok());
        let with = |f: &dyn Fn(&mut Vec<u8>)| {
            let mut d = good.clone();
            f(&mut d);
            parse_request(&d)
        };
        use StunRefusal::*;
        let cases: [(&str, Result<Request, StunRefusal>, StunRefusal); 15] = [
            ("empty", parse_request(&[]), Malformed),
            ("19 bytes", parse_request(&good[..19]), Malformed),
            (
                "truncated",
                parse_request(&good[..good.len() - 4]),
                Malformed,
            ),
            ("a byte more", with(&|d| d.push(0)), Malformed),
            ("top bits", with(&|d| d[0] |= 0x80), Malformed),
            ("no cookie (RFC 3489)", with(&|d| d[4] = 0), Malformed),
            ("length not the datagram's", with(&|d| d[3] -= 4), Malformed),
            ("length not /4", parse_request(&unaligned()), Malformed),
            ("fingerprint wrong", with(&|d| d[9] ^= 1), Malformed),
            ("attribute past the end", with(&|d| d[23] = 0xF0), Malformed),
            (
                "a response",
                parse_request(&retyped(&good, BINDING_SUCCESS)),
                NotBindingRequest,
            ),
            (
                "an indication",
                parse_request(&retyped(&good, 0x0011)),
                NotBindingRequest,
            ),
            (
                "another method (Allocate)",
                parse_request(&retyped(&good, 0x0003)),
                NotBindingRequest,
            ),
            (
                "CHANGE-REQUEST (RFC 5780)",
                parse_request(&request(TX, &[(0x0003, &[0, 0, 0, 6])], false)),
                UnknownAttribute,
            ),
            (
                "something after FINGERPRINT",
                parse_request(&after_fingerprint()),
                Malformed,
            ),
        ];
        for (name, got, want) in cases {
            assert_eq!(got, Err(want), "{name}");
        }
        let long = request(TX, &[(0x8022, &[b'x'; MAX_REQUEST - 24])], false);
        assert_eq!(long.len(), MAX_REQUEST);
        assert!(parse_request(&long).is_ok(), "the largest accepted");
        let longer = request(TX, &[(0x8022, &[b'x'; MAX_REQUEST - 20])], false);
        assert_eq!(parse_request(&longer), Err(Malformed));
    }

    /// `d` with message type `kind` and a FINGERPRINT made anew.
    fn retyped(d: &[u8], kind: u16) -> Vec<u8> {
        let mut d = d[..d.len() - 8].to_vec();
        d[0..2].copy_from_slice(&kind.to_be_bytes());
        let crc = crc32(&d) ^ FINGERPRINT_XOR;
        d.extend_from_slice(&FINGERPRINT.to_be_bytes());
        d.extend_from_slice(&4u16.to_be_bytes());
        d.extend_from_slice(&crc.to_be_bytes());
        d
    }

    /// A request whose FINGERPRINT (correct for what precedes it, the length field
    /// counting everything) is followed by SOFTWARE.
    fn after_fingerprint() -> Vec<u8> {
        let mut d = request(TX, &[], false);
        d[2..4].copy_from_slice(&16u16.to_be_bytes());
        let crc = crc32(&d) ^ FINGERPRINT_XOR;
        d.extend_from_slice(&FINGERPRINT.to_be_bytes());
        d.extend_from_slice(&4u16.to_be_bytes());
        d.extend_from_slice(&crc.to_be_bytes());
        d.extend_from_slice(&[0x80, 0x22, 0, 4, b'a', b'b', b'c', b'd']);
        d
    }

    /// A request of 23 bytes whose length field says 3, an attribute of 3 bytes unpadded.
    fn unaligned() -> Vec<u8> {
        let mut d = request(TX, &[], false);
        d[2..4].copy_from_slice(&3u16.to_be_bytes());
        d.extend_from_slice(&[0x80, 0x22, 0]);
        d
    }

    #[test]
    fn answers_per_address_are_limited_and_forgotten() {
        let t0 = Instant::now();
        let a: IpAddr = [192, 0, 2, 1].into();
        let b: IpAddr = "2001:db8:1:2::1".parse().expect("v6");
        let b2: IpAddr = "2001:db8:1:2:ffff::9".parse().expect("v6");
        let mut l = Limiter::new(10, 20, 100, t0);
        for _ in 0..20 {
            assert_eq!(l.take(a, t0), Ok(()));
        }
        assert_eq!(l.take(a, t0), Err(StunRefusal::RateLimited));
        assert_eq!(l.take(b, t0), Ok(()), "another address has its own budget");
        for _ in 0..19 {
            assert_eq!(l.take(b2, t0), Ok(()));
        }
        assert_eq!(
            l.take(b, t0),
            Err(StunRefusal::RateLimited),
            "one /64 shares one budget"
        );
        let t1 = t0 + Duration::from_millis(100);
        assert_eq!(l.take(a, t1), Ok(()), "one answer back after 100 ms");
        assert_eq!(l.take(a, t1), Err(StunRefusal::RateLimited));
        // Full again after 2 s: forgotten.
        l.prune(t0 + Duration::from_millis(1999));
        assert_eq!(l.len(), 2);
        l.prune(t0 + Duration::from_secs(3));
        assert!(l.is_empty());
    }

    #[test]
    fn a_full_table_refuses_new_addresses_and_frees_itself() {
        let t0 = Instant::now();
        let mut l = Limiter::new(10, 20, 3, t0);
        for i in 1..=3u8 {
            assert_eq!(l.take([10, 0, 0, i].into(), t0), Ok(()));
        }
        let new: IpAddr = [10, 0, 0, 4].into();
        assert_eq!(l.take(new, t0), Err(StunRefusal::TableFull));
        assert_eq!(l.take([10, 0, 0, 1].into(), t0), Ok(()), "known ones go on");
        assert_eq!(l.len(), 3);
        // A second later, the spent token has come back: the table is pruned and has room.
        let t1 = t0 + Duration::from_secs(1);
        assert_eq!(l.take(new, t1), Ok(()));
        assert_eq!(l.len(), 1);
        // A flood of new addresses prunes at most once a second.
        let mut l = Limiter::new(10, 20, 2, t0);
        assert_eq!(l.take([10, 0, 0, 1].into(), t0), Ok(()));
        assert_eq!(l.take([10, 0, 0, 2].into(), t0), Ok(()));
        let t2 = t0 + Duration::from_millis(500);
        assert_eq!(l.take(new, t2), Err(StunRefusal::TableFull), "no prune yet");
    }

    #[test]
    fn stun_bind_reads_off_and_addresses() {
        assert_eq!("off".parse(), Ok(StunBind::Off));
        assert_eq!(" OFF ".parse(), Ok(StunBind::Off));
        assert_eq!(
            "[::]:3478".parse(),
            Ok(StunBind::At("[::]:3478".parse().expect("addr")))
        );
        assert!("3478".parse::<StunBind>().is_err());
        assert!("on".parse::<StunBind>().is_err());
        assert_eq!(StunBind::Off.to_string(), "off");
    }
}
