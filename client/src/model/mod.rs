//! Plain logic of the client: no browser, no I/O, unit-tested natively.
//!
//! The network layer (`crate::net`) turns sockets and peer connections into calls on
//! [`Session`]; the session answers with [`Effect`]s for the network layer to carry out, and
//! the UI renders the session. Everything here compiles on every target.

pub mod chat;
pub mod peer_msg;
pub mod relay_url;
pub mod session;
pub mod signal;
pub mod table;

pub use chat::{ChatLine, ChatLog};
pub use peer_msg::PeerMessage;
pub use session::{Effect, LinkState, Notice, Peer, Phase, Role, Room, Session};
pub use signal::SignalData;
