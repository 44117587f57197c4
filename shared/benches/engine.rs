//! Complete random games at 2, 6 and 10 players, base and all options: games/s and
//! inputs/s. `cargo bench -p coup-shared --bench engine`.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{Criterion, Throughput};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use shared::engine::{Game, Options};

    const ALL: Options = Options {
        inquisitor: true,
        allegiances: true,
        two_player_draft: false,
    };

    /// Plays `games` complete random games; returns the inputs applied.
    fn games(players: usize, options: Options, seed: u64, games: u64) -> u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut inputs, mut events) = (Vec::with_capacity(64), Vec::with_capacity(64));
        let mut total = 0;
        for _ in 0..games {
            let Ok(mut game) = Game::deal(players, options, None, &mut rng) else {
                return 0;
            };
            total += game.playout(&mut rng, 100_000, &mut inputs, &mut events) as u64;
        }
        total
    }

    pub fn bench(c: &mut Criterion) {
        for (name, options) in [("base", Options::default()), ("all", ALL)] {
            for players in [2, 6, 10] {
                // Inputs per game, measured once, to report inputs/s as well.
                let per_game = games(players, options, 1, 1000) / 1000;
                let mut group = c.benchmark_group(format!("{players}p-{name}"));
                group.throughput(Throughput::Elements(1));
                group.bench_function("game", |b| {
                    let mut seed = 0;
                    b.iter(|| {
                        seed += 1;
                        games(players, options, seed, 1)
                    })
                });
                group.throughput(Throughput::Elements(per_game.max(1)));
                group.bench_function(format!("inputs(~{per_game}/game)"), |b| {
                    let mut seed = 0;
                    b.iter(|| {
                        seed += 1;
                        games(players, options, seed, 1)
                    })
                });
                group.finish();
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::bench);
#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
