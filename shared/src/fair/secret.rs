//! A seat's share of the joint key.

use curve25519_dalek::ristretto::RistrettoPoint;
use curve25519_dalek::scalar::Scalar;
use rand::Rng;

use super::group::{self, DecodeError};

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
