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

pub mod group;
pub mod ledger;
mod player;
pub mod proofs;
pub mod shuffle;
pub mod table;

use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use rand::Rng;

pub use group::{Context, DecodeError};
pub use ledger::{EscrowPart, Fault, FaultKind, Ledger, Msg, Record};
pub use table::{Expect, FairTable, Place};

/// The most seats at a table (R1.1).
pub const MAX_SEATS: usize = 10;

/// How many kinds of card there are (the six characters, `Card::index`).
pub const CARD_KINDS: u8 = 6;

/// The plaintext of a card of kind `kind`: a point nobody knows the logarithm of, so that
/// no combination of cards' plaintexts is another card's.
pub fn card_point(kind: u8) -> RistrettoPoint {
    group::hash_point(b"card", u32::from(kind))
}

/// Which kind of card `p` is, if it is one.
pub fn card_kind(p: &RistrettoPoint) -> Option<u8> {
    (0..CARD_KINDS).find(|&k| card_point(k) == *p)
}

/// A seat's secret for one game: the share of the joint key. It stays in the player's own
/// tab (stored there to survive a reload) and is published only when the game is over.
#[derive(Clone)]
pub struct Secret {
    x: Scalar,
}

impl core::fmt::Debug for Secret {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl Secret {
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Secret {
        loop {
            let x = group::random_scalar(rng);
            if x != Scalar::ZERO {
                return Secret { x };
            }
        }
    }

    pub fn public(&self) -> RistrettoPoint {
        RistrettoPoint::mul_base(&self.x)
    }

    pub fn scalar(&self) -> &Scalar {
        &self.x
    }

    /// The 32 bytes the tab stores.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.x.to_bytes()
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Secret, DecodeError> {
        let mut r = group::Reader::new(bytes);
        let x = r.scalar()?;
        r.finish()?;
        if x == Scalar::ZERO {
            return Err(DecodeError::BadScalar);
        }
        Ok(Secret { x })
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod table_tests;
