//! The room: its code, the links to the other peers, the chat, and the table: first its
//! lobby (the seats; the host fills empty ones with bots and deals), then the same table
//! as a game against bots, drawn from this page's guest of the room's host.

use leptos::prelude::*;
use shared::session::protocol::{AdminCmd, BotLevel, Timers};

use super::chat::ChatPanel;
use super::settings::{LevelField, OptionChecks, PlayersField};
use super::table::{TableCtx, TableView};
use crate::app::Ctl;
use crate::model::table::{
    LobbySeat, SeatKind, TURN_TIMERS, level_name, lobby_seats, settings_lines, timer_name,
};
use crate::model::{Intent, LinkState};

/// One seat at the table, as shown.
#[derive(Clone, PartialEq)]
struct Seat {
    id: String,
    name: String,
    is_host: bool,
    is_me: bool,
    /// `None` for peers this page has no direct link with.
    link: Option<LinkState>,
}

/// The room screen.
#[component]
pub fn RoomView() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let code = Memo::new(move |_| ctl.session.with(|s| s.room().map(|r| r.code.clone())));
    let hosting = Memo::new(move |_| ctl.session.with(|s| s.hosting()));
    let seats = Memo::new(move |_| {
        ctl.session.with(|s| {
            let Some(room) = s.room() else {
                return Vec::new();
            };
            let me = Seat {
                id: room.me.0.clone(),
                name: s
                    .table()
                    .map(|t| t.guest().name().to_owned())
                    .unwrap_or_default(),
                is_host: s.hosting(),
                is_me: true,
                link: None,
            };
            std::iter::once(me)
                .chain(room.peers.iter().map(|p| Seat {
                    id: p.id.0.clone(),
                    name: p.id.short_name(),
                    is_host: p.is_host,
                    is_me: false,
                    link: p.link,
                }))
                .collect::<Vec<_>>()
        })
    });
    let table = TableCtx::of(ctl, true);
    let playing = Memo::new(move |_| table.snap.with(Option::is_some));
    let canonical = move || {
        code.get()
            .map(|c| c.as_str().to_owned())
            .unwrap_or_default()
    };
    let pretty_code = move || code.get().map(|c| c.to_string()).unwrap_or_default();
    view! {
        <section class="room" class:playing=move || playing.get()>
            <div class="room-bar panel">
                <div class="code-block">
                    <span class="muted small">"Room code"</span>
                    <span class="room-code" data-testid="room-code" data-code=canonical>
                        {pretty_code}
                    </span>
                </div>
                <div class="room-meta">
                    <span class="role-tag">
                        {move || if hosting.get() { "You host this room" } else { "Guest" }}
                    </span>
                    <button class="btn ghost" data-testid="leave-room" on:click=move |_| ctl.send(Intent::Leave)>
                        "Leave"
                    </button>
                </div>
            </div>
            <div class="table-area">
                <Show when=move || playing.get()>
                    <section class="solo room-game" data-testid="room-table">
                        <TableView ctx=table />
                    </section>
                </Show>
                <div class="felt" class:hidden=move || playing.get()>
                    <h2 class="felt-title">"Seats"</h2>
                    <Lobby />
                </div>
                <div class="felt links" class:hidden=move || playing.get()>
                    <h2 class="felt-title">"Connections"</h2>
                    <ul class="seats" data-testid="peer-list">
                        <For
                            each=move || seats.get()
                            key=|seat| (seat.id.clone(), seat.link)
                            children=move |seat| view! { <SeatView seat /> }
                        />
                    </ul>
                    <p class="muted small felt-hint">
                        {move || {
                            if seats.get().len() < 2 {
                                "Waiting for players… share the code above."
                            } else {
                                "Everyone here can chat."
                            }
                        }}
                    </p>
                </div>
            </div>
            <ChatPanel />
        </section>
    }
}

/// One seat: an avatar, a name, badges and the link's state.
#[component]
fn SeatView(seat: Seat) -> impl IntoView {
    let shown = seat.name.strip_prefix("Player ").unwrap_or(&seat.name);
    let initials: String = shown.chars().take(2).collect();
    let (state_class, state_text) = match (seat.is_me, seat.link) {
        (true, _) => ("me", "you"),
        (false, Some(LinkState::Open)) => ("open", "connected"),
        (false, Some(LinkState::Connecting)) => ("connecting", "connecting…"),
        (false, Some(LinkState::Closed)) => ("closed", "disconnected"),
        (false, None) => ("via-host", "via the host"),
    };
    view! {
        <li class=format!("seat {state_class}") data-testid="peer" data-peer=seat.id.clone() data-link=state_class>
            <div class="avatar">{initials}</div>
            <div class="seat-text">
                <span class="seat-name">{seat.name.clone()}</span>
                <span class="seat-state">
                    <span class="dot"></span>
                    {state_text}
                    {seat.is_host.then(|| view! { <span class="badge host">"host"</span> })}
                </span>
            </div>
        </li>
    }
}

/// The table's lobby: its seats and, for the host, bots and the deal.
#[component]
fn Lobby() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let seats = Memo::new(move |_| {
        ctl.session.with(|s| {
            let g = s.table().map(|t| t.guest());
            g.and_then(|g| g.table().map(|t| lobby_seats(t, g.member())))
                .unwrap_or_default()
        })
    });
    let hosting = Memo::new(move |_| ctl.session.with(|s| s.hosting()));
    let level = RwSignal::new(BotLevel::Normal);
    view! {
        <ul class="seats" data-testid="lobby-seats">
            <For
                each=move || seats.get()
                key=|seat| seat.clone()
                children=move |seat| view! { <LobbySeatView seat hosting=hosting.get_untracked() /> }
            />
        </ul>
        <Show when=move || !seats.with(Vec::is_empty)>
            <Settings hosting=hosting.get_untracked() />
        </Show>
        {move || {
            if seats.with(Vec::is_empty) {
                view! { <p class="muted small felt-hint">"Connecting to the host…"</p> }.into_any()
            } else if hosting.get() {
                view! {
                    <div class="lobby-controls">
                        <LevelField
                            value=level
                            on_change=Callback::new(move |l| {
                                level.set(l);
                                ctl.send(Intent::Admin(AdminCmd::SetDefaultBot { level: l }));
                            })
                            label="Bot level"
                            testid="bot-level"
                        />
                        <button
                            class="btn"
                            data-testid="add-bot"
                            on:click=move |_| {
                                let level = level.get_untracked();
                                ctl.send(Intent::Admin(AdminCmd::AddBot { level }));
                            }
                        >
                            "Add a bot"
                        </button>
                        <button
                            class="btn primary"
                            data-testid="start-game"
                            on:click=move |_| ctl.send(Intent::Admin(AdminCmd::Start { first: None }))
                        >
                            "Start the game"
                        </button>
                    </div>
                    <p class="muted small felt-hint">
                        "Open seats are filled with bots of this level when the game starts."
                    </p>
                }
                    .into_any()
            } else {
                view! { <p class="muted small felt-hint">"Waiting for the host to start the game…"</p> }
                    .into_any()
            }
        }}
    }
}

/// The table's settings: the host changes them, the others see them (disabled controls).
#[component]
fn Settings(hosting: bool) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let table = Memo::new(move |_| {
        ctl.session
            .with(|s| s.table().and_then(|t| t.guest().table().cloned()))
    });
    let options =
        Memo::new(move |_| table.with(|t| t.as_ref().map(|t| t.options).unwrap_or_default()));
    let count = Memo::new(move |_| table.with(|t| t.as_ref().map_or(2, |t| t.seats.len() as u8)));
    let turn = Memo::new(move |_| table.with(|t| t.as_ref().and_then(|t| t.timers.turn_ms)));
    let code = |ms: Option<u64>| ms.map_or_else(|| "none".to_owned(), |ms| ms.to_string());
    let readonly = !hosting;
    view! {
        <div class="room-settings" data-testid="room-settings">
            <div class="solo-row">
                <PlayersField
                    value=count
                    on_change=Callback::new(move |count| {
                        ctl.send(Intent::Admin(AdminCmd::SetSeatCount { count }));
                    })
                    label="Seats"
                    testid="seat-count"
                    readonly
                />
                <label class="solo-field">
                    <span>"Turn timer"</span>
                    <select
                        data-testid="turn-timer"
                        disabled=readonly
                        prop:value=move || code(turn.get())
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            let timers = Timers {
                                turn_ms: v.parse::<u64>().ok(),
                                ..table.with_untracked(|t| t.as_ref().map(|t| t.timers)).unwrap_or_default()
                            };
                            ctl.send(Intent::Admin(AdminCmd::SetTimers { timers }));
                        }
                    >
                        {move || {
                            let now = turn.get();
                            let mut choices = TURN_TIMERS.to_vec();
                            if !choices.contains(&now) {
                                choices.insert(0, now);
                            }
                            choices
                                .into_iter()
                                .map(|ms| {
                                    view! {
                                        <option value=code(ms) selected=ms == now>
                                            {timer_name(ms)}
                                        </option>
                                    }
                                })
                                .collect_view()
                        }}
                    </select>
                </label>
            </div>
            <OptionChecks
                options=options
                players=count
                on_change=Callback::new(move |options| {
                    ctl.send(Intent::Admin(AdminCmd::SetOptions { options }));
                })
                readonly
            />
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="opt-lock"
                    prop:checked=move || table.with(|t| t.as_ref().is_some_and(|t| t.locked))
                    disabled=readonly
                    on:change=move |ev| {
                        let locked = event_target_checked(&ev);
                        ctl.send(Intent::Admin(AdminCmd::Lock { locked }));
                    }
                />
                "Lock the room: nobody new may join"
            </label>
            {readonly
                .then(|| {
                    view! {
                        <p class="muted small" data-testid="settings-summary">
                            {move || {
                                table.with(|t| t.as_ref().map(settings_lines).unwrap_or_default().join(" · "))
                            }}
                        </p>
                    }
                })}
        </div>
    }
}

/// One seat of the lobby.
#[component]
fn LobbySeatView(seat: LobbySeat, hosting: bool) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let which = seat.seat;
    let detail = match seat.kind {
        SeatKind::Bot(l) => format!("{} bot", level_name(l)),
        SeatKind::Open => "open".to_owned(),
        SeatKind::Person { me: true, .. } => "you".to_owned(),
        SeatKind::Person { away: true, .. } => "away".to_owned(),
        SeatKind::Person { .. } => "player".to_owned(),
    };
    let remove = (hosting && matches!(seat.kind, SeatKind::Bot(_))).then(|| {
        view! {
            <button
                class="btn ghost small"
                data-testid="remove-bot"
                aria-label="Remove this bot"
                on:click=move |_| ctl.send(Intent::RemoveBot(which))
            >
                "×"
            </button>
        }
    });
    // Removing a person asks first: they are sent away for good.
    let confirming = RwSignal::new(false);
    let who = seat.name.clone();
    let kick = (hosting && matches!(seat.kind, SeatKind::Person { me: false, .. })).then(|| {
        view! {
            <Show
                when=move || confirming.get()
                fallback=move || {
                    view! {
                        <button
                            class="btn ghost small"
                            data-testid="kick"
                            on:click=move |_| confirming.set(true)
                        >
                            "Remove"
                        </button>
                    }
                }
            >
                <span class="kick-ask" data-testid="kick-ask">
                    {format!("Remove {who} from the room?")}
                    <button
                        class="btn danger small"
                        data-testid="kick-confirm"
                        on:click=move |_| {
                            confirming.set(false);
                            ctl.send(Intent::Kick(which));
                        }
                    >
                        "Remove"
                    </button>
                    <button
                        class="btn ghost small"
                        data-testid="kick-cancel"
                        on:click=move |_| confirming.set(false)
                    >
                        "Cancel"
                    </button>
                </span>
            </Show>
        }
    });
    let tag = seat.kind.tag();
    view! {
        <li
            class=format!("seat {tag}")
            class:me=matches!(seat.kind, SeatKind::Person { me: true, .. })
            data-testid="lobby-seat"
            data-kind=tag
        >
            <div class="avatar">{format!("{}", which.0 + 1)}</div>
            <div class="seat-text">
                <span class="seat-name">{seat.name.clone()}</span>
                <span class="seat-state">{detail}</span>
            </div>
            {remove}
            {kick}
        </li>
    }
}
