//! [`Hand`]: a player's two influence cards, each face down or face up.

use serde::{Deserialize, Serialize};

use super::Card;

/// A player's cards in the order held. `len` is 2 once dealt, 0 only during the
/// two-player draft (R2.5) before the cards are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Hand {
    pub cards: [Card; 2],
    /// Which cards are face up (lost influence, R9.1).
    pub up: [bool; 2],
    pub len: u8,
}

impl Hand {
    /// A dealt hand, both face down.
    pub const fn new(a: Card, b: Card) -> Hand {
        Hand {
            cards: [a, b],
            up: [false, false],
            len: 2,
        }
    }

    /// An empty hand (during the draft).
    pub const fn empty() -> Hand {
        Hand {
            cards: [Card::Duke, Card::Duke],
            up: [false, false],
            len: 0,
        }
    }

    /// The number of face-down cards.
    pub const fn hidden_count(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < self.len as usize {
            if !self.up[i] {
                n += 1;
            }
            i += 1;
        }
        n
    }

    /// The slot of a face-down `card`, if held (R6.5: only hidden cards prove a claim).
    pub const fn find_hidden(&self, card: Card) -> Option<usize> {
        let mut i = 0;
        while i < self.len as usize {
            if !self.up[i] && self.cards[i] as u8 == card as u8 {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// The slot of the only face-down card, when exactly one is left.
    pub const fn only_hidden(&self) -> Option<usize> {
        if self.hidden_count() != 1 {
            return None;
        }
        let mut i = 0;
        while i < self.len as usize {
            if !self.up[i] {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    /// The face-down cards, in order.
    pub fn hidden(&self) -> impl Iterator<Item = Card> + '_ {
        (0..self.len as usize)
            .filter(|&i| !self.up[i])
            .map(|i| self.cards[i])
    }

    /// The face-up cards, in order.
    pub fn revealed(&self) -> impl Iterator<Item = Card> + '_ {
        (0..self.len as usize)
            .filter(|&i| self.up[i])
            .map(|i| self.cards[i])
    }

    /// The slots of the face-down cards, in order.
    pub fn hidden_slots(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len as usize).filter(|&i| !self.up[i])
    }
}
