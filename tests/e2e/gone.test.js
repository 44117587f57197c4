// A person whose tab closed in the middle of a game holds nobody up: a room of Ana
// (hosting), Bo and an Easy bot plays until it is Ana's turn; Bo's tab closes. Ana's page
// knows Bo gone within seconds (Bo left the relay, and the channel closed or went quiet,
// whichever the host's page heard of first), and Bo's seat shows a bot answering for Bo
// at once, not after the 30 s grace period; Ana claims Tax and the claim is settled
// without the window waiting its 15 s for Bo. At phone and laptop sizes.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { dealRoom, decideOnce, describePages, owed } from "./play.mjs";

const table = useTable();

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
];

for (const [size, viewport] of SIZES) {
  test(`a tab closed mid-game: its person is answered for at once by a stand-in (${size})`, { timeout: 180_000 }, async () => {
    const host = await table.open({ viewport });
    const guest = await table.open({ viewport });
    const sides = [host, guest];
    try {
      await dealRoom(host, guest);
      // Played until it is Ana's turn (Income and Pass meanwhile).
      const deadline = Date.now() + 60_000;
      const hostTurn = async () => (await owed(host.page)) && (await host.page.getByTestId("decision").filter({ hasText: "Tax" }).count()) > 0;
      while (!(await hostTurn())) {
        if (Date.now() > deadline) assert.fail(`no turn for Ana\n${await describePages(sides, "ana-turn")}`);
        // Ana answers what is asked of her meanwhile, but leaves her own turn.
        let moved = await decideOnce(host.page, ["Pass", "Income"], (labels) => labels.some((l) => l.startsWith("Tax")));
        if (await decideOnce(guest.page)) moved = true;
        if (!moved) await host.page.waitForTimeout(100);
      }
      const bo = await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
      await guest.context.close();
      await host.page.locator(`[data-testid="seat"][data-seat="${bo}"] [data-testid="seat-away"]`).waitFor({ timeout: 15_000 });

      // Bo is known to be gone: a bot answers for Bo at once, not after the grace period.
      await host.page.locator(`[data-testid="seat"][data-seat="${bo}"] [data-testid="seat-away"][data-presence="stand-in"]`).waitFor({ timeout: 5_000 });
      const clicked = Date.now();
      await host.page.getByTestId("decision").filter({ hasText: "Tax" }).first().click();
      // The claim is settled (let pass, or challenged and answered) without waiting for Bo.
      await host.page
        .waitForFunction(
          () => {
            const claims = document.querySelector('[data-testid="claims"]')?.textContent ?? "";
            return claims.includes("Tax") && !claims.includes("being answered");
          },
          null,
          { timeout: 10_000, polling: 100 },
        )
        .catch(async () => assert.fail(`the Tax settled within 10 s (the window's timer is 15 s)\n${await describePages([host], "tax")}`));
      console.log(`    Tax claimed to settled, with Bo gone: ${Date.now() - clicked} ms`);
      await host.page.screenshot({ path: path.join(ARTIFACTS, `gone-${size}.png`) });
      assert.deepEqual(host.errors, [], "no errors on the host's page");
    } finally {
      await host.context.close();
      await guest.context.close().catch(() => {});
    }
  });
}
