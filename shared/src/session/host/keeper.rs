//! What a host keeps to seal its recovery copies (`recovery.rs` drives it). Not part of
//! a snapshot: a restored or taken-over host deals a new key.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::session::protocol::{MemberId, PeerId};
use crate::session::recovery::Bytes32;

pub(super) struct Keeper {
    /// Draws the keys: its own stream, so the table's draws are those of a table without
    /// handover.
    pub(super) rng: ChaCha8Rng,
    pub(super) epoch: u32,
    /// The copies sealed under this epoch's key (the nonce's count).
    pub(super) seq: u64,
    pub(super) key: Bytes32,
    /// The guests the key is split among, each on its link, in link order.
    pub(super) holders: Vec<(PeerId, MemberId)>,
}

impl Keeper {
    pub(super) fn new(seed: [u8; 32]) -> Keeper {
        Keeper {
            rng: ChaCha8Rng::from_seed(seed),
            epoch: 0,
            seq: 0,
            key: [0; 32],
            holders: Vec::new(),
        }
    }
}
