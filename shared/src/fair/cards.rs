//! What a card is in the fair deal: a point of the group, one per character.

use curve25519_dalek::ristretto::RistrettoPoint;

use super::group;

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
