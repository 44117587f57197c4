//! The Coup P2P browser app.
//!
//! Layout:
//! - [`i18n`]: the message catalogs (Project Fluent) every word a player reads comes from.
//! - [`model`]: plain logic — the session state machine, a room's table over the peer
//!   protocol, chat lines, where the relay is. Compiles everywhere; unit-tested natively.
//! - `net` (wasm only): the relay WebSocket and the WebRTC peer connections, each turning
//!   browser events into calls on the model.
//! - `ui` (wasm only): Leptos components that render the session and send the user's intents.
//! - `loading` (wasm only): waiting for the code a page fetches after its first screen.
//! - `app` (wasm only): the controller that wires the three together; it knows `loading`.
//! - `later` (wasm only): the split points of the code a page fetches after its first
//!   screen (the session's handling, the network, the table, the room). It sits above the
//!   controller and the table's components, and hands itself to the controller.

pub mod i18n;
pub mod model;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod later;
#[cfg(target_arch = "wasm32")]
mod loading;
#[cfg(target_arch = "wasm32")]
mod net;
#[cfg(target_arch = "wasm32")]
mod ui;

/// The entry point, called by the wasm-bindgen glue when the module loads.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
pub fn start() {
    // The words first: the chosen language's catalog, before anything is drawn. Meanwhile
    // the page shows its own first screen, which the program then takes over.
    wasm_bindgen_futures::spawn_local(async {
        ui::language::load().await;
        ui::first::read();
        leptos::mount::mount_to_body(ui::App);
        ui::first::finish();
    });
}
