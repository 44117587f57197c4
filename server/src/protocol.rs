//! The relay protocol's messages as the relay reads and writes them
//! (`docs/RELAY-PROTOCOL.md`, types in [`shared::relay`]).
//!
//! Client messages are read by [`parse`]: a `signal` by a fast path that forwards its
//! `data` as the text it came in, anything else as a [`ClientMessage`]. Relay messages
//! are written as JSON text, ready to be a text frame's payload.

use std::borrow::Cow;

use bytes::Bytes;
use serde::Deserialize;
use serde_json::value::RawValue;
use shared::relay::{ClientMessage, ErrorCode, RelayMessage};

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
pub(crate) fn signal_frame(from: &str, data: &str) -> Bytes {
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
    Bytes::from(s)
}

/// An incoming data frame, as the hub needs to see it.
#[derive(Clone, Copy, Debug)]
pub enum Frame<'a> {
    /// A text frame.
    Text(&'a str),
    /// A binary frame of this many bytes (always refused).
    Binary(usize),
}

/// Serializes a relay message for the wire.
pub(crate) fn encode(msg: &RelayMessage) -> Bytes {
    // Serializing these plain types cannot fail; an empty object is a harmless fallback.
    Bytes::from(serde_json::to_string(msg).unwrap_or_else(|_| "{}".to_owned()))
}

/// An error frame for `code`.
pub(crate) fn error_frame(code: ErrorCode, message: &str) -> Bytes {
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
        let parsed: RelayMessage = serde_json::from_slice(&frame).expect("json");
        assert_eq!(
            parsed,
            RelayMessage::Signal {
                from: "abc".into(),
                data: serde_json::from_str(data).expect("json"),
            }
        );
    }
}
