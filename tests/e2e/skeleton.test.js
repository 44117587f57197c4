// The walking skeleton, end to end: a page creates a room through the relay, a second
// page joins with the code, and the two exchange chat over a WebRTC data channel.
//
// Run by .ci/test.sh inside a network namespace that holds only `lo`, so the browsers'
// traffic cannot leave the machine. Needs the relay binary and a built dist/:
//   COUP_RELAY_BIN (default target/release/coup-relay), COUP_DIST (default dist/).

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

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // WebRTC on loopback only: without these three (and the media permission below),
  // Chromium gathers no ICE candidates in a namespace holding only `lo`.
  "--allow-loopback-in-peer-connection",
  "--disable-features=WebRtcHideLocalIpsWithMdns",
  "--use-fake-ui-for-media-stream",
];

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
  throw new Error(`relay not healthy at ${url} (${last}); its log:\n${relayLog}`);
}

before(async () => {
  assert.ok(existsSync(RELAY_BIN), `no relay binary at ${RELAY_BIN}`);
  assert.ok(existsSync(path.join(DIST, "index.html")), `no built client at ${DIST}`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  relay = spawn(RELAY_BIN, ["--bind", `127.0.0.1:${port}`, "--static-dir", DIST], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "info" },
  });
  relay.stdout.on("data", (d) => (relayLog += d));
  relay.stderr.on("data", (d) => (relayLog += d));
  await waitForHealth(`${base}/healthz`, 15_000);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  relay?.kill("SIGTERM");
});

/** A fresh browser context (its own storage, like another person's browser) and page. */
async function openPage(viewport) {
  const context = await browser.newContext({ viewport, permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(base);
  await page.getByTestId("create-room").waitFor();
  return { context, page, errors };
}

test("two browsers chat over a WebRTC data channel brokered by the relay", { timeout: 60_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  try {
    await host.page.getByTestId("create-room").click();
    const codeEl = host.page.getByTestId("room-code");
    await codeEl.waitFor();
    const code = await codeEl.getAttribute("data-code");
    assert.match(code, /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);

    // Typed the way a person might: lower case, with a dash.
    const typed = `${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase();
    await guest.page.getByTestId("join-code").fill(typed);
    const joinedAt = Date.now();
    await guest.page.getByTestId("join-room").click();
    await guest.page.getByTestId("room-code").waitFor();
    assert.equal(await guest.page.getByTestId("room-code").getAttribute("data-code"), code);

    // The data channel opens on both sides.
    await host.page.locator('[data-testid="peer"][data-link="open"]').waitFor({ timeout: 20_000 });
    await guest.page.locator('[data-testid="peer"][data-link="open"]').waitFor({ timeout: 20_000 });
    console.log(`    data channel open on both sides ${Date.now() - joinedAt} ms after the join click`);
    assert.equal(await host.page.getByTestId("peer").count(), 2);
    assert.equal(await guest.page.getByTestId("peer").count(), 2);

    const fromHost = `Hello from the host ${Date.now()}`;
    await host.page.getByTestId("chat-input").fill(fromHost);
    await host.page.getByTestId("chat-send").click();
    await guest.page.getByTestId("chat-line").filter({ hasText: fromHost }).waitFor({ timeout: 10_000 });
    assert.equal(await host.page.getByTestId("chat-input").inputValue(), "", "the box clears after sending");

    const fromGuest = "Hi! I'll take Duke, obviously.";
    await guest.page.getByTestId("chat-input").fill(fromGuest);
    await guest.page.getByTestId("chat-input").press("Enter");
    await host.page.getByTestId("chat-line").filter({ hasText: fromGuest }).waitFor({ timeout: 10_000 });

    // Each side sees both lines, once each.
    for (const side of [host, guest]) {
      assert.equal(await side.page.getByTestId("chat-line").count(), 2);
    }
    await host.page.screenshot({ path: path.join(ARTIFACTS, "host.png"), fullPage: true });
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "guest.png"), fullPage: true });
    assert.deepEqual(host.errors, [], "no errors on the host's page");
    assert.deepEqual(guest.errors, [], "no errors on the guest's page");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("a wrong code shows an error and stays in the lobby", { timeout: 30_000 }, async () => {
  const { context, page } = await openPage({ width: 390, height: 844 });
  try {
    await page.getByTestId("join-code").fill("ZZZ-ZZZ");
    await page.getByTestId("join-room").click();
    await page.getByTestId("notice").filter({ hasText: "no room with that code" }).waitFor();
    await page.getByTestId("create-room").waitFor();
    await page.getByTestId("join-code").fill("hello");
    await page.getByTestId("join-room").click();
    await page.getByTestId("notice").filter({ hasText: "6 letters and digits" }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby-error.png"), fullPage: true });
  } finally {
    await context.close();
  }
});
