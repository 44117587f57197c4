//! The Coup P2P relay: brokers room codes, forwards WebRTC signalling between the peers
//! of a room, and serves the static client. It speaks exactly
//! `docs/RELAY-PROTOCOL.md` (types in [`shared::relay`]) and never parses,
//! stores or logs what it forwards.
//!
//! # Layout
//!
//! From the top down; each module imports only modules below it.
//!
//! - [`web`]: HTTP routes, the static client, cache and security headers.
//! - [`socket_loop`]: the socket loop, one task per connection; it only translates messages
//!   into calls on the hub and answers into frames out.
//! - [`hub`]: a running relay: its [`Instance`](instance::Instance), its room
//!   [`Store`](store::Store) and its STUN socket. `Hub::on_message` is the protocol's
//!   one dispatcher.
//! - [`store`]: where rooms live, behind one type with two implementations:
//!   [`store::local`] in this process, [`store::cluster`] in Redis or Valkey shared with
//!   other instances (`--cluster-url`). Both answer in the words of [`store::outcome`].
//! - [`instance`]: this instance's open connections (each one's outbox and page host),
//!   configuration, ICE servers and metrics; the stores reach connections through it.
//! - [`connection`]: a connection's [`Reader`](connection::Reader) and
//!   [`Outbox`](connection::Outbox). The WebSocket framing (RFC 6455, the relay's own:
//!   a read buffer held only while frames arrive, frames written straight to the socket)
//!   stays behind them.
//! - [`protocol`]: client messages read (a signal by a fast path that forwards its `data`
//!   as it came), relay messages written.
//! - [`rooms`]: room bookkeeping — codes, peers, hosts, reclaim deadlines, handovers. A plain struct
//!   whose methods take the time and return who must be told what; tested without sockets.
//! - [`limits`]: per-connection rate and frame-size accounting, and the failed-join
//!   throttle per client address. Plain structs with injected time as well.
//! - [`ice`]: STUN/TURN servers and TURN REST credentials for `created`/`joined`.
//! - [`stun`]: the relay's own STUN server on UDP (Binding requests only, answers
//!   limited per client address and never larger than the request plus the address).
//! - [`udp`]: reading a datagram with the local address it was sent to, and answering
//!   from that address, so that a wildcard socket on a host of several addresses answers
//!   from the one it was asked on.
//! - [`metrics`]: counters rendered for `/metrics`.
//! - [`config`]: flags and `COUP_*` environment variables.
//! - [`healthcheck`]: `coup-relay healthcheck`, the probe for container health checks.
//!
//! [`serve`] runs all of it on a listener (and the STUN server on its UDP socket,
//! [`Hub::bind_stun`]) until a shutdown future completes; `main` only parses flags, sets
//! up logging, binds the sockets and waits for SIGTERM or ctrl-c.

pub mod config;
pub mod connection;
pub mod healthcheck;
pub mod hub;
pub mod ice;
pub mod instance;
pub mod limits;
pub mod metrics;
pub mod protocol;
pub mod rooms;
pub mod socket_loop;
pub mod store;
pub mod stun;
pub mod udp;
pub mod web;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::time::{Duration, Instant};

pub use config::{Config, LogFormat, version};
pub use hub::Hub;

/// How long shutdown waits for connections to finish their close handshakes.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How often addresses with a whole failed-join budget are forgotten.
const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// The log filter for `directives` (`RUST_LOG` syntax; `info` when absent or invalid).
/// No level of it logs a forwarded payload: the relay logs none, and it has no
/// dependency that logs frames.
pub fn log_filter(directives: Option<&str>) -> tracing_subscriber::EnvFilter {
    use tracing_subscriber::EnvFilter;
    directives
        .and_then(|d| EnvFilter::try_new(d).ok())
        .unwrap_or_else(|| EnvFilter::new("info"))
}

/// Runs a relay with `config` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_hub(listener, Hub::new(config), shutdown).await
}

/// Serves `app` on every connection `listener` accepts until `shutdown` completes, then
/// tells `hub` to close its WebSockets and waits (a few seconds at most) for the HTTP
/// connections to finish.
///
/// This is `axum::serve` with one difference that matters on the open internet: hyper's
/// header-read timeout only works with a timer, and `axum::serve` installs none, so a
/// client that never finishes its request head would hold its socket for ever. Here every
/// connection gets a timer and `--header-timeout`.
async fn accept_loop(
    listener: TcpListener,
    app: axum::Router,
    hub: &Arc<Hub>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use axum::extract::ConnectInfo;
    use hyper::server::conn::http1;
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;

    // HTTP/1.1 only, as with axum::serve's default features: browsers reach the relay
    // directly or through a TLS proxy, and WebSockets upgrade from HTTP/1.1.
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(hub.config().header_timeout());
    // Shutdown is announced on `stop`; every connection task holds a receiver, so
    // `stop_tx.closed()` resolves once all of them have finished.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, addr) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors or a connection reset before accept: wait a moment
                    // rather than spin, as axum::serve does.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        tracing::trace!("connection {addr} accepted");
        // Signalling frames are small and latency-bound: no Nagle delay.
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY for {addr}: {e}");
        }
        // The WebSocket handler reads the peer address as `ConnectInfo<SocketAddr>`.
        let service = TowerToHyperService::new(tower::ServiceExt::map_request(
            app.clone(),
            move |req: hyper::Request<hyper::body::Incoming>| {
                let mut req = req.map(axum::body::Body::new);
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(addr));
                req
            },
        ));
        let connection = builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                // Only ever sent once, on shutdown (or the sender is gone).
                _ = stop.changed() => {
                    // Finish the request in flight, then close.
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(e) = ended {
                tracing::debug!("connection from {addr} ended: {e}");
            }
            drop(stop);
        });
    }
    drop(listener);
    drop(stop_rx);
    tracing::info!("shutting down: closing every connection");
    hub.begin_shutdown();
    // Upgraded WebSockets are no longer hyper's (the hub closes them); plain HTTP
    // connections finish their requests and close.
    let _ = stop_tx.send(true);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, stop_tx.closed()).await;
    Ok(())
}

/// Runs the relay state `hub` on `listener` until `shutdown` completes; then every
/// connection gets a close frame (1001) and this returns once they are gone (or after a
/// few seconds). The STUN server runs beside it as `--stun-bind` says, on the socket
/// [`Hub::bind_stun`] bound (binding it here if nobody did; failing to is an error).
pub async fn serve_hub(
    listener: TcpListener,
    hub: Arc<Hub>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    if let Some(warning) = hub.config().forwarded_for_warning() {
        tracing::warn!("{warning}");
    }
    if let Some(url) = hub.config().cluster_url() {
        let url = url.to_owned();
        hub.join_cluster(&url)
            .await
            .map_err(std::io::Error::other)?;
    }
    hub.bind_stun()?;
    let stun = hub.spawn_stun()?;
    if let Some(addr) = hub.stun_addr() {
        tracing::debug!(%addr, "STUN server answering");
    }
    let pruner = {
        let hub = Arc::downgrade(&hub);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(PRUNE_EVERY);
            loop {
                tick.tick().await;
                match hub.upgrade() {
                    Some(hub) => hub.prune(),
                    None => break,
                }
            }
        })
    };
    let app = web::router(hub.clone());
    let served = accept_loop(listener, app, &hub, shutdown).await;
    if let Some(stun) = stun {
        stun.abort();
    }
    // WebSocket connections have left hyper's hands; wait for their close handshakes.
    let deadline = Instant::now() + SHUTDOWN_GRACE;
    while hub.open_connections() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    pruner.abort();
    served
}
