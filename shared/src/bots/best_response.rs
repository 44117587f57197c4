//! [`BestResponse`]: an opponent that searches against a known bot, to measure how far that
//! bot can be exploited.
//!
//! Every other level plays against opponents it imagines (an average player, a record's
//! rates). This one is told which bot it faces (a level or a style, by name) and plays
//! determinized Monte Carlo search in which every opponent's move in a playout is that
//! bot's own decision: each sampled world seats a fresh instance of the target bot, with a
//! seed drawn from the search's stream (the real opponent's seed is not known, so its
//! personality is sampled as the target's constructor draws it), and asks it from that
//! seat's view of the sampled world, exactly as a host would. Its own later moves in a
//! playout are its own heuristic ([`BestResponse::POLICY`]: Hard's, lying only where the
//! search finds it pays). So its value of a choice is "this, then sensible play,
//! against that bot": a one-step policy improvement against the target, which finds the
//! target's weaknesses whichever opponents the target was written against. Its win rate
//! against the target estimates the target's exploitability (from below).
//!
//! It sees only what a player sees: [`Bot::decide`] gets a [`View`] and the legal inputs,
//! and hidden cards are sampled from [`Beliefs`] consistent with the view. The target's
//! model may be costly (Hard searches), so the model is asked with its own, smaller,
//! clockless budget ([`BestResponse::model_iterations`]). Without a clock the search is a
//! pure function of its seed, the view and the legal inputs: the budget's clock is
//! ignored, since this bot is a measuring tool, not a level a host seats.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::beliefs::{Beliefs, Reads};
use super::model::{BLUFF_RATE, DEFAULT_CHALLENGE_RATE, Model};
use super::normal::{Policy, Tuning};
use super::personality::Personality;
use super::styles::make_named;

/// The bot called `name` (a level or a style) as a [`MakeTarget`], if there is one.
pub fn target_by_name(name: &str) -> Option<MakeTarget> {
    make_named(name, 0)?;
    let name = name.to_string();
    Some(std::sync::Arc::new(move |seed| {
        make_named(&name, seed).unwrap_or_else(|| super::make_bot(BotLevel::Normal, seed))
    }))
}
use super::knowledge::Knowledge;
use super::{Bot, BotLevel, Budget};
use crate::engine::{
    Card, Claimed, Event, Game, Input, MAX_PLAYERS, Options, Pending, Seat, View, WindowKind,
};

/// The most inputs one playout plays before it is scored by position.
const PLAYOUT_CAP: usize = 400;

/// The most candidates one decision compares; beyond that, the heuristic's best few
/// actions, or the heuristic alone for other decisions.
const MAX_ARMS: usize = 12;

/// Builds the target bot for a seed: the bot a best response plays against in its
/// playouts, and learns from.
pub type MakeTarget = std::sync::Arc<dyn Fn(u64) -> Box<dyn Bot> + Send + Sync>;

/// The search against a known bot.
pub struct BestResponse {
    /// The target's name (`easy`, `normal`, `hard`, or a style): what every opponent is in
    /// the playouts.
    target: &'static str,
    make: MakeTarget,
    rng: ChaCha8Rng,
    /// Its own heuristic: the baseline choice, the ranking of actions, and its own moves in
    /// playouts.
    pub policy: Policy,
    /// Playouts per decision (shared among the candidates).
    pub playouts: u32,
    /// The clockless iteration budget the target model decides with in playouts.
    pub model_iterations: u32,
    /// What is known of the target's habits ([`learn`]; an average player's until
    /// learned).
    pub learned: Learned,
    unseen: Vec<Card>,
    pool: Vec<Card>,
    legal: Vec<Input>,
    events: Vec<Event>,
    /// Playouts used by the last decision (for tools and tests).
    pub last_playouts: u32,
}

impl std::fmt::Debug for BestResponse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BestResponse")
            .field("target", &self.target)
            .field("playouts", &self.playouts)
            .field("model_iterations", &self.model_iterations)
            .field("learned", &self.learned)
            .finish()
    }
}

impl BestResponse {
    /// Playouts per decision by default.
    pub const PLAYOUTS: u32 = 160;
    /// The target model's budget by default: Hard with this few iterations plays close to
    /// its heuristic, changing its choice only where the search is sure.
    pub const MODEL_ITERATIONS: u32 = 8;
    /// Its own heuristic by default: Hard's, with a lie heads-up priced a hundred times its
    /// risk while the target may be a player who challenges (`doubted` 2). With lies
    /// priced by their chance alone, as Hard's heads-up heuristic priced them until
    /// 2026-12-05, its own bluffs were what Hard caught, and it won 5 to 9 points less
    /// against every Hard measured (BENCHMARKS.md, "Bots", "Hard's lies priced by the chance the opponent challenges, and a stronger best response").
    pub const POLICY: Policy = Policy {
        heads_up: Tuning {
            doubted: 2.0,
            ..Tuning::HARD_HEADS_UP
        },
        ..Policy::hard(Personality::BALANCED)
    };

    /// A best response to the bot called `target` (a level or a style name), or `None` if
    /// no bot has that name.
    pub fn new(target: &str, seed: u64) -> Option<BestResponse> {
        // Resolves the name to its static spelling (and checks it).
        let target = super::styles::Style::from_name(target)
            .map(super::styles::Style::name)
            .or_else(|| BotLevel::from_name(target).map(BotLevel::name))?;
        Some(BestResponse::with_model(
            target,
            target_by_name(target)?,
            seed,
        ))
    }

    /// A best response to `target` (a name for reports) as `make` builds it: a bot with
    /// changed constants, say, in a tuning tournament.
    pub fn with_model(target: &'static str, make: MakeTarget, seed: u64) -> BestResponse {
        BestResponse {
            target,
            make,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0xB357_2E59_0115_E000),
            policy: Self::POLICY,
            playouts: Self::PLAYOUTS,
            model_iterations: Self::MODEL_ITERATIONS,
            learned: Learned::AVERAGE,
            unseen: Vec::with_capacity(32),
            pool: Vec::with_capacity(32),
            legal: Vec::with_capacity(64),
            events: Vec::with_capacity(64),
            last_playouts: 0,
        }
    }

    /// The target's name.
    pub fn target(&self) -> &'static str {
        self.target
    }

    /// Plays `game` out: `me` by the heuristic, every other seat by its own instance of
    /// the target bot (`models`). Returns `me`'s reward in 0..=1.
    fn playout(
        &mut self,
        game: &mut Game,
        me: Seat,
        models: &mut [Option<Box<dyn Bot>>],
        rng: &mut ChaCha8Rng,
    ) -> f32 {
        let model_budget = Budget::iterations(self.model_iterations);
        for _ in 0..PLAYOUT_CAP {
            if game.is_over() {
                break;
            }
            let Some(seat) = game.owing().iter().next() else {
                break;
            };
            game.legal_inputs(seat, &mut self.legal);
            let input = match self.legal.len() {
                0 => break,
                1 => self.legal[0],
                _ if seat == me => {
                    let t = Knowledge::from_game(game, seat);
                    let mut reads = Reads::from_counting(&t);
                    self.learned.apply(&mut reads, me);
                    bluff_at(&mut reads, me, self.learned.trust);
                    let reads = reads.with_claims_in_play(&t);
                    self.policy.decide(&t, &reads, rng, &self.legal)
                }
                _ => match models.get_mut(seat.index()).and_then(Option::as_mut) {
                    // The target decides from its own seat's view of this world.
                    Some(bot) => {
                        let i = bot.decide(&game.view(seat), &self.legal, &model_budget);
                        if self.legal.contains(&i) {
                            i
                        } else {
                            self.legal[0]
                        }
                    }
                    None => self.legal[0],
                },
            };
            self.events.clear();
            if game.apply(seat, input, rng, &mut self.events).is_err() {
                break;
            }
        }
        super::knowledge::playout_score(game, me)
    }

    /// The candidates a decision compares, the heuristic's choice first; a single one
    /// when there is nothing to search.
    fn candidates(
        &self,
        t: &Knowledge,
        reads: &Reads,
        legal: &[Input],
        heuristic: Input,
    ) -> Vec<Input> {
        let mut out: Vec<Input> = match t.pending {
            Pending::Action { .. } => {
                let mut scored: Vec<(f32, Input)> = legal
                    .iter()
                    .filter_map(|i| match i {
                        Input::Act(a) => Some((self.policy.score_action(t, reads, *a), *i)),
                        _ => None,
                    })
                    .collect();
                scored.sort_by(|a, b| b.0.total_cmp(&a.0));
                scored.truncate(MAX_ARMS);
                scored.into_iter().map(|(_, i)| i).collect()
            }
            _ if legal.len() <= MAX_ARMS => legal.to_vec(),
            _ => Vec::new(),
        };
        out.retain(|i| *i != heuristic);
        out.truncate(MAX_ARMS - 1);
        out.insert(0, heuristic);
        out
    }
}

impl Bot for BestResponse {
    fn decide(&mut self, view: &View, legal: &[Input], _budget: &Budget<'_>) -> Input {
        self.last_playouts = 0;
        let t = match Knowledge::to_weigh(view, legal) {
            Ok(t) => t,
            Err(only) => return only,
        };
        let Some(me) = view.viewer else {
            return legal[0];
        };
        // The target's claims read at the rate it was seen to lie, which decides both the
        // challenges and the worlds sampled.
        let beliefs = Beliefs::with_memory_and_trust(view, &Model::default(), self.learned.trust);
        let mut reads = beliefs.reads_at(view);
        self.learned.apply(&mut reads, me);
        let heuristic = self.policy.decide(&t, &reads, &mut self.rng, legal);
        let candidates = self.candidates(&t, &reads, legal, heuristic);
        let k = candidates.len();
        if k <= 1 {
            return heuristic;
        }
        let mut sum = [0.0f32; MAX_ARMS + 1];
        let mut worlds = 0u32;
        let mut failures = 0u32;
        let mut playouts = 0u32;
        let n = view.players.len().min(MAX_PLAYERS);
        while playouts + k as u32 <= self.playouts.max(k as u32) {
            let world = beliefs.world(view, &mut self.rng, &mut self.unseen, &mut self.pool);
            let Some(world) = world else {
                failures += 1;
                if failures > 8 {
                    break;
                }
                continue;
            };
            // One stream and one set of target seeds per world, shared by every
            // candidate (common random numbers: the comparison is paired).
            let stream: u64 = self.rng.random();
            let mut seeds = [0u64; MAX_PLAYERS];
            for s in seeds.iter_mut() {
                *s = self.rng.random();
            }
            for (arm, total) in sum.iter_mut().enumerate().take(k) {
                let mut models: Vec<Option<Box<dyn Bot>>> = (0..n)
                    .map(|s| {
                        if s == me.index() {
                            None
                        } else {
                            Some((self.make)(seeds[s]))
                        }
                    })
                    .collect();
                let mut rng = ChaCha8Rng::seed_from_u64(stream);
                let mut game = world.clone();
                self.events.clear();
                *total += if game
                    .apply(me, candidates[arm], &mut rng, &mut self.events)
                    .is_ok()
                {
                    self.playout(&mut game, me, &mut models, &mut rng)
                } else {
                    0.0
                };
                playouts += 1;
            }
            worlds += 1;
        }
        self.last_playouts = playouts;
        if worlds == 0 {
            return heuristic;
        }
        // The best mean; the heuristic's choice keeps ties.
        let mut best = 0;
        for arm in 1..k {
            if sum[arm] > sum[best] {
                best = arm;
            }
        }
        let choice = candidates[best];
        if legal.contains(&choice) {
            choice
        } else {
            heuristic
        }
    }

    fn level(&self) -> BotLevel {
        // Not a level a host seats; it reports the strongest.
        BotLevel::Hard
    }
}

/// The values of trust [`learn_trust`] chooses among.
const TRUST_GRID: [f32; 11] = [0.05, 0.1, 0.2, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0, 4.0];

/// The claim open to a challenge in `view` (the action's, or the block's): who made it
/// and what it claims.
fn open_claim(view: &View) -> Option<(Seat, Claimed)> {
    let t = Knowledge::from_view(view)?;
    let (Some(turn), Pending::Respond { window }) = (t.turn, t.pending) else {
        return None;
    };
    match window.kind {
        WindowKind::BlockChallenge => turn.block.map(|(b, c)| (b, Claimed::Card(c))),
        WindowKind::Challenge => turn.action.claim(t.options).map(|c| (turn.actor, c)),
        WindowKind::Block => None,
    }
}

/// What a best response learned of its target's habits from games of the target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Learned {
    /// Its bluff rates in the search's beliefs are an average player's times this.
    pub trust: f32,
    /// How often it challenges a claim it may challenge.
    pub challenge_rate: f32,
}

impl Learned {
    /// An average player's habits: what is assumed before anything is learned.
    pub const AVERAGE: Learned = Learned {
        trust: 1.0,
        challenge_rate: DEFAULT_CHALLENGE_RATE,
    };

    /// Reads every seat but `me` as challenging at the learned rate.
    fn apply(&self, reads: &mut Reads, me: Seat) {
        for (s, r) in reads.challenge_rate.iter_mut().enumerate() {
            if s != me.index() {
                *r = self.challenge_rate;
            }
        }
    }
}

/// Reads every seat but `me` as lying at an average player's rate times `trust`, in a
/// playout (where reads come from counting alone).
fn bluff_at(reads: &mut Reads, me: Seat, trust: f32) {
    for (s, row) in reads.bluff.iter_mut().enumerate() {
        if s != me.index() {
            *row = [(BLUFF_RATE * trust).min(1.0); 6];
        }
    }
}

/// Learns the habits of the bot called `target` from `games` heads-up games of it
/// against itself (seeded from `seed`; Hard with `model_iterations` clockless
/// iterations). Trust: at every claim open to a challenge, what the other seat's view gave
/// as the chance the claim was true, under each trust of a grid, against whether it was;
/// the trust of the grid with the greatest likelihood of the truths. The challenge rate:
/// challenges made where one could be, with a prior of four windows at an average
/// player's rate. An unknown name, or games with no claim, give [`Learned::AVERAGE`].
/// Only these games see hidden cards; what is learned is about the target, not about any
/// game to be played.
pub fn learn(target: &str, games: u32, seed: u64, model_iterations: u32) -> Learned {
    match target_by_name(target) {
        Some(make) => learn_from(&make, games, seed, model_iterations),
        None => Learned::AVERAGE,
    }
}

/// [`learn`] of the bot `make` builds.
pub fn learn_from(make: &MakeTarget, games: u32, seed: u64, model_iterations: u32) -> Learned {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let budget = Budget::iterations(model_iterations);
    let policy = Policy::hard(Personality::BALANCED);
    let mut loglik = [0.0f64; TRUST_GRID.len()];
    let (mut seen, mut windows, mut challenges) = (0u32, 0u32, 0u32);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for _ in 0..games {
        let Ok(mut game) = Game::deal(2, Options::default(), None, &mut rng) else {
            continue;
        };
        let mut bots: Vec<Box<dyn Bot>> = vec![make(rng.random()), make(rng.random())];
        for _ in 0..PLAYOUT_CAP {
            if game.is_over() {
                break;
            }
            let Some(seat) = game.owing().iter().next() else {
                break;
            };
            game.legal_inputs(seat, &mut legal);
            let Some(&first) = legal.first() else {
                break;
            };
            let view = game.view(seat);
            let claim = open_claim(&view).filter(|(claimant, _)| *claimant != seat);
            if let Some((claimant, claim)) = claim {
                let hand = game.player(claimant).hand;
                let truth = match claim {
                    Claimed::Card(c) => hand.hidden().any(|x| x == c),
                    Claimed::NotDuke => !hand.hidden().any(|x| x == Card::Duke),
                };
                if let Some(t) = Knowledge::from_view(&view) {
                    seen += 1;
                    for (ll, &trust) in loglik.iter_mut().zip(&TRUST_GRID) {
                        let b = Beliefs::with_memory_and_trust(&view, &Model::default(), trust);
                        let p = f64::from(policy.p_claim_true(&t, &b.reads_at(&view)))
                            .clamp(0.01, 0.99);
                        *ll += if truth { p.ln() } else { (1.0 - p).ln() };
                    }
                }
            }
            let input = bots[seat.index()].decide(&view, &legal, &budget);
            let input = if legal.contains(&input) { input } else { first };
            if claim.is_some() && legal.contains(&Input::Challenge) {
                windows += 1;
                challenges += u32::from(input == Input::Challenge);
            }
            events.clear();
            if game.apply(seat, input, &mut rng, &mut events).is_err() {
                break;
            }
        }
    }
    if seen == 0 {
        return Learned::AVERAGE;
    }
    let mut best = TRUST_GRID.len() / 2;
    for i in 0..TRUST_GRID.len() {
        if loglik[i] > loglik[best] {
            best = i;
        }
    }
    Learned {
        trust: TRUST_GRID[best],
        challenge_rate: (challenges as f32 + 4.0 * DEFAULT_CHALLENGE_RATE) / (windows as f32 + 4.0),
    }
}
