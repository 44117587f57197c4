// A small reporter for `node --test`: one line per test as it ends, failures in full, and
// at the end each failed test again in one line (its file and first error line) before a
// closing line with the counts, so the tail of a CI log names what failed.
//   node --test --test-reporter=./reporter.mjs e2e/

import { inspect } from "node:util";

export default async function* reporter(source) {
  const counts = { pass: 0, fail: 0, skip: 0, todo: 0 };
  const failed = [];
  const started = Date.now();
  for await (const event of source) {
    const data = event.data ?? {};
    const indent = "  ".repeat(data.nesting ?? 0);
    const ms = data.details?.duration_ms;
    const took = ms === undefined ? "" : ` (${Math.round(ms)} ms)`;
    switch (event.type) {
      case "test:pass":
        if (data.skip !== undefined) {
          if (data.nesting === 0) counts.skip += 1;
          yield `${indent}- ${data.name} # SKIP\n`;
        } else if (data.todo !== undefined) {
          if (data.nesting === 0) counts.todo += 1;
          yield `${indent}- ${data.name} # TODO\n`;
        } else {
          if (data.nesting === 0) counts.pass += 1;
          yield `${indent}✔ ${data.name}${took}\n`;
        }
        break;
      case "test:fail": {
        if (data.nesting === 0) counts.fail += 1;
        const err = data.details?.error;
        const why = err?.cause ?? err;
        const first = String(why?.message ?? why ?? "").split("\n")[0].slice(0, 300);
        const file = data.file ? data.file.split("/").pop() : "";
        failed.push(`  ✖ ${file ? `${file}: ` : ""}${data.name}: ${first}`);
        yield `${indent}✖ ${data.name}${took}\n${indent}  ${inspect(why, { depth: 4 }).replace(/\n/g, `\n${indent}  `)}\n`;
        break;
      }
      case "test:stdout":
      case "test:stderr":
        yield data.message;
        break;
      default:
        break;
    }
  }
  const total = counts.pass + counts.fail + counts.skip + counts.todo;
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (failed.length > 0) yield `\nfailed:\n${failed.join("\n")}\n`;
  yield `\ne2e: ${total} tests, ${counts.pass} passed, ${counts.fail} failed, ${counts.skip} skipped, ${counts.todo} todo (${secs} s)\n`;
}
