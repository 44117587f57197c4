// Pages whose tab can go to the background or be frozen, as a phone's browser does when
// the screen goes off. Playwright keeps every page it opens visible and focused (it turns
// on focus emulation, which counts as a capture), so such a page lives in a Chromium of
// its own, reached over CDP without Playwright's page defaults: there, opening a second
// tab hides the first (`document.visibilityState` becomes "hidden" and its timers are
// throttled to about once a second), and `Page.setWebLifecycleState` freezes a hidden
// page's timers and tasks. Not a test file.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, delayLinks, signalChild, spawnChild, programRuns } from "./harness.mjs";

/**
 * A page of a Chromium of its own on the first screen of `base`, as `openPage` gives,
 * plus `hide()`/`show()` (another tab in front of it, or not), `freeze()`/`thaw()`
 * (only while hidden), `stop()`/`cont()` (the whole browser stopped, then going on),
 * `hidden()` and `close()`.
 */
export async function openLifecyclePage(base, { init } = {}) {
  const profile = mkdtempSync(path.join(os.tmpdir(), "coup-e2e-tab-"));
  // A process group of its own, so that closing it ends its helper processes too (one
  // left writing into the profile keeps the profile from being removed).
  const child = spawnChild(CHROMIUM, ["--headless", ...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let log = "";
  const endpoint = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no DevTools endpoint from Chromium:\n${log}`)), 15_000);
    child.stderr.on("data", (d) => {
      log += d;
      const m = log.match(/DevTools listening on (ws:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once("exit", () => reject(new Error(`Chromium exited:\n${log}`)));
  });
  const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true });
  const context = browser.contexts()[0];
  await context.grantPermissions(["camera", "microphone"]);
  await delayLinks(context);
  if (init) await context.addInitScript(init);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const cdp = await context.newCDPSession(page);
  let cover = null;
  const hidden = () => page.evaluate(() => document.visibilityState === "hidden");
  const side = {
    context,
    page,
    errors,
    hidden,
    async hide() {
      cover = await context.newPage();
      await cover.goto("about:blank");
      for (let i = 0; i < 50 && !(await hidden()); i++) await cover.waitForTimeout(50);
      assert.ok(await hidden(), "the page went to the background");
    },
    async show() {
      await page.bringToFront();
      await cover?.close();
      cover = null;
    },
    freeze: () => cdp.send("Page.setWebLifecycleState", { state: "frozen" }),
    // The whole browser stops (SIGSTOP to its process group), as a device whose power
    // went: nothing of it runs or answers the network (its WebSocket pings included)
    // until `cont()`. Nothing may be asked of the page in between.
    stop: () => signalChild(child, "SIGSTOP"),
    cont: () => signalChild(child, "SIGCONT"),
    thaw: () => cdp.send("Page.setWebLifecycleState", { state: "active" }),
    async close() {
      await browser.close().catch(() => {});
      const exited = new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once("exit", r) : r()));
      signalChild(child, "SIGTERM");
      const late = setTimeout(() => signalChild(child, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(late);
      signalChild(child, "SIGKILL");
      // A helper that outlived the group's signal may still be writing for a moment.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
  await page.goto(base);
  await programRuns(page);
  return side;
}

/**
 * How many times a 10 ms interval fires in `ms` on `page`: about `ms / 10` on a page in
 * front, a few on one in the background.
 */
export function intervalRate(page, ms = 2_000) {
  return page.evaluate(
    (ms) =>
      new Promise((resolve) => {
        let n = 0;
        const id = setInterval(() => n++, 10);
        setTimeout(() => {
          clearInterval(id);
          resolve(n);
        }, ms);
      }),
    ms,
  );
}
