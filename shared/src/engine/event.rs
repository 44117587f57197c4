//! [`Event`]: what happened, public or private.

use serde::Serialize;

use super::{Action, Allegiance, Card, Claimed, Seat, WindowAnswer, WindowKind};

tag_first! {
tag "type" (internal), names #[serde(rename_all = "snake_case")];
/// Something that happened. [`Game::apply`](super::Game::apply) reports the events an input
/// caused; the game keeps them all, and [`Event::for_viewer`] redacts one for a seat.
///
/// Every event is public in its existence (the table sees that a player drew a card); the
/// `Option<Card>` fields (and a sealed [`WindowAnswer`]) are what redaction blanks (R11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// R2.5: `seat` chose a card from their set (private to `seat`).
    DraftPicked { seat: Seat, card: Option<Card> },
    /// R2.5: `seat` was dealt a card from the third set (private to `seat`).
    DraftDealt { seat: Seat, card: Option<Card> },
    /// R2.6: the starting player chose; the others alternate clockwise.
    AllegianceChosen { seat: Seat, allegiance: Allegiance },
    /// R3.5: `seat`'s turn begins.
    TurnStarted { seat: Seat },
    /// `seat` declared an action and paid `paid` (to the Reserve for a Conversion, R8.3).
    Declared {
        seat: Seat,
        action: Action,
        paid: u16,
    },
    /// A window opened, asking the seats that now owe an answer.
    WindowOpened { kind: WindowKind },
    /// `seat` answered a window. The answer is sealed: only `seat` sees it (R5).
    Answered { seat: Seat, answer: Option<WindowAnswer> },
    /// An early block (R5.1) was declared in the closed challenge window.
    EarlyBlock { seat: Seat, card: Card },
    /// A window closed with nobody challenging `claimant`'s claim.
    Unchallenged { claimant: Seat },
    /// A window closed with `challenger` (the first clockwise, R5) challenging.
    Challenged {
        challenger: Seat,
        claimant: Seat,
        claim: Claimed,
    },
    /// R6.1, R6.2: `seat` proved a claim by showing `card` (public), which went back to
    /// the Court.
    Proved { seat: Seat, card: Card },
    /// R8.4: the challenged embezzler showed all their hidden cards (public), which went
    /// back to the Court.
    ShowedHand {
        seat: Seat,
        cards: [Option<Card>; 2],
    },
    /// R6.3: `seat`'s claim was disproven (or conceded, R8.4).
    Disproved { seat: Seat, claim: Claimed },
    /// R6.3: the action's cost went back to `seat`.
    Refunded { seat: Seat, coins: u16 },
    /// `seat` drew a card from the Court (private to `seat`).
    Drew { seat: Seat, card: Option<Card> },
    /// The Court deck was shuffled.
    CourtShuffled,
    /// R9.1: `seat` turned `card` face up.
    LostInfluence { seat: Seat, card: Card },
    /// A fair room's seat that left for good lost an influence face down: the card left
    /// the game unseen (docs/FAIR-DEAL.md, section 6). Never in a game without the fair
    /// deal.
    LostFaceDown { seat: Seat },
    /// R9.2: `seat` has no hidden card left.
    Eliminated { seat: Seat },
    /// R5.3: `seat` blocks, claiming `card`.
    BlockDeclared { seat: Seat, card: Card },
    /// R5.4: the block stood; the action failed.
    ActionBlocked { seat: Seat },
    /// Income, Foreign Aid or Tax: `seat` took coins from the Treasury.
    Gained { seat: Seat, coins: u16 },
    /// Steal: `seat` took `coins` from `from`.
    Stole { seat: Seat, from: Seat, coins: u16 },
    /// R8.4: `seat` took the Treasury Reserve.
    Embezzled { seat: Seat, coins: u16 },
    /// R8.3: `target` now has `allegiance`.
    Converted {
        seat: Seat,
        target: Seat,
        allegiance: Allegiance,
    },
    /// R4.2: `seat` finished an exchange, returning `returned` (private to `seat`).
    Exchanged {
        seat: Seat,
        returned: [Option<Card>; 2],
    },
    /// R7.2: `seat` showed `card` to `examiner` (private to both).
    Shown {
        seat: Seat,
        examiner: Seat,
        card: Option<Card>,
    },
    /// R7.2: the examiner gave the card back.
    GaveBack { seat: Seat, target: Seat },
    /// R7.2: the examiner forced `target` to exchange `card` (private to both).
    ForcedExchange {
        seat: Seat,
        target: Seat,
        card: Option<Card>,
    },
    /// R9.3: an eliminated player's coins went back to the Treasury.
    CoinsReturned { seat: Seat, coins: u16 },
    /// R9.5: the game is over.
    GameOver { winner: Seat },
}
}

impl Event {
    /// The event as `viewer` may see it (R11); `None` is a spectator, who sees only public
    /// information. Every event stays visible; secret cards become `None`.
    pub fn for_viewer(&self, viewer: Option<Seat>) -> Event {
        let is = |s: Seat| viewer == Some(s);
        let mut e = *self;
        match &mut e {
            Event::DraftPicked { seat, card }
            | Event::DraftDealt { seat, card }
            | Event::Drew { seat, card }
                if !is(*seat) =>
            {
                *card = None;
            }
            Event::Answered { seat, answer } if !is(*seat) => *answer = None,
            Event::Exchanged { seat, returned } if !is(*seat) => *returned = [None, None],
            Event::Shown {
                seat,
                examiner,
                card,
            } if !is(*seat) && !is(*examiner) => *card = None,
            Event::ForcedExchange { seat, target, card } if !is(*seat) && !is(*target) => {
                *card = None
            }
            _ => {}
        }
        e
    }
}
