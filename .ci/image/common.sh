# shellcheck shell=bash
# Shared by the scripts in .ci/image/ (sourced, not run): the names of the stand-in base
# images and of the image built from them.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

IMAGE_DIR="$ROOT/.ci/image"
# The Rust release the Dockerfile builds with (its ARG RUST_VERSION).
RUST_VERSION="$(sed -n 's/^ARG RUST_VERSION=//p' "$ROOT/Dockerfile")"
[ -n "$RUST_VERSION" ] || die "the Dockerfile has no ARG RUST_VERSION"
# The stand-ins bases.sh makes for the Dockerfile's RUST_IMAGE and RUNTIME_IMAGE.
RUST_BASE="localhost/coup-stand-in/rust:$RUST_VERSION-bookworm"
RUNTIME_BASE="localhost/coup-stand-in/distroless-cc-debian12:nonroot"
# The image build.sh makes from them.
IMAGE="${COUP_IMAGE_NAME:-localhost/coup-relay:test}"

# This machine's architecture as image platforms name it (amd64, arm64).
go_arch() {
    case "$(uname -m)" in
        x86_64) echo amd64 ;;
        aarch64 | arm64) echo arm64 ;;
        *) die "unsupported machine: $(uname -m)" ;;
    esac
}

# Where the image step keeps what outlives a checkout: the inputs of the last image that
# passed its smoke test on this machine.
STATE_DIR=/var/cache/coup-image

# A hash of everything the image is made of: every file of the build context (the
# checkout's files that git tracks or would track, so target/, dist/ and node_modules/
# are out, as .dockerignore leaves them out), the stand-in bases' ids, and buildah's
# version. Equal hashes, equal images.
image_inputs_key() {
    (
        cd "$ROOT"
        if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
            git ls-files -z --cached --others --exclude-standard
        else
            find . \( -name .git -o -name target -o -name dist -o -name node_modules -o -name venv \) -prune \
                -o -type f -printf '%P\0'
        fi | sort -z | while IFS= read -r -d '' f; do
            if [ -f "$f" ]; then printf '%s\0' "$f"; fi
        done | xargs -0 sha256sum
        buildah images --no-trunc --format '{{.ID}}' "$RUST_BASE"
        buildah images --no-trunc --format '{{.ID}}' "$RUNTIME_BASE"
        buildah --version
    ) | sha256sum | cut -c1-64
}
