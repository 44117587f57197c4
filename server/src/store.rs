//! Where the rooms live: the seam between the protocol and its bookkeeping.
//!
//! One [`Store`], two implementations: [`Local`] keeps the rooms in this process,
//! [`Cluster`] in a Redis or Valkey store shared with other instances
//! (`--cluster-url`). Both take the same operations and answer in the same words
//! ([`outcome`]), so the protocol is dispatched once ([`crate::hub::Hub::on_message`]) and
//! one suite of protocol tests runs against each (`COUP_TEST_CLUSTER=1`).

pub mod cluster;
pub mod local;
pub mod outcome;

use std::net::IpAddr;
use std::sync::Arc;

use tokio::time::Instant;

use crate::instance::{Refused, Registration};
use crate::rooms::{ConnId, Created};
use cluster::Cluster;
use local::Local;
use outcome::{Entered, Passed, StoreRefusal};

/// The rooms of a running relay.
#[derive(Debug)]
pub enum Store {
    /// In this process.
    Local(Arc<Local>),
    /// In the cluster's store.
    Cluster(Arc<Cluster>),
}

impl Store {
    /// Registers a new connection from client address `ip`, or refuses it when the relay
    /// or that address holds its maximum (across the cluster, in one).
    pub async fn register(&self, ip: IpAddr) -> Result<Registration, Refused> {
        match self {
            Store::Local(local) => local.register(ip),
            Store::Cluster(cluster) => cluster.register(ip).await,
        }
    }

    /// A connection (from `ip`) whose socket is gone: it leaves its room, as with `leave`.
    pub async fn disconnect(&self, conn: ConnId, ip: IpAddr) {
        match self {
            Store::Local(local) => local.disconnect(conn, ip),
            Store::Cluster(cluster) => cluster.disconnect(conn, ip).await,
        }
    }

    /// A `create` from `conn` at `ip`, with or without `handover`.
    pub async fn create(
        &self,
        conn: ConnId,
        ip: IpAddr,
        handover: bool,
        now: Instant,
    ) -> Result<Created, StoreRefusal> {
        match self {
            Store::Local(local) => local.create(conn, ip, handover, now),
            Store::Cluster(cluster) => cluster.create(conn, ip, handover).await,
        }
    }

    /// The host `conn` passes its handover room on, to guest `to` or to the guest present
    /// longest.
    pub async fn hand_over(&self, conn: ConnId, to: Option<&str>) -> Result<Passed, StoreRefusal> {
        match self {
            Store::Local(local) => local.hand_over(conn, to),
            Store::Cluster(cluster) => cluster.hand_over(conn, to).await,
        }
    }

    /// The host `conn` of a handover room keeps `part` (a
    /// [`valid_deposit`](crate::rooms::valid_deposit)) with the relay, for the guest it
    /// makes host.
    pub async fn deposit(&self, conn: ConnId, part: &str) -> Result<(), StoreRefusal> {
        match self {
            Store::Local(local) => local.deposit(conn, part),
            Store::Cluster(cluster) => cluster.deposit(conn, part).await,
        }
    }

    /// A `join` of room `room` from `conn` at `ip`.
    pub async fn join(
        &self,
        conn: ConnId,
        ip: IpAddr,
        room: &str,
        now: Instant,
    ) -> Result<Entered, StoreRefusal> {
        match self {
            Store::Local(local) => local.join(conn, ip, room, now),
            Store::Cluster(cluster) => cluster.join(conn, ip, room).await,
        }
    }

    /// A `reclaim` of room `room`'s host place by `conn` at `ip`.
    pub async fn reclaim(
        &self,
        conn: ConnId,
        ip: IpAddr,
        room: &str,
        host_secret: &str,
        now: Instant,
    ) -> Result<Entered, StoreRefusal> {
        match self {
            Store::Local(local) => local.reclaim(conn, ip, room, host_secret, now),
            Store::Cluster(cluster) => cluster.reclaim(conn, ip, room, host_secret).await,
        }
    }

    /// Forwards a signal from `conn` to peer `to`, `data` as it came.
    pub async fn signal(&self, conn: ConnId, to: &str, data: &str) -> Result<(), StoreRefusal> {
        match self {
            Store::Local(local) => local.signal(conn, to, data),
            Store::Cluster(cluster) => cluster.signal(conn, to, data).await,
        }
    }

    /// The host `conn` removes peer `peer` from its room.
    pub async fn kick(&self, conn: ConnId, peer: &str) -> Result<(), StoreRefusal> {
        match self {
            Store::Local(local) => local.kick(conn, peer),
            Store::Cluster(cluster) => cluster.kick(conn, peer).await,
        }
    }

    /// `conn` leaves its room.
    pub async fn leave(&self, conn: ConnId, now: Instant) -> Result<(), StoreRefusal> {
        match self {
            Store::Local(local) => local.leave(conn, now),
            Store::Cluster(cluster) => cluster.leave(conn).await,
        }
    }

    /// Rooms open and peers seated, for `/metrics`: in a cluster, the cluster's rooms
    /// and this instance's connections in rooms.
    pub async fn counts(&self) -> (usize, usize) {
        match self {
            Store::Local(local) => local.counts(),
            Store::Cluster(cluster) => cluster.counts().await,
        }
    }

    /// Whether the rooms can be reached (a cluster's store answers and this instance
    /// hears its channel).
    pub fn healthy(&self) -> bool {
        match self {
            Store::Local(_) => true,
            Store::Cluster(cluster) => cluster.healthy(),
        }
    }

    /// The store's own lines for `/metrics`, if it has any.
    pub fn render(&self) -> Option<String> {
        match self {
            Store::Local(_) => None,
            Store::Cluster(cluster) => Some(cluster.render()),
        }
    }

    /// Forgets client addresses whose budgets are whole again (a cluster's store
    /// expires its own).
    pub fn prune(&self) {
        if let Store::Local(local) = self {
            local.prune();
        }
    }
}
