//! Bots: players that decide from a seat's [`View`](crate::engine::View) and its legal inputs
//! only.
//!
//! A bot never sees a [`Game`](crate::engine::Game): the host hands it exactly what the
//! seat's player would see, so a bot cannot cheat (STYLE.md: views, not state, reach
//! players and bots). Every bot is deterministic for its seed; a bot that thinks against
//! a clock is deterministic too when its [`Budget`] has no clock (iterations only).
//!
//! - [`Bot`] (in `bot.rs`, with [`Budget`] and [`BotLevel`]): the one trait every level
//!   implements; the session layer (host) calls it for bot seats, for absent players and
//!   for turns that time out. The levels import it from there, and the factory here
//!   names each level.
//! - [`BotLevel`] and [`make_bot`]: build a bot of a level from a seed.
//! - [`basic`]: a simple, sensible, mostly honest policy (the floor every level beats).
//! - [`knowledge`]: the position as one seat knows it, in a small `Copy` struct.
//! - [`beliefs`]: exact card counting and a bluff model over opponents' hands.
//! - [`model`]: each opponent's record (caught and proven claims, challenges, blocks) and
//!   the rates it implies, which the bluff model and Hard's playouts use for that opponent.
//! - [`normal`]: the heuristic policy ([`normal::Policy`]) and the Normal bot.
//! - [`easy`]: a beginner. [`hard`]: determinized Monte Carlo search within a budget.
//! - [`reading`]: heads-up, how Hard moves its strategy table's shares by what the
//!   opponent's record shows (its checked claims, its challenges); at any table, the
//!   chance a seat is one who challenges often, by which Hard drops its bluffs.
//! - [`personality`]: boldness, suspicion, vengefulness, drawn from the seed.
//! - [`styles`]: opponents that play unlike Normal (honest, bluffer, …), for tournaments.
//! - [`best_response`]: a search that plays a named bot as its known opponent, to measure
//!   how far that bot can be exploited.

pub mod basic;
pub mod beliefs;
pub mod best_response;
mod bot;
pub mod easy;
pub mod hard;
pub mod knowledge;
pub mod model;
pub mod normal;
pub mod personality;
pub mod reading;
pub mod regret;
pub mod styles;

pub use bot::{Bot, BotLevel, Budget};
pub use model::Model;
pub use personality::Personality;

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
