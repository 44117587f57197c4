//! A fair room's page in the browser (docs/FAIR-DEAL.md, section 8): fresh randomness on
//! every load, and the seat's secret kept in the tab's `sessionStorage` for a reload.
//!
//! One record per tab: a tab sits at one table at a time, and the record names its table,
//! game and seat, so a seat takes it back only in that game. It is never sent.

use std::cell::RefCell;

use shared::session::fair::seat::FairKeep;
use wasm_bindgen::JsCast;

use crate::model::Session;

/// Where the tab keeps its seat's secret for the fair game it plays.
pub const FAIR_KEY: &str = "coup.fair";

thread_local! {
    /// What storage holds, as this page last wrote or read it.
    static SAVED: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// 32 bytes from `crypto.getRandomValues`; `None` when the browser has none (the page
/// then sits at no fair table).
fn random_seed() -> Option<[u8; 32]> {
    let crypto = js_sys::Reflect::get(&js_sys::global(), &"crypto".into()).ok()?;
    let get = js_sys::Reflect::get(&crypto, &"getRandomValues".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    let bytes = js_sys::Uint8Array::new_with_length(32);
    get.call1(&crypto, &bytes).ok()?;
    let mut seed = [0; 32];
    bytes.copy_to(&mut seed);
    // A browser that filled nothing gave no randomness.
    (seed != [0; 32]).then_some(seed)
}

/// Gives a new page's session its randomness and what its tab kept.
pub fn seed(session: &mut Session) {
    let text = storage().and_then(|s| s.get_item(FAIR_KEY).ok().flatten());
    let kept = text
        .as_deref()
        .and_then(|t| serde_json::from_str::<FairKeep>(t).ok());
    SAVED.with(|s| *s.borrow_mut() = text);
    if let Some(seed) = random_seed() {
        session.seed_fair(seed, kept);
    }
}

/// Keeps storage in step with our seat's secret (after every step of the session).
pub fn save(session: &Session) {
    let Some(keep) = session.fair_keep() else {
        return;
    };
    let Ok(text) = serde_json::to_string(&keep) else {
        return;
    };
    SAVED.with(|saved| {
        if saved.borrow().as_deref() == Some(text.as_str()) {
            return;
        }
        // Storage may be full or refused: the secret then lasts for this page only.
        if let Some(s) = storage() {
            let _ = s.set_item(FAIR_KEY, &text);
        }
        *saved.borrow_mut() = Some(text);
    });
}

/// A copy of a live tab forgets what it copied: the secret is its original's.
pub fn forget() {
    if let Some(s) = storage() {
        let _ = s.remove_item(FAIR_KEY);
    }
    SAVED.with(|s| *s.borrow_mut() = None);
}
