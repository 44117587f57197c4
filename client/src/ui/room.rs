//! The room: its code, the links to the other peers, the chat, and the table: first its
//! lobby (the seats; the host fills empty ones with bots and deals), then the same table
//! as a game against bots, drawn from this page's guest of the room's host.

use leptos::prelude::*;
use shared::session::protocol::{AdminCmd, BotLevel, LogItem, SeatInfo, Timers};

use super::chat::ChatPanel;
use super::settings::{LevelField, OptionChecks, PlayersField};
use super::table::{LeaveButton, TableCtx, TableView};
use crate::app::Ctl;
use crate::i18n::{t, tr};
use crate::model::invite::{invite_link, qr_path};
use crate::model::table::{
    LobbySeat, SeatKind, TURN_TIMERS, level_name, lobby_seats, seat_watcher, settings_lines,
    timer_name,
};
use crate::model::words::{note_sentence, seat_names};
use crate::model::{Intent, LinkState};

/// One seat at the table, as shown.
#[derive(Clone, PartialEq)]
struct Seat {
    id: String,
    name: String,
    is_host: bool,
    is_me: bool,
    /// A member without a seat.
    watching: bool,
    /// `None` for peers this page has no direct link with.
    link: Option<LinkState>,
}

/// The room screen.
#[component]
pub fn RoomView() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let code = Memo::new(move |_| ctl.session.with(|s| s.room().map(|r| r.code.clone())));
    let hosting = Memo::new(move |_| ctl.session.with(|s| s.hosting()));
    // Who is here, by name: the members the host lists (seated or watching), each with
    // our own link's state where we have one (a joiner links only with the host) or what
    // the host says of its link; before the host's list, the relay's peers.
    let seats = Memo::new(move |_| {
        ctl.session.with(|s| {
            let Some(room) = s.room() else {
                return Vec::new();
            };
            let guest = s.table().map(|t| t.guest());
            let host_link = room.peers.iter().find(|p| p.is_host).and_then(|p| p.link);
            if let Some(info) = guest.and_then(|g| g.table()) {
                let me = guest.and_then(|g| g.member());
                let members = info
                    .seats
                    .iter()
                    .filter_map(|seat| match seat {
                        SeatInfo::Person { member, .. } => Some((member, false)),
                        _ => None,
                    })
                    .chain(info.watchers.iter().map(|m| (m, true)));
                return members
                    .map(|(m, watching)| {
                        let is_host = m.id == info.host;
                        let is_me = Some(m.id) == me;
                        let link = if is_host && !s.hosting() {
                            host_link
                        } else if m.connected {
                            Some(LinkState::Open)
                        } else {
                            Some(LinkState::Closed)
                        };
                        Seat {
                            id: format!("member-{}", m.id.0),
                            name: m.name.clone(),
                            is_host,
                            is_me,
                            watching,
                            link,
                        }
                    })
                    .collect();
            }
            let me = Seat {
                id: room.me.0.clone(),
                name: guest.map(|g| g.name().to_owned()).unwrap_or_default(),
                is_host: s.hosting(),
                is_me: true,
                watching: false,
                link: None,
            };
            std::iter::once(me)
                .chain(room.peers.iter().map(|p| Seat {
                    id: p.id.0.clone(),
                    name: if p.is_host {
                        t("the-host")
                    } else {
                        t("a-player")
                    },
                    is_host: p.is_host,
                    is_me: false,
                    watching: false,
                    link: p.link,
                }))
                .collect::<Vec<_>>()
        })
    });
    // What happened in the room lately: who joined, left, dropped or came back.
    let notes = Memo::new(move |_| {
        ctl.session.with(|s| {
            let Some(g) = s.table().map(|t| t.guest()) else {
                return Vec::new();
            };
            let names = g
                .table()
                .map(|t| seat_names(t, g.seat()))
                .unwrap_or_default();
            let mut lines: Vec<(u64, String)> = g
                .log()
                .iter()
                .rev()
                .filter_map(|e| match &e.item {
                    LogItem::Note { note } => {
                        note_sentence(note).map(|s| (e.n, s.render(&names, g.seat())))
                    }
                    _ => None,
                })
                .take(5)
                .collect();
            lines.reverse();
            lines
        })
    });
    // Section 9: the last fair game's verdict stays in sight in the lobby, where a game
    // cut short by a departure ends.
    let verdict = Memo::new(move |_| {
        ctl.session.with(|s| {
            let g = s.table()?.guest();
            let names = g
                .table()
                .map(|t| seat_names(t, g.seat()))
                .unwrap_or_default();
            crate::model::fair::shown(g, &names)?.verdict
        })
    });
    let invite = Memo::new(move |_| {
        let page = web_sys::window().and_then(|w| w.location().href().ok())?;
        code.get().map(|c| invite_link(&page, &c))
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
                    <span class="muted small">{t("room-code")}</span>
                    <span class="room-code" data-testid="room-code" data-code=canonical>
                        {pretty_code}
                    </span>
                </div>
                <div class="room-meta">
                    <span class="role-tag">
                        {move || if hosting.get() { t("you-host") } else { t("you-joined") }}
                    </span>
                    <LeaveButton label="leave-room" />
                </div>
            </div>
            <div class="table-area">
                <Show when=move || playing.get()>
                    <section class="solo room-game" data-testid="room-table">
                        <TableView ctx=table />
                    </section>
                </Show>
                <div class="felt" class:hidden=move || playing.get()>
                    {move || verdict.get().map(|v| view! {
                        <p class="t-panel" data-testid="lobby-fair-verdict" data-fair=v.fair.to_string() role="status">
                            <b>{v.text}</b>
                        </p>
                    })}
                    <h2 class="felt-title">{t("seats")}</h2>
                    <Lobby />
                </div>
                <div class="felt links" class:hidden=move || playing.get()>
                    {move || invite.get().map(|link| view! { <Invite link /> })}
                    <h2 class="felt-title">{t("who-is-here")}</h2>
                    <ul class="seats" data-testid="peer-list">
                        <For
                            each=move || seats.get()
                            key=|seat| (seat.id.clone(), seat.link, seat.watching)
                            children=move |seat| view! { <SeatView seat /> }
                        />
                    </ul>
                    <ul class="room-notes" data-testid="room-notes" aria-live="polite">
                        <For
                            each=move || notes.get()
                            key=|(n, _)| *n
                            children=|(_, line)| view! { <li>{line}</li> }
                        />
                    </ul>
                    <p class="muted small felt-hint">
                        {move || {
                            if seats.get().len() < 2 {
                                t("waiting-for-players")
                            } else {
                                t("everyone-can-chat")
                            }
                        }}
                    </p>
                </div>
            </div>
            <ChatPanel />
        </section>
    }
}

/// One person: an avatar, a name, badges and the link's state.
#[component]
fn SeatView(seat: Seat) -> impl IntoView {
    let initials: String = seat.name.chars().take(2).collect();
    let (state_class, state_text) = match (seat.is_me, seat.link) {
        (true, _) => ("me", t("link-you")),
        (false, Some(LinkState::Open)) => ("open", t("link-open")),
        (false, Some(LinkState::Connecting)) => ("connecting", t("link-connecting")),
        (false, Some(LinkState::Closed)) => ("closed", t("link-away")),
        (false, None) => ("via-host", t("link-via-host")),
    };
    view! {
        <li class=format!("seat {state_class}") data-testid="peer" data-peer=seat.id.clone() data-link=state_class>
            <div class="avatar" aria-hidden="true">{initials}</div>
            <div class="seat-text">
                <span class="seat-name">{seat.name.clone()}</span>
                <span class="seat-state">
                    <span class="dot"></span>
                    {state_text}
                    {seat.watching.then(|| t("link-watching"))}
                    {seat.is_host.then(|| view! { <span class="badge host">{t("badge-host")}</span> })}
                </span>
            </div>
        </li>
    }
}

/// The invitation: the link (copy, share) and its QR code.
#[component]
fn Invite(link: String) -> impl IntoView {
    let copied = RwSignal::new(false);
    let qr = qr_path(&link).map(|(size, d)| {
        view! {
            <svg
                class="qr"
                viewBox=format!("0 0 {size} {size}")
                role="img"
                aria-label=t("invite-qr")
                shape-rendering="crispEdges"
            >
                <rect width="100%" height="100%" fill="#fff"></rect>
                <path d=d fill="#000"></path>
            </svg>
        }
    });
    let to_copy = link.clone();
    let to_share = link.clone();
    let can_share = navigator_has("share");
    view! {
        <div class="invite" data-testid="invite">
            <h2 class="felt-title">{t("invite")}</h2>
            <div class="invite-row">
                {qr}
                <div class="invite-text">
                    <p class="small">{t("invite-hint")}</p>
                    <input
                        class="invite-link"
                        type="text"
                        readonly
                        aria-label=t("invite-link")
                        data-testid="invite-link"
                        prop:value=link
                    />
                    <div class="invite-actions">
                        <button
                            class="btn"
                            data-testid="copy-invite"
                            on:click=move |_| copied.set(navigator_call("clipboard", "writeText", &to_copy))
                        >
                            {move || if copied.get() { t("copied") } else { t("copy-link") }}
                        </button>
                        {can_share
                            .then(|| {
                                view! {
                                    <button class="btn" on:click=move |_| share(&to_share)>{t("share")}</button>
                                }
                            })}
                    </div>
                </div>
            </div>
        </div>
    }
}

/// Whether `navigator` has a member `name` (the Web Share sheet, on phones).
fn navigator_has(name: &str) -> bool {
    navigator().is_some_and(|n| js_sys::Reflect::has(&n, &name.into()).unwrap_or(false))
}

fn navigator() -> Option<wasm_bindgen::JsValue> {
    let w = web_sys::window()?;
    js_sys::Reflect::get(&w, &"navigator".into()).ok()
}

/// Calls `navigator[object][method](text)`; whether there was one to call.
fn navigator_call(object: &str, method: &str, text: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(obj) = navigator().and_then(|n| js_sys::Reflect::get(&n, &object.into()).ok()) else {
        return false;
    };
    let Some(f) = js_sys::Reflect::get(&obj, &method.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return false;
    };
    f.call1(&obj, &text.into()).is_ok()
}

/// Opens the Web Share sheet with the invitation.
fn share(link: &str) {
    use wasm_bindgen::JsCast;
    let Some(n) = navigator() else { return };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"title".into(), &t("share-title").into());
    let _ = js_sys::Reflect::set(&data, &"url".into(), &link.into());
    if let Some(f) = js_sys::Reflect::get(&n, &"share".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let _ = f.call1(&n, &data);
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
    // A fair room seats people only (docs/FAIR-DEAL.md, section 7): no bot choices.
    let fair = Memo::new(move |_| ctl.session.with(|s| s.fair_table()));
    let level = RwSignal::new(BotLevel::Normal);
    // We came when every seat was taken: we watch until the host seats us.
    let watching = Memo::new(move |_| {
        ctl.session.with(|s| {
            let Some(g) = s.table().map(|t| t.guest()) else {
                return false;
            };
            let me = g.member();
            g.table()
                .is_some_and(|t| me.is_some() && t.watchers.iter().any(|m| Some(m.id) == me))
        })
    });
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
                view! { <p class="muted small felt-hint">{t("connecting-to-host")}</p> }.into_any()
            } else if hosting.get() {
                view! {
                    <div class="lobby-controls">
                        <Show when=move || !fair.get()>
                        <LevelField
                            value=level
                            on_change=Callback::new(move |l| {
                                level.set(l);
                                ctl.send(Intent::Admin(AdminCmd::SetDefaultBot { level: l }));
                            })
                            label=t("bot-level")
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
                            {t("add-bot")}
                        </button>
                        </Show>
                        <button
                            class="btn primary"
                            data-testid="start-game"
                            on:click=move |_| ctl.send(Intent::Admin(AdminCmd::Start { first: None }))
                        >
                            {t("start-game")}
                        </button>
                    </div>
                    // A fair room seats people only: no word of bots filling seats.
                    <Show when=move || !fair.get()>
                        <p class="muted small felt-hint" data-testid="open-seats-hint">
                            {t("open-seats-hint")}
                        </p>
                    </Show>
                }
                    .into_any()
            } else if watching.get() {
                view! { <p class="felt-hint watching-full" data-testid="watching-full" role="status">{t("watching-full")}</p> }
                    .into_any()
            } else {
                view! { <p class="muted small felt-hint">{t("waiting-for-start")}</p> }
                    .into_any()
            }
        }}
        {move || hosting.get().then(|| view! { <Watchers /> })}
    }
}

/// The host's word on who is only watching (they came when every seat was taken), each
/// with one tap to seat them: in a bot's place, an open seat, or one more seat.
#[component]
fn Watchers() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let watchers = Memo::new(move |_| {
        ctl.session.with(|s| {
            s.table()
                .and_then(|t| t.guest().table())
                .map(|t| {
                    t.watchers
                        .iter()
                        .map(|m| (m.id, m.name.clone(), !seat_watcher(t, m.id).is_empty()))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    view! {
        <ul class="watchers" data-testid="watchers">
            <For
                each=move || watchers.get()
                key=|w| w.clone()
                children=move |(id, name, can)| {
                    view! {
                        <li class="watcher" data-testid="watcher">
                            <span>{tr("watcher-waiting", &[("name", name.as_str().into())])}</span>
                            {can.then(|| view! {
                                <button
                                    class="btn small"
                                    data-testid="seat-watcher"
                                    on:click=move |_| ctl.send(Intent::SeatWatcher(id))
                                >
                                    {tr("seat-watcher", &[("name", name.as_str().into())])}
                                </button>
                            })}
                        </li>
                    }
                }
            />
        </ul>
    }
}

/// The table's settings: the host changes them; the others read them, as a list of words
/// rather than controls they could not use.
#[component]
fn Settings(hosting: bool) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let table = Memo::new(move |_| {
        ctl.session
            .with(|s| s.table().and_then(|t| t.guest().table().cloned()))
    });
    if !hosting {
        return view! {
            <div class="room-settings" data-testid="room-settings">
                <ul class="settings-list" data-testid="settings-summary">
                    {move || {
                        table
                            .with(|t| t.as_ref().map(settings_lines).unwrap_or_default())
                            .into_iter()
                            .map(|line| view! { <li>{line}</li> })
                            .collect_view()
                    }}
                </ul>
            </div>
        }
        .into_any();
    }
    let options =
        Memo::new(move |_| table.with(|t| t.as_ref().map(|t| t.options).unwrap_or_default()));
    let count = Memo::new(move |_| table.with(|t| t.as_ref().map_or(2, |t| t.seats.len() as u8)));
    let turn = Memo::new(move |_| table.with(|t| t.as_ref().and_then(|t| t.timers.turn_ms)));
    let code = |ms: Option<u64>| ms.map_or_else(|| "none".to_owned(), |ms| ms.to_string());
    view! {
        <div class="room-settings" data-testid="room-settings">
            <div class="solo-row">
                <PlayersField
                    value=count
                    on_change=Callback::new(move |count| {
                        ctl.send(Intent::Admin(AdminCmd::SetSeatCount { count }));
                    })
                    label=t("seats")
                    testid="seat-count"
                />
                <label class="solo-field">
                    <span>{t("turn-timer")}</span>
                    <select
                        data-testid="turn-timer"
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
            />
            <label class="check">
                <input
                    type="checkbox"
                    data-testid="opt-lock"
                    prop:checked=move || table.with(|t| t.as_ref().is_some_and(|t| t.locked))
                    on:change=move |ev| {
                        let locked = event_target_checked(&ev);
                        ctl.send(Intent::Admin(AdminCmd::Lock { locked }));
                    }
                />
                {t("lock-room")}
            </label>
            <label class="check" title=t("option-fair-hint")>
                <input
                    type="checkbox"
                    data-testid="opt-fair"
                    prop:checked=move || table.with(|t| t.as_ref().is_some_and(|t| t.fair))
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        ctl.send(Intent::Admin(AdminCmd::SetFair { on }));
                    }
                />
                {t("option-fair")}
            </label>
            <Show when=move || table.with(|t| t.as_ref().is_some_and(|t| t.fair))>
                <p class="muted small" data-testid="fair-hint">{t("option-fair-hint")}</p>
            </Show>
        </div>
    }
    .into_any()
}

/// One seat of the lobby.
#[component]
fn LobbySeatView(seat: LobbySeat, hosting: bool) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let which = seat.seat;
    let detail = match seat.kind {
        SeatKind::Bot(l) => tr("level-bot", &[("level", level_name(l).into())]),
        SeatKind::Open => t("seat-kind-open"),
        SeatKind::Person { me: true, .. } => t("link-you"),
        SeatKind::Person { away: true, .. } => t("link-away"),
        SeatKind::Person { .. } => t("seat-kind-player"),
    };
    let remove = (hosting && matches!(seat.kind, SeatKind::Bot(_))).then(|| {
        view! {
            <button
                class="btn ghost small"
                data-testid="remove-bot"
                aria-label=t("remove-bot")
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
                            {t("remove")}
                        </button>
                    }
                }
            >
                <span class="kick-ask" data-testid="kick-ask">
                    {tr("remove-ask", &[("name", who.as_str().into())])}
                    <button
                        class="btn danger small"
                        data-testid="kick-confirm"
                        on:click=move |_| {
                            confirming.set(false);
                            ctl.send(Intent::Kick(which));
                        }
                    >
                        {t("remove")}
                    </button>
                    <button
                        class="btn ghost small"
                        data-testid="kick-cancel"
                        on:click=move |_| confirming.set(false)
                    >
                        {t("cancel")}
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
