#!/usr/bin/env bash
# `make test`: every test, failing fast. Sections:
#   format, clippy (native and wasm32), unit and integration tests, rule scenarios,
#   the client build, the browser end-to-end suite (in a network namespace holding only lo).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
START=$SECONDS
trap 'status=$?; [ $status -eq 0 ] || printf "\n\033[1;31mFAILED\033[0m (exit %s) after %ss\n" "$status" "$((SECONDS - START))" >&2' EXIT

section "tools"
ensure_wasm_target
ensure_wasm_bindgen
ensure_wasm_opt
ensure_chromium
ensure_iproute2
ensure_e2e_packages

section "cargo fmt --all --check"
cargo fmt --all --check

section "cargo clippy --workspace --all-targets (native)"
cargo clippy --workspace --all-targets --locked -- -D warnings

# The crates that ship to the browser, checked for wasm32 as well. The relay (coup-server)
# is native only.
section "cargo clippy -p coup-shared -p coup-client --all-targets (wasm32-unknown-unknown)"
cargo clippy -p coup-shared -p coup-client --target wasm32-unknown-unknown --all-targets --locked -- -D warnings

section "cargo test --workspace"
cargo test --workspace --locked

section "rule scenarios (coup-script through docs/check-scenarios)"
# The runner and the rulebook's examples are part of the repository: missing is a failure.
[ -f "$ROOT/docs/check-scenarios" ] || die "docs/check-scenarios is missing"
for dir in "$ROOT/docs/examples" "$ROOT/shared/tests/scenarios"; do
    compgen -G "$dir/*.json" >/dev/null || die "no scenario files in $dir"
done
cargo build --release --locked --bin coup-script
python3 "$ROOT/docs/check-scenarios" --bin "$TARGET_DIR/release/coup-script" "$ROOT/docs/examples"
python3 "$ROOT/docs/check-scenarios" --bin "$TARGET_DIR/release/coup-script" "$ROOT/shared/tests/scenarios"

"$ROOT/.ci/build-client.sh" "$ROOT/dist"

# The debug relay that `cargo test` already built for the relay's integration tests: a
# release build would add minutes to a cold run, and two browsers do not need its speed
# (`make serve` builds the release one). `cargo test --no-run` is a no-op that makes sure it
# is fresh; a plain `cargo build` would rebuild the server without its dev-dependencies'
# features.
section "relay (the debug build from cargo test)"
cargo test --workspace --locked --no-run 2>&1 | tail -n 1
[ -x "$TARGET_DIR/debug/coup-relay" ] || cargo build --locked -p coup-server --bin coup-relay

section "browser end-to-end (network namespace with only lo)"
export COUP_RELAY_BIN="$TARGET_DIR/debug/coup-relay" COUP_DIST="$ROOT/dist"
rm -rf "$ROOT/tests/e2e/artifacts"
# unshare needs root (CI runs as root); the namespace keeps WebRTC on loopback.
as_root env COUP_RELAY_BIN="$COUP_RELAY_BIN" COUP_DIST="$COUP_DIST" PATH="$PATH" \
    unshare -n bash -c 'ip link set lo up && cd "$0/tests" && exec node --test --test-reporter=./reporter.mjs e2e/' "$ROOT"
# Nothing after this: the suite's closing line, with its counts, is the last line printed.
