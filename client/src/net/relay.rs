//! The WebSocket to the relay.
//!
//! Opened on demand (when the user creates or joins a room), or taken over from the page
//! when an invitation had it opened as the page loaded; messages sent before it opens
//! wait in a queue. While open it pings every [`PING_EVERY_MS`], since the relay drops
//! connections that stay silent for 60 s. Reconnecting (and a host's `reclaim`) will be
//! driven from outside: drop this socket and open a new one.

use std::cell::RefCell;
use std::rc::Rc;

use shared::relay::{ClientMessage, RelayMessage};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

use super::NetError;

/// How often to ping the relay.
pub const PING_EVERY_MS: i32 = 20_000;

/// The largest relay frame we parse (the relay's own limit is 16 KiB).
const MAX_FRAME_CHARS: usize = 64 * 1024;

/// What the socket saw.
pub enum RelayEvent {
    /// A well-formed message from the relay.
    Message(RelayMessage),
    /// A frame that is not a relay message (reported, never trusted).
    Garbage(String),
    /// The socket closed, or failed to open.
    Closed { code: u16, reason: String },
}

/// Handlers kept alive as long as the socket.
struct Handlers {
    _open: Closure<dyn FnMut()>,
    _message: Closure<dyn FnMut(MessageEvent)>,
    _close: Closure<dyn FnMut(CloseEvent)>,
    _ping: Closure<dyn FnMut()>,
}

/// An open (or opening) relay connection.
pub struct RelaySocket {
    ws: WebSocket,
    /// Frames written before the socket opened.
    queue: Rc<RefCell<Vec<String>>>,
    /// The ping timer, once the socket is open.
    ping_timer: Rc<RefCell<Option<i32>>>,
    _handlers: Handlers,
}

impl RelaySocket {
    /// Opens a socket to `url`, reporting to `on_event`: the one the page opened early
    /// ([`early`]) when there is one, else a new one.
    pub fn connect(
        url: &str,
        on_event: impl Fn(RelayEvent) + 'static,
    ) -> Result<RelaySocket, NetError> {
        let ws = match early(url) {
            Some(ws) => ws,
            None => WebSocket::new(url)?,
        };
        let on_event = Rc::new(on_event);
        let queue: Rc<RefCell<Vec<String>>> = Rc::default();
        let ping_timer: Rc<RefCell<Option<i32>>> = Rc::default();

        let ping = {
            let ws = ws.clone();
            Closure::<dyn FnMut()>::new(move || {
                if let Ok(frame) = serde_json::to_string(&ClientMessage::Ping) {
                    let _ = ws.send_with_str(&frame);
                }
            })
        };
        let open = {
            let ws = ws.clone();
            let queue = queue.clone();
            let ping_timer = ping_timer.clone();
            let ping_fn: js_sys::Function =
                ping.as_ref().unchecked_ref::<js_sys::Function>().clone();
            Closure::<dyn FnMut()>::new(move || {
                for frame in queue.borrow_mut().drain(..) {
                    let _ = ws.send_with_str(&frame);
                }
                if let Some(window) = web_sys::window() {
                    let id = window
                        .set_interval_with_callback_and_timeout_and_arguments_0(
                            &ping_fn,
                            PING_EVERY_MS,
                        )
                        .ok();
                    *ping_timer.borrow_mut() = id;
                }
            })
        };
        let message = {
            let on_event = on_event.clone();
            Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
                let Some(text) = ev.data().as_string() else {
                    on_event(RelayEvent::Garbage("a binary frame".into()));
                    return;
                };
                if text.len() > MAX_FRAME_CHARS {
                    on_event(RelayEvent::Garbage("an oversized frame".into()));
                    return;
                }
                match serde_json::from_str::<RelayMessage>(&text) {
                    Ok(msg) => on_event(RelayEvent::Message(msg)),
                    Err(e) => on_event(RelayEvent::Garbage(e.to_string())),
                }
            })
        };
        let close = {
            let on_event = on_event.clone();
            let ping_timer = ping_timer.clone();
            Closure::<dyn FnMut(CloseEvent)>::new(move |ev: CloseEvent| {
                stop_timer(&ping_timer);
                on_event(RelayEvent::Closed {
                    code: ev.code(),
                    reason: ev.reason(),
                });
            })
        };
        ws.set_onopen(Some(open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(close.as_ref().unchecked_ref()));
        // A failed connection fires `error` and then `close`; `close` carries the news.
        // An early socket may be open already: its `open` has passed, so it runs now.
        if ws.ready_state() == WebSocket::OPEN {
            let _ = open
                .as_ref()
                .unchecked_ref::<js_sys::Function>()
                .call0(&JsValue::NULL);
        }

        Ok(RelaySocket {
            ws,
            queue,
            ping_timer,
            _handlers: Handlers {
                _open: open,
                _message: message,
                _close: close,
                _ping: ping,
            },
        })
    }

    /// Sends a message now, or once the socket opens.
    pub fn send(&self, msg: &ClientMessage) -> Result<(), NetError> {
        // The relay's message types always serialize.
        let frame = serde_json::to_string(msg).unwrap_or_default();
        match self.ws.ready_state() {
            WebSocket::CONNECTING => {
                self.queue.borrow_mut().push(frame);
                Ok(())
            }
            WebSocket::OPEN => Ok(self.ws.send_with_str(&frame)?),
            _ => Err(NetError::RelayClosed),
        }
    }

    /// Whether the socket can still carry messages.
    pub fn is_usable(&self) -> bool {
        matches!(
            self.ws.ready_state(),
            WebSocket::CONNECTING | WebSocket::OPEN
        )
    }
}

/// The socket `index.html` opened to the relay (`window.coupRelay`) when the page was
/// opened by an invitation, so that its handshake happens while the program downloads:
/// taken once, and only while it is opening or open and goes to `url`. The relay speaks
/// only when spoken to, so nothing arrived on it before its handlers. One that does not
/// fit is closed.
fn early(url: &str) -> Option<WebSocket> {
    let window = web_sys::window()?;
    let key = JsValue::from_str("coupRelay");
    let found = js_sys::Reflect::get(&window, &key).ok()?;
    let _ = js_sys::Reflect::delete_property(&window, &key);
    let ws = found.dyn_into::<WebSocket>().ok()?;
    let usable = matches!(ws.ready_state(), WebSocket::CONNECTING | WebSocket::OPEN);
    if usable && ws.url() == url {
        Some(ws)
    } else {
        let _ = ws.close();
        None
    }
}

fn stop_timer(timer: &RefCell<Option<i32>>) {
    if let (Some(id), Some(window)) = (timer.borrow_mut().take(), web_sys::window()) {
        window.clear_interval_with_handle(id);
    }
}

impl Drop for RelaySocket {
    fn drop(&mut self) {
        stop_timer(&self.ping_timer);
        // Detach the handlers before their closures are freed, then close.
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        let _ = self.ws.close();
    }
}
