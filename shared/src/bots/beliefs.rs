//! [`Beliefs`]: what a seat may infer about the cards it cannot see.
//!
//! Two layers, rebuilt from the view's events at every decision (so a bot rebuilt from
//! its seed after a restore believes exactly what it believed before):
//!
//! 1. **Card counting**, exact: the multiset of cards this seat cannot locate
//!    ([`View::unseen_cards`]: the deck minus its own hidden cards and every face-up card).
//!    A hand that needs more copies of a character than are unseen is impossible and gets
//!    probability 0, whatever the claims say. On top of it, the cards this seat knows went
//!    back to the Court (cards proven and returned, R6.2; its own cards returned by an
//!    exchange, R4.2; cards shown to Embezzlement challenges, R8.4; an examined card forced
//!    back, R7.2) are expected to still be there, less so with every draw after them.
//! 2. **A bluff model** per opponent: a probability over the opponent's possible hidden
//!    hands, the counting prior times the likelihood of what they did since their hand
//!    last changed. A claim of a character is made by a holder, and by a non-holder with
//!    probability [`BLUFF_RATE`]; a disproven claim rules the character out; a player who
//!    let a block pass holds the blocker with probability [`PASS_WITH_BLOCKER`] relative to
//!    one who does not; a card shown to this seat by Examine (R7.2) and given back is known.
//!    Evidence about a character is dropped when the card that supported it leaves the
//!    hand (proven and replaced, turned face up, exchanged away).

use rand::Rng;

use super::knowledge::copies;
use super::model::{BLUFF_RATE, DEFAULT_CHALLENGE_RATE, Model, STAGES, lost_before_log};
use crate::engine::{
    Action, ActionKind, Card, Claimed, Event, MAX_PLAYERS, Seat, View, WindowKind,
};

/// A Contessa claimed against an assassination of one's last influence: nearly everyone
/// claims it, holder or not (passing loses the game), so it says little, and saying it
/// again says nothing more. Read as strong
/// evidence, three players on their last cards would block each other's assassinations
/// forever without a challenge.
pub const LAST_LIFE_BLOCK: f32 = 0.6;

/// The least a run of claims of one character can bring the likelihood of not holding it
/// to: about three claims' worth. A player who claims three characters with two cards is
/// lying about one of them, and unbounded evidence would make the oldest habit look
/// certain (an endless heads-up of bluffed Taxes and blocked assassinations).
pub const CLAIM_FLOOR: f32 = 0.03;

/// How often a player who never lies claims a character it does not hold, against one
/// who holds it: never, but for a misread record (the least [`Record::bluff_ratio`] gives).
///
/// [`Record::bluff_ratio`]: super::model::Record::bluff_ratio
pub const HONEST_RATE: f32 = 0.02;

/// How often a holder of a blocking card lets the block pass, relative to a non-holder.
pub const PASS_WITH_BLOCKER: f32 = 0.3;

/// How much more likely a non-holder is than a holder to let a Foreign Aid go unblocked:
/// weaker than [`PASS_WITH_BLOCKER`] because many Duke holders do not bother.
const PASS_FOREIGN_AID: f32 = 0.6;

/// The most hands one seat can hold: pairs of 5 characters with repetition.
const MAX_HANDS: usize = 15;

/// Evidence about one seat: per character, the likelihood of its actions if it holds at
/// least one copy (`has`) and if it holds none (`not`). Only the ratio matters.
#[derive(Clone, Copy, Debug)]
struct Evidence {
    has: [f32; 6],
    not: [f32; 6],
    /// `not` for a player who never lies ([`Beliefs::with_repeat`]'s `honest`): its
    /// claims are read at [`HONEST_RATE`].
    not_honest: [f32; 6],
    /// Per character, whether it was claimed since the evidence about it was last
    /// forgotten: a later claim of it is a repeat.
    claimed: [bool; 6],
}

impl Evidence {
    const NONE: Evidence = Evidence {
        has: [1.0; 6],
        not: [1.0; 6],
        not_honest: [1.0; 6],
        claimed: [false; 6],
    };

    /// Forgets what was known about `card` (the card behind it left the hand).
    fn forget(&mut self, card: Card) {
        self.has[card.index()] = 1.0;
        self.not[card.index()] = 1.0;
        self.not_honest[card.index()] = 1.0;
        self.claimed[card.index()] = false;
    }

    /// A claim of `card` by a player who claims without the card `rate` times as often as
    /// with it; a repeat of a claim the same hand made counts as `repeat` claims (1: as
    /// much as the first).
    fn claim(&mut self, card: Card, rate: f32, repeat: f32) {
        let i = card.index();
        let rate = if self.claimed[i] {
            rate.powf(repeat)
        } else {
            rate
        };
        self.claimed[i] = true;
        let not = &mut self.not[i];
        *not = (*not * rate).max(CLAIM_FLOOR.min(*not));
        self.not_honest[i] = self.not_honest[i].min(HONEST_RATE);
    }

    /// Rules out a hand without `card` (for either kind of player).
    fn holds(&mut self, card: Card) {
        self.not[card.index()] = 0.0;
        self.not_honest[card.index()] = 0.0;
    }

    /// The likelihood of the seat's actions with `hand`: a player who never lies with
    /// chance `honest`, else one whose claims are read at its bluff rate.
    fn likelihood(&self, hand: &[Card], honest: f32) -> f32 {
        let (mut l, mut h) = (1.0, 1.0);
        for c in 0..6 {
            let held = hand.iter().any(|x| x.index() == c);
            if held {
                l *= self.has[c];
                h *= self.has[c];
            } else {
                l *= self.not[c];
                h *= self.not_honest[c];
            }
        }
        if honest > 0.0 {
            honest * h + (1.0 - honest) * l
        } else {
            l
        }
    }
}

/// A candidate hidden hand (the unknown part of a seat's hand), sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandGuess {
    cards: [Card; 2],
    len: u8,
}

impl HandGuess {
    /// The cards of the hand.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// The hands of `k` cards (0, 1 or 2) from `in_use`, each multiset once.
fn hands_of(k: usize, in_use: &[Card; 5], out: &mut [HandGuess; MAX_HANDS]) -> usize {
    let mut len = 0;
    match k {
        0 => {
            out[0] = HandGuess {
                cards: [Card::Duke; 2],
                len: 0,
            };
            len = 1;
        }
        1 => {
            for &c in in_use {
                out[len] = HandGuess {
                    cards: [c, c],
                    len: 1,
                };
                len += 1;
            }
        }
        _ => {
            for i in 0..5 {
                for j in i..5 {
                    out[len] = HandGuess {
                        cards: [in_use[i], in_use[j]],
                        len: 2,
                    };
                    len += 1;
                }
            }
        }
    }
    len
}

/// The counting prior of a hand: the number of ways to deal it from `avail` copies per
/// character (falling factorials), 0 when `cap` (the integer counts) cannot supply it.
fn prior(hand: &[Card], avail: &[f32; 6], cap: &[u8; 6]) -> f32 {
    match *hand {
        [] => 1.0,
        [a] => {
            if cap[a.index()] == 0 {
                0.0
            } else {
                avail[a.index()].max(0.0)
            }
        }
        [a, b] if a == b => {
            if cap[a.index()] < 2 {
                0.0
            } else {
                let x = avail[a.index()].max(0.0);
                (x * (x - 1.0)).max(0.0)
            }
        }
        [a, b] => {
            if cap[a.index()] == 0 || cap[b.index()] == 0 {
                0.0
            } else {
                2.0 * avail[a.index()].max(0.0) * avail[b.index()].max(0.0)
            }
        }
        _ => 0.0,
    }
}

/// One seat's beliefs about everyone else's hidden cards.
#[derive(Clone, Debug)]
pub struct Beliefs {
    pub me: Seat,
    n: usize,
    in_use: [Card; 5],
    /// Exact card counting: copies of each character this seat cannot locate.
    pub unseen: [u8; 6],
    /// One card of unknown character is also unseen: the opponent's secret draft pick
    /// (R2.5), before it is located.
    pub phantom: u8,
    /// Expected copies of each character known to be in the Court.
    pub court_known: [f32; 6],
    /// Per seat, how many of its hidden cards this seat cannot locate.
    unknown: [u8; MAX_PLAYERS],
    /// Per seat, the cards of its hidden hand this seat does locate (own cards, a card
    /// shown by a pending Examine).
    known: [[Option<Card>; 2]; MAX_PLAYERS],
    evidence: [Evidence; MAX_PLAYERS],
    hands: [[HandGuess; MAX_HANDS]; MAX_PLAYERS],
    probs: [[f32; MAX_HANDS]; MAX_PLAYERS],
    count: [usize; MAX_PLAYERS],
    /// P(seat holds at least one hidden copy of the character).
    has: [[f32; 6]; MAX_PLAYERS],
    /// What this seat learned of everyone's play: this game's record, plus what it
    /// remembered from earlier games at the table.
    model: Model,
    /// Per seat, character and stage: the bluff model's rate for that seat's claims
    /// (P(claim | none) / P(claim | held)), from `model`.
    rates: [[[f32; STAGES]; 6]; MAX_PLAYERS],
    /// How many claims a repeat of a character the same hand already claimed counts as
    /// ([`Beliefs::with_repeat`]).
    repeat: f32,
    /// Per seat, the chance it is a player who never lies, with which its claims are read
    /// as such a player's ([`Beliefs::with_repeat`]; 0 for this seat).
    honest: [f32; MAX_PLAYERS],
}

impl Beliefs {
    /// The beliefs of `view`'s seat (a spectator's view gives a seat-less counting of the
    /// public cards).
    pub fn new(view: &View) -> Beliefs {
        Beliefs::with_memory(view, &Model::default())
    }

    /// The beliefs of `view`'s seat, which also remembers `memory` of the same table's
    /// earlier games: the bluff model reads each opponent's claims at the rate its record
    /// (this game's and `memory`'s) says it lies.
    pub fn with_memory(view: &View, memory: &Model) -> Beliefs {
        Beliefs::with_memory_and_trust(view, memory, 1.0)
    }

    /// [`Beliefs::with_memory`] with every opponent's bluff rate scaled by `trust`
    /// (below 1: its claims read as more likely true; within 0.05..=4).
    pub fn with_memory_and_trust(view: &View, memory: &Model, trust: f32) -> Beliefs {
        Beliefs::with_repeat(view, memory, trust, 1.0, 0.0)
    }

    /// [`Beliefs::with_memory_and_trust`] where a claim of a character the same hand has
    /// already claimed (since the card behind it last changed) counts as `repeat` claims
    /// (within 0..=1; 1: as much as the first). A player who bluffed a character goes on
    /// claiming it (another claim would not fit the first), so its repeats say about as
    /// little about its hand as a holder's do. With `honest` above 0, each opponent is,
    /// with the chance its record gives from that prior ([`Record::p_honest`]), one who
    /// never lies, and its claims are read as a mixture of that player's and an average
    /// one's.
    ///
    /// [`Record::p_honest`]: super::model::Record::p_honest
    pub fn with_repeat(
        view: &View,
        memory: &Model,
        trust: f32,
        repeat: f32,
        honest: f32,
    ) -> Beliefs {
        let repeat = if repeat.is_finite() {
            repeat.clamp(0.0, 1.0)
        } else {
            1.0
        };
        let model = Model::record(view).merge(memory);
        let trust = if trust.is_finite() {
            trust.clamp(0.05, 4.0)
        } else {
            1.0
        };
        let mut rates = [[[BLUFF_RATE; STAGES]; 6]; MAX_PLAYERS];
        for (s, row) in rates.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                for (g, r) in cell.iter_mut().enumerate() {
                    *r = (model.seats[s].bluff_ratio(c, g) * trust).min(1.0);
                }
            }
        }
        let me = view.viewer.unwrap_or(Seat(u8::MAX));
        let n = view.players.len().min(MAX_PLAYERS);
        let in_use = Card::in_use_set(view.options);
        let mut unseen = [0u8; 6];
        let unseen_list = view.unseen_cards();
        for c in &unseen_list {
            unseen[c.index()] += 1;
        }
        let phantom = view.unseen_count().saturating_sub(unseen_list.len()) as u8;
        let mut b = Beliefs {
            me,
            n,
            in_use,
            unseen,
            phantom,
            court_known: [0.0; 6],
            unknown: [0; MAX_PLAYERS],
            known: [[None; 2]; MAX_PLAYERS],
            evidence: [Evidence::NONE; MAX_PLAYERS],
            hands: [[HandGuess {
                cards: [Card::Duke; 2],
                len: 0,
            }; MAX_HANDS]; MAX_PLAYERS],
            probs: [[0.0; MAX_HANDS]; MAX_PLAYERS],
            count: [0; MAX_PLAYERS],
            has: [[0.0; 6]; MAX_PLAYERS],
            model,
            rates,
            repeat,
            honest: [0.0; MAX_PLAYERS],
        };
        if honest > 0.0 {
            for s in 0..n {
                if Seat::at(s) != me {
                    b.honest[s] = b.model.seats[s].p_honest(honest);
                }
            }
        }
        for (s, p) in view.players.iter().enumerate().take(n) {
            let mut k = 0;
            let mut kn = 0;
            for slot in 0..(p.hand.len as usize).min(2) {
                if p.hand.up[slot] {
                    continue;
                }
                match view.known_slot(s, slot) {
                    Some(c) => {
                        b.known[s][kn] = Some(c);
                        kn += 1;
                    }
                    None => k += 1,
                }
            }
            b.unknown[s] = k;
        }
        b.read_events(view);
        b.compute();
        b
    }

    /// Replays the events into evidence and Court knowledge.
    fn read_events(&mut self, view: &View) {
        let court = f32::from(view.court_size.max(1));
        // Each draw from a shuffled Court of about `court` cards takes a given known card
        // with probability 1/court.
        let keep_on_draw = 1.0 - 1.0 / court.max(2.0);
        let mut last_action: Option<(Seat, Action)> = None;
        let mut block_window_open = false;
        // Influences each seat had lost at the point being read: the face-up cards now,
        // less the losses still to come in the log (a set-up game may start with some).
        let mut lost = lost_before_log(view);
        for e in &view.events {
            if block_window_open && !matches!(e, Event::Answered { .. }) {
                block_window_open = false;
                if !matches!(e, Event::BlockDeclared { .. })
                    && let Some((actor, action)) = last_action
                {
                    self.note_no_block(view, actor, action);
                }
            }
            match *e {
                Event::Declared { seat, action, .. } => {
                    last_action = Some((seat, action));
                    match action.claim(view.options) {
                        Some(Claimed::Card(c)) => {
                            let rate = self.rate(view, &lost, seat, c);
                            let repeat = self.repeat;
                            self.ev(seat).claim(c, rate, repeat);
                        }
                        // R8.4: Embezzlement claims not to hold the Duke.
                        Some(Claimed::NotDuke) => {
                            self.ev(seat).has[Card::Duke.index()] *= BLUFF_RATE;
                        }
                        None => {}
                    }
                }
                Event::WindowOpened { kind } => {
                    block_window_open = kind == WindowKind::Block;
                }
                Event::BlockDeclared { seat, card } => {
                    let last_life_assassinated = lost.get(seat.index()).is_some_and(|&l| l >= 1)
                        && last_action.is_some_and(|(_, a)| {
                            a.kind() == ActionKind::Assassinate && a.target() == Some(seat)
                        });
                    if last_life_assassinated {
                        // Once per hand: repeating the only sane answer adds nothing.
                        let e = self.ev(seat);
                        e.not[card.index()] = e.not[card.index()].min(LAST_LIFE_BLOCK);
                        e.not_honest[card.index()] =
                            e.not_honest[card.index()].min(LAST_LIFE_BLOCK);
                    } else {
                        let rate = self.rate(view, &lost, seat, card);
                        let repeat = self.repeat;
                        self.ev(seat).claim(card, rate, repeat);
                    }
                }
                Event::Proved { seat, card } => {
                    // R6.2: the card went back to the Court and was replaced at random.
                    self.ev(seat).forget(card);
                    self.court_known[card.index()] += 1.0;
                }
                Event::Disproved { seat, claim } => match claim {
                    Claimed::Card(c) => self.ev(seat).has[c.index()] = 0.0,
                    // R8.4: a conceded Embezzlement means a hidden Duke.
                    Claimed::NotDuke => self.ev(seat).holds(Card::Duke),
                },
                Event::ShowedHand { seat, cards } => {
                    // R8.4: every hidden card went back and was replaced.
                    *self.ev(seat) = Evidence::NONE;
                    for c in cards.iter().flatten() {
                        self.court_known[c.index()] += 1.0;
                    }
                }
                Event::LostInfluence { seat, card } => {
                    if let Some(l) = lost.get_mut(seat.index()) {
                        *l = l.saturating_add(1);
                    }
                    self.ev(seat).forget(card);
                }
                Event::Exchanged { seat, returned } => {
                    if seat == self.me {
                        for c in returned.iter().flatten() {
                            self.court_known[c.index()] += 1.0;
                        }
                    } else {
                        // R4.2: the hand was chosen afresh from a larger pool.
                        *self.ev(seat) = Evidence::NONE;
                    }
                }
                Event::Shown {
                    seat,
                    examiner,
                    card: Some(c),
                } if examiner == self.me && seat != self.me => {
                    // R7.2: we saw the card; it stays unless forced back.
                    self.ev(seat).holds(c);
                }
                Event::ForcedExchange { target, card, .. } => match card {
                    Some(c) => {
                        self.ev(target).forget(c);
                        self.court_known[c.index()] += 1.0;
                    }
                    None => *self.ev(target) = Evidence::NONE,
                },
                Event::Drew { .. } => {
                    for k in &mut self.court_known {
                        *k *= keep_on_draw;
                    }
                }
                _ => {}
            }
        }
        for c in 0..6 {
            self.court_known[c] = self.court_known[c].min(f32::from(self.unseen[c]));
        }
    }

    /// The block window after `actor`'s `action` closed without a block.
    fn note_no_block(&mut self, view: &View, actor: Seat, action: Action) {
        match action.kind() {
            ActionKind::Steal | ActionKind::Assassinate => {
                if let Some(t) = action.target() {
                    for c in Card::in_use_set(view.options) {
                        if action.kind().blocked_by(c, view.options) {
                            self.ev(t).has[c.index()] *= PASS_WITH_BLOCKER;
                        }
                    }
                }
            }
            ActionKind::ForeignAid => {
                for s in 0..self.n {
                    if s != actor.index() && view.players.get(s).is_some_and(|p| p.alive) {
                        self.evidence[s].has[Card::Duke.index()] *= PASS_FOREIGN_AID;
                    }
                }
            }
            _ => {}
        }
    }

    /// The bluff model's rate for `seat`'s claim of `card` with `lost` influences lost
    /// per seat at the time.
    fn rate(&self, view: &View, lost: &[u8; MAX_PLAYERS], seat: Seat, card: Card) -> f32 {
        let s = seat.index().min(MAX_PLAYERS - 1);
        let left = (0..self.n)
            .filter(|&o| lost[o] < view.players[o].hand.len.max(1))
            .count();
        let stage = usize::from(lost[s] >= 1 || left <= 2);
        self.rates[s][card.index()][stage]
    }

    /// What this seat has learned of everyone's play (this game and remembered ones).
    pub fn model(&self) -> &Model {
        &self.model
    }

    fn ev(&mut self, seat: Seat) -> &mut Evidence {
        let i = seat.index().min(MAX_PLAYERS - 1);
        &mut self.evidence[i]
    }

    /// The counting caps and weights for opponents' hands.
    fn pool(&self) -> ([u8; 6], [f32; 6]) {
        let mut cap = self.unseen;
        let mut avail = [0.0f32; 6];
        for c in self.in_use {
            let i = c.index();
            cap[i] += self.phantom;
            avail[i] =
                f32::from(self.unseen[i]) + f32::from(self.phantom) * 0.2 - self.court_known[i];
        }
        (cap, avail)
    }

    fn compute(&mut self) {
        let (cap, avail) = self.pool();
        for s in 0..self.n {
            let k = self.unknown[s] as usize;
            let count = hands_of(k, &self.in_use, &mut self.hands[s]);
            self.count[s] = count;
            let mut total = 0.0;
            for h in 0..count {
                let hand = self.hands[s][h];
                let w = prior(hand.cards(), &avail, &cap)
                    * self.evidence[s].likelihood(hand.cards(), self.honest[s]);
                self.probs[s][h] = w;
                total += w;
            }
            if total <= 0.0 {
                // Contradictory evidence (or a model too sure of itself): the counting
                // prior alone, which never admits an impossible hand.
                for h in 0..count {
                    let w = prior(self.hands[s][h].cards(), &avail, &cap);
                    self.probs[s][h] = w;
                    total += w;
                }
            }
            if total <= 0.0 {
                // The weights `avail` can all vanish where the integer caps allow a hand
                // (every unseen copy expected in the Court): count integers only.
                let icap = cap.map(f32::from);
                for h in 0..count {
                    let w = prior(self.hands[s][h].cards(), &icap, &cap);
                    self.probs[s][h] = w;
                    total += w;
                }
            }
            for h in 0..count {
                self.probs[s][h] = if total > 0.0 {
                    self.probs[s][h] / total
                } else {
                    0.0
                };
            }
            let mut has = [0.0f32; 6];
            for h in 0..count {
                let mut seen = [false; 6];
                for c in self.hands[s][h].cards() {
                    seen[c.index()] = true;
                }
                for c in 0..6 {
                    if seen[c] {
                        has[c] += self.probs[s][h];
                    }
                }
            }
            for c in self.known[s].iter().flatten() {
                has[c.index()] = 1.0;
            }
            self.has[s] = has;
        }
    }

    /// P(`seat` holds at least one hidden `card`). Exact for this seat itself.
    pub fn p_has(&self, seat: Seat, card: Card) -> f32 {
        self.has.get(seat.index()).map_or(0.0, |h| h[card.index()])
    }

    /// Every hand `seat`'s unknown cards may be, with its probability (summing to 1, or
    /// all 0 if nothing is possible). Impossible hands are listed with probability 0.
    pub fn hands(&self, seat: Seat) -> impl Iterator<Item = (&[Card], f32)> + '_ {
        let s = seat.index().min(MAX_PLAYERS - 1);
        (0..self.count[s]).map(move |h| (self.hands[s][h].cards(), self.probs[s][h]))
    }

    /// How many of `seat`'s hidden cards this seat cannot locate.
    pub fn unknown_count(&self, seat: Seat) -> usize {
        self.unknown.get(seat.index()).map_or(0, |&k| k as usize)
    }

    /// Per opponent and character, how much more often than its rate it challenges this
    /// seat's claims of the character.
    fn challenge_factors(&self) -> [[f32; 6]; MAX_PLAYERS] {
        let mut f = [[1.0; 6]; MAX_PLAYERS];
        let me = self.me.index();
        for (s, row) in f.iter_mut().enumerate().take(self.n) {
            if s == me {
                continue;
            }
            for (c, x) in row.iter_mut().enumerate() {
                *x = self.model.seats[s].challenge_factor(c, me);
            }
        }
        f
    }

    /// The per-seat P(holds ≥1 of each character), for the heuristics.
    /// Each seat's rates are read at the stage it is at now.
    pub fn reads_at(&self, view: &View) -> Reads {
        let mut r = Reads {
            has: self.has,
            challenge_rate: [DEFAULT_CHALLENGE_RATE; MAX_PLAYERS],
            challenge_factor: self.challenge_factors(),
            bluff: [[BLUFF_RATE; 6]; MAX_PLAYERS],
            silent: [0.0; MAX_PLAYERS],
        };
        for s in 0..self.n {
            r.silent[s] = self.model.seats[s].p_silent();
            let g = Model::stage_of(view, Seat::at(s));
            r.challenge_rate[s] = self.model.seats[s].challenge_rate(g);
            for c in 0..6 {
                r.bluff[s][c] = self.rates[s][c][g];
            }
        }
        r
    }

    /// The per-seat P(holds ≥1 of each character), for the heuristics, with each seat's
    /// observed challenge rate (over the whole game) and bluff rates.
    pub fn reads(&self) -> Reads {
        let mut r = Reads {
            has: self.has,
            challenge_rate: [DEFAULT_CHALLENGE_RATE; MAX_PLAYERS],
            challenge_factor: self.challenge_factors(),
            bluff: [[BLUFF_RATE; 6]; MAX_PLAYERS],
            silent: [0.0; MAX_PLAYERS],
        };
        for s in 0..self.n {
            let rec = &self.model.seats[s];
            r.silent[s] = rec.p_silent();
            let chances: u16 = rec.challenge_chances.iter().sum();
            let made: u16 = rec.challenges.iter().sum();
            // A prior worth four windows at the default rate, so a few observations move
            // it but one unlucky challenge does not brand a player.
            r.challenge_rate[s] =
                (f32::from(made) + 4.0 * DEFAULT_CHALLENGE_RATE) / (f32::from(chances) + 4.0);
            for c in 0..6 {
                r.bluff[s][c] = 0.5 * (self.rates[s][c][0] + self.rates[s][c][1]);
            }
        }
        r
    }

    /// A whole game consistent with `view`: the unseen cards [`Beliefs::sample`]d into
    /// `unseen` (`pool` scratch space), dealt by [`Game::determinize`](crate::engine::Game::determinize);
    /// `None` if either fails.
    pub fn world<R: Rng + ?Sized>(
        &self,
        view: &View,
        rng: &mut R,
        unseen: &mut Vec<Card>,
        pool: &mut Vec<Card>,
    ) -> Option<crate::engine::Game> {
        if self.sample(view, rng, unseen, pool) {
            crate::engine::Game::determinize(view, unseen).ok()
        } else {
            None
        }
    }

    /// Samples everything this seat cannot see, in the order of
    /// [`Game::determinize`](crate::engine::Game::determinize), into `out`: opponents'
    /// hands from their beliefs (jointly consistent with the counting), then a pending
    /// exchange's drawn cards, then the Court. `pool` is scratch space. Returns false if
    /// the counting leaves no consistent deal (it should not happen).
    pub fn sample<R: Rng + ?Sized>(
        &self,
        view: &View,
        rng: &mut R,
        out: &mut Vec<Card>,
        pool: &mut Vec<Card>,
    ) -> bool {
        out.clear();
        let mut left = self.unseen;
        if self.phantom > 0 {
            // The opponent's draft pick (R2.5): any character in use.
            let c = self.in_use[rng.random_range(0..5)];
            left[c.index()] += self.phantom;
        }
        let mut chosen = [[Card::Duke; 2]; MAX_PLAYERS];
        // Seats in a random order, so no seat's beliefs systematically get first pick.
        let mut order = [0usize; MAX_PLAYERS];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i;
        }
        let order = &mut order[..self.n];
        for i in (1..order.len()).rev() {
            let j = rng.random_range(0..=i);
            order.swap(i, j);
        }
        for &s in order.iter() {
            let k = self.unknown[s] as usize;
            if k == 0 {
                continue;
            }
            let mut avail = [0.0f32; 6];
            for c in 0..6 {
                avail[c] = (f32::from(left[c]) - self.court_known[c]).max(0.0);
            }
            let mut weights = [0.0f32; MAX_HANDS];
            let mut total = 0.0;
            for pass in 0..3 {
                total = 0.0;
                for (h, weight) in weights.iter_mut().enumerate().take(self.count[s]) {
                    let hand = self.hands[s][h].cards();
                    let w = match pass {
                        0 => {
                            prior(hand, &avail, &left)
                                * self.evidence[s].likelihood(hand, self.honest[s])
                        }
                        1 => prior(hand, &avail, &left),
                        _ => prior(hand, &left.map(f32::from), &left),
                    };
                    *weight = w;
                    total += w;
                }
                if total > 0.0 {
                    break;
                }
            }
            if total <= 0.0 {
                return false;
            }
            let mut x = rng.random::<f32>() * total;
            let mut pick = 0;
            for (h, &w) in weights.iter().enumerate().take(self.count[s]) {
                if w > 0.0 {
                    pick = h;
                }
                if x < w {
                    break;
                }
                x -= w;
            }
            let hand = self.hands[s][pick];
            let mut cards = hand.cards;
            if hand.len == 2 && rng.random_bool(0.5) {
                cards.swap(0, 1);
            }
            for &c in hand.cards() {
                left[c.index()] = left[c.index()].saturating_sub(1);
            }
            chosen[s] = cards;
        }
        for (s, p) in view.players.iter().enumerate().take(self.n) {
            let mut next = 0;
            for slot in 0..(p.hand.len as usize).min(2) {
                if view.known_slot(s, slot).is_none() {
                    out.push(chosen[s][next.min(1)]);
                    next += 1;
                }
            }
        }
        pool.clear();
        for c in Card::ALL {
            for _ in 0..left[c.index()] {
                pool.push(c);
            }
        }
        Card::shuffle_slice(pool, rng);
        // Then the cards drawn in another seat's pending exchange, then the Court.
        out.extend_from_slice(pool);
        true
    }
}

/// Per seat, P(holds at least one hidden copy of each character): what the heuristics
/// read. Built from [`Beliefs`] for a real decision, or from counting alone in playouts.
#[derive(Clone, Copy, Debug)]
pub struct Reads {
    pub has: [[f32; 6]; MAX_PLAYERS],
    /// Per seat, how often it challenges when it may (observed, with a prior).
    pub challenge_rate: [f32; MAX_PLAYERS],
    /// Per seat and character, how much more often than `challenge_rate` it challenges
    /// this seat's claims of that character (1 without a record; see
    /// [`Record::challenge_factor`](super::model::Record::challenge_factor)).
    pub challenge_factor: [[f32; 6]; MAX_PLAYERS],
    /// Per seat and character, how often it claims the character without it relative to
    /// with it ([`BLUFF_RATE`] for an average player; see [`Model`]).
    pub bluff: [[f32; 6]; MAX_PLAYERS],
    /// Per seat, the chance it is a player who never challenges, from how many claims it
    /// let pass without a challenge ([`Record::p_silent`](super::model::Record::p_silent);
    /// 0 without a record).
    pub silent: [f32; MAX_PLAYERS],
}

impl Reads {
    /// Counting alone, from `table`'s seat: each opponent's hidden cards are a uniform
    /// draw from the cards this seat cannot locate. Used inside playouts, where building
    /// full beliefs for every decision would cost too much.
    pub fn from_counting(table: &super::knowledge::Knowledge) -> Reads {
        let mut has = [[0.0f32; 6]; MAX_PLAYERS];
        let mut pool = [0u8; 6];
        let mut total = 0u32;
        for (c, p) in pool.iter_mut().enumerate() {
            *p = table.copies[c].saturating_sub(table.seen[c]);
            total += u32::from(*p);
        }
        let t = total as f32;
        for (s, row) in has.iter_mut().enumerate().take(table.n) {
            let k = table.lives[s];
            if Seat::at(s) == table.me {
                for &c in table.mine() {
                    row[c.index()] = 1.0;
                }
                continue;
            }
            for (c, cell) in row.iter_mut().enumerate() {
                let p = f32::from(pool[c]);
                let none = match k {
                    0 => 1.0,
                    1 => 1.0 - p / t.max(1.0),
                    _ => ((t - p) * (t - p - 1.0) / (t * (t - 1.0)).max(1.0)).max(0.0),
                };
                *cell = (1.0 - none).clamp(0.0, 1.0);
            }
        }
        Reads {
            has,
            challenge_rate: [DEFAULT_CHALLENGE_RATE; MAX_PLAYERS],
            challenge_factor: [[1.0; 6]; MAX_PLAYERS],
            bluff: [[BLUFF_RATE; 6]; MAX_PLAYERS],
            silent: [0.0; MAX_PLAYERS],
        }
    }

    /// Weighs the claims in play (the action's, and a block's) as [`Beliefs`] would:
    /// inside playouts, the one piece of history that matters most.
    pub fn with_claims_in_play(mut self, table: &super::knowledge::Knowledge) -> Reads {
        let Some(turn) = table.turn else { return self };
        let mut weigh = |seat: Seat, card: Card| {
            if seat == table.me || seat.index() >= MAX_PLAYERS {
                return;
            }
            let p = self.has[seat.index()][card.index()];
            let rate = self.bluff[seat.index()][card.index()];
            let q = p / (p + rate * (1.0 - p)).max(1e-6);
            self.has[seat.index()][card.index()] = q;
        };
        if let Some(Claimed::Card(c)) = turn.action.claim(table.options) {
            weigh(turn.actor, c);
        }
        if let Some((b, c)) = turn.block {
            weigh(b, c);
        }
        self
    }

    /// P(`seat` holds at least one hidden `card`).
    pub fn p(&self, seat: Seat, card: Card) -> f32 {
        self.has.get(seat.index()).map_or(0.0, |h| h[card.index()])
    }
}

/// Copies of each character in the game (re-exported for tests).
pub fn deck_copies(view: &View) -> [u8; 6] {
    copies(view.options, view.players.len())
}

#[cfg(test)]
pub(crate) mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::bots::knowledge::fixed_deal;
    use crate::engine::{Game, Input, Options};

    /// A set-up game (the rest of the deck in the Court); `coins` of `None` are the usual
    /// two each.
    fn game(hands: Vec<[Card; 2]>, coins: Option<Vec<u16>>, face_up: Vec<Vec<Card>>) -> Game {
        fixed_deal(Options::default(), hands, coins, face_up).expect("valid setup")
    }

    /// Plays a legal input (the test fails on an illegal one).
    pub(crate) fn apply(g: &mut Game, seat: Seat, input: Input) {
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        g.apply(seat, input, &mut rng, &mut Vec::new())
            .expect("legal");
    }

    /// Three seats of two each, one character left over in each seat's hand: Duke and
    /// Assassin, Captain and Contessa, Ambassador and Contessa; the rest in the Court.
    pub(crate) fn three_seats() -> Game {
        game(
            vec![
                [Card::Duke, Card::Assassin],
                [Card::Captain, Card::Contessa],
                [Card::Ambassador, Card::Contessa],
            ],
            None,
            vec![vec![], vec![], vec![]],
        )
    }

    /// Seat 1 sees two Dukes in its own hand and one face up: however often seat 0
    /// claims the Duke, no Duke may be believed in seat 0's hand, and every sample of the
    /// hidden cards respects it.
    #[test]
    fn claims_never_resurrect_a_counted_out_card() {
        use crate::engine::Action;
        let mut g = game(
            vec![
                [Card::Captain, Card::Assassin],
                [Card::Duke, Card::Duke],
                [Card::Duke, Card::Contessa],
            ],
            None,
            vec![vec![], vec![], vec![Card::Duke]],
        );
        // Seat 0 taxes unchallenged; then it is seat 0's claim again after a round.
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Pass);
        apply(&mut g, Seat(2), Input::Pass);
        let view = g.view(Seat(1));
        let b = Beliefs::new(&view);
        assert_eq!(b.p_has(Seat(0), Card::Duke), 0.0);
        for (hand, p) in b.hands(Seat(0)) {
            if hand.contains(&Card::Duke) {
                assert_eq!(p, 0.0, "{hand:?}");
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let (mut out, mut pool) = (Vec::new(), Vec::new());
        for _ in 0..50 {
            assert!(b.sample(&view, &mut rng, &mut out, &mut pool));
            assert!(!out.contains(&Card::Duke));
            Game::determinize(&view, &out).expect("a consistent deal");
        }
    }

    /// Repeated claims of one character count for about three: the likelihood of not
    /// holding it never falls below [`CLAIM_FLOOR`] (a habit is not a proof), while one
    /// more claim still counts until then.
    #[test]
    fn a_run_of_claims_is_worth_about_three() {
        let mut e = Evidence::NONE;
        let mut last = 1.0;
        for k in 0..10 {
            e.claim(Card::Duke, BLUFF_RATE, 1.0);
            let not = e.not[Card::Duke.index()];
            assert!(not >= CLAIM_FLOOR, "claim {k}: {not}");
            if k < 2 {
                assert!(not < last * 0.5, "claim {k}: {last} -> {not}");
            }
            last = not;
        }
        // A disproof still rules the character out entirely.
        e.has[Card::Duke.index()] = 0.0;
        assert_eq!(e.likelihood(&[Card::Duke], 0.0), 0.0);
    }

    /// A Contessa claimed against an assassination of one's last influence is what every
    /// player in that spot says, so it counts for little; the same claim with two
    /// influences counts fully. (Read as full evidence, three players on their last cards
    /// blocked each other's assassinations for thousands of inputs without a challenge.)
    #[test]
    fn a_last_card_contessa_says_less_than_a_contessa_with_two_cards() {
        use crate::engine::Action;
        let belief_after_block = |face_up: Vec<Vec<Card>>| {
            let mut g = game(
                vec![
                    [Card::Assassin, Card::Duke],
                    [Card::Captain, Card::Ambassador],
                    [Card::Captain, Card::Duke],
                ],
                Some(vec![3, 2, 2]),
                face_up,
            );
            let before = Beliefs::new(&g.view(Seat(0))).p_has(Seat(1), Card::Contessa);
            apply(&mut g, Seat(0), Input::Act(Action::Assassinate(Seat(1))));
            // The block is sealed until the challenge window closes.
            apply(&mut g, Seat(1), Input::Block(Card::Contessa));
            apply(&mut g, Seat(2), Input::Pass);
            let after = Beliefs::new(&g.view(Seat(0))).p_has(Seat(1), Card::Contessa);
            (before, after)
        };
        let (b2, a2) = belief_after_block(vec![vec![], vec![], vec![]]);
        let (b1, a1) = belief_after_block(vec![vec![], vec![Card::Captain], vec![]]);
        assert!(a2 > b2 + 0.2, "two cards: {b2} -> {a2}");
        assert!(a1 > b1, "one card: {b1} -> {a1}");
        assert!(
            a1 - b1 < 0.5 * (a2 - b2),
            "one card {b1} -> {a1}, two {b2} -> {a2}"
        );
    }

    /// Heads-up, seat 0 taxes three times with the same hand (R4: Tax claims the Duke).
    /// Read with repeats worth nothing, the three claims say what the first said; read as
    /// now, each adds to it. A proven claim (R6.2: the card is replaced) starts the count
    /// again. Read as possibly one who never lies, the same claims say more.
    #[test]
    fn repeated_claims_of_one_hand_count_as_the_first() {
        use crate::engine::Action;
        let mut g = game(
            vec![
                [Card::Captain, Card::Assassin],
                [Card::Contessa, Card::Ambassador],
            ],
            Some(vec![0, 0]),
            vec![vec![], vec![]],
        );
        let p = |g: &Game, repeat: f32, honest: f32| {
            Beliefs::with_repeat(&g.view(Seat(1)), &Model::default(), 1.0, repeat, honest)
                .p_has(Seat(0), Card::Duke)
        };
        let prior = p(&g, 1.0, 0.0);
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Pass);
        let once = p(&g, 0.0, 0.0);
        assert!(once > prior + 0.1, "{prior} -> {once}");
        assert!(
            (p(&g, 1.0, 0.0) - once).abs() < 1e-6,
            "the first claim counts fully"
        );
        for _ in 0..2 {
            apply(&mut g, Seat(1), Input::Act(Action::Income));
            apply(&mut g, Seat(0), Input::Act(Action::Tax));
            apply(&mut g, Seat(1), Input::Pass);
        }
        let thrice = p(&g, 0.0, 0.0);
        assert!((thrice - once).abs() < 1e-6, "{once} -> {thrice}");
        assert!(
            p(&g, 1.0, 0.0) > once + 0.15,
            "{once} -> {}",
            p(&g, 1.0, 0.0)
        );
        assert!(p(&g, 0.5, 0.0) > once && p(&g, 0.5, 0.0) < p(&g, 1.0, 0.0));
        // Perhaps a player who never lies (no lie on its record): likelier a Duke.
        assert!(
            p(&g, 0.0, 0.6) > thrice + 0.1,
            "{thrice} -> {}",
            p(&g, 0.0, 0.6)
        );
        // R6.2: seat 1 challenges a fourth Tax; seat 0 cannot prove it and loses a card.
        apply(&mut g, Seat(1), Input::Act(Action::Income));
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        apply(&mut g, Seat(1), Input::Challenge);
        apply(&mut g, Seat(0), Input::Lose(Card::Assassin));
        // Caught once, it is no longer read as one who never lies: its Steal (a Captain
        // claimed, R4) reads the same with or without that prior.
        apply(&mut g, Seat(1), Input::Act(Action::Income));
        apply(&mut g, Seat(0), Input::Act(Action::Steal(Seat(1))));
        let cap = |honest: f32| {
            Beliefs::with_repeat(&g.view(Seat(1)), &Model::default(), 1.0, 0.0, honest)
                .p_has(Seat(0), Card::Captain)
        };
        assert!(cap(0.0) > 0.3, "{}", cap(0.0));
        assert!(
            (cap(0.6) - cap(0.0)).abs() < 1e-6,
            "{} {}",
            cap(0.6),
            cap(0.0)
        );
    }

    /// A claim raises the claimant's probability of holding the card; a card proven and
    /// returned is expected back in the Court.
    #[test]
    fn claims_raise_belief_and_proofs_are_counted_in_the_court() {
        use crate::engine::Action;
        let mut g = three_seats();
        let before = Beliefs::new(&g.view(Seat(1))).p_has(Seat(0), Card::Duke);
        apply(&mut g, Seat(0), Input::Act(Action::Tax));
        let after = Beliefs::new(&g.view(Seat(1))).p_has(Seat(0), Card::Duke);
        assert!(after > before + 0.1, "{before} -> {after}");
        // Seat 1 challenges; seat 0 proves the Duke (R6.2), which goes back to the Court.
        apply(&mut g, Seat(1), Input::Challenge);
        apply(&mut g, Seat(2), Input::Pass);
        let b = Beliefs::new(&g.view(Seat(2)));
        assert!(b.court_known[Card::Duke.index()] > 0.5);
    }
}
