//! Your turn is noticed: the tab's title while a decision is ours, and when one becomes
//! ours a short vibration (phones) and, while the page is in the background, a short
//! two-note chime made with Web Audio (no sound file to load).
//!
//! The chime is on unless the player turned it off (remembered in `localStorage` under
//! [`SOUND_KEY`]): it only ever sounds when the page is hidden or another window has the
//! focus, the moment a decision of ours would otherwise pass unseen, so it never plays
//! over a game being watched. It only follows our own seat's decisions: a bot's move, or
//! one a bot plays for us, never sounds.

use std::cell::RefCell;

use js_sys::{Array, Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// The `localStorage` key of the sound setting: `"off"` when turned off.
pub const SOUND_KEY: &str = "coup.sound";

/// Whether the chime is on (the default, until turned off).
pub fn sound_on() -> bool {
    storage()
        .and_then(|s| s.get_item(SOUND_KEY).ok().flatten())
        .as_deref()
        != Some("off")
}

/// Turns the chime on or off and remembers it (for this page only when storage is refused).
pub fn set_sound(on: bool) {
    if let Some(s) = storage() {
        let _ = s.set_item(SOUND_KEY, if on { "on" } else { "off" });
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The tab's title says when a decision is ours; `fresh`: it just became ours (a short
/// vibration where the browser has one, and the chime when the page is not looked at).
pub fn your_turn_noticed(owed: bool, fresh: bool) {
    let Some(w) = web_sys::window() else { return };
    let doc = w.document();
    if let Some(d) = &doc {
        d.set_title(&if owed {
            crate::i18n::t("title-your-move")
        } else {
            "Coup".to_owned()
        });
    }
    if !fresh {
        return;
    }
    let nav = get(&w, "navigator");
    // navigator.vibrate, where it exists (phones), and only once the player has touched
    // the page: before that the browser refuses it and logs an error (a reloaded page).
    if let Some(n) = &nav
        && has_been_active(n)
    {
        call(n, "vibrate", &[120.into()]);
    }
    let away = doc.is_some_and(|d| d.hidden() || !d.has_focus().unwrap_or(true));
    if away && sound_on() {
        chime(&w);
    }
}

thread_local! {
    /// The page's one AudioContext, made the first time the chime sounds (browsers limit
    /// how many a page may open).
    static AUDIO: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// Two soft sine notes, a fifth apart (E5 then B5), 0.35 s in all, at a fifth of full
/// volume with a quick fade in and out (no click). Browsers that refuse audio until the
/// page was touched (it always was, to start the game) or lack Web Audio play nothing.
fn chime(w: &web_sys::Window) {
    let Some(ctx) = AUDIO.with(|a| {
        if a.borrow().is_none() {
            let ctor = get(w, "AudioContext")
                .or_else(|| get(w, "webkitAudioContext"))
                .and_then(|c| c.dyn_into::<Function>().ok())?;
            *a.borrow_mut() = Reflect::construct(&ctor, &Array::new()).ok();
        }
        a.borrow().clone()
    }) else {
        return;
    };
    call(&ctx, "resume", &[]);
    let (Some(start), Some(out)) = (
        get(&ctx, "currentTime").and_then(|t| t.as_f64()),
        get(&ctx, "destination"),
    ) else {
        return;
    };
    for (i, freq) in [659.25, 987.77].into_iter().enumerate() {
        let t = start + 0.02 + i as f64 * 0.12;
        let (Some(osc), Some(gain)) = (
            call(&ctx, "createOscillator", &[]),
            call(&ctx, "createGain", &[]),
        ) else {
            return;
        };
        if let Some(f) = get(&osc, "frequency") {
            let _ = Reflect::set(&f, &"value".into(), &freq.into());
        }
        if let Some(g) = get(&gain, "gain") {
            call(&g, "setValueAtTime", &[0.0001.into(), t.into()]);
            call(
                &g,
                "exponentialRampToValueAtTime",
                &[0.2.into(), (t + 0.02).into()],
            );
            call(
                &g,
                "exponentialRampToValueAtTime",
                &[0.0001.into(), (t + 0.22).into()],
            );
        }
        call(&osc, "connect", std::slice::from_ref(&gain));
        call(&gain, "connect", std::slice::from_ref(&out));
        call(&osc, "start", &[t.into()]);
        call(&osc, "stop", &[(t + 0.25).into()]);
    }
}

/// `obj[name]`, when it is there.
pub(super) fn get(obj: &JsValue, name: &str) -> Option<JsValue> {
    Reflect::get(obj, &name.into())
        .ok()
        .filter(|v| !v.is_undefined() && !v.is_null())
}

/// Whether the page has had a user's gesture (`navigator.userActivation.hasBeenActive`);
/// true where the browser does not say.
fn has_been_active(nav: &JsValue) -> bool {
    get(nav, "userActivation")
        .and_then(|a| get(&a, "hasBeenActive"))
        .is_none_or(|v| v.as_bool() != Some(false))
}

/// Calls `obj[name](...args)` when it is a function; its result.
pub(super) fn call(obj: &JsValue, name: &str, args: &[JsValue]) -> Option<JsValue> {
    let f = get(obj, name)?.dyn_into::<Function>().ok()?;
    let args: Array = args.iter().collect();
    f.apply(obj, &args).ok()
}
