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
// The bots.
// ---------------------------------------------------------------------------------------

pub use crate::bots::{Bot, make_bot};

/// How much a bot may search for one decision on the host. Clockless, so every decision
/// is a function of the host's seed and the seat's view: a table replays exactly, and a
/// restored host goes on as the original would have.
pub const BOT_ITERATIONS: u32 = 1_000;

/// The most search iterations a clocked decision may run, whatever the clock says:
/// far more than any budget allows with a working clock.
pub const MAX_CLOCKED_ITERATIONS: u32 = 100 * BOT_ITERATIONS;

/// What the seat's bot plays within `millis` of the monotonic clock `now` (ms).
pub fn bot_decide_within(
    bot: &mut dyn Bot,
    view: &crate::engine::View,
    legal: &[Input],
    now: fn() -> f64,
    millis: f64,
) -> Input {
    let clock: &dyn Fn() -> f64 = &now;
    let budget = crate::bots::Budget {
        clock: Some(clock),
        millis,
        // The clock bounds the search; this only bounds it when the clock does not (a
        // clock that stops or is not a number), so a broken clock cannot hang the host.
        iterations: MAX_CLOCKED_ITERATIONS,
    };
    bot.decide(view, legal, &budget)
}

/// Waits, busy, until the clock `now` reads `until` (ms). Gives up if the clock goes
/// backwards, stops being a number, or reads the same for millions of calls in a row
/// (far longer than any real clock's tick), so a broken clock cannot hang the host.
pub fn spin_until(now: fn() -> f64, until: f64) {
    const STALLED: u32 = 10_000_000;
    let mut last = now();
    let mut same = 0u32;
    while last < until {
        std::hint::spin_loop();
        let t = now();
        if t.is_nan() || t < last {
            return;
        }
        if t == last {
            same += 1;
            if same > STALLED {
                return;
            }
        } else {
            same = 0;
        }
        last = t;
    }
}

/// What the seat's bot plays, from the seat's view and legal inputs only.
pub fn bot_decide(bot: &mut dyn Bot, view: &crate::engine::View, legal: &[Input]) -> Input {
    bot.decide(
        view,
        legal,
        &crate::bots::Budget::iterations(BOT_ITERATIONS),
    )
}
