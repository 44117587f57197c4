//! Wasm exports for timing the fair deal under Node (`shared/benches/fair_wasm.mjs`), the
//! same V8 engine as Chromium's: a shuffle proven or checked, a decryption share proven or
//! checked, a whole deal with every seat in the one module, and a page's replica of the
//! referee taking a whole game's stream one item at a time. Built as a cdylib for
//! wasm32-unknown-unknown:
//! `cargo build --release --target wasm32-unknown-unknown -p coup-shared --example fair_wasm`.
//! Natively it is an empty library.

#![allow(unsafe_code)] // `no_mangle` is how a plain wasm export is named; nothing else.

use std::cell::RefCell;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::engine::{Options, Seat};
use shared::fair::{Ledger, Public, Record, Replica, Secret};

#[path = "fair_game/mod.rs"]
mod fair_game;

thread_local! {
    /// A whole game's stream, and a page's replica taking it: (replica, stream, next item).
    static REPLICA: RefCell<Option<(Replica, Vec<Public>, usize)>> = const { RefCell::new(None) };
}

/// Plays a whole honest game of `seats` (the base game) and readies a page's replica for
/// its stream ([`replica_take`]); the stream's length.
#[unsafe(no_mangle)]
pub extern "C" fn replica_game(seats: u32, seed: u32) -> f64 {
    let n = seats as usize;
    let options = Options::default();
    let played = fair_game::play(n, options, u64::from(seed));
    assert_eq!(played.pages.len(), n, "a page per seat");
    let replica = Replica::new(played.id, 1, n, options, Some(played.first)).expect("a table");
    let len = played.stream.len();
    REPLICA.with(|r| *r.borrow_mut() = Some((replica, played.stream, 0)));
    len as f64
}

/// The replica takes the stream's next item: 1 for an event or a decision (where it runs
/// the rules), 0 for a record or an answer (its proofs), -1 when the stream is over.
#[unsafe(no_mangle)]
pub extern "C" fn replica_take() -> f64 {
    REPLICA.with(|r| {
        let mut r = r.borrow_mut();
        let Some((replica, stream, next)) = r.as_mut() else {
            return -1.0;
        };
        let Some(item) = stream.get(*next) else {
            return -1.0;
        };
        *next += 1;
        replica.take(item).expect("the rules make it");
        if matches!(item, Public::Event(_)) {
            1.0
        } else {
            0.0
        }
    })
}

fn deck(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i % 5) as u8).collect()
}

/// A two-seat table with its keys in, over a deck of `cards`.
fn table(cards: usize, rng: &mut ChaCha8Rng) -> (Ledger, Vec<Secret>) {
    let secrets: Vec<Secret> = (0..2).map(|_| Secret::random(rng)).collect();
    let mut l = Ledger::new([1; 32], 1, 2, &deck(cards)).expect("a valid table");
    for s in Seat::all(2) {
        let r = l.key_record(s, 0, &secrets[s.index()], rng);
        l.apply(&r).expect("an honest key");
    }
    (l, secrets)
}

/// Proves `reps` shuffles of `cards` cards (0: the table's setup alone).
#[unsafe(no_mangle)]
pub extern "C" fn shuffle_prove(cards: u32, reps: u32) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (l, secrets) = table(cards as usize, &mut rng);
    let positions: Vec<u8> = (0..cards as u8).collect();
    let mut bytes = 0;
    for _ in 0..reps {
        let (r, _) = l
            .shuffle_record(Seat(0), 1, &positions, &secrets[0], &mut rng)
            .expect("keys are in");
        bytes += r.encode().len();
    }
    bytes as f64
}

/// Proves one shuffle of `cards` cards, then checks it `reps` times.
#[unsafe(no_mangle)]
pub extern "C" fn shuffle_check(cards: u32, reps: u32) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let (l, secrets) = table(cards as usize, &mut rng);
    let positions: Vec<u8> = (0..cards as u8).collect();
    let (r, _) = l
        .shuffle_record(Seat(0), 1, &positions, &secrets[0], &mut rng)
        .expect("keys are in");
    let bytes = r.encode();
    let mut ok = 0;
    for _ in 0..reps {
        ok += u32::from(l.clone().apply_bytes(&bytes).is_ok());
    }
    f64::from(ok)
}

/// Proves `reps` decryption shares, one at a time.
#[unsafe(no_mangle)]
pub extern "C" fn share_prove(reps: u32) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (l, secrets) = table(3, &mut rng);
    let mut bytes = 0;
    for _ in 0..reps {
        let r = l
            .shares_record(Seat(1), 1, &[0], &secrets[1], &mut rng)
            .expect("a position");
        bytes += r.encode().len();
    }
    bytes as f64
}

/// Checks one decryption share `reps` times.
#[unsafe(no_mangle)]
pub extern "C" fn share_check(reps: u32) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let (l, secrets) = table(3, &mut rng);
    let r: Record = l
        .shares_record(Seat(1), 1, &[0], &secrets[1], &mut rng)
        .expect("a position");
    let mut ok = 0;
    for _ in 0..reps {
        ok += u32::from(l.clone().apply(&r).is_ok());
    }
    f64::from(ok)
}
