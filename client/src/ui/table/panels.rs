//! The decision panels: one per kind of pending decision. Each offers exactly our legal
//! inputs (an exchange's equal hands once), each button saying what it claims and risks;
//! a button pressed stays pressed until the next update, so a double tap plays once. When
//! we owe nothing the panel says whom the table is waiting for. Then the game's end.

use leptos::prelude::*;
use shared::engine::{ActionKind, Event, Input, Pending, Seat, WindowKind};

use super::{CardFace, Snap, TableCtx, outcome_class};
use crate::i18n::{t, tr};
use crate::model::moment::{chart_points, chart_scale, coins_over_time, figures};
use crate::model::words::{
    a_card, action_effect, action_label, action_title, card_name, claim_words, describe,
    distinct_keeps, input_hint, input_label,
};
use crate::ui::labels;

/// The title of the panel of a decision of ours, which names its group (and what the
/// assertive announcement says); `None` when nothing is ours to decide.
pub(super) fn decision_title(snap: &Snap) -> Option<String> {
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
    // Pressed once: every button of this panel waits for the next update.
    let pressed = RwSignal::new(false);
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
        <div class="t-decision" data-testid="decision-area" tabindex="-1">
            {problem}
            {timed_out}
            {body}
        </div>
    }
}

/// Whom the table waits for; or, when we are out, that we watch on.
fn waiting(snap: &Snap, me_out: bool) -> impl IntoView + use<> {
    let who: Vec<String> = snap
        .view
        .pending
        .owes()
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
    super::focus_first("[data-testid=decision-area]");
}

/// One button per input, in the order given, each with what it means beneath.
#[component]
fn Choices(inputs: Vec<Input>, snap: Snap, pressed: RwSignal<bool>) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let turn = snap.view.turn;
    inputs
        .into_iter()
        .map(|i| {
            let label = input_label(&i, &snap.names);
            let hint = input_hint(&i, turn.as_ref(), &snap.names, snap.me);
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
                            disabled=move || pressed.get()
                            on:click=move |_| match single {
                                Some(i) => {
                                    if !pressed.get_untracked() {
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
                        disabled=move || pressed.get()
                        on:click=move |_| {
                            if !pressed.get_untracked() {
                                pressed.set(true);
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
                        <button class="btn ghost" on:click=move |_| chosen.set(None)>{t("back")}</button>
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
    tr(
        "aim-line",
        &[(
            "effect",
            format!("{}{}", first.unwrap_or_default(), chars.as_str()).into(),
        )],
    )
}

/// Seat colours for the coins chart (distinct in lightness as well as hue).
const SEAT_COLOURS: [&str; 10] = [
    "#e2b556", "#6cb6ff", "#f47067", "#57ab5a", "#dcbdfb", "#f69d50", "#96d0ff", "#c6e6ff",
    "#ff938a", "#b4f1b4",
];

/// The game's end: every hand, the claims with their truth, each player's figures, the
/// coins over the game, and what comes next.
#[component]
pub fn GameOver(snap: Snap) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let closed = RwSignal::new(false);
    let Pending::GameOver { winner } = snap.view.pending else {
        return ().into_any();
    };
    let names = snap.names.clone();
    let name = |s: usize| names.get(s).cloned().unwrap_or_default();
    let won = snap.me == Some(winner);
    let title = if won {
        t("you-win")
    } else {
        tr("wins", &[("name", name(winner.index()).into())])
    };
    let truths = snap
        .reveal
        .as_ref()
        .map(|r| r.claims.clone())
        .unwrap_or_default();
    let figs = figures(&snap.view, &truths);
    // The keyboard goes to the end's first choice.
    request_animation_frame(|| {
        super::focus_first("[data-testid=game-over] button");
    });
    let hands = snap
        .view
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let end = snap.reveal.as_ref().and_then(|r| r.hands.get(i).copied());
            let cards = (0..2)
                .map(|k| {
                    let card = end.map(|h| h[k]).or(p.hand.cards[k]);
                    view! { <CardFace card=card up=p.hand.up[k] big=false /> }
                })
                .collect_view();
            let dealt = snap
                .reveal
                .as_ref()
                .and_then(|r| r.dealt.get(i))
                .map(|d| {
                    tr(
                        "dealt",
                        &[("a", card_name(d[0]).into()), ("b", card_name(d[1]).into())],
                    )
                });
            let f = figs.get(i).copied().unwrap_or_default();
            let bluffs = f.bluffs.map_or_else(|| "?".to_owned(), |b| b.to_string());
            view! {
                <tr data-testid="final-hand" class:winner=i == winner.index()>
                    <th scope="row">
                        <span class="swatch" style=format!("background:{}", SEAT_COLOURS[i % 10])></span>
                        {name(i)}
                    </th>
                    <td class="hand"><div class="t-cards">{cards}</div><span class="muted small">{dealt}</span></td>
                    <td data-label=t("claims")>{f.claims}</td>
                    <td data-label=t("bluffs")>{bluffs}</td>
                    <td data-label=t("caught")>{f.caught}</td>
                    <td data-label=t("challenges-won-lost")>{format!("{}–{}", f.challenges_won, f.challenges_lost)}</td>
                </tr>
            }
        })
        .collect_view();
    let timeline = snap
        .view
        .claims
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (what, how) = claim_words(c, truths.get(i).copied().flatten());
            let cls = format!("claim-outcome {}", outcome_class(c.outcome));
            let truth = match truths.get(i).copied().flatten() {
                Some(true) => ("truth", t("truth-true")),
                Some(false) => ("bluff", t("truth-bluff")),
                None => ("", String::new()),
            };
            view! {
                <li data-testid="timeline-claim">
                    <span class=format!("truth-tag {}", truth.0)>{truth.1}</span>
                    <b>{name(c.player.index())}</b>
                    ": " {what} " — "
                    <span class=cls>{how}</span>
                </li>
            }
        })
        .collect_view();
    let rows = coins_over_time(&snap.view);
    let (top, step) = chart_scale(&rows);
    let lines = (0..snap.view.players.len())
        .map(|s| {
            view! {
                <polyline
                    points=chart_points(&rows, s, top, 3000, 900)
                    fill="none"
                    stroke=SEAT_COLOURS[s % 10]
                    stroke-width="2.5"
                    vector-effect="non-scaling-stroke"
                />
            }
        })
        .collect_view();
    // The axis: a line and its number of coins at every step, the numbers beside the
    // drawing (in the page's type, not scaled with it), each at its line's height: the
    // viewBox runs from -20 to 920 down, stretched to the box the stylesheet gives the
    // chart (wider than tall on a laptop, taller on a phone), its lines' widths in pixels.
    let marks = (0..=top / step).map(|k| {
        let coins = k * step;
        let y = 900 - 900 * coins / top;
        (coins, y)
    });
    let grid = marks
        .clone()
        .map(|(_, y)| view! { <line class="grid" x1="0" x2="3000" y1=y y2=y vector-effect="non-scaling-stroke" /> })
        .collect_view();
    let axis = marks
        .map(|(coins, y)| {
            view! {
                <span class="t-chart-y" style=format!("top:calc(100% * {} / 940)", y + 20)>
                    {coins}
                </span>
            }
        })
        .collect_view();
    let legend = (0..snap.view.players.len())
        .map(|i| {
            view! {
                <li>
                    <span class="swatch" style=format!("background:{}", SEAT_COLOURS[i % 10])></span>
                    {name(i)}
                </li>
            }
        })
        .collect_view();
    let no_claims = snap
        .view
        .claims
        .is_empty()
        .then(|| view! { <li class="muted">{t("no-claims-game")}</li> });
    let rematch = match ctx.rematch {
        Some(cb) => view! {
            <button class="btn primary" data-testid="rematch" on:click=move |_| cb.run(())>
                {t("rematch")}
            </button>
        }
        .into_any(),
        None => view! { <span class="muted">{t("rematch-by-host")}</span> }.into_any(),
    };
    let to_lobby = ctx.to_lobby.map(|cb| {
        view! {
            <button class="btn" data-testid="to-lobby" on:click=move |_| cb.run(())>
                {t("back-to-lobby")}
            </button>
        }
    });
    view! {
        <div
            class="t-over"
            class:hidden=move || closed.get()
            class:won=won
            role="dialog"
            aria-modal="true"
            aria-label=t("game-over")
            data-testid="game-over"
            data-winner=winner.0.to_string()
            on:keydown=move |e| super::keep_tab_inside(&e)
        >
            <div class="t-over-body panel">
                <h2>{title}</h2>
                <div class="t-choices">
                    {rematch}
                    {to_lobby}
                    <button
                        class="btn ghost"
                        on:click=move |_| {
                            closed.set(true);
                            super::focus_first("[data-testid=decision-area]");
                        }
                    >
                        {t("see-table")}
                    </button>
                    <button class="btn ghost" on:click=move |_| ctx.leave.run(())>{t(ctx.leave_label)}</button>
                </div>
                <h3>{t("every-hand")}</h3>
                <table class="t-hands">
                    <thead>
                        <tr>
                            <th scope="col">{t("player")}</th>
                            <th scope="col">{t("cards")}</th>
                            <th scope="col">{t("claims")}</th>
                            <th scope="col">{t("bluffs")}</th>
                            <th scope="col">{t("caught")}</th>
                            <th scope="col">{t("challenges-won-lost")}</th>
                        </tr>
                    </thead>
                    <tbody>{hands}</tbody>
                </table>
                <h3>{t("coins-over-game")}</h3>
                <figure class="t-chart-box" data-testid="coins-chart">
                    <div class="t-chart-plot">
                        <svg
                            class="t-chart"
                            viewBox="-20 -20 3040 940"
                            preserveAspectRatio="none"
                            role="img"
                            aria-label=t("coins-chart")
                        >
                            {grid}
                            {lines}
                        </svg>
                        <div class="t-chart-axis" aria-hidden="true">{axis}</div>
                    </div>
                    <figcaption>
                        <ul class="t-legend" aria-label=t("chart-legend")>{legend}</ul>
                    </figcaption>
                </figure>
                <h3>{t("every-claim")}</h3>
                <ol class="t-timeline" data-testid="timeline">{timeline} {no_claims}</ol>
            </div>
        </div>
    }
    .into_any()
}
