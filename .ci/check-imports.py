#!/usr/bin/env python3
"""Checks that no two files of a crate import each other, directly or in a cycle.

    python3 .ci/check-imports.py

Reads each crate's src/ as text: a file imports another when it names a path into it
(`use crate::a::b`, `super::x`, `self::c::D`, `use child::Item`, or `child::f()` in an
expression, a type or a field of a module that declares `mod child`). A `mod.rs` or `lib.rs`
that re-exports a child's item (`pub use child::Item`) hands a reference to that item on
to the child, so a sibling naming `super::Item` imports the child, not the parent.
Binaries under src/bin and `#[cfg(test)]` modules are left out. Prints each cycle with
its imports and exits 1 if there is any, but for the few loops listed in KNOWN_LOOPS.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRATES = ["shared/src", "server/src", "client/src", "client/referee/src"]

# Loops known and accepted: none. A loop is a file whose imports lead back to it; the
# list stays so that one, when it must be accepted for a while, is named here with why.
KNOWN_LOOPS = []


def strip(text):
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def without_tests(text):
    out, i = [], 0
    while m := re.search(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text[i:]):
        out.append(text[i:i + m.start()])
        j, depth = i + m.end(), 1
        while depth and j < len(text):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def modules(base):
    """Module path (a tuple) -> file, for the crate whose src/ is `base`."""
    found = {}
    for p in sorted(base.rglob("*.rs")):
        parts = list(p.relative_to(base).with_suffix("").parts)
        if parts[0] == "bin" or (parts == ["main"] and (base / "lib.rs").exists()):
            continue
        if parts[-1] in ("mod", "lib", "main"):
            parts = parts[:-1]
        found[tuple(parts)] = p
    return found


def group_items(text, start):
    """The first-level items of the `{...}` group that opens just before `start`."""
    depth, k = 1, start
    while depth and k < len(text):
        depth += {"{": 1, "}": -1}.get(text[k], 0)
        k += 1
    items, item, depth = [], "", 0
    for ch in text[start:k - 1]:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            items.append(item)
            item = ""
        else:
            item += ch
    items.append(item)
    return [w.group(1).split("::") for it in items if (w := re.match(r"\s*(\w+(?:::\w+)*)", it))]


def edges_of(files):
    reexports = {}
    for mod, p in files.items():
        names = {}
        for m in re.finditer(r"pub(?:\([^)]*\))?\s+use\s+(\w+)::(\{[^}]*\}|\w+)", strip(p.read_text())):
            child = mod + (m.group(1),)
            if child in files:
                for n in re.findall(r"\w+", m.group(2)):
                    names[n] = child
        reexports[mod] = names

    def resolve(path):
        for k in range(len(path), -1, -1):
            t = tuple(path[:k])
            if t in files:
                if k < len(path) and path[k] in reexports[t]:
                    return reexports[t][path[k]]
                return t
        return None

    edges = {m: set() for m in files}
    for mod, p in files.items():
        text = without_tests(strip(p.read_text()))
        refs = []
        for m in re.finditer(r"\b(crate|super|self)(?=::)((?:::\w+)*)(::\{)?", text):
            rest = m.group(2).split("::")[1:]
            tails = group_items(text, m.end()) if m.group(3) else [[]]
            refs += [(m.group(1), rest + tail) for tail in tails]
        for head, rest in refs:
            if head == "crate":
                path = rest
            elif head == "self":
                path = list(mod) + rest
            else:
                path = list(mod[:-1])
                while rest and rest[0] == "super":
                    rest, path = rest[1:], path[:-1]
                path += rest
            target = resolve(path)
            if target is not None and target != mod:
                edges[mod].add(target)
        for m in re.finditer(r"\buse\s+(\w+)::", text):
            if mod + (m.group(1),) in files:
                edges[mod].add(mod + (m.group(1),))
        # A module names its own child by the child's name alone, in an expression, a
        # type or a field as well as in a `use` (`easy::Easy::new()` where it declares
        # `mod easy;`): a path that starts with a declared child's name imports it.
        declared = set(re.findall(r"\bmod\s+(\w+)\s*;", text))
        for m in re.finditer(r"(?<![:\w])(\w+)::", text):
            child = mod + (m.group(1),)
            if m.group(1) in declared and child in files:
                edges[mod].add(child)
    return edges


def cycles(edges):
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    sys.setrecursionlimit(10_000)
    for v in edges:
        if v not in index:
            visit(v)
    return found


def main():
    bad = 0
    for crate in CRATES:
        files = modules(ROOT / crate)
        edges = edges_of(files)
        for component in cycles(edges):
            names = sorted(str(files[m].relative_to(ROOT)) for m in component)
            if set(names) in KNOWN_LOOPS:
                continue
            bad += 1
            print(f"import cycle: {', '.join(names)}")
            for a in component:
                for b in sorted(edges[a] & set(component)):
                    print(f"  {files[a].relative_to(ROOT)} -> {files[b].relative_to(ROOT)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
