//! The controller: the one state root of the page. It owns the session signal, the page
//! clock and the network objects (the relay socket, the peer links, the referee's worker),
//! feeds every event into the session and carries out the effects it returns.
//!
//! Components reach it through [`Ctl`], a `Copy` handle in the Leptos context, and speak
//! to it in [`Intent`]s. Nothing is borrowed across a call into the browser, so a browser
//! callback that fires synchronously cannot find a `RefCell` already borrowed.
//!
//! The session's handling and the network are here, in the page's own module: a joiner's
//! relay connection and link open while the table's module (the table, the room and the
//! rules as views, `later`) is still downloading, and the seat is waiting for it when it
//! arrives. The controller only starts that module's fetch, through a [`Later`].

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::{Rc, Weak};

use leptos::prelude::*;
use shared::relay::ClientMessage;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

use crate::i18n::{t, tr};
use crate::loading::{self, Fetch};
use crate::model::invite::code_from_fragment;
use crate::model::rejoin::{
    HOST_KEY, HostRecord, LEFT_HOST_KEY, LeftHost, REJOIN_KEY, RejoinRecord,
};
use crate::model::relay_url::relay_url;
use crate::model::{Effect, FairSeatMaker, Intent, RelayPeer, Session, problems};
use crate::net::NetError;
use crate::net::peer::{LinkEvent, PeerLink};
use crate::net::referee::{RefereeEvent, RefereeWorker};
use crate::net::relay::{RelayEvent, RelaySocket};
use crate::net::tab::Waiting;

/// How often the page clock moves (the countdowns read it).
const CLOCK_MS: i32 = 250;

/// The `sessionStorage` key of this tab's key ([`crate::net::tab`]).
const TAB_KEY: &str = "coup.tab";

/// How long a page that holds a tab's records waits for the tab's lock before it counts as
/// a copy of a live tab.
const LOCK_WAIT_MS: u32 = 1_500;

/// How long a reloaded page that hosted waits for its predecessor to let the tab's lock go
/// before it takes its table back anyway: a slow device can take seconds to tear the old
/// page down (its referee with it), and a reload is never a copy.
const RELOAD_HOST_LOCK_WAIT_MS: u32 = 15_000;

/// The same for a reloaded page that held a seat: the host hands the seat to the newest
/// link that shows its token, so the old page's lingering costs nothing, and the seat comes
/// back within this however long the old page takes to go (or if the browser never lets its
/// lock go on a reload, as some have not).
const RELOAD_SEAT_LOCK_WAIT_MS: u32 = 1_500;

/// What moves the session.
pub enum Input {
    /// A player's intent.
    Intent(Intent),
    /// The page clock, at a time when a reconnection is due.
    Tick(u64),
    /// The page woke (it came to the front, or the network came back).
    Wake(u64),
    /// Whether this page holds its tab's lock (`None`: the browser has no Web Locks), and
    /// the records an earlier page of the tab left.
    TabLock(Option<bool>, Left),
}

/// The records an earlier page of this tab left in `sessionStorage`, as stored: read at
/// start-up, before this page writes its own, and parsed once the tab's lock is known.
/// With them, the room whose invitation opened this page, if any.
pub struct Left {
    seat: Option<String>,
    host: Option<String>,
    invited: Option<shared::relay::RoomCode>,
}

/// The modules the page fetches later, as the controller reaches them
/// (`crate::later::LATER`).
#[derive(Clone, Copy)]
pub struct Later {
    /// Fetches the table's module once; true when every split point answers at once.
    pub load: fn() -> Pin<Box<dyn Future<Output = bool>>>,
    /// Fetches the fair deal's module (only at a fair table); its seat maker, or `None`
    /// when the fetch failed.
    pub fair: fn() -> FairFetch,
}

/// A fetch of the fair deal's module: its seat maker, or `None` when it failed.
pub type FairFetch = Pin<Box<dyn Future<Output = Option<FairSeatMaker>>>>;

/// The app's state and network.
pub struct Controller {
    /// What the interface renders.
    session: RwSignal<Session, LocalStorage>,
    /// The relay socket, while one is open.
    relay: RefCell<Option<RelaySocket>>,
    /// Direct links, by the other peer's relay id.
    links: RefCell<HashMap<RelayPeer, PeerLink>>,
    /// The serial number the next link will carry: a link's events count only while it
    /// is the one held for its peer.
    next_link: Cell<u64>,
    /// The referee's worker, while this page hosts a table.
    referee: RefCell<Option<RefereeWorker>>,
    /// Lets browser callbacks find their way back without keeping the controller alive.
    me: Weak<Controller>,
    /// The seat record last written to `sessionStorage`.
    saved: RefCell<Option<RejoinRecord>>,
    /// The host record last written to `sessionStorage`.
    saved_host: RefCell<Option<HostRecord>>,
    /// This tab's key: names its lock and its referee's saved table.
    tab_key: RefCell<String>,
    /// Whether the page is taking back the seat or table its tab held (until the tab's
    /// lock tells it may, or that it is a copy).
    restoring: RwSignal<bool>,
    /// The modules fetched later (the fair deal's, at a fair table).
    later: Later,
}

/// A `Copy` handle to the controller for components.
#[derive(Clone, Copy)]
pub struct Ctl {
    pub session: RwSignal<Session, LocalStorage>,
    /// Page time in milliseconds, moved by the page's one clock (the countdowns).
    pub now: RwSignal<u64>,
    /// Whether the table's module is here.
    pub table: RwSignal<Fetch>,
    /// Whether the page is taking back the seat or table its tab held before a reload:
    /// the first screen waits rather than offer what would race it.
    pub restoring: RwSignal<bool>,
    inner: StoredValue<Rc<Controller>, LocalStorage>,
}

impl Ctl {
    /// Makes the controller for this page, starts its clock and fetches the table's
    /// module through `later`.
    pub fn new(later: Later) -> Ctl {
        // A seat or table this tab held before a reload is taken back at once, once the
        // tab's lock shows this page is that tab and not a copy of it.
        let left = Left {
            seat: stored(REJOIN_KEY),
            host: stored(HOST_KEY),
            invited: web_sys::window()
                .and_then(|w| w.location().hash().ok())
                .and_then(|h| code_from_fragment(&h)),
        };
        let tab_key = session_storage()
            .and_then(|s| s.get_item(TAB_KEY).ok().flatten())
            .filter(|k| k.len() == 16 && k.chars().all(|c| c.is_ascii_hexdigit()))
            .unwrap_or_else(|| {
                let key = crate::net::tab::new_key();
                if let Some(s) = session_storage() {
                    let _ = s.set_item(TAB_KEY, &key);
                }
                key
            });
        let mut fresh = Session::new();
        crate::net::fair::seed(&mut fresh);
        // Every room hands over unless the player turned it off.
        fresh.handover = local_storage()
            .and_then(|s| s.get_item("coup.handover").ok().flatten())
            .as_deref()
            != Some("0");
        let session = RwSignal::new_local(fresh);
        let table = RwSignal::new(Fetch::Waiting);
        let restoring = RwSignal::new(left.seat.is_some() || left.host.is_some());
        let ctl = Rc::new_cyclic(|me| Controller {
            session,
            relay: RefCell::default(),
            links: RefCell::default(),
            next_link: Cell::new(1),
            referee: RefCell::default(),
            me: me.clone(),
            saved: RefCell::default(),
            saved_host: RefCell::default(),
            tab_key: RefCell::new(tab_key.clone()),
            restoring,
            later,
        });
        loading::fetch(table, later.load);
        let me = Rc::downgrade(&ctl);
        wasm_bindgen_futures::spawn_local(async move {
            let (wait, waiting) = match (crate::net::tab::reloaded(), &left.host) {
                (true, Some(_)) => (RELOAD_HOST_LOCK_WAIT_MS, Waiting::TakeOver),
                (true, None) => (RELOAD_SEAT_LOCK_WAIT_MS, Waiting::TakeOver),
                (false, _) => (LOCK_WAIT_MS, Waiting::GiveUp),
            };
            let asked = now_ms();
            let held = crate::net::tab::hold_lock(&lock_name(&tab_key), wait, waiting).await;
            trace(|| {
                format!(
                    "tab lock: {held:?} after {} ms ({waiting:?} after {wait} ms)",
                    now_ms().saturating_sub(asked)
                )
            });
            if let Some(c) = me.upgrade() {
                c.apply(Input::TabLock(held, left));
            }
        });
        let now = RwSignal::new(now_ms());
        let clock = Rc::downgrade(&ctl);
        let tick = Closure::<dyn FnMut()>::new(move || {
            let t = now_ms();
            now.set(t);
            if let Some(c) = clock.upgrade() {
                c.tick(t);
            }
        });
        // The page wakes (its tab comes to the front, the network comes back): a pending
        // reconnection tries at once instead of at the end of its backoff.
        let waker = Rc::downgrade(&ctl);
        let wake = Closure::<dyn FnMut()>::new(move || {
            if let Some(c) = waker.upgrade() {
                c.apply(Input::Wake(now_ms()));
            }
        });
        if let Some(w) = web_sys::window() {
            // One clock for the page's lifetime.
            let _ = w.set_interval_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                CLOCK_MS,
            );
            let _ = w.add_event_listener_with_callback("online", wake.as_ref().unchecked_ref());
            if let Some(d) = w.document() {
                let _ = d.add_event_listener_with_callback(
                    "visibilitychange",
                    wake.as_ref().unchecked_ref(),
                );
            }
        }
        // A hosting page of a room that hands over leaves its seat in `localStorage` when its
        // tab goes, for this browser's next page that opens the room's invitation; a page
        // that comes back from the browser's back-forward cache takes it back.
        let leaving = Rc::downgrade(&ctl);
        let pagehide = Closure::<dyn FnMut()>::new(move || {
            if let Some(c) = leaving.upgrade() {
                c.leave_seat();
            }
        });
        let showing = Rc::downgrade(&ctl);
        let pageshow =
            Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(move |ev: wasm_bindgen::JsValue| {
                let persisted =
                    js_sys::Reflect::get(&ev, &"persisted".into()).is_ok_and(|p| p.is_truthy());
                if persisted && let Some(c) = showing.upgrade() {
                    c.forget_left_seat();
                }
            });
        if let Some(w) = web_sys::window() {
            let _ =
                w.add_event_listener_with_callback("pagehide", pagehide.as_ref().unchecked_ref());
            let _ =
                w.add_event_listener_with_callback("pageshow", pageshow.as_ref().unchecked_ref());
        }
        pagehide.forget();
        pageshow.forget();
        tick.forget();
        wake.forget();
        Ctl {
            session,
            now,
            table,
            restoring,
            inner: StoredValue::new_local(ctl),
        }
    }

    /// Asks for one thing (a refusal becomes a notice).
    pub fn send(&self, intent: Intent) {
        self.ask(intent);
    }

    /// Asks for one thing; false (with a notice) when it was refused.
    pub fn ask(&self, intent: Intent) -> bool {
        self.inner
            .try_get_value()
            .is_some_and(|c| c.apply(Input::Intent(intent)))
    }
}

/// This tab's `sessionStorage`, when the browser lets us have it.
fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// The name of the Web Lock a tab with key `key` holds.
fn lock_name(key: &str) -> String {
    format!("coup-tab-{key}")
}

/// The page's `localStorage`, when the browser lets us have it.
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// What `sessionStorage` holds under `key`.
fn stored(key: &str) -> Option<String> {
    session_storage()?.get_item(key).ok().flatten()
}

/// A record an earlier page of this tab kept under `key`, read by `parse`; a bad one is
/// removed.
fn parse_record<T>(key: &str, text: Option<String>, parse: fn(&str) -> Option<T>) -> Option<T> {
    let record = parse(&text?);
    if record.is_none()
        && let Some(s) = session_storage()
    {
        let _ = s.remove_item(key);
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
    /// The page's clock: a reconnection that is due makes its attempt (only then is the
    /// session touched, so the interface does not redraw four times a second).
    fn tick(&self, now: u64) {
        if self.session.with_untracked(|s| s.tick_due(now)) {
            self.apply(Input::Tick(now));
        }
    }

    /// A reconnection that is due makes its attempt. (Checked here: a wake comes whether
    /// one is due or not.)
    fn reconnect_if_due(&self, now: u64) {
        if self.session.with_untracked(|s| s.tick_due(now)) {
            let jitter = js_sys::Math::random();
            self.step(|s| s.tick(now, jitter));
        }
    }

    /// Moves the session by one input and carries out what it asks for; whether it was
    /// accepted.
    fn apply(&self, input: Input) -> bool {
        match input {
            Input::Intent(intent) => {
                let mut accepted = false;
                self.step(|s| match s.handle(intent) {
                    Ok(effects) => {
                        accepted = true;
                        effects
                    }
                    Err(why) => {
                        s.notify(why);
                        Vec::new()
                    }
                });
                accepted
            }
            Input::Tick(now) => {
                self.reconnect_if_due(now);
                true
            }
            Input::Wake(now) => {
                self.session.update(|s| s.wake(now));
                self.reconnect_if_due(now);
                true
            }
            Input::TabLock(held, left) => {
                let seat = parse_record(REJOIN_KEY, left.seat, RejoinRecord::parse);
                let host = parse_record(HOST_KEY, left.host, HostRecord::parse);
                self.on_tab_lock(held, seat, host, left.invited);
                // Set only when it changes: the first screen is drawn again whenever this
                // signal is set, and a choice made on it meanwhile (four players, Hard
                // bots) would go back to its default.
                if self.restoring.get_untracked() {
                    self.restoring.set(false);
                }
                true
            }
        }
    }

    /// Applies one input to the session, then carries out its effects.
    fn step(&self, input: impl FnOnce(&mut Session) -> Vec<Effect>) {
        let effects = self.session.try_update(input);
        if effects.is_none() {
            trace(|| "a step found the session gone: its effects are lost".into());
        }
        let effects = effects.unwrap_or_default();
        for effect in effects {
            trace(|| format!("effect {effect:?}"));
            self.run(effect);
        }
        self.save_seat_record();
        self.save_host_record();
        self.session.with_untracked(crate::net::fair::save);
    }

    /// Whether this page holds its tab's lock decided what it takes back: the table or
    /// seat an earlier page of this tab held, at once; a copy of a live tab (its lock held
    /// elsewhere) takes a key of its own and forgets the records it copied.
    ///
    /// A page with no record of its tab's that opened a room's invitation takes back the
    /// seat a closed host tab of this browser left for that room ([`LeftHost`]): the table
    /// went on at a guest's page, which gives the seat to the hello with its token.
    fn on_tab_lock(
        &self,
        held: Option<bool>,
        seat: Option<RejoinRecord>,
        host: Option<HostRecord>,
        invited: Option<shared::relay::RoomCode>,
    ) {
        // What storage holds is what was last written, as far as this page knows.
        *self.saved.borrow_mut() = seat.clone();
        *self.saved_host.borrow_mut() = host.clone();
        let none = seat.is_none() && host.is_none();
        let left_seat = || {
            invited
                .as_ref()
                .filter(|_| none)
                .and_then(Controller::take_left_seat)
        };
        match held {
            Some(true) => {
                if let Some(record) = host {
                    self.step(|s| s.resume(record));
                    // This tab hosts again: the seat its page left is not for another.
                    self.forget_left_seat();
                } else if let Some(record) = seat.clone().or_else(left_seat) {
                    self.step(|s| {
                        s.offer_rejoin(record);
                        s.handle(Intent::Rejoin).unwrap_or_default()
                    });
                }
            }
            Some(false) => {
                let key = crate::net::tab::new_key();
                if let Some(s) = session_storage() {
                    let _ = s.set_item(TAB_KEY, &key);
                    let _ = s.remove_item(HOST_KEY);
                    let _ = s.remove_item(REJOIN_KEY);
                }
                crate::net::fair::forget();
                *self.saved.borrow_mut() = None;
                *self.saved_host.borrow_mut() = None;
                *self.tab_key.borrow_mut() = key.clone();
                if seat.is_some() || host.is_some() {
                    self.notify(t("notice-tab-copy"));
                }
                wasm_bindgen_futures::spawn_local(async move {
                    crate::net::tab::hold_lock(&lock_name(&key), LOCK_WAIT_MS, Waiting::GiveUp)
                        .await;
                });
            }
            // No Web Locks: offer the seat back rather than take it, as a copy could.
            None => {
                if let Some(record) = seat.clone().or_else(left_seat) {
                    self.step(|s| {
                        s.offer_rejoin(record);
                        Vec::new()
                    });
                }
            }
        }
    }

    /// The tab is going (or the page into the back-forward cache): a host of a room that
    /// hands over leaves its seat for a later page of this browser ([`LeftHost`]).
    fn leave_seat(&self) {
        let Some(left) = self.session.with_untracked(|s| s.left_host(now_ms())) else {
            return;
        };
        if let Some(s) = local_storage() {
            // Storage may be full or refused: the seat then goes with the tab.
            let _ = s.set_item(LEFT_HOST_KEY, &left.to_json());
        }
    }

    /// The page is back (from the back-forward cache, or its tab took its table back after
    /// a reload): the seat it left for a later page is its own again.
    fn forget_left_seat(&self) {
        let ours = self
            .session
            .with_untracked(|s| s.room().map(|r| r.code.clone()));
        let Some(s) = local_storage() else {
            return;
        };
        let stored = s.get_item(LEFT_HOST_KEY).ok().flatten();
        let mine = stored
            .as_deref()
            .and_then(|t| LeftHost::parse(t, now_ms()))
            .is_none_or(|l| Some(&l.seat.code) == ours.as_ref());
        if stored.is_some() && mine {
            let _ = s.remove_item(LEFT_HOST_KEY);
        }
    }

    /// The seat a closed host tab of this browser left for the room whose invitation
    /// opened this page, taken out of storage (it is used once). A record that is not
    /// valid, or too old, is removed too; one of another room stays.
    fn take_left_seat(invited: &shared::relay::RoomCode) -> Option<RejoinRecord> {
        let s = local_storage()?;
        let stored = s.get_item(LEFT_HOST_KEY).ok().flatten()?;
        let now = now_ms();
        if LeftHost::parse(&stored, now).is_none() {
            let _ = s.remove_item(LEFT_HOST_KEY);
            return None;
        }
        let seat = LeftHost::seat_for(&stored, invited, now)?;
        let _ = s.remove_item(LEFT_HOST_KEY);
        Some(seat)
    }

    /// Keeps `sessionStorage` in step with the table this tab hosts.
    fn save_host_record(&self) {
        let now = self.session.with_untracked(Session::host_record);
        if *self.saved_host.borrow() == now {
            return;
        }
        if let Some(s) = session_storage() {
            let _ = match &now {
                Some(r) => s.set_item(HOST_KEY, &r.to_json()),
                None => s.remove_item(HOST_KEY),
            };
        }
        *self.saved_host.borrow_mut() = now;
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
            // Leaving a relay we already lost needs no new connection (nor does passing a
            // room on: a new socket is in no room).
            Effect::Relay(ClientMessage::Leave | ClientMessage::HandOver { .. })
                if self.relay.borrow().is_none() => {}
            Effect::Relay(msg) => {
                if let Err(e) = self.relay_socket(&msg).and_then(|()| {
                    self.relay
                        .borrow()
                        .as_ref()
                        .map_or(Ok(()), |ws| ws.send(&msg))
                }) {
                    self.notify(tr(
                        "notice-relay-failed",
                        &[("error", e.for_people().into())],
                    ));
                    self.step(|s| s.on_relay_lost(now_ms()));
                }
            }
            Effect::CloseRelay => defer_drop(self.relay.borrow_mut().take()),
            Effect::Dial { peer, ice_servers } => {
                let (serial, report) = self.link_reporter(&peer);
                match PeerLink::dial(&ice_servers, report) {
                    Ok(link) => self.hold_link(peer, serial, link),
                    Err(e) => {
                        self.step(|s| s.on_link_closed(&peer, Some(&e.for_people()), now_ms()))
                    }
                }
            }
            Effect::Signal {
                peer,
                data,
                ice_servers,
            } => {
                if !self.links.borrow().contains_key(&peer) {
                    let (serial, report) = self.link_reporter(&peer);
                    match PeerLink::accept(&peer.0, &ice_servers, report) {
                        Ok(link) => self.hold_link(peer.clone(), serial, link),
                        Err(e) => {
                            return self.step(|s| {
                                s.on_link_closed(&peer, Some(&e.for_people()), now_ms())
                            });
                        }
                    }
                }
                if let Some(link) = self.links.borrow().get(&peer) {
                    link.apply(data);
                }
            }
            Effect::RestartIce { peer } => {
                if let Some(link) = self.links.borrow().get(&peer) {
                    link.restart_ice();
                }
            }
            Effect::Hangup { peer } => {
                // The hangup may come from one of the link's own handlers: free it later.
                defer_drop(self.links.borrow_mut().remove(&peer));
            }
            Effect::Send { peer, text } => {
                let sent = self.links.borrow().get(&peer).map(|l| l.send(&text));
                if let Some(Err(e)) = sent {
                    self.notify(tr(
                        "notice-send-failed",
                        &[("error", e.for_people().into())],
                    ));
                }
            }
            Effect::StartReferee { resume } => {
                // A page that starts a table may play offline later: the service worker
                // caches the referee (and the catalogs) now, where the page allows it.
                cache_later();
                let started = meta("coup-referee")
                    .ok_or(NetError::NoPage("referee script"))
                    .and_then(|url| {
                        let me = self.me.clone();
                        let key = self.tab_key.borrow().clone();
                        RefereeWorker::start(&url, &key, resume, move |ev| {
                            if let Some(c) = me.upgrade() {
                                c.on_referee_event(ev);
                            }
                        })
                    });
                match started {
                    Ok(worker) => *self.referee.borrow_mut() = Some(worker),
                    Err(e) => {
                        let why = e.for_people();
                        defer(self.me.clone(), move |c| {
                            c.step(|s| s.on_referee_failed(&why));
                        });
                    }
                }
            }
            Effect::Referee(msg) => {
                let posted = self.referee.borrow().as_ref().map(|w| w.post(&msg));
                if let Some(Err(e)) = posted {
                    self.notify(tr(
                        "notice-referee-failed",
                        &[("error", e.for_people().into())],
                    ));
                }
            }
            Effect::StopReferee => defer_drop(self.referee.borrow_mut().take()),
            Effect::LoadFair => self.load_fair(),
        }
    }

    /// Fetches the fair deal's module (trying again after 1, 2, 4… up to 30 seconds
    /// until it is here) and gives our session the seat it makes.
    fn load_fair(&self) {
        let me = self.me.clone();
        let fair = self.later.fair;
        wasm_bindgen_futures::spawn_local(async move {
            let mut wait_ms = 1_000;
            loop {
                if let Some(make) = fair().await {
                    if let Some(c) = me.upgrade() {
                        c.step(|s| s.fair_ready(make));
                    }
                    return;
                }
                loading::sleep(wait_ms).await;
                wait_ms = (wait_ms * 2).min(30_000);
            }
        });
    }

    fn on_referee_event(&self, ev: RefereeEvent) {
        trace(|| match &ev {
            RefereeEvent::Out(out) => format!("referee {out:?}"),
            RefereeEvent::NotRestored(why) => format!("referee not restored {why}"),
            RefereeEvent::Garbage(why) => format!("referee garbage {why}"),
            RefereeEvent::Failed(why) => format!("referee failed {why}"),
        });
        match ev {
            RefereeEvent::Out(out) => {
                let now = now_ms();
                self.step(|s| s.on_referee(out, now));
            }
            RefereeEvent::NotRestored(why) => self.step(|s| s.on_referee_not_restored(&why)),
            RefereeEvent::Garbage(why) => {
                self.notify(tr("notice-referee-garbage", &[("what", why.into())]))
            }
            RefereeEvent::Failed(why) => {
                defer_drop(self.referee.borrow_mut().take());
                self.step(|s| s.on_referee_failed(&why));
            }
        }
    }

    /// Opens the relay socket unless one is usable.
    fn relay_socket(&self, first: &ClientMessage) -> Result<(), NetError> {
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
        let socket = RelaySocket::connect(&url, first, move |ev| {
            if let Some(c) = me.upgrade() {
                c.on_relay_event(ev);
            }
        })?;
        *self.relay.borrow_mut() = Some(socket);
        Ok(())
    }

    fn on_relay_event(&self, ev: RelayEvent) {
        trace(|| match &ev {
            RelayEvent::Message(m) => format!("relay says {m:?}"),
            RelayEvent::Garbage(why) => format!("relay garbage {why}"),
            RelayEvent::Closed { code, reason } => format!("relay closed {code} {reason}"),
        });
        match ev {
            RelayEvent::Message(msg) => self.step(|s| s.on_relay(msg, now_ms())),
            RelayEvent::Garbage(why) => {
                self.notify(tr("notice-relay-garbage", &[("what", why.into())]))
            }
            RelayEvent::Closed { code, reason } => {
                defer_drop(self.relay.borrow_mut().take());
                // A normal close says nothing worth showing; the relay's reasons do.
                if let Some(said) = problems::relay_closed(code, &reason) {
                    self.notify(said);
                }
                self.step(|s| s.on_relay_lost(now_ms()));
            }
        }
    }

    /// A new link's serial number, and what reports its events: only while that link is
    /// the one held for `peer`. A link hung up or replaced may still report (its closing,
    /// an offer or answer its connection was still making); the session would take that
    /// for news of the link that replaced it.
    fn link_reporter(&self, peer: &RelayPeer) -> (u64, impl Fn(LinkEvent) + 'static) {
        let serial = self.next_link.get();
        self.next_link.set(serial + 1);
        let me = self.me.clone();
        let peer = peer.clone();
        let report = move |ev| {
            let Some(c) = me.upgrade() else {
                return;
            };
            let current = c
                .links
                .try_borrow()
                .ok()
                .and_then(|links| links.get(&peer).map(|l| l.serial));
            if current == Some(serial) {
                c.on_link_event(&peer, ev);
            } else {
                trace(|| format!("link {} #{serial} gone: {}", peer.0, ev.kind()));
            }
        };
        (serial, report)
    }

    /// Holds `link` as the one for `peer` (one held before is dropped).
    fn hold_link(&self, peer: RelayPeer, serial: u64, mut link: PeerLink) {
        link.serial = serial;
        defer_drop(self.links.borrow_mut().insert(peer, link));
    }

    fn on_link_event(&self, peer: &RelayPeer, ev: LinkEvent) {
        trace(|| {
            let what = match &ev {
                LinkEvent::Frame(f) => format!("frame {}", f.chars().take(80).collect::<String>()),
                LinkEvent::Beat => return String::new(),
                LinkEvent::Closed(why) => format!("closed {why:?}"),
                _ => ev.kind().to_owned(),
            };
            format!("link {} {what}", peer.0)
        });
        match ev {
            LinkEvent::Signal(data) => self.step(|s| s.on_link_signal(peer, data)),
            LinkEvent::Open => self.step(|s| s.on_link_open(peer, now_ms())),
            // A heartbeat only moves the link's clock, unless the link had gone quiet: the
            // interface is not asked to look again once a second for each link.
            LinkEvent::Beat => {
                let now = now_ms();
                if self.session.with_untracked(|s| s.beat_is_news(peer)) {
                    self.step(|s| s.on_peer_beat(peer, now));
                } else {
                    self.session.update_untracked(|s| {
                        s.on_peer_beat(peer, now);
                    });
                }
            }
            LinkEvent::Frame(frame) => {
                let now = now_ms();
                self.step(|s| s.on_peer_frame(peer, &frame, now))
            }
            LinkEvent::Gathered(candidate) => self
                .session
                .update_untracked(|s| s.note_gathered(peer, &candidate)),
            LinkEvent::Unstable => self.step(|s| s.on_link_unstable(peer, now_ms())),
            LinkEvent::Stable => self.step(|s| {
                s.on_link_stable(peer);
                Vec::new()
            }),
            LinkEvent::Closed(why) => {
                self.step(|s| s.on_link_closed(peer, why.as_deref(), now_ms()))
            }
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

/// Asks the page's shell (`index.html`'s `coupCacheLater`) to have the service worker
/// cache what only a table's host needs.
fn cache_later() {
    let Some(w) = web_sys::window() else {
        return;
    };
    if let Ok(f) = js_sys::Reflect::get(&w, &"coupCacheLater".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>())
    {
        let _ = f.call0(&w);
    }
}

/// Writes `line()` to the console (debug level, after `coup: `) when the page's
/// `window.coupTrace` is set: the session's inputs and effects, for finding out why a
/// connection did not come up. Nothing is made or written otherwise; an empty line is
/// skipped, and secrets are masked ([`crate::model::trace::redact`]).
fn trace(line: impl FnOnce() -> String) {
    let Some(w) = web_sys::window() else {
        return;
    };
    if !js_sys::Reflect::get(&w, &"coupTrace".into()).is_ok_and(|v| v.is_truthy()) {
        return;
    }
    let mut line = crate::model::trace::redact(&line());
    if line.is_empty() {
        return;
    }
    if line.len() > 240 {
        let mut end = 240;
        while !line.is_char_boundary(end) {
            end -= 1;
        }
        line.truncate(end);
    }
    web_sys::console::debug_1(&format!("coup: {line}").into());
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
