//! The code a page fetches after its first screen.
//!
//! The first screen (the frame, the lobby's forms) is all a player needs before acting.
//! Everything an act sets going — the session's handling of an intent and of the network,
//! the links, the referee's worker, the table and the room on screen, the rules — starts
//! at one of the split points below. `.ci/build-client.sh` has `wasm-split-cli` cut what
//! only they reach into a module of its own (`split_table`), which the controller asks for
//! as soon as the page runs; until it is here, inputs wait in the controller's queue in
//! order, and a screen that needs it says it is loading ([`crate::loading`]).
//!
//! Only the split points live here. They call the controller and draw the table's
//! components, so they sit above both; the controller reaches them through [`LATER`].

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_split_helpers::{SplitLoaderError, wasm_split};

use crate::app::{Controller, Input, Later};
use crate::loading::now;

// The split points, all of the module `table`. (`fallible`: a load that fails is an
// error to show and retry, not a panic.)

/// Moves the session by one input and carries out what it asks for.
#[wasm_split(table, fallible, preload(fetch_drive))]
pub fn drive(ctl: Rc<Controller>, input: Input) -> Result<bool, SplitLoaderError> {
    Ok(ctl.apply(input))
}

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

/// How the controller, below this module, reaches the split points.
pub const LATER: Later = Later {
    drive: drive_now,
    load,
};

/// [`drive`], when the module is here (it then answers at once); `None` if not.
fn drive_now(ctl: Rc<Controller>, input: Input) -> Option<bool> {
    now(drive(ctl, input)).and_then(Result::ok)
}

/// Runs every entry point's loader, so each answers at once after; whether all are here.
fn load() -> Pin<Box<dyn Future<Output = bool>>> {
    Box::pin(async {
        fetch_drive().await.is_ok()
            && fetch_solo().await.is_ok()
            && fetch_room().await.is_ok()
            && fetch_rules().await.is_ok()
    })
}
