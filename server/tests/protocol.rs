//! The relay protocol on real sockets: every message, every error, reclaim, a full room,
//! hostile input, origins, metrics and shutdown.

mod common;

use std::collections::HashSet;

use common::{Client, hold_clock, http_get, relay_under_test as relay, until};
use serde_json::{Value, json};
use shared::relay::{CODE_ALPHABET, normalize_code};

#[tokio::test]
async fn create_join_signal_leave_ping() {
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, secret, created) = host.create().await;
    assert_eq!(room.len(), 6);
    assert!(room.bytes().all(|b| CODE_ALPHABET.contains(&b)), "{room}");
    assert!(secret.len() >= 22);
    assert_eq!(created["ice_servers"], json!([]));

    // Joined in a sloppy spelling; the answer is canonical.
    let mut guest = Client::connect(r.addr).await;
    let sloppy = format!(" {}-{} ", room[..3].to_lowercase(), &room[3..]);
    let joined = guest.join(&sloppy).await;
    assert_eq!(joined["room"], room.as_str());
    assert_eq!(joined["host"], host_id.as_str());
    assert_eq!(joined["peers"], json!([host_id]));
    let guest_id = joined["peer"].as_str().expect("peer").to_owned();
    assert_ne!(guest_id, host_id);
    let pj = host.expect("peer_joined").await;
    assert_eq!(pj["peer"], guest_id.as_str());

    // Any JSON value is forwarded as it came, null included.
    for data in [
        json!({"sdp":"v=0...","kind":"offer"}),
        json!(null),
        json!([1, "x", {"a": []}]),
    ] {
        guest
            .send(json!({"type":"signal","to":host_id,"data":data}))
            .await;
        let s = host.expect("signal").await;
        assert_eq!(s, json!({"type":"signal","from":guest_id,"data":data}));
    }
    host.send(json!({"type":"signal","to":guest_id,"data":{"candidate":"c"}}))
        .await;
    assert_eq!(guest.expect("signal").await["from"], host_id.as_str());

    host.send(json!({"type":"ping"})).await;
    assert_eq!(host.recv().await, json!({"type":"pong"}));

    guest.send(json!({"type":"leave"})).await;
    assert_eq!(host.expect("peer_left").await["peer"], guest_id.as_str());
    guest.expect_nothing_else().await;
    guest.send(json!({"type":"leave"})).await;
    guest.expect_error("not_in_room").await;

    // A guest that joins again gets a new id.
    let again = guest.join(&room).await;
    assert_ne!(again["peer"], guest_id.as_str());
    assert_eq!(host.expect("peer_joined").await["peer"], again["peer"]);
    host.expect_nothing_else().await;
    let _ = secret;
}

#[tokio::test]
async fn every_error_code() {
    let r = relay(&["--room-size", "2", "--max-rooms", "2"]).await;
    let mut a = Client::connect(r.addr).await;

    // not_in_room
    a.send(json!({"type":"signal","to":"x","data":1})).await;
    a.expect_error("not_in_room").await;
    a.send(json!({"type":"leave"})).await;
    a.expect_error("not_in_room").await;
    // no_such_room, for a possible code and for garbage
    a.send(json!({"type":"join","room":"222222"})).await;
    a.expect_error("no_such_room").await;
    a.send(json!({"type":"join","room":"not a code at all"}))
        .await;
    a.expect_error("no_such_room").await;
    a.send(json!({"type":"reclaim","room":"222222","host_secret":"x"}))
        .await;
    a.expect_error("no_such_room").await;

    let (room, a_id, secret, _) = a.create().await;
    // already_in_room
    a.send(json!({"type":"create"})).await;
    a.expect_error("already_in_room").await;
    a.send(json!({"type":"join","room":room})).await;
    a.expect_error("already_in_room").await;
    a.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    a.expect_error("already_in_room").await;
    // unknown_peer: nobody, and the sender itself
    a.send(json!({"type":"signal","to":"nobody","data":1}))
        .await;
    a.expect_error("unknown_peer").await;
    a.send(json!({"type":"signal","to":a_id,"data":1})).await;
    a.expect_error("unknown_peer").await;

    // room_full
    let mut b = Client::connect(r.addr).await;
    b.join(&room).await;
    a.expect("peer_joined").await;
    let mut c = Client::connect(r.addr).await;
    c.send(json!({"type":"join","room":room})).await;
    c.expect_error("room_full").await;
    // bad_secret
    c.send(json!({"type":"reclaim","room":room,"host_secret":"wrong"}))
        .await;
    c.expect_error("bad_secret").await;
    // server_full for rooms: a second room fits, a third does not
    c.create().await;
    let mut d = Client::connect(r.addr).await;
    d.send(json!({"type":"create"})).await;
    d.expect_error("server_full").await;

    // bad_message
    for bad in [
        "not json",
        "{}",
        "[]",
        "\"create\"",
        "null",
        r#"{"type":"fly"}"#,
        r#"{"type":"join"}"#,
        r#"{"type":"join","room":5}"#,
        r#"{"type":"signal","to":"x"}"#,
        r#"{"type":"signal","to":7,"data":1}"#,
        r#"{"type":"reclaim","room":"ABCDEF"}"#,
        r#"{"type":5}"#,
    ] {
        d.send_text(bad).await;
        d.expect_error("bad_message").await;
    }
    d.send_binary(b"{\"type\":\"ping\"}").await;
    d.expect_error("bad_message").await;

    // too_large
    let big = json!({"type":"signal","to":"x","data":"y".repeat(20_000)});
    d.send(big).await;
    d.expect_error("too_large").await;

    // Nobody else heard any of it, and every connection still works.
    for client in [&mut a, &mut b, &mut c, &mut d] {
        client.expect_nothing_else().await;
    }
}

#[tokio::test]
async fn server_full_for_connections() {
    // The bound is each instance's own (its memory and descriptors): fill every one.
    let r = relay(&["--max-connections", "1"]).await;
    let mut a = Client::connect(r.addr).await;
    a.expect_nothing_else().await;
    let mut rest = Vec::new();
    for _ in 1..r.instances().count() {
        let mut c = Client::connect(r.addr).await;
        c.expect_nothing_else().await;
        rest.push(c);
    }
    let mut b = Client::connect(r.addr).await;
    b.expect_error("server_full").await;
    let close = b.closed().await.expect("close frame");
    assert_eq!(u16::from(close.code), 1013);
    a.expect_nothing_else().await;
    drop(a);
    // The place frees up once the relay has seen the first connection go: asked again
    // until then (through a balancer, a try may reach a full instance).
    until("the connection slot was never freed", || async {
        let mut c = Client::connect(r.addr).await;
        c.send(json!({"type":"ping"})).await;
        (c.recv().await["type"] == "pong").then_some(c)
    })
    .await;
}

#[tokio::test]
async fn ten_peers_signal_among_all_pairs() {
    let r = relay(&[]).await;
    let mut clients = Vec::new();
    let mut ids = Vec::new();
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, _, _) = host.create().await;
    clients.push(host);
    ids.push(host_id);
    for n in 1..10 {
        let mut c = Client::connect(r.addr).await;
        let joined = c.join(&room).await;
        let peers: Vec<String> = joined["peers"]
            .as_array()
            .expect("peers")
            .iter()
            .map(|p| p.as_str().unwrap_or("").to_owned())
            .collect();
        assert_eq!(peers, ids, "peers lists everyone before, in order");
        let id = joined["peer"].as_str().expect("peer").to_owned();
        for earlier in clients.iter_mut() {
            assert_eq!(earlier.expect("peer_joined").await["peer"], id.as_str());
        }
        clients.push(c);
        ids.push(id);
        assert_eq!(clients.len(), n + 1);
    }
    for (i, c) in clients.iter_mut().enumerate() {
        for (j, to) in ids.iter().enumerate() {
            if i != j {
                c.send(json!({"type":"signal","to":to,"data":{"from_index":i,"to_index":j}}))
                    .await;
            }
        }
    }
    for (j, c) in clients.iter_mut().enumerate() {
        let mut seen = HashSet::new();
        for _ in 0..9 {
            let s = c.expect("signal").await;
            let i = s["data"]["from_index"].as_u64().expect("index") as usize;
            assert_eq!(s["data"]["to_index"], j);
            assert_eq!(s["from"], ids[i].as_str());
            assert!(seen.insert(i));
        }
        c.expect_nothing_else().await;
    }
    assert_eq!(r.counts().await, (1, 10));
}

#[tokio::test]
async fn host_drop_and_reclaim() {
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, secret, _) = host.create().await;
    let mut guest = Client::connect(r.addr).await;
    let guest_id = guest.join(&room).await["peer"]
        .as_str()
        .expect("peer")
        .to_owned();
    host.expect("peer_joined").await;

    drop(host);
    assert_eq!(guest.expect("peer_left").await["peer"], host_id.as_str());

    // The absent host cannot be signalled; its place stays reserved.
    guest
        .send(json!({"type":"signal","to":host_id,"data":1}))
        .await;
    guest.expect_error("unknown_peer").await;

    // A wrong secret fails and harms nothing.
    let mut thief = Client::connect(r.addr).await;
    thief
        .send(json!({"type":"reclaim","room":room,"host_secret":"x".repeat(22)}))
        .await;
    thief.expect_error("bad_secret").await;
    guest.expect_nothing_else().await;

    let mut back = Client::connect(r.addr).await;
    let spelled = format!("{}-{}", room[..3].to_lowercase(), &room[3..]);
    back.send(json!({"type":"reclaim","room":spelled,"host_secret":secret}))
        .await;
    let joined = back.expect("joined").await;
    assert_eq!(joined["peer"], host_id.as_str(), "the host keeps its id");
    assert_eq!(joined["host"], host_id.as_str());
    assert_eq!(joined["room"], room.as_str());
    assert_eq!(joined["peers"], json!([guest_id]));
    assert_eq!(guest.expect("peer_joined").await["peer"], host_id.as_str());

    guest
        .send(json!({"type":"signal","to":host_id,"data":"hi"}))
        .await;
    assert_eq!(back.expect("signal").await["data"], "hi");
}

#[tokio::test]
async fn a_reclaim_replaces_the_open_host_connection_with_close_4000() {
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, secret, _) = host.create().await;
    let mut guest = Client::connect(r.addr).await;
    guest.join(&room).await;
    host.expect("peer_joined").await;

    let mut second = Client::connect(r.addr).await;
    second
        .send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    assert_eq!(second.expect("joined").await["peer"], host_id.as_str());
    let close = host.closed().await.expect("close frame");
    assert_eq!(u16::from(close.code), 4000);
    assert_eq!(guest.expect("peer_joined").await["peer"], host_id.as_str());
    guest.expect_nothing_else().await;
    assert_eq!(r.counts().await, (1, 2));
}

#[tokio::test]
async fn failed_joins_are_throttled_per_address_before_lookup() {
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, _, secret, _) = host.create().await;

    let mut guesser = Client::connect(r.addr).await;
    for i in 0..10 {
        let code = format!(
            "{}{}",
            if i < 5 { "22222" } else { "33333" },
            char::from(b'2' + (i % 5))
        );
        if i % 2 == 0 {
            guesser.send(json!({"type":"join","room":code})).await;
        } else {
            // Failed reclaims count too.
            guesser
                .send(json!({"type":"reclaim","room":code,"host_secret":"guess"}))
                .await;
        }
        guesser.expect_error("no_such_room").await;
    }
    // Past the budget even a real code is refused, and a right secret too.
    guesser.send(json!({"type":"join","room":room})).await;
    guesser.expect_error("rate_limited").await;
    guesser
        .send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    guesser.expect_error("rate_limited").await;
    // The same address on a new connection is still throttled.
    let mut again = Client::connect(r.addr).await;
    again.send(json!({"type":"join","room":room})).await;
    again.expect_error("rate_limited").await;
    // Another address is not, and the room is unharmed.
    let mut other = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    other.join(&room).await;
    host.expect("peer_joined").await;
    host.expect_nothing_else().await;
}

#[tokio::test]
async fn a_burst_passes_then_rate_limited() {
    let r = relay(&[]).await;
    let mut c = Client::connect(r.addr).await;
    // The clock stands still from here: no token comes back while the burst is read,
    // however long a loaded machine takes over it.
    tokio::time::pause();
    let _clock = hold_clock();
    for _ in 0..70 {
        c.send(json!({"type":"ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    for _ in 0..70 {
        let v = c.recv().await;
        match v["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") if v["code"] == "rate_limited" => limited += 1,
            _ => panic!("unexpected {v}"),
        }
    }
    assert_eq!((pongs, limited), (60, 10), "the burst is 60");
}

#[tokio::test]
async fn the_third_oversize_frame_closes_with_1008() {
    let r = relay(&["--frame-bytes", "1000"]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, _, _) = host.create().await;
    let mut c = Client::connect(r.addr).await;
    c.join(&room).await;
    host.expect("peer_joined").await;
    let big = json!({"type":"signal","to":host_id,"data":"x".repeat(1000)});
    c.send(big.clone()).await;
    c.expect_error("too_large").await;
    c.expect_nothing_else().await;
    c.send(big.clone()).await;
    c.expect_error("too_large").await;
    c.send(big).await;
    c.expect_error("too_large").await;
    let close = c.closed().await.expect("close frame");
    assert_eq!(u16::from(close.code), 1008);
    // The room lost the abuser and nothing else.
    host.expect("peer_left").await;
    host.expect_nothing_else().await;
}

#[tokio::test]
async fn hostile_input_gets_its_error_and_nothing_else_is_affected() {
    let r = relay(&[]).await;
    let mut h1 = Client::connect(r.addr).await;
    let (room1, h1_id, _, _) = h1.create().await;
    let mut h2 = Client::connect(r.addr).await;
    let (room2, _, _, _) = h2.create().await;
    assert_ne!(room1, room2);
    let mut x = Client::connect(r.addr).await;
    x.join(&room2).await;
    h2.expect("peer_joined").await;

    // A signal to a peer of another room.
    x.send(json!({"type":"signal","to":h1_id,"data":"sneaky"}))
        .await;
    x.expect_error("unknown_peer").await;
    // Deep nesting within the frame limit.
    let deep = format!(
        "{{\"type\":\"signal\",\"to\":\"a\",\"data\":{}{}}}",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    x.send_text(&deep).await;
    x.expect_error("bad_message").await;
    // Huge strings: within the limit they are looked up (and found wanting) cheaply.
    x.send(json!({"type":"signal","to":"p".repeat(15_000),"data":1}))
        .await;
    x.expect_error("unknown_peer").await;
    let mut y = Client::connect(r.addr).await;
    y.send(json!({"type":"join","room":"A".repeat(15_000)}))
        .await;
    y.expect_error("no_such_room").await;
    y.send(json!({"type":"join","room":"A".repeat(200_000)}))
        .await;
    y.expect_error("too_large").await;
    // Invalid UTF-8 is refused by the WebSocket layer; broken JSON by us.
    y.send_text("{\"type\":\"join\",\"room\":\"AB").await;
    y.expect_error("bad_message").await;
    y.send_text("{\"type\":\"create\"} trailing").await;
    y.expect_error("bad_message").await;
    y.send_binary(&[0xff; 64]).await;
    y.expect_error("bad_message").await;

    for c in [&mut h1, &mut h2, &mut x, &mut y] {
        c.expect_nothing_else().await;
    }
    assert_eq!(r.counts().await, (2, 3));
}

#[tokio::test]
async fn origins_are_checked_before_the_upgrade() {
    let r = relay(&[
        "--allowed-origins",
        "https://coup.example,https://other.example",
    ])
    .await;
    assert_eq!(
        Client::connect_with_origin(r.addr, "https://evil.example")
            .await
            .err(),
        Some(403)
    );
    let mut ok = Client::connect_with_origin(r.addr, "https://coup.example")
        .await
        .expect("allowed");
    ok.expect_nothing_else().await;
    let mut native = Client::connect(r.addr).await;
    native.expect_nothing_else().await;
    let metrics = r.metrics().await;
    assert!(
        metrics.contains("coup_relay_connections_refused_total{reason=\"origin\"} 1\n"),
        "{metrics}"
    );
}

#[tokio::test]
async fn turn_credentials_are_fresh_in_created_and_joined() {
    let r = relay(&[
        "--stun-urls",
        "stun:turn.example:3478",
        "--turn-urls",
        "turn:turn.example:3478?transport=udp,turns:turn.example:5349",
        "--turn-secret",
        "s3cret",
        "--turn-ttl",
        "600",
    ])
    .await;
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, _, created) = host.create().await;
    let ice = &created["ice_servers"];
    assert_eq!(ice[0], json!({"urls":["stun:turn.example:3478"]}));
    assert_eq!(
        ice[1]["urls"],
        json!([
            "turn:turn.example:3478?transport=udp",
            "turns:turn.example:5349"
        ])
    );
    let username = ice[1]["username"].as_str().expect("username");
    let (expiry, name) = username.split_once(':').expect("expiry:name");
    assert_eq!(name, host_id);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("time")
        .as_secs();
    let expiry: u64 = expiry.parse().expect("number");
    assert!((now + 590..=now + 610).contains(&expiry));
    assert_eq!(
        ice[1]["credential"],
        coup_server::ice::turn_credential("s3cret", username).as_str()
    );

    let mut guest = Client::connect(r.addr).await;
    let joined = guest.join(&room).await;
    assert!(joined["ice_servers"][1]["credential"].is_string());
}

/// The STUN URLs of an answer's `ice_servers` (none: empty).
fn stun_urls(answer: &Value) -> Vec<String> {
    answer["ice_servers"]
        .as_array()
        .expect("ice_servers")
        .iter()
        .flat_map(|s| s["urls"].as_array().cloned().unwrap_or_default())
        .filter_map(|u| u.as_str().map(str::to_owned))
        .filter(|u| u.starts_with("stun:"))
        .collect()
}

#[tokio::test]
async fn the_own_stun_server_is_handed_out_by_the_host_the_page_used() {
    let r = relay(&["--stun-bind", "127.0.0.1:0"]).await;
    // In a cluster each instance has its own STUN port; the answer names the port of
    // the instance that served the connection.
    let ports: Vec<u16> = r
        .instances()
        .map(|i| i.hub.stun_addr().expect("STUN bound").port())
        .collect();
    let one_of = |urls: Vec<String>, host: &str| {
        assert_eq!(urls.len(), 1, "{urls:?}");
        assert!(
            ports.iter().any(|p| urls[0] == format!("stun:{host}:{p}")),
            "{urls:?} for {host}, ports {ports:?}"
        );
    };
    // The Host a WebSocket client sends by default: the address and port it dialled.
    let mut host = Client::connect(r.addr).await;
    let (room, _, secret, created) = host.create().await;
    one_of(stun_urls(&created), "127.0.0.1");
    for (header, want) in [
        ("coup.example.org", "coup.example.org"),
        ("Relay.Example:8443", "relay.example"),
        ("[2001:db8::1]:8080", "[2001:db8::1]"),
        ("[2001:DB8::1]", "[2001:db8::1]"),
        ("192.0.2.7", "192.0.2.7"),
    ] {
        let mut guest = Client::connect_with_host(r.addr, header).await;
        let joined = guest.join(&room).await;
        one_of(stun_urls(&joined), want);
        assert_eq!(joined["ice_servers"].as_array().map(Vec::len), Some(1));
        guest.send(json!({"type":"leave"})).await;
        guest.expect_nothing_else().await;
    }
    // An odd Host gets no STUN URL rather than an echo of it.
    for odd in [
        "bad host",
        "evil.example/x",
        "[fe80::1%25eth0]:80",
        "a:b:c",
        "x.example:99999",
    ] {
        let mut c = Client::connect_with_host(r.addr, odd).await;
        let (_, _, _, created) = c.create().await;
        assert_eq!(created["ice_servers"], json!([]), "{odd}");
    }
    // A reclaim's `joined` too, by the host the reclaiming page used.
    drop(host);
    let mut back = Client::connect_with_host(r.addr, "coup.example.org:443").await;
    back.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    one_of(stun_urls(&back.expect("joined").await), "coup.example.org");
}

#[tokio::test]
async fn no_stun_url_without_the_own_server_and_exactly_the_configured_ones() {
    let off = relay(&["--stun-bind", "off"]).await;
    let mut c = Client::connect_with_host(off.addr, "coup.example.org").await;
    let (room, _, _, created) = c.create().await;
    assert_eq!(created["ice_servers"], json!([]));
    let mut g = Client::connect_with_host(off.addr, "coup.example.org").await;
    assert_eq!(g.join(&room).await["ice_servers"], json!([]));

    let urls = "stun:stun1.example:3478,stun:stun2.example:19302";
    let configured = relay(&["--stun-bind", "127.0.0.1:0", "--stun-urls", urls]).await;
    let mut c = Client::connect_with_host(configured.addr, "coup.example.org").await;
    let (room, _, _, created) = c.create().await;
    let want = json!([{"urls":["stun:stun1.example:3478","stun:stun2.example:19302"]}]);
    assert_eq!(created["ice_servers"], want);
    let mut g = Client::connect_with_host(configured.addr, "coup.example.org").await;
    assert_eq!(g.join(&room).await["ice_servers"], want);
}

#[tokio::test]
async fn metrics_count_rooms_peers_forwards_and_errors() {
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, host_id, _, _) = host.create().await;
    let mut guest = Client::connect(r.addr).await;
    guest.join(&room).await;
    for _ in 0..3 {
        guest
            .send(json!({"type":"signal","to":host_id,"data":{}}))
            .await;
    }
    guest.send(json!({"type":"join","room":"222222"})).await;
    guest.expect_error("already_in_room").await;
    guest.send_text("nope").await;
    guest.expect_error("bad_message").await;
    host.expect("peer_joined").await;
    for _ in 0..3 {
        host.expect("signal").await;
    }
    let body = r.metrics().await;
    for line in [
        "coup_relay_rooms 1\n",
        "coup_relay_peers 2\n",
        "coup_relay_connections 2\n",
        "coup_relay_messages_forwarded_total 3\n",
        "coup_relay_errors_total{code=\"already_in_room\"} 1\n",
        "coup_relay_errors_total{code=\"bad_message\"} 1\n",
        "coup_relay_errors_total{code=\"no_such_room\"} 0\n",
    ] {
        assert!(body.contains(line), "missing {line:?} in\n{body}");
    }
    assert!(http_get(r.addr, "/healthz").await.ends_with("\r\n\r\nok"));
}

#[tokio::test]
async fn shutdown_closes_every_connection_with_1001() {
    let mut r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, _, _, _) = host.create().await;
    let mut guest = Client::connect(r.addr).await;
    guest.join(&room).await;
    host.expect("peer_joined").await;
    r.stop_all();
    for c in [&mut host, &mut guest] {
        let close = c.closed().await.expect("close frame");
        assert_eq!(u16::from(close.code), 1001);
    }
    for done in r.shutdown().await {
        assert!(done.is_ok(), "{done:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_stays_bounded_under_churn() {
    // Every client is on one loopback address: lift the per-address limits.
    let r = relay(&[
        "--reclaim-grace",
        "0",
        "--connections-per-address",
        "1000",
        "--rooms-per-address",
        "1000",
        "--creates-per-minute",
        "100000",
    ])
    .await;
    let addr = r.addr;
    for _round in 0..20 {
        let mut tasks = Vec::new();
        for _ in 0..20 {
            tasks.push(tokio::spawn(async move {
                let mut host = Client::connect(addr).await;
                let (room, _, _, _) = host.create().await;
                let mut guests = Vec::new();
                for _ in 0..4 {
                    let mut g = Client::connect(addr).await;
                    g.join(&room).await;
                    guests.push(g);
                }
                let mut g0 = guests.pop().expect("a guest"); // the last one has heard of nobody after it
                g0.send(json!({"type":"signal","to":"nobody","data":{}}))
                    .await;
                g0.expect_error("unknown_peer").await;
                g0.send_text("garbage").await;
                g0.expect_error("bad_message").await;
                // Half leave politely, half just vanish.
                g0.send(json!({"type":"leave"})).await;
                g0.expect_nothing_else().await;
                drop(guests);
                drop(host);
            }));
        }
        for t in tasks {
            t.await.expect("task");
        }
    }
    // Every table drains back to empty.
    until("the tables never drained", || async {
        ((r.open_connections(), r.counts().await) == (0, (0, 0))).then_some(())
    })
    .await;
    let metrics = r.metrics().await;
    assert!(
        metrics.contains("coup_relay_connections_total 2000\n"),
        "{metrics}"
    );
}

#[tokio::test]
async fn normalize_code_and_the_relay_agree() {
    // The relay's answers are canonical codes; the client may show them with a dash.
    let r = relay(&[]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, _, _, _) = host.create().await;
    assert_eq!(normalize_code(&room).as_deref(), Some(room.as_str()));
    let shown = format!("{}-{}", &room[..3], &room[3..]);
    let mut g = Client::connect(r.addr).await;
    assert_eq!(g.join(&shown).await["room"], Value::String(room));
}

/// The peer id in a `joined` answer.
fn peer_of(joined: &Value) -> String {
    joined["peer"].as_str().expect("peer").to_owned()
}

#[tokio::test]
async fn a_guest_that_left_stays_bannable_however_often_its_address_comes_back() {
    // Room messages past the default burst: the cycles run back to back.
    let r = relay(&["--rate", "1000", "--burst", "1000"]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, ..) = host.create().await;
    let mut guest = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    let first = peer_of(&guest.join(&room).await);
    host.expect("peer_joined").await;
    guest.send(json!({"type":"leave"})).await;
    assert_eq!(host.expect("peer_left").await["peer"], first.as_str());
    // The same address joins and leaves until the room refuses it, which it must do
    // before the first departure could be forgotten (64 departures per address).
    let mut departures = 1;
    loop {
        guest.send(json!({"type":"join","room":room})).await;
        let answer = guest.recv().await;
        if answer["type"] == "error" {
            assert_eq!(answer["code"], "rate_limited", "got {answer}");
            break;
        }
        assert_eq!(answer["type"], "joined", "got {answer}");
        host.expect("peer_joined").await;
        guest.send(json!({"type":"leave"})).await;
        host.expect("peer_left").await;
        departures += 1;
        assert!(departures <= 64, "the address left {departures} times");
    }
    assert_eq!(departures, 64);
    // The host removes the person it knew: the address is banned, not merely throttled.
    host.send(json!({"type":"kick","peer":first})).await;
    host.expect_nothing_else().await;
    let mut again = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    again.send(json!({"type":"join","room":room})).await;
    again.expect_error("banned").await;
    // Other addresses still join.
    let mut other = Client::connect_from(r.addr, [127, 0, 0, 3].into()).await;
    other.join(&room).await;
}

#[tokio::test]
async fn the_hosts_own_address_joins_and_leaves_its_room_without_limit() {
    // Never banned, it has no ban to dodge: a household behind the host's address keeps
    // coming back however often its links drop.
    let r = relay(&["--rate", "1000", "--burst", "1000"]).await;
    let mut host = Client::connect_from(r.addr, [127, 0, 0, 7].into()).await;
    let (room, ..) = host.create().await;
    let mut guest = Client::connect_from(r.addr, [127, 0, 0, 7].into()).await;
    for _ in 0..70 {
        guest.join(&room).await;
        host.expect("peer_joined").await;
        guest.send(json!({"type":"leave"})).await;
        host.expect("peer_left").await;
    }
}

#[tokio::test]
async fn the_hosts_own_address_is_never_banned_from_its_room() {
    let r = relay(&[]).await;
    let mut host = Client::connect_from(r.addr, [127, 0, 0, 5].into()).await;
    let (room, ..) = host.create().await;
    // Someone behind the host's address, removed while present.
    let mut housemate = Client::connect_from(r.addr, [127, 0, 0, 5].into()).await;
    let id = peer_of(&housemate.join(&room).await);
    host.expect("peer_joined").await;
    host.send(json!({"type":"kick","peer":id})).await;
    assert_eq!(host.expect("peer_left").await["peer"], id.as_str());
    // Another from that address gets in, and is removed after it left.
    let mut next = Client::connect_from(r.addr, [127, 0, 0, 5].into()).await;
    let id = peer_of(&next.join(&room).await);
    host.expect("peer_joined").await;
    drop(next);
    assert_eq!(host.expect("peer_left").await["peer"], id.as_str());
    host.send(json!({"type":"kick","peer":id})).await;
    host.expect_nothing_else().await;
    let mut third = Client::connect_from(r.addr, [127, 0, 0, 5].into()).await;
    third.join(&room).await;
    host.expect("peer_joined").await;
    // The same two kicks do ban any other address.
    let mut stranger = Client::connect_from(r.addr, [127, 0, 0, 6].into()).await;
    let id = peer_of(&stranger.join(&room).await);
    host.expect("peer_joined").await;
    host.send(json!({"type":"kick","peer":id})).await;
    assert_eq!(host.expect("peer_left").await["peer"], id.as_str());
    stranger.send(json!({"type":"join","room":room})).await;
    stranger.expect_error("banned").await;
}

#[tokio::test]
async fn a_room_bans_at_most_64_addresses_and_forgets_the_oldest_first() {
    let r = relay(&["--rate", "1000", "--burst", "1000"]).await;
    let mut host = Client::connect(r.addr).await;
    let (room, ..) = host.create().await;
    let address = |n: u8| std::net::IpAddr::from([127, 0, 1, n]);
    for n in 0..65 {
        let mut guest = Client::connect_from(r.addr, address(n)).await;
        let id = peer_of(&guest.join(&room).await);
        host.expect("peer_joined").await;
        host.send(json!({"type":"kick","peer":id})).await;
        assert_eq!(host.expect("peer_left").await["peer"], id.as_str());
    }
    // The first ban made way for the 65th; the other 64 hold.
    let mut first = Client::connect_from(r.addr, address(0)).await;
    first.join(&room).await;
    for n in [1, 63, 64] {
        let mut guest = Client::connect_from(r.addr, address(n)).await;
        guest.send(json!({"type":"join","room":room})).await;
        guest.expect_error("banned").await;
    }
}

/// A room created with `handover`, its host, and `guests` guests joined in this order
/// from these loopback addresses (the host's is 127.0.0.1), each told of the later ones:
/// (host, code, host id, host secret, guests with their ids).
async fn handover_room(
    r: &common::Relay,
    guests: &[&str],
) -> (Client, String, String, String, Vec<(Client, String)>) {
    let mut host = Client::connect_from(r.addr, [127, 0, 0, 1].into()).await;
    host.send(json!({"type":"create","handover":true})).await;
    let created = host.expect("created").await;
    assert_eq!(created["handover"], true, "{created}");
    let s = |k: &str| created[k].as_str().expect("string field").to_owned();
    let (room, host_id, secret) = (s("room"), s("peer"), s("host_secret"));
    let mut joined: Vec<(Client, String)> = Vec::new();
    for ip in guests {
        let mut g = Client::connect_from(r.addr, ip.parse().expect("ip")).await;
        let id = g.join(&room).await["peer"]
            .as_str()
            .expect("peer")
            .to_owned();
        assert_eq!(host.expect("peer_joined").await["peer"], id.as_str());
        for (other, _) in &mut joined {
            assert_eq!(other.expect("peer_joined").await["peer"], id.as_str());
        }
        joined.push((g, id));
    }
    (host, room, host_id, secret, joined)
}

#[tokio::test]
async fn a_handover_room_passes_to_the_guest_there_longest_when_its_host_is_gone() {
    let r = relay(&["--handover-grace", "0"]).await;
    let (host, room, host_id, secret, mut guests) =
        handover_room(&r, &["127.0.0.2", "127.0.0.3", "127.0.0.2"]).await;
    let ids: Vec<String> = guests.iter().map(|(_, id)| id.clone()).collect();
    drop(host);
    for (g, _) in &mut guests {
        assert_eq!(g.expect("peer_left").await["peer"], host_id.as_str());
    }
    // The first guest to join is host now, with a secret of its own; the others are told.
    let promoted = guests[0].0.expect("promoted").await;
    assert_eq!(promoted["room"], room.as_str());
    assert_eq!(promoted["previous"], host_id.as_str());
    assert_eq!(promoted["peers"], json!([ids[1], ids[2]]));
    let new_secret = promoted["host_secret"].as_str().expect("secret").to_owned();
    assert!(new_secret.len() >= 22 && new_secret != secret);
    for (g, _) in &mut guests[1..] {
        let changed = g.expect("host_changed").await;
        assert_eq!(
            changed,
            json!({"type":"host_changed","host":ids[0],"previous":host_id})
        );
    }
    for (g, _) in &mut guests {
        g.expect_nothing_else().await;
    }

    // The old host's secret no longer reclaims the room: it is told so, and joins as a
    // guest (from its old address, which is not the host's any more).
    let mut old = Client::connect_from(r.addr, [127, 0, 0, 1].into()).await;
    old.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    old.expect_error("handed_over").await;
    let rejoined = old.join(&room).await;
    assert_eq!(rejoined["host"], ids[0].as_str());
    assert_eq!(rejoined["peers"], json!(ids));
    let old_id = rejoined["peer"].as_str().expect("peer").to_owned();
    assert_ne!(old_id, host_id);
    for (g, _) in &mut guests {
        assert_eq!(g.expect("peer_joined").await["peer"], old_id.as_str());
    }

    // The new host may kick: the old host's address is banned now, the new host's own
    // address never is.
    let (new_host, rest) = guests.split_at_mut(1);
    let new_host = &mut new_host[0].0;
    new_host.send(json!({"type":"kick","peer":old_id})).await;
    assert_eq!(new_host.expect("peer_left").await["peer"], old_id.as_str());
    for (g, _) in rest.iter_mut() {
        assert_eq!(g.expect("peer_left").await["peer"], old_id.as_str());
    }
    old.send(json!({"type":"join","room":room})).await;
    old.expect_error("banned").await;
    new_host.send(json!({"type":"kick","peer":ids[2]})).await;
    assert_eq!(new_host.expect("peer_left").await["peer"], ids[2].as_str());
    assert_eq!(rest[0].0.expect("peer_left").await["peer"], ids[2].as_str());
    let mut same_address = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    let again = same_address.join(&room).await;
    assert_eq!(again["host"], ids[0].as_str());
    assert!(new_host.expect("peer_joined").await["peer"].is_string());
    assert!(rest[0].0.expect("peer_joined").await["peer"].is_string());

    // The new host's secret is the room's: a handover room hands over again.
    new_host
        .send(json!({"type":"signal","to":ids[1],"data":"from the new host"}))
        .await;
    assert_eq!(rest[0].0.expect("signal").await["from"], ids[0].as_str());
    let _ = new_secret;
}

#[tokio::test]
async fn hand_over_passes_the_room_on_at_once_to_the_guest_named_or_there_longest() {
    let r = relay(&[]).await;
    let (mut host, room, host_id, _, mut guests) =
        handover_room(&r, &["127.0.0.2", "127.0.0.3", "127.0.0.4"]).await;
    let ids: Vec<String> = guests.iter().map(|(_, id)| id.clone()).collect();

    // To the guest named: the sender is told whom, and is out of the room.
    host.send(json!({"type":"hand_over","to":ids[1]})).await;
    assert_eq!(
        host.expect("host_changed").await,
        json!({"type":"host_changed","host":ids[1],"previous":host_id})
    );
    for (g, _) in &mut guests {
        assert_eq!(g.expect("peer_left").await["peer"], host_id.as_str());
    }
    let promoted = guests[1].0.expect("promoted").await;
    assert_eq!(promoted["room"], room.as_str());
    assert_eq!(promoted["previous"], host_id.as_str());
    assert_eq!(promoted["peers"], json!([ids[0], ids[2]]));
    for i in [0, 2] {
        let changed = guests[i].0.expect("host_changed").await;
        assert_eq!(changed["host"], ids[1].as_str());
    }
    host.send(json!({"type":"signal","to":ids[1],"data":1}))
        .await;
    host.expect_error("not_in_room").await;
    host.expect_nothing_else().await;

    // Without `to`: the guest there longest.
    guests[1].0.send(json!({"type":"hand_over"})).await;
    assert_eq!(
        guests[1].0.expect("host_changed").await,
        json!({"type":"host_changed","host":ids[0],"previous":ids[1]})
    );
    assert_eq!(
        guests[0].0.expect("peer_left").await["peer"],
        ids[1].as_str()
    );
    let promoted = guests[0].0.expect("promoted").await;
    assert_eq!(promoted["peers"], json!([ids[2]]));
    assert_eq!(
        guests[2].0.expect("peer_left").await["peer"],
        ids[1].as_str()
    );
    assert_eq!(
        guests[2].0.expect("host_changed").await["host"],
        ids[0].as_str()
    );
    for (g, _) in &mut guests {
        g.expect_nothing_else().await;
    }
    // The new host is the host: it kicks.
    guests[0].0.send(json!({"type":"kick","peer":ids[2]})).await;
    assert_eq!(
        guests[0].0.expect("peer_left").await["peer"],
        ids[2].as_str()
    );
    guests[0].0.expect_nothing_else().await;
    guests[2]
        .0
        .send(json!({"type":"signal","to":ids[0],"data":1}))
        .await;
    guests[2].0.expect_error("not_in_room").await;
}

#[tokio::test]
async fn hand_over_and_handover_are_checked() {
    let r = relay(&[]).await;
    let mut outsider = Client::connect(r.addr).await;
    for bad in [
        json!({"type":"create","handover":"yes"}),
        json!({"type":"create","handover":1}),
        json!({"type":"create","handover":null}),
        json!({"type":"hand_over","to":5}),
        json!({"type":"hand_over","to":{"peer":"x"}}),
    ] {
        outsider.send(bad).await;
        outsider.expect_error("bad_message").await;
    }
    outsider.send(json!({"type":"hand_over"})).await;
    outsider.expect_error("not_in_room").await;

    // A room created without handover says nothing of it, and has no hand_over.
    let mut plain = Client::connect(r.addr).await;
    let (plain_room, _, _, created) = plain.create().await;
    assert!(created.get("handover").is_none(), "{created}");
    let mut plain_guest = Client::connect(r.addr).await;
    plain_guest.join(&plain_room).await;
    plain.expect("peer_joined").await;
    plain.send(json!({"type":"hand_over"})).await;
    plain.expect_error("bad_message").await;
    plain_guest.send(json!({"type":"hand_over"})).await;
    plain_guest.expect_error("not_host").await;

    // A host alone has nobody to hand the room to.
    let (mut host, _, host_id, _, _) = handover_room(&r, &[]).await;
    host.send(json!({"type":"hand_over"})).await;
    host.expect_error("unknown_peer").await;
    let (mut host, _, host_id2, _, mut guests) = handover_room(&r, &["127.0.0.2"]).await;
    let guest_id = guests[0].1.clone();
    for to in ["nobody", host_id2.as_str(), host_id.as_str()] {
        host.send(json!({"type":"hand_over","to":to})).await;
        host.expect_error("unknown_peer").await;
    }
    guests[0].0.send(json!({"type":"hand_over"})).await;
    guests[0].0.expect_error("not_host").await;
    guests[0]
        .0
        .send(json!({"type":"hand_over","to":guest_id}))
        .await;
    guests[0].0.expect_error("not_host").await;
    // The room is unharmed: the host is still host.
    host.send(json!({"type":"signal","to":guest_id,"data":"still here"}))
        .await;
    assert_eq!(
        guests[0].0.expect("signal").await["from"],
        host_id2.as_str()
    );
    guests[0].0.expect_nothing_else().await;
    host.expect_nothing_else().await;
}

#[tokio::test]
async fn a_handover_room_with_no_guest_waits_for_its_host_and_then_closes() {
    let r = relay(&["--handover-grace", "0", "--reclaim-grace", "1"]).await;
    let (host, _, _, _, mut guests) = handover_room(&r, &["127.0.0.2"]).await;
    guests[0].0.send(json!({"type":"leave"})).await;
    guests[0].0.expect_nothing_else().await;
    drop(host);
    until("the room with no guest closes", || async {
        (r.counts().await == (0, 0)).then_some(())
    })
    .await;
    guests[0].0.expect_nothing_else().await;

    // A guest that enters while such a room waits for its host, past the handover grace,
    // is made its host.
    let r = relay(&["--handover-grace", "0", "--reclaim-grace", "60"]).await;
    let (host, room, host_id, _, _) = handover_room(&r, &[]).await;
    drop(host);
    until("the host is out", || async {
        (r.counts().await == (1, 0)).then_some(())
    })
    .await;
    let mut late = Client::connect_from(r.addr, [127, 0, 0, 2].into()).await;
    let joined = late.join(&room).await;
    assert_eq!(joined["host"], host_id.as_str());
    let promoted = late.expect("promoted").await;
    assert_eq!(promoted["previous"], host_id.as_str());
    assert_eq!(promoted["peers"], json!([]));
    late.expect_nothing_else().await;
}

/// Sends a `deposit` from `host` and checks it is not answered (so it was kept before
/// anything the test does next).
async fn deposit(host: &mut Client, part: &str) {
    host.send(json!({"type":"deposit","part":part})).await;
    host.expect_nothing_else().await;
}

#[tokio::test]
async fn the_guest_made_host_gets_the_last_deposit_and_the_others_do_not() {
    let r = relay(&["--handover-grace", "0"]).await;
    let (mut host, room, host_id, _, mut guests) =
        handover_room(&r, &["127.0.0.2", "127.0.0.3", "127.0.0.4"]).await;
    let ids: Vec<String> = guests.iter().map(|(_, id)| id.clone()).collect();
    deposit(&mut host, "1.first-key_part").await;
    // The latest wins; the longest possible is kept whole.
    let longest = format!("2.{}", &"Az09-_.".repeat(9)[..62]);
    assert_eq!(longest.len(), 64);
    deposit(&mut host, &longest).await;
    for (g, _) in &mut guests {
        g.expect_nothing_else().await;
    }
    drop(host);
    for (g, _) in &mut guests {
        assert_eq!(g.expect("peer_left").await["peer"], host_id.as_str());
    }
    let promoted = guests[0].0.expect("promoted").await;
    let secret = promoted["host_secret"].clone();
    assert_eq!(
        promoted,
        json!({"type":"promoted","room":room,"host_secret":secret,"previous":host_id,
            "peers":[ids[1], ids[2]],"deposit":longest})
    );
    for (g, _) in &mut guests[1..] {
        assert_eq!(
            g.expect("host_changed").await,
            json!({"type":"host_changed","host":ids[0],"previous":host_id})
        );
    }

    // The room holds no deposit now: the next promotion carries none, until its host
    // deposits its own.
    guests[0].0.send(json!({"type":"hand_over"})).await;
    assert_eq!(
        guests[0].0.expect("host_changed").await,
        json!({"type":"host_changed","host":ids[1],"previous":ids[0]})
    );
    assert_eq!(
        guests[1].0.expect("peer_left").await["peer"],
        ids[0].as_str()
    );
    let promoted = guests[1].0.expect("promoted").await;
    assert_eq!(promoted["previous"], ids[0].as_str());
    assert!(promoted.get("deposit").is_none(), "{promoted}");
    assert_eq!(
        guests[2].0.expect("peer_left").await["peer"],
        ids[0].as_str()
    );
    assert_eq!(
        guests[2].0.expect("host_changed").await,
        json!({"type":"host_changed","host":ids[1],"previous":ids[0]})
    );
    deposit(&mut guests[1].0, "3.the-new-hosts").await;
    guests[1].0.send(json!({"type":"hand_over"})).await;
    assert_eq!(
        guests[1].0.expect("host_changed").await,
        json!({"type":"host_changed","host":ids[2],"previous":ids[1]})
    );
    assert_eq!(
        guests[2].0.expect("peer_left").await["peer"],
        ids[1].as_str()
    );
    let promoted = guests[2].0.expect("promoted").await;
    assert_eq!(promoted["deposit"], "3.the-new-hosts");
    assert_eq!(promoted["peers"], json!([]));
    guests[2].0.expect_nothing_else().await;
}

#[tokio::test]
async fn hand_over_gives_the_deposit_to_the_guest_named_only() {
    let r = relay(&[]).await;
    let (mut host, _, host_id, _, mut guests) =
        handover_room(&r, &["127.0.0.2", "127.0.0.3"]).await;
    let ids: Vec<String> = guests.iter().map(|(_, id)| id.clone()).collect();
    deposit(&mut host, "7.c2VjcmV0LXBhcnQ").await;
    host.send(json!({"type":"hand_over","to":ids[1]})).await;
    assert_eq!(
        host.expect("host_changed").await,
        json!({"type":"host_changed","host":ids[1],"previous":host_id})
    );
    for (g, _) in &mut guests {
        assert_eq!(g.expect("peer_left").await["peer"], host_id.as_str());
    }
    let promoted = guests[1].0.expect("promoted").await;
    assert_eq!(promoted["deposit"], "7.c2VjcmV0LXBhcnQ");
    assert_eq!(
        guests[0].0.expect("host_changed").await,
        json!({"type":"host_changed","host":ids[1],"previous":host_id})
    );
    for (g, _) in &mut guests {
        g.expect_nothing_else().await;
    }
}

#[tokio::test]
async fn a_deposit_is_its_rooms_alone_and_without_one_promoted_has_no_field() {
    // Two handover rooms on one relay: a deposit is its room's alone.
    let r = relay(&["--handover-grace", "0"]).await;
    let (mut kept, _, kept_id, _, mut kept_guests) = handover_room(&r, &["127.0.0.2"]).await;
    let (none, _, none_id, _, mut none_guests) = handover_room(&r, &["127.0.0.3"]).await;
    deposit(&mut kept, "1.this-rooms-own").await;
    drop(kept);
    drop(none);
    let kept_guest = &mut kept_guests[0].0;
    assert_eq!(
        kept_guest.expect("peer_left").await["peer"],
        kept_id.as_str()
    );
    assert_eq!(
        kept_guest.expect("promoted").await["deposit"],
        "1.this-rooms-own"
    );
    let none_guest = &mut none_guests[0].0;
    assert_eq!(
        none_guest.expect("peer_left").await["peer"],
        none_id.as_str()
    );
    let promoted = none_guest.expect("promoted").await;
    assert!(promoted.get("deposit").is_none(), "{promoted}");
    assert_eq!(promoted["previous"], none_id.as_str());
}

#[tokio::test]
async fn a_deposit_is_checked_and_a_refused_one_changes_nothing() {
    let r = relay(&["--handover-grace", "0"]).await;
    let mut outsider = Client::connect(r.addr).await;
    outsider.send(json!({"type":"deposit","part":"1.a"})).await;
    outsider.expect_error("not_in_room").await;

    // A room without handover keeps no deposit: its host is told bad_message, a guest
    // not_host.
    let mut plain = Client::connect(r.addr).await;
    let (plain_room, ..) = plain.create().await;
    let mut plain_guest = Client::connect(r.addr).await;
    plain_guest.join(&plain_room).await;
    plain.expect("peer_joined").await;
    plain.send(json!({"type":"deposit","part":"1.a"})).await;
    plain.expect_error("bad_message").await;
    plain_guest
        .send(json!({"type":"deposit","part":"1.a"}))
        .await;
    plain_guest.expect_error("not_host").await;

    let (mut host, _, host_id, _, mut guests) =
        handover_room(&r, &["127.0.0.2", "127.0.0.3"]).await;
    deposit(&mut host, "1.kept").await;
    // A guest may not deposit: only the host's part is the room's.
    guests[0]
        .0
        .send(json!({"type":"deposit","part":"9.from-a-guest"}))
        .await;
    guests[0].0.expect_error("not_host").await;
    let too_long = "a".repeat(65);
    for part in [
        json!(""),
        json!(too_long),
        json!("1.a\""),
        json!("1.a\\"),
        json!("1.a b"),
        json!("1.é"),
        json!("1.a/b+c="),
        json!("1.a\u{0}"),
        json!(12),
        json!(null),
        json!(["1.a"]),
        json!({"part":"1.a"}),
    ] {
        host.send(json!({"type":"deposit","part":part})).await;
        host.expect_error("bad_message").await;
    }
    host.send(json!({"type":"deposit"})).await;
    host.expect_error("bad_message").await;
    host.expect_nothing_else().await;
    for (g, _) in &mut guests {
        g.expect_nothing_else().await;
    }
    drop(host);
    for (g, _) in &mut guests {
        assert_eq!(g.expect("peer_left").await["peer"], host_id.as_str());
    }
    let promoted = guests[0].0.expect("promoted").await;
    assert_eq!(promoted["deposit"], "1.kept", "{promoted}");
    let changed = guests[1].0.expect("host_changed").await;
    assert!(changed.get("deposit").is_none(), "{changed}");
}
