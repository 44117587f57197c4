//! Every rule that moves a card (docs/FAIR-DEAL.md, section 4) played on a [`FairTable`] by
//! honest seats at 2–10 seats, with and without the Inquisitor; after each, an oracle that
//! holds every secret checks R11: each hidden card opens to its holder alone, a face-up
//! card to all, the Court and the cards out of the game to nobody.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::proofs::SealedShare;
use super::table::{Expect, FairTable, Place};
use super::*;
use crate::engine::Seat;

/// The deck of R1.5: the five characters in use (the Inquisitor, kind 5, in place of the
/// Ambassador, kind 3, with R1.2), three to five copies each.
fn deck(n: usize, inquisitor: bool) -> Vec<u8> {
    let copies = match n {
        2..=6 => 3,
        7..=8 => 4,
        _ => 5,
    };
    let kinds: [u8; 5] = if inquisitor {
        [0, 1, 2, 5, 4]
    } else {
        [0, 1, 2, 3, 4]
    };
    kinds
        .iter()
        .flat_map(|&k| std::iter::repeat_n(k, copies))
        .collect()
}

struct Seats {
    secrets: Vec<Secret>,
    rng: ChaCha8Rng,
    /// The seals sent, for the Examine check: (position, from, to, sealed).
    seals: Vec<(u8, Seat, Seat, SealedShare)>,
}

impl Seats {
    fn new(n: usize, seed: u64) -> Seats {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let secrets = (0..n).map(|_| Secret::random(&mut rng)).collect();
        Seats {
            secrets,
            rng,
            seals: Vec::new(),
        }
    }

    /// Each seat sends what the table asks of it, until nothing is due.
    fn settle(&mut self, t: &mut FairTable) {
        self.settle_but(t, None);
        assert!(t.is_settled());
    }

    /// As [`Seats::settle`], with `silent` never answering: stops when only it is due.
    fn settle_but(&mut self, t: &mut FairTable, silent: Option<Seat>) {
        while let Some((seat, expect)) = t.due().iter().find(|(s, _)| Some(*s) != silent).cloned() {
            let (l, r) = (t.ledger(), t.round());
            let x = &self.secrets[seat.index()];
            let rng = &mut self.rng;
            let record = match &expect {
                Expect::Key => Some(l.key_record(seat, r, x, rng)),
                Expect::Escrow => l.escrow_record(seat, r, x, rng),
                Expect::Shuffle(p) => l.shuffle_record(seat, r, p, x, rng).map(|(r, _)| r),
                Expect::Shares(p) => l.shares_record(seat, r, p, x, rng),
                Expect::Reveal(p) => {
                    let kind = l
                        .open_private(*p, seat, x)
                        .expect("the holder reads its card");
                    l.reveal_record(seat, r, *p, kind, x, rng)
                }
                Expect::Seal(p, to) => l.seal_record(seat, r, *p, *to, x, rng),
                Expect::Check => Some(l.check_record(seat, r, x, rng)),
                // The table compares no views (a page's tracker does): any hash.
                Expect::View => Some(l.view_record(seat, r, l.record_hash(), x, rng)),
                Expect::Secret => l.secret_record(seat, r, x),
            }
            .unwrap_or_else(|| panic!("{seat} cannot make {expect:?}"));
            if let Msg::Seal {
                position,
                to,
                sealed,
            } = &record.msg
            {
                self.seals.push((*position, seat, *to, *sealed));
            }
            t.apply(&record)
                .unwrap_or_else(|f| panic!("an honest {expect:?} refused: {f}"));
        }
    }

    /// R11 at a settled table.
    fn check(&self, t: &FairTable, when: &str) {
        let l = t.ledger();
        for p in 0..l.deck().len() as u8 {
            let place = t.place(p).unwrap();
            let public = l.open_public(p);
            // A departed seat's cards open to nobody (section 6).
            assert_eq!(
                public.is_some(),
                matches!(place, Place::FaceUp(_)),
                "{when}: position {p} ({place:?}) public: {public:?}"
            );
            // A seat gone has no stake left: it reads what is public, as anyone.
            for s in Seat::all(l.seats()).filter(|&s| !l.is_gone(s)) {
                let may = match place {
                    Place::Hand(h) => h == s,
                    Place::FaceUp(_) => true,
                    Place::Court | Place::Out => false,
                };
                let reads = l.open_private(p, s, &self.secrets[s.index()]).is_some();
                assert_eq!(reads, may, "{when}: {s}, position {p} ({place:?})");
            }
        }
    }
}

/// One game of every rule that moves a card, at `n` seats.
fn play_every_rule(n: usize, inquisitor: bool, seed: u64) {
    let cards = deck(n, inquisitor);
    let mut t = FairTable::deal([9; 32], 1, n, &cards).unwrap();
    let mut seats = Seats::new(n, seed);
    let (done, total) = t.shuffle_progress();
    assert_eq!((done, total), (0, n));
    seats.settle(&mut t);
    assert_eq!(t.shuffle_progress(), (n, n));
    seats.check(&t, "R2.1 the deal");
    let last = Seat::at(n - 1);

    // R6.2: seat 0 proves a claim: the card shown goes back, the Court is shuffled, and
    // seat 0 draws a replacement.
    let shown = t.hand(Seat(0))[0];
    assert!(t.reveal(shown, false));
    seats.settle(&mut t);
    assert!(t.ledger().open_public(shown).is_some());
    assert!(t.to_court(shown));
    t.reshuffle();
    // Every seat shuffles the Court, so none knows where the shown card went.
    let (done, total) = t.shuffle_progress();
    assert_eq!(total - done, n);
    assert!(
        t.due()
            .iter()
            .all(|(_, e)| *e == Expect::Shuffle(t.court().to_vec()))
    );
    t.draw(Seat(0), 1).unwrap();
    seats.settle(&mut t);
    seats.check(&t, "R6.2 a claim proven");
    assert_eq!(t.hand(Seat(0)).len(), 2);

    // R4.2 / R7.1: seat `last` exchanges: draws 2 (1 with the Inquisitor), mixes its hand,
    // keeps two, returns the rest; the Court is shuffled.
    let draw = if inquisitor { 1 } else { 2 };
    t.draw(last, draw).unwrap();
    seats.settle(&mut t);
    assert!(t.mix_hand(last));
    seats.settle(&mut t);
    seats.check(&t, "R4.2 after the hand mix");
    for p in t.hand(last).into_iter().skip(2) {
        assert!(t.to_court(p));
    }
    t.reshuffle();
    seats.settle(&mut t);
    seats.check(&t, "R4.2 the Exchange");
    assert_eq!(t.hand(last).len(), 2);

    // R7.2: seat `last` shows a card to seat 0 alone, which forces an exchange.
    let examined = t.hand(last)[1];
    let card = t
        .ledger()
        .open_private(examined, last, &seats.secrets[last.index()])
        .unwrap();
    assert!(t.examine(examined, Seat(0)));
    seats.settle(&mut t);
    let (_, from, to, sealed) = *seats.seals.last().unwrap();
    let l = t.ledger();
    assert_eq!(
        l.open_sealed(examined, from, &sealed, to, &seats.secrets[0]),
        Some(card)
    );
    for other in Seat::all(n).skip(1).filter(|&s| s != last) {
        let secret = &seats.secrets[other.index()];
        assert_eq!(l.open_sealed(examined, from, &sealed, other, secret), None);
    }
    seats.check(&t, "R7.2 examined");
    t.draw(last, 1).unwrap();
    assert!(t.to_court(examined));
    t.reshuffle();
    seats.settle(&mut t);
    seats.check(&t, "R7.2 a forced exchange");

    // R8.4: seat 0 shows its whole hand against an Embezzlement challenge; the cards go
    // back, the Court is shuffled, and it draws as many.
    let hand = t.hand(Seat(0));
    for &p in &hand {
        assert!(t.reveal(p, false));
    }
    seats.settle(&mut t);
    for &p in &hand {
        assert!(t.to_court(p));
    }
    t.reshuffle();
    t.draw(Seat(0), hand.len()).unwrap();
    seats.settle(&mut t);
    seats.check(&t, "R8.4 a hand shown");

    // R9.1: seat 0 loses an influence: the card turns face up for good.
    let lost = t.hand(Seat(0))[0];
    assert!(t.reveal(lost, true));
    seats.settle(&mut t);
    assert_eq!(t.place(lost), Some(Place::FaceUp(Seat(0))));
    seats.check(&t, "R9.1 an influence lost");

    // Section 6: at three seats or more, seat 1 leaves for good; its cards leave face
    // down, opened to nobody, and seat 0 can still draw.
    let mut left = Vec::new();
    if n >= 3 {
        assert!(t.leave(Seat(1)));
        seats.settle(&mut t);
        seats.check(&t, "a seat left for good");
        // Its cards open to nobody; the game then puts it out between turns.
        for p in t.hand(Seat(1)) {
            assert!(t.ledger().open_public(p).is_none());
            assert!(t.forfeit_card(p));
            assert_eq!(t.place(p), Some(Place::Out));
            left.push(p);
        }
        assert!(t.hand(Seat(1)).is_empty());
        assert!(t.sealed());
        seats.check(&t, "a seat put out face down");
        if !t.court().is_empty() {
            t.draw(Seat(0), 1).unwrap();
            seats.settle(&mut t);
            seats.check(&t, "a draw after a departure");
        }
    }

    // Section 9: a game a seat left holding cards asks for views only, and no card opens.
    t.finish();
    seats.settle(&mut t);
    if !left.is_empty() {
        assert!(t.is_settled());
        for p in left {
            assert!(t.ledger().open_public(p).is_none());
        }
        seats.check(&t, "the end of a sealed game");
        return;
    }
    // R11.3: the end opens everything, and the cards are the deck, each once.
    let mut all: Vec<u8> = (0..cards.len() as u8)
        .map(|p| t.ledger().open_public(p).unwrap())
        .collect();
    all.sort_unstable();
    let mut expected = cards.clone();
    expected.sort_unstable();
    assert_eq!(all, expected);
}

#[test]
fn every_rule_that_moves_a_card_keeps_r11_at_every_table_size() {
    for n in 2..=10 {
        for inquisitor in [false, true] {
            play_every_rule(n, inquisitor, 1000 + n as u64 * 2 + u64::from(inquisitor));
        }
    }
}

#[test]
fn the_draft_keeps_each_choice_to_its_chooser() {
    // R2.5: each seat shuffles its own set alone and picks one; both shuffle the third set,
    // whose first two cards are dealt and the other three are the Court.
    let sets: Vec<u8> = (0..3).flat_map(|_| [0u8, 1, 2, 3, 4]).collect();
    let mut t = FairTable::draft([4; 32], 1, &sets).unwrap();
    let mut seats = Seats::new(2, 77);
    seats.settle(&mut t);
    assert!(!t.pick(Seat(0), 7), "a card of the other seat's set");
    assert!(t.pick(Seat(0), 3));
    assert!(!t.pick(Seat(0), 4), "a second pick");
    assert!(t.pick(Seat(1), 5));
    seats.settle(&mut t);
    assert_eq!(t.hand(Seat(0)), vec![3, 10]);
    assert_eq!(t.hand(Seat(1)), vec![5, 11]);
    assert_eq!(t.court(), &[12, 13, 14]);
    seats.check(&t, "R2.5 the draft");
    t.finish();
    seats.settle(&mut t);
    for p in 0..15 {
        assert!(t.ledger().open_public(p).is_some());
    }
}

#[test]
fn a_page_answers_only_what_its_table_asks() {
    // During the deal's opening round, seat 0's shares of its own hand would open it to
    // all: the table refuses them, as it refuses a record from a seat nothing is due from
    // and a record for another round.
    let mut t = FairTable::deal([9; 32], 1, 3, &deck(3, false)).unwrap();
    let mut seats = Seats::new(3, 5);
    // Keys, escrow, its check and the three shuffles.
    for _ in 0..6 {
        let round = t.round();
        while t.round() == round {
            let (seat, expect) = t.due()[0].clone();
            let l = t.ledger();
            let x = &seats.secrets[seat.index()];
            let r = match expect {
                Expect::Key => l.key_record(seat, round, x, &mut seats.rng),
                Expect::Escrow => l.escrow_record(seat, round, x, &mut seats.rng).unwrap(),
                Expect::Check => l.check_record(seat, round, x, &mut seats.rng),
                Expect::Shuffle(p) => {
                    l.shuffle_record(seat, round, &p, x, &mut seats.rng)
                        .unwrap()
                        .0
                }
                e => panic!("{e:?} before the opening round"),
            };
            t.apply(&r).unwrap();
        }
    }
    let round = t.round();
    let own = t
        .ledger()
        .shares_record(Seat(0), round, &[0, 1], &seats.secrets[0], &mut seats.rng)
        .unwrap();
    assert_eq!(
        t.apply(&own),
        Err(Fault {
            seat: Seat(0),
            kind: FaultKind::OutOfOrder
        })
    );
    let later = t
        .ledger()
        .shares_record(
            Seat(0),
            round + 1,
            &[2, 3, 4, 5],
            &seats.secrets[0],
            &mut seats.rng,
        )
        .unwrap();
    assert_eq!(
        t.apply(&later),
        Err(Fault {
            seat: Seat(0),
            kind: FaultKind::OutOfOrder
        })
    );
    assert_eq!(t.ledger().open_public(0), None);
    seats.settle(&mut t);
    seats.check(&t, "the deal");
}

#[test]
fn a_seat_that_stops_answering_is_named_and_the_game_goes_on_without_it() {
    // Section 6, at 4 and 10 seats: after an Exchange's cards go back, seat 2 (and, in a
    // second table, the host's seat 0) sends nothing. The table says whose record it
    // waits for; when its time runs out the seat forfeits, the others publish its escrow
    // parts, the reshuffle goes on without it, and seat 1 draws.
    for (n, silent) in [
        (4usize, Seat(2)),
        (4, Seat(0)),
        (10, Seat(2)),
        (10, Seat(0)),
    ] {
        let mut t = FairTable::deal([9; 32], 1, n, &deck(n, false)).unwrap();
        let mut seats = Seats::new(n, 500 + n as u64 + u64::from(silent.0));
        seats.settle(&mut t);
        let back = t.hand(Seat(1))[0];
        assert!(t.to_court(back));
        t.reshuffle();
        seats.settle_but(&mut t, Some(silent));
        assert!(!t.is_settled());
        assert!(t.due().iter().all(|(s, _)| *s == silent), "{:?}", t.due());
        assert!(matches!(t.due()[0].1, Expect::Shuffle(_)));
        assert!(t.leave(silent));
        seats.settle_but(&mut t, Some(silent));
        assert!(t.is_settled(), "still due: {:?}", t.due());
        assert!(t.ledger().is_gone(silent));
        assert!(!t.can_leave(silent));
        for p in t.hand(silent) {
            assert!(t.forfeit_card(p));
        }
        assert!(t.hand(silent).is_empty());
        t.draw(Seat(1), 1).unwrap();
        seats.settle_but(&mut t, Some(silent));
        assert!(t.is_settled());
        seats.check(&t, "after a seat stopped answering");
        assert_eq!(t.hand(Seat(1)).len(), 2);
    }
}

#[test]
fn a_seat_out_of_the_game_that_leaves_at_the_end_leaves_the_table_settled() {
    // R9.2, R11.3, section 6 and 9: seat 2's cards are all face up (it is out) and it
    // sends nothing from the end on, before its view or after it, before its secret. Its
    // departure opens nothing (no hidden card) and completes the round it alone still owed
    // a record in: the seats left send their secrets again and every card opens.
    for (n, views_in) in [(3usize, false), (3, true), (4, false), (4, true)] {
        let cards = deck(n, false);
        let mut t = FairTable::deal([9; 32], 1, n, &cards).unwrap();
        let mut seats = Seats::new(n, 700 + n as u64);
        seats.settle(&mut t);
        let out = Seat(2);
        for p in t.hand(out) {
            assert!(t.reveal(p, true));
            seats.settle(&mut t);
        }
        assert!(t.hand(out).is_empty(), "R9.2: out");
        t.finish();
        if views_in {
            // Every view in, its own too; then the others' secrets, its own left.
            seats.settle_but(&mut t, Some(out));
            let (l, r) = (t.ledger(), t.round());
            let x = &seats.secrets[out.index()];
            let view = l.view_record(out, r, l.record_hash(), x, &mut seats.rng);
            t.apply(&view).expect("its view");
        }
        seats.settle_but(&mut t, Some(out));
        assert!(!t.is_settled());
        assert!(t.due().iter().all(|(s, _)| *s == out), "{:?}", t.due());
        assert!(t.leave(out));
        seats.settle_but(&mut t, Some(out));
        assert!(t.is_settled(), "still due: {:?}", t.due());
        for p in 0..cards.len() as u8 {
            assert!(t.ledger().open_public(p).is_some(), "position {p} opens");
        }
    }
}
