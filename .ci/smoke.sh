#!/usr/bin/env bash
# Smoke-tests a running relay at URL (default http://127.0.0.1:8080): `/`, `/healthz`,
# and a room created and joined over `/ws` (.ci/smoke.mjs). `make test` runs it against
# the relay it built; CI runs it against the Docker image.
#   bash .ci/smoke.sh [URL]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
URL="${1:-http://127.0.0.1:8080}"
command -v node >/dev/null || die "the smoke test needs Node.js (20 or later)"
# Node 22 has a WebSocket client built in; Node 20 has it behind a flag.
flags=()
node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' || flags=(--experimental-websocket)
exec node "${flags[@]}" "$ROOT/.ci/smoke.mjs" "$URL"
