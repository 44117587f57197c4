// A game against bots, end to end: the start page's "Play against bots" deals a
// 3-player table in the page (no relay needed for the game; the relay only serves the
// files), and the test plays it to the end by clicking legal decision buttons — Income
// or Pass when offered, else the first one — until the game-over panel appears.
//
// Run by .ci/test.sh beside skeleton.test.js; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable, programRuns, untilInPage } from "./harness.mjs";
import { recordResponsiveness, resetResponsiveness, responsiveness } from "./responsiveness.mjs";

const table = useTable();

/**
 * Plays the page's game to the end (or for `ms`); returns the number of our decisions.
 */
async function playToTheEnd(page, shotMidGame = async () => {}, ms = 240_000) {
  let decisions = 0;
  let shot = false;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await page.getByTestId("game-over").isVisible()) return decisions;
    const buttons = page.getByTestId("decision");
    // Each button's accessible name: what it does, then what it means.
    const labels = await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label") ?? b.textContent));
    if (labels.length > 0) {
      let i = labels.findIndex((l) => l.startsWith("Income") || l.startsWith("Pass"));
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
  if (ms < 240_000) return decisions;
  throw new Error("the game did not end in time");
}

for (const [label, viewport] of [
  ["laptop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
]) {
  test(`a 3-player game against bots plays to the end (${label})`, { timeout: 300_000 }, async () => {
    const context = await table.browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    try {
      await page.goto(table.base);
      await programRuns(page);
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
      // Whoever won, the log ends the game ("Ada wins the game!" or "You win the game!").
      assert.match(log, /(wins|You win) the game/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

// The referee and the bots think in a worker: while a table of Hard bots plays, the page's
// main thread stays free. Prints the figures BENCHMARKS.md records, and holds bounds
// generous enough for a busy machine: long tasks (over 50 ms) take under a tenth of the
// time the table played. A page that thought for its bots on its own thread spends 50 ms
// (Hard's budget) in a task per bot decision: a fifth to two fifths of the time at 4 to
// 10 players, against a twentieth on a loaded machine with the worker. And no single
// stall: with the worker, at load averages of 5 to 6 with other builds running, the
// longest task was at most 155 ms, the longest frame gap 333 ms and the slowest click's
// frame 100 ms (most runs: no long task, frames within 150 ms, clicks within 20 ms);
// the worst run seen, starved enough to break the share bound, stalled 1,290 ms. The
// bounds are above that, and several times the usual figures (BENCHMARKS.md); a page
// that thought for its bots on its own thread stalled 2 s at 6 players and 5 s at 10.
const STALL_LIMITS = { longestTaskMs: 1500, longestFrameGapMs: 2000, clickToFrameMaxMs: 1000 };
test("the page stays responsive while Hard bots think (4, 6 and 10 players)", { timeout: 240_000 }, async () => {
  const context = await table.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    for (const players of ["4", "6", "10"]) {
      const page = await context.newPage();
      await recordResponsiveness(page);
      await page.goto(table.base);
      await page.getByTestId("solo-players").selectOption(players);
      await page.getByTestId("solo-level").selectOption("hard");
      await page.getByTestId("solo-start").click();
      await page.getByTestId("solo-table").waitFor();
      await page.getByTestId("seat").nth(Number(players) - 1).waitFor();
      await resetResponsiveness(page);
      const decisions = await playToTheEnd(page, undefined, 20_000);
      const r = await responsiveness(page);
      console.log(`    responsiveness, ${players} Hard players: ${JSON.stringify({ decisions, ...r })}`);
      assert.ok(r.frames > 100, "frames were drawn while the table played");
      assert.ok(decisions > 0 && r.clicks > 0, "we played and our clicks were measured");
      const stalls = Object.entries(STALL_LIMITS)
        .filter(([what, limit]) => !(r[what] < limit))
        .map(([what, limit]) => `${what} ${r[what]} (limit ${limit})`);
      assert.deepEqual(stalls, [], `${players} players: the main thread stalled`);
      assert.ok(r.longTaskShare < 0.1, `${players} players: long tasks took ${r.longTaskMs} ms of ${r.spanMs} ms, under a tenth`);
      await page.close();
    }
  } finally {
    await context.close();
  }
});

// A choice made on the first screen before the table's module arrives survives its
// arrival: the screen is not drawn again under the person's hands. The module is held
// until the tab's lock has been taken (the input that once redrew the first screen), and
// released after the choice.
test("a choice made on the first screen before the table's module arrives is kept", { timeout: 60_000 }, async () => {
  const context = await table.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  let release;
  const released = new Promise((r) => (release = r));
  await context.route(/\/split_table-[0-9a-f]+\.wasm$/, async (route) => {
    await released;
    return route.continue();
  });
  const page = await context.newPage();
  try {
    await page.goto(table.base);
    await programRuns(page);
    await untilInPage(page, async () => (await navigator.locks.query()).held.length > 0, { what: "the tab's lock held" });
    const players = await page.getByTestId("solo-players").elementHandle();
    await page.getByTestId("solo-players").selectOption("4");
    release();
    // The rules come from the table's module: once they show, the module is here and has
    // taken the inputs that waited for it.
    await page.getByTestId("how-to-play").click();
    const rules = page.getByRole("dialog");
    await rules.waitFor({ timeout: 20_000 });
    await page.keyboard.press("Escape");
    await rules.waitFor({ state: "detached" });
    assert.ok(await players.evaluate((e) => e.isConnected), "the first screen was not drawn again");
    assert.equal(await page.getByTestId("solo-players").inputValue(), "4", "the choice of four players stayed");
    await page.getByTestId("solo-start").click();
    await page.getByTestId("seat").nth(3).waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId("seat").count(), 4);
  } finally {
    release();
    await context.close();
  }
});

test("the first screen needs only the first module; the table's follows, and a click before it starts the table, shown once the module is here", { timeout: 60_000 }, async () => {
  // The table's module is held back: its first fetch fails, the next ones wait until
  // released. (Service workers blocked: this is about the page's own fetches.)
  const context = await table.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  const asked = [];
  const firstLoad = [];
  let release;
  const released = new Promise((r) => (release = r));
  await context.route(/\/split_table-[0-9a-f]+\.wasm$/, async (route) => {
    asked.push(Date.now());
    if (asked.length === 1) return route.abort("connectionreset");
    await released;
    return route.continue();
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("response", (r) => firstLoad.push(new URL(r.url()).pathname));
  try {
    await page.goto(table.base);
    // The first screen is drawn and usable without the table's module.
    await programRuns(page);
    assert.ok(
      !firstLoad.some((p) => /split_table|coup_referee/.test(p)),
      `the first screen loaded neither the table's module nor the referee's: ${firstLoad.join(" ")}`,
    );
    // The page asked for the table's module at once, and after the failure asks again.
    const deadline = Date.now() + 10_000;
    while (asked.length < 2 && Date.now() < deadline) await page.waitForTimeout(100);
    assert.ok(asked.length >= 2, `the module was asked for again after a failed fetch (${asked.length} asks)`);
    assert.ok(asked[1] - asked[0] >= 900, `the second ask waited about a second (${asked[1] - asked[0]} ms)`);

    // A choice and a click before the module is here: the table starts at once (the
    // session is in the first module) and its place says it is loading; nothing is lost
    // (the table that comes has the four seats chosen).
    await page.getByTestId("solo-players").selectOption("4");
    await page.getByTestId("solo-start").click();
    const line = page.getByTestId("loading-table");
    await line.waitFor();
    assert.match(await line.textContent(), /table/i);
    // After a failed fetch the page offers a reload (the build may have changed).
    assert.ok(await line.getByTestId("loading-reload").isVisible(), "a reload is offered after a failed fetch");
    await page.screenshot({ path: path.join(ARTIFACTS, "loading-table-phone.png") });
    assert.equal(await page.getByTestId("solo-table").count(), 0);
    // The first screen has gone: no second click can ask for a second table.
    for (const id of ["solo-start", "create-room", "join-room"]) {
      assert.equal(await page.getByTestId(id).count(), 0, `no ${id} while the table loads`);
    }

    release();
    // The table is drawn once the module is here, dealt and playing.
    await page.getByTestId("solo-table").waitFor({ timeout: 20_000 });
    await line.waitFor({ state: "detached" });
    await page.getByTestId("seat").nth(3).waitFor();
    assert.equal(await page.getByTestId("seat").count(), 4, "the table has the four seats chosen before the module came");
    await page.getByTestId("decision").first().waitFor({ timeout: 20_000 });
    // The one error is the failed fetch's, which the page logs and retries: Chromium's
    // report of the reset, and the fetch's TypeError thrown in the split module's loader;
    // nothing else.
    const fetchFailed = (e) =>
      e === "Failed to load resource: net::ERR_CONNECTION_RESET" ||
      (e.split("\n")[0] === "TypeError: Failed to fetch" && /__wasm_split-[0-9a-f]+\.js/.test(e.split("\n")[1] ?? ""));
    assert.ok(errors.some(fetchFailed), `the failed fetch was reported: ${errors.join(" | ")}`);
    assert.deepEqual(errors.filter((e) => !fetchFailed(e)), [], "no other error on the page");
  } finally {
    release();
    await context.close();
  }
});
