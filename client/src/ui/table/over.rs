//! The game's end, as a dialog over the table: what comes next, every hand with each
//! player's figures, the coins over the game, and every claim with its truth. Each part is
//! its own component; the dialog only lays them out.

use leptos::prelude::*;
use shared::engine::Pending;

use super::cards::{CardFace, outcome_class};
use super::ctx::{Snap, TableCtx};
use super::focus::{focus_first, keep_tab_inside};
use crate::i18n::{t, tr};
use crate::model::fair::FairShown;
use crate::model::moment::{chart_points, chart_scale, coins_over_time, figures, place};
use crate::model::words::{card_name, claim_words};

/// Seat colours for the coins chart (distinct in lightness as well as hue).
const SEAT_COLOURS: [&str; 10] = [
    "#e2b556", "#6cb6ff", "#f47067", "#57ab5a", "#dcbdfb", "#f69d50", "#96d0ff", "#c6e6ff",
    "#ff938a", "#b4f1b4",
];

/// Seat `s`'s name in `names` (empty when there is none).
fn seat_name(names: &[String], s: usize) -> String {
    names.get(s).cloned().unwrap_or_default()
}

/// The game's end: every hand, the claims with their truth, each player's figures, the
/// coins over the game, and what comes next. Nothing before the game is over.
#[component]
pub fn GameOver(
    /// The table's state at the end.
    snap: Snap,
    /// Whether the player put the dialog away to see the table: kept by the table, so a
    /// later update (a fair room's verdict) redraws the dialog without opening it again.
    closed: RwSignal<bool>,
) -> impl IntoView {
    let Pending::GameOver { winner } = snap.view.pending else {
        return ().into_any();
    };
    let won = snap.me == Some(winner);
    // Where we finished; nothing for a spectator.
    let finished = place(&snap.view, snap.me, winner).map(|(place, count)| {
        if place == 1 {
            tr("place-won", &[("count", count.into())])
        } else {
            tr(
                "place-finished",
                &[("place", place.into()), ("count", count.into())],
            )
        }
    });
    let title = if won {
        t("you-win")
    } else {
        tr(
            "wins",
            &[("name", seat_name(&snap.names, winner.index()).into())],
        )
    };
    // What each claim was, once the host revealed the hands (R11.3).
    let truths = snap
        .reveal
        .as_ref()
        .map(|r| r.claims.clone())
        .unwrap_or_default();
    // The keyboard goes to the end's first choice.
    request_animation_frame(|| {
        focus_first("[data-testid=game-over] button");
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
            on:keydown=move |e| keep_tab_inside(&e)
        >
            <div class="t-over-body panel">
                <h2>{title}</h2>
                {finished.map(|p| view! { <p class="t-over-place" data-testid="over-place">{p}</p> })}
                {snap.fair.as_ref().map(fair_verdict)}
                <EndChoices close=Callback::new(move |()| closed.set(true)) />
                <h3>{t("every-hand")}</h3>
                <FinalHands snap=snap.clone() truths=truths.clone() winner=winner.index() />
                <h3>{t("coins-over-game")}</h3>
                <CoinsChart snap=snap.clone() />
                <h3>{t("every-claim")}</h3>
                <ClaimTimeline snap truths />
            </div>
        </div>
    }
    .into_any()
}

/// A fair room's audit (docs/FAIR-DEAL.md, section 9) at the top of the end, where a phone
/// shows it without scrolling: the verdict, or that it waits for every player's secret.
fn fair_verdict(fair: &FairShown) -> AnyView {
    match &fair.verdict {
        Some(v) => view! {
            <p
                class="t-over-fair"
                class:unfair=!v.fair
                data-testid="over-fair-verdict"
                data-fair=v.fair.to_string()
                role="status"
            >
                <b>{v.text.clone()}</b>
            </p>
        }
        .into_any(),
        None => view! {
            <p class="t-over-fair muted" data-testid="over-fair-verdict" data-fair="waiting" role="status">
                {t("fair-verdict-waiting")}
            </p>
        }
        .into_any(),
    }
}

/// What comes after a game: a rematch (or a line saying the host decides), back to the
/// lobby, a look at the table, or leaving.
#[component]
fn EndChoices(
    /// Hides the end to show the table behind it.
    close: Callback<()>,
) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
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
        <div class="t-choices">
            {rematch}
            {to_lobby}
            <button
                class="btn ghost"
                on:click=move |_| {
                    close.run(());
                    focus_first("[data-testid=decision-area]");
                }
            >
                {t("see-table")}
            </button>
            <button class="btn ghost" on:click=move |_| ctx.leave.run(())>{t(ctx.leave_label)}</button>
        </div>
    }
}

/// Every hand at the end (as revealed, with the cards each was dealt) beside each player's
/// figures: claims, bluffs, times caught, challenges won and lost.
#[component]
fn FinalHands(
    /// The table's state at the end.
    snap: Snap,
    /// Each claim's truth, in the order of the claim record (empty before the reveal).
    truths: Vec<Option<bool>>,
    /// The winner's seat.
    winner: usize,
) -> impl IntoView {
    let figs = figures(&snap.view, &truths);
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
                <tr data-testid="final-hand" class:winner=i == winner>
                    <th scope="row">
                        <span class="swatch" style=format!("background:{}", SEAT_COLOURS[i % 10])></span>
                        {seat_name(&snap.names, i)}
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
    view! {
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
    }
}

/// Each player's coins over the game, one line a seat, with an axis and a legend.
#[component]
fn CoinsChart(
    /// The table's state at the end.
    snap: Snap,
) -> impl IntoView {
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
                    {seat_name(&snap.names, i)}
                </li>
            }
        })
        .collect_view();
    view! {
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
    }
}

/// Every claim of the game in order, each with its outcome and, after the reveal, whether
/// it was true.
#[component]
fn ClaimTimeline(
    /// The table's state at the end.
    snap: Snap,
    /// Each claim's truth, in the order of the claim record (empty before the reveal).
    truths: Vec<Option<bool>>,
) -> impl IntoView {
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
                    <b>{seat_name(&snap.names, c.player.index())}</b>
                    ": " {what} " — "
                    <span class=cls>{how}</span>
                </li>
            }
        })
        .collect_view();
    let no_claims = snap
        .view
        .claims
        .is_empty()
        .then(|| view! { <li class="muted">{t("no-claims-game")}</li> });
    view! { <ol class="t-timeline" data-testid="timeline">{timeline} {no_claims}</ol> }
}
