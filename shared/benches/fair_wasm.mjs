// Times the fair deal's cryptography in wasm under Node (V8, as in Chromium), and models a
// deal's critical path from it (docs/FAIR-DEAL.md, "Costs"):
// cargo build --release --target wasm32-unknown-unknown -p coup-shared --example fair_wasm
// node shared/benches/fair_wasm.mjs $CARGO_TARGET_DIR/wasm32-unknown-unknown/release/examples/fair_wasm.wasm
import { readFileSync } from "node:fs";

const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[2]), {});
const x = instance.exports;

// Milliseconds per repetition of f(reps): (f(reps) − f(0)) / reps, the best of 5 runs.
function per(f, reps) {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const t0 = process.hrtime.bigint();
    f(0);
    const t1 = process.hrtime.bigint();
    f(reps);
    const t2 = process.hrtime.bigint();
    best = Math.min(best, (Number(t2 - t1) - Number(t1 - t0)) / 1e6 / reps);
  }
  return best;
}

const ms = (v) => `${v.toFixed(2)} ms`;
x.shuffle_prove(15, 2); // warm up
const share = { prove: per((r) => x.share_prove(r), 50), check: per((r) => x.share_check(r), 50) };
console.log(`share: prove ${ms(share.prove)}, check ${ms(share.check)}`);
const shuffle = {};
for (const cards of [3, 4, 5, 15, 20, 25]) {
  shuffle[cards] = {
    prove: per((r) => x.shuffle_prove(cards, r), 5),
    check: per((r) => x.shuffle_check(cards, r), 5),
  };
  console.log(`shuffle of ${cards}: prove ${ms(shuffle[cards].prove)}, check ${ms(shuffle[cards].check)}`);
}
// The deal's critical path: n shuffles one after another, each checked before the next
// seat's; then one round in which each page proves its 2(n−1) shares and checks the
// (n−1)·2(n−1) others' (every page checks every record). The network's round trips are
// not in it.
const deckOf = (n) => (n <= 6 ? 15 : n <= 8 ? 20 : 25);
for (const n of [2, 6, 10]) {
  const s = shuffle[deckOf(n)];
  const shuffles = n * (s.prove + s.check);
  const shares = 2 * (n - 1) * share.prove + (n - 1) * 2 * (n - 1) * share.check;
  console.log(`deal at ${n}: ${ms(shuffles + shares)} (shuffles ${ms(shuffles)}, shares ${ms(shares)})`);
}
// An Exchange at 6: the actor's hand mix of 4 (proven by it, checked by all), then the
// Court of 3 reshuffled by the 6 seats; the shares that open cards are a few each.
const mix = shuffle[4].prove + shuffle[4].check;
const court = 6 * (shuffle[3].prove + shuffle[3].check);
console.log(`Exchange at 6: hand mix ${ms(mix)}, Court reshuffle ${ms(court)}`);

// A page's replica of the referee (docs/FAIR-DEAL.md, section 1) takes a whole game's
// stream one item at a time: the time of each event and each decision (where it runs the
// rules; a record's time is its proofs, above), over three games per table size.
for (const n of [2, 6, 10]) {
  const times = [];
  for (let seed = 0; seed < 3; seed++) {
    x.replica_game(n, seed);
    for (;;) {
      const t0 = process.hrtime.bigint();
      const kind = x.replica_take();
      const t1 = process.hrtime.bigint();
      if (kind < 0) break;
      if (kind === 1) times.push(Number(t1 - t0) / 1e6);
    }
  }
  times.sort((a, b) => a - b);
  const p99 = times[Math.floor(times.length * 0.99)];
  console.log(`replica at ${n}: one event or decision p99 ${ms(p99)}, largest ${ms(times[times.length - 1])} (${times.length} items)`);
}
// A departure (section 6) opens nothing: the departed seat's cards leave face down, and
// taking its stake into the others' is a sum of points and one part read. What follows
// it is the seats left escrowing again (in the native figures).
