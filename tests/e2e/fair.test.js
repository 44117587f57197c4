// A fair room, end to end (docs/FAIR-DEAL.md): a host and one joiner, the host turns
// Fair deal on in the lobby (the bot choices go away: people only, and the joiner reads
// it in the settings), deals, and both pages play to the end over the data channel by
// clicking whatever is offered, Income and Pass first, the fair table's own answers
// included (the card a Coup takes is chosen on the page that holds it). Each page shows the shuffles' progress
// and the table's key fingerprint, the same on both; neither ever shows the other's
// hidden cards; at the end both pages' audits say the game was fair.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { checkHidden, createAndJoin } from "./play.mjs";

const table = useTable();
const openPage = (viewport) => table.open({ viewport });

/** Clicks one offered decision or fair answer on `page`, if any: Income or Pass first. */
async function decideOnce(page, seen) {
  const answers = page.getByTestId("fair-answer");
  const fair = await answers.evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => b.textContent));
  if (fair.length > 0) {
    seen.add(fair[0].split(" ")[0]);
    return answers.first().click({ timeout: 1_000 }).then(
      () => true,
      () => false,
    );
  }
  const buttons = page.getByTestId("decision");
  const labels = await buttons.evaluateAll((bs) =>
    bs.filter((b) => !b.disabled).map((b) => (b.querySelector(".d-label") ?? b).textContent),
  );
  if (labels.length === 0) return false;
  let i = labels.findIndex((l) => l.startsWith("Income") || l.startsWith("Pass"));
  if (i < 0) i = 0;
  return buttons.nth(i).click({ timeout: 1_000 }).then(
    () => true,
    () => false,
  );
}

test("two people play a fair room to the end and both audits say it was fair", { timeout: 240_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  try {
    await createAndJoin(host, guest);
    for (const side of [host, guest]) {
      await side.page.locator('[data-testid="lobby-seat"][data-kind="person"]').nth(1).waitFor({ timeout: 20_000 });
    }
    assert.equal(await host.page.getByTestId("add-bot").count(), 1, "bots may be added before");
    await host.page.getByTestId("opt-fair").check();
    // People only: the bot choices go, the host reads why, the joiner reads the setting.
    await host.page.getByTestId("add-bot").waitFor({ state: "detached", timeout: 10_000 });
    assert.equal(await host.page.getByTestId("bot-level").count(), 0);
    await host.page.getByTestId("fair-hint").waitFor();
    await guest.page
      .getByTestId("settings-summary")
      .getByRole("listitem")
      .filter({ hasText: /^Fair deal: every player shuffles, people only$/ })
      .waitFor({ timeout: 10_000 });
    assert.ok(await host.page.getByTestId("opt-fair").isChecked());

    await host.page.getByTestId("start-game").click();
    for (const side of [host, guest]) {
      await side.page.getByTestId("room-table").waitFor({ timeout: 20_000 });
      await side.page.getByTestId("fair-strip").waitFor({ timeout: 20_000 });
    }
    // Both pages hold the same keys: the fingerprint players would compare over a call.
    const print = async (p) => {
      const el = p.getByTestId("fair-fingerprint");
      await el.waitFor({ timeout: 30_000 });
      return el.textContent();
    };
    const [a, b] = [await print(host.page), await print(guest.page)];
    assert.match(a, /^Table key: [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4}$/);
    assert.equal(a, b, "the same table key on both pages");
    // Each page reads its own two cards, and only those.
    for (const side of [host, guest]) {
      await side.page.locator('[data-testid="seat"].me .t-card.face').nth(1).waitFor({ timeout: 30_000 });
    }
    await checkHidden([host, guest]);
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-host-dealt.png"), fullPage: true });

    const seen = new Set();
    const deadline = Date.now() + 180_000;
    for (;;) {
      assert.ok(Date.now() < deadline, "the game ends in time");
      await checkHidden([host, guest]);
      const over = await Promise.all([host, guest].map((s) => s.page.getByTestId("game-over").isVisible()));
      if (over[0] && over[1]) break;
      let clicked = await decideOnce(host.page, seen);
      if (await decideOnce(guest.page, seen)) clicked = true;
      if (!clicked) await host.page.waitForTimeout(100);
    }
    console.log(`    fair answers given: ${[...seen].join(", ")}`);
    assert.ok(seen.has("Lose"), "a Coup's card was chosen on its holder's page");
    for (const side of [host, guest]) {
      const verdict = side.page.getByTestId("fair-verdict");
      await verdict.waitFor({ timeout: 30_000 });
      assert.equal(await verdict.getAttribute("data-fair"), "true");
      assert.equal(await verdict.textContent(), "This game was fair.");
    }
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-host-over.png"), fullPage: true });
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "fair-guest-over.png"), fullPage: true });
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});
