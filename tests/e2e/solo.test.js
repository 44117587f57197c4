// A game against bots, end to end: the start page's "Play against bots" deals a
// 3-player table in the page (no relay needed for the game; the relay only serves the
// files), and the test plays it to the end by clicking legal decision buttons — Income
// or Pass when offered, else the first one — until the game-over panel appears.
//
// Run by .ci/test.sh beside skeleton.test.js; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
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
      // Whoever won, the log ends the game ("Ada wins the game!" or "You win the game!").
      assert.match(log, /(wins|You win) the game/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

// The referee and the bots think in a worker: while a table of Hard bots plays, the page's
// main thread stays free. Prints the figures BENCHMARKS.md records (not a timed assertion:
// a loaded machine may be slower); asserts that the page played and was measured.
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
      await page.close();
    }
  } finally {
    await context.close();
  }
});
