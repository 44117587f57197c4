//! `coup-relay healthcheck`: asks a running relay for `GET /healthz` and exits 0 when it
//! answers `200` with the body `ok`, 1 otherwise (with the reason on stderr).
//!
//! It exists for container health checks: the image is distroless (no shell, no curl),
//! so the relay's own binary is the probe. It reads the same `--bind` / `COUP_BIND` as the
//! relay, so `HEALTHCHECK CMD ["coup-relay", "healthcheck"]` needs no arguments; an
//! unspecified address (`0.0.0.0`, `[::]`) is asked on loopback. Plain blocking std I/O
//! with timeouts, bounded reads: nothing here can hang or grow.

use std::ffi::OsString;
use std::io::{Read as _, Write as _};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// The most of an answer that is read: `/healthz` says two bytes.
const MAX_ANSWER: u64 = 4096;

/// Asks a running relay for /healthz; exits 0 when it answers 200 "ok", 1 otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Parser)]
#[command(name = "coup-relay healthcheck", bin_name = "coup-relay healthcheck")]
pub struct Healthcheck {
    /// The relay's listening address (as the relay's own flag); 0.0.0.0 and `[::]` are
    /// asked on loopback.
    #[arg(long, env = "COUP_BIND", default_value = "0.0.0.0:8080")]
    pub bind: SocketAddr,

    /// Seconds to wait for the connection, and for each read and write.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=60))]
    pub timeout: u64,
}

/// Runs the check when the first argument is `healthcheck`; `None` otherwise (the relay
/// starts as usual).
pub fn from_args(args: impl IntoIterator<Item = OsString>) -> Option<ExitCode> {
    let mut args = args.into_iter();
    let program = args.next()?;
    let mut rest = args.peekable();
    if rest.peek().is_none_or(|a| a != "healthcheck") {
        return None;
    }
    rest.next();
    let options = Healthcheck::parse_from(std::iter::once(program).chain(rest));
    Some(
        match check(target(options.bind), Duration::from_secs(options.timeout)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(why) => {
                eprintln!("coup-relay healthcheck: {why}");
                ExitCode::FAILURE
            }
        },
    )
}

/// Where to ask: the bind address, with an unspecified IP replaced by loopback.
pub fn target(bind: SocketAddr) -> SocketAddr {
    let ip = match bind.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    SocketAddr::new(ip, bind.port())
}

/// Asks `addr` for `/healthz`.
pub fn check(addr: SocketAddr, timeout: Duration) -> Result<(), String> {
    let mut stream = TcpStream::connect_timeout(&addr, timeout)
        .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
    stream
        .set_read_timeout(Some(timeout))
        .and_then(|()| stream.set_write_timeout(Some(timeout)))
        .map_err(|e| format!("cannot set timeouts: {e}"))?;
    let request = format!(
        "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nUser-Agent: coup-relay-healthcheck\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("cannot send to {addr}: {e}"))?;
    let mut answer = Vec::new();
    stream
        .take(MAX_ANSWER)
        .read_to_end(&mut answer)
        .map_err(|e| format!("no answer from {addr}: {e}"))?;
    judge(&answer)
}

/// Whether an HTTP answer is a healthy relay's: status 200 and the body `ok`.
pub fn judge(answer: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| "the answer is not HTTP".to_string())?;
    let status = head.lines().next().unwrap_or_default();
    let code = status
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| status.strip_prefix("HTTP/1.0 "))
        .and_then(|rest| rest.split(' ').next())
        .ok_or_else(|| "the answer is not HTTP".to_string())?;
    if code != "200" {
        return Err(format!("/healthz answered {}", status.trim()));
    }
    if body.trim() != "ok" {
        return Err("/healthz answered 200 without the body ok".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_answers() {
        assert_eq!(
            judge(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok"),
            Ok(())
        );
        assert_eq!(judge(b"HTTP/1.0 200 OK\r\n\r\nok\n"), Ok(()));
        assert!(judge(b"HTTP/1.1 503 Service Unavailable\r\n\r\nok").is_err());
        assert!(judge(b"HTTP/1.1 200 OK\r\n\r\n<html>").is_err());
        assert!(judge(b"HTTP/1.1 200 OK\r\n").is_err());
        assert!(judge(b"SSH-2.0-OpenSSH_9.2\r\n\r\nok").is_err());
        assert!(judge(b"").is_err());
        assert!(judge(&[0xff; 100]).is_err());
    }

    #[test]
    fn unspecified_addresses_are_asked_on_loopback() {
        let v4: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        assert_eq!(target(v4), "127.0.0.1:8080".parse().unwrap());
        let v6: SocketAddr = "[::]:9000".parse().unwrap();
        assert_eq!(target(v6), "[::1]:9000".parse().unwrap());
        let given: SocketAddr = "127.0.0.2:80".parse().unwrap();
        assert_eq!(target(given), given);
    }

    #[test]
    fn only_the_healthcheck_word_runs_the_check() {
        let args = |a: &[&str]| a.iter().map(OsString::from).collect::<Vec<_>>();
        assert!(from_args(args(&["coup-relay"])).is_none());
        assert!(from_args(args(&["coup-relay", "--bind", "127.0.0.1:1"])).is_none());
        assert!(from_args(args(&["coup-relay", "--static-dir", "healthcheck"])).is_none());
    }

    /// A one-shot relay stand-in on loopback: takes one request, answers `answer`, and
    /// hands back the request it read.
    fn answering(answer: &'static [u8]) -> (SocketAddr, std::thread::JoinHandle<String>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("binds loopback");
        let addr = listener.local_addr().expect("an address");
        let server = std::thread::spawn(move || {
            let (mut conn, _) = listener.accept().expect("the check connects");
            let mut request = Vec::new();
            let mut buf = [0u8; 512];
            while !request.ends_with(b"\r\n\r\n") {
                let n = conn.read(&mut buf).expect("reads the request");
                assert!(n > 0, "the request ended before its head did");
                request.extend_from_slice(&buf[..n]);
            }
            conn.write_all(answer).expect("answers");
            String::from_utf8(request).expect("an ASCII request")
        });
        (addr, server)
    }

    fn exit(code: Option<ExitCode>) -> String {
        format!("{:?}", code.expect("the healthcheck word runs the check"))
    }

    #[test]
    fn a_healthy_relay_passes_the_check() {
        let (addr, server) = answering(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
        assert_eq!(check(addr, Duration::from_secs(5)), Ok(()));
        let request = server.join().expect("the stand-in ran");
        assert!(
            request.starts_with("GET /healthz HTTP/1.1\r\n"),
            "{request}"
        );
    }

    #[test]
    fn the_healthcheck_word_exits_0_for_a_healthy_relay_and_1_for_a_sick_one() {
        let args = |addr: SocketAddr| {
            [
                "coup-relay",
                "healthcheck",
                "--bind",
                addr.to_string().as_str(),
            ]
            .map(OsString::from)
            .to_vec()
        };
        let (addr, server) = answering(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
        assert_eq!(exit(from_args(args(addr))), exit(Some(ExitCode::SUCCESS)));
        server.join().expect("the stand-in ran");
        let (addr, server) = answering(b"HTTP/1.1 503 Service Unavailable\r\n\r\nok");
        assert_eq!(exit(from_args(args(addr))), exit(Some(ExitCode::FAILURE)));
        server.join().expect("the stand-in ran");
    }
}
