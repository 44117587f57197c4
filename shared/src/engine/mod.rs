//! The rules engine: every rule of `RULES.md` (R1–R11).
//!
//! # Layout
//! - Vocabulary, one small `Copy` type per file: [`Card`], [`Seat`], [`SeatSet`],
//!   [`Allegiance`], [`Options`], [`ActionKind`]/[`Action`], [`Claimed`]/[`ClaimEntry`],
//!   [`Keep`], [`Input`], [`WindowAnswer`]/[`Window`], [`Hand`], [`Court`], [`Turn`]/[`Stage`],
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
//!   what the others answered, until the window closes (R5: nobody wins by speed). When it
//!   closes, the answer that counts is announced (`Challenged`, `EarlyBlock`,
//!   `BlockDeclared`); answers that lapsed (R5) are never revealed.
//! - An early block (R5.1) is announced when the challenge window closes, even if the
//!   action then fails; it enters the claim record only if it comes into play (R10.2).
//! - A timeout ([`Game::timeout_input`]) is a pass in a window (R5); elsewhere the engine
//!   picks the most conservative legal input (Income, keep one's own cards, give back, …).
//! - R2.5 dealing: the third set is shuffled at the deal; once both players have chosen,
//!   seat 0 then seat 1 take its top card, and the held order is [chosen, dealt].
//! - R8.4 with no hidden Duke: the shown cards go back (to the bottom, in a scripted game),
//!   the Court is shuffled (dealt games only), then the replacements are drawn from the top.
//! - R7.2 force exchange: the new card takes the shown card's place in the hand.
//! - R9.5: the winner is the only seat with a hidden card; every other seat's coins return
//!   to the Treasury (R9.3) at that moment.
//! - A scripted game (from a `Setup`) never shuffles; a dealt one shuffles with the rng
//!   given to `apply` (SCRIPT.md).
//! - Randomness is always an argument; the engine has no clock, I/O or global state.
//!
//! # Performance
//! A `Game` is a few hundred bytes of fixed-size arrays (at most 10 seats, a 25-card Court)
//! plus two `Vec`s (claim record, event log), so a clone is three allocations at most.
//! `legal_inputs` and `apply` allocate nothing beyond the caller's `Vec`s and the log's
//! amortized growth. See `BENCHMARKS.md` (`## Engine`).

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
pub use card::{Card, Claimed};
pub use claim::{ClaimEntry, ClaimFor, Outcome};
pub use court::{Court, MAX_DECK};
pub use error::{InputError, SetupError};
pub use event::Event;
pub use game::{Game, Player};
pub use hand::Hand;
pub use input::Input;
pub use keep::Keep;
pub use options::Options;
pub use pending::Pending;
pub use seat::{MAX_PLAYERS, MIN_PLAYERS, Seat};
pub use seat_set::SeatSet;
pub use setup::Setup;
pub use turn::{Stage, Turn};
pub use view::{HandView, PlayerView, View};
pub use window::{Window, WindowAnswer, WindowKind};
