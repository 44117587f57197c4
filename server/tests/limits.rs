//! Per-address limits on real sockets (loopback only): connections, live rooms and room
//! creations per client address, and WebSocket control frames counted against a
//! connection's rate.

mod common;

use common::{Client, hold_clock, relay, until};
use serde_json::json;

#[tokio::test]
async fn one_address_cannot_take_every_connection() {
    let r = relay(&["--max-connections", "10", "--connections-per-address", "3"]).await;
    let mut mine = Vec::new();
    for _ in 0..3 {
        mine.push(Client::connect(r.addr).await);
    }
    let mut fourth = Client::connect(r.addr).await;
    fourth.expect_error("rate_limited").await;
    let close = fourth.closed().await.expect("close frame");
    assert_eq!(u16::from(close.code), 1013);
    // An honest client elsewhere still gets in and can create a room.
    let mut honest = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    honest.create().await;
    // A place of the address frees up when one of its connections goes.
    drop(mine.pop());
    // Asked again until the relay has seen it go (a refused try costs no place).
    until("the freed place was never given back", || async {
        let mut c = Client::connect(r.addr).await;
        c.send(json!({"type":"ping"})).await;
        (c.recv().await["type"] == "pong").then_some(c)
    })
    .await;
}

#[tokio::test]
async fn one_address_cannot_fill_the_room_table() {
    let r = relay(&["--max-rooms", "100", "--rooms-per-address", "2"]).await;
    // A fresh connection per room, as a flood would do; rooms outlive their sockets for
    // the reclaim grace, so they still count.
    for _ in 0..2 {
        let mut c = Client::connect(r.addr).await;
        c.create().await;
    }
    let mut c = Client::connect(r.addr).await;
    c.send(json!({"type":"create"})).await;
    c.expect_error("rate_limited").await;
    assert_eq!(r.hub.counts().await.0, 2);
    let mut honest = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    honest.create().await;
}

#[tokio::test]
async fn one_address_creates_a_bounded_number_of_rooms_a_minute() {
    // No grace: a room closes when its host leaves, so only the creation rate binds.
    let r = relay(&["--creates-per-minute", "3", "--reclaim-grace", "0"]).await;
    let mut c = Client::connect(r.addr).await;
    // The clock stands still: no creation comes back while a loaded machine is slow.
    tokio::time::pause();
    let _clock = hold_clock();
    for _ in 0..3 {
        c.create().await;
        c.send(json!({"type":"leave"})).await;
    }
    c.send(json!({"type":"create"})).await;
    c.expect_error("rate_limited").await;
    let mut honest = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    honest.create().await;
}

#[tokio::test]
async fn websocket_pings_count_against_the_rate() {
    use futures_util::{SinkExt as _, StreamExt as _};
    use tokio_tungstenite::tungstenite::{Bytes, Message};
    let r = relay(&["--rate", "20", "--burst", "60"]).await;
    let mut c = Client::connect(r.addr).await;
    // The clock stands still: the burst is all there is, however long the pings take.
    tokio::time::pause();
    let _clock = hold_clock();
    let mut sent = 0;
    for _ in 0..2_000 {
        if c.ws
            .send(Message::Ping(Bytes::from_static(b"p")))
            .await
            .is_err()
        {
            break;
        }
        sent += 1;
    }
    let (mut pongs, mut close) = (0, None);
    let read = async {
        while let Some(Ok(m)) = c.ws.next().await {
            match m {
                Message::Pong(_) => pongs += 1,
                Message::Close(f) => {
                    close = f;
                    break;
                }
                _ => {}
            }
        }
    };
    read.await;
    assert!(pongs <= 60, "{pongs} of {sent} pings answered");
    assert_eq!(close.map(|f| u16::from(f.code)), Some(1008));
    // Another connection is unharmed.
    let mut other = Client::connect(r.addr).await;
    other.create().await;
}

#[tokio::test]
async fn a_kicked_peer_cannot_rejoin_the_room_from_its_address() {
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, _, _, _) = host.create().await;
    let mut kicked = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    let joined = kicked.join(&room).await;
    let kicked_id = joined["peer"].as_str().expect("peer").to_owned();
    host.expect("peer_joined").await;
    let mut other = Client::connect_from(r.addr, [127, 0, 0, 3].into()).await;
    other.join(&room).await;
    host.expect("peer_joined").await;
    kicked.expect("peer_joined").await;
    // Only the host may remove someone.
    other.send(json!({"type":"kick","peer":kicked_id})).await;
    other.expect_error("not_host").await;
    host.send(json!({"type":"kick","peer":kicked_id})).await;
    let left = other.expect("peer_left").await;
    assert_eq!(left["peer"], kicked_id.as_str());
    // Out of the room: its signals go nowhere.
    kicked
        .send(json!({"type":"signal","to":"anyone","data":{}}))
        .await;
    kicked.expect_error("not_in_room").await;
    // Back at once, without the token the table banned, on the same or a new socket: no.
    kicked.send(json!({"type":"join","room":room})).await;
    kicked.expect_error("banned").await;
    let mut again = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    again.send(json!({"type":"join","room":room})).await;
    again.expect_error("banned").await;
    // Others still join, and the kicked address may use other rooms.
    let mut late = Client::connect_from(r.addr, [127, 0, 0, 4].into()).await;
    late.join(&room).await;
    again.create().await;
}

#[tokio::test]
async fn a_guest_removed_after_it_left_cannot_rejoin_the_room_from_its_address() {
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, _, _, _) = host.create().await;
    // One leaves by saying so, one by dropping its socket.
    let mut said = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    let said_id = said.join(&room).await["peer"]
        .as_str()
        .expect("peer")
        .to_owned();
    host.expect("peer_joined").await;
    let mut dropped = Client::connect_from(r.addr, [127, 0, 0, 3].into()).await;
    let dropped_id = dropped.join(&room).await["peer"]
        .as_str()
        .expect("peer")
        .to_owned();
    host.expect("peer_joined").await;
    said.expect("peer_joined").await;
    said.send(json!({"type":"leave"})).await;
    assert_eq!(host.expect("peer_left").await["peer"], said_id.as_str());
    drop(dropped);
    assert_eq!(host.expect("peer_left").await["peer"], dropped_id.as_str());
    // The host removes both while they are away: no error, and no second peer_left.
    host.send(json!({"type":"kick","peer":said_id})).await;
    host.send(json!({"type":"kick","peer":dropped_id})).await;
    host.expect_nothing_else().await;
    // Back from the same addresses, on the old socket or a new one: no.
    said.send(json!({"type":"join","room":room})).await;
    said.expect_error("banned").await;
    let mut again = Client::connect_from(r.addr, [127, 0, 0, 3].into()).await;
    again.send(json!({"type":"join","room":room})).await;
    again.expect_error("banned").await;
    // A peer id is removed once; one the room never had is still unknown.
    host.send(json!({"type":"kick","peer":said_id})).await;
    host.expect_error("unknown_peer").await;
    host.send(json!({"type":"kick","peer":"nobody-ever-here"}))
        .await;
    host.expect_error("unknown_peer").await;
    // Others still join.
    let mut late = Client::connect_from(r.addr, [127, 0, 0, 4].into()).await;
    late.join(&room).await;
}
