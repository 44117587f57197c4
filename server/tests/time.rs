//! Time-dependent behaviour under `tokio::time::pause()`: the relay runs in the test's
//! runtime, so its timers follow the paused clock while the sockets stay real. Each test
//! holds the clock (see [`common::hold_clock`]) and moves it with `advance`.

mod common;

use common::{Client, hold_clock, relay};
use serde_json::json;
use tokio::time::{Duration, advance};

/// A relay with a room whose host's socket has just dropped, and the guest left in it
/// (told `peer_left`). A long idle timeout, so that only the room's timer is in play.
async fn a_room_whose_host_dropped() -> (common::Relay, String, String, String, Client) {
    let r = relay(&["--idle-timeout", "1000"]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, secret, _) = host.create().await;
    let mut guest = Client::connect(r.addr).await;
    guest.join(&room).await;
    host.expect("peer_joined").await;
    drop(host);
    assert_eq!(guest.expect("peer_left").await["peer"], host_id.as_str());
    (r, room, host_id, secret, guest)
}

#[tokio::test(start_paused = true)]
async fn a_room_closes_when_its_host_does_not_come_back() {
    let _clock = hold_clock();
    let (r, room, host_id, secret, mut guest) = a_room_whose_host_dropped().await;
    advance(Duration::from_secs(119)).await;
    guest.expect_nothing_else().await;
    assert_eq!(r.hub.counts().await, (1, 1));
    advance(Duration::from_secs(2)).await;
    let closed = guest.expect("room_closed").await;
    assert!(closed["reason"].is_string());
    // The guest is out of the room but still connected.
    guest
        .send(json!({"type":"signal","to":host_id,"data":1}))
        .await;
    guest.expect_error("not_in_room").await;
    let mut late = Client::connect(r.addr).await;
    late.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    late.expect_error("no_such_room").await;
    guest.create().await;
    assert_eq!(r.hub.counts().await, (1, 1));
}

#[tokio::test(start_paused = true)]
async fn a_host_reclaims_within_the_grace() {
    let _clock = hold_clock();
    let (r, room, host_id, secret, mut guest) = a_room_whose_host_dropped().await;
    advance(Duration::from_secs(100)).await;
    guest.expect_nothing_else().await;
    let mut back = Client::connect(r.addr).await;
    back.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    assert_eq!(back.expect("joined").await["peer"], host_id.as_str());
    guest.expect("peer_joined").await;
    // Well past the old deadline the room is still there.
    advance(Duration::from_secs(50)).await;
    guest.expect_nothing_else().await;
    back.expect_nothing_else().await;
    assert_eq!(r.hub.counts().await, (1, 2));
}

#[tokio::test(start_paused = true)]
async fn an_empty_room_without_a_host_closes_after_the_grace() {
    let _clock = hold_clock();
    let r = relay(&["--idle-timeout", "1000"]).await;
    let mut host = Client::connect(r.addr).await;
    host.create().await;
    host.send(json!({"type":"leave"})).await;
    host.expect_nothing_else().await;
    assert_eq!(r.hub.counts().await, (1, 0), "the host may still reclaim");
    advance(Duration::from_secs(121)).await;
    host.expect_nothing_else().await;
    assert_eq!(r.hub.counts().await, (0, 0));
}

#[tokio::test(start_paused = true)]
async fn a_silent_connection_is_closed_after_60_seconds() {
    let _clock = hold_clock();
    let r = relay(&[]).await;
    let mut silent = Client::connect(r.addr).await;
    let mut other = Client::connect(r.addr).await;
    for _ in 0..2 {
        advance(Duration::from_secs(29)).await;
        other.expect_nothing_else().await;
    }
    assert_eq!(r.hub.open_connections(), 2, "58 s of silence are fine");
    advance(Duration::from_secs(3)).await;
    let close = silent.closed().await.expect("close frame");
    assert_eq!(u16::from(close.code), 1000);
    other.expect_nothing_else().await;
}

#[tokio::test(start_paused = true)]
async fn websocket_pings_do_not_keep_a_connection_alive_but_protocol_pings_do() {
    use futures_util::SinkExt as _;
    use tokio_tungstenite::tungstenite::{Bytes, Message};
    let _clock = hold_clock();
    let r = relay(&[]).await;
    let mut control = Client::connect(r.addr).await;
    let mut pinger = Client::connect(r.addr).await;
    for round in 1..=9 {
        advance(Duration::from_secs(20)).await;
        pinger.send(json!({"type":"ping"})).await;
        pinger.expect("pong").await;
        if round < 3 {
            control
                .ws
                .send(Message::Ping(Bytes::from_static(b"x")))
                .await
                .expect("ping");
        }
    }
    // Three minutes on, the pinger is fine and the control-frame client is long gone.
    pinger.expect_nothing_else().await;
    let close = control.closed().await.expect("close frame");
    assert_eq!(u16::from(close.code), 1000);
    assert_eq!(r.hub.open_connections(), 1);
}

#[tokio::test(start_paused = true)]
async fn a_sustained_flood_is_closed_with_1008_after_ten_seconds() {
    use futures_util::SinkExt as _;
    let _clock = hold_clock();
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, _, _, _) = host.create().await;
    let mut flooder = Client::connect(r.addr).await;
    flooder.join(&room).await;
    host.expect("peer_joined").await;
    let mut pongs = 0u32;
    let mut limited = 0u32;
    let mut closed_after = None;
    // 100 messages a second, five times the allowed rate, answered as they go.
    for i in 0..3000u64 {
        let ping = tokio_tungstenite::tungstenite::Message::text(r#"{"type":"ping"}"#);
        let sent = flooder.ws.send(ping).await.is_ok();
        let v = flooder.recv_or_close().await;
        assert!(sent || v.is_none());
        match v {
            Some(v) if v["type"] == "pong" => pongs += 1,
            Some(v) if v["code"] == "rate_limited" => limited += 1,
            Some(v) => panic!("unexpected {v}"),
            None => {
                closed_after = Some(Duration::from_millis(10 * i));
                break;
            }
        }
        advance(Duration::from_millis(10)).await;
    }
    let after = closed_after.expect("the flooder was closed");
    assert!(
        after >= Duration::from_secs(10) && after < Duration::from_secs(12),
        "{after:?}"
    );
    assert!(
        pongs >= 60 && limited > 0,
        "{pongs} pongs, {limited} refused"
    );
    assert!(host.expect("peer_left").await["peer"].is_string());
    host.expect_nothing_else().await;
}

/// Reads the next message, or `None` once the relay closed the socket with 1008.
trait RecvOrClose {
    async fn recv_or_close(&mut self) -> Option<serde_json::Value>;
}

impl RecvOrClose for Client {
    async fn recv_or_close(&mut self) -> Option<serde_json::Value> {
        use futures_util::StreamExt as _;
        use tokio_tungstenite::tungstenite::Message;
        loop {
            match self.ws.next().await {
                Some(Ok(Message::Text(t))) => return serde_json::from_str(t.as_str()).ok(),
                Some(Ok(Message::Close(frame))) => {
                    let code = frame.map(|f| u16::from(f.code));
                    assert_eq!(code, Some(1008));
                    return None;
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => panic!("socket error {e}"),
                None => panic!("closed without a close frame"),
            }
        }
    }
}
