//! Rooms kept in this process: the relay alone, without `--cluster-url`.
//!
//! The bookkeeping is [`Rooms`] behind a `std::sync::Mutex`, as mini-redis's `db.rs`
//! keeps its map: every critical section is a few map operations, never an `.await`, so
//! a blocking mutex is cheaper than an async one and cannot be held across a suspension
//! point. The throttles and the per-address counts have mutexes of their own, never held
//! together with the rooms'. What the rooms say must be told to others is delivered to
//! their outboxes through the [`Instance`].

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use shared::relay::{ErrorCode, RelayMessage};
use tokio::time::Instant;

use super::outcome::{Entered, Passed, StoreRefusal};
use crate::connection::Why;
use crate::instance::{Instance, Refused, Registration};
use crate::limits::{JoinThrottle, throttle_key};
use crate::metrics;
use crate::protocol::{encode, signal_frame};
use crate::rooms::{ConnId, Created, Joined, Left, Promoted, RoomError, Rooms};

/// Locks a mutex, recovering the data if a thread panicked while holding it: the
/// bookkeeping stays consistent between statements, so a poisoned lock is still usable.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The rooms of a relay that runs alone.
#[derive(Debug)]
pub struct Local {
    /// The connections frames go to.
    instance: Arc<Instance>,
    /// Rooms and seats. Locked briefly, never across an `.await`.
    rooms: Mutex<Rooms>,
    /// Failed joins per client address. Locked briefly, never together with `rooms`.
    throttle: Mutex<JoinThrottle>,
    /// Room creations per client address, as a budget per minute (the same bucket as the
    /// failed-join throttle). Locked briefly, never together with `rooms`.
    creates: Mutex<JoinThrottle>,
    /// Open connections per client address (see [`throttle_key`]). Locked briefly,
    /// never together with `rooms`.
    per_address: Mutex<HashMap<IpAddr, usize>>,
}

impl Local {
    /// No rooms yet, for the connections of `instance`.
    pub fn new(instance: Arc<Instance>) -> Arc<Self> {
        let config = &instance.config;
        Arc::new(Local {
            rooms: Mutex::new(Rooms::new(config.room_limits())),
            throttle: Mutex::new(JoinThrottle::new(config.join_failures)),
            creates: Mutex::new(JoinThrottle::new(config.creates_per_minute)),
            per_address: Mutex::new(HashMap::new()),
            instance,
        })
    }

    /// Registers a new connection from client address `ip`, or refuses it when the relay
    /// or that address holds its maximum.
    pub fn register(&self, ip: IpAddr) -> Result<Registration, Refused> {
        let key = throttle_key(ip);
        {
            let mut per = lock(&self.per_address);
            let n = per.entry(key).or_insert(0);
            if *n >= self.instance.config.connections_per_address {
                self.instance
                    .metrics
                    .refused(metrics::ConnRefusal::RateLimited);
                self.instance.metrics.error(ErrorCode::RateLimited);
                return Err(Refused::PerAddress);
            }
            *n += 1;
        }
        self.instance.register().inspect_err(|_| self.release(key))
    }

    /// Counts one connection of address `key` gone.
    fn release(&self, key: IpAddr) {
        let mut per = lock(&self.per_address);
        if let Some(n) = per.get_mut(&key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                per.remove(&key);
            }
        }
    }

    /// Forgets a connection (from `ip`) whose socket is gone; it leaves its room as with
    /// `leave`.
    pub fn disconnect(self: &Arc<Self>, conn: ConnId, ip: IpAddr) {
        if self.instance.forget(conn) {
            self.release(throttle_key(ip));
        }
        let left = lock(&self.rooms).leave(conn, Instant::now());
        if let Ok(left) = left {
            self.announce_departure(left);
        }
    }

    /// Rooms and seated peers, for `/metrics`.
    pub fn counts(&self) -> (usize, usize) {
        let rooms = lock(&self.rooms);
        (rooms.room_count(), rooms.peer_count())
    }

    /// Forgets client addresses whose budgets are whole again.
    pub fn prune(&self) {
        lock(&self.throttle).prune(Instant::now());
        lock(&self.creates).prune(Instant::now());
    }

    /// A `create` from `conn` at `ip` (with `handover`: a guest is made host when the host
    /// is gone for good), within the address's budget of creations.
    pub fn create(
        &self,
        conn: ConnId,
        ip: IpAddr,
        handover: bool,
        now: Instant,
    ) -> Result<Created, StoreRefusal> {
        if !lock(&self.creates).allows(ip, now) {
            return Err(StoreRefusal::CreatesThrottled);
        }
        let created = lock(&self.rooms).create(conn, ip, handover);
        if created.is_ok() {
            lock(&self.creates).record_failure(ip, now);
        }
        Ok(created?)
    }

    /// A `join` of room `room`.
    pub fn join(
        &self,
        conn: ConnId,
        ip: IpAddr,
        room: &str,
        now: Instant,
    ) -> Result<Entered, StoreRefusal> {
        self.guarded_entry(ip, now, |rooms| rooms.join(conn, room, ip))
    }

    /// A `reclaim` of room `room`'s host place.
    pub fn reclaim(
        &self,
        conn: ConnId,
        ip: IpAddr,
        room: &str,
        host_secret: &str,
        now: Instant,
    ) -> Result<Entered, StoreRefusal> {
        self.guarded_entry(ip, now, |rooms| rooms.reclaim(conn, room, host_secret))
    }

    /// A `join` or `reclaim`: refused outright for an address past its failed-join budget
    /// (before any lookup, so the throttle reveals nothing), counted when it fails.
    fn guarded_entry(
        &self,
        ip: IpAddr,
        now: Instant,
        enter: impl FnOnce(&mut Rooms) -> Result<Joined, RoomError>,
    ) -> Result<Entered, StoreRefusal> {
        if !lock(&self.throttle).allows(ip, now) {
            return Err(StoreRefusal::JoinsThrottled);
        }
        let entered = enter(&mut lock(&self.rooms));
        let j = entered.inspect_err(|e| {
            if e.is_failed_join() {
                lock(&self.throttle).record_failure(ip, now);
            }
        })?;
        let joined = encode(&RelayMessage::PeerJoined {
            peer: j.peer.clone(),
        });
        for other in &j.notify {
            self.instance.deliver(*other, joined.clone());
        }
        if let Some(old) = j.replaced {
            tracing::info!(room = %j.room, old, "host connection replaced by a reclaim");
            self.instance.kick(old, Why::Replaced);
        }
        // A guest that enters a handover room whose host's grace ran out while no guest
        // was there is made its host now (after its `joined`, which its answer is).
        let promoted = lock(&self.rooms).hand_over_due(&j.room, now);
        if let Some(p) = promoted {
            self.announce_promotion(p);
        }
        Ok(Entered {
            room: j.room,
            peer: j.peer,
            host: j.host,
            peers: j.peers,
            handover: j.handover,
        })
    }

    /// The host `conn` passes its handover room on to guest `to`, or to the guest present
    /// longest.
    pub fn hand_over(&self, conn: ConnId, to: Option<&str>) -> Result<Passed, StoreRefusal> {
        let p = lock(&self.rooms).hand_over(conn, to)?;
        self.instance.watch(conn, false);
        let left = encode(&RelayMessage::PeerLeft {
            peer: p.previous.clone(),
        });
        for other in p.notify.iter().chain([&p.conn]) {
            self.instance.deliver(*other, left.clone());
        }
        let passed = Passed {
            host: p.host.clone(),
            previous: p.previous.clone(),
        };
        self.announce_promotion(p);
        Ok(passed)
    }

    /// The host `conn` of a handover room gives the relay its part (`part`, a
    /// [`valid_deposit`](crate::rooms::valid_deposit)), replacing the one the room held.
    pub fn deposit(&self, conn: ConnId, part: &str) -> Result<(), StoreRefusal> {
        Ok(lock(&self.rooms).deposit(conn, part)?)
    }

    /// Tells a handover room its new host: `promoted` to it (now watched for silence),
    /// with the room's deposit, and `host_changed` to the others.
    fn announce_promotion(&self, p: Promoted) {
        tracing::info!(room = %p.room, peers = p.notify.len() + 1, "room handed over to a guest");
        self.instance
            .metrics
            .handovers
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        // The others first: whatever the new host sends once it knows reaches them after
        // their news.
        let changed = encode(&RelayMessage::HostChanged {
            host: p.host,
            previous: p.previous.clone(),
        });
        for other in &p.notify {
            self.instance.deliver(*other, changed.clone());
        }
        self.instance.watch(p.conn, true);
        self.instance.deliver(
            p.conn,
            encode(&RelayMessage::Promoted {
                room: p.room,
                host_secret: p.host_secret,
                previous: p.previous,
                peers: p.peers,
                deposit: p.deposit,
            }),
        );
    }

    /// Forwards a signal from `conn` to peer `to`, `data` as it came.
    pub fn signal(&self, conn: ConnId, to: &str, data: &str) -> Result<(), StoreRefusal> {
        let route = lock(&self.rooms).route(conn, to)?;
        self.instance
            .deliver(route.to, signal_frame(&route.from, data));
        Ok(())
    }

    /// The host `conn` removes peer `peer` from its room.
    pub fn kick(&self, conn: ConnId, peer: &str) -> Result<(), StoreRefusal> {
        let k = lock(&self.rooms).kick(conn, peer)?;
        tracing::info!(room = %k.room, "peer removed by the host");
        // Out of the room, its connection open for another create or join. Its host
        // tells it why, over the game's own channel; a word from the relay too would
        // race that explanation.
        let frame = encode(&RelayMessage::PeerLeft { peer: k.peer });
        for other in &k.notify {
            self.instance.deliver(*other, frame.clone());
        }
        Ok(())
    }

    /// `conn` leaves its room.
    pub fn leave(self: &Arc<Self>, conn: ConnId, now: Instant) -> Result<(), StoreRefusal> {
        let left = lock(&self.rooms).leave(conn, now)?;
        self.announce_departure(left);
        Ok(())
    }

    /// Tells a room about a departure, and arranges the end of an absent host's grace.
    fn announce_departure(self: &Arc<Self>, left: Left) {
        let frame = encode(&RelayMessage::PeerLeft { peer: left.peer });
        for other in &left.notify {
            self.instance.deliver(*other, frame.clone());
        }
        tracing::debug!(room = %left.room, host = left.host_deadline.is_some(), "peer left");
        if !left.closed.is_empty() {
            self.announce_closed(&left.closed, "the host left");
        }
        if let Some(at) = left.handover_at {
            self.schedule_expiry(left.room.clone(), at);
        }
        if let Some(deadline) = left.host_deadline {
            self.schedule_expiry(left.room, deadline);
        }
    }

    /// Sends `room_closed` to connections that were just taken out of a room.
    fn announce_closed(&self, conns: &[ConnId], reason: &str) {
        self.instance
            .metrics
            .rooms_closed
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let frame = encode(&RelayMessage::RoomClosed {
            reason: reason.to_owned(),
        });
        for c in conns {
            self.instance.deliver(*c, frame.clone());
        }
    }

    /// Closes room `code` at `deadline` unless its host has reclaimed it by then.
    fn schedule_expiry(self: &Arc<Self>, code: String, deadline: Instant) {
        let local = Arc::downgrade(self);
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        runtime.spawn(async move {
            tokio::time::sleep_until(deadline).await;
            if let Some(local) = local.upgrade() {
                local.expire(&code);
            }
        });
    }

    /// Hands room `code` to a guest if its host's handover grace has run out, else
    /// closes it if its host's grace has.
    fn expire(&self, code: &str) {
        let promoted = lock(&self.rooms).hand_over_due(code, Instant::now());
        if let Some(p) = promoted {
            self.announce_promotion(p);
            return;
        }
        let closed = lock(&self.rooms).expire(code, Instant::now());
        if let Some(conns) = closed {
            tracing::info!(room = %code, peers = conns.len(), "room closed: host did not come back");
            self.announce_closed(&conns, "the host did not come back in time");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::connection::Event;
    use futures_util::FutureExt as _;

    /// A local store over a new instance, and two connections registered from `ip`.
    fn store_with_two(ip: IpAddr) -> (Arc<Local>, Registration, Registration) {
        let instance = Arc::new(Instance::new(Config::defaults().normalized()));
        let local = Local::new(instance);
        let a = local.register(ip).expect("register");
        let b = local.register(ip).expect("register");
        (local, a, b)
    }

    #[test]
    fn a_join_tells_the_room_and_a_reclaim_closes_the_host_it_replaces() {
        let ip: IpAddr = [192, 0, 2, 1].into();
        let (local, host, guest) = store_with_two(ip);
        let now = Instant::now();
        let room = local.create(host.id, ip, false, now).expect("create");
        assert!(!host.outbox.pending(), "creating tells nobody");
        let entered = local.join(guest.id, ip, &room.room, now).expect("join");
        assert_eq!(entered.host, room.peer);
        assert!(host.outbox.pending(), "the host hears peer_joined");
        assert!(
            !guest.outbox.pending(),
            "the guest's answer is the caller's"
        );

        let back = local.register(ip).expect("register");
        let entered = local
            .reclaim(back.id, ip, &room.room, &room.host_secret, now)
            .expect("reclaim");
        assert_eq!(entered.peer, room.peer, "a reclaim keeps the host's id");
        match host.outbox.wait(false).now_or_never() {
            Some(Event::Close(code, _)) => assert_eq!(code, shared::relay::CLOSE_REPLACED),
            other => panic!("the old host is not asked to close: {other:?}"),
        }
    }

    #[test]
    fn refusals_name_their_cause_and_a_disconnect_frees_the_address() {
        let ip: IpAddr = [192, 0, 2, 2].into();
        let (local, host, guest) = store_with_two(ip);
        let now = Instant::now();
        assert_eq!(
            local.join(guest.id, ip, "ZZZZZZ", now).map(|_| ()),
            Err(StoreRefusal::Room(RoomError::NoSuchRoom))
        );
        assert_eq!(
            local.signal(host.id, "nobody", "1"),
            Err(StoreRefusal::Room(RoomError::NotInRoom))
        );
        let held = lock(&local.per_address).get(&throttle_key(ip)).copied();
        assert_eq!(held, Some(2));
        local.disconnect(host.id, ip);
        local.disconnect(host.id, ip);
        let held = lock(&local.per_address).get(&throttle_key(ip)).copied();
        assert_eq!(held, Some(1), "counted once, released once");
    }
}
