#!/usr/bin/env bash
# Builds the browser client into dist/ (or the directory given as $1). Three wasm modules:
#   coup_client   the page's first screen (the frame, the lobby's forms, the words) and
#                 the session's handling (the relay, the links, our own guest): what every
#                 player loads first;
#   split_table   the rest of the page (the table, the room and the rules on screen), cut
#                 out of coup_client at its `#[wasm_split]` points; the page fetches it as
#                 soon as it runs, through the link module __wasm_split.js;
#   split_fair    the fair deal's code (its group arithmetic, proofs and tracker), cut out
#                 the same way; only a page at a fair table fetches it (and chunk_N: what
#                 the two split modules share, fetched with either);
#   coup_referee  the referee's Web Worker (the host, the rules, the bots): only a page
#                 that hosts a table loads it, when it starts the worker;
#   split_referee_fair  the fair deal's referee (its checks of every proof), cut out of
#                 coup_referee the same way, through its own link module
#                 (coup_referee_split-HASH.js): only a worker whose table turns the fair
#                 deal on fetches it.
# Each: cargo (wasm32, profile wasm-release) -> [wasm-split-cli] -> wasm-bindgen --target
# web -> wasm-opt -Oz.
# Then content-hashed names for every .js/.wasm (index.html and the worker's bootstrap
# point at them; the styles go inline into index.html with its first screen, by
# offline.mjs), client/assets/, and a brotli (.br) and a gzip (.gz) file at
# the highest levels beside each text or wasm file, which the relay sends by the
# browser's Accept-Encoding. Prints each file's size and what a first load transfers.
# Installs what it needs (wasm target, wasm-bindgen-cli, wasm-opt) when missing.
# Every file it writes is readable by all (0644, directories 0755), whatever the caller's
# umask: the relay that serves dist/ often runs as another user than the builder (the
# image's runs as 65532), and a file it cannot read is a 404.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
umask 022

OUT="${1:-$ROOT/dist}"
case "$OUT" in /*) ;; *) OUT="$PWD/$OUT" ;; esac

section "client: tools"
ensure_wasm_target
ensure_wasm_bindgen
ensure_wasm_split
ensure_wasm_opt

section "client: cargo build (wasm32, wasm-release)"
# strip=false here only: wasm-bindgen reads the module's `target_features` section to know
# which wasm features it may use, and stripping removes it. wasm-opt strips below instead.
# `--cfg erase_components`: Leptos gives each component's view one erased type instead of
# the nested generic type of its whole tree, so the rendering code is compiled once rather
# than once per tree (a smaller page module; BENCHMARKS.md's size section has the figures).
# `--remap-path-prefix`: a panic's location names its file; the registry's and this
# tree's directories are left out of those names (about 16 KB of the three modules' data,
# and a build that does not depend on where it ran).
REMAP=(--remap-path-prefix "$ROOT/=")
for registry in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
    [ -d "$registry" ] && REMAP+=(--remap-path-prefix "$registry=")
done
CARGO_PROFILE_WASM_RELEASE_STRIP=false RUSTFLAGS="${RUSTFLAGS:-} --cfg erase_components ${REMAP[*]}" \
    cargo build -p coup-client -p coup-referee --target wasm32-unknown-unknown \
    --profile wasm-release --locked

section "client: wasm-bindgen, wasm-opt, hashing, compression"
# The features rustc 1.95 emits for wasm32-unknown-unknown by default; wasm-opt must
# accept them or it refuses the module.
OPT_FLAGS=(-Oz
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-mutable-globals --enable-reference-types --enable-multivalue
    --strip-debug --strip-producers)

# Runs [wasm-split-cli,] wasm-bindgen and wasm-opt on module $1 into $STAGE_ROOT/$1 (with
# a second argument `split`, the split modules land there too, each as opt-NAME.wasm, with
# the link module __wasm_split.js). wasm-opt under Node takes most of a minute, so its
# output is kept beside cargo's and reused while the module, the tools and the flags are
# the same.
STAGE_ROOT="$TARGET_DIR/coup-client-stage"
bindgen() {
    local name="$1" split="${2:-}" wasm="$TARGET_DIR/wasm32-unknown-unknown/wasm-release/$1.wasm"
    local stage key input chunk
    [ -f "$wasm" ] || die "no $wasm after the build"
    stage="$STAGE_ROOT/$name"
    key="$(sha256sum "$wasm" | cut -c1-64) $(wasm-bindgen --version) $("$WASM_OPT" --version) ${OPT_FLAGS[*]} split=$split $WASM_SPLIT_VERSION"
    if [ -f "$stage/key" ] && [ "$(cat "$stage/key")" = "$key" ] \
        && [ -f "$stage/opt.wasm" ] && [ -f "$stage/$name.js" ]; then
        note "$name: unchanged module, reusing the last wasm-bindgen and wasm-opt output"
        return
    fi
    rm -rf "$stage"
    mkdir -p "$stage"
    input="$wasm"
    local bindgen_flags=(--target web --no-typescript)
    if [ -n "$split" ]; then
        wasm-split-cli "$wasm" "$stage/split" --out-name "$name" --target web
        [ -f "$stage/split/__wasm_split.js" ] || die "wasm-split-cli wrote no link module"
        input="$stage/split/$name.wasm"
        # The split modules reach the page's through the exports the linker made.
        bindgen_flags+=(--keep-lld-exports)
    fi
    wasm-bindgen "${bindgen_flags[@]}" --out-dir "$stage" "$input"
    "$WASM_OPT" "${OPT_FLAGS[@]}" -o "$stage/opt.wasm" "$stage/${name}_bg.wasm"
    if [ -n "$split" ]; then
        cp "$stage/split/__wasm_split.js" "$stage/__wasm_split.js"
        for chunk in "$stage"/split/*.wasm; do
            [ "$(basename "$chunk")" = "$name.wasm" ] && continue
            "$WASM_OPT" "${OPT_FLAGS[@]}" -o "$stage/opt-$(basename "$chunk")" "$chunk"
        done
        rm -rf "$stage/split"
    fi
    printf '%s' "$key" >"$stage/key"
}
bindgen coup_client split
bindgen coup_referee split

# name-HASH.ext, the hash of the content: the relay may cache these for a year. Mode 0644
# whatever the source's (mktemp makes its files 0600, and cp would keep that).
hashed() {
    local file="$1" stem="$2" ext="$3" hash
    hash="$(sha256sum "$file" | cut -c1-16)"
    install -m 0644 "$file" "$OUT/$stem-$hash.$ext"
    printf '%s' "$stem-$hash.$ext"
}

rm -rf "$OUT"
mkdir -p "$OUT"
# Writes module $1's split modules, its link module (the JS that fetches them, named
# $2-HASH.js) and its JS (named $1-HASH.js), each with a content-hashed name; sets
# SPLIT_NAMES (the split modules' names), LINK_NAME and JS_NAME. The link module imports
# the module's JS back, so its name hashes its content with that import left out, and the
# module's JS as it is before it names the link module: either changing makes a new name.
split_names() {
    local name="$1" link_stem="$2" stage="$STAGE_ROOT/$1" link js chunk stem chunk_name
    link="$(mktemp)"
    cp "$stage/__wasm_split.js" "$link"
    SPLIT_NAMES=()
    for chunk in "$stage"/opt-*.wasm; do
        [ -f "$chunk" ] || die "no split module in $stage"
        stem="$(basename "$chunk" .wasm)"
        stem="${stem#opt-}"
        chunk_name="$(hashed "$chunk" "$stem" wasm)"
        SPLIT_NAMES+=("$chunk_name")
        grep -q "\"./$stem.wasm\"" "$link" || die "$name's link module does not fetch $stem.wasm"
        sed -i "s|\"./$stem.wasm\"|\"./$chunk_name\"|" "$link"
    done
    grep -q "from \"./$name.js\"" "$link" || die "$name's link module does not import $name.js"
    # (Only the import statement: the name also keys the wasm module's imports.)
    grep -q 'from "./__wasm_split.js"' "$stage/$name.js" \
        || die "$name's JS does not import its link module"
    LINK_NAME="$link_stem-$(cat "$link" "$stage/$name.js" | sha256sum | cut -c1-16).js"
    js="$(mktemp)"
    sed -e "s|from \"./__wasm_split.js\"|from \"./$LINK_NAME\"|" "$stage/$name.js" >"$js"
    JS_NAME="$(hashed "$js" "$name" js)"
    sed -e "s|from \"./$name.js\"|from \"./$JS_NAME\"|" "$link" >"$OUT/$LINK_NAME"
    rm -f "$link" "$js"
}

REF_WASM="$(hashed "$STAGE_ROOT/coup_referee/opt.wasm" coup_referee_bg wasm)"
# The referee's link module's name starts with coup_referee: the service worker keeps the
# worker's files together.
split_names coup_referee coup_referee_split
REF_JS="$JS_NAME"
REF_LINK_NAME="$LINK_NAME"
[ "${#SPLIT_NAMES[@]}" = 1 ] && [[ "${SPLIT_NAMES[0]}" == split_referee_fair-* ]] \
    || die "the referee's split modules are not its fair deal's alone: ${SPLIT_NAMES[*]}"
REF_FAIR="${SPLIT_NAMES[0]}"
WASM_NAME="$(hashed "$STAGE_ROOT/coup_client/opt.wasm" coup_client_bg wasm)"
split_names coup_client __wasm_split
BOOT="$(mktemp)"
sed -e "s|{{REFEREE_JS}}|$REF_JS|g" -e "s|{{REFEREE_WASM}}|$REF_WASM|g" \
    "$ROOT/client/referee.js" >"$BOOT"
REF_BOOT="$(hashed "$BOOT" referee js)"
rm -f "$BOOT"
# (The styles go inline, by offline.mjs: the first screen paints with the page's bytes.)
# Two split modules, the table's and the fair deal's, and what they share.
TABLE_SPLIT=""
FAIR_SPLIT=""
SHARED_SPLITS=""
for chunk in "${SPLIT_NAMES[@]}"; do
    case "$chunk" in
        split_table-*) TABLE_SPLIT="$chunk" ;;
        split_fair-*) FAIR_SPLIT="$chunk" ;;
        chunk_*) SHARED_SPLITS="$SHARED_SPLITS,$chunk" ;;
        *) die "a split module that is neither the table's, the fair deal's nor shared: $chunk" ;;
    esac
done
[ -n "$TABLE_SPLIT" ] && [ -n "$FAIR_SPLIT" ] || die "no table or no fair module among ${SPLIT_NAMES[*]}"
sed -e "s|{{WASM}}|$WASM_NAME|g" -e "s|{{JS}}|$JS_NAME|g" \
    -e "s|{{REFEREE}}|$REF_BOOT|g" \
    "$ROOT/client/index.html" >"$OUT/index.html"
cp -R --no-preserve=mode "$ROOT/client/assets" "$OUT/assets"
# The manifest, the icons, the catalogs and the service worker with this build's file list.
node "$ROOT/.ci/offline.mjs" "$OUT"
if grep -q '{{' "$OUT/index.html" "$OUT/$REF_BOOT"; then die "a placeholder was left unfilled"; fi

# Precompressed siblings: brotli at quality 11 (large window) and gzip at level 9, by
# Node's zlib (no other tool to install). Only where they save bytes.
node "$ROOT/.ci/compress.mjs" "$OUT"

# Everything readable (and every directory searchable) by all.
unreadable="$(find "$OUT" \( -type d ! -perm -o=rx \) -o \( ! -type d ! -perm -o=r \))"
[ -z "$unreadable" ] || die "not readable by all (a relay running as another user answers 404):
$unreadable"
note "every file in $OUT is readable by all"

note "wrote $OUT:"
(cd "$OUT" && find . -type f ! -name '*.br' ! -name '*.gz' -printf '    %8s  %p\n' | sort -k2)
# What a first load transfers, as brotli: a joiner's page (its first screen, what a page
# needs before its player can act), the same with the table's module that follows at
# once, a hosting page (all of the page and the referee's worker), and what a fair
# table adds (the fair module).
PAGE="index.html,$JS_NAME,$LINK_NAME,$WASM_NAME,assets/favicon.svg"
node "$ROOT/.ci/compress.mjs" --report "$OUT" \
    "joiner=$PAGE" \
    "joiner with the table=$PAGE,$TABLE_SPLIT$SHARED_SPLITS" \
    "host=$PAGE,$TABLE_SPLIT$SHARED_SPLITS,$REF_BOOT,$REF_JS,$REF_LINK_NAME,$REF_WASM" \
    "a fair table adds=$FAIR_SPLIT" \
    "a fair table's host adds=$FAIR_SPLIT,$REF_FAIR"
