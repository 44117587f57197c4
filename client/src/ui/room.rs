//! The room: its code, the seats at the table, and the chat.

use leptos::prelude::*;

use super::chat::ChatPanel;
use crate::app::Ctl;
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
                name: short_name(&room.me),
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
        <section class="room">
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
                <div class="felt">
                    <h2 class="felt-title">"The table"</h2>
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
                                "Everyone here can chat. The game comes next."
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
    let initials: String = seat.name.chars().skip(7).take(2).collect();
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
