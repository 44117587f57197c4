//! What a seat sends: each record built from the ledger's public state and the seat's own
//! secret. The session layer and the tests build records only through these.

use rand::Rng;

use super::secret::Secret;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;

use super::group::random_scalar;
use super::ledger::{
    ESCROW_R, EscrowPart, Ledger, Msg, Record, escrow_digest, escrow_pad, shuffle_digest,
    view_message,
};
use super::proofs::{Ciphertext, KeyProof, SealedShare, Share};
use super::shuffle::shuffle;
use crate::engine::Seat;

impl Ledger {
    /// The seat's share of the joint key, with its proof.
    pub fn key_record<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        round: u32,
        secret: &Secret,
        rng: &mut R,
    ) -> Record {
        let ctx = self.context(seat, round);
        Record {
            seat,
            round,
            msg: Msg::Key {
                key: secret.public(),
                proof: KeyProof::prove(&ctx, secret.scalar(), rng),
            },
        }
    }

    /// The seat shuffles the cards at `positions` (once every key is in). Also returns the
    /// permutation, which a player mixing its own hand keeps to know its cards.
    pub fn shuffle_record<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        round: u32,
        positions: &[u8],
        secret: &Secret,
        rng: &mut R,
    ) -> Option<(Record, Vec<usize>)> {
        let joint = self.joint_key()?;
        let input = positions
            .iter()
            .map(|&p| self.deck().get(usize::from(p)).copied())
            .collect::<Option<Vec<_>>>()?;
        let ctx = self.context(seat, round);
        let (output, proof, perm) = shuffle(&ctx, &joint, &input, rng);
        let digest = shuffle_digest(positions, &output, &proof);
        let signature = KeyProof::sign(&ctx, secret.scalar(), &digest, rng);
        let msg = Msg::Shuffle {
            positions: positions.to_vec(),
            output,
            proof: Box::new(proof),
            signature,
        };
        Some((Record { seat, round, msg }, perm))
    }

    /// The seat's decryption shares of the cards at `positions`.
    pub fn shares_record<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        round: u32,
        positions: &[u8],
        secret: &Secret,
        rng: &mut R,
    ) -> Option<Record> {
        let ctx = self.context(seat, round);
        let shares = positions
            .iter()
            .map(|&p| {
                let ct = self.deck().get(usize::from(p))?;
                let y = self.share_secret(p, seat, secret)?;
                Some((p, Share::prove(&ctx, &y, ct, rng)))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Record {
            seat,
            round,
            msg: Msg::Shares { shares },
        })
    }

    /// The seat's share of the card at `position`, sealed for seat `to`.
    pub fn seal_record<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        round: u32,
        position: u8,
        to: Seat,
        secret: &Secret,
        rng: &mut R,
    ) -> Option<Record> {
        let ctx = self.context(seat, round);
        let ct = self.deck().get(usize::from(position))?;
        let y = self.share_secret(position, seat, secret)?;
        let sealed = SealedShare::prove(&ctx, &y, &self.key(to)?, ct, rng);
        Some(Record {
            seat,
            round,
            msg: Msg::Seal {
                position,
                to,
                sealed,
            },
        })
    }

    /// The seat shows the card at `position`, claiming it is `kind`.
    pub fn reveal_record<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        round: u32,
        position: u8,
        kind: u8,
        secret: &Secret,
        rng: &mut R,
    ) -> Option<Record> {
        let ctx = self.context(seat, round);
        let ct = self.deck().get(usize::from(position))?;
        let y = self.share_secret(position, seat, secret)?;
        Some(Record {
            seat,
            round,
            msg: Msg::Reveal {
                position,
                kind,
                share: Share::prove(&ctx, &y, ct, rng),
            },
        })
    }

    /// The seat's view of the game at its end: `hash` (its tracker's
    /// [`end_hash`](super::Tracker::end_hash)), signed while its secret is still its own.
    pub fn view_record<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        round: u32,
        hash: [u8; 64],
        secret: &Secret,
        rng: &mut R,
    ) -> Record {
        let ctx = &self.context(seat, round);
        Record {
            seat,
            round,
            msg: Msg::View {
                hash,
                signature: KeyProof::sign(ctx, secret.scalar(), &view_message(&hash), rng),
            },
        }
    }

    /// The secret of the seat's stake, once the game is over (R11.3): with those of every
    /// other seat still here, it opens any card.
    pub fn secret_record(&self, seat: Seat, round: u32, secret: &Secret) -> Option<Record> {
        let y = self.stake_secret(seat, self.epoch(), secret)?;
        Some(Record {
            seat,
            round,
            msg: Msg::Secret {
                secret: y.to_bytes(),
            },
        })
    }

    /// The seat's stake split at random among the other seats still here, each part
    /// encrypted to its recipient's own key, and signed (`None` if fewer than two: one
    /// seat alone must not hold it, or a key is missing).
    pub fn escrow_record<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        round: u32,
        secret: &Secret,
        rng: &mut R,
    ) -> Option<Record> {
        let ctx = self.context(seat, round);
        let to: Vec<Seat> = Seat::all(self.seats())
            .filter(|&t| t != seat && !self.is_gone(t))
            .collect();
        if to.len() < 2 {
            return None;
        }
        let stake = self.stake_secret(seat, self.epoch(), secret)?;
        let mut sigmas: Vec<Scalar> = (1..to.len()).map(|_| random_scalar(rng)).collect();
        sigmas.push(stake - sigmas.iter().sum::<Scalar>());
        let parts = to
            .iter()
            .zip(&sigmas)
            .map(|(&t, sigma)| {
                let rho = random_scalar(rng);
                let r = RistrettoPoint::mul_base(&rho);
                Some(EscrowPart {
                    to: t,
                    commit: RistrettoPoint::mul_base(sigma),
                    r,
                    r_proof: KeyProof::sign(&ctx, &rho, ESCROW_R, rng),
                    c: sigma + escrow_pad(&ctx, t, &(self.key(t)? * rho)),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let signature = KeyProof::sign(&ctx, secret.scalar(), &escrow_digest(&parts), rng);
        Some(Record {
            seat,
            round,
            msg: Msg::Escrow { parts, signature },
        })
    }

    /// The seat's check of its parts of the escrows just made: a complaint, its key
    /// exchange proven, about each dealer whose part does not open.
    pub fn check_record<R: Rng + ?Sized>(
        &self,
        seat: Seat,
        round: u32,
        secret: &Secret,
        rng: &mut R,
    ) -> Record {
        let ctx = self.context(seat, round);
        let complaints = Seat::all(self.seats())
            .filter(|&about| about != seat)
            .filter_map(|about| {
                let r = self.escrow_r(about, seat)?;
                if self.escrow_part(about, seat, secret).is_some() {
                    return None;
                }
                let exchange = Share::prove(&ctx, secret.scalar(), &Ciphertext { a: r, b: r }, rng);
                Some((about, exchange))
            })
            .collect();
        Record {
            seat,
            round,
            msg: Msg::Check { complaints },
        }
    }
}
