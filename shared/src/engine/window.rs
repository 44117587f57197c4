//! [`Window`], [`WindowKind`], [`WindowAnswer`]: a round of answers to a claim or an action (R5).

use serde::{Deserialize, Serialize};

use super::{Card, MAX_PLAYERS, Seat, SeatSet};

/// Which kind of window is open (R5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WindowKind {
    /// R5.1: challenge the action's claim (or, for its target, block early).
    Challenge,
    /// R5.3: block the action.
    Block,
    /// R5.4: challenge the block's claim.
    BlockChallenge,
}

/// One seat's answer to a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WindowAnswer {
    Pass,
    Challenge,
    Block(Card),
}

/// An open window. Nobody wins a window by speed (R5): answers are collected, sealed, and
/// weighed only when every seat asked has answered.
///
/// Sealing: in a [`View`](super::View), `answers` holds only the viewer's own answer;
/// everyone else's is `None` until the window closes, so a player cannot see the others'
/// answers before giving theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Window {
    pub kind: WindowKind,
    /// Every seat asked to answer.
    pub asked: SeatSet,
    /// The seats asked that have not answered yet.
    pub owes: SeatSet,
    /// The answers given so far, by seat (sealed in views).
    pub answers: [Option<WindowAnswer>; MAX_PLAYERS],
}

impl Window {
    /// A window asking `asked`, with no answers yet.
    pub const fn new(kind: WindowKind, asked: SeatSet) -> Window {
        Window {
            kind,
            asked,
            owes: asked,
            answers: [None; MAX_PLAYERS],
        }
    }

    /// The answer of `seat`, if given and visible.
    pub const fn answer(&self, seat: Seat) -> Option<WindowAnswer> {
        if seat.index() < MAX_PLAYERS {
            self.answers[seat.index()]
        } else {
            None
        }
    }
}
