//! The Coup P2P relay: brokers room codes, forwards WebRTC signalling between the peers
//! of a room, and serves the static client. It speaks exactly
//! `shared/design/RELAY-PROTOCOL.md` (types in [`shared::relay`]) and never parses,
//! stores or logs what it forwards.
//!
//! # Layout
//!
//! - [`config`]: flags and `COUP_*` environment variables.
//! - [`rooms`]: room bookkeeping — codes, peers, hosts, reclaim deadlines. A plain struct
//!   whose methods take the time and return who must be told what; tested without sockets.
//! - [`limits`]: per-connection rate and frame-size accounting, and the failed-join
//!   throttle per client address. Plain structs with injected time as well.
//! - [`hub`]: the shared state of a running relay (rooms behind a short-lived
//!   `std::sync::Mutex`, each connection's outgoing queue) and the translation of protocol
//!   messages into room operations.
//! - [`ws`]: the socket loop, one task per connection; it only translates frames.
//! - [`web`]: HTTP routes, the static client, cache and security headers.
//! - [`ice`]: STUN/TURN servers and TURN REST credentials for `created`/`joined`.
//! - [`metrics`]: counters rendered for `/metrics`.
//!
//! [`serve`] runs all of it on a listener until a shutdown future completes; `main`
//! only parses flags, sets up logging and waits for SIGTERM or ctrl-c.

pub mod config;
pub mod hub;
pub mod ice;
pub mod limits;
pub mod metrics;
pub mod rooms;
pub mod web;
pub mod ws;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::time::{Duration, Instant};

pub use config::{Config, LogFormat};
pub use hub::Hub;

/// How long shutdown waits for connections to finish their close handshakes.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How often addresses with a whole failed-join budget are forgotten.
const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// The log filter for `directives` (`RUST_LOG` syntax; `info` when absent or invalid).
///
/// tungstenite logs whole messages at `trace` level, so its targets are capped at `info`
/// whatever `RUST_LOG` asks for: a forwarded payload must never reach a log.
pub fn log_filter(directives: Option<&str>) -> tracing_subscriber::EnvFilter {
    use tracing_subscriber::EnvFilter;
    let mut filter = directives
        .and_then(|d| EnvFilter::try_new(d).ok())
        .unwrap_or_else(|| EnvFilter::new("info"));
    for cap in ["tungstenite=info", "tokio_tungstenite=info"] {
        if let Ok(directive) = cap.parse() {
            filter = filter.add_directive(directive);
        }
    }
    filter
}

/// Runs a relay with `config` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_hub(listener, Hub::new(config), shutdown).await
}

/// Runs the relay state `hub` on `listener` until `shutdown` completes; then every
/// connection gets a close frame (1001) and this returns once they are gone (or after a
/// few seconds).
pub async fn serve_hub(
    listener: TcpListener,
    hub: Arc<Hub>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
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
    let stopping = hub.clone();
    let served = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        tracing::info!("shutting down: closing every connection");
        stopping.begin_shutdown();
    })
    .await;
    // WebSocket connections have left hyper's hands; wait for their close handshakes.
    let deadline = Instant::now() + SHUTDOWN_GRACE;
    while hub.open_connections() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    pruner.abort();
    served
}
