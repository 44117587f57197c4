//! [`Court`]: the Court deck, top first, in a fixed-size array.

use rand::Rng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::Card;

/// The largest deck (R1.5: 5 copies of 5 characters).
pub const MAX_DECK: usize = 25;

/// The Court deck. Index 0 is the top. Fixed-size so a `Game` clones without allocating.
#[derive(Clone, Copy)]
pub struct Court {
    cards: [Card; MAX_DECK],
    len: u8,
}

impl Court {
    /// An empty court.
    pub const fn new() -> Court {
        Court {
            cards: [Card::Duke; MAX_DECK],
            len: 0,
        }
    }

    /// A court from a list, top first; `None` when it has more than [`MAX_DECK`] cards.
    pub fn from_slice(cards: &[Card]) -> Option<Court> {
        let mut court = Court::new();
        for &c in cards {
            if !court.push_bottom(c) {
                return None;
            }
        }
        Some(court)
    }

    /// The cards, top first.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The number of cards.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the court is empty.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        let top = self.cards[0];
        self.cards.copy_within(1..self.len as usize, 0);
        self.len -= 1;
        Some(top)
    }

    /// Puts a card at the bottom (SCRIPT.md: returned cards go to the bottom). Returns
    /// false when full.
    pub fn push_bottom(&mut self, card: Card) -> bool {
        if self.len as usize >= MAX_DECK {
            return false;
        }
        self.cards[self.len as usize] = card;
        self.len += 1;
        true
    }

    /// Shuffles the court.
    pub fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        let len = self.len as usize;
        self.cards[..len].shuffle(rng);
    }
}

// Equality and hashing look only at the cards in the deck, not the unused tail.
impl PartialEq for Court {
    fn eq(&self, other: &Court) -> bool {
        self.cards() == other.cards()
    }
}

impl Eq for Court {}

impl core::hash::Hash for Court {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.cards().hash(state);
    }
}

impl Default for Court {
    fn default() -> Self {
        Court::new()
    }
}

impl core::fmt::Debug for Court {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}

impl Serialize for Court {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cards())
    }
}

impl<'de> Deserialize<'de> for Court {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        Court::from_slice(&cards).ok_or_else(|| serde::de::Error::custom("court too large"))
    }
}
