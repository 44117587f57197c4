//! [`Seat`]: a place at the table.

use serde::{Deserialize, Serialize};

/// The fewest players a game can have (R1.1).
pub const MIN_PLAYERS: usize = 2;

/// The most players a game can have (R1.1).
pub const MAX_PLAYERS: usize = 10;

/// A seat, numbered 0..n-1; clockwise is increasing seat number, wrapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat at array index `i`, below [`MAX_PLAYERS`].
    pub const fn at(i: usize) -> Seat {
        Seat(i as u8)
    }

    /// The seats of a game of `players`, in order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> {
        (0..players).map(Seat::at)
    }

    /// The seat as an array index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise in a game of `players`, ignoring elimination.
    pub const fn next(self, players: u8) -> Seat {
        Seat((self.0 + 1) % players)
    }
}

impl core::fmt::Display for Seat {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "seat {}", self.0)
    }
}
