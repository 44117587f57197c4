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
//! stream as it comes) spends on each event: the largest and the 99th percentile over
//! every event of the games.

use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::engine::{Card, Claimed, Input, Options, Pending};
use shared::fair::{
    Answer, Expect, FairReferee, Ledger, Public, Question, Replica, Secret, Step, Tracker,
};

struct Page {
    seat: u8,
    secret: Secret,
    tracker: Tracker,
    rng: ChaCha8Rng,
}

impl Page {
    fn ledger(&self) -> &Ledger {
        self.tracker.table().ledger()
    }

    /// Its hidden cards: (position, kind).
    fn cards(&self) -> Vec<(u8, u8)> {
        self.tracker
            .hidden(self.seat)
            .into_iter()
            .map(|p| {
                let k = self.ledger().open_private(p, self.seat, &self.secret);
                (p, k.expect("a page reads its own cards"))
            })
            .collect()
    }

    fn record(&mut self, expect: &Expect) -> shared::fair::Record {
        let (l, x, rng, s) = (
            self.tracker.table().ledger(),
            &self.secret,
            &mut self.rng,
            self.seat,
        );
        let round = self.tracker.table().round();
        match expect {
            Expect::Key => Some(l.key_record(s, round, x, rng)),
            Expect::Escrow => l.escrow_record(s, round, x, rng),
            Expect::Shuffle(p) => l.shuffle_record(s, round, p, x, rng).map(|(r, _)| r),
            Expect::Shares(p) => l.shares_record(s, round, p, x, rng),
            Expect::Reveal(p) => l
                .open_private(*p, s, x)
                .and_then(|k| l.reveal_record(s, round, *p, k, x, rng)),
            Expect::Seal(p, to) => l.seal_record(s, round, *p, *to, x, rng),
            Expect::Release(of) => l.release_record(s, round, *of, x),
            Expect::View => {
                let hash = self.tracker.end_hash().expect("the game is over");
                Some(l.view_record(s, round, hash, x, rng))
            }
            Expect::Secret => Some(Ledger::secret_record(s, round, x)),
        }
        .expect("an honest page makes what its table asks")
    }

    fn answer(&self, q: Question) -> Answer {
        let cards = self.cards();
        let holds = |c: Card| cards.iter().find(|(_, k)| *k == c.index() as u8);
        match q {
            Question::Prove(Claimed::Card(c)) => {
                holds(c).map_or(Answer::CannotProve, |x| Answer::Prove(x.0))
            }
            Question::Prove(Claimed::NotDuke) => match holds(Card::Duke) {
                Some(_) => Answer::Concede,
                None => Answer::ShowHand,
            },
            Question::Lose => Answer::Lose(cards[0].0),
            Question::Show => Answer::Show(cards[0].0),
        }
    }
}

/// One whole game: (page 0's time taking the stream, the replay, the audit after it, the
/// stream's items, what page 0's replica spent on each event).
fn game(
    n: usize,
    options: Options,
    seed: u64,
) -> (Duration, Duration, Duration, usize, Vec<Duration>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let id: [u8; 32] = rng.random();
    let mut referee = FairReferee::new(id, 1, n, options, None, rng.random()).unwrap();
    let mut pages: Vec<Page> = (0..n as u8)
        .map(|seat| Page {
            seat,
            secret: Secret::random(&mut rng),
            tracker: Tracker::new(id, 1, n, options).unwrap(),
            rng: ChaCha8Rng::seed_from_u64(rng.random()),
        })
        .collect();
    let mut taking = Duration::ZERO;
    let mut items = 0;
    let mut replica = Replica::new(id, 1, n, options, None).unwrap();
    let first = match referee.game().pending() {
        Pending::Action { seat } => *seat,
        p => panic!("no first turn: {p:?}"),
    };
    replica.set_first(first).unwrap();
    let mut per_event = Vec::new();
    let mut relay = |referee: &mut FairReferee, pages: &mut [Page]| {
        for item in referee.take_public() {
            items += 1;
            let t = Instant::now();
            replica.take(&item).expect("the rules make it");
            if matches!(item, Public::Event(_)) {
                per_event.push(t.elapsed());
            }
            let t = Instant::now();
            pages[0].tracker.take(&item).expect("an honest stream");
            taking += t.elapsed();
            for p in &mut pages[1..] {
                p.tracker.take(&item).expect("an honest stream");
            }
        }
    };
    for _ in 0..20_000 {
        let step = referee.step().expect("an honest game");
        relay(&mut referee, &mut pages);
        match step {
            Step::Records => {
                for (seat, expect) in referee.table().due().to_vec() {
                    let r = pages[usize::from(seat)].record(&expect);
                    referee.record(&r).expect("an honest record");
                    relay(&mut referee, &mut pages);
                }
            }
            Step::Ask { seat, question } => {
                let page = &mut pages[usize::from(seat)];
                let a = page.answer(question);
                let signed = page
                    .tracker
                    .sign_answer(seat, a, &page.secret, &mut page.rng);
                referee.answer(signed).expect("an honest answer");
            }
            Step::Decide(owing) => {
                let seat = owing.iter().next().expect("someone owes").0;
                let page = &mut pages[usize::from(seat)];
                if referee.wants_answer(seat) {
                    let cards = page.cards();
                    let a = match referee.game().pending() {
                        Pending::LoseInfluence { .. } => Answer::Lose(cards[0].0),
                        Pending::ExamineShow { .. } => Answer::Show(cards[0].0),
                        Pending::Exchange { .. } => {
                            let mut pool = page.tracker.exchange_pool(seat).unwrap();
                            pool.truncate(cards.len());
                            Answer::Keep(pool)
                        }
                        p => panic!("no answer for {p:?}"),
                    };
                    let signed = page
                        .tracker
                        .sign_answer(seat, a, &page.secret, &mut page.rng);
                    referee.answer(signed).expect("an honest answer");
                } else {
                    let inputs = referee.inputs(seat);
                    // In a window, pass half the time: enough challenges to prove cards.
                    let input = if inputs[0] == Input::Pass && page.rng.random_bool(0.5) {
                        Input::Pass
                    } else {
                        *inputs.choose(&mut page.rng).unwrap()
                    };
                    let d = referee.sign_decision(seat, input, &page.secret, &mut page.rng);
                    referee.decide(d).expect("a legal input");
                }
            }
            Step::Over => {
                relay(&mut referee, &mut pages);
                let t = Instant::now();
                let replayed = pages[0].tracker.replay(n);
                let replay = t.elapsed();
                assert!(replayed.is_ok(), "the replay makes every event");
                let t = Instant::now();
                let audit = pages[0].tracker.audit(n);
                let audited = t.elapsed();
                assert!(audit.is_empty(), "a fair game: {audit:?}");
                return (taking, replay, audited, items, per_event);
            }
        }
    }
    panic!("the game did not end");
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
            "{n:>2} seats: the replica's check of one event: p99 {}, largest {} ({} events)",
            ms3(p99),
            ms3(*events.last().unwrap()),
            events.len(),
        );
    }
}
