//! The relay's work for one signal, without sockets: parsing the frame, the rate and
//! size checks, routing, and queueing the receiver's frame. For counting instructions
//! with callgrind, which is repeatable on a busy machine where timings are not:
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

use coup_server::hub::{Delivery, Frame, Hub, Registration};
use coup_server::limits::FrameGuard;
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
        let host = hub.register(ip).expect("register");
        let guest = hub.register(ip).expect("register");
        let limits = hub.config.frame_limits();
        let mut host_guard = FrameGuard::new(limits, now);
        let mut guest_guard = FrameGuard::new(limits, now);
        let reply = |r: Option<coup_server::hub::Utf8Bytes>| -> Value {
            serde_json::from_str(r.expect("a reply").as_str()).expect("json")
        };
        let created = reply(
            hub.on_frame(host.id, ip, &mut host_guard, Frame::Text(r#"{"type":"create"}"#), now)
                .reply,
        );
        let room = created["room"].as_str().expect("room").to_owned();
        let host_id = created["peer"].as_str().expect("peer").to_owned();
        let join = format!(r#"{{"type":"join","room":"{room}"}}"#);
        reply(hub.on_frame(guest.id, ip, &mut guest_guard, Frame::Text(&join), now).reply);
        drain(&host, 1).await;
        let escape = if general { "\\u0076" } else { "v" };
        let signal = format!(
            r#"{{"type":"signal","to":"{host_id}","data":{{"kind":"candidate","candidate":"candidate:1 1 udp 2122260223 192.0.2.7 54321 typ host generation 0","sdp":"{escape}=0","t":1234567}}}}"#
        );
        for i in 0..n {
            let at = now + Duration::from_micros(i);
            let answer = hub.on_frame(guest.id, ip, &mut guest_guard, Frame::Text(&signal), at);
            assert!(answer.reply.is_none(), "{:?}", answer.reply);
            drain(&host, 1).await;
        }
        println!("{n} signals forwarded");
    });
}

/// Takes `n` frames from a connection's inbox.
async fn drain(r: &Registration, n: usize) {
    for _ in 0..n {
        match r.inbox.next().await {
            Delivery::Frame(_) => {}
            Delivery::Close(code, _) => panic!("closed with {code}"),
        }
    }
}
