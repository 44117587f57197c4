//! Runs every scenario file (shared/tests/scenarios, and the rulebook's examples in
//! docs/examples) through `shared::script` with the matching rules of
//! `docs/check-scenarios`.

use std::path::{Path, PathBuf};

use serde_json::Value;
use shared::script;

const MULTISETS: [&str; 3] = ["court", "hidden", "revealed"];

/// A port of check-scenarios' `match`: objects match on the keys given, lists element by
/// element and in length; `court`, `hidden` and `revealed` as multisets.
fn matches(want: &Value, got: &Value, path: &str) -> Result<(), String> {
    match want {
        Value::Object(w) => {
            let g = got
                .as_object()
                .ok_or_else(|| format!("{path}: expected an object, got {got}"))?;
            for (k, v) in w {
                let gv = g.get(k).ok_or_else(|| format!("{path}.{k}: missing"))?;
                if MULTISETS.contains(&k.as_str())
                    && let Value::Array(list) = v
                {
                    let mut a: Vec<String> = list.iter().map(|x| x.to_string()).collect();
                    let mut b: Vec<String> = gv
                        .as_array()
                        .map(|l| l.iter().map(|x| x.to_string()).collect())
                        .unwrap_or_default();
                    a.sort();
                    b.sort();
                    if a != b {
                        return Err(format!("{path}.{k}: expected {a:?}, got {b:?}"));
                    }
                    continue;
                }
                matches(v, gv, &format!("{path}.{k}"))?;
            }
            Ok(())
        }
        Value::Array(w) => {
            let g = got
                .as_array()
                .filter(|g| g.len() == w.len())
                .ok_or_else(|| format!("{path}: expected {want}, got {got}"))?;
            for (i, (wv, gv)) in w.iter().zip(g).enumerate() {
                matches(wv, gv, &format!("{path}[{i}]"))?;
            }
            Ok(())
        }
        _ if want == got => Ok(()),
        _ => Err(format!("{path}: expected {want}, got {got}")),
    }
}

fn check(file: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let mut scenario: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let expect = scenario.get("expect").cloned().unwrap_or(Value::Null);
    if expect.get("view_has").is_some() || expect.get("view_lacks").is_some() {
        scenario["views"] = Value::Bool(true);
    }
    let result = script::run(&scenario.to_string());
    if let Some(exit) = expect.get("exit") {
        let got = if result.is_ok() { 0 } else { 2 };
        if exit.as_i64() != Some(got) {
            return Err(format!("exit {got}, expected {exit} ({result:?})"));
        }
        // Any invalid input exits 2: only the message tells the fault named from a typo.
        let want = expect["error"]
            .as_str()
            .ok_or("an `exit` expectation needs the `error` it expects")?;
        return match result {
            Err(e) if e.0.contains(want) => Ok(()),
            other => Err(format!("error: expected {want:?}, got {other:?}")),
        };
    }
    let result = result.map_err(|e| format!("exit 2: {e}"))?;
    if let Some(ok) = expect.get("ok")
        && result.get("ok") != Some(ok)
    {
        return Err(format!("ok: expected {ok}, got {}", result["rejected"]));
    }
    if let Some(step) = expect.get("rejected_step") {
        let got = result["rejected"]
            .get("step")
            .cloned()
            .unwrap_or(Value::Null);
        if &got != step {
            return Err(format!(
                "rejected step: expected {step}, got {}",
                result["rejected"]
            ));
        }
        // The right step can be rejected for the wrong reason: the code tells which.
        if !step.is_null() {
            let want = expect
                .get("rejected_code")
                .ok_or("a `rejected_step` expectation needs its `rejected_code`")?;
            if &result["rejected"]["code"] != want {
                return Err(format!(
                    "rejected code: expected {want}, got {}",
                    result["rejected"]
                ));
            }
        }
    }
    for key in ["state", "claims"] {
        if let Some(want) = expect.get(key) {
            matches(want, &result[key], key)?;
        }
    }
    let views = result["views"].as_array().cloned().unwrap_or_default();
    for (rule, present) in [("view_has", true), ("view_lacks", false)] {
        for item in expect[rule].as_array().into_iter().flatten() {
            let seat = item["viewer"].as_u64().unwrap_or(u64::MAX) as usize;
            let word = item["word"].as_str().unwrap_or_default();
            let view = views
                .get(seat)
                .ok_or(format!("{rule}: no view for {seat}"))?;
            if view.to_string().contains(word) != present {
                return Err(format!("{rule}: seat {seat}'s view and {word:?}"));
            }
        }
    }
    Ok(())
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
}

fn run_dir(dir: &Path) -> usize {
    let files = json_files(dir);
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| check(f).err().map(|e| format!("{}: {e}", f.display())))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    files.len()
}

#[test]
fn engine_scenarios_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    assert!(run_dir(&dir) >= 80);
}

#[test]
fn every_scenario_cites_a_rule() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    for file in json_files(&dir) {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert!(v["rule"].is_string(), "{} has no rule", file.display());
    }
}

#[test]
fn rulebook_examples_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/examples");
    assert!(
        json_files(&dir).len() >= 8,
        "the rulebook's examples are missing from {}",
        dir.display()
    );
    assert_eq!(run_dir(&dir), json_files(&dir).len());
}

#[test]
fn malformed_scenarios_are_invalid_not_panics() {
    for text in [
        "",
        "{",
        "null",
        "[]",
        "42",
        r#"{"setup": 3, "steps": []}"#,
        r#"{"setup": {"players": "x"}, "steps": []}"#,
        r#"{"setup": {"players": 2, "seed": -1}, "steps": []}"#,
        r#"{"setup": {"players": 2, "seed": 1, "hands": []}, "steps": []}"#,
        r#"{"setup": {"players": 99999999999, "seed": 1}, "steps": []}"#,
        r#"{"setup": {"players": 2, "seed": 1, "first": 5}, "steps": []}"#,
        r#"{"setup": {"players": 3, "hands": [["duke"]], "court": []}, "steps": []}"#,
        r#"{"setup": {"players": 2, "seed": 1}, "steps": [], "views": "yes"}"#,
        r#"{"setup": {"players": 2, "seed": 1, "options": {"bogus": true}}, "steps": []}"#,
    ] {
        assert!(script::run(text).is_err(), "{text}");
    }
}

#[test]
fn odd_steps_are_rejected_not_panics() {
    let setup = r#"{"players": 3, "seed": 9, "first": 0}"#;
    for step in [
        r#"7"#,
        r#"{}"#,
        r#"{"player": -1, "do": "income"}"#,
        r#"{"player": 300, "do": "income"}"#,
        r#"{"player": 12, "do": "income"}"#,
        r#"{"player": 0, "do": {"coup": 200}}"#,
        r#"{"player": 0, "do": {"keep": []}}"#,
        r#"{"player": 0, "do": {"keep": ["duke", "duke", "duke"]}}"#,
        r#"{"player": 0, "do": {"block": "jester"}}"#,
        r#"{"all": "challenge"}"#,
    ] {
        let text = format!(r#"{{"setup": {setup}, "steps": [{step}], "views": true}}"#);
        let out = script::run(&text).expect("valid scenario");
        assert_eq!(out["ok"], Value::Bool(false), "{step}");
        assert_eq!(out["rejected"]["step"], Value::from(0), "{step}");
    }
}

#[test]
fn mutated_scenarios_never_panic() {
    // Cheap fuzzing: every example with bytes flipped or cut must give a result or an
    // invalid-scenario error, never a panic.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for file in json_files(&dir).iter().take(40) {
        let text = std::fs::read_to_string(file).unwrap();
        let bytes = text.as_bytes();
        for _ in 0..20 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut b = bytes.to_vec();
            let i = (x as usize) % b.len();
            match x % 3 {
                0 => b[i] = b"0123456789{}[],:\"-"[(x >> 20) as usize % 18],
                1 => b.truncate(i),
                _ => b.insert(i, b"9"[0]),
            }
            if let Ok(t) = String::from_utf8(b) {
                let _ = script::run(&t);
            }
        }
    }
}
