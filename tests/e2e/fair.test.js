// Fair rooms, end to end (docs/FAIR-DEAL.md). A host and one joiner: the host turns Fair
// deal on in the lobby (the bot choices go away: people only, and the joiner reads it in
// the settings), deals, and both pages play to the end over the data channel by clicking
// whatever is offered, Income and Pass first, the fair table's own answers included (the
// card a Coup takes is chosen on the page that holds it). Each page shows the shuffles'
// progress and the table's key fingerprint, the same on every page; no page ever shows
// another's hidden cards; at the end every page's audit says the game was fair. Then the
// same with a reload of the joiner and then of the host in the middle of the game (each
// page takes its secret back from its tab's storage, section 8), and with three people.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { allFairAfterLeaving, checkHidden, createAndJoin, lobbiesShow, TRACE } from "./play.mjs";

const table = useTable();
// Every page traces its session on the console, for a failure's report.
const openPage = (viewport) => table.open({ viewport, init: TRACE });

/**
 * An init script: the page traces its session, and its `crypto.getRandomValues` draws from
 * a generator seeded with `seed` (xorshift32). A fair deal is made by every page's
 * shuffles from that randomness, so pages opened with the same seeds, at a table dealt
 * from a seed (`deal`), deal the same cards every run: a test can count on a card being
 * there rather than hoping for it.
 */
const seededRandom = (seed) => `window.coupTrace = true;
(() => {
  let s = ${seed >>> 0} || 1;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  crypto.getRandomValues = (a) => {
    const b = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < b.length; i++) b[i] = next() & 255;
    return a;
  };
})();`;
/** A page whose randomness, and whose table's deal when it hosts, come from `seed`. */
const openSeeded = (viewport, seed) => table.open({ viewport, init: seededRandom(seed), deal: { seed } });

/** Clicks one offered decision or fair answer on `page`, if any: Income or Pass first. */
async function decideOnce(page, seen) {
  const answers = page.getByTestId("fair-answer");
  const fair = await answers.evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => b.textContent));
  if (fair.length > 0) {
    seen.add(fair[0].split(" ")[0]);
    return answers.first().click({ timeout: 1_000 }).then(
      () => true,
      () => false,
    );
  }
  const buttons = page.getByTestId("decision");
  const labels = await buttons.evaluateAll((bs) =>
    bs.filter((b) => !b.disabled).map((b) => (b.querySelector(".d-label") ?? b).textContent),
  );
  if (labels.length === 0) return false;
  let i = labels.findIndex((l) => l.startsWith("Income") || l.startsWith("Pass"));
  if (i < 0) i = 0;
  return buttons.nth(i).click({ timeout: 1_000 }).then(
    () => true,
    () => false,
  );
}

/** The table key every page shows once every key is in. */
async function fingerprint(page) {
  const el = page.getByTestId("fair-fingerprint");
  await el.waitFor({ timeout: 30_000 });
  return el.textContent();
}

/** Each page's table is up, its cards dealt and read, and every page holds the same keys. */
async function dealt(sides) {
  for (const side of sides) {
    await side.page.getByTestId("room-table").waitFor({ timeout: 20_000 });
    await side.page.getByTestId("fair-strip").waitFor({ timeout: 20_000 });
  }
  const prints = [];
  for (const side of sides) prints.push(await fingerprint(side.page));
  assert.match(prints[0], /^Table key: [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4}$/);
  for (const p of prints) assert.equal(p, prints[0], "the same table key on every page");
  // Each page reads its own two cards, and only those.
  for (const side of sides) {
    await side.page.locator('[data-testid="seat"].me .t-card.face').nth(1).waitFor({ timeout: 30_000 });
  }
  await checkHidden(sides);
  return prints[0];
}

/**
 * Plays on every page, each clicking what it is offered, until `stop()` holds (by default,
 * every page shows the game over). Fair answers given go into `seen`.
 */
async function play(sides, seen, { ms = 180_000, stop } = {}) {
  const allOver = async () =>
    (await Promise.all(sides.map((s) => s.page.getByTestId("game-over").isVisible()))).every(Boolean);
  const done = stop ?? allOver;
  const deadline = Date.now() + ms;
  for (;;) {
    assert.ok(Date.now() < deadline, "the game goes on in time");
    await checkHidden(sides);
    if (await done()) return;
    let clicked = false;
    for (const side of sides) if (await decideOnce(side.page, seen)) clicked = true;
    if (!clicked) await sides[0].page.waitForTimeout(100);
  }
}

/** Every page's audit says the game was fair, and no page showed an error. */
async function allFair(sides) {
  for (const side of sides) {
    const verdict = side.page.getByTestId("fair-verdict");
    await verdict.waitFor({ timeout: 30_000 });
    assert.equal(await verdict.getAttribute("data-fair"), "true");
    assert.equal(await verdict.textContent(), "This game was fair.");
    // The end's dialog says it too, at its top, where a phone shows it without scrolling.
    const over = side.page.getByTestId("over-fair-verdict");
    await over.and(side.page.locator('[data-fair="true"]')).waitFor({ timeout: 10_000 });
    assert.equal(await over.textContent(), "This game was fair.");
    // R11.3: with every secret in, each page reads the end from the record itself (the
    // host knows no card): every hand shows face up in the end's dialog, and every claim
    // says whether it was true.
    const dialog = side.page.getByTestId("game-over");
    assert.equal(await dialog.locator(".t-card.back").count(), 0, "every hand is shown at the end");
    assert.ok((await dialog.locator(".t-card.face").count()) >= 4);
    const timeline = await dialog.getByTestId("timeline").locator("li").allTextContents();
    for (const line of timeline) {
      if (line === "No one claimed a character this game.") continue;
      assert.match(line, /true|bluff/, `the claim "${line}" says what it was`);
    }
  }
  for (const [i, side] of sides.entries()) assert.deepEqual(side.errors, [], `no errors on page ${i}`);
}

/** The names of the cards `page` holds, hidden from the others and not lost. */
const ownCards = (page) => page.locator('[data-testid="seat"].me .t-card.face:not(.lost) .t-card-name').allTextContents();

/** The action that claims each character, in the order a truthful claim is looked for. */
const CLAIMS = [
  ["Duke", "Tax"],
  ["Ambassador", "Exchange"],
];

/**
 * One page's script for a game of two (turns counted on this page). Each of its turns
 * plays the next action of `plan`, then Income: an action by name (and its first target,
 * when it asks whom), "truthful" for a claim of a character it holds (Duke or
 * Ambassador; a bluff when it holds neither) or "bluff" for one it lacks. It lets the
 * other's first claim pass and challenges every later one. It answers with its cards
 * truthfully: shows a challenged card when it holds it, concedes an Embezzlement
 * challenge only holding a Duke; from an Exchange or a draft it keeps a Duke or an
 * Ambassador when it can; examining, it makes the other swap. What it did goes into `log`.
 */
function scripted(page, log, plan) {
  let turns = 0;
  let reactions = 0;
  return async function step() {
    const answers = page.getByTestId("fair-answer");
    const fair = await answers.evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => b.textContent));
    if (fair.length > 0) {
      const cards = await ownCards(page);
      let i = 0;
      if (fair.some((f) => f.startsWith("Keep"))) {
        i = Math.max(0, fair.findIndex((f) => /Duke|Ambassador/.test(f)));
      } else if (fair.includes("I cannot prove it")) {
        i = fair.findIndex((f) => f.startsWith("Show"));
        if (i < 0) i = fair.indexOf("I cannot prove it");
      } else if (fair.some((f) => f.startsWith("Concede"))) {
        i = fair.findIndex((f) => f.startsWith(cards.includes("Duke") ? "Concede" : "Show my hand"));
      }
      const ok = await answers.nth(i).click({ timeout: 1_000 }).then(() => true, () => false);
      if (ok) log.push({ answer: fair[i], held: cards });
      return ok;
    }
    const area = page.getByTestId("decision-area");
    const buttons = page.getByTestId("decision");
    const labels = await buttons.evaluateAll((bs) =>
      bs.filter((b) => !b.disabled).map((b) => (b.querySelector(".d-label") ?? b).textContent),
    );
    if (labels.length === 0) return false;
    const pick = async (want, note) => {
      const i = labels.findIndex((l) => l.startsWith(want));
      if (i < 0) return false;
      const ok = await buttons.nth(i).click({ timeout: 1_000 }).then(() => true, () => false);
      if (!ok) return false;
      // An action that asks whom: its first target.
      const whom = area.getByRole("button", { name: /^(Coup|Steal from|Assassinate|Examine|Convert) (?!—)/ });
      if (await whom.count()) await whom.first().click({ timeout: 5_000 });
      log.push(note);
      return true;
    };
    if (labels.includes("Challenge")) {
      const react = reactions === 0 ? "Pass" : "Challenge";
      const ok = await pick(react, { react });
      if (ok) reactions += 1;
      return ok;
    }
    if (labels.some((l) => l.startsWith("Income"))) {
      const cards = await ownCards(page);
      const planned = plan[turns] ?? "Income";
      const held = CLAIMS.find(([card]) => cards.includes(card));
      const lacked = CLAIMS.find(([card]) => !cards.includes(card));
      let action = planned;
      if (planned === "truthful") action = (held ?? lacked)[1];
      else if (planned === "bluff") action = lacked[1];
      if (!labels.some((l) => l.startsWith(action))) action = "Income";
      const truthful = CLAIMS.some(([card, act]) => act === action && cards.includes(card));
      const ok = await pick(action, { turn: turns, action, held: cards, truthful });
      if (ok) turns += 1;
      return ok;
    }
    // Examined: the other swaps; a Coup forced by ten coins, a block offered: the first
    // offered, a pass first.
    for (const want of ["Make them swap it", "Pass"]) if (await pick(want, { decided: want })) return true;
    return buttons.first().click({ timeout: 1_000 }).then(() => true, () => false);
  };
}

/** Plays each page's script until every page shows the game over; prints what each did. */
async function playScripted(sides, steps, logs) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    assert.ok(Date.now() < deadline, "the game goes on in time");
    await checkHidden(sides);
    const over = await Promise.all(sides.map((s) => s.page.getByTestId("game-over").isVisible()));
    if (over.every(Boolean)) break;
    let moved = false;
    for (const step of steps) if (await step()) moved = true;
    if (!moved) await sides[0].page.waitForTimeout(100);
  }
  for (const [i, log] of logs.entries()) console.log(`    page ${i}: ${JSON.stringify(log)}`);
}

/** Host, joiner and Cy in a lobby of three people, Fair deal on; dealt and read. */
async function fairRoomOfThree(sides) {
  const [host, guest, third] = sides;
  const { code } = await createAndJoin(host, guest);
  await host.page.getByTestId("seat-count").selectOption("3");
  // The table has its third seat before Cy joins, so Cy sits down at once (one who
  // arrives at a full table watches until a seat opens).
  await host.page.locator('[data-testid="lobby-seat"]').nth(2).waitFor({ timeout: 10_000 });
  await third.page.getByTestId("player-name").fill("Cy");
  await third.page.getByTestId("join-code").fill(code);
  await third.page.getByTestId("join-room").click();
  await lobbiesShow(sides, 3);
  await host.page.getByTestId("opt-fair").check();
  await host.page.getByTestId("start-game").click();
  await dealt(sides);
}

/** The number of cards lost (face up) on `page`'s table. */
const lost = (page) => page.locator('[data-testid="seat"] .t-card.lost').count();

/** Host and joiner in a lobby of two people, Fair deal on; the host deals. */
async function fairRoomOfTwo(host, guest) {
  await createAndJoin(host, guest);
  await lobbiesShow([host, guest], 2);
  await host.page.getByTestId("opt-fair").check();
  await host.page.getByTestId("start-game").click();
}

test("two people play a fair room to the end and both audits say it was fair", { timeout: 240_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  // The fair deal's code is a module of its own, which a page fetches once it is at a
  // fair table, and not before; so is the fair deal's referee, which only the host's
  // worker fetches, once its player turns the fair deal on.
  const fairFetched = [0, 0];
  const refereeFetched = [0, 0];
  for (const [i, side] of [host, guest].entries()) {
    side.context.on("request", (r) => {
      const at = new URL(r.url()).pathname;
      if (/\/split_fair-/.test(at)) fairFetched[i] += 1;
      if (/\/split_referee_fair-/.test(at)) refereeFetched[i] += 1;
    });
  }
  try {
    await createAndJoin(host, guest);
    await lobbiesShow([host, guest], 2);
    assert.deepEqual(fairFetched, [0, 0], "no fair code before Fair deal is on");
    assert.deepEqual(refereeFetched, [0, 0], "no fair referee before Fair deal is on");
    assert.equal(await host.page.getByTestId("add-bot").count(), 1, "bots may be added before");
    await host.page.getByTestId("opt-fair").check();
    // People only: the bot choices go, the host reads why, the joiner reads the setting.
    await host.page.getByTestId("add-bot").waitFor({ state: "detached", timeout: 10_000 });
    assert.equal(await host.page.getByTestId("bot-level").count(), 0);
    await host.page.getByTestId("fair-hint").waitFor();
    await guest.page
      .getByTestId("settings-summary")
      .getByRole("listitem")
      .filter({ hasText: /^Fair deal: every player shuffles, people only$/ })
      .waitFor({ timeout: 10_000 });
    assert.ok(await host.page.getByTestId("opt-fair").isChecked());

    await host.page.getByTestId("start-game").click();
    await dealt([host, guest]);
    assert.ok(fairFetched.every((n) => n >= 1), `each page fetched the fair code: ${fairFetched}`);
    assert.ok(refereeFetched[0] >= 1, `the host's worker fetched the fair referee: ${refereeFetched}`);
    assert.equal(refereeFetched[1], 0, "a joiner never fetches a referee");
    // No verdict while the game is played: there is nothing to audit yet.
    assert.equal(await host.page.getByTestId("fair-verdict").count(), 0);
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-host-dealt.png"), fullPage: true });

    const seen = new Set();
    await play([host, guest], seen);
    console.log(`    fair answers given: ${[...seen].join(", ")}`);
    assert.ok(seen.has("Lose"), "a Coup's card was chosen on its holder's page");
    await allFair([host, guest]);
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-host-over.png"), fullPage: true });
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "fair-guest-over.png"), fullPage: true });
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("a host whose worker cannot fetch the fair deal's referee is told so at Start, and Start deals once it can", { timeout: 120_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  // The network fails every fetch of the fair referee's module until `failing` is off.
  let failing = true;
  let aborted = 0;
  await host.context.route(/\/split_referee_fair-[0-9a-f]+\.wasm$/, (route) => {
    if (!failing) return route.continue();
    aborted += 1;
    return route.abort("connectionreset");
  });
  try {
    await createAndJoin(host, guest);
    await lobbiesShow([host, guest], 2);
    await host.page.getByTestId("opt-fair").check();
    // Turning it on started the fetch, which failed; Start fetches again, fails again, and
    // the host reads why nothing was dealt.
    const deadline = Date.now() + 15_000;
    while (aborted === 0 && Date.now() < deadline) await host.page.waitForTimeout(100);
    assert.ok(aborted >= 1, "turning the fair deal on fetched the fair referee");
    const before = aborted;
    await host.page.getByTestId("start-game").click();
    await host.page
      .getByTestId("notice")
      .filter({ hasText: "The fair deal's code could not be loaded yet: check your connection and try again." })
      .waitFor({ timeout: 15_000 });
    assert.ok(aborted > before, `Start fetched it again (${before} then ${aborted} failed fetches)`);
    assert.equal(await host.page.getByTestId("room-table").count(), 0, "nothing dealt");
    assert.ok(await host.page.getByTestId("opt-fair").isChecked(), "the fair deal stays on");
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-referee-unavailable.png") });
    // The network back: the next Start fetches it and deals, fairly.
    failing = false;
    await host.page.getByTestId("start-game").click();
    const key = await dealt([host, guest]);
    assert.ok(key, "both pages hold the table's key");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("in a fair room the joiner reloads mid-game, then the host, and the game goes on to a fair end", { timeout: 300_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  const sides = [host, guest];
  try {
    await fairRoomOfTwo(host, guest);
    const key = await dealt(sides);
    const seen = new Set();
    // Mid-game: a card has been lost (a Coup at least), and the game is not over.
    await play(sides, seen, { stop: async () => (await lost(host.page)) >= 1 });
    assert.equal(await host.page.getByTestId("game-over").count(), 0, "the game is not over");

    for (const [who, side] of [
      ["joiner", guest],
      ["host", host],
    ]) {
      const kept = await side.page.evaluate(() => sessionStorage.getItem("coup.fair"));
      assert.ok(kept, `the ${who}'s tab keeps its seat's secret`);
      const lostBefore = await lost(host.page);
      const reloaded = Date.now();
      await side.page.reload();
      // Back in its seat: its own two cards read again with the stored secret, the same
      // table key, and the record rebuilt to the same point.
      await side.page.getByTestId("fair-strip").waitFor({ timeout: 30_000 });
      assert.equal(await fingerprint(side.page), key, `the ${who}'s page rebuilt the same keys`);
      await side.page.locator('[data-testid="seat"].me .t-card.face').first().waitFor({ timeout: 30_000 });
      await checkHidden(sides);
      assert.equal(await lost(side.page), lostBefore, `the ${who}'s page shows the cards lost before`);
      console.log(`    fair room, ${who} reload to its cards read again: ${Date.now() - reloaded} ms`);
      // And the game moves on from both pages: one more card lost, or the end.
      const target = lostBefore + 1;
      await play(sides, seen, {
        stop: async () =>
          (await lost(host.page)) >= target && (await lost(guest.page)) >= target,
      });
    }
    await play(sides, seen);
    await allFair(sides);
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-reloads-host-over.png"), fullPage: true });
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("a fair room of three people plays to the end and every audit says it was fair", { timeout: 300_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  const third = await openPage({ width: 390, height: 844 });
  const sides = [host, guest, third];
  try {
    await fairRoomOfThree(sides);
    const seen = new Set();
    await play(sides, seen, { ms: 240_000 });
    console.log(`    fair answers given: ${[...seen].join(", ")}`);
    await allFair(sides);
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-three-host-over.png"), fullPage: true });
  } finally {
    for (const side of sides) await side.context.close();
  }
});

/** The seeds of a scripted test's two pages: `COUP_FAIR_SEEDS=h,g` tries others. */
const seeds = (fallback) => (process.env.COUP_FAIR_SEEDS ?? fallback).split(",").map(Number);

test("in a fair room of two, an Exchange, a claim proved and a bluff caught move the right cards and the audits say fair", { timeout: 240_000 }, async () => {
  // Dealt from seeds whose cards make each step of the plan come up.
  const [hs, gs] = seeds("11,12");
  const host = await openSeeded({ width: 1280, height: 800 }, hs);
  const guest = await openSeeded({ width: 390, height: 844 }, gs);
  const sides = [host, guest];
  try {
    await fairRoomOfTwo(host, guest);
    await dealt(sides);
    const logs = [[], []];
    const steps = sides.map((side, i) => scripted(side.page, logs[i], ["Exchange", "truthful", "bluff"]));
    await playScripted(sides, steps, logs);
    const all = logs.flat();
    // Each page's first turn was an Exchange, let pass: its cards were chosen from four
    // on its own page (R4.2) and the Court reshuffled.
    for (const log of logs) {
      assert.equal(log.find((e) => e.turn === 0)?.action, "Exchange");
      assert.ok(log.some((e) => e.answer?.startsWith("Keep")), "an Exchange was answered by keeping cards");
    }
    // Every challenge a page answered, it answered by its cards (R6.1): it showed the
    // card exactly when it held it. A bluff was always challenged, and was caught.
    const proofs = all.filter((e) => e.answer?.startsWith("Show") || e.answer === "I cannot prove it");
    assert.ok(proofs.length >= 1, "a claim was challenged and answered");
    for (const p of proofs) {
      const card = p.answer.startsWith("Show ") ? p.answer.slice(5) : null;
      if (card) assert.ok(p.held.includes(card), `showed ${card} while holding ${p.held}`);
    }
    assert.ok(proofs.some((p) => p.answer === "I cannot prove it"), "a bluff was caught");
    // A claim made truthfully and challenged was proved (R6.1), and the loser of each
    // challenge chose its card on its own page.
    const truthful = all.filter((e) => e.truthful && e.turn > 0);
    assert.ok(truthful.length > 0, "a page held a card it claimed");
    assert.ok(proofs.some((p) => p.answer.startsWith("Show")), "a true claim was proved");
    assert.ok(all.some((e) => e.answer?.startsWith("Lose")), "a card was lost by its holder's choice");
    await allFair(sides);
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "fair-scripted-guest-over.png") });
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-scripted-host-over.png") });
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("in a fair room of two with the draft, the Inquisitor and Reformation, Examine, Conversion, Embezzlement and an Exchange move the right cards", { timeout: 240_000 }, async () => {
  const [hs, gs] = seeds("41,42");
  const host = await openSeeded({ width: 1280, height: 800 }, hs);
  const guest = await openSeeded({ width: 390, height: 844 }, gs);
  const sides = [host, guest];
  try {
    await createAndJoin(host, guest);
    await lobbiesShow(sides, 2);
    for (const id of ["opt-inquisitor", "opt-reformation", "opt-draft", "opt-fair"]) {
      await host.page.getByTestId(id).check();
    }
    await host.page.getByTestId("start-game").click();
    const logs = [[], []];
    const plan = ["Examine", "Convert", "Embezzle", "Exchange"];
    const steps = sides.map((side, i) => scripted(side.page, logs[i], plan));
    // The draft (R2.5) is answered on each page from its own set, before the table is dealt.
    await playScripted(sides, steps, logs);
    const all = logs.flat();
    assert.ok(all.filter((e) => /^Keep \w+$/.test(e.answer ?? "")).length >= 2, "each page drafted its card");
    // R7.2: the first turn examined the other, who chose on its own page the card it
    // showed, one it held; the examiner made it swap.
    assert.equal(logs[0].find((e) => e.turn === 0)?.action ?? logs[1].find((e) => e.turn === 0)?.action, "Examine");
    const shown = all.filter((e) => e.answer?.startsWith("Show ") && !e.answer.startsWith("Show my hand"));
    assert.ok(shown.length >= 1, "a card was shown to the Inquisitor");
    for (const e of shown) assert.ok(e.held.includes(e.answer.slice(5)), `showed ${e.answer} holding ${e.held}`);
    assert.ok(all.some((e) => e.decided === "Make them swap it"), "the examiner made the other swap");
    // R8.4: an Embezzlement challenged was answered by the hand: conceded only with a Duke.
    for (const e of all.filter((e) => /^(Concede|Show my hand)/.test(e.answer ?? ""))) {
      assert.equal(e.answer.startsWith("Concede"), e.held.includes("Duke"), `${e.answer} holding ${e.held}`);
    }
    const reached = (a) => all.some((e) => e.action === a);
    console.log(`    reached: Convert ${reached("Convert")}, Embezzle ${reached("Embezzle")}, Exchange ${reached("Exchange")}`);
    assert.ok(reached("Convert") && reached("Embezzle") && reached("Exchange"), "the deal lets Conversion, Embezzlement and the Exchange come up");
    assert.ok(all.some((e) => /^(Concede|Show my hand)/.test(e.answer ?? "")), "an Embezzlement was challenged and answered by the hand");
    await allFair(sides);
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "fair-reformation-guest-over.png") });
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("in a fair room of three, a person who leaves for good forfeits after the grace period and the two others play on to a fair end", { timeout: 300_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  const third = await openPage({ width: 390, height: 844 });
  const sides = [host, guest, third];
  try {
    await fairRoomOfThree(sides);
    const cy = await third.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
    const seen = new Set();
    // Under way: a few decisions each, then Cy's page closes and does not come back.
    let moves = 0;
    await play(sides, seen, { stop: async () => moves++ >= 6 });
    await third.context.close();
    const rest = [host, guest];
    // Past the grace period (30 s) Cy's seat forfeits (docs/FAIR-DEAL.md, section 6): the
    // two others take its escrowed stake into theirs, its cards leave face down, opened to
    // nobody, and the game goes on without it to its end.
    const left = (page) =>
      page.getByTestId("log").getByText("Cy left the fair game: their cards leave the game face down, seen by nobody, and the game goes on");
    await play(rest, seen, { ms: 200_000 });
    for (const side of rest) {
      await left(side.page).waitFor({ timeout: 10_000 });
      const cards = side.page.locator(`[data-testid="seat"][data-seat="${cy}"] .t-card`);
      assert.equal(await cards.count(), 2);
      assert.equal(await side.page.locator(`[data-testid="seat"][data-seat="${cy}"] .t-card.lost`).count(), 2, "Cy's cards are lost");
      assert.equal(await side.page.locator(`[data-testid="seat"][data-seat="${cy}"] .t-card.lost.face`).count() + await side.page.locator(`[data-testid="seat"][data-seat="${cy}"] .t-card.back.lost`).count(), 2);
    }
    assert.notEqual(await host.page.getByTestId("game-over").getAttribute("data-winner"), cy, "a departed seat does not win");
    // The audit completes on both pages; sealed if Cy left holding cards.
    await allFairAfterLeaving(rest, cy, allFair);
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "fair-left-guest-over.png") });
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-left-host-over.png") });
  } finally {
    for (const side of sides) await side.context.close().catch(() => {});
  }
});

test("in a fair room of two, a person who leaves for good ends the game, and the page left shows the verdict of a game cut short", { timeout: 240_000 }, async () => {
  const host = await openPage({ width: 390, height: 844 });
  const guest = await openPage({ width: 1280, height: 800 });
  const sides = [host, guest];
  try {
    await fairRoomOfTwo(host, guest);
    await dealt(sides);
    const seen = new Set();
    let moves = 0;
    await play(sides, seen, { stop: async () => moves++ >= 4 });
    await guest.context.close();
    // Past the grace period (30 s) the seat forfeits; with two seats nothing is escrowed,
    // so the game ends (docs/FAIR-DEAL.md, section 6) and the host's page, back in the
    // lobby, says what could be checked (section 9): never silence.
    const verdict = host.page.getByTestId("lobby-fair-verdict");
    await play([host], seen, { ms: 90_000, stop: async () => (await verdict.count()) > 0 });
    await verdict.waitFor({ timeout: 30_000 });
    assert.equal(await verdict.getAttribute("data-fair"), "true");
    assert.match(await verdict.innerText(), /^The game ended before its end: every move was checked as it came/);
    await verdict.scrollIntoViewIfNeeded();
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-cut-short-host-lobby.png") });
  } finally {
    for (const side of sides) await side.context.close().catch(() => {});
  }
});

/**
 * An init script: once `window.falsifyNext` is set, the page's next fair record goes out
 * with one bit of its last 32 bytes flipped (its last proof or signature false, the
 * record still readable), as a page that does not follow the protocol would send it.
 */
const FALSIFY_NEXT = () => {
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (window.falsifyNext && typeof data === "string") {
      try {
        const frame = JSON.parse(data);
        if (frame?.msg?.type === "fair" && typeof frame.msg.record === "string") {
          const b64 = frame.msg.record.replace(/-/g, "+").replace(/_/g, "/");
          const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
          bytes[bytes.length - 32] ^= 1;
          frame.msg.record = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
          window.falsifyNext = false;
          window.falsified = (window.falsified ?? 0) + 1;
          data = JSON.stringify(frame);
        }
      } catch {}
    }
    return send.call(this, data);
  };
};

test("in a fair room of three, a page that sends a record whose proof is false forfeits at once, named on every page, and the two others play on to a fair end", { timeout: 300_000 }, async () => {
  const host = await openPage({ width: 1280, height: 800 });
  const guest = await openPage({ width: 390, height: 844 });
  const third = await table.open({ viewport: { width: 390, height: 844 }, init: FALSIFY_NEXT });
  const sides = [host, guest, third];
  try {
    await fairRoomOfThree(sides);
    const cy = await third.page.locator('[data-testid="seat"].me').getAttribute("data-seat");
    const seen = new Set();
    // From the deal on, Cy's page sends its next record false. Ana and Bo take an Exchange
    // on their turns, whose two cards drawn open to the drawer with every other seat's
    // shares: Cy's come while all three are in. The host refuses the false one and Cy's
    // seat forfeits at once (docs/FAIR-DEAL.md, section 6), with no grace period to wait
    // through, and the game goes on without it. Every page says why, then that Cy left.
    await third.page.evaluate(() => (window.falsifyNext = true));
    const named = (page) =>
      page.getByTestId("log").getByText("Cy's page sent a record that does not check: they forfeit the fair game");
    const exchange = async (page) => {
      const buttons = page.getByTestId("decision").filter({ has: page.locator(".d-label", { hasText: /^Exchange$/ }) });
      if ((await buttons.count()) === 0) return false;
      return buttons.first().click({ timeout: 1_000 }).then(() => true, () => false);
    };
    const deadline = Date.now() + 120_000;
    while ((await named(host.page).count()) === 0) {
      assert.ok(Date.now() < deadline, "Cy is named in time");
      let moved = false;
      for (const side of [host, guest]) if ((await exchange(side.page)) || (await decideOnce(side.page, seen))) moved = true;
      if (await decideOnce(third.page, seen)) moved = true;
      if (!moved) await host.page.waitForTimeout(100);
    }
    assert.equal(await third.page.evaluate(() => window.falsified), 1, "one record went out false");
    await named(guest.page).waitFor({ timeout: 10_000 });
    await named(guest.page).scrollIntoViewIfNeeded();
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "fair-refused-named-guest.png") });
    await host.page.screenshot({ path: path.join(ARTIFACTS, "fair-refused-named-host.png") });
    await third.page
      .getByTestId("log")
      .getByText("Your page sent a record that does not check: you forfeit the fair game")
      .waitFor({ timeout: 10_000 });
    const rest = [host, guest];
    await play(rest, seen, { ms: 200_000 });
    for (const side of rest) {
      await side.page
        .getByTestId("log")
        .getByText("Cy left the fair game: their cards leave the game face down, seen by nobody, and the game goes on")
        .waitFor({ timeout: 10_000 });
      assert.equal(await side.page.locator(`[data-testid="seat"][data-seat="${cy}"] .t-card.lost`).count(), 2, "Cy's cards are lost");
    }
    assert.notEqual(await host.page.getByTestId("game-over").getAttribute("data-winner"), cy, "a seat that forfeited does not win");
    await allFairAfterLeaving(rest, cy, allFair);
  } finally {
    for (const side of sides) await side.context.close().catch(() => {});
  }
});
