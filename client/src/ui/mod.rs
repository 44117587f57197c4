//! The Leptos components. They render the [`Session`](crate::model::Session) and turn
//! clicks into calls on [`Ctl`]; they decide nothing themselves.
//!
//! The page is a shell (header, notices, main area) whose main area shows the first screen,
//! the wait for the relay, a table against bots, or the room: a bar with the code, the table (its lobby, then the
//! game), and a panel with the chat (at the side on wide screens until the game starts).
//!
//! The first screen is all a page needs before a player acts. The table's interface (the
//! table against bots, the room, the rules) is a module of its own: [`later`] marks where
//! it starts, `.ci/build-client.sh` cuts it out of the page's wasm, and the page fetches it
//! as soon as the first screen is up.

mod chat;
mod labels;
pub(crate) mod language;
mod lobby;
mod offline;
mod room;
mod settings;
pub(crate) mod table;

use leptos::prelude::*;

use crate::app::Ctl;
use crate::i18n::t;
use crate::model::{Intent, Phase};

/// Which screen the main area shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Screen {
    Start,
    Opening,
    /// A game against bots: a hosted table with no room.
    Bots,
    Room,
}

/// The whole page.
#[component]
pub fn App() -> impl IntoView {
    let ctl = Ctl::new();
    provide_context(ctl);
    let screen = Memo::new(move |_| {
        ctl.session.with(|s| match &s.phase {
            Phase::Start { .. } => Screen::Start,
            Phase::Opening(_) => Screen::Opening,
            Phase::Hosting(h) if h.room.is_none() => Screen::Bots,
            Phase::Hosting(_) | Phase::Joined(_) => Screen::Room,
        })
    });
    let table = later::fetch_table();
    // The rules, from the first screen and a room's lobby (at a table, its bar has them).
    let rules = RwSignal::new(false);
    let close_rules = Callback::new(move |()| {
        rules.set(false);
        request_animation_frame(|| {
            table::focus_first(".top .how-to");
        });
    });
    view! {
        <div class="shell">
            <header class="top">
                <h1 class="logo">"Coup"</h1>
                <span class="tagline">{t("tagline")}</span>
                <button
                    class="btn ghost how-to"
                    data-testid="how-to-play"
                    aria-haspopup="dialog"
                    on:click=move |_| rules.set(true)
                >
                    <span class="how-icon" aria-hidden="true">"?"</span>
                    <span class="how-text">{t("how-to-play")}</span>
                </button>
                <language::Picker />
            </header>
            <Show when=move || rules.get()>
                {move || later::show(table, move || later::rules(close_rules))}
            </Show>
            <Notices />
            <main class="main">
                {move || match screen.get() {
                    Screen::Start => view! { <lobby::Lobby /> }.into_any(),
                    Screen::Opening => view! { <Opening /> }.into_any(),
                    Screen::Bots => later::show(table, later::solo_table),
                    Screen::Room => later::show(table, later::room),
                }}
            </main>
            <footer class="credit" data-testid="credit">
                {t("credit")}
            </footer>
        </div>
    }
}

/// Waiting for the relay to answer a create or join.
#[component]
fn Opening() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    view! {
        <section class="panel opening" data-testid="opening">
            <div class="spinner" aria-hidden="true"></div>
            <p>{t("contacting-relay")}</p>
            <button class="btn ghost" on:click=move |_| ctl.send(Intent::Leave)>{t("cancel")}</button>
        </section>
    }
}

/// Messages for the user, newest last, each dismissible.
#[component]
fn Notices() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let notices = Memo::new(move |_| ctl.session.with(|s| s.notices().to_vec()));
    // One calm line while a link or the relay is coming back.
    let line = Memo::new(move |_| ctl.session.with(|s| s.connection_line()));
    let ended = Memo::new(move |_| ctl.session.with(|s| s.ended().map(str::to_owned)));
    view! {
        <div class="notices" role="status" aria-live="polite">
            <offline::UpdatePrompt />
            {move || {
                line.get()
                    .map(|text| view! { <div class="notice" data-testid="connection-line">{text}</div> })
            }}
            {move || {
                ended.get()
                    .map(|text| {
                        view! {
                            <div class="notice" data-testid="room-ended">
                                <span>{text}</span>
                                <button
                                    class="btn"
                                    data-testid="new-room"
                                    on:click=move |_| ctl.send(Intent::NewRoom)
                                >
                                    {t("new-room")}
                                </button>
                            </div>
                        }
                    })
            }}
            <For
                each=move || notices.get()
                key=|n| n.id
                children=move |n| {
                    let id = n.id;
                    view! {
                        <div class="notice" data-testid="notice">
                            <span>{n.text}</span>
                            <button
                                class="notice-close"
                                aria-label=t("dismiss")
                                on:click=move |_| ctl.send(Intent::Dismiss(id))
                            >
                                "×"
                            </button>
                        </div>
                    }
                }
            />
        </div>
    }
}

/// The table's interface, fetched after the first screen: its entry points and the page's
/// wait for them.
mod later {
    use std::future::Future;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    use leptos::prelude::*;
    use wasm_split_helpers::{SplitLoaderError, wasm_split};

    use crate::i18n::t;

    /// Where the table's module stands.
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub(super) enum Fetch {
        /// Asked for and not here yet.
        Waiting,
        /// The last try failed; another follows.
        Retrying,
        /// Here: its entry points answer at once.
        Ready,
    }

    // Each entry point is a split point of the module `table`: what only they reach goes
    // into it. (The page's own rules need a `Result` with `fallible`.)

    #[wasm_split(table, fallible, preload(fetch_solo))]
    pub(super) fn solo_table() -> Result<AnyView, SplitLoaderError> {
        Ok(view! { <super::table::SoloTable /> }.into_any())
    }

    #[wasm_split(table, fallible, preload(fetch_room))]
    pub(super) fn room() -> Result<AnyView, SplitLoaderError> {
        Ok(view! { <super::room::RoomView /> }.into_any())
    }

    #[wasm_split(table, fallible, preload(fetch_rules))]
    pub(super) fn rules(close: Callback<()>) -> Result<AnyView, SplitLoaderError> {
        Ok(view! { <super::table::RulesDialog close /> }.into_any())
    }

    /// Starts fetching the table's module, trying again (after 1, 2, 4… up to 30 seconds)
    /// until it is here. Every entry point's loader is run, so each answers at once after.
    pub(super) fn fetch_table() -> RwSignal<Fetch> {
        let state = RwSignal::new(Fetch::Waiting);
        leptos::task::spawn_local(async move {
            let mut wait_ms = 1_000;
            loop {
                let here = fetch_solo().await.is_ok()
                    && fetch_room().await.is_ok()
                    && fetch_rules().await.is_ok();
                if here {
                    state.set(Fetch::Ready);
                    return;
                }
                state.set(Fetch::Retrying);
                sleep(wait_ms).await;
                wait_ms = (wait_ms * 2).min(30_000);
            }
        });
        state
    }

    /// What an entry point draws once the module is here; until then, a wait that says so.
    pub(super) fn show<F>(state: RwSignal<Fetch>, entry: impl FnOnce() -> F) -> AnyView
    where
        F: Future<Output = Result<AnyView, SplitLoaderError>>,
    {
        match state.get() {
            Fetch::Ready => match now(entry()) {
                Some(Ok(view)) => view,
                // Not reached: a module that is here answers at once.
                _ => waiting(t("loading-table")),
            },
            Fetch::Waiting => waiting(t("loading-table")),
            Fetch::Retrying => waiting(t("loading-table-retry")),
        }
    }

    fn waiting(text: String) -> AnyView {
        view! {
            <section class="panel opening" data-testid="loading-table" role="status">
                <div class="spinner" aria-hidden="true"></div>
                <p>{text}</p>
            </section>
        }
        .into_any()
    }

    /// The value of a future that is already done, else `None`.
    fn now<T>(future: impl Future<Output = T>) -> Option<T> {
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
}
