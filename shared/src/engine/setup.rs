//! [`Setup`]: a not necessarily valid starting position.

use serde::{Deserialize, Serialize};

use super::{Allegiance, Card, Options, Seat};

/// A starting position that tests and the scripting binary build freely; it becomes a
/// game only through [`Game::from_setup`](super::Game::from_setup), which checks it.
/// Field meanings and defaults are those of SCRIPT.md's `setup`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub players: usize,
    #[serde(default)]
    pub options: Options,
    /// Each seat's two cards, in the order held.
    pub hands: Vec<[Card; 2]>,
    /// The Court deck, top first.
    pub court: Vec<Card>,
    /// Coins per seat; `None` is R2.2 (2 each, 1 for the starting player with 2 players).
    #[serde(default)]
    pub coins: Option<Vec<u16>>,
    /// Required with the allegiances option; ignored without it.
    #[serde(default)]
    pub allegiances: Option<Vec<Allegiance>>,
    /// The Treasury Reserve.
    #[serde(default)]
    pub reserve: u16,
    /// The starting player.
    #[serde(default = "first_default")]
    pub first: Seat,
    /// Per seat, the cards of that hand that start face up.
    #[serde(default)]
    pub face_up: Option<Vec<Vec<Card>>>,
}

fn first_default() -> Seat {
    Seat(0)
}

impl Setup {
    /// A setup with the given deal and every optional field at its default.
    pub fn new(options: Options, hands: Vec<[Card; 2]>, court: Vec<Card>) -> Setup {
        Setup {
            players: hands.len(),
            options,
            hands,
            court,
            coins: None,
            allegiances: None,
            reserve: 0,
            first: Seat(0),
            face_up: None,
        }
    }
}
