// The invitation link. Ana creates a room and sends its link; Bo opens it. Bo's first
// screen puts joining that room first, across the row, above "Play against bots" and
// "Create a room", with its code filled in and in view under the name field, both on the
// page's own first screen (before the program runs) and on the program's. Bo names
// themself, presses Join, and is in Ana's lobby. At phone and laptop sizes.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, programRuns, useTable } from "./harness.mjs";
import { lobbiesShow } from "./play.mjs";

const table = useTable();

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
];

/** Where the join card and the other cards are on `page`'s first screen. */
const layout = (page) =>
  page.evaluate(() => {
    const box = (sel) => document.querySelector(sel)?.getBoundingClientRect();
    const join = box(".card-join");
    const solo = box('[data-testid="solo-form"]') ?? box(".card-solo");
    const create = box(".card-create");
    return {
      joinTop: join?.top,
      joinBottom: join?.bottom,
      soloTop: solo?.top,
      createTop: create?.top,
      height: window.innerHeight,
      code: document.querySelector('[data-testid="join-code"]')?.value,
    };
  });

for (const [size, viewport] of SIZES) {
  test(`an invitation opens a screen whose first action is joining its room (${size})`, { timeout: 90_000 }, async () => {
    const host = await table.open();
    const guestContext = await table.browser.newContext({ viewport, permissions: ["camera", "microphone"] });
    try {
      await host.page.getByTestId("player-name").fill("Ana");
      await host.page.getByTestId("create-room").click();
      const link = await host.page.getByTestId("invite-link").inputValue();
      const code = await host.page.getByTestId("room-code").getAttribute("data-code");
      assert.match(link, /#join=/);

      const page = await guestContext.newPage();
      await page.goto(link);
      const check = async (when) => {
        const l = await layout(page);
        assert.equal(l.code, `${code.slice(0, 3)}-${code.slice(3)}`, `${when}: the code is filled in`);
        assert.ok(l.joinTop < l.soloTop && l.joinTop < l.createTop, `${when}: joining comes first: ${JSON.stringify(l)}`);
        assert.ok(l.joinBottom <= l.height, `${when}: joining is in view without scrolling: ${JSON.stringify(l)}`);
      };
      // The page's own first screen, then the program's.
      await page.locator("#first-screen .card-join").waitFor({ timeout: 10_000 }).then(
        () => check("before the program"),
        () => {},
      );
      await programRuns(page);
      await check("the program's screen");
      await page.screenshot({ path: path.join(ARTIFACTS, `invite-${size}.png`) });

      await page.getByTestId("player-name").fill("Bo");
      await page.getByTestId("join-room").click();
      await lobbiesShow([host, { page }], 2);
    } finally {
      await host.context.close();
      await guestContext.close();
    }
  });
}
