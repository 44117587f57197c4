// Precompresses the built client, and reports what a first load transfers.
//
//   node .ci/compress.mjs DIR
//       writes FILE.br (brotli, quality 11, the largest window) and FILE.gz (gzip, level 9)
//       beside every .html, .js, .css, .svg and .wasm file in DIR, each only when it is
//       smaller than the file itself.
//   node .ci/compress.mjs --report DIR NAME=FILE,FILE... [NAME=...]
//       prints, for each named set of files, their bytes as stored, as gzip and as brotli
//       (a file without a sibling counts as it is, the way the relay would send it).

import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|wasm|json|txt|webmanifest|ftl)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

function compress(dir) {
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  }
}

function size(file) {
  return existsSync(file) ? statSync(file).size : null;
}

function report(dir, sets) {
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  for (const set of sets) {
    const [name, list] = set.split("=");
    let raw = 0;
    let gz = 0;
    let br = 0;
    for (const rel of list.split(",")) {
      const file = path.join(dir, rel);
      const n = size(file);
      if (n === null) throw new Error(`no ${file}`);
      raw += n;
      gz += size(`${file}.gz`) ?? n;
      br += size(`${file}.br`) ?? n;
    }
    console.log(`    first load, ${name}: ${kb(br)} brotli, ${kb(gz)} gzip, ${kb(raw)} stored`);
  }
}

const args = process.argv.slice(2);
if (args[0] === "--report") report(args[1], args.slice(2));
else compress(args[0]);
