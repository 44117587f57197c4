//! A first game against bots, guided: four short steps over the table (your cards, your
//! coins and actions, claims and challenges, the log), each lighting the part it names.
//! Shown once: "Skip" and the last step both remember it (`localStorage`), and a page
//! never shows it again. The table it guides has no clock
//! ([`Intent::PlayBotsGuided`](crate::model::Intent::PlayBotsGuided)), so reading costs
//! no time; a room, with other people, never shows it.

use leptos::prelude::*;

use super::ctx::TableCtx;
use super::focus::focus_first;
use crate::i18n::{t, tr};

/// Where a page remembers that its player has seen the guide.
const GUIDE_KEY: &str = "coup.guide";

/// The steps: the message, and the part of the table each lights (`data-guide` on the
/// table, read by the styles).
const STEPS: [(&str, &str); 4] = [
    ("guide-cards", "cards"),
    ("guide-coins", "coins"),
    ("guide-claims", "claims"),
    ("guide-log", "log"),
];

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Whether this browser's player has been through the guide (or skipped it). A browser
/// that keeps nothing shows it every first game of a page, and no more.
pub fn seen() -> bool {
    storage().is_some_and(|s| s.get_item(GUIDE_KEY).ok().flatten().is_some())
}

fn remember() {
    if let Some(s) = storage() {
        let _ = s.set_item(GUIDE_KEY, "done");
    }
}

/// The guide, once the first game is dealt and while the player is seated in it: in the
/// page's flow above the table, so it covers nothing the player may need.
#[component]
pub fn Guide(
    /// The table it guides.
    ctx: TableCtx,
) -> impl IntoView {
    let step = RwSignal::new(if seen() { None } else { Some(0usize) });
    let seated = Memo::new(move |_| {
        ctx.snap
            .with(|s| s.as_ref().is_some_and(|s| s.me.is_some()))
    });
    let shown = move || seated.get() && step.get().is_some();
    let done = move || {
        remember();
        step.set(None);
        focus_first("[data-testid=decision-area]");
    };
    let next = move |_| match step.get_untracked() {
        Some(i) if i + 1 < STEPS.len() => {
            step.set(Some(i + 1));
            focus_first("[data-testid=guide-next]");
        }
        _ => done(),
    };
    // The part of the table this step names, lit by the styles.
    Effect::new(move || {
        let part = step.get().filter(|_| seated.get()).map(|i| STEPS[i].1);
        if let Some(table) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector("[data-testid=solo-table]").ok().flatten())
        {
            let _ = match part {
                Some(p) => table.set_attribute("data-guide", p),
                None => table.remove_attribute("data-guide"),
            };
        }
    });
    // The keyboard finds the guide when it first shows.
    Effect::new(move |was: Option<bool>| {
        let now = shown();
        if now && was != Some(true) {
            request_animation_frame(|| {
                focus_first("[data-testid=guide-next]");
            });
        }
        now
    });
    move || {
        let i = step.get().filter(|_| seated.get())?;
        let last = i + 1 == STEPS.len();
        Some(view! {
            <div
                class="guide panel"
                role="dialog"
                aria-modal="false"
                aria-labelledby="guide-title"
                data-testid="guide"
                data-step=STEPS[i].1
                on:keydown=move |e: web_sys::KeyboardEvent| {
                    if e.key() == "Escape" {
                        e.prevent_default();
                        done();
                    }
                }
            >
                <p class="guide-head">
                    <b id="guide-title">{t("guide-label")}</b>
                    <span class="muted small">
                        {tr("guide-step", &[("n", (i + 1).into()), ("count", STEPS.len().into())])}
                    </span>
                </p>
                <p class="guide-text" data-testid="guide-text">{t(STEPS[i].0)}</p>
                <div class="guide-actions">
                    <button class="btn ghost" data-testid="guide-skip" on:click=move |_| done()>
                        {t("guide-skip")}
                    </button>
                    <button class="btn primary" data-testid="guide-next" on:click=next>
                        {if last { t("guide-done") } else { t("guide-next") }}
                    </button>
                </div>
            </div>
        })
    }
}
