// The page as an installed app: its manifest makes it installable, its service worker keeps
// it for offline play, and a new build's worker takes over only when the player reloads.
//
// Each test serves its own copy of the built client, so a test may change it (a "new
// build") without touching what the other files serve.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ARTIFACTS, DIST, startTable, programRuns, untilInPage } from "./harness.mjs";
import { decideOnce, playUntilOver } from "./play.mjs";

let browser;
let stopFirst;
const dirs = [];

before(async () => {
  // The first table launches the browser the tests share; each test serves its own copy.
  const t = await startTable();
  browser = t.browser;
  stopFirst = t.stop;
});

after(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await stopFirst?.();
});

/** A copy of the built client that a test may change. */
function copyOfDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "coup-offline-"));
  cpSync(DIST, dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

/** A page on `base` whose service worker has installed and controls it. */
async function controlledPage(base, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(base);
  await programRuns(page);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
  return { context, page, errors };
}

test("the page is installable: a manifest with its icons, and a worker that controls it", { timeout: 60_000 }, async () => {
  const t = await startTable({ browser, dist: copyOfDist() });
  const { context, page } = await controlledPage(t.base, { width: 390, height: 844 });
  try {
    const cdp = await context.newCDPSession(page);
    const { errors, data, url } = await cdp.send("Page.getAppManifest");
    assert.ok(url.endsWith("/manifest.webmanifest"), url);
    assert.deepEqual(errors, [], "the manifest parses");
    const manifest = JSON.parse(data);
    assert.equal(manifest.display, "standalone");
    assert.equal(manifest.start_url, "./");
    assert.equal(manifest.theme_color, "#10151c");
    // Every icon it names is served, with the type it says.
    for (const icon of manifest.icons) {
      const res = await page.evaluate(async (src) => {
        const r = await fetch(src);
        const b = new Uint8Array(await r.arrayBuffer());
        return { ok: r.ok, type: r.headers.get("content-type"), png: b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 };
      }, icon.src);
      assert.ok(res.ok, icon.src);
      assert.ok(res.type.startsWith(icon.type), `${icon.src}: ${res.type}`);
      if (icon.type === "image/png") assert.ok(res.png, `${icon.src} is a PNG`);
    }
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Playwright's contexts are incognito ones, where Chromium installs nothing: that is
    // the context's, not the page's. Nothing else may stop an install.
    const ours = installabilityErrors.filter((e) => e.errorId !== "in-incognito");
    assert.deepEqual(ours, [], "Chromium sees nothing in the page that stops an install");
  } finally {
    await context.close();
    await t.stop();
  }
});

/** The paths the page's service worker has cached. */
function cachedPaths(page) {
  return page.evaluate(async () => {
    const names = [];
    for (const key of await caches.keys()) {
      for (const r of await (await caches.open(key)).keys()) names.push(new URL(r.url).pathname);
    }
    return names;
  });
}

test("after a game against bots, another starts and plays to the end with the network off", { timeout: 300_000 }, async () => {
  const t = await startTable({ browser, dist: copyOfDist() });
  const controlled = await controlledPage(t.base, { width: 390, height: 844 });
  const { context, errors } = controlled;
  let { page } = controlled;
  // Every request of the device, its pages', their workers' and its service worker's.
  const fetched = [];
  context.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  try {
    // A page only caches the referee once its player starts a table (or it has been idle).
    assert.ok(!(await cachedPaths(page)).some((p) => /coup_referee_bg/.test(p)), "no referee cached before a table");
    await page.getByTestId("solo-start").click();
    await page.getByTestId("solo-table").waitFor();
    // The worker's mark that what only a table's host needs is cached.
    await untilInPage(
      page,
      async () => {
        for (const key of await caches.keys()) if (await (await caches.open(key)).match("coup-later")) return true;
        return false;
      },
      { what: "the worker's mark of what a table's host needs" },
    );
    const cachedNow = await cachedPaths(page);
    assert.ok(cachedNow.some((p) => /coup_referee_bg/.test(p)), `the referee is cached: ${cachedNow.join(" ")} in ${await page.evaluate(() => caches.keys())}`);
    // A table of bots never deals fairly: the fair deal's referee is neither fetched nor
    // cached (its worker started without it).
    assert.ok(fetched.some((p) => /\/coup_referee_bg-/.test(p)), `the worker's module was seen fetched: ${fetched.join(" ")}`);
    assert.ok(
      !fetched.some((p) => /\/split_referee_fair-/.test(p)) && !cachedNow.some((p) => /split_referee_fair/.test(p)),
      `no fair referee: ${fetched.join(" ")}`,
    );
    // Off: the browser's offline mode, and the relay itself stopped, so nothing answers.
    // Then the page opened again, in a new tab (a reload would take the table back).
    await context.setOffline(true);
    await t.stop();
    await page.close();
    page = await context.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(t.base);
    await programRuns(page);
    // The first screen says plainly that rooms need the network.
    await page.getByTestId("offline-note").waitFor();
    assert.match(await page.getByTestId("offline-note").textContent(), /offline/i);
    assert.ok(await page.getByTestId("create-room").isDisabled(), "no room can be created offline");
    assert.ok(await page.getByTestId("join-room").isDisabled(), "no room can be joined offline");
    await page.getByTestId("solo-players").selectOption("3");
    await page.getByTestId("solo-start").click();
    await page.getByTestId("solo-table").waitFor();
    let decisions = 0;
    await playUntilOver(page, async () => {
      if (await decideOnce(page)) decisions += 1;
      else await page.waitForTimeout(100);
    });
    assert.ok(decisions > 0, "we made at least one decision");
    assert.match(await page.getByTestId("log").textContent(), /(wins|You win) the game/);
    await page.screenshot({ path: path.join(ARTIFACTS, "offline-over-phone.png"), fullPage: true });
    console.log(`    offline: a 3-player game against bots played to the end, ${decisions} decisions of ours`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a new build's worker waits, the page offers a reload, and after it the new version runs alone", { timeout: 120_000 }, async () => {
  const dist = copyOfDist();
  const t = await startTable({ browser, dist });
  const { context, page, errors } = await controlledPage(t.base, { width: 1280, height: 800 });
  try {
    const before = await page.evaluate(() => caches.keys());
    assert.equal(before.length, 1, `one cache: ${before}`);
    assert.equal(await page.getByTestId("update-ready").count(), 0, "no prompt while nothing is new");
    // This version has cached what a table's host needs (as after a game against bots):
    // the next one keeps it.
    await page.evaluate(() => window.coupCacheLater());
    await untilInPage(page, async () => (await caches.match("coup-later")) !== undefined, { what: "the worker's mark" });

    // A new build: another page, one more file, and so another worker and file list. Its
    // files keep the old ones' times, as a build written in the same second would (or one
    // put back after a newer): the relay must tell them apart by their content.
    const times = Object.fromEntries(["sw.js", "index.html"].map((f) => [f, statSync(path.join(dist, f)).mtime]));
    const sw = readFileSync(path.join(dist, "sw.js"), "utf8");
    const version = sw.match(/const VERSION = "([0-9a-f]+)"/)[1];
    writeFileSync(path.join(dist, "assets", "next.txt"), "the next build\n");
    writeFileSync(
      path.join(dist, "sw.js"),
      sw.replace(`"${version}"`, `"${version}next"`).replace("const CORE = [", 'const CORE = ["assets/next.txt",'),
    );
    const index = readFileSync(path.join(dist, "index.html"), "utf8");
    writeFileSync(path.join(dist, "index.html"), index.replace("<title>", '<meta name="coup-build" content="next"><title>'));
    // The build's precompressed siblings of the two changed files would still be the old
    // ones: the relay prefers them.
    for (const f of ["sw.js", "index.html"]) for (const z of [".br", ".gz"]) rmSync(path.join(dist, f + z), { force: true });
    for (const [f, t] of Object.entries(times)) utimesSync(path.join(dist, f), t, t);

    // The browser looks for a new worker on navigation and every hour; ask now.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.getByTestId("update-ready").waitFor({ timeout: 30_000 });
    // Until the player says so, this page stays the old version.
    assert.equal(await page.locator('meta[name="coup-build"]').count(), 0);
    assert.match(await page.getByTestId("update-ready").textContent(), /new version/i);
    await Promise.all([page.waitForEvent("load"), page.getByTestId("update-reload").click()]);
    await programRuns(page);
    assert.equal(await page.locator('meta[name="coup-build"]').getAttribute("content"), "next");
    const after = await page.evaluate(() => caches.keys());
    assert.deepEqual(after, [`coup-${version}next`], "the old cache is gone");
    assert.ok(
      await page.evaluate(async () => (await caches.match("assets/next.txt")) !== undefined),
      "the new list's files are cached",
    );
    assert.ok(
      await page.evaluate(async () => (await caches.match("coup-later")) !== undefined && (await caches.keys()).length === 1),
      "the new version has cached what the old one had for later",
    );
    assert.ok((await cachedPaths(page)).some((p) => /coup_referee_bg/.test(p)), "the referee is cached by the new version");
    assert.equal(await page.getByTestId("update-ready").count(), 0, "no prompt after the reload");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await t.stop();
  }
});
