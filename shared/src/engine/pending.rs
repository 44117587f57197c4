//! [`Pending`]: who owes which decision now. This enum is the game's state machine.

use serde::Serialize;

use super::{Card, Seat, SeatSet, Window};

tag_first! {
tag "kind" (internal), names #[serde(rename_all = "snake_case")];
/// The decision the game is waiting for.
///
/// Fields holding secret cards are `Option`s: in a [`Game`](super::Game) they are always
/// filled; in a [`View`](super::View) they are `None` for a viewer who may not see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// R2.5: both players choose a card from their own set, secretly.
    Draft {
        owes: SeatSet,
        /// The choices so far, by seat (sealed).
        picks: [Option<Card>; 2],
    },
    /// R2.6: the starting player chooses an allegiance.
    ChooseAllegiance { seat: Seat },
    /// R3: `seat` takes an action.
    Action { seat: Seat },
    /// R5: a window is open.
    Respond { window: Window },
    /// R9.1: `seat` chooses which of two hidden cards to turn face up.
    LoseInfluence { seat: Seat },
    /// R4.2: `seat` chooses the cards to keep among their hidden cards and `drawn`.
    Exchange {
        seat: Seat,
        /// How many cards were drawn (2 for the Ambassador, 1 for the Inquisitor).
        count: u8,
        /// The cards drawn (seen only by `seat`).
        drawn: [Option<Card>; 2],
    },
    /// R7.2: `seat` chooses a hidden card to show to `examiner`.
    ExamineShow { seat: Seat, examiner: Seat },
    /// R7.2: the examiner `seat` gives the card back or forces an exchange.
    ExamineDecide {
        seat: Seat,
        target: Seat,
        /// The slot of the shown card in the target's hand.
        slot: u8,
        /// The shown card (seen only by the examiner and the target).
        card: Option<Card>,
    },
    /// R9.5: the game is over.
    GameOver { winner: Seat },
}
}

impl Pending {
    /// The seats that owe a decision now.
    pub fn owes(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        match *self {
            Pending::Draft { owes, .. } => return owes,
            Pending::Respond { window } => return window.owes,
            Pending::ChooseAllegiance { seat }
            | Pending::Action { seat }
            | Pending::LoseInfluence { seat }
            | Pending::Exchange { seat, .. }
            | Pending::ExamineShow { seat, .. }
            | Pending::ExamineDecide { seat, .. } => set.insert(seat),
            Pending::GameOver { .. } => {}
        }
        set
    }

    /// The protocol name of the decision (SCRIPT.md `pending.kind`).
    pub const fn kind_name(&self) -> &'static str {
        match self {
            Pending::Draft { .. } => "draft",
            Pending::ChooseAllegiance { .. } => "choose_allegiance",
            Pending::Action { .. } => "action",
            Pending::Respond { .. } => "respond",
            Pending::LoseInfluence { .. } => "lose_influence",
            Pending::Exchange { .. } => "exchange",
            Pending::ExamineShow { .. } => "examine_show",
            Pending::ExamineDecide { .. } => "examine_decide",
            Pending::GameOver { .. } => "game_over",
        }
    }
}
