//! One whole honest fair game with the referee and a page per seat, all in one process,
//! each page holding only its secret and its own tracker and answering from its own cards:
//! what the fair deal's examples time (`fair_replay` natively, `fair_wasm` in wasm).

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shared::engine::{Card, Claimed, Input, Options, Pending, Seat};
use shared::fair::{
    CardAnswer, Expect, FairReferee, Ledger, Public, Question, Secret, Step, Tracker,
};

/// A seat's page: its secret and its own tracker of the stream.
pub struct Page {
    pub seat: Seat,
    pub secret: Secret,
    pub tracker: Tracker,
    pub rng: ChaCha8Rng,
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
            Expect::Check => Some(l.check_record(s, round, x, rng)),
            Expect::View => {
                let hash = self.tracker.end_hash().expect("the game is over");
                Some(l.view_record(s, round, hash, x, rng))
            }
            Expect::Secret => l.secret_record(s, round, x),
        }
        .expect("an honest page makes what its table asks")
    }

    fn answer(&self, q: Question) -> CardAnswer {
        let cards = self.cards();
        let holds = |c: Card| cards.iter().find(|(_, k)| *k == c.index() as u8);
        match q {
            Question::Prove(Claimed::Card(c)) => {
                holds(c).map_or(CardAnswer::CannotProve, |x| CardAnswer::Prove(x.0))
            }
            Question::Prove(Claimed::NotDuke) => match holds(Card::Duke) {
                Some(_) => CardAnswer::Concede,
                None => CardAnswer::ShowHand,
            },
            Question::Lose => CardAnswer::Lose(cards[0].0),
            Question::Show => CardAnswer::Show(cards[0].0),
        }
    }
}

/// One whole game: (page 0's time taking the stream, the replay, the audit after it, the
/// stream's items, what page 0's replica spent on each event).
/// A game played to its end: the table's id, the starting seat, the referee's stream in
/// order, and the pages after it.
pub struct Played {
    pub id: [u8; 32],
    pub first: Seat,
    pub stream: Vec<Public>,
    pub pages: Vec<Page>,
}

/// Plays a game of `n` seats under `options` to its end, every record and secret in.
pub fn play(n: usize, options: Options, seed: u64) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let id: [u8; 32] = rng.random();
    let mut referee = FairReferee::new(id, 1, n, options, None, rng.random()).unwrap();
    let mut pages: Vec<Page> = Seat::all(n)
        .map(|seat| Page {
            seat,
            secret: Secret::random(&mut rng),
            tracker: Tracker::new(id, 1, n, options).unwrap(),
            rng: ChaCha8Rng::seed_from_u64(rng.random()),
        })
        .collect();
    let first = match referee.game().pending() {
        Pending::Action { seat } => *seat,
        p => panic!("no first turn: {p:?}"),
    };
    let mut stream = Vec::new();
    let mut relay = |referee: &mut FairReferee, pages: &mut [Page]| {
        for item in referee.take_public() {
            for p in pages.iter_mut() {
                p.tracker.take(&item).expect("an honest stream");
            }
            stream.push(item);
        }
    };
    for _ in 0..20_000 {
        let step = referee.step().expect("an honest game");
        relay(&mut referee, &mut pages);
        match step {
            Step::Records => {
                for (seat, expect) in referee.table().due().to_vec() {
                    let r = pages[seat.index()].record(&expect);
                    referee.record(&r).expect("an honest record");
                    relay(&mut referee, &mut pages);
                }
            }
            Step::Ask { seat, question } => {
                let page = &mut pages[seat.index()];
                let a = page.answer(question);
                let signed = page
                    .tracker
                    .sign_answer(seat, a, &page.secret, &mut page.rng);
                referee.answer(signed).expect("an honest answer");
            }
            Step::Decide(owing) => {
                let seat = owing.iter().next().expect("someone owes");
                let page = &mut pages[seat.index()];
                if referee.wants_answer(seat) {
                    let cards = page.cards();
                    let a = match referee.game().pending() {
                        Pending::LoseInfluence { .. } => CardAnswer::Lose(cards[0].0),
                        Pending::ExamineShow { .. } => CardAnswer::Show(cards[0].0),
                        Pending::Exchange { .. } => {
                            let mut pool = page.tracker.exchange_pool(seat).unwrap();
                            pool.truncate(cards.len());
                            CardAnswer::Keep(pool)
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
                return Played {
                    id,
                    first,
                    stream,
                    pages,
                };
            }
        }
    }
    panic!("the game did not end");
}
