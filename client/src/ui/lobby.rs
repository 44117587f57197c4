//! The first screen: your name, then create a room, or join one with a code.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::app::Ctl;
use crate::i18n::{t, tr};
use crate::model::Intent;
use crate::model::invite::code_from_fragment;
use crate::model::name::{NAME_KEY, check_name, remembered_name};
use shared::session::names::NAME_MAX_CHARS;

/// The page's `localStorage`, when the browser lets us have it.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The name remembered from an earlier visit, or blank.
fn load_name() -> String {
    let stored = storage().and_then(|s| s.get_item(NAME_KEY).ok().flatten());
    remembered_name(stored.as_deref())
}

/// Remembers `name` (or forgets it, when blank). Storage may be full or refused: the name
/// then only lasts for this page.
fn save_name(name: Option<&str>) {
    if let Some(s) = storage() {
        let _ = match name {
            Some(n) => s.set_item(NAME_KEY, n),
            None => s.remove_item(NAME_KEY),
        };
    }
}

/// Create a room, or join with a code.
#[component]
pub fn Lobby() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    // An invitation's link opens this screen with its room's code filled in.
    let invited = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .and_then(|h| code_from_fragment(&h));
    // What was typed on the page's own first screen before the program ran comes first.
    // Then a code this page typed and the relay refused: back as typed, to be fixed.
    let code = RwSignal::new(
        crate::ui::first::take_code()
            .or_else(|| {
                ctl.session
                    .with_untracked(|s| s.typed_code().map(str::to_owned))
            })
            .or_else(|| invited.as_ref().map(|c| c.to_string()))
            .unwrap_or_default(),
    );
    // An invitation opened in a tab already on this screen changes only the fragment.
    let listener = window_event_listener(leptos::ev::hashchange, move |_| {
        let typed = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .and_then(|h| code_from_fragment(&h));
        if let Some(c) = typed {
            code.set(c.to_string());
        }
    });
    on_cleanup(move || listener.remove());
    let name = RwSignal::new(crate::ui::first::take_name().unwrap_or_else(load_name));
    let checked = Memo::new(move |_| name.with(|n| check_name(n)));
    // Takes the typed name for the room about to open; false (the field says why) when the
    // host would refuse it.
    let take_name = move || match checked.get_untracked() {
        Ok(n) => {
            save_name(n.as_deref());
            ctl.send(Intent::SetName(n));
            true
        }
        Err(_) => false,
    };
    let on_join = move |ev: SubmitEvent| {
        ev.prevent_default();
        if take_name() {
            ctl.send(Intent::JoinRoom(code.get_untracked()));
        }
    };
    let on_create = move |_| {
        if take_name() {
            ctl.send(Intent::CreateRoom);
        }
    };
    let offer = Memo::new(move |_| ctl.session.with(|s| s.rejoin_offer().cloned()));
    // Rooms need the relay; a game against bots does not. Neither button while the name
    // would be refused.
    let online = crate::ui::offline::online();
    let room_blocked = move || checked.with(Result::is_err) || !online.get();
    view! {
        <section class="lobby">
            {move || {
                offer
                    .get()
                    .map(|r| {
                        view! {
                            <div class="panel rejoin" data-testid="rejoin-offer">
                                <p>
                                    {tr(
                                        "rejoin-were-playing",
                                        &[("code", r.code.to_string().into()), ("name", r.name.as_str().into())],
                                    )}
                                </p>
                                <div class="rejoin-actions">
                                    <button
                                        class="btn primary"
                                        data-testid="rejoin"
                                        on:click=move |_| ctl.send(Intent::Rejoin)
                                    >
                                        {tr("rejoin-room", &[("code", r.code.to_string().into())])}
                                    </button>
                                    <button
                                        class="btn ghost"
                                        data-testid="rejoin-dismiss"
                                        on:click=move |_| ctl.send(Intent::DismissRejoin)
                                    >
                                        {t("dismiss")}
                                    </button>
                                </div>
                            </div>
                        }
                    })
            }}
            <div class="hero">
                <h1>{t("hero-title")}</h1>
                <p>{t("hero-line")}</p>
            </div>
            <div class="panel name-row">
                <label class="solo-field name-field" for="player-name">
                    <span>{t("your-name")}</span>
                    <input
                        id="player-name"
                        data-testid="player-name"
                        type="text"
                        placeholder=t("optional")
                        maxlength=NAME_MAX_CHARS.to_string()
                        autocomplete="nickname"
                        spellcheck="false"
                        aria-invalid=move || checked.with(Result::is_err).to_string()
                        bind:value=name
                    />
                </label>
                // How much of the limit is used, as the person types (the field stops at
                // it). Nothing before a name is typed: the screen is the page's own.
                {move || {
                    let n = name.with(|n| n.chars().count());
                    (n > 0).then(|| view! {
                        <span class="muted small name-count" data-testid="name-count">
                            {format!("{n}/{NAME_MAX_CHARS}")}
                        </span>
                    })
                }}
                {move || match checked.get() {
                    Err(e) => view! { <p class="solo-error" data-testid="name-error">{e}</p> }.into_any(),
                    Ok(None) => view! {
                        <p class="muted small">{t("name-optional")}</p>
                    }
                        .into_any(),
                    Ok(Some(_)) => view! { <p class="muted small">{t("name-seen")}</p> }
                        .into_any(),
                }}
            </div>
            <crate::ui::offline::OfflineNote online />
            // An invitation: joining its room is the first and largest action.
            <div class="lobby-cards" class:invited=invited.is_some()>
                <crate::ui::table::SoloStart ready=Callback::new(move |()| take_name()) />
                <div class="panel card-create">
                    <h2>{t("play-with-friends")}</h2>
                    <p class="muted">{t("create-room-hint")}</p>
                    <button
                        class="btn primary big"
                        data-testid="create-room"
                        disabled=room_blocked
                        on:click=on_create
                    >
                        {t("create-room")}
                    </button>
                </div>
                <form class="panel card-join" on:submit=on_join>
                    <h2>{t("join-friends")}</h2>
                    <label class="muted" for="join-code">
                        {if invited.is_some() { t("join-invited") } else { t("join-type-code") }}
                    </label>
                    <div class="join-row">
                        <input
                            id="join-code"
                            class="code-input"
                            data-testid="join-code"
                            type="text"
                            placeholder="K7M-3QX"
                            maxlength="12"
                            autocomplete="off"
                            autocapitalize="characters"
                            spellcheck="false"
                            bind:value=code
                        />
                        <button
                            class="btn primary"
                            data-testid="join-room"
                            type="submit"
                            disabled=room_blocked
                        >
                            {t("join")}
                        </button>
                    </div>
                </form>
            </div>
        </section>
    }
}
