//! [`Easy`]: plays like a beginner.
//!
//! It plays the cards it holds and rarely lies, picks targets without much thought, seldom
//! challenges and never counts cards, sometimes takes a plain action when a better one is
//! there, and now and then gives up the wrong card. A table a beginner can win.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::beliefs::Reads;
use super::knowledge::{Knowledge, fallback};
use super::normal::{Policy, keep_value};
use super::personality::Personality;
use super::{Bot, BotLevel, Budget};
use crate::engine::{Action, ActionKind, Card, Input, Pending, View, WindowKind};

/// The beginner bot.
#[derive(Debug)]
pub struct Easy {
    rng: ChaCha8Rng,
    personality: Personality,
}

impl Easy {
    /// An Easy bot for `seed` with `personality`.
    pub fn new(seed: u64, personality: Personality) -> Easy {
        Easy {
            rng: ChaCha8Rng::seed_from_u64(seed),
            personality,
        }
    }

    fn act(&mut self, t: &Knowledge, legal: &[Input]) -> Option<Input> {
        let rng = &mut self.rng;
        let pick = |rng: &mut ChaCha8Rng, kind: ActionKind| -> Option<Input> {
            let n = legal
                .iter()
                .filter(|i| matches!(i, Input::Act(a) if a.kind() == kind))
                .count();
            if n == 0 {
                return None;
            }
            let k = rng.random_range(0..n);
            legal
                .iter()
                .filter(|i| matches!(i, Input::Act(a) if a.kind() == kind))
                .nth(k)
                .copied()
        };
        // A beginner's habit: sitting on coins instead of striking (R3.2 forces the
        // Coup at 10, which the engine enforces through `legal`).
        let winning = legal.iter().find(|i| {
            matches!(i, Input::Act(Action::Coup(v)) if t.alive_count() == 2 && t.lives[v.index()] == 1)
        });
        if let Some(w) = winning {
            // Even a beginner sees the Coup that wins.
            return Some(*w);
        }
        // A beginner's slip: any legal action at all.
        if rng.random_bool(0.12) {
            return legal.get(rng.random_range(0..legal.len())).copied();
        }
        if (t.my_coins() >= 10 || rng.random_bool(0.55))
            && let Some(c) = pick(rng, ActionKind::Coup)
        {
            return Some(c);
        }
        let bluff = rng.random_bool(0.04 + 0.06 * f64::from(self.personality.boldness));
        if (t.holds(Card::Assassin) || bluff)
            && let Some(a) = pick(rng, ActionKind::Assassinate)
        {
            return Some(a);
        }
        if t.holds(Card::Duke) || bluff {
            return Some(Input::Act(Action::Tax));
        }
        if t.holds(Card::Captain)
            && rng.random_bool(0.7)
            && let Some(s) = pick(rng, ActionKind::Steal)
        {
            return Some(s);
        }
        if t.holds(t.exchanger()) && rng.random_bool(0.3) {
            return Some(Input::Act(Action::Exchange));
        }
        Some(Input::Act(if rng.random_bool(0.5) {
            Action::ForeignAid
        } else {
            Action::Income
        }))
    }

    fn respond(&mut self, t: &Knowledge, kind: WindowKind, legal: &[Input]) -> Input {
        let Some(turn) = t.turn else {
            return Input::Pass;
        };
        let held = legal
            .iter()
            .find(|i| matches!(i, Input::Block(c) if t.holds(*c)));
        if let Some(b) = held {
            return *b;
        }
        let at_me = turn.action.target() == Some(t.me);
        if at_me
            && turn.action.kind() == ActionKind::Assassinate
            && t.my_lives() <= 1
            && legal.contains(&Input::Block(Card::Contessa))
            && self.rng.random_bool(0.5)
        {
            return Input::Block(Card::Contessa);
        }
        let rate = if at_me { 0.06 } else { 0.015 } * (0.5 + f64::from(self.personality.suspicion));
        if kind != WindowKind::Block
            && legal.contains(&Input::Challenge)
            && self.rng.random_bool(rate)
        {
            return Input::Challenge;
        }
        Input::Pass
    }
}

impl Bot for Easy {
    fn decide(&mut self, view: &View, legal: &[Input], _budget: &Budget<'_>) -> Input {
        let t = match Knowledge::to_weigh(view, legal) {
            Ok(t) => t,
            Err(only) => return only,
        };
        let reads = Reads::from_counting(&t);
        let chosen = match t.pending {
            Pending::Action { .. } => self.act(&t, legal),
            Pending::Respond { window } => Some(self.respond(&t, window.kind, legal)),
            Pending::LoseInfluence { .. } if self.rng.random_bool(0.3) => {
                // Gives up a card without thinking which.
                legal.get(self.rng.random_range(0..legal.len())).copied()
            }
            Pending::LoseInfluence { .. } => t
                .mine()
                .iter()
                .min_by(|a, b| keep_value(&t, &reads, **a).total_cmp(&keep_value(&t, &reads, **b)))
                .map(|c| Input::Lose(*c)),
            Pending::ExamineDecide { .. } => Some(Input::GiveBack),
            _ => Some(Policy::average(self.personality).decide(&t, &reads, &mut self.rng, legal)),
        };
        match chosen {
            Some(i) if legal.contains(&i) => i,
            _ => fallback(legal),
        }
    }

    fn level(&self) -> BotLevel {
        BotLevel::Easy
    }
}
