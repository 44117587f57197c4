// How long a first visit takes to draw the first screen on a slow link, for each built
// client given: the relay serves it, Chromium loads it with the network throttled
// through the DevTools protocol, and this prints the time until the first screen's
// buttons are there, until the table's module (when the build has one) has arrived,
// and the bytes the page took by then (as the relay sent them, brotli).
//
//   unshare -n bash -c 'ip link set lo up && node tests/measure/first-screen.mjs DIST...'
//
// COUP_RELAY_BIN as for the browser suite. Each link: [name, latency ms, down kbit/s].

import { readdirSync } from "node:fs";
import { startTable } from "../e2e/harness.mjs";

const LINKS = [
  ["slow 3G", 400, 400],
  ["fast 3G", 150, 1_600],
  ["4G", 40, 9_000],
];
const RUNS = 3;

const dists = process.argv.slice(2);
if (dists.length === 0) throw new Error("usage: node tests/measure/first-screen.mjs DIST...");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const dist of dists) {
  const split = readdirSync(dist).some((f) => /^split_table-.*\.wasm$/.test(f));
  const table = await startTable({ dist });
  try {
    for (const [name, latency, kbps] of LINKS) {
      const screen = [];
      const whole = [];
      let bytes = 0;
      for (let run = 0; run < RUNS; run++) {
        const context = await table.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency,
          downloadThroughput: (kbps * 1000) / 8,
          uploadThroughput: (kbps * 1000) / 8 / 2,
        });
        let received = 0;
        cdp.on("Network.loadingFinished", (e) => (received += e.encodedDataLength));
        const table_ = new Promise((resolve) => {
          page.on("requestfinished", (r) => /split_table/.test(r.url()) && resolve(Date.now()));
        });
        const start = Date.now();
        await page.goto(table.base, { waitUntil: "commit" });
        await page.getByTestId("create-room").waitFor({ timeout: 120_000 });
        const drawn = Date.now();
        screen.push(drawn - start);
        bytes = received;
        whole.push(split ? (await table_) - start : drawn - start);
        await context.close();
      }
      console.log(
        `${dist}: ${name} (${latency} ms, ${kbps} kbit/s): first screen ${median(screen)} ms ` +
          `(${(bytes / 1000).toFixed(1)} KB on the wire), the table's module here ${median(whole)} ms`,
      );
    }
  } finally {
    await table.stop();
  }
}
process.exit(0);
