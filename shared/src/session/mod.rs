//! Sessions: a table of Coup played over any transport (issue 5).
//!
//! Sans-I/O state machines, driven only by the texts that arrive, the links that open and
//! close, and the time passed in; all randomness comes from the host's seeded RNG. The
//! browser wires them to WebRTC data channels; the tests wire them to a simulated network.
//!
//! - [`protocol`]: the messages between peers (`shared/PEER-PROTOCOL.md`).
//! - [`host`]: [`Host`], the referee: lobby, seats, bots, timers, chat, snapshots.
//! - [`guest`]: [`Guest`], a player's side: checks what arrives, keeps view and log.
//! - [`names`], [`chat`]: what a display name and a chat line may hold, and rate limits.
//!
//! The host is authoritative: it applies every input through the rules engine and sends
//! each member only its own view (R11). Its own player is a guest on the local link.
//!
//! # Rulings the issue leaves to the session
//! - A decision is "the same" while the seat's legal inputs do not change: answering a
//!   window that others are still answering keeps one deadline (R5), and an intent naming
//!   a step from before the decision was put to the seat is stale (no replays).
//! - Bot seats act after a short delay (`bot_delay_ms`) so people can follow; a person who
//!   dropped decides for themselves (their timers running) until the grace period ends,
//!   then the seat's bot answers at once until they return.
//! - Joining in the lobby takes the first open seat; during or after a game, one watches
//!   until the host seats them. During a game a watcher may only take over a bot's seat,
//!   and nobody changes seats (two seats' views would show two hands, R11). Changing seats
//!   after a game puts the finished game away (back to the lobby).
//! - Events of earlier games are read as a watcher reads them.
//! - An unknown token joins afresh; a kicked member's token is refused for good.
//! - A table keeps at most 40 members and 4,000 log entries.

pub mod chat;
pub mod guest;
pub mod host;
pub mod names;
pub mod protocol;
pub(crate) mod rules;

pub use guest::{Guest, GuestError, GuestEvent, IntentError};
pub use host::{Host, Outgoing, RestoreError};
pub use protocol::{MemberId, PeerId};
