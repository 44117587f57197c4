// Words that must not contradict what a person sees, nor leave a newcomer guessing. The
// rules say what Income, Foreign Aid and the Coup are. The name field stops at the 24
// characters a name may have and says how many are used as the person types; with Fair
// deal on, the lobby no longer says open seats are filled with bots beside "people only";
// the line that asks whom to target says "Tap" to a finger and "Click" to a mouse.
// At phone (touch) and laptop sizes.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import { useTable } from "./harness.mjs";
import { createAndJoin, lobbiesShow } from "./play.mjs";

const table = useTable();

const SIZES = [
  ["phone", { width: 390, height: 844 }, { hasTouch: true, isMobile: true }, /^.+\. Tap a seat marked with a crosshair, or choose below\.$/],
  ["laptop", { width: 1280, height: 800 }, {}, /^.+\. Click a seat marked with a crosshair, or choose below\.$/],
];

for (const [size, viewport, device, aim] of SIZES) {
  test(`names stop at 24 characters and say so, a fair lobby says nothing of bots, and targeting says tap or click as the device has it (${size})`, { timeout: 120_000 }, async () => {
    const host = await table.open({ viewport, device });
    const guest = await table.open();
    try {
      // The rules say what Income, Foreign Aid and the Coup are, and when a Coup is forced.
      await host.page.getByTestId("how-to-play").click();
      const actions = host.page.locator("h3", { hasText: "Actions anyone may take" });
      await actions.waitFor({ timeout: 20_000 });
      const said = await actions.locator("xpath=following-sibling::p[1]").textContent();
      for (const words of ["Income: take 1 coin", "Foreign Aid: take 2 coins", "pay 7 coins", "With 10 coins or more, your action must be a Coup"]) {
        assert.ok(said.includes(words), `the rules say "${words}": ${said}`);
      }
      await host.page.keyboard.press("Escape");
      await actions.waitFor({ state: "detached", timeout: 10_000 });
      const field = host.page.getByTestId("player-name");
      await field.fill("");
      await field.pressSequentially("A".repeat(30));
      assert.equal((await field.inputValue()).length, 24, "the field stops at 24");
      assert.equal(await host.page.getByTestId("name-count").textContent(), "24/24");

      await createAndJoin(host, guest);
      await lobbiesShow([host, guest], 2);
      assert.equal(await host.page.getByTestId("open-seats-hint").count(), 1, "bots fill open seats");
      await host.page.getByTestId("opt-fair").check();
      await host.page.getByTestId("open-seats-hint").waitFor({ state: "detached", timeout: 10_000 });
      await host.page.getByTestId("opt-fair").uncheck();
      await host.page.getByTestId("leave").click();
      await host.page.getByTestId("leave-confirm").click();
      await host.page.getByTestId("solo-start").waitFor({ timeout: 15_000 });

      // A game against bots: Steal asks whom, in the device's words.
      await host.page.getByTestId("solo-start").click();
      const steal = host.page.getByTestId("decision").filter({ hasText: "Steal" });
      await steal.first().waitFor({ timeout: 60_000 });
      await steal.first().click();
      const line = host.page.getByText(/marked with a crosshair/);
      await line.waitFor({ timeout: 10_000 });
      assert.match(await line.textContent(), aim);
    } finally {
      await host.context.close();
      await guest.context.close();
    }
  });
}
