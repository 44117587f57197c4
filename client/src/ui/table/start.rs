//! The "Play against bots" form on the first page.

use leptos::prelude::*;
use shared::engine::Options;

use crate::app::Ctl;
use crate::i18n::t;
use crate::model::{Intent, SoloSetup};
use crate::ui::settings::{LevelField, OptionChecks, PlayersField};

/// The "Play against bots" form on the first page.
#[component]
pub fn SoloStart(
    /// Takes the name field's name for the table; false when it would be refused.
    ready: Callback<(), bool>,
) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    // As the page's own first screen left them, if the player chose there first.
    let (players, level, options) = crate::ui::first::take_solo().unwrap_or((
        3,
        shared::session::protocol::BotLevel::Normal,
        Options::default(),
    ));
    let players = RwSignal::new(players);
    let level = RwSignal::new(level);
    let options = RwSignal::new(options);
    let start = move |_| {
        if !ready.run(()) {
            return;
        }
        ctl.send(Intent::PlayBots(SoloSetup {
            players: players.get_untracked(),
            level: level.get_untracked(),
            options: options.get_untracked(),
        }));
    };
    view! {
        <div class="panel card-solo" data-testid="solo-form">
            <h2>{t("play-bots")}</h2>
            <p class="muted">{t("play-bots-hint")}</p>
            <div class="solo-row">
                <PlayersField
                    value=players
                    on_change=Callback::new(move |n| players.set(n))
                    label=t("players")
                    testid="solo-players"
                />
                <LevelField
                    value=level
                    on_change=Callback::new(move |l| level.set(l))
                    label=t("bots")
                    testid="solo-level"
                />
            </div>
            <details class="more">
                <summary>{t("more-options")}</summary>
                <OptionChecks
                    options=options
                    players=players
                    on_change=Callback::new(move |o| options.set(o))
                />
            </details>
            <button class="btn primary big" data-testid="solo-start" on:click=start>
                {t("play-bots")}
            </button>
        </div>
    }
}
