//! The decision panels: one per kind of pending decision. Each offers exactly our legal
//! inputs (an exchange's equal hands once), each button saying what it claims and risks;
//! a button pressed stays pressed until the next update, so a double tap plays once. When
//! we owe nothing the panel says whom the table is waiting for.

use leptos::prelude::*;
use shared::engine::{ActionKind, Event, Input, Pending, Seat, WindowKind};

use super::ctx::{Snap, TableCtx};
use super::focus::focus_first;
use crate::i18n::{t, tr};
use crate::model::words::{
    a_card, action_effect, action_label, action_title, card_name, describe, distinct_keeps,
    input_hint, input_label,
};
use crate::ui::labels;

/// The title of the panel of a decision of ours, which names its group (and what the
/// assertive announcement says); `None` when nothing is ours to decide.
pub(super) fn decision_title(snap: &Snap) -> Option<String> {
    if let Some((ask, _)) = snap.fair.as_ref().and_then(|f| f.ask.as_ref()) {
        return Some(super::fair::ask_title(*ask));
    }
    if snap.legal.is_empty() {
        return None;
    }
    Some(match snap.view.pending {
        Pending::GameOver { .. } => return None,
        Pending::Action { .. } => t("your-turn"),
        Pending::Respond { window } => match window.kind {
            WindowKind::Challenge => t("believe-it"),
            WindowKind::Block => t("block-it"),
            WindowKind::BlockChallenge => t("believe-block"),
        },
        Pending::LoseInfluence { .. } => t("you-lose-influence"),
        Pending::Exchange { .. } => action_title(ActionKind::Exchange),
        Pending::ExamineShow { .. } => t("you-are-examined"),
        Pending::ExamineDecide { .. } => action_title(ActionKind::Examine),
        Pending::Draft { .. } => t("mode-draft"),
        Pending::ChooseAllegiance { .. } => t("choose-side"),
    })
}

/// Picks the panel for the pending decision.
#[component]
pub fn Decision(
    /// The table state.
    snap: Snap,
) -> impl IntoView {
    // Pressed once: every button of this panel waits for the next update. While the link
    // to the host is down nothing could reach it: the buttons wait for the link.
    let is_paused = snap.paused;
    let pressed = RwSignal::new(is_paused);
    let paused = (snap.paused && snap.owed()).then(|| {
        view! { <p class="t-paused" data-testid="decisions-paused" role="status">{t("decisions-paused")}</p> }
    });
    let names = snap.names.clone();
    let problem = snap
        .problem
        .clone()
        .map(|p| view! { <p class="t-problem" role="alert">{p}</p> });
    let timed_out = snap
        .timed_out
        .clone()
        .map(|t| view! { <p class="t-problem timeout" role="status">{t}</p> });
    let me_out = snap
        .me
        .and_then(|s| snap.view.players.get(s.index()))
        .is_some_and(|p| !p.alive);
    let body = match snap.view.pending {
        Pending::GameOver { winner } => {
            let who = names.get(winner.index()).cloned().unwrap_or_default();
            let won = snap.me == Some(winner);
            view! {
                <div class="t-panel over-line" data-testid="winner">
                    <h2>{if won { t("you-win") } else { tr("wins", &[("name", who.as_str().into())]) }}</h2>
                </div>
            }
            .into_any()
        }
        _ if snap.fair.as_ref().is_some_and(|f| f.ask.is_some()) => {
            super::fair::panel(&snap, pressed).unwrap_or_else(|| waiting(&snap, me_out).into_any())
        }
        _ if snap.legal.is_empty() => waiting(&snap, me_out).into_any(),
        Pending::Action { .. } => view! { <ActionPanel snap=snap.clone() pressed /> }.into_any(),
        Pending::Respond { .. } => {
            let claim = snap.view.events.iter().rev().find_map(|e| {
                describe(e, &snap.names, snap.me, snap.view.options).filter(|_| {
                    matches!(
                        e,
                        Event::Declared { .. }
                            | Event::BlockDeclared { .. }
                            | Event::EarlyBlock { .. }
                    )
                })
            });
            panel(
                "panel-respond",
                claim.unwrap_or_default(),
                &snap,
                snap.legal.clone(),
                pressed,
            )
        }
        Pending::LoseInfluence { .. } => panel(
            "panel-lose",
            t("choose-card-up"),
            &snap,
            snap.legal.clone(),
            pressed,
        ),
        Pending::Exchange { drawn, .. } => {
            let drawn: Vec<String> = drawn.iter().flatten().map(|c| card_name(*c)).collect();
            let drawn = match drawn.as_slice() {
                [a, b] => tr(
                    "list-and",
                    &[("a", a.as_str().into()), ("b", b.as_str().into())],
                ),
                _ => drawn.join(", "),
            };
            panel(
                "panel-exchange",
                tr("you-drew", &[("cards", drawn.into())]),
                &snap,
                distinct_keeps(&snap.legal),
                pressed,
            )
        }
        Pending::ExamineShow { examiner, .. } => panel(
            "panel-examine-show",
            tr(
                "choose-card-show",
                &[(
                    "name",
                    names
                        .get(examiner.index())
                        .cloned()
                        .unwrap_or_default()
                        .into(),
                )],
            ),
            &snap,
            snap.legal.clone(),
            pressed,
        ),
        Pending::ExamineDecide { target, card, .. } => panel(
            "panel-examine-decide",
            tr(
                "examine-decide",
                &[
                    (
                        "name",
                        names
                            .get(target.index())
                            .cloned()
                            .unwrap_or_default()
                            .into(),
                    ),
                    ("card", a_card(card).into()),
                ],
            ),
            &snap,
            snap.legal.clone(),
            pressed,
        ),
        Pending::Draft { .. } => panel(
            "panel-draft",
            t("draft-hint"),
            &snap,
            snap.legal.clone(),
            pressed,
        ),
        Pending::ChooseAllegiance { .. } => panel(
            "panel-allegiance",
            t("choose-side-hint"),
            &snap,
            snap.legal.clone(),
            pressed,
        ),
    };
    view! {
        <div class="t-decision" class:paused=is_paused data-testid="decision-area" tabindex="-1">
            {paused}
            {problem}
            {timed_out}
            {body}
        </div>
    }
}

/// Whom the table waits for; or, when we are out, that we watch on.
fn waiting(snap: &Snap, me_out: bool) -> impl IntoView + use<> {
    let who: Vec<String> = snap
        .owes
        .iter()
        .filter_map(|s| snap.names.get(s.index()).cloned())
        .collect();
    let out = me_out.then(|| {
        view! {
            <p class="t-out" data-testid="knocked-out">
                <b>{t("you-are-out")}</b>
                " "
                {t("watch-the-rest")}
            </p>
        }
    });
    let watching = snap.me.is_none().then(|| {
        view! {
            <p class="t-out" data-testid="watching">
                {t("you-are-watching")}
            </p>
        }
    });
    view! {
        <div class="t-panel waiting" data-testid="waiting">
            {out}
            {watching}
            <p>
                <span class="spinner small" aria-hidden="true"></span>
                " "
                {tr("waiting-for", &[("names", who.join(", ").into())])}
            </p>
        </div>
    }
}

/// A panel: a title, what it answers, and one button per choice.
fn panel(
    testid: &'static str,
    what: String,
    snap: &Snap,
    inputs: Vec<Input>,
    pressed: RwSignal<bool>,
) -> AnyView {
    let bad = testid == "panel-lose";
    let title = decision_title(snap).unwrap_or_default();
    let name = title.clone();
    view! {
        <div class="t-panel mine" class:bad=bad data-testid=testid role="group" aria-label=name>
            <h2>{title}</h2>
            <p class="t-claim">{what}</p>
            <div class="t-choices">
                <Choices inputs snap=snap.clone() pressed />
            </div>
        </div>
    }
    .into_any()
}

/// A button pressed is disabled, which takes the focus from it: the decision area keeps
/// it until the next update draws what comes next.
fn hold_focus() {
    focus_first("[data-testid=decision-area]");
}

/// One button per input, in the order given, each with what it means beneath.
#[component]
fn Choices(inputs: Vec<Input>, snap: Snap, pressed: RwSignal<bool>) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let turn = snap.view.turn;
    let hidden = snap
        .me
        .and_then(|me| snap.view.players.get(me.index()))
        .map_or(0, |p| {
            (0..usize::from(p.hand.len).min(2))
                .filter(|&i| !p.hand.up[i])
                .count()
        });
    inputs
        .into_iter()
        .map(|i| {
            let label = input_label(&i, &snap.names);
            let hint = input_hint(&i, turn.as_ref(), &snap.names, snap.me, hidden);
            let cls = match i {
                Input::Challenge => "btn decision danger",
                Input::Block(_) => "btn decision block",
                Input::Pass => "btn decision ghost",
                _ => "btn decision",
            };
            let key = labels::shortcut(&i);
            let focus_key = label.clone();
            view! {
                <button
                    class=cls
                    data-testid="decision"
                    data-focus-key=focus_key
                    aria-keyshortcuts=key
                    disabled=move || pressed.get()
                    on:click=move |_| {
                        if !pressed.get_untracked() {
                            pressed.set(true);
                            hold_focus();
                            ctx.play.run(i);
                        }
                    }
                >
                    <span class="d-label">{label}</span>
                    {(!hint.is_empty()).then(|| view! { <span class="sr-only">" — "</span><span class="d-hint">{hint}</span> })}
                    {key.map(|k| view! { <kbd aria-hidden="true">{k}</kbd> })}
                </button>
            }
        })
        .collect_view()
}

/// Our turn: the actions, each saying its claim and effect; an action with a target asks
/// for the target next.
#[component]
fn ActionPanel(snap: Snap, pressed: RwSignal<bool>) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let options = snap.view.options;
    // A new turn starts with no action chosen.
    let chosen = ctx.aiming;
    if chosen.get_untracked().is_some() {
        chosen.set(None);
    }
    let sent = ctx.aim_sent;
    if sent.get_untracked() {
        sent.set(false);
    }
    // A target picked on its seat counts as a press of the panel's own button.
    let taken = Signal::derive(move || pressed.get() || sent.get());
    let legal = snap.legal.clone();
    let kinds: Vec<ActionKind> = ActionKind::ALL
        .into_iter()
        .filter(|k| {
            legal
                .iter()
                .any(|i| matches!(i, Input::Act(a) if a.kind() == *k))
        })
        .collect();
    let must_coup = kinds == [ActionKind::Coup];
    let title = decision_title(&snap);
    let names = snap.names.clone();
    let actions = {
        let legal = legal.clone();
        move || {
            kinds
                .iter()
                .map(|&k| {
                    let single = (!k.targeted())
                        .then(|| {
                            legal
                                .iter()
                                .copied()
                                .find(|i| matches!(i, Input::Act(a) if a.kind() == k))
                        })
                        .flatten();
                    view! {
                        <button
                            class="btn decision"
                            class:target=k.targeted()
                            data-testid="decision"
                            data-focus-key=action_title(k)
                            disabled=move || taken.get()
                            on:click=move |_| match single {
                                Some(i) => {
                                    if !taken.get_untracked() {
                                        pressed.set(true);
                                        hold_focus();
                                        ctx.play.run(i);
                                    }
                                }
                                None => chosen.set(Some(k)),
                            }
                        >
                            <span class="d-label">{action_title(k)}</span>
                            <span class="sr-only">" — "</span>
                            <span class="d-hint">{action_effect(k, options)}</span>
                        </button>
                    }
                })
                .collect_view()
        }
    };
    let targets = move |k: ActionKind| {
        legal
            .iter()
            .copied()
            .filter_map(|i| match i {
                Input::Act(a) if a.kind() == k => a.target().map(|t| (i, a, t)),
                _ => None,
            })
            .map(|(i, a, t): (Input, _, Seat)| {
                let who = names.get(t.index()).cloned().unwrap_or_default();
                let name = action_label(a, &names);
                view! {
                    <button
                        class="btn decision target"
                        data-testid="decision"
                        data-focus-key=name.clone()
                        aria-label=name
                        disabled=move || taken.get()
                        on:click=move |_| {
                            if !taken.get_untracked() {
                                sent.set(true);
                                hold_focus();
                                ctx.play.run(i);
                            }
                        }
                    >
                        <span class="d-label">{who}</span>
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <div class="t-panel mine" data-testid="panel-action" role="group" aria-label=title.clone()>
            {let title = title.clone();
            move || match chosen.get() {
                None => view! {
                    <h2>{title.clone()}</h2>
                    {must_coup.then(|| view! { <p class="t-claim">{t("must-coup")}</p> })}
                    <div class="t-choices actions">{actions.clone()}</div>
                }
                    .into_any(),
                Some(k) => view! {
                    <h2>{tr("whom", &[("action", action_title(k).into())])}</h2>
                    <p class="t-claim">{aim_line(&action_effect(k, options))}</p>
                    <div class="t-choices targets">
                        {targets(k)}
                        // Once a target is pressed the answer is on its way: no going back
                        // to choose a second action.
                        <button
                            class="btn ghost"
                            disabled=move || taken.get()
                            on:click=move |_| chosen.set(None)
                        >
                            {t("back")}
                        </button>
                    </div>
                }
                    .into_any(),
            }}
        </div>
    }
}

/// The line under "Steal: whom?": what the action does, as a sentence, and how to pick.
fn aim_line(effect: &str) -> String {
    let mut chars = effect.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
    // A mouse clicks where a finger taps.
    let key = if fine_pointer() {
        "aim-line-click"
    } else {
        "aim-line"
    };
    tr(
        key,
        &[(
            "effect",
            format!("{}{}", first.unwrap_or_default(), chars.as_str()).into(),
        )],
    )
}

/// Whether the page is used with a mouse or a touchpad (not a finger).
fn fine_pointer() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let query = "(hover: hover) and (pointer: fine)".into();
    super::notice::call(&w, "matchMedia", &[query])
        .and_then(|m| super::notice::get(&m, "matches"))
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}
