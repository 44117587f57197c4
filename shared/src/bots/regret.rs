//! Heads-up strategy by self-play: regret matching over an abstraction of heads-up Coup.
//!
//! The abstraction ([`Situation`]) keeps what a heads-up player's bluffs, challenges and
//! blocks turn on: the decision (its own action; or the claim or block it answers), the
//! cards it holds, how many cards the opponent has left, both players' coins in
//! buckets, and how many of the claimed character it can see (in its own hand and face
//! up). Everything else (the order of past claims, the court) is forgotten.
//!
//! [`Trainer`] plays the base game heads-up against itself on the real engine. At a
//! share of the decisions it meets, it plays each legal choice once to the end (both
//! seats drawing from the current strategy; losing a card and keeping cards after an
//! Exchange by a fixed ranking of the characters) and moves the situation's regrets by
//! how much better each choice did than the strategy's mix: regret matching (floored at
//! zero, as in CFR+), whose average strategy approaches an equilibrium of the abstract
//! game. The deals and the opponent's hidden cards come from the real game, so each
//! situation is reached as often as play reaches it.
//!
//! [`Strategy`] is the average strategy, compact: each situation's choices in 255ths.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use rand::Rng;

use super::Bot;
use super::normal::Normal;
use super::personality::Personality;
use crate::engine::{
    Action, ActionKind, Card, Event, Game, Input, Options, Pending, Seat, Turn, View, WindowKind,
};

/// Choices one situation weighs: the seven base actions, or pass, challenge and the five
/// blocks.
pub const SLOTS: usize = 7;

/// The most inputs one training game or rollout plays.
const CAP: usize = 400;

/// A heads-up decision, abstracted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Situation {
    /// 0: its own action; 1–4: answering the opponent's Tax, Assassination, Steal,
    /// Exchange; 5–7: blocking the opponent's Foreign Aid, Steal, Assassination; 8–12:
    /// answering a block by the Duke, Assassin, Captain, Ambassador or Contessa.
    pub context: u8,
    /// Its hidden cards: one (0–4) or two (5 + 5 × first + second, sorted).
    pub hand: u8,
    /// The opponent's hidden cards, 1 or 2.
    pub opponent_lives: u8,
    /// Its coins and the opponent's, in buckets ([`coin_bucket`]).
    pub coins: u8,
    pub opponent_coins: u8,
    /// How many of the claimed character it can see (0–3; 0 where nothing is claimed).
    pub seen: u8,
}

impl Situation {
    /// The situation packed into one number.
    pub fn key(&self) -> u32 {
        let mut k = u32::from(self.context);
        k = k * 30 + u32::from(self.hand);
        k = k * 2 + u32::from(self.opponent_lives.clamp(1, 2) - 1);
        k = k * 6 + u32::from(self.coins);
        k = k * 6 + u32::from(self.opponent_coins);
        k * 4 + u32::from(self.seen.min(3))
    }

    /// `me`'s situation in `game`, if it is a heads-up decision of the base game that the
    /// abstraction covers: two players left, at a table of two or one that came down to
    /// two (the cards the others lost count among those in sight).
    pub fn in_game(game: &Game, me: Seat) -> Option<Situation> {
        if game.is_over() || !game.alive(me) {
            return None;
        }
        let n = game.n;
        let mut others = (0..n).map(Seat).filter(|&s| s != me && game.alive(s));
        let other = others.next()?;
        if others.next().is_some() {
            return None;
        }
        let mine = game.player(me);
        let theirs = game.player(other);
        let mut up = [0u8; 6];
        for s in (0..n).map(Seat) {
            for c in game.player(s).hand.revealed() {
                up[c.index()] += 1;
            }
        }
        let mut hidden = Hidden::NONE;
        for c in mine.hand.hidden() {
            hidden.push(c);
        }
        situation(Facts {
            options: game.options,
            me,
            pending: &game.pending,
            turn: game.turn.as_ref(),
            hidden: hidden.cards()?,
            coins: mine.coins,
            opponent_lives: theirs.hand.hidden_count() as u8,
            opponent_coins: theirs.coins,
            up,
        })
    }

    /// The viewer's situation in `view` (as [`Situation::in_game`]).
    pub fn in_view(view: &View) -> Option<Situation> {
        let me = view.viewer?;
        let mine = view.players.get(me.index()).filter(|p| p.alive)?;
        let mut others =
            (0..view.players.len()).filter(|&s| s != me.index() && view.players[s].alive);
        let other = others.next()?;
        if others.next().is_some() {
            return None;
        }
        let theirs = &view.players[other];
        let mut up = [0u8; 6];
        let mut hidden = Hidden::NONE;
        for (s, p) in view.players.iter().enumerate() {
            for i in 0..usize::from(p.hand.len.min(2)) {
                let Some(c) = p.hand.cards[i] else { continue };
                if p.hand.up[i] {
                    up[c.index()] += 1;
                } else if s == me.index() {
                    hidden.push(c);
                }
            }
        }
        let opponent_lives = (0..usize::from(theirs.hand.len.min(2)))
            .filter(|&i| !theirs.hand.up[i])
            .count() as u8;
        situation(Facts {
            options: view.options,
            me,
            pending: &view.pending,
            turn: view.turn.as_ref(),
            hidden: hidden.cards()?,
            coins: mine.coins,
            opponent_lives,
            opponent_coins: theirs.coins,
            up,
        })
    }
}

/// A seat's hidden cards, without allocating (a situation is read at every step of
/// training).
struct Hidden {
    cards: [Card; 2],
    len: usize,
}

impl Hidden {
    const NONE: Hidden = Hidden {
        cards: [Card::Duke; 2],
        len: 0,
    };

    fn push(&mut self, c: Card) {
        if let Some(slot) = self.cards.get_mut(self.len) {
            *slot = c;
        }
        self.len += 1;
    }

    /// The cards; `None` for more than two (no hand the abstraction covers).
    fn cards(&self) -> Option<&[Card]> {
        self.cards.get(..self.len)
    }
}

/// What [`situation`] reads, from a game or from a view.
struct Facts<'a> {
    options: Options,
    me: Seat,
    pending: &'a Pending,
    turn: Option<&'a Turn>,
    hidden: &'a [Card],
    coins: u16,
    opponent_lives: u8,
    opponent_coins: u16,
    up: [u8; 6],
}

fn situation(f: Facts<'_>) -> Option<Situation> {
    if f.options.inquisitor || f.options.allegiances {
        return None;
    }
    if f.hidden.iter().any(|c| c.index() > 4) || f.opponent_lives == 0 {
        return None;
    }
    let (context, claimed) = match *f.pending {
        Pending::Action { seat } if seat == f.me => (0, None),
        Pending::Respond { window } if window.owes.contains(f.me) => {
            let turn = f.turn?;
            if turn.actor == f.me {
                if window.kind != WindowKind::BlockChallenge {
                    return None;
                }
                let (_, card) = turn.block?;
                (8 + card.index() as u8, Some(card))
            } else {
                match (window.kind, turn.action.kind()) {
                    (WindowKind::Challenge, ActionKind::Tax) => (1, Some(Card::Duke)),
                    (WindowKind::Challenge, ActionKind::Assassinate) => (2, Some(Card::Assassin)),
                    (WindowKind::Challenge, ActionKind::Steal) => (3, Some(Card::Captain)),
                    (WindowKind::Challenge, ActionKind::Exchange) => (4, Some(Card::Ambassador)),
                    (WindowKind::Block, ActionKind::ForeignAid) => (5, None),
                    (WindowKind::Block, ActionKind::Steal) => (6, None),
                    (WindowKind::Block, ActionKind::Assassinate) => (7, None),
                    _ => return None,
                }
            }
        }
        _ => return None,
    };
    let hand = match *f.hidden {
        [c] => c.index() as u8,
        [a, b] => {
            let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
            (5 + 5 * a + b) as u8
        }
        _ => return None,
    };
    let seen = claimed.map_or(0, |c| {
        f.up[c.index()] + f.hidden.iter().filter(|&&h| h == c).count() as u8
    });
    Some(Situation {
        context,
        hand,
        opponent_lives: f.opponent_lives.min(2),
        coins: coin_bucket(f.coins),
        opponent_coins: coin_bucket(f.opponent_coins),
        seen,
    })
}

/// Coins in six buckets: 0–1, 2, 3–4, 5–6, 7–9, 10 or more (what one can afford: Income
/// only, Foreign Aid's worth, an Assassination, a Steal away from one, a Coup, a forced
/// Coup).
pub fn coin_bucket(coins: u16) -> u8 {
    match coins {
        0..=1 => 0,
        2 => 1,
        3..=4 => 2,
        5..=6 => 3,
        7..=9 => 4,
        _ => 5,
    }
}

/// The slot an input takes in its situation's choices, if it has one.
pub fn slot(input: Input) -> Option<usize> {
    Some(match input {
        Input::Act(a) => match a {
            Action::Income => 0,
            Action::ForeignAid => 1,
            Action::Coup(_) => 2,
            Action::Tax => 3,
            Action::Assassinate(_) => 4,
            Action::Steal(_) => 5,
            Action::Exchange => 6,
            _ => return None,
        },
        Input::Pass => 0,
        Input::Challenge => 1,
        Input::Block(c) if c.index() <= 4 => 2 + c.index(),
        _ => return None,
    })
}

/// The legal inputs by slot (`None` where no legal input takes it); `None` if a legal
/// input has no slot or two share one.
fn by_slot(legal: &[Input]) -> Option<[Option<Input>; SLOTS]> {
    let mut out = [None; SLOTS];
    for &i in legal {
        let s = slot(i)?;
        if out[s].is_some() {
            return None;
        }
        out[s] = Some(i);
    }
    Some(out)
}

/// `seat`'s decision in `game` as training weighs it: its situation's key and the legal
/// inputs by slot, if the abstraction covers it.
fn abstracted(game: &Game, seat: Seat, legal: &[Input]) -> Option<(u32, [Option<Input>; SLOTS])> {
    Some((Situation::in_game(game, seat)?.key(), by_slot(legal)?))
}

/// How much a character is worth keeping heads-up, for the decisions the abstraction
/// leaves to a fixed rule (losing a card, keeping cards after an Exchange).
fn worth(c: Card) -> u8 {
    match c {
        Card::Duke => 5,
        Card::Captain => 4,
        Card::Assassin => 3,
        Card::Contessa => 2,
        Card::Ambassador => 1,
        Card::Inquisitor => 0,
    }
}

/// The fixed rule's choice among `legal`, which are not choices of a situation.
fn by_rule(legal: &[Input]) -> Input {
    let score = |i: &Input| -> i32 {
        match i {
            Input::Lose(c) => -i32::from(worth(*c)),
            Input::Keep(k) => {
                let cards = k.cards();
                let distinct = cards.len() == 2 && cards[0] != cards[1];
                cards.iter().map(|c| i32::from(worth(*c))).sum::<i32>() * 2 + i32::from(distinct)
            }
            _ => 0,
        }
    };
    legal.iter().copied().max_by_key(score).unwrap_or(legal[0])
}

/// One situation's regrets and the sum of its strategies.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    regret: [f32; SLOTS],
    sum: [f32; SLOTS],
    visits: u32,
    /// The slots ever legal in it.
    legal: u8,
}

impl Node {
    /// Regret matching over the slots in `legal` (uniform while no regret is positive).
    fn strategy(&self, legal: &[Option<Input>; SLOTS]) -> [f32; SLOTS] {
        let mut s = [0.0; SLOTS];
        let mut total = 0.0;
        for i in 0..SLOTS {
            if legal[i].is_some() {
                s[i] = self.regret[i].max(0.0);
                total += s[i];
            }
        }
        if total <= 0.0 {
            let n = legal.iter().filter(|l| l.is_some()).count().max(1) as f32;
            for i in 0..SLOTS {
                s[i] = if legal[i].is_some() { 1.0 / n } else { 0.0 };
            }
        } else {
            for v in &mut s {
                *v /= total;
            }
        }
        s
    }
}

/// Samples a slot from `p` (which sums to 1 over the legal slots).
fn sample<R: Rng + ?Sized>(p: &[f32; SLOTS], legal: &[Option<Input>; SLOTS], rng: &mut R) -> Input {
    let mut x = rng.random::<f32>();
    let mut last = None;
    for i in 0..SLOTS {
        if let Some(input) = legal[i] {
            last = Some(input);
            if x < p[i] {
                return input;
            }
            x -= p[i];
        }
    }
    last.expect("a legal slot")
}

/// Self-play regret matching over [`Situation`]s.
#[derive(Default)]
pub struct Trainer {
    nodes: HashMap<u32, Node>,
    /// The share of the decisions met whose every choice is played out.
    pub probe: f32,
    /// Games trained so far.
    pub games: u64,
    /// Decisions met, and choices played out, so far.
    pub decisions: u64,
    pub rollouts: u64,
    inputs: Vec<Input>,
    /// The legal inputs of a rollout's step (`inputs` holds the game's meanwhile).
    rollout_inputs: Vec<Input>,
    events: Vec<Event>,
}

impl Trainer {
    /// A trainer that plays out every choice of `probe` of the decisions it meets.
    pub fn new(probe: f32) -> Trainer {
        Trainer {
            probe,
            ..Trainer::default()
        }
    }

    /// How many situations it has met.
    pub fn situations(&self) -> usize {
        self.nodes.len()
    }

    /// Trains on one game of the base game heads-up.
    pub fn train_game<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        if let Ok(game) = Game::deal(2, Options::default(), None, rng) {
            self.train_from(game, rng);
        }
    }

    /// Trains on the last two of a game of the base game dealt to `players` (3 or more):
    /// Normal bots play every seat until two are left, then it goes on as
    /// [`Trainer::train_game`] does. A game that ends first, or runs past the cap, trains
    /// nothing.
    pub fn train_endgame<R: Rng + ?Sized>(&mut self, players: usize, rng: &mut R) {
        let Ok(mut game) = Game::deal(players, Options::default(), None, rng) else {
            return;
        };
        // Normal bots as `make_bot` builds them, named here: the factory names Hard,
        // which reads this module's table.
        let mut bots: Vec<Normal> = (0..players)
            .map(|_| {
                let seed = rng.random();
                Normal::new(seed, Personality::from_seed(seed))
            })
            .collect();
        let mut legal = Vec::new();
        let budget = super::Budget::iterations(0);
        for _ in 0..CAP {
            let alive = (0..game.n).filter(|&s| game.alive(Seat(s))).count();
            if alive <= 2 {
                break;
            }
            let Some(seat) = game.owing().iter().next() else {
                return;
            };
            game.legal_inputs(seat, &mut legal);
            let Some(bot) = bots.get_mut(seat.index()).filter(|_| !legal.is_empty()) else {
                return;
            };
            let input = bot.decide(&game.view(seat), &legal, &budget);
            self.events.clear();
            if game.apply(seat, input, rng, &mut self.events).is_err() {
                return;
            }
        }
        if !game.is_over() && (0..game.n).filter(|&s| game.alive(Seat(s))).count() == 2 {
            self.train_from(game, rng);
        }
    }

    /// Trains on `game` from where it stands to its end.
    fn train_from<R: Rng + ?Sized>(&mut self, mut game: Game, rng: &mut R) {
        self.games += 1;
        let weight = self.games as f32;
        for _ in 0..CAP {
            let Some(seat) = game.owing().iter().next() else {
                break;
            };
            let mut legal = std::mem::take(&mut self.inputs);
            game.legal_inputs(seat, &mut legal);
            if legal.is_empty() {
                self.inputs = legal;
                break;
            }
            let input = match abstracted(&game, seat, &legal) {
                Some((key, slots)) => {
                    self.decisions += 1;
                    let node = self.nodes.entry(key).or_default();
                    let sigma = node.strategy(&slots);
                    node.visits += 1;
                    for (i, l) in slots.iter().enumerate() {
                        if l.is_some() {
                            node.legal |= 1 << i;
                        }
                    }
                    for (sum, p) in node.sum.iter_mut().zip(sigma) {
                        *sum += weight * p;
                    }
                    if slots.iter().flatten().count() > 1 && rng.random::<f32>() < self.probe {
                        let mut values = [0.0f32; SLOTS];
                        let mut mean = 0.0;
                        for i in 0..SLOTS {
                            if let Some(choice) = slots[i] {
                                values[i] = self.rollout(&game, seat, choice, rng);
                                self.rollouts += 1;
                                mean += sigma[i] * values[i];
                            }
                        }
                        let node = self.nodes.entry(key).or_default();
                        for i in 0..SLOTS {
                            if slots[i].is_some() {
                                node.regret[i] = (node.regret[i] + values[i] - mean).max(0.0);
                            }
                        }
                    }
                    sample(&sigma, &slots, rng)
                }
                None => by_rule(&legal),
            };
            self.inputs = legal;
            self.events.clear();
            if game.apply(seat, input, rng, &mut self.events).is_err() || game.is_over() {
                break;
            }
        }
    }

    /// Plays `choice` for `seat` in a copy of `game`, then both seats from the current
    /// strategy to the end: 1 if `seat` wins, 0 if it loses, its share of the cards and
    /// coins in play if the game is still on at the cap.
    fn rollout<R: Rng + ?Sized>(
        &mut self,
        game: &Game,
        seat: Seat,
        choice: Input,
        rng: &mut R,
    ) -> f32 {
        let mut g = game.clone();
        let mut events = std::mem::take(&mut self.events);
        let mut legal = std::mem::take(&mut self.rollout_inputs);
        events.clear();
        let mut ok = g.apply(seat, choice, rng, &mut events).is_ok();
        let mut steps = 0;
        while ok && !g.is_over() && steps < CAP {
            steps += 1;
            let Some(s) = g.owing().iter().next() else {
                break;
            };
            g.legal_inputs(s, &mut legal);
            if legal.is_empty() {
                break;
            }
            let input = match abstracted(&g, s, &legal) {
                Some((key, slots)) => {
                    let sigma = self
                        .nodes
                        .get(&key)
                        .copied()
                        .unwrap_or_default()
                        .strategy(&slots);
                    sample(&sigma, &slots, rng)
                }
                None => by_rule(&legal),
            };
            events.clear();
            ok = g.apply(s, input, rng, &mut events).is_ok();
        }
        self.events = events;
        self.rollout_inputs = legal;
        super::knowledge::playout_score(&g, seat)
    }

    /// The average strategy of every situation met at least `min_visits` times.
    pub fn table(&self, min_visits: u32) -> Strategy {
        self.table_limiting(min_visits, 0.0)
    }

    /// [`Trainer::table`], less the situations where every choice ever legal has at
    /// least `share` of the weight (0: none left out): where a share of at most that
    /// limits the search ([`Strategy::shares`]), those situations limit nothing (whenever the
    /// legal choices are among those training met there), and the table does the same
    /// without them.
    pub fn table_limiting(&self, min_visits: u32, share: f32) -> Strategy {
        let mut entries: Vec<(u32, [u8; SLOTS])> = self
            .nodes
            .iter()
            .filter(|(_, n)| n.visits >= min_visits)
            .filter_map(|(&k, n)| {
                let total: f32 = n.sum.iter().sum();
                if total <= 0.0 {
                    return None;
                }
                let q = n
                    .sum
                    .map(|x| (x / total * 255.0).round().clamp(0.0, 255.0) as u8);
                let legal: u32 = (0..SLOTS)
                    .filter(|&i| n.legal & (1 << i) != 0)
                    .map(|i| u32::from(q[i]))
                    .sum();
                let limits = (0..SLOTS)
                    .any(|i| n.legal & (1 << i) != 0 && (f32::from(q[i]) < share * legal as f32));
                (share <= 0.0 || limits).then_some((k, q))
            })
            .collect();
        entries.sort_by_key(|e| e.0);
        Strategy { entries }
    }
}

/// A heads-up strategy: for each situation, its choices' weights in 255ths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Strategy {
    entries: Vec<(u32, [u8; SLOTS])>,
}

/// The table Hard plays with ([`shipped`]), as [`Strategy::to_bytes`] wrote it. Made by
/// `coup-heads-up --games 15000000 --seed 2 --min-visits 1000 --limiting 0.01 --out
/// shared/src/bots/heads_up.table` (BENCHMARKS.md, "Bots"): the situations met 1,000
/// times or more where some choice has less than 1% of the weight.
static SHIPPED: &[u8] = include_bytes!("heads_up.table");

/// The table Hard plays with, read once; `None` if it is empty or not a table.
pub fn shipped() -> Option<Arc<Strategy>> {
    static TABLE: OnceLock<Option<Arc<Strategy>>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            Strategy::from_bytes(SHIPPED)
                .filter(|t| !t.is_empty())
                .map(Arc::new)
        })
        .clone()
}

/// The size of one entry in [`Strategy::to_bytes`].
const ENTRY: usize = 4 + SLOTS;

impl Strategy {
    /// How many situations it covers.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it covers none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The table as bytes: each entry its key (little-endian) and its weights, by key.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.entries.len() * ENTRY);
        for (k, w) in &self.entries {
            out.extend_from_slice(&k.to_le_bytes());
            out.extend_from_slice(w);
        }
        out
    }

    /// A table from [`Strategy::to_bytes`]; `None` if the bytes are not one (a length that is
    /// not a whole number of entries, keys out of order).
    pub fn from_bytes(bytes: &[u8]) -> Option<Strategy> {
        if !bytes.len().is_multiple_of(ENTRY) {
            return None;
        }
        let mut entries = Vec::with_capacity(bytes.len() / ENTRY);
        for chunk in bytes.chunks_exact(ENTRY) {
            let key = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            if entries.last().is_some_and(|(k, _)| *k >= key) {
                return None;
            }
            let mut w = [0u8; SLOTS];
            w.copy_from_slice(&chunk[4..]);
            entries.push((key, w));
        }
        Some(Strategy { entries })
    }

    /// The weights of `situation`'s choices, if the table covers it.
    pub fn weights(&self, situation: &Situation) -> Option<[u8; SLOTS]> {
        let key = situation.key();
        self.entries
            .binary_search_by_key(&key, |e| e.0)
            .ok()
            .map(|i| self.entries[i].1)
    }

    /// The weight of each legal choice in `situation` and their total, if the table
    /// covers it and gives weight to a legal choice.
    fn legal_weights(
        &self,
        situation: &Situation,
        legal: &[Input],
    ) -> Option<(Vec<(Input, u32)>, u32)> {
        let weights = self.weights(situation)?;
        let slots = by_slot(legal)?;
        let legal: Vec<(Input, u32)> = (0..SLOTS)
            .filter_map(|i| slots[i].map(|input| (input, u32::from(weights[i]))))
            .collect();
        let total = legal.iter().map(|(_, w)| w).sum();
        (total > 0).then_some((legal, total))
    }

    /// Each legal choice's share of the table's weight in `situation`, if the table
    /// covers it and gives weight to a legal choice.
    pub fn shares(&self, situation: &Situation, legal: &[Input]) -> Option<Vec<(Input, f32)>> {
        let (weights, total) = self.legal_weights(situation, legal)?;
        Some(
            weights
                .into_iter()
                .map(|(input, w)| (input, w as f32 / total as f32))
                .collect(),
        )
    }

    /// A choice among `legal` for `situation`, drawn from the table's weights (`x` a
    /// uniform number in `[0, 1)`); `None` if the table does not cover it or gives no
    /// weight to any legal choice.
    pub fn choose(&self, situation: &Situation, legal: &[Input], x: f32) -> Option<Input> {
        let (weights, total) = self.legal_weights(situation, legal)?;
        let mut pick = (x.clamp(0.0, 0.999_999) * total as f32) as u32;
        for (input, w) in weights {
            if pick < w {
                return Some(input);
            }
            pick -= w;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_situation_reads_the_same_from_the_game_and_from_the_seats_view() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for (players, least) in [(2, 500), (4, 100)] {
            let mut met = 0;
            for _ in 0..50 {
                let mut game =
                    Game::deal(players, Options::default(), None, &mut rng).expect("a deal");
                let mut legal = Vec::new();
                let mut events = Vec::new();
                while !game.is_over() {
                    let seat = game.owing().iter().next().expect("someone owes");
                    let from_game = Situation::in_game(&game, seat);
                    assert_eq!(from_game, Situation::in_view(&game.view(seat)));
                    let alive = (0..players as u8).filter(|&s| game.alive(Seat(s))).count();
                    if alive > 2 {
                        assert_eq!(from_game, None, "only two players left are heads-up");
                    }
                    if from_game.is_some() {
                        met += 1;
                    }
                    game.legal_inputs(seat, &mut legal);
                    let input = legal[rng.random_range(0..legal.len())];
                    game.apply(seat, input, &mut rng, &mut events)
                        .expect("legal");
                }
            }
            assert!(met > least, "{players} players: {met} heads-up decisions");
        }
    }

    #[test]
    fn the_shipped_table_reads_and_limits_a_choice_wherever_it_has_a_say() {
        let table = shipped().expect("a table ships");
        assert!(table.len() > 1_000, "{} situations", table.len());
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut legal = Vec::new();
        let mut covered = 0;
        for _ in 0..200 {
            let game = Game::deal(2, Options::default(), None, &mut rng).expect("a deal");
            let seat = game.owing().iter().next().expect("someone owes");
            let situation = Situation::in_game(&game, seat).expect("its own action");
            game.legal_inputs(seat, &mut legal);
            let Some(shares) = table.shares(&situation, &legal) else {
                continue;
            };
            covered += 1;
            let total: f32 = shares.iter().map(|s| s.1).sum();
            assert!((total - 1.0).abs() < 1e-4, "{shares:?}");
            assert!(
                shares.iter().any(|s| s.1 < 0.01),
                "it limits a choice: {shares:?}"
            );
        }
        assert!(covered > 20, "{covered} of 200 first turns");
    }

    #[test]
    fn training_on_the_last_two_of_larger_games_meets_their_situations() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut t = Trainer::new(0.3);
        for players in [3, 4, 6] {
            let before = (t.games, t.decisions);
            for _ in 0..40 {
                t.train_endgame(players, &mut rng);
            }
            assert!(
                t.games > before.0,
                "{players} players: some games came down to two"
            );
            assert!(
                t.decisions > before.1,
                "{players} players: and were trained on"
            );
        }
        assert!(t.situations() > 50, "{}", t.situations());
    }

    #[test]
    fn a_table_less_what_limits_nothing_keeps_each_situation_that_limits_a_choice() {
        let mut rng = ChaCha8Rng::seed_from_u64(13);
        let mut t = Trainer::new(0.3);
        for _ in 0..2_000 {
            t.train_game(&mut rng);
        }
        let whole = t.table(5);
        let limiting = t.table_limiting(5, 0.05);
        assert!(
            !limiting.is_empty() && limiting.len() < whole.len(),
            "{} of {}",
            limiting.len(),
            whole.len()
        );
        let mut kept = limiting.entries.iter().peekable();
        for (key, w) in &whole.entries {
            let node = t.nodes[key];
            let legal: Vec<usize> = (0..SLOTS).filter(|&i| node.legal & (1 << i) != 0).collect();
            let total: u32 = legal.iter().map(|&i| u32::from(w[i])).sum();
            let limits = legal.iter().any(|&i| f32::from(w[i]) < 0.05 * total as f32);
            if kept.peek().is_some_and(|(k, _)| k == key) {
                assert!(limits, "kept, and limits a choice");
                assert_eq!(kept.next().map(|e| e.1), Some(*w), "with the same weights");
            } else {
                assert!(!limits, "left out, and limits nothing");
            }
        }
        assert!(kept.next().is_none());
    }

    #[test]
    fn a_table_survives_its_bytes_and_refuses_bytes_that_are_not_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut t = Trainer::new(0.5);
        for _ in 0..200 {
            t.train_game(&mut rng);
        }
        let table = t.table(1);
        assert!(table.len() > 50, "{} situations", table.len());
        let bytes = table.to_bytes();
        assert_eq!(Strategy::from_bytes(&bytes), Some(table));
        assert_eq!(Strategy::from_bytes(&bytes[1..]), None, "not whole entries");
        let mut swapped = bytes.clone();
        let (a, b) = swapped.split_at_mut(ENTRY);
        a.swap_with_slice(&mut b[..ENTRY]);
        assert_eq!(Strategy::from_bytes(&swapped), None, "keys out of order");
        assert_eq!(Strategy::from_bytes(&[]), Some(Strategy::default()));
    }

    #[test]
    fn a_choice_from_the_table_is_legal_and_follows_its_weights() {
        let situation = Situation {
            context: 1,
            hand: 5 + 5 * 2 + 4,
            opponent_lives: 2,
            coins: 1,
            opponent_coins: 2,
            seen: 0,
        };
        let mut w = [0u8; SLOTS];
        w[0] = 64;
        w[1] = 191;
        let table = Strategy {
            entries: vec![(situation.key(), w)],
        };
        let legal = [Input::Pass, Input::Challenge];
        assert_eq!(table.choose(&situation, &legal, 0.0), Some(Input::Pass));
        assert_eq!(table.choose(&situation, &legal, 0.2), Some(Input::Pass));
        assert_eq!(
            table.choose(&situation, &legal, 0.3),
            Some(Input::Challenge)
        );
        assert_eq!(
            table.choose(&situation, &legal, 0.999),
            Some(Input::Challenge)
        );
        // A choice the table gives no weight, alone: the table has nothing to say.
        assert_eq!(
            table.choose(&situation, &[Input::Block(Card::Duke)], 0.5),
            None
        );
        let other = Situation {
            seen: 2,
            ..situation
        };
        assert_eq!(table.choose(&other, &legal, 0.5), None, "not covered");
    }

    /// R4 (a Coup costs 7 and nobody blocks it), R9.5: with seven coins against an
    /// opponent on its last card, a Coup wins the game at once and nothing stops it; with
    /// two cards left, it does not. Training learns to coup the first far more often than
    /// play at random would, and than it coups with the same coins against two cards.
    #[test]
    fn training_learns_the_coup_that_wins_the_game() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut t = Trainer::new(0.3);
        for _ in 0..6_000 {
            t.train_game(&mut rng);
        }
        let table = t.table(10);
        // Its own action with 7–9 coins, by the opponent's cards left: the weight on a
        // Coup, and in all.
        let mut coup = [(0u32, 0u32); 2];
        for (key, w) in &table.entries {
            let coins = (key / 4 / 6) % 6;
            let lives = ((key / 4 / 6 / 6) % 2) as usize;
            let context = key / (30 * 2 * 6 * 6 * 4);
            if context == 0 && coins == 4 {
                coup[lives].0 += u32::from(w[2]);
                coup[lives].1 += w.iter().map(|&x| u32::from(x)).sum::<u32>();
            }
        }
        let rate = |i: usize| coup[i].0 as f32 / coup[i].1.max(1) as f32;
        assert!(coup[0].1 > 0 && coup[1].1 > 0, "{coup:?}");
        // At random, a Coup would be one of five to seven legal actions.
        assert!(rate(0) > 0.3, "against the last card: {}", rate(0));
        assert!(
            rate(1) < rate(0) - 0.1,
            "against two: {} and {}",
            rate(1),
            rate(0)
        );
    }
}
