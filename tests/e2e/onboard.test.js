// A newcomer's first minutes, at a phone's size and a laptop's: the first screen says
// what the game is, "More options" is a control whose options say what they do, "Back to
// the start" finds the choices made, a first game against bots has a short guide shown
// once, the end says where you finished, and chat lines take reactions from host and
// guest alike.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ARTIFACTS, programRuns, useTable } from "./harness.mjs";
import { createAndJoin, lobbiesShow, owed, playToTheEnd } from "./play.mjs";

const table = useTable();
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../client/locales");
const LANGS = ["en", "de", "es", "fr", "pt-BR"];
const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1366, height: 768 }],
];

/** Message `id` of catalog `lang`, as a one-line message. */
function word(lang, id) {
  const text = readFileSync(path.join(LOCALES, `${lang}.ftl`), "utf8");
  return text.match(new RegExp(`^${id} = (.+)$`, "m"))[1].trim();
}

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `onboard-${name}.png`) });

/** Whether `locator`'s box lies inside the viewport as the page stands (unscrolled). */
async function onFirstScreen(page, locator) {
  const box = await locator.boundingBox();
  const { height, width } = page.viewportSize();
  const scrolled = await page.evaluate(() => window.scrollY);
  return !!box && scrolled === 0 && box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width;
}

/** Plays our decisions (Income or Pass where offered, else the first) until the game is over. */
async function playOut(page, ms = 240_000) {
  const deadline = Date.now() + ms;
  while (!(await page.getByTestId("game-over").isVisible())) {
    assert.ok(Date.now() < deadline, "the game ends in time");
    if (!(await owed(page))) {
      await page.waitForTimeout(100);
      continue;
    }
    const buttons = page.getByTestId("decision");
    const labels = await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label") ?? b.textContent));
    let i = labels.findIndex((l) => l.startsWith("Income") || l.startsWith("Pass"));
    if (i < 0) i = 0;
    if (labels.length > 0) await buttons.nth(i).click({ timeout: 2_000 }).catch(() => {});
  }
}

for (const [size, viewport] of SIZES) {
  test(`the first screen says what the game is, in every language (${size})`, { timeout: 90_000 }, async () => {
    const { context, page, errors } = await table.open({ viewport });
    try {
      for (const lang of LANGS) {
        await page.evaluate((l) => localStorage.setItem("coup.lang", l), lang);
        await page.reload();
        // The page's own first screen says it before the program runs, and the program's after.
        const pitch = page.locator(".hero p");
        assert.equal(await pitch.textContent(), word(lang, "hero-line"), `${lang}: the page's words`);
        await programRuns(page);
        assert.equal(await pitch.textContent(), word(lang, "hero-line"), `${lang}: the program's words`);
        assert.ok(await pitch.isVisible(), `${lang}: shown`);
        assert.ok(await onFirstScreen(page, pitch), `${lang}: seen without scrolling`);
        // Short: two lines at most.
        const lines = await pitch.evaluate((p) => Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)));
        assert.ok(lines <= 2, `${lang}: ${lines} lines`);
        if (lang === "en" || lang === "de") await shot(page, `pitch-${lang}-${size}`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`"More options" is a disclosure button whose options say what they do (${size})`, { timeout: 60_000 }, async () => {
    const { context, page, errors } = await table.open({ viewport });
    try {
      const more = page.getByRole("button", { name: word("en", "more-options") });
      assert.equal(await more.getAttribute("data-testid"), "more-options");
      assert.equal(await more.getAttribute("aria-expanded"), "false");
      assert.ok(await more.locator(".chevron").isVisible(), "a chevron says it opens");
      assert.ok(!(await page.getByTestId("opt-inquisitor").isVisible()), "closed at first");
      // The keyboard reaches it from the bots' level, and opens and closes it.
      await page.getByTestId("solo-level").focus();
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "more-options");
      await page.keyboard.press("Enter");
      assert.equal(await more.getAttribute("aria-expanded"), "true");
      const controls = await more.getAttribute("aria-controls");
      assert.ok(await page.locator(`#${controls}`).isVisible(), "it controls the options shown");
      for (const [id, msg] of [
        ["opt-inquisitor", "option-inquisitor"],
        ["opt-reformation", "option-reformation"],
        ["opt-draft", "option-draft"],
      ]) {
        const label = page.locator("label.check").filter({ has: page.getByTestId(id) });
        assert.ok(await page.getByTestId(id).isVisible(), `${id} shown`);
        assert.equal(await label.locator(".check-hint").textContent(), word("en", `${msg}-hint`));
        assert.ok(await label.locator(".check-hint").isVisible(), `${id} says what it does`);
      }
      await shot(page, `more-options-${size}`);
      await page.keyboard.press("Space");
      assert.equal(await more.getAttribute("aria-expanded"), "false");
      assert.ok(!(await page.getByTestId("opt-inquisitor").isVisible()), "closed again");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`"Back to the start" and a reload find the bots' form as chosen (${size})`, { timeout: 90_000 }, async () => {
    const { context, page, errors } = await table.open({ viewport });
    try {
      await page.getByTestId("solo-players").selectOption("5");
      await page.getByTestId("solo-level").selectOption("hard");
      await page.getByTestId("more-options").click();
      await page.getByTestId("opt-inquisitor").check();
      await page.getByTestId("solo-start").click();
      await page.getByTestId("seat").nth(4).waitFor();
      await page.getByTestId("leave").click();
      await page.getByTestId("leave-confirm").click();
      await page.getByTestId("solo-start").waitFor();
      const form = async () => ({
        players: await page.getByTestId("solo-players").inputValue(),
        level: await page.getByTestId("solo-level").inputValue(),
        inquisitor: await page.getByTestId("opt-inquisitor").isChecked(),
        reformation: await page.getByTestId("opt-reformation").isChecked(),
      });
      const chosen = { players: "5", level: "hard", inquisitor: true, reformation: false };
      assert.deepEqual(await form(), chosen, "back at the start");
      await shot(page, `back-to-start-${size}`);
      // After a reload, the page's own first screen shows them before the program runs.
      await page.reload();
      assert.deepEqual(await form(), chosen, "the page's first screen");
      await programRuns(page);
      assert.deepEqual(await form(), chosen, "the program's");
      // And a game started from there has them.
      await page.getByTestId("solo-start").click();
      await page.getByTestId("seat").nth(4).waitFor();
      assert.equal(await page.getByTestId("seat").count(), 5);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`a first game against bots has a short guide, shown once (${size})`, { timeout: 90_000 }, async () => {
    const { context, page, errors } = await table.open({ viewport, guide: true });
    try {
      await page.getByTestId("solo-players").selectOption("2");
      await page.getByTestId("solo-start").click();
      const guide = page.getByTestId("guide");
      await guide.waitFor();
      const focused = () => page.evaluate(() => document.activeElement?.dataset.testid);
      await page.waitForFunction(() => document.activeElement?.dataset.testid === "guide-next");
      const steps = [
        ["cards", "guide-cards"],
        ["coins", "guide-coins"],
        ["claims", "guide-claims"],
        ["log", "guide-log"],
      ];
      // The phone skips at the second step; the laptop goes through it by keyboard.
      for (const [i, [step, msg]] of steps.entries()) {
        assert.equal(await guide.getAttribute("data-step"), step);
        assert.equal(await page.getByTestId("solo-table").getAttribute("data-guide"), step, "the part it names is lit");
        assert.equal(await page.getByTestId("guide-text").textContent(), word("en", msg));
        if (i === 0) await shot(page, `guide-${size}`);
        // No clock runs for the person while they read.
        assert.equal(await page.locator(".t-clock").count(), 0, "no countdown");
        if (size === "phone" && i === 1) {
          await page.getByTestId("guide-skip").click();
          break;
        }
        assert.equal(await focused(), "guide-next");
        await page.keyboard.press("Enter");
      }
      await guide.waitFor({ state: "detached" });
      assert.equal(await page.getByTestId("solo-table").getAttribute("data-guide"), null);
      assert.equal(await page.evaluate(() => localStorage.getItem("coup.guide")), "done");
      // The game waits for the person: still our decision, nothing decided for us.
      await page.waitForFunction(() => document.title.startsWith("●"), null, { timeout: 30_000 });
      assert.equal(await page.locator(".t-clock").count(), 0, "the guided game has no clock");
      // Never again: not at the next game, nor after a reload.
      await page.getByTestId("leave").click();
      await page.getByTestId("leave-confirm").click();
      await page.reload();
      await programRuns(page);
      await page.getByTestId("solo-start").click();
      await page.getByTestId("hand").waitFor();
      await page.waitForTimeout(500);
      assert.equal(await guide.count(), 0, "shown once");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`the end says where you finished (${size})`, { timeout: 300_000 }, async () => {
    const { context, page, errors } = await table.open({ viewport });
    try {
      await page.getByTestId("solo-players").selectOption("2");
      await page.getByTestId("solo-level").selectOption("easy");
      await page.getByTestId("solo-start").click();
      await page.getByTestId("hand").waitFor();
      await playOut(page);
      const winner = await page.getByTestId("game-over").getAttribute("data-winner");
      const place = page.getByTestId("over-place");
      const expected = winner === "0" ? "You won: 1st of 2." : "You finished 2nd of 2.";
      assert.equal(await place.textContent(), expected);
      assert.ok(await onFirstScreen(page, place), "at the top of the end, without scrolling");
      await shot(page, `place-${size}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test("host and guest react to each other's chat lines (laptop and phone)", { timeout: 120_000 }, async () => {
  const host = await table.open({ viewport: SIZES[1][1] });
  const guest = await table.open({ viewport: SIZES[0][1] });
  try {
    await createAndJoin(host, guest);
    await lobbiesShow([host, guest], 2);
    const say = async (side, text) => {
      await side.page.getByTestId("chat-input").fill(text);
      await side.page.getByTestId("chat-send").click();
    };
    await say(host, "who has the duke?");
    await say(guest, "not me");
    const line = (side, text) => side.page.getByTestId("chat-line").filter({ hasText: text });
    for (const side of [host, guest]) await line(side, "not me").waitFor();
    // The guest reacts to the host's line, by pointer.
    await line(guest, "who has the duke?").getByTestId("react-add").click();
    const pick = line(guest, "who has the duke?").locator('[data-testid=react-pick][data-reaction="laugh"]');
    assert.equal(await pick.getAttribute("aria-label"), "React with 😂");
    await pick.click();
    // The host reacts to the guest's line, by keyboard.
    await line(host, "not me").getByTestId("react-add").focus();
    await host.page.keyboard.press("Enter");
    for (let i = 0; i < 5; i += 1) await host.page.keyboard.press("Tab");
    assert.equal(await host.page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "React with 🔥");
    await host.page.keyboard.press("Enter");
    // And the host laughs at its own line too.
    await line(host, "who has the duke?").getByTestId("react-add").click();
    await line(host, "who has the duke?").locator('[data-testid=react-pick][data-reaction="laugh"]').click();
    /** A line's reactions as `page` shows them: reaction → [count, pressed]. */
    const shown = (side, text) =>
      line(side, text)
        .getByTestId("reaction")
        .evaluateAll((bs) => Object.fromEntries(bs.map((b) => [b.dataset.reaction, [b.textContent.trim(), b.getAttribute("aria-pressed")]])));
    const until = async (side, text, want) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const got = await shown(side, text);
        if (JSON.stringify(Object.fromEntries(Object.entries(got).map(([k, [c]]) => [k, c]))) === JSON.stringify(want)) return got;
        assert.ok(Date.now() < deadline, `${text}: ${JSON.stringify(got)} is not ${JSON.stringify(want)}`);
        await side.page.waitForTimeout(100);
      }
    };
    for (const side of [host, guest]) {
      await until(side, "who has the duke?", { laugh: "😂 2" });
      await until(side, "not me", { fire: "🔥 1" });
    }
    assert.equal((await shown(guest, "who has the duke?")).laugh[1], "true", "the guest's own reaction is pressed");
    assert.equal((await shown(guest, "not me")).fire[1], "false", "the host's is not the guest's");
    assert.equal(await line(guest, "not me").getByTestId("reaction").getAttribute("aria-label"), "React with 🔥");
    await shot(host.page, "reactions-laptop");
    await shot(guest.page, "reactions-phone");
    // The guest takes its reaction back: one each way, on both pages.
    await line(guest, "who has the duke?").getByTestId("reaction").click();
    for (const side of [host, guest]) await until(side, "who has the duke?", { laugh: "😂 1" });
    assert.equal((await shown(guest, "who has the duke?")).laugh[1], "false");
    assert.equal((await shown(host, "who has the duke?")).laugh[1], "true");
    assert.deepEqual(host.errors, []);
    assert.deepEqual(guest.errors, []);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("in a room, each player's end says their place, and a watcher's says none (laptop and phone)", { timeout: 240_000 }, async () => {
  const host = await table.open({ viewport: SIZES[1][1] });
  const guest = await table.open({ viewport: SIZES[0][1] });
  const watcher = await table.open({ viewport: SIZES[0][1] });
  try {
    await watcher.page.getByTestId("player-name").fill("Cy");
    const { code } = await createAndJoin(host, guest);
    await lobbiesShow([host, guest], 2);
    // Both seats are taken: Cy watches.
    await watcher.page.getByTestId("join-code").fill(code);
    await watcher.page.getByTestId("join-room").click();
    await host.page.locator('[data-testid="peer"]').filter({ hasText: "Cy" }).filter({ hasText: "watching" }).waitFor({ timeout: 20_000 });
    await host.page.getByTestId("start-game").click();
    for (const side of [host, guest, watcher]) await side.page.getByTestId("seat").nth(1).waitFor({ timeout: 10_000 });
    const won = await playToTheEnd(host, guest, { ms: 180_000 });
    // The host sits in seat 0, the guest in seat 1.
    for (const [side, seat] of [
      [host, "0"],
      [guest, "1"],
    ]) {
      const want = won === seat ? "You won: 1st of 2." : "You finished 2nd of 2.";
      assert.equal(await side.page.getByTestId("over-place").textContent(), want, `seat ${seat}`);
    }
    await watcher.page.getByTestId("game-over").waitFor({ timeout: 10_000 });
    assert.equal(await watcher.page.getByTestId("over-place").count(), 0, "a watcher finished nowhere");
    await shot(watcher.page, "place-watcher-phone");
    for (const side of [host, guest, watcher]) assert.deepEqual(side.errors, []);
  } finally {
    for (const side of [host, guest, watcher]) await side.context.close();
  }
});
