//! Random playouts and self-audits: the inner loop of benchmarks, soak runs and the bots'
//! rollouts.

use rand::Rng;

use super::game::deck_counts;
use super::{Card, Event, Game, Input, Pending};

impl Game {
    /// Plays uniformly random legal inputs (from a uniformly chosen seat among those that
    /// owe a decision) until the game is over or `max_inputs` were applied. Returns the
    /// number of inputs applied. `inputs` and `events` are scratch space, cleared as it goes,
    /// so a caller that reuses them allocates nothing per input.
    pub fn playout<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        max_inputs: usize,
        inputs: &mut Vec<Input>,
        events: &mut Vec<Event>,
    ) -> usize {
        let mut applied = 0;
        while applied < max_inputs && !self.is_over() {
            let owing = self.owing();
            let k = owing.len();
            if k == 0 {
                break;
            }
            let pick = if k == 1 { 0 } else { rng.random_range(0..k) };
            let Some(seat) = owing.iter().nth(pick) else {
                break;
            };
            self.legal_inputs(seat, inputs);
            if inputs.is_empty() {
                break;
            }
            let input = inputs[rng.random_range(0..inputs.len())];
            events.clear();
            if self.apply(seat, input, rng, events).is_err() {
                break;
            }
            applied += 1;
        }
        applied
    }

    /// Checks the game's invariants: the cards are conserved (hands + Court + cards drawn in
    /// a pending exchange are the deck of R1.5, or the seven cards of R2.5), and someone
    /// owes a decision unless the game is over. Returns a description of the first breach.
    pub fn audit(&self) -> Result<(), String> {
        let mut counts = [0usize; 6];
        let mut total = 0;
        for s in 0..self.n as usize {
            let h = &self.players[s].hand;
            for &c in &h.cards[..h.len as usize] {
                counts[c.index()] += 1;
                total += 1;
            }
        }
        for &c in self.court.cards() {
            counts[c.index()] += 1;
            total += 1;
        }
        if let Pending::Exchange { count, drawn, .. } = self.pending {
            for c in drawn.iter().take(count as usize) {
                let Some(c) = c else {
                    return Err("an exchange drew from an empty Court".into());
                };
                counts[c.index()] += 1;
                total += 1;
            }
        }
        if self.options.two_player_draft {
            let made = match self.pending {
                Pending::Draft { picks, .. } => picks.iter().flatten().count(),
                _ => 0,
            };
            let in_play = if matches!(self.pending, Pending::Draft { .. }) {
                5
            } else {
                7
            };
            let _ = made;
            if total != in_play
                || Card::ALL
                    .into_iter()
                    .any(|c| !c.in_use(self.options) && counts[c.index()] > 0)
            {
                return Err(format!("draft game holds {total} cards: {counts:?}"));
            }
        } else {
            let want = deck_counts(self.n as usize, self.options);
            for c in Card::ALL {
                if counts[c.index()] != want[c.index()] as usize {
                    return Err(format!("cards not conserved: {counts:?} vs {want:?}"));
                }
            }
        }
        if !self.is_over() && self.owing().is_empty() {
            return Err("nobody owes a decision".into());
        }
        Ok(())
    }
}
