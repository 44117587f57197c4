//! The game the host drives: one of two referees behind one interface.
//!
//! - [`Play::Plain`]: the engine itself, which holds every hand. The host reads them for
//!   its bots, for what the end reveals (R11.3) and for each member's view.
//! - [`Play::Fair`]: a fair game's referee (docs/FAIR-DEAL.md), whose engine runs on
//!   stand-ins: its public parts are the game's, its hidden cards mean nothing, and every
//!   seat's page holds its own cards. The host reads no hand; no bot plays a seat.
//!
//! Everything the host does with the game asks it here: what the rules run on
//! ([`Play::rules`]), what a seat may decide now ([`Play::legal`]), what a member is shown
//! ([`Play::view`]), the real hands when there are any ([`Play::hands`]), and what plays
//! for a seat whose person is not deciding ([`Play::stand_in`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::engine::{Game, Input, Seat, View};
use crate::fair::{FairReferee, Step};
use crate::session::fair::game::FairGame;

/// The game in progress or just over.
pub(crate) enum Play {
    /// The plain referee: the engine, every hand in it.
    Plain(Game),
    /// The fair referee: public, all of it.
    Fair(FairGame),
}

/// Who makes a seat's decision when its person does not (away past the grace period,
/// timed out, or a bot's seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum StandIn {
    /// The seat's bot, from the seat's view.
    Bot,
    /// Nobody reads the seat's cards: the rules' card-blind default, and a person past
    /// the grace period leaves the game for good (docs/FAIR-DEAL.md, section 6).
    CardBlind,
}

impl Play {
    /// The state the rules run on: the game, or the fair referee's stand-ins.
    pub(super) fn rules(&self) -> Option<&Game> {
        match self {
            Play::Plain(game) => Some(game),
            Play::Fair(fg) => fg.referee().map(FairReferee::game),
        }
    }

    /// The real hands, when the host holds them (a plain game).
    pub(super) fn hands(&self) -> Option<&Game> {
        match self {
            Play::Plain(game) => Some(game),
            Play::Fair(_) => None,
        }
    }

    pub(crate) fn fair(&self) -> Option<&FairGame> {
        match self {
            Play::Plain(_) => None,
            Play::Fair(fg) => Some(fg),
        }
    }

    pub(crate) fn fair_mut(&mut self) -> Option<&mut FairGame> {
        match self {
            Play::Plain(_) => None,
            Play::Fair(fg) => Some(fg),
        }
    }

    /// Who decides for a seat its person does not.
    pub(super) fn stand_in(&self) -> StandIn {
        match self {
            Play::Plain(_) => StandIn::Bot,
            Play::Fair(_) => StandIn::CardBlind,
        }
    }

    /// `seat`'s legal inputs now, into `out`. A fair game asks decisions only while its
    /// referee waits for one (not while records or an answer are due).
    pub(super) fn legal(&self, seat: Seat, out: &mut Vec<Input>) {
        match self {
            Play::Plain(game) => game.legal_inputs(seat, out),
            Play::Fair(fg) => {
                if let (Some(referee), Some(Step::Decide(_))) = (fg.referee.as_deref(), fg.step) {
                    out.extend(referee.inputs(seat));
                }
            }
        }
    }

    /// What a member seated at `seat` (`None`: watching) is shown. A fair game's hands
    /// are stand-ins: every member gets the spectator's view, and a seat's page puts in
    /// its own cards, which it alone can read.
    pub(super) fn view(&self, seat: Option<Seat>) -> Option<View> {
        match (self, seat) {
            (Play::Plain(game), Some(s)) => Some(game.view(s)),
            _ => self.rules().map(Game::spectator_view),
        }
    }
}

/// A snapshot keeps the two referees under their own keys, `game` and `fair_game`, at
/// most one of them present (the format the host has always stored).
#[derive(Serialize, Deserialize)]
struct Stored<G, F> {
    #[serde(default = "none")]
    game: Option<G>,
    #[serde(default = "none")]
    fair_game: Option<F>,
}

fn none<T>() -> Option<T> {
    None
}

/// Writes `Option<Play>` flattened into the host: see [`Stored`].
pub(super) fn serialize<S: Serializer>(play: &Option<Play>, s: S) -> Result<S::Ok, S::Error> {
    let stored: Stored<&Game, &FairGame> = match play {
        None => Stored {
            game: None,
            fair_game: None,
        },
        Some(Play::Plain(game)) => Stored {
            game: Some(game),
            fair_game: None,
        },
        Some(Play::Fair(fg)) => Stored {
            game: None,
            fair_game: Some(fg),
        },
    };
    stored.serialize(s)
}

/// Reads `Option<Play>` flattened into the host: see [`Stored`].
pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Play>, D::Error> {
    let stored = Stored::<Game, FairGame>::deserialize(d)?;
    match (stored.game, stored.fair_game) {
        (None, None) => Ok(None),
        (Some(game), None) => Ok(Some(Play::Plain(game))),
        (None, Some(fg)) => Ok(Some(Play::Fair(fg))),
        (Some(_), Some(_)) => Err(serde::de::Error::custom(
            "a snapshot holds a plain game and a fair game at once",
        )),
    }
}
