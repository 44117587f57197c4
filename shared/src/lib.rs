//! The pure core of Coup P2P.
//!
//! Everything here is deterministic and free of I/O: no sockets, no clock, no global RNG.
//! It compiles natively and to `wasm32-unknown-unknown`.
//!
//! - [`engine`]: the rules engine (`docs/RULES.md`): vocabulary types, `Setup` →
//!   `Game`, inputs, events, views and determinization.
//! - [`fair`]: the fair deal (`docs/FAIR-DEAL.md`): cards encrypted under a joint key,
//!   shuffled by every seat with proofs, opened by decryption shares; the ledger that
//!   checks every record and names a cheat.
//! - [`script`]: the `coup-script` protocol (`docs/SCRIPT.md`) as a pure
//!   function from scenario text to result JSON.
//! - [`relay`]: the relay's wire protocol (`docs/RELAY-PROTOCOL.md`), shared by
//!   the relay server and the browser client; the only part built without the `game`
//!   feature (on by default), which is how the relay builds it.

#[cfg(feature = "game")]
#[macro_use]
mod tagged;

#[cfg(feature = "game")]
pub mod bots;
#[cfg(feature = "game")]
pub mod engine;
#[cfg(feature = "game")]
pub mod fair;
pub mod relay;
#[cfg(feature = "game")]
pub mod script;
#[cfg(feature = "game")]
pub mod session;
