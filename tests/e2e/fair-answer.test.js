// In a fair room, an answer a seat gives with its own cards is a decision like any other
// (docs/FAIR-DEAL.md): a room of three people (Ana, Bo, Cy), Fair deal on. The player
// whose turn it is claims a Duke (Tax) and the next one challenges. The claimant's page
// shows a panel titled like a decision, with a countdown on its seat and the tab's "your
// move" marker; both other pages say the table waits for the claimant, not for the one
// who challenged. The claimant answers from its own tab; then the one who loses a card
// gets the same panel a plain room gives ("You lose an influence", "Choose the card to
// turn face up."), and the others wait for that person. At phone and laptop sizes.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { createAndJoin, describePages, lobbiesShow, TRACE } from "./play.mjs";

const table = useTable();
const NAMES = ["Ana", "Bo", "Cy"];

/** Host, joiner and Cy in a lobby of three people, Fair deal on; dealt, cards read. */
async function fairRoomOfThree(sides) {
  const [host, guest, third] = sides;
  const { code } = await createAndJoin(host, guest, NAMES);
  await host.page.getByTestId("seat-count").selectOption("3");
  await host.page.locator('[data-testid="lobby-seat"]').nth(2).waitFor({ timeout: 10_000 });
  await third.page.getByTestId("player-name").fill(NAMES[2]);
  await third.page.getByTestId("join-code").fill(code);
  await third.page.getByTestId("join-room").click();
  await lobbiesShow(sides, 3);
  await host.page.getByTestId("opt-fair").check();
  await host.page.getByTestId("start-game").click();
  for (const side of sides) {
    await side.page.locator('[data-testid="seat"].me .t-card.face').nth(1).waitFor({ timeout: 60_000 });
  }
}

/** The enabled decision buttons' labels on `page`. */
const labels = (page) =>
  page.getByTestId("decision").evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => (b.querySelector(".d-label") ?? b).textContent));

/** Clicks the enabled decision whose label starts with `want` on `page`. */
async function click(page, want) {
  const all = await page.getByTestId("decision").evaluateAll((bs) => bs.map((b) => !b.disabled && (b.querySelector(".d-label") ?? b).textContent));
  const i = all.findIndex((l) => l && l.startsWith(want));
  assert.ok(i >= 0, `"${want}" offered: ${all}`);
  await page.getByTestId("decision").nth(i).click();
}

/** Waits until `fn()` holds (polling), failing with what the pages show. */
async function until(fn, sides, what, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) assert.fail(`${what} within ${ms} ms\n${await describePages(sides, what)}`);
    await sides[0].page.waitForTimeout(150);
  }
}

/** What the waiting line of `page` says, if it shows one. */
const waitingLine = (page) =>
  page.evaluate(() => document.querySelector('[data-testid="waiting"] p:last-child')?.textContent?.trim() ?? null);

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
];

for (const [size, viewport] of SIZES) {
  test(`in a fair room of three a challenged claim is answered like a decision: title, countdown, tab marker and whom the others wait for (${size})`, { timeout: 240_000 }, async () => {
    const sides = [];
    for (let i = 0; i < 3; i++) sides.push(await table.open({ viewport, init: TRACE }));
    try {
      await fairRoomOfThree(sides);
      // Whose turn it is: the page offered Income.
      let actor = -1;
      await until(
        async () => {
          for (const [i, s] of sides.entries()) if ((await labels(s.page)).some((l) => l.startsWith("Income"))) actor = i;
          return actor >= 0;
        },
        sides,
        "a first turn",
      );
      const claimant = sides[actor];
      await click(claimant.page, "Tax");
      // The next page challenges; the third is the bystander.
      const challenger = sides[(actor + 1) % 3];
      const bystander = sides[(actor + 2) % 3];
      await until(async () => (await labels(challenger.page)).includes("Challenge"), sides, "the challenge window");
      await click(challenger.page, "Challenge");

      // The claimant is asked to prove it, and every page knows whom the table waits for.
      const panel = claimant.page.getByTestId("panel-fair");
      await panel.waitFor({ timeout: 30_000 });
      assert.equal(await panel.locator("h2").textContent(), "You are challenged");
      assert.equal(await panel.locator(".t-claim").textContent(), "Your claim is challenged: answer with your cards.");
      await until(() => claimant.page.evaluate(() => document.title.startsWith("●")), sides, "the claimant's tab marker");
      await claimant.page.locator('[data-testid="seat"].me .t-clock').waitFor({ timeout: 10_000 });
      const name = NAMES[actor];
      for (const [who, side] of [
        ["bystander", bystander],
        ["challenger", challenger],
      ]) {
        await until(async () => (await waitingLine(side.page)) === `Waiting for ${name}…`, sides, `the ${who} waiting for ${name}`);
        assert.equal(await side.page.locator(`[data-testid="seat"][data-seat="${actor}"] .t-clock`).count(), 1, `the ${who} sees ${name}'s countdown`);
        assert.ok(!(await side.page.evaluate(() => document.title.startsWith("●"))), `nothing is the ${who}'s to decide`);
      }
      await claimant.page.screenshot({ path: path.join(ARTIFACTS, `fair-answer-prove-${size}.png`) });
      await bystander.page.screenshot({ path: path.join(ARTIFACTS, `fair-answer-waiting-${size}.png`) });

      // The claimant answers from its tab: Show the Duke if it holds one, else admit it.
      const answers = await claimant.page.getByTestId("fair-answer").allTextContents();
      const i = Math.max(0, answers.findIndex((a) => a.startsWith("Show")));
      await claimant.page.getByTestId("fair-answer").nth(i).click();
      const loser = answers[i].startsWith("Show") ? challenger : claimant;
      const loserName = NAMES[sides.indexOf(loser)];

      // Whoever loses the challenge chooses the card on its own page, in a plain room's words.
      const lose = loser.page.getByTestId("panel-fair");
      await until(async () => (await lose.locator("h2").textContent().catch(() => null)) === "You lose an influence", sides, "the loser's panel");
      assert.equal(await lose.locator(".t-claim").textContent(), "Choose the card to turn face up.");
      await until(() => loser.page.evaluate(() => document.title.startsWith("●")), sides, "the loser's tab marker");
      for (const side of sides.filter((s) => s !== loser)) {
        await until(async () => (await waitingLine(side.page)) === `Waiting for ${loserName}…`, sides, `a page waiting for ${loserName}`);
      }
      await loser.page.screenshot({ path: path.join(ARTIFACTS, `fair-answer-lose-${size}.png`) });
      for (const [n, side] of sides.entries()) assert.deepEqual(side.errors, [], `no errors on page ${n}`);
    } finally {
      for (const side of sides) await side.context.close();
    }
  });
}
