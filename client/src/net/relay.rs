//! The WebSocket to the relay.
//!
//! Opened on demand (when the user creates or joins a room), or taken over from the page
//! when an invitation had it opened as the page loaded, or when a join pressed before the
//! program ran was sent on it ([`super::early`]: the frames the page sent are not sent
//! again, and what the relay said meanwhile is replayed first); messages sent before it
//! opens wait in a queue. While open it pings every [`PING_EVERY_MS`], since the relay drops
//! connections that stay silent for 60 s. Reconnecting (and a host's `reclaim`) will be
//! driven from outside: drop this socket and open a new one.

use std::cell::RefCell;
use std::rc::Rc;

use shared::relay::{ClientMessage, RelayMessage};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

use super::NetError;
use super::early::Taken;

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
    /// Frames the page's script already sent on this socket: each is skipped once.
    sent: RefCell<Vec<String>>,
    /// The ping timer, once the socket is open.
    ping_timer: Rc<RefCell<Option<i32>>>,
    _handlers: Handlers,
}

impl RelaySocket {
    /// Opens a socket to `url` for a session whose first message is `first`, reporting to
    /// `on_event`: the one the page opened early ([`early`]) when there is one, else a new
    /// one. A join the page's script already sent on it must be `first` to be taken over.
    pub fn connect(
        url: &str,
        first: &ClientMessage,
        on_event: impl Fn(RelayEvent) + 'static,
    ) -> Result<RelaySocket, NetError> {
        let first = serde_json::to_string(first).unwrap_or_default();
        let (ws, taken) = match early(url) {
            Some(ws) => match super::early::take_relay(&ws) {
                Taken::Nothing => (ws, None),
                Taken::Join(taken) if taken.sent.contains(&first) => (ws, Some(taken)),
                // A join this session did not ask for, or one that cannot go on: the
                // relay holds that socket in a room, so it goes, and a new one starts.
                Taken::Join(_) | Taken::Spoiled => {
                    super::early::discard();
                    let _ = ws.close();
                    (WebSocket::new(url)?, None)
                }
            },
            None => {
                super::early::discard();
                (WebSocket::new(url)?, None)
            }
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
                on_event(read_frame(ev.data().as_string()));
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

        // What the relay said to the page's script: replayed in order before anything the
        // socket receives from now on (a task's microtasks run before its next event).
        let (sent, log) = taken.map_or_else(Default::default, |t| (t.sent, t.log));
        if !log.is_empty() {
            let on_event = on_event.clone();
            wasm_bindgen_futures::spawn_local(async move {
                for text in log {
                    on_event(read_frame(Some(text)));
                }
            });
        }

        Ok(RelaySocket {
            ws,
            queue,
            sent: RefCell::new(sent),
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
        let mut sent = self.sent.borrow_mut();
        if let Some(i) = sent.iter().position(|f| *f == frame) {
            sent.remove(i);
            return Ok(());
        }
        drop(sent);
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
/// only when spoken to: what it said to a join the page's script sent is in that script's
/// log ([`super::early`]). One that does not fit is closed.
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

/// What one frame from the relay is: a message, or garbage (never trusted).
fn read_frame(text: Option<String>) -> RelayEvent {
    let Some(text) = text else {
        return RelayEvent::Garbage("a binary frame".into());
    };
    if text.len() > MAX_FRAME_CHARS {
        return RelayEvent::Garbage("an oversized frame".into());
    }
    match serde_json::from_str::<RelayMessage>(&text) {
        Ok(msg) => RelayEvent::Message(msg),
        Err(e) => RelayEvent::Garbage(e.to_string()),
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
