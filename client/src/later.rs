//! The code a page fetches after its first screen.
//!
//! The first screen (the frame, the lobby's forms) is all a player needs before acting.
//! Everything an act sets going — the session's handling of an intent and of the network,
//! the links, the referee's worker, the table and the room on screen, the rules — starts
//! at one of the split points below. `.ci/build-client.sh` has `wasm-split-cli` cut what
//! only they reach into a module of its own (`split_table`), which [`fetch`] asks for as
//! soon as the page runs; until it is here, inputs wait in the controller's queue in order,
//! and a screen that needs it says it is loading.

use std::future::Future;
use std::pin::pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;
use wasm_split_helpers::{SplitLoaderError, wasm_split};

use crate::app::{Controller, Input};
use crate::i18n::t;

/// Where the table's module stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fetch {
    /// Asked for and not here yet.
    Waiting,
    /// The last try failed; another follows.
    Retrying,
    /// Here: every entry point answers at once.
    Ready,
}

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

/// Fetches the table's module, trying again after 1, 2, 4… up to 30 seconds until it is
/// here; `state` follows. Every entry point's loader runs, so each answers at once after,
/// and then `ready` runs.
pub fn fetch(state: RwSignal<Fetch>, ready: impl FnOnce() + 'static) {
    leptos::task::spawn_local(async move {
        let mut wait_ms = 1_000;
        loop {
            let here = fetch_drive().await.is_ok()
                && fetch_solo().await.is_ok()
                && fetch_room().await.is_ok()
                && fetch_rules().await.is_ok();
            if here {
                state.set(Fetch::Ready);
                ready();
                return;
            }
            state.set(Fetch::Retrying);
            sleep(wait_ms).await;
            wait_ms = (wait_ms * 2).min(30_000);
        }
    });
}

/// What an entry point draws once the module is here; until then, a wait that says so.
pub fn show<F>(state: Fetch, entry: impl FnOnce() -> F) -> AnyView
where
    F: Future<Output = Result<AnyView, SplitLoaderError>>,
{
    match state {
        Fetch::Ready => match now(entry()) {
            Some(Ok(view)) => view,
            // Not reached: a module that is here answers at once.
            _ => waiting(Fetch::Waiting),
        },
        _ => waiting(state),
    }
}

fn waiting(state: Fetch) -> AnyView {
    view! {
        <section class="panel opening" data-testid="loading-table" role="status">
            <div class="spinner" aria-hidden="true"></div>
            <p>{loading_text(state)}</p>
            {(state == Fetch::Retrying).then(reload_button)}
        </section>
    }
    .into_any()
}

/// What the page says while it waits for the module.
pub fn loading_text(state: Fetch) -> String {
    match state {
        Fetch::Retrying => t("loading-table-retry"),
        Fetch::Waiting | Fetch::Ready => t("loading-table"),
    }
}

/// Reloads the page: after a failed fetch the module may be gone (a new build on the
/// relay), and a reload fetches the new build's.
pub fn reload_button() -> impl IntoView {
    let reload = |_| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    };
    view! {
        <button class="btn" data-testid="loading-reload" on:click=reload>
            {t("update-reload")}
        </button>
    }
}

/// The value of a future that is already done, else `None` (the future is dropped).
pub fn now<T>(future: impl Future<Output = T>) -> Option<T> {
    match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(value) => Some(value),
        Poll::Pending => None,
    }
}

/// Resolves after `ms` milliseconds.
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
