//! This tab's identity: a key kept in `sessionStorage` (which a reload keeps, and which a
//! duplicated tab copies), and a Web Lock named after it that the tab holds for its whole
//! life. A page that finds the lock held elsewhere is a copy of a live tab: it must not
//! take that tab's seat or table.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// A fresh key for a tab: 16 hex digits (it names storage, it is no secret).
pub fn new_key() -> String {
    (0..2)
        .map(|_| {
            format!(
                "{:08x}",
                (js_sys::Math::random() * f64::from(u32::MAX)) as u32
            )
        })
        .collect()
}

/// Whether this page came from a reload of its tab (the navigation's type is `reload`),
/// whose predecessor is going away and will let the tab's lock go, however slowly; a copy
/// of a tab (opened from it, or duplicated) is not.
pub fn reloaded() -> bool {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.get_entries_by_type("navigation").get(0))
        .and_then(|entry| js_sys::Reflect::get(&entry, &"type".into()).ok())
        .and_then(|t| t.as_string())
        .is_some_and(|t| t == "reload")
}

/// What a page that wants its tab's lock does when the lock is not free at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// Gives up after the wait: the lock's holder is a live page (this one is a copy).
    GiveUp,
    /// Takes the tab after the wait, and goes on asking for the lock: the holder is this
    /// tab's own page before a reload, going away however slowly (a reload is never a copy).
    TakeOver,
}

/// Takes the exclusive Web Lock `name` and holds it until the page goes away, waiting up
/// to `wait_ms` for it. `Some(true)`: the page may act as the tab, because it holds the
/// lock or, with [`Waiting::TakeOver`], because the wait is over (the lock then comes to
/// it once its holder lets it go). `Some(false)`: another live page holds it. `None`: the
/// browser has no Web Locks.
pub async fn hold_lock(name: &str, wait_ms: u32, waiting: Waiting) -> Option<bool> {
    let window = web_sys::window()?;
    let navigator = js_sys::Reflect::get(&window.clone().into(), &"navigator".into()).ok()?;
    let locks = js_sys::Reflect::get(&navigator, &"locks".into()).ok()?;
    let request = js_sys::Reflect::get(&locks, &"request".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    let controller = js_sys::Reflect::get(&js_sys::global(), &"AbortController".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()
        .and_then(|c| js_sys::Reflect::construct(&c, &js_sys::Array::new()).ok())?;
    let signal = js_sys::Reflect::get(&controller, &"signal".into()).ok()?;
    let abort = js_sys::Reflect::get(&controller, &"abort".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"signal".into(), &signal).ok()?;

    let mut settle: Option<js_sys::Function> = None;
    let outcome = js_sys::Promise::new(&mut |resolve, _| settle = Some(resolve));
    let settle = settle?;
    let granted = {
        let settle = settle.clone();
        // Held while the promise it returns is pending: for ever. A page that took over
        // its tab is granted the lock later; the outcome is settled by then.
        Closure::once_into_js(move |_lock: JsValue| -> JsValue {
            let _ = settle.call1(&JsValue::NULL, &JsValue::TRUE);
            js_sys::Promise::new(&mut |_, _| {}).into()
        })
    };
    let asked = request
        .call3(&locks, &JsValue::from_str(name), &options, &granted)
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    let refused = {
        let settle = settle.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |_err: JsValue| {
            let _ = settle.call1(&JsValue::NULL, &JsValue::FALSE);
        })
    };
    let _ = asked.catch(&refused);
    // Called at most once, when a page that gives up aborts its request.
    refused.forget();
    let over = Closure::once_into_js(move || {
        let _ = match waiting {
            // The request rejects, and `refused` settles the outcome.
            Waiting::GiveUp => abort.call0(&controller),
            Waiting::TakeOver => settle.call1(&JsValue::NULL, &JsValue::TRUE),
        };
    });
    window
        .set_timeout_with_callback_and_timeout_and_arguments_0(
            over.unchecked_ref(),
            i32::try_from(wait_ms).unwrap_or(i32::MAX),
        )
        .ok()?;
    let result = JsFuture::from(outcome).await.ok()?;
    Some(result.is_truthy())
}
