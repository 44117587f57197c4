//! The `coup-relay` binary's own commands: `--version`, and `healthcheck` against a live
//! relay, a closed port, a server that is not a healthy relay, and one that never answers.

mod common;

use std::net::SocketAddr;
use std::process::{Command, Output};

use common::{FAILURE_BOUND, relay};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpListener;

const BIN: &str = env!("CARGO_BIN_EXE_coup-relay");

/// Runs the binary off the runtime's thread, so a relay in this test keeps serving.
async fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env_remove("COUP_BIND")
        .env_remove("COUP_STUN_BIND");
    for (k, v) in env {
        cmd.env(k, v);
    }
    tokio::task::spawn_blocking(move || cmd.output().expect("run coup-relay"))
        .await
        .expect("join")
}

#[tokio::test]
async fn version_names_the_release_and_the_relay_protocol() {
    for flag in ["--version", "-V"] {
        let out = run(&[flag], &[]).await;
        assert!(out.status.success());
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!(
                "coup-relay {} (relay protocol {})\n",
                env!("CARGO_PKG_VERSION"),
                shared::relay::PROTOCOL_VERSION
            )
        );
    }
}

#[tokio::test]
async fn healthcheck_passes_against_a_running_relay() {
    let r = relay(&[]).await;
    let bind = r.addr.to_string();
    let out = run(&["healthcheck", "--bind", &bind], &[]).await;
    assert!(out.status.success(), "{out:?}");
    // The relay's own variable, as in the image; 0.0.0.0 is asked on loopback.
    let any = format!("0.0.0.0:{}", r.addr.port());
    let out = run(&["healthcheck"], &[("COUP_BIND", &any)]).await;
    assert!(out.status.success(), "{out:?}");
}

#[tokio::test]
async fn healthcheck_fails_on_a_closed_port() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        l.local_addr().expect("addr").port()
    };
    let out = run(
        &["healthcheck", "--bind", &format!("127.0.0.1:{port}")],
        &[],
    )
    .await;
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot connect"));
}

/// Starts the relay with `args` and `env`, which must make it exit at once: its output
/// and status (a relay still running after 20 s is killed and fails the test).
fn start_failing(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String) {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .env_remove("COUP_BIND")
        .env_remove("COUP_STUN_BIND")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("run coup-relay");
    let deadline = std::time::Instant::now() + FAILURE_BOUND;
    while child.try_wait().expect("wait").is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("coup-relay {args:?} did not stop");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

#[test]
fn a_taken_stun_port_stops_the_start_with_a_clear_error() {
    let taken = std::net::UdpSocket::bind("127.0.0.1:0").expect("bind");
    let at = taken.local_addr().expect("addr").to_string();
    let base = [
        "--bind",
        "127.0.0.1:0",
        "--static-dir",
        "/nonexistent-coup-dist",
    ];
    let by_flag = [base.as_slice(), &["--stun-bind", &at]].concat();
    // The variable is read as the flag is.
    for (args, env) in [
        (by_flag.as_slice(), vec![]),
        (base.as_slice(), vec![("COUP_STUN_BIND", at.as_str())]),
    ] {
        let (code, text) = start_failing(args, &env);
        assert_eq!(code, Some(1), "{text}");
        assert!(text.contains("cannot listen for STUN"), "{text}");
        assert!(text.contains(&format!("STUN on udp {at}")), "{text}");
        assert!(!text.contains("panicked"), "{text}");
    }
}

/// A listener that answers every connection with `answer` (or never, when `None`).
async fn fake_server(answer: Option<&'static [u8]>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((mut s, _)) = listener.accept().await {
            let mut buf = [0u8; 1024];
            let _ = s.read(&mut buf).await;
            match answer {
                Some(a) => {
                    let _ = s.write_all(a).await;
                }
                None => held.push(s),
            }
        }
    });
    addr
}

#[tokio::test]
async fn healthcheck_fails_on_anything_but_200_ok() {
    for answer in [
        &b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 2\r\n\r\nok"[..],
        &b"HTTP/1.1 200 OK\r\ncontent-length: 6\r\n\r\nhello!"[..],
        &b"SSH-2.0-OpenSSH\r\n"[..],
    ] {
        let addr = fake_server(Some(answer)).await;
        let out = run(&["healthcheck", "--bind", &addr.to_string()], &[]).await;
        assert_eq!(out.status.code(), Some(1), "{answer:?}");
    }
}

#[tokio::test]
async fn healthcheck_gives_up_on_a_server_that_never_answers() {
    let addr = fake_server(None).await;
    let started = std::time::Instant::now();
    // One read timeout, not a hang: it ends, however slowly a loaded machine runs it.
    let out = tokio::time::timeout(
        FAILURE_BOUND,
        run(
            &["healthcheck", "--bind", &addr.to_string(), "--timeout", "1"],
            &[],
        ),
    )
    .await
    .expect("the healthcheck gave up");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no answer"));
    assert!(started.elapsed().as_secs() >= 1, "{:?}", started.elapsed());
}

/// Started on port 0 for HTTP and STUN, the relay's "listening" line names the ports it
/// bound, so that whoever started it (the image's smoke test) learns them from the relay
/// instead of guessing free ports beforehand; both answer there.
#[test]
fn on_port_0_the_listening_line_names_the_ports_the_relay_bound() {
    use std::io::BufRead as _;
    let mut child = Command::new(BIN)
        .args(["--bind", "127.0.0.1:0", "--stun-bind", "127.0.0.1:0"])
        .args([
            "--static-dir",
            "/nonexistent-coup-dist",
            "--log-format",
            "json",
        ])
        .env_remove("COUP_BIND")
        .env_remove("COUP_STUN_BIND")
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run coup-relay");
    let stdout = child.stdout.take().expect("stdout");
    // The first line that says the relay listens; the reader ends with the relay.
    let listening = std::io::BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(&l).ok())
        .find(|l| l["message"] == "coup-relay listening");
    let checked = std::panic::catch_unwind(|| {
        let line = listening.expect("a listening line");
        let http: SocketAddr = line["bind"]
            .as_str()
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("bind in {line}"));
        let stun: SocketAddr = line["stun"]
            .as_str()
            .and_then(|a| a.strip_prefix("udp ")?.parse().ok())
            .unwrap_or_else(|| panic!("stun in {line}"));
        assert_ne!(http.port(), 0, "{line}");
        assert_ne!(stun.port(), 0, "{line}");
        let health = Command::new(BIN)
            .args(["healthcheck", "--bind", &http.to_string()])
            .output()
            .expect("healthcheck");
        assert!(health.status.success(), "{health:?}");
        let client = std::net::UdpSocket::bind("127.0.0.1:0").expect("bind a client");
        client
            .set_read_timeout(Some(FAILURE_BOUND))
            .expect("a timeout");
        let mut request = [0u8; 20];
        request[..2].copy_from_slice(&coup_server::stun::BINDING_REQUEST.to_be_bytes());
        request[4..8].copy_from_slice(&coup_server::stun::MAGIC_COOKIE.to_be_bytes());
        client.send_to(&request, stun).expect("send");
        let mut buf = [0u8; 64];
        let (n, from) = client.recv_from(&mut buf).expect("a STUN answer");
        assert_eq!((n, from), (32, stun));
    });
    let _ = child.kill();
    let _ = child.wait();
    if let Err(failed) = checked {
        std::panic::resume_unwind(failed);
    }
}
