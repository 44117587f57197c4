//! The WebSocket layer on a real socket, spoken byte by byte: the handshake, frames the
//! way a browser may send them (fragmented, with pings between, in the same packet as
//! the request), the close handshake, and frames that break RFC 6455.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{FAILURE_BOUND, relay};
use serde_json::Value;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;

/// The RFC 6455 example key and its answer.
const KEY: &str = "dGhlIHNhbXBsZSBub25jZQ==";
const ACCEPT: &str = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";

fn request(extra: &str) -> String {
    format!(
        "GET /ws HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive, Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
    )
}

/// A masked client frame.
fn frame(fin: bool, opcode: u8, payload: &[u8]) -> Vec<u8> {
    coup_server::connection::websocket::client_frame(fin, opcode, payload, [0x11, 0x22, 0x33, 0x44])
}

/// Reads the response head.
async fn head(s: &mut TcpStream) -> String {
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut b = [0u8; 1];
        assert_eq!(s.read(&mut b).await.expect("read"), 1, "head cut short");
        head.push(b[0]);
    }
    String::from_utf8(head).expect("utf-8").to_lowercase()
}

/// Opens a WebSocket, sending `first` in the same write as the request.
async fn open(addr: SocketAddr, first: &[u8]) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let mut bytes = request(&format!("Sec-WebSocket-Key: {KEY}\r\n")).into_bytes();
    bytes.extend_from_slice(first);
    s.write_all(&bytes).await.expect("write");
    let head = head(&mut s).await;
    assert!(head.starts_with("http/1.1 101"), "{head}");
    assert!(
        head.contains(&format!("sec-websocket-accept: {}", ACCEPT.to_lowercase())),
        "{head}"
    );
    s
}

/// Reads one server frame (opcode, payload); fails the test after the failure bound.
async fn read_frame(s: &mut TcpStream) -> Option<(u8, Vec<u8>)> {
    tokio::time::timeout(FAILURE_BOUND, async {
        let mut h = [0u8; 2];
        s.read_exact(&mut h).await.ok()?;
        assert_eq!(h[1] & 0x80, 0, "server frames are unmasked");
        let len = match h[1] & 0x7F {
            126 => usize::from(s.read_u16().await.ok()?),
            127 => s.read_u64().await.ok()? as usize,
            n => usize::from(n),
        };
        let mut p = vec![0; len];
        s.read_exact(&mut p).await.ok()?;
        Some((h[0] & 0x0F, p))
    })
    .await
    .expect("a frame or the end in time")
}

fn json(p: &[u8]) -> Value {
    serde_json::from_slice(p).expect("json")
}

/// Expects a close frame with `code`, then the end of the stream.
async fn expect_close(s: &mut TcpStream, code: u16) {
    let (op, p) = read_frame(s).await.expect("a close frame");
    assert_eq!(op, 0x8, "{}", String::from_utf8_lossy(&p));
    assert_eq!(u16::from_be_bytes([p[0], p[1]]), code);
    s.write_all(&frame(true, 0x8, &code.to_be_bytes()))
        .await
        .expect("answer");
    assert_eq!(read_frame(s).await, None, "then the socket closes");
}

#[tokio::test]
async fn handshakes_missing_a_part_are_refused() {
    let relay = relay(&[]).await;
    let key = format!("Sec-WebSocket-Key: {KEY}\r\n");
    for (what, req) in [
        ("no key", request("")),
        (
            "version 8",
            request(&key).replace("Version: 13", "Version: 8"),
        ),
        (
            "not websocket",
            request(&key).replace("Upgrade: websocket", "Upgrade: h2c"),
        ),
        (
            "no upgrade",
            request(&key).replace("keep-alive, Upgrade", "keep-alive"),
        ),
    ] {
        let mut s = TcpStream::connect(relay.addr).await.expect("connect");
        s.write_all(req.as_bytes()).await.expect("write");
        let head = head(&mut s).await;
        assert!(head.starts_with("http/1.1 400"), "{what}: {head}");
    }
}

#[tokio::test]
async fn a_frame_in_the_same_packet_as_the_request_is_read() {
    let relay = relay(&[]).await;
    let mut s = open(relay.addr, &frame(true, 0x1, br#"{"type":"create"}"#)).await;
    let (op, p) = read_frame(&mut s).await.expect("created");
    assert_eq!((op, json(&p)["type"].clone()), (0x1, "created".into()));
}

#[tokio::test]
async fn a_fragmented_message_with_a_ping_between_is_one_message() {
    let relay = relay(&[]).await;
    let mut s = open(relay.addr, b"").await;
    let msg = br#"{"type":"create"}"#;
    let mut wire = frame(false, 0x1, &msg[..5]);
    wire.extend(frame(true, 0x9, b"hi"));
    wire.extend(frame(false, 0x0, &msg[5..9]));
    s.write_all(&wire).await.expect("write");
    // The rest comes in a later packet, byte by byte.
    for b in frame(true, 0x0, &msg[9..]) {
        s.write_all(&[b]).await.expect("write");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    assert_eq!(
        read_frame(&mut s).await,
        Some((0xA, b"hi".to_vec())),
        "the pong first"
    );
    let (op, p) = read_frame(&mut s).await.expect("created");
    assert_eq!((op, json(&p)["type"].clone()), (0x1, "created".into()));
}

#[tokio::test]
async fn a_large_frame_and_a_signal_both_ways_keep_their_bytes() {
    let relay = relay(&[]).await;
    let mut host = open(relay.addr, &frame(true, 0x1, br#"{"type":"create"}"#)).await;
    let created = json(&read_frame(&mut host).await.expect("created").1);
    let join = format!(
        r#"{{"type":"join","room":"{}"}}"#,
        created["room"].as_str().expect("room")
    );
    let mut guest = open(relay.addr, &frame(true, 0x1, join.as_bytes())).await;
    let joined = json(&read_frame(&mut guest).await.expect("joined").1);
    assert_eq!(joined["type"], "joined");
    let peer_joined = json(&read_frame(&mut host).await.expect("peer_joined").1);
    assert_eq!(peer_joined["type"], "peer_joined");
    // An SDP-sized offer (two-byte length form, larger than one read).
    let sdp = "v=0\\r\\n".repeat(1_500);
    let offer = format!(
        r#"{{"type":"signal","to":"{}","data":{{"sdp":"{sdp}"}}}}"#,
        created["peer"].as_str().expect("peer")
    );
    guest
        .write_all(&frame(true, 0x1, offer.as_bytes()))
        .await
        .expect("write");
    let (op, p) = read_frame(&mut host).await.expect("signal");
    assert_eq!(op, 0x1);
    let got = json(&p);
    assert_eq!(got["type"], "signal");
    assert_eq!(got["from"], joined["peer"]);
    assert_eq!(
        got["data"]["sdp"].as_str().map(str::len),
        Some(sdp.len() - 3_000)
    );
}

#[tokio::test]
async fn a_client_close_is_answered_with_its_code() {
    let relay = relay(&[]).await;
    let mut s = open(relay.addr, b"").await;
    s.write_all(&frame(true, 0x8, &[0x0F, 0xA0, b'o', b'k']))
        .await
        .expect("write");
    let (op, p) = read_frame(&mut s).await.expect("the answer");
    assert_eq!((op, &p[..2]), (0x8, &4000u16.to_be_bytes()[..]));
    assert_eq!(read_frame(&mut s).await, None);
}

#[tokio::test]
async fn frames_breaking_the_protocol_close_with_its_codes() {
    let relay = relay(&["--frame-bytes", "16384"]).await;
    let unmasked = vec![0x81, 0x02, b'h', b'i'];
    let mut reserved = frame(true, 0x1, b"{}");
    reserved[0] |= 0x20;
    // Only a header announcing 2 MiB: refused before any of it is sent.
    let mut huge = vec![0x81, 0xFF];
    huge.extend_from_slice(&(2u64 << 20).to_be_bytes());
    huge.extend_from_slice(&[1, 2, 3, 4]);
    let cases: [(&str, Vec<u8>, u16); 6] = [
        ("unmasked", unmasked, 1002),
        ("reserved bit", reserved, 1002),
        ("unknown opcode", frame(true, 0x3, b""), 1002),
        (
            "continuation with nothing to continue",
            frame(true, 0x0, b"x"),
            1002,
        ),
        ("not UTF-8", frame(true, 0x1, &[b'"', 0xFF, b'"']), 1007),
        ("past the hard cap", huge, 1009),
    ];
    for (what, wire, code) in cases {
        let mut s = open(relay.addr, b"").await;
        s.write_all(&wire).await.expect("write");
        let (op, p) = read_frame(&mut s)
            .await
            .unwrap_or_else(|| panic!("{what}: no close"));
        assert_eq!(op, 0x8, "{what}");
        assert_eq!(u16::from_be_bytes([p[0], p[1]]), code, "{what}");
    }
    // A frame over the configured size but under the hard cap is answered and the
    // connection stays.
    let mut s = open(relay.addr, b"").await;
    s.write_all(&frame(true, 0x1, &vec![b' '; 20_000]))
        .await
        .expect("write");
    let (op, p) = read_frame(&mut s).await.expect("an answer");
    assert_eq!((op, json(&p)["code"].clone()), (0x1, "too_large".into()));
    // One far larger (read in growing steps), then a well-formed message: both read whole.
    s.write_all(&frame(true, 0x1, &vec![b' '; 300_000]))
        .await
        .expect("write");
    let (op, p) = read_frame(&mut s).await.expect("an answer");
    assert_eq!((op, json(&p)["code"].clone()), (0x1, "too_large".into()));
    s.write_all(&frame(true, 0x1, br#"{"type":"create"}"#))
        .await
        .expect("write");
    assert_eq!(
        json(&read_frame(&mut s).await.expect("created").1)["type"],
        "created"
    );
    s.write_all(&frame(true, 0x8, &1000u16.to_be_bytes()))
        .await
        .expect("write");
    let (op, _) = read_frame(&mut s).await.expect("close answer");
    assert_eq!(op, 0x8);
    drop(s);
    let mut s = open(relay.addr, b"").await;
    s.write_all(&frame(true, 0x8, &1000u16.to_be_bytes()))
        .await
        .expect("write");
    expect_close_answer(&mut s).await;
}

/// Expects the answer to our close, then the end.
async fn expect_close_answer(s: &mut TcpStream) {
    let (op, p) = read_frame(s).await.expect("close answer");
    assert_eq!((op, p), (0x8, 1000u16.to_be_bytes().to_vec()));
    assert_eq!(read_frame(s).await, None);
}

#[tokio::test]
async fn an_idle_connection_is_closed_with_1000_and_waits_for_the_answer() {
    let relay = relay(&["--idle-timeout", "1"]).await;
    let mut s = open(relay.addr, b"").await;
    expect_close(&mut s, 1000).await;
}
