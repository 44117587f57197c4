//! Wasm exports for timing the fair deal under Node (`shared/benches/fair_wasm.mjs`), the
//! same V8 engine as Chromium's: a shuffle proven or checked, a decryption share proven or
//! checked, and a whole deal with every seat in the one module. Built as a cdylib for
//! wasm32-unknown-unknown:
//! `cargo build --release --target wasm32-unknown-unknown -p coup-shared --example fair_wasm`.
//! Natively it is an empty library.

#![allow(unsafe_code)] // `no_mangle` is how a plain wasm export is named; nothing else.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::fair::{Ledger, Record, Secret};

fn deck(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i % 5) as u8).collect()
}

/// A two-seat table with its keys in, over a deck of `cards`.
fn table(cards: usize, rng: &mut ChaCha8Rng) -> (Ledger, Vec<Secret>) {
    let secrets: Vec<Secret> = (0..2).map(|_| Secret::random(rng)).collect();
    let mut l = Ledger::new([1; 32], 1, 2, &deck(cards)).expect("a valid table");
    for s in 0..2u8 {
        let r = l.key_record(s, 0, &secrets[usize::from(s)], rng);
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
            .shuffle_record(0, 1, &positions, &secrets[0], &mut rng)
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
        .shuffle_record(0, 1, &positions, &secrets[0], &mut rng)
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
            .shares_record(1, 1, &[0], &secrets[1], &mut rng)
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
        .shares_record(1, 1, &[0], &secrets[1], &mut rng)
        .expect("a position");
    let mut ok = 0;
    for _ in 0..reps {
        ok += u32::from(l.clone().apply(&r).is_ok());
    }
    f64::from(ok)
}
