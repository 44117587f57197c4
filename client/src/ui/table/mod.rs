//! The game table: the start form of a game against bots on the first page, then the table
//! itself (seats, Court and Reserve, the claim record, the log) and one decision panel per
//! kind of pending decision. The table renders from any [`Guest`] through a [`TableCtx`],
//! so a game against bots and a room's game draw the same components.

mod panels;

use leptos::prelude::*;
use shared::engine::{Allegiance, Card, Input, Options, Pending, PlayerView, Seat, View};
use shared::session::Guest;
use shared::session::protocol::AdminCmd;

use crate::app::Ctl;
use crate::model::words::{allegiance_name, card_name, describe, seat_names};
use crate::model::{Intent, SoloSetup};
use crate::ui::settings::{LevelField, OptionChecks, PlayersField};

/// What a table on screen draws from and does (Leptos context inside [`TableView`]).
#[derive(Clone, Copy)]
pub(crate) struct TableCtx {
    /// The state to draw; `None` before the deal.
    pub snap: Memo<Option<Snap>>,
    /// Page time in ms (the countdowns).
    pub now: RwSignal<u64>,
    /// The time left on a seat's decision at a page time.
    pub time_left: Callback<(Seat, u64), Option<u64>>,
    /// Plays one of our legal inputs.
    pub play: Callback<Input>,
    /// Deals again after a game (only where we are the referee).
    pub rematch: Option<Callback<()>>,
    /// Puts the finished game away and goes back to the table's lobby, where the settings
    /// can change (a room's host only).
    pub to_lobby: Option<Callback<()>>,
    /// Leaves the table.
    pub leave: Callback<()>,
    /// What the leave button says.
    pub leave_label: &'static str,
}

impl TableCtx {
    /// The table of this page's session: `in_room` tables offer the way back to the lobby,
    /// a table against bots goes back to the first page.
    pub fn of(ctl: Ctl, in_room: bool) -> TableCtx {
        let hosting = ctl.session.with_untracked(|s| s.hosting());
        let snap = Memo::new(move |_| {
            ctl.session.with(|s| {
                s.table()
                    .and_then(|t| snap_of(t.guest(), t.problem.clone()))
            })
        });
        let admin =
            move |cmd: AdminCmd| Callback::new(move |()| ctl.send(Intent::Admin(cmd.clone())));
        TableCtx {
            snap,
            now: ctl.now,
            time_left: Callback::new(move |(seat, now): (Seat, u64)| {
                ctl.session
                    .with(|s| s.table().and_then(|t| t.guest().time_left(seat, now)))
            }),
            play: Callback::new(move |i: Input| ctl.send(Intent::Play(i))),
            rematch: hosting.then(|| admin(AdminCmd::Rematch)),
            to_lobby: (hosting && in_room).then(|| admin(AdminCmd::EndGame)),
            leave: Callback::new(move |()| ctl.send(Intent::Leave)),
            leave_label: if in_room {
                "Leave the room"
            } else {
                "Back to the start"
            },
        }
    }
}

/// How many lines of the log the table shows, newest first.
const LOG_LINES: usize = 80;

/// What the table shows, taken from the guest after each change.
#[derive(Clone, PartialEq)]
pub(crate) struct Snap {
    pub names: Vec<String>,
    pub me: Option<Seat>,
    pub view: View,
    pub legal: Vec<Input>,
    /// The log's lines, oldest first, each with the number of its event in the game.
    pub log: Vec<(usize, String)>,
    pub problem: Option<String>,
}

/// The table's state as `g` sees it, with the last refusal to show.
pub(crate) fn snap_of(g: &Guest, problem: Option<String>) -> Option<Snap> {
    let game = g.game()?;
    let me = g.seat();
    let names = g.table().map(|t| seat_names(t, me)).unwrap_or_default();
    let options = game.view.options;
    // Only the lines the log shows are written: a long game's events are many, and this
    // runs on every update. Each line keeps its event's number.
    let mut log: Vec<(usize, String)> = game
        .view
        .events
        .iter()
        .enumerate()
        .rev()
        .filter_map(|(n, e)| describe(e, &names, me, options).map(|line| (n, line)))
        .take(LOG_LINES)
        .collect();
    log.reverse();
    Some(Snap {
        names,
        me,
        view: game.view.clone(),
        legal: game.legal.clone(),
        log,
        problem,
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
            <h2>"Play against bots"</h2>
            <p class="muted">"Start at once, right here — no room, no relay."</p>
            <div class="solo-row">
                <PlayersField
                    value=players
                    on_change=Callback::new(move |n| players.set(n))
                    label="Players"
                    testid="solo-players"
                />
                <LevelField
                    value=level
                    on_change=Callback::new(move |l| level.set(l))
                    label="Bots"
                    testid="solo-level"
                />
            </div>
            <OptionChecks
                options=options
                players=players
                on_change=Callback::new(move |o| options.set(o))
            />
            <button class="btn primary big" data-testid="solo-start" on:click=start>
                "Play against bots"
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
        false => view! { <div class="panel opening"><p>"Dealing…"</p></div> }.into_any(),
        true => view! { <TableBody /> }.into_any(),
    }
}

/// Everything on the table. Each part redraws from the state on its own; the log keeps
/// the lines it already shows (keyed by event), so an update adds a line rather than
/// rebuilding eighty.
#[component]
fn TableBody() -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let bar = move || ctx.snap.with(|s| s.as_ref().map(|s| bar_of(s, ctx)));
    let felt = move || {
        ctx.snap.with(|s| {
            s.as_ref().map(|s| {
                view! {
                    <div class="t-seats">{seats_of(s)}</div>
                    <panels::Decision snap=s.clone() />
                }
            })
        })
    };
    let log = Memo::new(move |_| {
        ctx.snap
            .with(|s| s.as_ref().map(|s| s.log.clone()).unwrap_or_default())
    });
    let claims = move || ctx.snap.with(|s| s.as_ref().map(claims_of));
    view! {
        {bar}
        <div class="t-main">
            <div class="t-felt">{felt}</div>
            <aside class="t-side panel">
                <h3 class="side-title">"Table log"</h3>
                <ol class="t-log" data-testid="log">
                    <For
                        each=move || log.get().into_iter().rev()
                        // The text too: a rematch numbers its events from 0 again.
                        key=|(n, line)| (*n, line.clone())
                        children=|(_, line)| {
                            let turn = line.starts_with('—');
                            view! { <li class:turn=turn>{line}</li> }
                        }
                    />
                </ol>
                <h3 class="side-title">"Claims"</h3>
                <ul class="t-claims">{claims}</ul>
            </aside>
        </div>
    }
}

/// The bar above the table: the Court, the Reserve, the options, Leave.
fn bar_of(snap: &Snap, ctx: TableCtx) -> impl IntoView + use<> {
    let v = &snap.view;
    let reserve = v.options.allegiances.then(|| {
        view! {
            <span class="stat">"Reserve " <b data-testid="reserve">{v.reserve}</b></span>
        }
    });
    let mode = [
        v.options.inquisitor.then_some("Inquisitor"),
        v.options.allegiances.then_some("Reformation"),
        v.options.two_player_draft.then_some("Draft"),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ");
    view! {
        <div class="t-bar panel">
            <span class="stat">"Court " <b>{v.court_size}</b> " cards"</span>
            {reserve}
            <span class="muted small" data-testid="table-mode">{mode}</span>
            <button class="btn ghost" data-testid="solo-leave" on:click=move |_| ctx.leave.run(())>
                "Leave"
            </button>
        </div>
    }
}

/// The seats, seat 0 first.
fn seats_of(snap: &Snap) -> impl IntoView + use<> {
    let v = &snap.view;
    let owes = v.pending.owes();
    v.players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = Seat(i as u8);
            view! {
                <SeatCard
                    seat=seat
                    name=snap.names.get(i).cloned().unwrap_or_default()
                    player=*p
                    me=snap.me == Some(seat)
                    current=v.current == seat && !matches!(v.pending, Pending::GameOver { .. })
                    owes=owes.contains(seat)
                    allegiances=v.options.allegiances
                />
            }
        })
        .collect_view()
}

/// The last claims, newest first.
fn claims_of(snap: &Snap) -> impl IntoView + use<> {
    snap.view
        .claims
        .iter()
        .rev()
        .take(12)
        .map(|c| {
            let who = snap
                .names
                .get(c.player.0 as usize)
                .cloned()
                .unwrap_or_default();
            let card = match c.card {
                shared::engine::Claimed::Card(card) => card_name(card).to_owned(),
                shared::engine::Claimed::NotDuke => "no Duke".to_owned(),
            };
            let outcome = format!("{:?}", c.outcome).to_lowercase();
            view! {
                <li>
                    <b>{who}</b>
                    " · "
                    {card}
                    <span class=format!("claim-outcome {outcome}")>{outcome.clone()}</span>
                </li>
            }
        })
        .collect_view()
}

/// One seat: name, coins, cards, allegiance, turn and countdown.
#[component]
fn SeatCard(
    /// Which seat.
    seat: Seat,
    /// Its player's name ("You" for ours).
    name: String,
    /// What we can see of it.
    player: PlayerView,
    /// Whether it is our seat (its hidden cards are shown).
    me: bool,
    /// Whether it is this seat's turn.
    current: bool,
    /// Whether this seat owes a decision now.
    owes: bool,
    /// Whether allegiances are on (show the badge).
    allegiances: bool,
) -> impl IntoView {
    let ctx = expect_context::<TableCtx>();
    let cards = (0..usize::from(player.hand.len).min(2))
        .map(|i| {
            let up = player.hand.up[i];
            let card = player.hand.cards[i];
            view! { <CardFace card=card up=up /> }
        })
        .collect_view();
    let countdown = move || {
        if !owes {
            return None;
        }
        let now = ctx.now.get();
        ctx.time_left
            .run((seat, now))
            .map(|ms| format!("{}s", ms.div_ceil(1000)))
    };
    let badge = allegiances
        .then_some(player.allegiance)
        .flatten()
        .map(|a: Allegiance| {
            let cls = format!("t-badge {}", allegiance_name(a).to_lowercase());
            view! { <span class=cls>{allegiance_name(a)}</span> }
        });
    view! {
        <div
            class="t-seat"
            class:me=me
            class:current=current
            class:owes=owes
            class:dead=!player.alive
            data-testid="seat"
            data-seat=seat.0.to_string()
        >
            <div class="t-seat-head">
                <span class="t-name">{name}</span>
                {badge}
                <span class="t-clock">{countdown}</span>
            </div>
            <div class="t-cards">{cards}</div>
            <div class="t-coins" title="coins">
                <span class="coin" aria-hidden="true"></span>
                <b data-testid="coins">{player.coins}</b>
            </div>
        </div>
    }
}

/// A card: face down, our own hidden one, or turned face up (lost).
#[component]
fn CardFace(
    /// The card, when we may see it.
    card: Option<Card>,
    /// Whether it is face up (a lost influence).
    up: bool,
) -> impl IntoView {
    match card {
        Some(c) => {
            let cls = format!(
                "t-card face {}{}",
                card_name(c).to_lowercase(),
                if up { " lost" } else { "" }
            );
            view! { <span class=cls>{card_name(c)}</span> }.into_any()
        }
        None => view! { <span class="t-card back" aria-label="hidden card"></span> }.into_any(),
    }
}
