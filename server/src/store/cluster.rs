//! Several relay instances sharing their rooms through Redis or Valkey
//! (`--cluster-url`).
//!
//! Each instance keeps its own connections and their outboxes ([`Instance`]);
//! everything a room is — its code, host secret, members, bans, the host's grace — lives
//! in the store, changed only by the operations of `cluster.lua`. One script runs at a
//! time in the store, so each operation is atomic, exactly as one `Rooms` method behind a
//! mutex is. The frames an operation causes (`peer_joined`, `peer_left`, `room_closed`,
//! a signal) are published by the same script to the channel of each receiver's
//! instance, so every receiver hears them in the order the operations ran, wherever it
//! is connected; a local receiver is reached the same way, so that order is never
//! overtaken by a shortcut.
//!
//! Every instance beats once a second. The beat also closes rooms whose host's grace ran
//! out and evicts instances that have been silent for [`DEAD_AFTER`]: their members leave
//! their rooms as after a dropped socket (an absent host keeps its place for the grace),
//! so the peers of an instance that died reconnect through the load balancer and reclaim
//! or rejoin on another. Whichever instance beats first does that work, so a room is never
//! left claimed while any instance runs, and an instance that starts later sweeps up after
//! a cluster that died whole.
//!
//! Nothing here runs, and no connection to a store exists, when `--cluster-url` is unset:
//! the rooms are then [`Local`](super::local::Local).

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Weak};

use bytes::Bytes;
use futures_util::StreamExt as _;
use redis::aio::ConnectionManager;
use shared::relay::{ErrorCode, normalize_code};
use tokio::time::{Duration, Instant};

use super::outcome::{Entered, Passed, StoreRefusal};
use crate::connection::Why;
use crate::instance::{Instance, Refused, Registration};
use crate::limits::throttle_key;
use crate::metrics;
use crate::rooms::{
    ConnId, Created, HOST_SECRET_LEN, MAX_BANNED, PEER_ID_LEN, RoomError, random_code,
};

/// The store's side of the bookkeeping.
const SCRIPT: &str = include_str!("cluster.lua");

/// How often an instance beats (and sweeps expired rooms and dead instances).
pub const BEAT_EVERY: Duration = Duration::from_secs(1);

/// An instance silent this long is taken for dead and evicted.
pub const DEAD_AFTER: Duration = Duration::from_secs(5);

/// How long the store may take to answer one operation.
const STORE_TIMEOUT: Duration = Duration::from_secs(2);

/// Without a beat answered for this long, the instance reports itself unhealthy.
const UNHEALTHY_AFTER: Duration = Duration::from_secs(3);

/// Every beat also publishes a word to this instance's own channel, so a healthy
/// subscription hears something every second. Silent this long, it is taken for lost
/// (a connection that died without closing) and made again.
const CHANNEL_SILENCE: Duration = Duration::from_secs(5);

/// Handover rooms one beat may hand to a guest (each takes a fresh secret made here);
/// more wait for the next beat.
const HANDOVERS_PER_BEAT: usize = 8;

/// Room codes tried in one `create` (a second round follows if every one is taken).
const CODES_PER_TRY: usize = 4;

/// The most closed connections kept for release while the store is unreachable; past it,
/// the store's copy heals only when another instance evicts this one.
const MAX_UNRELEASED: usize = 100_000;

/// The most of those told to the store after one beat (each is one round trip).
const RELEASES_PER_BEAT: usize = 2_000;

/// The state of the link to the store, for `/healthz` and `/metrics`.
#[derive(Debug, Default)]
pub struct Health {
    /// Whether this instance is subscribed to its channel.
    subscribed: AtomicBool,
    /// When the last beat was answered, in ms since `started`; 0 before the first.
    last_beat: AtomicU64,
    /// Operations that failed for the store (unreachable, timed out, refused).
    errors: AtomicU64,
    /// Operations run on the store.
    operations: AtomicU64,
    /// Messages received on this instance's channel.
    received: AtomicU64,
    /// Times the channel was lost (closed, or silent for [`CHANNEL_SILENCE`]) and made
    /// again.
    channel_lost: AtomicU64,
    /// Rooms this instance closed when their host's grace ran out.
    expired: AtomicU64,
    /// Dead instances this instance evicted.
    evicted: AtomicU64,
}

/// This instance's link to the others.
pub struct Cluster {
    /// This instance's connections, which frames from the channel go to.
    instance: Arc<Instance>,
    /// Commands and scripts (one multiplexed connection that reconnects by itself).
    store: ConnectionManager,
    /// `cluster.lua`, run by its hash (loaded on first use).
    script: redis::Script,
    /// This instance's id: its channel is `coup:to:ID`.
    pub id: String,
    /// The host's grace, in ms.
    grace_ms: u64,
    /// A handover room's host's grace before a guest is made host, in ms.
    handover_grace_ms: u64,
    /// The link's state.
    pub health: Health,
    /// When this instance started, for `health.last_beat`.
    started: Instant,
    /// Connections that closed (or were refused) while the store did not answer, with
    /// their address's throttle key: the store may still count them, and may still seat
    /// them. The next beat the store answers tells it again (`gone` changes nothing the
    /// second time).
    unreleased: std::sync::Mutex<Vec<(ConnId, String)>>,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster").field("id", &self.id).finish()
    }
}

/// What the store said to an operation, or why it said nothing.
type Reply<T> = Result<T, redis::RedisError>;

impl Cluster {
    /// Connects this instance to the store at `url`: subscribes to this instance's channel, beats
    /// once, and starts the tasks that keep both going. Fails when the store cannot be
    /// reached now.
    pub async fn start(instance: &Arc<Instance>, url: &str) -> Result<Arc<Self>, String> {
        let client = redis::Client::open(url).map_err(|e| format!("cluster URL: {e}"))?;
        let config = redis::aio::ConnectionManagerConfig::new()
            .set_connection_timeout(Some(STORE_TIMEOUT))
            .set_response_timeout(Some(STORE_TIMEOUT))
            .set_number_of_retries(2)
            .set_max_delay(Duration::from_secs(1));
        let store = tokio::time::timeout(
            STORE_TIMEOUT * 2,
            ConnectionManager::new_with_config(client.clone(), config),
        )
        .await
        .map_err(|_| "cluster store: no answer".to_owned())?
        .map_err(|e| format!("cluster store: {e}"))?;
        let cluster = Arc::new(Cluster {
            instance: instance.clone(),
            store,
            script: redis::Script::new(SCRIPT),
            id: nanoid::nanoid!(12),
            grace_ms: instance.config.reclaim_grace.saturating_mul(1000),
            handover_grace_ms: instance.config.handover_grace.saturating_mul(1000),
            health: Health::default(),
            started: Instant::now(),
            unreleased: std::sync::Mutex::new(Vec::new()),
        });
        cluster
            .beat()
            .await
            .map_err(|e| format!("cluster store: {e}"))?;
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
        tokio::spawn(subscribe(
            client,
            format!("coup:to:{}", cluster.id),
            Arc::downgrade(&cluster),
            ready_tx,
        ));
        tokio::time::timeout(STORE_TIMEOUT * 2, ready_rx)
            .await
            .map_err(|_| "cluster store: could not subscribe".to_owned())?
            .map_err(|_| "cluster store: could not subscribe".to_owned())?;
        tokio::spawn(beats(Arc::downgrade(&cluster)));
        tracing::info!(instance = %cluster.id, "joined the relay cluster");
        Ok(cluster)
    }

    /// Whether the store answers and this instance hears its channel.
    pub fn healthy(&self) -> bool {
        let last = self.health.last_beat.load(Ordering::Relaxed);
        let age = (self.started.elapsed().as_millis() as u64).saturating_sub(last);
        self.health.subscribed.load(Ordering::Relaxed)
            && last > 0
            && age < UNHEALTHY_AFTER.as_millis() as u64
    }

    /// Runs one operation of `cluster.lua`.
    async fn run<T: redis::FromRedisValue>(&self, args: &[&str]) -> Reply<T> {
        self.health.operations.fetch_add(1, Ordering::Relaxed);
        let mut invocation = self.script.prepare_invoke();
        for a in args {
            invocation.arg(*a);
        }
        let reply = invocation.invoke_async(&mut self.store.clone()).await;
        if let Err(e) = &reply {
            self.health.errors.fetch_add(1, Ordering::Relaxed);
            tracing::warn!(error = %e, "cluster store operation failed");
        }
        reply
    }

    /// One beat: records this instance as alive, closes expired rooms, evicts dead
    /// instances. If the others had evicted this one (it was cut off for too long), its
    /// connections are closed so that their clients reconnect and take their places again.
    async fn beat(&self) -> Reply<()> {
        let dead = DEAD_AFTER.as_millis().to_string();
        let grace = self.grace_ms.to_string();
        let secrets: Vec<String> = (0..HANDOVERS_PER_BEAT)
            .map(|_| nanoid::nanoid!(HOST_SECRET_LEN))
            .collect();
        let mut args = vec!["beat", &self.id, &dead, &grace];
        args.extend(secrets.iter().map(String::as_str));
        let r: Vec<i64> = self.run(&args).await?;
        let (closed, evicted, fresh, promoted) = match r.as_slice() {
            [c, e, f, p] => (*c, *e, *f, *p),
            _ => (0, 0, 0, 0),
        };
        if promoted > 0 {
            self.instance
                .metrics
                .handovers
                .fetch_add(promoted as u64, Ordering::Relaxed);
            tracing::info!(rooms = promoted, "rooms handed over to a guest");
        }
        let first = self.health.last_beat.load(Ordering::Relaxed) == 0;
        let now = (self.started.elapsed().as_millis() as u64).max(1);
        self.health.last_beat.store(now, Ordering::Relaxed);
        if closed > 0 {
            self.health
                .expired
                .fetch_add(closed as u64, Ordering::Relaxed);
            self.instance
                .metrics
                .rooms_closed
                .fetch_add(closed as u64, Ordering::Relaxed);
            tracing::info!(rooms = closed, "rooms closed: host did not come back");
        }
        if evicted > 0 {
            self.health
                .evicted
                .fetch_add(evicted as u64, Ordering::Relaxed);
            tracing::warn!(
                instances = evicted,
                "silent relay instances evicted from the cluster"
            );
        }
        if fresh == 1 && !first {
            tracing::error!(
                "this instance was evicted by the cluster (cut off from the store too long): closing its connections"
            );
            // The eviction released every connection the store knew of this instance.
            self.unreleased_now().clear();
            self.instance.kick_all(Why::Evicted);
        } else {
            self.release_later_ones().await;
        }
        Ok(())
    }

    fn unreleased_now(&self) -> std::sync::MutexGuard<'_, Vec<(ConnId, String)>> {
        self.unreleased
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Keeps `conn` (from the address of throttle key `key`) to be told to the store once
    /// it answers again.
    fn release_later(&self, conn: ConnId, key: String) {
        let mut later = self.unreleased_now();
        if later.len() < MAX_UNRELEASED {
            later.push((conn, key));
        } else {
            tracing::warn!("too many connections wait for the cluster store: one dropped");
        }
    }

    /// Tells the store of the connections that closed while it did not answer, at most
    /// [`RELEASES_PER_BEAT`] of them (a long outage's backlog must not hold up the beats
    /// that keep this instance alive in the others' eyes), until one fails again.
    async fn release_later_ones(&self) {
        let waiting: Vec<_> = {
            let mut later = self.unreleased_now();
            let n = later.len().min(RELEASES_PER_BEAT);
            later.drain(..n).collect()
        };
        let mut left = waiting.into_iter();
        for (conn, key) in left.by_ref() {
            if self.gone(conn, &key).await.is_err() {
                let mut later = self.unreleased_now();
                later.push((conn, key));
                later.extend(left);
                return;
            }
        }
    }

    /// Tells the store that `conn` (from the address of throttle key `key`) closed: it
    /// leaves its room, as with `leave`, and its address's place is freed. Fails only when
    /// the store did not answer.
    async fn gone(&self, conn: ConnId, key: &str) -> Reply<()> {
        let grace = self.grace_ms.to_string();
        let closed = self
            .run::<i64>(&["gone", &self.id, &conn.to_string(), key, &grace])
            .await?;
        if closed == 1 {
            self.instance
                .metrics
                .rooms_closed
                .fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Registers a connection from `ip`, counting it against its address across the
    /// cluster.
    pub async fn register(&self, ip: IpAddr) -> Result<Registration, Refused> {
        let instance = &self.instance;
        let registration = instance.register()?;
        let key = throttle_key(ip).to_string();
        let conn = registration.id.to_string();
        let limit = instance.config.connections_per_address.to_string();
        match self
            .run::<i64>(&["open", &self.id, &conn, &key, &limit])
            .await
        {
            Ok(1) => Ok(registration),
            Ok(_) => {
                instance.forget(registration.id);
                instance.metrics.refused(metrics::ConnRefusal::RateLimited);
                instance.metrics.error(ErrorCode::RateLimited);
                Err(Refused::PerAddress)
            }
            Err(_) => {
                instance.forget(registration.id);
                instance.metrics.error(ErrorCode::ServerFull);
                // The store may have counted it before its answer was lost.
                self.release_later(registration.id, key);
                Err(Refused::Unavailable)
            }
        }
    }

    /// A connection whose socket is gone: it leaves its room, as with `leave`.
    pub async fn disconnect(&self, conn: ConnId, ip: IpAddr) {
        self.instance.forget(conn);
        let key = throttle_key(ip).to_string();
        if self.gone(conn, &key).await.is_err() {
            self.release_later(conn, key);
        }
    }

    /// Rooms open in the cluster and this instance's connections in rooms, for
    /// `/metrics`.
    pub async fn counts(&self) -> (usize, usize) {
        match self.run::<Vec<usize>>(&["counts", &self.id]).await {
            Ok(v) if v.len() == 2 => (v[0], v[1]),
            _ => (0, 0),
        }
    }

    /// The cluster's lines for `/metrics`.
    pub fn render(&self) -> String {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let last = get(&self.health.last_beat);
        let age = if last == 0 {
            -1.0
        } else {
            (self.started.elapsed().as_millis() as u64).saturating_sub(last) as f64 / 1000.0
        };
        format!(
            "# HELP coup_relay_cluster_up 1 when the cluster store answers and this instance hears its channel.\n\
             # TYPE coup_relay_cluster_up gauge\n\
             coup_relay_cluster_up{{instance=\"{id}\"}} {up}\n\
             # HELP coup_relay_cluster_beat_age_seconds Seconds since the store last answered this instance's beat.\n\
             # TYPE coup_relay_cluster_beat_age_seconds gauge\n\
             coup_relay_cluster_beat_age_seconds {age}\n\
             # HELP coup_relay_cluster_operations_total Operations run on the cluster store.\n\
             # TYPE coup_relay_cluster_operations_total counter\n\
             coup_relay_cluster_operations_total {ops}\n\
             # HELP coup_relay_cluster_errors_total Operations that failed for the cluster store.\n\
             # TYPE coup_relay_cluster_errors_total counter\n\
             coup_relay_cluster_errors_total {errors}\n\
             # HELP coup_relay_cluster_received_total Messages received from other instances (and this one) through the store.\n\
             # TYPE coup_relay_cluster_received_total counter\n\
             coup_relay_cluster_received_total {received}\n\
             # HELP coup_relay_cluster_channel_lost_total Times this instance's channel was lost (closed, or silent) and made again, its connections closed.\n\
             # TYPE coup_relay_cluster_channel_lost_total counter\n\
             coup_relay_cluster_channel_lost_total {lost}\n\
             # HELP coup_relay_cluster_evicted_total Silent instances this instance evicted.\n\
             # TYPE coup_relay_cluster_evicted_total counter\n\
             coup_relay_cluster_evicted_total {evicted}\n\
             # HELP coup_relay_cluster_unreleased Connections closed while the store did not answer, to be told to it when it does.\n\
             # TYPE coup_relay_cluster_unreleased gauge\n\
             coup_relay_cluster_unreleased {unreleased}\n",
            id = self.id,
            unreleased = self.unreleased_now().len(),
            lost = get(&self.health.channel_lost),
            up = u8::from(self.healthy()),
            ops = get(&self.health.operations),
            errors = get(&self.health.errors),
            received = get(&self.health.received),
            evicted = get(&self.health.evicted),
        )
    }

    /// A `create` from `conn` at `ip`: a new room under one of a few fresh codes, within
    /// the address's budgets, unless every code tried is taken.
    pub async fn create(
        &self,
        conn: ConnId,
        ip: IpAddr,
        handover: bool,
    ) -> Result<Created, StoreRefusal> {
        let cfg = &self.instance.config;
        let conn_s = conn.to_string();
        let key = throttle_key(ip).to_string();
        let peer = nanoid::nanoid!(PEER_ID_LEN);
        let secret = nanoid::nanoid!(HOST_SECRET_LEN);
        let limits = [
            cfg.rooms_per_address.max(1).to_string(),
            cfg.max_rooms.to_string(),
            cfg.creates_per_minute.to_string(),
        ];
        let option = format!("handover={}", self.handover_grace_ms);
        for _ in 0..3 {
            let codes: Vec<String> = (0..CODES_PER_TRY).map(|_| random_code()).collect();
            let mut args = vec![
                "create", &self.id, &conn_s, &key, &peer, &secret, &limits[0], &limits[1],
                &limits[2],
            ];
            if handover {
                args.push(&option);
            }
            args.extend(codes.iter().map(String::as_str));
            let reply: Vec<String> = self
                .run(&args)
                .await
                .map_err(|_| StoreRefusal::Unavailable)?;
            match reply.first().map(String::as_str) {
                Some("ok") if reply.len() == 2 => {
                    return Ok(Created {
                        room: reply[1].clone(),
                        peer,
                        host_secret: secret,
                    });
                }
                Some("err") if reply.get(1).is_some_and(|e| e == "retry") => continue,
                Some("err") => return Err(refusal(reply.get(1))),
                _ => return Err(StoreRefusal::Unavailable),
            }
        }
        Err(StoreRefusal::Room(RoomError::ServerFull))
    }

    /// A `join` of room `room` from `conn` at `ip`.
    pub async fn join(
        &self,
        conn: ConnId,
        ip: IpAddr,
        room: &str,
    ) -> Result<Entered, StoreRefusal> {
        let cfg = &self.instance.config;
        let code = normalize_code(room).unwrap_or_default();
        let peer = nanoid::nanoid!(PEER_ID_LEN);
        let size = cfg.room_size.max(1).to_string();
        let failures = cfg.join_failures.to_string();
        let (conn_s, key) = (conn.to_string(), throttle_key(ip).to_string());
        let args = [
            "join", &self.id, &conn_s, &key, &code, &peer, &size, &failures,
        ];
        self.entered(args.as_slice(), code.clone(), Some(peer.clone()))
            .await
    }

    /// A `reclaim` of room `room`'s host place by `conn` at `ip`.
    pub async fn reclaim(
        &self,
        conn: ConnId,
        ip: IpAddr,
        room: &str,
        host_secret: &str,
    ) -> Result<Entered, StoreRefusal> {
        let code = normalize_code(room).unwrap_or_default();
        let failures = self.instance.config.join_failures.to_string();
        let (conn_s, key) = (conn.to_string(), throttle_key(ip).to_string());
        let args = [
            "reclaim",
            &self.id,
            &conn_s,
            &key,
            &code,
            host_secret,
            &failures,
        ];
        self.entered(args.as_slice(), code.clone(), None).await
    }

    /// Forwards a signal from `conn` to peer `to`, `data` as it came.
    pub async fn signal(&self, conn: ConnId, to: &str, data: &str) -> Result<(), StoreRefusal> {
        let conn = conn.to_string();
        self.done(&["signal", &self.id, &conn, to, data]).await
    }

    /// The host `conn` removes peer `peer` from its room.
    pub async fn kick(&self, conn: ConnId, peer: &str) -> Result<(), StoreRefusal> {
        let (conn_s, max) = (conn.to_string(), MAX_BANNED.to_string());
        self.done(&["kick", &self.id, &conn_s, peer, &max]).await?;
        tracing::info!(conn, "peer removed by the host");
        Ok(())
    }

    /// The host `conn` passes its handover room on, to peer `to` or to the guest present
    /// longest.
    pub async fn hand_over(&self, conn: ConnId, to: Option<&str>) -> Result<Passed, StoreRefusal> {
        let conn_s = conn.to_string();
        let secret = nanoid::nanoid!(HOST_SECRET_LEN);
        let reply: Vec<String> = self
            .run(&["hand_over", &self.id, &conn_s, to.unwrap_or(""), &secret])
            .await
            .map_err(|_| StoreRefusal::Unavailable)?;
        match reply.as_slice() {
            [ok, host, previous] if ok == "ok" => {
                self.instance
                    .metrics
                    .handovers
                    .fetch_add(1, Ordering::Relaxed);
                tracing::info!(conn, "room handed over by its host");
                Ok(Passed {
                    host: host.clone(),
                    previous: previous.clone(),
                })
            }
            [err, why] if err == "err" => Err(refusal(Some(why))),
            _ => Err(StoreRefusal::Unavailable),
        }
    }

    /// The host `conn` of a handover room keeps `part` (a
    /// [`valid_deposit`](crate::rooms::valid_deposit)) in the room, for the guest it makes
    /// host.
    pub async fn deposit(&self, conn: ConnId, part: &str) -> Result<(), StoreRefusal> {
        let conn = conn.to_string();
        self.done(&["deposit", &self.id, &conn, part]).await
    }

    /// `conn` leaves its room.
    pub async fn leave(&self, conn: ConnId) -> Result<(), StoreRefusal> {
        let (conn, grace) = (conn.to_string(), self.grace_ms.to_string());
        let said = self
            .run::<String>(&["leave", &self.id, &conn, &grace])
            .await
            .map_err(|_| StoreRefusal::Unavailable)?;
        match said.as_str() {
            "ok" => Ok(()),
            "closed" => {
                self.instance
                    .metrics
                    .rooms_closed
                    .fetch_add(1, Ordering::Relaxed);
                Ok(())
            }
            _ => Err(refusal(Some(&said))),
        }
    }

    /// Runs an operation whose answer is `ok` or the name of a refusal.
    async fn done(&self, args: &[&str]) -> Result<(), StoreRefusal> {
        match self.run::<String>(args).await {
            Ok(s) if s == "ok" => Ok(()),
            Ok(s) => Err(refusal(Some(&s))),
            Err(_) => Err(StoreRefusal::Unavailable),
        }
    }

    /// A `join` or `reclaim` (`peer` is the new guest's id; a reclaim keeps the host's).
    async fn entered(
        &self,
        args: &[&str],
        room: String,
        peer: Option<String>,
    ) -> Result<Entered, StoreRefusal> {
        let reply: Vec<String> = self
            .run(args)
            .await
            .map_err(|_| StoreRefusal::Unavailable)?;
        match reply.first().map(String::as_str) {
            Some("ok") if reply.len() >= 3 => {
                let host = reply[1].clone();
                let peer = peer.unwrap_or_else(|| host.clone());
                Ok(Entered {
                    room,
                    peer,
                    host,
                    handover: reply[2] == "1",
                    peers: reply[3..].to_vec(),
                })
            }
            Some("err") => Err(refusal(reply.get(1))),
            _ => Err(StoreRefusal::Unavailable),
        }
    }
}

/// The refusal the store named.
fn refusal(name: Option<&String>) -> StoreRefusal {
    let e = match name.map(String::as_str) {
        Some("creates") => return StoreRefusal::CreatesThrottled,
        Some("throttled") => return StoreRefusal::JoinsThrottled,
        Some("already_in_room") => RoomError::AlreadyInRoom,
        Some("not_in_room") => RoomError::NotInRoom,
        Some("no_such_room") => RoomError::NoSuchRoom,
        Some("room_full") => RoomError::RoomFull,
        Some("unknown_peer") => RoomError::UnknownPeer,
        Some("bad_secret") => RoomError::BadSecret,
        Some("server_full") => RoomError::ServerFull,
        Some("too_many_rooms") => RoomError::TooManyRooms,
        Some("not_host") => RoomError::NotHost,
        Some("banned") => RoomError::Banned,
        Some("too_many_joins") => RoomError::TooManyJoins,
        Some("handed_over") => RoomError::HandedOver,
        Some("no_handover") => RoomError::NoHandover,
        Some("bad_deposit") => RoomError::BadDeposit,
        _ => return StoreRefusal::Unknown,
    };
    StoreRefusal::Room(e)
}

/// Hears this instance's channel for as long as the cluster link lives, resubscribing after a
/// lost connection (and then closing this instance's connections, which may have missed
/// frames); `ready` is told once the first subscription holds.
async fn subscribe(
    client: redis::Client,
    channel: String,
    cluster: Weak<Cluster>,
    ready: tokio::sync::oneshot::Sender<()>,
) {
    let mut ready = Some(ready);
    loop {
        let connected = tokio::time::timeout(STORE_TIMEOUT, async {
            let mut pubsub = client.get_async_pubsub().await?;
            pubsub.subscribe(&channel).await?;
            Ok::<_, redis::RedisError>(pubsub)
        })
        .await;
        if let Ok(Ok(mut pubsub)) = connected {
            let Some(c) = cluster.upgrade() else { return };
            c.health.subscribed.store(true, Ordering::Relaxed);
            drop(c);
            match ready.take() {
                Some(ready) => {
                    let _ = ready.send(());
                }
                None => {
                    // Pub/sub keeps nothing for a channel nobody hears: frames for this
                    // instance's connections may have been lost meanwhile. Closing them
                    // (1001) turns a silent loss into a reconnect, after which each
                    // client takes its place back as after any dropped socket.
                    let Some(c) = cluster.upgrade() else { return };
                    tracing::warn!(
                        "heard the cluster store's channel again: closing this instance's connections, whose frames may have been lost"
                    );
                    c.instance.kick_all(Why::Evicted);
                }
            }
            let mut messages = pubsub.on_message();
            loop {
                let msg = match tokio::time::timeout(CHANNEL_SILENCE, messages.next()).await {
                    Ok(Some(msg)) => msg,
                    Ok(None) => {
                        tracing::warn!("lost the cluster store's channel; subscribing again");
                        break;
                    }
                    Err(_) => {
                        tracing::warn!(
                            "the cluster store's channel was silent for {} s; subscribing again",
                            CHANNEL_SILENCE.as_secs()
                        );
                        break;
                    }
                };
                let Some(c) = cluster.upgrade() else {
                    return;
                };
                c.health.received.fetch_add(1, Ordering::Relaxed);
                dispatch(&c.instance, msg.get_payload_bytes());
            }
            if let Some(c) = cluster.upgrade() {
                c.health.channel_lost.fetch_add(1, Ordering::Relaxed);
            }
        }
        match cluster.upgrade() {
            Some(c) => c.health.subscribed.store(false, Ordering::Relaxed),
            None => return,
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Hands one message from the channel to its connection: `CONN fFRAME` queues a frame,
/// `CONN pFRAME` too and watches the connection, made a handover room's host, for
/// silence; `CONN r` closes the connection with 4000 (its host place was reclaimed); `0 b`, the
/// beat's word to its own instance, only shows the channel is alive.
fn dispatch(instance: &Instance, payload: &[u8]) {
    let Ok(text) = std::str::from_utf8(payload) else {
        return;
    };
    let Some((conn, rest)) = text.split_once(' ') else {
        return;
    };
    let Ok(conn) = conn.parse::<ConnId>() else {
        return;
    };
    match rest.as_bytes().first() {
        Some(b'f') => instance.deliver(conn, Bytes::from(rest[1..].to_owned())),
        Some(b'p') => {
            instance.watch(conn, true);
            instance.deliver(conn, Bytes::from(rest[1..].to_owned()));
        }
        Some(b'r') => {
            tracing::info!(conn, "host connection replaced by a reclaim");
            instance.kick(conn, Why::Replaced);
        }
        _ => {}
    }
}

/// Beats every [`BEAT_EVERY`] for as long as the cluster link lives.
async fn beats(cluster: Weak<Cluster>) {
    let mut tick = tokio::time::interval(BEAT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(c) = cluster.upgrade() else {
            return;
        };
        // A failed beat is counted and logged; `healthy` turns false after a few.
        let _ = c.beat().await;
    }
}
