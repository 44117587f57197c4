//! The group, the hash and the wire format under every fair-deal proof.
//!
//! ristretto255 (a prime-order group, so no cofactor checks anywhere) and SHA-512. Every
//! generator other than the base point is hashed to the group, so nobody knows a discrete
//! logarithm between any two of them: the shuffle proof's soundness rests on that.

use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use rand::Rng;
use sha2::{Digest, Sha512};

use crate::engine::Seat;

/// Every hash of the fair deal starts with this, so that nothing hashed here can be
/// mistaken for a hash of another protocol or of another version of this one.
const DOMAIN: &[u8] = b"coup-fair-deal/v1";

/// A scalar drawn uniformly from the RNG passed in (64 bytes reduced, so the bias is
/// below 2^-250).
pub fn random_scalar<R: Rng + ?Sized>(rng: &mut R) -> Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    Scalar::from_bytes_mod_order_wide(&wide)
}

/// A point nobody knows the discrete logarithm of: SHA-512 of a label and an index,
/// mapped by ristretto255's hash-to-group (RFC 9496, section 4.3.4).
pub fn hash_point(label: &[u8], index: u32) -> RistrettoPoint {
    let mut h = Sha512::new();
    h.update(DOMAIN);
    h.update((label.len() as u32).to_le_bytes());
    h.update(label);
    h.update(index.to_le_bytes());
    let wide: [u8; 64] = h.finalize().into();
    RistrettoPoint::from_uniform_bytes(&wide)
}

/// The public context every proof is bound to: the table, the game, the record's place
/// in the game's record and the seat that made it. A proof made for one place verifies
/// at no other, which is what makes a replayed message fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// A random identifier the table agrees on before the keys (the host draws it).
    pub table: [u8; 32],
    /// The game's number at this table (a rematch is a new game with new keys).
    pub game: u32,
    /// The record's index in the game's record.
    pub step: u32,
    /// The seat the record is from.
    pub seat: Seat,
}

/// A Fiat–Shamir transcript: SHA-512 over length-prefixed, labelled items. Each
/// challenge hashes everything absorbed so far, and is absorbed in turn.
#[derive(Clone)]
pub struct Transcript {
    hash: Sha512,
}

impl Transcript {
    /// A transcript for one kind of proof (`proof` names it) in `ctx`.
    pub fn new(proof: &'static [u8], ctx: &Context) -> Transcript {
        let mut t = Transcript {
            hash: Sha512::new(),
        };
        t.bytes(b"domain", DOMAIN);
        t.bytes(b"proof", proof);
        t.bytes(b"table", &ctx.table);
        t.bytes(b"game", &ctx.game.to_le_bytes());
        t.bytes(b"step", &ctx.step.to_le_bytes());
        t.bytes(b"seat", &[ctx.seat.0]);
        t
    }

    pub fn bytes(&mut self, label: &[u8], data: &[u8]) {
        self.hash.update((label.len() as u32).to_le_bytes());
        self.hash.update(label);
        self.hash.update((data.len() as u64).to_le_bytes());
        self.hash.update(data);
    }

    pub fn point(&mut self, label: &[u8], p: &RistrettoPoint) {
        self.bytes(label, p.compress().as_bytes());
    }

    pub fn points<'a>(&mut self, label: &[u8], ps: impl IntoIterator<Item = &'a RistrettoPoint>) {
        let mut all = Vec::new();
        for p in ps {
            all.extend_from_slice(p.compress().as_bytes());
        }
        self.bytes(label, &all);
    }

    /// A challenge scalar; `index` tells apart the challenges drawn at one point.
    pub fn challenge(&mut self, label: &[u8], index: u32) -> Scalar {
        let mut h = self.hash.clone();
        h.update(b"challenge");
        h.update((label.len() as u32).to_le_bytes());
        h.update(label);
        h.update(index.to_le_bytes());
        let wide: [u8; 64] = h.finalize().into();
        let c = Scalar::from_bytes_mod_order_wide(&wide);
        self.bytes(b"challenge", c.as_bytes());
        c
    }
}

/// Why a fair-deal message could not be read. Nothing else is said: a reason never
/// echoes the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("the message ends too soon")]
    Truncated,
    #[error("the message goes on after its end")]
    Trailing,
    #[error("a point is not a canonical ristretto255 encoding")]
    BadPoint,
    #[error("a scalar is not canonical (not below the group order)")]
    BadScalar,
    #[error("a length is out of bounds")]
    BadLength,
    #[error("an unknown message kind")]
    BadKind,
    #[error("a seat is beyond the largest table")]
    BadSeat,
}

/// Canonical encoding: points as their 32-byte compressed form, scalars as 32 canonical
/// little-endian bytes, counts as one byte.
#[derive(Default)]
pub struct Writer {
    pub out: Vec<u8>,
}

impl Writer {
    pub fn u8(&mut self, v: u8) {
        self.out.push(v);
    }
    pub fn seat(&mut self, s: Seat) {
        self.out.push(s.0);
    }
    pub fn point(&mut self, p: &RistrettoPoint) {
        self.out.extend_from_slice(p.compress().as_bytes());
    }
    pub fn scalar(&mut self, s: &Scalar) {
        self.out.extend_from_slice(s.as_bytes());
    }
}

/// Reads what [`Writer`] wrote, refusing anything non-canonical.
pub struct Reader<'a> {
    data: &'a [u8],
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Reader<'a> {
        Reader { data }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], DecodeError> {
        if self.data.len() < n {
            return Err(DecodeError::Truncated);
        }
        let (head, rest) = self.data.split_at(n);
        self.data = rest;
        Ok(head)
    }

    pub fn u8(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take(1)?[0])
    }

    /// A count in `1..=max`.
    pub fn count(&mut self, max: usize) -> Result<usize, DecodeError> {
        let n = usize::from(self.u8()?);
        if n == 0 || n > max {
            return Err(DecodeError::BadLength);
        }
        Ok(n)
    }

    pub fn point(&mut self) -> Result<RistrettoPoint, DecodeError> {
        let bytes = self.take(32)?;
        let c = CompressedRistretto::from_slice(bytes).map_err(|_| DecodeError::BadPoint)?;
        // `decompress` refuses every non-canonical encoding (RFC 9496, section 4.3.1).
        c.decompress().ok_or(DecodeError::BadPoint)
    }

    pub fn scalar(&mut self) -> Result<Scalar, DecodeError> {
        let mut b = [0u8; 32];
        b.copy_from_slice(self.take(32)?);
        Option::from(Scalar::from_canonical_bytes(b)).ok_or(DecodeError::BadScalar)
    }

    pub fn finish(self) -> Result<(), DecodeError> {
        if self.data.is_empty() {
            Ok(())
        } else {
            Err(DecodeError::Trailing)
        }
    }
}
