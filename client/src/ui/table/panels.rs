//! The decision panels: one per kind of pending decision. Each offers exactly our legal
//! inputs as buttons; when we owe nothing it says whom the table is waiting for.

use leptos::prelude::*;
use shared::engine::{Input, Pending, WindowKind};

use super::{Snap, TableCtx};
use crate::model::words::{card_name, describe, input_label, is_targeted};

/// Picks the panel for the pending decision.
#[component]
pub fn Decision(
    /// The table state.
    snap: Snap,
) -> impl IntoView {
    let names = snap.names.clone();
    let waiting = |snap: &Snap| {
        let who: Vec<String> = snap
            .view
            .pending
            .owes()
            .iter()
            .filter_map(|s| snap.names.get(s.0 as usize).cloned())
            .collect();
        view! {
            <div class="t-panel waiting" data-testid="waiting">
                <span class="spinner small" aria-hidden="true"></span>
                <span>"Waiting for " {who.join(", ")} "…"</span>
            </div>
        }
        .into_any()
    };
    let problem = snap
        .problem
        .clone()
        .map(|p| view! { <p class="solo-error">{p}</p> });
    let body = match snap.view.pending {
        Pending::GameOver { winner } => view! {
            <GameOverPanel
                winner=names.get(winner.0 as usize).cloned().unwrap_or_default()
                seat=winner.0
                won=snap.me == Some(winner)
            />
        }
        .into_any(),
        _ if snap.legal.is_empty() => waiting(&snap),
        Pending::Action { .. } => {
            view! { <ActionPanel legal=snap.legal.clone() names=names /> }.into_any()
        }
        Pending::Respond { window } => {
            let claim = snap.view.events.iter().rev().find_map(|e| {
                describe(e, &snap.names, snap.me, snap.view.options).filter(|_| {
                    matches!(
                        e,
                        shared::engine::Event::Declared { .. }
                            | shared::engine::Event::BlockDeclared { .. }
                            | shared::engine::Event::EarlyBlock { .. }
                    )
                })
            });
            view! {
                <RespondPanel
                    kind=window.kind
                    claim=claim.unwrap_or_default()
                    legal=snap.legal.clone()
                    names=names
                />
            }
            .into_any()
        }
        Pending::LoseInfluence { .. } => {
            view! { <LosePanel legal=snap.legal.clone() names=names /> }.into_any()
        }
        Pending::Exchange { drawn, .. } => {
            let drawn: Vec<&'static str> = drawn.iter().flatten().map(|c| card_name(*c)).collect();
            view! { <ExchangePanel drawn=drawn.join(", ") legal=snap.legal.clone() names=names /> }
                .into_any()
        }
        Pending::ExamineShow { examiner, .. } => view! {
            <ExamineShowPanel
                examiner=names.get(examiner.0 as usize).cloned().unwrap_or_default()
                legal=snap.legal.clone()
                names=names
            />
        }
        .into_any(),
        Pending::ExamineDecide { target, card, .. } => view! {
            <ExamineDecidePanel
                target=names.get(target.0 as usize).cloned().unwrap_or_default()
                card=card.map(card_name).unwrap_or("a card")
                legal=snap.legal.clone()
                names=names
            />
        }
        .into_any(),
        Pending::Draft { .. } => {
            view! { <DraftPanel legal=snap.legal.clone() names=names /> }.into_any()
        }
        Pending::ChooseAllegiance { .. } => {
            view! { <AllegiancePanel legal=snap.legal.clone() names=names /> }.into_any()
        }
    };
    view! {
        <div class="t-decision">
            {problem}
            {body}
        </div>
    }
}

/// A row of decision buttons, one per input, in the order given.
#[component]
fn Choices(
    /// The inputs to offer (all legal).
    inputs: Vec<Input>,
    /// Seat names, for targets.
    names: Vec<String>,
) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    inputs
        .into_iter()
        .map(|i| {
            let label = input_label(&i, &names);
            let cls = match i {
                Input::Challenge => "btn decision danger",
                Input::Block(_) => "btn decision block",
                Input::Pass => "btn decision ghost",
                _ if is_targeted(&i) => "btn decision target",
                _ => "btn decision",
            };
            view! {
                <button class=cls data-testid="decision" on:click=move |_| ctx.play.run(i)>
                    {label}
                </button>
            }
        })
        .collect_view()
}

/// Our turn: the actions, untargeted first, then one row per targeted action.
#[component]
fn ActionPanel(
    /// Our legal inputs.
    legal: Vec<Input>,
    /// Seat names.
    names: Vec<String>,
) -> impl IntoView {
    let (targeted, plain): (Vec<Input>, Vec<Input>) = legal.into_iter().partition(is_targeted);
    view! {
        <div class="t-panel mine" data-testid="panel-action">
            <h3>"Your turn"</h3>
            <div class="t-choices">
                <Choices inputs=plain names=names.clone() />
            </div>
            <div class="t-choices">
                <Choices inputs=targeted names=names />
            </div>
        </div>
    }
}

/// A window: challenge, block or pass.
#[component]
fn RespondPanel(
    /// What kind of window is open.
    kind: WindowKind,
    /// The claim being answered, as a sentence.
    claim: String,
    /// Our legal inputs.
    legal: Vec<Input>,
    /// Seat names.
    names: Vec<String>,
) -> impl IntoView {
    let title = match kind {
        WindowKind::Challenge => "Challenge it?",
        WindowKind::Block => "Block it?",
        WindowKind::BlockChallenge => "Challenge the block?",
    };
    view! {
        <div class="t-panel mine" data-testid="panel-respond">
            <h3>{title}</h3>
            <p class="t-claim">{claim}</p>
            <div class="t-choices">
                <Choices inputs=legal names=names />
            </div>
        </div>
    }
}

/// We lose an influence: which card to turn face up.
#[component]
fn LosePanel(
    /// Our legal inputs.
    legal: Vec<Input>,
    /// Seat names.
    names: Vec<String>,
) -> impl IntoView {
    view! {
        <div class="t-panel mine bad" data-testid="panel-lose">
            <h3>"You lose an influence"</h3>
            <p class="muted">"Choose the card to turn face up."</p>
            <div class="t-choices">
                <Choices inputs=legal names=names />
            </div>
        </div>
    }
}

/// Exchange: which cards to keep.
#[component]
fn ExchangePanel(
    /// The cards drawn from the Court.
    drawn: String,
    /// Our legal inputs (every possible keep).
    legal: Vec<Input>,
    /// Seat names.
    names: Vec<String>,
) -> impl IntoView {
    view! {
        <div class="t-panel mine" data-testid="panel-exchange">
            <h3>"Exchange"</h3>
            <p class="muted">"You drew: " <b>{drawn}</b> ". Choose what to keep."</p>
            <div class="t-choices">
                <Choices inputs=legal names=names />
            </div>
        </div>
    }
}

/// Examined: which card to show.
#[component]
fn ExamineShowPanel(
    /// Who examines us.
    examiner: String,
    /// Our legal inputs.
    legal: Vec<Input>,
    /// Seat names.
    names: Vec<String>,
) -> impl IntoView {
    view! {
        <div class="t-panel mine" data-testid="panel-examine-show">
            <h3>{examiner} " examines you"</h3>
            <p class="muted">"Choose the card to show."</p>
            <div class="t-choices">
                <Choices inputs=legal names=names />
            </div>
        </div>
    }
}

/// We examined: give the card back or force an exchange.
#[component]
fn ExamineDecidePanel(
    /// Whom we examined.
    target: String,
    /// The card they showed.
    card: &'static str,
    /// Our legal inputs.
    legal: Vec<Input>,
    /// Seat names.
    names: Vec<String>,
) -> impl IntoView {
    view! {
        <div class="t-panel mine" data-testid="panel-examine-decide">
            <h3>{target} " shows you " {card}</h3>
            <div class="t-choices">
                <Choices inputs=legal names=names />
            </div>
        </div>
    }
}

/// The two-player draft: the card to pick.
#[component]
fn DraftPanel(
    /// Our legal inputs.
    legal: Vec<Input>,
    /// Seat names.
    names: Vec<String>,
) -> impl IntoView {
    view! {
        <div class="t-panel mine" data-testid="panel-draft">
            <h3>"Draft"</h3>
            <p class="muted">"Pick a card secretly; the other is dealt at random."</p>
            <div class="t-choices">
                <Choices inputs=legal names=names />
            </div>
        </div>
    }
}

/// The starting player's allegiance.
#[component]
fn AllegiancePanel(
    /// Our legal inputs.
    legal: Vec<Input>,
    /// Seat names.
    names: Vec<String>,
) -> impl IntoView {
    view! {
        <div class="t-panel mine" data-testid="panel-allegiance">
            <h3>"Choose your allegiance"</h3>
            <div class="t-choices">
                <Choices inputs=legal names=names />
            </div>
        </div>
    }
}

/// The game is over: who won, rematch (where we referee) or leave.
#[component]
fn GameOverPanel(
    /// The winner's name.
    winner: String,
    /// The winner's seat.
    seat: u8,
    /// Whether we won.
    won: bool,
) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let rematch = match ctx.rematch {
        Some(cb) => view! {
            <button class="btn primary" data-testid="rematch" on:click=move |_| cb.run(())>
                "Rematch"
            </button>
        }
        .into_any(),
        None => view! { <span class="muted">"The host may deal again."</span> }.into_any(),
    };
    let to_lobby = ctx.to_lobby.map(|cb| {
        view! {
            <button class="btn" data-testid="to-lobby" on:click=move |_| cb.run(())>
                "Back to the lobby"
            </button>
        }
    });
    view! {
        <div
            class="t-panel over"
            class:won=won
            data-testid="game-over"
            data-winner=seat.to_string()
        >
            <h3>{if won { "You win!".to_owned() } else { format!("{winner} wins") }}</h3>
            <div class="t-choices">
                {rematch}
                {to_lobby}
                <button class="btn ghost" on:click=move |_| ctx.leave.run(())>
                    {ctx.leave_label}
                </button>
            </div>
        </div>
    }
}
