//! What the host keeps of a fair game (docs/FAIR-DEAL.md): the referee's public calls,
//! from which a restore rebuilds it, and what it waits for. The host's state holds it;
//! the fair room's handling (`host.rs`, beside it) drives it.

use serde::{Deserialize, Serialize};

use crate::engine::{Input, Seat};
use crate::fair::{FairReferee, Step};
use crate::session::fair::engine::FairEngine;

/// One call the referee took, in order: replayed on restore.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Call {
    /// A seat's record, base64url as it came.
    Record(String),
    /// A seat's decision that reads no card, with its signature (base64url); without
    /// one, the host's card-blind default for the seat.
    Decision {
        seat: Seat,
        input: Input,
        signature: Option<String>,
    },
    /// A seat's signed answer, base64url as it came.
    Answer(String),
    /// The seat left for good and the game went on without it (section 6).
    Leave(Seat),
    /// The record, answer or decision of this number of the log, which a recovery copy
    /// leaves out ([`crate::session::host::Host::take_over`] reads it there again, once put back).
    Logged(u64),
}

/// The fair game in progress: public, all of it.
#[derive(Serialize, Deserialize)]
pub(crate) struct FairGame {
    /// The stand-ins' seed: public randomness, nothing of any card.
    pub(crate) seed: u64,
    pub(crate) first: Seat,
    pub(crate) calls: Vec<Call>,
    /// Rebuilt from the calls after a restore.
    #[serde(skip)]
    pub(crate) referee: Option<Box<dyn FairEngine>>,
    /// What the referee waits for now.
    #[serde(skip)]
    pub(crate) step: Option<Step>,
    /// The seats that owe a record or an answer, each since when (host time): a present
    /// seat that owes one for as long as the grace period forfeits (section 6). Not kept
    /// in a snapshot: a restored host counts afresh.
    #[serde(skip)]
    pub(crate) owing: Vec<(Seat, u64)>,
}

impl FairGame {
    pub(crate) fn referee(&self) -> Option<&FairReferee> {
        self.referee.as_deref().map(|r| r.referee())
    }
}
