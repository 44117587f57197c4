// Who is at the table, in view. A room of three people (Ana hosting, Bo, Cy) plays; Cy's
// tab leaves the page in the middle of the game and comes back a little later. While Cy
// is away, every page shows it on Cy's seat, with who answers for them; the host's notice about Cy is one, and in view while the page is scrolled
// down to the table. Once Cy is back the seat says nothing more and the notice is gone.
// At phone and laptop sizes.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { createAndJoin, describePages, lobbiesShow } from "./play.mjs";

const table = useTable();

/** Waits until `fn()` holds (polling), failing with what the pages show. */
async function until(fn, sides, what, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) assert.fail(`${what} within ${ms} ms\n${await describePages(sides, what)}`);
    await sides[0].page.waitForTimeout(150);
  }
}

/** The notices on `page` that name `name`, with whether each is inside the viewport. */
const noticesAbout = (page, name) =>
  page.evaluate(
    (name) =>
      [...document.querySelectorAll('[data-testid="notice"]')]
        .filter((n) => n.textContent.includes(name))
        .map((n) => {
          const r = n.getBoundingClientRect();
          return { text: n.textContent.trim(), inView: r.top >= 0 && r.bottom <= window.innerHeight };
        }),
    name,
  );

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
];

for (const [size, viewport] of SIZES) {
  test(`a person who leaves mid-game is shown away on their seat on every page, in one notice in view, and both go once they are back (${size})`, { timeout: 180_000 }, async () => {
    const host = await table.open({ viewport });
    const bo = await table.open({ viewport });
    const cy = await table.open({ viewport });
    const sides = [host, bo, cy];
    try {
      const { code } = await createAndJoin(host, bo, ["Ana", "Bo"]);
      await host.page.getByTestId("seat-count").selectOption("3");
      await host.page.locator('[data-testid="lobby-seat"]').nth(2).waitFor({ timeout: 10_000 });
      await cy.page.getByTestId("player-name").fill("Cy");
      await cy.page.getByTestId("join-code").fill(code);
      await cy.page.getByTestId("join-room").click();
      await lobbiesShow(sides, 3);
      await host.page.getByTestId("start-game").click();
      for (const side of sides) await side.page.getByTestId("seat").nth(2).waitFor({ timeout: 15_000 });
      const seat = await cy.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
      // The host looks at the table's bottom, as one does while playing.
      await host.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

      await cy.page.goto("about:blank");
      const away = (page) => page.locator(`[data-testid="seat"][data-seat="${seat}"] [data-testid="seat-away"]`);
      for (const [who, side] of [
        ["host", host],
        ["Bo", bo],
      ]) {
        await away(side.page).waitFor({ timeout: 20_000 }).catch(async () => assert.fail(`Cy away on the ${who}'s page\n${await describePages(sides, "away")}`));
        const text = await away(side.page).textContent();
        // A tab that left the page is known to be gone: its stand-in plays at once (a
        // link lost without leaving shows the seconds left: lost-link.test.js).
        assert.match(text, /^Away · a bot plays (in \d+ s|for now)$/, `the ${who}'s page: ${text}`);
      }
      await until(async () => (await noticesAbout(host.page, "Cy")).length > 0, sides, "the host's notice about Cy");
      const told = await noticesAbout(host.page, "Cy");
      assert.equal(told.length, 1, `one notice about Cy: ${JSON.stringify(told)}`);
      assert.ok(told[0].inView, `the notice is in view: ${JSON.stringify(told)}`);
      await host.page.screenshot({ path: path.join(ARTIFACTS, `presence-host-${size}.png`) });
      await bo.page.screenshot({ path: path.join(ARTIFACTS, `presence-away-${size}.png`) });

      // Cy comes back to the tab: the seat is theirs again, and nothing says they are away.
      await cy.page.goto(table.base);
      await cy.page.locator('[data-testid="seat"].me').waitFor({ timeout: 30_000 });
      for (const side of [host, bo]) {
        await until(async () => (await away(side.page).count()) === 0, sides, "Cy back on every seat");
      }
      await until(async () => (await noticesAbout(host.page, "Cy")).length === 0, sides, "the host's notice about Cy gone");
      for (const [n, side] of [host, bo].entries()) assert.deepEqual(side.errors, [], `no errors on page ${n}`);
    } finally {
      for (const side of sides) await side.context.close();
    }
  });
}
