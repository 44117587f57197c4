//! Where every card of a fair game is, and which records the table waits for.
//!
//! Every page runs the same [`FairTable`] from the game's public events (a deal, a draw, a
//! card returned, a reshuffle, a reveal...), so every page knows, without trusting the
//! host, which records are due and from whom: a page answers only what its own table asks
//! of it, so it never gives the share of a card in its own hand (which would open it to
//! all) and never opens a card to a seat its own record does not show drawing it.
//!
//! The table is a queue of rounds. A round is a set of records expected, each from one
//! seat: the seats' shuffles are one round each (each shuffles the previous output); the
//! shares that open cards, the keys, the escrows, their checks and the secrets are one
//! round for all. The table holds only public values.

use std::collections::VecDeque;

use super::ledger::{Fault, FaultKind, Ledger, Msg, Record};
use crate::engine::Seat;

/// Where the card at a position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In the Court deck.
    Court,
    /// Hidden in a seat's hand.
    Hand(Seat),
    /// Face up, in front of a seat (shown for good: lost influence, or a departed seat's).
    FaceUp(Seat),
    /// Out of the game unseen (the draft's four unchosen cards of each set, R2.5).
    Out,
}

/// One record the table waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    Key,
    Escrow,
    /// A shuffle of these positions.
    Shuffle(Vec<u8>),
    /// Decryption shares of these positions.
    Shares(Vec<u8>),
    /// The seat shows the card at this position.
    Reveal(u8),
    /// The seat seals its share of this position for that seat (Examine).
    Seal(u8, Seat),
    /// The seat's check of its parts of the escrows just made: its complaints, if any.
    Check,
    /// The game is over: the seat's signed hash of the stream (section 12).
    View,
    Secret,
}

/// What a round's records do to the places once the round is complete.
#[derive(Clone, Debug, PartialEq, Eq)]
enum After {
    Nothing,
    FaceUp(Seat, u8),
    /// The departed seat's cards are open to all; escrow again if enough seats.
    Forfeit(Seat),
}

#[derive(Clone, Debug)]
struct Round {
    /// (seat, record), still due.
    due: Vec<(Seat, Expect)>,
    after: After,
}

/// A fair game's cards and its queue of rounds.
#[derive(Clone, Debug)]
pub struct FairTable {
    ledger: Ledger,
    places: Vec<Place>,
    /// The Court, top first.
    court: Vec<u8>,
    rounds: VecDeque<Round>,
    /// The round number of the round at the front of the queue.
    round: u32,
    /// Shuffle rounds done of those queued, for the progress shown while shuffling.
    shuffles_done: usize,
    /// Draft picks (R2.5) made so far, per seat.
    picks: [Option<u8>; 2],
    /// Whether the game is over and its views and secrets are asked for (R11.3).
    finished: bool,
    /// Whether a seat left for good while it held hidden cards, before the end: then no
    /// card opens at the end, so no secret is asked for (section 9).
    sealed: bool,
}

/// The positions of seat `s`'s draft set (R2.5): the deck is three sets of five.
fn draft_set(s: u8) -> Vec<u8> {
    (5 * s..5 * s + 5).collect()
}

impl FairTable {
    /// A deal (R2.1) of `seats` seats from `deck` (the card kinds in the rulebook's order):
    /// keys, escrow (three seats or more), each seat's shuffle of the whole deck, then
    /// each hand opened to its holder. Positions `2s, 2s+1` are seat `s`'s hand.
    pub fn deal(table: [u8; 32], game: u32, seats: usize, deck: &[u8]) -> Option<FairTable> {
        if deck.len() < 2 * seats {
            return None;
        }
        let mut t = FairTable::new(table, game, seats, deck)?;
        let all: Vec<u8> = (0..deck.len() as u8).collect();
        for s in Seat::all(seats) {
            t.push(vec![(s, Expect::Shuffle(all.clone()))], After::Nothing);
        }
        for s in Seat::all(seats) {
            t.places[2 * s.index()] = Place::Hand(s);
            t.places[2 * s.index() + 1] = Place::Hand(s);
        }
        t.court = (2 * seats as u8..deck.len() as u8).collect();
        t.open_hands();
        Some(t)
    }

    /// The two-player draft (R2.5): `deck` is the three sets of the five characters in
    /// use. Each seat shuffles its own set alone; both shuffle the third. Then each seat
    /// picks ([`FairTable::pick`]).
    pub fn draft(table: [u8; 32], game: u32, deck: &[u8]) -> Option<FairTable> {
        if deck.len() != 15 {
            return None;
        }
        let mut t = FairTable::new(table, game, 2, deck)?;
        for s in Seat::all(2) {
            t.push(vec![(s, Expect::Shuffle(draft_set(s.0)))], After::Nothing);
        }
        for s in Seat::all(2) {
            t.push(vec![(s, Expect::Shuffle(draft_set(2)))], After::Nothing);
        }
        for p in 0..10 {
            t.places[p] = Place::Out;
        }
        t.places[10] = Place::Hand(Seat(0));
        t.places[11] = Place::Hand(Seat(1));
        t.court = vec![12, 13, 14];
        Some(t)
    }

    fn new(table: [u8; 32], game: u32, seats: usize, deck: &[u8]) -> Option<FairTable> {
        let ledger = Ledger::new(table, game, seats, deck)?;
        let mut t = FairTable {
            ledger,
            places: vec![Place::Court; deck.len()],
            court: Vec::new(),
            rounds: VecDeque::new(),
            round: 0,
            shuffles_done: 0,
            picks: [None; 2],
            finished: false,
            sealed: false,
        };
        let all: Vec<(Seat, Expect)> = Seat::all(seats).map(|s| (s, Expect::Key)).collect();
        t.push(all, After::Nothing);
        if seats >= 3 {
            t.escrow_all(false);
        }
        Some(t)
    }

    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    pub fn place(&self, position: u8) -> Option<Place> {
        self.places.get(usize::from(position)).copied()
    }

    /// The Court's positions, top first.
    pub fn court(&self) -> &[u8] {
        &self.court
    }

    /// The seat's hidden positions.
    pub fn hand(&self, seat: Seat) -> Vec<u8> {
        (0..self.places.len() as u8)
            .filter(|&p| self.places[usize::from(p)] == Place::Hand(seat))
            .collect()
    }

    /// The round the next records belong to.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The records due now: (seat, what).
    pub fn due(&self) -> &[(Seat, Expect)] {
        self.rounds.front().map_or(&[], |r| &r.due)
    }

    /// Whether nothing is due: the game may go on.
    pub fn is_settled(&self) -> bool {
        self.rounds.is_empty()
    }

    /// Shuffles done and shuffles queued in all, for "Shuffling: 3 of 6".
    pub fn shuffle_progress(&self) -> (usize, usize) {
        let queued = self
            .rounds
            .iter()
            .flat_map(|r| &r.due)
            .filter(|(_, e)| matches!(e, Expect::Shuffle(_)))
            .count();
        (self.shuffles_done, self.shuffles_done + queued)
    }

    /// Every seat present escrows its stake, then checks its parts of the others' (a
    /// round each), ahead of whatever is queued when `first`.
    fn escrow_all(&mut self, first: bool) {
        let rounds = [Expect::Escrow, Expect::Check].map(|expect| Round {
            due: self
                .present()
                .into_iter()
                .map(|s| (s, expect.clone()))
                .collect(),
            after: After::Nothing,
        });
        let [escrow, check] = rounds;
        if first {
            self.rounds.push_front(check);
            self.rounds.push_front(escrow);
        } else {
            self.rounds.push_back(escrow);
            self.rounds.push_back(check);
        }
    }

    fn push(&mut self, due: Vec<(Seat, Expect)>, after: After) {
        if !due.is_empty() {
            self.rounds.push_back(Round { due, after });
        }
    }

    fn present(&self) -> Vec<Seat> {
        Seat::all(self.ledger.seats())
            .filter(|&s| !self.ledger.is_gone(s))
            .collect()
    }

    /// Every hidden card opened to its holder: each other seat present sends its shares of
    /// every hand but its own, in one round.
    fn open_hands(&mut self) {
        let present = self.present();
        let due = present
            .iter()
            .filter_map(|&s| {
                let others: Vec<u8> = (0..self.places.len() as u8)
                    .filter(|&p| matches!(self.places[usize::from(p)], Place::Hand(h) if h != s))
                    .collect();
                (!others.is_empty()).then_some((s, Expect::Shares(others)))
            })
            .collect();
        self.push(due, After::Nothing);
    }

    /// The positions opened to `seat`: every other seat present sends its shares.
    fn open_to(&mut self, seat: Seat, positions: &[u8]) {
        let due = self
            .present()
            .into_iter()
            .filter(|&s| s != seat)
            .map(|s| (s, Expect::Shares(positions.to_vec())))
            .collect();
        self.push(due, After::Nothing);
    }

    /// R2.5: `seat` keeps the card at `position` of its own set; the other four leave the
    /// game unseen. Once both have picked, each hand opens to its holder.
    pub fn pick(&mut self, seat: Seat, position: u8) -> bool {
        if seat.0 > 1
            || self.picks[seat.index()].is_some()
            || !draft_set(seat.0).contains(&position)
        {
            return false;
        }
        self.picks[seat.index()] = Some(position);
        self.places[usize::from(position)] = Place::Hand(seat);
        if self.picks.iter().all(Option::is_some) {
            self.open_hands();
        }
        true
    }

    /// `seat` draws `count` cards from the top of the Court (R2.1's Court, R4.2, R6.2,
    /// R7.2, R8.4): they open to it alone. Returns the positions drawn.
    pub fn draw(&mut self, seat: Seat, count: usize) -> Option<Vec<u8>> {
        if count > self.court.len() || seat.index() >= self.ledger.seats() {
            return None;
        }
        let drawn: Vec<u8> = self.court.drain(..count).collect();
        for &p in &drawn {
            self.places[usize::from(p)] = Place::Hand(seat);
        }
        // A departed seat's cards open to nobody (section 6).
        if !self.ledger.is_gone(seat) {
            self.open_to(seat, &drawn);
        }
        Some(drawn)
    }

    /// The card at `position` goes to the bottom of the Court (R4.2, R6.2, R7.2, R8.4).
    pub fn to_court(&mut self, position: u8) -> bool {
        match self.place(position) {
            Some(Place::Hand(_)) => {
                self.places[usize::from(position)] = Place::Court;
                self.court.push(position);
                true
            }
            _ => false,
        }
    }

    /// The Court is shuffled by every seat present in turn (the seats' order).
    pub fn reshuffle(&mut self) {
        if self.court.is_empty() {
            return;
        }
        for s in self.present() {
            self.push(
                vec![(s, Expect::Shuffle(self.court.clone()))],
                After::Nothing,
            );
        }
    }

    /// R4.2: the actor mixes its hidden cards (its hand and what it drew) with a shuffle
    /// of its own, so the table cannot tell which it keeps; then they open to it again.
    pub fn mix_hand(&mut self, seat: Seat) -> bool {
        let hand = self.hand(seat);
        if hand.len() < 2 {
            return false;
        }
        // A departed seat keeps its own cards (section 6), opened to nobody.
        if !self.ledger.is_gone(seat) {
            self.push(vec![(seat, Expect::Shuffle(hand.clone()))], After::Nothing);
            self.open_to(seat, &hand);
        }
        true
    }

    /// The holder shows the card at `position` to all (R6.2, R8.4, R9.1). With `for_good`
    /// it stays face up in front of the seat (R9.1); otherwise it stays in the hand until
    /// the rule moves it (to the Court, R6.2 and R8.4).
    pub fn reveal(&mut self, position: u8, for_good: bool) -> bool {
        let Some(Place::Hand(seat)) = self.place(position) else {
            return false;
        };
        // A departed seat's card leaves the game face down (section 6): nothing opens,
        // and it never shows one.
        if self.ledger.is_gone(seat) {
            if for_good {
                self.places[usize::from(position)] = Place::Out;
            }
            return for_good;
        }
        let after = if for_good {
            After::FaceUp(seat, position)
        } else {
            After::Nothing
        };
        self.push(vec![(seat, Expect::Reveal(position))], after);
        true
    }

    /// R7.2: the holder of `position` shows it to seat `to` alone.
    pub fn examine(&mut self, position: u8, to: Seat) -> bool {
        let Some(Place::Hand(seat)) = self.place(position) else {
            return false;
        };
        if seat == to || to.index() >= self.ledger.seats() {
            return false;
        }
        // A departed seat's cards open to nobody: nothing is sealed, nothing shown.
        if self.ledger.is_gone(seat) {
            return true;
        }
        self.push(vec![(seat, Expect::Seal(position, to))], After::Nothing);
        true
    }

    /// The seat left for good (docs/FAIR-DEAL.md, section 6): the seats holding parts of
    /// its escrowed stake take them into their own ([`Ledger::depart`]), and in one round
    /// every seat present gives its share of every card whose shares start again, to whom
    /// it was open. The departed seat's hidden cards open to nobody: they leave the game
    /// face down when the game puts it out ([`FairTable::forfeit_card`]), and if it held
    /// any before the end, no card opens at the end ([`FairTable::sealed`]). Then the
    /// seats left escrow again if they are three or more. False, and nothing changes, when the
    /// game cannot go on without it ([`FairTable::can_leave`]).
    pub fn leave(&mut self, seat: Seat) -> bool {
        if !self.can_leave(seat) {
            return false;
        }
        let Some(reset) = self.ledger.depart(seat) else {
            return false;
        };
        // Nothing more is due from it.
        for r in &mut self.rounds {
            r.due.retain(|(s, _)| *s != seat);
        }
        if !self.finished && !self.hand(seat).is_empty() {
            self.sealed = true;
        }
        let due: Vec<(Seat, Expect)> = self
            .present()
            .into_iter()
            .filter_map(|s| {
                let open: Vec<u8> = (0..self.places.len() as u8)
                    .filter(|&p| {
                        reset.contains(&p)
                            && matches!(self.places[usize::from(p)], Place::Hand(h) if h != s && !self.ledger.is_gone(h))
                    })
                    .collect();
                (!open.is_empty()).then_some((s, Expect::Shares(open)))
            })
            .collect();
        // Over, the secrets sent already were of the stakes before: each seat left sends
        // its stake's secret again, after the views (none in a sealed game).
        if self.finished && !self.sealed {
            for r in &mut self.rounds {
                r.due.retain(|(_, e)| *e != Expect::Secret);
            }
            let due = self
                .present()
                .into_iter()
                .map(|s| (s, Expect::Secret))
                .collect();
            self.push(due, After::Nothing);
        }
        // A round of its own number: a round under way may have taken some seats' shares
        // already, and one seat sends one record of a kind in a round.
        self.round += 1;
        self.rounds.push_front(Round {
            due,
            after: After::Forfeit(seat),
        });
        // Complete rounds leave the queue, as in `apply`: its own (a seat out of the game,
        // R9.2, has no hidden card to open) and any it alone still owed a record in (its
        // view or secret at the end, its share in a round under way).
        while self.rounds.front().is_some_and(|r| r.due.is_empty()) {
            let after = self.rounds.pop_front().expect("checked above").after;
            self.round += 1;
            self.settle(after);
        }
        true
    }

    /// Whether a seat left for good holding hidden cards before the end (section 9): its
    /// cards never open, and neither does any other at the end, since the secrets that
    /// would open them are never asked for. A host that made up that departure for some
    /// pages would otherwise read every card with their secrets (section 1).
    pub fn sealed(&self) -> bool {
        self.sealed
    }

    /// Whether the game can go on without `seat` (section 6): it is present, at least two
    /// others are, no other departure, escrow or check is under way, its latest escrow was
    /// made to exactly the seats present, and no check proved it false. Otherwise a
    /// departure ends the game.
    pub fn can_leave(&self, seat: Seat) -> bool {
        if seat.index() >= self.ledger.seats() || self.ledger.is_gone(seat) {
            return false;
        }
        let busy = self.rounds.iter().any(|r| {
            matches!(r.after, After::Forfeit(_))
                || r.due
                    .iter()
                    .any(|(_, e)| matches!(e, Expect::Key | Expect::Escrow | Expect::Check))
        });
        let others: Vec<Seat> = self.present().into_iter().filter(|&s| s != seat).collect();
        !busy
            && others.len() >= 2
            && self.ledger.escrowed_to(seat) == Some(others)
            && !self.ledger.proven_faults().iter().any(|f| f.seat == seat)
    }

    /// A departed seat's hidden card leaves the game face down: the game put it out
    /// (R9.2; section 6). It opens to nobody.
    pub fn forfeit_card(&mut self, position: u8) -> bool {
        match self.place(position) {
            Some(Place::Hand(s)) if self.ledger.is_gone(s) => {
                self.places[usize::from(position)] = Place::Out;
                true
            }
            _ => false,
        }
    }

    /// Its ledger takes only records checked already ([`Ledger::take_checked`]).
    pub(crate) fn take_checked(&mut self) {
        self.ledger.take_checked();
    }

    /// The game is over (R11.3): every seat present signs its view of the game (its hash
    /// of the stream), then, once every view is in, publishes its secret (section 12: a
    /// view signed after any secret is out could be anyone's). A sealed game asks for the
    /// views only (section 9).
    pub fn finish(&mut self) {
        self.finished = true;
        let expects: &[Expect] = if self.sealed {
            &[Expect::View]
        } else {
            &[Expect::View, Expect::Secret]
        };
        for expect in expects {
            let due = self
                .present()
                .into_iter()
                .map(|s| (s, expect.clone()))
                .collect();
            self.push(due, After::Nothing);
        }
    }

    /// Checks a record against what is due and against the ledger, and takes it. A record
    /// not due is refused (`OutOfOrder`) and names its seat.
    pub fn apply(&mut self, record: &Record) -> Result<(), Fault> {
        let fault = |kind| Fault {
            seat: record.seat,
            kind,
        };
        let Some(front) = self.rounds.front() else {
            return Err(fault(FaultKind::OutOfOrder));
        };
        if record.round != self.round {
            return Err(fault(if record.round < self.round {
                FaultKind::Stale
            } else {
                FaultKind::OutOfOrder
            }));
        }
        let matches = |e: &Expect| match (e, &record.msg) {
            (Expect::Key, Msg::Key { .. }) => true,
            (Expect::Escrow, Msg::Escrow { .. }) => true,
            (Expect::Shuffle(p), Msg::Shuffle { positions, .. }) => p == positions,
            (Expect::Shares(p), Msg::Shares { shares }) => {
                shares.len() == p.len() && shares.iter().zip(p).all(|((q, _), p)| q == p)
            }
            (Expect::Reveal(p), Msg::Reveal { position, .. }) => p == position,
            (
                Expect::Seal(p, to),
                Msg::Seal {
                    position, to: t, ..
                },
            ) => p == position && to == t,
            (Expect::Check, Msg::Check { .. }) => true,
            (Expect::Secret, Msg::Secret { .. }) => true,
            (Expect::View, Msg::View { .. }) => true,
            _ => false,
        };
        let Some(i) = front
            .due
            .iter()
            .position(|(s, e)| *s == record.seat && matches(e))
        else {
            return Err(fault(FaultKind::OutOfOrder));
        };
        self.ledger.apply(record)?;
        let front = self.rounds.front_mut().expect("checked above");
        let (_, done) = front.due.remove(i);
        if matches!(done, Expect::Shuffle(_)) {
            self.shuffles_done += 1;
        }
        // Complete rounds leave the queue (one emptied by a departure, too).
        while self.rounds.front().is_some_and(|r| r.due.is_empty()) {
            let after = self.rounds.pop_front().expect("checked above").after;
            self.round += 1;
            self.settle(after);
        }
        Ok(())
    }

    fn settle(&mut self, after: After) {
        match after {
            After::Nothing => {}
            // A seat that left before its reveal came loses that card face down (section
            // 6): it opens to nobody.
            After::FaceUp(_, p) if self.ledger.open_public(p).is_none() => {
                self.places[usize::from(p)] = Place::Out;
            }
            After::FaceUp(seat, p) => self.places[usize::from(p)] = Place::FaceUp(seat),
            // Its hidden cards stay in its hand, open to all, until the game puts the seat
            // out between turns ([`FairTable::forfeit_card`]): a turn under way may still
            // move them (a claim it proves, a card it draws).
            // Ahead of whatever is queued: the next departure needs it (none does once the
            // game is over).
            After::Forfeit(_) => {
                if self.present().len() >= 3 && !self.finished {
                    self.escrow_all(true);
                }
            }
        }
    }
}
