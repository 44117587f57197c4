#!/usr/bin/env bash
# Builds the browser client into dist/ (or the directory given as $1):
#   cargo (wasm32, profile wasm-release) -> wasm-bindgen --target web -> wasm-opt -Oz
#   -> content-hashed .js/.wasm/.css -> index.html pointing at them, plus client/assets/.
# Installs what it needs (wasm target, wasm-bindgen-cli, wasm-opt) when missing.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

OUT="${1:-$ROOT/dist}"
case "$OUT" in /*) ;; *) OUT="$PWD/$OUT" ;; esac

section "client: tools"
ensure_wasm_target
ensure_wasm_bindgen
ensure_wasm_opt

section "client: cargo build (wasm32, wasm-release)"
# strip=false here only: wasm-bindgen reads the module's `target_features` section to know
# which wasm features it may use, and stripping removes it. wasm-opt strips below instead.
CARGO_PROFILE_WASM_RELEASE_STRIP=false \
    cargo build -p coup-client --target wasm32-unknown-unknown --profile wasm-release
WASM_IN="$TARGET_DIR/wasm32-unknown-unknown/wasm-release/coup_client.wasm"
[ -f "$WASM_IN" ] || die "no $WASM_IN after the build"

section "client: wasm-bindgen, wasm-opt, hashing"
# The features rustc 1.95 emits for wasm32-unknown-unknown by default; wasm-opt must
# accept them or it refuses the module.
OPT_FLAGS=(-Oz
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-mutable-globals --enable-reference-types --enable-multivalue
    --strip-debug --strip-producers)
# wasm-opt under Node takes most of a minute, so its output is kept beside cargo's and
# reused while the module, the tools and the flags are the same.
STAGE="$TARGET_DIR/coup-client-stage"
KEY="$(sha256sum "$WASM_IN" | cut -c1-64) $(wasm-bindgen --version) $("$WASM_OPT" --version) ${OPT_FLAGS[*]}"
if [ -f "$STAGE/key" ] && [ "$(cat "$STAGE/key")" = "$KEY" ] \
    && [ -f "$STAGE/opt.wasm" ] && [ -f "$STAGE/coup_client.js" ]; then
    note "unchanged module: reusing the last wasm-bindgen and wasm-opt output"
else
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    wasm-bindgen --target web --no-typescript --out-dir "$STAGE" "$WASM_IN"
    "$WASM_OPT" "${OPT_FLAGS[@]}" -o "$STAGE/opt.wasm" "$STAGE/coup_client_bg.wasm"
    printf '%s' "$KEY" >"$STAGE/key"
fi

# name-HASH.ext, the hash of the content: the relay may cache these for a year.
hashed() {
    local file="$1" stem="$2" ext="$3" hash
    hash="$(sha256sum "$file" | cut -c1-16)"
    cp "$file" "$OUT/$stem-$hash.$ext"
    printf '%s' "$stem-$hash.$ext"
}

rm -rf "$OUT"
mkdir -p "$OUT"
WASM_NAME="$(hashed "$STAGE/opt.wasm" coup_client_bg wasm)"
JS_NAME="$(hashed "$STAGE/coup_client.js" coup_client js)"
CSS_NAME="$(hashed "$ROOT/client/style.css" style css)"
sed -e "s|{{WASM}}|$WASM_NAME|g" -e "s|{{JS}}|$JS_NAME|g" -e "s|{{STYLE}}|$CSS_NAME|g" \
    "$ROOT/client/index.html" >"$OUT/index.html"
if grep -q '{{' "$OUT/index.html"; then die "index.html has an unfilled placeholder"; fi
cp -R "$ROOT/client/assets" "$OUT/assets"

note "wrote $OUT:"
(cd "$OUT" && find . -type f -printf '    %8s  %p\n' | sort -k2)
