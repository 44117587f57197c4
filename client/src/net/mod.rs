//! The browser's side of every link: the relay WebSocket ([`relay`]), the WebRTC peer
//! connections ([`peer`]) and the worker that referees a hosted table ([`referee`]). Each
//! object reports what happened through a callback and never decides anything: decisions
//! belong to [`crate::model::Session`]. Failures are [`NetError`]s.

pub mod early;
pub mod fair;
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

impl NetError {
    /// What the person reads (the browser's own words as they are).
    pub fn for_people(&self) -> String {
        use crate::i18n::{t, tr};
        match self {
            NetError::Browser(text) => text.clone(),
            NetError::RelayClosed => t("net-relay-closed"),
            NetError::ChannelClosed => t("net-channel-closed"),
            NetError::NoPage(what) => tr("net-no-page", &[("what", (*what).into())]),
            NetError::RelayUrl(bad) => tr("net-bad-relay-url", &[("url", bad.0.as_str().into())]),
        }
    }
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
