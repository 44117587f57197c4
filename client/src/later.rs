//! The code a page fetches after its first screen.
//!
//! The first screen (the frame, the lobby's forms) and the session's handling (the relay,
//! the links, the referee's worker) are in the page's own module: an act starts at once,
//! and a joiner's connections open while the rest downloads. The table, the room and the
//! rules on screen start at one of the split points below. `.ci/build-client.sh` has
//! `wasm-split-cli` cut what only they reach into a module of its own (`split_table`),
//! which the controller asks for as soon as the page runs; until it is here, a screen that
//! needs it says it is loading ([`crate::loading`]).
//!
//! Only the split points live here. They draw the table's components, and the controller
//! starts their fetch through [`LATER`].

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use wasm_split_helpers::{SplitLoaderError, wasm_split};

use shared::session::fair::follow::FairFollow;
use shared::session::fair::seat::{FairKeep, FairSeat};

use crate::app::{FairFetch, Later};
use crate::model::FairSeatMaker;

// The split points, all of the module `table`. (`fallible`: a load that fails is an
// error to show and retry, not a panic.)

/// The table of a game against bots.
#[wasm_split(table, fallible, preload(fetch_solo))]
pub fn solo_table() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::ui::table::SoloTable /> }.into_any())
}

/// The room: its lobby, then its table.
#[wasm_split(table, fallible, preload(fetch_room))]
pub fn room() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::ui::room::RoomView /> }.into_any())
}

/// The rules and the cards.
#[wasm_split(table, fallible, preload(fetch_rules))]
pub fn rules(close: Callback<()>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::ui::table::RulesDialog close /> }.into_any())
}

/// The fair deal's code (docs/FAIR-DEAL.md): the only way the page makes a fair seat, so
/// its group arithmetic, proofs and tracker are in a module of their own (`fair`), which
/// a page fetches only once it sits at a fair table.
#[wasm_split(fair, fallible)]
pub fn fair_maker() -> Result<FairSeatMaker, SplitLoaderError> {
    Ok(make_fair_seat)
}

fn make_fair_seat(seed: [u8; 32], keep: Option<FairKeep>) -> Box<dyn FairFollow> {
    Box::new(FairSeat::new(seed, keep))
}

/// How the controller, below this module, fetches the split points.
pub const LATER: Later = Later { load, fair };

/// The fair deal's module: its seat maker, or `None` when the fetch failed.
fn fair() -> FairFetch {
    Box::pin(async { fair_maker().await.ok() })
}

/// Runs every entry point's loader, so each answers at once after; whether all are here.
fn load() -> Pin<Box<dyn Future<Output = bool>>> {
    Box::pin(async {
        fetch_solo().await.is_ok() && fetch_room().await.is_ok() && fetch_rules().await.is_ok()
    })
}
