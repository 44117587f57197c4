# syntax=docker/dockerfile:1
#
# Coup P2P: the relay and the built client in one small image.
#
#   docker build -t coup-relay .
#   docker run -p 8080:8080 coup-relay         # then open http://localhost:8080
#
# The build stage runs the same commands as the README and CI:
#   rustup target add wasm32-unknown-unknown
#   cargo install wasm-bindgen-cli --version 0.2.130
#   npm (for binaryen's wasm-opt), then bash .ci/build-client.sh  -> dist/
#   cargo build --release --locked -p coup-server --bin coup-relay   (.ci/test.sh)
# No Docker engine was available where this file was written; see deploy/README.md.

FROM rust:1.95-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm \
 && rm -rf /var/lib/apt/lists/*
RUN rustup target add wasm32-unknown-unknown \
 && cargo install wasm-bindgen-cli --version 0.2.130
WORKDIR /src
COPY . .
RUN bash .ci/build-client.sh \
 && test -f dist/index.html
RUN cargo build --release --locked -p coup-server --bin coup-relay \
 && cp target/release/coup-relay /usr/local/bin/coup-relay

# glibc and libgcc only, no shell, runs as the "nonroot" user (65532).
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /usr/local/bin/coup-relay /usr/local/bin/coup-relay
COPY --from=build /src/dist /srv/coup
ENV COUP_BIND=0.0.0.0:8080 \
    COUP_STATIC_DIR=/srv/coup \
    COUP_LOG_FORMAT=json
USER nonroot
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/coup-relay"]
