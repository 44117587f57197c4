#!/usr/bin/env bash
# `make test`: every test, failing fast, in these steps:
#   lint        actionlint on .github/workflows, hadolint on the Dockerfile
#   fmt         cargo fmt --all --check
#   clippy      cargo clippy, native
#   clippy-wasm cargo clippy for wasm32 (the crates that ship to the browser)
#   test        cargo test --workspace, then the relay protocol tests against a cluster
#               and the relay's STUN NAT lab as root
#   scenarios   coup-script through docs/check-scenarios
#   deny-local  cargo deny's offline checks (licenses, bans, sources), when installed
#   client      the client build (.ci/build-client.sh)
#   smoke       the relay serving dist/, smoke-tested from outside (.ci/smoke.sh)
#   image       the Docker image built with buildah on local stand-in bases and
#               smoke-tested as its own user (.ci/image/), when its inputs changed
#   e2e         the browser suite (in a network namespace holding only lo; the NAT lab
#               builds its homes, routers and internet in namespaces of its own)
#
#   bash .ci/test.sh                 # every step above, in order
#   bash .ci/test.sh clippy test     # only these, in the order given
#   bash .ci/test.sh deny            # cargo deny, all four checks (needs the network)
#   bash .ci/test.sh fuzz            # every fuzz target for FUZZ_SECONDS (default 60) each
#
# Each CI job (.github/workflows/ci.yml) runs its steps through this script, so CI and
# `make test` run the same commands. Each step installs what it needs when missing.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
START=$SECONDS
trap 'status=$?; [ $status -eq 0 ] || printf "\n\033[1;31mFAILED\033[0m (exit %s) after %ss\n" "$status" "$((SECONDS - START))" >&2' EXIT

ALL_STEPS=(lint fmt clippy clippy-wasm test scenarios deny-local client smoke image e2e)

step_lint() {
    section "lint: actionlint (.github/workflows), hadolint (Dockerfile), ARCHITECTURE.md's names, import cycles"
    ensure_linters
    # actionlint finds the workflows itself and runs shellcheck (from the same venv) on
    # their run: scripts.
    PATH="$LINT_BIN:$PATH" actionlint -color
    note "actionlint: $(find .github/workflows -name '*.yml' | wc -l) workflows, no findings"
    "$LINT_BIN/hadolint" Dockerfile
    note "hadolint: Dockerfile, no findings"
    # The Rust the image and the browser job build with is the declared minimum.
    local msrv
    msrv="$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)"
    grep -qx "ARG RUST_VERSION=$msrv" Dockerfile \
        || die "the Dockerfile's ARG RUST_VERSION is not $msrv, the workspace's rust-version"
    grep -q "image: rust:$msrv-bookworm" .github/workflows/ci.yml \
        || die "ci.yml's browser job does not build in rust:$msrv-bookworm (the rust-version)"
    note "rust-version $msrv: the Dockerfile and ci.yml agree"
    python3 .ci/check-paths.py ARCHITECTURE.md
    note "ARCHITECTURE.md: every path, module and function it names is in the tree"
    python3 .ci/check-imports.py
    note "imports: no two files of a crate import each other, directly or in a cycle (but the known loops it lists)"
}

step_fmt() {
    section "cargo fmt --all --check"
    cargo fmt --all --check
}

step_clippy() {
    section "cargo clippy --workspace --all-targets (native)"
    cargo clippy --workspace --all-targets --locked -- -D warnings
}

# The crates that ship to the browser, checked for wasm32 as well. The relay (coup-server)
# is native only.
step_clippy_wasm() {
    section "cargo clippy -p coup-shared -p coup-client -p coup-referee --all-targets (wasm32-unknown-unknown)"
    ensure_wasm_target
    cargo clippy -p coup-shared -p coup-client -p coup-referee --target wasm32-unknown-unknown --all-targets --locked -- -D warnings
}

step_test() {
    section "cargo test --workspace"
    ensure_redis
    cargo test --workspace --locked
    section "the relay protocol tests against a two-instance cluster (COUP_TEST_CLUSTER=1)"
    # --workspace, not -p coup-server: the same features as the run above, so nothing is
    # built again.
    COUP_TEST_CLUSTER=1 cargo test --workspace --locked --test protocol
    # The relay's STUN across a lab of network namespaces (server/tests/stun_lab.rs) needs
    # root to make them: run as root above, it ran; otherwise it said it could not. Either
    # way it runs here once more as root, where it must (COUP_STUN_LAB=required), the test
    # binary built above as this user.
    section "the relay's STUN across a NAT lab of network namespaces, as root (server/tests/stun_lab.rs)"
    local lab
    lab="$(cargo test --workspace --locked --test stun_lab --no-run --message-format=json \
        | python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "stun_lab" and m.get("executable"):
        print(m["executable"])')"
    [ -n "$lab" ] || die "no stun_lab test binary"
    as_root env COUP_STUN_LAB=required "$lab"
}

step_scenarios() {
    section "rule scenarios (coup-script through docs/check-scenarios)"
    # The runner and the rulebook's examples are part of the repository: missing is a failure.
    [ -f "$ROOT/docs/check-scenarios" ] || die "docs/check-scenarios is missing"
    local dir
    for dir in "$ROOT/docs/examples" "$ROOT/shared/tests/scenarios"; do
        compgen -G "$dir/*.json" >/dev/null || die "no scenario files in $dir"
    done
    cargo build --release --locked --bin coup-script
    python3 "$ROOT/docs/check-scenarios" --bin "$TARGET_DIR/release/coup-script" "$ROOT/docs/examples"
    python3 "$ROOT/docs/check-scenarios" --bin "$TARGET_DIR/release/coup-script" "$ROOT/shared/tests/scenarios"
}

# All four checks of deny.toml; the advisories need the RustSec database from the network.
step_deny() {
    section "cargo deny check (advisories, bans, licenses, sources)"
    command -v cargo-deny >/dev/null || die "cargo-deny is not installed (cargo install cargo-deny --locked)"
    cargo deny --locked check
}

# Not part of `make test` (cargo test already replays the seeds in each fuzz crate's
# seeds/): each fuzz target of shared/fuzz, server/fuzz and client/fuzz for $FUZZ_SECONDS
# (default 60), starting from its seeds, with a corpus of its own under
# target/fuzz-corpus. A crash is written to <dir>/artifacts/<target>/ and fails the step;
# add it to the seeds once fixed.
step_fuzz() {
    ensure_cargo_fuzz
    local seconds="${FUZZ_SECONDS:-60}" dir t
    # cargo fuzz builds with the sanitizer and coverage flags that rustc keeps for
    # nightly; RUSTC_BOOTSTRAP lets the stable toolchain, the only one here, take them.
    export RUSTC_BOOTSTRAP=1
    for dir in shared/fuzz server/fuzz client/fuzz; do
        for t in $(cargo fuzz list --fuzz-dir "$dir"); do
            section "cargo fuzz run $t ($dir, ${seconds} s)"
            mkdir -p "$TARGET_DIR/fuzz-corpus/$t"
            cargo fuzz run --fuzz-dir "$dir" --features libfuzzer -O "$t" \
                "$TARGET_DIR/fuzz-corpus/$t" "$dir/seeds/$t" \
                -- -max_total_time="$seconds" -len_control=0 -max_len=4096 -rss_limit_mb=4096
        done
    done
}

# The checks that need no advisory database, when cargo-deny is installed: compiling it
# would add minutes to a cold run, and CI's deny job runs all four. (Not --offline: cargo
# metadata may still download the manifests of other platforms' crates from crates.io.)
step_deny_local() {
    section "cargo deny check licenses bans sources"
    if command -v cargo-deny >/dev/null; then
        cargo deny --locked check licenses bans sources
    else
        note "cargo-deny is not installed: the CI workflow's deny job runs it"
    fi
}

step_client() {
    "$ROOT/.ci/build-client.sh" "$ROOT/dist"
}

# The debug relay that `cargo test` already built for the relay's integration tests: a
# release build would add minutes to a cold run, and two browsers do not need its speed
# (`make serve` builds the release one). `cargo test --no-run` is a no-op that makes sure it
# is fresh; a plain `cargo build` would rebuild the server without its dev-dependencies'
# features.
RELAY_BIN="$TARGET_DIR/debug/coup-relay"
relay_binary() {
    section "relay (the debug build from cargo test)"
    cargo test --workspace --locked --no-run 2>&1 | tail -n 1
    [ -x "$RELAY_BIN" ] || cargo build --locked -p coup-server --bin coup-relay
}

step_smoke() {
    [ -f "$ROOT/dist/index.html" ] || die "no dist/index.html: run the client step first"
    relay_binary
    section "smoke test: the relay serving dist/ (.ci/smoke.sh)"
    local port= pid ready=
    # Port 0: the relay names the port it bound in its "listening" line, which the test
    # reads, rather than binding a port the test chose (and another process may take).
    "$RELAY_BIN" --bind 127.0.0.1:0 --stun-bind 127.0.0.1:0 --log-format json --static-dir "$ROOT/dist" >"$TARGET_DIR/smoke-relay.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 60); do
        port="$(grep -m1 '"message":"coup-relay listening"' "$TARGET_DIR/smoke-relay.log" \
            | sed -n 's/.*"bind":"127\.0\.0\.1:\([0-9]*\)".*/\1/p')" || true
        [ -n "$port" ] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.5
    done
    if [ -z "$port" ]; then
        kill "$pid" 2>/dev/null || true
        cat "$TARGET_DIR/smoke-relay.log" >&2
        die "the relay did not say where it listens"
    fi
    # The image's health check, from outside: wait until the relay answers.
    for _ in $(seq 1 60); do
        if "$RELAY_BIN" healthcheck --bind "127.0.0.1:$port" --timeout 1 2>/dev/null; then
            ready=1
            break
        fi
        sleep 0.5
    done
    if [ -z "$ready" ]; then
        kill "$pid" 2>/dev/null || true
        cat "$TARGET_DIR/smoke-relay.log" >&2
        die "the relay did not become healthy on 127.0.0.1:$port"
    fi
    note "coup-relay healthcheck: healthy"
    local status=0
    bash "$ROOT/.ci/smoke.sh" "http://127.0.0.1:$port" || status=$?
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    [ "$status" = 0 ] || die "the smoke test failed (relay log: $TARGET_DIR/smoke-relay.log)"
}

# The Dockerfile, built and run here without Docker or a registry: buildah builds it on
# stand-ins for its two base images made from Debian's packages (.ci/image/bases.sh,
# skipped when present), and .ci/image/smoke.sh runs it as its own user and checks it
# from outside. It runs only when the image's inputs (every file of the build context,
# the bases, buildah) differ from those of the last image that passed on this machine
# (.ci/image/test.sh): a cold build took 35.5 min here (2 cores shared, load 7-15; plus
# 2.5 min for the bases), too long for every run, while a rebuild reuses buildah's
# layers and its RUN --mount=type=cache directories (the cargo registry, both target/
# dirs): 3 s with nothing changed, 27 s to 76 s after a change to .ci/, 2.6 min after a
# comment in shared/ (BENCHMARKS.md, "Image"). A machine that never built it (a fresh CI
# runner) pays the cold build.
step_image() {
    section "image: tools"
    ensure_buildah
    as_root env PATH="$PATH" COUP_IMAGE_ALWAYS="${COUP_IMAGE_ALWAYS:-}" bash "$ROOT/.ci/image/test.sh"
}

step_e2e() {
    section "browser end-to-end: tools"
    ensure_chromium
    ensure_iproute2
    ensure_coturn
    ensure_nat_tools
    ensure_e2e_packages
    [ -f "$ROOT/dist/index.html" ] || die "no dist/index.html: run the client step first"
    relay_binary
    section "browser end-to-end (network namespace with only lo)"
    rm -rf "$ROOT/tests/e2e/artifacts"
    # unshare needs root (CI runs as root); the namespace keeps WebRTC on loopback. Every
    # test has its own time limit, and --test-force-exit ends a file's process when its
    # tests are done even if something it started is still running (harness.mjs then kills
    # what it spawned); the suite as a whole gets $E2E_LIMIT, well over its usual 12-15
    # minutes, so that nothing can hold CI to its own limit.
    local limit="${E2E_LIMIT:-40m}" status=0
    # COUP_E2E_LINK_DELAY_MS (and its seed) pass through sudo: a run with every
    # data-channel message held up to that long (tests/e2e/harness.mjs). Off unless set.
    as_root env COUP_RELAY_BIN="$RELAY_BIN" COUP_DIST="$ROOT/dist" PATH="$PATH" \
        COUP_E2E_LINK_DELAY_MS="${COUP_E2E_LINK_DELAY_MS:-0}" COUP_E2E_LINK_SEED="${COUP_E2E_LINK_SEED:-1}" \
        timeout --kill-after=20s "$limit" \
        unshare -n bash -c 'ip link set lo up && cd "$0/tests" && exec node --test --test-force-exit --test-reporter=./reporter.mjs e2e/' "$ROOT" \
        || status=$?
    [ "$status" != 124 ] || die "the browser suite did not finish within $limit"
    return "$status"
    # Nothing after this: the suite's closing line, with its counts, is the last line printed.
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=("${ALL_STEPS[@]}")
for step in "${steps[@]}"; do
    fn="step_${step//-/_}"
    declare -F "$fn" >/dev/null || die "unknown step '$step' (steps: ${ALL_STEPS[*]} deny fuzz)"
done
for step in "${steps[@]}"; do
    "step_${step//-/_}"
done
