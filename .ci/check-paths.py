#!/usr/bin/env python3
"""Checks that what a Markdown file names in backticks exists in the tree.

    python3 .ci/check-paths.py ARCHITECTURE.md

- A path (`server/src/hub.rs`, `shared/tests/`, `card.rs`) must be a tracked file or
  folder: from the repository's root, from the folder the current section's heading
  names, or else as the tail of some tracked path.
- A Rust module path (`shared::session::protocol`) must be a module of that crate.
- `Type::function` must name a type and a function that the Rust sources define.

Prints each name that is not there and exits 1 if there is any.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXTENSIONS = (".rs", ".md", ".sh", ".mjs", ".js", ".toml", ".lua", ".html", ".css",
              ".json", ".yml", ".ftl", ".py", ".webmanifest")
CRATES = {"shared": "shared/src", "coup_server": "server/src", "coup_client": "client/src"}


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split("\n")
    files = {f for f in out if f}
    dirs = set()
    for f in files:
        parts = f.split("/")
        for i in range(1, len(parts)):
            dirs.add("/".join(parts[:i]))
    return files, dirs


def rust_text(files):
    return "\n".join((ROOT / f).read_text(errors="replace") for f in files if f.endswith(".rs"))


def main(doc):
    files, dirs = tracked()
    everything = files | dirs
    rust = rust_text(files)
    text = (ROOT / doc).read_text()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    missing = []
    base = ""
    for line in text.split("\n"):
        if line.startswith("#"):
            heading = re.findall(r"`([^`]+)`", line)
            base = heading[0].rstrip("/") if heading and heading[0].rstrip("/") in dirs else ""
        for span in re.findall(r"`([^`\n]+)`", line):
            if span.startswith("/"):
                continue  # a URL path (`/ws`), not a file
            if re.fullmatch(r"[\w.\-/]+", span) and ("/" in span or span.endswith(EXTENSIONS)):
                name = span.rstrip("/")
                if name in everything or (base and f"{base}/{name}" in everything):
                    continue
                if any(p.endswith("/" + name) for p in everything):
                    continue
                missing.append(f"path {span}")
            elif re.fullmatch(r"(shared|coup_server|coup_client)(::[a-z_]+)+(::[A-Z]\w*)?", span):
                parts = span.split("::")
                path = CRATES[parts[0]]
                for module in [p for p in parts[1:] if p[0].islower()]:
                    path = f"{path}/{module}"
                    if f"{path}.rs" not in files and path not in dirs:
                        missing.append(f"module {span}")
                        break
            elif m := re.fullmatch(r"([A-Z]\w*)::([a-z_]\w*)", span):
                kind = r"(struct|enum|trait|type)\s+" + m.group(1) + r"\b"
                if not re.search(kind, rust) or not re.search(r"fn\s+" + m.group(2) + r"\b", rust):
                    missing.append(f"item {span}")
    for m in missing:
        print(f"{doc}: {m} is not in the tree")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "ARCHITECTURE.md"))
