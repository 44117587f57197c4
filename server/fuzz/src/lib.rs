//! Fuzz harnesses for what a client sends the relay, each checking more than "does not
//! panic":
//!
//! - [`frame`]: a text frame, raw or a valid message bent ([`coup_fuzz::bent`]). The
//!   signal's fast path (`hub::parse`, which forwards `data` as the text it came in)
//!   accepts and refuses exactly what the protocol's own reader (`ClientMessage`) does,
//!   and forwards the same peer id and the same value.
//! - [`websocket`]: bytes off a socket, raw, or frames a client could send (fragmented,
//!   masked, pings between the fragments) cut at any points: the reader gives back each
//!   message whole and in order, or refuses with a close code, and never reads past
//!   its limit.
//! - [`stun`]: a datagram to the STUN server, raw or a Binding request built and maybe
//!   bent: a built request the server should take is answered; whatever is answered
//!   passes a walk of RFC 8489's rules written here apart from the server's, and the
//!   answer is a Binding success response with the same transaction id, an
//!   XOR-MAPPED-ADDRESS that decodes to the sender, a correct FINGERPRINT exactly when
//!   the request had one, and never more bytes than the request plus the address.
//!
//! `cargo fuzz run --fuzz-dir server/fuzz <target>`; `cargo test -p coup-relay-fuzz`
//! replays `seeds/` and a fixed sweep of recipes.

use coup_fuzz::{Bytes, Harness, bent};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use coup_server::connection::websocket::{
    CLOSE, CLOSE_INVALID, CLOSE_PROTOCOL, CLOSE_TOO_BIG, Message, PONG, Reader, TEXT, client_frame,
};
use coup_server::protocol::{Incoming, parse};
use coup_server::stun;
use serde_json::Value;
use shared::relay::ClientMessage;

/// Messages a client sends, to bend.
const MESSAGES: [&str; 7] = [
    r#"{"type":"signal","to":"V1StGXR8_Z5jdHi6B-myT","data":{"kind":"offer","sdp":"v=0\r\no=- 4611 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"}}"#,
    r#"{"type":"signal","to":"p1","data":{"kind":"candidate","candidate":"candidate:1 1 udp 2122260223 192.168.1.2 54400 typ host","mid":"0","index":0}}"#,
    r#"{"type":"signal","to":"p1","data":[1,-2,3.5,"é",null,true,{"a":[]}]}"#,
    r#"{"type":"create"}"#,
    r#"{"type":"join","room":"K7M3QX"}"#,
    r#"{"type":"reclaim","room":"K7M3QX","host_secret":"s3cr3t"}"#,
    r#"{"type":"kick","peer":"p1"}"#,
];

/// A text frame; see the crate's documentation.
pub fn frame(data: &[u8]) {
    let mut b = Bytes::new(data);
    let pick = usize::from(b.u8());
    let text = if pick < 200 {
        bent(MESSAGES[pick % MESSAGES.len()], &mut b)
    } else {
        b.rest()
    };
    let general = serde_json::from_str::<ClientMessage>(&text).ok();
    match (parse(&text), general) {
        (None, None) => {}
        (Some(Incoming::Message(fast)), Some(general)) => assert_eq!(fast, general, "{text}"),
        (
            Some(Incoming::Signal { to, data }),
            Some(ClientMessage::Signal {
                to: general_to,
                data: general_data,
            }),
        ) => {
            assert_eq!(to, general_to, "the peer id of {text}");
            let forwarded: Value =
                serde_json::from_str(data).expect("the fast path's data is JSON");
            assert_eq!(forwarded, general_data, "the data of {text}");
        }
        (fast, general) => panic!("the two readers disagree on {text}: {fast:?} / {general:?}"),
    }
}

/// The largest message the harness's reader takes.
const MAX: usize = 8 * 1024;

/// Bytes off a socket; see the crate's documentation.
pub fn websocket(data: &[u8]) {
    let mut b = Bytes::new(data);
    if b.u8() >= 200 {
        // Raw bytes, pushed in pieces: whatever is read is a message or a refusal.
        let mut reader = Reader::new(Default::default(), MAX);
        while !b.is_empty() {
            let piece = b.text();
            reader.push(piece.as_bytes());
            loop {
                match reader.message() {
                    Ok(Some(Message::Text(t))) => assert!(t.len() <= MAX),
                    Ok(Some(_)) => {}
                    Ok(None) => break,
                    Err(f) => {
                        assert!([CLOSE_PROTOCOL, CLOSE_INVALID, CLOSE_TOO_BIG].contains(&f.0));
                        return;
                    }
                }
            }
            reader.release();
        }
        return;
    }
    // Messages a client could send, framed as it may, then cut at any points.
    let mut wire = Vec::new();
    let mut want: Vec<Vec<u8>> = Vec::new();
    for _ in 0..=b.below(6) {
        let mask = [b.u8(), b.u8(), b.u8(), b.u8()];
        let text = b.text();
        match b.below(4) {
            // A ping between messages.
            0 => {
                let payload = &text.as_bytes()[..text.len().min(125)];
                wire.extend(client_frame(true, 0x9, payload, mask));
                want.push([b"ping:".as_slice(), payload].concat());
            }
            // A message in up to four fragments, a pong inside it.
            1 => {
                let bytes = text.as_bytes();
                let cuts = [bytes.len() / 3, bytes.len() / 2, bytes.len()];
                let mut from = 0;
                for (i, &to) in cuts.iter().enumerate() {
                    let opcode = if i == 0 { TEXT } else { 0x0 };
                    wire.extend(client_frame(i == 2, opcode, &bytes[from..to], mask));
                    if i == 0 {
                        wire.extend(client_frame(true, PONG, b"", mask));
                        want.push(b"pong".to_vec());
                    }
                    from = to;
                }
                want.push(bytes.to_vec());
            }
            _ => {
                wire.extend(client_frame(true, TEXT, text.as_bytes(), mask));
                want.push(text.into_bytes());
            }
        }
    }
    wire.extend(client_frame(true, CLOSE, &[0x03, 0xE8], [1, 2, 3, 4]));
    want.push(b"close:1000".to_vec());
    let mut reader = Reader::new(Default::default(), MAX);
    let mut got = Vec::new();
    let mut rest = &wire[..];
    while !rest.is_empty() {
        let n = (usize::from(b.u8()) + 1).min(rest.len());
        let (piece, after) = rest.split_at(n);
        reader.push(piece);
        rest = after;
        while let Some(m) = reader.message().expect("a client's frames are read") {
            got.push(match m {
                Message::Text(t) => t.as_bytes().to_vec(),
                Message::Ping(p) => [b"ping:".as_slice(), p].concat(),
                Message::Pong(_) => b"pong".to_vec(),
                Message::Close(code) => format!("close:{}", code.unwrap_or(0)).into_bytes(),
                Message::Binary(n) => format!("binary:{n}").into_bytes(),
            });
        }
        reader.release();
    }
    assert_eq!(got, want, "what was read is what was sent");
}

/// Attribute types a built request draws from: SOFTWARE, USERNAME, MESSAGE-INTEGRITY,
/// ICE-CONTROLLED, PRIORITY (comprehension-required and unknown to a STUN server),
/// CHANGE-REQUEST (likewise); any other draw is a random type.
const ATTRIBUTES: [u16; 6] = [0x8022, 0x0006, 0x0008, 0x8029, 0x0024, 0x0003];

/// The sender: the input's bytes 1 to 19 (family, 16 address bytes, port).
fn sender(head: &[u8; 19]) -> SocketAddr {
    let ip: [u8; 16] = std::array::from_fn(|i| head[1 + i]);
    let port = u16::from_be_bytes([head[17], head[18]]);
    let ip = match head[0] % 3 {
        0 => IpAddr::from([ip[0], ip[1], ip[2], ip[3]]),
        1 => IpAddr::from(ip),
        // A dual-stack socket's IPv4 client.
        _ => IpAddr::V6(Ipv4Addr::from([ip[0], ip[1], ip[2], ip[3]]).to_ipv6_mapped()),
    };
    SocketAddr::new(ip, port)
}

/// A Binding request built from the recipe: whether the server should answer it (every
/// attribute known or comprehension-optional, and it fits [`stun::MAX_REQUEST`]).
fn built(b: &mut Bytes<'_>) -> (Vec<u8>, bool) {
    let mut d = Vec::new();
    d.extend_from_slice(&stun::BINDING_REQUEST.to_be_bytes());
    d.extend_from_slice(&[0, 0]);
    d.extend_from_slice(&stun::MAGIC_COOKIE.to_be_bytes());
    d.extend((0..12).map(|_| b.u8()));
    let mut takeable = true;
    for _ in 0..b.below(7) {
        let pick = b.below(ATTRIBUTES.len() + 1);
        let mut kind = ATTRIBUTES.get(pick).copied().unwrap_or_else(|| b.u16());
        if kind == stun::FINGERPRINT {
            kind = 0x8022;
        }
        if kind < 0x8000 && !stun::KNOWN_REQUIRED.contains(&kind) {
            takeable = false;
        }
        let value: Vec<u8> = (0..b.below(48)).map(|_| b.u8()).collect();
        d.extend_from_slice(&kind.to_be_bytes());
        d.extend_from_slice(&(value.len() as u16).to_be_bytes());
        d.extend_from_slice(&value);
        // Padding: its bytes are the sender's to choose.
        while d.len() % 4 != 0 {
            d.push(b.u8());
        }
    }
    let fingerprint = b.bool();
    let body = d.len() - stun::HEADER + if fingerprint { 8 } else { 0 };
    d[2..4].copy_from_slice(&(body as u16).to_be_bytes());
    if fingerprint {
        let crc = stun::crc32(&d) ^ stun::FINGERPRINT_XOR;
        d.extend_from_slice(&stun::FINGERPRINT.to_be_bytes());
        d.extend_from_slice(&4u16.to_be_bytes());
        d.extend_from_slice(&crc.to_be_bytes());
    }
    let fits = d.len() <= stun::MAX_REQUEST;
    (d, takeable && fits)
}

/// Whether `d` follows RFC 8489's framing as the server must demand, walked here apart
/// from the server's reader: whether it ends in a correct FINGERPRINT, or `None`.
fn framing(d: &[u8]) -> Option<bool> {
    let be16 = |at: usize| usize::from(u16::from_be_bytes([d[at], d[at + 1]]));
    if d.len() < 20 || d.len() > stun::MAX_REQUEST || d[0] >> 6 != 0 {
        return None;
    }
    let ok = be16(0) == usize::from(stun::BINDING_REQUEST)
        && d[4..8] == stun::MAGIC_COOKIE.to_be_bytes()
        && be16(2) == d.len() - 20
        && d.len().is_multiple_of(4);
    if !ok {
        return None;
    }
    let mut at = 20;
    let mut last = None;
    while at < d.len() {
        if d.len() - at < 4 {
            return None;
        }
        let (kind, len) = (be16(at), be16(at + 2));
        let next = at + 4 + len.div_ceil(4) * 4;
        if next > d.len() {
            return None;
        }
        if kind < 0x8000 && !stun::KNOWN_REQUIRED.iter().any(|k| usize::from(*k) == kind) {
            return None;
        }
        last = Some(at);
        at = next;
    }
    let fingerprint = last.is_some_and(|at| be16(at) == usize::from(stun::FINGERPRINT));
    if fingerprint {
        let at = last.unwrap_or_default();
        let crc = u32::from_be_bytes([d[at + 4], d[at + 5], d[at + 6], d[at + 7]]);
        if be16(at + 2) != 4 || crc != stun::crc32(&d[..at]) ^ stun::FINGERPRINT_XOR {
            return None;
        }
    }
    // No FINGERPRINT before the last attribute.
    let mut at = 20;
    while Some(at) != last && at < d.len() {
        if be16(at) == usize::from(stun::FINGERPRINT) {
            return None;
        }
        at += 4 + be16(at + 2).div_ceil(4) * 4;
    }
    Some(fingerprint)
}

/// A datagram to the STUN server; see the crate's documentation.
///
/// The input: byte 0 picks raw (below 64) or built; bytes 1 to 19 the sender; the rest
/// is the datagram itself (raw) or the recipe of one (built), which byte 0 may then bend
/// (cut, a byte flipped, bytes added).
pub fn stun(data: &[u8]) {
    let mut head = [0u8; 20];
    for (h, d) in head.iter_mut().zip(data) {
        *h = *d;
    }
    let from = sender(&std::array::from_fn(|i| head[1 + i]));
    let rest = data.get(20..).unwrap_or_default();
    let (datagram, takeable) = if head[0] < 64 {
        (rest.to_vec(), false)
    } else {
        let mut b = Bytes::new(rest);
        let (mut d, takeable) = built(&mut b);
        let at = b.below(d.len().max(1));
        match head[0] % 4 {
            0 => (d, takeable),
            1 => {
                d.truncate(at);
                (d, false)
            }
            2 => {
                if let Some(byte) = d.get_mut(at) {
                    *byte ^= b.u8() | 1;
                }
                (d, false)
            }
            _ => {
                d.extend((0..=b.below(8)).map(|_| b.u8()));
                (d, false)
            }
        }
    };
    let mut out = [0u8; stun::MAX_ANSWER];
    let answered = stun::answer(&datagram, from, &mut out);
    let Ok(n) = answered else {
        assert!(
            !takeable,
            "a well-formed request refused: {answered:?} {datagram:?}"
        );
        return;
    };
    let fingerprint = framing(&datagram)
        .unwrap_or_else(|| panic!("answered a datagram RFC 8489 refuses: {datagram:?}"));
    let v4 = match from.ip() {
        IpAddr::V4(_) => true,
        IpAddr::V6(v6) => v6.to_ipv4_mapped().is_some(),
    };
    let mapped = if v4 { 12 } else { 24 };
    assert!(
        n <= datagram.len() + mapped,
        "{n} bytes for {}",
        datagram.len()
    );
    let d = &out[..n];
    assert_eq!(d[..2], stun::BINDING_SUCCESS.to_be_bytes());
    assert_eq!(usize::from(u16::from_be_bytes([d[2], d[3]])), n - 20);
    assert_eq!(
        d[4..20],
        datagram[4..20],
        "the cookie and the transaction id"
    );
    assert_eq!(d[20..22], stun::XOR_MAPPED_ADDRESS.to_be_bytes());
    let key: Vec<u8> = d[4..20].to_vec();
    let port = u16::from_be_bytes([d[26], d[27]]) ^ u16::from_be_bytes([key[0], key[1]]);
    let ip = if v4 {
        assert_eq!(d[20..26], [0x00, 0x20, 0, 8, 0, 1]);
        IpAddr::from(std::array::from_fn::<u8, 4, _>(|i| d[28 + i] ^ key[i]))
    } else {
        assert_eq!(d[20..26], [0x00, 0x20, 0, 20, 0, 2]);
        IpAddr::from(std::array::from_fn::<u8, 16, _>(|i| d[28 + i] ^ key[i]))
    };
    let want = match from.ip() {
        IpAddr::V6(v6) if v4 => IpAddr::V4(v6.to_ipv4_mapped().unwrap_or(Ipv4Addr::UNSPECIFIED)),
        ip => ip,
    };
    assert_eq!(
        SocketAddr::new(ip, port),
        SocketAddr::new(want, from.port())
    );
    let end = 20 + mapped;
    if fingerprint {
        assert_eq!(n, end + 8);
        assert_eq!(d[end..end + 4], [0x80, 0x28, 0, 4]);
        let crc = u32::from_be_bytes([d[end + 4], d[end + 5], d[end + 6], d[end + 7]]);
        assert_eq!(crc, stun::crc32(&d[..end]) ^ stun::FINGERPRINT_XOR);
    } else {
        assert_eq!(n, end, "no attribute beyond the address");
    }
}

/// Every target, by name, for the seed replay.
pub const TARGETS: [(&str, Harness); 3] =
    [("frame", frame), ("websocket", websocket), ("stun", stun)];

#[cfg(test)]
mod tests {
    use super::*;
    use coup_fuzz::recipes;

    coup_fuzz::seed_tests!(TARGETS, sweep: 11, 2_000, 300);

    #[test]
    fn the_stun_sweep_answers_and_refuses_both() {
        // Built requests are answered, bent ones mostly refused, raw ones almost never
        // answered: the harness's checks run on answers, not only on refusals.
        let (mut answered, mut refused) = (0, 0);
        for mut data in recipes(7, 2_000, 200) {
            data[0] |= 0x40;
            let mut out = [0u8; stun::MAX_ANSWER];
            let from = sender(&std::array::from_fn(|i| data[1 + i]));
            let mut b = Bytes::new(&data[20..]);
            let (d, takeable) = built(&mut b);
            match stun::answer(&d, from, &mut out) {
                Ok(_) => answered += 1,
                Err(_) => refused += 1,
            }
            assert_eq!(stun::answer(&d, from, &mut out).is_ok(), takeable);
            stun(&data);
        }
        assert!(answered > 300 && refused > 300, "{answered} / {refused}");
    }

    #[test]
    fn the_sweep_reaches_both_readers_of_a_signal() {
        // The fast path and the general one both answer some of the bent signals: the
        // comparison is not between two refusals only.
        let (mut fast, mut general, mut refused) = (0, 0, 0);
        for data in recipes(5, 2_000, 64) {
            let mut b = Bytes::new(&data);
            let text = bent(MESSAGES[usize::from(b.u8()) % 3], &mut b);
            match parse(&text) {
                Some(Incoming::Signal { .. }) => fast += 1,
                Some(Incoming::Message(_)) => general += 1,
                None => refused += 1,
            }
        }
        assert!(
            fast > 100 && general > 10 && refused > 100,
            "{fast} / {general} / {refused}"
        );
    }
}
