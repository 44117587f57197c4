//! [`Keep`]: the cards kept after an exchange, without heap allocation.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Card;

/// One or two cards to keep after an exchange (R4.2), in the order they will be held.
/// Serialized as a list: `["duke", "captain"]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Keep {
    cards: [Card; 2],
    len: u8,
}

impl Keep {
    /// Keep one card.
    pub const fn one(card: Card) -> Keep {
        Keep {
            cards: [card, card],
            len: 1,
        }
    }

    /// Keep two cards, held in this order.
    pub const fn two(first: Card, second: Card) -> Keep {
        Keep {
            cards: [first, second],
            len: 2,
        }
    }

    /// Builds from a slice of one or two cards.
    pub fn from_slice(cards: &[Card]) -> Option<Keep> {
        match *cards {
            [a] => Some(Keep::one(a)),
            [a, b] => Some(Keep::two(a, b)),
            _ => None,
        }
    }

    /// The kept cards.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// How many cards are kept.
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Always false: a keep holds one or two cards.
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }
}

impl Serialize for Keep {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cards())
    }
}

impl<'de> Deserialize<'de> for Keep {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        Keep::from_slice(&cards).ok_or_else(|| serde::de::Error::custom("keep one or two cards"))
    }
}
