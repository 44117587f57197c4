//! What a seat sends: each record built from the ledger's public state and the seat's own
//! secret. The session layer and the tests build records only through these.

use rand::Rng;

use super::secret::Secret;
use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;

use super::group::random_scalar;
use super::ledger::{
    ESCROW_R, EscrowPart, Ledger, Msg, Record, escrow_pad, shuffle_digest, view_message,
};
use super::proofs::{Ciphertext, KeyProof, SealedShare, Share};
use super::shuffle::shuffle;

impl Ledger {
    /// The seat's share of the joint key, with its proof.
    pub fn key_record<R: Rng + ?Sized>(
        &self,
        seat: u8,
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
        seat: u8,
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
        seat: u8,
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
                Some((p, Share::prove(&ctx, secret.scalar(), ct, rng)))
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
        seat: u8,
        round: u32,
        position: u8,
        to: u8,
        secret: &Secret,
        rng: &mut R,
    ) -> Option<Record> {
        let ctx = self.context(seat, round);
        let ct = self.deck().get(usize::from(position))?;
        let sealed = SealedShare::prove(&ctx, secret.scalar(), &self.key(to)?, ct, rng);
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
        seat: u8,
        round: u32,
        position: u8,
        kind: u8,
        secret: &Secret,
        rng: &mut R,
    ) -> Option<Record> {
        let ctx = self.context(seat, round);
        let ct = self.deck().get(usize::from(position))?;
        Some(Record {
            seat,
            round,
            msg: Msg::Reveal {
                position,
                kind,
                share: Share::prove(&ctx, secret.scalar(), ct, rng),
            },
        })
    }

    /// The seat's view of the game at its end: `hash` (its tracker's
    /// [`end_hash`](super::Tracker::end_hash)), signed while its secret is still its own.
    pub fn view_record<R: Rng + ?Sized>(
        &self,
        seat: u8,
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

    /// The seat's secret, once the game is over.
    pub fn secret_record(seat: u8, round: u32, secret: &Secret) -> Record {
        Record {
            seat,
            round,
            msg: Msg::Secret {
                secret: secret.to_bytes(),
            },
        }
    }

    /// The seat's secret split at random among the other seats still here (`None` if
    /// fewer than two: one seat alone must not hold it, or a key is missing).
    pub fn escrow_record<R: Rng + ?Sized>(
        &self,
        seat: u8,
        round: u32,
        secret: &Secret,
        rng: &mut R,
    ) -> Option<Record> {
        let ctx = self.context(seat, round);
        let to: Vec<u8> = (0..self.seats() as u8)
            .filter(|&t| t != seat && !self.is_gone(t))
            .collect();
        if to.len() < 2 {
            return None;
        }
        let mut sigmas: Vec<Scalar> = (1..to.len()).map(|_| random_scalar(rng)).collect();
        sigmas.push(secret.scalar() - sigmas.iter().sum::<Scalar>());
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
        Some(Record {
            seat,
            round,
            msg: Msg::Escrow { parts },
        })
    }

    /// The seat's complaint that its part from `about` does not open: its key exchange
    /// with that part, proven.
    pub fn complain_record<R: Rng + ?Sized>(
        &self,
        seat: u8,
        round: u32,
        about: u8,
        secret: &Secret,
        rng: &mut R,
    ) -> Option<Record> {
        let r = self.escrow_r(about, seat)?;
        let ctx = self.context(seat, round);
        let exchange = Share::prove(&ctx, secret.scalar(), &Ciphertext { a: r, b: r }, rng);
        Some(Record {
            seat,
            round,
            msg: Msg::Complain { about, exchange },
        })
    }

    /// The seat's part of the secret of `of`, who left for good.
    pub fn release_record(&self, seat: u8, round: u32, of: u8, secret: &Secret) -> Option<Record> {
        let sigma = self.escrow_part(of, seat, secret)?;
        Some(Record {
            seat,
            round,
            msg: Msg::Release {
                of,
                part: sigma.to_bytes(),
            },
        })
    }
}
