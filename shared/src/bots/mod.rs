//! Bots: players that decide from a seat's [`View`] and its legal inputs only.
//!
//! A bot never sees a [`Game`](crate::engine::Game): the host hands it exactly what the
//! seat's player would see, so a bot cannot cheat (STYLE.md: views, not state, reach
//! players and bots). Every bot is deterministic for its seed; a bot that thinks against
//! a clock is deterministic too when its [`Budget`] has no clock (iterations only).
//!
//! - [`Bot`]: the one trait every level implements; the session layer (host) calls it for
//!   bot seats, for absent players and for turns that time out.
//! - [`BotLevel`] and [`make_bot`]: build a bot of a level from a seed.
//! - [`basic`]: a simple, sensible, mostly honest policy (the floor every level beats).
//! - [`table`]: the position as one seat knows it, in a small `Copy` struct.
//! - [`beliefs`]: exact card counting and a bluff model over opponents' hands.
//! - [`model`]: each opponent's record (caught and proven claims, challenges, blocks) and
//!   the rates it implies, which the bluff model and Hard's playouts use for that opponent.
//! - [`normal`]: the heuristic policy ([`normal::Policy`]) and the Normal bot.
//! - [`easy`]: a beginner. [`hard`]: determinized Monte Carlo search within a budget.
//! - [`personality`]: boldness, suspicion, vengefulness, drawn from the seed.
//! - [`styles`]: opponents that play unlike Normal (honest, bluffer, …), for tournaments.
//! - [`best_response`]: a search that plays a named bot as its known opponent, to measure
//!   how far that bot can be exploited.

pub mod basic;
pub mod beliefs;
pub mod best_response;
pub mod easy;
pub mod hard;
pub mod model;
pub mod normal;
pub mod personality;
pub mod regret;
pub mod styles;
pub mod table;

pub use model::Model;
pub use personality::Personality;

use serde::{Deserialize, Serialize};

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

/// Builds a bot of `level`, deterministic for `seed` (its personality included: a bot's
/// personality is drawn from its seed, so a table of bots does not play like clones).
pub fn make_bot(level: BotLevel, seed: u64) -> Box<dyn Bot> {
    make_bot_with(level, seed, Personality::from_seed(seed))
}

/// Builds a bot of `level` with a chosen personality.
pub fn make_bot_with(level: BotLevel, seed: u64, personality: Personality) -> Box<dyn Bot> {
    match level {
        BotLevel::Easy => Box::new(easy::Easy::new(seed, personality)),
        BotLevel::Normal => Box::new(normal::Normal::new(seed, personality)),
        BotLevel::Hard => Box::new(hard::Hard::new(seed, personality)),
    }
}
