//! The game table: the start form of a game against bots on the first page, then the table
//! itself (seats, Court and Reserve, the claim record, the log) and one decision panel per
//! kind of pending decision. The table renders from any [`Guest`] through a [`TableCtx`],
//! so a game against bots and a room's game draw the same components.

mod notice;
mod panels;

use leptos::prelude::*;
use shared::engine::{
    ActionKind, Allegiance, Card, Input, Options, Outcome, Pending, PlayerView, Seat, View,
};
use shared::session::protocol::{AdminCmd, BotLevel, LogItem, Note, Reveal, SeatInfo, Timers};
use wasm_bindgen::JsCast;

use crate::app::Ctl;
use crate::i18n::{Arg, t, tr};
use crate::model::table::{level_name, timer_name};
use crate::model::words::{
    LogLine, ability, allegiance_name, card_name, claim_words, coins, log_lines, note_sentence,
    reading_order, seat_names,
};
use crate::model::{Intent, SoloSetup, Table};
use crate::ui::labels;
use crate::ui::settings::{LevelField, OptionChecks, PlayersField};
use notice::your_turn_noticed;

/// What a table on screen draws from and does (Leptos context inside [`TableView`]).
#[derive(Clone, Copy)]
pub(crate) struct TableCtx {
    /// The state to draw; `None` before the deal.
    pub snap: Memo<Option<Snap>>,
    /// Page time in ms (the countdowns).
    pub now: RwSignal<u64>,
    /// The seconds a seat's countdown shows at a page time (only where a person decides).
    pub countdown: Callback<(Seat, u64), Option<u64>>,
    /// Plays one of our legal inputs.
    pub play: Callback<Input>,
    /// Deals again after a game (only where we are the referee).
    pub rematch: Option<Callback<()>>,
    /// Puts the finished game away and goes back to the table's lobby, where the settings
    /// can change (a room's host only).
    pub to_lobby: Option<Callback<()>>,
    /// Leaves the table (after asking).
    pub leave: Callback<()>,
    /// What the leave button says.
    pub leave_label: &'static str,
    /// Whether the table's bar offers Leave (a room has its own, in the room's bar).
    pub bar_leave: bool,
    /// The targeted action chosen on our turn, whose target is still to pick: its targets'
    /// seats take a tap as well as the panel's buttons.
    pub aiming: RwSignal<Option<ActionKind>>,
}

impl TableCtx {
    /// The table of this page's session: `in_room` tables offer the way back to the lobby,
    /// a table against bots goes back to the first page.
    pub fn of(ctl: Ctl, in_room: bool) -> TableCtx {
        let hosting = ctl.session.with_untracked(|s| s.hosting());
        let snap = Memo::new(move |_| ctl.session.with(|s| s.table().and_then(snap_of)));
        let admin =
            move |cmd: AdminCmd| Callback::new(move |()| ctl.send(Intent::Admin(cmd.clone())));
        TableCtx {
            snap,
            now: ctl.now,
            countdown: Callback::new(move |(seat, now): (Seat, u64)| {
                ctl.session
                    .with(|s| s.table().and_then(|t| t.countdown(seat, now)))
            }),
            play: Callback::new(move |i: Input| ctl.send(Intent::Play(i))),
            rematch: hosting.then(|| admin(AdminCmd::Rematch)),
            to_lobby: (hosting && in_room).then(|| admin(AdminCmd::EndGame)),
            leave: Callback::new(move |()| ctl.send(Intent::Leave)),
            leave_label: if in_room {
                "leave-room"
            } else {
                "back-to-start"
            },
            bar_leave: !in_room,
            aiming: RwSignal::new(None),
        }
    }
}

/// How many lines of the log the table shows, newest first.
const LOG_LINES: usize = 120;

/// What the table shows, taken from the guest after each change.
#[derive(Clone, PartialEq)]
pub(crate) struct Snap {
    pub names: Vec<String>,
    /// Each seat's bot level, for bots.
    pub bots: Vec<Option<BotLevel>>,
    pub me: Option<Seat>,
    pub view: View,
    pub legal: Vec<Input>,
    /// The log's lines, oldest first, each with the number of its log entry.
    pub log: Vec<LogLine>,
    pub problem: Option<String>,
    /// What the host revealed at the end (R11.3).
    pub reveal: Option<Reveal>,
    /// Our time ran out just now: what the log says of it.
    pub timed_out: Option<String>,
    pub timers: Timers,
}

/// The table's state as our seat sees it, with the last refusal to show.
pub(crate) fn snap_of(t: &Table) -> Option<Snap> {
    let g = t.guest();
    let game = g.game()?;
    let me = g.seat();
    let info = g.table();
    let names = info.map(|t| seat_names(t, me)).unwrap_or_default();
    let bots = info
        .map(|t| {
            t.seats
                .iter()
                .map(|s| match s {
                    SeatInfo::Bot { level, .. } => Some(*level),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    let options = game.view.options;
    let mut log = log_lines(g.log(), game.game_no, &names, me, options);
    log.drain(..log.len().saturating_sub(LOG_LINES));
    // Our time ran out when one of the last few things that happened says so.
    let timed_out = me.and_then(|me| {
        g.log().iter().rev().take(4).find_map(|e| match &e.item {
            LogItem::Note {
                note: note @ Note::TimedOut { seat, .. },
            } if *seat == me => note_sentence(note).map(|s| s.render(&names, Some(me))),
            _ => None,
        })
    });
    Some(Snap {
        names,
        bots,
        me,
        view: game.view.clone(),
        legal: game.legal.clone(),
        log,
        problem: t.problem.clone(),
        reveal: game.reveal.clone(),
        timed_out,
        timers: info.map(|t| t.timers).unwrap_or_default(),
    })
}

/// The "Play against bots" form on the first page.
#[component]
pub fn SoloStart(
    /// Takes the name field's name for the table; false when it would be refused.
    ready: Callback<(), bool>,
) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let players = RwSignal::new(3u8);
    let level = RwSignal::new(shared::session::protocol::BotLevel::Normal);
    let options = RwSignal::new(Options::default());
    let start = move |_| {
        if !ready.run(()) {
            return;
        }
        ctl.send(Intent::PlayBots(SoloSetup {
            players: players.get_untracked(),
            level: level.get_untracked(),
            options: options.get_untracked(),
        }));
    };
    view! {
        <div class="panel card-solo" data-testid="solo-form">
            <h2>{t("play-bots")}</h2>
            <p class="muted">{t("play-bots-hint")}</p>
            <div class="solo-row">
                <PlayersField
                    value=players
                    on_change=Callback::new(move |n| players.set(n))
                    label=t("players")
                    testid="solo-players"
                />
                <LevelField
                    value=level
                    on_change=Callback::new(move |l| level.set(l))
                    label=t("bots")
                    testid="solo-level"
                />
            </div>
            <details class="more">
                <summary>{t("more-options")}</summary>
                <OptionChecks
                    options=options
                    players=players
                    on_change=Callback::new(move |o| options.set(o))
                />
            </details>
            // Disabled while an act waits for the table's code: a second click would be a
            // second table.
            <button
                class="btn primary big"
                data-testid="solo-start"
                disabled=move || ctl.waiting.get()
                on:click=start
            >
                {t("play-bots")}
            </button>
        </div>
    }
}

/// The table of a game against bots.
#[component]
pub fn SoloTable() -> impl IntoView {
    let ctx = TableCtx::of(expect_context::<Ctl>(), false);
    view! {
        <section class="solo" data-testid="solo-table">
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
    let felt = move || {
        ctx.snap.with(|s| {
            s.as_ref().map(|s| {
                view! {
                    <div class="t-seats">{seats_of(s)}</div>
                    <div class="t-dock" data-testid="dock">
                        {hand_of(s)}
                        <panels::Decision snap=s.clone() />
                    </div>
                    {matches!(s.view.pending, Pending::GameOver { .. })
                        .then(|| view! { <panels::GameOver snap=s.clone() /> })}
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
    let owed = Memo::new(move |_| {
        ctx.snap
            .with(|s| s.as_ref().is_some_and(|s| !s.legal.is_empty()))
    });
    Effect::new(move |was: Option<bool>| {
        let now = owed.get();
        let fresh = now && was != Some(true);
        your_turn_noticed(now, fresh);
        if fresh {
            request_animation_frame(table_into_view);
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

/// When a decision becomes ours on a page scrolled down past the table's top (to read the
/// log, say), the table comes back into view, so that every seat shows above the docked
/// decision. Not while a person is typing (the chat).
fn table_into_view() {
    let Some(d) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if d.active_element()
        .is_some_and(|a| matches!(a.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
    {
        return;
    }
    let Some(bar) = d.query_selector(".t-bar").ok().flatten() else {
        return;
    };
    let top = notice::call(&bar, "getBoundingClientRect", &[])
        .and_then(|r| notice::get(&r, "top"))
        .and_then(|t| t.as_f64());
    if top.is_some_and(|t| t < 0.0) {
        bar.scroll_into_view();
    }
}

/// Moves the keyboard's focus to the first control of the decision we owe, so that it is
/// never left on the page after a button we pressed went away; with nothing to decide, a
/// focus the page lost goes to the decision area (which says whom the table waits for),
/// from where Tab goes on. Focus in a text field (chat), in a dialog, or already on one of
/// the panel's live controls stays where it is.
fn focus_the_decision() {
    let Some(d) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    const PANEL: &str = "[data-testid=decision-area] [role=group]";
    let lost = match d.active_element() {
        Some(active) => {
            let typing = matches!(active.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT");
            let held =
                active.closest(PANEL).ok().flatten().is_some() && !active.has_attribute("disabled");
            let dialog = active.closest("[role=dialog]").ok().flatten().is_some();
            if typing || held || dialog {
                return;
            }
            active.tag_name() == "BODY" || active.has_attribute("disabled")
        }
        None => true,
    };
    // The control a person moved to, when the update drew it again; else the first.
    let again = LAST_FOCUS.with(|l| {
        let l = l.borrow();
        (!l.is_empty()).then(|| format!("{PANEL} button:not([disabled])[data-focus-key=\"{l}\"]"))
    });
    if again.is_some_and(|sel| focus_first(&sel)) {
        return;
    }
    if !focus_first(&format!("{PANEL} button:not([disabled])")) && lost {
        focus_first("[data-testid=decision-area]");
    }
}

thread_local! {
    /// The `data-focus-key` of the decision button that last had the focus.
    static LAST_FOCUS: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Notes which decision button has the focus (a `focusin` anywhere on the page).
fn note_focus(e: &web_sys::FocusEvent) {
    let key = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.get_attribute("data-focus-key"));
    if let Some(k) = key {
        LAST_FOCUS.with(|l| *l.borrow_mut() = k);
    }
}

/// Keeps Tab inside a modal dialog (the keydown's current target, which has the focus):
/// Tab from its last control goes to its first, Shift+Tab from its first to its last.
/// The page behind stays out of reach until it closes.
pub(crate) fn keep_tab_inside(e: &web_sys::KeyboardEvent) {
    if e.key() != "Tab" {
        return;
    }
    let Some(dialog) = e
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let Ok(list) = dialog.query_selector_all(
        "button:not([disabled]), select:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])",
    ) else {
        return;
    };
    let items: Vec<web_sys::HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into().ok())
        .collect();
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        e.prevent_default();
        return;
    };
    let active = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let is = |el: &web_sys::HtmlElement| {
        active
            .as_ref()
            .is_some_and(|a| a == AsRef::<web_sys::Element>::as_ref(el))
    };
    let to = if e.shift_key() && is(first) {
        Some(last)
    } else if !e.shift_key() && is(last) {
        Some(first)
    } else {
        None
    };
    if let Some(el) = to {
        e.prevent_default();
        let _ = el.focus();
    }
}

/// Focuses the first element `selector` finds; whether there was one.
pub(crate) fn focus_first(selector: &str) -> bool {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    el.is_some_and(|e| e.focus().is_ok())
}

/// The table's keys: Escape closes the rules; P, C and B press the offered Pass,
/// Challenge or Block; T says the time left. Not while typing, nor with a modifier held.
fn on_key(e: &web_sys::KeyboardEvent, ctx: TableCtx, help: RwSignal<bool>, said: RwSignal<String>) {
    if e.ctrl_key() || e.meta_key() || e.alt_key() {
        return;
    }
    let typing = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|a| matches!(a.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
    if typing {
        return;
    }
    let key = e.key().to_uppercase();
    if key == "ESCAPE" && help.get_untracked() {
        help.set(false);
        request_animation_frame(|| {
            focus_first(".t-bar .rules");
        });
        return;
    }
    if key == labels::TIME_KEY {
        let now = ctx.now.get_untracked();
        let text = ctx.snap.with_untracked(|s| {
            let s = s.as_ref()?;
            let me = s.me.filter(|_| !s.legal.is_empty());
            let seat = me.or_else(|| s.view.pending.owes().iter().next())?;
            let secs = ctx.countdown.run((seat, now));
            let who = me
                .is_none()
                .then(|| s.names.get(seat.index()).cloned().unwrap_or_default());
            Some(labels::time_left(who.as_deref(), secs))
        });
        // A new text each time, so that asking twice is said twice.
        said.set(String::new());
        if let Some(t) = text {
            request_animation_frame(move || said.set(t));
        }
        e.prevent_default();
        return;
    }
    let button = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!(
                "[data-testid=decision-area] button[aria-keyshortcuts=\"{key}\"]:not([disabled])"
            ))
            .ok()
            .flatten()
        })
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(b) = button {
        e.prevent_default();
        b.click();
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

/// Leave, which asks first.
#[component]
pub(crate) fn LeaveButton(
    /// What the button says before asking.
    label: &'static str,
) -> impl IntoView {
    let ctx = use_context::<TableCtx>();
    let ctl = expect_context::<Ctl>();
    let asking = RwSignal::new(false);
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
                <button class="btn danger" data-testid="leave-confirm" on:click=leave>
                    {t("leave-yes")}
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

/// The card reference and the rules at a table, with the table's options and timers.
#[component]
fn Help(close: Callback<()>) -> impl IntoView {
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

/// The seats, seat 0 first.
fn seats_of(snap: &Snap) -> impl IntoView + use<> {
    let v = &snap.view;
    let owes = v.pending.owes();
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
            let seat = Seat(i as u8);
            view! {
                <SeatCard
                    seat=seat
                    name=snap.names.get(i).cloned().unwrap_or_default()
                    bot=snap.bots.get(i).copied().flatten()
                    player=*p
                    me=snap.me == Some(seat)
                    current=v.current == seat && !over
                    owes=owes.contains(seat)
                    answering=answering == Some(seat)
                    allegiances=v.options.allegiances
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

/// A style for a claim's outcome.
pub(crate) fn outcome_class(o: Outcome) -> &'static str {
    match o {
        Outcome::Pending => "pending",
        Outcome::Unchallenged => "unchallenged",
        Outcome::Shown => "shown",
        Outcome::Lost => "lost",
    }
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
    // panel's buttons, named by whom, are the way for keyboards and screen readers).
    let aimed = move || {
        let kind = ctx.aiming.get()?;
        ctx.snap.with(|s| {
            s.as_ref()?.legal.iter().copied().find(
                |i| matches!(i, Input::Act(a) if a.kind() == kind && a.target() == Some(seat)),
            )
        })
    };
    // Once per drawing of the seat: a double tap plays once (the next update draws it anew).
    let sent = StoredValue::new(false);
    let tap = move |_| {
        if let Some(i) = aimed().filter(|_| !sent.get_value()) {
            sent.set_value(true);
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
        None => view! { <span class="t-card back" class:big=big role="img" aria-label=t("hidden-card")></span> }
            .into_any(),
    }
}
