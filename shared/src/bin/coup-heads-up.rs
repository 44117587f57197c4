//! `coup-heads-up`: trains a heads-up strategy by self-play regret matching
//! (`shared::bots::regret`) and writes its table.
//!
//! ```text
//! coup-heads-up --games N [--seed S] [--probe P] [--endgames E] [--limiting L]
//!               [--min-visits V[,V…]] [--out FILE]
//! ```
//! A share E of the games (default 0) are the last two of a game dealt to 3 to 6 players,
//! played by Normal bots until two are left. `--limiting L` keeps only the situations where
//! some legal choice has less than L of the weight: the table Hard reads with a support of
//! L or less (`Search::table_support_heads_up`) is the same without the others.
//! Plays N games of the base game heads-up against itself, playing out every choice of a
//! share P of the decisions met (default 0.3), and prints, every tenth of the way, the
//! games a second and the situations met. The table keeps the situations met at least V
//! times (default 20); `--out` writes it (`Strategy::to_bytes`). With several values of V,
//! one table each, written to FILE.V.

use std::process::ExitCode;
use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::bots::regret::Trainer;

/// A share from the command line: a number from 0 to 1.
fn share(v: &str) -> Option<f32> {
    v.parse().ok().filter(|p: &f32| (0.0..=1.0).contains(p))
}

fn main() -> ExitCode {
    let mut games = 10_000u64;
    let mut seed = 1u64;
    let mut probe = 0.3f32;
    let mut min_visits = vec![20u32];
    let mut endgames = 0.0f32;
    let mut limiting = 0.0f32;
    let mut out = None;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next();
        let ok = match (flag.as_str(), value.as_deref()) {
            ("--games", Some(v)) => v.parse().map(|v| games = v).is_ok(),
            ("--seed", Some(v)) => v.parse().map(|v| seed = v).is_ok(),
            ("--probe", Some(v)) => share(v).map(|p| probe = p).is_some(),
            ("--limiting", Some(v)) => share(v).map(|p| limiting = p).is_some(),
            ("--endgames", Some(v)) => share(v).map(|p| endgames = p).is_some(),
            ("--min-visits", Some(v)) => v
                .split(',')
                .map(str::parse)
                .collect::<Result<Vec<u32>, _>>()
                .ok()
                .filter(|v| !v.is_empty())
                .map(|v| min_visits = v)
                .is_some(),
            ("--out", Some(v)) => {
                out = Some(v.to_owned());
                true
            }
            _ => false,
        };
        if !ok {
            eprintln!(
                "usage: coup-heads-up --games N [--seed S] [--probe P] [--endgames E] [--limiting L] [--min-visits V[,V...]] [--out FILE]\n\
                 bad or missing value for {flag}"
            );
            return ExitCode::from(2);
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut trainer = Trainer::new(probe);
    let start = Instant::now();
    let step = (games / 10).max(1);
    for g in 1..=games {
        if endgames > 0.0 && rng.random::<f32>() < endgames {
            let players = rng.random_range(3..=6);
            trainer.train_endgame(players, &mut rng);
        } else {
            trainer.train_game(&mut rng);
        }
        if g % step == 0 || g == games {
            let s = start.elapsed().as_secs_f64();
            println!(
                "{g} games, {:.0} a second, {} situations, {:.1} decisions and {:.1} choices played out a game",
                g as f64 / s.max(1e-9),
                trainer.situations(),
                trainer.decisions as f64 / g as f64,
                trainer.rollouts as f64 / g as f64
            );
        }
    }
    let several = min_visits.len() > 1;
    for &least in &min_visits {
        let table = trainer.table_limiting(least, limiting);
        let bytes = table.to_bytes();
        println!(
            "table: {} situations met {least} times or more, {} bytes",
            table.len(),
            bytes.len()
        );
        if let Some(path) = &out {
            let path = if several {
                format!("{path}.{least}")
            } else {
                path.clone()
            };
            if let Err(e) = std::fs::write(&path, bytes) {
                eprintln!("could not write {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
