//! Several relay instances sharing rooms through a real `redis-server` on loopback: rooms
//! across instances, full mesh split over two, an instance killed mid-room, a cluster
//! that died whole, unique codes under concurrent creates, per-address limits across the
//! cluster, and health when the store is gone.

mod common;

use std::collections::HashSet;
use std::net::{IpAddr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use common::{Client, RedisServer, cluster, free_port, http_get, until};
use futures_util::StreamExt as _;
use serde_json::json;

/// A `coup-relay` process in the cluster at `url`; killed when dropped.
struct Process {
    addr: SocketAddr,
    child: Child,
}

impl Process {
    async fn start(url: &str, flags: &[&str]) -> Process {
        let addr: SocketAddr = ([127, 0, 0, 1], free_port()).into();
        let child = Command::new(env!("CARGO_BIN_EXE_coup-relay"))
            .args([
                "--bind",
                &addr.to_string(),
                "--static-dir",
                "/nonexistent-coup-dist",
            ])
            .args(["--cluster-url", url])
            // Several instances on one machine cannot share the STUN port.
            .args(["--stun-bind", "off"])
            .args(flags)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start coup-relay");
        let p = Process { addr, child };
        until("coup-relay did not become healthy", || async {
            (tokio::net::TcpStream::connect(addr).await.is_ok()
                && http_get(addr, "/healthz").await.ends_with("\r\n\r\nok"))
            .then_some(())
        })
        .await;
        p
    }

    /// SIGKILL: no close frames, no goodbye to the store.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

fn id(v: &serde_json::Value) -> String {
    v["peer"].as_str().expect("peer").to_owned()
}

#[tokio::test]
async fn a_room_created_on_one_instance_is_joined_on_the_other() {
    let store = Arc::new(RedisServer::start().await);
    let r = cluster(&store, 2, &["--reclaim-grace", "1"]).await;
    let (a, b) = (r.direct, r.others[0].direct);

    let mut host = Client::connect(a).await;
    let (room, host_id, secret, _) = host.create().await;
    let mut guest = Client::connect(b).await;
    let joined = guest.join(&room.to_lowercase()).await;
    assert_eq!(joined["room"], room.as_str());
    assert_eq!(joined["host"], host_id.as_str());
    assert_eq!(joined["peers"], json!([host_id]));
    let guest_id = id(&joined);
    assert_eq!(id(&host.expect("peer_joined").await), guest_id);

    // Signals both ways, any JSON value as it came.
    for data in [json!({"sdp":"v=0"}), json!(null), json!([1, "x"])] {
        guest
            .send(json!({"type":"signal","to":host_id,"data":data}))
            .await;
        assert_eq!(
            host.expect("signal").await,
            json!({"type":"signal","from":guest_id,"data":data})
        );
    }
    host.send(json!({"type":"signal","to":guest_id,"data":"hi"}))
        .await;
    assert_eq!(guest.expect("signal").await["from"], host_id.as_str());
    // The same errors as on one relay.
    guest
        .send(json!({"type":"signal","to":guest_id,"data":1}))
        .await;
    guest.expect_error("unknown_peer").await;
    guest.send(json!({"type":"create"})).await;
    guest.expect_error("already_in_room").await;
    guest.send(json!({"type":"kick","peer":host_id})).await;
    guest.expect_error("not_host").await;

    // The host drops; the guest on the other instance hears it, the host reclaims there.
    drop(host);
    assert_eq!(guest.expect("peer_left").await["peer"], host_id.as_str());
    let mut back = Client::connect(b).await;
    back.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    let joined = back.expect("joined").await;
    assert_eq!(joined["peer"], host_id.as_str());
    assert_eq!(joined["peers"], json!([guest_id]));
    assert_eq!(guest.expect("peer_joined").await["peer"], host_id.as_str());

    // A kick across instances: the guest is out, its address banned from the room.
    let mut other = Client::connect_from(a, IpAddr::from([127, 0, 0, 9])).await;
    let other_id = id(&other.join(&room).await);
    back.expect("peer_joined").await;
    guest.expect("peer_joined").await;
    back.send(json!({"type":"kick","peer":other_id})).await;
    assert_eq!(back.expect("peer_left").await["peer"], other_id.as_str());
    assert_eq!(guest.expect("peer_left").await["peer"], other_id.as_str());
    other
        .send(json!({"type":"signal","to":host_id,"data":1}))
        .await;
    other.expect_error("not_in_room").await;
    other.send(json!({"type":"join","room":room})).await;
    other.expect_error("banned").await;
    // A guest removed after it left: its address is banned all the same.
    let mut gone = Client::connect_from(b, IpAddr::from([127, 0, 0, 10])).await;
    let gone_id = id(&gone.join(&room).await);
    back.expect("peer_joined").await;
    guest.expect("peer_joined").await;
    drop(gone);
    assert_eq!(back.expect("peer_left").await["peer"], gone_id.as_str());
    assert_eq!(guest.expect("peer_left").await["peer"], gone_id.as_str());
    back.send(json!({"type":"kick","peer":gone_id})).await;
    back.expect_nothing_else().await;
    guest.expect_nothing_else().await;
    let mut again = Client::connect_from(a, IpAddr::from([127, 0, 0, 10])).await;
    again.send(json!({"type":"join","room":room})).await;
    again.expect_error("banned").await;

    // The host goes for good: after its grace the beat closes the room, and the guest on
    // the other instance hears room_closed and may create a room of its own.
    drop(back);
    assert_eq!(guest.expect("peer_left").await["peer"], host_id.as_str());
    let closed = guest.expect("room_closed").await;
    assert_eq!(closed["reason"], "the host did not come back in time");
    guest.create().await;
    assert_eq!(r.counts().await.0, 1);
}

#[tokio::test]
async fn ten_peers_split_across_both_signal_in_a_full_mesh_in_order() {
    let store = Arc::new(RedisServer::start().await);
    let r = cluster(&store, 2, &[]).await;
    let addrs = [r.direct, r.others[0].direct];
    let mut clients = Vec::new();
    let mut ids = Vec::new();
    let mut host = Client::connect(addrs[0]).await;
    let (room, host_id, _, _) = host.create().await;
    clients.push(host);
    ids.push(host_id);
    for n in 1..10 {
        let mut c = Client::connect(addrs[n % 2]).await;
        let joined = c.join(&room).await;
        let peers: Vec<String> = serde_json::from_value(joined["peers"].clone()).expect("peers");
        assert_eq!(peers, ids, "peers lists everyone before, in order");
        let peer = id(&joined);
        for earlier in clients.iter_mut() {
            assert_eq!(id(&earlier.expect("peer_joined").await), peer);
        }
        clients.push(c);
        ids.push(peer);
    }
    // Every pair, three numbered signals each: each receiver hears each sender's in order.
    for (i, c) in clients.iter_mut().enumerate() {
        for seq in 0..3 {
            for (j, to) in ids.iter().enumerate() {
                if i != j {
                    c.send(json!({"type":"signal","to":to,"data":{"i":i,"j":j,"seq":seq}}))
                        .await;
                }
            }
        }
    }
    for (j, c) in clients.iter_mut().enumerate() {
        let mut next = [0u64; 10];
        for _ in 0..27 {
            let s = c.expect("signal").await;
            let i = s["data"]["i"].as_u64().expect("i") as usize;
            assert_eq!(s["data"]["j"], j);
            assert_eq!(s["from"], ids[i].as_str());
            assert_eq!(
                s["data"]["seq"], next[i],
                "signals from {i} to {j} out of order"
            );
            next[i] += 1;
        }
        c.expect_nothing_else().await;
    }
    assert_eq!(r.counts().await, (1, 10));
    let metrics = r.metrics().await;
    assert!(
        metrics.contains("coup_relay_messages_forwarded_total 270\n"),
        "{metrics}"
    );
}

#[tokio::test]
async fn an_instance_killed_mid_room_and_its_peers_reclaim_on_the_other() {
    let store = RedisServer::start().await;
    let mut a = Process::start(&store.url(), &[]).await;
    let b = Process::start(&store.url(), &[]).await;

    let mut host = Client::connect(a.addr).await;
    let (room, host_id, secret, _) = host.create().await;
    let mut g1 = Client::connect(a.addr).await;
    let g1_id = id(&g1.join(&room).await);
    let mut g2 = Client::connect(b.addr).await;
    let g2_id = id(&g2.join(&room).await);
    let mut g3 = Client::connect(b.addr).await;
    let g3_id = id(&g3.join(&room).await);
    assert_eq!(id(&g2.expect("peer_joined").await), g3_id);
    g3.send(json!({"type":"signal","to":host_id,"data":"before"}))
        .await;
    assert_eq!(host.expect_signal_skipping_joins().await, "before");

    a.kill();
    // The peers on the surviving instance hear both of the dead instance's peers leave,
    // once the cluster takes it for dead: the eviction, not a timeout of theirs, did it.
    for g in [&mut g2, &mut g3] {
        let mut left = HashSet::new();
        for _ in 0..2 {
            left.insert(id(&g.expect("peer_left").await));
        }
        assert_eq!(left, HashSet::from([host_id.clone(), g1_id.clone()]));
    }
    let metrics = http_get(b.addr, "/metrics").await;
    assert!(
        metrics.contains("coup_relay_cluster_evicted_total 1\n"),
        "{metrics}"
    );

    // Through the balancer they land on the other instance: the host reclaims within
    // its grace, keeping its id; the guest joins again with a new one.
    let mut host = Client::connect(b.addr).await;
    host.send(json!({"type":"reclaim","room":room,"host_secret":secret}))
        .await;
    let joined = host.expect("joined").await;
    assert_eq!(joined["peer"], host_id.as_str());
    assert_eq!(joined["peers"], json!([g2_id, g3_id]));
    let mut g1 = Client::connect(b.addr).await;
    let g1_new = id(&g1.join(&room).await);
    assert_ne!(g1_new, g1_id);
    for g in [&mut g2, &mut g3] {
        assert_eq!(id(&g.expect("peer_joined").await), host_id);
        assert_eq!(id(&g.expect("peer_joined").await), g1_new);
    }
    g1.send(json!({"type":"signal","to":host_id,"data":"after"}))
        .await;
    host.expect("peer_joined").await;
    assert_eq!(host.expect("signal").await["data"], "after");
    for c in [&mut host, &mut g1, &mut g2, &mut g3] {
        c.expect_nothing_else().await;
    }
}

impl Client {
    /// The next signal's data, skipping `peer_joined` frames.
    async fn expect_signal_skipping_joins(&mut self) -> serde_json::Value {
        loop {
            let v = self.recv().await;
            if v["type"] == "signal" {
                return v["data"].clone();
            }
            assert_eq!(v["type"], "peer_joined", "got {v}");
        }
    }
}

#[tokio::test]
async fn a_room_whose_instances_all_died_is_not_claimed_for_ever() {
    let store = RedisServer::start().await;
    let flags = ["--reclaim-grace", "2", "--join-failures", "1000"];
    let mut a = Process::start(&store.url(), &flags).await;
    let mut host = Client::connect(a.addr).await;
    let (room, _, _, _) = host.create().await;
    a.kill();
    drop(host);

    // Later another instance starts: it takes the dead one's host as gone, and after the
    // grace the room is closed and its code free.
    let c = Process::start(&store.url(), &flags).await;
    // A fresh probe each time: the first thing it hears is the answer to its join, and
    // dropping it takes it out of a room that is still open.
    until("the dead cluster's room is still open", || async {
        let mut probe = Client::connect(c.addr).await;
        probe.send(json!({"type":"join","room":room})).await;
        let v = probe.recv().await;
        if v["type"] == "joined" {
            // Not yet: a few probes a second, so they never pile up on the address.
            tokio::time::sleep(Duration::from_millis(200)).await;
            return None;
        }
        assert_eq!(v["code"], "no_such_room", "{v}");
        Some(())
    })
    .await;
    let metrics = http_get(c.addr, "/metrics").await;
    assert!(metrics.contains("coup_relay_rooms 0\n"), "{metrics}");
    assert!(
        metrics.contains("coup_relay_cluster_evicted_total 1\n"),
        "{metrics}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn codes_are_unique_under_concurrent_creates_on_both() {
    let store = Arc::new(RedisServer::start().await);
    let r = cluster(
        &store,
        2,
        &[
            "--connections-per-address",
            "1000",
            "--rooms-per-address",
            "1000",
            "--creates-per-minute",
            "1000",
        ],
    )
    .await;
    let addrs = [r.direct, r.others[0].direct];
    let mut tasks = Vec::new();
    for n in 0..200 {
        let addr = addrs[n % 2];
        tasks.push(tokio::spawn(async move {
            let mut c = Client::connect(addr).await;
            let (room, _, _, _) = c.create().await;
            (room, c)
        }));
    }
    let mut codes = HashSet::new();
    let mut clients = Vec::new();
    for t in tasks {
        let (room, c) = t.await.expect("task");
        assert!(codes.insert(room.clone()), "{room} handed out twice");
        clients.push((room, c));
    }
    assert_eq!(r.counts().await.0, 200);
    // Each room is the one its host made, from the other instance too.
    for (n, (room, host)) in clients.iter_mut().enumerate().take(10) {
        let mut g = Client::connect(addrs[(n + 1) % 2]).await;
        let joined = g.join(room).await;
        assert_eq!(joined["room"], room.as_str());
        host.expect("peer_joined").await;
    }
}

#[tokio::test]
async fn the_store_claims_a_code_only_once() {
    // The claim itself, on the store: a taken code is never handed out again; the next
    // free candidate is, and when every candidate is taken the relay is told to retry.
    let store = RedisServer::start().await;
    let mut lua = StoreScript::on(&store).await;
    let create = |conn: &str, codes: &[&str]| -> Vec<String> {
        let fixed = ["create", "inst", conn, "127.0.0.1"].map(str::to_owned);
        let rest = [format!("peer{conn}"), "s".repeat(22)];
        let limits = ["100", "100", "100"].map(str::to_owned);
        fixed
            .into_iter()
            .chain(rest)
            .chain(limits)
            .chain(codes.iter().map(|c| (*c).to_owned()))
            .collect()
    };
    let first: Vec<String> = lua.run(&create("1", &["AAAAAA"])).await;
    assert_eq!(first, ["ok", "AAAAAA"]);
    let taken: Vec<String> = lua.run(&create("2", &["AAAAAA"])).await;
    assert_eq!(taken, ["err", "retry"]);
    let next: Vec<String> = lua.run(&create("3", &["AAAAAA", "BBBBBB"])).await;
    assert_eq!(next, ["ok", "BBBBBB"]);
}

/// `cluster.lua` run straight on a store, as an instance runs it.
struct StoreScript {
    con: redis::aio::MultiplexedConnection,
    script: redis::Script,
}

impl StoreScript {
    async fn on(store: &RedisServer) -> StoreScript {
        let client = redis::Client::open(store.url()).expect("url");
        let con = client
            .get_multiplexed_async_connection()
            .await
            .expect("connect");
        StoreScript {
            con,
            script: redis::Script::new(include_str!("../src/store/cluster.lua")),
        }
    }

    /// Runs one operation (`args[0]` names it) and returns its answer.
    async fn run<T: redis::FromRedisValue, S: AsRef<str>>(&mut self, args: &[S]) -> T {
        let mut invocation = self.script.prepare_invoke();
        for a in args {
            invocation.arg(a.as_ref());
        }
        invocation
            .invoke_async(&mut self.con)
            .await
            .unwrap_or_else(|e| panic!("{}: {e}", args[0].as_ref()))
    }
}

#[tokio::test]
async fn per_address_limits_hold_across_both_instances() {
    let store = Arc::new(RedisServer::start().await);
    let r = cluster(
        &store,
        2,
        &[
            "--connections-per-address",
            "3",
            "--join-failures",
            "4",
            "--rooms-per-address",
            "2",
            "--creates-per-minute",
            "3",
            "--reclaim-grace",
            "0",
        ],
    )
    .await;
    let (a, b) = (r.direct, r.others[0].direct);
    let ip = |n: u8| IpAddr::from([127, 0, 0, n]);

    // Connections: three over both instances, the fourth refused on either.
    let mut held = vec![
        Client::connect_from(a, ip(2)).await,
        Client::connect_from(a, ip(2)).await,
        Client::connect_from(b, ip(2)).await,
    ];
    for c in &mut held {
        c.expect_nothing_else().await;
    }
    for addr in [a, b] {
        let mut over = Client::connect_from(addr, ip(2)).await;
        over.expect_error("rate_limited").await;
        assert_eq!(u16::from(over.closed().await.expect("close").code), 1013);
    }
    let mut elsewhere = Client::connect_from(b, ip(3)).await;
    elsewhere.expect_nothing_else().await;
    drop(held.pop());
    until("the address's place was never freed", || async {
        let mut c = Client::connect_from(a, ip(2)).await;
        c.send(json!({"type":"ping"})).await;
        (c.recv().await["type"] == "pong").then_some(())
    })
    .await;
    drop(held);

    // Failed joins: two on each instance use the budget; then even a real room is
    // refused before any lookup, on both.
    let mut host = Client::connect_from(a, ip(4)).await;
    let (room, _, _, _) = host.create().await;
    let mut ga = Client::connect_from(a, ip(5)).await;
    let mut gb = Client::connect_from(b, ip(5)).await;
    for n in 0..4 {
        let g = if n % 2 == 0 { &mut ga } else { &mut gb };
        g.send(json!({"type":"join","room":"222222"})).await;
        g.expect_error("no_such_room").await;
    }
    for g in [&mut ga, &mut gb] {
        g.send(json!({"type":"join","room":room})).await;
        g.expect_error("rate_limited").await;
    }
    let mut other = Client::connect_from(b, ip(6)).await;
    other.join(&room).await;

    // Rooms per address: two live rooms over both instances, the third refused.
    let mut h1 = Client::connect_from(a, ip(7)).await;
    h1.create().await;
    let mut h2 = Client::connect_from(b, ip(7)).await;
    h2.create().await;
    let mut h3 = Client::connect_from(a, ip(7)).await;
    h3.send(json!({"type":"create"})).await;
    h3.expect_error("rate_limited").await;

    // Creates per minute: three over both instances (each room closed at once), then
    // refused on either.
    let mut c1 = Client::connect_from(a, ip(8)).await;
    let mut c2 = Client::connect_from(b, ip(8)).await;
    for n in 0..3 {
        let c = if n % 2 == 0 { &mut c1 } else { &mut c2 };
        c.create().await;
        c.send(json!({"type":"leave"})).await;
        c.expect_nothing_else().await;
    }
    for c in [&mut c2, &mut c1] {
        c.send(json!({"type":"create"})).await;
        c.expect_error("rate_limited").await;
    }
}

/// The value on the line of `metrics` that starts with `prefix`.
fn value_of(metrics: &str, prefix: &str) -> Option<String> {
    metrics
        .lines()
        .find(|l| l.starts_with(prefix))
        .and_then(|l| l.rsplit(' ').next())
        .map(str::to_owned)
}

#[tokio::test]
async fn healthz_fails_when_the_store_is_unreachable() {
    let store = Arc::new(RedisServer::start().await);
    let r = cluster(&store, 1, &[]).await;
    let addr = r.direct;
    assert!(http_get(addr, "/healthz").await.ends_with("\r\n\r\nok"));
    let metrics = http_get(addr, "/metrics").await;
    assert_eq!(
        value_of(&metrics, "coup_relay_cluster_up{instance=").as_deref(),
        Some("1"),
        "{metrics}"
    );
    let mut c = Client::connect(addr).await;
    c.expect_nothing_else().await;

    store.kill();
    let answer = until("/healthz still healthy", || async {
        let answer = http_get(addr, "/healthz").await;
        answer.starts_with("HTTP/1.1 503").then_some(answer)
    })
    .await;
    assert!(answer.ends_with("cluster store unreachable\n"), "{answer}");
    let metrics = http_get(addr, "/metrics").await;
    assert_eq!(
        value_of(&metrics, "coup_relay_cluster_up{instance=").as_deref(),
        Some("0"),
        "{metrics}"
    );
    assert_ne!(
        value_of(&metrics, "coup_relay_cluster_errors_total").as_deref(),
        Some("0")
    );
    // A request that needs the store fails cleanly: a try-later answer, the socket open.
    c.send(json!({"type":"create"})).await;
    c.expect_error("server_full").await;
    c.send(json!({"type":"ping"})).await;
    c.expect("pong").await;
}

/// A link to the store that can be cut, as by a network outage: every connection through
/// it dropped and new ones refused, while the store keeps all it holds. Or only muted for
/// subscriptions: what the store sends a subscribed connection is held back, the
/// connection left open, as when one dies without closing.
struct StoreLink {
    port: u16,
    cut: tokio::sync::watch::Sender<bool>,
    mute: tokio::sync::watch::Sender<bool>,
}

impl StoreLink {
    async fn start(store_port: u16) -> StoreLink {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let port = listener.local_addr().expect("addr").port();
        let (cut, cut_rx) = tokio::sync::watch::channel(false);
        let (mute, mute_rx) = tokio::sync::watch::channel(false);
        tokio::spawn(async move {
            while let Ok((down, _)) = listener.accept().await {
                if *cut_rx.borrow() {
                    continue; // dropped: the store is out of reach
                }
                let (mut cut_rx, mut mute_rx) = (cut_rx.clone(), mute_rx.clone());
                tokio::spawn(async move {
                    let Ok(up) = tokio::net::TcpStream::connect(("127.0.0.1", store_port)).await
                    else {
                        return;
                    };
                    let (mut down_r, mut down_w) = down.into_split();
                    let (mut up_r, mut up_w) = up.into_split();
                    let subscribed = std::sync::atomic::AtomicBool::new(false);
                    let to_store = async {
                        let mut buf = vec![0u8; 16 * 1024];
                        while let Ok(n @ 1..) = down_r.read(&mut buf).await {
                            if buf[..n]
                                .to_ascii_uppercase()
                                .windows(9)
                                .any(|w| w == b"SUBSCRIBE")
                            {
                                subscribed.store(true, std::sync::atomic::Ordering::Relaxed);
                            }
                            if up_w.write_all(&buf[..n]).await.is_err() {
                                break;
                            }
                        }
                    };
                    let from_store = async {
                        let mut buf = vec![0u8; 16 * 1024];
                        while let Ok(n @ 1..) = up_r.read(&mut buf).await {
                            if subscribed.load(std::sync::atomic::Ordering::Relaxed)
                                && mute_rx.wait_for(|mute| !*mute).await.is_err()
                            {
                                break;
                            }
                            if down_w.write_all(&buf[..n]).await.is_err() {
                                break;
                            }
                        }
                    };
                    tokio::select! {
                        _ = to_store => {}
                        _ = from_store => {}
                        _ = cut_rx.wait_for(|cut| *cut) => {}
                    }
                });
            }
        });
        StoreLink { port, cut, mute }
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    fn set_cut(&self, cut: bool) {
        self.cut.send_replace(cut);
    }

    fn set_muted(&self, mute: bool) {
        self.mute.send_replace(mute);
    }
}

/// Polls `addr`'s `/metrics` until the line starting with `prefix` reads `want`.
async fn until_metric(addr: SocketAddr, prefix: &str, want: &str, what: &str) {
    until(what, || async {
        (value_of(&http_get(addr, "/metrics").await, prefix).as_deref() == Some(want)).then_some(())
    })
    .await;
}

/// Whether a new connection from `ip` is let in (a ping answered) or refused for its
/// address.
async fn let_in(addr: SocketAddr, ip: IpAddr) -> bool {
    let mut c = Client::connect_from(addr, ip).await;
    c.send(json!({"type":"ping"})).await;
    let answer = c.recv().await;
    match answer["type"].as_str() {
        Some("pong") => true,
        Some("error") if answer["code"] == "rate_limited" => false,
        _ => panic!("neither let in nor refused: {answer}"),
    }
}

#[tokio::test]
async fn connections_closed_while_the_store_is_out_of_reach_are_released_when_it_returns() {
    let store = Arc::new(RedisServer::start().await);
    let link = StoreLink::start(store.port).await;
    let url = link.url();
    let r = common::relay(&[
        "--cluster-url",
        &url,
        "--connections-per-address",
        "2",
        "--reclaim-grace",
        "0",
    ])
    .await;
    let addr = r.direct;
    let ip = IpAddr::from([127, 0, 0, 2]);
    let mut host = Client::connect_from(addr, ip).await;
    let (room, _, _, _) = host.create().await;
    let mut other = Client::connect_from(addr, ip).await;
    other.expect_nothing_else().await;
    assert!(
        !let_in(addr, ip).await,
        "a third connection is over the limit"
    );

    // Both close while the store is out of reach: it still counts them, and seats the host.
    link.set_cut(true);
    drop(host);
    drop(other);
    until_metric(
        addr,
        "coup_relay_cluster_unreleased",
        "2",
        "both closes wait",
    )
    .await;
    until_metric(
        addr,
        "coup_relay_cluster_up{instance=",
        "0",
        "the link is down",
    )
    .await;

    // Back: the next beat tells the store, and the address has its two places again.
    link.set_cut(false);
    until_metric(
        addr,
        "coup_relay_cluster_unreleased",
        "0",
        "the closes were told",
    )
    .await;
    until_metric(
        addr,
        "coup_relay_cluster_up{instance=",
        "1",
        "the link is up",
    )
    .await;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut c = Client::connect_from(addr, ip).await;
        c.send(json!({"type":"ping"})).await;
        assert_eq!(
            c.recv().await["type"],
            "pong",
            "a place freed by the outage's closes"
        );
        held.push(c);
    }
    assert!(!let_in(addr, ip).await, "and no more than two");
    // The host's room left with it (no grace).
    let mut guest = Client::connect_from(addr, IpAddr::from([127, 0, 0, 3])).await;
    guest.send(json!({"type":"join","room":room})).await;
    guest.expect_error("no_such_room").await;
}

#[tokio::test]
async fn a_close_told_twice_releases_its_place_once() {
    let store = RedisServer::start().await;
    let mut lua = StoreScript::on(&store).await;
    for conn in ["1", "2"] {
        let opened: i64 = lua.run(&["open", "I", conn, "10.0.0.1", "2"]).await;
        assert_eq!(opened, 1);
    }
    // The instance did not hear the first answer, so it tells the store again.
    for _ in 0..2 {
        let _: i64 = lua.run(&["gone", "I", "1", "10.0.0.1", "0"]).await;
    }
    let count: Option<i64> = redis::cmd("HGET")
        .arg("coup:conns")
        .arg("10.0.0.1")
        .query_async(&mut lua.con)
        .await
        .expect("HGET");
    assert_eq!(count, Some(1), "connection 2 is still open");
    let again: i64 = lua.run(&["open", "I", "3", "10.0.0.1", "2"]).await;
    assert_eq!(again, 1, "one place free");
    let over: i64 = lua.run(&["open", "I", "4", "10.0.0.1", "2"]).await;
    assert_eq!(over, 0, "and only one");
}

/// A room across two instances: its host on one that reaches the store through a
/// [`StoreLink`], its guest on one that reaches it directly.
struct SplitRoom {
    link: StoreLink,
    a: common::Relay,
    _b: common::Relay,
    _store: Arc<RedisServer>,
    host: Client,
    guest: Client,
    room: String,
    host_id: String,
    secret: String,
    guest_id: String,
}

impl SplitRoom {
    async fn open() -> SplitRoom {
        let store = Arc::new(RedisServer::start().await);
        let link = StoreLink::start(store.port).await;
        let a = common::relay(&["--cluster-url", &link.url()]).await;
        let b = common::relay(&["--cluster-url", &store.url()]).await;
        let mut host = Client::connect(a.direct).await;
        let (room, host_id, secret, _) = host.create().await;
        let mut guest = Client::connect(b.direct).await;
        let guest_id = id(&guest.join(&room).await);
        assert_eq!(id(&host.expect("peer_joined").await), guest_id);
        SplitRoom {
            link,
            a,
            _b: b,
            _store: store,
            host,
            guest,
            room,
            host_id,
            secret,
            guest_id,
        }
    }

    /// The host, closed with 1001, takes its place back on its instance once the link is
    /// up, and hears the guest's next signal.
    async fn host_reclaims(mut self) {
        let close = self.host.closed().await.expect("a close frame");
        assert_eq!(u16::from(close.code), 1001);
        let a = self.a.direct;
        until_metric(a, "coup_relay_cluster_up{instance=", "1", "the link is up").await;
        let mut back = Client::connect(a).await;
        back.send(json!({"type":"reclaim","room":self.room,"host_secret":self.secret}))
            .await;
        let joined = back.expect("joined").await;
        assert_eq!(joined["peer"], self.host_id.as_str());
        assert_eq!(joined["peers"], json!([self.guest_id]));
        self.guest
            .send(json!({"type":"signal","to":self.host_id,"data":"again"}))
            .await;
        assert_eq!(back.expect("signal").await["data"], "again");
    }
}

#[tokio::test]
async fn an_instance_that_missed_its_channel_closes_its_connections_instead_of_losing_frames() {
    let mut r = SplitRoom::open().await;
    // While the host's instance does not hear its channel, a signal for the host is
    // published to nobody.
    r.link.set_cut(true);
    until_metric(
        r.a.direct,
        "coup_relay_cluster_up{instance=",
        "0",
        "the link is down",
    )
    .await;
    r.guest
        .send(json!({"type":"signal","to":r.host_id,"data":"lost"}))
        .await;
    r.guest.expect_nothing_else().await;
    r.link.set_cut(false);
    // Heard again: the host is told to reconnect rather than left waiting for a frame that
    // will never come.
    r.host_reclaims().await;
}

#[tokio::test]
async fn a_channel_that_goes_silent_is_made_again_and_its_connections_closed() {
    let mut r = SplitRoom::open().await;
    // The host's instance still runs its operations, but its subscription hears nothing,
    // and does not close: a signal for the host is held somewhere on the way.
    r.link.set_muted(true);
    r.guest
        .send(json!({"type":"signal","to":r.host_id,"data":"held"}))
        .await;
    r.guest.expect_nothing_else().await;
    // The beats' words stop coming: the instance gives the channel up, and once it has
    // one again it closes its connections rather than trust that nothing was missed.
    let lost = "coup_relay_cluster_channel_lost_total";
    until_metric(r.a.direct, lost, "1", "one loss").await;
    r.link.set_muted(false);
    r.host_reclaims().await;
}

#[tokio::test]
async fn two_instances_racing_to_hand_a_room_over_make_one_host() {
    // On the store: a handover room (grace 0) whose host is gone, and both instances'
    // beats at once, each with secrets of its own. One makes the guest there longest
    // host; the other finds nothing to do.
    let store = RedisServer::start().await;
    let mut a = StoreScript::on(&store).await;
    let mut b = StoreScript::on(&store).await;
    let old_secret = "s".repeat(22);
    let created: Vec<String> = a
        .run(&[
            "create",
            "a",
            "1",
            "127.0.0.1",
            "host",
            &old_secret,
            "100",
            "100",
            "100",
            "handover=0",
            "CCCCCC",
        ])
        .await;
    assert_eq!(created, ["ok", "CCCCCC"]);
    let joined: Vec<String> = b
        .run(&["join", "b", "2", "127.0.0.2", "CCCCCC", "g1", "16", "100"])
        .await;
    assert_eq!(joined, ["ok", "host", "1", "host"]);
    let _: Vec<String> = a
        .run(&["join", "a", "3", "127.0.0.3", "CCCCCC", "g2", "16", "100"])
        .await;
    let closed: i64 = a.run(&["gone", "a", "1", "127.0.0.1", "120000"]).await;
    assert_eq!(closed, 0);
    let beat = |inst: &str, secret: char| -> Vec<String> {
        ["beat", inst, "5000", "120000"]
            .map(str::to_owned)
            .into_iter()
            .chain([secret.to_string().repeat(22)])
            .collect()
    };
    let (beat_a, beat_b) = (beat("a", 'A'), beat("b", 'B'));
    let (x, y) = tokio::join!(a.run::<Vec<i64>, _>(&beat_a), b.run::<Vec<i64>, _>(&beat_b));
    assert_eq!(x[3] + y[3], 1, "one handover between {x:?} and {y:?}");
    let raw: String = redis::cmd("GET")
        .arg("coup:room:CCCCCC")
        .query_async(&mut a.con)
        .await
        .expect("the room");
    let room: serde_json::Value = serde_json::from_str(&raw).expect("json");
    assert_eq!(room["h"], "g1");
    let secret = room["s"].as_str().expect("secret").to_owned();
    assert!(
        secret == "A".repeat(22) || secret == "B".repeat(22),
        "{secret}"
    );
    // Later beats change nothing.
    for inst in ["a", "b"] {
        let again: Vec<i64> = a.run(&beat(inst, 'C')).await;
        assert_eq!(again[3], 0);
    }
    // The old secret is known as handed over; the new one is the room's.
    let reclaim = |secret: &str| -> Vec<String> {
        ["reclaim", "a", "9", "127.0.0.1", "CCCCCC", secret, "100"]
            .map(str::to_owned)
            .to_vec()
    };
    let told: Vec<String> = a.run(&reclaim(&old_secret)).await;
    assert_eq!(told, ["err", "handed_over"]);

    // Two hand_overs of the new host at once: one passes the room on, the other finds
    // its sender out of the room.
    let hand_over = |secret: char| -> Vec<String> {
        ["hand_over", "b", "2", ""]
            .map(str::to_owned)
            .into_iter()
            .chain([secret.to_string().repeat(22)])
            .collect()
    };
    let (first, second) = (hand_over('D'), hand_over('E'));
    let (x, y) = tokio::join!(
        a.run::<Vec<String>, _>(&first),
        b.run::<Vec<String>, _>(&second)
    );
    let mut answers = [x, y];
    answers.sort();
    assert_eq!(
        answers,
        [
            vec!["err".to_owned(), "not_in_room".to_owned()],
            vec!["ok".to_owned(), "g2".to_owned(), "g1".to_owned()],
        ]
    );
}

#[tokio::test]
async fn a_room_handed_over_across_instances_tells_each_member_once_and_watches_its_new_host() {
    let store = Arc::new(RedisServer::start().await);
    let flags = [
        "--handover-grace",
        "0",
        "--host-ping",
        "1",
        "--host-timeout",
        "2",
    ];
    let r = cluster(&store, 2, &flags).await;
    let (a, b) = (r.direct, r.others[0].direct);
    let mut host = Client::connect(a).await;
    host.send(json!({"type":"create","handover":true})).await;
    let room = host.expect("created").await["room"]
        .as_str()
        .expect("room")
        .to_owned();
    let mut first = Client::connect(b).await;
    let first_id = id(&first.join(&room).await);
    host.expect("peer_joined").await;
    let mut second = Client::connect(a).await;
    let second_id = id(&second.join(&room).await);
    host.expect("peer_joined").await;
    first.expect("peer_joined").await;
    let host_id = {
        host.send(json!({"type":"signal","to":first_id,"data":0}))
            .await;
        first.expect("signal").await["from"]
            .as_str()
            .expect("from")
            .to_owned()
    };
    drop(host);
    assert_eq!(first.expect("peer_left").await["peer"], host_id.as_str());
    assert_eq!(second.expect("peer_left").await["peer"], host_id.as_str());
    let promoted = first.expect("promoted").await;
    assert_eq!(promoted["peers"], json!([second_id]));
    assert_eq!(
        second.expect("host_changed").await,
        json!({"type":"host_changed","host":first_id,"previous":host_id})
    );
    // Both instances beat several times more: nobody is told twice (the new host,
    // watched now, answering as it goes).
    for _ in 0..6 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        first.expect_nothing_else().await;
        second.expect_nothing_else().await;
    }

    // The new host's instance heard that it hosts: it pings it, and when it falls
    // silent the room passes on once more.
    let silent = first;
    assert_eq!(second.expect("peer_left").await["peer"], first_id.as_str());
    let promoted = second.expect("promoted").await;
    assert_eq!(promoted["previous"], first_id.as_str());
    drop(silent);
}

#[tokio::test]
async fn a_deposit_made_on_one_instance_reaches_the_guest_made_host_on_the_other() {
    let store = Arc::new(RedisServer::start().await);
    let r = cluster(&store, 2, &["--handover-grace", "0"]).await;
    let (a, b) = (r.direct, r.others[0].direct);
    let mut host = Client::connect(a).await;
    host.send(json!({"type":"create","handover":true})).await;
    let room = host.expect("created").await["room"]
        .as_str()
        .expect("room")
        .to_owned();
    let mut first = Client::connect(b).await;
    let first_id = id(&first.join(&room).await);
    host.expect("peer_joined").await;
    let mut second = Client::connect(a).await;
    second.join(&room).await;
    host.expect("peer_joined").await;
    first.expect("peer_joined").await;
    for part in ["1.old", "2.bmV3LXBhcnQ"] {
        host.send(json!({"type":"deposit","part":part})).await;
        host.expect_nothing_else().await;
    }
    let host_id = {
        host.send(json!({"type":"signal","to":first_id,"data":0}))
            .await;
        first.expect("signal").await["from"]
            .as_str()
            .expect("from")
            .to_owned()
    };
    drop(host);
    assert_eq!(first.expect("peer_left").await["peer"], host_id.as_str());
    assert_eq!(second.expect("peer_left").await["peer"], host_id.as_str());
    let promoted = first.expect("promoted").await;
    assert_eq!(promoted["deposit"], "2.bmV3LXBhcnQ");
    assert_eq!(
        second.expect("host_changed").await,
        json!({"type":"host_changed","host":first_id,"previous":host_id})
    );
    // Given once: the next promotion, by the new host's hand_over, carries none.
    first.send(json!({"type":"hand_over"})).await;
    assert_eq!(first.expect("host_changed").await["previous"], first_id);
    assert_eq!(second.expect("peer_left").await["peer"], first_id.as_str());
    let promoted = second.expect("promoted").await;
    assert!(promoted.get("deposit").is_none(), "{promoted}");
}

#[tokio::test]
async fn the_store_keeps_only_a_deposit_that_needs_no_escaping() {
    // On the store, as an instance runs it, and as anything else might: the script
    // checks a deposit itself, and writes into `promoted` only one it can write as it is.
    let store = RedisServer::start().await;
    let mut lua = StoreScript::on(&store).await;
    let client = redis::Client::open(store.url()).expect("url");
    let mut channel = client.get_async_pubsub().await.expect("pubsub");
    channel.subscribe("coup:to:b").await.expect("subscribe");
    let mut heard = channel.into_on_message();
    let created: Vec<String> = lua
        .run(&[
            "create",
            "a",
            "1",
            "127.0.0.1",
            "host",
            &"s".repeat(22),
            "100",
            "100",
            "100",
            "handover=0",
            "DDDDDD",
        ])
        .await;
    assert_eq!(created, ["ok", "DDDDDD"]);
    let joined: Vec<String> = lua
        .run(&["join", "b", "2", "127.0.0.2", "DDDDDD", "g1", "16", "100"])
        .await;
    assert_eq!(joined[0], "ok");
    let deposit = |conn: &str, part: &str| -> Vec<String> {
        ["deposit", "a", conn, part].map(str::to_owned).to_vec()
    };
    let too_long = "a".repeat(65);
    for bad in [too_long.as_str(), "1.\"", "1.\\", "1.a b", "1.é", "1.a}"] {
        let said: String = lua.run(&deposit("1", bad)).await;
        assert_eq!(said, "bad_deposit", "{bad}");
    }
    let said: String = lua.run(&["deposit", "a", "1"]).await;
    assert_eq!(said, "bad_deposit", "no part at all");
    let said: String = lua.run(&["deposit", "b", "2", "1.a"]).await;
    assert_eq!(said, "not_host");
    let said: String = lua.run(&deposit("9", "1.a")).await;
    assert_eq!(said, "not_in_room");
    let said: String = lua.run(&deposit("1", "1.kept")).await;
    assert_eq!(said, "ok");
    let room = |raw: String| -> serde_json::Value { serde_json::from_str(&raw).expect("json") };
    let get = || redis::cmd("GET").arg("coup:room:DDDDDD").clone();
    let kept = room(get().query_async(&mut lua.con).await.expect("the room"));
    assert_eq!(kept["k"], "1.kept");

    // A room whose stored deposit was changed behind the relay's back: the promotion
    // leaves it out rather than write it into JSON, and the room holds none after.
    let mut tampered = kept.clone();
    tampered["k"] = json!("1.\",\"host_secret\":\"mine");
    let _: () = redis::cmd("SET")
        .arg("coup:room:DDDDDD")
        .arg(tampered.to_string())
        .query_async(&mut lua.con)
        .await
        .expect("set");
    let passed: Vec<String> = lua.run(&["hand_over", "a", "1", "", &"t".repeat(22)]).await;
    assert_eq!(passed, ["ok", "g1", "host"]);
    let payload: String = tokio::time::timeout(Duration::from_secs(10), heard.next())
        .await
        .expect("the promoted frame")
        .expect("a message")
        .get_payload()
        .expect("text");
    let frame = payload.strip_prefix("2 f").expect("a frame for conn 2");
    assert_eq!(room(frame.to_owned())["type"], "peer_left");
    let payload: String = tokio::time::timeout(Duration::from_secs(10), heard.next())
        .await
        .expect("the promoted frame")
        .expect("a message")
        .get_payload()
        .expect("text");
    let frame = payload.strip_prefix("2 p").expect("promoted for conn 2");
    let promoted = room(frame.to_owned());
    assert_eq!(promoted["host_secret"], "t".repeat(22));
    assert!(promoted.get("deposit").is_none(), "{promoted}");
    let after = room(get().query_async(&mut lua.con).await.expect("the room"));
    assert!(after.get("k").is_none(), "{after}");
}
