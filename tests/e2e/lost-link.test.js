// A joiner that had been playing loses its link: a real cut, every UDP datagram dropped
// in the suite's network namespace (Chromium's offline switch leaves WebRTC alone), for
// 40 s, while a decision of its own is on screen. The page says the link dropped, in the
// words of a dropped link ("The host’s page stopped answering"), never the panel meant for
// a first link that could not be made (which blames a mobile network or a firewall);
// the table stays on screen and the decision's buttons are inert, saying why, until the
// link is back; then the seat is the joiner's again. At phone and laptop sizes.
//
// Needs root in the namespace (iptables), as the whole suite does. Same environment
// variables as the other browser tests.

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { dealRoom, decideOnce, describePages, owed } from "./play.mjs";

const table = useTable();

/** Every UDP datagram in the namespace dropped (`on`), or let through again. */
function cutUdp(on) {
  for (const chain of ["INPUT", "OUTPUT"]) {
    execFileSync("iptables", [on ? "-I" : "-D", chain, "-p", "udp", "-j", "DROP"]);
  }
}
let cut = false;
after(() => {
  if (cut) cutUdp(false);
});

// The page notes, by its own clock, whether the first link's failure panel ever showed.
const WATCH_PANEL = () => {
  window.__panelSeen = false;
  document.addEventListener("DOMContentLoaded", () => {
    const seen = () => {
      if (document.querySelector('[data-testid="link-failure"]')) window.__panelSeen = true;
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  });
};

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1280, height: 800 }],
];

for (const [size, viewport] of SIZES) {
  test(`a joiner cut off for 40 s is told its link dropped, its decisions wait, and its seat is back after (${size})`, { timeout: 240_000 }, async () => {
    const host = await table.open();
    const guest = await table.open({ viewport, init: WATCH_PANEL });
    const sides = [host, guest];
    try {
      await dealRoom(host, guest);
      const seat = await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
      // Played until a decision is the joiner's (the bot and the host play on).
      const deadline = Date.now() + 60_000;
      while (!(await owed(guest.page))) {
        if (Date.now() > deadline) assert.fail(`no decision for the joiner\n${await describePages(sides, "joiner-decision")}`);
        if (!(await decideOnce(host.page))) await host.page.waitForTimeout(100);
      }
      const buttons = guest.page.locator('[data-testid="decision-area"] button[data-testid="decision"]');
      assert.ok((await buttons.count()) > 0, "a decision on screen");

      cutUdp(true);
      cut = true;
      const cutAt = await guest.page.evaluate(() => performance.now());
      const line = guest.page.getByTestId("connection-line");
      await line.waitFor({ timeout: 15_000 });
      await guest.page.getByTestId("decisions-paused").waitFor({ timeout: 5_000 });
      const live = guest.page.locator('[data-testid="decision-area"] button[data-testid="decision"]:not([disabled])');
      assert.equal(await live.count(), 0, "every button of the decision is inert");
      // 40 s without a link: longer than a first link is given before its failure panel.
      await guest.page.waitForFunction((at) => performance.now() - at >= 40_000, cutAt, { timeout: 60_000, polling: 500 });
      const words = await line.textContent();
      assert.equal(words, "The host’s page stopped answering. Your seat is kept; your decisions wait until it answers again.");
      assert.equal(await guest.page.evaluate(() => window.__panelSeen), false, "never the panel meant for a first link");
      assert.equal(await guest.page.getByTestId("link-failure").count(), 0);
      assert.ok(await guest.page.getByTestId("seat").nth(2).isVisible(), "the table stays on screen");
      assert.equal(await live.count(), 0, "no live decision while the link is down");
      await guest.page.screenshot({ path: path.join(ARTIFACTS, `lost-link-${size}.png`), fullPage: false });
      // The host's page shows the joiner away on their seat, with the seconds left before
      // a stand-in answers for them (their link is gone, not their page).
      const away = host.page.locator(`[data-testid="seat"][data-seat="${seat}"] [data-testid="seat-away"]`);
      await away.waitFor({ timeout: 10_000 });
      assert.match(await away.textContent(), /^Away · a bot plays in \d+ s$/);

      cutUdp(false);
      cut = false;
      await guest.page
        .waitForFunction(() => !document.querySelector('[data-testid="connection-line"]') && !document.querySelector('[data-testid="decisions-paused"]'), null, {
          timeout: 60_000,
          polling: 200,
        })
        .catch(async () => assert.fail(`the link back\n${await describePages(sides, "link-back")}`));
      assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), seat, "the same seat");
      assert.equal(await guest.page.evaluate(() => window.__panelSeen), false);
      await guest.page.screenshot({ path: path.join(ARTIFACTS, `lost-link-back-${size}.png`), fullPage: false });
      assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
    } finally {
      if (cut) {
        cutUdp(false);
        cut = false;
      }
      await host.context.close();
      await guest.context.close();
    }
  });
}
