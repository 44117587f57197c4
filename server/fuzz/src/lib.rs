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
//!
//! `cargo fuzz run --fuzz-dir server/fuzz <target>`; `cargo test -p coup-relay-fuzz`
//! replays `seeds/` and a fixed sweep of recipes.

use coup_fuzz::{Bytes, Harness, bent};
use coup_server::hub::{Incoming, parse};
use coup_server::websocket::{
    CLOSE, CLOSE_INVALID, CLOSE_PROTOCOL, CLOSE_TOO_BIG, Message, PONG, Reader, TEXT, client_frame,
};
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

/// Every target, by name, for the seed replay.
pub const TARGETS: [(&str, Harness); 2] = [("frame", frame), ("websocket", websocket)];

#[cfg(test)]
mod tests {
    use super::*;
    use coup_fuzz::recipes;

    coup_fuzz::seed_tests!(TARGETS, sweep: 11, 2_000, 300);

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
