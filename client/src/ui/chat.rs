//! The chat panel: the log and a line to type in.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::i18n::t;

use crate::app::Ctl;
use crate::model::Intent;
use crate::model::chat::CHAT_MAX_CHARS;

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
                        view! {
                            <div class=class data-testid="chat-line">
                                <span class="chat-who">{who}</span>
                                <span class="chat-text">{line.text}</span>
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
