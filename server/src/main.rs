//! `coup-relay`: parses flags, sets up logging, and runs the relay until SIGTERM or
//! ctrl-c. `coup-relay healthcheck` probes a running relay instead.

use clap::Parser as _;
use coup_server::{Config, LogFormat};

fn main() -> std::process::ExitCode {
    if let Some(code) = coup_server::healthcheck::from_args(std::env::args_os()) {
        return code;
    }
    let config = Config::parse().normalized();
    match config.runtime() {
        Ok(runtime) => runtime.block_on(relay(config)),
        Err(e) => {
            eprintln!("coup-relay: cannot start the runtime: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs the relay with `config` until SIGTERM or ctrl-c.
async fn relay(config: Config) -> std::process::ExitCode {
    let filter = coup_server::log_filter(std::env::var("RUST_LOG").ok().as_deref());
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match config.log_format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().flatten_event(true).init(),
    }
    // Each connection is a file descriptor; lift the soft limit to the hard one.
    if let Ok(limit) = rlimit::increase_nofile_limit(u64::MAX) {
        tracing::debug!(limit, "open file limit");
    }
    let listener = match tokio::net::TcpListener::bind(config.bind).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!(bind = %config.bind, error = %e, "cannot listen");
            return std::process::ExitCode::FAILURE;
        }
    };
    let hub = coup_server::Hub::new(config);
    // The STUN port is bound before serving, like the TCP one: a taken port stops the
    // start with a clear error rather than leaving browsers without a STUN server.
    let stun = match hub.bind_stun() {
        Ok(stun) => stun,
        Err(e) => {
            tracing::error!(stun_bind = %hub.config().stun_bind, error = %e, "cannot listen for STUN");
            return std::process::ExitCode::FAILURE;
        }
    };
    let config = hub.config();
    // The address bound, not the one asked: on port 0 the line is where whoever started
    // the relay (a test, the image's smoke test) learns its port.
    let bound = listener.local_addr().unwrap_or(config.bind);
    tracing::info!(
        bind = %bound,
        stun = %stun.map_or_else(|| "off".to_owned(), |a| format!("udp {a}")),
        static_dir = %config.static_dir.display(),
        allowed_origins = ?config.allowed_origins,
        stun_urls = ?config.stun_urls,
        turn_urls = ?config.turn_urls,
        turn_secret = config.turn_secret.is_some(),
        room_size = config.room_size,
        max_rooms = config.max_rooms,
        max_connections = config.max_connections,
        threads = config.threads,
        "coup-relay listening"
    );
    match coup_server::serve_hub(listener, hub.clone(), shutdown_signal()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Completes on ctrl-c or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
