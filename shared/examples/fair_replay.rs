//! Times the fair deal's end audit natively (docs/FAIR-DEAL.md, section 9):
//! `cargo run --release -p coup-shared --example fair_replay`.
//!
//! For 2, 6 and 10 seats it plays whole games with the fair referee and one page per
//! seat, all in this one process, each page holding only its secret and its tracker and
//! answering honestly from its own cards. It prints, per game, what one page spent taking
//! the stream as it came (every record checked, every answer's signature), the replay of
//! the referee at the end (`Tracker::replay`, which checks every record again), and the
//! whole audit with the replay's outcome kept, so the replay's cost can be set against the
//! page's own. Each figure is the median over several games (seeds). It also prints what
//! a page's replica of the referee (`Replica`, which every session's page runs on the
//! stream as it comes) spends on each event and each decision (where it runs the rules):
//! the largest and the 99th percentile over every one of the games.

use std::time::{Duration, Instant};

use shared::engine::Options;
use shared::fair::{Public, Replica, Tracker};

#[path = "fair_game/mod.rs"]
mod fair_game;

/// One whole game: (page 0's time taking the stream, the replay, the audit after it, the
/// stream's items, what a page's replica spent on each event).
fn game(
    n: usize,
    options: Options,
    seed: u64,
) -> (Duration, Duration, Duration, usize, Vec<Duration>) {
    let played = fair_game::play(n, options, seed);
    // The stream as page 0 took it, again, on a tracker of its own.
    let mut tracker = Tracker::new(played.id, 1, n, options).unwrap();
    let t = Instant::now();
    for item in &played.stream {
        tracker.take(item).expect("an honest stream");
    }
    let taking = t.elapsed();
    let mut replica = Replica::new(played.id, 1, n, options, Some(played.first)).unwrap();
    let mut per_event = Vec::new();
    for item in &played.stream {
        let t = Instant::now();
        replica.take(item).expect("the rules make it");
        // The rules' work is on a decision (the referee runs the engine) and on an event
        // (what the referee made, compared); a record's is its proofs, timed above.
        if matches!(item, Public::Event(_) | Public::Decision(_)) {
            per_event.push(t.elapsed());
        }
    }
    let page = &played.pages[0];
    let t = Instant::now();
    let replayed = page.tracker.replay(n);
    let replay = t.elapsed();
    assert!(replayed.is_ok(), "the replay makes every event");
    let t = Instant::now();
    let audit = page.tracker.audit(n);
    let audited = t.elapsed();
    assert!(audit.is_empty(), "a fair game: {audit:?}");
    (taking, replay, audited, played.stream.len(), per_event)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn ms3(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort_unstable();
    v[v.len() / 2]
}

fn main() {
    let options = Options {
        inquisitor: false,
        allegiances: false,
        two_player_draft: false,
    };
    println!("whole games, page 0's work (median of 5 games per table size)");
    for n in [2usize, 6, 10] {
        let (mut taking, mut replay, mut audit, mut items) = (vec![], vec![], vec![], vec![]);
        let mut events = Vec::new();
        for seed in 0..5 {
            let (t, r, a, i, e) = game(n, options, 1_000 * n as u64 + seed);
            taking.push(t);
            replay.push(r);
            audit.push(a);
            items.push(i);
            events.extend(e);
        }
        events.sort_unstable();
        let p99 = events[events.len() * 99 / 100];
        items.sort_unstable();
        println!(
            "{n:>2} seats: stream taken as it came {}, replay at the end {}, audit after \
             it {} ({} items in the median game's stream)",
            ms(median(taking)),
            ms(median(replay)),
            ms(median(audit)),
            items[items.len() / 2],
        );
        println!(
            "{n:>2} seats: the replica on one event or decision: p99 {}, largest {} ({} items)",
            ms3(p99),
            ms3(*events.last().unwrap()),
            events.len(),
        );
    }
}
