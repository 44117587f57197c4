//! The browser's side of every link: the relay WebSocket ([`relay`]), the WebRTC peer
//! connections ([`peer`]) and the worker that referees a hosted table ([`referee`]). Each
//! object reports what happened through a callback and never decides anything: decisions
//! belong to [`crate::model::Session`]. Failures are [`NetError`]s.

pub mod peer;
pub mod referee;
pub mod relay;
pub mod tab;

use wasm_bindgen::JsCast;
use wasm_bindgen::JsValue;

/// Why the browser could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The browser threw (the text is its message).
    #[error("{0}")]
    Browser(String),
    /// The relay socket is closed.
    #[error("the relay connection is closed")]
    RelayClosed,
    /// The data channel is not open.
    #[error("the data channel is not open")]
    ChannelClosed,
    /// The page has no window or document (not a browser page).
    #[error("this page has no {0}")]
    NoPage(&'static str),
    /// Where the relay is could not be worked out.
    #[error("{0}")]
    RelayUrl(#[from] crate::model::relay_url::BadRelayUrl),
}

impl From<JsValue> for NetError {
    fn from(err: JsValue) -> NetError {
        NetError::Browser(js_error_text(&err))
    }
}

/// A short text for a JavaScript exception, for notices and the console.
pub fn js_error_text(err: &JsValue) -> String {
    if let Some(e) = err.dyn_ref::<js_sys::Error>() {
        return String::from(e.message());
    }
    err.as_string().unwrap_or_else(|| format!("{err:?}"))
}
