// Everyone at the table: an axe-core audit of every screen (the first screen, the rules,
// our turn, a window, the game's end, a room's lobby for its host and for a joiner, the
// room's game on the joiner's page) at a phone's size (390×844) and a laptop's
// (1366×768), with no serious or critical violation; a whole game against bots played
// with the keyboard alone (key presses, no click): focus on each decision owed and never
// left on the page, the common answers by their keys, what is announced; animations
// stilled for prefers-reduced-motion; and no keys shown on a touch screen's buttons.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { useTable } from "./harness.mjs";
import { owed, playUntilOver } from "./play.mjs";
import { answerHeld, missed, seed } from "./deal.mjs";

const table = useTable();
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** What axe finds on `page` as it is: serious and critical violations, and the count of the rest. */
async function audit(page) {
  // Evaluated through the debugging protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ["violations"] });
    const bad = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}`);
    const other = violations.filter((v) => !(v.impact === "serious" || v.impact === "critical")).map((v) => `${v.impact} ${v.id}`);
    return { bad, other };
  });
}

const figures = [];
async function clean(page, screen) {
  const { bad, other } = await audit(page);
  figures.push(`${screen}: ${bad.length} serious/critical${other.length ? `; ${other.join(", ")}` : ""}`);
  assert.deepEqual(bad, [], `${screen}: no serious or critical violation`);
}

const over = (page) => page.getByRole("dialog", { name: "Game over" });

async function playBots(page, players = 3) {
  await page.getByRole("combobox", { name: "Players" }).selectOption(String(players));
  await page.getByRole("button", { name: "Play against bots" }).click();
  await page.getByRole("button", { name: "Rules & cards" }).waitFor();
}

for (const [label, viewport] of [
  ["phone", PHONE],
  ["laptop", LAPTOP],
]) {
  test(`every screen passes an axe audit at ${label} size`, { timeout: 300_000 }, async () => {
    // Dealt from a seed whose game puts a window to us (deal.mjs); the table's clock held
    // at each decision of ours, so what is audited stays on the page while axe reads it.
    const seedName = `axe_${label}`;
    const dealt = seed(seedName, 1);
    const { context, page, errors } = await table.open({ viewport, deal: { seed: dealt, holdOnDecision: true } });
    try {
      await clean(page, `${label}, first screen`);
      await playBots(page);
      await page.getByRole("button", { name: "Rules & cards" }).click();
      await page.getByRole("dialog", { name: "Rules and cards" }).waitFor();
      await clean(page, `${label}, rules`);
      await page.getByRole("button", { name: "Close" }).click();
      let turn = false;
      let window = false;
      await playUntilOver(page, async () => {
        const panel = page.locator("[data-testid=decision-area] [role=group]");
        const name = await panel.getAttribute("aria-label", { timeout: 10_000 });
        if (name === "Your turn" && !turn) {
          await clean(page, `${label}, our turn`);
          turn = true;
        } else if (/^(Do you believe|Block it)/.test(name) && !window) {
          await clean(page, `${label}, a window (${name})`);
          window = true;
        }
        let pick = panel.getByRole("button", { name: /^(Income|Pass)/ });
        if (!(await pick.count())) pick = panel.getByRole("button");
        await answerHeld(page, async () => {
          await pick.first().click({ timeout: 5_000 });
          const whom = page.getByRole("button", { name: /^(Coup|Steal from|Assassinate|Examine|Convert) (?!—)/ });
          if (await whom.count()) await whom.first().click({ timeout: 5_000 });
        });
      });
      if (!(turn && window)) throw missed(seedName, dealt, `its game gives us a turn (${turn}) and a window (${window})`);
      await clean(page, `${label}, game over`);

      // A room: its host's lobby, and a joiner's.
      const host = await table.open({ viewport });
      const guest = await table.open({ viewport });
      try {
        await host.page.getByTestId("create-room").click();
        const code = await host.page.getByTestId("room-code").getAttribute("data-code");
        await clean(host.page, `${label}, room host lobby`);
        await guest.page.getByTestId("join-code").fill(code);
        await guest.page.getByTestId("join-room").click();
        await guest.page.locator('[data-testid="lobby-seat"][data-kind="person"]').nth(1).waitFor({ timeout: 20_000 });
        await clean(guest.page, `${label}, joiner lobby`);
        await host.page.locator('[data-testid="lobby-seat"][data-kind="person"]').nth(1).waitFor({ timeout: 20_000 });
        await clean(host.page, `${label}, room host lobby with a joiner`);
        // The room's game, on the joiner's page.
        await host.page.getByTestId("add-bot").click();
        await host.page.locator('[data-testid="lobby-seat"][data-kind="bot"]').waitFor({ timeout: 10_000 });
        await host.page.getByTestId("start-game").click();
        await guest.page.getByTestId("seat").nth(2).waitFor({ timeout: 10_000 });
        await clean(guest.page, `${label}, joiner at the table`);
        assert.deepEqual([...host.errors, ...guest.errors], []);
      } finally {
        await host.context.close();
        await guest.context.close();
      }
      assert.deepEqual(errors, []);
      console.log(`    axe ${label}:\n      ${figures.splice(0).join("\n      ")}`);
    } finally {
      await context.close();
    }
  });
}

/** The element that has the keyboard's focus, described (run in the page). */
const describeFocus = () => {
  const a = document.activeElement;
  return {
    body: !a || a === document.body,
    text: (a?.querySelector?.(".d-label")?.textContent ?? a?.textContent ?? "").trim(),
    group: a?.closest("[role=group]")?.getAttribute("aria-label") ?? null,
    dialog: a?.closest("[role=dialog]")?.getAttribute("aria-label") ?? null,
    keys: a?.getAttribute("aria-keyshortcuts") ?? null,
    name: a?.getAttribute("aria-label") ?? null,
  };
};

/** The element that has the keyboard's focus, described. */
const focused = (page) => page.evaluate(describeFocus);

/** Waits until the focus is not on the page itself; what has it. */
async function focusHeld(page, where) {
  // Described in the same task that sees the focus off the page: a later read could land
  // while the next update redraws the panel.
  const f = await page
    .waitForFunction(`(() => { const f = (${describeFocus})(); return f.body ? false : f; })()`, null, { timeout: 2_000 })
    .then((h) => h.jsonValue(), () => ({ body: true }));
  assert.ok(!f.body, `${where}: the focus is not left on the page`);
  return f;
}

test("a whole game against bots played with the keyboard alone", { timeout: 300_000 }, async () => {
  // Dealt from a seed (deal.mjs) whose game gives us a turn and a window; the table's clock
  // held at each decision of ours until a key answers it, so every check below runs on
  // the decision it names.
  const dealt = seed("keyboard", 1);
  const { context, page, errors } = await table.open({ viewport: LAPTOP, deal: { seed: dealt, holdOnDecision: true } });
  try {
    // The first screen, by Tab: to "Play against bots", then Enter.
    for (let i = 0; ; i++) {
      assert.ok(i < 40, "Play against bots is reachable by Tab");
      await page.keyboard.press("Tab");
      const f = await focused(page);
      if (f.text === "Play against bots") break;
    }
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Rules & cards" }).waitFor();
    // Every seat says what a sighted player sees.
    await page.getByRole("group", { name: /^You, \d+ coins?, holding \w+ and \w+/ }).waitFor();
    assert.equal(await page.getByRole("group", { name: /^\w+, (Easy|Normal|Hard) bot, \d+ coins?, 2 hidden cards/ }).count(), 2);
    let decisions = 0;
    let byKey = 0;
    let askedTime = false;
    let aimed = false;
    await playUntilOver(page, async () => {
      // Focus moves to the decision owed.
      await page.waitForFunction(() => document.activeElement?.closest("[data-testid=decision-area] [role=group]"), null, { timeout: 5_000 }).catch(() => {});
      let f = await focused(page);
      assert.ok(f.group, `the focus is on the decision owed (it is on "${f.text}": ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 300) + " || " + document.querySelector("[data-testid=decision-area]")?.outerHTML.slice(0, 600))})`);
      // Said at once: the decision is ours (read with the focus in one go: the bots play
      // on meanwhile).
      const said = await page
        .waitForFunction(
          () => {
            const g = document.activeElement?.closest("[role=group]")?.getAttribute("aria-label");
            const t = document.querySelector("[data-testid=said-yours]").textContent;
            return g && t === `Your decision: ${g}` ? t : null;
          },
          null,
          { timeout: 2_000 },
        )
        .then((h) => h.jsonValue())
        .catch(() => page.getByTestId("said-yours").textContent());
      assert.match(said, /^Your decision: /, "a decision of ours is said at once");
      f = await focused(page);
      assert.ok(f.group, `the focus stays on the decision (it is on "${f.text}")`);
      if (!askedTime) {
        // Back along the bar to the rules, open and close them by keys, and Tab again to
        // the same decision: the order runs bar, then the decision.
        for (let i = 0; f.text !== "Rules & cards"; i++) {
          assert.ok(i < 8, "the rules are a few Shift+Tabs back from the decision");
          await page.keyboard.press("Shift+Tab");
          f = await focused(page);
        }
        await page.keyboard.press("Enter");
        await page.waitForFunction(() => document.activeElement?.closest("[role=dialog]"), null, { timeout: 2_000 });
        assert.equal((await focused(page)).dialog, "Rules and cards", "the rules take the focus");
        // A modal: Tab and Shift+Tab stay in it.
        for (const key of ["Tab", "Tab", "Shift+Tab", "Shift+Tab"]) {
          await page.keyboard.press(key);
          assert.equal((await focused(page)).dialog, "Rules and cards", `after ${key}, still in the rules`);
        }
        await page.keyboard.press("Escape");
        await page.getByRole("dialog", { name: "Rules and cards" }).waitFor({ state: "detached" });
        await page.waitForFunction(() => document.activeElement?.textContent.trim() === "Rules & cards", null, { timeout: 2_000 });
        for (let i = 0; !f.group; i++) {
          assert.ok(i < 8, "the decision is a few Tabs on from the bar");
          await page.keyboard.press("Tab");
          f = await focused(page);
        }
        await page.keyboard.press("t");
        await page.getByTestId("said-time").filter({ hasText: /seconds left to decide|no time limit/ }).waitFor({ timeout: 2_000 });
        askedTime = true;
      }
      const pass = page.locator("[data-testid=decision-area] button[aria-keyshortcuts=P]");
      await answerHeld(page, async () => {
        if (await pass.count()) {
          // A window: its key, shown on the button.
          assert.equal(await pass.locator("kbd").textContent(), "P");
          await page.keyboard.press("p");
          byKey += 1;
        } else if (f.group === "Your turn") {
          // Tab along the actions to Income (or the first, when a Coup is a must); on our
          // first turn to Steal instead, which asks whom next.
          const want = aimed ? /^Income/ : /^Steal/;
          for (let i = 0; i < 12 && !want.test(f.text) && f.group === "Your turn"; i++) {
            await page.keyboard.press("Tab");
            f = await focused(page);
          }
          if (f.group !== "Your turn") await page.keyboard.press("Shift+Tab");
          await page.keyboard.press("Enter");
          const g = await focusHeld(page, "after choosing an action");
          const step = await page.evaluate(() => document.querySelector("[data-testid=decision-area] h2")?.textContent ?? "");
          if (/: whom\?$/.test(step)) {
            // A target step: the focus is on its first target.
            assert.equal(g.group, "Your turn", "the target step keeps the focus");
            assert.match(g.name ?? "", /^Steal from /, `the focus is on a target (on "${g.text}")`);
            await page.keyboard.press("Enter");
            aimed = true;
          }
        } else {
          await page.keyboard.press("Enter");
        }
      });
      decisions += 1;
      await focusHeld(page, `after a decision (${f.group})`);
    });
    // The end: the focus goes into its dialog.
    await page.waitForFunction(() => document.activeElement?.closest("[role=dialog]"), null, { timeout: 3_000 });
    assert.equal((await focused(page)).dialog, "Game over");
    // Tab goes round its controls and never to the page behind it: from its last to its
    // first, and Shift+Tab from its first to its last.
    const controls = await page.getByRole("dialog", { name: "Game over" }).getByRole("button").count();
    const seen = new Set();
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press("Tab");
      const f = await focused(page);
      assert.equal(f.dialog, "Game over", `Tab ${i + 1}: still in the end's dialog (on ${f.text})`);
      seen.add(f.text);
    }
    assert.equal(seen.size, controls, `every control of the end reached by Tab: ${[...seen]}`);
    await page.getByRole("dialog", { name: "Game over" }).getByRole("button").first().focus();
    await page.keyboard.press("Shift+Tab");
    const back = await focused(page);
    assert.equal(back.dialog, "Game over", "Shift+Tab from the first stays in the dialog");
    assert.equal(back.text, (await page.getByRole("dialog", { name: "Game over" }).getByRole("button").last().textContent()).trim());
    // What happened was read out as it came.
    // The newest turn comes first, its lines in the order they happened: the newest line
    // is the last one before the next turn's heading.
    const lines = await page.getByTestId("log").locator("li").evaluateAll((ls) =>
      ls.map((l) => ({ text: l.textContent.trim(), turn: l.classList.contains("turn") })));
    const next = lines.findIndex((l, i) => i > 0 && l.turn);
    const newest = lines[(next < 0 ? lines.length : next) - 1].text;
    const said = await page.getByTestId("said-log").textContent();
    assert.ok(said.includes(newest), `the newest line is read out: "${newest}" in "${said}"`);
    console.log(`    keyboard only, seed ${dealt}: ${decisions} decisions, ${byKey} by their key`);
    assert.ok(askedTime, "the bar, the rules' focus trap and the time's key were tried on a decision");
    assert.ok(aimed, "a target was chosen by the keyboard");
    if (byKey === 0) throw missed("keyboard", dealt, "its game puts a window to us, answered by its key");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("animations stop for prefers-reduced-motion", { timeout: 60_000 }, async () => {
  const { context, page } = await table.open({ viewport: LAPTOP });
  try {
    const motion = () =>
      page.evaluate(() => {
        const s = document.createElement("div");
        s.className = "spinner";
        document.body.append(s);
        const b = document.querySelector(".btn");
        const out = { spin: getComputedStyle(s).animationName, transition: getComputedStyle(b).transitionDuration };
        s.remove();
        return out;
      });
    const moving = await motion();
    assert.equal(moving.spin, "spin");
    assert.notEqual(moving.transition.split(",")[0].trim(), "0s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    const still = await motion();
    assert.equal(still.spin, "none", "no spinning");
    assert.ok(still.transition.split(",").every((t) => t.trim() === "0s"), `no transitions: ${still.transition}`);
  } finally {
    await context.close();
  }
});

test("a touch screen's decisions show no keys to press; a page with a mouse shows them", { timeout: 180_000 }, async () => {
  // Dealt from a seed (deal.mjs) whose game puts a window to us; the clock held at our
  // decisions, so the window stays while it is measured.
  const dealt = seed("touch_keys", 1);
  const deal = { seed: dealt, holdOnDecision: true };
  const touch = await table.open({ viewport: PHONE, device: { hasTouch: true, isMobile: true }, deal });
  const mouse = await table.open({ viewport: PHONE, deal });
  try {
    assert.ok(
      await touch.page.evaluate(() => matchMedia("(hover: none) and (pointer: coarse)").matches),
      "the touch page is seen as a touch screen",
    );
    assert.ok(!(await mouse.page.evaluate(() => matchMedia("(hover: none)").matches)), "the other page has a mouse");
    for (const [{ page }, shown] of [
      [touch, false],
      [mouse, true],
    ]) {
      await playBots(page);
      // Income on our turns until a window (a claim to challenge, or an action to block)
      // brings buttons with keys.
      const key = page.locator("[data-testid=decision-area] button[aria-keyshortcuts] kbd").first();
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (Date.now() > deadline || (await over(page).isVisible())) throw missed("touch_keys", dealt, "its game puts a window to us");
        if (!(await owed(page))) {
          await page.waitForTimeout(50);
          continue;
        }
        // Ours, and held until answered: what is shown stays.
        const any = page.getByTestId("decision");
        await any.first().waitFor({ timeout: 10_000 });
        if (await key.count()) break;
        const income = page.getByRole("button", { name: /^Income/ });
        await answerHeld(page, async () => ((await income.count()) ? income : any).first().click({ timeout: 5_000 }));
      }
      const b = page.locator("[data-testid=decision-area] button[aria-keyshortcuts]").first();
      const [visible, pad] = await b.evaluate((b) => [
        b.querySelector("kbd").checkVisibility(),
        getComputedStyle(b.querySelector(".d-label")).paddingInlineEnd,
      ]);
      assert.equal(visible, shown, `the key ${shown ? "shown" : "not shown"} on ${shown ? "a mouse's" : "a touch"} page`);
      assert.equal(pad === "0px", !shown, `its words ${shown ? "leave room for" : "take the room of"} the key (${pad})`);
      // The key still works for a keyboard plugged into a tablet: the button keeps it.
      assert.match(await b.getAttribute("aria-keyshortcuts"), /^[PCB]$/);
    }
    assert.deepEqual([...touch.errors, ...mouse.errors], []);
  } finally {
    await touch.context.close();
    await mouse.context.close();
  }
});
