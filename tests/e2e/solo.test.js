// A game against bots, end to end: the start page's "Play against bots" deals a
// 3-player table in the page (no relay needed for the game; the relay only serves the
// files), and the test plays it to the end by clicking legal decision buttons — Income
// or Pass when offered, else the first one — until the game-over panel appears.
//
// Run by .ci/test.sh beside skeleton.test.js; same environment variables.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TARGET = path.resolve(ROOT, process.env.CARGO_TARGET_DIR ?? "target");
const RELAY_BIN = process.env.COUP_RELAY_BIN ?? path.join(TARGET, "release", "coup-relay");
const DIST = process.env.COUP_DIST ?? path.join(ROOT, "dist");
const ARTIFACTS = path.join(ROOT, "tests", "e2e", "artifacts");
const CHROMIUM = process.env.CHROMIUM_BIN ?? "/usr/bin/chromium";

let relay;
let relayLog = "";
let browser;
let base;

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

async function waitForHealth(url, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (relay.exitCode !== null) break;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`relay not healthy at ${url}; its log:\n${relayLog}`);
}

before(async () => {
  assert.ok(existsSync(RELAY_BIN), `no relay binary at ${RELAY_BIN}`);
  assert.ok(existsSync(path.join(DIST, "index.html")), `no built client at ${DIST}`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  relay = spawn(RELAY_BIN, ["--bind", `127.0.0.1:${port}`, "--static-dir", DIST], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  relay.stdout.on("data", (d) => (relayLog += d));
  relay.stderr.on("data", (d) => (relayLog += d));
  await waitForHealth(`${base}/healthz`, 15_000);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
});

after(async () => {
  await browser?.close();
  relay?.kill("SIGTERM");
});

/** Plays the page's game to the end; returns the number of our decisions. */
async function playToTheEnd(page, shotMidGame) {
  let decisions = 0;
  let shot = false;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (await page.getByTestId("game-over").isVisible()) return decisions;
    const buttons = page.getByTestId("decision");
    const labels = await buttons.allTextContents();
    if (labels.length > 0) {
      let i = labels.findIndex((l) => l.startsWith("Income") || l === "Pass");
      if (i < 0) i = 0;
      if (!shot && decisions >= 2) {
        await shotMidGame();
        shot = true;
      }
      // The table redraws as the bots play: a button may go away under the click.
      await buttons.nth(i).click({ timeout: 2_000 }).then(
        () => (decisions += 1),
        () => {},
      );
    } else {
      await page.waitForTimeout(100);
    }
  }
  throw new Error("the game did not end in time");
}

for (const [label, viewport] of [
  ["laptop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`a 3-player game against bots plays to the end (${label})`, { timeout: 300_000 }, async () => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    try {
      await page.goto(base);
      await page.getByTestId("solo-start").waitFor();
      await page.getByTestId("solo-players").selectOption("3");
      await page.getByTestId("solo-start").click();
      await page.getByTestId("solo-table").waitFor();
      await assert.doesNotReject(page.getByTestId("seat").nth(2).waitFor());
      assert.equal(await page.getByTestId("seat").count(), 3);
      const decisions = await playToTheEnd(page, () =>
        page.screenshot({ path: path.join(ARTIFACTS, `solo-mid-${label}.png`), fullPage: true }),
      );
      assert.ok(decisions > 0, "we made at least one decision");
      await page.screenshot({ path: path.join(ARTIFACTS, `solo-over-${label}.png`), fullPage: true });
      const log = await page.getByTestId("log").textContent();
      assert.match(log, /wins the game/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
