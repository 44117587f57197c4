//! The fair deal's records (`shared::fair`, docs/FAIR-DEAL.md) as they reach a page: a
//! recorded honest game of three seats, one of which leaves for good, its records bent, cut, spliced, replayed and mixed
//! with raw bytes, fed to a [`Ledger`] in the order the recipe says.
//!
//! Checked beyond "does not panic": a record that decodes is the canonical encoding of
//! what it decodes to; a refused record leaves the ledger as it was; an honest record is
//! never refused unless a bent one was taken before it; and when nothing bent was taken,
//! the honest game still ends with every card where it should be: each hand open to its
//! holder alone until the end, then everything open and the deck the recorded one.

use std::sync::OnceLock;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::engine::Seat;
use shared::fair::{Ledger, Record, Secret};

use crate::Bytes;

/// The fuzz table's deck: eight cards, so that a shuffle proof checks fast.
const DECK: [u8; 8] = [0, 1, 2, 3, 4, 0, 1, 2];
const SEATS: usize = 3;
/// The hands: seat `s` holds positions `2s` and `2s + 1`.
const HANDS: [[u8; 2]; 3] = [[0, 1], [2, 3], [4, 5]];
/// The index of the reveal in the recorded game.
const REVEAL: usize = 12;
const TABLE: [u8; 32] = [5; 32];

struct Recorded {
    records: Vec<Vec<u8>>,
    secrets: Vec<Secret>,
    /// Each position's card after the deal.
    cards: Vec<u8>,
}

fn ledger() -> Ledger {
    Ledger::new(TABLE, 1, SEATS, &DECK).expect("a valid table")
}

/// The honest game: keys, every seat's shuffle, every seat's escrow, each hand opened to
/// its holder, seat 0 shows its first card, seat 2 leaves for good (seats 0 and 1 publish
/// their parts of its secret), the two secrets left at the end.
fn recorded() -> &'static Recorded {
    static RECORDED: OnceLock<Recorded> = OnceLock::new();
    RECORDED.get_or_init(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let secrets: Vec<Secret> = (0..SEATS).map(|_| Secret::random(&mut rng)).collect();
        let mut l = ledger();
        let mut records = Vec::new();
        let mut push = |l: &mut Ledger, r: Record| {
            l.apply(&r).expect("an honest record");
            records.push(r.encode());
        };
        for s in Seat::all(SEATS) {
            let r = l.key_record(s, 0, &secrets[s.index()], &mut rng);
            push(&mut l, r);
        }
        let all: Vec<u8> = (0..DECK.len() as u8).collect();
        for s in Seat::all(SEATS) {
            let (r, _) = l
                .shuffle_record(s, 1, &all, &secrets[s.index()], &mut rng)
                .expect("keys are in");
            push(&mut l, r);
        }
        for s in Seat::all(SEATS) {
            let r = l
                .escrow_record(s, 2, &secrets[s.index()], &mut rng)
                .expect("three seats");
            push(&mut l, r);
        }
        for s in Seat::all(SEATS) {
            let others: Vec<u8> = Seat::all(SEATS)
                .filter(|&h| h != s)
                .flat_map(|h| HANDS[h.index()])
                .collect();
            let r = l
                .shares_record(s, 3, &others, &secrets[s.index()], &mut rng)
                .expect("positions exist");
            push(&mut l, r);
        }
        let shown = l
            .open_private(0, Seat(0), &secrets[0])
            .expect("seat 0 reads its card");
        let r = l
            .reveal_record(Seat(0), 4, 0, shown, &secrets[0], &mut rng)
            .expect("position exists");
        push(&mut l, r);
        for s in Seat::all(SEATS) {
            let r = l.check_record(s, 5, &secrets[s.index()], &mut rng);
            push(&mut l, r);
        }
        for s in Seat::all(SEATS) {
            let r = l.secret_record(s, 6, &secrets[s.index()]).expect("a stake");
            push(&mut l, r);
        }
        let cards = (0..DECK.len() as u8)
            .map(|p| l.open_public(p).expect("everything opens at the end"))
            .collect();
        Recorded {
            records,
            secrets,
            cards,
        }
    })
}

/// A record of the honest game, changed as the recipe says.
fn bent_record(b: &mut Bytes<'_>, records: &[Vec<u8>]) -> Vec<u8> {
    let mut r = records[b.below(records.len())].clone();
    match b.below(4) {
        0 => {
            // Flip one to four bytes.
            for _ in 0..=b.below(4) {
                let i = b.below(r.len());
                r[i] ^= b.u8() | 1;
            }
        }
        1 => r.truncate(b.below(r.len())),
        2 => {
            // Splice with another record.
            let other = &records[b.below(records.len())];
            let (cut_a, cut_b) = (b.below(r.len()), b.below(other.len()));
            r.truncate(cut_a);
            r.extend_from_slice(&other[cut_b..]);
        }
        _ => {
            for _ in 0..=b.below(8) {
                r.push(b.u8());
            }
        }
    }
    r
}

pub fn fair(data: &[u8]) {
    let rec = recorded();
    let mut b = Bytes::new(data);
    let mut l = ledger();
    let mut next = 0;
    let mut bent_taken = false;
    for _ in 0..48 {
        if b.is_empty() {
            break;
        }
        let (input, honest) = match b.below(6) {
            0 | 1 if next < rec.records.len() => {
                next += 1;
                (rec.records[next - 1].clone(), true)
            }
            // A replay of a record already sent, or one from later in the game.
            2 => (rec.records[b.below(rec.records.len())].clone(), false),
            3 | 4 => (bent_record(&mut b, &rec.records), false),
            _ => {
                let n = b.below(64);
                ((0..n).map(|_| b.u8()).collect(), false)
            }
        };
        if let Ok(r) = Record::decode(&input) {
            assert_eq!(r.encode(), input, "a record read back is not canonical");
        }
        let before = format!("{l:?}");
        match l.apply_bytes(&input) {
            Ok(()) => bent_taken |= !honest,
            Err(fault) => {
                assert_eq!(
                    format!("{l:?}"),
                    before,
                    "a refused record changed the ledger"
                );
                assert!(
                    !honest || bent_taken,
                    "an honest record was refused ({fault}) after only refused ones"
                );
            }
        }
    }
    if bent_taken {
        return;
    }
    // Nothing false was taken: the honest game goes on to its end as recorded.
    for (i, r) in rec.records.iter().enumerate().skip(next) {
        if i == REVEAL {
            // Before the reveal: each hand opens to its holder alone.
            for seat in Seat::all(SEATS) {
                for p in HANDS[seat.index()] {
                    for reader in Seat::all(SEATS) {
                        let read = l.open_private(p, reader, &rec.secrets[reader.index()]);
                        let expected = (reader == seat).then_some(rec.cards[usize::from(p)]);
                        assert_eq!(read, expected, "{reader} reading position {p}");
                    }
                    assert_eq!(l.open_public(p), None);
                }
            }
        }
        l.apply_bytes(r)
            .unwrap_or_else(|f| panic!("honest record {i} refused: {f}"));
    }
    for (p, &card) in rec.cards.iter().enumerate() {
        assert_eq!(l.open_public(p as u8), Some(card));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_game_is_whole() {
        // Nineteen records (three keys, three shuffles, three escrows, three share
        // records, a reveal, three checks of the escrows, three secrets), the check before
        // the reveal sits at the reveal, and the deck is dealt.
        let rec = recorded();
        assert_eq!(rec.records.len(), 19);
        assert_eq!(rec.records[REVEAL][5], 5, "the reveal's kind");
        let mut sorted = rec.cards.clone();
        sorted.sort_unstable();
        let mut deck = DECK.to_vec();
        deck.sort_unstable();
        assert_eq!(sorted, deck);
        // The honest recipe (all zeros: every op is the next honest record) plays it out.
        fair(&[0; 24]);
    }

    #[test]
    fn bent_records_are_taken_only_when_harmless_and_refused_otherwise() {
        // Both sides are reached: of bent records, some are refused (most) and the
        // ledger stays usable after each.
        let rec = recorded();
        let (mut refused, mut taken) = (0, 0);
        for data in crate::recipes(23, 200, 32) {
            let mut b = Bytes::new(&data);
            let mut l = ledger();
            for r in &rec.records[..3] {
                l.apply_bytes(r).expect("the keys");
            }
            match l.apply_bytes(&bent_record(&mut b, &rec.records)) {
                Ok(()) => taken += 1,
                Err(_) => refused += 1,
            }
        }
        assert!(refused > 150, "{refused} refused, {taken} taken");
    }
}
