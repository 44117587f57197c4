//! The Normal policy: strong heuristics on card counting and beliefs.
//!
//! Every decision is a small expected-value comparison in "coin equivalents": an
//! influence is worth about a Coup (more when it is the last one), a lie costs the chance
//! it is called times what a lost challenge costs, a challenge pays the chance the claim
//! is false times what the liar loses. The functions read a [`Knowledge`] and [`Reads`], so
//! the same policy decides real turns (from beliefs over the view's history) and every
//! turn inside Hard's playouts (from counting alone).

use rand::Rng;

use super::beliefs::Reads;
use super::knowledge::Knowledge;
use super::personality::Personality;
use crate::engine::{
    Action, ActionKind, Allegiance, Card, Claimed, Input, Keep, Pending, Seat, WindowKind,
};

/// The constants of the heuristic policy, in coin equivalents. [`Tuning::NORMAL`] is the
/// Normal bot's; Hard plays [`Tuning::HARD`], found by tournaments against Normal (see
/// BENCHMARKS.md). Every field can be set by name ([`Tuning::set`]) for such tournaments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// The cost of losing an influence when one has two.
    pub influence: f32,
    /// The cost of losing one's last influence: the game.
    pub last_influence: f32,
    /// What taking an opponent's last influence is worth while others remain.
    pub kill_last: f32,
    /// Threat: weight of an opponent's coins.
    pub threat_coins: f32,
    /// Threat: weight of an opponent's influences.
    pub threat_lives: f32,
    /// Threat: weight of the chance an opponent holds an Assassin.
    pub threat_assassin: f32,
    /// Threat: weight of the chance an opponent holds a Duke.
    pub threat_duke: f32,
    /// How much a Coup prefers the most threatening target.
    pub coup_threat: f32,
    /// How much an Assassination prefers the most threatening target.
    pub assassin_threat: f32,
    /// How much a Steal prefers the most threatening target.
    pub steal_threat: f32,
    /// Lie cost multiplier at boldness 0 (boldness is subtracted).
    pub caution: f32,
    /// Challenge threshold at suspicion 0 (suspicion is subtracted).
    pub doubt: f32,
    /// The value of Income.
    pub income: f32,
    /// Multiplier on the value of an Exchange.
    pub exchange: f32,
    /// Multiplier on the value of an Examine.
    pub examine: f32,
    /// Multiplier on the value of Foreign Aid.
    pub aid: f32,
    /// Multiplier on what a bluffed block is willing to risk.
    pub block_bluff: f32,
    /// Random noise added to action scores (variety between near-equal choices).
    pub noise: f32,
    /// How many powers of ten more a claimed action's lie costs against opponents who may
    /// challenge, on top of its chance of being called: the full power while any opponent
    /// may be one who challenges, falling to none as the record shows every opponent to be
    /// one who never does ([`Reads::silent`]; 0: lies priced by their chance alone).
    pub doubted: f32,
}

/// Every [`Tuning`] field's name, in declaration order.
pub const TUNING_NAMES: [&str; 19] = [
    "influence",
    "last_influence",
    "kill_last",
    "threat_coins",
    "threat_lives",
    "threat_assassin",
    "threat_duke",
    "coup_threat",
    "assassin_threat",
    "steal_threat",
    "caution",
    "doubt",
    "income",
    "exchange",
    "examine",
    "aid",
    "block_bluff",
    "noise",
    "doubted",
];

impl Tuning {
    /// The Normal bot's constants.
    pub const NORMAL: Tuning = Tuning {
        influence: 8.0,
        last_influence: 24.0,
        kill_last: 14.0,
        threat_coins: 1.0,
        threat_lives: 4.0,
        threat_assassin: 3.0,
        threat_duke: 2.0,
        coup_threat: 1.2,
        assassin_threat: 0.2,
        steal_threat: 0.05,
        caution: 1.45,
        doubt: 1.8,
        income: 1.0,
        exchange: 1.0,
        examine: 1.0,
        aid: 1.0,
        block_bluff: 1.0,
        noise: 0.3,
        doubted: 0.0,
    };

    /// The Normal bot's constants in 2-player games. Heads-up a player who never bluffs
    /// an action beats one who bluffs at the larger game's rate, and bluffed blocks pay
    /// only where the one opponent seldom challenges them (BENCHMARKS.md): Normal claims
    /// an action it does not hold only once the record shows an opponent who lets claims
    /// pass, and risks a third as much on a bluffed block.
    pub const NORMAL_HEADS_UP: Tuning = Tuning {
        doubted: 6.0,
        block_bluff: 0.35,
        ..Tuning::NORMAL
    };

    /// Hard's constants: tuned by coordinate search in tournaments of one tuned seat
    /// against three Normal bots, then against tables of the opponent styles
    /// (`examples/tune.rs`, BENCHMARKS.md). They play a patient, honest game: an influence
    /// is worth twice as much, the last one far more, and a lie is priced a hundred times
    /// its risk, so the heuristic claims only what it holds (the search still bluffs where
    /// its playouts find it clearly pays); it never bluffs a block it can lose, finishes a
    /// player on its last card as readily as Normal does, and prefers two coins to one.
    pub const HARD: Tuning = Tuning {
        influence: 16.0,
        last_influence: 150.0,
        threat_lives: 0.0,
        caution: 100.0,
        doubt: 1.8,
        income: 0.0,
        block_bluff: 0.0,
        ..Tuning::NORMAL
    };

    /// Hard's constants in 2-player games, tuned the same way in 2-player games; then,
    /// against a best response and the styles, a lie priced a hundred times its risk
    /// while the one opponent may be a player who challenges (`doubted`, read from
    /// Hard's own prior: `Search::doubt_prior_heads_up`), which took the best response's
    /// wins from 60.5% to 57.9% (BENCHMARKS.md, "Bots").
    pub const HARD_HEADS_UP: Tuning = Tuning {
        influence: 21.28,
        last_influence: 255.36,
        kill_last: 0.0,
        threat_lives: 0.0,
        caution: 1.85,
        doubt: 2.0,
        income: 0.0,
        exchange: 1.33,
        // Head to head, every Foreign Aid meets the one opponent's Duke claim.
        aid: 0.0,
        block_bluff: 0.0,
        noise: 0.0,
        doubted: 2.0,
        ..Tuning::NORMAL
    };

    /// The field called `name`.
    fn field(&mut self, name: &str) -> Option<&mut f32> {
        Some(match name {
            "influence" => &mut self.influence,
            "last_influence" => &mut self.last_influence,
            "kill_last" => &mut self.kill_last,
            "threat_coins" => &mut self.threat_coins,
            "threat_lives" => &mut self.threat_lives,
            "threat_assassin" => &mut self.threat_assassin,
            "threat_duke" => &mut self.threat_duke,
            "coup_threat" => &mut self.coup_threat,
            "assassin_threat" => &mut self.assassin_threat,
            "steal_threat" => &mut self.steal_threat,
            "caution" => &mut self.caution,
            "doubt" => &mut self.doubt,
            "income" => &mut self.income,
            "exchange" => &mut self.exchange,
            "examine" => &mut self.examine,
            "aid" => &mut self.aid,
            "block_bluff" => &mut self.block_bluff,
            "noise" => &mut self.noise,
            "doubted" => &mut self.doubted,
            _ => return None,
        })
    }

    /// Sets the field called `name` to `value`, which must be finite and within ±1000.
    pub fn set(&mut self, name: &str, value: f32) -> Result<(), String> {
        if !value.is_finite() || value.abs() > 1000.0 {
            return Err(format!("{name}: {value} is out of range"));
        }
        let f = self
            .field(name)
            .ok_or_else(|| format!("unknown tuning {name:?}"))?;
        *f = value;
        Ok(())
    }
}

/// How much a bot wants to keep a card, given the position.
pub fn keep_value(t: &Knowledge, r: &Reads, card: Card) -> f32 {
    let assassins_about = t
        .opponents()
        .map(|o| r.p(o, Card::Assassin))
        .fold(0.0f32, f32::max);
    match card {
        Card::Duke => 6.0,
        Card::Assassin => 5.0 + if t.my_coins() >= 3 { 0.5 } else { 0.0 },
        Card::Captain => 4.5,
        // The Contessa matters exactly when someone may assassinate us.
        Card::Contessa => 3.5 + 3.0 * assassins_about,
        Card::Inquisitor => 3.5,
        Card::Ambassador => {
            if t.alive_count() <= 2 {
                2.0
            } else {
                3.0
            }
        }
    }
}

/// The heuristic policy with a personality.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    pub personality: Personality,
    /// The constants while three or more players remain.
    pub tuning: Tuning,
    /// The constants in 2-player games: heads-up Coup rewards different play.
    pub heads_up: Tuning,
}

impl Policy {
    /// A Normal policy with `personality`.
    pub const fn new(personality: Personality) -> Policy {
        Policy {
            personality,
            tuning: Tuning::NORMAL,
            heads_up: Tuning::NORMAL_HEADS_UP,
        }
    }

    /// An average player: Normal's judgement with the larger game's constants at every
    /// table size (what Hard's playouts and the opponent styles play).
    pub const fn average(personality: Personality) -> Policy {
        Policy {
            personality,
            tuning: Tuning::NORMAL,
            heads_up: Tuning::NORMAL,
        }
    }

    /// Hard's heuristic with `personality`.
    pub const fn hard(personality: Personality) -> Policy {
        Policy {
            personality,
            tuning: Tuning::HARD,
            heads_up: Tuning::HARD_HEADS_UP,
        }
    }

    /// Sets the constant called `name` to `value` in both tunings, the larger game's and
    /// the 2-player game's ([`Tuning::set`]).
    pub fn set(&mut self, name: &str, value: f32) -> Result<(), String> {
        self.tuning.set(name, value)?;
        self.heads_up.set(name, value)
    }

    /// This policy with the constants for the game's player count: a 2-player game, not
    /// the last two of a larger one, whose own endgame plays better with the larger
    /// game's constants (BENCHMARKS.md, "Bots", "Hard's search constants").
    fn active(&self, t: &Knowledge) -> Policy {
        let mut p = *self;
        if t.n <= 2 {
            p.tuning = self.heads_up;
        }
        p
    }

    /// What `seat` losing one influence is worth to its opponents.
    fn kill_value(&self, t: &Knowledge, seat: Seat) -> f32 {
        if t.lives[seat.index()] <= 1 {
            // Eliminating the last opponent wins the game.
            if t.alive_count() <= 2 {
                100.0
            } else {
                self.tuning.kill_last
            }
        } else {
            self.tuning.influence
        }
    }

    /// What losing one of my influences costs me.
    fn my_loss(&self, t: &Knowledge) -> f32 {
        if t.my_lives() <= 1 {
            self.tuning.last_influence
        } else {
            self.tuning.influence
        }
    }

    /// Decides among `legal` (non-empty). Always returns an element of `legal`.
    pub fn decide<R: Rng + ?Sized>(
        &self,
        t: &Knowledge,
        r: &Reads,
        rng: &mut R,
        legal: &[Input],
    ) -> Input {
        let fallback = legal.first().copied().unwrap_or(Input::Pass);
        if legal.len() <= 1 {
            return fallback;
        }
        self.active(t).decide_with(t, r, rng, legal, fallback)
    }

    /// [`Policy::decide`] with the constants already chosen.
    fn decide_with<R: Rng + ?Sized>(
        &self,
        t: &Knowledge,
        r: &Reads,
        rng: &mut R,
        legal: &[Input],
        fallback: Input,
    ) -> Input {
        let chosen = match t.pending {
            Pending::Action { .. } => self.act(t, r, rng, legal),
            Pending::Respond { window } => self.respond(t, r, window.kind, legal),
            Pending::LoseInfluence { .. } => t
                .mine()
                .iter()
                .min_by(|a, b| keep_value(t, r, **a).total_cmp(&keep_value(t, r, **b)))
                .map(|c| Input::Lose(*c)),
            // R7.2: show the card we mind least being forced to exchange.
            Pending::ExamineShow { .. } => t
                .mine()
                .iter()
                .min_by(|a, b| keep_value(t, r, **a).total_cmp(&keep_value(t, r, **b)))
                .map(|c| Input::Show(*c)),
            Pending::ExamineDecide { card, .. } => Some(match card {
                // Send a strong card back to the Court; give a weak one back.
                Some(Card::Duke | Card::Assassin | Card::Captain) => Input::ForceExchange,
                Some(Card::Contessa) if t.holds(Card::Assassin) => Input::ForceExchange,
                _ => Input::GiveBack,
            }),
            Pending::Exchange { .. } => best_keep(t, r, legal),
            Pending::Draft { .. } => legal
                .iter()
                .max_by(|a, b| {
                    let v = |i: &Input| match i {
                        Input::Draft(c) => keep_value(t, r, *c),
                        _ => 0.0,
                    };
                    v(a).total_cmp(&v(b))
                })
                .copied(),
            Pending::ChooseAllegiance { .. } => Some(Input::Allegiance(if rng.random_bool(0.5) {
                Allegiance::Loyalist
            } else {
                Allegiance::Reformist
            })),
            Pending::GameOver { .. } => None,
        };
        match chosen {
            Some(i) if legal.contains(&i) => i,
            _ => fallback,
        }
    }

    /// Whether `input` is right whatever the hidden cards are, so no search can improve
    /// on it: a Coup that ends the game, a challenge of a claim whose every copy this seat
    /// sees, a block with a held card against an assassination of our last card.
    pub fn is_sure(&self, t: &Knowledge, input: Input) -> bool {
        let Some(turn) = t
            .turn
            .filter(|_| matches!(t.pending, Pending::Respond { .. }))
        else {
            return match input {
                Input::Act(Action::Coup(v)) => t.alive_count() == 2 && t.lives[v.index()] == 1,
                _ => false,
            };
        };
        match input {
            Input::Challenge => {
                let claimed = match t.pending {
                    Pending::Respond { window } if window.kind == WindowKind::BlockChallenge => {
                        turn.block.map(|(_, c)| c)
                    }
                    _ => match turn.action.claim(t.options) {
                        Some(Claimed::Card(c)) => Some(c),
                        _ => None,
                    },
                };
                claimed.is_some_and(|c| t.all_copies_seen(c))
            }
            Input::Block(c) => {
                t.holds(c) && turn.action.kind() == ActionKind::Assassinate && t.my_lives() <= 1
            }
            _ => false,
        }
    }

    /// The chance the claim open to a challenge (the action's, or the block's) is true, by
    /// `r`; 0 when no claim is open.
    pub fn p_claim_true(&self, t: &Knowledge, r: &Reads) -> f32 {
        let (Some(turn), Pending::Respond { window }) = (t.turn, t.pending) else {
            return 0.0;
        };
        match window.kind {
            WindowKind::BlockChallenge => {
                turn.block.map_or(
                    0.0,
                    |(b, c)| {
                        if t.all_copies_seen(c) { 0.0 } else { r.p(b, c) }
                    },
                )
            }
            WindowKind::Challenge => match turn.action.claim(t.options) {
                Some(Claimed::Card(c)) if t.all_copies_seen(c) => 0.0,
                Some(Claimed::Card(c)) => r.p(turn.actor, c),
                Some(Claimed::NotDuke) => 1.0 - r.p(turn.actor, Card::Duke),
                None => 0.0,
            },
            WindowKind::Block => 0.0,
        }
    }

    /// How dangerous `seat` is to us.
    fn threat(&self, t: &Knowledge, r: &Reads, seat: Seat) -> f32 {
        let i = seat.index();
        let k = &self.tuning;
        let mut x = k.threat_coins * f32::from(t.coins[i])
            + k.threat_lives * f32::from(t.lives[i])
            + k.threat_assassin * r.p(seat, Card::Assassin)
            + k.threat_duke * r.p(seat, Card::Duke);
        if t.grudge == Some(seat) {
            x += 5.0 * self.personality.vengefulness;
        }
        if t.limited(seat, t.me) {
            // R8.1: they may not attack us while we share an allegiance.
            x *= 0.5;
        }
        x
    }

    /// The chance that someone challenges our claim of `card`.
    fn p_called(&self, t: &Knowledge, r: &Reads, card: Card) -> f32 {
        let copies = f32::from(t.copies[card.index()].max(1));
        let public = f32::from(t.face_up[card.index()]) / copies;
        let mut pass = 1.0;
        for o in t.opponents() {
            let q = r.challenge_rate[o.index()]
                * r.challenge_factor[o.index()][card.index()]
                * (0.5 + 1.5 * r.p(o, card))
                + 0.35 * public;
            pass *= 1.0 - q.min(0.95);
        }
        1.0 - pass
    }

    /// The chance that `seat` challenges our claim of `card` (a block).
    fn p_called_by(&self, t: &Knowledge, r: &Reads, seat: Seat, card: Card) -> f32 {
        let copies = f32::from(t.copies[card.index()].max(1));
        if t.face_up[card.index()] >= t.copies[card.index()] {
            return 1.0;
        }
        let public = f32::from(t.face_up[card.index()]) / copies;
        let rate = r.challenge_rate[seat.index()] * r.challenge_factor[seat.index()][card.index()];
        (rate * (0.8 + 1.5 * r.p(seat, card)) + 0.4 * public).min(0.95)
    }

    /// The expected cost of claiming `card` with `stake` coins riding on it.
    fn lie_cost(&self, t: &Knowledge, r: &Reads, card: Card, stake: f32) -> f32 {
        if t.holds(card) {
            // An honest claim: a challenge only costs the challenger.
            return -0.3;
        }
        if t.all_copies_seen(card) && t.face_up[card.index()] >= t.copies[card.index()] {
            // Everyone can see that we cannot hold it.
            return 50.0;
        }
        let caution = self.tuning.caution - self.personality.boldness;
        self.p_called(t, r, card) * (self.my_loss(t) + stake) * caution * self.doubt_price(t, r)
    }

    /// How many times more a lie costs than its chance of being called says: ten to the
    /// [`Tuning::doubted`] while an opponent may be one who challenges, to the share of
    /// it left by the chance that every opponent is one who never does.
    fn doubt_price(&self, t: &Knowledge, r: &Reads) -> f32 {
        let d = self.tuning.doubted;
        if d <= 0.0 {
            return 1.0;
        }
        let silent = t
            .opponents()
            .map(|o| r.silent[o.index()])
            .fold(1.0f32, f32::min);
        10f32.powf(d * (1.0 - silent.clamp(0.0, 1.0)))
    }

    /// Scores each legal action and takes the best.
    fn act<R: Rng + ?Sized>(
        &self,
        t: &Knowledge,
        r: &Reads,
        rng: &mut R,
        legal: &[Input],
    ) -> Option<Input> {
        let mut best: Option<(f32, Input)> = None;
        for &input in legal {
            let Input::Act(a) = input else { continue };
            let s = self.score_with(t, r, a) + self.tuning.noise * rng.random::<f32>();
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, input));
            }
        }
        best.map(|(_, i)| i)
    }

    /// The value of an action in coin equivalents (see the module docs).
    pub fn score_action(&self, t: &Knowledge, r: &Reads, a: Action) -> f32 {
        self.active(t).score_with(t, r, a)
    }

    /// [`Policy::score_action`] with the constants already chosen.
    fn score_with(&self, t: &Knowledge, r: &Reads, a: Action) -> f32 {
        let me = t.me;
        let exchanger = t.exchanger();
        match a {
            Action::Income => self.tuning.income,
            Action::ForeignAid => {
                let mut pass = 1.0;
                for o in t.opponents() {
                    if !t.limited(o, me) {
                        pass *= 1.0 - (0.8 * r.p(o, Card::Duke) + 0.05);
                    }
                }
                (2.0 * pass + 0.05) * self.tuning.aid
            }
            Action::Tax => 3.0 - self.lie_cost(t, r, Card::Duke, 0.0),
            Action::Steal(v) => {
                let amount = f32::from(t.coins[v.index()].min(2));
                let blockers = 1.0 - (1.0 - r.p(v, Card::Captain)) * (1.0 - r.p(v, exchanger));
                let p_block = 0.9 * blockers + 0.1;
                let deny = if t.coins[v.index()] >= 7 { 1.5 } else { 0.5 };
                let target = self.tuning.steal_threat * self.threat(t, r, v);
                // Everything a Steal brings is lost if it is blocked (and a block that
                // stood before is likely to stand again).
                (amount + deny + target) * (1.0 - p_block)
                    - self.lie_cost(t, r, Card::Captain, 0.0).max(0.0)
            }
            Action::Assassinate(v) => {
                let pc = r.p(v, Card::Contessa);
                let bluff = if t.lives[v.index()] <= 1 { 0.4 } else { 0.12 };
                // A Contessa that stopped our last two assassinations, unchallenged, from
                // the same hand stops this one too.
                let p_block = if t.walled(v) {
                    1.0
                } else {
                    0.95 * pc + bluff * (1.0 - pc)
                };
                let gain =
                    self.kill_value(t, v) + self.tuning.assassin_threat * self.threat(t, r, v);
                gain * (1.0 - p_block) - 3.0 - self.lie_cost(t, r, Card::Assassin, 3.0)
            }
            Action::Coup(v) => {
                // Certain: worth more than anything else we could do with the coins.
                self.kill_value(t, v) + 4.0 + self.tuning.coup_threat * self.threat(t, r, v)
            }
            Action::Exchange => {
                let strong = t
                    .mine()
                    .iter()
                    .filter(|c| matches!(c, Card::Duke | Card::Assassin | Card::Captain))
                    .count();
                let mut v = match strong {
                    0 => 2.6,
                    1 if t.my_lives() >= 2 => 1.0,
                    _ => 0.2,
                };
                if t.options.inquisitor {
                    // One card drawn, not two.
                    v *= 0.7;
                }
                // The endgame: never loop on exchanges.
                if t.recent_exchanges >= 1 && t.alive_count() <= 2 {
                    v -= 3.0;
                }
                v -= 1.5 * f32::from(t.recent_exchanges);
                v * self.tuning.exchange - self.lie_cost(t, r, exchanger, 0.0)
            }
            Action::Examine(v) => {
                let strong = r.p(v, Card::Duke).max(r.p(v, Card::Assassin));
                let mut value = 0.8 + 1.2 * strong + 0.04 * self.threat(t, r, v);
                if t.lives[v.index()] <= 1 {
                    value += 0.5;
                }
                // Never loop on Examines: each repeat is worth less.
                value -= 0.8 * f32::from(t.recent_exchanges);
                if t.alive_count() <= 2 && t.recent_exchanges >= 1 {
                    value -= 1.0;
                }
                value * self.tuning.examine - self.lie_cost(t, r, Card::Inquisitor, 0.0)
            }
            Action::Embezzle => {
                // R8.4: an honest Embezzlement (no Duke) is safe; a Duke holder bluffs.
                let take = f32::from(t.reserve);
                if t.holds(Card::Duke) {
                    let caution = self.tuning.caution - self.personality.boldness;
                    take - self.p_called(t, r, Card::Duke)
                        * 0.6
                        * self.my_loss(t)
                        * caution
                        * self.doubt_price(t, r)
                } else {
                    take + 0.3
                }
            }
            Action::Convert(target) => self.score_convert(t, r, target),
        }
    }

    /// R8.3: a Conversion is worth the safety it buys (threats that may no longer attack
    /// us) and the reach (targets we may attack), minus its price.
    fn score_convert(&self, t: &Knowledge, r: &Reads, target: Seat) -> f32 {
        let mut after = *t;
        if let Some(a) = after.allegiance[target.index()] {
            after.allegiance[target.index()] = Some(a.other());
        }
        let cost = if target == t.me { 1.0 } else { 2.0 };
        let danger = |tb: &Knowledge| -> f32 {
            tb.opponents()
                .filter(|&o| !tb.limited(o, tb.me))
                .map(|o| 0.3 * f32::from(tb.coins[o.index()]) + 2.0 * r.p(o, Card::Assassin))
                .sum()
        };
        let reach = |tb: &Knowledge| -> f32 {
            tb.opponents()
                .filter(|&o| !tb.limited(tb.me, o))
                .map(|o| self.threat(t, r, o))
                .fold(0.0, f32::max)
        };
        let mut v = 0.5 * (danger(t) - danger(&after)) + 0.25 * (reach(&after) - reach(t)) - cost;
        // With a Coup in hand and nobody to aim it at, opening a target is urgent.
        if t.my_coins() >= 7 + cost as u16 && reach(t) == 0.0 && reach(&after) > 0.0 {
            v += 5.0;
        }
        v
    }

    /// Answers an open window.
    fn respond(
        &self,
        t: &Knowledge,
        r: &Reads,
        kind: WindowKind,
        legal: &[Input],
    ) -> Option<Input> {
        let turn = t.turn?;
        let me = t.me;
        let actor = turn.actor;
        let action = turn.action;
        let at_me = action.target() == Some(me);
        let can = |i: Input| legal.contains(&i);
        let held_block = legal.iter().find_map(|i| match i {
            Input::Block(c) if t.holds(*c) => Some(*i),
            _ => None,
        });
        let suspicion = self.personality.suspicion;
        match kind {
            WindowKind::Challenge => {
                let claim = action.claim(t.options)?;
                let p_true = match claim {
                    Claimed::Card(c) if t.all_copies_seen(c) => 0.0,
                    Claimed::Card(c) => r.p(actor, c),
                    // R8.4: a claim of "not Duke" is surely true when we see every Duke.
                    Claimed::NotDuke if t.all_copies_seen(Card::Duke) => 1.0,
                    Claimed::NotDuke => 1.0 - r.p(actor, Card::Duke),
                };
                if p_true <= 0.0 && can(Input::Challenge) {
                    return Some(Input::Challenge);
                }
                if p_true >= 1.0 {
                    return Some(held_block.unwrap_or(Input::Pass));
                }
                let lie = 1.0 - p_true;
                if action.kind() == ActionKind::Assassinate && at_me {
                    if let Some(b) = held_block {
                        return Some(b);
                    }
                    if t.my_lives() <= 1 {
                        // Passing loses the game unless a bluffed Contessa stands: take the
                        // better chance of surviving.
                        let q = self.p_called_by(t, r, actor, Card::Contessa);
                        let bluff_survives = 1.0 - q;
                        return Some(if lie >= bluff_survives && can(Input::Challenge) {
                            Input::Challenge
                        } else if can(Input::Block(Card::Contessa)) {
                            Input::Block(Card::Contessa)
                        } else {
                            Input::Challenge
                        });
                    }
                    // R6.4: a lost challenge costs one influence, and then the
                    // assassination takes the other.
                    let gain = self.kill_value(t, actor) + 3.0 + self.tuning.influence;
                    let cost = self.tuning.influence + self.tuning.last_influence;
                    let challenge = lie * gain > p_true * cost * (1.5 - suspicion);
                    return Some(if challenge {
                        Input::Challenge
                    } else {
                        Input::Pass
                    });
                }
                if let Some(b) = held_block {
                    return Some(b);
                }
                // What the action does to us if it stands.
                let harm = match action.kind() {
                    ActionKind::Steal if at_me => f32::from(t.my_coins().min(2)) * 1.2,
                    ActionKind::Tax => {
                        if t.coins[actor.index()] + 3 >= 7 && !t.limited(actor, me) {
                            1.5
                        } else {
                            0.5
                        }
                    }
                    ActionKind::Examine if at_me => 1.0,
                    ActionKind::Embezzle => 0.3 * f32::from(t.reserve),
                    _ => 0.3,
                };
                let mut gain = harm + 0.5 * self.kill_value(t, actor);
                if t.alive_count() <= 2 {
                    // Head to head, their loss is all ours.
                    gain = harm + self.kill_value(t, actor);
                    // Letting a Tax to a Coup pass when we cannot strike first loses.
                    if action.kind() == ActionKind::Tax
                        && t.my_lives() <= 1
                        && t.coins[actor.index()] + 3 >= 7
                        && t.my_coins() < 7
                    {
                        gain += self.tuning.last_influence;
                    }
                }
                let challenge =
                    lie * gain > p_true * self.my_loss(t) * (self.tuning.doubt - suspicion);
                Some(if challenge {
                    Input::Challenge
                } else {
                    Input::Pass
                })
            }
            WindowKind::Block => {
                if let Some(b) = held_block {
                    return Some(b);
                }
                // Iterated in place: this runs inside playouts, which must not allocate.
                let blocks = || {
                    legal.iter().filter_map(|i| match i {
                        Input::Block(c) => Some(*c),
                        _ => None,
                    })
                };
                let bold = self.personality.boldness;
                match action.kind() {
                    ActionKind::Assassinate if at_me => {
                        if t.my_lives() <= 1 {
                            // Passing loses the game; a bluff may stand.
                            return Some(Input::Block(Card::Contessa)).filter(|i| can(*i));
                        }
                        let q = self.p_called_by(t, r, actor, Card::Contessa);
                        // R6.4: a disproven Contessa costs both influences.
                        let bluff = q * (self.tuning.influence + self.tuning.last_influence)
                            < self.tuning.influence * (0.6 + bold) * self.tuning.block_bluff;
                        Some(if bluff {
                            Input::Block(Card::Contessa)
                        } else {
                            Input::Pass
                        })
                    }
                    ActionKind::Steal if at_me => {
                        let card = blocks().min_by(|a, b| {
                            self.p_called_by(t, r, actor, *a)
                                .total_cmp(&self.p_called_by(t, r, actor, *b))
                        })?;
                        let q = self.p_called_by(t, r, actor, card);
                        let loss = f32::from(t.my_coins().min(2)) * 1.2;
                        let bluff =
                            q * self.my_loss(t) < loss * (0.4 + bold) * self.tuning.block_bluff;
                        Some(if bluff {
                            Input::Block(card)
                        } else {
                            Input::Pass
                        })
                    }
                    ActionKind::ForeignAid => {
                        let q = self.p_called_by(t, r, actor, Card::Duke);
                        let harm = if t.coins[actor.index()] + 2 >= 7 {
                            2.5
                        } else {
                            1.0
                        };
                        let bluff = q * self.my_loss(t)
                            < harm * (0.3 + 0.5 * bold) * 0.5 * self.tuning.block_bluff;
                        Some(if bluff && can(Input::Block(Card::Duke)) {
                            Input::Block(Card::Duke)
                        } else {
                            Input::Pass
                        })
                    }
                    _ => Some(Input::Pass),
                }
            }
            WindowKind::BlockChallenge => {
                let (blocker, card) = turn.block?;
                let p_true = if t.all_copies_seen(card) {
                    0.0
                } else {
                    r.p(blocker, card)
                };
                if p_true <= 0.0 {
                    return Some(Input::Challenge);
                }
                let lie = 1.0 - p_true;
                let gain = if actor == me {
                    match action.kind() {
                        // R6.4: the blocker loses one for the block and one to the blade.
                        ActionKind::Assassinate => {
                            self.kill_value(t, blocker)
                                + if t.lives[blocker.index()] >= 2 {
                                    self.kill_value(t, blocker)
                                } else {
                                    0.0
                                }
                        }
                        ActionKind::Steal => {
                            self.kill_value(t, blocker) + f32::from(t.coins[blocker.index()].min(2))
                        }
                        _ => self.kill_value(t, blocker) + 2.0,
                    }
                } else {
                    0.4 * self.kill_value(t, blocker)
                };
                let challenge =
                    lie * gain > p_true * self.my_loss(t) * (self.tuning.doubt - suspicion);
                Some(if challenge {
                    Input::Challenge
                } else {
                    Input::Pass
                })
            }
        }
    }
}

/// The best cards to keep after an exchange (R4.2): the most valuable, preferring two
/// different characters (more claims available, and one loss does not strip a role).
fn best_keep(t: &Knowledge, r: &Reads, legal: &[Input]) -> Option<Input> {
    let value = |k: &Keep| -> f32 {
        let cards = k.cards();
        let mut v: f32 = cards.iter().map(|c| keep_value(t, r, *c)).sum();
        if cards.len() == 2 && cards[0] == cards[1] {
            v -= 2.0;
        }
        v
    };
    legal
        .iter()
        .filter_map(|i| match i {
            Input::Keep(k) => Some((value(k), *i)),
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, i)| i)
}

/// The Normal bot: [`Policy`] on full [`Beliefs`](super::beliefs::Beliefs).
#[derive(Debug)]
pub struct Normal {
    rng: rand_chacha::ChaCha8Rng,
    policy: Policy,
    /// Remembered from earlier games at the table.
    memory: super::Model,
    /// That, plus this game's record as of the last decision.
    learned: super::Model,
}

impl Normal {
    /// A Normal bot for `seed` with `personality`.
    pub fn new(seed: u64, personality: Personality) -> Normal {
        Normal::with_policy(seed, Policy::new(personality))
    }

    /// A bot that plays `policy` on full beliefs (for tuning tournaments).
    pub fn with_policy(seed: u64, policy: Policy) -> Normal {
        use rand::SeedableRng;
        Normal {
            rng: rand_chacha::ChaCha8Rng::seed_from_u64(seed),
            policy,
            memory: super::Model::default(),
            learned: super::Model::default(),
        }
    }
}

impl super::Bot for Normal {
    fn decide(
        &mut self,
        view: &crate::engine::View,
        legal: &[Input],
        _budget: &super::Budget<'_>,
    ) -> Input {
        let t = match Knowledge::to_weigh(view, legal) {
            Ok(t) => t,
            Err(only) => return only,
        };
        let beliefs = super::beliefs::Beliefs::with_memory(view, &self.memory);
        self.learned = *beliefs.model();
        let reads = beliefs.reads_at(view);
        self.policy.decide(&t, &reads, &mut self.rng, legal)
    }

    fn level(&self) -> super::BotLevel {
        super::BotLevel::Normal
    }

    fn memory(&self) -> Option<super::Model> {
        Some(if self.learned.players > 0 {
            self.learned
        } else {
            self.memory
        })
    }

    fn remember(&mut self, memory: &super::Model) {
        self.memory = *memory;
        self.learned = *memory;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tuning_name_is_settable_and_bad_settings_are_refused() {
        for name in TUNING_NAMES {
            let mut t = Tuning::NORMAL;
            t.set(name, 123.5).expect(name);
            assert_ne!(t, Tuning::NORMAL, "{name} changed nothing");
        }
        let mut t = Tuning::NORMAL;
        assert!(t.set("bravado", 1.0).is_err());
        assert!(t.set("influence", f32::NAN).is_err());
        assert!(t.set("influence", 1e9).is_err());
        assert_eq!(t, Tuning::NORMAL);
    }

    /// Hard's heuristic at a table of three or more claims only what it holds, even
    /// against players the record shows seldom challenge; heads-up it may still bluff.
    #[test]
    fn hards_heuristic_claims_only_what_it_holds_at_a_larger_table() {
        use crate::bots::beliefs::Beliefs;
        use crate::bots::knowledge::fixed_deal;
        use crate::bots::model::Model;
        use crate::engine::{Card, Game, Options, Seat};
        let deal = |hands: Vec<[Card; 2]>| {
            let n = hands.len();
            fixed_deal(Options::default(), hands, None, vec![vec![]; n]).expect("valid setup")
        };
        let four = |mine: [Card; 2]| {
            deal(vec![
                mine,
                [Card::Captain, Card::Contessa],
                [Card::Ambassador, Card::Contessa],
                [Card::Assassin, Card::Captain],
            ])
        };
        // Opponents who let forty claims pass without a challenge.
        let mut quiet = Model {
            players: 4,
            ..Model::default()
        };
        for s in 1..4 {
            quiet.seats[s].challenge_chances = [40, 0];
        }
        let policy = Policy::hard(Personality::BALANCED);
        let tax = |g: &Game, m: &Model| {
            let view = g.view(Seat(0));
            let t = Knowledge::from_view(&view).expect("a seat's view");
            let reads = Beliefs::with_memory(&view, m).reads_at(&view);
            policy.score_action(&t, &reads, Action::Tax)
        };
        let without = four([Card::Assassin, Card::Ambassador]);
        let with = four([Card::Duke, Card::Ambassador]);
        for m in [&Model::default(), &quiet] {
            assert!(tax(&with, m) > 3.0, "an honest Tax: {}", tax(&with, m));
            assert!(
                tax(&without, m) < 0.0,
                "a bluffed Tax: {}",
                tax(&without, m)
            );
        }
        // Heads-up the same bluff against the quiet opponent is worth making.
        let mut quiet2 = quiet;
        quiet2.players = 2;
        let two = deal(vec![
            [Card::Assassin, Card::Ambassador],
            [Card::Captain, Card::Contessa],
        ]);
        assert!(tax(&two, &quiet2) > 0.0, "heads-up: {}", tax(&two, &quiet2));
    }

    /// A Contessa that has stopped our assassination twice, unchallenged, is not paid into
    /// a third time while the blocker's hand is the same (the loop that kept a game going
    /// for thousands of inputs: assassinate, blocked, pass, assassinate…); a single block
    /// may be tried once more (a bluff may be challenged then), and once that hand changes,
    /// or the Contessa was shown to a challenge, the target is fair game again.
    #[test]
    fn an_assassination_a_standing_contessa_stopped_twice_is_not_paid_for_again() {
        use crate::bots::beliefs::Beliefs;
        use crate::bots::hard::Hard;
        use crate::bots::knowledge::fixed_deal;
        use crate::bots::{Bot, Budget};
        use crate::engine::{Card, Game, MAX_PLAYERS, Options, Seat};
        use rand::SeedableRng;
        use rand_chacha::ChaCha8Rng;
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut events = Vec::new();
        let mut play = |g: &mut Game, seat: Seat, input: Input| {
            g.apply(seat, input, &mut rng, &mut events)
                .unwrap_or_else(|e| panic!("{seat} {input:?}: {e:?}"));
        };
        // Every seat still asked in an open window of this kind passes.
        let pass_all =
            |g: &mut Game, kind: WindowKind, play: &mut dyn FnMut(&mut Game, Seat, Input)| {
                while let Pending::Respond { window } = *g.pending()
                    && window.kind == kind
                {
                    let seat = window.owes.iter().next().expect("someone owes");
                    play(g, seat, Input::Pass);
                }
            };
        let deal = || {
            fixed_deal(
                Options::default(),
                vec![
                    [Card::Assassin, Card::Duke],
                    [Card::Contessa, Card::Captain],
                    [Card::Duke, Card::Captain],
                ],
                Some(vec![9, 2, 5]),
                vec![vec![]; 3],
            )
            .expect("valid setup")
        };
        // Seat 0 assassinates seat 1; seat 1 blocks with the Contessa; with `challenge`,
        // seat 0 challenges the block (and the Contessa is shown), else nobody does.
        // Then seats 1 and 2 take Income.
        let blocked =
            |g: &mut Game, challenge: bool, play: &mut dyn FnMut(&mut Game, Seat, Input)| {
                let g = &mut *g;
                play(g, Seat(0), Input::Act(Action::Assassinate(Seat(1))));
                pass_all(g, WindowKind::Challenge, play);
                play(g, Seat(1), Input::Block(Card::Contessa));
                if challenge {
                    play(g, Seat(0), Input::Challenge);
                }
                pass_all(g, WindowKind::BlockChallenge, play);
                if challenge {
                    // Seat 0 loses a card for the failed challenge.
                    play(g, Seat(0), Input::Lose(Card::Duke));
                }
                play(g, Seat(1), Input::Act(Action::Income));
                play(g, Seat(2), Input::Act(Action::Income));
            };
        let policy = Policy::new(Personality::BALANCED);
        let weigh = |g: &Game| {
            let view = g.view(Seat(0));
            let t = Knowledge::from_view(&view).expect("a seat's view");
            let reads = Beliefs::new(&view).reads();
            (view, t, reads)
        };

        let mut g = deal();
        blocked(&mut g, false, &mut play);
        let (_, t, _) = weigh(&g);
        assert_eq!(t.walls[1], 1);
        assert!(!t.walled(Seat(1)), "one block: a second try is allowed");
        blocked(&mut g, false, &mut play);
        let (view, t, reads) = weigh(&g);
        assert!(
            t.walled(Seat(1)) && !t.walled(Seat(2)),
            "walls {:?}",
            t.walls
        );
        let at = |v: u8| policy.score_action(&t, &reads, Action::Assassinate(Seat(v)));
        assert!(at(1) < 0.0, "the walled assassination is worth {}", at(1));
        assert!(
            at(2) > at(1),
            "another target is worth more: {} {}",
            at(2),
            at(1)
        );
        let mut legal = Vec::new();
        g.legal_inputs(Seat(0), &mut legal);
        let again = Input::Act(Action::Assassinate(Seat(1)));
        assert!(legal.contains(&again), "it can pay for it");
        let mut bot_rng = ChaCha8Rng::seed_from_u64(9);
        let mut hard = Hard::new(3, Personality::BALANCED);
        for _ in 0..50 {
            assert_ne!(policy.decide(&t, &reads, &mut bot_rng, &legal), again);
        }
        for _ in 0..5 {
            assert_ne!(hard.decide(&view, &legal, &Budget::iterations(200)), again);
        }

        // The blocker's hand changes (seat 2's Coup takes its Captain): fair game again.
        play(&mut g, Seat(0), Input::Act(Action::Income));
        play(&mut g, Seat(1), Input::Act(Action::Income));
        play(&mut g, Seat(2), Input::Act(Action::Coup(Seat(1))));
        play(&mut g, Seat(1), Input::Lose(Card::Captain));
        let (_, t, _) = weigh(&g);
        assert_eq!(
            t.walls, [0; MAX_PLAYERS],
            "a changed hand is weighed afresh"
        );

        // A Contessa shown to our challenge went back to the Court: no wall either.
        let mut g = deal();
        blocked(&mut g, true, &mut play);
        let (_, t, _) = weigh(&g);
        assert_eq!(
            t.walls, [0; MAX_PLAYERS],
            "a challenged block leaves no wall"
        );
    }
}
