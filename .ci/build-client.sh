#!/usr/bin/env bash
# Builds the browser client into dist/ (or the directory given as $1). Two wasm modules:
#   coup_client   the page (interface, links, our own guest): what every player loads;
#   coup_referee  the referee's Web Worker (the host, the rules, the bots): only a page
#                 that hosts a table loads it, when it starts the worker.
# Each: cargo (wasm32, profile wasm-release) -> wasm-bindgen --target web -> wasm-opt -Oz.
# Then content-hashed names for every .js/.wasm/.css (index.html and the worker's
# bootstrap point at them), client/assets/, and a brotli (.br) and a gzip (.gz) file at
# the highest levels beside each text or wasm file, which the relay sends by the
# browser's Accept-Encoding. Prints each file's size and what a first load transfers.
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
# `--cfg erase_components`: Leptos gives each component's view one erased type instead of
# the nested generic type of its whole tree, so the rendering code is compiled once rather
# than once per tree (a smaller page module; BENCHMARKS.md's size section has the figures).
CARGO_PROFILE_WASM_RELEASE_STRIP=false RUSTFLAGS="${RUSTFLAGS:-} --cfg erase_components" \
    cargo build -p coup-client -p coup-referee --target wasm32-unknown-unknown \
    --profile wasm-release --locked

section "client: wasm-bindgen, wasm-opt, hashing, compression"
# The features rustc 1.95 emits for wasm32-unknown-unknown by default; wasm-opt must
# accept them or it refuses the module.
OPT_FLAGS=(-Oz
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-mutable-globals --enable-reference-types --enable-multivalue
    --strip-debug --strip-producers)

# Runs wasm-bindgen and wasm-opt on module $1 into $STAGE_ROOT/$1. wasm-opt under Node
# takes most of a minute, so its output is kept beside cargo's and reused while the
# module, the tools and the flags are the same.
STAGE_ROOT="$TARGET_DIR/coup-client-stage"
bindgen() {
    local name="$1" wasm="$TARGET_DIR/wasm32-unknown-unknown/wasm-release/$1.wasm" stage key
    [ -f "$wasm" ] || die "no $wasm after the build"
    stage="$STAGE_ROOT/$name"
    key="$(sha256sum "$wasm" | cut -c1-64) $(wasm-bindgen --version) $("$WASM_OPT" --version) ${OPT_FLAGS[*]}"
    if [ -f "$stage/key" ] && [ "$(cat "$stage/key")" = "$key" ] \
        && [ -f "$stage/opt.wasm" ] && [ -f "$stage/$name.js" ]; then
        note "$name: unchanged module, reusing the last wasm-bindgen and wasm-opt output"
    else
        rm -rf "$stage"
        mkdir -p "$stage"
        wasm-bindgen --target web --no-typescript --out-dir "$stage" "$wasm"
        "$WASM_OPT" "${OPT_FLAGS[@]}" -o "$stage/opt.wasm" "$stage/${name}_bg.wasm"
        printf '%s' "$key" >"$stage/key"
    fi
}
bindgen coup_client
bindgen coup_referee

# name-HASH.ext, the hash of the content: the relay may cache these for a year.
hashed() {
    local file="$1" stem="$2" ext="$3" hash
    hash="$(sha256sum "$file" | cut -c1-16)"
    cp "$file" "$OUT/$stem-$hash.$ext"
    printf '%s' "$stem-$hash.$ext"
}

rm -rf "$OUT"
mkdir -p "$OUT"
WASM_NAME="$(hashed "$STAGE_ROOT/coup_client/opt.wasm" coup_client_bg wasm)"
JS_NAME="$(hashed "$STAGE_ROOT/coup_client/coup_client.js" coup_client js)"
CSS_NAME="$(hashed "$ROOT/client/style.css" style css)"
REF_WASM="$(hashed "$STAGE_ROOT/coup_referee/opt.wasm" coup_referee_bg wasm)"
REF_JS="$(hashed "$STAGE_ROOT/coup_referee/coup_referee.js" coup_referee js)"
BOOT="$(mktemp)"
sed -e "s|{{REFEREE_JS}}|$REF_JS|g" -e "s|{{REFEREE_WASM}}|$REF_WASM|g" \
    "$ROOT/client/referee.js" >"$BOOT"
REF_BOOT="$(hashed "$BOOT" referee js)"
rm -f "$BOOT"
sed -e "s|{{WASM}}|$WASM_NAME|g" -e "s|{{JS}}|$JS_NAME|g" -e "s|{{STYLE}}|$CSS_NAME|g" \
    -e "s|{{REFEREE}}|$REF_BOOT|g" \
    "$ROOT/client/index.html" >"$OUT/index.html"
cp -R "$ROOT/client/assets" "$OUT/assets"
# The manifest, the icons, the catalogs and the service worker with this build's file list.
node "$ROOT/.ci/offline.mjs" "$OUT"
if grep -q '{{' "$OUT/index.html" "$OUT/$REF_BOOT"; then die "a placeholder was left unfilled"; fi

# Precompressed siblings: brotli at quality 11 (large window) and gzip at level 9, by
# Node's zlib (no other tool to install). Only where they save bytes.
node "$ROOT/.ci/compress.mjs" "$OUT"

note "wrote $OUT:"
(cd "$OUT" && find . -type f ! -name '*.br' ! -name '*.gz' -printf '    %8s  %p\n' | sort -k2)
# What a first load transfers, as brotli: a joiner's page, and a hosting page (the page
# and the referee's worker).
node "$ROOT/.ci/compress.mjs" --report "$OUT" \
    "joiner=index.html,$JS_NAME,$WASM_NAME,$CSS_NAME,assets/favicon.svg" \
    "host=index.html,$JS_NAME,$WASM_NAME,$CSS_NAME,assets/favicon.svg,$REF_BOOT,$REF_JS,$REF_WASM"
