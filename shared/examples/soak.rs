//! A long run of random games with every invariant checked at every step:
//! `cargo run --release -p coup-shared --example soak -- --games 1000000`.
//! Cycles through every player count (2–10) and option combination; prints a summary and
//! exits 1 on the first breach.

use std::process::ExitCode;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::engine::{Game, Input, Options};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args
        .iter()
        .position(|a| a == "--games")
        .and_then(|i| args.get(i + 1))
        .and_then(|g| g.parse().ok())
        .unwrap_or(100_000);
    let seed: u64 = args
        .iter()
        .position(|a| a == "--seed")
        .and_then(|i| args.get(i + 1))
        .and_then(|g| g.parse().ok())
        .unwrap_or(0);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    if let Some(players) = args
        .iter()
        .position(|a| a == "--speed")
        .and_then(|i| args.get(i + 1))
        .and_then(|g| g.parse::<usize>().ok())
    {
        // Throughput only: complete random games at one table size, no checks.
        let start = std::time::Instant::now();
        let mut inputs = 0;
        for _ in 0..games {
            let Ok(mut game) = Game::deal(players, Options::default(), None, &mut rng) else {
                return ExitCode::FAILURE;
            };
            inputs += game.playout(&mut rng, 100_000, &mut legal, &mut events);
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "{players} players: {:.0} games/s, {:.2} M inputs/s",
            games as f64 / s,
            inputs as f64 / s / 1e6
        );
        return ExitCode::SUCCESS;
    }
    let (mut played, mut inputs, mut longest) = (0u64, 0u64, 0usize);
    let start = std::time::Instant::now();
    let mut i = 0u64;
    while played < games {
        let players = 2 + (i % 9) as usize;
        let options = Options::ALL[((i / 9) % 8) as usize];
        i += 1;
        let Ok(mut game) = Game::deal(players, options, None, &mut rng) else {
            continue;
        };
        let mut steps = 0;
        while !game.is_over() {
            if let Err(e) = game.audit() {
                eprintln!("game {played}: {e}");
                return ExitCode::FAILURE;
            }
            if steps > 10_000 {
                eprintln!("game {played} did not end");
                return ExitCode::FAILURE;
            }
            let owing = game.owing();
            let seat = owing
                .iter()
                .nth(rng.random_range(0..owing.len()))
                .expect("someone owes");
            game.legal_inputs(seat, &mut legal);
            let input: Input = legal[rng.random_range(0..legal.len())];
            let coins_before: u32 = (0..players)
                .map(|s| game.player(shared::engine::Seat::at(s)).coins as u32)
                .sum();
            events.clear();
            if let Err(e) = game.apply(seat, input, &mut rng, &mut events) {
                eprintln!("game {played}: listed input {input:?} rejected: {e}");
                return ExitCode::FAILURE;
            }
            // Coins move only by whole events; a cheap sanity bound per input.
            let coins_after: u32 = (0..players)
                .map(|s| game.player(shared::engine::Seat::at(s)).coins as u32)
                .sum();
            if coins_after > coins_before + 3 + game.reserve() as u32 + 255 {
                eprintln!("game {played}: coins jumped");
                return ExitCode::FAILURE;
            }
            steps += 1;
        }
        longest = longest.max(steps);
        inputs += steps as u64;
        played += 1;
    }
    let s = start.elapsed().as_secs_f64();
    println!(
        "{played} games, {inputs} inputs, longest {longest} inputs, all invariants held \
         ({:.0} games/s with checks)",
        played as f64 / s
    );
    ExitCode::SUCCESS
}
