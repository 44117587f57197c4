//! The game table: the table itself (seats, Court and Reserve, the claim record, the log)
//! and one decision panel per kind of pending decision. The table renders from any
//! [`Guest`](shared::session::Guest) through a [`TableCtx`], so a game against bots and a
//! room's game draw the same components.
//!
//! Layout, each file above the ones it uses:
//! - this file: the table's body, its bar and its seats;
//! - `panels`: the decision panels;
//! - `over`: the end of a game;
//! - `rules`: the rules and the card reference, as a dialog;
//! - `start`: the form that starts a game against bots (drawn on the first page);
//! - `guide`: the few steps that show a first game against bots around the table;
//! - `focus`: where the keyboard's focus goes, and the table's keys;
//! - `cards`: how a card looks;
//! - `ctx`: what a table draws from ([`TableCtx`], [`Snap`](ctx::Snap));
//! - `notice`: the sound and the title that say a decision is ours.

mod cards;
mod ctx;
mod fair;
mod focus;
mod guide;
mod notice;
mod over;
mod panels;
mod rules;
mod start;

use leptos::prelude::*;
use shared::engine::{Allegiance, Input, Pending, PlayerView, Seat};
use shared::session::protocol::BotLevel;

use crate::app::Ctl;
use crate::i18n::{Arg, t, tr};
use crate::model::Intent;
use crate::model::table::level_name;
use crate::model::words::{LogLine, allegiance_name, card_name, claim_words, coins, reading_order};
use crate::ui::labels;
use cards::{CardFace, outcome_class};
pub(crate) use ctx::TableCtx;
use ctx::{Presence, Snap};
pub(crate) use focus::focus_first;
use focus::{focus_the_decision, note_focus, on_key, table_into_view};
use notice::your_turn_noticed;
use rules::Help;
pub use rules::RulesDialog;
pub use start::SoloStart;

/// The table of a game against bots.
#[component]
pub fn SoloTable() -> impl IntoView {
    let ctx = TableCtx::of(expect_context::<Ctl>(), false);
    view! {
        <section class="solo" data-testid="solo-table">
            <guide::Guide ctx />
            <TableView ctx />
        </section>
    }
}

/// The table drawn from `ctx`: "Dealing…" until there is a game.
#[component]
pub(crate) fn TableView(
    /// Where the state comes from and where the clicks go.
    ctx: TableCtx,
) -> impl IntoView {
    provide_context(ctx);
    // The body is built once per game on screen; its parts follow the state.
    let dealt = Memo::new(move |_| ctx.snap.with(Option::is_some));
    move || match dealt.get() {
        false => view! { <div class="panel opening"><p>{t("dealing")}</p></div> }.into_any(),
        true => view! { <TableBody /> }.into_any(),
    }
}

/// Everything on the table. Each part redraws from the state on its own; the log keeps
/// the lines it already shows (keyed by entry), so an update adds a line rather than
/// rebuilding them all.
#[component]
fn TableBody() -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let help = RwSignal::new(false);
    let sound = RwSignal::new(notice::sound_on());
    let bar = bar_of(ctx, help, sound);
    // The end's dialog, once put away, stays away for the rest of that game; a new game
    // opens it again at its end.
    let over_closed = RwSignal::new(false);
    let over = Memo::new(move |_| {
        ctx.snap.with(|s| {
            s.as_ref()
                .is_some_and(|s| matches!(s.view.pending, Pending::GameOver { .. }))
        })
    });
    Effect::new(move || {
        if !over.get() {
            over_closed.set(false);
        }
    });
    let felt = move || {
        ctx.snap.with(|s| {
            s.as_ref().map(|s| {
                view! {
                    <div class="t-seats">{seats_of(s)}</div>
                    {s.fair.as_ref().map(fair::strip)}
                    <div class="t-dock" data-testid="dock">
                        {hand_of(s)}
                        <panels::Decision snap=s.clone() />
                    </div>
                    {matches!(s.view.pending, Pending::GameOver { .. })
                        .then(|| view! { <over::GameOver snap=s.clone() closed=over_closed /> })}
                }
            })
        })
    };
    let log = Memo::new(move |_| {
        ctx.snap
            .with(|s| s.as_ref().map(|s| s.log.clone()).unwrap_or_default())
    });
    // The line that happened last, lit in the log (the newest turn's last line, which is
    // not the log's first line once its turn has a heading above it).
    let newest = Memo::new(move |_| log.with(|l| l.last().map(LogLine::key)));
    // Your turn is noticed: the tab's title, and a short vibration on phones.
    let owed = Memo::new(move |_| ctx.snap.with(|s| s.as_ref().is_some_and(Snap::owed)));
    Effect::new(move |was: Option<bool>| {
        let now = owed.get();
        let fresh = now && was != Some(true);
        your_turn_noticed(now, fresh);
        if fresh {
            request_animation_frame(|| table_into_view(false));
        }
        now
    });
    // A game dealt comes into view: a joiner's phone may be scrolled down at the chat.
    let game_no = Memo::new(move |_| ctx.snap.with(|s| s.as_ref().map(|s| s.game_no)));
    Effect::new(move |was: Option<Option<u32>>| {
        let now = game_no.get();
        if now.is_some() && was != Some(now) {
            request_animation_frame(|| table_into_view(true));
        }
        now
    });
    // Focus follows the decision we owe: after every update, and when an action is
    // chosen or put back, once the panel is drawn (see `focus_the_decision`).
    Effect::new(move |_| {
        ctx.snap.track();
        ctx.aiming.track();
        // At once, when the update has drawn the panel already, so the focus is not seen
        // on the page between two tasks; and again once the frame is drawn.
        focus_the_decision();
        request_animation_frame(focus_the_decision);
    });
    on_cleanup(|| your_turn_noticed(false, false));
    // What is announced: the log's lines each update added (polite), a decision of ours
    // the moment it is ours (assertive; empty in between, so the next one is said again),
    // and the time left when asked (polite).
    let added = Memo::new(move |was: Option<&(u64, String)>| {
        log.with(|l| {
            let last = l.last().map_or(0, |l| l.n);
            // A rematch numbers its lines anew.
            let since = was.map_or(0, |w| if w.0 <= last { w.0 } else { 0 });
            let new: Vec<&str> = l
                .iter()
                .filter(|l| l.n > since)
                .map(|l| l.text.as_str())
                .collect();
            (last, new.join(". "))
        })
    });
    let yours = Memo::new(move |_| {
        ctx.snap.with(|s| {
            s.as_ref()
                .and_then(panels::decision_title)
                .map(|title| labels::your_decision(&title))
        })
    });
    let said = RwSignal::new(String::new());
    let keys = window_event_listener(leptos::ev::keydown, move |e| {
        on_key(&e, ctx, help, said);
    });
    let focus = window_event_listener(leptos::ev::focusin, move |e| note_focus(&e));
    on_cleanup(move || {
        keys.remove();
        focus.remove();
    });
    let filter = RwSignal::new(None::<u8>);
    let claims = move || {
        ctx.snap
            .with(|s| s.as_ref().map(|s| claims_of(s, filter.get())))
    };
    // An empty list says so, in the words for whose claims it shows.
    let no_claims = move || {
        let none = ctx.snap.with(|s| {
            s.as_ref().is_some_and(|s| {
                let only = filter.get();
                !s.view
                    .claims
                    .iter()
                    .any(|c| only.is_none_or(|o| c.player.0 == o))
            })
        });
        none.then(|| {
            let words = if filter.get().is_some() {
                t("no-claims-player")
            } else {
                t("no-claims-yet")
            };
            view! { <li class="muted" data-testid="no-claims">{words}</li> }
        })
    };
    let claim_filter = move || {
        ctx.snap
            .with(|s| s.as_ref().map(|s| claim_filter_of(s, filter)))
    };
    view! {
        <div class="sr-only" role="log" aria-live="polite" data-testid="said-log">
            {move || added.with(|a| a.1.clone())}
        </div>
        <div class="sr-only" aria-live="assertive" data-testid="said-yours">
            {move || yours.get()}
        </div>
        <div class="sr-only" role="status" data-testid="said-time">{move || said.get()}</div>
        {bar}
        <Show when=move || help.get()>
            <Help close=Callback::new(move |()| {
                help.set(false);
                // Back to the button that opened it.
                request_animation_frame(|| {
            focus_first(".t-bar .rules");
        });
            }) />
        </Show>
        <div class="t-main">
            <div class="t-felt">{felt}</div>
            <aside class="t-side panel">
                // The lists scroll: each is a stop for Tab, so the keyboard can scroll it.
                <h2 class="side-title" id="t-log-title">{t("table-log")}</h2>
                <ol class="t-log" data-testid="log" tabindex="0" aria-labelledby="t-log-title">
                    <For
                        each=move || log.with(|l| reading_order(l))
                        key=LogLine::key
                        children=move |l| {
                            let key = l.key();
                            let is_newest = move || newest.with(|x| x.as_ref() == Some(&key));
                            view! {
                                <li class:turn=l.turn class:newest=is_newest>
                                    {l.text}
                                </li>
                            }
                        }
                    />
                </ol>
                <div class="side-row">
                    <h2 class="side-title" id="t-claims-title">{t("claims")}</h2>
                    {claim_filter}
                </div>
                <ol class="t-claims" data-testid="claims" tabindex="0" aria-labelledby="t-claims-title">
                    {claims}
                    {no_claims}
                </ol>
            </aside>
        </div>
    }
}

/// The bar above the table: the Court, the Reserve, the options, the rules, Leave.
fn bar_of(ctx: TableCtx, help: RwSignal<bool>, sound: RwSignal<bool>) -> impl IntoView {
    let stats = move || ctx.snap.with(|s| s.as_ref().map(stats_of));
    let leave = ctx
        .bar_leave
        .then(|| view! { <LeaveButton label="leave" /> });
    // Drawn once: only the figures follow the state, so a control holding the focus
    // keeps it through the updates.
    view! {
        <div class="t-bar panel">
            {stats}
            <span class="sr-only">{labels::keys_help()}</span>
            <button class="btn ghost rules" on:click=move |_| help.set(true)>
                <span class="rules-word">{t("rules-cards")}</span>
            </button>
            <button
                class="btn ghost sound"
                aria-label=labels::sound_name()
                aria-pressed=move || sound.get().to_string()
                on:click=move |_| {
                    let on = !sound.get_untracked();
                    notice::set_sound(on);
                    sound.set(on);
                }
            >
                <span class="sound-word">{labels::sound()}</span>
            </button>
            {leave}
        </div>
    }
}

/// The bar's figures: the Court, the Reserve, the options.
fn stats_of(snap: &Snap) -> impl IntoView + use<> {
    let v = &snap.view;
    let reserve = v.options.allegiances.then(|| {
        view! {
            <span class="stat">{t("reserve")} " " <b data-testid="reserve">{v.reserve}</b></span>
        }
    });
    let mode = [
        v.options.inquisitor.then(|| t("option-inquisitor")),
        v.options.allegiances.then(|| t("option-reformation")),
        v.options.two_player_draft.then(|| t("mode-draft")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    view! {
        <span class="stat">{t("court")} " " <b>{v.court_size}</b></span>
        {reserve}
        <span class="muted small" data-testid="table-mode">{mode}</span>
    }
}

/// Leave, which asks first. A host in the middle of a game with others says, in the
/// question, that the table goes on at another player's page.
#[component]
pub(crate) fn LeaveButton(
    /// What the button says before asking.
    label: &'static str,
) -> impl IntoView {
    let ctx = use_context::<TableCtx>();
    let ctl = expect_context::<Ctl>();
    let asking = RwSignal::new(false);
    let passes_on = Memo::new(move |_| ctl.session.with(|s| s.passes_on()));
    let leave = move |_| match ctx {
        Some(c) => c.leave.run(()),
        None => ctl.send(Intent::Leave),
    };
    view! {
        <Show
            when=move || asking.get()
            fallback=move || {
                view! {
                    <button
                        class="btn ghost"
                        data-testid="leave"
                        on:click=move |_| {
                            asking.set(true);
                            // The question keeps the keyboard: on Stay, the safe answer.
                            request_animation_frame(|| {
                                focus_first(".leave-ask .btn.ghost");
                            });
                        }
                    >
                        {t(label)}
                    </button>
                }
            }
        >
            <span class="leave-ask" role="group" aria-label=t("leave-ask")>
                <span>{t("leave-ask")}</span>
                <button
                    class="btn danger"
                    data-testid="leave-confirm"
                    data-passes-on=move || passes_on.get().to_string()
                    on:click=leave
                >
                    {move || t(if passes_on.get() { "leave-pass-on" } else { "leave-yes" })}
                </button>
                <button
                    class="btn ghost"
                    on:click=move |_| {
                        asking.set(false);
                        request_animation_frame(|| {
                            focus_first("[data-testid=leave]");
                        });
                    }
                >
                    {t("stay")}
                </button>
            </span>
        </Show>
    }
}

/// The seats, seat 0 first.
fn seats_of(snap: &Snap) -> impl IntoView + use<> {
    let v = &snap.view;
    let owes = &snap.owes;
    let over = matches!(v.pending, Pending::GameOver { .. });
    // The seat whose claim or action we are asked to answer.
    let answering = match (v.pending, snap.legal.is_empty(), v.turn) {
        (Pending::Respond { .. }, false, Some(t)) => Some(t.block.map_or(t.actor, |(b, _)| b)),
        _ => None,
    };
    v.players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat::at(i);
            view! {
                <SeatCard
                    seat=seat
                    name=snap.names.get(i).cloned().unwrap_or_default()
                    bot=snap.bots.get(i).copied().flatten()
                    player=*p
                    me=snap.me == Some(seat)
                    current=v.current == seat && !over
                    owes=owes.contains(&seat)
                    answering=answering == Some(seat)
                    allegiances=v.options.allegiances
                    presence=snap.presence.get(i).copied().unwrap_or(Presence::Here)
                    fair=snap.fair.is_some()
                />
            }
        })
        .collect_view()
}

/// Our own cards, large, with what each does.
fn hand_of(snap: &Snap) -> impl IntoView + use<> {
    let me = snap.me?;
    let p = snap.view.players.get(me.index())?;
    let cards = (0..usize::from(p.hand.len).min(2))
        .map(|i| view! { <CardFace card=p.hand.cards[i] up=p.hand.up[i] big=true /> })
        .collect_view();
    Some(view! {
        <div class="t-hand" data-testid="hand" aria-label=t("your-cards")>
            {cards}
            <span class="t-hand-coins" aria-label=coins(p.coins)>
                <span class="coin" aria-hidden="true"></span>
                <b>{p.coins}</b>
            </span>
        </div>
    })
}

/// The player filter of the claim record.
fn claim_filter_of(snap: &Snap, filter: RwSignal<Option<u8>>) -> impl IntoView + use<> {
    let options = snap
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| view! { <option value=i.to_string()>{n.clone()}</option> })
        .collect_view();
    view! {
        <select
            class="claim-filter"
            aria-label=t("whose-claims")
            on:change=move |ev| filter.set(event_target_value(&ev).parse().ok())
        >
            <option value="all">{t("everyone")}</option>
            {options}
        </select>
    }
}

/// Every claim of the game, newest first, in plain words (only `only`'s when set).
fn claims_of(snap: &Snap, only: Option<u8>) -> impl IntoView + use<> {
    let truths = snap
        .reveal
        .as_ref()
        .map(|r| r.claims.clone())
        .unwrap_or_default();
    snap.view
        .claims
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, c)| only.is_none_or(|s| c.player.0 == s))
        .map(|(i, c)| {
            let who = snap
                .names
                .get(c.player.index())
                .cloned()
                .unwrap_or_default();
            let (what, how) = claim_words(c, truths.get(i).copied().flatten());
            let cls = format!("claim-outcome {}", outcome_class(c.outcome));
            view! {
                <li>
                    <b>{who}</b>
                    ": "
                    {what}
                    " — "
                    <span class=cls>{how}</span>
                </li>
            }
        })
        .collect_view()
}

/// One seat: name, bot level, coins, cards, allegiance, turn and countdown.
#[component]
fn SeatCard(
    /// Which seat.
    seat: Seat,
    /// Its player's name ("You" for ours).
    name: String,
    /// Its bot's level, for a bot.
    bot: Option<BotLevel>,
    /// What we can see of it.
    player: PlayerView,
    /// Whether it is our seat (its hidden cards are shown).
    me: bool,
    /// Whether it is this seat's turn.
    current: bool,
    /// Whether this seat owes a decision now.
    owes: bool,
    /// Whether its person is here, away, or answered for by a stand-in.
    presence: Presence,
    /// A fair room: a seat away past its grace leaves the game instead of a bot playing.
    fair: bool,
    /// Whether it is the seat we are asked to answer.
    answering: bool,
    /// Whether allegiances are on (show the badge).
    allegiances: bool,
) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let cards = (0..usize::from(player.hand.len).min(2))
        .map(|i| {
            let up = player.hand.up[i];
            let card = player.hand.cards[i];
            view! { <CardFace card=card up=up big=false /> }
        })
        .collect_view();
    let countdown = move || {
        if !owes {
            return None;
        }
        let now = ctx.now.get();
        ctx.countdown
            .run((seat, now))
            .map(|s| view! { <span class="t-clock" aria-label=tr("seconds-left", &[("n", Arg::Num(s as i64))])>{tr("seconds-short", &[("n", Arg::Num(s as i64))])}</span> })
    };
    // Whether the person is here, on the seat itself, for every page: away, and for how
    // long until a stand-in answers for them (or, in a fair room, they leave the game).
    let away = move || {
        let text = match presence {
            Presence::Here => return None,
            // A fair room has no stand-in: a seat whose person is gone for good has left
            // the game (docs/FAIR-DEAL.md, section 6), its cards face down, answered for
            // by the rules' card-blind answers until the turn's end.
            Presence::StandIn if fair => t("seat-left-fair"),
            Presence::StandIn => t("seat-stand-in"),
            Presence::Away(None) => t("seat-away"),
            Presence::Away(Some(at)) => {
                let secs = at.saturating_sub(ctx.now.get()).div_ceil(1_000);
                let key = if fair {
                    "seat-away-leaves"
                } else {
                    "seat-away-stand-in"
                };
                tr(key, &[("n", Arg::Num(secs as i64))])
            }
        };
        let kind = if presence == Presence::StandIn {
            "stand-in"
        } else {
            "away"
        };
        Some(
            view! { <span class="t-away" data-testid="seat-away" data-presence=kind>{text}</span> },
        )
    };
    let badge = allegiances
        .then_some(player.allegiance)
        .flatten()
        .map(|a: Allegiance| {
            let cls = match a {
                Allegiance::Loyalist => "t-badge loyalist",
                Allegiance::Reformist => "t-badge reformist",
            };
            view! { <span class=cls>{allegiance_name(a)}</span> }
        });
    // While we pick a target, a target's seat plays that action on it when tapped (the
    // panel's buttons, named by whom, are the way for keyboards and screen readers). Once
    // a target is picked, here or in the panel, no seat takes a tap: a double tap, or a
    // second target, plays nothing more.
    let aimed = move || {
        let kind = ctx.aiming.get()?;
        if ctx.aim_sent.get() {
            return None;
        }
        ctx.snap.with(|s| {
            s.as_ref()?.legal.iter().copied().find(
                |i| matches!(i, Input::Act(a) if a.kind() == kind && a.target() == Some(seat)),
            )
        })
    };
    let tap = move |_| {
        if let Some(i) = aimed() {
            ctx.aim_sent.set(true);
            ctx.play.run(i);
        }
    };
    let title = name.clone();
    let hand = &player.hand;
    let shown = 0..usize::from(hand.len).min(2);
    let level = bot.map(level_name);
    let lost: Vec<String> = shown
        .clone()
        .filter(|&i| hand.up[i])
        .filter_map(|i| hand.cards[i].map(card_name))
        .collect();
    let hidden_known: Vec<String> = shown
        .clone()
        .filter(|&i| !hand.up[i])
        .filter_map(|i| hand.cards[i].map(card_name))
        .collect();
    let side = allegiances
        .then_some(player.allegiance)
        .flatten()
        .map(allegiance_name);
    let said = labels::seat(&labels::SeatWords {
        name: &name,
        me,
        bot: level.as_deref(),
        alive: player.alive,
        coins: &coins(player.coins),
        lost: lost.iter().map(String::as_str).collect(),
        hidden_known: hidden_known.iter().map(String::as_str).collect(),
        hidden: shown.filter(|&i| !hand.up[i]).count(),
        allegiance: side.as_deref(),
        turn: current,
        owes,
        answering,
    });
    let what = match (bot, player.alive) {
        (_, false) => Some(t("seat-out")),
        (Some(l), true) => Some(tr("level-bot", &[("level", level_name(l).into())])),
        (None, true) => None,
    };
    view! {
        <div
            class="t-seat"
            class:me=me
            class:current=current
            class:owes=owes
            class:answering=answering
            class:dead=!player.alive
            class:aimable=move || aimed().is_some()
            on:click=tap
            role="group"
            aria-label=said
            data-testid="seat"
            data-seat=seat.0.to_string()
        >
            <span class="t-name" title=title>{name}</span>
            <div class="t-seat-sub">
                {what.map(|w| view! { <span class="t-what">{w}</span> })}
                {badge}
                {countdown}
                {away}
            </div>
            <div class="t-seat-row">
                <div class="t-cards">{cards}</div>
                <span class="t-coins" aria-label=coins(player.coins)>
                    <span class="coin" aria-hidden="true"></span>
                    <b data-testid="coins">{player.coins}</b>
                </span>
            </div>
        </div>
    }
}
