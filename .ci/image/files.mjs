// Every file of a built client, fetched from a running relay as browsers of every kind
// ask for it: with no Accept-Encoding (curl, an old proxy), with `gzip` and with `br`.
// Each answer must be 200 and, once decoded by its Content-Encoding, the file's bytes;
// a file with a `.br`/`.gz` sibling must come in that encoding when the request accepts
// it, and every other answer unencoded. A file the relay cannot read (the wrong mode for
// the user it runs as) is a 404 here.
//
//   node .ci/image/files.mjs http://127.0.0.1:PORT DIR
//
// DIR is the client as the relay serves it (the image's /srv/coup, mounted). Plain
// node:http, not fetch: fetch always sends an Accept-Encoding and decodes the answer.

import { readFileSync, readdirSync, existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";

const [base, dir] = process.argv.slice(2);
if (!base || !dir) {
  console.error("usage: node .ci/image/files.mjs URL DIR");
  process.exit(2);
}
const WAIT_MS = 10_000;
const ENCODINGS = [null, "gzip", "br"];

function walk(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(d, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

function get(url, acceptEncoding) {
  const headers = acceptEncoding ? { "accept-encoding": acceptEncoding } : {};
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: WAIT_MS }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`no answer within ${WAIT_MS} ms`)));
    req.on("error", reject);
  });
}

function decode(body, encoding) {
  switch (encoding ?? "identity") {
    case "identity":
      return body;
    case "gzip":
      return zlib.gunzipSync(body);
    case "br":
      return zlib.brotliDecompressSync(body);
    default:
      throw new Error(`unexpected Content-Encoding ${encoding}`);
  }
}

const files = walk(dir).sort();
if (!files.includes(path.join(dir, "index.html"))) {
  console.error(`no index.html in ${dir}`);
  process.exit(1);
}
const failures = [];
let answers = 0;
let encoded = 0;
for (const file of files) {
  const rel = path.relative(dir, file).split(path.sep).join("/");
  const want = readFileSync(file);
  const url = new URL("/" + rel.split("/").map(encodeURIComponent).join("/"), base);
  for (const ae of ENCODINGS) {
    const what = `GET /${rel} (Accept-Encoding: ${ae ?? "none"})`;
    try {
      const res = await get(url, ae);
      answers += 1;
      if (res.status !== 200) {
        failures.push(`${what}: ${res.status}`);
        continue;
      }
      const got = res.headers["content-encoding"];
      const sibling = ae && existsSync(`${file}.${ae === "gzip" ? "gz" : "br"}`);
      const expected = sibling ? ae : undefined;
      if (got !== expected) {
        failures.push(`${what}: Content-Encoding ${got ?? "none"}, expected ${expected ?? "none"}`);
        continue;
      }
      if (got) encoded += 1;
      if (!decode(res.body, got).equals(want)) failures.push(`${what}: the body is not the file's bytes`);
    } catch (e) {
      failures.push(`${what}: ${e.message}`);
    }
  }
}
if (failures.length > 0) {
  console.error(`${failures.length} of ${files.length * ENCODINGS.length} requests failed:`);
  for (const f of failures) console.error(`    ${f}`);
  process.exit(1);
}
console.log(
  `    ok  every file of the client (${files.length}) served whole with no Accept-Encoding, gzip and br ` +
    `(${answers} answers, ${encoded} precompressed)`,
);
