//! [`Basic`]: a simple, sensible, mostly honest bot.
//!
//! It plays the characters it holds, coups as soon as it can, blocks with cards it holds
//! (and bluffs a Contessa only when an assassination would otherwise knock it out),
//! challenges a claim only when it can see every copy of the claimed character, and keeps
//! its strongest cards. It is the floor every smarter level must beat.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Bot, BotLevel, Budget};
use crate::engine::{
    Action, ActionKind, Card, Claimed, Input, Options, Pending, Seat, View, WindowKind,
};

/// How much a bot wants to keep a card: the higher, the more it is worth holding.
const fn card_value(card: Card) -> u8 {
    match card {
        Card::Duke => 6,
        Card::Assassin => 5,
        Card::Captain => 4,
        Card::Contessa => 3,
        Card::Inquisitor => 2,
        Card::Ambassador => 1,
    }
}

/// How many copies of `card` the deck holds for this view's game (R1.5, R2.5).
pub fn copies_in_deck(view: &View, card: Card) -> usize {
    if !card.in_use(view.options) {
        return 0;
    }
    if view.options.two_player_draft {
        // R2.5: the seven cards in play are one of each character plus two picks; at most
        // three copies of one character can be in play.
        return 3;
    }
    usize::from(Options::copies(view.players.len() as u8))
}

/// How many copies of `card` this view can locate: its own hidden cards and every face-up
/// card.
pub fn visible_copies(view: &View, card: Card) -> usize {
    view.players
        .iter()
        .flat_map(|p| p.hand.cards.iter().take(p.hand.len as usize))
        .filter(|c| **c == Some(card))
        .count()
}

/// The viewer's own hidden cards.
pub fn own_hidden(view: &View) -> Vec<Card> {
    let Some(me) = view.viewer else {
        return Vec::new();
    };
    let Some(p) = view.players.get(me.index()) else {
        return Vec::new();
    };
    (0..p.hand.len as usize)
        .filter(|&i| !p.hand.up[i])
        .filter_map(|i| p.hand.cards[i])
        .collect()
}

/// The basic policy. Its level only scales how often it bluffs and challenges.
#[derive(Debug)]
pub struct Basic {
    level: BotLevel,
    rng: ChaCha8Rng,
}

impl Basic {
    /// A basic bot of `level` seeded with `seed`.
    pub fn new(level: BotLevel, seed: u64) -> Basic {
        Basic {
            level,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn bluff_rate(&self) -> f64 {
        match self.level {
            BotLevel::Easy => 0.05,
            BotLevel::Normal | BotLevel::Hard => 0.15,
        }
    }

    fn choose_action(&mut self, view: &View, me: Seat, legal: &[Input]) -> Option<Input> {
        let hidden = own_hidden(view);
        let holds = |c: Card| hidden.contains(&c);
        let acts: Vec<Action> = legal
            .iter()
            .filter_map(|i| match i {
                Input::Act(a) => Some(*a),
                _ => None,
            })
            .collect();
        // The most threatening opponent: most influence, then most coins.
        let threat = |s: Seat| {
            view.players.get(s.index()).map_or((0, 0), |p| {
                let live = (0..p.hand.len as usize).filter(|&i| !p.hand.up[i]).count();
                (live, p.coins)
            })
        };
        let best_target = |kind: ActionKind| {
            acts.iter()
                .filter(|a| a.kind() == kind)
                .max_by_key(|a| a.target().map(threat))
                .copied()
        };
        if let Some(coup) = best_target(ActionKind::Coup) {
            return Some(Input::Act(coup));
        }
        let bluff = self.rng.random_bool(self.bluff_rate());
        let mut wish = Vec::new();
        if holds(Card::Assassin) || bluff {
            wish.extend(best_target(ActionKind::Assassinate));
        }
        if holds(Card::Duke) || bluff {
            wish.push(Action::Tax);
        }
        if holds(Card::Captain) || bluff {
            let rich = acts
                .iter()
                .filter(|a| a.kind() == ActionKind::Steal)
                .filter(|a| {
                    a.target()
                        .and_then(|t| view.players.get(t.index()))
                        .is_some_and(|p| p.coins >= 2)
                })
                .max_by_key(|a| a.target().map(threat))
                .copied();
            wish.extend(rich);
        }
        if holds(Card::Inquisitor) {
            wish.extend(best_target(ActionKind::Examine));
        }
        if holds(Card::Ambassador) || holds(Card::Inquisitor) {
            wish.push(Action::Exchange);
        }
        if !holds(Card::Duke) && view.reserve >= 2 {
            wish.push(Action::Embezzle);
        }
        wish.push(Action::ForeignAid);
        wish.push(Action::Income);
        let _ = me;
        wish.into_iter().map(Input::Act).find(|i| legal.contains(i))
    }

    fn respond(&mut self, view: &View, me: Seat, kind: WindowKind, legal: &[Input]) -> Input {
        let hidden = own_hidden(view);
        let lives = hidden.len();
        let Some(turn) = view.turn else {
            return Input::Pass;
        };
        // A block we can make with a card we hold, or must bluff to survive.
        let blocks: Vec<Card> = legal
            .iter()
            .filter_map(|i| match i {
                Input::Block(c) => Some(*c),
                _ => None,
            })
            .collect();
        if let Some(c) = blocks.iter().find(|c| hidden.contains(c)) {
            return Input::Block(*c);
        }
        let targeted_at_me = turn.action.target() == Some(me);
        if turn.action.kind() == ActionKind::Assassinate
            && targeted_at_me
            && lives == 1
            && blocks.contains(&Card::Contessa)
        {
            // Losing the last card ends our game; a bluffed Contessa can only do the same.
            return Input::Block(Card::Contessa);
        }
        if legal.contains(&Input::Challenge) {
            let claimed = match kind {
                WindowKind::BlockChallenge => turn.block.map(|(_, c)| c),
                _ => match turn.action.claim(view.options) {
                    Some(Claimed::Card(c)) => Some(c),
                    _ => None,
                },
            };
            if let Some(c) = claimed
                && visible_copies(view, c) >= copies_in_deck(view, c)
            {
                return Input::Challenge;
            }
            let rate = match self.level {
                BotLevel::Easy => 0.02,
                _ => 0.08,
            };
            if targeted_at_me && self.rng.random_bool(rate) {
                return Input::Challenge;
            }
        }
        Input::Pass
    }
}

impl Bot for Basic {
    fn decide(&mut self, view: &View, legal: &[Input], _budget: &Budget<'_>) -> Input {
        let fallback = legal.first().copied().unwrap_or(Input::Pass);
        let Some(me) = view.viewer else {
            return fallback;
        };
        let hidden = own_hidden(view);
        let chosen = match view.pending {
            Pending::Action { .. } => self.choose_action(view, me, legal),
            Pending::Respond { window } => Some(self.respond(view, me, window.kind, legal)),
            Pending::LoseInfluence { .. } => hidden
                .iter()
                .min_by_key(|c| card_value(**c))
                .map(|c| Input::Lose(*c)),
            Pending::ExamineShow { .. } => hidden
                .iter()
                .min_by_key(|c| card_value(**c))
                .map(|c| Input::Show(*c)),
            Pending::ExamineDecide { card, .. } => Some(match card {
                Some(c) if card_value(c) >= card_value(Card::Captain) => Input::ForceExchange,
                _ => Input::GiveBack,
            }),
            Pending::Exchange { .. } => legal
                .iter()
                .filter(|i| matches!(i, Input::Keep(_)))
                .max_by_key(|i| match i {
                    Input::Keep(k) => {
                        let cards = k.cards();
                        let distinct = cards.len() < 2 || cards[0] != cards[1];
                        let value: u16 = cards.iter().map(|c| u16::from(card_value(*c))).sum();
                        (distinct, value)
                    }
                    _ => (false, 0),
                })
                .copied(),
            Pending::Draft { .. } => legal
                .iter()
                .filter(|i| matches!(i, Input::Draft(_)))
                .max_by_key(|i| match i {
                    Input::Draft(c) => card_value(*c),
                    _ => 0,
                })
                .copied(),
            Pending::ChooseAllegiance { .. } | Pending::GameOver { .. } => None,
        };
        match chosen {
            Some(i) if legal.contains(&i) => i,
            _ => {
                if legal.is_empty() {
                    fallback
                } else {
                    legal[self.rng.random_range(0..legal.len())]
                }
            }
        }
    }

    fn level(&self) -> BotLevel {
        self.level
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;

    /// Plays whole games with basic bots in every seat: every decision is legal and every
    /// game ends.
    #[test]
    fn basic_bots_play_legal_complete_games() {
        let mut legal = Vec::new();
        let mut events = Vec::new();
        for seed in 0..60u64 {
            let players = 2 + (seed % 9) as usize;
            let options = Options {
                inquisitor: seed % 2 == 1,
                allegiances: seed % 3 == 1,
                two_player_draft: players == 2 && seed % 4 == 0,
            };
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Game::deal(players, options, None, &mut rng).expect("deal");
            let mut bots: Vec<Basic> = (0..players)
                .map(|s| Basic::new(BotLevel::Normal, seed * 100 + s as u64))
                .collect();
            let mut steps = 0;
            while !matches!(game.pending(), Pending::GameOver { .. }) {
                steps += 1;
                assert!(steps < 5_000, "seed {seed}: game did not end");
                let seat = game.owing().iter().next().expect("someone owes a decision");
                legal.clear();
                game.legal_inputs(seat, &mut legal);
                let view = game.view(seat);
                let input = bots[seat.index()].decide(&view, &legal, &Budget::iterations(0));
                assert!(legal.contains(&input), "seed {seed}: illegal {input:?}");
                game.apply(seat, input, &mut rng, &mut events)
                    .expect("legal input applies");
            }
        }
    }
}
