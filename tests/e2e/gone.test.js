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
import { TRACE, dealRoom, decideOnce, describePages, owed } from "./play.mjs";

const table = useTable();

/**
 * Keeps every WebSocket the page makes and every data channel its connections are given
 * (`window.__sockets`, `window.__channels`), so that a test can end its relay socket and
 * its links in the order it chooses; `window.__offline()` then makes every new WebSocket
 * fail, as with no network.
 */
const KEEP_SOCKETS = () => {
  window.coupTrace = true;
  const Socket = window.WebSocket;
  window.__sockets = [];
  let offline = false;
  const Kept = function (...args) {
    if (offline) throw new Error("offline (the test cut this page off the relay)");
    const ws = new Socket(...args);
    window.__sockets.push(ws);
    return ws;
  };
  Kept.prototype = Socket.prototype;
  for (const key of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) Kept[key] = Socket[key];
  window.WebSocket = Kept;
  window.__offline = () => {
    offline = true;
    window.__sockets.forEach((ws) => ws.close());
  };
  const Connection = window.RTCPeerConnection;
  window.__channels = [];
  const KeptPc = function (...args) {
    const pc = new Connection(...args);
    pc.addEventListener("datachannel", (e) => window.__channels.push(e.channel));
    return pc;
  };
  KeptPc.prototype = Connection.prototype;
  window.RTCPeerConnection = KeptPc;
};

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

// The order a loaded machine can give a closing tab: the relay tells the host's page that
// Bo left while Bo's channel is still open, and only then does the channel close (before
// the host's page has noticed any silence on it). Bo's page is made to go in that order:
// its relay socket first, then, once the host's page has heard of it, its data channel,
// then the tab. Bo is known gone all the same: a bot answers for Bo within seconds, not
// after the 30 s grace period.
test("a tab whose relay socket goes before its channel closes: its person is answered for at once by a stand-in", { timeout: 180_000 }, async () => {
  const viewport = { width: 390, height: 844 };
  const host = await table.open({ viewport, init: TRACE });
  const guest = await table.open({ viewport, init: KEEP_SOCKETS });
  const sides = [host, guest];
  try {
    await dealRoom(host, guest);
    const bo = await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
    // The host's page's trace: how many of its lines say `what`.
    const count = (what) => host.log.filter((l) => l.includes(what)).length;
    const until = async (what, n, ms, why) => {
      const deadline = Date.now() + ms;
      while (count(what) < n) {
        if (Date.now() > deadline) assert.fail(`${why} within ${ms} ms\n${await describePages(sides, why)}`);
        await host.page.waitForTimeout(20);
      }
    };
    const open = await guest.page.evaluate(() => window.__channels.filter((dc) => dc.readyState === "open").length);
    assert.equal(open, 1, "Bo's page has one open data channel, from the host");
    const [left, closes] = [count("relay says PeerLeft"), count(" closed ")];
    // Bo's page loses the relay (and cannot get back to it)...
    await guest.page.evaluate(() => window.__offline());
    await until("relay says PeerLeft", left + 1, 10_000, "the host's page heard that Bo left the relay");
    assert.equal(count(" closed "), closes, "Bo's channel is still open when the host's page hears it");
    // ... and then its channel closes; the tab goes once the host's page has heard that.
    const closed = Date.now();
    await guest.page.evaluate(() => window.__channels.forEach((dc) => dc.close()));
    await until(" closed ", closes + 1, 5_000, "the host's page heard Bo's channel close");
    await guest.context.close();
    const seat = host.page.locator(`[data-testid="seat"][data-seat="${bo}"] [data-testid="seat-away"][data-presence="stand-in"]`);
    await seat.waitFor({ timeout: 5_000 }).catch(async () => assert.fail(`a stand-in for Bo within 5 s of his channel closing\n${await describePages([host], "stand-in")}`));
    console.log(`    Bo's channel closed after he left the relay → his stand-in shown: ${Date.now() - closed} ms`);
    assert.deepEqual(host.errors, [], "no errors on the host's page");
  } finally {
    await host.context.close();
    await guest.context.close().catch(() => {});
  }
});
