//! [`Card`]: the six characters, and [`Claimed`]: what a claim asserts.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Options;

/// A character card. Serialized by its lower-case name (`"duke"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Card {
    Duke = 0,
    Assassin = 1,
    Captain = 2,
    Ambassador = 3,
    Contessa = 4,
    Inquisitor = 5,
}

impl Card {
    /// Every character, in index order.
    pub const ALL: [Card; 6] = [
        Card::Duke,
        Card::Assassin,
        Card::Captain,
        Card::Ambassador,
        Card::Contessa,
        Card::Inquisitor,
    ];

    /// A dense index 0..6, for per-character counters.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name used everywhere in the protocol.
    pub const fn name(self) -> &'static str {
        match self {
            Card::Duke => "duke",
            Card::Assassin => "assassin",
            Card::Captain => "captain",
            Card::Ambassador => "ambassador",
            Card::Contessa => "contessa",
            Card::Inquisitor => "inquisitor",
        }
    }

    /// Parses a lower-case name.
    pub fn from_name(name: &str) -> Option<Card> {
        Card::ALL.into_iter().find(|c| c.name() == name)
    }

    /// Whether this character is in the deck under `options` (R1.2: the Inquisitor
    /// replaces the Ambassador).
    pub const fn in_use(self, options: Options) -> bool {
        match self {
            Card::Ambassador => !options.inquisitor,
            Card::Inquisitor => options.inquisitor,
            _ => true,
        }
    }

    /// The five characters in use, in index order.
    pub const fn in_use_set(options: Options) -> [Card; 5] {
        let fifth = if options.inquisitor {
            Card::Inquisitor
        } else {
            Card::Ambassador
        };
        [
            Card::Duke,
            Card::Assassin,
            Card::Captain,
            fifth,
            Card::Contessa,
        ]
    }
}

/// What a claim asserts: a character, or "not Duke" for Embezzlement (R8.4).
/// Serialized as the card name or `"not_duke"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claimed {
    Card(Card),
    NotDuke,
}

impl Claimed {
    /// The protocol name.
    pub const fn name(self) -> &'static str {
        match self {
            Claimed::Card(c) => c.name(),
            Claimed::NotDuke => "not_duke",
        }
    }
}

impl Serialize for Claimed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Claimed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        if name == "not_duke" {
            return Ok(Claimed::NotDuke);
        }
        Card::from_name(&name)
            .map(Claimed::Card)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown claim {name:?}")))
    }
}
