//! Whole fair games (docs/FAIR-DEAL.md, section 4) through the real records: a [`FairReferee`]
//! with no secret and one page per seat, each holding only its own [`Secret`] and its own
//! [`Tracker`], fed the referee's public stream. Each page decides from what it can see:
//! the legal inputs (which read no card) and its own cards, read from its ledger. An oracle
//! holding every secret checks R11 at every decision, and at the end every page audits.

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::game::{
    AuditFault, CardAnswer, FairError, FairReferee, Public, Question, SignedAnswer, Step, Tracker,
};
use super::ledger::{FaultKind, Msg, Record};
use super::table::{Expect, Place};
use super::{Decision, Fault, Ledger, Secret};
use crate::engine::{Action, Card, Claimed, Event, Input, Options, Pending, Seat, WindowKind};

/// How a page deviates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cheat {
    Honest,
    /// Says "cannot prove" (R6.1) while holding the claimed card.
    DenyProof,
    /// Proves a claim (R6.2) with a card it does not hold: shows another card as the one
    /// claimed.
    FalseProof,
}

/// How the host's page changes the events it relays to the other pages (once), each a
/// rule it misapplies that no page sees as it comes: only the end audit's replay does
/// (section 9, step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lie {
    /// R4.2, R5.1: an Exchange's first card drawn while its challenge window is still
    /// open (the Court's top card opened to a claimant who may be bluffing).
    EarlyDraw,
    /// R4: a gain of one coin more than the action gives.
    Coins,
    /// R3.3: a cost paid that is not the action's.
    Paid,
    /// R3.5: the turn passes to another seat than the next one clockwise.
    TurnOrder,
    /// R5, R6.2: a proven claim's challenge given to another seat, so the seat that lost
    /// the influence is not the one that challenged.
    Challenger,
    /// R9.2: an elimination left out of the events.
    Dropped,
    /// R4: a gain sent twice.
    Extra,
    /// R9.5: another seat named the winner.
    Winner,
}

/// One seat's page: its secret, its own tracker, its own randomness.
struct Page {
    seat: Seat,
    secret: Secret,
    tracker: Tracker,
    rng: ChaCha8Rng,
    /// The nonces of its decisions' signatures, apart from `rng`, which draws its choices.
    signer: ChaCha8Rng,
    cheat: Cheat,
    /// Whether the cheat was played.
    lied: bool,
    /// The kind this page will claim when it reveals each position (its own choice).
    reveals: Vec<(u8, u8)>,
    /// Cards the Inquisitor read from a seal (R7.2): (position, kind).
    examined: Vec<(u8, u8)>,
}

impl Page {
    fn ledger(&self) -> &Ledger {
        self.tracker.table().ledger()
    }

    /// Its hidden cards: (position, kind), read with its own secret.
    fn cards(&self) -> Vec<(u8, u8)> {
        self.tracker
            .hidden(self.seat)
            .into_iter()
            .map(|p| {
                let k = self
                    .ledger()
                    .open_private(p, self.seat, &self.secret)
                    .expect("a page reads its own cards");
                (p, k)
            })
            .collect()
    }

    fn try_take(&mut self, item: &Public) -> Result<(), FairError> {
        self.tracker.take(item)?;
        if let Public::Record(r) = item
            && let Record {
                seat: from,
                msg:
                    Msg::Seal {
                        position,
                        to,
                        sealed,
                    },
                ..
            } = &**r
            && *to == self.seat
        {
            let k = self
                .ledger()
                .open_sealed(*position, *from, sealed, *to, &self.secret)
                .expect("the examiner reads the sealed card");
            self.examined.push((*position, k));
        }
        Ok(())
    }

    /// The record its own table asks of it.
    fn record(&mut self, expect: &Expect) -> Record {
        let round = self.tracker.table().round();
        assert!(
            self.tracker
                .table()
                .due()
                .contains(&(self.seat, expect.clone())),
            "page {} was not asked for {expect:?}",
            self.seat
        );
        let (l, x, rng, s) = (
            self.tracker.table().ledger(),
            &self.secret,
            &mut self.rng,
            self.seat,
        );
        match expect {
            Expect::Key => Some(l.key_record(s, round, x, rng)),
            Expect::Escrow => l.escrow_record(s, round, x, rng),
            Expect::Shuffle(p) => l.shuffle_record(s, round, p, x, rng).map(|(r, _)| r),
            Expect::Shares(p) => l.shares_record(s, round, p, x, rng),
            Expect::Reveal(p) => {
                let i = self
                    .reveals
                    .iter()
                    .position(|(q, _)| q == p)
                    .unwrap_or_else(|| panic!("page {s} reveals only what it chose: {p}"));
                let (_, kind) = self.reveals.remove(i);
                l.reveal_record(s, round, *p, kind, x, rng)
            }
            Expect::Seal(p, to) => l.seal_record(s, round, *p, *to, x, rng),
            Expect::Check => Some(l.check_record(s, round, x, rng)),
            Expect::View => {
                let hash = self.tracker.end_hash().expect("the game is over");
                Some(l.view_record(s, round, hash, x, rng))
            }
            Expect::Secret => l.secret_record(s, round, x),
        }
        .unwrap_or_else(|| panic!("page {s} cannot make {expect:?}"))
    }

    /// Its answer, signed with its secret.
    /// `input`, signed by this page for the decision the referee has put.
    fn decision(&mut self, referee: &FairReferee, input: Input) -> Decision {
        referee.sign_decision(self.seat, input, &self.secret, &mut self.signer)
    }

    fn sign(&mut self, answer: CardAnswer) -> SignedAnswer {
        self.tracker
            .sign_answer(self.seat, answer, &self.secret, &mut self.rng)
    }

    /// Marks a position to be revealed as its true card.
    fn will_reveal(&mut self, p: u8) {
        let k = self
            .ledger()
            .open_private(p, self.seat, &self.secret)
            .unwrap();
        self.reveals.push((p, k));
    }

    fn answer(&mut self, q: Question) -> CardAnswer {
        let cards = self.cards();
        match q {
            Question::Prove(Claimed::Card(c)) => {
                let held = cards.iter().find(|(_, k)| *k == c.index() as u8);
                match (held, self.cheat) {
                    (Some(_), Cheat::DenyProof) => {
                        self.lied = true;
                        CardAnswer::CannotProve
                    }
                    (Some(&(p, _)), _) => {
                        self.will_reveal(p);
                        CardAnswer::Prove(p)
                    }
                    (None, Cheat::FalseProof) => {
                        self.lied = true;
                        let p = cards[0].0;
                        self.reveals.push((p, c.index() as u8));
                        CardAnswer::Prove(p)
                    }
                    (None, _) => CardAnswer::CannotProve,
                }
            }
            Question::Prove(Claimed::NotDuke) => {
                if cards.iter().any(|(_, k)| *k == Card::Duke.index() as u8) {
                    CardAnswer::Concede
                } else {
                    for &(p, _) in &cards {
                        self.will_reveal(p);
                    }
                    CardAnswer::ShowHand
                }
            }
            Question::Lose => {
                let p = cards[0].0;
                self.will_reveal(p);
                CardAnswer::Lose(p)
            }
            Question::Show => CardAnswer::Show(cards[0].0),
        }
    }

    /// A decision from what the page sees: the legal inputs that read no card, or its own
    /// positions.
    fn decide(&mut self, referee: &FairReferee) -> Result<Input, CardAnswer> {
        let seat = self.seat;
        if referee.wants_answer(seat) {
            let hidden = self.tracker.hidden(seat);
            return Err(match referee.game().pending() {
                Pending::LoseInfluence { .. } => {
                    let p = *hidden.choose(&mut self.rng).unwrap();
                    self.will_reveal(p);
                    CardAnswer::Lose(p)
                }
                Pending::ExamineShow { .. } => {
                    CardAnswer::Show(*hidden.choose(&mut self.rng).unwrap())
                }
                Pending::Exchange { .. } => {
                    let mut pool = self.tracker.exchange_pool(seat).unwrap();
                    pool.shuffle(&mut self.rng);
                    pool.truncate(hidden.len());
                    CardAnswer::Keep(pool)
                }
                Pending::Draft { .. } => CardAnswer::Pick(5 * seat.0 + self.rng.random_range(0..5)),
                p => panic!("no answer for {p:?}"),
            });
        }
        let inputs = referee.inputs(seat);
        assert!(!inputs.is_empty(), "{seat} owes a decision");
        // In a window, pass half the time: enough challenges to prove and lose cards.
        if inputs[0] == Input::Pass && self.rng.random_bool(0.5) {
            return Ok(Input::Pass);
        }
        Ok(*inputs.choose(&mut self.rng).unwrap())
    }
}

/// A table: the referee, the pages, and the oracle's copy of every secret.
struct RefereeTable {
    referee: FairReferee,
    pages: Vec<Page>,
    secrets: Vec<Secret>,
    /// Cards shown to an Inquisitor.
    examined: usize,
    /// The events relayed to the pages.
    events: usize,
    /// The host's lie, and the index of the event where it was told.
    lie: Option<Lie>,
    lied_at: Option<usize>,
    /// The oracle's R11.3: each claim's truth as it came into play, from the claimant's
    /// own cards; each seat's cards at its first turn.
    truths: Vec<bool>,
    dealt: Vec<[Card; 2]>,
    /// The first item of a lie a page refused as it came: (page, why). The game stops.
    refused: Option<(Seat, FairError)>,
    /// A host that shows this page two records of one round in the other order (both
    /// still check), once: the record held back, and whether it was told.
    reorder: Option<Seat>,
    held: Option<Public>,
    reordered: bool,
    /// Seats that leave for good (section 6), each at the first decision from the given
    /// one on at which the game can go on without it; the decisions put so far.
    leaves: Vec<(usize, Seat)>,
    decisions: usize,
}

impl RefereeTable {
    fn new(n: usize, options: Options, seed: u64, cheats: &[(Seat, Cheat)]) -> RefereeTable {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let id: [u8; 32] = rng.random();
        let referee = FairReferee::new(id, 1, n, options, None, rng.random()).unwrap();
        let mut secrets = Vec::new();
        let pages = Seat::all(n)
            .map(|seat| {
                let secret = Secret::random(&mut rng);
                secrets.push(Secret::from_bytes(&secret.to_bytes()).unwrap());
                Page {
                    seat,
                    secret,
                    tracker: Tracker::new(id, 1, n, options).unwrap(),
                    rng: ChaCha8Rng::seed_from_u64(rng.random()),
                    signer: ChaCha8Rng::seed_from_u64(seed ^ u64::from(seat.0) << 32),
                    cheat: cheats
                        .iter()
                        .find(|(s, _)| *s == seat)
                        .map_or(Cheat::Honest, |(_, c)| *c),
                    lied: false,
                    reveals: Vec::new(),
                    examined: Vec::new(),
                }
            })
            .collect();
        RefereeTable {
            referee,
            pages,
            secrets,
            examined: 0,
            events: 0,
            lie: None,
            lied_at: None,
            truths: Vec::new(),
            dealt: Vec::new(),
            refused: None,
            reorder: None,
            held: None,
            reordered: false,
            leaves: Vec::new(),
            decisions: 0,
        }
    }

    /// A seat's hidden cards as the oracle reads them.
    fn kinds(&self, seat: Seat) -> Vec<Card> {
        let page = &self.pages[seat.index()];
        page.cards()
            .into_iter()
            .map(|(_, k)| Card::ALL[usize::from(k)])
            .collect()
    }

    /// A table whose host tells `lie` in the events it relays.
    fn lying(n: usize, opts: Options, seed: u64, lie: Lie) -> RefereeTable {
        let mut t = RefereeTable::new(n, opts, seed, &[]);
        t.lie = Some(lie);
        t
    }

    /// The items the pages get for `item`: the item, or the host's lie in its place.
    fn told(&mut self, item: Public) -> Vec<Public> {
        let (Some(lie), None, Public::Event(e)) = (self.lie, self.lied_at, &item) else {
            return vec![item];
        };
        let n = self.pages.len() as u8;
        let lied = match (lie, *e) {
            (Lie::Coins, Event::Gained { seat, coins }) => vec![Event::Gained {
                seat,
                coins: coins + 1,
            }],
            (Lie::Paid, Event::Declared { seat, action, paid }) if paid > 0 => {
                vec![Event::Declared {
                    seat,
                    action,
                    paid: paid - 1,
                }]
            }
            (Lie::TurnOrder, Event::TurnStarted { seat }) => vec![Event::TurnStarted {
                seat: Seat((seat.0 + 1) % n),
            }],
            (
                Lie::Challenger,
                Event::Challenged {
                    challenger,
                    claimant,
                    claim: claim @ Claimed::Card(card),
                },
            ) if self.holds(claimant, card) => {
                let other = (1..n)
                    .map(|d| Seat((challenger.0 + d) % n))
                    .find(|&s| s != claimant && self.referee.game().alive(s));
                match other {
                    Some(other) => vec![Event::Challenged {
                        challenger: other,
                        claimant,
                        claim,
                    }],
                    None => return vec![item],
                }
            }
            (
                Lie::EarlyDraw,
                Event::WindowOpened {
                    kind: WindowKind::Challenge,
                },
            ) => match self.referee.game().turn() {
                Some(t) if t.action == Action::Exchange => vec![
                    *e,
                    Event::Drew {
                        seat: t.actor,
                        card: None,
                    },
                ],
                _ => return vec![item],
            },
            (Lie::Dropped, Event::Eliminated { .. }) => Vec::new(),
            (Lie::Extra, Event::Gained { .. }) => vec![*e, *e],
            (Lie::Winner, Event::GameOver { winner }) => vec![Event::GameOver {
                winner: Seat((winner.0 + 1) % n),
            }],
            _ => return vec![item],
        };
        // The copy (the early draw) is the event that should not be there.
        self.lied_at = Some(self.events + usize::from(matches!(lie, Lie::Extra | Lie::EarlyDraw)));
        lied.into_iter().map(Public::Event).collect()
    }

    /// The oracle: whether `seat` holds a hidden `card` (an honest page proves with it).
    fn holds(&self, seat: Seat, card: Card) -> bool {
        let l = self.referee.table().ledger();
        self.referee.tracker().hidden(seat).into_iter().any(|p| {
            l.open_private(p, seat, &self.secrets[seat.index()]) == Some(card.index() as u8)
        })
    }

    /// Relays what the referee published to every page, checking that no item holds a
    /// card a spectator may not see.
    fn relay(&mut self) {
        for item in self.referee.take_public() {
            if let Public::Event(e) = &item {
                assert_eq!(
                    *e,
                    e.for_viewer(None),
                    "a relayed event holds a private card"
                );
                // R11.3's oracle: what each claim was as it came into play.
                let opts = self.referee.game().options();
                let claim = match *e {
                    Event::Declared { seat, action, .. } => {
                        if self.dealt.is_empty() {
                            self.dealt = Seat::all(self.pages.len())
                                .map(|s| <[Card; 2]>::try_from(self.kinds(s)).unwrap())
                                .collect();
                        }
                        action.claim(opts).map(|c| (seat, c))
                    }
                    Event::BlockDeclared { seat, card } => Some((seat, Claimed::Card(card))),
                    _ => None,
                };
                if let Some((seat, claim)) = claim {
                    let held = self.kinds(seat);
                    self.truths.push(match claim {
                        Claimed::Card(c) => held.contains(&c),
                        Claimed::NotDuke => !held.contains(&Card::Duke),
                    });
                }
            }
            for told in self.told(item.clone()) {
                for page in &mut self.pages {
                    if self.reorder == Some(page.seat) && !self.reordered {
                        let round = |i: &Public| match i {
                            Public::Record(r) if matches!(r.msg, Msg::Shares { .. }) => {
                                Some(r.round)
                            }
                            _ => None,
                        };
                        match self.held.take() {
                            None if round(&told).is_some() => {
                                self.held = Some(told.clone());
                                continue;
                            }
                            None => {}
                            Some(held) => {
                                let swap = round(&told).is_some() && round(&told) == round(&held);
                                if swap {
                                    page.try_take(&told).unwrap();
                                    self.reordered = true;
                                }
                                page.try_take(&held).unwrap();
                                if swap {
                                    continue;
                                }
                            }
                        }
                    }
                    match page.try_take(&told) {
                        Err(e) if self.lied_at.is_some() => {
                            self.refused.get_or_insert((page.seat, e));
                        }
                        took => {
                            took.unwrap_or_else(|e| panic!("page {}: {e} on {told:?}", page.seat))
                        }
                    }
                }
                self.events += usize::from(matches!(told, Public::Event(_)));
            }
            // R7.2: the Inquisitor alone read the card shown, and read it right.
            if let Public::Record(r) = &item
                && let Record {
                    seat: from,
                    msg: Msg::Seal { position, to, .. },
                    ..
                } = **r
            {
                let l = self.referee.table().ledger();
                let truth = l.open_private(position, from, &self.secrets[from.index()]);
                assert!(truth.is_some());
                assert_eq!(
                    self.pages[to.index()].examined.last(),
                    Some(&(position, truth.unwrap()))
                );
                self.examined += 1;
            }
        }
    }

    /// Plays the game to its end; the first deviation the referee refuses ends it.
    fn play(&mut self) -> Result<(), FairError> {
        for _ in 0..20_000 {
            let step = self.referee.step();
            self.relay();
            if self.refused.is_some() {
                return Ok(());
            }
            match step? {
                Step::Records => {
                    let due = self.referee.table().due().to_vec();
                    for (seat, expect) in due {
                        let r = self.pages[seat.index()].record(&expect);
                        let done = self.referee.record(&r);
                        self.relay();
                        done?;
                        if self.refused.is_some() {
                            return Ok(());
                        }
                        if !self.referee.table().due().contains(&(seat, expect)) {
                            continue;
                        }
                    }
                }
                Step::Ask { seat, question } => {
                    let page = &mut self.pages[seat.index()];
                    let a = page.answer(question);
                    self.referee.answer(page.sign(a))?;
                }
                Step::Decide(owing) => {
                    self.check_r11();
                    self.decisions += 1;
                    // After the first action, so the oracle has read the hands dealt.
                    let leaving = self.leaves.iter().position(|&(at, s)| {
                        at <= self.decisions && !self.dealt.is_empty() && self.referee.can_leave(s)
                    });
                    if let Some(i) = leaving {
                        let (_, s) = self.leaves.remove(i);
                        self.referee.leave(s)?;
                        self.relay();
                        continue;
                    }
                    let seat = owing.iter().next().expect("someone owes");
                    // A seat gone is given its card-blind default, unsigned (the host's
                    // word, section 6).
                    if self.referee.table().ledger().is_gone(seat) {
                        let input = self.referee.default_input(seat).expect("a default");
                        self.referee.decide(Decision {
                            seat,
                            input,
                            signature: None,
                        })?;
                        continue;
                    }
                    let page = &mut self.pages[seat.index()];
                    match page.decide(&self.referee) {
                        Ok(input) => {
                            let d = page.decision(&self.referee, input);
                            self.referee.decide(d)?
                        }
                        Err(answer) => self.referee.answer(page.sign(answer))?,
                    }
                }
                Step::Over => return Ok(()),
            }
        }
        panic!("the game did not end");
    }

    /// R11 at a decision: the referee's ledger opens only the face-up cards; each seat
    /// reads exactly its own hidden cards and the face-up ones; every page's table is the
    /// referee's; the engine's public state matches the record.
    fn check_r11(&self) {
        let t = self.referee.table();
        let l = t.ledger();
        let n = l.seats();
        for page in &self.pages {
            let pt = page.tracker.table();
            // Not for the page a host shows another order of the same records.
            if self.reorder != Some(page.seat) {
                assert_eq!(pt.ledger().record_hash(), l.record_hash());
            }
            assert_eq!(pt.court(), t.court());
            for p in 0..l.deck().len() as u8 {
                assert_eq!(pt.place(p), t.place(p));
            }
        }
        let drafting = matches!(self.referee.game().pending(), Pending::Draft { .. });
        for p in 0..l.deck().len() as u8 {
            let place = t.place(p).unwrap();
            // A seat gone shows its hidden cards to nobody (section 6).
            assert_eq!(
                l.open_public(p).is_some(),
                matches!(place, Place::FaceUp(_)),
                "the referee reads position {p} ({place:?})"
            );
            // A seat gone has no stake: it reads what is public, as anyone.
            for s in Seat::all(n).filter(|&s| !l.is_gone(s)) {
                let may = match place {
                    // R2.5: a hand opens to its holder once both seats have chosen.
                    Place::Hand(_) if drafting => false,
                    Place::Hand(h) => h == s,
                    Place::FaceUp(_) => true,
                    Place::Court | Place::Out => false,
                };
                let reads = l.open_private(p, s, &self.secrets[s.index()]).is_some();
                assert_eq!(reads, may, "{s} reads position {p} ({place:?})");
            }
            // Section 10: any coalition short of every seat still in but one, the host's seat with
            // the others or not, opens only what one of its members may see. The seats
            // whose share of a card is not public could open it together: unless they are
            // every seat but one (or all), one of them must hold it, or it is face up.
            let all_missing = l.missing(p, None);
            let missing: Vec<Seat> = all_missing
                .iter()
                .copied()
                .filter(|&s| !l.is_gone(s))
                .collect();
            // A share a departed seat never gave is its stake's, which every seat still in
            // holds a part of: only all of them together could give it, and no coalition
            // here is all of them.
            let needs_every_seat = all_missing.iter().any(|&s| l.is_gone(s));
            // Every seat still in but one holds all of the last one's escrowed stake.
            let present = Seat::all(n).filter(|&s| !l.is_gone(s)).count();
            if missing.len() + 2 <= present && !needs_every_seat {
                let theirs = match place {
                    Place::FaceUp(_) => true,
                    Place::Hand(h) => missing.contains(&h),
                    Place::Court | Place::Out => false,
                };
                assert!(
                    theirs,
                    "seats {missing:?} together open position {p} ({place:?})"
                );
            }
        }
        // The engine's hands follow the positions: the same cards face up, the true ones.
        let game = self.referee.game();
        for s in Seat::all(n) {
            let hand = game.player(s).hand;
            let slots = self.referee.tracker().hand(s);
            assert_eq!(usize::from(hand.len), slots.len());
            for (i, &(p, up)) in slots.iter().enumerate() {
                assert_eq!(hand.up[i], up, "{s} slot {i}");
                if game.lost_face_down(s, i) {
                    // Section 6: a departed seat's card left face down, opened to nobody.
                    assert!(l.is_gone(s) && up, "{s} slot {i}");
                    assert_eq!(l.open_public(p), None);
                    assert_eq!(t.place(p), Some(Place::Out));
                    let view = game.spectator_view();
                    assert_eq!(view.players[s.index()].hand.cards[i], None);
                } else if up {
                    assert_eq!(Some(hand.cards[i].index() as u8), l.open_public(p));
                    assert_eq!(t.place(p), Some(Place::FaceUp(s)));
                } else {
                    assert_eq!(t.place(p), Some(Place::Hand(s)));
                }
            }
        }
    }

    /// Section 9, step 3: every page's replay made every event relayed, and nothing else.
    fn assert_replayed(&self) {
        let n = self.pages.len();
        assert!(self.events > 0);
        for page in &self.pages {
            assert_eq!(
                page.tracker.replay(n),
                Ok(self.events),
                "page {}",
                page.seat
            );
        }
    }

    /// R11.3: every page reads the same end as the oracle: the hands as dealt and at the
    /// end, and every claim's truth, in the order of the engine's claim record.
    fn assert_end_cards(&self) {
        let game = self.referee.game();
        let l = self.referee.table().ledger();
        let hands: Vec<[Card; 2]> = Seat::all(self.pages.len())
            .map(|s| {
                let slots = self.referee.tracker().hand(s);
                let cards: Vec<Card> = slots
                    .iter()
                    .map(|&(p, _)| {
                        let k = l.open_public(p).expect("every card is open at the end");
                        Card::ALL[usize::from(k)]
                    })
                    .collect();
                <[Card; 2]>::try_from(cards).unwrap()
            })
            .collect();
        assert_eq!(self.truths.len(), game.claims().len());
        for page in &self.pages {
            let end = page
                .tracker
                .end_cards()
                .expect("the end reads once every secret is in");
            assert_eq!(end.claims, self.truths, "page {}: claims", page.seat);
            assert_eq!(end.dealt, self.dealt, "page {}: dealt", page.seat);
            assert_eq!(end.hands, hands, "page {}: hands", page.seat);
        }
    }

    /// Every page's audit.
    fn audits(&self) -> Vec<Vec<AuditFault>> {
        let n = self.pages.len();
        self.pages.iter().map(|p| p.tracker.audit(n)).collect()
    }
}

fn options(inquisitor: bool, allegiances: bool, two_player_draft: bool) -> Options {
    Options {
        inquisitor,
        allegiances,
        two_player_draft,
    }
}

/// Plays one honest game end to end and checks it.
fn honest_game(n: usize, opts: Options, seed: u64) {
    let mut t = RefereeTable::new(n, opts, seed, &[]);
    t.play()
        .unwrap_or_else(|e| panic!("{n} seats, {opts:?}, seed {seed}: {e}"));
    let game = t.referee.game();
    assert!(game.is_over());
    let winner = game.winner().unwrap();
    assert!(game.player(winner).hand.hidden_count() > 0);
    // R11.3: every position opened, the cards are the deck, every answer was true, and
    // the replay made every event sent.
    for (s, faults) in t.audits().into_iter().enumerate() {
        assert!(faults.is_empty(), "page {s}: {faults:?}");
    }
    t.assert_replayed();
    t.assert_end_cards();
    // The engine's log shows every rule of section 4 that came up, face-up cards true.
    let l = t.referee.table().ledger();
    for s in Seat::all(n) {
        for &(p, up) in t.referee.tracker().hand(s) {
            if up {
                let card = game.player(s).hand;
                assert!(
                    card.revealed()
                        .any(|c| Some(c.index() as u8) == l.open_public(p))
                );
            }
        }
    }
}

#[test]
fn complete_fair_games_at_every_table_size() {
    // R2.1–R9.5 at 2–10 seats, with and without the Inquisitor (R1.2) and Reformation
    // (R1.3: allegiances, Conversion, Embezzlement and its challenge, R8.4).
    for n in 2..=10usize {
        for (i, (inq, alg)) in [(false, false), (true, true)].into_iter().enumerate() {
            honest_game(n, options(inq, alg, false), 100 * n as u64 + i as u64);
        }
    }
}

#[test]
fn games_where_seats_leave_for_good_keep_r11_and_end_audited_at_every_table_size() {
    // Section 6 and R11 at 3–10 seats, with and without the Inquisitor: a seat leaves
    // early (its cards leave face down, opened to nobody; no secret is rebuilt), and at
    // five seats or more a second leaves once the seats left have escrowed again. At
    // every decision the ledger opens only what R11 allows and no coalition short of all
    // but one opens more; every page, the departed ones too, audits the end as fair, and
    // since a seat left holding cards, no secret is asked for and no card opens at the
    // end (section 9).
    for n in 3..=10usize {
        for inq in [false, true] {
            let seed = 5000 + 10 * n as u64 + u64::from(inq);
            let mut t = RefereeTable::new(n, options(inq, inq, false), seed, &[]);
            t.leaves.push((2, Seat(1)));
            if n >= 5 {
                t.leaves.push((6, Seat::at(n - 1)));
            }
            t.play()
                .unwrap_or_else(|e| panic!("{n} seats, seed {seed}: {e}"));
            assert!(t.referee.game().is_over(), "{n} seats: the game ends");
            assert!(t.leaves.is_empty(), "{n} seats: every departure happened");
            let l = t.referee.table().ledger();
            assert!(l.is_gone(Seat(1)));
            for (s, faults) in t.audits().into_iter().enumerate() {
                assert!(faults.is_empty(), "{n} seats, page {s}: {faults:?}");
            }
            t.assert_replayed();
            assert!(t.referee.table().sealed(), "{n} seats: sealed");
            for page in &t.pages {
                assert!(
                    page.tracker.end_cards().is_none(),
                    "{n} seats: no card opens"
                );
                assert!(page.tracker.table().is_settled());
            }
            let game = t.referee.game();
            let face_down = (0..2).filter(|&i| game.lost_face_down(Seat(1), i)).count();
            assert!(face_down > 0, "{n} seats: its cards left face down");
        }
    }
}

#[test]
fn complete_fair_games_with_the_two_player_draft() {
    // R2.5: each seat picks from its own set; the third set deals and makes the Court.
    for (seed, inq) in [(1u64, false), (2, true), (3, false)] {
        honest_game(2, options(inq, seed == 3, true), 900 + seed);
    }
}

#[test]
fn many_rules_come_up_across_games() {
    // The games above are random: over a few, every rule of section 4 comes up, so the
    // tests do exercise them (R4.2 Exchange, R6.1, R6.2, R7.2, R8.4, R9.1).
    let mut seen = [false; 8];
    let mut examined = 0;
    for seed in 0..12u64 {
        let inq = seed % 2 == 1;
        let mut t = RefereeTable::new(4, options(inq, true, false), 7000 + seed, &[]);
        t.play().unwrap();
        assert!(t.audits().iter().all(Vec::is_empty));
        t.assert_replayed();
        examined += t.examined;
        for e in t.referee.game().log() {
            match e {
                Event::Exchanged { .. } => seen[0] = true,
                Event::Proved { .. } => seen[1] = true,
                Event::Disproved {
                    claim: Claimed::Card(_),
                    ..
                } => seen[2] = true,
                Event::Shown { .. } => seen[3] = true,
                Event::ForcedExchange { .. } => seen[4] = true,
                Event::ShowedHand { .. } => seen[5] = true,
                Event::LostInfluence { .. } => seen[6] = true,
                Event::Disproved {
                    claim: Claimed::NotDuke,
                    ..
                } => seen[7] = true,
                _ => {}
            }
        }
    }
    assert!(examined > 0, "no seal was read");
    assert_eq!(
        seen, [true; 8],
        "exchange, proved, disproved, shown, forced, showed hand, lost, conceded"
    );
}

#[test]
fn a_false_cannot_prove_is_named_by_every_audit() {
    // R6.1 and section 9: seat 1 answers "cannot prove" while holding the card. Nothing
    // opens then; the end audit on every page names it.
    let (mut caught, mut at_once) = (0, 0);
    for seed in 0..60u64 {
        let mut t = RefereeTable::new(
            3,
            Options::default(),
            3000 + seed,
            &[(Seat(1), Cheat::DenyProof)],
        );
        let result = t.play();
        let lied = t.pages[1].lied;
        if result == Err(FairError::FalseDenial(Seat(1))) {
            // Its last card was the one it denied: the loss shows it at once.
            assert!(lied);
            at_once += 1;
            continue;
        }
        result.unwrap();
        for faults in t.audits() {
            let named = faults
                .iter()
                .any(|f| matches!(f, AuditFault::FalseDenial { seat: Seat(1), .. }));
            assert_eq!(named, lied, "seed {seed}: {faults:?}");
            assert!(
                faults
                    .iter()
                    .all(|f| matches!(f, AuditFault::FalseDenial { seat: Seat(1), .. }))
            );
        }
        caught += usize::from(lied);
        if caught >= 2 && at_once >= 1 {
            return;
        }
    }
    panic!("the cheat never came up");
}

#[test]
fn a_card_shown_that_is_not_held_is_refused_and_named() {
    // R6.2: seat 2 "proves" a claim with a card it does not hold. Its reveal record does
    // not open to the card it names: the referee refuses it and names seat 2 (FalseClaim).
    for seed in 0..30u64 {
        let mut t = RefereeTable::new(
            4,
            Options::default(),
            4000 + seed,
            &[(Seat(2), Cheat::FalseProof)],
        );
        let result = t.play();
        if t.pages[2].lied {
            assert_eq!(
                result,
                Err(FairError::Record(Fault {
                    seat: Seat(2),
                    kind: FaultKind::FalseClaim
                }))
            );
            return;
        }
        result.unwrap();
    }
    panic!("the cheat never came up");
}

#[test]
fn a_position_not_in_the_hand_is_refused_and_named() {
    // R6.2, R9.1: an answer that names another seat's position, a Court position, or a
    // position twice is refused, names the seat, and changes nothing: the honest answer
    // is still taken.
    let mut tried = 0;
    for seed in 0..20u64 {
        let mut t = RefereeTable::new(3, Options::default(), 5000 + seed, &[]);
        loop {
            let step = t.referee.step().unwrap();
            t.relay();
            match step {
                Step::Records => {
                    for (seat, expect) in t.referee.table().due().to_vec() {
                        let r = t.pages[seat.index()].record(&expect);
                        t.referee.record(&r).unwrap();
                        t.relay();
                    }
                }
                Step::Ask { seat, question } => {
                    let theirs = Seat::all(3)
                        .filter(|&s| s != seat)
                        .flat_map(|s| t.referee.tracker().hidden(s))
                        .next()
                        .unwrap();
                    let court = t.referee.table().court()[0];
                    let wrong = match question {
                        Question::Prove(Claimed::Card(_)) => {
                            vec![CardAnswer::Prove(theirs), CardAnswer::Prove(court)]
                        }
                        Question::Lose => {
                            vec![CardAnswer::Lose(court), CardAnswer::Keep(vec![court])]
                        }
                        _ => vec![CardAnswer::Pick(0)],
                    };
                    let before = t.referee.table().ledger().record_hash();
                    for w in wrong {
                        let w = t.pages[seat.index()].sign(w);
                        assert_eq!(t.referee.answer(w), Err(FairError::BadAnswer(seat)));
                        tried += 1;
                    }
                    assert!(t.referee.take_public().is_empty());
                    assert_eq!(t.referee.table().ledger().record_hash(), before);
                    let page = &mut t.pages[seat.index()];
                    let a = page.answer(question);
                    t.referee.answer(page.sign(a)).unwrap();
                }
                Step::Decide(owing) => {
                    let seat = owing.iter().next().unwrap();
                    let page = &mut t.pages[seat.index()];
                    match page.decide(&t.referee) {
                        Ok(input) => {
                            let d = page.decision(&t.referee, input);
                            t.referee.decide(d).unwrap()
                        }
                        Err(answer) => t.referee.answer(page.sign(answer)).unwrap(),
                    }
                }
                Step::Over => break,
            }
        }
        assert!(t.audits().iter().all(Vec::is_empty));
        if tried >= 6 {
            return;
        }
    }
    panic!("too few questions came up");
}

#[test]
fn a_card_input_is_refused_the_referee_takes_positions() {
    // The referee never takes a card from a seat's page: an input naming a card of the
    // hand (R9.1's choice) is refused; only an answer naming a position is taken.
    let mut t = RefereeTable::new(2, Options::default(), 6000, &[]);
    loop {
        let step = t.referee.step().unwrap();
        t.relay();
        match step {
            Step::Records => {
                for (seat, expect) in t.referee.table().due().to_vec() {
                    let r = t.pages[seat.index()].record(&expect);
                    t.referee.record(&r).unwrap();
                    t.relay();
                }
            }
            Step::Decide(owing) => {
                let seat = owing.iter().next().unwrap();
                assert_eq!(
                    t.referee.decide(Decision {
                        seat,
                        input: Input::Lose(Card::Duke),
                        signature: None,
                    }),
                    Err(FairError::CardInput(seat))
                );
                return;
            }
            s => panic!("{s:?} before the first decision"),
        }
    }
}

#[test]
fn an_answer_not_signed_by_its_seat_is_refused_by_the_referee_and_every_page() {
    // R6.1/R6.2, R9.1 and docs/FAIR-DEAL.md section 4: an answer travels signed by its
    // seat. One relayed with another choice in it, one signed by another seat's key, and
    // one taken twice are refused as forgeries of that seat's answer (the referee and
    // every page's tracker), and change nothing: the honest answer is still taken.
    let mut forged = 0;
    for seed in 0..20u64 {
        let mut t = RefereeTable::new(3, Options::default(), 8000 + seed, &[]);
        loop {
            let step = t.referee.step().unwrap();
            t.relay();
            let (seat, answer) = match step {
                Step::Records => {
                    for (seat, expect) in t.referee.table().due().to_vec() {
                        let r = t.pages[seat.index()].record(&expect);
                        t.referee.record(&r).unwrap();
                        t.relay();
                    }
                    continue;
                }
                Step::Ask { seat, question } => (seat, t.pages[seat.index()].answer(question)),
                Step::Decide(owing) => {
                    let seat = owing.iter().next().unwrap();
                    match t.pages[seat.index()].decide(&t.referee) {
                        Ok(input) => {
                            let d = t.pages[seat.index()].decision(&t.referee, input);
                            t.referee.decide(d).unwrap();
                            continue;
                        }
                        Err(answer) => (seat, answer),
                    }
                }
                Step::Over => break,
            };
            let honest = t.pages[seat.index()].sign(answer.clone());
            // Another choice under the seat's signature: for a lost influence, the
            // seat's other card; for a challenge, the other way to answer it.
            let other = match &answer {
                CardAnswer::Lose(p) => t
                    .referee
                    .tracker()
                    .hidden(seat)
                    .into_iter()
                    .find(|q| q != p)
                    .map(CardAnswer::Lose),
                CardAnswer::Prove(_) => Some(CardAnswer::CannotProve),
                CardAnswer::CannotProve => t
                    .referee
                    .tracker()
                    .hidden(seat)
                    .first()
                    .map(|&p| CardAnswer::Prove(p)),
                _ => None,
            };
            let mut fakes = Vec::new();
            if let Some(other) = other {
                fakes.push(SignedAnswer {
                    answer: other,
                    ..honest.clone()
                });
            }
            let someone = seat.next(3);
            let mut by_other = t.pages[someone.index()].sign(answer.clone());
            by_other.seat = seat;
            fakes.push(by_other);
            let before = t.referee.table().ledger().record_hash();
            for fake in fakes {
                assert_eq!(t.referee.answer(fake.clone()), Err(FairError::Forged(seat)));
                for page in &mut t.pages {
                    assert_eq!(
                        page.tracker.take(&Public::Answer(fake.clone())),
                        Err(FairError::Forged(seat))
                    );
                }
                forged += 1;
            }
            assert!(t.referee.take_public().is_empty());
            assert_eq!(t.referee.table().ledger().record_hash(), before);
            t.referee.answer(honest.clone()).unwrap();
            t.relay();
            // The same answer again is a replay: its number is taken.
            for page in &mut t.pages {
                assert_eq!(
                    page.tracker.take(&Public::Answer(honest.clone())),
                    Err(FairError::Forged(seat))
                );
            }
        }
        assert!(t.audits().iter().all(Vec::is_empty));
        if forged >= 8 {
            return;
        }
    }
    panic!("too few answers came up");
}

#[test]
fn a_signed_answer_reads_back_only_from_its_canonical_form() {
    let mut t = RefereeTable::new(2, Options::default(), 8100, &[]);
    // The keys are in once the first records are taken.
    while t.referee.table().ledger().joint_key().is_none() {
        t.referee.step().unwrap();
        for (seat, expect) in t.referee.table().due().to_vec() {
            let r = t.pages[seat.index()].record(&expect);
            t.referee.record(&r).unwrap();
        }
    }
    for a in [
        CardAnswer::Prove(3),
        CardAnswer::CannotProve,
        CardAnswer::ShowHand,
        CardAnswer::Concede,
        CardAnswer::Lose(1),
        CardAnswer::Show(0),
        CardAnswer::Keep(vec![4, 7]),
        CardAnswer::Keep(vec![9]),
        CardAnswer::Pick(2),
    ] {
        let s = t.pages[0].sign(a);
        let bytes = s.encode();
        assert_eq!(SignedAnswer::decode(&bytes), Ok(s));
        let mut long = bytes.clone();
        long.push(0);
        assert!(SignedAnswer::decode(&long).is_err());
        assert!(SignedAnswer::decode(&bytes[..bytes.len() - 1]).is_err());
    }
    // A Keep of none or of three, and an unknown kind, are not answers.
    let s = t.pages[0].sign(CardAnswer::Concede);
    for tail in [&[7u8, 0][..], &[7, 3, 1, 2, 3], &[9]] {
        let mut bytes = s.encode();
        bytes.truncate(65);
        bytes.extend_from_slice(tail);
        assert!(SignedAnswer::decode(&bytes).is_err(), "{tail:?}");
    }
}

#[test]
fn the_replay_makes_every_event_of_honest_games_with_every_option() {
    // Section 9, step 3, no false alarm: with every option (R1.2 the Inquisitor, R1.3
    // Reformation, R2.5 the draft at two), at 2, 4 and 10 seats, each page's replay makes
    // exactly the events the referee sent, and the audit is clean. Across the games the
    // rules whose events depend on a hidden card all come up: the draft (R2.5), Exchange
    // (R4.2), Examine and a forced exchange (R7.2), a proven and a disproven claim (R6.2,
    // R6.3), Embezzlement shown and conceded (R8.4), Conversion (R8.3), a loss (R9.1).
    let mut seen = [false; 10];
    for seed in 0..6u64 {
        for (n, draft) in [(2usize, true), (4, false), (10, false)] {
            if n == 10 && seed > 1 {
                continue;
            }
            let mut t = RefereeTable::new(n, options(true, true, draft), 12_000 + seed, &[]);
            t.play()
                .unwrap_or_else(|e| panic!("{n} seats, seed {seed}: {e}"));
            for (s, faults) in t.audits().into_iter().enumerate() {
                assert!(
                    faults.is_empty(),
                    "{n} seats, seed {seed}, page {s}: {faults:?}"
                );
            }
            t.assert_replayed();
            for e in t.referee.game().log() {
                let i = match e {
                    Event::DraftPicked { .. } => 0,
                    Event::Exchanged { .. } => 1,
                    Event::Shown { .. } => 2,
                    Event::ForcedExchange { .. } => 3,
                    Event::Proved { .. } => 4,
                    Event::Disproved {
                        claim: Claimed::Card(_),
                        ..
                    } => 5,
                    Event::ShowedHand { .. } => 6,
                    Event::Disproved {
                        claim: Claimed::NotDuke,
                        ..
                    } => 7,
                    Event::Converted { .. } => 8,
                    Event::LostInfluence { .. } => 9,
                    _ => continue,
                };
                seen[i] = true;
            }
        }
    }
    assert_eq!(seen, [true; 10], "{seen:?}");
}

/// Plays games whose host tells `lie` until one tells it; every page then took every
/// item as it came, and its audit names the host's referee, and nothing else, at the
/// event of the lie.
fn named_by_the_replay_alone(lie: Lie, n: usize) {
    for seed in 0..40u64 {
        let mut t = RefereeTable::lying(n, options(true, true, false), 13_000 + seed, lie);
        // The referee itself followed the rules: only what the pages got is false.
        t.play().unwrap();
        let Some(at) = t.lied_at else {
            continue;
        };
        for (s, faults) in t.audits().into_iter().enumerate() {
            let [AuditFault::Referee { event }] = faults[..] else {
                panic!("{lie:?}, seed {seed}, page {s}: {faults:?}");
            };
            assert_eq!(event, at, "{lie:?}, seed {seed}, page {s}");
        }
        return;
    }
    panic!("{lie:?} never came up");
}

#[test]
fn a_host_that_relays_wrong_coins_is_named_by_the_replay() {
    // R4 (Income, Foreign Aid, Tax gain 1, 2, 3) and R3.3 (the cost paid on declaring):
    // no page's tracker reads coins, so only the replay sees them.
    named_by_the_replay_alone(Lie::Coins, 3);
    named_by_the_replay_alone(Lie::Paid, 4);
}

#[test]
fn a_host_that_passes_the_turn_out_of_order_is_named_by_the_replay() {
    // R3.5: the turn passes clockwise to the next player still in the game.
    named_by_the_replay_alone(Lie::TurnOrder, 5);
}

#[test]
fn a_host_that_draws_an_exchanges_cards_before_its_challenge_window_closes_is_refused() {
    // R4.2 and R5.1: the Exchange's cards are drawn only once its claim stands (no
    // challenge, or a proof). A host that has every page open the Court's top card to
    // the exchanger while the claim may still be challenged is refused as it comes: no
    // page takes the draw, so no Court card opens to a claimant that may be bluffing.
    for seed in 0..40u64 {
        let mut t = RefereeTable::lying(
            3,
            options(false, false, false),
            17_000 + seed,
            Lie::EarlyDraw,
        );
        t.play().unwrap();
        if t.lied_at.is_none() {
            continue;
        }
        let Some((_, FairError::Stream)) = t.refused else {
            panic!("seed {seed}: the early draw was taken: {:?}", t.refused);
        };
        return;
    }
    panic!("no Exchange came up");
}

#[test]
fn a_host_that_gives_a_proven_challenge_to_another_seat_is_refused_at_the_loss() {
    // R5 and R6.2: the seat that challenged a proven claim loses the influence. The host
    // names another seat as the challenger; the seat that really challenged then answers
    // the loss, and every page's tracker refuses it as it comes: by the stream, that seat
    // owes no loss (a page cannot tell the host's word from the seat's, and names the
    // answer's seat). No card of the named challenger turns face up.
    for seed in 0..40u64 {
        let mut t = RefereeTable::lying(
            4,
            options(true, true, false),
            13_000 + seed,
            Lie::Challenger,
        );
        t.play().unwrap();
        if t.lied_at.is_none() {
            continue;
        }
        let Some((_, FairError::BadAnswer(_))) = t.refused else {
            panic!("seed {seed}: the lie was taken: {:?}", t.refused);
        };
        return;
    }
    panic!("the lie never came up");
}

#[test]
fn a_host_that_drops_or_adds_an_event_is_named_by_the_replay() {
    // R9.2: an elimination left out; R4: a gain sent twice.
    named_by_the_replay_alone(Lie::Dropped, 3);
    named_by_the_replay_alone(Lie::Extra, 3);
}

#[test]
fn a_host_that_names_another_winner_is_named_by_the_replay() {
    // R9.5: the game ends when one player has a hidden card; that player wins.
    named_by_the_replay_alone(Lie::Winner, 2);
    named_by_the_replay_alone(Lie::Winner, 6);
}

#[test]
fn a_referee_that_makes_coins_out_of_nothing_is_named_by_the_replay() {
    // R2.2, R2.3, R4: coins come only from the setup and the actions. A host's referee
    // that gives every seat 3 more in its own game sends a stream every page takes (it
    // follows that game), but the coins show later (an action paid, R3.2's forced Coup, a
    // Steal's take, R9.3's coins returned), and the replay, which plays by the rules,
    // names the host there.
    let mut t = RefereeTable::new(4, options(true, true, false), 14_000, &[]);
    let mut at = None;
    for _ in 0..20_000 {
        let step = t.referee.step().unwrap();
        t.relay();
        match step {
            Step::Records => {
                for (seat, expect) in t.referee.table().due().to_vec() {
                    let r = t.pages[seat.index()].record(&expect);
                    t.referee.record(&r).unwrap();
                    t.relay();
                }
            }
            Step::Ask { seat, question } => {
                let page = &mut t.pages[seat.index()];
                let a = page.answer(question);
                t.referee.answer(page.sign(a)).unwrap();
            }
            Step::Decide(owing) => {
                if at.is_none() && matches!(t.referee.game().pending(), Pending::Action { .. }) {
                    at = Some(t.events);
                    for p in t.referee.game_mut().players.iter_mut().take(4) {
                        p.coins += 3;
                    }
                }
                let seat = owing.iter().next().unwrap();
                let page = &mut t.pages[seat.index()];
                match page.decide(&t.referee) {
                    Ok(input) => {
                        let d = page.decision(&t.referee, input);
                        t.referee.decide(d).unwrap()
                    }
                    Err(answer) => t.referee.answer(page.sign(answer)).unwrap(),
                }
            }
            Step::Over => break,
        }
    }
    assert!(t.referee.game().is_over());
    let at = at.unwrap();
    for (s, faults) in t.audits().into_iter().enumerate() {
        let [AuditFault::Referee { event }] = faults[..] else {
            panic!("page {s}: {faults:?}");
        };
        assert!(event >= at && event < t.events, "{event} from {at}");
    }
}

#[test]
fn a_host_that_shows_one_page_another_stream_is_named_by_every_audit() {
    // Section 12: the host relays two share records of one round to one page in the other
    // order. Both still check, and that page plays on as every other; but its hash of the
    // stream at the end is not theirs, and each seat's signed view says so: that page's
    // audit names each other seat's view, and each other page's audit names that page's.
    for (n, page) in [(2usize, Seat(1)), (3, Seat(0)), (4, Seat(2))] {
        let mut t = RefereeTable::new(n, options(false, false, false), 700 + n as u64, &[]);
        t.reorder = Some(page);
        t.play().unwrap();
        assert!(t.reordered, "{n} seats: two records of a round came");
        for (s, faults) in t.audits().into_iter().enumerate() {
            let want: Vec<AuditFault> = if s == page.index() {
                Seat::all(n)
                    .filter(|&o| o != page)
                    .map(|seat| AuditFault::Equivocation { seat })
                    .collect()
            } else {
                vec![AuditFault::Equivocation { seat: page }]
            };
            assert_eq!(faults, want, "{n} seats, page {s}");
        }
    }
}
