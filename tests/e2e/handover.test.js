// A table outlives its host's page (docs/RELAY-PROTOCOL.md, "Handover"): Ana hosts a
// room, Bo joins first (on a phone), then Cy, and an Easy bot fills the fourth seat. A few
// decisions into the game, Ana's page closes. The relay waits out its grace (3 s), makes
// Bo's page the host and tells Cy's; Bo's page opens the table's recovery copy with Cy's
// share and the relay's part, and Cy's links to it. Without a click, both pages say that
// the table now runs on Bo's page, each keeps its seat, and the game is played to one
// winner on the two pages left (Ana's seat played by its stand-in). The time from the
// close to the next decision asked on a remaining page is printed (target: 5 s on
// loopback, the relay's 3 s grace among it).
//
// Needs a relay that keeps the host's deposit (relay protocol 3). Run by .ci/test.sh
// beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { openLifecyclePage } from "./lifecycle.mjs";
import { checkHidden, dealRoom, decideOnce, describePages, lobbiesShow, owed, playToTheEnd, refereesOn, TRACE, waitOrDescribe } from "./play.mjs";

// Every room hands over (a page may opt out with `coup.handover` = "0"); these pages trace
// their sessions on the console, for a failure's report.
const INIT = TRACE;

const table = useTable();

/** The words of the note, as the English catalog says them. */
const MOVED_TO_BO = "the table now runs on Bo’s page";

test("the host's page closes mid-game: the first guest's page takes the table over and the game ends", { timeout: 240_000 }, async () => {
  const host = await table.open({ viewport: { width: 1280, height: 800 }, init: INIT });
  const bo = await table.open({ viewport: { width: 390, height: 844 }, init: INIT });
  const cy = await table.open({ viewport: { width: 1280, height: 800 }, init: INIT });
  const sides = [host, bo, cy];
  try {
    await host.page.getByTestId("player-name").fill("Ana");
    await bo.page.getByTestId("player-name").fill("Bo");
    await cy.page.getByTestId("player-name").fill("Cy");
    await host.page.getByTestId("create-room").click();
    const codeEl = host.page.getByTestId("room-code");
    await codeEl.waitFor();
    const code = await codeEl.getAttribute("data-code");
    await host.page.getByTestId("seat-count").selectOption("4");
    // Bo first, so that he is the guest present longest.
    await bo.page.getByTestId("join-code").fill(code);
    await bo.page.getByTestId("join-room").click();
    await lobbiesShow([host, bo], 2);
    await cy.page.getByTestId("join-code").fill(code);
    await cy.page.getByTestId("join-room").click();
    await lobbiesShow(sides, 3);
    await host.page.getByTestId("bot-level").selectOption("easy");
    await host.page.getByTestId("add-bot").click();
    await host.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
    await host.page.getByTestId("start-game").click();
    for (const side of sides) await side.page.getByTestId("seat").nth(3).waitFor({ timeout: 10_000 });
    const seatOf = (side) => side.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
    const seats = [await seatOf(bo), await seatOf(cy)];

    // A few decisions, so that the copy the guests hold is of a game under way.
    for (let clicks = 0, tries = 0; clicks < 4 && tries < 200; tries++) {
      for (const side of sides) if (await decideOnce(side.page)) clicks++;
      await host.page.waitForTimeout(50);
    }
    await checkHidden(sides);

    // Ana's page goes, with nothing said to anyone.
    const closedAt = Date.now();
    await host.page.close();
    const left = [bo, cy];

    // Both pages say where the table runs now, with nothing pressed.
    const moved = (side) => side.page.getByTestId("notice").filter({ hasText: MOVED_TO_BO });
    for (const side of left) await waitOrDescribe(moved(side), 30_000, left, "the notice of the table's move");
    const toldAt = Date.now();
    await bo.page.screenshot({ path: path.join(ARTIFACTS, "handover-phone.png") });
    await cy.page.screenshot({ path: path.join(ARTIFACTS, "handover-laptop.png") });

    // The next decision asked on a page left (the bot's seat and Ana's stand-in play by
    // themselves meanwhile).
    let decidedAt = null;
    const deadline = Date.now() + 30_000;
    while (decidedAt === null) {
      if (Date.now() > deadline) assert.fail(`no decision asked after the handover\n${await describePages(left, "decision-after-handover")}`);
      for (const side of left) if (decidedAt === null && (await owed(side.page))) decidedAt = Date.now();
      if (decidedAt === null) await bo.page.waitForTimeout(50);
    }
    console.log(
      `handover: notice on both pages ${toldAt - closedAt} ms after the close, next decision asked ${decidedAt - closedAt} ms after it (target 5000 ms)`,
    );
    assert.deepEqual([await seatOf(bo), await seatOf(cy)], seats, "each page keeps its seat");

    // Played to one winner on the two pages left.
    await playToTheEnd(bo, cy, { ms: 150_000, seats: 4, what: "game-after-handover" });
    await bo.page.screenshot({ path: path.join(ARTIFACTS, "handover-phone-over.png") });
  } finally {
    for (const side of sides) await side.context.close().catch(() => {});
  }
});

/** The words a host's page that was replaced shows, as the English catalog says them. */
const REJOINED = "the table now runs on another player’s page. You rejoin it there as a player, in your seat.";

/** Whether `page` sits in seat `seat` (not watching) with its link to the host open. */
async function seatedLive(page, seat) {
  const mine = await page.locator(`[data-testid="seat"].me[data-seat="${seat}"]`).count();
  const open = await page.locator('[data-testid="peer"][data-link="open"]').count();
  return mine === 1 && open > 0;
}

/** Waits until `check` holds, checking the hidden cards meanwhile; returns the ms taken. */
async function until(sides, check, ms, what) {
  const start = Date.now();
  for (;;) {
    await checkHidden(sides);
    if (await check()) return Date.now() - start;
    if (Date.now() - start >= ms) assert.fail(`${what} within ${ms} ms\n${await describePages(sides, what)}`);
    await sides[0].page.waitForTimeout(100);
  }
}

// The host's device goes off with its connections open (its whole browser stopped: no
// pong to the relay's pings, nothing on the links). The relay closes its socket after its
// host timeout (15 s, pinged every 5 s) and hands the room to Bo's page 3 s later, which
// plays on from its recovery copy. When Ana's device comes back, her page's reclaim is
// answered handed_over: her referee stops, and her page joins Bo's table as a guest in
// her own seat, saying so once. One referee from then on, one game, one winner.
test("the host's device stops past the relay's host timeout: the table moves to the joiner, and the host's page comes back as a guest in its seat", { timeout: 240_000 }, async () => {
  const ana = await openLifecyclePage(table.base, { init: INIT });
  await ana.page.setViewportSize({ width: 1280, height: 800 });
  const bo = await table.open({ viewport: { width: 390, height: 844 }, init: INIT });
  const sides = [ana, bo];
  let stopped = false;
  try {
    await dealRoom(ana, bo, ["Ana", "Bo"]);
    for (let i = 0; i < 3; i++) {
      await decideOnce(ana.page);
      await decideOnce(bo.page);
    }
    await checkHidden(sides);
    assert.deepEqual([refereesOn(ana.page), refereesOn(bo.page)], [1, 0], "Ana's page referees");

    const stoppedAt = Date.now();
    ana.stop();
    stopped = true;
    const moved = bo.page.getByTestId("notice").filter({ hasText: MOVED_TO_BO });
    await waitOrDescribe(moved, 45_000, [bo], "the table moved to Bo's page");
    const movedAfter = Date.now() - stoppedAt;
    assert.equal(refereesOn(bo.page), 1, "Bo's page referees now");
    // Bo plays on meanwhile (Ana's stand-in answers for her).
    const playing = Date.now();
    while (Date.now() - playing < 4_000) {
      await decideOnce(bo.page, ["Income", "Pass"]);
      await bo.page.waitForTimeout(200);
    }
    const contAt = Date.now();
    ana.cont();
    stopped = false;

    const told = ana.page.getByTestId("notice").filter({ hasText: REJOINED });
    await waitOrDescribe(told, 30_000, sides, "Ana's page told it rejoined as a player");
    const back = await until(sides, () => seatedLive(ana.page, "0"), 30_000, "Ana back in seat 0");
    console.log(`    host stopped to the table on the joiner's page: ${movedAfter} ms; host back to its seat as a guest: ${Date.now() - contAt} ms (${back} ms after the notice)`);
    assert.deepEqual([refereesOn(ana.page), refereesOn(bo.page)], [0, 1], "exactly one referee: Bo's");
    assert.equal(await told.count(), 1, "said once");
    assert.equal(await ana.page.getByTestId("create-room").count(), 0, "no first screen");
    await ana.page.screenshot({ path: path.join(ARTIFACTS, "handover-rejoined-laptop.png") });
    await ana.page.setViewportSize({ width: 390, height: 844 });
    await ana.page.waitForTimeout(300);
    await ana.page.screenshot({ path: path.join(ARTIFACTS, "handover-rejoined-phone.png") });
    await ana.page.setViewportSize({ width: 1280, height: 800 });

    const won = await playToTheEnd(bo, ana, { ms: 150_000 });
    assert.match(won, /^[0-2]$/);
    assert.deepEqual([refereesOn(ana.page), refereesOn(bo.page)], [0, 1], "still one referee at the end");
    assert.equal(await ana.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "0");
  } finally {
    if (stopped) ana.cont();
    await ana.close();
    await bo.context.close().catch(() => {});
  }
});

// Ana's tab closes mid-game; the relay hands the room to Bo's page. Later Ana opens the
// room's invitation again in the same browser: her page joins with the seat her closed
// tab left (its token), and Bo's page gives it back: seat 0, playing, not watching, with
// no click. Then the game is played to one winner.
test("the host's tab closes, the table moves on, and the invitation opened again in that browser takes the old seat back", { timeout: 240_000 }, async () => {
  const ana = await table.open({ init: INIT });
  const bo = await table.open({ viewport: { width: 390, height: 844 }, init: INIT });
  const sides = [ana, bo];
  try {
    const code = await dealRoom(ana, bo, ["Ana", "Bo"]);
    for (let i = 0; i < 3; i++) {
      await decideOnce(ana.page);
      await decideOnce(bo.page);
    }
    // Closed as a person closes a tab: its page's pagehide runs.
    const closed = new Promise((resolve) => ana.page.once("close", resolve));
    await ana.page.close({ runBeforeUnload: true });
    await closed;
    const moved = bo.page.getByTestId("notice").filter({ hasText: MOVED_TO_BO });
    await waitOrDescribe(moved, 30_000, [bo], "the table moved to Bo's page");

    const again = await ana.context.newPage();
    ana.watch(again);
    const opened = Date.now();
    await again.goto(`${table.base}/#join=${code}`);
    const back = { ...ana, page: again };
    await until([back, bo], () => seatedLive(again, "0"), 30_000, "Ana's new page back in seat 0");
    console.log(`    the invitation opened again to the old seat live: ${Date.now() - opened} ms`);
    assert.equal(await again.getByTestId("rejoin").count(), 0, "no click was needed");
    assert.equal(await again.evaluate(() => localStorage.getItem("coup.left-host")), null, "the closed tab's seat is used once");
    assert.deepEqual([refereesOn(again), refereesOn(bo.page)], [0, 1], "one referee: Bo's");
    await playToTheEnd(bo, back, { ms: 150_000 });
    assert.equal(await again.locator('[data-testid="seat"].me').getAttribute("data-seat"), "0");
  } finally {
    for (const side of sides) await side.context.close().catch(() => {});
  }
});

/** What a host's page says once it passed its table on, as the English catalog says it. */
const PASSED_ON = "You left the room; the table goes on without you on another player’s page.";

// Ana hosts on a phone, Bo joins first, then Cy, and an Easy bot fills the fourth seat. A
// few decisions into the game, Ana presses Leave: the question says the table moves to
// another player's page, and she confirms. Her page sends hand_over and is back on the
// first screen at once, saying the table goes on without her; the relay makes Bo's page
// the host with no grace, and both pages left say so, keep their seats and play the game
// to one winner (Ana's seat away, then played by its stand-in). The time from the confirm
// to the next decision asked on a page left is printed (well under the close case's, which
// waits out the relay's 3 s grace).
test("the host leaves mid-game and confirms: the table passes at once to the first guest's page and the game ends", { timeout: 240_000 }, async () => {
  const phone = { width: 390, height: 844 };
  const ana = await table.open({ viewport: phone, init: INIT });
  const bo = await table.open({ viewport: phone, init: INIT });
  const cy = await table.open({ viewport: { width: 1280, height: 800 }, init: INIT });
  const sides = [ana, bo, cy];
  try {
    await ana.page.getByTestId("player-name").fill("Ana");
    await bo.page.getByTestId("player-name").fill("Bo");
    await cy.page.getByTestId("player-name").fill("Cy");
    await ana.page.getByTestId("create-room").click();
    const codeEl = ana.page.getByTestId("room-code");
    await codeEl.waitFor();
    const code = await codeEl.getAttribute("data-code");
    await ana.page.getByTestId("seat-count").selectOption("4");
    await bo.page.getByTestId("join-code").fill(code);
    await bo.page.getByTestId("join-room").click();
    await lobbiesShow([ana, bo], 2);
    await cy.page.getByTestId("join-code").fill(code);
    await cy.page.getByTestId("join-room").click();
    await lobbiesShow(sides, 3);
    await ana.page.getByTestId("bot-level").selectOption("easy");
    await ana.page.getByTestId("add-bot").click();
    await ana.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
    // In the lobby, Leave is a plain one.
    await ana.page.getByTestId("leave").click();
    assert.equal(await ana.page.getByTestId("leave-confirm").getAttribute("data-passes-on"), "false");
    await ana.page.getByRole("button", { name: "Stay" }).click();
    await ana.page.getByTestId("start-game").click();
    for (const side of sides) await side.page.getByTestId("seat").nth(3).waitFor({ timeout: 10_000 });
    const seatOf = (side) => side.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
    const anaSeat = await seatOf(ana);
    const seats = [await seatOf(bo), await seatOf(cy)];

    for (let clicks = 0, tries = 0; clicks < 4 && tries < 200; tries++) {
      for (const side of sides) if (await decideOnce(side.page)) clicks++;
      await ana.page.waitForTimeout(50);
    }
    await checkHidden(sides);
    assert.deepEqual([refereesOn(ana.page), refereesOn(bo.page)], [1, 0], "Ana's page referees");

    // Leave asks, and says the table goes on elsewhere.
    await ana.page.getByTestId("leave").click();
    const confirm = ana.page.getByTestId("leave-confirm");
    await confirm.waitFor();
    assert.equal(await confirm.getAttribute("data-passes-on"), "true");
    assert.equal((await confirm.textContent()).trim(), "Leave — the table moves to another player’s page");
    await ana.page.screenshot({ path: path.join(ARTIFACTS, "passon-confirm-phone.png") });
    const confirmedAt = Date.now();
    await confirm.click();

    // Ana's page: the first screen, with the notice, and no referee.
    const passed = ana.page.getByTestId("notice").filter({ hasText: PASSED_ON });
    await waitOrDescribe(passed, 10_000, [ana], "the notice that the table goes on without Ana");
    await ana.page.getByTestId("create-room").waitFor({ timeout: 10_000 });
    await ana.page.screenshot({ path: path.join(ARTIFACTS, "passon-notice-phone.png") });
    for (const stopBy = Date.now() + 5_000; refereesOn(ana.page) > 0; ) {
      assert.ok(Date.now() < stopBy, "Ana's referee stops");
      await ana.page.waitForTimeout(50);
    }

    // Both pages left say the table runs on Bo's page, with nothing pressed.
    const left = [bo, cy];
    const moved = (side) => side.page.getByTestId("notice").filter({ hasText: MOVED_TO_BO });
    for (const side of left) await waitOrDescribe(moved(side), 30_000, left, "the notice of the table's move");
    const toldAt = Date.now();
    let decidedAt = null;
    const deadline = Date.now() + 30_000;
    while (decidedAt === null) {
      if (Date.now() > deadline) assert.fail(`no decision asked after the handover\n${await describePages(left, "decision-after-pass-on")}`);
      for (const side of left) if (decidedAt === null && (await owed(side.page))) decidedAt = Date.now();
      if (decidedAt === null) await bo.page.waitForTimeout(50);
    }
    console.log(
      `    pass on: notice on both pages ${toldAt - confirmedAt} ms after the confirm, next decision asked ${decidedAt - confirmedAt} ms after it (the close case waits out a 3 s grace)`,
    );
    await bo.page.screenshot({ path: path.join(ARTIFACTS, "passon-moved-phone.png") });
    assert.deepEqual([await seatOf(bo), await seatOf(cy)], seats, "each page keeps its seat");
    assert.deepEqual([refereesOn(ana.page), refereesOn(bo.page), refereesOn(cy.page)], [0, 1, 0], "one referee: Bo's");
    // Ana's seat is away on both pages left (then played by its stand-in).
    for (const side of left) {
      await waitOrDescribe(side.page.locator(`[data-testid="seat"][data-seat="${anaSeat}"] [data-testid="seat-away"]`), 10_000, left, "Ana's seat away");
    }
    assert.equal(await ana.page.getByTestId("room-code").count(), 0, "Ana is in no room");

    await playToTheEnd(bo, cy, { ms: 150_000, seats: 4, what: "game-after-pass-on" });
  } finally {
    for (const side of sides) await side.context.close().catch(() => {});
  }
});
