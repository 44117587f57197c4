// The table comes into view when the game is dealt. A joiner chatting in the lobby has
// its page scrolled down at the chat, its cursor in the chat's field; when the host deals,
// the table's top comes into view on the joiner's page.
// At phone and laptop sizes.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { createAndJoin, describePages, lobbiesShow } from "./play.mjs";

const table = useTable();

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
];

for (const [size, viewport] of SIZES) {
  test(`a joiner scrolled down at the chat sees the table come into view at the deal (${size})`, { timeout: 120_000 }, async () => {
    const host = await table.open();
    const guest = await table.open({ viewport });
    const sides = [host, guest];
    try {
      await createAndJoin(host, guest);
      await lobbiesShow(sides, 2);
      // The joiner says hello and stays in the chat's field, scrolled down to it.
      const input = guest.page.getByTestId("chat-input");
      await input.fill("hello");
      await guest.page.getByTestId("chat-send").click();
      await guest.page.getByTestId("chat-line").first().waitFor({ timeout: 10_000 });
      await input.focus();
      await guest.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

      await host.page.getByTestId("bot-level").selectOption("easy");
      await host.page.getByTestId("add-bot").click();
      await host.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
      await host.page.getByTestId("start-game").click();
      await guest.page.getByTestId("seat").nth(2).waitFor({ timeout: 15_000 });
      // The bar above the seats shows in the upper half of the screen.
      const inView = () =>
        guest.page.evaluate(() => {
          const bar = document.querySelector(".t-bar");
          if (!bar) return false;
          const top = bar.getBoundingClientRect().top;
          return top >= 0 && top <= window.innerHeight / 2;
        });
      await guest.page
        .waitForFunction(
          () => {
            const bar = document.querySelector(".t-bar");
            const top = bar?.getBoundingClientRect().top;
            return top !== undefined && top >= 0 && top <= window.innerHeight / 2;
          },
          null,
          { timeout: 5_000, polling: 100 },
        )
        .catch(async () => assert.fail(`the table in view at the deal\n${await describePages(sides, "deal-view")}`));
      assert.ok(await inView());
      await guest.page.screenshot({ path: path.join(ARTIFACTS, `deal-view-${size}.png`) });
    } finally {
      await host.context.close();
      await guest.context.close();
    }
  });
}
