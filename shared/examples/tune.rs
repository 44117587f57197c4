//! Tuning tournaments: one bot playing a tuned policy against a table of Normal bots, or of
//! any level or opponent style.
//!
//! ```text
//! cargo run --release -p coup-shared --example tune -- [--games N] [--seed S] [--players P]
//!     [--hard ITERS] [--personality B,S,V] [--threads T] [--base normal|hard]
//!     [--vs easy|normal|hard|STYLE] [NAME=VALUE ...]
//! ```
//! One seat plays Hard's heuristic (or Normal's, `--base normal`) with the given
//! `NAME=VALUE` overrides applied to the constants for the table size (`heads_up` at 2
//! players, `tuning` otherwise; see
//! `shared::bots::normal::TUNING_NAMES`), as a Normal bot, or with `--hard ITERS` as a Hard
//! bot searching ITERS playouts per decision without a clock (its search's constants,
//! `shared::bots::hard::SEARCH_NAMES`, are set the same way). The other seats are bots of
//! level or style `--vs` (Normal unless given; `shared::bots::styles`) with seeded
//! personalities. Seats rotate every game. Games use the same seeds for
//! every setting, so two settings are compared on the same deals. Prints the tuned seat's
//! win rate with a 95% Wilson interval.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::bots::hard::{Hard, SEARCH_NAMES, Search};
use shared::bots::normal::{Normal, Policy, Tuning};
use shared::bots::styles::make_named;
use shared::bots::{Bot, Budget, Personality};
use shared::engine::{Game, Input, Options};

struct Args {
    games: usize,
    seed: u64,
    players: usize,
    hard: Option<u32>,
    personality: Option<Personality>,
    threads: usize,
    tuning: Tuning,
    search: Search,
    base_normal: bool,
    vs: String,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        games: 20_000,
        seed: 1,
        players: 4,
        hard: None,
        personality: None,
        threads: 2,
        tuning: Tuning::HARD,
        search: Search::HARD,
        base_normal: false,
        vs: "normal".into(),
    };
    let mut overrides: Vec<(String, f32)> = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--games" => a.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => a.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--players" => a.players = value()?.parse().map_err(|e| format!("--players: {e}"))?,
            "--threads" => a.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--base" => {
                a.base_normal = match value()?.as_str() {
                    "normal" => true,
                    "hard" => false,
                    other => return Err(format!("--base: unknown {other:?}")),
                }
            }
            "--vs" => {
                let v = value()?;
                if make_named(&v, 0).is_none() {
                    return Err(format!("--vs: unknown level or style {v:?}"));
                }
                a.vs = v;
            }
            "--hard" => a.hard = Some(value()?.parse().map_err(|e| format!("--hard: {e}"))?),
            "--personality" => {
                let v: Vec<f32> = value()?
                    .split(',')
                    .map(|x| x.parse::<f32>().map_err(|e| format!("--personality: {e}")))
                    .collect::<Result<_, _>>()?;
                let [boldness, suspicion, vengefulness] = v[..] else {
                    return Err("--personality needs B,S,V".into());
                };
                a.personality = Some(Personality {
                    boldness,
                    suspicion,
                    vengefulness,
                });
            }
            kv => {
                let (k, v) = kv
                    .split_once('=')
                    .ok_or_else(|| format!("unknown argument {kv:?}"))?;
                let v: f32 = v.parse().map_err(|e| format!("{k}: {e}"))?;
                overrides.push((k.to_owned(), v));
            }
        }
    }
    if !(2..=10).contains(&a.players) {
        return Err("--players must be 2 to 10".into());
    }
    a.threads = a.threads.max(1);
    // The overrides apply to the constants for the table size being played.
    let base = a.base(Personality::BALANCED);
    let mut tuning = if a.players == 2 {
        base.heads_up
    } else {
        base.tuning
    };
    for (k, v) in &overrides {
        if SEARCH_NAMES.contains(&k.as_str()) {
            a.search.set(k, *v)?;
        } else {
            tuning.set(k, *v)?;
        }
    }
    a.tuning = tuning;
    Ok(a)
}

impl Args {
    /// The policy the overrides start from.
    fn base(&self, personality: Personality) -> Policy {
        if self.base_normal {
            Policy::new(personality)
        } else {
            Policy::hard(personality)
        }
    }
}

/// Plays game `g`; returns whether the tuned seat won.
fn play(a: &Args, g: usize) -> bool {
    let n = a.players;
    let seed = a.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let tuned = g % n;
    let mut bots: Vec<Box<dyn Bot>> = (0..n)
        .map(|s| {
            let bot_seed = seed.wrapping_mul(31).wrapping_add(s as u64);
            if s != tuned {
                return make_named(&a.vs, bot_seed).expect("checked when parsed");
            }
            let personality = a
                .personality
                .unwrap_or_else(|| Personality::from_seed(bot_seed));
            let policy = if n == 2 {
                Policy {
                    heads_up: a.tuning,
                    ..a.base(personality)
                }
            } else {
                Policy {
                    tuning: a.tuning,
                    ..a.base(personality)
                }
            };
            match a.hard {
                Some(_) => {
                    let mut hard = Hard::with_policy(bot_seed, policy);
                    hard.search = a.search;
                    Box::new(hard) as Box<dyn Bot>
                }
                None => Box::new(Normal::with_policy(bot_seed, policy)),
            }
        })
        .collect();
    let Ok(mut game) = Game::deal(n, Options::default(), None, &mut rng) else {
        return false;
    };
    let budget = Budget::iterations(a.hard.unwrap_or(0));
    let mut legal: Vec<Input> = Vec::new();
    let mut events = Vec::new();
    for _ in 0..5_000 {
        if game.is_over() {
            break;
        }
        let Some(seat) = game.owing().iter().next() else {
            break;
        };
        game.legal_inputs(seat, &mut legal);
        let Some(&first) = legal.first() else { break };
        let view = game.view(seat);
        let mut input = bots[seat.index()].decide(&view, &legal, &budget);
        if !legal.contains(&input) {
            input = first;
        }
        events.clear();
        if game.apply(seat, input, &mut rng, &mut events).is_err() {
            break;
        }
    }
    game.winner().is_some_and(|w| w.index() == tuned)
}

fn main() -> std::process::ExitCode {
    let a = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("tune: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let wins: usize = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..a.threads)
            .map(|t| {
                let a = &a;
                sc.spawn(move || {
                    (t..a.games)
                        .step_by(a.threads)
                        .filter(|&g| play(a, g))
                        .count()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    });
    let n = a.games as f64;
    let p = wins as f64 / n;
    let z = 1.96f64;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / d;
    println!(
        "{:.2}% ({:.2}-{:.2}) of {} games, {} players",
        100.0 * p,
        100.0 * (c - h),
        100.0 * (c + h),
        a.games,
        a.players
    );
    std::process::ExitCode::SUCCESS
}
