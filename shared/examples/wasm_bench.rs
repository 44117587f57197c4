//! A wasm export for timing the engine under Node (`shared/benches/wasm_bench.mjs`):
//! `play(players, flags, games, seed)` plays complete random games and returns the number
//! of inputs applied. Built as a cdylib for wasm32-unknown-unknown:
//! `cargo build --release --target wasm32-unknown-unknown -p coup-shared --example wasm_bench`.
//! Natively it is an empty library.

#![allow(unsafe_code)] // `no_mangle` is how a plain wasm export is named; nothing else.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::engine::{Game, Options};

/// Plays `games` random games at `players` seats with option bits (1 inquisitor,
/// 2 allegiances, 4 draft); returns the inputs applied (0 for an invalid table).
#[unsafe(no_mangle)]
pub extern "C" fn play(players: u32, flags: u32, games: u32, seed: u32) -> f64 {
    let options = Options {
        inquisitor: flags & 1 != 0,
        allegiances: flags & 2 != 0,
        two_player_draft: flags & 4 != 0,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed as u64);
    let (mut inputs, mut events) = (Vec::with_capacity(64), Vec::with_capacity(64));
    let mut total = 0u64;
    for _ in 0..games {
        let Ok(mut game) = Game::deal(players as usize, options, None, &mut rng) else {
            return 0.0;
        };
        total += game.playout(&mut rng, 100_000, &mut inputs, &mut events) as u64;
    }
    total as f64
}
