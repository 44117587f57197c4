//! The fair deal (`docs/FAIR-DEAL.md`): mental poker for Coup, so that no page, the host's
//! included, can see a card it may not (R11).
//!
//! Cards are ElGamal ciphertexts on ristretto255 under a key jointly made by every seat;
//! every seat shuffles in turn with a proof ([`shuffle`]); a card opens with a decryption
//! share of every seat, each with a proof ([`proofs`]); the [`Ledger`] checks every record
//! of a game and names the seat whose record is false.
//!
//! Pure and sans-I/O like the rest of the crate: randomness comes from the RNG passed in,
//! and every decoder returns an error for any input, never a panic.

mod cards;
pub mod game;
pub mod group;
pub mod ledger;
mod player;
pub mod proofs;
pub mod replay;
mod secret;
pub mod shuffle;
pub mod table;

pub use cards::{CARD_KINDS, MAX_SEATS, card_kind, card_point};
pub use game::{
    AuditFault, CardAnswer, Decision, EndCards, FairError, FairReferee, Public, Question,
    SignedAnswer, Step, Tracker, card_blind,
};
pub use group::{Context, DecodeError};
pub use ledger::{EscrowPart, Fault, FaultKind, Ledger, Msg, Record};
pub use replay::Replica;
pub use secret::Secret;
pub use table::{Expect, FairTable, Place};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod table_tests;

#[cfg(test)]
mod game_tests;
