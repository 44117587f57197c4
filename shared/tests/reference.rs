//! The reference in `docs/` and the code agree: every rule id cited anywhere in the
//! repository's code and tests is defined in `docs/RULES.md`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const RULES: &str = include_str!("../../docs/RULES.md");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The rule ids a text cites: `R` and a number, then one or more `.number` parts, not
/// inside a longer word (`R4.2`, `R10.1`; not `SR4.2`, `R4`).
fn cited_ids(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    let mut ids = BTreeSet::new();
    for (i, _) in text.match_indices('R') {
        if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
            continue;
        }
        let digits = |from: usize| {
            from + bytes[from..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count()
        };
        let mut end = digits(i + 1);
        if end == i + 1 {
            continue;
        }
        let mut parts = 1;
        while end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
            end = digits(end + 1);
            parts += 1;
        }
        let followed_by_word =
            end < bytes.len() && (bytes[end].is_ascii_alphabetic() || bytes[end] == b'_');
        if parts >= 2 && !followed_by_word {
            ids.insert(text[i..end].to_string());
        }
    }
    ids
}

/// The ids `RULES.md` defines: list items (`- R4.2 ...`) and rows that start with one.
fn defined_ids() -> BTreeSet<String> {
    RULES
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("- "))
        .filter_map(|rest| rest.split_whitespace().next())
        .flat_map(cited_ids)
        .collect()
}

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "node_modules" && name != "artifacts" && name != "target" {
                source_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| {
            ["rs", "json", "js", "mjs", "py", "md"]
                .iter()
                .any(|x| e == *x)
        }) {
            out.push(path);
        }
    }
}

#[test]
fn the_id_scanner_finds_ids_and_only_ids() {
    // Built at run time, or the scan of this very file would find the made-up id.
    let text = ["R4.2, (R10.1) R", "6.4.1 R4 SR5.1 R3.x R2.5a R_1.2 R7.3."].concat();
    let found = cited_ids(&text);
    let want: BTreeSet<String> = ["R4.2", "R10.1", &["R", "6.4.1"].concat(), "R7.3"]
        .map(String::from)
        .into();
    assert_eq!(found, want);
}

#[test]
fn the_rulebook_defines_its_ids() {
    let ids = defined_ids();
    for id in ["R1.1", "R1.5", "R4.2", "R6.4", "R11.2"] {
        assert!(ids.contains(id), "RULES.md lost {id}");
    }
    assert!(ids.len() >= 40, "only {} rule ids in RULES.md", ids.len());
}

#[test]
fn every_cited_rule_id_is_in_the_rulebook() {
    let root = root();
    let mut files = Vec::new();
    for dir in ["shared", "client", "server", "tests", ".ci"] {
        source_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "found only {} files to scan", files.len());
    let defined = defined_ids();
    let mut cited = 0;
    let mut unknown = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for id in cited_ids(&text) {
            cited += 1;
            if !defined.contains(&id) {
                let shown = file.strip_prefix(&root).unwrap_or(file);
                unknown.push(format!("{}: {id}", shown.display()));
            }
        }
    }
    assert!(cited > 100, "only {cited} rule citations found");
    assert!(
        unknown.is_empty(),
        "rule ids not in docs/RULES.md:\n{}",
        unknown.join("\n")
    );
}
