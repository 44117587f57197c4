// A table outlives its host's page across NAT (docs/RELAY-PROTOCOL.md, "Handover";
// natlab.mjs, here with three homes, each behind its own router with an ordinary NAT):
// Ana hosts from home 1 (a laptop), Bo joins first from home 2 (a phone), Cy from home 3
// (a laptop), and an Easy bot fills the fourth seat. A few decisions into the game, Ana's
// page goes:
//
// - closed: the relay waits out its grace (3 s) and makes Bo's page the host; both pages
//   left say so, keep their seats and play to one winner. Printed: the time from the
//   close to the next decision asked on a page left (target 5 s).
// - silent, its page still open: home 1's router drops everything, as when the home's
//   connection goes. The relay hears nothing from Ana for its host timeout (15 s), waits
//   its grace (3 s) and makes Bo's page the host; both pages say so, keep their seats,
//   and play to one winner. Printed: the time from the silence to the next decision
//   asked on Bo's page (target 45 s). Ana's page is closed after.
//
// Every link crosses two NATs: Bo's and Cy's to Ana, then Cy's to Bo.
//
// Runs as root inside `unshare -n`, as nat.test.js does:
//
//   unshare -n bash -c 'ip link set lo up && cd tests && COUP_RELAY_BIN=... COUP_DIST=... \
//     node --test --test-force-exit --test-reporter=./reporter.mjs e2e/handover-nat.test.js'

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, cleanUp, openPage } from "./harness.mjs";
import { checkHidden, decideOnce, describePages, lobbiesShow, owed, playToTheEnd, waitOrDescribe } from "./play.mjs";
import { startLab } from "./natlab.mjs";

// The session's trace on the console (for a failure's report), and handover on: it is off
// unless a player turns it on (`coup.handover`).
const INIT = () => {
  window.coupTrace = true;
  try {
    localStorage.setItem("coup.handover", "1");
  } catch {}
};

/** The words of the note, as the English catalog says them. */
const MOVED_TO_BO = "the table now runs on Bo’s page";

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let lab;

before(
  async () => {
    lab = await startLab({ homes: 3 });
    console.log(`    natlab: ${lab.homes.map((h) => `${h.lanIp} behind ${h.wanIp}`).join(", ")}; relay at ${lab.base}; delay: ${lab.netem ?? "none (no netem)"}`);
  },
  { timeout: 180_000 },
);

after(async () => {
  await lab?.teardown();
});

/**
 * Serves, opens Ana's page in home 1, Bo's in home 2 and Cy's in home 3, deals a room of
 * the three and an Easy bot with a few decisions made, and runs `play(sides)`; on a
 * failure adds what the pages show and the relay's log. Closes everything it opened.
 */
async function handoverTable(play) {
  lab.setNat("ordinary");
  const servers = await lab.serve();
  const sides = [];
  try {
    const [ana, bo, cy] = [
      await openPage(lab.homes[0].browser, lab.base, { init: INIT, viewport: LAPTOP }),
      await openPage(lab.homes[1].browser, lab.base, { init: INIT, viewport: PHONE }),
      await openPage(lab.homes[2].browser, lab.base, { init: INIT, viewport: LAPTOP }),
    ];
    sides.push(ana, bo, cy);
    await ana.page.getByTestId("player-name").fill("Ana");
    await bo.page.getByTestId("player-name").fill("Bo");
    await cy.page.getByTestId("player-name").fill("Cy");
    await ana.page.getByTestId("create-room").click();
    const codeEl = ana.page.getByTestId("room-code");
    await codeEl.waitFor();
    const code = await codeEl.getAttribute("data-code");
    await ana.page.getByTestId("seat-count").selectOption("4");
    // Bo first, so that he is the guest present longest: the one the relay promotes.
    await bo.page.getByTestId("join-code").fill(code);
    await bo.page.getByTestId("join-room").click();
    await lobbiesShow([ana, bo], 2, 30_000);
    await cy.page.getByTestId("join-code").fill(code);
    await cy.page.getByTestId("join-room").click();
    await lobbiesShow(sides, 3, 30_000);
    await ana.page.getByTestId("bot-level").selectOption("easy");
    await ana.page.getByTestId("add-bot").click();
    await ana.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
    await ana.page.getByTestId("start-game").click();
    for (const side of sides) await side.page.getByTestId("seat").nth(3).waitFor({ timeout: 15_000 });
    // A few decisions, so that the copy the guests hold is of a game under way.
    for (let clicks = 0, tries = 0; clicks < 4 && tries < 200; tries++) {
      for (const side of sides) if (await decideOnce(side.page)) clicks++;
      await ana.page.waitForTimeout(50);
    }
    await checkHidden(sides);
    await play({ ana, bo, cy });
    for (const side of [bo, cy]) assert.deepEqual(side.errors, [], "no errors on the pages left");
  } catch (e) {
    const report = [await describePages(sides, "handover-nat").catch(() => ""), servers.logs()];
    e.stack = `${e.stack}\n${report.filter(Boolean).join("\n")}`;
    throw e;
  } finally {
    await cleanUp(...sides.map((side) => async () => side.context.close()), () => servers.stop());
  }
}

const seatOf = (side) => side.page.locator('[data-testid="seat"].me').getAttribute("data-seat");

/**
 * After Ana's page went at `goneAt`: Bo's and Cy's pages say the table runs on Bo's page
 * within `ms`, keep their `seats`, and the first decision asked on a page left (Cy
 * answering hers meanwhile, if Bo's is asked for with `onBo`) comes. Returns the times
 * from `goneAt` to the notice on both pages and to that decision.
 */
async function takenOver({ bo, cy }, seats, goneAt, ms, { onBo = false, shots }) {
  const left = [bo, cy];
  const moved = (side) => side.page.getByTestId("notice").filter({ hasText: MOVED_TO_BO });
  for (const side of left) await waitOrDescribe(moved(side), Math.max(1, ms - (Date.now() - goneAt)), left, "the notice of the table's move");
  const toldAt = Date.now();
  await bo.page.screenshot({ path: path.join(ARTIFACTS, `${shots}-phone.png`) });
  await cy.page.screenshot({ path: path.join(ARTIFACTS, `${shots}-laptop.png`) });
  let decidedAt = null;
  const deadline = Date.now() + 60_000;
  while (decidedAt === null) {
    if (Date.now() > deadline) assert.fail(`no decision asked after the handover\n${await describePages(left, "decision-after-handover")}`);
    if (await owed(bo.page)) decidedAt = Date.now();
    else if (await owed(cy.page)) {
      if (!onBo) decidedAt = Date.now();
      else await decideOnce(cy.page);
    }
    if (decidedAt === null) await bo.page.waitForTimeout(50);
  }
  assert.deepEqual([await seatOf(bo), await seatOf(cy)], seats, "each page keeps its seat");
  return { told: toldAt - goneAt, decided: decidedAt - goneAt };
}

/** Plays on Bo's and Cy's pages to one winner, the same on both. */
async function toOneWinner({ bo, cy }, shots) {
  await playToTheEnd(bo, cy, { ms: 180_000, seats: 4, what: "game-after-handover" });
  await bo.page.screenshot({ path: path.join(ARTIFACTS, `${shots}-phone-over.png`) });
}

test("three homes behind NAT: the host's page closes mid-game, the first guest's page takes the table over and the game ends", { timeout: 300_000 }, async () => {
  await handoverTable(async (sides) => {
    const seats = [await seatOf(sides.bo), await seatOf(sides.cy)];
    const closedAt = Date.now();
    await sides.ana.page.close();
    const t = await takenOver(sides, seats, closedAt, 30_000, { shots: "handover-nat-closed" });
    console.log(`handover across NAT, host's page closed: notice on both pages ${t.told} ms after the close, next decision asked ${t.decided} ms after it (target 5000 ms)`);
    await toOneWinner(sides, "handover-nat-closed");
  });
});

test("three homes behind NAT: the host's home goes silent mid-game, the relay promotes the first guest after its host timeout, and the game ends", { timeout: 360_000 }, async () => {
  const home = lab.homes[0];
  try {
    await handoverTable(async (sides) => {
      const seats = [await seatOf(sides.bo), await seatOf(sides.cy)];
      const silentAt = Date.now();
      lab.cut(home);
      const t = await takenOver(sides, seats, silentAt, 60_000, { onBo: true, shots: "handover-nat-silent" });
      console.log(
        `handover across NAT, host's home silent: notice on both pages ${t.told} ms after the silence, next decision asked on the successor's page ${t.decided} ms after it (target 45000 ms)`,
      );
      assert.ok(!sides.ana.page.isClosed(), "Ana's page was open all along");
      await sides.ana.context.close();
      await toOneWinner(sides, "handover-nat-silent");
    });
  } finally {
    if (home.cut) lab.cut(home, false);
  }
});
