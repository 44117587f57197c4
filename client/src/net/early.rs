//! A join the page began before the program ran.
//!
//! When its player presses *Join* before the program has downloaded, `index.html`'s
//! script does what the first steps of a join are, so that the relay's round trips and the
//! link's handshake happen while the program downloads: it sends the relay's `join` on its
//! own socket, keeps every frame the relay sends in a log, answers the host's offer on an
//! `RTCPeerConnection` of its own, and keeps the data channel that arrives on it and the
//! frames it carries. It all waits in `window.coupEarly`:
//!
//! | field | what it holds |
//! |---|---|
//! | `ws` | the relay socket (also `window.coupRelay`) |
//! | `sent` | the frames the script sent on it: its `join` |
//! | `log` | every frame the relay sent, in order, as text |
//! | `host` | the host's peer id, from the relay's `joined` |
//! | `pc` | the connection that answered the host's offer |
//! | `applied` | the host's signals the connection took (the offer, candidates), as JSON |
//! | `gathered` | the candidates it gathered (and sent to the host) |
//! | `channel` | the data channel the host opened, once it arrived |
//! | `frames` | text frames that arrived on it |
//! | `failed` | the script's handshake failed: the program starts over |
//! | `overflow` | the relay sent more than the log keeps: the program starts over |
//!
//! The program takes this over and goes on as if it had done it itself: the relay's socket
//! skips the `join` already sent and replays the log to the session, in order
//! ([`super::relay`]); the guest's link to its host adopts the connection, skips the
//! signals it already took and reports the channel's opening and frames
//! ([`super::peer`]). Everything is read as untrusted input: the same checks as the live
//! path (sizes, types, the session's own validation of each relay message) apply. The
//! script applies them too (a relay frame of at most 64 KiB, a description or candidate of
//! at most 16 KiB, a `joined` only for the room it asked for); a connection that took a
//! signal the live path would have refused is not taken over.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{RtcDataChannel, RtcPeerConnection, WebSocket};

use crate::model::SignalData;

/// The most frames of each kind taken from the script (it stops logging beyond this and
/// marks `overflow`).
const MAX_ITEMS: u32 = 256;

/// What the relay socket takes over.
pub struct EarlyRelay {
    /// The frames the script already sent (the program does not send them again).
    pub sent: Vec<String>,
    /// What the relay said, in order.
    pub log: Vec<String>,
}

/// What the guest's link to its host takes over.
pub struct EarlyLink {
    pub pc: RtcPeerConnection,
    pub channel: Option<RtcDataChannel>,
    pub frames: Vec<String>,
    pub applied: Vec<SignalData>,
    pub gathered: Vec<String>,
}

fn state() -> Option<JsValue> {
    let window = web_sys::window()?;
    let early = js_sys::Reflect::get(&window, &JsValue::from_str("coupEarly")).ok()?;
    early.is_object().then_some(early)
}

fn get(early: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(early, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn strings(early: &JsValue, key: &str) -> Vec<String> {
    let Ok(list) = get(early, key).dyn_into::<js_sys::Array>() else {
        return Vec::new();
    };
    list.iter()
        .take(MAX_ITEMS as usize)
        .filter_map(|v| v.as_string())
        .collect()
}

/// Whether the script's join is unusable: its handshake failed, or the relay said more
/// than it keeps.
fn spoiled(early: &JsValue) -> bool {
    get(early, "failed").is_truthy() || get(early, "overflow").is_truthy()
}

/// What became of the script's join on a socket.
pub enum Taken {
    /// It made none: the socket is the page's plain early one.
    Nothing,
    /// It can be taken over.
    Join(EarlyRelay),
    /// It cannot (its handshake failed, the relay said more than it keeps, or it is on
    /// another socket): it is dropped, and the socket must go with it.
    Spoiled,
}

/// The script's join on `ws`. A connection it made stays for [`take_link`].
pub fn take_relay(ws: &WebSocket) -> Taken {
    let Some(early) = state() else {
        return Taken::Nothing;
    };
    let same = get(&early, "ws")
        .dyn_into::<WebSocket>()
        .is_ok_and(|w| &w == ws);
    if !same || spoiled(&early) {
        discard();
        return Taken::Spoiled;
    }
    // From now on the program's handlers are the socket's: the script's is replaced, and
    // it makes no connection after this. Without one made already, nothing is left.
    ws.set_onmessage(None);
    let taken = EarlyRelay {
        sent: strings(&early, "sent"),
        log: strings(&early, "log"),
    };
    if !get(&early, "pc").is_instance_of::<RtcPeerConnection>() {
        forget();
    }
    Taken::Join(taken)
}

/// The connection the script answered the host's offer on, when `host` is that host's
/// peer id and the handshake has not failed. Taken once.
pub fn take_link(host: &str) -> Option<EarlyLink> {
    let early = state()?;
    let pc = get(&early, "pc").dyn_into::<RtcPeerConnection>().ok();
    let ours = get(&early, "host").as_string().as_deref() == Some(host);
    let pc = pc.filter(|_| ours)?;
    if spoiled(&early) {
        discard();
        return None;
    }
    // A connection that took a signal the live path would have refused is not one the
    // program would have made.
    let Some(applied) = SignalData::parse_texts(&strings(&early, "applied")) else {
        discard();
        return None;
    };
    let channel = get(&early, "channel").dyn_into::<RtcDataChannel>().ok();
    let link = EarlyLink {
        pc,
        channel,
        frames: strings(&early, "frames"),
        applied,
        gathered: strings(&early, "gathered"),
    };
    forget();
    Some(link)
}

/// Drops the script's join: its connection closed, its state forgotten. For a program
/// that joins elsewhere, or a join that cannot be taken over.
pub fn discard() {
    let Some(early) = state() else {
        return;
    };
    if let Ok(pc) = get(&early, "pc").dyn_into::<RtcPeerConnection>() {
        pc.set_onicecandidate(None);
        pc.set_ondatachannel(None);
        pc.close();
    }
    forget();
}

fn forget() {
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::delete_property(&window, &JsValue::from_str("coupEarly"));
    }
}
