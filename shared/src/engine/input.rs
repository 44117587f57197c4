//! [`Input`]: a decision a player submits.

use serde::{Deserialize, Serialize};

use super::{Action, Allegiance, Card, Keep, Seat};

/// A decision a seat submits to [`Game::apply`](super::Game::apply). Small and `Copy`.
///
/// Serialized as the moves of SCRIPT.md: `"income"`, `{"coup": 2}`, `"pass"`,
/// `{"block": "duke"}`, `{"keep": ["duke"]}`, …, plus `{"draft": CARD}` and
/// `{"allegiance": "loyalist"}` for the setup decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Move", into = "Move")]
pub enum Input {
    /// Take an action on one's turn (R3, R4).
    Act(Action),
    /// Answer a window without challenging or blocking (R5).
    Pass,
    /// Challenge the claim being answered (R5, R6).
    Challenge,
    /// Block, claiming the card (R5.1 early block, R5.3).
    Block(Card),
    /// The hidden card to turn face up when losing an influence (R9.1).
    Lose(Card),
    /// The cards to keep after an exchange (R4.2).
    Keep(Keep),
    /// The hidden card shown to an Examine (R7.2).
    Show(Card),
    /// Examine: give the shown card back (R7.2).
    GiveBack,
    /// Examine: force the target to exchange the shown card (R7.2).
    ForceExchange,
    /// The two-player draft: the card chosen secretly from one's own set (R2.5).
    Draft(Card),
    /// The starting player's allegiance (R2.6).
    Allegiance(Allegiance),
}

/// The flat wire form of [`Input`]; exists only for serde.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Move {
    Income,
    ForeignAid,
    Coup(Seat),
    Tax,
    Assassinate(Seat),
    Steal(Seat),
    Exchange,
    Examine(Seat),
    Convert(Seat),
    Embezzle,
    Pass,
    Challenge,
    Block(Card),
    Lose(Card),
    Keep(Keep),
    Show(Card),
    GiveBack,
    ForceExchange,
    Draft(Card),
    Allegiance(Allegiance),
}

impl From<Move> for Input {
    fn from(m: Move) -> Input {
        match m {
            Move::Income => Input::Act(Action::Income),
            Move::ForeignAid => Input::Act(Action::ForeignAid),
            Move::Coup(t) => Input::Act(Action::Coup(t)),
            Move::Tax => Input::Act(Action::Tax),
            Move::Assassinate(t) => Input::Act(Action::Assassinate(t)),
            Move::Steal(t) => Input::Act(Action::Steal(t)),
            Move::Exchange => Input::Act(Action::Exchange),
            Move::Examine(t) => Input::Act(Action::Examine(t)),
            Move::Convert(t) => Input::Act(Action::Convert(t)),
            Move::Embezzle => Input::Act(Action::Embezzle),
            Move::Pass => Input::Pass,
            Move::Challenge => Input::Challenge,
            Move::Block(c) => Input::Block(c),
            Move::Lose(c) => Input::Lose(c),
            Move::Keep(k) => Input::Keep(k),
            Move::Show(c) => Input::Show(c),
            Move::GiveBack => Input::GiveBack,
            Move::ForceExchange => Input::ForceExchange,
            Move::Draft(c) => Input::Draft(c),
            Move::Allegiance(a) => Input::Allegiance(a),
        }
    }
}

impl From<Input> for Move {
    fn from(i: Input) -> Move {
        match i {
            Input::Act(Action::Income) => Move::Income,
            Input::Act(Action::ForeignAid) => Move::ForeignAid,
            Input::Act(Action::Coup(t)) => Move::Coup(t),
            Input::Act(Action::Tax) => Move::Tax,
            Input::Act(Action::Assassinate(t)) => Move::Assassinate(t),
            Input::Act(Action::Steal(t)) => Move::Steal(t),
            Input::Act(Action::Exchange) => Move::Exchange,
            Input::Act(Action::Examine(t)) => Move::Examine(t),
            Input::Act(Action::Convert(t)) => Move::Convert(t),
            Input::Act(Action::Embezzle) => Move::Embezzle,
            Input::Pass => Move::Pass,
            Input::Challenge => Move::Challenge,
            Input::Block(c) => Move::Block(c),
            Input::Lose(c) => Move::Lose(c),
            Input::Keep(k) => Move::Keep(k),
            Input::Show(c) => Move::Show(c),
            Input::GiveBack => Move::GiveBack,
            Input::ForceExchange => Move::ForceExchange,
            Input::Draft(c) => Move::Draft(c),
            Input::Allegiance(a) => Move::Allegiance(a),
        }
    }
}
