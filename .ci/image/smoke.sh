#!/usr/bin/env bash
# Runs the image as its own user and smoke-tests it from outside, with buildah (no Docker
# daemon here):
#   - its config: user 65532:65532, ports 8080/tcp and 3478/udp, COUP_STUN_BIND set, an
#     exec-form HEALTHCHECK; /etc/passwd's nonroot is 65532; no shell anywhere in it, and
#     running /bin/sh in it fails;
#   - the relay started as `docker run` would start it: the image's ENTRYPOINT (read from
#     its config: `buildah run` runs only the command it is given, though it does apply
#     the image's Env, working directory and, with --user, the user) as 65532:65532, HTTP
#     and STUN on loopback port 0 (COUP_BIND, COUP_STUN_BIND overriding the image's), the
#     ports it bound read from its "listening" line; it must run as uid 65532;
#   - the image's HEALTHCHECK command, run in the image, until it passes;
#   - .ci/smoke.sh (`/`, `/healthz`, a room created and joined over `/ws`);
#   - every file of /srv/coup fetched with no Accept-Encoding, gzip and br, each the
#     file's bytes (.ci/image/files.mjs): a file the relay's user cannot read fails here;
#   - STUN: a Binding request answered with our address (.ci/image/stun.mjs), when the
#     relay's --help lists --stun-bind (a relay without a STUN responder is noted and
#     skipped);
#   - SIGTERM (`docker stop`) stops it within 10 s.
# Whatever happens, the relay is stopped (its process group, by id) and the working
# container removed.
#
#   bash .ci/image/smoke.sh [IMAGE]     # default localhost/coup-relay:test (build.sh's)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

IMAGE="${1:-$IMAGE}"
[ "$(id -u)" = 0 ] || die "smoke.sh needs root (buildah's storage, chroot isolation)"
command -v node >/dev/null || die "the image's smoke test needs Node.js (20 or later)"

section "image smoke test: $IMAGE"
config="$(buildah inspect --type image "$IMAGE")" \
    || die "no image $IMAGE (bash .ci/image/build.sh builds it)"
# field NAME: one line per value (arrays and the exposed ports' names), from the config.
field() {
    node -e '
        const c = JSON.parse(process.argv[1]).Docker?.config ?? {};
        const v = process.argv[2] === "Healthcheck" ? c.Healthcheck?.Test : c[process.argv[2]];
        const lines = v == null ? [] : Array.isArray(v) ? v : typeof v === "object" ? Object.keys(v) : [String(v)];
        for (const l of lines) console.log(l);
    ' "$config" "$1"
}
mapfile -t ENTRYPOINT < <(field Entrypoint)
mapfile -t HEALTH < <(field Healthcheck)
mapfile -t PORTS < <(field ExposedPorts)
mapfile -t ENV < <(field Env)
USER_ID="$(field User)"
[ "$USER_ID" = "65532:65532" ] || die "the image's user is '$USER_ID', not 65532:65532"
[ ${#ENTRYPOINT[@]} -gt 0 ] || die "the image has no ENTRYPOINT"
[ "${HEALTH[0]:-}" = CMD ] || die "the image's HEALTHCHECK is not an exec-form CMD: ${HEALTH[*]:-none}"
HEALTH=("${HEALTH[@]:1}")
for port in 8080/tcp 3478/udp; do
    printf '%s\n' "${PORTS[@]}" | grep -qx "$port" || die "the image does not EXPOSE $port (it has: ${PORTS[*]})"
done
printf '%s\n' "${ENV[@]}" | grep -qx 'COUP_STUN_BIND=0.0.0.0:3478' \
    || die "the image does not set COUP_STUN_BIND=0.0.0.0:3478"
note "ok  config: user $USER_ID, entrypoint ${ENTRYPOINT[*]}, health check ${HEALTH[*]}, ports ${PORTS[*]}"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/coup-image-smoke.XXXXXX")"
CTR=
PID=
# Stops the relay's process group: SIGTERM, then SIGKILL after 10 s. Returns 1 if it had
# to kill.
stop_relay() {
    [ -n "$PID" ] || return 0
    local pid="$PID" _
    PID=
    kill -TERM -- "-$pid" 2>/dev/null || return 0
    for _ in $(seq 1 100); do
        kill -0 -- "-$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
        sleep 0.1
    done
    kill -KILL -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    return 1
}
cleanup() {
    local status=$?
    stop_relay || true
    if [ -n "$CTR" ]; then
        buildah umount "$CTR" >/dev/null 2>&1 || true
        buildah rm "$CTR" >/dev/null 2>&1 || true
    fi
    if [ "$status" != 0 ] && [ -f "$WORK/relay.log" ]; then
        printf '%s\n' "--- the relay's log:" >&2
        tail -n 40 "$WORK/relay.log" >&2
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

CTR="$(buildah from --pull=never --name "coup-image-smoke-$$" "$IMAGE")"
MNT="$(buildah mount "$CTR")"

grep -qx 'nonroot:x:65532:65532:.*' "$MNT/etc/passwd" || die "the image's /etc/passwd has no nonroot 65532"
shells="$(find "$MNT" -xdev \( -type f -o -type l \) \
    \( -name sh -o -name bash -o -name dash -o -name ash -o -name ksh -o -name zsh -o -name busybox \) \
    -printf '/%P\n')"
[ -z "$shells" ] || die "the image holds a shell: $shells"
if buildah run --isolation chroot "$CTR" -- /bin/sh -c true >/dev/null 2>&1; then
    die "/bin/sh runs in the image"
fi
note "ok  no shell in the image (and /bin/sh does not run); nonroot is 65532 in /etc/passwd"

# RUN: the command line that runs a command in the image as 65532:65532, with COUP_BIND
# and COUP_STUN_BIND set to $1 and $2. The relay binds HTTP and STUN on loopback port 0
# and names the ports it bound in its "listening" line (in JSON), which is printed once
# both sockets are bound: the test learns them from the relay. It does not choose free
# ports beforehand for the relay to bind later, which another process may take first.
run_as_image() {
    RUN=(buildah run --isolation chroot --user 65532:65532 --env COUP_LOG_FORMAT=json
        --env "COUP_BIND=$1" --env "COUP_STUN_BIND=$2" "$CTR" --)
}
run_as_image 127.0.0.1:0 127.0.0.1:0

# setsid: the relay and buildah's runtime in a process group of their own, whose id is
# the pid started here, so that all of it is stopped by that id (the uid check below
# finds the relay in it).
setsid "${RUN[@]}" "${ENTRYPOINT[@]}" >"$WORK/relay.log" 2>&1 &
PID=$!

listening=
for _ in $(seq 1 60); do
    listening="$(grep -m1 '"message":"coup-relay listening"' "$WORK/relay.log" || true)"
    [ -n "$listening" ] && break
    kill -0 "$PID" 2>/dev/null || die "the relay exited"
    sleep 0.5
done
[ -n "$listening" ] || die "the relay did not say where it listens within 30 s"
HTTP_ADDR="$(sed -n 's/.*"bind":"\([^"]*\)".*/\1/p' <<<"$listening")"
STUN_ADDR="$(sed -n 's/.*"stun":"udp \([^"]*\)".*/\1/p' <<<"$listening")"
HTTP_PORT="${HTTP_ADDR##*:}"
STUN_PORT="${STUN_ADDR##*:}"
[ "$HTTP_ADDR" = "127.0.0.1:$HTTP_PORT" ] && [ "$HTTP_PORT" != 0 ] \
    || die "the relay's listening line names no HTTP port: $listening"
[ "$STUN_ADDR" = "127.0.0.1:$STUN_PORT" ] && [ "$STUN_PORT" != 0 ] \
    || die "the relay's listening line names no STUN port: $listening"
note "ok  the relay listens on 127.0.0.1:$HTTP_PORT (HTTP) and udp 127.0.0.1:$STUN_PORT (STUN)"
# Further commands in the image see the relay's ports in its variables, as in a container.
run_as_image "127.0.0.1:$HTTP_PORT" "127.0.0.1:$STUN_PORT"

ready=
for _ in $(seq 1 60); do
    kill -0 "$PID" 2>/dev/null || die "the relay exited"
    if "${RUN[@]}" "${HEALTH[@]}" >/dev/null 2>&1; then
        ready=1
        break
    fi
    sleep 0.5
done
[ -n "$ready" ] || die "the image's health check did not pass within 30 s"
note "ok  the image's health check (${HEALTH[*]}) passes"

uids="$(ps -e -o pgid=,uid=,comm= | awk -v g="$PID" '$1 == g && $3 == "coup-relay" { print $2 }' | sort -u)"
[ "$uids" = 65532 ] || die "the relay runs as uid '${uids:-(not found)}', not 65532"
note "ok  the relay runs as uid 65532"

bash "$ROOT/.ci/smoke.sh" "http://127.0.0.1:$HTTP_PORT"
node "$IMAGE_DIR/files.mjs" "http://127.0.0.1:$HTTP_PORT" "$MNT/srv/coup"

if "${RUN[@]}" "${ENTRYPOINT[@]}" --help 2>/dev/null | grep -q -- '--stun-bind'; then
    if ! node "$IMAGE_DIR/stun.mjs" 127.0.0.1 "$STUN_PORT"; then
        # What the relay counted: whether the requests reached it, and why it kept silent.
        node -e 'fetch(process.argv[1]).then((r) => r.text()).then((t) => console.error(t.split("\n").filter((l) => l.startsWith("coup_relay_stun")).join("\n")))' \
            "http://127.0.0.1:$HTTP_PORT/metrics" || true
        die "the relay's STUN did not answer (its counters above)"
    fi
else
    note "--  STUN not checked: this relay's --help lists no --stun-bind"
fi

stop_relay || die "the relay did not stop within 10 s of SIGTERM"
note "ok  SIGTERM stops the relay"
note "image smoke test of $IMAGE passed"
