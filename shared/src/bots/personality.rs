//! [`Personality`]: the traits that make a table of bots differ.
//!
//! A bot's personality is drawn from its seed (so a replay rebuilds the same bot), and
//! only shades decisions that are close: a bold bot bluffs a little more, a suspicious one
//! challenges a little more, a vengeful one prefers to hit whoever last hit it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Three traits, each in `0.0..=1.0` (0.5 is average).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Personality {
    /// How readily the bot lies about its cards.
    pub boldness: f32,
    /// How readily the bot challenges a claim.
    pub suspicion: f32,
    /// How strongly the bot targets whoever last attacked or challenged it.
    pub vengefulness: f32,
}

impl Personality {
    /// The average player.
    pub const BALANCED: Personality = Personality {
        boldness: 0.5,
        suspicion: 0.5,
        vengefulness: 0.5,
    };

    /// The personality that belongs to `seed`. It uses its own stream (the seed mixed with
    /// a constant), so it does not shift the bot's other random choices.
    pub fn from_seed(seed: u64) -> Personality {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x005E_ED0F_C0DE_u64.rotate_left(17));
        // Traits stay within 0.2..0.8: varied, but never a caricature that throws games.
        let mut trait_ = || 0.2 + 0.6 * rng.random::<f32>();
        Personality {
            boldness: trait_(),
            suspicion: trait_(),
            vengefulness: trait_(),
        }
    }
}

impl Default for Personality {
    fn default() -> Personality {
        Personality::BALANCED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn personalities_differ_by_seed_and_repeat_for_a_seed() {
        let a = Personality::from_seed(1);
        assert_eq!(a, Personality::from_seed(1));
        assert_ne!(a, Personality::from_seed(2));
        for seed in 0..100 {
            let p = Personality::from_seed(seed);
            for t in [p.boldness, p.suspicion, p.vengefulness] {
                assert!((0.2..=0.8).contains(&t), "seed {seed}: {p:?}");
            }
        }
    }
}
