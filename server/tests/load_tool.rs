//! `coup-relay-load` against a relay it starts: it measures, prints its summary, and
//! stops that relay whether or not anyone reads what it prints.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const RELAY: &str = env!("CARGO_BIN_EXE_coup-relay");
const SMALL_RUN: [&str; 8] = [
    "--connections",
    "40",
    "--rate",
    "100",
    "--duration",
    "1",
    "--room-size",
    "4",
];

/// The load tool: an example of this crate, which `cargo test` builds beside the tests
/// (in the profile's `examples/`, next to the tests' `deps/`).
fn load_tool() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .expect("the profile's directory");
    let tool = profile
        .join("examples")
        .join(format!("coup-relay-load{}", std::env::consts::EXE_SUFFIX));
    assert!(
        tool.is_file(),
        "{} is not built (cargo test builds it; or cargo build --example coup-relay-load)",
        tool.display()
    );
    tool
}

/// Whether a process runs `bin` with the argument `flag` followed by `value`.
fn running(bin: &str, flag: &str, value: &str) -> bool {
    std::fs::read_dir("/proc")
        .expect("/proc")
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .any(|c| {
            let args: Vec<&[u8]> = c.split(|b| *b == 0).collect();
            args.first().is_some_and(|a| *a == bin.as_bytes())
                && args
                    .windows(2)
                    .any(|w| w[0] == flag.as_bytes() && w[1] == value.as_bytes())
        })
}

#[test]
fn a_small_run_holds_every_connection_and_stops_its_relay() {
    let out = Command::new(load_tool())
        .args(["--spawn", RELAY])
        .args(SMALL_RUN)
        .output()
        .expect("coup-relay-load runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = text
        .lines()
        .find(|l| l.starts_with("summary:"))
        .unwrap_or_else(|| panic!("no summary: {text}"));
    assert!(
        summary.contains("held 40 connections (0 dropped, 0 errors)"),
        "{summary}"
    );
}

#[test]
fn a_closed_stdout_still_ends_the_run_and_its_relay() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    // Rooms of three (the last of one client, with no one to signal): the relay it
    // starts is told `--room-size 3`, which no other test's relay is.
    let out = Command::new(load_tool())
        .args(["--spawn", RELAY])
        .args(&SMALL_RUN[..6])
        .args(["--room-size", "3"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("coup-relay-load runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{err}");
    assert!(
        !running(RELAY, "--room-size", "3"),
        "the relay it started is still running"
    );
}
