# syntax=docker/dockerfile:1
#
# Coup P2P: the relay and the built client in one small image.
#
#   docker build -t coup-relay .
#   docker run -p 8080:8080 -p 3478:3478/udp coup-relay   # then open http://localhost:8080
#
# The build stages run the repository's own scripts and pins: wasm-bindgen-cli at the
# version client/Cargo.toml pins (read by .ci/lib.sh), .ci/build-client.sh for the client,
# and a --locked cargo build for the relay. They run on the builder's own platform and
# cross-compile the relay for the image's (linux/amd64 or linux/arm64), so a
# multi-platform build needs no emulation; the client is built once for every platform.
#
#   docker buildx build --target artifacts --output type=local,dest=out .
#
# exports the relay binary and the built client (dist/) instead of an image.

ARG RUST_VERSION=1.95
# The two base images. The defaults are the published build's; a machine without a
# container registry names local stand-ins made from Debian's packages instead
# (.ci/image/bases.sh, which `make test` uses through .ci/image/build.sh).
ARG RUST_IMAGE=rust:${RUST_VERSION}-bookworm
ARG RUNTIME_IMAGE=gcr.io/distroless/cc-debian12:nonroot

# Both build stages run on the builder's own platform.
FROM --platform=$BUILDPLATFORM ${RUST_IMAGE} AS base
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
WORKDIR /src

# The client: the same for every platform, so a multi-platform build makes it once.
FROM base AS client
# Node and npm for binaryen's wasm-opt.
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm \
 && rm -rf /var/lib/apt/lists/* \
 && rustup target add wasm32-unknown-unknown
# Its own layer, rebuilt only when the pins in client/Cargo.toml or .ci/lib.sh change.
# Installed as `make test` installs them (.ci/lib.sh), so the image's tools are the ones
# every build of the client uses.
COPY .ci/lib.sh .ci/lib.sh
COPY client/Cargo.toml client/Cargo.toml
RUN --mount=type=cache,id=coup-cargo-registry-client,target=/usr/local/cargo/registry,sharing=locked \
    . .ci/lib.sh \
 && ensure_wasm_bindgen \
 && wasm-bindgen --version \
 && ensure_wasm_split
COPY . .
# `cargo fetch --locked` first, so a stale lock file fails here, before the long build
# (which is --locked too).
RUN --mount=type=cache,id=coup-cargo-registry-client,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,id=coup-npm,target=/root/.npm,sharing=locked \
    --mount=type=cache,id=coup-target-client,target=/src/target,sharing=locked \
    cargo fetch --locked \
 && bash .ci/build-client.sh /out/dist \
 && test -f /out/dist/index.html

# The relay, cross-compiled for the image's platform when it is not the builder's.
FROM base AS relay
ARG TARGETARCH
ARG BUILDARCH
RUN case "$TARGETARCH" in \
        amd64) triple=x86_64-unknown-linux-gnu; gcc=x86-64; libc=amd64 ;; \
        arm64) triple=aarch64-unknown-linux-gnu; gcc=aarch64; libc=arm64 ;; \
        *) echo "unsupported platform: $TARGETARCH" >&2; exit 1 ;; \
    esac \
 && if [ "$TARGETARCH" != "$BUILDARCH" ]; then \
        apt-get update \
     && apt-get install -y --no-install-recommends "gcc-$gcc-linux-gnu" "libc6-dev-$libc-cross" \
     && rm -rf /var/lib/apt/lists/*; \
    fi \
 && echo "$triple" >/rust-target \
 && rustup target add "$triple"
ENV CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=x86_64-linux-gnu-gcc \
    CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
COPY . .
RUN --mount=type=cache,id=coup-cargo-registry-relay,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,id=coup-target-relay,target=/src/target,sharing=locked \
    triple="$(cat /rust-target)" \
 && cargo build --release --locked -p coup-server --bin coup-relay --target "$triple" \
 && mkdir -p /out \
 && cp "target/$triple/release/coup-relay" /out/coup-relay \
 && if [ "$TARGETARCH" = "$BUILDARCH" ]; then /out/coup-relay --version; fi

# The release files: `--target artifacts --output type=local,dest=DIR`.
FROM scratch AS artifacts
COPY --from=relay /out/coup-relay /coup-relay
COPY --from=client /out/dist /dist

# glibc and libgcc only, no shell, runs as distroless's "nonroot" user.
FROM ${RUNTIME_IMAGE}
COPY --from=relay /out/coup-relay /usr/local/bin/coup-relay
COPY --from=client /out/dist /srv/coup
# The relay answers STUN itself on 3478/udp, so that `docker run -p 8080:8080 -p
# 3478:3478/udp` alone connects players behind ordinary home routers (TURN, for strict
# NATs, is coturn's: deploy/docker-compose.yml, which sets COUP_STUN_BIND=off).
ENV COUP_BIND=0.0.0.0:8080 \
    COUP_STUN_BIND=0.0.0.0:3478 \
    COUP_STATIC_DIR=/srv/coup \
    COUP_LOG_FORMAT=json
USER 65532:65532
EXPOSE 8080 3478/udp
# No shell or curl here: the relay's own binary asks its /healthz (reading COUP_BIND).
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/coup-relay", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/coup-relay"]
