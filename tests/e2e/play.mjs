// Helpers the room scenarios share: a page in its own browser context (the harness's),
// a room between a host and a joiner, clicking decisions, and the hidden-card check. Not
// a test file.

import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS } from "./harness.mjs";

export { openPage } from "./harness.mjs";

/** An init script that has the page trace its session on the console (`window.coupTrace`). */
export const TRACE = () => {
  window.coupTrace = true;
};

/**
 * What each page shows when a wait fails, so that a failure on CI can be read from the
 * tail of its log: its links, notices, own seat and whether it is still taking its seat
 * back, then the last lines of its session's trace (on when the page was opened with
 * `TRACE`) and of its console, with a screenshot of each in the artifacts.
 */
export async function describePages(sides, what) {
  const lines = [];
  for (const [i, side] of sides.entries()) {
    const page = side.page;
    if (page.isClosed()) {
      lines.push(`page ${i}: closed`);
      continue;
    }
    const file = path.join(ARTIFACTS, `failed-${what.replace(/\W+/g, "-")}-${i}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    const state = await page
      .evaluate(() => ({
        peers: [...document.querySelectorAll('[data-testid="peer"]')].map((p) => `${p.dataset.peer}:${p.dataset.link}`),
        notices: [...document.querySelectorAll('[data-testid="notice"]')].map((n) => n.textContent.trim().slice(0, 80)),
        me: document.querySelector('[data-testid="seat"].me')?.dataset.seat ?? null,
        restoring: !!document.querySelector('[data-testid="restoring"]:not([hidden])'),
        over: !!document.querySelector('[data-testid="game-over"]'),
      }))
      .catch((e) => ({ unreadable: e.message }));
    const log = side.log ?? side.errors;
    // The session's steps, without the messages it sends and receives (the heartbeats and
    // table updates of a live link would push out where a stuck one stopped).
    const trace = log
      .filter((l) => l.includes("coup: ") && !/ Send \{|^\S+: coup: link \S+ frame /.test(l))
      .slice(-8)
      .map((l) => l.replace(/^.*?coup: /, "").slice(0, 110));
    const other = log.filter((l) => !l.includes("coup: ")).slice(-3).map((l) => l.slice(0, 110));
    lines.push(`page ${i}: ${JSON.stringify(state)} (${path.basename(file)})`);
    lines.push(`  trace: ${JSON.stringify(trace)}`);
    lines.push(`  console: ${JSON.stringify(other)}`);
  }
  return lines.join("\n");
}

/** Waits for `locator`, and on a timeout fails with what `sides`' pages show. */
export async function waitOrDescribe(locator, ms, sides, what) {
  try {
    await locator.waitFor({ timeout: ms });
  } catch {
    assert.fail(`${what} within ${ms} ms\n${await describePages(sides, what)}`);
  }
}

/** Cards shown face up and not lost in seats other than the page's own: must be none. */
export async function othersHiddenCardsShown(page) {
  return page.locator('[data-testid="seat"]:not(.me) .t-card.face:not(.lost)').allTextContents();
}

/** The labels of the decisions `page` offers now. */
export async function offered(page) {
  return labelsOf(page.getByTestId("decision"));
}

/** Each button's label, without the words beneath it that say what it means. */
function labelsOf(buttons) {
  return buttons.evaluateAll((bs) => bs.map((b) => (b.querySelector(".d-label") ?? b).textContent));
}

/**
 * Clicks one offered decision on `page`, if any: the first label starting with one of
 * `prefer`, else the first. Returns whether it clicked. When `hold(labels)` is true the
 * decision is left for the caller (one it waits for), unanswered.
 */
export async function decideOnce(page, prefer = ["Income", "Pass"], hold = null) {
  const buttons = page.getByTestId("decision");
  const labels = await labelsOf(buttons);
  if (labels.length === 0 || hold?.(labels)) return false;
  let i = -1;
  for (const p of prefer) {
    i = labels.findIndex((l) => l.startsWith(p));
    if (i >= 0) break;
  }
  if (i < 0) i = 0;
  // The table redraws as the others play: a button may go away under the click.
  return buttons.nth(i).click({ timeout: 1_000 }).then(
    () => true,
    () => false,
  );
}

/** Both pages check that neither shows another seat's hidden card. */
export async function checkHidden(sides) {
  for (const [i, side] of sides.entries()) {
    const shown = await othersHiddenCardsShown(side.page);
    if (shown.length > 0) {
      const seats = await side.page.getByTestId("seat").evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 300)));
      assert.fail(`page ${i} shows another seat's hidden card: ${shown}\n${seats.join("\n")}`);
    }
  }
}

/**
 * Every page's audit of a fair game the person at seat `gone` left: fair. If that seat left
 * holding cards, they left face down (shown on every page as lost cards with their backs
 * up) and the game is sealed: no card opens at the end (docs/FAIR-DEAL.md, section 9), so
 * the verdict says what that leaves unchecked; otherwise every card opens as usual, and
 * `allFair` (the test file's check of an audit that opened them) checks the pages.
 */
export async function allFairAfterLeaving(sides, gone, allFair) {
  const faceDown = await sides[0].page.locator(`[data-testid="seat"][data-seat="${gone}"] .t-card.back.lost`).count();
  if (faceDown === 0) return allFair(sides);
  for (const side of sides) {
    assert.equal(
      await side.page.locator(`[data-testid="seat"][data-seat="${gone}"] .t-card.back.lost`).count(),
      faceDown,
      "every page shows the same cards lost face down",
    );
    const verdict = side.page.getByTestId("fair-verdict");
    await verdict.waitFor({ timeout: 30_000 });
    assert.equal(await verdict.getAttribute("data-fair"), "true");
    assert.match(
      await verdict.textContent(),
      /^A player left holding cards, so no card opens at the end: every move was checked as it came; “cannot prove” answers left unchecked: \d+\.$/,
    );
    const over = side.page.getByTestId("over-fair-verdict");
    await over.and(side.page.locator('[data-fair="true"]')).waitFor({ timeout: 10_000 });
  }
  for (const [i, side] of sides.entries()) assert.deepEqual(side.errors, [], `no errors on page ${i}`);
}

/**
 * Host creates a room, the joiner joins, the host adds an Easy bot and deals. Returns the
 * room code.
 */
export async function dealRoom(host, guest, names = ["Ana", "Bo"]) {
  const { code } = await createAndJoin(host, guest, names);
  await dealFromLobby(host, guest);
  return code;
}

/**
 * Both name themselves, the host creates a room and the joiner presses Join with its
 * code. Returns `{ code, joinedAt }`, the code and the time of the click on Join.
 */
export async function createAndJoin(host, guest, names = ["Ana", "Bo"]) {
  await host.page.getByTestId("player-name").fill(names[0]);
  await guest.page.getByTestId("player-name").fill(names[1]);
  await host.page.getByTestId("create-room").click();
  const codeEl = host.page.getByTestId("room-code");
  await codeEl.waitFor();
  const code = await codeEl.getAttribute("data-code");
  await guest.page.getByTestId("join-code").fill(code);
  const joinedAt = Date.now();
  await guest.page.getByTestId("join-room").click();
  return { code, joinedAt };
}

/**
 * Waits until every page of `sides` shows `people` people in its lobby; on a timeout fails
 * with what each page shows ([`describePages`]).
 */
export async function lobbiesShow(sides, people, ms = 20_000) {
  for (const side of sides) {
    const seat = side.page.locator('[data-testid="lobby-seat"][data-kind="person"]').nth(people - 1);
    await waitOrDescribe(seat, ms, sides, `${people} people in every lobby`);
  }
}

/** Once the joiner has pressed Join: both lobbies show two people, the host adds an Easy bot and deals. */
export async function dealFromLobby(host, guest) {
  await lobbiesShow([host, guest], 2);
  await host.page.getByTestId("bot-level").selectOption("easy");
  await host.page.getByTestId("add-bot").click();
  await host.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
  await host.page.getByTestId("start-game").click();
  for (const side of [host, guest]) {
    await side.page.getByTestId("seat").nth(2).waitFor({ timeout: 10_000 });
  }
}

/** Whether `page` shows its link to `peer` (a relay id) open. */
export async function linkOpen(page, peer) {
  return (await page.locator(`[data-testid="peer"][data-peer="${peer}"][data-link="open"]`).count()) > 0;
}

/**
 * Plays on both pages until both show the game over; returns the winner's seat, one of
 * the table's `seats`. On time running out, what each page shows is told under `what`.
 */
export async function playToTheEnd(host, guest, { ms = 90_000, prefer, seats = 3, what = "game-end" } = {}) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (Date.now() >= deadline) assert.fail(`the game did not end in time\n${await describePages([host, guest], what)}`);
    await checkHidden([host, guest]);
    const over = await Promise.all([host, guest].map((s) => s.page.getByTestId("game-over").isVisible()));
    if (over[0] && over[1]) break;
    let clicked = await decideOnce(host.page, prefer);
    if (await decideOnce(guest.page, prefer)) clicked = true;
    if (!clicked) await host.page.waitForTimeout(100);
  }
  const winner = async (p) => p.getByTestId("game-over").getAttribute("data-winner");
  const won = await winner(host.page);
  assert.match(won, new RegExp(`^[0-${seats - 1}]$`));
  assert.equal(await winner(guest.page), won, "both pages show the same winner");
  return won;
}

/**
 * Whether a decision is `page`'s to make (the tab's title starts with ● then), and not
 * one already answered: a panel we answered stays, its buttons disabled, until the update
 * that takes it away, which a loaded machine can take a while to draw.
 */
export const owed = (page) =>
  page.evaluate(() => {
    if (!document.title.startsWith("●")) return false;
    const panel = document.querySelector("[data-testid=decision-area] [role=group]");
    return !panel || !!panel.querySelector("button:not([disabled])");
  });

/**
 * Plays `page`'s game to its end: waits while nothing is owed, and each time a decision
 * is, runs `decide()` (which answers it, or returns to look again). Fails after `ms`.
 */
export async function playUntilOver(page, decide, { ms = 240_000 } = {}) {
  const deadline = Date.now() + ms;
  while (!(await page.getByTestId("game-over").isVisible())) {
    assert.ok(Date.now() < deadline, "the game ends in time");
    if (await owed(page)) await decide();
    else await page.waitForTimeout(100);
  }
}

/** How many referees `page` runs: its referee workers (a hosting page runs one). */
export const refereesOn = (page) => page.workers().filter((w) => /referee/.test(w.url())).length;
