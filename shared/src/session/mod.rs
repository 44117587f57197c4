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

pub mod chat;
pub mod guest;
pub mod host;
pub mod names;
pub mod protocol;
pub(crate) mod rules;

pub use guest::{Guest, GuestError, GuestEvent, IntentError};
pub use host::{Host, Outgoing, RestoreError};
pub use protocol::{MemberId, PeerId};
