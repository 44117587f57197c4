// The installable, offline half of the client build, run by .ci/build-client.sh on its
// output directory once every other file is in place (and before compression):
//
//   node .ci/offline.mjs DIR
//
// - draws the app's PNG icons (assets/icon-192.png, assets/icon-512.png) with Node's
//   zlib: a gold coin on the page's dark colour, inside the maskable safe zone;
// - copies the message catalogs (client/locales/LANG.ftl) to locales/LANG-HASH.ftl and
//   writes their names into index.html's {{LOCALES}} (`lang=file` pairs), and the words
//   shown before the program runs into {{NOSCRIPT}}, {{BOOT_FAILED}} and {{FIRST_WORDS}}
//   (the first screen's, which index.html draws itself); puts client/style.css inline in
//   {{STYLE}};
// - copies client/manifest.webmanifest;
// - writes sw.js from client/sw.js: {{CORE}} and {{LATER}} become the list of every file
//   in DIR (the page itself as "./"), cut in two (the referee's files and the catalogs are
//   LATER's), {{VERSION}} a hash of their names and contents, so a new build is a new
//   worker with a new cache, and the same build is byte for byte the same worker.

import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENT = path.join(ROOT, "client");
const OUT = process.argv[2];
if (!OUT) throw new Error("usage: node .ci/offline.mjs DIR");

const sha = (data) => createHash("sha256").update(data).digest("hex");

// ---- icons -------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of `size`² pixels, each the colour `pixel(x, y)` returns (0..1 coordinates). */
function png(size, pixel) {
  const SS = 4; // samples per pixel per axis, for smooth edges
  const raw = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const [pr, pg, pb] = pixel((x + (sx + 0.5) / SS) / size, (y + (sy + 0.5) / SS) / size);
          r += pr;
          g += pg;
          b += pb;
        }
      }
      const o = row + 1 + x * 3;
      raw[o] = Math.round(r / (SS * SS));
      raw[o + 1] = Math.round(g / (SS * SS));
      raw[o + 2] = Math.round(b / (SS * SS));
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const DARK = [0x10, 0x15, 0x1c];
const GOLD = [0xe2, 0xb5, 0x56];
const GREEN = [0x1f, 0x6b, 0x45];

/** The icon: a gold coin with a green face and a gold crown-like band, centred in the
 * inner 80% (the maskable safe zone is a circle of radius 0.4). */
function icon(x, y) {
  const dx = x - 0.5;
  const dy = y - 0.5;
  const d = Math.hypot(dx, dy);
  if (d > 0.34) return DARK;
  if (d > 0.29) return GOLD;
  // The face: three gold points over a band, as a crown.
  const inBand = dy > 0.02 && dy < 0.09 && Math.abs(dx) < 0.15;
  const peak = (cx) => dy <= 0.02 && dy > -0.12 + Math.abs(dx - cx) * 1.6 && Math.abs(dx) < 0.15;
  if (inBand || peak(-0.1) || peak(0) || peak(0.1)) return GOLD;
  return GREEN;
}

mkdirSync(path.join(OUT, "assets"), { recursive: true });
for (const size of [192, 512]) writeFileSync(path.join(OUT, "assets", `icon-${size}.png`), png(size, icon));

// ---- catalogs ----------------------------------------------------------------------

const LOCALES = path.join(CLIENT, "locales");
const catalogs = [];
let ftl = [];
try {
  ftl = readdirSync(LOCALES).filter((f) => f.endsWith(".ftl"));
} catch {
  // No catalogs: the page has its built-in language only.
}
if (ftl.length > 0) mkdirSync(path.join(OUT, "locales"), { recursive: true });
const BOOT = ["boot-failed", "boot-noscript"];
const boot = {};
/** Message `id` of catalog `text`: a one-line message, without placeables. */
function message(text, id, file) {
  const m = text.match(new RegExp(`^${id} = (.+)$`, "m"));
  if (!m || m[1].includes("{")) throw new Error(`${file}: ${id} must be a one-line message without placeables`);
  return m[1].trim();
}
for (const file of ftl.sort()) {
  const lang = file.slice(0, -".ftl".length);
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang)) throw new Error(`catalog name ${file} is not a language tag`);
  const text = readFileSync(path.join(LOCALES, file));
  const name = `locales/${lang}-${sha(text).slice(0, 16)}.ftl`;
  writeFileSync(path.join(OUT, name), text);
  catalogs.push(`${lang}=${name}`);
  boot[lang] = Object.fromEntries(BOOT.map((id) => [id, message(text.toString("utf8"), id, file)]));
}
// The words the page shows before its program runs (no script, or a program that cannot
// start), from each catalog's one-line `boot-…` messages: the noscript line in every
// language, each marked with its own; the failure's words for the inline script to pick.
// The languages written right to left (client/src/i18n.rs: RTL_LANGUAGES).
const RTL = /^(ar|he|fa|ur|yi|ps|sd|ug|dv|ckb)(-|$)/i;
const escape = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const noscript = Object.entries(boot)
  .sort(([a], [b]) => (a === "en" ? -1 : b === "en" ? 1 : 0))
  .map(([lang, m]) => `<p lang="${lang}" dir="${RTL.test(lang) ? "rtl" : "ltr"}">${escape(m["boot-noscript"])}</p>`)
  .join("");
const failed = Object.fromEntries(Object.entries(boot).map(([lang, m]) => [lang, m["boot-failed"]]));
const indexPath = path.join(OUT, "index.html");
let index = readFileSync(indexPath, "utf8");

// The first screen that index.html draws before the program runs: between its markers,
// no white space between tags (the program draws none, and in an inline box a space is
// a gap), and the words of each of its `data-t` (text), `data-tp` (placeholder) and
// `data-ta` (aria-label) ids, plus those its script switches to, in every catalog.
const FIRST = /<!--first-screen-->([\s\S]*?)<!--\/first-screen-->/;
const first = index.match(FIRST);
if (!first) throw new Error("index.html: no <!--first-screen--> … <!--/first-screen--> markers");
index = index.replace(FIRST, () => first[1].trim().replace(/>\s+</g, "><"));
const ids = new Set(["join-invited", "name-seen"]);
for (const m of first[1].matchAll(/data-t[pa]?="([^"]+)"/g)) ids.add(m[1]);
/** Message `id` (`msg.variant`: one variant of a selector's message) of catalog `text`. */
function firstWord(text, id, file) {
  const [msg, variant] = id.split(".");
  if (!variant) return message(text, msg, file);
  const block = text.match(new RegExp(`^${msg} = \\{[^\\n]*->\\n((?:[ \\t]+.*\\n)+?)\\}`, "m"));
  const line = block?.[1].match(new RegExp(`^\\s*\\*?\\[${variant}\\] (.+)$`, "m"));
  if (!line || line[1].includes("{")) throw new Error(`${file}: ${msg} has no plain [${variant}] variant`);
  return line[1].trim();
}
const words = {};
for (const file of ftl) {
  const lang = file.slice(0, -".ftl".length);
  const text = readFileSync(path.join(LOCALES, file), "utf8");
  words[lang] = Object.fromEntries([...ids].map((id) => [id, firstWord(text, id, file)]));
}
// Only the languages the program offers (its picker's), English first.
const picker = first[1].match(/data-testid="language"[\s\S]*?<\/select>/)?.[0] ?? "";
const offered = [...picker.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
for (const lang of Object.keys(words)) if (!offered.includes(lang)) delete words[lang];
const json = (v) => JSON.stringify(v).replace(/</g, "\\u003c");
// Inside an inline <style>: nothing in it may close the element.
const style = readFileSync(path.join(CLIENT, "style.css"), "utf8");
if (/<\/style/i.test(style)) throw new Error("style.css: it may not contain </style");
writeFileSync(
  indexPath,
  index
    .replaceAll("{{LOCALES}}", catalogs.join(","))
    .replaceAll("{{NOSCRIPT}}", noscript)
    .replaceAll("{{STYLE}}", () => style)
    // Inside an inline script: JSON, with "<" escaped so no text can close the element.
    .replaceAll("{{FIRST_WORDS}}", () => json(words))
    .replaceAll("{{BOOT_FAILED}}", () => json(failed)),
);

// ---- manifest and service worker ---------------------------------------------------

copyFileSync(path.join(CLIENT, "manifest.webmanifest"), path.join(OUT, "manifest.webmanifest"));

function* files(dir, rel = "") {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const r = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* files(path.join(dir, entry.name), r);
    else if (entry.isFile()) yield r;
  }
}

const assets = [...files(OUT)]
  .filter((f) => !/\.(br|gz)$/.test(f) && f !== "sw.js")
  .sort();
const version = sha(assets.map((f) => `${f} ${sha(readFileSync(path.join(OUT, f)))}\n`).join("")).slice(0, 16);
// (Not the English catalog: English is built into the program, which never fetches it.)
// (Nor the fair deal's modules, the seat's and the referee's: a fair table is a table of
// people online, and a page that never sits at one never downloads them, from the network
// or into the cache.)
const list = assets
  .map((f) => (f === "index.html" ? "./" : f))
  .filter(
    (f) =>
      !f.startsWith("locales/en-") && !f.startsWith("split_fair-") && !f.startsWith("split_referee_fair-"),
  );
// What only a page that starts a table needs (the referee's worker: its bootstrap, its
// code), the catalogs and the app's icons (which only installing the app reads): cached
// later, or never (sw.js says when).
const later = list.filter((f) => /^(referee-|coup_referee)|^locales\/|^assets\/icon-/.test(f));
const core = list.filter((f) => !later.includes(f));
if (!later.some((f) => f.startsWith("coup_referee_bg"))) throw new Error("offline: no referee module among the files");
const sw = readFileSync(path.join(CLIENT, "sw.js"), "utf8")
  .replaceAll("{{VERSION}}", version)
  .replaceAll("{{CORE}}", JSON.stringify(core))
  .replaceAll("{{LATER}}", JSON.stringify(later));
if (sw.includes("{{")) throw new Error("sw.js: a placeholder was left unfilled");
writeFileSync(path.join(OUT, "sw.js"), sw);
console.log(
  `    offline: sw.js caches ${core.length} files at once and ${later.length} later as version ${version}; ` +
    `${catalogs.length} catalogs`,
);
