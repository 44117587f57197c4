//! The claim record (R10.2): [`ClaimFor`], [`Outcome`], [`ClaimEntry`] (what a claim
//! asserts, [`Claimed`], is with the cards).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{ActionKind, Claimed, Seat};

/// What a claim was made for: an action, or a block. Serialized as the action's name or
/// `"block"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimFor {
    Action(ActionKind),
    Block,
}

impl Serialize for ClaimFor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ClaimFor::Action(k) => s.serialize_str(k.name()),
            ClaimFor::Block => s.serialize_str("block"),
        }
    }
}

impl<'de> Deserialize<'de> for ClaimFor {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        if name == "block" {
            return Ok(ClaimFor::Block);
        }
        ActionKind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .map(ClaimFor::Action)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown claim use {name:?}")))
    }
}

/// How a claim fared (R10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Its window is still open.
    Pending,
    /// Nobody challenged it.
    Unchallenged,
    /// A challenge proved it.
    Shown,
    /// A challenge disproved it.
    Lost,
}

/// One line of the claim record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClaimEntry {
    pub player: Seat,
    pub card: Claimed,
    #[serde(rename = "for")]
    pub for_: ClaimFor,
    pub outcome: Outcome,
}
