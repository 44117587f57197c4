//! The socket loop: one task per WebSocket connection.
//!
//! It only translates. Frames in become calls on the [`Hub`]; the hub's answers, frames
//! queued by other connections, close requests, the idle deadline and shutdown become
//! frames out. No protocol rule lives here.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::SinkExt as _;
use tokio::time::{Duration, Instant, sleep_until, timeout};

use crate::hub::{Delivery, Frame, Hub, Incoming, Registration};
use crate::limits::{FrameGuard, Verdict};
use crate::metrics::Refusal;
use shared::relay::CLOSE_POLICY;

/// The close code sent with `server_full` ("try again later").
const CLOSE_TRY_LATER: u16 = 1013;

/// The close code for shutdown ("going away").
const CLOSE_GOING_AWAY: u16 = 1001;

/// The close code for an idle connection.
const CLOSE_NORMAL: u16 = 1000;

/// The read buffer per connection. Signalling frames are small; a larger frame grows the
/// buffer only while it is read. tungstenite's default (128 KiB) would cost 128 KiB per
/// idle connection.
const READ_BUFFER: usize = 4 * 1024;

/// How long one frame may take to reach a client before the connection is dropped: a
/// client that stops reading must not hold its task forever.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// How long to wait for a client's answer to our close frame.
const CLOSE_LINGER: Duration = Duration::from_secs(2);

/// The largest frame tungstenite itself accepts. Frames between the configured limit
/// and this one are read and answered `too_large` (the connection stays); a frame past
/// this ends the connection at the WebSocket layer.
fn hard_frame_cap(frame_bytes: usize) -> usize {
    frame_bytes.saturating_mul(8).max(1024 * 1024)
}

/// Whether a browser `Origin` may open a socket: always without one (native clients),
/// always with no allowed origins configured, else only a listed one.
pub fn origin_allowed(allowed: &[String], origin: Option<&str>) -> bool {
    match origin {
        None => true,
        Some(origin) => {
            allowed.is_empty()
                || allowed
                    .iter()
                    .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
        }
    }
}

/// `GET /ws`: checks the origin, then upgrades.
pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let origin = headers
        .get(header::ORIGIN)
        .map(|v| v.to_str().unwrap_or("\u{fffd}"));
    if !origin_allowed(&hub.config.allowed_origins, origin) {
        hub.metrics.refused(Refusal::Origin);
        tracing::info!(ip = %addr.ip(), "websocket refused: origin not allowed");
        return (StatusCode::FORBIDDEN, "origin not allowed\n").into_response();
    }
    let ip = if hub.config.trust_forwarded_for {
        forwarded_for(&headers).unwrap_or(addr.ip())
    } else {
        addr.ip()
    };
    let cap = hard_frame_cap(hub.config.frame_bytes);
    ws.read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_message_size(cap)
        .max_frame_size(cap)
        .on_upgrade(move |socket| run(hub, socket, ip))
}

/// The client address a trusted reverse proxy reports: the last `X-Forwarded-For` entry
/// (the one the proxy itself appended).
pub fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()?
        .to_str()
        .ok()?;
    last.rsplit(',').next()?.trim().parse().ok()
}

/// Sends one message, giving up after [`SEND_TIMEOUT`]. The timer is armed only when
/// the socket cannot take the frame at once (the common case needs none: one write).
async fn send(socket: &mut WebSocket, msg: Message) -> Result<(), ()> {
    let mut sending = std::pin::pin!(socket.send(msg));
    if let Some(done) = futures_util::FutureExt::now_or_never(&mut sending) {
        return done.map_err(|_| ());
    }
    match timeout(SEND_TIMEOUT, sending).await {
        Ok(Ok(())) => Ok(()),
        _ => Err(()),
    }
}

/// Sends a close frame and waits briefly for the client's answer.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if send(socket, Message::Close(Some(frame))).await.is_ok() {
        let _ = timeout(CLOSE_LINGER, async {
            while let Some(Ok(_)) = socket.recv().await {}
        })
        .await;
    }
}

/// Serves one connection until it closes.
async fn run(hub: Arc<Hub>, mut socket: WebSocket, ip: IpAddr) {
    let registered = match hub.cluster() {
        Some(cluster) => cluster.register(&hub, ip).await,
        None => hub.register(ip),
    };
    let Registration { id, inbox } = match registered {
        Ok(registration) => registration,
        Err(why) => {
            tracing::warn!(%ip, ?why, "websocket refused: at a connection limit");
            if send(&mut socket, Message::Text(Hub::refused_frame(why)))
                .await
                .is_ok()
            {
                close(&mut socket, CLOSE_TRY_LATER, "too many connections").await;
            }
            return;
        }
    };
    tracing::debug!(conn = id, %ip, "connection opened");
    let idle = hub.config.idle_timeout();
    let mut guard = FrameGuard::new(hub.config.frame_limits(), Instant::now());
    // The idle timer is re-armed only when it fires, not on every frame: a busy
    // connection then costs one timer operation per idle period instead of one per frame.
    let mut last_text = Instant::now();
    let idle_deadline = sleep_until(last_text + idle);
    tokio::pin!(idle_deadline);

    // Shutdown reaches a connection as a kick; one registered after the kicks went out
    // sees the flag.
    let ending: Option<(u16, &'static str)> = if hub.is_shutting_down() {
        Some((CLOSE_GOING_AWAY, "relay shutting down"))
    } else {
        loop {
            tokio::select! {
                // A close request first, then frames for this client, then the client's.
                biased;
                delivery = inbox.next() => match delivery {
                    Delivery::Close(code, reason) => break Some((code, reason)),
                    Delivery::Frame(frame) => {
                        if send(&mut socket, Message::Text(frame)).await.is_err() {
                            break None;
                        }
                    }
                },
                () = &mut idle_deadline => {
                    let due = last_text + idle;
                    if due > Instant::now() {
                        idle_deadline.as_mut().reset(due);
                        continue;
                    }
                    break Some((CLOSE_NORMAL, "idle"));
                }
                incoming = socket.recv() => {
                    let now = Instant::now();
                    let frame = match &incoming {
                        Some(Ok(Message::Text(text))) => {
                            last_text = now;
                            Frame::Text(text.as_str())
                        }
                        Some(Ok(Message::Binary(data))) => Frame::Binary(data.len()),
                        // Control frames cost a token like any frame (tungstenite answers a
                        // ping by itself, so a flood of them would be answered without
                        // limit). They have no error answer: past the rate, the
                        // connection closes (browsers never send pings of their own).
                        Some(Ok(Message::Ping(data) | Message::Pong(data))) => {
                            match guard.check(data.len(), now) {
                                Verdict::Accept => continue,
                                Verdict::Refuse(_) | Verdict::RefuseAndClose(_) => {
                                    hub.metrics.error(shared::relay::ErrorCode::RateLimited);
                                    break Some((CLOSE_POLICY, "policy violation"));
                                }
                            }
                        }
                        Some(Ok(Message::Close(_)) | Err(_)) | None => break None,
                    };
                    let checked = hub.check_frame(&mut guard, frame, now);
                    let answer = match (checked, hub.cluster()) {
                        (Err(refused), _) => refused,
                        (Ok(Incoming::Signal { to, data }), None) => hub.signal(id, &to, data),
                        (Ok(Incoming::Message(msg)), None) => hub.on_message(id, ip, msg, now),
                        (Ok(Incoming::Signal { to, data }), Some(cluster)) => {
                            cluster.signal(&hub, id, &to, data).await
                        }
                        (Ok(Incoming::Message(msg)), Some(cluster)) => {
                            cluster.on_message(&hub, id, ip, msg).await
                        }
                    };
                    if let Some(reply) = answer.reply
                        && send(&mut socket, Message::Text(reply)).await.is_err()
                    {
                        break None;
                    }
                    if let Some(why) = answer.close {
                        break Some(why);
                    }
                }
            }
        }
    };
    // Leave the room first, so the others hear `peer_left` without waiting for the close
    // handshake.
    match hub.cluster() {
        Some(cluster) => cluster.disconnect(&hub, id, ip).await,
        None => hub.disconnect(id),
    }
    match ending {
        Some((code, reason)) => {
            tracing::debug!(conn = id, code, reason, "closing connection");
            close(&mut socket, code, reason).await;
        }
        None => {
            // Let tungstenite finish answering a close frame from the client.
            let _ = timeout(CLOSE_LINGER, socket.flush()).await;
            tracing::debug!(conn = id, "connection closed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        let allowed = vec!["https://coup.example".to_owned()];
        assert!(origin_allowed(&allowed, None));
        assert!(origin_allowed(&[], Some("https://evil.example")));
        assert!(origin_allowed(&allowed, Some("https://coup.example")));
        assert!(origin_allowed(
            &["https://coup.example/".to_owned()],
            Some("https://coup.example")
        ));
        assert!(!origin_allowed(&allowed, Some("https://evil.example")));
        assert!(!origin_allowed(&allowed, Some("\u{fffd}")));
    }

    #[test]
    fn forwarded_for_takes_the_last_entry() {
        let mut h = HeaderMap::new();
        assert_eq!(forwarded_for(&h), None);
        h.insert(
            "x-forwarded-for",
            "203.0.113.9, 198.51.100.7".parse().expect("header"),
        );
        assert_eq!(forwarded_for(&h), Some([198, 51, 100, 7].into()));
        h.insert("x-forwarded-for", "garbage".parse().expect("header"));
        assert_eq!(forwarded_for(&h), None);
    }

    #[test]
    fn the_hard_cap_leaves_room_for_too_large() {
        assert!(hard_frame_cap(16 * 1024) > 16 * 1024);
        assert!(hard_frame_cap(usize::MAX) == usize::MAX);
    }
}
