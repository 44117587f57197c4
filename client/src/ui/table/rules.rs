//! The rules and the card reference, as a dialog.

use leptos::prelude::*;
use shared::engine::Card;

use super::cards::CardFace;
use super::ctx::TableCtx;
use super::focus::{focus_first, keep_tab_inside};
use crate::i18n::{t, tr};
use crate::model::table::timer_name;

/// The card reference and the rules at a table, with the table's options and timers.
#[component]
pub(super) fn Help(close: Callback<()>) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let about = Signal::derive(move || {
        ctx.snap.with(|s| {
            s.as_ref().map(|s| {
                let timers = s.timers;
                let o = s.view.options;
                tr(
                    "this-table",
                    &[
                        ("inquisitor", if o.inquisitor { "yes" } else { "no" }.into()),
                        (
                            "reformation",
                            if o.allegiances { "yes" } else { "no" }.into(),
                        ),
                        ("turns", timer_name(timers.turn_ms).into()),
                        ("answers", timer_name(timers.window_ms).into()),
                        ("choices", timer_name(timers.choice_ms).into()),
                    ],
                )
            })
        })
    });
    view! { <RulesDialog close about /> }
}

/// The card reference and the rules, in our words (from docs/RULES.md): at a table (with
/// `about`, what this table plays with) and from the first screen or a room's lobby.
/// Escape closes it.
#[component]
pub fn RulesDialog(
    /// Closes it.
    close: Callback<()>,
    /// A line on the table it is read at, when there is one.
    #[prop(into, optional)]
    about: Signal<Option<String>>,
) -> impl IntoView {
    request_animation_frame(|| {
        focus_first(".t-help button");
    });
    let cards = Card::ALL
        .into_iter()
        .map(|c| {
            view! {
                <li class="ref-card">
                    <CardFace card=Some(c) up=false big=true />
                </li>
            }
        })
        .collect_view();
    view! {
        <div
            class="t-help"
            role="dialog"
            aria-modal="true"
            aria-label=t("rules-dialog")
            on:keydown=move |e| {
                if e.key() == "Escape" {
                    e.stop_propagation();
                    close.run(());
                }
                keep_tab_inside(&e);
            }
        >
            <div class="t-help-body panel">
                <div class="side-row">
                    <h2>{t("rules-cards")}</h2>
                    <button class="btn" on:click=move |_| close.run(())>{t("close")}</button>
                </div>
                {move || about.get().map(|a| view! { <p class="muted">{a}</p> })}
                <ul class="ref-cards">{cards}</ul>
                <div class="t-rules" inner_html=t("rules-html")></div>
            </div>
        </div>
    }
}
