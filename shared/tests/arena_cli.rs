//! `coup-arena`'s command line: its last line is the JSON summary the tuning scripts read,
//! and a reader that goes away (`coup-arena … | head`) ends it without a panic. (Unix: it
//! runs the binary, and a closed pipe's status is Unix's.)
#![cfg(unix)]

use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_coup-arena");

#[test]
fn the_last_line_is_the_json_summary() {
    let out = Command::new(BIN)
        .args(["--games", "4", "--lineup", "normal,easy", "--seed", "3"])
        .output()
        .expect("coup-arena runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let last = text.lines().last().expect("some output");
    let json: serde_json::Value = serde_json::from_str(last).expect("a JSON last line");
    assert_eq!(json["games"], 4);
    let wins = json["wins"]["normal"].as_u64().unwrap() + json["wins"]["easy"].as_u64().unwrap();
    assert!(wins <= 4, "{json}");
}

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(BIN)
        .args(["--games", "2", "--lineup", "normal,easy", "--seed", "3"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("coup-arena runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(141), "{err}");
}

/// Two quick games of `lineup` with a best response's small budgets, and `more` flags.
fn best_response_games(lineup: &str, more: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(["--games", "2", "--lineup", lineup, "--seed", "3"])
        .args(["--br-playouts", "8", "--br-learn", "4"])
        .args(more)
        .output()
        .expect("coup-arena runs")
}

#[test]
fn a_best_response_seat_names_its_target_and_unknown_targets_are_refused() {
    let run = |lineup: &str| best_response_games(lineup, &[]);
    let out = run("best-response:easy,easy");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("best-response:easy: reads its target's claims at trust"));
    let json: serde_json::Value =
        serde_json::from_str(text.lines().last().expect("some output")).expect("JSON");
    let wins = json["wins"]["best-response:easy"].as_u64().unwrap()
        + json["wins"]["easy"].as_u64().unwrap();
    assert!(wins <= 2, "{json}");
    for bad in ["best-response:nobody,easy", "best-response:,easy"] {
        let out = run(bad);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("unknown bot"),
            "{bad}"
        );
    }
}

#[test]
fn a_best_responses_own_constants_are_set_and_bad_ones_refused() {
    let run = |set: &str| best_response_games("best-response:easy,easy", &["--br-set", set]);
    let out = run("doubted=0,caution=3");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (bad, why) in [
        ("bravado=1", "unknown tuning"),
        ("doubted=1e9", "out of range"),
        ("doubted", "is not NAME=VALUE"),
        ("doubted=x", "--br-set doubted"),
    ] {
        let out = run(bad);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{bad}: {err}");
    }
}

/// `--rematch K` plays K games in a row at one table, the bots remembering the earlier
/// ones: every game is played, the summary counts the challenges of each character, the
/// games differ from games at new tables, and a table of no games is refused.
#[test]
fn rematches_play_every_game_with_the_bots_memory() {
    let run = |more: &[&str]| {
        let out = Command::new(BIN)
            .args(["--games", "30", "--lineup", "normal,honest", "--seed", "3"])
            .args(more)
            .output()
            .expect("coup-arena runs");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        (out.status, text.lines().last().map(str::to_string))
    };
    let (status, last) = run(&["--rematch", "7"]);
    assert!(status.success());
    let json: serde_json::Value =
        serde_json::from_str(&last.expect("a summary")).expect("a JSON last line");
    assert_eq!(json["games"], 30);
    let challenged = &json["habits"]["normal"]["challenged"];
    assert!(
        challenged.as_object().is_some_and(|m| !m.is_empty()),
        "{json}"
    );
    let (_, fresh) = run(&[]);
    let fresh: serde_json::Value =
        serde_json::from_str(&fresh.expect("a summary")).expect("a JSON last line");
    assert_ne!(json["habits"], fresh["habits"]);
    let (status, _) = run(&["--rematch", "0"]);
    assert_eq!(status.code(), Some(2));
}
