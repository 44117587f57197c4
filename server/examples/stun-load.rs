//! The relay's STUN server under load on loopback: its answering loop (`stun::run`, the
//! same code the relay runs) on one thread, clients on another keeping a window of
//! Binding requests in flight. Prints the bytes in and out of each request shape, then
//! answers a second, by wall clock and per second of the server thread's CPU time (the
//! figure that holds on a busy machine).
//!
//! ```text
//! cargo run --release -p coup-server --example stun-load -- [seconds]
//! ```
//!
//! The per-address limit is lifted for the run (every client is on 127.0.0.1); its
//! bookkeeping, a table lookup and a bucket refill per answer, still runs.

use std::net::{SocketAddr, UdpSocket};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Parser as _;
use coup_server::stun::{self, BINDING_REQUEST, Limiter, MAGIC_COOKIE, MAX_ANSWER, STUN_TABLE};
use coup_server::{Config, Hub};

/// Clients, and requests each keeps in flight.
const SOCKETS: usize = 4;
const WINDOW: usize = 32;

fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    sizes();

    let socket = stun::bind("127.0.0.1:0".parse().expect("addr")).expect("bind");
    let server = socket.local_addr().expect("addr");
    let config = Config::parse_from(["coup-relay", "--stun-bind", "off"]);
    let hub = Hub::new(config);
    let stop = Arc::new(AtomicBool::new(false));
    let serving = {
        let hub = hub.clone();
        let stop = stop.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            let before = thread_cpu();
            runtime.block_on(async {
                let socket = tokio::net::UdpSocket::from_std(socket).expect("socket");
                let limiter =
                    Limiter::new(u32::MAX, u32::MAX, STUN_TABLE, tokio::time::Instant::now());
                let task = tokio::spawn(stun::run(socket, Arc::downgrade(&hub), limiter));
                while !stop.load(Ordering::Relaxed) {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                task.abort();
            });
            thread_cpu() - before
        })
    };

    let start = Instant::now();
    let clients: Vec<_> = (0..SOCKETS)
        .map(|i| {
            let until = start + Duration::from_secs(seconds);
            std::thread::spawn(move || client(server, i, until))
        })
        .collect();
    let answers: u64 = clients.into_iter().map(|c| c.join().expect("client")).sum();
    let wall = start.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let cpu = serving.join().expect("server");
    let metrics = hub.metrics().render(0, 0);
    let counted = metrics
        .lines()
        .find_map(|l| l.strip_prefix("coup_relay_stun_answered_total "))
        .unwrap_or("?");
    println!(
        "{answers} answers in {wall:.2} s: {:.0} answers/s; the server thread used {cpu:.2} s \
         of CPU: {:.0} answers per CPU-second (the relay counted {counted})",
        answers as f64 / wall,
        answers as f64 / cpu.max(1e-9),
    );
}

/// Keeps `WINDOW` requests in flight from one socket until `until`: the answers.
fn client(server: SocketAddr, i: usize, until: Instant) -> u64 {
    let socket = UdpSocket::bind("127.0.0.1:0").expect("bind");
    socket.connect(server).expect("connect");
    socket
        .set_read_timeout(Some(Duration::from_millis(50)))
        .expect("timeout");
    let mut request = [0u8; 20];
    request[..2].copy_from_slice(&BINDING_REQUEST.to_be_bytes());
    request[4..8].copy_from_slice(&MAGIC_COOKIE.to_be_bytes());
    request[8] = i as u8;
    let mut buf = [0u8; 64];
    let mut answers = 0;
    let send_window = |socket: &UdpSocket| {
        for _ in 0..WINDOW {
            let _ = socket.send(&request);
        }
    };
    send_window(&socket);
    while Instant::now() < until {
        match socket.recv(&mut buf) {
            Ok(32) => {
                answers += 1;
                let _ = socket.send(&request);
            }
            Ok(n) => panic!("an answer of {n} bytes"),
            // Requests lost to a full buffer: fill the window again.
            Err(_) => send_window(&socket),
        }
    }
    answers
}

/// Bytes in and out per request shape.
fn sizes() {
    let v4: SocketAddr = "203.0.113.5:54321".parse().expect("addr");
    let v6: SocketAddr = "[2001:db8::1]:54321".parse().expect("addr");
    let with_fp = fingerprinted(&[]);
    let software = fingerprinted(b"Mozilla Firefox\0");
    let mut out = [0u8; MAX_ANSWER];
    let mut bare = [0u8; 20];
    bare[..2].copy_from_slice(&BINDING_REQUEST.to_be_bytes());
    bare[4..8].copy_from_slice(&MAGIC_COOKIE.to_be_bytes());
    println!("request shape                          | in | out (IPv4) | out (IPv6)");
    for (name, d) in [
        ("bare header (Chromium)", bare.to_vec()),
        ("FINGERPRINT", with_fp),
        ("SOFTWARE (16 bytes) + FINGERPRINT", software),
    ] {
        let a = stun::answer(&d, v4, &mut out).expect("answered");
        let b = stun::answer(&d, v6, &mut out).expect("answered");
        println!("{name:<38} | {:>2} | {a:>10} | {b:>10}", d.len());
    }
}

/// A Binding request with a SOFTWARE of `software` (if any) and a FINGERPRINT.
fn fingerprinted(software: &[u8]) -> Vec<u8> {
    let mut d = vec![0u8; 20];
    d[..2].copy_from_slice(&BINDING_REQUEST.to_be_bytes());
    d[4..8].copy_from_slice(&MAGIC_COOKIE.to_be_bytes());
    if !software.is_empty() {
        d.extend_from_slice(&0x8022u16.to_be_bytes());
        d.extend_from_slice(&(software.len() as u16).to_be_bytes());
        d.extend_from_slice(software);
    }
    let len = (d.len() - 20 + 8) as u16;
    d[2..4].copy_from_slice(&len.to_be_bytes());
    let crc = stun::crc32(&d) ^ stun::FINGERPRINT_XOR;
    d.extend_from_slice(&stun::FINGERPRINT.to_be_bytes());
    d.extend_from_slice(&4u16.to_be_bytes());
    d.extend_from_slice(&crc.to_be_bytes());
    d
}

/// CPU seconds this thread has used (user and system), from `/proc/thread-self/stat`
/// (clock ticks of 1/100 s).
fn thread_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of the line; 12 and 13 after the command's closing parenthesis.
    (ticks(11) + ticks(12)) / 100.0
}
