#!/usr/bin/env bash
# `make test`'s image step (`bash .ci/test.sh image`): the stand-in bases (made when
# missing), then the image built (build.sh) and smoke-tested (smoke.sh), unless the
# image's inputs (image_inputs_key in common.sh: every file of the build context, the
# bases, buildah) are those of the last image that passed here, recorded in
# /var/cache/coup-image/passed. COUP_IMAGE_ALWAYS=1 builds and tests whatever the record.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ "$(id -u)" = 0 ] || die "the image step needs root (buildah's storage, chroot isolation)"
bash "$IMAGE_DIR/bases.sh"
key="$(image_inputs_key)"
stamp="$STATE_DIR/passed"
if [ "${COUP_IMAGE_ALWAYS:-}" != 1 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ]; then
    note "image: the same inputs as the last image that passed here ($stamp); skipped"
    note "(COUP_IMAGE_ALWAYS=1 bash .ci/test.sh image builds and tests it anyway)"
    exit 0
fi
bash "$IMAGE_DIR/build.sh"
bash "$IMAGE_DIR/smoke.sh" "$IMAGE"
mkdir -p "$STATE_DIR"
printf '%s\n' "$key" >"$stamp"
note "image: recorded these inputs as passed ($stamp)"
