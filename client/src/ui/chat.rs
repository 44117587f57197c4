//! The chat panel: the log and a line to type in.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::i18n::{t, tr};

use crate::app::Ctl;
use crate::model::Intent;
use crate::model::chat::{CHAT_MAX_CHARS, Reacted, Reaction};

/// The chat: lines said at the table, and a box to say something.
#[component]
pub fn ChatPanel() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let draft = RwSignal::new(String::new());
    let lines = Memo::new(move |_| ctl.session.with(|s| s.chat_lines()));
    let log_ref = NodeRef::<leptos::html::Div>::new();
    // Keep the newest line in view.
    Effect::new(move |_| {
        lines.track();
        if let Some(el) = log_ref.get() {
            el.set_scroll_top(el.scroll_height());
        }
    });
    let on_send = move |ev: SubmitEvent| {
        ev.prevent_default();
        if ctl.ask(Intent::Chat(draft.get_untracked())) {
            draft.set(String::new());
        }
    };
    view! {
        <aside class="side panel chat">
            <h2 class="side-title">{t("chat")}</h2>
            <div class="chat-log" data-testid="chat-log" node_ref=log_ref>
                <Show when=move || lines.with(Vec::is_empty)>
                    <p class="muted small chat-empty">{t("chat-empty")}</p>
                </Show>
                <For
                    each=move || lines.get()
                    key=|line| line.id
                    children=move |line| {
                        let class = if line.mine { "chat-line mine" } else { "chat-line" };
                        let who = if line.mine { t("you") } else { line.from.clone() };
                        let id = line.id;
                        // The line's reactions as they change; the line itself does not.
                        let reactions = Memo::new(move |_| {
                            lines
                                .with(|ls| ls.iter().find(|l| l.id == id).map(|l| l.reactions.clone()))
                                .unwrap_or_default()
                        });
                        view! {
                            <div class=class data-testid="chat-line" data-line=id.to_string()>
                                <span class="chat-who">{who}</span>
                                <span class="chat-text">{line.text}</span>
                                <Reactions line=id reactions />
                            </div>
                        }
                    }
                />
            </div>
            <form class="chat-form" on:submit=on_send>
                <input
                    class="chat-input"
                    data-testid="chat-input"
                    type="text"
                    placeholder=t("chat-placeholder")
                    maxlength=CHAT_MAX_CHARS.to_string()
                    autocomplete="off"
                    bind:value=draft
                />
                <button class="btn primary" data-testid="chat-send" type="submit">{t("send")}</button>
            </form>
        </aside>
    }
}

/// A line's reactions with their counts, each a button that toggles ours, and a button that
/// opens the fixed set to add one.
#[component]
fn Reactions(line: u64, reactions: Memo<Vec<Reacted>>) -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let picking = RwSignal::new(false);
    let label = |r: Reaction| tr("react-with", &[("emoji", r.emoji().into())]);
    let react = move |r: Reaction| {
        picking.set(false);
        ctl.ask(Intent::React(line, r));
    };
    view! {
        <div class="chat-reacts">
            <For
                each=move || reactions.get()
                key=|r| (r.reaction, r.count, r.mine)
                children=move |r| {
                    view! {
                        <button
                            type="button"
                            class="react"
                            class:mine=r.mine
                            data-testid="reaction"
                            data-reaction=format!("{:?}", r.reaction).to_lowercase()
                            aria-pressed=r.mine.to_string()
                            aria-label=label(r.reaction)
                            on:click=move |_| react(r.reaction)
                        >
                            <span aria-hidden="true">{r.reaction.emoji()}</span>
                            " "
                            <span class="react-count">{r.count}</span>
                        </button>
                    }
                }
            />
            <button
                type="button"
                class="react react-add"
                data-testid="react-add"
                aria-label=t("react-add")
                aria-expanded=move || picking.get().to_string()
                on:click=move |_| picking.update(|p| *p = !*p)
            >
                <span aria-hidden="true">"+"</span>
            </button>
            <Show when=move || picking.get()>
                <span class="react-pick" role="group" aria-label=t("react-add")>
                    {Reaction::ALL
                        .into_iter()
                        .map(|r| {
                            view! {
                                <button
                                    type="button"
                                    class="react"
                                    data-testid="react-pick"
                                    data-reaction=format!("{r:?}").to_lowercase()
                                    aria-label=label(r)
                                    on:click=move |_| react(r)
                                >
                                    {r.emoji()}
                                </button>
                            }
                        })
                        .collect_view()}
                </span>
            </Show>
        </div>
    }
}
