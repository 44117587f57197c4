// Sums `twiggy top -f csv` (on standard input) by crate: the first path segment of each
// item's name, the names section and other custom sections left out. Prints the N largest.
//   twiggy top -f csv module.wasm | node .ci/size-by-crate.mjs [N]

import { readFileSync } from "node:fs";

const n = Number(process.argv[2] ?? 25);
const rows = readFileSync(0, "utf8").split("\n").slice(1).filter(Boolean);
const sums = new Map();
let total = 0;
for (const row of rows) {
  // Name (quoted when it holds commas), ShallowSize, ShallowSizePercent, ...
  const m = row.match(/^("(?:[^"]|"")*"|[^,]*),(\d+),/);
  if (!m) continue;
  const name = m[1].replace(/^"|"$/g, "").replace(/""/g, '"');
  const bytes = Number(m[2]);
  // The names section, and the linker's relocations kept for wasm-split-cli, are not shipped.
  if (name.includes("function names") || name.startsWith("custom section") || name.startsWith("Σ") || name.startsWith("...")) continue;
  const crate = name.match(/([A-Za-z_][A-Za-z0-9_]*)(\[[0-9a-f]+\])?::/)?.[1] ?? (name.startsWith("data") ? "(static data)" : name.slice(0, 24));
  sums.set(crate, (sums.get(crate) ?? 0) + bytes);
  total += bytes;
}
console.log(`    by crate, ${total} bytes without the names and other custom sections:`);
for (const [crate, bytes] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, n)) {
  console.log(`    ${String(bytes).padStart(9)}  ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${crate}`);
}
