//! The controller: owns the session signal and the network objects, feeds every event into
//! the session (with the page time), and carries out the effects it returns. When the
//! room's referee runs in this page, one browser timeout waits for its next deadline
//! ([`Session::next_deadline`]) and then ticks it.
//!
//! Components reach it through [`Ctl`], a `Copy` handle in the Leptos context. Nothing is
//! borrowed across a call into the browser, so a browser callback that fires synchronously
//! cannot find a `RefCell` already borrowed.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::{Rc, Weak};

use leptos::prelude::*;
use shared::engine::{Input, Options, Seat};
use shared::relay::ClientMessage;
use shared::session::protocol::{AdminCmd, BotLevel};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::model::rejoin::{REJOIN_KEY, RejoinRecord};
use crate::model::relay_url::relay_url;
use crate::model::{Effect, Session};
use crate::net::peer::{LinkEvent, PeerLink};
use crate::net::relay::{RelayEvent, RelaySocket};

/// The app's state and network.
pub struct Controller {
    /// What the UI renders.
    session: RwSignal<Session, LocalStorage>,
    /// The relay socket, while one is open.
    relay: RefCell<Option<RelaySocket>>,
    /// Direct links, by the other peer's relay id.
    links: RefCell<HashMap<String, PeerLink>>,
    /// Lets browser callbacks find their way back without keeping the controller alive.
    me: Weak<Controller>,
    /// The pending timeout for the host's next deadline.
    timer: Cell<Option<i32>>,
    /// What that timeout calls: ticks the session.
    on_timer: RefCell<Option<Closure<dyn FnMut()>>>,
    /// The seat record last written to `sessionStorage`.
    saved: RefCell<Option<RejoinRecord>>,
}

/// A `Copy` handle to the controller for components.
#[derive(Clone, Copy)]
pub struct Ctl {
    pub session: RwSignal<Session, LocalStorage>,
    inner: StoredValue<Rc<Controller>, LocalStorage>,
}

impl Ctl {
    /// Makes the controller for this page.
    pub fn new() -> Ctl {
        // The room's host shuffles from this: unpredictable to the other players.
        let seed = (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
        let mut start = Session::new(seed);
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
            me: me.clone(),
            timer: Cell::new(None),
            on_timer: RefCell::new(None),
            saved: RefCell::new(stored),
        });
        let me = Rc::downgrade(&ctl);
        *ctl.on_timer.borrow_mut() = Some(Closure::<dyn FnMut()>::new(move || {
            if let Some(c) = me.upgrade() {
                c.timer.set(None);
                let now = now_ms();
                c.step(|s| s.tick(now));
            }
        }));
        Ctl {
            session,
            inner: StoredValue::new_local(ctl),
        }
    }

    fn with(&self, f: impl FnOnce(&Rc<Controller>)) {
        if let Some(ctl) = self.inner.try_get_value() {
            f(&ctl);
        }
    }

    /// The name for the next room's table (already checked by the lobby's field).
    pub fn set_name(&self, name: Option<String>) {
        self.session.update(|s| s.set_name(name));
    }

    pub fn create(&self) {
        self.with(|c| c.step(Session::create));
    }

    pub fn join(&self, code: String) {
        self.with(|c| c.step(|s| s.join(&code)));
    }

    pub fn leave(&self) {
        self.with(|c| c.step(Session::leave));
    }

    /// Takes the offered seat back (a room this tab held before a reload).
    pub fn rejoin(&self) {
        self.with(|c| c.step(Session::rejoin));
    }

    /// Declines the offered seat; the record is forgotten.
    pub fn dismiss_rejoin(&self) {
        self.with(|c| {
            c.step(|s| {
                s.dismiss_rejoin();
                Vec::new()
            })
        });
    }

    /// Sends a chat line; returns false (with a notice) when it was refused.
    pub fn say(&self, text: String) -> bool {
        let mut sent = false;
        let now = now_ms();
        self.with(|c| {
            c.step(|s| match s.say(&text, now) {
                Ok(effects) => {
                    sent = true;
                    effects
                }
                Err(e) => {
                    s.notify(e);
                    Vec::new()
                }
            })
        });
        sent
    }

    pub fn dismiss(&self, id: u64) {
        self.session.update(|s| s.dismiss(id));
    }

    /// Plays one of our legal inputs at the room's table.
    pub fn play(&self, input: Input) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.play(input, now)));
    }

    /// A host command at the room's table.
    pub fn admin(&self, cmd: AdminCmd) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.admin(cmd, now)));
    }

    /// Fills an open (or a new) seat with a bot of `level`.
    pub fn add_bot(&self, level: BotLevel) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.add_bot(level, now)));
    }

    /// The host sets the game's options.
    pub fn set_options(&self, options: Options) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.set_options(options, now)));
    }

    /// The host sets the number of seats.
    pub fn set_seat_count(&self, count: u8) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.set_seat_count(count, now)));
    }

    /// The host sets the turn timer.
    pub fn set_turn_timer(&self, turn_ms: Option<u64>) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.set_turn_timer(turn_ms, now)));
    }

    /// After a game: back to the table's lobby.
    pub fn back_to_lobby(&self) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.back_to_lobby(now)));
    }

    /// Sends the person in `seat` away.
    pub fn kick(&self, seat: Seat) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.kick(seat, now)));
    }

    /// Opens a bot's seat again.
    pub fn remove_bot(&self, seat: Seat) {
        let now = now_ms();
        self.with(|c| c.step(|s| s.remove_bot(seat, now)));
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

/// Page time in milliseconds (the unit of the room host's deadlines).
fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

impl Controller {
    /// Applies one input to the session, then carries out its effects.
    fn step(&self, input: impl FnOnce(&mut Session) -> Vec<Effect>) {
        let effects = self.session.try_update(input).unwrap_or_default();
        for effect in effects {
            self.run(effect);
        }
        self.schedule();
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

    /// Waits for the host's next deadline (replacing the previous wait), if any.
    fn schedule(&self) {
        let Some(window) = web_sys::window() else {
            return;
        };
        if let Some(id) = self.timer.take() {
            window.clear_timeout_with_handle(id);
        }
        let Some(at) = self.session.with_untracked(Session::next_deadline) else {
            return;
        };
        let delay = i32::try_from(at.saturating_sub(now_ms())).unwrap_or(i32::MAX);
        if let Some(cb) = self.on_timer.borrow().as_ref()
            && let Ok(id) = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                cb.as_ref().unchecked_ref(),
                delay,
            )
        {
            self.timer.set(Some(id));
        }
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
                    Err(e) => self.step(|s| s.on_link_closed(&peer, Some(&e), now_ms())),
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
                            return self.step(|s| s.on_link_closed(&peer, Some(&e), now_ms()));
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
        }
    }

    /// Opens the relay socket unless one is usable.
    fn relay_socket(&self) -> Result<(), String> {
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
            RelayEvent::Message(msg) => {
                let now = now_ms();
                self.step(|s| s.on_relay(msg, now))
            }
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

    fn link_reporter(&self, peer: &str) -> impl Fn(LinkEvent) + 'static {
        let me = self.me.clone();
        let peer = peer.to_owned();
        move |ev| {
            if let Some(c) = me.upgrade() {
                c.on_link_event(&peer, ev);
            }
        }
    }

    fn on_link_event(&self, peer: &str, ev: LinkEvent) {
        match ev {
            LinkEvent::Signal(data) => {
                self.run(Effect::Relay(shared::relay::ClientMessage::Signal {
                    to: peer.to_owned(),
                    data: data.to_value(),
                }))
            }
            LinkEvent::Open => self.step(|s| s.on_link_open(peer, now_ms())),
            LinkEvent::Frame(frame) => self.step(|s| s.on_peer_frame(peer, &frame, now_ms())),
            LinkEvent::Closed(why) => {
                self.step(|s| s.on_link_closed(peer, why.as_deref(), now_ms()))
            }
        }
    }
}

/// The relay URL for this page: same origin `/ws`, or `<meta name="coup-relay">`.
fn page_relay_url() -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let location = window.location();
    let protocol = location.protocol().map_err(|_| "no page protocol")?;
    let host = location.host().map_err(|_| "no page host")?;
    let meta = window
        .document()
        .and_then(|d| {
            d.query_selector(r#"meta[name="coup-relay"]"#)
                .ok()
                .flatten()
        })
        .and_then(|m| m.get_attribute("content"));
    relay_url(&protocol, &host, meta.as_deref()).map_err(|e| e.to_string())
}

/// Drops `value` after the current browser callback returns: a socket or link must not
/// free the closure that is running right now.
fn defer_drop<T: 'static>(value: T) {
    wasm_bindgen_futures::spawn_local(async move { drop(value) });
}
