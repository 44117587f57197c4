#!/usr/bin/env bash
# Where the client's bytes go: builds the client (.ci/build-client.sh), then profiles each
# wasm module with twiggy (pinned below; installed from crates.io when missing) before
# wasm-opt, while its function names are still there. Prints the largest items, the
# largest retaining subtrees, and the bytes by crate.
#   bash .ci/size-profile.sh [N]    (N items, default 25)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

TWIGGY_VERSION=0.7.0
N="${1:-25}"

if [ "$(twiggy --version 2>/dev/null | awk '{print $2}')" != "$TWIGGY_VERSION" ]; then
    note "installing twiggy $TWIGGY_VERSION"
    cargo install twiggy --version "$TWIGGY_VERSION" --locked
fi

"$ROOT/.ci/build-client.sh" "${COUP_DIST:-$ROOT/dist}"

# The page's module is profiled whole, before wasm-split-cli cuts it (twiggy cannot read
# the split modules' element segments): wasm-bindgen alone, into a scratch directory.
WHOLE="$(mktemp -d)"
trap 'rm -rf "$WHOLE"' EXIT
wasm-bindgen --target web --no-typescript --out-dir "$WHOLE" \
    "$TARGET_DIR/wasm32-unknown-unknown/wasm-release/coup_client.wasm"
for module in coup_client coup_referee; do
    wasm="$TARGET_DIR/coup-client-stage/$module/${module}_bg.wasm"
    [ "$module" = coup_client ] && wasm="$WHOLE/coup_client_bg.wasm"
    section "size profile: $module (before wasm-opt)"
    twiggy top -n "$N" "$wasm"
    twiggy dominators -d 3 -r "$N" "$wasm"
    twiggy top -f csv "$wasm" | node "$ROOT/.ci/size-by-crate.mjs" "$N"
done
