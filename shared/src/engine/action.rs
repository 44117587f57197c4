//! [`ActionKind`] and [`Action`]: what a player does on their turn (R4).

use serde::{Deserialize, Serialize};

use super::{Card, Claimed, Options, Seat};

/// An action without its target: the rows of the R4 table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Income,
    ForeignAid,
    Coup,
    Tax,
    Assassinate,
    Steal,
    Exchange,
    Examine,
    Convert,
    Embezzle,
}

impl ActionKind {
    /// Every kind.
    pub const ALL: [ActionKind; 10] = [
        ActionKind::Income,
        ActionKind::ForeignAid,
        ActionKind::Coup,
        ActionKind::Tax,
        ActionKind::Assassinate,
        ActionKind::Steal,
        ActionKind::Exchange,
        ActionKind::Examine,
        ActionKind::Convert,
        ActionKind::Embezzle,
    ];

    /// The snake_case name used in the protocol.
    pub const fn name(self) -> &'static str {
        match self {
            ActionKind::Income => "income",
            ActionKind::ForeignAid => "foreign_aid",
            ActionKind::Coup => "coup",
            ActionKind::Tax => "tax",
            ActionKind::Assassinate => "assassinate",
            ActionKind::Steal => "steal",
            ActionKind::Exchange => "exchange",
            ActionKind::Examine => "examine",
            ActionKind::Convert => "convert",
            ActionKind::Embezzle => "embezzle",
        }
    }

    /// Whether the action takes a target seat.
    pub const fn targeted(self) -> bool {
        matches!(
            self,
            ActionKind::Coup
                | ActionKind::Assassinate
                | ActionKind::Steal
                | ActionKind::Examine
                | ActionKind::Convert
        )
    }

    /// Whether the action exists under `options` (R4.1).
    pub const fn available(self, options: Options) -> bool {
        match self {
            ActionKind::Examine => options.inquisitor,
            ActionKind::Convert | ActionKind::Embezzle => options.allegiances,
            _ => true,
        }
    }

    /// Whether anyone may ever block this action (R4 table).
    pub const fn blockable(self) -> bool {
        matches!(
            self,
            ActionKind::ForeignAid | ActionKind::Assassinate | ActionKind::Steal
        )
    }

    /// Whether only the target may block (Assassinate, Steal); Foreign Aid is blockable by
    /// any other player.
    pub const fn blocked_by_target(self) -> bool {
        matches!(self, ActionKind::Assassinate | ActionKind::Steal)
    }

    /// Whether the R8.1 allegiance limit applies to choosing this action's target.
    pub const fn limited_by_allegiance(self) -> bool {
        matches!(
            self,
            ActionKind::Coup | ActionKind::Assassinate | ActionKind::Steal | ActionKind::Examine
        )
    }

    /// Whether claiming `card` blocks this action (the R4 table; R7.3: the Inquisitor
    /// blocks stealing in place of the Ambassador).
    pub const fn blocked_by(self, card: Card, options: Options) -> bool {
        match self {
            ActionKind::ForeignAid => matches!(card, Card::Duke),
            ActionKind::Assassinate => matches!(card, Card::Contessa),
            ActionKind::Steal => match card {
                Card::Captain => true,
                Card::Ambassador => !options.inquisitor,
                Card::Inquisitor => options.inquisitor,
                _ => false,
            },
            _ => false,
        }
    }

    /// The claim this action makes, if any (R4 table).
    pub const fn claim(self, options: Options) -> Option<Claimed> {
        match self {
            ActionKind::Tax => Some(Claimed::Card(Card::Duke)),
            ActionKind::Assassinate => Some(Claimed::Card(Card::Assassin)),
            ActionKind::Steal => Some(Claimed::Card(Card::Captain)),
            ActionKind::Exchange => Some(Claimed::Card(if options.inquisitor {
                Card::Inquisitor
            } else {
                Card::Ambassador
            })),
            ActionKind::Examine => Some(Claimed::Card(Card::Inquisitor)),
            ActionKind::Embezzle => Some(Claimed::NotDuke),
            _ => None,
        }
    }
}

/// An action with its target. Serialized as in SCRIPT.md: `"income"`, `{"coup": 2}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Income,
    ForeignAid,
    Coup(Seat),
    Tax,
    Assassinate(Seat),
    Steal(Seat),
    Exchange,
    Examine(Seat),
    /// R8.3: change the target's allegiance; the target may be the actor.
    Convert(Seat),
    Embezzle,
}

impl Action {
    /// The action's kind.
    pub const fn kind(self) -> ActionKind {
        match self {
            Action::Income => ActionKind::Income,
            Action::ForeignAid => ActionKind::ForeignAid,
            Action::Coup(_) => ActionKind::Coup,
            Action::Tax => ActionKind::Tax,
            Action::Assassinate(_) => ActionKind::Assassinate,
            Action::Steal(_) => ActionKind::Steal,
            Action::Exchange => ActionKind::Exchange,
            Action::Examine(_) => ActionKind::Examine,
            Action::Convert(_) => ActionKind::Convert,
            Action::Embezzle => ActionKind::Embezzle,
        }
    }

    /// The target seat, for targeted actions.
    pub const fn target(self) -> Option<Seat> {
        match self {
            Action::Coup(t)
            | Action::Assassinate(t)
            | Action::Steal(t)
            | Action::Examine(t)
            | Action::Convert(t) => Some(t),
            _ => None,
        }
    }

    /// Builds an action of `kind` with `target` (ignored for untargeted kinds).
    pub const fn new(kind: ActionKind, target: Seat) -> Action {
        match kind {
            ActionKind::Income => Action::Income,
            ActionKind::ForeignAid => Action::ForeignAid,
            ActionKind::Coup => Action::Coup(target),
            ActionKind::Tax => Action::Tax,
            ActionKind::Assassinate => Action::Assassinate(target),
            ActionKind::Steal => Action::Steal(target),
            ActionKind::Exchange => Action::Exchange,
            ActionKind::Examine => Action::Examine(target),
            ActionKind::Convert => Action::Convert(target),
            ActionKind::Embezzle => Action::Embezzle,
        }
    }

    /// The claim this action makes (R4 table).
    pub const fn claim(self, options: Options) -> Option<Claimed> {
        self.kind().claim(options)
    }

    /// The cost paid when `actor` declares this action (R3.3, R4, R8.3: Conversion costs
    /// 1 for oneself and 2 for another player).
    pub const fn cost(self, actor: Seat) -> u16 {
        match self {
            Action::Coup(_) => 7,
            Action::Assassinate(_) => 3,
            Action::Convert(t) => {
                if t.0 == actor.0 {
                    1
                } else {
                    2
                }
            }
            _ => 0,
        }
    }
}
