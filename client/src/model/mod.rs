//! Plain logic of the client: no browser, no I/O, unit-tested natively.
//!
//! The controller (`crate::app`) turns sockets, peer connections and the referee's worker
//! into calls on [`Session`]; the session answers with [`Effect`]s for the controller to
//! carry out, and the interface renders the session and sends [`Intent`]s. Everything
//! here compiles on every target.

pub mod chat;
pub mod fair;
pub mod intent;
pub mod invite;
pub mod link;
pub mod moment;
pub mod name;
pub mod problems;
pub mod rejoin;
pub mod relay_url;
pub mod session;
pub mod signal;
pub mod table;
pub mod trace;
pub mod words;

pub use chat::ChatLine;
pub use intent::{Intent, SoloSetup};
pub use session::{
    Effect, FairSeatMaker, Hosting, Joined, LinkState, Notice, Opening, Peer, Phase, RelayPeer,
    Room, Session,
};
pub use signal::SignalData;
pub use table::Table;
