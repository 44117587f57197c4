//! The few things the session needs from the rules engine and the bots, in one place, so a
//! change of their APIs touches only this file.

use rand::Rng;

use crate::engine::{Event, Game, Input, Options, Seat};

use super::protocol::DecisionKind;

/// The timer a seat's decision runs on, told by what it may play (R3 turn, R5 window,
/// anything else a choice).
pub fn kind_of(legal: &[Input]) -> Option<DecisionKind> {
    let first = legal.first()?;
    Some(match first {
        Input::Act(_) => DecisionKind::Turn,
        Input::Pass | Input::Challenge | Input::Block(_) => DecisionKind::Window,
        _ => DecisionKind::Choice,
    })
}

/// The pass among a window's answers: what a window answer that ran out becomes (R5).
pub fn pass_in(legal: &[Input]) -> Option<Input> {
    legal.iter().copied().find(|i| matches!(i, Input::Pass))
}

/// Deals a game (R2); the engine's error as a sentence.
pub fn deal<R: Rng + ?Sized>(
    players: u8,
    options: Options,
    first: Seat,
    rng: &mut R,
) -> Result<Game, String> {
    Game::deal(usize::from(players), options, Some(first), rng).map_err(|e| e.to_string())
}

/// The winner once the game is over (R9.5).
pub fn winner(game: &Game) -> Option<Seat> {
    game.winner()
}

/// An event as `viewer` may see it (R11); `None` is a watcher.
pub fn redact(event: &Event, viewer: Option<Seat>) -> Event {
    event.for_viewer(viewer)
}

// ---------------------------------------------------------------------------------------
// The bot trait. Until `crate::bots` lands, a stand-in with the same shape.
// ---------------------------------------------------------------------------------------

pub use fallback::{Bot, BotLevel, make_bot};

mod fallback {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use serde::{Deserialize, Serialize};

    use crate::engine::{Action, Input, View};

    /// Decides from a seat's view and legal inputs only, so it cannot cheat.
    pub trait Bot {
        fn decide(&mut self, view: &View, legal: &[Input]) -> Input;
    }

    /// The strength of a bot.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum BotLevel {
        #[default]
        Simple,
    }

    /// A simple, honest bot: claims only what it holds, challenges nothing, coups when it
    /// can.
    struct Simple {
        rng: ChaCha8Rng,
    }

    pub fn make_bot(_level: BotLevel, seed: u64) -> Box<dyn Bot + Send> {
        Box::new(Simple {
            rng: ChaCha8Rng::seed_from_u64(seed),
        })
    }

    impl Bot for Simple {
        fn decide(&mut self, view: &View, legal: &[Input]) -> Input {
            let held: Vec<_> = view
                .viewer
                .and_then(|v| view.players.get(v.index()))
                .map(|p| {
                    (0..2)
                        .filter(|&i| !p.hand.up[i])
                        .filter_map(|i| p.hand.cards[i])
                        .collect()
                })
                .unwrap_or_default();
            let honest = |i: &Input| match i {
                Input::Act(Action::Coup(_)) => true,
                Input::Act(Action::Tax) => held.contains(&crate::engine::Card::Duke),
                Input::Block(c) => held.contains(c),
                _ => false,
            };
            let good: Vec<Input> = legal.iter().copied().filter(honest).collect();
            let pool = if !good.is_empty() {
                good
            } else {
                let safe: Vec<Input> = legal
                    .iter()
                    .copied()
                    .filter(|i| matches!(i, Input::Pass | Input::Act(Action::Income)))
                    .collect();
                if safe.is_empty() {
                    legal.to_vec()
                } else {
                    safe
                }
            };
            let k = self.rng.random_range(0..pool.len().max(1));
            pool.get(k)
                .or(legal.first())
                .copied()
                .unwrap_or(Input::Pass)
        }
    }
}
