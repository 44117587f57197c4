//! The rules engine: every rule of `RULES.md` (R1–R11).
//!
//! # Layout
//! - Vocabulary, one small `Copy` type per file: [`Card`], [`Seat`], [`SeatSet`],
//!   [`Allegiance`], [`Options`], [`ActionKind`]/[`Action`], [`Claimed`]/[`ClaimEntry`],
//!   [`Keep`], [`Input`], [`Answer`]/[`Window`], [`Hand`], [`Court`], [`Turn`]/[`Stage`],
//!   [`Pending`], [`Event`].
//! - [`Setup`] (unvalidated) becomes a [`Game`] through [`Game::from_setup`]; or
//!   [`Game::deal`] deals one at random (R2).
//! - [`Game::pending`] is the state machine: who owes which decision. [`Game::legal_inputs`]
//!   lists a seat's legal inputs; [`Game::apply`] applies one or returns an [`InputError`]
//!   leaving the game unchanged.
//! - [`Game::view`] is what reaches a player or a bot (R11); [`Game::determinize`] builds a
//!   game back from a view and an assignment of the unseen cards (see [`view`]).
//!
//! # Rulings the rulebook leaves to the engine
//! - Answers in an open window are sealed: a view shows who still owes an answer, never
//!   what the others answered, until the window closes (R5: nobody wins by speed). Answers
//!   that lapsed (R5) are never revealed; an early block is announced when its window closes.
//! - A scripted game (from a `Setup`) never shuffles; a dealt one shuffles with the rng
//!   given to `apply` (SCRIPT.md).
//! - Randomness is always an argument; the engine has no clock, I/O or global state.

mod action;
mod allegiance;
mod card;
mod claim;
mod court;
mod error;
mod event;
mod game;
mod hand;
mod input;
mod keep;
mod options;
mod pending;
mod playout;
mod seat;
mod seat_set;
mod setup;
mod turn;
pub mod view;
mod window;

pub use action::{Action, ActionKind};
pub use allegiance::Allegiance;
pub use card::Card;
pub use claim::{ClaimEntry, ClaimFor, Claimed, Outcome};
pub use court::{Court, MAX_DECK};
pub use error::{InputError, SetupError};
pub use event::Event;
pub use game::{Game, Player};
pub use hand::Hand;
pub use input::Input;
pub use keep::Keep;
pub use options::Options;
pub use pending::Pending;
pub use seat::{MAX_PLAYERS, Seat};
pub use seat_set::SeatSet;
pub use setup::Setup;
pub use turn::{Stage, Turn};
pub use view::{HandView, PlayerView, View};
pub use window::{Answer, Window, WindowKind};
