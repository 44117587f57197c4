// A small reporter for `node --test`: one line per test as it ends, failures in full, and
// at the end each failed test again in one line (its file and first error line) before a
// closing line with the counts, so the tail of a CI log names what failed.
//   node --test --test-reporter=./reporter.mjs e2e/
//
// Every line is written to stdout at once, synchronously, rather than yielded: with
// --test-force-exit the runner exits as soon as its last event is out, before a reporter's
// stream is drained, which cut off the closing lines. The closing lines are written on the
// run's own plan (the one with no file), which comes before the runner exits.

import { writeSync } from "node:fs";
import { inspect } from "node:util";

const out = (text) => {
  const buf = Buffer.from(text);
  let done = 0;
  while (done < buf.length) {
    try {
      done += writeSync(1, buf, done);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
    }
  }
};

export default async function* reporter(source) {
  const counts = { pass: 0, fail: 0, skip: 0, todo: 0 };
  const failed = [];
  const started = Date.now();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    const total = counts.pass + counts.fail + counts.skip + counts.todo;
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    if (failed.length > 0) out(`\nfailed:\n${failed.join("\n")}\n`);
    out(`\ne2e: ${total} tests, ${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped, ${counts.todo} todo (${secs} s)\n`);
  };
  for await (const event of source) {
    const data = event.data ?? {};
    const indent = "  ".repeat(data.nesting ?? 0);
    const ms = data.details?.duration_ms;
    const took = ms === undefined ? "" : ` (${Math.round(ms)} ms)`;
    switch (event.type) {
      case "test:pass":
        if (data.skip !== undefined) {
          if (data.nesting === 0) counts.skip += 1;
          out(`${indent}- ${data.name} # SKIP\n`);
        } else if (data.todo !== undefined) {
          if (data.nesting === 0) counts.todo += 1;
          out(`${indent}- ${data.name} # TODO\n`);
        } else {
          if (data.nesting === 0) counts.pass += 1;
          out(`${indent}✔ ${data.name}${took}\n`);
        }
        break;
      case "test:fail": {
        if (data.nesting === 0) counts.fail += 1;
        const err = data.details?.error;
        const why = err?.cause ?? err;
        // The message's first lines (an assertion's own words and its actual and expected
        // values, or what a failed wait's pages showed), so that the tail of a log says what
        // differed, not only that something did.
        const first = String(why?.message ?? why ?? "")
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => l !== "")
          .slice(0, 10)
          .join(" | ")
          .slice(0, 3_000);
        const where = data.file ? `${data.file.split("/").pop()}: ` : "";
        failed.push(`  ✖ ${where}${data.name}: ${first}`);
        out(`${indent}✖ ${where}${data.name}${took}\n${indent}  ${inspect(why, { depth: 4 }).replace(/\n/g, `\n${indent}  `)}\n`);
        break;
      }
      case "test:plan":
        // The run's own plan, after every file's tests.
        if (data.nesting === 0 && data.file === undefined) close();
        break;
      case "test:stdout":
      case "test:stderr":
        out(data.message);
        break;
      default:
        break;
    }
  }
  close();
}
