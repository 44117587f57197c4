#!/usr/bin/env bash
# `make serve`: builds the client into dist/ and the relay in release, then runs the relay
# serving the client at http://localhost:8080 (override with BIND=host:port).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

"$ROOT/.ci/build-client.sh" "$ROOT/dist"

section "relay: cargo build --release"
cargo build --release -p coup-server --bin coup-relay

BIND="${BIND:-0.0.0.0:8080}"
section "serving http://localhost:${BIND##*:} (relay on $BIND; Ctrl-C stops)"
exec "$TARGET_DIR/release/coup-relay" --bind "$BIND" --static-dir "$ROOT/dist"
