// A fair table outlives its host's page (docs/RELAY-PROTOCOL.md, "Handover";
// docs/FAIR-DEAL.md, section 8): Ana hosts a fair room of three people (a fair room seats
// no bot, section 7), Bo joins first (on a phone), then Cy. A few decisions into the game,
// Ana's page closes. The relay makes Bo's page the host; its referee's worker loads the
// fair deal's code before the table's recovery copy opens, rebuilds the fair referee from
// it and takes the table over. Both pages left say that the table now runs on Bo's page,
// Ana's seat leaves the game by the fair deal's own rules (section 6), the two play to one
// winner, and both pages' end audits say the game was fair. The time from the close to
// the next decision asked on a page left is printed.
//
// Needs a relay that keeps the host's deposit. Run by .ci/test.sh beside the other
// browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { allFairAfterLeaving, checkHidden, createAndJoin, describePages, lobbiesShow, owed, TRACE, waitOrDescribe } from "./play.mjs";

// Handover is off unless a player turns it on (`coup.handover`): these pages have it on.
const INIT = `${typeof TRACE === "function" ? `(${TRACE})();` : TRACE ?? ""}\ntry { localStorage.setItem("coup.handover", "1"); } catch {}`;

const table = useTable();

/** The words of the note, as the English catalog says them. */
const MOVED_TO_BO = "the table now runs on Bo’s page";

/** Clicks one offered decision or fair answer on `page`, if any: Income or Pass first. */
async function decideOnce(page) {
  const answers = page.getByTestId("fair-answer");
  const fair = await answers.evaluateAll((bs) => bs.filter((b) => !b.disabled).length);
  if (fair > 0) return answers.first().click({ timeout: 1_000 }).then(() => true, () => false);
  const buttons = page.getByTestId("decision");
  const labels = await buttons.evaluateAll((bs) =>
    bs.filter((b) => !b.disabled).map((b) => (b.querySelector(".d-label") ?? b).textContent),
  );
  if (labels.length === 0) return false;
  let i = labels.findIndex((l) => l.startsWith("Income") || l.startsWith("Pass"));
  if (i < 0) i = 0;
  return buttons.nth(i).click({ timeout: 1_000 }).then(() => true, () => false);
}

/** Every page's audit says the game was fair, and no page showed an error. */
async function allFair(sides) {
  for (const side of sides) {
    const verdict = side.page.getByTestId("fair-verdict");
    await waitOrDescribe(verdict, 30_000, sides, "the fair verdict");
    assert.equal(await verdict.getAttribute("data-fair"), "true");
    assert.equal(await verdict.textContent(), "This game was fair.");
    const over = side.page.getByTestId("over-fair-verdict");
    await over.and(side.page.locator('[data-fair="true"]')).waitFor({ timeout: 10_000 });
  }
  for (const [i, side] of sides.entries()) assert.deepEqual(side.errors, [], `no errors on page ${i}`);
}

test("a fair room's host page closes mid-game: the first guest's page takes the fair table over, and both audits say it was fair", { timeout: 300_000 }, async () => {
  const host = await table.open({ viewport: { width: 1280, height: 800 }, init: INIT });
  const bo = await table.open({ viewport: { width: 390, height: 844 }, init: INIT });
  const cy = await table.open({ viewport: { width: 1280, height: 800 }, init: INIT });
  const sides = [host, bo, cy];
  // Bo's worker fetches the fair deal's referee only when its table is taken over.
  let refereeFetched = 0;
  bo.context.on("request", (r) => {
    if (/\/split_referee_fair-/.test(new URL(r.url()).pathname)) refereeFetched += 1;
  });
  try {
    // Bo first, so that he is the guest present longest.
    const { code } = await createAndJoin(host, bo, ["Ana", "Bo"]);
    await host.page.getByTestId("seat-count").selectOption("3");
    await host.page.locator('[data-testid="lobby-seat"]').nth(2).waitFor({ timeout: 10_000 });
    await lobbiesShow([host, bo], 2);
    await cy.page.getByTestId("player-name").fill("Cy");
    await cy.page.getByTestId("join-code").fill(code);
    await cy.page.getByTestId("join-room").click();
    await lobbiesShow(sides, 3);
    await host.page.getByTestId("opt-fair").check();
    await host.page.getByTestId("start-game").click();
    for (const side of sides) {
      await waitOrDescribe(side.page.getByTestId("fair-strip"), 30_000, sides, "the fair strip");
      await side.page.locator('[data-testid="seat"].me .t-card.face').nth(1).waitFor({ timeout: 60_000 });
    }
    const seatOf = (side) => side.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
    const anaSeat = await seatOf(host);
    const seats = [await seatOf(bo), await seatOf(cy)];
    const key = await bo.page.getByTestId("fair-fingerprint").textContent();

    // A few decisions, so that the copy the guests hold is of a game under way.
    for (let clicks = 0, tries = 0; clicks < 4 && tries < 300; tries++) {
      for (const side of sides) if (await decideOnce(side.page)) clicks++;
      await host.page.waitForTimeout(50);
    }
    await checkHidden(sides);
    assert.equal(refereeFetched, 0, "a guest's worker fetched no fair referee");

    // Ana's page goes, with nothing said to anyone.
    const closedAt = Date.now();
    await host.page.close();
    const left = [bo, cy];

    // Both pages say where the table runs now, with nothing pressed.
    const moved = (side) => side.page.getByTestId("notice").filter({ hasText: MOVED_TO_BO });
    for (const side of left) await waitOrDescribe(moved(side), 45_000, left, "the notice of the fair table's move");
    const toldAt = Date.now();
    assert.ok(refereeFetched >= 1, "Bo's worker fetched the fair deal's referee for the takeover");

    // The next decision asked on a page left.
    let decidedAt = null;
    const deadline = Date.now() + 45_000;
    while (decidedAt === null) {
      if (Date.now() > deadline) assert.fail(`no decision asked after the handover\n${await describePages(left, "fair-decision-after-handover")}`);
      for (const side of left) if (decidedAt === null && (await owed(side.page))) decidedAt = Date.now();
      if (decidedAt === null) await bo.page.waitForTimeout(50);
    }
    console.log(
      `fair handover: notice on both pages ${toldAt - closedAt} ms after the close, next decision asked ${decidedAt - closedAt} ms after it`,
    );
    // Ana's seat says it left the game: a fair room has no bot to play for it.
    for (const side of left) {
      const away = side.page.locator(`[data-testid="seat"][data-seat="${anaSeat}"] [data-testid="seat-away"]`);
      await waitOrDescribe(away.filter({ hasText: "Left the game" }), 15_000, left, "Ana's seat marked as gone from the fair game");
      assert.doesNotMatch(await away.textContent(), /bot/, "no bot is said to play at a fair table");
    }
    await bo.page.screenshot({ path: path.join(ARTIFACTS, "handover-fair-phone.png") });
    assert.deepEqual([await seatOf(bo), await seatOf(cy)], seats, "each page keeps its seat");
    for (const side of left) {
      assert.equal(await side.page.getByTestId("fair-fingerprint").textContent(), key, "the same table key");
    }

    // Played to one winner on the two pages left.
    const end = Date.now() + 180_000;
    for (;;) {
      if (Date.now() > end) assert.fail(`the game did not end\n${await describePages(left, "fair-game-after-handover")}`);
      await checkHidden(left);
      const over = await Promise.all(left.map((s) => s.page.getByTestId("game-over").isVisible()));
      if (over.every(Boolean)) break;
      let clicked = false;
      for (const side of left) if (await decideOnce(side.page)) clicked = true;
      if (!clicked) await bo.page.waitForTimeout(100);
    }
    const winner = (side) => side.page.getByTestId("game-over").getAttribute("data-winner");
    const won = await winner(bo);
    assert.match(won, /^[0-2]$/);
    assert.notEqual(won, anaSeat, "the seat that left does not win");
    assert.equal(await winner(cy), won, "both pages show the same winner");
    await allFairAfterLeaving(left, anaSeat, allFair);
    await bo.page.screenshot({ path: path.join(ARTIFACTS, "handover-fair-phone-over.png") });
  } finally {
    for (const side of sides) await side.context.close().catch(() => {});
  }
});
