//! The Leptos components. They render the [`Session`](crate::model::Session) and turn
//! clicks into calls on [`Ctl`]; they decide nothing themselves.
//!
//! The page is a shell (header, notices, main area) whose main area shows the first screen,
//! the wait for the relay, a table against bots, or the room: a bar with the code, the table (its lobby, then the
//! game), and a panel with the chat (at the side on wide screens until the game starts).
//!
//! The first screen is all a page needs before a player acts; the table, the room and the
//! rules are drawn by code fetched after it ([`crate::later`]); until it is here, a wait
//! ([`crate::loading`]).

mod chat;
pub(crate) mod first;
mod labels;
pub(crate) mod language;
mod lobby;
mod offline;
pub(crate) mod room;
mod settings;
pub(crate) mod table;

use leptos::prelude::*;

use crate::app::Ctl;
use crate::i18n::t;
use crate::later;
use crate::loading;
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
    let ctl = Ctl::new(later::LATER);
    provide_context(ctl);
    let screen = Memo::new(move |_| {
        ctl.session.with(|s| match &s.phase {
            Phase::Start { .. } => Screen::Start,
            Phase::Opening(_) => Screen::Opening,
            Phase::Hosting(h) if h.room.is_none() => Screen::Bots,
            Phase::Hosting(_) | Phase::Joined(_) => Screen::Room,
        })
    });
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
                {move || loading::show(ctl.table.get(), move || later::rules(close_rules))}
            </Show>
            <Notices />
            <main class="main">
                {move || match screen.get() {
                    Screen::Start if ctl.restoring.get() => view! { <Restoring /> }.into_any(),
                    Screen::Start => view! { <lobby::Lobby /> }.into_any(),
                    Screen::Opening => view! { <Opening /> }.into_any(),
                    Screen::Bots => loading::show(ctl.table.get(), later::solo_table),
                    Screen::Room => loading::show(ctl.table.get(), later::room),
                }}
            </main>
            <footer class="credit" data-testid="credit">
                {t("credit")}
            </footer>
        </div>
    }
}

/// A reloaded page taking back the seat or table its tab held.
#[component]
fn Restoring() -> impl IntoView {
    view! {
        <section class="panel opening" data-testid="restoring" role="status">
            <div class="spinner" aria-hidden="true"></div>
            <p>{t("restoring-place")}</p>
        </section>
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

/// A joiner's browser and the host's cannot reach each other: why, what usually causes
/// it, what helps, and a button that tries again on a new connection. It goes by itself
/// when the link opens (the page keeps trying meanwhile).
#[component]
fn LinkFailure(why: crate::model::link::Diagnosis) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    view! {
        <section class="notice link-failure" data-testid="link-failure" data-why=why.joiner_message() role="alert">
            <h2>{t("link-failure-title")}</h2>
            <p data-testid="link-failure-why">{t(why.joiner_message())}</p>
            <p>{t("link-failure-cause")}</p>
            <p>
                {t("link-failure-help")} " "
                <a href=crate::model::link::SELF_HOSTING_GUIDE target="_blank" rel="noopener">
                    {t("link-failure-guide")}
                </a>
            </p>
            <p class="link-failure-trying">{t("link-failure-trying")}</p>
            <button class="btn" data-testid="retry-link" on:click=move |_| ctl.send(Intent::RetryLink)>
                {t("link-failure-retry")}
            </button>
        </section>
    }
}

/// Messages for the user, newest last, each dismissible.
#[component]
fn Notices() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let notices = Memo::new(move |_| ctl.session.with(|s| s.notices().to_vec()));
    // One calm line while a link or the relay is coming back.
    let online = offline::online();
    let line = Memo::new(move |_| {
        let online = online.get();
        ctl.session.with(|s| s.connection_line(online))
    });
    let ended = Memo::new(move |_| ctl.session.with(|s| s.ended().map(str::to_owned)));
    // Why a joiner cannot reach its host, when it is time to say so.
    let failure = Memo::new(move |_| ctl.session.with(|s| s.link_failure()));
    view! {
        <div class="notices" role="status" aria-live="polite">
            <offline::UpdatePrompt />
            {move || {
                line.get()
                    .map(|text| view! { <div class="notice" data-testid="connection-line">{text}</div> })
            }}
            {move || failure.get().map(|why| view! { <LinkFailure why /> })}
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
