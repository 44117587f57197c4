//! The relay's work for one signal, without socket loops: parsing the frame, the rate
//! and size checks, routing, and writing the receiver's frame to its socket (a loopback
//! one that a thread empties). For counting instructions with callgrind, which is repeatable on a busy machine where timings are not:
//!
//! ```text
//! cargo build --release -p coup-server --example signal-path
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/signal-path 0 fast      # setup only
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/signal-path 100000 fast # setup and 100,000 signals
//! ```
//!
//! The difference of the two totals (`Collected`), divided by the signals, is the cost
//! of one signal. `general` instead of `fast` sends the same frame with one `\u` escape
//! in its data, which takes the general parser (a `ClientMessage` with a `Value` tree,
//! serialized again), as every signal did before the fast path.

use std::net::IpAddr;

use coup_server::hub::Hub;
use coup_server::instance::Registration;
use coup_server::limits::FrameGuard;
use coup_server::protocol::Frame;
use serde_json::Value;
use tokio::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let general = args.next().is_some_and(|a| a == "general");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async move {
        let mut config = coup_server::Config::defaults();
        config.rate = u32::MAX / 2;
        config.burst = u32::MAX / 2;
        let hub = Hub::new(config);
        let ip: IpAddr = [127, 0, 0, 1].into();
        let now = Instant::now();
        let host = hub.register(ip).await.expect("register");
        attach(&host).await;
        let guest = hub.register(ip).await.expect("register");
        let limits = hub.config().frame_limits();
        let mut host_guard = FrameGuard::new(limits, now);
        let mut guest_guard = FrameGuard::new(limits, now);
        let reply = |r: Option<bytes::Bytes>| -> Value {
            serde_json::from_slice(&r.expect("a reply")).expect("json")
        };
        let created = reply(
            hub.on_frame(host.id, ip, &mut host_guard, Frame::Text(r#"{"type":"create"}"#), now).await
                .reply,
        );
        let room = created["room"].as_str().expect("room").to_owned();
        let host_id = created["peer"].as_str().expect("peer").to_owned();
        let join = format!(r#"{{"type":"join","room":"{room}"}}"#);
        reply(hub.on_frame(guest.id, ip, &mut guest_guard, Frame::Text(&join), now).await.reply);
        drain(&host).await;
        let escape = if general { "\\u0076" } else { "v" };
        let signal = format!(
            r#"{{"type":"signal","to":"{host_id}","data":{{"kind":"candidate","candidate":"candidate:1 1 udp 2122260223 192.0.2.7 54321 typ host generation 0","sdp":"{escape}=0","t":1234567}}}}"#
        );
        for i in 0..n {
            let at = now + Duration::from_micros(i);
            let answer = hub
                .on_frame(guest.id, ip, &mut guest_guard, Frame::Text(&signal), at)
                .await;
            assert!(answer.reply.is_none(), "{:?}", answer.reply);
            drain(&host).await;
        }
        println!("{n} signals forwarded");
    });
}

/// Gives a connection a loopback socket whose other end a thread reads and discards, as
/// a client that keeps up would.
async fn attach(r: &Registration) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let client =
        std::net::TcpStream::connect(listener.local_addr().expect("addr")).expect("connect");
    std::thread::spawn(move || std::io::copy(&mut &client, &mut std::io::sink()));
    let (socket, _) = listener.accept().await.expect("accept");
    let (_, write) = socket.into_split();
    r.outbox.attach(write);
}

/// Waits until every frame for a connection is written to its socket.
async fn drain(r: &Registration) {
    while r.outbox.flush().expect("the socket takes frames") {
        r.outbox.writable().await.expect("writable");
    }
}
