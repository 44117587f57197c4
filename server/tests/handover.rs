//! Handover in time, under `tokio::time::pause()` (see `time.rs`): the guest made host
//! once the handover grace runs out, a host's reload within it, and a host whose device
//! went silent without closing its connection.

mod common;

use common::{Client, hold_clock, relay};
use futures_util::StreamExt as _;
use serde_json::json;
use tokio::time::{Duration, advance};

/// A handover room on a relay with a long idle timeout (so that only the handover's
/// timers are in play): the relay, the host, the code, the host's id and secret, and one
/// guest with its id.
async fn a_handover_room(
    flags: &[&str],
) -> (
    common::Relay,
    Client,
    String,
    String,
    String,
    Client,
    String,
) {
    let mut with = vec!["--idle-timeout", "1000"];
    with.extend_from_slice(flags);
    let r = relay(&with).await;
    let mut host = Client::connect(r.addr).await.patient();
    host.send(json!({"type":"create","handover":true})).await;
    let created = host.expect("created").await;
    let s = |k: &str| created[k].as_str().expect("string field").to_owned();
    let (room, host_id, secret) = (s("room"), s("peer"), s("host_secret"));
    let mut guest = Client::connect(r.addr).await.patient();
    let guest_id = guest.join(&room).await["peer"]
        .as_str()
        .expect("peer")
        .to_owned();
    host.expect("peer_joined").await;
    (r, host, room, host_id, secret, guest, guest_id)
}

#[tokio::test(start_paused = true)]
async fn the_guest_is_made_host_when_the_handover_grace_runs_out() {
    let _clock = hold_clock();
    let (r, host, _, host_id, _, mut guest, _) = a_handover_room(&[]).await;
    drop(host);
    assert_eq!(guest.expect("peer_left").await["peer"], host_id.as_str());
    advance(Duration::from_millis(2900)).await;
    guest.expect_nothing_else().await;
    advance(Duration::from_millis(200)).await;
    let promoted = guest.expect("promoted").await;
    assert_eq!(promoted["previous"], host_id.as_str());
    assert_eq!(r.hub.counts().await, (1, 1));
    // Its place no longer waits for the old host: the room lives on past the reclaim
    // grace (its new host, pinged now, answering as it goes).
    for _ in 0..40 {
        advance(Duration::from_secs(5)).await;
        guest.expect_nothing_else().await;
    }
    assert_eq!(r.hub.counts().await, (1, 1));
}

#[tokio::test(start_paused = true)]
async fn the_hosts_deposit_waits_out_the_grace_and_goes_to_the_guest_made_host() {
    let _clock = hold_clock();
    let (_r, mut host, _, host_id, _, mut guest, _) = a_handover_room(&[]).await;
    host.send(json!({"type":"deposit","part":"4.a2V5LXBhcnQ"}))
        .await;
    host.expect_nothing_else().await;
    drop(host);
    assert_eq!(guest.expect("peer_left").await["peer"], host_id.as_str());
    advance(Duration::from_millis(2900)).await;
    guest.expect_nothing_else().await;
    advance(Duration::from_millis(200)).await;
    let promoted = guest.expect("promoted").await;
    assert_eq!(promoted["previous"], host_id.as_str());
    assert_eq!(promoted["deposit"], "4.a2V5LXBhcnQ");
}

#[tokio::test(start_paused = true)]
async fn a_host_back_within_the_handover_grace_keeps_its_room() {
    let _clock = hold_clock();
    let (r, host, room, host_id, secret, mut guest, guest_id) = a_handover_room(&[]).await;
    drop(host);
    assert_eq!(guest.expect("peer_left").await["peer"], host_id.as_str());
    advance(Duration::from_millis(900)).await;
    let mut back = Client::connect(r.addr).await.patient();
    back.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    let joined = back.expect("joined").await;
    assert_eq!(joined["peer"], host_id.as_str());
    assert_eq!(joined["peers"], json!([guest_id]));
    assert_eq!(guest.expect("peer_joined").await["peer"], host_id.as_str());
    // Well past the handover grace, nobody was made host.
    for _ in 0..4 {
        advance(Duration::from_secs(3)).await;
        guest.expect_nothing_else().await;
        back.expect_nothing_else().await;
    }
    assert_eq!(r.hub.counts().await, (1, 2));
}

#[tokio::test(start_paused = true)]
async fn a_silent_host_is_noticed_and_its_room_handed_over() {
    let _clock = hold_clock();
    let (r, host, _, host_id, _, mut guest, _) = a_handover_room(&[]).await;
    // The host's device goes off: its socket stays open, nothing is read from it or
    // written to it again (no close, no pong to the relay's pings).
    let silent = host;
    for _ in 0..14 {
        advance(Duration::from_secs(1)).await;
        guest.expect_nothing_else().await;
    }
    assert_eq!(r.hub.counts().await, (1, 2), "14 s of silence are not gone");
    advance(Duration::from_millis(1100)).await;
    assert_eq!(guest.expect("peer_left").await["peer"], host_id.as_str());
    advance(Duration::from_millis(3100)).await;
    let promoted = guest.expect("promoted").await;
    assert_eq!(promoted["previous"], host_id.as_str());
    drop(silent);
}

#[tokio::test(start_paused = true)]
async fn a_host_that_answers_pings_stays_without_sending_anything() {
    let _clock = hold_clock();
    let (r, host, _, _, _, mut guest, _) = a_handover_room(&[]).await;
    // Reading answers the relay's pings (the client sends their pongs), and nothing else.
    let reader = tokio::spawn(async move {
        let mut ws = host.ws;
        while let Some(Ok(_)) = ws.next().await {}
    });
    for _ in 0..12 {
        advance(Duration::from_secs(5)).await;
        guest.expect_nothing_else().await;
    }
    assert_eq!(
        r.hub.counts().await,
        (1, 2),
        "a minute of pongs keeps the host"
    );
    reader.abort();
}

#[tokio::test(start_paused = true)]
async fn a_silent_host_of_a_room_without_handover_waits_for_the_idle_timeout() {
    let _clock = hold_clock();
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await.patient();
    let (room, _, _, _) = host.create().await;
    let mut guest = Client::connect(r.addr).await.patient();
    guest.join(&room).await;
    host.expect("peer_joined").await;
    for _ in 0..5 {
        advance(Duration::from_secs(10)).await;
        guest.expect_nothing_else().await;
    }
    assert_eq!(
        r.hub.counts().await,
        (1, 2),
        "50 s of silence are fine here"
    );
    advance(Duration::from_secs(11)).await;
    assert!(guest.expect("peer_left").await["peer"].is_string());
    advance(Duration::from_secs(10)).await;
    guest.expect_nothing_else().await;
}
