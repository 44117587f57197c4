// What every browser test needs: the relay serving the built client on a free loopback
// port, and Debian's Chromium launched with the flags this machine needs. Not a test file
// itself (node --test runs only `*.test.js`).
//
// Environment: COUP_RELAY_BIN (default target/release/coup-relay, under CARGO_TARGET_DIR
// when set), COUP_DIST (default dist/), CHROMIUM_BIN (default /usr/bin/chromium).
//
// COUP_E2E_LINK_DELAY_MS=N (off when unset or 0) holds every data-channel message a page
// receives for a random 0..N ms, in order per channel, in every page of every browser the
// suite opens: a busy machine's slow link, to find a test that waits on one page and then
// reads another page once, before a message that page needs has arrived. Keep N at 1000 or
// less (heartbeats are delayed too, and a link silent for 5 s counts as struggling). The
// draws are seeded per browser context from COUP_E2E_LINK_SEED (default 1) plus the
// context's number in the test file, so a run can be repeated. Not on in CI.

import assert from "node:assert/strict";
import { before, after } from "node:test";
import { spawn } from "node:child_process";
import { mkdirSync, existsSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { seedTables } from "./deal.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TARGET = path.resolve(ROOT, process.env.CARGO_TARGET_DIR ?? "target");
const RELAY_BIN = process.env.COUP_RELAY_BIN ?? path.join(TARGET, "release", "coup-relay");
const DIST = process.env.COUP_DIST ?? path.join(ROOT, "dist");
const CHROMIUM = process.env.CHROMIUM_BIN ?? "/usr/bin/chromium";

/** Where tests save their screenshots (not committed). */
export const ARTIFACTS = path.join(ROOT, "tests", "e2e", "artifacts");

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // WebRTC on loopback only: without these three (and the media permission the tests
  // grant), Chromium gathers no ICE candidates in a namespace holding only `lo`.
  "--allow-loopback-in-peer-connection",
  "--disable-features=WebRtcHideLocalIpsWithMdns",
  "--use-fake-ui-for-media-stream",
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(relay, url, ms, log) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    if (relay.exitCode !== null) break;
    try {
      const res = await fetch(url);
      if (res.ok && (await res.text()).trim() === "ok") return;
      last = `status ${res.status}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`relay not healthy at ${url} (${last}); its log:\n${log()}`);
}

// Every process a test starts (relays, a Chromium of its own, coturn), so that none
// outlives the test file: the suite runs with --test-force-exit, and a file's process that
// exits (its tests done, or one timed out with its cleanup unfinished) kills what is left.
const children = new Set();
// A signal (the suite's time limit) ends the file's process through its exit handlers.
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
process.on("exit", () => {
  for (const child of children) signalChild(child, "SIGKILL");
});

/** Sends `signal` to a child of `spawnChild`: to its whole group if it has one of its own. */
function signalChild(child, signal) {
  try {
    process.kill(child.detached ? -child.pid : child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * `spawn`, with the process killed when this test file's process exits, if it has not
 * ended by then. `detached: true` puts it in a process group of its own, and then the
 * whole group is killed (a Chromium's helpers with it).
 */
function spawnChild(command, args, options) {
  const child = spawn(command, args, options);
  child.detached = !!options?.detached;
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/**
 * Runs every step in turn, each even if one before it failed, then throws the first
 * failure: a test's cleanup that stops several things stops them all.
 */
async function cleanUp(...steps) {
  let first = null;
  for (const step of steps) {
    try {
      await step();
    } catch (e) {
      first ??= e;
    }
  }
  if (first) throw first;
}

export { freePort, CHROMIUM, CHROMIUM_ARGS, spawnChild, signalChild, cleanUp };

const LINK_DELAY_MS = Number(process.env.COUP_E2E_LINK_DELAY_MS ?? 0) || 0;
const LINK_SEED = Number(process.env.COUP_E2E_LINK_SEED ?? 1) || 1;
assert.ok(LINK_DELAY_MS >= 0 && LINK_DELAY_MS <= 1_000, `COUP_E2E_LINK_DELAY_MS=${LINK_DELAY_MS}: from 0 to 1000`);
if (LINK_DELAY_MS > 0) console.log(`    link delay: each data-channel message 0..${LINK_DELAY_MS} ms late, seeds from ${LINK_SEED}`);
let linkContexts = 0;

/**
 * Runs in a page before its own scripts: every message a data channel delivers through
 * `onmessage` waits a random 0..`max` ms, behind every earlier one on the same channel
 * (one queue per channel, so the order holds whatever the timers do), and `onclose`
 * waits behind them too, as a real link delivers its messages before it closes. The
 * handlers are the page's own, read when the message is delivered: one removed by then
 * gets nothing. The client sets `onmessage`/`onclose` (web-sys's setters), never
 * `addEventListener`. The wait is a timer's: in a background tab Chromium runs timers
 * about once a second, so there a message may come up to a second later still.
 */
function delayDataChannels({ max, seed }) {
  if (typeof RTCDataChannel === "undefined") return;
  // mulberry32: small, seeded, good enough for delays.
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const proto = RTCDataChannel.prototype;
  const native = {
    message: Object.getOwnPropertyDescriptor(proto, "onmessage"),
    close: Object.getOwnPropertyDescriptor(proto, "onclose"),
  };
  // Per channel: the page's handlers and the events waiting, each with its due time.
  const state = new WeakMap();
  const of = (channel) => {
    let st = state.get(channel);
    if (!st) state.set(channel, (st = { handlers: {}, queue: [], timer: null, tail: 0 }));
    return st;
  };
  const pump = (channel, st) => {
    st.timer = null;
    while (st.queue.length > 0 && st.queue[0].at <= performance.now()) {
      const { kind, event } = st.queue.shift();
      const handler = st.handlers[kind];
      if (handler) {
        try {
          handler.call(channel, event);
        } catch (e) {
          setTimeout(() => {
            throw e;
          });
        }
      }
    }
    if (st.queue.length > 0) st.timer = setTimeout(() => pump(channel, st), Math.max(0, st.queue[0].at - performance.now()));
  };
  const enqueue = (channel, kind, event) => {
    const st = of(channel);
    const delay = kind === "message" ? random() * max : 0;
    st.tail = Math.max(st.tail, performance.now() + delay);
    st.queue.push({ kind, event, at: st.tail });
    if (st.timer === null) st.timer = setTimeout(() => pump(channel, st), Math.max(0, st.queue[0].at - performance.now()));
  };
  for (const kind of ["message", "close"]) {
    Object.defineProperty(proto, `on${kind}`, {
      configurable: true,
      enumerable: native[kind].enumerable,
      get() {
        return of(this).handlers[kind] ?? null;
      },
      set(fn) {
        const st = of(this);
        const had = !!st.handlers[kind];
        st.handlers[kind] = typeof fn === "function" ? fn : null;
        if (!had && st.handlers[kind]) {
          const channel = this;
          native[kind].set.call(this, (event) => enqueue(channel, kind, event));
        }
      },
    });
  }
}

/**
 * Gives `context` the link delay (COUP_E2E_LINK_DELAY_MS, or `max` ms) when it is on:
 * every page opened in it from now on delays its data channels' messages.
 */
export async function delayLinks(context, max = LINK_DELAY_MS) {
  if (max <= 0) return;
  const seed = LINK_SEED + linkContexts++;
  await context.addInitScript(delayDataChannels, { max, seed });
}

/**
 * Makes every context `browser` opens from now on (and so every page: `newPage` opens a
 * context through `newContext`) get the link delay when it is on. Done once per browser.
 */
export function delayLinksOf(browser) {
  if (LINK_DELAY_MS <= 0 || browser.__linkDelay) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    await delayLinks(context);
    return context;
  };
  browser.__linkDelay = true;
  return browser;
}

/** The built client the relay serves (COUP_DIST, or dist/). */
export { DIST };

/**
 * Starts the relay serving the built client (or `dist`, another built directory) and
 * launches Chromium (or uses `browser`, one already running). `relayArgs` are more flags
 * for the relay (TURN, say).
 * Returns `{ base, browser, stop, restartRelay, relayLog }`: the page's URL, the browser,
 * a function that closes the browser and stops the relay, one that stops the relay and
 * starts it again on the same port (`downMs` later), and the relay's output so far.
 */
export async function startTable({ relayArgs = [], browser: shared, dist = DIST } = {}) {
  assert.ok(existsSync(RELAY_BIN), `no relay binary at ${RELAY_BIN}`);
  assert.ok(existsSync(path.join(dist, "index.html")), `no built client at ${dist}`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let relayLog = "";
  // The relay's own STUN server on a free loopback port (its default, 0.0.0.0:3478, would
  // make relays started at once collide) unless the test chooses.
  const stun = relayArgs.includes("--stun-bind") ? [] : ["--stun-bind", "127.0.0.1:0"];
  const launch = () => {
    const child = spawnChild(RELAY_BIN, ["--bind", `127.0.0.1:${port}`, "--static-dir", dist, ...stun, ...relayArgs], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "info" },
    });
    child.stdout.on("data", (d) => (relayLog += d));
    child.stderr.on("data", (d) => (relayLog += d));
    return child;
  };
  let relay = launch();
  let browser;
  try {
    await waitForHealth(relay, `${base}/healthz`, 15_000, () => relayLog);
    browser = delayLinksOf(shared ?? (await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })));
  } catch (e) {
    relay.kill("SIGTERM");
    throw e;
  }
  const stop = () =>
    cleanUp(
      async () => {
        if (!shared) await browser.close();
      },
      () => relay.kill("SIGTERM"),
    );
  const restartRelay = async (downMs = 0) => {
    const old = relay;
    const exited = new Promise((resolve) => old.once("exit", resolve));
    old.kill("SIGTERM");
    await exited;
    await new Promise((r) => setTimeout(r, downMs));
    relay = launch();
    await waitForHealth(relay, `${base}/healthz`, 15_000, () => relayLog);
  };
  return { base, browser, stop, restartRelay, relayLog: () => relayLog };
}

/**
 * A page in a browser context of its own (its own storage, like another person's
 * browser), on the first screen with the program running; `init` runs in every page before the page's own scripts,
 * `device` holds more of the context's options (`{ hasTouch: true, isMobile: true }`, say).
 * `guide: true` leaves the first game's guide to show (otherwise the page has seen it).
 * `deal` (`{ seed, holdOnDecision }`) deals every table the page hosts from that seed, as
 * deal.mjs's `seedTables` does (service workers blocked then, so the route sees the
 * worker's script). Returns `{ context, page, errors, log, watch }`: `errors` gathers the page's uncaught
 * errors and console errors, `log` its last 300 console lines of any kind (for a failure's
 * report), `watch(p)` gathers another page's too.
 */
export async function openPage(browser, base, { viewport = { width: 1280, height: 800 }, init, device = {}, deal, guide = false } = {}) {
  const blocked = deal ? { serviceWorkers: "block" } : {};
  const context = await delayLinksOf(browser).newContext({ viewport, permissions: ["camera", "microphone"], ...blocked, ...device });
  if (deal) await seedTables(context, deal.seed, deal);
  // A first game against bots shows its guide (and has no clock) unless the player has
  // seen it: a page here has, unless the test is about the guide.
  if (!guide) await context.addInitScript(() => {
    try {
      localStorage.setItem("coup.guide", "done");
    } catch {}
  });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  const log = [];
  const watch = (p) => {
    p.on("pageerror", (e) => errors.push(e.message));
    p.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
      log.push(`${m.type()}: ${m.text()}`);
      if (log.length > 300) log.shift();
    });
  };
  watch(page);
  await page.goto(base);
  await programRuns(page);
  return { context, page, errors, log, watch };
}

/**
 * Waits until the program runs `page`'s first screen: the page's own copy (index.html's,
 * drawn before any script) is gone and the program's is there.
 */
export async function programRuns(page, timeout = 30_000) {
  await page.locator("#first-screen").waitFor({ state: "detached", timeout });
  await page.getByTestId("create-room").waitFor({ timeout });
}

/**
 * The relay and the browser of one test file: started before its first test and stopped
 * after its last (`opts` as for `startTable`). The object returned has `base` and
 * `browser` once started, and `open(opts)`, a page as `openPage` makes one.
 */
export function useTable(opts) {
  const table = { open: (o) => openPage(table.browser, table.base, o) };
  before(async () => {
    Object.assign(table, await startTable(opts));
  });
  after(async () => {
    await table.stop?.();
  });
  return table;
}

/**
 * Waits until `fn` (run in `page`, awaited there) answers truthy, polling every 200 ms;
 * fails with `what` after `ms`. For an async condition: `waitForFunction` may take the
 * pending promise an async function returns for a truthy answer and return at once.
 */
export async function untilInPage(page, fn, { arg, ms = 30_000, what = "the condition" } = {}) {
  const deadline = Date.now() + ms;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() >= deadline) throw new Error(`${what}: not within ${ms} ms`);
    await page.waitForTimeout(200);
  }
}
