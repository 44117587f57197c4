//! The pure core of Coup P2P.
//!
//! Everything here is deterministic and free of I/O: no sockets, no clock, no global RNG.
//! It compiles natively and to `wasm32-unknown-unknown`.
//!
//! - [`relay`]: the relay's wire protocol (`../shared/design/RELAY-PROTOCOL.md`), shared by
//!   the relay server and the browser client.

pub mod relay;
