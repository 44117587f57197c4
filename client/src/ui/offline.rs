//! The page as an installed, offline app: the prompt to reload into a new version, and
//! the first screen's word that rooms need the network.
//!
//! The service worker's lifecycle is the page shell's (`index.html`): it dispatches
//! `coup-update` on the window when a new version waits and leaves `coupUpdate()` to let
//! it take over. These components only show it.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::i18n::t;

/// A property of the window, or of `navigator`.
fn window_get(path: &[&str]) -> Option<JsValue> {
    let mut at: JsValue = web_sys::window()?.into();
    for key in path {
        at = js_sys::Reflect::get(&at, &JsValue::from_str(key)).ok()?;
    }
    Some(at)
}

/// The shell's `coupUpdate`, once a new version waits.
fn update_fn() -> Option<js_sys::Function> {
    window_get(&["coupUpdate"])?.dyn_into().ok()
}

/// "A new version is ready — Reload", once the service worker says one waits.
#[component]
pub fn UpdatePrompt() -> impl IntoView {
    // The shell may have heard before this module started.
    let ready = RwSignal::new(update_fn().is_some());
    let listener = window_event_listener_untyped("coup-update", move |_| ready.set(true));
    on_cleanup(move || listener.remove());
    let reload = move |_| {
        if let Some(f) = update_fn() {
            let _ = f.call0(&JsValue::NULL);
        }
    };
    move || {
        ready.get().then(|| {
            view! {
                <div class="notice update" data-testid="update-ready">
                    <span>{t("update-ready")}</span>
                    <button class="btn" data-testid="update-reload" on:click=reload>
                        {t("update-reload")}
                    </button>
                </div>
            }
        })
    }
}

/// Whether the network is there, kept up to date: the browser's word when it says online;
/// when it says offline, whether a request to the relay beside the page (`healthz`, which
/// the service worker leaves to the network) gets any answer at all. A browser in a
/// network with no way out but loopback says offline while its own relay answers.
pub fn online() -> ReadSignal<bool> {
    let (online, set) = signal(true);
    let check = move || {
        if window_get(&["navigator", "onLine"]).and_then(|v| v.as_bool()) != Some(false) {
            set.set(true);
            return;
        }
        wasm_bindgen_futures::spawn_local(async move {
            set.set(reaches_the_relay().await);
        });
    };
    check();
    let on = window_event_listener_untyped("online", move |_| check());
    let off = window_event_listener_untyped("offline", move |_| check());
    on_cleanup(move || {
        on.remove();
        off.remove();
    });
    online
}

/// Whether `healthz` answers at all (any status: a page served without the relay still
/// has a network).
async fn reaches_the_relay() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    let Some(fetch) = window_get(&["fetch"]).and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return true;
    };
    let init = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&init, &"cache".into(), &"no-store".into());
    match fetch
        .call2(&w, &JsValue::from_str("healthz"), &init)
        .and_then(|p| p.dyn_into::<js_sys::Promise>())
    {
        Ok(p) => wasm_bindgen_futures::JsFuture::from(p).await.is_ok(),
        Err(_) => true,
    }
}

/// The first screen's plain word, while offline, that rooms need the network.
#[component]
pub fn OfflineNote(online: ReadSignal<bool>) -> impl IntoView {
    move || {
        (!online.get()).then(|| {
            view! {
                <p class="panel offline-note" role="status" data-testid="offline-note">
                    {t("offline-note")}
                </p>
            }
        })
    }
}
