//! How a card looks: its face, its back, and the style of a claim's outcome.

use leptos::prelude::*;
use shared::engine::{Card, Outcome};

use crate::i18n::{t, tr};
use crate::model::words::{ability, card_name};

/// A style for a claim's outcome.
pub(crate) fn outcome_class(o: Outcome) -> &'static str {
    match o {
        Outcome::Pending => "pending",
        Outcome::Unchallenged => "unchallenged",
        Outcome::Shown => "shown",
        Outcome::Lost => "lost",
    }
}

/// A character's style class (its colour and sign in `style.css`): its protocol name.
fn card_class(c: Card) -> &'static str {
    c.name()
}

/// A card: face down, our own hidden one, or turned face up (lost). `big` cards (our hand,
/// the reference) print the character's ability.
#[component]
pub(crate) fn CardFace(
    /// The card, when we may see it.
    card: Option<Card>,
    /// Whether it is face up (a lost influence).
    up: bool,
    /// Whether to print the ability.
    big: bool,
) -> impl IntoView {
    match card {
        Some(c) => {
            let name = card_name(c);
            let cls = format!(
                "t-card face {}{}{}",
                card_class(c),
                if up { " lost" } else { "" },
                if big { " big" } else { "" }
            );
            let label = if up { tr("card-lost", &[("card", name.as_str().into())]) } else { name.clone() };
            view! {
                <span class=cls role="img" aria-label=label>
                    <span class="sign" aria-hidden="true"></span>
                    <span class="t-card-text" aria-hidden="true">
                        <span class="t-card-name">{name}</span>
                        {big.then(|| view! { <span class="t-ability">{ability(c)}</span> })}
                        {up.then(|| view! { <span class="t-lost">{t("lost")}</span> })}
                    </span>
                </span>
            }
            .into_any()
        }
        // A fair room's seat that left for good loses face down: out, and seen by nobody.
        None if up => view! {
            <span class="t-card back lost" class:big=big role="img" aria-label=t("card-lost-face-down")></span>
        }
        .into_any(),
        None => view! { <span class="t-card back" class:big=big role="img" aria-label=t("hidden-card")></span> }
            .into_any(),
    }
}
