//! [`Hard`]: search over the hidden information.
//!
//! Determinized Monte Carlo search with UCB1 at the root: each iteration samples the
//! cards this seat cannot see from its [`Beliefs`] (opponents' hands weighted by the
//! bluff model, jointly consistent with exact card counting), builds a full game with
//! [`Game::determinize`], tries one of its legal inputs (chosen by UCB1 across
//! iterations), and plays the game out with the Normal [`Policy`] in every seat — each
//! playout seat deciding from its own cards, the public state and the claims in play,
//! never from anyone else's cards. Anytime: it stops at the budget's clock or iteration
//! cap, and a smaller budget gives a weaker but legal answer. Without a clock it is a pure
//! function of its seed, the view and the legal inputs.
//!
//! The scratch buffers (the sampled assignment, legal inputs, events) live in the bot and
//! are reused, so a playout allocates only the game it plays (one clone of the event log
//! and claim record per iteration).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::beliefs::{Beliefs, Reads};
use super::normal::Policy;
use super::personality::Personality;
use super::table::Table;
use super::{Bot, BotLevel, Budget};
use crate::engine::{Card, Event, Game, Input, Pending, Seat, View};

/// The most inputs one playout plays before it is scored by position.
const PLAYOUT_CAP: usize = 400;

/// The most candidate actions searched on a turn: the Normal policy's best few, so that
/// iterations are not spread over hopeless choices in a 10-player game.
const MAX_CANDIDATES: usize = 8;

/// UCB1's exploration constant (rewards are in 0..=1).
const EXPLORATION: f32 = 0.9;

/// The search bot.
#[derive(Debug)]
pub struct Hard {
    rng: ChaCha8Rng,
    policy: Policy,
    /// The policy every seat plays inside playouts: an average player.
    playout: Policy,
    unseen: Vec<Card>,
    pool: Vec<Card>,
    legal: Vec<Input>,
    events: Vec<Event>,
    /// Iterations used by the last decision (for tools and tests).
    pub last_iterations: u32,
}

impl Hard {
    /// A Hard bot for `seed` with `personality`.
    pub fn new(seed: u64, personality: Personality) -> Hard {
        Hard {
            rng: ChaCha8Rng::seed_from_u64(seed),
            policy: Policy::new(personality),
            playout: Policy {
                personality: Personality::BALANCED,
                noise: 0.3,
            },
            unseen: Vec::with_capacity(32),
            pool: Vec::with_capacity(32),
            legal: Vec::with_capacity(64),
            events: Vec::with_capacity(64),
            last_iterations: 0,
        }
    }

    /// Plays `game` out with the playout policy; returns `me`'s reward in 0..=1.
    fn playout(&mut self, game: &mut Game, me: Seat) -> f32 {
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
                _ => {
                    let t = Table::from_game(game, seat);
                    let reads = Reads::from_counting(&t).with_claims_in_play(&t);
                    self.playout.decide(&t, &reads, &mut self.rng, &self.legal)
                }
            };
            self.events.clear();
            if game
                .apply(seat, input, &mut self.rng, &mut self.events)
                .is_err()
            {
                break;
            }
        }
        match game.winner() {
            Some(w) => f32::from(u8::from(w == me)),
            None => {
                // Unfinished: score by share of the influence and coins still in play.
                let score = |s: Seat| {
                    let p = game.player(s);
                    let lives = p.hand.hidden_count() as f32;
                    if lives == 0.0 {
                        0.0
                    } else {
                        lives * 8.0 + f32::from(p.coins)
                    }
                };
                let total: f32 = (0..game.players() as u8).map(|s| score(Seat(s))).sum();
                if total > 0.0 {
                    0.8 * score(me) / total
                } else {
                    0.0
                }
            }
        }
    }

    /// Searches `candidates` and returns the best, or `None` if no iteration ran.
    fn search(
        &mut self,
        view: &View,
        beliefs: &Beliefs,
        candidates: &[Input],
        budget: &Budget<'_>,
    ) -> Option<Input> {
        let me = view.viewer?;
        let k = candidates.len();
        let mut wins = [0.0f32; 64];
        let mut visits = [0u32; 64];
        let k = k.min(64);
        let start = budget.clock.map(|c| c());
        let mut iterations = 0u32;
        let mut failures = 0u32;
        while iterations < budget.iterations {
            if let (Some(clock), Some(t0)) = (budget.clock, start) {
                // Leave a margin for the decision's own overhead.
                if clock() - t0 >= budget.millis * 0.9 {
                    break;
                }
            }
            iterations += 1;
            let mut unseen = std::mem::take(&mut self.unseen);
            let mut pool = std::mem::take(&mut self.pool);
            let sampled = beliefs.sample(view, &mut self.rng, &mut unseen, &mut pool);
            let world = if sampled {
                Game::determinize(view, &unseen).ok()
            } else {
                None
            };
            self.unseen = unseen;
            self.pool = pool;
            let Some(mut world) = world else {
                failures += 1;
                if failures > 8 {
                    break;
                }
                continue;
            };
            // UCB1: every arm once, then the best upper bound.
            let total = visits[..k].iter().sum::<u32>().max(1) as f32;
            let arm = (0..k).find(|&a| visits[a] == 0).unwrap_or_else(|| {
                let ucb = |a: usize| {
                    let n = visits[a] as f32;
                    wins[a] / n + EXPLORATION * (total.ln() / n).sqrt()
                };
                (0..k)
                    .max_by(|&a, &b| ucb(a).total_cmp(&ucb(b)))
                    .unwrap_or(0)
            });
            self.events.clear();
            let reward = if world
                .apply(me, candidates[arm], &mut self.rng, &mut self.events)
                .is_ok()
            {
                self.playout(&mut world, me)
            } else {
                0.0
            };
            wins[arm] += reward;
            visits[arm] += 1;
        }
        self.last_iterations = iterations;
        (0..k)
            .filter(|&a| visits[a] > 0)
            .max_by(|&a, &b| {
                let mean = |x: usize| wins[x] / visits[x] as f32;
                visits[a].cmp(&visits[b]).then(mean(a).total_cmp(&mean(b)))
            })
            .map(|a| candidates[a])
    }
}

impl Bot for Hard {
    fn decide(&mut self, view: &View, legal: &[Input], budget: &Budget<'_>) -> Input {
        let fallback = legal.first().copied().unwrap_or(Input::Pass);
        self.last_iterations = 0;
        let Some(t) = Table::from_view(view) else {
            return fallback;
        };
        if legal.len() <= 1 {
            return fallback;
        }
        let beliefs = Beliefs::new(view);
        let reads = beliefs.reads();
        let heuristic = self.policy.decide(&t, &reads, &mut self.rng, legal);
        let candidates: Vec<Input> = match t.pending {
            Pending::Action { .. } => {
                let mut scored: Vec<(f32, Input)> = legal
                    .iter()
                    .filter_map(|i| match i {
                        Input::Act(a) => Some((self.policy.score_action(&t, &reads, *a), *i)),
                        _ => None,
                    })
                    .collect();
                scored.sort_by(|a, b| b.0.total_cmp(&a.0));
                scored.truncate(MAX_CANDIDATES);
                scored.into_iter().map(|(_, i)| i).collect()
            }
            Pending::Respond { .. } => legal.to_vec(),
            // Losing a card, keeping cards, Examine, the draft: the heuristics know.
            _ => return heuristic,
        };
        if candidates.len() <= 1 {
            return heuristic;
        }
        match self.search(view, &beliefs, &candidates, budget) {
            Some(i) if legal.contains(&i) => i,
            _ => heuristic,
        }
    }

    fn level(&self) -> BotLevel {
        BotLevel::Hard
    }
}
