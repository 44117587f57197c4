//! The game's settings controls, shared by the start form of a game against bots and the
//! room's lobby: the number of players, the bots' level, and the options (Inquisitor,
//! Reformation, two-player draft). Each reads a signal and reports a change. (A room's
//! joiners read the host's choices as words, not as controls: `ui::room`.)

use leptos::prelude::*;

use crate::i18n::t;
use shared::engine::{MAX_PLAYERS, MIN_PLAYERS, Options};
use shared::session::protocol::BotLevel;

/// How many players: 2 to 10 (R1.1).
#[component]
pub fn PlayersField(
    #[prop(into)] value: Signal<u8>,
    on_change: Callback<u8>,
    #[prop(into)] label: String,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <label class="solo-field">
            <span>{label}</span>
            <select
                data-testid=testid
                prop:value=move || value.get().to_string()
                on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).parse::<u8>() {
                        on_change.run(n);
                    }
                }
            >
                {(MIN_PLAYERS as u8..=MAX_PLAYERS as u8)
                    .map(|n| {
                        view! {
                            <option value=n.to_string() selected=move || value.get() == n>
                                {n}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// A bot level: Easy, Normal, Hard.
#[component]
pub fn LevelField(
    #[prop(into)] value: Signal<BotLevel>,
    on_change: Callback<BotLevel>,
    #[prop(into)] label: String,
    testid: &'static str,
) -> impl IntoView {
    let code = |l: BotLevel| match l {
        BotLevel::Easy => "easy",
        BotLevel::Normal => "normal",
        BotLevel::Hard => "hard",
    };
    view! {
        <label class="solo-field">
            <span>{label}</span>
            <select
                data-testid=testid
                prop:value=move || code(value.get())
                on:change=move |ev| {
                    on_change
                        .run(
                            match event_target_value(&ev).as_str() {
                                "easy" => BotLevel::Easy,
                                "hard" => BotLevel::Hard,
                                _ => BotLevel::Normal,
                            },
                        );
                }
            >
                {[BotLevel::Easy, BotLevel::Normal, BotLevel::Hard]
                    .into_iter()
                    .map(|l| {
                        view! {
                            <option value=code(l) selected=move || value.get() == l>
                                {crate::model::table::level_name(l)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The options' checkboxes, each with a line saying what it does, showing the options as they stand at `players` seats
/// ([`Options::for_players`]: the two-player draft only with two, R1.4).
#[component]
pub fn OptionChecks(
    #[prop(into)] options: Signal<Options>,
    #[prop(into)] players: Signal<u8>,
    on_change: Callback<Options>,
) -> impl IntoView {
    let shown = move || options.get().for_players(players.get().into());
    let check = move |(label, hint): (String, String),
                      testid: &'static str,
                      get: fn(&Options) -> bool,
                      set: fn(&mut Options, bool),
                      seat_bound: bool| {
        // An option the seat count rules out cannot be chosen.
        let ruled_out = move || {
            let mut all = Options::default();
            set(&mut all, true);
            seat_bound && !get(&all.for_players(players.get().into()))
        };
        view! {
            <label class="check" class:disabled=ruled_out>
                <input
                    type="checkbox"
                    data-testid=testid
                    prop:checked=move || get(&shown())
                    disabled=ruled_out
                    on:change=move |ev| {
                        let mut o = options.get_untracked();
                        set(&mut o, event_target_checked(&ev));
                        on_change.run(o);
                    }
                />
                <span class="check-words">
                    <span>{label}</span>
                    <span class="check-hint">{hint}</span>
                </span>
            </label>
        }
    };
    view! {
        <div class="solo-options">
            {check((t("option-inquisitor"), t("option-inquisitor-hint")), "opt-inquisitor", |o| o.inquisitor, |o, v| o.inquisitor = v, false)}
            {check((t("option-reformation"), t("option-reformation-hint")), "opt-reformation", |o| o.allegiances, |o, v| o.allegiances = v, false)}
            {check(
                (t("option-draft"), t("option-draft-hint")),
                "opt-draft",
                |o| o.two_player_draft,
                |o, v| o.two_player_draft = v,
                true,
            )}
        </div>
    }
}
