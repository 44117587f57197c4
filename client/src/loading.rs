//! Waiting for the code a page fetches after its first screen ([`crate::later`]): where
//! the fetch stands, the loop that retries it, and what a screen shows until it is here.
//!
//! Nothing here names a split point: the controller and the interface use these helpers,
//! and the split points sit above both, so the loaders are handed in.

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use leptos::prelude::*;
use wasm_split_helpers::SplitLoaderError;

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

/// Fetches the table's module with `load` (true once every entry point's loader ran),
/// trying again after 1, 2, 4… up to 30 seconds until it is here; `state` follows.
pub fn fetch<F>(state: RwSignal<Fetch>, load: fn() -> F)
where
    F: Future<Output = bool> + 'static,
{
    leptos::task::spawn_local(async move {
        let mut wait_ms = 1_000;
        loop {
            if load().await {
                state.set(Fetch::Ready);
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
fn loading_text(state: Fetch) -> String {
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
pub async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
