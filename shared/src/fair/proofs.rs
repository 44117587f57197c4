//! ElGamal over ristretto255 and the small proofs: knowledge of a key (Schnorr),
//! a correct decryption share (Chaum–Pedersen), and a share passed privately to one
//! player (a proof of a linear relation, for Examine).
//!
//! Each proof is non-interactive by Fiat–Shamir over a [`Transcript`] that holds the
//! whole statement and the [`Context`], so it verifies for that statement, at that place
//! of the record, from that seat only.

use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use rand::Rng;

use super::group::{Context, DecodeError, Reader, Transcript, Writer, random_scalar};

/// An ElGamal ciphertext `(a, b) = (r·G, M + r·H)` under the joint key `H`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ciphertext {
    pub a: RistrettoPoint,
    pub b: RistrettoPoint,
}

impl Ciphertext {
    /// The card `m` in the clear, as every deck starts: `(0, M)`.
    pub fn open(m: RistrettoPoint) -> Ciphertext {
        Ciphertext {
            a: RistrettoPoint::default(),
            b: m,
        }
    }

    /// The same plaintext under fresh randomness `s`.
    pub fn rerandomize(&self, key: &RistrettoPoint, s: &Scalar) -> Ciphertext {
        Ciphertext {
            a: self.a + RistrettoPoint::mul_base(s),
            b: self.b + key * s,
        }
    }

    pub fn write(&self, w: &mut Writer) {
        w.point(&self.a);
        w.point(&self.b);
    }

    pub fn read(r: &mut Reader<'_>) -> Result<Ciphertext, DecodeError> {
        Ok(Ciphertext {
            a: r.point()?,
            b: r.point()?,
        })
    }
}

/// A proof of knowledge of `x` with `X = x·G` (Schnorr), as `(c, s)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyProof {
    c: Scalar,
    s: Scalar,
}

fn key_transcript(ctx: &Context, key: &RistrettoPoint, message: &[u8]) -> Transcript {
    let mut t = Transcript::new(b"key", ctx);
    t.point(b"X", key);
    t.bytes(b"message", message);
    t
}

impl KeyProof {
    pub fn prove<R: Rng + ?Sized>(ctx: &Context, x: &Scalar, rng: &mut R) -> KeyProof {
        KeyProof::sign(ctx, x, &[], rng)
    }

    pub fn verify(&self, ctx: &Context, key: &RistrettoPoint) -> bool {
        self.verify_signed(ctx, key, &[])
    }

    /// The same proof bound to `message` as well: a Schnorr signature. A shuffle needs one,
    /// since anyone can prove a shuffle: without it, whoever relays the records could put
    /// its own shuffle in a seat's place and know the order of the deck.
    pub fn sign<R: Rng + ?Sized>(
        ctx: &Context,
        x: &Scalar,
        message: &[u8],
        rng: &mut R,
    ) -> KeyProof {
        let key = RistrettoPoint::mul_base(x);
        let k = random_scalar(rng);
        let mut t = key_transcript(ctx, &key, message);
        t.point(b"T", &RistrettoPoint::mul_base(&k));
        let c = t.challenge(b"c", 0);
        KeyProof { c, s: k + c * x }
    }

    pub fn verify_signed(&self, ctx: &Context, key: &RistrettoPoint, message: &[u8]) -> bool {
        let commit = RistrettoPoint::vartime_double_scalar_mul_basepoint(&-self.c, key, &self.s);
        let mut t = key_transcript(ctx, key, message);
        t.point(b"T", &commit);
        t.challenge(b"c", 0) == self.c
    }

    pub fn write(&self, w: &mut Writer) {
        w.scalar(&self.c);
        w.scalar(&self.s);
    }

    pub fn read(r: &mut Reader<'_>) -> Result<KeyProof, DecodeError> {
        Ok(KeyProof {
            c: r.scalar()?,
            s: r.scalar()?,
        })
    }
}

/// A decryption share `D = x·a` of a ciphertext `(a, b)` with a Chaum–Pedersen proof that
/// `log_G X = log_a D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    pub d: RistrettoPoint,
    c: Scalar,
    s: Scalar,
}

fn share_transcript(
    ctx: &Context,
    key: &RistrettoPoint,
    a: &RistrettoPoint,
    d: &RistrettoPoint,
) -> Transcript {
    let mut t = Transcript::new(b"share", ctx);
    t.point(b"X", key);
    t.point(b"a", a);
    t.point(b"D", d);
    t
}

impl Share {
    pub fn prove<R: Rng + ?Sized>(
        ctx: &Context,
        x: &Scalar,
        ct: &Ciphertext,
        rng: &mut R,
    ) -> Share {
        let key = RistrettoPoint::mul_base(x);
        let d = ct.a * x;
        let k = random_scalar(rng);
        let mut t = share_transcript(ctx, &key, &ct.a, &d);
        t.point(b"T1", &RistrettoPoint::mul_base(&k));
        t.point(b"T2", &(ct.a * k));
        let c = t.challenge(b"c", 0);
        Share { d, c, s: k + c * x }
    }

    pub fn verify(&self, ctx: &Context, key: &RistrettoPoint, ct: &Ciphertext) -> bool {
        let t1 = RistrettoPoint::vartime_double_scalar_mul_basepoint(&-self.c, key, &self.s);
        let t2 = RistrettoPoint::vartime_multiscalar_mul([self.s, -self.c], [ct.a, self.d]);
        let mut t = share_transcript(ctx, key, &ct.a, &self.d);
        t.point(b"T1", &t1);
        t.point(b"T2", &t2);
        t.challenge(b"c", 0) == self.c
    }

    pub fn write(&self, w: &mut Writer) {
        w.point(&self.d);
        w.scalar(&self.c);
        w.scalar(&self.s);
    }

    pub fn read(r: &mut Reader<'_>) -> Result<Share, DecodeError> {
        Ok(Share {
            d: r.point()?,
            c: r.scalar()?,
            s: r.scalar()?,
        })
    }
}

/// A decryption share encrypted to one player (Examine, R7.2): `E = (k·G, x·a + k·Y)` with
/// `Y` that player's key, and a proof that it hides the share `x·a` of the holder of
/// `X = x·G`. Everyone can check it; only the holder of `Y` learns the share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SealedShare {
    pub e1: RistrettoPoint,
    pub e2: RistrettoPoint,
    c: Scalar,
    s1: Scalar,
    s2: Scalar,
}

fn sealed_transcript(
    ctx: &Context,
    key: &RistrettoPoint,
    to: &RistrettoPoint,
    a: &RistrettoPoint,
    e1: &RistrettoPoint,
    e2: &RistrettoPoint,
) -> Transcript {
    let mut t = Transcript::new(b"sealed-share", ctx);
    t.point(b"X", key);
    t.point(b"Y", to);
    t.point(b"a", a);
    t.point(b"E1", e1);
    t.point(b"E2", e2);
    t
}

impl SealedShare {
    pub fn prove<R: Rng + ?Sized>(
        ctx: &Context,
        x: &Scalar,
        to: &RistrettoPoint,
        ct: &Ciphertext,
        rng: &mut R,
    ) -> SealedShare {
        let key = RistrettoPoint::mul_base(x);
        let k = random_scalar(rng);
        let e1 = RistrettoPoint::mul_base(&k);
        let e2 = ct.a * x + to * k;
        let (u, v) = (random_scalar(rng), random_scalar(rng));
        let mut t = sealed_transcript(ctx, &key, to, &ct.a, &e1, &e2);
        t.point(b"T1", &RistrettoPoint::mul_base(&u));
        t.point(b"T2", &RistrettoPoint::mul_base(&v));
        t.point(b"T3", &(ct.a * u + to * v));
        let c = t.challenge(b"c", 0);
        SealedShare {
            e1,
            e2,
            c,
            s1: u + c * x,
            s2: v + c * k,
        }
    }

    pub fn verify(
        &self,
        ctx: &Context,
        key: &RistrettoPoint,
        to: &RistrettoPoint,
        ct: &Ciphertext,
    ) -> bool {
        let t1 = RistrettoPoint::vartime_double_scalar_mul_basepoint(&-self.c, key, &self.s1);
        let t2 = RistrettoPoint::vartime_double_scalar_mul_basepoint(&-self.c, &self.e1, &self.s2);
        let t3 = RistrettoPoint::vartime_multiscalar_mul(
            [self.s1, self.s2, -self.c],
            [ct.a, *to, self.e2],
        );
        let mut t = sealed_transcript(ctx, key, to, &ct.a, &self.e1, &self.e2);
        t.point(b"T1", &t1);
        t.point(b"T2", &t2);
        t.point(b"T3", &t3);
        t.challenge(b"c", 0) == self.c
    }

    /// The share inside, for the player whose secret is `y`.
    pub fn unseal(&self, y: &Scalar) -> RistrettoPoint {
        self.e2 - self.e1 * y
    }

    pub fn write(&self, w: &mut Writer) {
        w.point(&self.e1);
        w.point(&self.e2);
        w.scalar(&self.c);
        w.scalar(&self.s1);
        w.scalar(&self.s2);
    }

    pub fn read(r: &mut Reader<'_>) -> Result<SealedShare, DecodeError> {
        Ok(SealedShare {
            e1: r.point()?,
            e2: r.point()?,
            c: r.scalar()?,
            s1: r.scalar()?,
            s2: r.scalar()?,
        })
    }
}
