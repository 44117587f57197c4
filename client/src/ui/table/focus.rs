//! The keyboard at a table: where the focus goes when a decision comes or goes, Tab kept
//! inside a dialog, and the table's keys (P, C, B, T, Escape).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::ctx::TableCtx;
use super::notice;
use crate::ui::labels;

/// When a decision becomes ours on a page scrolled away from the table's top (down to
/// read the log or the chat, say), the table comes back into view, so that every seat
/// shows above the docked decision. Not while a person is typing (the chat), unless
/// `always`: a game just dealt comes into view whatever the page was doing (the focus
/// stays where it is).
pub(super) fn table_into_view(always: bool) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let Some(d) = w.document() else {
        return;
    };
    if !always
        && d.active_element()
            .is_some_and(|a| matches!(a.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
    {
        return;
    }
    let Some(bar) = d.query_selector(".t-bar").ok().flatten() else {
        return;
    };
    let top = notice::call(&bar, "getBoundingClientRect", &[])
        .and_then(|r| notice::get(&r, "top"))
        .and_then(|t| t.as_f64());
    // Below the screen's middle is as far out of sight as above its top: the seats and
    // the docked decision would not both show.
    let height = w
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    if top.is_some_and(|t| t < 0.0 || (height > 0.0 && t > height / 2.0)) {
        bar.scroll_into_view();
    }
}

/// Moves the keyboard's focus to the first control of the decision we owe, so that it is
/// never left on the page after a button we pressed went away; with nothing to decide, a
/// focus the page lost goes to the decision area (which says whom the table waits for),
/// from where Tab goes on. Focus in a text field (chat), in a dialog, or already on one of
/// the panel's live controls stays where it is.
pub(super) fn focus_the_decision() {
    let Some(d) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    const PANEL: &str = "[data-testid=decision-area] [role=group]";
    let lost = match d.active_element() {
        Some(active) => {
            let typing = matches!(active.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT");
            let held =
                active.closest(PANEL).ok().flatten().is_some() && !active.has_attribute("disabled");
            let dialog = active.closest("[role=dialog]").ok().flatten().is_some();
            if typing || held || dialog {
                return;
            }
            active.tag_name() == "BODY" || active.has_attribute("disabled")
        }
        None => true,
    };
    // The control a person moved to, when the update drew it again; else the first.
    let again = LAST_FOCUS.with(|l| {
        let l = l.borrow();
        (!l.is_empty()).then(|| format!("{PANEL} button:not([disabled])[data-focus-key=\"{l}\"]"))
    });
    if again.is_some_and(|sel| focus_first(&sel)) {
        return;
    }
    if !focus_first(&format!("{PANEL} button:not([disabled])")) && lost {
        focus_first("[data-testid=decision-area]");
    }
}

thread_local! {
    /// The `data-focus-key` of the decision button that last had the focus.
    static LAST_FOCUS: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Notes which decision button has the focus (a `focusin` anywhere on the page).
pub(super) fn note_focus(e: &web_sys::FocusEvent) {
    let key = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.get_attribute("data-focus-key"));
    if let Some(k) = key {
        LAST_FOCUS.with(|l| *l.borrow_mut() = k);
    }
}

/// Keeps Tab inside a modal dialog (the keydown's current target, which has the focus):
/// Tab from its last control goes to its first, Shift+Tab from its first to its last.
/// The page behind stays out of reach until it closes.
pub(crate) fn keep_tab_inside(e: &web_sys::KeyboardEvent) {
    if e.key() != "Tab" {
        return;
    }
    let Some(dialog) = e
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let Ok(list) = dialog.query_selector_all(
        "button:not([disabled]), select:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])",
    ) else {
        return;
    };
    let items: Vec<web_sys::HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into().ok())
        .collect();
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        e.prevent_default();
        return;
    };
    let active = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let is = |el: &web_sys::HtmlElement| {
        active
            .as_ref()
            .is_some_and(|a| a == AsRef::<web_sys::Element>::as_ref(el))
    };
    let to = if e.shift_key() && is(first) {
        Some(last)
    } else if !e.shift_key() && is(last) {
        Some(first)
    } else {
        None
    };
    if let Some(el) = to {
        e.prevent_default();
        let _ = el.focus();
    }
}

/// Focuses the first element `selector` finds; whether there was one.
pub(crate) fn focus_first(selector: &str) -> bool {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    el.is_some_and(|e| e.focus().is_ok())
}

/// The table's keys: Escape closes the rules; P, C and B press the offered Pass,
/// Challenge or Block; T says the time left. Not while typing, nor with a modifier held.
pub(super) fn on_key(
    e: &web_sys::KeyboardEvent,
    ctx: TableCtx,
    help: RwSignal<bool>,
    said: RwSignal<String>,
) {
    if e.ctrl_key() || e.meta_key() || e.alt_key() {
        return;
    }
    let typing = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|a| matches!(a.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
    if typing {
        return;
    }
    let key = e.key().to_uppercase();
    if key == "ESCAPE" && help.get_untracked() {
        help.set(false);
        request_animation_frame(|| {
            focus_first(".t-bar .rules");
        });
        return;
    }
    if key == labels::TIME_KEY {
        let now = ctx.now.get_untracked();
        let text = ctx.snap.with_untracked(|s| {
            let s = s.as_ref()?;
            let me = s.me.filter(|_| s.owed());
            let seat = me.or_else(|| s.owes.first().copied())?;
            let secs = ctx.countdown.run((seat, now));
            let who = me
                .is_none()
                .then(|| s.names.get(seat.index()).cloned().unwrap_or_default());
            Some(labels::time_left(who.as_deref(), secs))
        });
        // A new text each time, so that asking twice is said twice.
        said.set(String::new());
        if let Some(t) = text {
            request_animation_frame(move || said.set(t));
        }
        e.prevent_default();
        return;
    }
    let button = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!(
                "[data-testid=decision-area] button[aria-keyshortcuts=\"{key}\"]:not([disabled])"
            ))
            .ok()
            .flatten()
        })
        .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(b) = button {
        e.prevent_default();
        b.click();
    }
}
