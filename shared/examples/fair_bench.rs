//! Times the fair deal's cryptography natively (docs/FAIR-DEAL.md, "Costs"):
//! `cargo run --release -p coup-shared --example fair_bench`.
//!
//! For 2, 6 and 10 seats it plays the deal (keys, a shuffle by every seat, two cards opened
//! to each seat) and an Exchange's reshuffle at 6 (the actor mixes its hand with the two
//! drawn cards, the others open the four to it again, every seat shuffles the Court), all
//! seats in this one process. At 6 and 10 it then escrows every stake and checks it,
//! and seat 1 leaves: the seats left take its stake into theirs (its cards open to
//! nobody), then escrow again. It prints, per step, the time one page spends proving its
//! own records and checking everyone else's, the critical path (the shuffles one after
//! another, each seat checking the previous shuffle before its own), and the bytes of
//! every record, so the browser's figures can be set against these.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use shared::engine::Seat;
use shared::fair::{Ledger, Record, Secret};

fn deck(n: usize) -> Vec<u8> {
    let copies = match n {
        2..=6 => 3,
        7..=8 => 4,
        _ => 5,
    };
    (0..5u8)
        .flat_map(|k| std::iter::repeat_n(k, copies))
        .collect()
}

/// One record: made by its seat (timed as that seat's work), checked by every page.
struct Step {
    made: Duration,
    checked: Duration,
    bytes: usize,
}

fn post(ledgers: &mut [Ledger], make: impl FnOnce(&Ledger) -> Record) -> Step {
    let t = Instant::now();
    let record = make(&ledgers[0]);
    let made = t.elapsed();
    let bytes = record.encode();
    let t = Instant::now();
    ledgers[0].apply_bytes(&bytes).expect("an honest record");
    let checked = t.elapsed();
    for l in &mut ledgers[1..] {
        l.apply_bytes(&bytes).expect("an honest record");
    }
    Step {
        made,
        checked,
        bytes: bytes.len(),
    }
}

struct Totals {
    /// The shuffles one after another, each checked by the next seat first.
    critical: Duration,
    /// What one page does in all: its own records made, every other record checked.
    page: Duration,
    bytes: usize,
}

fn run(
    ledgers: &mut [Ledger],
    secrets: &[Secret],
    rng: &mut ChaCha8Rng,
    round: &mut u32,
    plan: &[(Vec<u8>, Option<Seat>)],
) -> Totals {
    // `plan`: (positions, None) is a shuffle by every seat; (positions, Some(holder)) is
    // every other seat opening the positions to `holder`.
    let n = secrets.len();
    let mut totals = Totals {
        critical: Duration::ZERO,
        page: Duration::ZERO,
        bytes: 0,
    };
    for (positions, holder) in plan {
        let mut slowest_share = Duration::ZERO;
        for s in Seat::all(n) {
            let step = match holder {
                None => post(ledgers, |l| {
                    l.shuffle_record(s, *round, positions, &secrets[s.index()], rng)
                        .unwrap()
                        .0
                }),
                Some(h) if *h == s => continue,
                Some(_) => post(ledgers, |l| {
                    l.shares_record(s, *round, positions, &secrets[s.index()], rng)
                        .unwrap()
                }),
            };
            totals.bytes += step.bytes;
            // Page 0's work: it makes its own record once and checks every other one.
            totals.page += if s == Seat(0) {
                step.made
            } else {
                step.checked
            };
            match holder {
                None => totals.critical += step.made + step.checked,
                Some(_) => slowest_share = slowest_share.max(step.made),
            }
        }
        if holder.is_some() {
            // The shares of one opening are made in parallel on their pages; the holder
            // checks them all.
            totals.critical += slowest_share;
        }
        *round += 1;
    }
    totals
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

/// Each primitive alone, the median of 31 runs (the table's steps above are single runs).
fn primitives() {
    println!();
    println!("| primitive | cards | median of 31 |");
    println!("|---|---|---|");
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for n in [3usize, 15, 25] {
        let secrets: Vec<Secret> = (0..2).map(|_| Secret::random(&mut rng)).collect();
        let mut ledger = Ledger::new([2; 32], 1, 2, &deck(10)[..n]).unwrap();
        for s in Seat::all(2) {
            let r = ledger.key_record(s, 0, &secrets[s.index()], &mut rng);
            ledger.apply(&r).unwrap();
        }
        let positions: Vec<u8> = (0..n as u8).collect();
        let (record, _) = ledger
            .shuffle_record(Seat(0), 1, &positions, &secrets[0], &mut rng)
            .unwrap();
        let prove = median(31, || {
            ledger
                .shuffle_record(Seat(0), 1, &positions, &secrets[0], &mut rng)
                .unwrap();
        });
        let verify = median(31, || {
            ledger.clone().apply(&record).unwrap();
        });
        println!("| shuffle, prove (signed) | {n} | {} |", ms(prove));
        println!(
            "| shuffle, check (with the signature) | {n} | {} |",
            ms(verify)
        );
        if n == 3 {
            let shares = ledger
                .shares_record(Seat(1), 1, &[0], &secrets[1], &mut rng)
                .unwrap();
            let prove = median(31, || {
                ledger
                    .shares_record(Seat(1), 1, &[0], &secrets[1], &mut rng)
                    .unwrap();
            });
            let verify = median(31, || {
                ledger.clone().apply(&shares).unwrap();
            });
            println!("| one decryption share, prove | 1 | {} |", ms(prove));
            println!("| one decryption share, check | 1 | {} |", ms(verify));
        }
    }
}

fn main() {
    primitives();
    println!();
    println!("| step | seats | cards | critical path | one page's work | bytes of records |");
    println!("|---|---|---|---|---|---|");
    for n in [2usize, 6, 10] {
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        let secrets: Vec<Secret> = (0..n).map(|_| Secret::random(&mut rng)).collect();
        let cards = deck(n);
        let mut ledgers: Vec<Ledger> = (0..n)
            .map(|_| Ledger::new([1; 32], 1, n, &cards).unwrap())
            .collect();
        let mut round = 0;
        // The keys.
        let t = Instant::now();
        let mut key_bytes = 0;
        for s in Seat::all(n) {
            let step = post(&mut ledgers, |l| {
                l.key_record(s, 0, &secrets[s.index()], &mut rng)
            });
            key_bytes += step.bytes;
        }
        let keys_time = t.elapsed() / n as u32;
        round += 1;
        let all: Vec<u8> = (0..cards.len() as u8).collect();
        let mut plan = vec![(all, None)];
        for s in Seat::all(n) {
            plan.push((vec![2 * s.0, 2 * s.0 + 1], Some(s)));
        }
        let deal = run(&mut ledgers, &secrets, &mut rng, &mut round, &plan);
        println!(
            "| deal (keys, {n} shuffles, {} cards opened) | {n} | {} | {} | {} | {} |",
            2 * n,
            cards.len(),
            ms(deal.critical + keys_time),
            ms(deal.page + keys_time),
            deal.bytes + key_bytes
        );
        if n == 6 {
            // R4.2: seat 1 draws the Court's top two (positions 12, 13), mixes them with
            // its hand (2, 3), keeps two; the Court (12..15) is shuffled by every seat.
            let plan = [
                (vec![12, 13], Some(Seat(1))),
                (vec![2, 3, 12, 13], None),
                (vec![2, 3, 12, 13], Some(Seat(1))),
                ((12..15).collect(), None),
            ];
            // The actor's own mixing is one shuffle, not one per seat: time it apart.
            let draw = run(&mut ledgers, &secrets, &mut rng, &mut round, &plan[..1]);
            let mix = post(&mut ledgers, |l| {
                l.shuffle_record(Seat(1), round, &[2, 3, 12, 13], &secrets[1], &mut rng)
                    .unwrap()
                    .0
            });
            round += 1;
            let reopen = run(&mut ledgers, &secrets, &mut rng, &mut round, &plan[2..3]);
            let court = run(&mut ledgers, &secrets, &mut rng, &mut round, &plan[3..]);
            println!(
                "| Exchange: draw 2, mix the hand, reopen, Court reshuffled by all | 6 | 4 + 3 | {} | {} | {} |",
                ms(draw.critical + mix.made + mix.checked + reopen.critical + court.critical),
                ms(draw.page + mix.checked + reopen.page + court.page),
                draw.bytes + mix.bytes + reopen.bytes + court.bytes
            );
            println!(
                "| of which the Court's reshuffle | 6 | 3 | {} | {} | {} |",
                ms(court.critical),
                ms(court.page),
                court.bytes
            );
        }
        if n >= 6 {
            departure(&mut ledgers, &secrets, &mut rng, &mut round);
        }
    }
}

/// Every seat escrows its stake and checks its parts (two rounds); then seat 1 leaves
/// (section 6): every ledger takes its stake into the others' (`Ledger::depart`); its
/// cards open to nobody, so no share is due for them. Then the seats left escrow again
/// and check.
fn departure(ledgers: &mut [Ledger], secrets: &[Secret], rng: &mut ChaCha8Rng, round: &mut u32) {
    let n = secrets.len();
    let escrow = |ledgers: &mut [Ledger], rng: &mut ChaCha8Rng, round: &mut u32| {
        let mut totals = (Duration::ZERO, Duration::ZERO, 0);
        for make_check in [false, true] {
            let mut slowest = Duration::ZERO;
            let present: Vec<Seat> = Seat::all(n).filter(|&s| !ledgers[0].is_gone(s)).collect();
            for s in present {
                let x = &secrets[s.index()];
                let step = post(ledgers, |l| {
                    if make_check {
                        l.check_record(s, *round, x, rng)
                    } else {
                        l.escrow_record(s, *round, x, rng).unwrap()
                    }
                });
                slowest = slowest.max(step.made);
                totals.1 += if s == Seat(0) {
                    step.made
                } else {
                    step.checked
                };
                totals.2 += step.bytes;
            }
            totals.0 += slowest;
            *round += 1;
        }
        totals
    };
    let (critical, page, bytes) = escrow(ledgers, rng, round);
    println!(
        "| escrow of every stake, then its check | {n} | — | {} | {} | {bytes} |",
        ms(critical),
        ms(page)
    );
    let t = Instant::now();
    for l in ledgers.iter_mut() {
        l.depart(Seat(1)).expect("the escrow is complete");
    }
    let taken = t.elapsed() / n as u32;
    assert!(ledgers[0].open_public(2).is_none());
    println!(
        "| departure: its stake taken by the {} seats left, its 2 cards opened to nobody | {n} | 0 | {} | {} | 0 |",
        n - 1,
        ms(taken),
        ms(taken),
    );
    let (critical, page, bytes) = escrow(ledgers, rng, round);
    println!(
        "| after it, the seats left escrow again and check | {n} | — | {} | {} | {bytes} |",
        ms(critical),
        ms(page)
    );
}
