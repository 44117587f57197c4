//! A fair room on the table (docs/FAIR-DEAL.md): a strip with the shuffles' progress,
//! the table's key fingerprint, the cards shown to us as the Inquisitor and the audit's
//! verdict; and the panel of answers our seat gives with its own cards when asked.

use leptos::prelude::*;
use shared::engine::ActionKind;
use shared::session::protocol::FairAsk;

use super::ctx::{Snap, TableCtx};
use crate::i18n::{t, tr};
use crate::model::fair::FairShown;
use crate::model::words::{action_title, card_name};

/// The strip above the dock: only what there is to say now.
pub(super) fn strip(f: &FairShown) -> impl IntoView + use<> {
    let shuffling = f.shuffling.map(|(done, all)| {
        view! {
            <span data-testid="fair-shuffling" role="status">
                {tr("fair-shuffling", &[("done", done.into()), ("all", all.into())])}
            </span>
        }
    });
    let print = f.fingerprint.clone().map(|p| {
        view! {
            <span data-testid="fair-fingerprint" title=t("fair-fingerprint-hint")>
                {tr("fair-fingerprint", &[("print", p.into())])}
            </span>
        }
    });
    let examined = (!f.examined.is_empty()).then(|| {
        let cards: Vec<String> = f.examined.iter().map(|c| card_name(*c)).collect();
        view! {
            <span data-testid="fair-examined">
                {tr("fair-examined", &[("cards", cards.join(", ").into())])}
            </span>
        }
    });
    let verdict = f.verdict.clone().map(|v| {
        view! {
            <p class="t-panel" data-testid="fair-verdict" data-fair=v.fair.to_string() role="status">
                <b>{v.text}</b>
            </p>
        }
    });
    view! {
        <div class="t-fair muted small" data-testid="fair-strip">
            <b>{t("fair-title")}</b>
            " "
            {shuffling}
            " "
            {print}
            " "
            {examined}
        </div>
        {verdict}
    }
}

/// The title of the panel of what the table asks of our seat: a plain room's title for the
/// same decision (and the tab's title, and the announcement, say it too).
pub(super) fn ask_title(ask: FairAsk) -> String {
    match ask {
        FairAsk::Prove(_) => t("fair-title-prove"),
        FairAsk::Lose => t("you-lose-influence"),
        FairAsk::Show => t("you-are-examined"),
        FairAsk::Keep => action_title(ActionKind::Exchange),
        FairAsk::Pick => t("mode-draft"),
    }
}

/// The answers our seat may give to what the table asks, one button each.
pub(super) fn panel(snap: &Snap, pressed: RwSignal<bool>) -> Option<AnyView> {
    let (ask, choices) = snap.fair.as_ref()?.ask.clone()?;
    let ctx = expect_context::<TableCtx>();
    let title = ask_title(ask);
    // What it answers, in the words a plain room's panel uses for the same choice.
    let what = match ask {
        FairAsk::Prove(_) => t("fair-ask-prove"),
        FairAsk::Lose => t("choose-card-up"),
        FairAsk::Show => t("fair-ask-show"),
        FairAsk::Keep => t("fair-ask-keep"),
        FairAsk::Pick => t("fair-ask-pick"),
    };
    let bad = matches!(ask, FairAsk::Lose);
    let buttons = choices
        .into_iter()
        .map(|c| {
            let answer = c.answer.clone();
            view! {
                <button
                    class="btn decision"
                    data-testid="fair-answer"
                    disabled=move || pressed.get()
                    on:click=move |_| {
                        if !pressed.get_untracked() {
                            pressed.set(true);
                            ctx.answer.run(answer.clone());
                        }
                    }
                >
                    <span class="d-label">{c.label}</span>
                </button>
            }
        })
        .collect_view();
    let name = title.clone();
    Some(
        view! {
            <div class="t-panel mine" class:bad=bad data-testid="panel-fair" role="group" aria-label=name>
                <h2>{title}</h2>
                <p class="t-claim">{what}</p>
                <div class="t-choices">{buttons}</div>
            </div>
        }
        .into_any(),
    )
}
