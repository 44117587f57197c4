//! Taking a room seat back after a reload: what a joiner keeps in `sessionStorage` (under
//! [`REJOIN_KEY`], per tab) while it holds a seat, read back defensively on the next load.
//!
//! The record is the room's code, the seat token the host gave in its welcome, and the
//! name. Rejoining joins the room through the relay as usual, and the guest's hello carries
//! the token, so the host hands back the same seat (`shared/PEER-PROTOCOL.md`, `hello`).
//!
//! A hosting page keeps a [`HostRecord`] the same way (under [`HOST_KEY`]): its name and,
//! for a room, the code, its relay id and the secret that reclaims it, and its own seat's
//! token (a room handed over to a guest's page while this one reloaded takes it back as a
//! guest's seat). The table itself is the referee's, saved by its worker; after a reload
//! the page resumes both.
//!
//! A hosting page of a room that hands over leaves a [`LeftHost`] in `localStorage` (under
//! [`LEFT_HOST_KEY`]) when its tab goes: its seat, for a page of the same browser that
//! opens the room's invitation later, once the table runs on a guest's page.

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

/// A seat token as a host hands them out: letters and digits, not too long.
fn valid_token(token: &str) -> bool {
    !token.is_empty()
        && token.len() <= MAX_TOKEN_CHARS
        && token.chars().all(|c| c.is_ascii_alphanumeric())
}

impl RejoinRecord {
    /// A record, when every part is one the relay and the host would accept.
    pub fn new(code: &RoomCode, token: &str, name: &str) -> Option<RejoinRecord> {
        let valid = valid_token(token) && validate_name(name).as_deref() == Ok(name);
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

/// The `sessionStorage` key of a hosting page's record.
pub const HOST_KEY: &str = "coup.host";

/// The longest relay id or host secret kept (the relay's are 21 and 22+ characters).
const MAX_ID_CHARS: usize = 128;

/// A relay id or secret as the relay makes them (nanoid: letters, digits, `_`, `-`).
fn relay_word(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= MAX_ID_CHARS
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The room a hosting page holds on the relay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostRoom {
    pub code: RoomCode,
    /// The host's relay id, which a reclaim keeps.
    pub me: String,
    /// The secret from the relay's `created`.
    pub secret: String,
    /// The room hands over (`created` said so): the restored referee keeps its recovery
    /// copy again. A record kept before handover reads as `false`.
    #[serde(default)]
    pub handover: bool,
}

/// What a hosting page keeps to take its table back after a reload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostRecord {
    /// The host's name at the table.
    pub name: String,
    /// `None`: a game against bots.
    pub room: Option<HostRoom>,
    /// The host's own seat token, from its referee's welcome: a room handed over while
    /// the page reloaded gives the seat back to a hello that carries it. A record kept
    /// before the welcome, or before tokens were kept, has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

impl HostRecord {
    /// What storage held, when every part is one the relay and the referee would accept.
    pub fn parse(stored: &str) -> Option<HostRecord> {
        if stored.len() > 1_024 {
            return None;
        }
        let r: HostRecord = serde_json::from_str(stored).ok()?;
        let name_ok = validate_name(&r.name).as_deref() == Ok(r.name.as_str());
        let room_ok = r
            .room
            .as_ref()
            .is_none_or(|room| relay_word(&room.me) && relay_word(&room.secret));
        let token_ok = r.token.as_deref().is_none_or(valid_token);
        (name_ok && room_ok && token_ok).then_some(r)
    }

    /// The text to store.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The `localStorage` key of a closed host tab's seat ([`LeftHost`]).
pub const LEFT_HOST_KEY: &str = "coup.left-host";

/// How long a closed host tab's seat is kept for the room's invitation: a table handed
/// over goes on for a while, not for days.
pub const LEFT_HOST_TTL_MS: u64 = 4 * 60 * 60 * 1_000;

/// How far in the future a record's time may be (another tab's clock read a moment
/// later): beyond it, the record is not one this browser wrote.
const CLOCK_SKEW_MS: u64 = 60 * 1_000;

/// The seat of a page that hosted a room that hands over, kept when its tab went: the
/// room's code, the host's own seat token, its name, and when (Unix ms). A page of the
/// same browser that opens that room's invitation later joins with the token, and the
/// page the table moved to gives it that seat back (not a second host, nor a new player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftHost {
    pub seat: RejoinRecord,
    /// When the tab went, in Unix milliseconds.
    pub at: u64,
}

/// A [`LeftHost`] as storage holds it, before it is checked.
#[derive(Deserialize)]
struct StoredLeft {
    code: String,
    token: String,
    name: String,
    at: u64,
}

impl LeftHost {
    /// What storage held, at `now` (Unix ms): the seat, when the record is valid, in
    /// canonical form and not expired (else `None`: drop it).
    pub fn parse(stored: &str, now: u64) -> Option<LeftHost> {
        if stored.len() > 1_024 {
            return None;
        }
        let s: StoredLeft = serde_json::from_str(stored).ok()?;
        let code = RoomCode::parse(&s.code).filter(|c| c.as_str() == s.code)?;
        let fresh = s.at <= now.saturating_add(CLOCK_SKEW_MS)
            && now.saturating_sub(s.at) <= LEFT_HOST_TTL_MS;
        if !fresh {
            return None;
        }
        Some(LeftHost {
            seat: RejoinRecord::new(&code, &s.token, &s.name)?,
            at: s.at,
        })
    }

    /// The seat to take back for a page that opened the invitation to `invited`, from what
    /// storage held at `now`: only that room's, and only a record still good.
    pub fn seat_for(stored: &str, invited: &RoomCode, now: u64) -> Option<RejoinRecord> {
        LeftHost::parse(stored, now)
            .map(|l| l.seat)
            .filter(|seat| seat.code == *invited)
    }

    /// The text to store.
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "code": self.seat.code.as_str(),
            "token": self.seat.token,
            "name": self.seat.name,
            "at": self.at,
        })
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_record_round_trips_and_bad_ones_are_refused() {
        let room = HostRoom {
            code: RoomCode::parse("ABC234").expect("a code"),
            me: "V1StGXR8_Z5jdHi6B-myT".into(),
            secret: "s3cr3t-s3cr3t_s3cr3t00".into(),
            handover: true,
        };
        for r in [
            HostRecord {
                name: "Ana".into(),
                room: Some(room.clone()),
                token: None,
            },
            HostRecord {
                name: "Ana".into(),
                room: Some(room),
                token: Some("9f00aa11".into()),
            },
            HostRecord {
                name: "Ana".into(),
                room: None,
                token: None,
            },
        ] {
            assert_eq!(HostRecord::parse(&r.to_json()), Some(r));
        }
        // A record kept before tokens were kept still reads, with none.
        let old =
            r#"{"name":"Ana","room":{"code":"ABC234","me":"a","secret":"b","handover":true}}"#;
        assert_eq!(HostRecord::parse(old).and_then(|r| r.token), None);
        assert!(HostRecord::parse(old).is_some());
        for bad in [
            "",
            "null",
            r#"{"name":" Ana","room":null}"#,
            r#"{"name":"Ana","room":{"code":"ABC23","me":"a","secret":"b"}}"#,
            r#"{"name":"Ana","room":{"code":"ABC234","me":"","secret":"b"}}"#,
            r#"{"name":"Ana","room":{"code":"ABC234","me":"a","secret":"b c"}}"#,
            r#"{"name":"Ana","room":{"code":"ABC234","me":"a"}}"#,
            r#"{"name":"Ana","room":null,"token":""}"#,
            r#"{"name":"Ana","room":null,"token":"9f 00"}"#,
            r#"{"name":"Ana","room":null,"token":9}"#,
        ] {
            assert_eq!(HostRecord::parse(bad), None, "{bad}");
        }
        let long = format!(
            r#"{{"name":"Ana","room":null,"token":"{}"}}"#,
            "a".repeat(129)
        );
        assert_eq!(HostRecord::parse(&long), None);
    }

    #[test]
    fn a_closed_host_tabs_seat_is_read_back_only_for_its_room_and_only_for_a_while() {
        let code = RoomCode::parse("ABC234").expect("a code");
        let seat = RejoinRecord::new(&code, "9f00aa11", "Ana").expect("valid");
        let left = LeftHost {
            seat: seat.clone(),
            at: 1_000_000,
        };
        let text = left.to_json();
        assert_eq!(LeftHost::parse(&text, 1_000_000), Some(left.clone()));
        assert_eq!(
            LeftHost::seat_for(&text, &code, 1_000_000 + LEFT_HOST_TTL_MS),
            Some(seat)
        );
        // Another room's invitation, an expired record, or one from the future: none.
        let other = RoomCode::parse("XYZ789").expect("a code");
        assert_eq!(LeftHost::seat_for(&text, &other, 1_000_000), None);
        assert_eq!(LeftHost::parse(&text, 1_000_001 + LEFT_HOST_TTL_MS), None);
        assert_eq!(LeftHost::parse(&text, 1_000_000 - CLOCK_SKEW_MS - 1), None);
        for bad in [
            "",
            "null",
            r#"{"code":"ABC234","token":"9f","name":"Ana"}"#,
            r#"{"code":"abc-234","token":"9f","name":"Ana","at":1000000}"#,
            r#"{"code":"ABC234","token":"","name":"Ana","at":1000000}"#,
            r#"{"code":"ABC234","token":"9f","name":" Ana","at":1000000}"#,
            r#"{"code":"ABC234","token":"9f","name":"Ana","at":-1}"#,
            r#"{"code":"ABC234","token":"9f","name":"Ana","at":"1000000"}"#,
        ] {
            assert_eq!(LeftHost::parse(bad, 1_000_000), None, "{bad}");
        }
        assert_eq!(LeftHost::parse(&"x".repeat(2_000), 1_000_000), None);
    }

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
