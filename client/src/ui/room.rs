//! The room: its code, the links to the other peers, the chat, and the table: first its
//! lobby (the seats; the host fills empty ones with bots and deals), then the same table
//! as a game against bots, drawn from this page's guest of the room's host.

use leptos::prelude::*;
use shared::engine::{Input, Seat as TableSeat};
use shared::session::protocol::{AdminCmd, BotLevel};

use super::chat::ChatPanel;
use super::settings::{LevelField, OptionChecks, PlayersField};
use super::table::{Solo, TableCtx, TableView, snap_of};
use crate::app::Ctl;
use crate::model::room_table::{
    LobbySeat, TURN_TIMERS, level_name, lobby_seats, settings_lines, timer_name,
};
use crate::model::session::short_name;
use crate::model::{LinkState, Role};

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
    let code = Memo::new(move |_| {
        ctl.session
            .with(|s| s.room().map(|r| r.code.clone()).unwrap_or_default())
    });
    let hosting = Memo::new(move |_| {
        ctl.session
            .with(|s| s.room().is_some_and(|r| r.role == Role::Host))
    });
    let seats = Memo::new(move |_| {
        ctl.session.with(|s| {
            let Some(room) = s.room() else {
                return Vec::new();
            };
            let me = Seat {
                id: room.me.clone(),
                name: s.display_name(&room.me),
                is_host: room.role == Role::Host,
                is_me: true,
                link: None,
            };
            std::iter::once(me)
                .chain(room.peers.iter().map(|p| Seat {
                    id: p.id.clone(),
                    name: short_name(&p.id),
                    is_host: p.is_host,
                    is_me: false,
                    link: p.link,
                }))
                .collect::<Vec<_>>()
        })
    });
    let solo = expect_context::<Solo>();
    let snap = Memo::new(move |_| {
        ctl.session.with(|s| {
            s.table()
                .and_then(|t| snap_of(t.guest(), t.problem.clone()))
        })
    });
    let playing = Memo::new(move |_| snap.with(Option::is_some));
    let table = TableCtx {
        snap,
        now: solo.now,
        time_left: Callback::new(move |(seat, now): (TableSeat, u64)| {
            ctl.session
                .with(|s| s.table().and_then(|t| t.guest().time_left(seat, now)))
        }),
        play: Callback::new(move |i: Input| ctl.play(i)),
        rematch: hosting
            .get_untracked()
            .then(|| Callback::new(move |()| ctl.admin(AdminCmd::Rematch))),
        to_lobby: hosting
            .get_untracked()
            .then(|| Callback::new(move |()| ctl.back_to_lobby())),
        leave: Callback::new(move |()| ctl.leave()),
        leave_label: "Leave the room",
    };
    let pretty_code = move || {
        // Read aloud in two halves: "K7M-3QX".
        let c: Vec<char> = code.get().chars().collect();
        if c.len() == 6 {
            format!(
                "{}-{}",
                c[..3].iter().collect::<String>(),
                c[3..].iter().collect::<String>()
            )
        } else {
            c.into_iter().collect()
        }
    };
    view! {
        <section class="room" class:playing=move || playing.get()>
            <div class="room-bar panel">
                <div class="code-block">
                    <span class="muted small">"Room code"</span>
                    <span class="room-code" data-testid="room-code" data-code=move || code.get()>
                        {pretty_code}
                    </span>
                </div>
                <div class="room-meta">
                    <span class="role-tag">
                        {move || if hosting.get() { "You host this room" } else { "Guest" }}
                    </span>
                    <button class="btn ghost" data-testid="leave-room" on:click=move |_| ctl.leave()>
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
    let hosting = Memo::new(move |_| ctl.session.with(|s| s.table().is_some_and(|t| t.is_host())));
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
                                ctl.admin(AdminCmd::SetDefaultBot { level: l });
                            })
                            label="Bot level"
                            testid="bot-level"
                        />
                        <button
                            class="btn"
                            data-testid="add-bot"
                            on:click=move |_| ctl.add_bot(level.get_untracked())
                        >
                            "Add a bot"
                        </button>
                        <button
                            class="btn primary"
                            data-testid="start-game"
                            on:click=move |_| ctl.admin(AdminCmd::Start { first: None })
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
                    on_change=Callback::new(move |n| ctl.set_seat_count(n))
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
                            ctl.set_turn_timer(v.parse::<u64>().ok());
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
                on_change=Callback::new(move |o| ctl.set_options(o))
                readonly
            />
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
    let detail = match (seat.kind, seat.level) {
        ("bot", Some(l)) => format!("{} bot", level_name(l)),
        ("open", _) => "open".to_owned(),
        _ if seat.me => "you".to_owned(),
        _ if seat.away => "away".to_owned(),
        _ => "player".to_owned(),
    };
    let remove = (hosting && seat.kind == "bot").then(|| {
        view! {
            <button
                class="btn ghost small"
                data-testid="remove-bot"
                aria-label="Remove this bot"
                on:click=move |_| ctl.remove_bot(which)
            >
                "×"
            </button>
        }
    });
    // Removing a person asks first: they are sent away for good.
    let confirming = RwSignal::new(false);
    let who = seat.name.clone();
    let kick = (hosting && seat.kind == "person" && !seat.me).then(|| {
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
                            ctl.kick(which);
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
    view! {
        <li
            class=format!("seat {}", seat.kind)
            class:me=seat.me
            data-testid="lobby-seat"
            data-kind=seat.kind
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
