// Times the engine in wasm under Node: complete random games, like benches/engine.rs.
// cargo build --release --target wasm32-unknown-unknown -p coup-shared --example wasm_bench
// node shared/benches/wasm_bench.mjs $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/examples/wasm_bench.wasm
import { readFileSync } from "node:fs";

const path = process.argv[2];
const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
const play = instance.exports.play;
for (const [name, flags] of [["base", 0], ["all", 3]]) {
  for (const players of [2, 6, 10]) {
    play(players, flags, 200, 1); // warm up
    const games = 20000;
    const t0 = process.hrtime.bigint();
    const inputs = play(players, flags, games, 7);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(
      `${players}p-${name}: ${(games / s).toFixed(0)} games/s, ` +
        `${(inputs / s / 1e6).toFixed(2)} M inputs/s (${(inputs / games).toFixed(1)} inputs/game)`,
    );
  }
}
