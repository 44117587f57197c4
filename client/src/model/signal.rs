//! What one peer sends another through the relay's `signal` messages to set up a WebRTC
//! connection: the SDP offer and answer, and trickled ICE candidates.
//!
//! The relay forwards `data` untouched, so this format is ours alone; it is versioned by
//! nothing but its `kind` tags. An ICE restart sends a fresh offer on the same connection.
//! A guest whose link struggles asks the host for one ([`SignalData::Restart`]), or, when
//! the link is gone, to be called again on a new connection ([`SignalData::Redial`]): the
//! host always makes the offers.
//!
//! A guest's answer also carries the name it will give in its hello, so that a host whose
//! link to it never opens can still call it by that name. It is for display only, and
//! checked as every name is (`shared::session::names`); the hello's name decides the seat.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The longest SDP or candidate string we accept (the relay caps frames at 16 KiB anyway).
pub const MAX_SIGNAL_TEXT: usize = 16 * 1024;

/// One signalling message between two peers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SignalData {
    /// The caller's session description (the host calls each guest).
    Offer { sdp: String },
    /// The callee's session description, and the name the guest will say hello with (a
    /// host that predates it ignores it).
    Answer {
        sdp: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// One trickled ICE candidate, in the browser's `RTCIceCandidateInit` shape.
    Candidate {
        candidate: String,
        #[serde(rename = "sdpMid", default, skip_serializing_if = "Option::is_none")]
        sdp_mid: Option<String>,
        #[serde(
            rename = "sdpMLineIndex",
            default,
            skip_serializing_if = "Option::is_none"
        )]
        sdp_m_line_index: Option<u16>,
    },
    /// A guest asks the host to restart ICE on their connection (it went `disconnected`).
    Restart,
    /// A guest asks the host to call it again on a new connection (the old one is gone).
    Redial,
}

/// Why a signal from another peer was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignalError {
    /// Not one of our signalling messages.
    Malformed(String),
    /// A description or candidate longer than [`MAX_SIGNAL_TEXT`].
    TooLong,
}

impl std::fmt::Display for SignalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SignalError::Malformed(why) => write!(f, "malformed signal: {why}"),
            SignalError::TooLong => write!(f, "signal too long"),
        }
    }
}

impl SignalData {
    /// Reads a signal as the relay delivered it, refusing anything that is not ours.
    pub fn parse(data: Value) -> Result<SignalData, SignalError> {
        let signal: SignalData =
            serde_json::from_value(data).map_err(|e| SignalError::Malformed(e.to_string()))?;
        let text = match &signal {
            SignalData::Offer { sdp } | SignalData::Answer { sdp, .. } => sdp,
            SignalData::Candidate { candidate, .. } => candidate,
            SignalData::Restart | SignalData::Redial => "",
        };
        if text.len() > MAX_SIGNAL_TEXT {
            return Err(SignalError::TooLong);
        }
        Ok(signal)
    }

    /// Reads signals given as JSON texts, each as [`SignalData::parse`] reads one; `None`
    /// when any of them is refused.
    pub fn parse_texts(texts: &[String]) -> Option<Vec<SignalData>> {
        texts
            .iter()
            .map(|text| {
                let value = serde_json::from_str(text).ok()?;
                SignalData::parse(value).ok()
            })
            .collect()
    }

    /// The name an answer carries, if it is a valid name (after the same cleaning a hello's
    /// name gets); anything else is no name.
    pub fn answer_name(&self) -> Option<String> {
        match self {
            SignalData::Answer {
                name: Some(name), ..
            } => shared::session::names::validate_name(name).ok(),
            _ => None,
        }
    }

    /// The JSON value to put in a relay `signal` message.
    pub fn to_value(&self) -> Value {
        // Serializing a plain enum of strings cannot fail.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn answer(name: &str) -> SignalData {
        SignalData::Answer {
            sdp: "v=0".into(),
            name: Some(name.into()),
        }
    }

    #[test]
    fn an_answers_name_counts_only_when_it_is_a_valid_name() {
        assert_eq!(
            answer("  Ada   Lovelace ").answer_name().as_deref(),
            Some("Ada Lovelace")
        );
        for bad in [
            "",
            "   ",
            "Bot 2",
            "You",
            "a\u{202e}b",
            &"x".repeat(200),
            "line\nbreak",
        ] {
            assert_eq!(answer(bad).answer_name(), None, "{bad:?}");
        }
        assert_eq!(SignalData::Offer { sdp: "v=0".into() }.answer_name(), None);
    }

    #[test]
    fn candidates_use_the_browser_field_names() {
        let c = SignalData::Candidate {
            candidate: "candidate:1 1 udp 1 127.0.0.1 5000 typ host".into(),
            sdp_mid: Some("0".into()),
            sdp_m_line_index: Some(0),
        };
        let wire = json!({
            "kind": "candidate",
            "candidate": "candidate:1 1 udp 1 127.0.0.1 5000 typ host",
            "sdpMid": "0",
            "sdpMLineIndex": 0
        });
        assert_eq!(c.to_value(), wire);
        assert_eq!(SignalData::parse(wire), Ok(c));
    }

    #[test]
    fn descriptions_round_trip() {
        for s in [
            SignalData::Offer { sdp: "v=0".into() },
            SignalData::Answer {
                sdp: "v=0".into(),
                name: None,
            },
            SignalData::Answer {
                sdp: "v=0".into(),
                name: Some("Ada".into()),
            },
            SignalData::Restart,
            SignalData::Redial,
        ] {
            assert_eq!(SignalData::parse(s.to_value()), Ok(s));
        }
        assert_eq!(SignalData::Redial.to_value(), json!({"kind": "redial"}));
        // An answer without a name is the shape hosts before the name read.
        assert_eq!(
            SignalData::Answer {
                sdp: "v=0".into(),
                name: None
            }
            .to_value(),
            json!({"kind": "answer", "sdp": "v=0"})
        );
        assert_eq!(
            SignalData::parse(json!({"kind":"candidate","candidate":""})),
            Ok(SignalData::Candidate {
                candidate: String::new(),
                sdp_mid: None,
                sdp_m_line_index: None
            })
        );
    }

    #[test]
    fn garbage_is_refused_without_panicking() {
        for bad in [
            json!(null),
            json!("offer"),
            json!({"kind":"offer"}),
            json!({"kind":"offer","sdp":5}),
            json!({"kind":"candidate","candidate":"x","sdpMLineIndex":-1}),
            json!({"kind":"candidate","candidate":"x","sdpMLineIndex":70000}),
            json!({"kind":"rollback"}),
        ] {
            assert!(
                matches!(
                    SignalData::parse(bad.clone()),
                    Err(SignalError::Malformed(_))
                ),
                "{bad}"
            );
        }
        // A name of the wrong type is a malformed answer.
        assert!(matches!(
            SignalData::parse(json!({"kind":"answer","sdp":"v=0","name":7})),
            Err(SignalError::Malformed(_))
        ));
        let long = "x".repeat(MAX_SIGNAL_TEXT + 1);
        assert_eq!(
            SignalData::parse(json!({"kind":"answer","sdp": long})),
            Err(SignalError::TooLong)
        );
    }

    #[test]
    fn texts_are_read_whole_or_not_at_all() {
        let offer = |sdp: String| json!({"kind":"offer","sdp":sdp}).to_string();
        let candidate = json!({"kind":"candidate","candidate":"candidate:1 1 udp 1 192.0.2.1 9 typ host","sdpMid":"0","sdpMLineIndex":0}).to_string();
        let fine = vec![offer("v=0".into()), candidate.clone()];
        assert_eq!(SignalData::parse_texts(&fine).map(|a| a.len()), Some(2));
        let longest = offer("x".repeat(MAX_SIGNAL_TEXT));
        assert!(SignalData::parse_texts(&[longest]).is_some());
        for bad in [
            offer("x".repeat(MAX_SIGNAL_TEXT + 1)),
            offer("\u{20ac}".repeat(MAX_SIGNAL_TEXT / 3 + 1)),
            json!({"kind":"candidate","candidate":"c".repeat(MAX_SIGNAL_TEXT + 1)}).to_string(),
            json!({"kind":"candidate","candidate":"c","sdpMLineIndex":70000}).to_string(),
            json!({"kind":"fly"}).to_string(),
            "not json".into(),
        ] {
            let texts = vec![offer("v=0".into()), bad.clone(), candidate.clone()];
            assert!(SignalData::parse_texts(&texts).is_none(), "{bad:.80}");
        }
    }
}
