# syntax=docker/dockerfile:1
#
# Coup P2P: the relay and the built client in one small image.
#
#   docker build -t coup-relay .
#   docker run -p 8080:8080 coup-relay         # then open http://localhost:8080
#
# The build stage runs the repository's own scripts and pins: wasm-bindgen-cli at the
# version client/Cargo.toml pins (read by .ci/lib.sh), .ci/build-client.sh for the client,
# and a --locked cargo build for the relay. It runs on the builder's own platform and
# cross-compiles the relay for the image's (linux/amd64 or linux/arm64), so a
# multi-platform build needs no emulation; the client is the same on every platform.
#
#   docker buildx build --target artifacts --output type=local,dest=out .
#
# exports the relay binary and the built client (dist/) instead of an image.

ARG RUST_VERSION=1.95

FROM --platform=$BUILDPLATFORM rust:${RUST_VERSION}-bookworm AS build
ARG TARGETARCH
ARG BUILDARCH
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
# Node and npm for binaryen's wasm-opt; a cross linker when the image's platform is not
# the builder's.
RUN case "$TARGETARCH" in \
        amd64) triple=x86_64-unknown-linux-gnu; cross=(gcc-x86-64-linux-gnu libc6-dev-amd64-cross) ;; \
        arm64) triple=aarch64-unknown-linux-gnu; cross=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross) ;; \
        *) echo "unsupported platform: $TARGETARCH" >&2; exit 1 ;; \
    esac \
 && if [ "$TARGETARCH" = "$BUILDARCH" ]; then cross=(); fi \
 && apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm "${cross[@]}" \
 && rm -rf /var/lib/apt/lists/* \
 && echo "$triple" >/rust-target \
 && rustup target add wasm32-unknown-unknown "$triple"
ENV CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_LINKER=x86_64-linux-gnu-gcc \
    CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc

WORKDIR /src
# Its own layer, rebuilt only when the pin in client/Cargo.toml changes.
COPY .ci/lib.sh .ci/lib.sh
COPY client/Cargo.toml client/Cargo.toml
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    . .ci/lib.sh \
 && cargo install wasm-bindgen-cli --locked --version "$(wasm_bindgen_version)" \
 && wasm-bindgen --version

COPY . .
# `cargo fetch --locked` first: the lock file must be current, so the client build below
# (which the script runs without --locked) resolves exactly what it says.
RUN --mount=type=cache,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,target=/usr/local/cargo/git,sharing=locked \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    --mount=type=cache,target=/src/target,sharing=locked \
    triple="$(cat /rust-target)" \
 && cargo fetch --locked \
 && bash .ci/build-client.sh /out/dist \
 && test -f /out/dist/index.html \
 && cargo build --release --locked -p coup-server --bin coup-relay --target "$triple" \
 && cp "target/$triple/release/coup-relay" /out/coup-relay \
 && if [ "$TARGETARCH" = "$BUILDARCH" ]; then /out/coup-relay --version; fi

# The release files: `--target artifacts --output type=local,dest=DIR`.
FROM scratch AS artifacts
COPY --from=build /out/ /

# glibc and libgcc only, no shell, runs as distroless's "nonroot" user.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /out/coup-relay /usr/local/bin/coup-relay
COPY --from=build /out/dist /srv/coup
ENV COUP_BIND=0.0.0.0:8080 \
    COUP_STATIC_DIR=/srv/coup \
    COUP_LOG_FORMAT=json
USER 65532:65532
EXPOSE 8080
# No shell or curl here: the relay's own binary asks its /healthz (reading COUP_BIND).
HEALTHCHECK --interval=30s --timeout=5s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/coup-relay", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/coup-relay"]
