//! The relay's wire protocol, version [`PROTOCOL_VERSION`] (`docs/RELAY-PROTOCOL.md`).
//!
//! One module for both ends: the relay (`server`) and the browser client build and parse
//! these types, so the two cannot drift apart. Every message is one JSON object in one
//! WebSocket text frame, tagged by `type`.
//!
//! The relay never looks inside [`ClientMessage::Signal::data`]: it is an opaque JSON value
//! forwarded as it came.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The version of the relay protocol these types speak, as stated in
/// `docs/RELAY-PROTOCOL.md` (a test checks the two agree). It is not on the wire: a relay
/// and a client of different versions are different releases, and `coup-relay --version`
/// names it.
pub const PROTOCOL_VERSION: u32 = 3;

/// The alphabet of room codes: no `0`/`O`, no `1`/`I`/`L`, so a code read aloud or copied
/// from a phone screen is never ambiguous.
pub const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// The length of a room code.
pub const CODE_LEN: usize = 6;

/// The WebSocket close codes the relay sends, each with a meaning of its own for the page.
///
/// An idle connection, closed ("normal closure").
pub const CLOSE_NORMAL: u16 = 1000;

/// The relay shuts down, or its instance lost the cluster ("going away"): reconnect.
pub const CLOSE_GOING_AWAY: u16 = 1001;

/// A frame that breaks the WebSocket protocol.
pub const CLOSE_PROTOCOL: u16 = 1002;

/// A text message that is not UTF-8.
pub const CLOSE_INVALID: u16 = 1007;

/// The WebSocket close code for abuse (repeated oversize frames, sustained flooding, a
/// connection too slow to read its frames).
pub const CLOSE_POLICY: u16 = 1008;

/// A message too large to take.
pub const CLOSE_TOO_BIG: u16 = 1009;

/// Too many connections from this address: try again later.
pub const CLOSE_TRY_LATER: u16 = 1013;

/// The WebSocket close code sent to a host connection replaced by a `reclaim`.
pub const CLOSE_REPLACED: u16 = 4000;

/// A message from a client to the relay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Open a new room; the sender becomes its host.
    Create {
        /// Whether the relay hands the room to a guest when its host is gone for good
        /// (`docs/RELAY-PROTOCOL.md`, "Handover"). Absent means `false`, as before.
        #[serde(default, skip_serializing_if = "is_false")]
        handover: bool,
    },
    /// Join a room by code (matched ignoring case, spaces and dashes).
    Join {
        /// The room code as typed.
        room: String,
    },
    /// Forward `data` to another peer of the same room.
    Signal {
        /// The receiving peer's id.
        to: String,
        /// Anything; forwarded untouched (`null` included).
        data: Value,
    },
    /// A host whose connection dropped takes its room back.
    Reclaim {
        /// The room code as typed.
        room: String,
        /// The secret from the room's `created` answer.
        host_secret: String,
    },
    /// Leave the room (closing the socket does the same).
    Leave,
    /// The host removes `peer` from its room, and its client address may not join the
    /// room again for the rest of the room's life.
    Kick {
        /// The removed peer's id.
        peer: String,
    },
    /// The host of a handover room passes it on: to guest `to`, or (absent or `null`) to
    /// the guest present longest. The sender is then out of the room, as with `leave`.
    HandOver {
        /// The guest that becomes host.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<String>,
    },
    /// The host of a handover room gives the relay the room's part of the table's
    /// recovery key (`epoch.part`, at most [`MAX_DEPOSIT_CHARS`] characters of
    /// `[0-9A-Za-z._-]`), replacing the one it held; the relay hands it only to the guest
    /// it makes the host (`promoted`). Not answered.
    Deposit {
        /// What the relay keeps for the room, opaque to it.
        part: String,
    },
    /// Keep-alive; answered with [`RelayMessage::Pong`].
    Ping,
}

/// The longest deposit a relay keeps for a room.
pub const MAX_DEPOSIT_CHARS: usize = 64;

/// Whether a flag is off, for fields left out of the wire while off.
#[allow(clippy::trivially_copy_pass_by_ref)] // serde hands fields by reference
fn is_false(b: &bool) -> bool {
    !*b
}

/// One entry of `ice_servers`, in the browser's `RTCIceServer` shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IceServer {
    /// STUN or TURN URLs (`stun:host:3478`, `turn:host:3478?transport=udp`, ...).
    pub urls: Vec<String>,
    /// The TURN username; for REST API credentials `<expiry unix time>:<peer id>`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    /// The TURN password; for REST API credentials `base64(HMAC-SHA1(secret, username))`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credential: Option<String>,
}

/// A message from the relay to a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RelayMessage {
    /// The answer to `create`.
    Created {
        /// The room's canonical code.
        room: String,
        /// The host's peer id.
        peer: String,
        /// The secret that lets the host reclaim the room (at least 128 bits).
        host_secret: String,
        /// STUN/TURN servers for the browser's `RTCPeerConnection`.
        ice_servers: Vec<IceServer>,
        /// `true` when the room was created with `handover` (a relay that does not know
        /// handover never says so); absent otherwise.
        #[serde(default, skip_serializing_if = "is_false")]
        handover: bool,
    },
    /// The answer to `join` and `reclaim`; `peers` are the others already there.
    Joined {
        /// The room's canonical code.
        room: String,
        /// The receiver's peer id (a reclaiming host keeps its old one).
        peer: String,
        /// The host's peer id.
        host: String,
        /// The other peers present, in the order they entered; never the receiver.
        peers: Vec<String>,
        /// STUN/TURN servers for the browser's `RTCPeerConnection`.
        ice_servers: Vec<IceServer>,
    },
    /// Someone entered the room (or a host reclaimed it).
    PeerJoined {
        /// Who entered.
        peer: String,
    },
    /// Someone left the room; a host that left may still reclaim.
    PeerLeft {
        /// Who left.
        peer: String,
    },
    /// Forwarded signalling from another peer of the room.
    Signal {
        /// The sending peer's id.
        from: String,
        /// What the sender sent, untouched.
        data: Value,
    },
    /// The room is gone: the host did not come back in time, or it expired.
    RoomClosed {
        /// Why, for people (not for matching).
        reason: String,
    },
    /// To the guest of a handover room that the relay made its host: its host is gone
    /// for good, or passed the room on.
    Promoted {
        /// The room's canonical code.
        room: String,
        /// The receiver's new secret, for `reclaim` (the old host's no longer works).
        host_secret: String,
        /// The peer id of the host before.
        previous: String,
        /// The other peers present, in the order they entered; never the receiver.
        peers: Vec<String>,
        /// The last deposit the room's host gave the relay, if any (absent without one).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deposit: Option<String>,
    },
    /// To every other member of a handover room (and to a host that sent `hand_over`):
    /// peer `host` is the room's host now, in place of `previous`.
    HostChanged {
        /// The new host's peer id.
        host: String,
        /// The peer id of the host before.
        previous: String,
    },
    /// The answer to `ping`.
    Pong,
    /// A request failed; the connection stays open unless the error was for abuse.
    Error {
        /// What went wrong, for matching.
        code: ErrorCode,
        /// What went wrong, for people.
        message: String,
    },
}

/// The error codes of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    BadMessage,
    TooLarge,
    RateLimited,
    NoSuchRoom,
    RoomFull,
    AlreadyInRoom,
    NotInRoom,
    UnknownPeer,
    BadSecret,
    ServerFull,
    NotHost,
    Banned,
    HandedOver,
}

impl ErrorCode {
    /// Every code, for metrics that list them all.
    pub const ALL: [ErrorCode; 13] = [
        ErrorCode::BadMessage,
        ErrorCode::TooLarge,
        ErrorCode::RateLimited,
        ErrorCode::NoSuchRoom,
        ErrorCode::RoomFull,
        ErrorCode::AlreadyInRoom,
        ErrorCode::NotInRoom,
        ErrorCode::UnknownPeer,
        ErrorCode::BadSecret,
        ErrorCode::ServerFull,
        ErrorCode::NotHost,
        ErrorCode::Banned,
        ErrorCode::HandedOver,
    ];

    /// The code as it appears on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::NoSuchRoom => "no_such_room",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::AlreadyInRoom => "already_in_room",
            ErrorCode::NotInRoom => "not_in_room",
            ErrorCode::UnknownPeer => "unknown_peer",
            ErrorCode::BadSecret => "bad_secret",
            ErrorCode::ServerFull => "server_full",
            ErrorCode::NotHost => "not_host",
            ErrorCode::Banned => "banned",
            ErrorCode::HandedOver => "handed_over",
        }
    }
}

/// Brings a typed room code to its canonical form: spaces and dashes dropped, upper case.
/// Returns `None` when the result is not [`CODE_LEN`] characters of [`CODE_ALPHABET`].
pub fn normalize_code(input: &str) -> Option<String> {
    let mut out = String::with_capacity(CODE_LEN);
    for c in input.chars() {
        if c == ' ' || c == '-' {
            continue;
        }
        let c = c.to_ascii_uppercase();
        if !c.is_ascii() || !CODE_ALPHABET.contains(&(c as u8)) || out.len() == CODE_LEN {
            return None;
        }
        out.push(c);
    }
    (out.len() == CODE_LEN).then_some(out)
}

/// A room code in canonical form ([`CODE_LEN`] characters of [`CODE_ALPHABET`]): made only
/// by parsing, so holding one means it is well formed. Shown in two halves, `K7M-3QX`, the
/// way people read it aloud; on the wire it is the canonical string.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoomCode(String);

impl RoomCode {
    /// Reads a code as a person typed it (any case, spaces and dashes ignored).
    pub fn parse(typed: &str) -> Option<RoomCode> {
        normalize_code(typed).map(RoomCode)
    }

    /// The canonical form, as the relay knows the room.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for RoomCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Canonical codes are ASCII, so the halves split on a character boundary.
        let (a, b) = self.0.split_at(CODE_LEN / 2);
        write!(f, "{a}-{b}")
    }
}

impl TryFrom<String> for RoomCode {
    type Error = &'static str;

    fn try_from(s: String) -> Result<RoomCode, &'static str> {
        RoomCode::parse(&s).ok_or("not a room code")
    }
}

impl From<RoomCode> for String {
    fn from(c: RoomCode) -> String {
        c.0
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn room_codes_parse_as_typed_and_show_in_two_halves() {
        let c = RoomCode::parse(" k7m-3qx ").expect("a code");
        assert_eq!(c.as_str(), "K7M3QX");
        assert_eq!(c.to_string(), "K7M-3QX");
        assert_eq!(RoomCode::parse("K7M3QX"), Some(c.clone()));
        for bad in ["", "K7M3Q", "K7M3QXX", "O0I1L5", "K7M-3Q\u{e9}"] {
            assert_eq!(RoomCode::parse(bad), None, "{bad:?}");
        }
        let json = serde_json::to_string(&c).expect("json");
        assert_eq!(json, "\"K7M3QX\"");
        assert_eq!(serde_json::from_str::<RoomCode>(&json).ok(), Some(c));
        assert!(serde_json::from_str::<RoomCode>("\"nope\"").is_err());
    }

    use super::*;
    use serde_json::json;

    #[test]
    fn client_messages_match_the_spec() {
        let cases = [
            (
                json!({"type":"create"}),
                ClientMessage::Create { handover: false },
            ),
            (
                json!({"type":"create","handover":true}),
                ClientMessage::Create { handover: true },
            ),
            (
                json!({"type":"hand_over"}),
                ClientMessage::HandOver { to: None },
            ),
            (
                json!({"type":"hand_over","to":"p2"}),
                ClientMessage::HandOver {
                    to: Some("p2".into()),
                },
            ),
            (
                json!({"type":"join","room":"ab-cd 23"}),
                ClientMessage::Join {
                    room: "ab-cd 23".into(),
                },
            ),
            (
                json!({"type":"signal","to":"p1","data":null}),
                ClientMessage::Signal {
                    to: "p1".into(),
                    data: Value::Null,
                },
            ),
            (
                json!({"type":"reclaim","room":"ABCDEF","host_secret":"s"}),
                ClientMessage::Reclaim {
                    room: "ABCDEF".into(),
                    host_secret: "s".into(),
                },
            ),
            (json!({"type":"leave"}), ClientMessage::Leave),
            (json!({"type":"ping"}), ClientMessage::Ping),
        ];
        for (wire, msg) in cases {
            assert_eq!(
                serde_json::from_value::<ClientMessage>(wire.clone()).unwrap(),
                msg
            );
            assert_eq!(serde_json::to_value(&msg).unwrap(), wire);
        }
    }

    #[test]
    fn wrong_types_and_missing_fields_are_refused() {
        for bad in [
            json!({"type":"join","room":5}),
            json!({"type":"join"}),
            json!({"type":"signal","to":"p"}),
            json!({"type":"nope"}),
            json!({"room":"ABCDEF"}),
            json!({"type":"create","handover":"yes"}),
            json!({"type":"create","handover":1}),
            json!({"type":"create","handover":null}),
            json!({"type":"hand_over","to":7}),
            json!({"type":"hand_over","to":["p"]}),
        ] {
            assert!(
                serde_json::from_value::<ClientMessage>(bad.clone()).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn relay_messages_match_the_spec() {
        let err = RelayMessage::Error {
            code: ErrorCode::NoSuchRoom,
            message: "x".into(),
        };
        assert_eq!(
            serde_json::to_value(&err).unwrap(),
            json!({"type":"error","code":"no_such_room","message":"x"})
        );
        assert_eq!(
            serde_json::to_value(RelayMessage::Pong).unwrap(),
            json!({"type":"pong"})
        );
        let ice = IceServer {
            urls: vec!["stun:a".into()],
            username: None,
            credential: None,
        };
        assert_eq!(
            serde_json::to_value(&ice).unwrap(),
            json!({"urls":["stun:a"]})
        );
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), json!(code.as_str()));
        }
        let created = |handover| RelayMessage::Created {
            room: "ABCDEF".into(),
            peer: "p".into(),
            host_secret: "s".into(),
            ice_servers: Vec::new(),
            handover,
        };
        assert_eq!(
            serde_json::to_value(created(false)).unwrap(),
            json!({"type":"created","room":"ABCDEF","peer":"p","host_secret":"s","ice_servers":[]})
        );
        assert_eq!(
            serde_json::to_value(created(true)).unwrap()["handover"],
            json!(true)
        );
        assert_eq!(
            serde_json::to_value(RelayMessage::Promoted {
                room: "ABCDEF".into(),
                host_secret: "s2".into(),
                previous: "h".into(),
                peers: vec!["g2".into()],
                deposit: None,
            })
            .unwrap(),
            json!({"type":"promoted","room":"ABCDEF","host_secret":"s2","previous":"h","peers":["g2"]})
        );
        assert_eq!(
            serde_json::to_value(RelayMessage::HostChanged {
                host: "g1".into(),
                previous: "h".into(),
            })
            .unwrap(),
            json!({"type":"host_changed","host":"g1","previous":"h"})
        );
    }

    #[test]
    fn codes_normalize_ignoring_case_spaces_and_dashes() {
        assert_eq!(normalize_code("abc-def").as_deref(), Some("ABCDEF"));
        assert_eq!(normalize_code("ab2-3cde"), None, "seven characters");
        assert_eq!(normalize_code("a b-2 3 c d").as_deref(), Some("AB23CD"));
        assert_eq!(normalize_code("XYZ234").as_deref(), Some("XYZ234"));
        assert_eq!(normalize_code("XYZ23O"), None, "O is not in the alphabet");
        assert_eq!(normalize_code("XYZ231"), None, "1 is not in the alphabet");
        assert_eq!(normalize_code("XYZ23"), None);
        assert_eq!(normalize_code("XYZ2345"), None);
        assert_eq!(normalize_code("ÄYZ234"), None);
    }
}
