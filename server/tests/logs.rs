//! The relay's logs never contain a forwarded payload or a secret, at any level.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::{Client, relay};
use serde_json::json;

/// A log sink the test can read back.
#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut v) = self.0.lock() {
            v.extend_from_slice(buf);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn logs_never_contain_payloads_or_secrets() {
    let capture = Capture::default();
    let sink = capture.clone();
    // As main sets it up, at the most verbose level a self-hoster could ask for, with
    // `log` records forwarded into tracing. The test's own WebSocket client (tungstenite)
    // logs the frames it sends at `trace`: capped here, as it is no part of the relay.
    // This is the only test in this binary, so it may own the global subscriber.
    use tracing_subscriber::util::SubscriberInitExt as _;
    let mut filter = coup_server::log_filter(Some("trace"));
    for cap in ["tungstenite=info", "tokio_tungstenite=info"] {
        filter = filter.add_directive(cap.parse().expect("a directive"));
    }
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(false)
        .with_writer(move || sink.clone())
        .finish()
        .try_init()
        .expect("the only subscriber");

    let mut r = relay(&[
        "--turn-urls",
        "turn:t.example:3478",
        "--turn-secret",
        "TURN-SECRET-4242",
    ])
    .await;
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, secret, created) = host.create().await;
    let credential = created["ice_servers"][0]["credential"]
        .as_str()
        .expect("credential")
        .to_owned();
    let mut guest = Client::connect(r.addr).await;
    guest.join(&room).await;
    host.expect("peer_joined").await;
    guest
        .send(json!({"type":"signal","to":host_id,"data":{"sdp":"PAYLOAD-SDP-7777"}}))
        .await;
    host.expect("signal").await;
    guest
        .send_text("{\"type\":\"bogus\",\"x\":\"PAYLOAD-BAD-8888\"}")
        .await;
    guest.expect_error("bad_message").await;
    let mut thief = Client::connect(r.addr).await;
    thief
        .send(json!({"type":"reclaim","room":room,"host_secret":"GUESSED-SECRET-9999"}))
        .await;
    thief.expect_error("bad_secret").await;
    let mut back = Client::connect(r.addr).await;
    back.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    back.expect("joined").await;
    if let Some(stop) = r.stop.take() {
        let _ = stop.send(());
    }
    let _ = tokio::time::timeout(common::FAILURE_BOUND, &mut r.task).await;

    let logs = String::from_utf8_lossy(&capture.0.lock().expect("logs")).into_owned();
    assert!(logs.contains("room created"), "the capture works:\n{logs}");
    assert!(logs.contains("TRACE"), "trace level is on:\n{logs}");
    for needle in [
        secret.as_str(),
        credential.as_str(),
        "TURN-SECRET-4242",
        "PAYLOAD-SDP-7777",
        "PAYLOAD-BAD-8888",
        "GUESSED-SECRET-9999",
    ] {
        assert!(
            !logs.contains(needle),
            "{needle} appears in the logs:\n{logs}"
        );
    }
}
