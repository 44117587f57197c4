//! The "Play against bots" form on the first page.

use leptos::prelude::*;

use crate::app::Ctl;
use crate::i18n::t;
use crate::model::intent::SOLO_KEY;
use crate::model::{Intent, SoloSetup};
use crate::ui::settings::{LevelField, OptionChecks, PlayersField};

/// The bots' form as last chosen, if the browser kept it and it reads as one.
fn load_solo() -> Option<SoloSetup> {
    let storage = web_sys::window()?.local_storage().ok().flatten()?;
    SoloSetup::from_stored(&storage.get_item(SOLO_KEY).ok().flatten()?)
}

/// Keeps the bots' form as chosen; storage may be full or refused, and then it lasts
/// only for this page.
fn save_solo(setup: &SoloSetup) {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(SOLO_KEY, &setup.to_stored());
    }
}

/// The "Play against bots" form on the first page.
#[component]
pub fn SoloStart(
    /// Takes the name field's name for the table; false when it would be refused.
    ready: Callback<(), bool>,
) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    // As the page's own first screen left them, if the player chose there first (it
    // showed what was stored); else as last chosen, back from a game.
    let chosen = crate::ui::first::take_solo()
        .map(|(players, level, options)| SoloSetup {
            players,
            level,
            options,
        })
        .or_else(load_solo)
        .unwrap_or_default();
    let players = RwSignal::new(chosen.players);
    let level = RwSignal::new(chosen.level);
    let options = RwSignal::new(chosen.options);
    let open = RwSignal::new(crate::ui::first::take_more());
    let setup = move || SoloSetup {
        players: players.get_untracked(),
        level: level.get_untracked(),
        options: options.get_untracked(),
    };
    // Every choice is kept as it is made, so "Back to the start" finds it.
    let chose = move || save_solo(&setup());
    let start = move |_| {
        if !ready.run(()) {
            return;
        }
        save_solo(&setup());
        // A first game against bots comes with its guide, and then has no clock.
        ctl.send(if super::guide::seen() {
            Intent::PlayBots(setup())
        } else {
            Intent::PlayBotsGuided(setup())
        });
    };
    view! {
        <div class="panel card-solo" data-testid="solo-form">
            <h2>{t("play-bots")}</h2>
            <p class="muted">{t("play-bots-hint")}</p>
            <div class="solo-row">
                <PlayersField
                    value=players
                    on_change=Callback::new(move |n| {
                        players.set(n);
                        chose();
                    })
                    label=t("players")
                    testid="solo-players"
                />
                <LevelField
                    value=level
                    on_change=Callback::new(move |l| {
                        level.set(l);
                        chose();
                    })
                    label=t("bots")
                    testid="solo-level"
                />
            </div>
            <div class="more">
                <button
                    type="button"
                    class="more-toggle"
                    data-testid="more-options"
                    aria-expanded=move || open.get().to_string()
                    aria-controls="solo-options"
                    on:click=move |_| open.update(|o| *o = !*o)
                >
                    <span>{t("more-options")}</span>
                    <span class="chevron" aria-hidden="true"></span>
                </button>
                <div class="more-body" id="solo-options" hidden=move || !open.get()>
                    <OptionChecks
                        options=options
                        players=players
                        on_change=Callback::new(move |o| {
                            options.set(o);
                            chose();
                        })
                    />
                </div>
            </div>
            <button class="btn primary big" data-testid="solo-start" on:click=start>
                {t("play-bots")}
            </button>
        </div>
    }
}
