//! A wasm export for timing the Hard bot's decisions under Node
//! (`shared/benches/bots_wasm.mjs`), with the host's clock as its budget clock, as in the
//! browser. Built as a cdylib for wasm32-unknown-unknown:
//! `cargo build --release --target wasm32-unknown-unknown -p coup-shared --example bots_wasm`.
//!
//! `hard_decisions(players, games, seed, millis)` plays `games` games of one Hard bot
//! (thinking `millis` per decision against the imported `env.now_ms` clock) against
//! Normal bots and returns the number of Hard decisions timed; `percentile(q)` then gives
//! that run's decision-time percentile in milliseconds.

#![allow(unsafe_code)] // `no_mangle` exports and the one clock import; nothing else.

use std::sync::Mutex;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::bots::{BotLevel, Budget, make_bot};
use shared::engine::{Game, Options};

#[cfg(target_arch = "wasm32")]
#[link(wasm_import_module = "env")]
unsafe extern "C" {
    /// `performance.now()` from the JS host, in milliseconds.
    fn now_ms() -> f64;
}

#[cfg(target_arch = "wasm32")]
fn now() -> f64 {
    // SAFETY: a plain import from the host with no arguments and no memory access.
    unsafe { now_ms() }
}

#[cfg(not(target_arch = "wasm32"))]
fn now() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The decision times of the last run, sorted.
static TIMES: Mutex<Vec<f64>> = Mutex::new(Vec::new());

/// Plays `games` games (Hard in a rotating seat, Normal elsewhere); returns the number of
/// Hard decisions timed (decisions with one legal input are not counted).
#[unsafe(no_mangle)]
pub extern "C" fn hard_decisions(players: u32, games: u32, seed: u32, millis: f64) -> f64 {
    let n = players as usize;
    let clock = now;
    let budget = Budget {
        clock: Some(&clock),
        millis,
        iterations: u32::MAX,
    };
    let mut times = Vec::new();
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    for g in 0..games {
        let seed = u64::from(seed) * 1000 + u64::from(g);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let Ok(mut game) = Game::deal(n, Options::default(), None, &mut rng) else {
            return 0.0;
        };
        let hard_seat = g as usize % n.max(1);
        let mut bots: Vec<_> = (0..n)
            .map(|s| {
                let level = if s == hard_seat {
                    BotLevel::Hard
                } else {
                    BotLevel::Normal
                };
                make_bot(level, seed * 16 + s as u64)
            })
            .collect();
        for _ in 0..5_000 {
            if game.is_over() {
                break;
            }
            let Some(seat) = game.owing().iter().next() else {
                break;
            };
            game.legal_inputs(seat, &mut legal);
            let view = game.view(seat);
            let t0 = now();
            let input = bots[seat.index()].decide(&view, &legal, &budget);
            if seat.index() == hard_seat && legal.len() > 1 {
                times.push(now() - t0);
            }
            events.clear();
            if game.apply(seat, input, &mut rng, &mut events).is_err() {
                break;
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let count = times.len();
    if let Ok(mut t) = TIMES.lock() {
        *t = times;
    }
    count as f64
}

/// The `q` quantile (0..=1) of the last run's decision times, in milliseconds.
#[unsafe(no_mangle)]
pub extern "C" fn percentile(q: f64) -> f64 {
    let Ok(t) = TIMES.lock() else { return -1.0 };
    if t.is_empty() {
        return -1.0;
    }
    let i = ((t.len() as f64 - 1.0) * q.clamp(0.0, 1.0)).round() as usize;
    t[i.min(t.len() - 1)]
}
