//! `coup-arena`: plays many games between bots and reports win rates and decision times.
//!
//! ```text
//! coup-arena --games N --lineup hard,normal,normal,normal [--options inquisitor,allegiances]
//!            [--seed S] [--hard-ms MS] [--hard-iters I] [--threads T] [--cap INPUTS]
//!            [--trace GAME] [--hard-set NAME=VALUE,…] [--br-set NAME=VALUE,…]
//!            [--br-playouts P] [--br-model-iters I] [--br-learn GAMES] [--hard-table FILE]
//!            [--rematch K]
//! ```
//! Seats rotate from game to game (game `g` seats the lineup shifted by `g`), so every
//! level plays from every seat. Prints a human summary, then as its last line one JSON
//! object: `{"games":N,"wins":{BOT:COUNT},"rate":{BOT:RATE},"ci95":{BOT:[LO,HI]},
//! "decision_ms":{BOT:{"p50":X,"p99":Y}},"habits":{BOT:{"claims":{CARD:{"claims":K,
//! "bluffs":B,"rate":R,"caught":K}},"challenges":C,"challenge_success":S,"challenged":{CARD:
//! {"challenges":K,"caught":L}}}}}`, rates per seat of that
//! bot. A lineup names levels (`easy`, `normal`, `hard`) or opponent styles (`honest`,
//! `bluffer`, `challenger`, `trusting`, `passive`, `random`, `bold`, `wary`,
//! `honest-assassin`, `cautious`, `counter`; see `shared::bots::styles`). Habits: per
//! character, the claims (actions and blocks) a bot made, how many were bluffs and how
//! many of those were caught, how often its challenges caught a lie, and per character
//! claimed, how many claims it challenged and how many of those were lies.
//!
//! `best-response:TARGET` (TARGET a level or style) seats `shared::bots::best_response`'s
//! search, which plays every opponent in its playouts as TARGET itself: its win rate in
//! `--lineup best-response:hard,hard` is how far Hard can be exploited heads-up. It makes
//! `--br-playouts` playouts per decision (default 160) and asks its model of TARGET with
//! `--br-model-iters` clockless iterations (default 8; only Hard uses them); it has no
//! clock, so its games are a pure function of the seed (with `--hard-ms 0`). Before the
//! match it learns how often TARGET's claims are lies, and how often it challenges, from
//! `--br-learn` games of TARGET against itself (default 200; `best_response::learn`); the
//! summary prints what it learned. With `--hard-set`, `best-response:hard` models and
//! learns from Hard with those constants, the bot the run seats. `--br-set doubted=0`
//! overrides the best response's own heuristic constants (`TUNING_NAMES`: its baseline,
//! the ranking of its candidates and its own moves in playouts), to measure which base
//! exploits the target most.
//!
//! Hard thinks `--hard-ms` milliseconds per decision (default 50, `Instant` as its clock),
//! capped at `--hard-iters` iterations; `--hard-ms 0` removes the clock, making every game
//! a pure function of the seed. `--hard-set caution=4,doubt=2.5` overrides Hard's heuristic
//! constants (`shared::bots::normal::TUNING_NAMES`, at every table size) and its search's
//! (`shared::bots::hard::SEARCH_NAMES`: `z_switch`, `sharp_heads_up`, `doubt_prior_heads_up`
//! and the others) for tuning tournaments
//! against the styles. `--trace G` replays only game `G` (the summary names the longest game) and
//! prints every input with the state it answered (after the games before it at its table).
//!
//! `--rematch K` plays the games K in a row at one table: the same lineup in the same
//! seats (the rotation moves from table to table), each bot told what its seat learned of
//! the others in the earlier games (`Bot::memory`, `Bot::remember`, as the host does at a
//! rematch). Default 1: every game at a new table.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::bots::best_response::{BestResponse, Learned, MakeTarget, learn_from, target_by_name};
use shared::bots::hard::{Hard, SEARCH_NAMES, Search};
use shared::bots::normal::{Policy, Tuning};
use shared::bots::regret::Strategy;
use shared::bots::styles::{Style, make_named};
use shared::bots::{Bot, BotLevel, Budget, Model, Personality};
use shared::engine::{Card, Claimed, Event, Game, Input, Options, Pending, Seat};

/// Writes one line to stdout. When stdout's reader has gone (`coup-arena … | head`), the
/// run ends quietly with the status a shell gives a process its closed pipe stopped
/// (128 + SIGPIPE), instead of a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(141);
        }
    }};
}

struct Args {
    games: usize,
    /// Bot names: levels (`easy`, `normal`, `hard`) or styles (`honest`, `bluffer`, …).
    lineup: Vec<&'static str>,
    options: Options,
    seed: u64,
    hard_ms: f64,
    hard_iters: u32,
    threads: usize,
    cap: usize,
    /// Replay only this game, printing every input.
    trace: Option<usize>,
    /// Overrides of Hard's heuristic constants (`--hard-set NAME=VALUE,…`), for the
    /// larger game's and the 2-player game's constants alike.
    hard_set: Vec<(String, f32)>,
    /// Hard's heads-up strategy table (`--hard-table FILE`, from `coup-heads-up`).
    hard_table: Option<Arc<Strategy>>,
    /// Overrides of a best response's own heuristic constants (`--br-set NAME=VALUE,…`:
    /// its baseline, its ranking of candidates and its own moves in playouts).
    br_set: Vec<(String, f32)>,
    /// A best response's playouts per decision, and its target model's iterations.
    br_playouts: u32,
    br_model_iters: u32,
    /// Games a best response learns its target's claims from before the match, and what
    /// it learned (by lineup name).
    br_learn: u32,
    br_learned: BTreeMap<&'static str, Learned>,
    /// Games played in a row at one table (`--rematch K`): the same bots in the same
    /// seats, each remembering what it learned of the others in the earlier ones.
    rematch: usize,
}

impl Args {
    /// Whether the run seats a Hard other than the one the crate ships (`--hard-set`,
    /// `--hard-table`).
    fn hard_changed(&self) -> bool {
        !self.hard_set.is_empty() || self.hard_table.is_some()
    }
}

/// Every `best-response:TARGET` name, static so that lineups stay `&'static str`.
const BEST_RESPONSES: [&str; 11] = [
    "best-response:easy",
    "best-response:normal",
    "best-response:hard",
    "best-response:honest",
    "best-response:bluffer",
    "best-response:challenger",
    "best-response:trusting",
    "best-response:passive",
    "best-response:random",
    "best-response:bold",
    "best-response:wary",
];

/// The lineup name of a best response to `target`, if `target` names a bot.
fn best_response_name(target: &str) -> Option<&'static str> {
    BEST_RESPONSES
        .into_iter()
        .find(|n| n.strip_prefix("best-response:") == Some(target))
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        games: 100,
        lineup: vec!["normal"; 4],
        options: Options::default(),
        seed: 1,
        hard_ms: 50.0,
        hard_iters: 100_000,
        threads: 1,
        cap: 5_000,
        trace: None,
        hard_set: Vec::new(),
        hard_table: None,
        br_set: Vec::new(),
        br_playouts: BestResponse::PLAYOUTS,
        br_model_iters: BestResponse::MODEL_ITERATIONS,
        br_learn: 200,
        br_learned: BTreeMap::new(),
        rematch: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => a.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => a.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--hard-ms" => a.hard_ms = value()?.parse().map_err(|e| format!("--hard-ms: {e}"))?,
            "--hard-iters" => {
                a.hard_iters = value()?.parse().map_err(|e| format!("--hard-iters: {e}"))?
            }
            "--threads" => {
                a.threads = value()?
                    .parse::<usize>()
                    .map_err(|e| format!("--threads: {e}"))?
                    .max(1)
            }
            "--cap" => a.cap = value()?.parse().map_err(|e| format!("--cap: {e}"))?,
            "--hard-table" => {
                let path = value()?;
                let bytes =
                    std::fs::read(&path).map_err(|e| format!("--hard-table {path}: {e}"))?;
                let table = Strategy::from_bytes(&bytes)
                    .ok_or_else(|| format!("--hard-table {path}: not a strategy table"))?;
                a.hard_table = Some(Arc::new(table));
            }
            "--hard-set" => a.hard_set.extend(settings(&flag, &value()?, |k, v| {
                if SEARCH_NAMES.contains(&k) {
                    let mut check = Search::HARD;
                    check.set(k, v)
                } else {
                    let mut check = Tuning::NORMAL;
                    check.set(k, v)
                }
            })?),
            "--br-set" => a.br_set.extend(settings(&flag, &value()?, |k, v| {
                let mut check = Tuning::NORMAL;
                check.set(k, v)
            })?),
            "--br-playouts" => {
                a.br_playouts = value()?
                    .parse::<u32>()
                    .map_err(|e| format!("--br-playouts: {e}"))?
                    .max(1)
            }
            "--br-model-iters" => {
                a.br_model_iters = value()?
                    .parse::<u32>()
                    .map_err(|e| format!("--br-model-iters: {e}"))?
                    .max(1)
            }
            "--br-learn" => {
                a.br_learn = value()?.parse().map_err(|e| format!("--br-learn: {e}"))?
            }
            "--rematch" => {
                a.rematch = value()?.parse().map_err(|e| format!("--rematch: {e}"))?;
                if a.rematch == 0 {
                    return Err("--rematch needs at least 1 game".into());
                }
            }
            "--trace" => a.trace = Some(value()?.parse().map_err(|e| format!("--trace: {e}"))?),
            "--lineup" => {
                a.lineup = value()?
                    .split(',')
                    .map(|n| {
                        let n = n.trim();
                        if let Some(t) = n.strip_prefix("best-response:") {
                            return best_response_name(t).ok_or(format!("unknown bot {t:?}"));
                        }
                        BotLevel::from_name(n)
                            .map(BotLevel::name)
                            .or_else(|| Style::from_name(n).map(Style::name))
                            .ok_or(format!("unknown bot {n:?}"))
                    })
                    .collect::<Result<_, _>>()?
            }
            "--options" => {
                for o in value()?.split(',').map(str::trim).filter(|o| !o.is_empty()) {
                    match o {
                        "inquisitor" => a.options.inquisitor = true,
                        "allegiances" => a.options.allegiances = true,
                        "two_player_draft" => a.options.two_player_draft = true,
                        _ => return Err(format!("unknown option {o:?}")),
                    }
                }
            }
            "--help" | "-h" => return Err(String::new()),
            _ => return Err(format!("unknown argument {flag:?}")),
        }
    }
    if !(2..=10).contains(&a.lineup.len()) {
        return Err("the lineup needs 2 to 10 bots".into());
    }
    if a.options.two_player_draft && a.lineup.len() != 2 {
        return Err("two_player_draft needs exactly 2 players (R1.4)".into());
    }
    Ok(a)
}

/// How a bot name's seats claimed and challenged.
#[derive(Clone, Copy, Default)]
struct Habits {
    /// Per character: claims made (actions and blocks), and those without the card.
    claims: [usize; 6],
    bluffs: [usize; 6],
    /// Per character: claims challenged and disproven (bluffs caught).
    caught_bluffs: [usize; 6],
    /// Challenges made, and those that caught a lie.
    challenges: usize,
    caught: usize,
    /// Per character claimed: challenges made of it, and those that caught a lie.
    challenged: [usize; 6],
    challenged_right: [usize; 6],
}

impl Habits {
    fn add(&mut self, o: &Habits) {
        for c in 0..6 {
            self.claims[c] += o.claims[c];
            self.bluffs[c] += o.bluffs[c];
            self.caught_bluffs[c] += o.caught_bluffs[c];
            self.challenged[c] += o.challenged[c];
            self.challenged_right[c] += o.challenged_right[c];
        }
        self.challenges += o.challenges;
        self.caught += o.caught;
    }
}

/// What one game produced.
struct Outcome {
    winner: Option<&'static str>,
    inputs: usize,
    /// Decision times in ms, by bot name.
    times: Vec<(&'static str, f64)>,
    illegal: usize,
    habits: BTreeMap<&'static str, Habits>,
}

/// The `NAME=VALUE,…` pairs of `flag`'s value `text`, each checked now by `check` (which
/// refuses an unknown name or a wild value), so that a run never starts with a bad one.
fn settings(
    flag: &str,
    text: &str,
    check: impl Fn(&str, f32) -> Result<(), String>,
) -> Result<Vec<(String, f32)>, String> {
    let mut out = Vec::new();
    for kv in text.split(',').filter(|kv| !kv.trim().is_empty()) {
        let (k, v) = kv
            .split_once('=')
            .ok_or(format!("{flag}: {kv:?} is not NAME=VALUE"))?;
        let v: f32 = v.trim().parse().map_err(|e| format!("{flag} {k}: {e}"))?;
        check(k.trim(), v)?;
        out.push((k.trim().to_string(), v));
    }
    Ok(out)
}

/// Hard with `--hard-set`'s constants.
fn make_hard(hard_set: &[(String, f32)], table: Option<&Arc<Strategy>>, seed: u64) -> Box<dyn Bot> {
    let mut p = Policy::hard(Personality::from_seed(seed));
    let mut search = Search::HARD;
    for (k, v) in hard_set {
        // Checked when parsed.
        if SEARCH_NAMES.contains(&k.as_str()) {
            let _ = search.set(k, *v);
        } else {
            let _ = p.set(k, *v);
        }
    }
    let mut hard = Hard::with_policy(seed, p);
    hard.search = search;
    if let Some(table) = table {
        hard.table = Some(table.clone());
    }
    Box::new(hard)
}

/// What a best response to `target` plays against: the bot as this run seats it (Hard
/// with `--hard-set`'s constants, when set), so that a tuning run measures the bot it
/// tunes.
fn best_response_target(a: &Args, target: &str) -> MakeTarget {
    if target == "hard" && a.hard_changed() {
        let set = a.hard_set.clone();
        let table = a.hard_table.clone();
        return Arc::new(move |seed| make_hard(&set, table.as_ref(), seed));
    }
    target_by_name(target).expect("names are checked when parsed")
}

/// Plays the games at `table` (`--rematch`), each bot remembering what its seat learned
/// in the earlier ones (`Bot::remember`); returns each game's number and outcome.
fn play_table(a: &Args, table: usize) -> Vec<(usize, Outcome)> {
    let mut memory: Vec<Option<Model>> = vec![None; a.lineup.len()];
    (table * a.rematch..((table + 1) * a.rematch).min(a.games))
        .map(|g| (g, play(a, g, &mut memory)))
        .collect()
}

fn play(a: &Args, g: usize, memory: &mut [Option<Model>]) -> Outcome {
    let n = a.lineup.len();
    let seed = a.seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Rotate seats: game g puts lineup[(s + g) % n] in seat s; with `--rematch K`, every
    // game at a table seats the lineup as its first did.
    let turn = g / a.rematch * a.rematch;
    let names: Vec<&'static str> = (0..n).map(|s| a.lineup[(s + turn) % n]).collect();
    let mut bots: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(s, &l)| {
            let bot_seed = seed.wrapping_mul(31).wrapping_add(s as u64);
            if l == "hard" && a.hard_changed() {
                return make_hard(&a.hard_set, a.hard_table.as_ref(), bot_seed);
            }
            if let Some(target) = l.strip_prefix("best-response:") {
                let make = best_response_target(a, target);
                let mut br = BestResponse::with_model(l, make, bot_seed);
                br.playouts = a.br_playouts;
                br.model_iterations = a.br_model_iters;
                br.learned = a.br_learned.get(l).copied().unwrap_or(Learned::AVERAGE);
                for (k, v) in &a.br_set {
                    // Checked when parsed.
                    let _ = br.policy.set(k, *v);
                }
                return Box::new(br) as Box<dyn Bot>;
            }
            make_named(l, bot_seed).expect("names are checked when parsed")
        })
        .collect();
    for (bot, m) in bots.iter_mut().zip(memory.iter()) {
        if let Some(m) = m {
            bot.remember(m);
        }
    }
    let mut out = Outcome {
        winner: None,
        inputs: 0,
        times: Vec::new(),
        illegal: 0,
        habits: BTreeMap::new(),
    };
    let Ok(mut game) = Game::deal(n, a.options, None, &mut rng) else {
        return out;
    };
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut legal: Vec<Input> = Vec::new();
    let mut events = Vec::new();
    while !game.is_over() && out.inputs < a.cap {
        let Some(seat) = game.owing().iter().next() else {
            break;
        };
        game.legal_inputs(seat, &mut legal);
        let Some(&first) = legal.first() else {
            break;
        };
        let name = names[seat.index()];
        let budget = match name {
            "hard" if a.hard_ms > 0.0 => Budget {
                clock: Some(&clock),
                millis: a.hard_ms,
                iterations: a.hard_iters,
            },
            _ => Budget::iterations(a.hard_iters),
        };
        let view = game.view(seat);
        let t0 = Instant::now();
        let mut input = bots[seat.index()].decide(&view, &legal, &budget);
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        if legal.len() > 1 {
            // Forced moves are not decisions.
            out.times.push((name, ms));
        }
        if !legal.contains(&input) {
            out.illegal += 1;
            input = first;
        }
        // Claims, and whether they were bluffs, from the seat's real hand.
        let claimed = match input {
            Input::Act(act) => match act.claim(a.options) {
                Some(Claimed::Card(c)) => Some(c),
                _ => None,
            },
            Input::Block(c) => Some(c),
            _ => None,
        };
        if let Some(c) = claimed {
            let h = out.habits.entry(name).or_default();
            h.claims[c.index()] += 1;
            if !game.player(seat).hand.hidden().any(|x| x == c) {
                h.bluffs[c.index()] += 1;
            }
        }
        if a.trace.is_some() {
            let p = game.player(seat);
            // Face-up cards in brackets.
            let hand: Vec<String> = (0..usize::from(p.hand.len))
                .map(|i| match p.hand.up[i] {
                    true => format!("[{:?}]", p.hand.cards[i]),
                    false => format!("{:?}", p.hand.cards[i]),
                })
                .collect();
            say!(
                "{:>5} seat {} ({}, {} coins, {}) {:?}: {input:?}",
                out.inputs,
                seat.0,
                name,
                p.coins,
                hand.join(" "),
                game.pending()
            );
            if matches!(game.pending(), Pending::Action { .. }) {
                // What this seat believes of the others' hidden cards.
                let b = shared::bots::beliefs::Beliefs::new(&view);
                for o in (0..n as u8).map(Seat).filter(|o| *o != seat) {
                    if game.player(o).hand.hidden_count() > 0 {
                        let p: Vec<String> = Card::in_use_set(a.options)
                            .into_iter()
                            .map(|c| format!("{c:?} {:.2}", b.p_has(o, c)))
                            .collect();
                        say!("        believes seat {}: {}", o.0, p.join(", "));
                    }
                }
            }
        }
        if game.apply(seat, input, &mut rng, &mut events).is_err() {
            out.illegal += 1;
            break;
        }
        // Challenges and their outcomes (R6): a Challenged event, then Proved or Disproved.
        let mut challenger = None;
        let mut claim = None;
        for e in &events {
            match *e {
                Event::Challenged {
                    challenger: c,
                    claimant,
                    claim: what,
                } => {
                    challenger = Some(c);
                    claim = match what {
                        Claimed::Card(card) => Some((claimant, card)),
                        Claimed::NotDuke => None,
                    };
                    let h = out.habits.entry(names[c.index()]).or_default();
                    h.challenges += 1;
                    if let Claimed::Card(card) = what {
                        h.challenged[card.index()] += 1;
                    }
                }
                Event::Disproved { .. } => {
                    if let Some(c) = challenger.take() {
                        let h = out.habits.entry(names[c.index()]).or_default();
                        h.caught += 1;
                        if let Some((_, card)) = claim {
                            h.challenged_right[card.index()] += 1;
                        }
                    }
                    if let Some((claimant, card)) = claim.take() {
                        out.habits
                            .entry(names[claimant.index()])
                            .or_default()
                            .caught_bluffs[card.index()] += 1;
                    }
                }
                Event::Proved { .. } => challenger = None,
                _ => {}
            }
        }
        events.clear();
        out.inputs += 1;
    }
    out.winner = game.winner().map(|w: Seat| names[w.index()]);
    for (m, bot) in memory.iter_mut().zip(&bots) {
        *m = bot.memory();
    }
    out
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The Wilson score interval at 95% for `k` successes in `n` trials.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let z = 1.96f64;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

fn round(x: f64, places: i32) -> f64 {
    let f = 10f64.powi(places);
    (x * f).round() / f
}

fn main() -> ExitCode {
    let mut a = match parse() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("coup-arena: {e}");
            }
            eprintln!(
                "usage: coup-arena --games N --lineup hard,normal,normal,normal \
                 [--options inquisitor,allegiances,two_player_draft] [--seed S] \
                 [--hard-ms MS] [--hard-iters I] [--threads T] [--cap INPUTS] [--trace GAME] \
                 [--hard-set NAME=VALUE,...] [--br-set NAME=VALUE,...] [--br-playouts P] [--br-model-iters I] [--br-learn GAMES] [--hard-table FILE] [--rematch K]"
            );
            return ExitCode::from(2);
        }
    };
    for &l in &a.lineup {
        if let Some(target) = l.strip_prefix("best-response:")
            && !a.br_learned.contains_key(l)
        {
            let make = best_response_target(&a, target);
            let learned = learn_from(&make, a.br_learn, a.seed ^ 0x7EA5, a.br_model_iters);
            a.br_learned.insert(l, learned);
        }
    }
    if let Some(g) = a.trace {
        let o = play_table(&a, g / a.rematch)
            .pop()
            .map(|(_, o)| o)
            .expect("a table plays its games");
        say!("game {g}: {} inputs, winner {:?}", o.inputs, o.winner);
        return ExitCode::SUCCESS;
    }
    let wall = Instant::now();
    let tables = a.games.div_ceil(a.rematch);
    let outcomes: Vec<Outcome> = if a.threads <= 1 {
        (0..tables)
            .flat_map(|t| play_table(&a, t))
            .map(|(_, o)| o)
            .collect()
    } else {
        let mut all: Vec<(usize, Outcome)> = std::thread::scope(|sc| {
            let handles: Vec<_> = (0..a.threads)
                .map(|t| {
                    let a = &a;
                    sc.spawn(move || {
                        (t..tables)
                            .step_by(a.threads)
                            .flat_map(|table| play_table(a, table))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        });
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, o)| o).collect()
    };
    let mut seats: BTreeMap<&str, usize> = BTreeMap::new();
    for l in &a.lineup {
        *seats.entry(l).or_default() += 1;
    }
    let mut habits: BTreeMap<&str, Habits> = BTreeMap::new();
    let mut wins: BTreeMap<&str, usize> = seats.keys().map(|k| (*k, 0)).collect();
    let mut times: BTreeMap<&str, Vec<f64>> = seats.keys().map(|k| (*k, Vec::new())).collect();
    let (mut capped, mut illegal, mut longest, mut total_inputs) = (0, 0, 0, 0);
    let mut longest_game = 0;
    for (g, o) in outcomes.iter().enumerate() {
        if o.inputs > longest {
            longest_game = g;
        }
        match o.winner {
            Some(l) => *wins.entry(l).or_default() += 1,
            None => capped += 1,
        }
        illegal += o.illegal;
        longest = longest.max(o.inputs);
        total_inputs += o.inputs;
        for (l, ms) in &o.times {
            times.entry(l).or_default().push(*ms);
        }
        for (l, h) in &o.habits {
            habits.entry(l).or_default().add(h);
        }
    }
    let games = outcomes.len();
    say!(
        "coup-arena: {games} games, lineup {}, options {:?}, seed {}, hard {} ms / {} iterations",
        a.lineup.join(","),
        a.options,
        a.seed,
        a.hard_ms,
        a.hard_iters
    );
    say!(
        "  {capped} games hit the cap of {} inputs; {illegal} illegal inputs; longest game {longest} inputs (game {longest_game}, `--trace {longest_game}` replays it), mean {:.0}; wall {:.1} s",
        a.cap,
        total_inputs as f64 / games.max(1) as f64,
        wall.elapsed().as_secs_f64()
    );
    for (l, t) in &a.br_learned {
        say!(
            "  {l}: reads its target's claims at trust {}, its challenges at rate {:.3} (learned from {} games)",
            t.trust,
            t.challenge_rate,
            a.br_learn
        );
    }
    let mut rate = serde_json::Map::new();
    let mut ci = serde_json::Map::new();
    let mut dms = serde_json::Map::new();
    for (name, &k) in &seats {
        let w = wins.get(name).copied().unwrap_or(0);
        let trials = (games * k) as f64;
        let r = if trials > 0.0 { w as f64 / trials } else { 0.0 };
        let (lo, hi) = wilson(w as f64, trials);
        let t = times.entry(name).or_default();
        t.sort_by(f64::total_cmp);
        let (p50, p99) = (percentile(t, 0.5), percentile(t, 0.99));
        say!(
            "  {name:>10}: {k} seat(s), {w} wins, {:.1}% per seat (95% CI {:.1}–{:.1}%), fair share {:.1}%; decision p50 {p50:.3} ms, p99 {p99:.3} ms, max {:.3} ms over {} decisions",
            100.0 * r,
            100.0 * lo,
            100.0 * hi,
            100.0 / a.lineup.len() as f64,
            t.last().copied().unwrap_or(0.0),
            t.len()
        );
        rate.insert(name.to_string(), round(r, 4).into());
        ci.insert(
            name.to_string(),
            serde_json::json!([round(lo, 4), round(hi, 4)]),
        );
        dms.insert(
            name.to_string(),
            serde_json::json!({"p50": round(p50, 3), "p99": round(p99, 3)}),
        );
    }
    let mut hab = serde_json::Map::new();
    for (name, h) in &habits {
        let mut by_card = serde_json::Map::new();
        let mut text = Vec::new();
        let mut doubted = Vec::new();
        let mut challenged = serde_json::Map::new();
        for c in Card::ALL {
            let (k, r) = (h.challenged[c.index()], h.challenged_right[c.index()]);
            if k > 0 {
                doubted.push(format!("{c:?} {r}/{k}"));
                challenged.insert(
                    format!("{c:?}"),
                    serde_json::json!({"challenges": k, "caught": r}),
                );
            }
        }
        for c in Card::ALL {
            let (k, b) = (h.claims[c.index()], h.bluffs[c.index()]);
            if k == 0 {
                continue;
            }
            let r = b as f64 / k as f64;
            let caught = h.caught_bluffs[c.index()];
            text.push(format!(
                "{c:?} {b}/{k} ({:.0}%, {caught} caught)",
                100.0 * r
            ));
            by_card.insert(
                format!("{c:?}"),
                serde_json::json!({"claims": k, "bluffs": b, "rate": round(r, 4), "caught": caught}),
            );
        }
        let success = if h.challenges > 0 {
            h.caught as f64 / h.challenges as f64
        } else {
            0.0
        };
        say!(
            "  {name:>10}: bluffs {}; {} challenges, {} caught a lie ({:.0}%); by the character challenged, lies caught of challenges: {}",
            text.join(", "),
            h.challenges,
            h.caught,
            100.0 * success,
            doubted.join(", ")
        );
        hab.insert(
            name.to_string(),
            serde_json::json!({"claims": by_card, "challenges": h.challenges,
                "challenge_success": round(success, 4), "challenged": challenged}),
        );
    }
    let json = serde_json::json!({
        "games": games,
        "wins": wins,
        "rate": rate,
        "ci95": ci,
        "decision_ms": dms,
        "habits": hab,
    });
    say!("{json}");
    if illegal > 0 {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
