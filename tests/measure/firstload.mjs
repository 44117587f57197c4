// A first visit on a throttled phone, for each built client given: when its first screen
// is painted, when Create a room and Join can be pressed and when such a press has been
// carried out, how long a joiner who opens an invitation takes to be seated in the room's
// lobby, and how many bytes a joiner's device and a hosting page download.
//
//   unshare -n bash -c 'ip link set lo up && node tests/measure/firstload.mjs DIST...'
//
// The profile: 150 ms round trip, 1.6 Mbit/s down, 0.75 Mbit/s up (Chromium's network
// emulation), the CPU four times slower (`Emulation.setCPUThrottlingRate`), a new browser
// context each run (a cold cache, the service worker allowed, as on a phone). Each figure
// is the median of RUNS (COUP_RUNS, default 5). The host of the joiner's room is an
// unthrottled page. Bytes are counted by a TCP proxy in front of the relay: everything
// the device took from it (the page, the service worker's fetches, the relay's socket),
// headers and all; the peer-to-peer link does not pass through it.
//
// Times are the page's own (from its navigation's start):
// - first screen: the first frame painted with the first screen's name field, its three
//   buttons, the language picker and the credit line all there;
// - pressable: when a press on Create a room would be kept and carried out (the button
//   there and enabled);
// - created: Create a room pressed at that moment, until the frame that shows the room's
//   code;
// - seated: Join pressed as soon as it can be, until the frame that first draws both
//   people in the joiner's lobby (in the page, as the first screen's frame is);
//   and on its way: the host's data channel open, the program running (the first screen
//   taken over), the first text sent on the channel (the hello) and the first received,
//   and the table's module instantiated (it draws the room).
//
// COUP_RELAY_BIN as for the browser suite.

import net from "node:net";
import { startTable, freePort } from "../e2e/harness.mjs";

const RUNS = Number(process.env.COUP_RUNS ?? 5);
const LINK = { latency: 150, down: 1_600, up: 750 };
const CPU = 4;
const MINUTE_MS = Number(process.env.COUP_MINUTE_MS ?? 60_000);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A proxy on a free loopback port to `port`, counting the bytes sent back. */
async function countingProxy(port) {
  const listen = await freePort();
  const counter = { down: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    upstream.on("data", (d) => (counter.down += d.length));
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end);
    upstream.on("error", end);
    client.on("close", end);
    upstream.on("close", end);
  });
  await new Promise((r) => server.listen(listen, "127.0.0.1", r));
  return { base: `http://127.0.0.1:${listen}`, counter, close: () => server.close() };
}

/** Records, in the page, when the first screen is complete and painted, and when Create
 * a room is there and enabled. */
function watchFirstScreen() {
  const ids = ["player-name", "solo-start", "create-room", "join-room", "language", "credit"];
  const there = () => ids.every((id) => document.querySelector(`[data-testid="${id}"]`));
  const frame = () => {
    if (!window.__screen && there()) {
      // The frame this callback precedes is the first to paint it.
      window.__screen = performance.now();
    }
    const create = document.querySelector('[data-testid="create-room"]');
    if (!window.__pressable && create && !create.disabled) window.__pressable = performance.now();
    if (!window.__screen || !window.__pressable) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Records, in the page, when the program took over the first screen and, on the link to
 * the host: when its channel opened, when the first text went out on it (the hello) and
 * when the first came back (the welcome). */
function watchLink() {
  const t = (window.__link = {});
  const mark = (k) => (t[k] ??= performance.now());
  new MutationObserver((_, o) => {
    if (document.readyState !== "loading" && !document.getElementById("first-screen")) {
      mark("program");
      o.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  // When the table's module (split_table) is instantiated and can draw the room.
  const instantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = function (source, ...rest) {
    const made = instantiate.call(this, source, ...rest);
    Promise.resolve(source)
      .then((r) => /split_table-/.test(r?.url ?? "") && made.then(() => mark("tableRunning")))
      .catch(() => {});
    return made;
  };
  // Seated: the frame that first draws both people in the joiner's lobby (read in the
  // page; the test's own wait for it returns a round trip or two later, which at CPU x4
  // is 0.1-0.4 s).
  new MutationObserver((_, o) => {
    if (document.querySelector('[data-testid="room-code"]')) {
      o.disconnect();
      requestAnimationFrame(() => mark("created"));
    }
  }).observe(document, { childList: true, subtree: true });
  new MutationObserver((_, o) => {
    if (document.querySelectorAll('[data-testid="lobby-seat"][data-kind="person"]').length >= 2) {
      o.disconnect();
      requestAnimationFrame(() => mark("seated"));
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (typeof data === "string") mark("hello");
    return send.call(this, data);
  };
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("datachannel", ({ channel }) => {
        if (channel.readyState === "open") mark("open");
        channel.addEventListener("open", () => mark("open"));
        channel.addEventListener("message", (m) => typeof m.data === "string" && mark("welcome"));
      });
    }
  };
}

async function throttledPage(browser, { serviceWorkers = "allow" } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers, isMobile: true, hasTouch: true });
  await context.addInitScript(watchFirstScreen);
  await context.addInitScript(watchLink);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LINK.latency,
    downloadThroughput: (LINK.down * 1000) / 8,
    uploadThroughput: (LINK.up * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  return { context, page };
}

/** Presses `id` as soon as the page has it enabled; the page time of the press. */
async function pressWhenReady(page, id) {
  const button = page.getByTestId(id);
  await button.waitFor({ timeout: 60_000 });
  await page.waitForFunction((id) => !document.querySelector(`[data-testid="${id}"]`)?.disabled, id, { timeout: 60_000, polling: "raf" });
  await button.click({ timeout: 60_000 });
  return page.evaluate(() => performance.now());
}


for (const dist of process.argv.slice(2)) {
  const table = await startTable({ dist });
  const port = Number(new URL(table.base).port);
  const proxy = await countingProxy(port);
  const figures = { screen: [], pressable: [], created: [], seated: [], joinerBytes: [], hostBytes: [], html: [], pageModule: [], tableModule: [], program: [], open: [], hello: [], welcome: [], tableReady: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      // A hosting page: Create a room as soon as it can be pressed.
      {
        const { context, page } = await throttledPage(table.browser);
        const before = proxy.counter.down;
        await page.goto(proxy.base, { waitUntil: "commit" });
        await pressWhenReady(page, "create-room");
        await page.getByTestId("room-code").waitFor({ timeout: 60_000 });
        await page.waitForFunction(() => window.__link.created, null, { timeout: 10_000 });
        const created = await page.evaluate(() => window.__link.created);
        const { screen, pressable } = await page.evaluate(() => ({ screen: window.__screen, pressable: window.__pressable }));
        figures.screen.push(screen);
        figures.pressable.push(pressable);
        figures.created.push(created);
        // Everything a hosting page takes in its first minute, its worker's caching included.
        await page.waitForTimeout(Math.max(0, MINUTE_MS - created));
        figures.hostBytes.push(proxy.counter.down - before);
        await context.close();
      }
      // A joiner: an unthrottled host's room, the invitation opened on the phone.
      {
        const hostContext = await table.browser.newContext();
        const host = await hostContext.newPage();
        await host.goto(table.base);
        await host.getByTestId("create-room").click();
        const code = await host.getByTestId("room-code").getAttribute("data-code", { timeout: 60_000 });
        const { context, page } = await throttledPage(table.browser);
        const before = proxy.counter.down;
        await page.goto(`${proxy.base}/#join=${code}`, { waitUntil: "commit" });
        await pressWhenReady(page, "join-room");
        await page.locator('[data-testid="lobby-seat"][data-kind="person"]').nth(1).waitFor({ timeout: 60_000 });
        await page.waitForFunction(() => window.__link.seated, null, { timeout: 10_000 });
        const seated = await page.evaluate(() => window.__link.seated);
        figures.seated.push(seated);
        // Where the joiner's time went: the page's HTML, its module and the table's here.
        const at = await page.evaluate(() => {
          const end = (re) => performance.getEntriesByType("resource").find((e) => re.test(e.name))?.responseEnd ?? NaN;
          return {
            html: performance.getEntriesByType("navigation")[0]?.responseEnd ?? NaN,
            page: end(/coup_client_bg-[0-9a-f]+\.wasm/),
            table: end(/split_table-[0-9a-f]+\.wasm/),
            ...window.__link,
          };
        });
        figures.html.push(at.html);
        figures.pageModule.push(at.page);
        figures.tableModule.push(at.table);
        figures.program.push(at.program ?? NaN);
        figures.open.push(at.open ?? NaN);
        figures.hello.push(at.hello ?? NaN);
        figures.welcome.push(at.welcome ?? NaN);
        figures.tableReady.push(at.tableRunning ?? NaN);
        await page.waitForTimeout(Math.max(0, MINUTE_MS - seated));
        figures.joinerBytes.push(proxy.counter.down - before);
        await context.close();
        await hostContext.close();
      }
    }
    const ms = (xs) => `${Math.round(median(xs))} ms`;
    const kb = (xs) => `${(median(xs) / 1000).toFixed(1)} KB`;
    console.log(
      `${dist} (median of ${RUNS}; ${LINK.latency} ms, ${LINK.down}/${LINK.up} kbit/s, CPU x${CPU}):\n` +
        `  first screen painted ${ms(figures.screen)}; Create a room pressable ${ms(figures.pressable)}; ` +
        `pressed then, its room's code shown ${ms(figures.created)}\n` +
        `  a joiner seated in the room's lobby ${ms(figures.seated)} after opening the invitation ` +
        `(its page's HTML here ${ms(figures.html)}, the page's module ${ms(figures.pageModule)}, the table's ${ms(figures.tableModule)}; ` +
        `the host's channel open ${ms(figures.open)}, the program running ${ms(figures.program)}, ` +
        `its hello sent ${ms(figures.hello)}, the host's first answer ${ms(figures.welcome)}, ` +
        `the table's module running ${ms(figures.tableReady)})\n` +
        `  bytes in the first ${MINUTE_MS / 1000} s: a joiner ${kb(figures.joinerBytes)}, a hosting page ${kb(figures.hostBytes)}\n` +
        `  each run: screen ${figures.screen.map(Math.round)}, pressable ${figures.pressable.map(Math.round)}, ` +
        `created ${figures.created.map(Math.round)}, seated ${figures.seated.map(Math.round)}, ` +
        `joiner bytes ${figures.joinerBytes}, host bytes ${figures.hostBytes}`,
    );
  } finally {
    proxy.close();
    await table.stop();
  }
}
process.exit(0);
