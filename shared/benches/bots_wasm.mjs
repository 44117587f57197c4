// Times the Hard bot's decisions in wasm under Node, with performance.now() as its clock.
// cargo build --release --target wasm32-unknown-unknown -p coup-shared --example bots_wasm
// node shared/benches/bots_wasm.mjs $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/examples/bots_wasm.wasm [MS] [GAMES]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const path = process.argv[2];
const millis = Number(process.argv[3] ?? 50);
const games = Number(process.argv[4] ?? 20);
const { instance } = await WebAssembly.instantiate(readFileSync(path), {
  env: { now_ms: () => performance.now() },
});
const { hard_decisions, percentile } = instance.exports;
for (const players of [2, 4, 6, 10]) {
  const n = hard_decisions(players, games, 1, millis);
  const fmt = (q) => percentile(q).toFixed(2);
  console.log(
    `${players}p hard budget ${millis} ms: ${n} decisions, p50 ${fmt(0.5)} ms, ` +
      `p99 ${fmt(0.99)} ms, max ${fmt(1)} ms`,
  );
}
