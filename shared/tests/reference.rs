//! The reference in `docs/` and the code agree: every rule id cited anywhere in the
//! repository's code and tests is defined in `docs/RULES.md`, each protocol document
//! states the version its code speaks, and `CHANGELOG.md`, the README and the compose file
//! name the workspace's version.

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
            // Installed tools and build output are not the repository's text.
            if !["node_modules", "venv", "artifacts", "target"]
                .iter()
                .any(|skip| name == *skip)
            {
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

/// The version a document states in its title: `# ... (version 1)` or `# ..., version 1`.
fn stated_version(doc: &str) -> Option<u32> {
    let title = doc.lines().next()?.strip_prefix("# ")?;
    let (_, rest) = title.rsplit_once("version ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[test]
fn stated_versions_are_read_from_titles() {
    assert_eq!(stated_version("# The thing (version 12)\n\ntext"), Some(12));
    assert_eq!(stated_version("# The thing, version 3\n"), Some(3));
    assert_eq!(stated_version("# The thing\n\nversion 3"), None);
    assert_eq!(stated_version("The thing, version 3"), None);
}

#[test]
fn the_documents_state_the_protocol_versions_the_code_speaks() {
    let docs = [
        (
            "docs/RELAY-PROTOCOL.md",
            include_str!("../../docs/RELAY-PROTOCOL.md"),
            shared::relay::PROTOCOL_VERSION,
        ),
        (
            "shared/PEER-PROTOCOL.md",
            include_str!("../PEER-PROTOCOL.md"),
            shared::session::protocol::PROTOCOL_VERSION,
        ),
        (
            "docs/SCRIPT.md",
            include_str!("../../docs/SCRIPT.md"),
            shared::script::PROTOCOL_VERSION,
        ),
    ];
    for (name, text, code) in docs {
        assert_eq!(
            stated_version(text),
            Some(code),
            "{name} states another version than the code's {code}"
        );
    }
}

#[test]
fn the_changelog_has_a_section_for_the_workspace_version() {
    let changelog = include_str!("../../CHANGELOG.md");
    let heading = format!("## [{}]", env!("CARGO_PKG_VERSION"));
    assert!(
        changelog.lines().any(|l| l.starts_with(&heading)),
        "CHANGELOG.md has no {heading} section"
    );
    assert!(
        changelog.lines().any(|l| l == "## [Unreleased]"),
        "CHANGELOG.md has no [Unreleased] section"
    );
}

#[test]
fn the_pinned_image_tag_is_the_workspace_version() {
    // What self-hosters copy: the README's `docker run` and the compose file's default.
    let tag = format!("ghcr.io/coup-p2p/coup:{}", env!("CARGO_PKG_VERSION"));
    for (name, text) in [
        ("README.md", include_str!("../../README.md")),
        (
            "deploy/docker-compose.yml",
            include_str!("../../deploy/docker-compose.yml"),
        ),
    ] {
        assert!(text.contains(&tag), "{name} does not pin {tag}");
        for (i, _) in text.match_indices("ghcr.io/coup-p2p/coup:") {
            let rest = &text[i + "ghcr.io/coup-p2p/coup:".len()..];
            let pinned: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
                .collect();
            assert!(
                pinned == env!("CARGO_PKG_VERSION") || pinned == "VERSION",
                "{name} pins ghcr.io/coup-p2p/coup:{pinned}, not the workspace version"
            );
        }
    }
}
