#!/usr/bin/env bash
# Local stand-ins for the Dockerfile's two base images, for a machine that reaches
# Debian's archive but no container registry (the published build uses the real ones):
#
#   rust:1.95-bookworm               -> localhost/coup-stand-in/rust:1.95-bookworm
#   gcr.io/distroless/cc-debian12:nonroot
#                                    -> localhost/coup-stand-in/distroless-cc-debian12:nonroot
#
# Both come from one `debootstrap --variant=minbase bookworm` from deb.debian.org:
#   rust     the rootfs with the packages of the official image that a build uses (gcc,
#            libc6-dev, make, pkg-config, libssl-dev, ca-certificates, curl, git...), and
#            this machine's Rust toolchain (`rustc --print sysroot`, which must be
#            $RUST_VERSION) laid out as the official image lays it out: rustup and its
#            proxies in CARGO_HOME=/usr/local/cargo/bin, the toolchain in
#            RUSTUP_HOME=/usr/local/rustup as the default "X.Y.Z-<host>", the minimal
#            profile (rustc, cargo, rust-std) plus the wasm32-unknown-unknown target, so
#            the Dockerfile's `rustup target add` finds its targets installed and needs no
#            network;
#   runtime  only the files of the packages distroless's cc image holds (libc6,
#            libgcc-s1, libstdc++6, libgomp1, libssl3, netbase, os-release, the CA
#            bundle), /etc/passwd and /etc/group with root, nobody and nonroot (65532),
#            /home/nonroot, /tmp, and distroless's config (user 65532, PATH,
#            SSL_CERT_FILE). No shell, no package manager, like distroless; this script
#            fails if a shell is left in it.
# Each is a buildah image (`buildah from scratch`, the rootfs copied in, `buildah commit`)
# labelled with a hash of its inputs (this script, the images' names, the toolchain's
# version and components, the machine's extra CAs); a run skips an image whose label
# matches. The Debian archive itself is not pinned: a rebuild picks up bookworm's
# current point release, as a pull of the official tags would.
#
#   bash .ci/image/bases.sh          # prints the two image names on its last two lines
#
# Needs root, debootstrap and buildah (`.ci/test.sh image` installs them).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

[ "$(id -u)" = 0 ] || die "bases.sh needs root (debootstrap, buildah's storage)"
command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install debootstrap)"
command -v buildah >/dev/null || die "buildah is missing (apt-get install buildah)"

SUITE=bookworm
MIRROR=http://deb.debian.org/debian
# The official image is buildpack-deps:bookworm with rustup; these are the packages of
# buildpack-deps a cargo build reaches for (a C compiler and linker for build scripts
# and the final link, headers, pkg-config, TLS roots, git and curl for cargo and rustup).
RUST_PACKAGES="ca-certificates,curl,git,gcc,g++,libc6-dev,make,pkg-config,libssl-dev,xz-utils,file,patch,procps,dpkg-dev"
# distroless cc-debian12's packages (its "base" plus the C/C++ runtime).
RUNTIME_PACKAGES=(base-files netbase libc6 libgcc-s1 libgomp1 libstdc++6 libssl3)

SYSROOT="$(rustc --print sysroot)"
HOST_TRIPLE="$(rustc -vV | sed -n 's/^host: //p')"
RUSTC_VERSION="$(rustc --version | awk '{print $2}')"
case "$RUSTC_VERSION" in
    "$RUST_VERSION" | "$RUST_VERSION".*) ;;
    *) die "this machine's rustc is $RUSTC_VERSION, the Dockerfile's RUST_VERSION is $RUST_VERSION" ;;
esac
compgen -G "$SYSROOT/lib/rustlib/wasm32-unknown-unknown/lib/libcore-*.rlib" >/dev/null \
    || die "the toolchain at $SYSROOT lacks wasm32-unknown-unknown (rustup target add wasm32-unknown-unknown)"
TOOLCHAIN="$RUSTC_VERSION-$HOST_TRIPLE"

# This machine's own extra certificate authorities (Debian's place for them), such as a
# proxy's that inspects outbound TLS: the build's downloads (crates.io, npm, Debian) take
# the host's network, so the Rust stand-in trusts what the host trusts. None on a
# machine without them; the official image trusts Debian's CAs only.
EXTRA_CAS=()
for ca in /usr/local/share/ca-certificates/*.crt; do
    [ -f "$ca" ] && EXTRA_CAS+=("$ca")
done

KEY="$(
    {
        cat "${BASH_SOURCE[0]}"
        echo "$RUST_BASE $RUNTIME_BASE"
        rustc -vV
        cargo --version
        rustup --version 2>/dev/null
        cat "$SYSROOT/lib/rustlib/components"
        cat "${EXTRA_CAS[@]}" </dev/null
    } | sha256sum | cut -c1-64
)"

image_key() {
    buildah inspect --type image --format '{{index .OCIv1.Config.Labels "coup.stand-in.key"}}' "$1" 2>/dev/null || true
}

if [ "$(image_key "$RUST_BASE")" = "$KEY" ] && [ "$(image_key "$RUNTIME_BASE")" = "$KEY" ]; then
    note "stand-in base images: present ($RUST_BASE, $RUNTIME_BASE)"
    printf '%s\n%s\n' "$RUST_BASE" "$RUNTIME_BASE"
    exit 0
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/coup-bases.XXXXXX")"
CTR=
cleanup() {
    [ -z "$CTR" ] || buildah rm "$CTR" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT

ROOTFS="$WORK/rootfs"
section "stand-in bases: debootstrap $SUITE ($MIRROR)"
debootstrap --variant=minbase --include="$RUST_PACKAGES,$(IFS=,; echo "${RUNTIME_PACKAGES[*]}")" "$SUITE" "$ROOTFS" "$MIRROR" \
    >"$WORK/debootstrap.log" 2>&1 || { tail -n 30 "$WORK/debootstrap.log" >&2; die "debootstrap failed"; }
# The official debian:bookworm's sources: the release, its updates and security.
rm -f "$ROOTFS/etc/apt/sources.list"
cat >"$ROOTFS/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${MIRROR%/debian}/debian-security
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/log/*.log

# commit_rootfs DIR IMAGE CONFIG...: a scratch container holding DIR, configured, committed.
commit_rootfs() {
    local dir="$1" image="$2" mnt
    shift 2
    CTR="$(buildah from scratch)"
    mnt="$(buildah mount "$CTR")"
    cp -a "$dir/." "$mnt/"
    buildah umount "$CTR" >/dev/null
    buildah config --os linux --arch "$(go_arch)" --label "coup.stand-in.key=$KEY" "$@" "$CTR"
    buildah commit --quiet --rm "$CTR" "$image" >/dev/null
    CTR=
    note "committed $image ($(buildah inspect --type image --format '{{.FromImageID}}' "$image" | cut -c1-12))"
}

section "stand-in bases: the runtime (distroless cc-debian12:nonroot)"
RUNTIME="$WORK/runtime"
mkdir -p "$RUNTIME"/usr/bin "$RUNTIME"/usr/lib "$RUNTIME"/usr/lib64 "$RUNTIME"/usr/sbin
# bookworm's merged /usr, so that a package's /lib/... lands where its /usr/lib/... does.
for d in bin lib lib64 sbin; do ln -s "usr/$d" "$RUNTIME/$d"; done
{
    for pkg in "${RUNTIME_PACKAGES[@]}"; do
        list="$(compgen -G "$ROOTFS/var/lib/dpkg/info/$pkg.list" || compgen -G "$ROOTFS/var/lib/dpkg/info/$pkg:*.list")" \
            || die "$pkg is not in the debootstrapped rootfs"
        while IFS= read -r path; do
            # Files and links only: tar makes the directories they need.
            if [ -L "$ROOTFS$path" ] || [ -f "$ROOTFS$path" ]; then printf '.%s\n' "$path"; fi
        done <"$list"
    done
    # Made by ca-certificates' postinst, not shipped in it.
    printf '%s\n' ./etc/ssl/certs/ca-certificates.crt
} | sort -u >"$WORK/runtime.files"
tar -C "$ROOTFS" --no-recursion -T "$WORK/runtime.files" -cf - \
    | tar -C "$RUNTIME" --keep-directory-symlink -xpf -
# Executables of those packages that a container does not need (distroless drops them).
rm -rf "${RUNTIME:?}"/usr/bin/* "${RUNTIME:?}"/usr/sbin/* "$RUNTIME/usr/share/doc" \
    "$RUNTIME/usr/share/lintian" "$RUNTIME/usr/share/man" "$RUNTIME/usr/share/info"
cat >"$RUNTIME/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin
EOF
cat >"$RUNTIME/etc/group" <<'EOF'
root:x:0:
nobody:x:65534:
tty:x:5:
staff:x:50:
nonroot:x:65532:
EOF
printf 'hosts: files dns\n' >"$RUNTIME/etc/nsswitch.conf"
install -d -m 0700 "$RUNTIME/root"
install -d -m 0700 -o 65532 -g 65532 "$RUNTIME/home/nonroot"
install -d -m 1777 "$RUNTIME/tmp"
for sh in sh bash dash rbash; do
    [ ! -e "$RUNTIME/usr/bin/$sh" ] && [ ! -e "$RUNTIME/usr/sbin/$sh" ] || die "a shell ($sh) is left in the runtime"
done
[ -f "$RUNTIME/etc/ssl/certs/ca-certificates.crt" ] || die "no CA bundle in the runtime"
compgen -G "$RUNTIME/usr/lib/x86_64-linux-gnu/libgcc_s.so.1" >/dev/null \
    || compgen -G "$RUNTIME/usr/lib/*/libgcc_s.so.1" >/dev/null || die "no libgcc_s in the runtime"
commit_rootfs "$RUNTIME" "$RUNTIME_BASE" \
    --user 65532 --workingdir /home/nonroot \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
rm -rf "$RUNTIME"

section "stand-in bases: rust:$RUST_VERSION-bookworm (toolchain $TOOLCHAIN from $SYSROOT)"
RUST_CONFIG=()
if [ ${#EXTRA_CAS[@]} -gt 0 ]; then
    cp "${EXTRA_CAS[@]}" "$ROOTFS/usr/local/share/ca-certificates/"
    chroot "$ROOTFS" update-ca-certificates >/dev/null
    # Node (the client's wasm-opt comes from npm) reads its own CA list unless told.
    RUST_CONFIG+=(--env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt)
    note "trusting this machine's extra CAs: ${EXTRA_CAS[*]}"
fi
RUSTUP_DIR="$ROOTFS/usr/local/rustup"
CARGO_DIR="$ROOTFS/usr/local/cargo"
mkdir -p "$RUSTUP_DIR/toolchains" "$RUSTUP_DIR/downloads" "$RUSTUP_DIR/tmp" "$CARGO_DIR/bin"
cp -a "$SYSROOT" "$RUSTUP_DIR/toolchains/$TOOLCHAIN"
cat >"$RUSTUP_DIR/settings.toml" <<EOF
version = "12"
default_toolchain = "$TOOLCHAIN"
profile = "minimal"

[overrides]
EOF
RUSTUP_BIN="$(command -v rustup)"
cp "$RUSTUP_BIN" "$CARGO_DIR/bin/rustup"
# The proxies rustup-init makes: hard links to rustup, named for each tool.
for tool in "$(dirname "$RUSTUP_BIN")"/*; do
    name="$(basename "$tool")"
    [ "$name" != rustup ] && [ "$tool" -ef "$RUSTUP_BIN" ] && ln "$CARGO_DIR/bin/rustup" "$CARGO_DIR/bin/$name"
done
# The official image's minimal profile: no docs, clippy or rustfmt. rustup removes them
# from its own records, with no network (unshare -n proves it).
for component in rust-docs clippy rustfmt; do
    if grep -q "^$component\(-preview\)\?-" "$RUSTUP_DIR/toolchains/$TOOLCHAIN/lib/rustlib/components"; then
        RUSTUP_HOME="$RUSTUP_DIR" CARGO_HOME="$CARGO_DIR" unshare -n \
            "$CARGO_DIR/bin/rustup" component remove --toolchain "$TOOLCHAIN" "$component" 2>&1 | sed 's/^/    /'
    fi
done
for target in "$HOST_TRIPLE" wasm32-unknown-unknown; do
    RUSTUP_HOME="$RUSTUP_DIR" CARGO_HOME="$CARGO_DIR" unshare -n \
        "$CARGO_DIR/bin/rustup" target add --toolchain "$TOOLCHAIN" "$target" 2>&1 | sed 's/^/    /'
done
chmod -R a+w "$RUSTUP_DIR" "$CARGO_DIR"
commit_rootfs "$ROOTFS" "$RUST_BASE" \
    --env RUSTUP_HOME=/usr/local/rustup --env CARGO_HOME=/usr/local/cargo \
    --env PATH=/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env "RUST_VERSION=$RUSTC_VERSION" "${RUST_CONFIG[@]}" --cmd bash
printf '%s\n%s\n' "$RUST_BASE" "$RUNTIME_BASE"
