//! The socket loop: one task per WebSocket connection.
//!
//! It only translates. Frames in become calls on the [`Hub`]; the hub's answers, frames
//! queued by other connections, close requests, the idle deadline and shutdown become
//! frames out. No protocol rule lives here.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio::net::tcp::OwnedReadHalf;
use tokio::time::{Duration, Instant, sleep_until, timeout};

use crate::connection::{Event, Fail, Gone, Message, Outbox, Reader, accept_key};
use crate::hub::Hub;
use crate::instance::Registration;
use crate::limits::{FrameGuard, Verdict};
use crate::metrics::ConnRefusal;
use crate::protocol::{Frame, Incoming};
use shared::relay::{CLOSE_GOING_AWAY, CLOSE_NORMAL, CLOSE_POLICY, CLOSE_TRY_LATER};

/// How long a connection's waiting frames may make no progress towards its client
/// before the connection is dropped: a client that stops reading must not hold its
/// task forever.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// How long to wait for a client's answer to our close frame.
const CLOSE_LINGER: Duration = Duration::from_secs(2);

/// The largest frame the relay reads at all. Frames between the configured limit
/// and this one are read and answered `too_large` (the connection stays); a frame past
/// this ends the connection at the WebSocket layer (close 1009).
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

/// Whether header `name` is `value` (ASCII case ignored).
fn header_is(headers: &HeaderMap, name: HeaderName, value: &str) -> bool {
    headers
        .get(name)
        .is_some_and(|h| h.as_bytes().eq_ignore_ascii_case(value.as_bytes()))
}

/// Whether header `name` lists `token` (ASCII case ignored).
fn header_lists(headers: &HeaderMap, name: HeaderName, token: &str) -> bool {
    headers.get_all(name).iter().any(|h| {
        h.as_bytes()
            .split(|&b| b == b',')
            .any(|t| t.trim_ascii().eq_ignore_ascii_case(token.as_bytes()))
    })
}

/// `GET /ws`: checks the WebSocket handshake and the origin, then upgrades.
pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    mut req: Request,
) -> Response {
    let headers = req.headers();
    let bad = |why: &'static str| (StatusCode::BAD_REQUEST, why).into_response();
    if req.method() != Method::GET {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            "Request method must be `GET`",
        )
            .into_response();
    }
    if !header_lists(headers, header::CONNECTION, "upgrade") {
        return bad("Connection header did not include 'upgrade'");
    }
    if !header_is(headers, header::UPGRADE, "websocket") {
        return bad("`Upgrade` header did not include 'websocket'");
    }
    let Some(key) = headers.get(header::SEC_WEBSOCKET_KEY) else {
        return bad("`Sec-WebSocket-Key` header missing");
    };
    if !header_is(headers, header::SEC_WEBSOCKET_VERSION, "13") {
        return bad("`Sec-WebSocket-Version` header did not include '13'");
    }
    let accept = accept_key(key.as_bytes());
    let origin = headers
        .get(header::ORIGIN)
        .map(|v| v.to_str().unwrap_or("\u{fffd}"));
    if !origin_allowed(&hub.config().allowed_origins, origin) {
        hub.metrics().refused(ConnRefusal::Origin);
        tracing::info!(ip = %addr.ip(), "websocket refused: origin not allowed");
        return (StatusCode::FORBIDDEN, "origin not allowed\n").into_response();
    }
    let host = page_host_of(headers);
    let ip = if hub.config().trust_forwarded_for {
        forwarded_for(headers).unwrap_or(addr.ip())
    } else {
        addr.ip()
    };
    let Some(on_upgrade) = req.extensions_mut().remove::<hyper::upgrade::OnUpgrade>() else {
        return (
            StatusCode::UPGRADE_REQUIRED,
            "WebSocket request couldn't be upgraded since no upgrade state was present",
        )
            .into_response();
    };
    tokio::spawn(async move {
        let upgraded = match on_upgrade.await {
            Ok(upgraded) => upgraded,
            Err(e) => {
                tracing::debug!(%ip, "websocket upgrade failed: {e}");
                return;
            }
        };
        // The relay's accept loop serves every connection as a `TokioIo<TcpStream>`:
        // the socket itself comes back, with any bytes read past the request.
        match upgraded.downcast::<TokioIo<TcpStream>>() {
            Ok(parts) => run(hub, parts.io.into_inner(), parts.read_buf, ip, host).await,
            Err(_) => tracing::error!(%ip, "websocket upgrade on an unexpected stream"),
        }
    });
    let mut response = StatusCode::SWITCHING_PROTOCOLS.into_response();
    let h = response.headers_mut();
    h.insert(header::CONNECTION, HeaderValue::from_static("upgrade"));
    h.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
    h.insert(
        header::SEC_WEBSOCKET_ACCEPT,
        HeaderValue::from_str(&accept).expect("base64 is a header value"),
    );
    response
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

/// The host the page reached the relay by, from the request's one `Host` header
/// ([`crate::ice::page_host`]); `None` for none, several, or an odd one.
pub fn page_host_of(headers: &HeaderMap) -> Option<String> {
    let mut hosts = headers.get_all(header::HOST).iter();
    let host = hosts.next()?;
    if hosts.next().is_some() {
        return None;
    }
    crate::ice::page_host(host.to_str().ok()?)
}

/// Writes what waits in `outbox` until none does, for at most `limit`.
async fn drain(outbox: &Outbox, limit: Duration) -> Result<(), Gone> {
    let _ = timeout(limit, async {
        while outbox.flush()? {
            outbox.writable().await.map_err(|_| Gone)?;
        }
        Ok::<(), Gone>(())
    })
    .await
    .map_err(|_| Gone)?;
    Ok(())
}

/// Sends a close frame and waits briefly for the client's answer.
async fn close(
    outbox: &Outbox,
    socket: &mut OwnedReadHalf,
    reader: &mut Reader,
    code: u16,
    reason: &'static str,
) {
    if outbox.close(code, reason).is_err() || drain(outbox, CLOSE_LINGER).await.is_err() {
        return;
    }
    let _ = timeout(CLOSE_LINGER, async {
        loop {
            loop {
                match reader.message() {
                    Ok(Some(Message::Close(_))) | Err(_) => return,
                    Ok(Some(_)) => {}
                    Ok(None) => break,
                }
            }
            if !matches!(reader.fill(socket).await, Ok(n) if n > 0) {
                return;
            }
        }
    })
    .await;
}

/// How a connection ends.
enum Ending {
    /// The relay closes it with this code and reason.
    Close(u16, &'static str),
    /// It is gone, or the client closed it (its close answered): nothing more to say.
    Gone,
}

/// Serves one connection until it closes.
async fn run(hub: Arc<Hub>, stream: TcpStream, read: Bytes, ip: IpAddr, host: Option<String>) {
    let (mut socket, sending) = stream.into_split();
    let mut reader = Reader::new(read, hard_frame_cap(hub.config().frame_bytes));
    let Registration { id, outbox } = match hub.register(ip).await {
        Ok(registration) => registration,
        Err(why) => {
            tracing::warn!(%ip, ?why, "websocket refused: at a connection limit");
            let outbox = Outbox::default();
            outbox.attach(sending);
            if outbox.reply(Hub::refused_frame(why)).is_ok() {
                close(
                    &outbox,
                    &mut socket,
                    &mut reader,
                    CLOSE_TRY_LATER,
                    "too many connections",
                )
                .await;
            }
            return;
        }
    };
    outbox.attach(sending);
    hub.set_page_host(id, host);
    tracing::debug!(conn = id, %ip, "connection opened");
    let idle = hub.config().idle_timeout();
    let mut guard = FrameGuard::new(hub.config().frame_limits(), Instant::now());
    // The idle timer is re-armed only when it fires, not on every frame: a busy
    // connection then costs one timer operation per idle period instead of one per frame.
    let mut last_text = Instant::now();
    let idle_deadline = sleep_until(last_text + idle);
    tokio::pin!(idle_deadline);
    // Armed while frames wait for the socket, re-armed whenever it takes some.
    let send_deadline = sleep_until(last_text + SEND_TIMEOUT);
    tokio::pin!(send_deadline);
    let mut waiting = false;
    // A handover room's host is pinged, and closed when it stays silent: armed while the
    // connection is watched (see `Outbox::watch`).
    let (ping_every, host_timeout) = hub.config().host_watch();
    let mut watching = false;
    let mut last_seen = Instant::now();
    let ping_deadline = sleep_until(last_seen + ping_every);
    tokio::pin!(ping_deadline);
    // Frames the client sent with its request are handled before any read.
    let early = if reader.has_bytes() {
        outbox.begin();
        let handled = handle(
            &hub,
            &outbox,
            &mut reader,
            &mut guard,
            &mut last_text,
            id,
            ip,
        )
        .await;
        let ended = outbox.end();
        reader.release();
        handled.or(ended.err().map(|Gone| Ending::Gone))
    } else {
        None
    };

    // Shutdown reaches a connection as a kick; one registered after the kicks went out
    // sees the flag.
    let ending = if hub.is_shutting_down() {
        Ending::Close(CLOSE_GOING_AWAY, "relay shutting down")
    } else if let Some(ending) = early {
        ending
    } else {
        loop {
            let pending = outbox.pending();
            if pending && !waiting {
                send_deadline.as_mut().reset(Instant::now() + SEND_TIMEOUT);
            }
            waiting = pending;
            tokio::select! {
                // A close request first, then frames for this client, then the client's.
                // While frames wait for the socket, the client's are not read (as a
                // loop blocked in a write would not).
                biased;
                event = outbox.wait(pending) => match event {
                    Event::Close(code, reason) => break Ending::Close(code, reason),
                    Event::Broken => break Ending::Gone,
                    Event::Queued => {}
                    Event::Watch => {
                        if !watching {
                            watching = true;
                            last_seen = Instant::now();
                            ping_deadline.as_mut().reset(last_seen + ping_every);
                        }
                    }
                },
                () = &mut ping_deadline, if watching => {
                    if !outbox.watched() {
                        watching = false;
                        continue;
                    }
                    let now = Instant::now();
                    if now >= last_seen + host_timeout {
                        tracing::info!(conn = id, "a handover room's host stopped answering; closing it");
                        break Ending::Close(CLOSE_NORMAL, "no answer to pings");
                    }
                    if outbox.ping().is_err() {
                        break Ending::Gone;
                    }
                    ping_deadline.as_mut().reset((now + ping_every).min(last_seen + host_timeout));
                }
                ready = outbox.writable(), if pending => {
                    if ready.is_err() {
                        break Ending::Gone;
                    }
                    match outbox.flush() {
                        Err(Gone) => break Ending::Gone,
                        // The socket took bytes: a new deadline for what is left.
                        Ok(_) => waiting = false,
                    }
                }
                () = &mut send_deadline, if pending => {
                    tracing::debug!(conn = id, "client not reading; dropping the connection");
                    break Ending::Gone;
                }
                () = &mut idle_deadline => {
                    let due = last_text + idle;
                    if due > Instant::now() {
                        idle_deadline.as_mut().reset(due);
                        continue;
                    }
                    break Ending::Close(CLOSE_NORMAL, "idle");
                }
                read = reader.fill(&mut socket), if !pending => {
                    if !matches!(read, Ok(n) if n > 0) {
                        break Ending::Gone;
                    }
                    if watching {
                        last_seen = Instant::now();
                    }
                    outbox.begin();
                    let handled = handle(&hub, &outbox, &mut reader, &mut guard, &mut last_text, id, ip).await;
                    let ended = outbox.end();
                    reader.release();
                    if let Some(ending) = handled {
                        break ending;
                    }
                    if ended.is_err() {
                        break Ending::Gone;
                    }
                }
            }
        }
    };
    // Leave the room first, so the others hear `peer_left` without waiting for the close
    // handshake.
    hub.disconnect(id, ip).await;
    match ending {
        Ending::Close(code, reason) => {
            tracing::debug!(conn = id, code, reason, "closing connection");
            close(&outbox, &mut socket, &mut reader, code, reason).await;
        }
        Ending::Gone => {
            // Let the answer to a client's close frame go out.
            let _ = drain(&outbox, CLOSE_LINGER).await;
            tracing::debug!(conn = id, "connection closed");
        }
    }
}

/// Handles every whole message read: `Some` when the connection ends.
async fn handle(
    hub: &Arc<Hub>,
    outbox: &Outbox,
    reader: &mut Reader,
    guard: &mut FrameGuard,
    last_text: &mut Instant,
    id: crate::rooms::ConnId,
    ip: IpAddr,
) -> Option<Ending> {
    loop {
        let now = Instant::now();
        let frame = match reader.message() {
            Ok(None) => return None,
            Err(Fail(code, reason)) => return Some(Ending::Close(code, reason)),
            Ok(Some(Message::Text(text))) => {
                *last_text = now;
                Frame::Text(text)
            }
            Ok(Some(Message::Binary(len))) => Frame::Binary(len),
            // Control frames cost a token like any frame (a ping is answered, so a
            // flood of them would be answered without limit). They have no error
            // answer: past the rate, the connection closes (browsers never send pings
            // of their own).
            Ok(Some(Message::Ping(data))) => {
                if !guard_control(hub, guard, data.len(), now) {
                    return Some(Ending::Close(CLOSE_POLICY, "policy violation"));
                }
                let pong = Bytes::copy_from_slice(data);
                if outbox.pong(pong).is_err() {
                    return Some(Ending::Gone);
                }
                continue;
            }
            Ok(Some(Message::Pong(len))) => {
                if !guard_control(hub, guard, len, now) {
                    return Some(Ending::Close(CLOSE_POLICY, "policy violation"));
                }
                continue;
            }
            Ok(Some(Message::Close(code))) => {
                // Answered with the same code (or none); then the connection is done.
                let _ = outbox.close_reply(code);
                return Some(Ending::Gone);
            }
        };
        let checked = hub.check_frame(guard, frame, now);
        let answer = match checked {
            Err(refused) => refused,
            Ok(Incoming::Signal { to, data }) => hub.signal(id, &to, data).await,
            Ok(Incoming::Message(msg)) => hub.on_message(id, ip, msg, now).await,
        };
        if let Some(reply) = answer.reply
            && outbox.reply(reply).is_err()
        {
            return Some(Ending::Gone);
        }
        if let Some((code, reason)) = answer.close {
            return Some(Ending::Close(code, reason));
        }
    }
}

/// Counts a control frame against the connection's rate: whether it may stay.
fn guard_control(hub: &Hub, guard: &mut FrameGuard, len: usize, now: Instant) -> bool {
    match guard.check(len, now) {
        Verdict::Accept => true,
        Verdict::Refuse(_) | Verdict::RefuseAndClose(_) => {
            hub.metrics().error(shared::relay::ErrorCode::RateLimited);
            false
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
    fn the_page_host_comes_from_exactly_one_host_header() {
        let mut h = HeaderMap::new();
        assert_eq!(page_host_of(&h), None);
        h.insert(header::HOST, "Coup.Example:8080".parse().expect("header"));
        assert_eq!(page_host_of(&h).as_deref(), Some("coup.example"));
        h.append(header::HOST, "other.example".parse().expect("header"));
        assert_eq!(page_host_of(&h), None, "two Host headers");
        h.insert(
            header::HOST,
            HeaderValue::from_bytes(b"caf\xc3\xa9.example").expect("header"),
        );
        assert_eq!(page_host_of(&h), None, "not ASCII");
    }

    #[test]
    fn the_hard_cap_leaves_room_for_too_large() {
        assert!(hard_frame_cap(16 * 1024) > 16 * 1024);
        assert!(hard_frame_cap(usize::MAX) == usize::MAX);
    }
}
