//! What the page holds to sit at fair tables (docs/FAIR-DEAL.md): its randomness, the
//! secret an earlier page of this tab kept, and the fair deal's code once fetched. The
//! session's state holds it; `fair.rs` uses it.

use rand_chacha::ChaCha20Rng;
use shared::session::fair::seat::FairKeep;

/// Makes a fair seat from a seed and what the tab kept: the fair deal's code, which the
/// page fetches only once it sits at a fair table (`crate::later`).
pub type FairSeatMaker = fn(
    [u8; 32],
    Option<shared::session::fair::seat::FairKeep>,
) -> Box<dyn shared::session::fair::follow::FairFollow>;

/// What the page holds to sit at fair tables.
#[derive(Default)]
pub(super) struct FairPage {
    /// `None` until the page has randomness: its tables then play no fair game.
    pub(super) rng: Option<ChaCha20Rng>,
    /// What an earlier page of this tab stored of its seat's secret.
    pub(super) kept: Option<FairKeep>,
    /// The fair deal's code, once fetched.
    pub(super) make: Option<FairSeatMaker>,
    /// Whether the page asked for it ([`Effect::LoadFair`]), once.
    pub(super) asked: bool,
}

/// Says nothing of the generator's state or the secret kept.
impl std::fmt::Debug for FairPage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FairPage")
            .field("seeded", &self.rng.is_some())
            .finish_non_exhaustive()
    }
}
