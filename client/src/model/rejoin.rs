//! Taking a room seat back after a reload: what a joiner keeps in `sessionStorage` (under
//! [`REJOIN_KEY`], per tab) while it holds a seat, read back defensively on the next load.
//!
//! The record is the room's code, the seat token the host gave in its welcome, and the
//! name. Rejoining joins the room through the relay as usual, and the guest's hello carries
//! the token, so the host hands back the same seat (`shared/PEER-PROTOCOL.md`, `hello`).

use serde::{Deserialize, Serialize};
use shared::relay::RoomCode;
use shared::session::names::validate_name;

/// The `sessionStorage` key of the record.
pub const REJOIN_KEY: &str = "coup.rejoin";

/// The longest token kept (the host's are 32 hex digits).
const MAX_TOKEN_CHARS: usize = 128;

/// A seat this tab held in a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RejoinRecord {
    /// The room's code.
    pub code: RoomCode,
    /// The seat token from the host's welcome.
    pub token: String,
    /// The name at the table.
    pub name: String,
}

/// A record as storage holds it, before it is checked.
#[derive(Deserialize)]
struct Stored {
    code: String,
    token: String,
    name: String,
}

impl RejoinRecord {
    /// A record, when every part is one the relay and the host would accept.
    pub fn new(code: &RoomCode, token: &str, name: &str) -> Option<RejoinRecord> {
        let valid = !token.is_empty()
            && token.len() <= MAX_TOKEN_CHARS
            && token.chars().all(|c| c.is_ascii_alphanumeric())
            && validate_name(name).as_deref() == Ok(name);
        valid.then(|| RejoinRecord {
            code: code.clone(),
            token: token.to_owned(),
            name: name.to_owned(),
        })
    }

    /// What storage held, when it is a valid record in canonical form (else `None`: drop
    /// it).
    pub fn parse(stored: &str) -> Option<RejoinRecord> {
        if stored.len() > 1_024 {
            return None;
        }
        let s: Stored = serde_json::from_str(stored).ok()?;
        let code = RoomCode::parse(&s.code).filter(|c| c.as_str() == s.code)?;
        RejoinRecord::new(&code, &s.token, &s.name)
    }

    /// The text to store.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips() {
        let code = RoomCode::parse("ABC234").expect("a code");
        let r = RejoinRecord::new(&code, "9f00aa11", "Bo").expect("valid");
        assert_eq!(RejoinRecord::parse(&r.to_json()), Some(r.clone()));
        assert_eq!(r.code.to_string(), "ABC-234");
    }

    #[test]
    fn bad_records_are_refused() {
        for bad in [
            "",
            "null",
            "not json",
            "[1,2]",
            r#"{"code":"ABC234","token":"9f"}"#,
            r#"{"code":"abc-234","token":"9f","name":"Bo"}"#,
            r#"{"code":"ABC23","token":"9f","name":"Bo"}"#,
            r#"{"code":"ABC234","token":"","name":"Bo"}"#,
            r#"{"code":"ABC234","token":"9f 00","name":"Bo"}"#,
            r#"{"code":"ABC234","token":"9f","name":""}"#,
            r#"{"code":"ABC234","token":"9f","name":" Bo "}"#,
            r#"{"code":"ABC234","token":"9f","name":"a\nb"}"#,
            r#"{"code":"ABC234","token":9,"name":"Bo"}"#,
        ] {
            assert_eq!(RejoinRecord::parse(bad), None, "{bad}");
        }
        let long = format!(
            r#"{{"code":"ABC234","token":"{}","name":"Bo"}}"#,
            "a".repeat(129)
        );
        assert_eq!(RejoinRecord::parse(&long), None);
        let code = RoomCode::parse("ABC234").expect("a code");
        assert!(RejoinRecord::new(&code, "x", &"y".repeat(25)).is_none());
    }
}
