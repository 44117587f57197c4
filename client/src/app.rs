//! The controller: the one state root of the page. It owns the session signal, the page
//! clock and the network objects (the relay socket, the peer links, the referee's worker),
//! feeds every event into the session and carries out the effects it returns.
//!
//! Components reach it through [`Ctl`], a `Copy` handle in the Leptos context, and speak
//! to it in [`Intent`]s. Nothing is borrowed across a call into the browser, so a browser
//! callback that fires synchronously cannot find a `RefCell` already borrowed.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::{Rc, Weak};

use leptos::prelude::*;
use shared::relay::ClientMessage;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::model::rejoin::{REJOIN_KEY, RejoinRecord};
use crate::model::relay_url::relay_url;
use crate::model::{Effect, Intent, RelayPeer, Session};
use crate::net::NetError;
use crate::net::peer::{LinkEvent, PeerLink};
use crate::net::referee::{RefereeEvent, RefereeWorker};
use crate::net::relay::{RelayEvent, RelaySocket};

/// How often the page clock moves (the countdowns read it).
const CLOCK_MS: i32 = 250;

/// The app's state and network.
pub struct Controller {
    /// What the interface renders.
    session: RwSignal<Session, LocalStorage>,
    /// The relay socket, while one is open.
    relay: RefCell<Option<RelaySocket>>,
    /// Direct links, by the other peer's relay id.
    links: RefCell<HashMap<RelayPeer, PeerLink>>,
    /// The referee's worker, while this page hosts a table.
    referee: RefCell<Option<RefereeWorker>>,
    /// Lets browser callbacks find their way back without keeping the controller alive.
    me: Weak<Controller>,
    /// The seat record last written to `sessionStorage`.
    saved: RefCell<Option<RejoinRecord>>,
}

/// A `Copy` handle to the controller for components.
#[derive(Clone, Copy)]
pub struct Ctl {
    pub session: RwSignal<Session, LocalStorage>,
    /// Page time in milliseconds, moved by the page's one clock (the countdowns).
    pub now: RwSignal<u64>,
    inner: StoredValue<Rc<Controller>, LocalStorage>,
}

impl Ctl {
    /// Makes the controller for this page and starts its clock.
    pub fn new() -> Ctl {
        let mut start = Session::new();
        // A seat this tab held before a reload is offered back on the first screen (not
        // taken at once: a duplicated tab holds the same record and must not steal it).
        let stored = load_seat_record();
        if let Some(record) = stored.clone() {
            start.offer_rejoin(record);
        }
        let session = RwSignal::new_local(start);
        let ctl = Rc::new_cyclic(|me| Controller {
            session,
            relay: RefCell::default(),
            links: RefCell::default(),
            referee: RefCell::default(),
            me: me.clone(),
            saved: RefCell::new(stored),
        });
        let now = RwSignal::new(now_ms());
        let tick = Closure::<dyn FnMut()>::new(move || now.set(now_ms()));
        if let Some(w) = web_sys::window() {
            // One clock for the page's lifetime.
            let _ = w.set_interval_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                CLOCK_MS,
            );
        }
        tick.forget();
        Ctl {
            session,
            now,
            inner: StoredValue::new_local(ctl),
        }
    }

    /// Asks for one thing (a refusal becomes a notice).
    pub fn send(&self, intent: Intent) {
        self.ask(intent);
    }

    /// Asks for one thing; false (with a notice) when it was refused.
    pub fn ask(&self, intent: Intent) -> bool {
        let mut accepted = false;
        if let Some(c) = self.inner.try_get_value() {
            c.step(|s| match s.handle(intent) {
                Ok(effects) => {
                    accepted = true;
                    effects
                }
                Err(why) => {
                    s.notify(why);
                    Vec::new()
                }
            });
        }
        accepted
    }
}

/// This tab's `sessionStorage`, when the browser lets us have it.
fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// The seat record an earlier page of this tab kept; a bad one is removed.
fn load_seat_record() -> Option<RejoinRecord> {
    let storage = session_storage()?;
    let stored = storage.get_item(REJOIN_KEY).ok().flatten()?;
    let record = RejoinRecord::parse(&stored);
    if record.is_none() {
        let _ = storage.remove_item(REJOIN_KEY);
    }
    record
}

/// Page time in milliseconds (the unit of the host's deadlines; the referee's worker reads
/// the same clock).
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A `<meta name=…>` tag's content on this page.
fn meta(name: &str) -> Option<String> {
    web_sys::window()?
        .document()?
        .query_selector(&format!(r#"meta[name="{name}"]"#))
        .ok()
        .flatten()?
        .get_attribute("content")
}

impl Controller {
    /// Applies one input to the session, then carries out its effects.
    fn step(&self, input: impl FnOnce(&mut Session) -> Vec<Effect>) {
        let effects = self.session.try_update(input).unwrap_or_default();
        for effect in effects {
            self.run(effect);
        }
        self.save_seat_record();
    }

    /// Keeps `sessionStorage` in step with the seat this tab holds as a joiner.
    fn save_seat_record(&self) {
        let now = self.session.with_untracked(Session::seat_record);
        if *self.saved.borrow() == now {
            return;
        }
        if let Some(s) = session_storage() {
            // Storage may be full or refused: the seat then only lasts for this page.
            let _ = match &now {
                Some(r) => s.set_item(REJOIN_KEY, &r.to_json()),
                None => s.remove_item(REJOIN_KEY),
            };
        }
        *self.saved.borrow_mut() = now;
    }

    fn notify(&self, text: String) {
        self.session.update(|s| s.notify(text));
    }

    fn run(&self, effect: Effect) {
        match effect {
            // Leaving a relay we already lost needs no new connection.
            Effect::Relay(ClientMessage::Leave) if self.relay.borrow().is_none() => {}
            Effect::Relay(msg) => {
                if let Err(e) = self.relay_socket().and_then(|()| {
                    self.relay
                        .borrow()
                        .as_ref()
                        .map_or(Ok(()), |ws| ws.send(&msg))
                }) {
                    self.notify(format!("Could not reach the relay: {e}"));
                    self.step(Session::on_relay_lost);
                }
            }
            Effect::CloseRelay => defer_drop(self.relay.borrow_mut().take()),
            Effect::Dial { peer, ice_servers } => {
                let report = self.link_reporter(&peer);
                match PeerLink::dial(&ice_servers, report) {
                    Ok(link) => drop(self.links.borrow_mut().insert(peer, link)),
                    Err(e) => self.step(|s| s.on_link_closed(&peer, Some(&e.to_string()))),
                }
            }
            Effect::Signal {
                peer,
                data,
                ice_servers,
            } => {
                if !self.links.borrow().contains_key(&peer) {
                    let report = self.link_reporter(&peer);
                    match PeerLink::accept(&ice_servers, report) {
                        Ok(link) => drop(self.links.borrow_mut().insert(peer.clone(), link)),
                        Err(e) => {
                            return self.step(|s| s.on_link_closed(&peer, Some(&e.to_string())));
                        }
                    }
                }
                if let Some(link) = self.links.borrow().get(&peer) {
                    link.apply(data);
                }
            }
            Effect::Hangup { peer } => {
                // The hangup may come from one of the link's own handlers: free it later.
                defer_drop(self.links.borrow_mut().remove(&peer));
            }
            Effect::Send { peer, text } => {
                let sent = self.links.borrow().get(&peer).map(|l| l.send(&text));
                if let Some(Err(e)) = sent {
                    self.notify(format!("Could not send: {e}"));
                }
            }
            Effect::StartReferee => {
                let started = meta("coup-referee")
                    .ok_or(NetError::NoPage("referee script"))
                    .and_then(|url| {
                        let me = self.me.clone();
                        RefereeWorker::start(&url, move |ev| {
                            if let Some(c) = me.upgrade() {
                                c.on_referee_event(ev);
                            }
                        })
                    });
                match started {
                    Ok(worker) => *self.referee.borrow_mut() = Some(worker),
                    Err(e) => {
                        let why = e.to_string();
                        defer(self.me.clone(), move |c| {
                            c.step(|s| s.on_referee_failed(&why));
                        });
                    }
                }
            }
            Effect::Referee(msg) => {
                let posted = self.referee.borrow().as_ref().map(|w| w.post(&msg));
                if let Some(Err(e)) = posted {
                    self.notify(format!("Could not reach the referee: {e}"));
                }
            }
            Effect::StopReferee => defer_drop(self.referee.borrow_mut().take()),
        }
    }

    fn on_referee_event(&self, ev: RefereeEvent) {
        match ev {
            RefereeEvent::Out(out) => {
                let now = now_ms();
                self.step(|s| s.on_referee(out, now));
            }
            RefereeEvent::Garbage(why) => {
                self.notify(format!("Ignored a bad message from the referee: {why}"))
            }
            RefereeEvent::Failed(why) => {
                defer_drop(self.referee.borrow_mut().take());
                self.step(|s| s.on_referee_failed(&why));
            }
        }
    }

    /// Opens the relay socket unless one is usable.
    fn relay_socket(&self) -> Result<(), NetError> {
        if self
            .relay
            .borrow()
            .as_ref()
            .is_some_and(RelaySocket::is_usable)
        {
            return Ok(());
        }
        let url = page_relay_url()?;
        let me = self.me.clone();
        let socket = RelaySocket::connect(&url, move |ev| {
            if let Some(c) = me.upgrade() {
                c.on_relay_event(ev);
            }
        })?;
        *self.relay.borrow_mut() = Some(socket);
        Ok(())
    }

    fn on_relay_event(&self, ev: RelayEvent) {
        match ev {
            RelayEvent::Message(msg) => self.step(|s| s.on_relay(msg)),
            RelayEvent::Garbage(why) => {
                self.notify(format!("Ignored a bad message from the relay: {why}"))
            }
            RelayEvent::Closed { code, reason } => {
                defer_drop(self.relay.borrow_mut().take());
                // A normal close says nothing worth showing; the relay's own reasons do.
                if !reason.is_empty() {
                    self.notify(format!(
                        "The relay closed the connection ({code}): {reason}"
                    ));
                }
                self.step(Session::on_relay_lost);
            }
        }
    }

    fn link_reporter(&self, peer: &RelayPeer) -> impl Fn(LinkEvent) + 'static {
        let me = self.me.clone();
        let peer = peer.clone();
        move |ev| {
            if let Some(c) = me.upgrade() {
                c.on_link_event(&peer, ev);
            }
        }
    }

    fn on_link_event(&self, peer: &RelayPeer, ev: LinkEvent) {
        match ev {
            LinkEvent::Signal(data) => self.run(Effect::Relay(ClientMessage::Signal {
                to: peer.0.clone(),
                data: data.to_value(),
            })),
            LinkEvent::Open => self.step(|s| s.on_link_open(peer)),
            LinkEvent::Frame(frame) => {
                let now = now_ms();
                self.step(|s| s.on_peer_frame(peer, &frame, now))
            }
            LinkEvent::Closed(why) => self.step(|s| s.on_link_closed(peer, why.as_deref())),
        }
    }
}

/// The relay URL for this page: same origin `/ws`, or `<meta name="coup-relay">`.
fn page_relay_url() -> Result<String, NetError> {
    let window = web_sys::window().ok_or(NetError::NoPage("window"))?;
    let location = window.location();
    let protocol = location.protocol()?;
    let host = location.host()?;
    Ok(relay_url(&protocol, &host, meta("coup-relay").as_deref())?)
}

/// Drops `value` after the current browser callback returns: a socket, link or worker
/// must not free the closure that is running right now.
fn defer_drop<T: 'static>(value: T) {
    wasm_bindgen_futures::spawn_local(async move { drop(value) });
}

/// Runs `f` on the controller after the current step (a step must not start inside one).
fn defer(me: Weak<Controller>, f: impl FnOnce(&Controller) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        if let Some(c) = me.upgrade() {
            f(&c);
        }
    });
}
