//! The first screen: create a room, or join one with a code.

use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::app::Ctl;

/// Create a room, or join with a code.
#[component]
pub fn Lobby() -> impl IntoView {
    let ctl = expect_context::<Ctl>();
    let code = RwSignal::new(String::new());
    let on_join = move |ev: SubmitEvent| {
        ev.prevent_default();
        ctl.join(code.get_untracked());
    };
    view! {
        <section class="lobby">
            <div class="hero">
                <h1>"Bluff. Challenge. Survive."</h1>
                <p>"Coup for 2–10 players. No accounts: share a room code with your friends."</p>
            </div>
            <div class="lobby-cards">
                <crate::ui::table::SoloStart />
                <div class="panel card-create">
                    <h2>"Host a game"</h2>
                    <p class="muted">"Open a room and read its code to the others."</p>
                    <button
                        class="btn primary big"
                        data-testid="create-room"
                        on:click=move |_| ctl.create()
                    >
                        "Create a room"
                    </button>
                </div>
                <form class="panel card-join" on:submit=on_join>
                    <h2>"Join a game"</h2>
                    <label class="muted" for="join-code">
                        "Enter the code the host gave you."
                    </label>
                    <div class="join-row">
                        <input
                            id="join-code"
                            class="code-input"
                            data-testid="join-code"
                            type="text"
                            placeholder="K7M-3QX"
                            maxlength="12"
                            autocomplete="off"
                            autocapitalize="characters"
                            spellcheck="false"
                            bind:value=code
                        />
                        <button class="btn primary" data-testid="join-room" type="submit">
                            "Join"
                        </button>
                    </div>
                </form>
            </div>
        </section>
    }
}
