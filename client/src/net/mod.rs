//! The browser's network: the relay WebSocket ([`relay`]) and the WebRTC peer connections
//! ([`peer`]). Each object reports what happened through a callback and never decides
//! anything: decisions belong to [`crate::model::Session`].

pub mod peer;
pub mod relay;

use wasm_bindgen::JsValue;

/// A short text for a JavaScript exception, for notices and the console.
pub fn js_error_text(err: &JsValue) -> String {
    if let Some(e) = err.dyn_ref::<js_sys::Error>() {
        return String::from(e.message());
    }
    err.as_string().unwrap_or_else(|| format!("{err:?}"))
}

use wasm_bindgen::JsCast;
