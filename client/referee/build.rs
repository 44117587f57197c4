//! Keeps the linker's relocations in the referee's wasm module: `wasm-split-cli` reads them
//! to cut the fair deal's referee (the function marked `#[wasm_split]`) into a module of its
//! own (`.ci/build-client.sh`). Only the wasm32 cdylib is linked with them.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=--emit-relocs");
    }
}
