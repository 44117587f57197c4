#!/usr/bin/env bash
# Builds the Dockerfile with buildah against the local stand-in bases (.ci/image/bases.sh,
# run first; it skips what is present) into localhost/coup-relay:test (or
# $COUP_IMAGE_NAME), on a machine with no container registry and no Docker daemon.
#
#   bash .ci/image/build.sh
#
# What the Dockerfile expects of BuildKit, and what buildah does with it:
#   - RUST_IMAGE and RUNTIME_IMAGE name the stand-ins (--build-arg); --pull=never, so a
#     name that is not in local storage fails at once instead of reaching for a registry.
#   - BUILDPLATFORM, TARGETARCH and BUILDARCH are filled by buildah as by BuildKit (the
#     relay stage prints them; --platform names this machine's platform explicitly).
#   - RUN --mount=type=cache: buildah keeps each cache's directory on this machine between
#     builds (under /var/tmp/buildah-cache-*), so a rebuild reuses the cargo registry and
#     the client's and the relay's target/ as BuildKit would.
#   - --layers keeps each step's layer, so a rebuild with the same inputs is a cache hit
#     per step, as in `docker build`.
#   - --format docker keeps HEALTHCHECK, which the OCI format has no field for.
#   - --isolation chroot: no user namespace or cgroup setup, which a container host
#     without them cannot give; the build's RUN steps share the host's network (crates.io,
#     npm and Debian's archive).
# Needs root and buildah (`.ci/test.sh image` installs it).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ "$(id -u)" = 0 ] || die "build.sh needs root (buildah's storage, chroot isolation)"
bash "$IMAGE_DIR/bases.sh"

section "image: buildah bud (Dockerfile, on $RUST_BASE and $RUNTIME_BASE) -> $IMAGE"
start=$SECONDS
buildah bud --isolation chroot --layers --pull=never --format docker \
    --platform "linux/$(go_arch)" \
    --build-arg "RUST_IMAGE=$RUST_BASE" \
    --build-arg "RUNTIME_IMAGE=$RUNTIME_BASE" \
    -f "$ROOT/Dockerfile" -t "$IMAGE" "$ROOT"
note "built $IMAGE in $((SECONDS - start)) s: $(buildah images --format '{{.Size}}' "$IMAGE" | head -n1)"
