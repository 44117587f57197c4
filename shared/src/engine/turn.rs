//! [`Turn`] and [`Stage`]: the action in progress, which the pending decision continues.

use serde::{Deserialize, Serialize};

use super::{Action, Card, Seat};

/// Where the action in progress stands: what happens once the pending decision is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The action's challenge window is open (R5.1).
    Declared,
    /// The action's claim was proven; the challenger is losing an influence, then the
    /// block stage follows (R6.2, R6.4).
    ActionProven,
    /// The action's claim failed; the actor is losing an influence, then the turn ends
    /// (R5.2, R6.3; also a conceded Embezzlement, R8.4).
    ActionDisproven,
    /// The block window is open (R5.3).
    Blocking,
    /// The block's challenge window is open (R5.4).
    BlockClaimed,
    /// The block was proven; the challenger is losing an influence; the action fails.
    BlockProven,
    /// The block was disproven; the blocker is losing an influence; the action goes ahead.
    BlockDisproven,
    /// The action is taking effect (a loss, an exchange, an examine).
    Effect,
}

/// The action in progress. Public: everything here has been announced to the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    pub actor: Seat,
    pub action: Action,
    /// Coins paid on declaring (R3.3); returned if the claim is disproven (R6.3).
    pub paid: u16,
    pub stage: Stage,
    /// A block declared early in the challenge window (R5.1), known once it closed.
    pub early_block: Option<(Seat, Card)>,
    /// The block in play (R5.3, R5.5: at most one per action).
    pub block: Option<(Seat, Card)>,
}
