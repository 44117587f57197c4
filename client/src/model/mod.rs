//! Plain logic of the client: no browser, no I/O, unit-tested natively.
//!
//! The network layer (`crate::net`) turns sockets and peer connections into calls on
//! [`Session`]; the session answers with [`Effect`]s for the network layer to carry out, and
//! the UI renders the session. Everything here compiles on every target.

pub mod chat;
pub mod name;
pub mod rejoin;
pub mod relay_url;
pub mod room_table;
pub mod session;
pub mod signal;
pub mod table;

pub use chat::ChatLine;
pub use room_table::{RoomTable, Wire};
pub use session::{Effect, LinkState, Notice, Peer, Phase, Role, Room, Session};
pub use signal::SignalData;
