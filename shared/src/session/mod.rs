//! Sessions: a table of Coup played over any transport.
//!
//! Sans-I/O state machines, driven only by the texts that arrive, the links that open and
//! close, and the time passed in; all randomness comes from the host's seeded RNG. The
//! browser wires them to WebRTC data channels; the tests wire them to a simulated network.
//!
//! - [`protocol`]: the messages between peers (`shared/PEER-PROTOCOL.md`).
//! - [`host`]: [`Host`], the referee: lobby, seats, bots, timers, chat, snapshots.
//! - [`guest`]: [`Guest`], a player's side: checks what arrives, keeps view and log.
//! - [`port`]: [`Referee`], a host behind a message port (the browser runs it in a Web
//!   Worker), and the messages the page exchanges with it.
//! - [`names`], [`chat`]: what a display name and a chat line may hold, and rate limits.
//! - [`recovery`]: the sealed copy of a table, and its key split between the relay and
//!   the guests, from which another page takes the table over when the host's is gone.
//! - [`takeover`]: [`Takeover`], the page the relay made the host, until that copy opens.
//!
//! The host is authoritative: it applies every input through the rules engine and sends
//! each member only its own view (R11). Its own player is a guest on the local link.
//!
//! # Rulings the rulebook leaves to the session
//! - A decision is "the same" only while others answer the window (or draft) the seat is
//!   answering: that keeps one deadline (R5). Anything else the game puts to a seat is a
//!   new decision with its own step and full time, even with the same legal inputs (the
//!   block's challenge window after an early block, R5.1/R5.4). An intent naming another
//!   game, or a step from before the decision was put to the seat, is stale (no replays,
//!   no double clicks landing in a window the player never saw).
//! - Bot seats act after a short delay (`bot_delay_ms`) so people can follow; a person who
//!   dropped decides for themselves (their timers running) until the grace period ends,
//!   then the seat's bot answers at once until they return.
//! - Joining in the lobby takes the first open seat; during or after a game, one watches
//!   until the host seats them. During a game a watcher may only take over a bot's seat,
//!   and nobody changes seats (two seats' views would show two hands, R11): not even by
//!   way of watching, since one who held a seat in a game may take back only that seat. Changing seats
//!   after a game puts the finished game away (back to the lobby).
//! - Events of earlier games are read as a watcher reads them.
//! - An unknown token joins afresh; a kicked member's token is refused for good.
//! - A table keeps at most 40 members and 4,000 log entries.

pub mod base64url;
pub mod chat;
pub mod fair;
pub mod guest;
pub mod host;
pub mod names;
pub mod port;
pub mod protocol;
pub mod recovery;
pub(crate) mod rules;
pub mod takeover;

pub use fair::engine::{FairEngine, FairMaker, fair_engine};
pub use guest::{Guest, GuestError, GuestEvent, IntentError};
pub use host::{Host, Outgoing, RestoreError};
pub use port::{FromReferee, PeerText, PortError, Referee, ToReferee};
pub use protocol::{MemberId, PeerId};
pub use takeover::{Takeover, TakeoverError};
