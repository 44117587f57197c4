//! [`Bot`], the one trait every bot implements, what it is given to think with
//! ([`Budget`]) and the levels offered to players ([`BotLevel`]). Every bot imports these
//! from here; the factory in the parent module names each level, so no level imports the
//! module that builds it.

use serde::{Deserialize, Serialize};

use super::model::Model;
use crate::engine::{Input, View};

/// How long a bot may think about one decision. It stops at whichever limit comes first;
/// a bot that does no search ignores it.
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// A monotonic clock in milliseconds (the browser's `performance.now()`, or
    /// `Instant` natively). `None`: no clock, so only `iterations` bounds the search and
    /// the decision is a pure function of the seed, the view and the legal inputs.
    pub clock: Option<&'a dyn Fn() -> f64>,
    /// Milliseconds of thought allowed when there is a clock.
    pub millis: f64,
    /// Search iterations allowed (anytime: fewer gives a weaker but legal answer).
    pub iterations: u32,
}

impl Budget<'_> {
    /// The default budget: 50 ms of thought, and a cap on iterations.
    pub const DEFAULT_MILLIS: f64 = 50.0;

    /// A clockless budget of `iterations`: fully deterministic.
    pub const fn iterations(iterations: u32) -> Budget<'static> {
        Budget {
            clock: None,
            millis: f64::INFINITY,
            iterations,
        }
    }
}

impl std::fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("clock", &self.clock.is_some())
            .field("millis", &self.millis)
            .field("iterations", &self.iterations)
            .finish()
    }
}

/// A player that decides from what its seat may know.
pub trait Bot: Send {
    /// Chooses one of `legal` (never empty: the caller asks only a seat that owes a
    /// decision) from `view`, the seat's own view. Must return an element of `legal`.
    fn decide(&mut self, view: &View, legal: &[Input], budget: &Budget<'_>) -> Input;

    /// The bot's level.
    fn level(&self) -> BotLevel;

    /// What the bot has learned of the table's players so far (seat by seat), to carry
    /// into the next game at the same table ([`Bot::remember`]); `None` if it learns
    /// nothing.
    fn memory(&self) -> Option<Model> {
        None
    }

    /// Remembers what a bot at this seat learned in earlier games at the same table (the
    /// same people in the same seats): it reads them by their record from the first
    /// decision on.
    fn remember(&mut self, _memory: &Model) {}
}

/// How well a bot plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Plausible and mostly honest; rarely challenges. A table a beginner can win.
    Easy,
    /// Strong heuristics on card counting and beliefs.
    #[default]
    Normal,
    /// Search over the hidden information within a time budget.
    Hard,
}

impl BotLevel {
    /// Every level, weakest first.
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];

    /// The level's name on the wire and in tools (`easy`, `normal`, `hard`).
    pub const fn name(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Hard => "hard",
        }
    }

    /// Parses a name.
    pub fn from_name(name: &str) -> Option<BotLevel> {
        BotLevel::ALL.into_iter().find(|l| l.name() == name)
    }
}
