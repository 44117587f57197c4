//! What travels over the data channels in the walking skeleton: chat.
//!
//! The topology is a star: each guest has one channel, to the host. A guest says something
//! to the host ([`PeerMessage::Say`]); the host stamps it with the speaker's relay peer id
//! and hands it to everyone else ([`PeerMessage::Said`]). A guest therefore cannot speak in
//! another's name: `Say` carries no sender, and a guest accepts `Said` only from the host.
//! The game's own peer protocol will live in `shared` and join these messages.

use serde::{Deserialize, Serialize};

/// The longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 500;

/// The largest data-channel frame we parse at all, in bytes.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

/// One data-channel message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PeerMessage {
    /// Guest to host: a chat line of the sender's own.
    Say { text: String },
    /// Host to guest: a chat line by `from` (a relay peer id; the host's own included).
    Said { from: String, text: String },
}

/// Why a data-channel frame or a typed line was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageError {
    /// Nothing but whitespace.
    Empty,
    /// More than [`MAX_CHAT_CHARS`] characters, or a frame over [`MAX_FRAME_BYTES`].
    TooLong,
    /// Not one of our messages.
    Malformed(String),
}

impl std::fmt::Display for MessageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MessageError::Empty => write!(f, "the message is empty"),
            MessageError::TooLong => {
                write!(
                    f,
                    "the message is too long (at most {MAX_CHAT_CHARS} characters)"
                )
            }
            MessageError::Malformed(why) => write!(f, "malformed message: {why}"),
        }
    }
}

/// Trims a typed line and checks its length.
pub fn clean_chat(text: &str) -> Result<String, MessageError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MessageError::Empty);
    }
    if text.chars().count() > MAX_CHAT_CHARS {
        return Err(MessageError::TooLong);
    }
    Ok(text.to_owned())
}

impl PeerMessage {
    /// Parses one data-channel frame and validates what it carries.
    pub fn parse(frame: &str) -> Result<PeerMessage, MessageError> {
        if frame.len() > MAX_FRAME_BYTES {
            return Err(MessageError::TooLong);
        }
        let msg: PeerMessage =
            serde_json::from_str(frame).map_err(|e| MessageError::Malformed(e.to_string()))?;
        match msg {
            PeerMessage::Say { text } => Ok(PeerMessage::Say {
                text: clean_chat(&text)?,
            }),
            PeerMessage::Said { from, text } => {
                if from.is_empty() || from.len() > 64 {
                    return Err(MessageError::Malformed("bad sender".into()));
                }
                Ok(PeerMessage::Said {
                    from,
                    text: clean_chat(&text)?,
                })
            }
        }
    }

    /// The frame to send.
    pub fn encode(&self) -> String {
        // A plain enum of strings always serializes.
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        for m in [
            PeerMessage::Say {
                text: "hello".into(),
            },
            PeerMessage::Said {
                from: "abc".into(),
                text: "hi there".into(),
            },
        ] {
            assert_eq!(PeerMessage::parse(&m.encode()), Ok(m));
        }
        assert_eq!(
            PeerMessage::Say { text: "x".into() }.encode(),
            r#"{"type":"say","text":"x"}"#
        );
    }

    #[test]
    fn chat_is_trimmed_and_bounded() {
        assert_eq!(clean_chat("  hi \n"), Ok("hi".into()));
        assert_eq!(clean_chat(" \t "), Err(MessageError::Empty));
        assert_eq!(
            clean_chat(&"é".repeat(MAX_CHAT_CHARS)).map(|s| s.chars().count()),
            Ok(500)
        );
        assert_eq!(
            clean_chat(&"é".repeat(MAX_CHAT_CHARS + 1)),
            Err(MessageError::TooLong)
        );
    }

    #[test]
    fn bad_frames_are_refused() {
        for bad in [
            "",
            "null",
            "{",
            r#"{"type":"say"}"#,
            r#"{"type":"say","text":7}"#,
            r#"{"type":"said","text":"x"}"#,
            r#"{"type":"said","from":"","text":"x"}"#,
            r#"{"type":"shout","text":"x"}"#,
        ] {
            assert!(
                matches!(PeerMessage::parse(bad), Err(MessageError::Malformed(_))),
                "{bad}"
            );
        }
        assert_eq!(
            PeerMessage::parse(r#"{"type":"say","text":"   "}"#),
            Err(MessageError::Empty)
        );
        let huge = format!(
            r#"{{"type":"say","text":"{}"}}"#,
            "a".repeat(MAX_FRAME_BYTES)
        );
        assert_eq!(PeerMessage::parse(&huge), Err(MessageError::TooLong));
    }
}
