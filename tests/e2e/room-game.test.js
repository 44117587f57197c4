// A game in a room, end to end: a page creates a room, a second page joins with the code,
// the host fills the third seat with a bot and deals, and both people play over the WebRTC
// data channel (the host's page referees) by clicking whatever decision is offered —
// Income or Pass when offered, else the first — until both pages show the same winner.
// Before that, both name themselves and the host turns the Inquisitor on, which the joiner
// sees in its read-only settings and both see in the game (Examine is offered).
// Neither page may ever show another seat's hidden cards face up. Then the host goes back
// to the lobby, adds Reformation and deals again, which the joiner sees too; on its phone,
// the chat scrolls up above the pinned hand and decision, and a line sent there arrives.
//
// A joiner that sends the host a frame too large for it is refused at once, and the host
// can then remove it.
//
// A joiner reloads its page mid-game and is back in its seat without a click (its seat
// token kept in sessionStorage, the tab's lock showing it is no copy of another tab), and
// plays on in the same seat to the end.
//
// Last, a third person who joins a table of two watches until the host adds a seat, and
// then takes it.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable, programRuns } from "./harness.mjs";
import { createAndJoin, lobbiesShow, othersHiddenCardsShown, TRACE, waitOrDescribe } from "./play.mjs";
import { refereeOf, seed } from "./deal.mjs";

const table = useTable();
const openPage = (viewport) => table.open({ viewport });

/** Clicks one offered decision on `page`, if any; returns whether it clicked. */
let examineOffered = false;

async function decideOnce(page) {
  const buttons = page.getByTestId("decision");
  // Each button's accessible name: what it does, then what it means.
  const labels = await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label") ?? b.textContent));
  if (labels.some((l) => l.startsWith("Examine"))) examineOffered = true;
  if (labels.length === 0) return false;
  let i = labels.findIndex((l) => l.startsWith("Income") || l.startsWith("Pass"));
  if (i < 0) i = 0;
  // The table redraws as the others play: a button may go away under the click.
  return buttons.nth(i).click({ timeout: 1_000 }).then(
    () => true,
    () => false,
  );
}

test("two people and a bot play a room game to the end over the data channel", { timeout: 150_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  try {
    // Names: a name the host would refuse is explained beside the field and blocks the
    // buttons; a good one is remembered and travels in the hello.
    // The field stops at the 24 characters a name may have.
    await host.page.getByTestId("player-name").fill("x".repeat(25));
    assert.equal((await host.page.getByTestId("player-name").inputValue()).length, 24);
    await host.page.getByTestId("player-name").fill("Seat 3");
    await host.page.getByTestId("name-error").waitFor();
    assert.match(await host.page.getByTestId("name-error").textContent(), /cannot read as/);
    assert.ok(await host.page.getByTestId("create-room").isDisabled(), "no room with a bad name");
    await host.page.getByTestId("player-name").fill("  Ana  ");
    await host.page.getByTestId("name-error").waitFor({ state: "detached" });
    await guest.page.getByTestId("player-name").fill("Bo");

    await host.page.getByTestId("create-room").click();
    const codeEl = host.page.getByTestId("room-code");
    await codeEl.waitFor();
    const code = await codeEl.getAttribute("data-code");
    // The invitation: a link with the code, its QR code; opened, it fills the code in.
    const link = await host.page.getByTestId("invite-link").inputValue();
    assert.equal(link, `${table.base}/#join=${code}`);
    await host.page.getByRole("img", { name: "QR code of the invitation" }).waitFor();
    // As a new tab would open it (a page on the first screen follows the fragment too).
    await guest.page.goto("about:blank");
    await guest.page.goto(link);
    await guest.page.getByTestId("join-code").waitFor();
    assert.equal(await guest.page.getByTestId("join-code").inputValue(), `${code.slice(0, 3)}-${code.slice(3)}`);
    // A new page: the name typed before is typed again (it is remembered once used).
    await guest.page.getByTestId("player-name").fill("Bo");
    await guest.page.getByTestId("join-room").click();
    await guest.page.getByTestId("room-code").waitFor();
    // While they wait in the lobby, a joiner can read how to play.
    await guest.page.getByRole("button", { name: "How to play" }).click();
    const rules = guest.page.getByRole("dialog", { name: "Rules and cards" });
    await rules.getByRole("img", { name: "Duke", exact: true }).waitFor();
    await rules.getByRole("button", { name: "Close" }).click();
    await rules.waitFor({ state: "detached" });

    // The joiner said hello over the data channel and took the open seat: both lobbies
    // show two people.
    for (const side of [host, guest]) {
      await side.page
        .locator('[data-testid="lobby-seat"][data-kind="person"]')
        .nth(1)
        .waitFor({ timeout: 20_000 });
    }
    for (const side of [host, guest]) {
      const names = await side.page.locator('[data-testid="lobby-seat"] .seat-name').allTextContents();
      assert.deepEqual(names, ["Ana", "Bo"], "both pages show the chosen names");
    }
    assert.equal(
      await host.page.evaluate(() => localStorage.getItem("coup.name")),
      "Ana",
      "the name is remembered",
    );
    assert.equal(await guest.page.getByTestId("start-game").count(), 0, "only the host deals");
    assert.equal(await guest.page.getByTestId("add-bot").count(), 0, "only the host adds bots");

    // The host's settings: the joiner reads them as words, with no control to change them.
    const summary = guest.page.getByTestId("settings-summary");
    const says = (re) => summary.getByRole("listitem").filter({ hasText: re }).waitFor({ timeout: 10_000 });
    for (const id of ["opt-inquisitor", "opt-reformation", "opt-draft", "opt-lock", "seat-count", "turn-timer"]) {
      assert.equal(await guest.page.getByTestId(id).count(), 0, `only the host has ${id}`);
    }
    await says(/^2 seats$/);
    await says(/^Ambassador \(no Inquisitor\)$/);
    await says(/^Turn timer: /);
    await host.page.getByTestId("opt-inquisitor").check();
    await says(/^Inquisitor instead of Ambassador$/);
    assert.ok(await host.page.getByTestId("opt-draft").isEnabled(), "two seats: the draft may be chosen");

    // The host locks the room: the joiner sees it, and a newcomer is turned away with a
    // reason; unlocked, the room is open again.
    await host.page.getByTestId("opt-lock").check();
    await says(/^Room locked/);
    const late = await openPage({ width: 390, height: 844 });
    try {
      await late.page.getByTestId("join-code").fill(code);
      await late.page.getByTestId("join-room").click();
      await late.page
        .getByTestId("notice")
        .filter({ hasText: "closed to newcomers" })
        .waitFor({ timeout: 20_000 });
      await programRuns(late.page);
      assert.equal(await host.page.locator('[data-testid="lobby-seat"][data-kind="person"]').count(), 2);
    } finally {
      await late.context.close();
    }
    await host.page.getByTestId("opt-lock").uncheck();
    await summary.getByRole("listitem").filter({ hasText: /^Room locked/ }).waitFor({ state: "detached", timeout: 10_000 });
    await host.page.screenshot({ path: path.join(ARTIFACTS, "room-host-lobby.png"), fullPage: true });
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "room-guest-lobby.png"), fullPage: true });

    await host.page.getByTestId("bot-level").selectOption("easy");
    await host.page.getByTestId("add-bot").click();
    for (const side of [host, guest]) {
      await side.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
      assert.equal(await side.page.getByTestId("lobby-seat").count(), 3);
    }
    await says(/^3 seats$/);
    assert.ok(await host.page.getByTestId("opt-draft").isDisabled(), "three seats: no draft");
    await host.page.getByTestId("start-game").click();
    for (const side of [host, guest]) {
      await side.page.getByTestId("room-table").waitFor({ timeout: 10_000 });
      await side.page.getByTestId("seat").nth(2).waitFor();
      assert.equal(await side.page.getByTestId("seat").count(), 3);
      assert.equal(await side.page.locator('[data-testid="seat"].me').count(), 1);
      assert.match(await side.page.getByTestId("table-mode").textContent(), /Inquisitor/);
    }
    // Each page's own seat is a different one.
    const mine = async (p) => p.locator('[data-testid="seat"].me').getAttribute("data-seat");
    assert.equal(await mine(host.page), "0");
    assert.equal(await mine(guest.page), "1");
    // At the deal each page sees the other person's two cards face down, and its own face up.
    const backs = (p, seat) => p.locator(`[data-testid="seat"][data-seat="${seat}"] .t-card.back`).count();
    assert.equal(await backs(guest.page, 0), 2, "the joiner sees the host's cards face down");
    assert.equal(await backs(host.page, 1), 2, "the host sees the joiner's cards face down");
    assert.equal(await host.page.locator('[data-testid="seat"].me .t-card.face').count(), 2);

    const decisions = { host: 0, guest: 0 };
    let shot = false;
    const deadline = Date.now() + 100_000;
    let steps = 0;
    for (;;) {
      steps += 1;
      assert.ok(steps < 3_000 && Date.now() < deadline, "the game ends in time");
      for (const side of [host, guest]) {
        assert.deepEqual(await othersHiddenCardsShown(side.page), [], "no one else's hidden card is shown");
      }
      const over = await Promise.all([host, guest].map((s) => s.page.getByTestId("game-over").isVisible()));
      if (over[0] && over[1]) break;
      let clicked = false;
      if (await decideOnce(host.page)) {
        decisions.host += 1;
        clicked = true;
      }
      if (await decideOnce(guest.page)) {
        decisions.guest += 1;
        clicked = true;
      }
      if (!shot && decisions.host + decisions.guest >= 4) {
        await host.page.screenshot({ path: path.join(ARTIFACTS, "room-host-mid.png"), fullPage: true });
        await guest.page.screenshot({ path: path.join(ARTIFACTS, "room-guest-mid.png"), fullPage: true });
        shot = true;
      }
      if (!clicked) await host.page.waitForTimeout(100);
    }
    console.log(`    decisions: host ${decisions.host}, joiner ${decisions.guest}`);
    assert.ok(decisions.host > 0 && decisions.guest > 0, "both people played");
    assert.ok(examineOffered, "with the Inquisitor, a turn offers Examine");

    const winner = async (p) => p.getByTestId("game-over").getAttribute("data-winner");
    const won = await winner(host.page);
    assert.match(won, /^[012]$/);
    assert.equal(await winner(guest.page), won, "both pages show the same winner");
    for (const side of [host, guest]) {
      // "Ana wins the game", or "You win the game!" on the winner's own page.
      assert.match(await side.page.getByTestId("log").textContent(), /wins? the game/);
    }
    // The end on both pages: every hand the same, card for card, and the same claims with
    // the same truth.
    const ending = async (p) => ({
      cards: await p.locator('[data-testid="final-hand"] [role="img"]').evaluateAll((is) => is.map((i) => i.getAttribute("aria-label"))),
      truths: await p.locator('[data-testid="timeline-claim"] .truth-tag').allTextContents(),
    });
    const [hostEnd, guestEnd] = [await ending(host.page), await ending(guest.page)];
    assert.equal(hostEnd.cards.length, 6, "two cards for each of three players");
    assert.ok(!hostEnd.cards.includes("hidden card"), "nothing hidden at the end");
    assert.deepEqual(guestEnd, hostEnd, "both pages show the same end");
    assert.ok(hostEnd.truths.every((t) => t === "true" || t === "bluff"), "each claim says whether it was true");
    await host.page.screenshot({ path: path.join(ARTIFACTS, "room-host-over.png"), fullPage: true });
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "room-guest-over.png"), fullPage: true });

    // Only the host deals again, or goes back to the lobby to change the settings first;
    // the joiner's page follows.
    assert.equal(await guest.page.getByTestId("rematch").count(), 0);
    assert.equal(await guest.page.getByTestId("to-lobby").count(), 0);
    assert.equal(await host.page.getByTestId("rematch").count(), 1);
    await host.page.getByTestId("to-lobby").click();
    for (const side of [host, guest]) {
      await side.page.getByTestId("room-table").waitFor({ state: "detached", timeout: 10_000 });
      await side.page.getByTestId("room-settings").waitFor();
      assert.equal(await side.page.getByTestId("lobby-seat").count(), 3);
    }
    await host.page.getByTestId("opt-reformation").check();
    await says(/^Reformation/);
    await host.page.getByTestId("start-game").click();
    for (const side of [host, guest]) {
      await side.page.getByTestId("room-table").waitFor({ timeout: 10_000 });
      await side.page.getByTestId("seat").nth(2).waitFor();
      assert.equal(await side.page.getByTestId("seat").count(), 3);
      assert.match(await side.page.getByTestId("table-mode").textContent(), /Inquisitor · Reformation/);
    }

    // On the phone the hand and the decision are pinned to the bottom of the screen; the
    // chat below the table scrolls up above them, and a line can be typed and sent there.
    const dockTop = async () => (await guest.page.getByTestId("dock").boundingBox()).y;
    await guest.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const id of ["chat-input", "chat-send"]) {
      const box = await guest.page.getByTestId(id).boundingBox();
      assert.ok(box.y + box.height <= (await dockTop()), `scrolled down, ${id} is above the dock`);
    }
    await guest.page.getByTestId("chat-input").fill("good game");
    await guest.page.getByTestId("chat-send").click({ timeout: 5_000 });
    await host.page.getByTestId("chat-line").filter({ hasText: "good game" }).waitFor({ timeout: 10_000 });

    for (const side of [host, guest]) {
      assert.deepEqual(await side.page.getByTestId("notice").allTextContents(), [], "no notices");
    }
    assert.deepEqual(host.errors, [], "no errors on the host's page");
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

// The page's data channels, kept where the test can send on them as a hostile peer would.
const KEEP_CHANNELS = () => {
  const Native = window.RTCPeerConnection;
  window.__channels = [];
  window.RTCPeerConnection = function (config) {
    const pc = new Native(config);
    pc.addEventListener("datachannel", (e) => window.__channels.push(e.channel));
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
};

test("the host removes a joiner, after a confirmation, and the joiner is told", { timeout: 60_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await table.open({ viewport: { width: 390, height: 844 }, init: KEEP_CHANNELS });
  try {
    await guest.page.getByTestId("player-name").fill("Cy");
    await host.page.getByTestId("create-room").click();
    const codeEl = host.page.getByTestId("room-code");
    await codeEl.waitFor();
    await guest.page.getByTestId("join-code").fill(await codeEl.getAttribute("data-code"));
    await guest.page.getByTestId("join-room").click();
    const people = (p) => p.locator('[data-testid="lobby-seat"][data-kind="person"]');
    try {
      await people(host.page).nth(1).waitFor({ timeout: 20_000 });
      await people(guest.page).nth(1).waitFor({ timeout: 20_000 });
    } catch (e) {
      // What each page shows, for the cause: its notices, its links and its screen.
      const shows = async (page, name) => {
        await page.screenshot({ path: path.join(ARTIFACTS, `failed-kick-${name}.png`), fullPage: true }).catch(() => {});
        const text = async (sel) => (await page.locator(sel).allTextContents().catch(() => [])).join(" | ");
        const links = await page.locator('[data-testid="peer"]').evaluateAll((ps) => ps.map((p) => `${p.dataset.peer}:${p.dataset.link}`)).catch(() => []);
        return `${name}: notices [${await text('[data-testid="notice"]')}], connection [${await text('[data-testid="connection-line"]')}], failure [${await text('[data-testid="link-failure"]')}], links [${links.join(", ")}], name field "${await page.getByTestId("player-name").inputValue({ timeout: 1_000 }).catch(() => "-")}"`;
      };
      e.message += `\n${await shows(host.page, "host")}\n${await shows(guest.page, "joiner")}\nrelay log:\n${table.relayLog().split("\n").slice(-15).join("\n")}`;
      throw e;
    }
    assert.equal(await guest.page.getByTestId("kick").count(), 0, "only the host removes people");
    assert.equal(await host.page.getByTestId("kick").count(), 1, "the host cannot remove itself");

    // A frame larger than the host takes is refused by the host's page, in the joiner's
    // language, before it reaches the referee's worker; the room is unharmed.
    await guest.page.evaluate(() => {
      const open = window.__channels.filter((c) => c.readyState === "open");
      if (open.length !== 1) throw new Error(`${open.length} open channels`);
      open[0].send("x".repeat(12_000));
    });
    await guest.page
      .getByTestId("notice")
      .filter({ hasText: "The message is 12000 bytes; the limit is 4096." })
      .waitFor({ timeout: 10_000 });

    // Asking first; cancelling keeps the joiner.
    await host.page.getByTestId("kick").click();
    assert.match(await host.page.getByTestId("kick-ask").textContent(), /Remove Cy from the room\?/);
    await host.page.getByTestId("kick-cancel").click();
    assert.equal(await host.page.getByTestId("kick-ask").count(), 0);
    assert.equal(await people(host.page).count(), 2);

    await host.page.getByTestId("kick").click();
    await host.page.getByTestId("kick-confirm").click();
    await guest.page.getByTestId("create-room").waitFor({ timeout: 10_000 });
    assert.match(
      (await guest.page.getByTestId("notice").allTextContents()).join("\n"),
      /The host removed you from the table/,
    );
    await host.page.locator('[data-testid="lobby-seat"][data-kind="open"]').waitFor({ timeout: 10_000 });
    assert.equal(await people(host.page).count(), 1);
    assert.deepEqual(host.errors, [], "no errors on the host's page");
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("a joiner that reloads mid-game is back in its seat and plays to the end", { timeout: 150_000 }, async () => {
  // The host's table dealt from a seed (deal.mjs): the same hands each run, so the joiner
  // is alive after the reload and has decisions left to make.
  // Both pages trace their sessions on the console, for a failure's report.
  const host = await table.open({ viewport: { width: 1280, height: 800 }, deal: { seed: seed("rejoin", 1) }, init: TRACE });
  const guest = await table.open({ viewport: { width: 390, height: 844 }, init: TRACE });
  try {
    await host.page.getByTestId("player-name").fill("Eve");
    await guest.page.getByTestId("player-name").fill("Di");
    assert.equal(await guest.page.getByTestId("rejoin-offer").count(), 0, "nothing to rejoin at first");
    await host.page.getByTestId("create-room").click();
    const codeEl = host.page.getByTestId("room-code");
    await codeEl.waitFor();
    const code = await codeEl.getAttribute("data-code");
    await guest.page.getByTestId("join-code").fill(code);
    await guest.page.getByTestId("join-room").click();
    for (const side of [host, guest]) {
      await side.page
        .locator('[data-testid="lobby-seat"][data-kind="person"]')
        .nth(1)
        .waitFor({ timeout: 20_000 });
    }
    await host.page.getByTestId("bot-level").selectOption("easy");
    await host.page.getByTestId("add-bot").click();
    await host.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
    await host.page.getByTestId("start-game").click();
    for (const side of [host, guest]) {
      await side.page.getByTestId("seat").nth(2).waitFor({ timeout: 10_000 });
    }
    // The host's referee was dealt from the seed (its worker's script was rewritten).
    await refereeOf(host.page);
    const mine = async (p) => p.locator('[data-testid="seat"].me').getAttribute("data-seat");
    assert.equal(await mine(guest.page), "1");
    const stored = JSON.parse(await guest.page.evaluate(() => sessionStorage.getItem("coup.rejoin")));
    assert.equal(stored.code, code, "the seat is kept for this tab");
    assert.equal(stored.name, "Di");

    // A few decisions, then the joiner's page reloads mid-game.
    for (let i = 0; i < 4; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
      await host.page.waitForTimeout(100);
    }
    await guest.page.reload();
    // The seat is taken back at once, without a click.
    await waitOrDescribe(guest.page.getByTestId("room-table"), 20_000, [host, guest], "the joiner's table after its reload");
    await guest.page.getByTestId("seat").nth(2).waitFor();
    assert.equal(await mine(guest.page), "1", "the same seat");
    // Its own seat reads "You" on its page, and Di on the host's.
    assert.equal(await guest.page.locator('[data-testid="seat"].me .t-name').textContent(), "You");
    assert.equal(await host.page.locator('[data-testid="seat"][data-seat="1"] .t-name').textContent(), "Di");
    assert.equal(await guest.page.getByTestId("seat").count(), 3);
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "room-guest-rejoined.png"), fullPage: true });

    // The game goes on to its end on both pages.
    let guestDecisions = 0;
    // Two people taking Income and passing, beside an Easy bot: a long game on a slow machine.
    const deadline = Date.now() + 100_000;
    for (;;) {
      assert.ok(Date.now() < deadline, "the game ends in time");
      const over = await Promise.all([host, guest].map((s) => s.page.getByTestId("game-over").isVisible()));
      if (over[0] && over[1]) break;
      let clicked = await decideOnce(host.page);
      if (await decideOnce(guest.page)) {
        guestDecisions += 1;
        clicked = true;
      }
      if (!clicked) await host.page.waitForTimeout(100);
    }
    const winner = async (p) => p.getByTestId("game-over").getAttribute("data-winner");
    const won = await winner(host.page);
    assert.match(won, /^[012]$/);
    assert.equal(await winner(guest.page), won, "both pages show the same winner");
    console.log(`    after the rejoin: joiner ${guestDecisions} decisions`);
    // Its seat's decisions come to the rejoined page: it plays at least its next turn, or
    // chooses the card it loses (a seat is never out without a decision of its own).
    assert.ok(guestDecisions >= 1, `the rejoined joiner decided for itself (table seed ${seed("rejoin", 1)})`);
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("a third person who joins a table of two watches, and takes the seat the host adds", { timeout: 60_000 }, async () => {
  // The pages trace their sessions: a join that stalls says where.
  const host = await table.open({ viewport: { width: 1280, height: 800 }, init: TRACE });
  const guest = await table.open({ viewport: { width: 390, height: 844 }, init: TRACE });
  const third = await table.open({ viewport: { width: 390, height: 844 }, init: TRACE });
  const sides = [host, guest, third];
  const people = (p) => p.locator('[data-testid="lobby-seat"][data-kind="person"]');
  try {
    await third.page.getByTestId("player-name").fill("Cy");
    const { code } = await createAndJoin(host, guest, ["Ana", "Bo"]);
    await lobbiesShow([host, guest], 2);
    // Both seats are taken: Cy watches.
    await third.page.getByTestId("join-code").fill(code);
    await third.page.getByTestId("join-room").click();
    await host.page.locator('[data-testid="peer"]').filter({ hasText: "Cy" }).filter({ hasText: "watching" }).waitFor({ timeout: 20_000 });
    assert.equal(await people(host.page).count(), 2, "two seats, two people");
    // The host adds a seat: Cy, who came to play, takes it on every page.
    await host.page.getByTestId("seat-count").selectOption("3");
    for (const side of sides) {
      await people(side.page).nth(2).waitFor({ timeout: 10_000 });
      assert.equal(await people(side.page).count(), 3);
    }
    assert.match(await people(third.page).nth(2).textContent(), /Cy/);
    await third.page.screenshot({ path: path.join(ARTIFACTS, "room-watcher-seated-phone.png") });
    for (const side of sides) assert.deepEqual(side.errors, [], "no errors on the page");
  } finally {
    for (const side of sides) await side.context.close().catch(() => {});
  }
});
