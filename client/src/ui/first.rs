//! The first screen `index.html` draws before the program runs, and its takeover.
//!
//! The page paints its first screen from its own HTML, in the chosen language, long
//! before the wasm arrives; a player may type a name, choose bots, open the options or
//! press a button meanwhile (`index.html`'s script keeps the press in `coupPressed`).
//! When the program starts it reads all of that ([`read`]), draws the same screen with
//! those values (the lobby and the bots' form ask [`take_name`], [`take_code`] and
//! [`take_solo`]), then removes the page's copy in the same task ([`finish`]), so no frame
//! shows either half-drawn and nothing moves. The press is then carried out as a click on
//! the program's own button: it goes through the same checks as any other.
//!
//! Taking over rather than hydrating: hydration needs the page's markup to be exactly
//! what the framework would render, markers included, for every state; reading a few
//! values from plain HTML and drawing anew depends only on the two screens looking alike,
//! which a browser test checks.

use std::cell::RefCell;

use shared::engine::Options;
use shared::session::protocol::BotLevel;
use wasm_bindgen::{JsCast, JsValue};

/// The id of the page's own first screen.
const ROOT_ID: &str = "first-screen";

/// What the page's first screen held when the program took over.
#[derive(Default)]
struct Carried {
    /// The name, when the player typed one there.
    name: Option<String>,
    /// The room's code, when the player typed one there.
    code: Option<String>,
    /// The bots' form: players, level, options.
    solo: Option<(u8, BotLevel, Options)>,
    /// Whether "More options" was open.
    more: bool,
    /// The test id of the field or button that had the focus, and its selection.
    focus: Option<(String, Option<(u32, u32)>)>,
    /// The button pressed before the program ran (its test id).
    pressed: Option<String>,
}

thread_local! {
    static CARRIED: RefCell<Carried> = RefCell::default();
}

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// The page's own first screen, while it is there.
fn root() -> Option<web_sys::Element> {
    document()?.get_element_by_id(ROOT_ID)
}

fn get(target: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(target, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn by_test_id(within: &web_sys::Element, id: &str) -> Option<web_sys::Element> {
    within
        .query_selector(&format!(r#"[data-testid="{id}"]"#))
        .ok()
        .flatten()
}

/// Reads what the page's first screen holds, before the program draws its own.
pub fn read() {
    let Some(root) = root() else {
        return;
    };
    let value = |id: &str| {
        by_test_id(&root, id)
            .and_then(|e| get(&e, "value").as_string())
            .unwrap_or_default()
    };
    let typed = |id: &str| by_test_id(&root, id).is_some_and(|e| e.has_attribute("data-typed"));
    let checked = |id: &str| {
        by_test_id(&root, id).is_some_and(|e| get(&e, "checked").as_bool() == Some(true))
    };
    let level = match value("solo-level").as_str() {
        "easy" => BotLevel::Easy,
        "hard" => BotLevel::Hard,
        _ => BotLevel::Normal,
    };
    let options = Options {
        inquisitor: checked("opt-inquisitor"),
        allegiances: checked("opt-reformation"),
        two_player_draft: checked("opt-draft"),
    };
    let players = value("solo-players").parse().unwrap_or(3);
    let more = by_test_id(&root, "more-options")
        .is_some_and(|b| b.get_attribute("aria-expanded").as_deref() == Some("true"));
    let focus = document()
        .and_then(|d| d.active_element())
        .filter(|e| root.contains(Some(e)))
        .and_then(|e| {
            let id = e.get_attribute("data-testid")?;
            let start = get(&e, "selectionStart").as_f64();
            let end = get(&e, "selectionEnd").as_f64();
            Some((id, start.zip(end).map(|(s, e)| (s as u32, e as u32))))
        });
    let pressed = web_sys::window()
        .map(|w| get(&w, "coupPressed"))
        .and_then(|p| p.as_string());
    CARRIED.with_borrow_mut(|c| {
        *c = Carried {
            name: typed("player-name").then(|| value("player-name")),
            code: typed("join-code").then(|| value("join-code")),
            solo: Some((players, level, options)),
            more,
            focus,
            pressed,
        }
    });
}

/// The name typed on the page's first screen (once).
pub fn take_name() -> Option<String> {
    CARRIED.with_borrow_mut(|c| c.name.take())
}

/// The room's code typed on the page's first screen (once).
pub fn take_code() -> Option<String> {
    CARRIED.with_borrow_mut(|c| c.code.take())
}

/// The bots' form as the page's first screen left it (once).
pub fn take_solo() -> Option<(u8, BotLevel, Options)> {
    CARRIED.with_borrow_mut(|c| c.solo.take())
}

/// Whether "More options" was open on the page's first screen (once).
pub fn take_more() -> bool {
    CARRIED.with_borrow_mut(|c| std::mem::take(&mut c.more))
}

/// Removes the page's first screen, now that the program's is drawn, and gives the
/// program's what the player did to it: the focus where it was, the press carried out.
/// (The options' disclosure it drew open already, by [`take_more`].)
pub fn finish() {
    let Some(old) = root() else {
        return;
    };
    old.remove();
    let Some(doc) = document() else {
        return;
    };
    let Some(body) = doc.body() else {
        return;
    };
    let carried = CARRIED.take();
    if let Some((id, selection)) = carried.focus
        && let Some(el) = by_test_id(&body, &id)
    {
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &JsValue::TRUE);
        call(&el, "focus", &[options.into()]);
        if let Some((start, end)) = selection {
            call(&el, "setSelectionRange", &[start.into(), end.into()]);
        }
    }
    if let Some(id) = carried.pressed
        && ["solo-start", "create-room", "join-room", "how-to-play"].contains(&id.as_str())
        && let Some(button) = by_test_id(&body, &id)
        && let Ok(button) = button.dyn_into::<web_sys::HtmlElement>()
    {
        button.click();
    }
}

/// Calls `el.name(args…)`, ignoring what it answers.
fn call(el: &web_sys::Element, name: &str, args: &[JsValue]) {
    if let Ok(f) = get(el, name).dyn_into::<js_sys::Function>() {
        let _ = f.apply(el, &args.iter().collect::<js_sys::Array>());
    }
}
