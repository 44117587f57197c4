// A room game survives what the real internet does to it: the host's page reloading
// mid-window, a copy of a joiner's tab, a joiner's network going away and coming back,
// the relay restarting. Both pages play on to the same winner, and neither ever shows
// another seat's hidden card. Prints the recovery times BENCHMARKS.md records.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, startTable } from "./harness.mjs";
import { checkHidden, dealRoom, decideOnce, offered, openPage, playToTheEnd } from "./play.mjs";

let table;

before(async () => {
  table = await startTable();
});

after(async () => {
  await table?.stop();
});

const open = (opts) => openPage(table.browser, table.base, opts);

/** Whether `page` shows an open link to another page (the host, or a joiner). */
async function live(page) {
  return (await page.locator('[data-testid="peer"][data-link="open"]').count()) > 0;
}

/** Waits until `check` holds, checking the hidden cards meanwhile; returns the ms taken. */
async function until(sides, check, ms, what) {
  const start = Date.now();
  for (;;) {
    await checkHidden(sides);
    if (await check()) return Date.now() - start;
    assert.ok(Date.now() - start < ms, `${what} within ${ms} ms`);
    await sides[0].page.waitForTimeout(50);
  }
}

test("the host reloads during a challenge window and the game goes on to one winner", { timeout: 150_000 }, async () => {
  const host = await open();
  const guest = await open({ viewport: { width: 390, height: 844 } });
  try {
    await dealRoom(host, guest);
    // The host claims Tax whenever it can, until the joiner is asked whether to challenge.
    const deadline = Date.now() + 60_000;
    for (;;) {
      assert.ok(Date.now() < deadline, "a challenge window comes");
      await checkHidden([host, guest]);
      if ((await offered(guest.page)).includes("Challenge")) break;
      let clicked = await decideOnce(host.page, ["Tax", "Pass", "Income"]);
      if (!(await offered(guest.page)).includes("Challenge") && (await decideOnce(guest.page))) clicked = true;
      if (!clicked) await host.page.waitForTimeout(50);
    }
    const window = await offered(guest.page);
    const coins = async (p) => p.locator('[data-testid="seat"] .t-coins').allTextContents();
    const before = { host: await coins(host.page), guest: await coins(guest.page) };

    const reloaded = Date.now();
    await host.page.reload();
    // Back on both pages: the host's table, and the link between the two pages open.
    await until([host, guest], async () => (await host.page.getByTestId("seat").count()) === 3, 10_000, "the host's table");
    const hostBack = Date.now() - reloaded;
    await until([host, guest], async () => (await live(host.page)) && (await live(guest.page)), 15_000, "the link back");
    await until([host, guest], async () => (await offered(guest.page)).length > 0, 5_000, "the window offered again");
    const playing = Date.now() - reloaded;
    console.log(`    host reload to table: ${hostBack} ms; to playing on both pages: ${playing} ms`);
    await host.page.screenshot({ path: path.join(ARTIFACTS, "resilience-host-reloaded.png"), fullPage: true });

    assert.equal(await host.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "0");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1");
    assert.deepEqual(await coins(host.page), before.host, "the coins are as they were");
    assert.deepEqual(await coins(guest.page), before.guest);
    assert.deepEqual(await offered(guest.page), window, "the joiner's challenge window is still open");
    assert.equal(await host.page.getByTestId("create-room").count(), 0, "no first screen on the host");

    await playToTheEnd(host, guest);
    assert.deepEqual(host.errors, [], "no errors on the host's page");
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("a copy of a joiner's tab does not take its seat, and a reload takes it back without a click", { timeout: 120_000 }, async () => {
  const host = await open();
  const guest = await open({ viewport: { width: 390, height: 844 } });
  try {
    await dealRoom(host, guest, ["Cy", "Di"]);
    const stored = await guest.page.evaluate(() => sessionStorage.getItem("coup.rejoin"));
    assert.ok(stored, "the seat is kept for this tab");
    // A tab opened from the joiner's starts with a copy of its sessionStorage.
    const [copy] = await Promise.all([
      guest.context.waitForEvent("page"),
      guest.page.evaluate(() => window.open(location.href)),
    ]);
    await copy.getByTestId("create-room").waitFor();
    await copy.getByTestId("notice").filter({ hasText: "copy of another" }).waitFor({ timeout: 10_000 });
    assert.equal(await copy.evaluate(() => sessionStorage.getItem("coup.rejoin")), null, "the copy forgets the seat");
    assert.notEqual(
      await copy.evaluate(() => sessionStorage.getItem("coup.tab")),
      await guest.page.evaluate(() => sessionStorage.getItem("coup.tab")),
      "the copy is a tab of its own",
    );
    await copy.waitForTimeout(1_000);
    assert.equal(await copy.getByTestId("room-table").count(), 0);
    assert.ok(await live(guest.page), "the joiner keeps its link");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1");
    await copy.close();

    // The joiner's own tab reloads: its seat comes back with no click.
    for (let i = 0; i < 3; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    await guest.page.reload();
    await until([host, guest], async () => (await guest.page.locator('[data-testid="seat"].me').count()) === 1 && (await live(guest.page)), 15_000, "the seat back");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1", "the same seat");
    await playToTheEnd(host, guest);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});
