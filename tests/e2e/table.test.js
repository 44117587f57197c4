// The table as a newcomer meets it, at a phone's size (390×844) and a laptop's
// (1366×768): every decision in view with nothing overflowing, touch targets of 44×44 px,
// text at 4.5:1; a whole game played by what the page says (roles and accessible names,
// no test ids), an exchange's choices each offered once, a double click playing once;
// the end showing every hand and the claims with their truth. Screenshots of each moment
// at both sizes go to tests/e2e/artifacts/.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, useTable } from "./harness.mjs";
import { AT_TABLE, contrast, hiddenSeats, lowContrast, outsideViewport, overflowing, smallTargets, widerThanViewport } from "./layout.mjs";
import { owed } from "./play.mjs";
import { answerHeld, missed, seed, sentToReferee } from "./deal.mjs";

const table = useTable();

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** The decision we owe, found by its words: a group named as the panels name them. */
const DECISION =
  /^(Your turn|Do you believe it\?|Block it\?|Do you believe the block\?|You lose an influence|Exchange|You are examined|Examine|Draft|Choose your side)$/;

const open = (viewport, init) => table.open({ viewport, init });

/**
 * A page whose tables are dealt from `seed` (deal.mjs), the table's clock held at each
 * decision of ours until the test answers it (`answerHeld`): no bot acts and no window
 * closes while the test measures, whatever the machine's load.
 */
function openSeeded(viewport, value, pace = 1) {
  return table.open({ viewport, deal: { seed: value, holdOnDecision: true, pace } });
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** Starts a game against bots from the first screen, by its words, with `options` ticked. */
async function playBots(page, players, options = []) {
  await page.getByRole("combobox", { name: "Players" }).selectOption(String(players));
  if (options.length > 0) await page.getByText("More options").click();
  for (const o of options) await page.getByRole("checkbox", { name: o }).check();
  await page.getByRole("button", { name: "Play against bots" }).click();
  await page.getByRole("button", { name: "Rules & cards" }).waitFor();
}

/**
 * In the page: `{ name }` of the decision panel shown now (a group whose accessible name,
 * its aria-label, is one DECISION names) while the title says a decision is ours, or
 * `{ gone }` once it does not; read
 * in one task, so a redraw cannot come between finding and reading it. (A CSS query on
 * role and name: Playwright's getByRole with a name pattern computes the accessible name
 * of every group on a ten-seat table at each poll.) A panel whose every button is
 * disabled is one we answered, waiting for the update that takes it away: not a
 * decision to make (on a loaded machine the update can take a while).
 */
function shownDecision(source) {
  if (!document.title.startsWith("●")) return { gone: true };
  const re = new RegExp(source);
  for (const g of document.querySelectorAll('[role="group"][aria-label]')) {
    const name = g.getAttribute("aria-label");
    if (!re.test(name) || g.closest('[aria-hidden="true"], [inert]')) continue;
    if (!g.querySelector("button:not([disabled])")) continue;
    const r = g.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return { name };
  }
  return null;
}

/** The decision panel named `name`, by its role and name. */
const panelNamed = (page, name) => page.locator(`[role="group"][aria-label="${name}"]`);

const gameOver = (page) => page.locator('[role="dialog"][aria-label="Game over"]');

/**
 * Waits until a decision is ours; returns its panel (a group named by its words), or null
 * when the game is over. On a table whose clock is held at our decisions, the panel stays
 * until we answer.
 */
async function nextDecision(page, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await gameOver(page).isVisible()) return null;
    if (await owed(page)) {
      // A decision is owed: it must be found by its words.
      const shown = await page
        .waitForFunction(shownDecision, DECISION.source, { timeout: 10_000 })
        .then((h) => h.jsonValue(), () => null);
      if (shown?.name) return panelNamed(page, shown.name);
      if (shown?.gone) continue;
      // Gone before it was found (another seat's answer closed the window): look again.
      if (!(await owed(page))) continue;
      await shot(page, "failed-next-decision");
      const panels = await page.locator('[data-testid^="panel"], [role="dialog"], dialog').evaluateAll((ps) =>
        ps.map((p) => {
          const hidden = p.closest('[aria-hidden="true"], [inert]');
          const box = p.getBoundingClientRect();
          return `${p.dataset.testid ?? p.getAttribute("role") ?? p.tagName}: "${p.getAttribute("aria-label")}" ${Math.round(box.height)} px at ${Math.round(box.top)}${hidden ? `, hidden by ${hidden.className || hidden.tagName}` : ""}${p.open === false ? ", closed" : ""}`;
        }));
      throw new Error(`a decision is owed (title "${await page.title()}") but none is found by its words; panels: ${JSON.stringify(panels)}`);
    }
    await page.waitForTimeout(100);
  }
  throw new Error("no decision came");
}

/** Every check of how the table looks, while `panel` is owed. */
async function looksRight(page, panel, where, phone) {
  assert.equal(await outsideViewport(page, panel), null, `${where}: the decision is entirely in view`);
  assert.deepEqual(await hiddenSeats(page), [], `${where}: every seat is in view, none under the decision`);
  assert.deepEqual(await overflowing(page, AT_TABLE), [], `${where}: nothing overflows its box`);
  if (phone) assert.deepEqual(await smallTargets(page), [], `${where}: touch targets are 44×44 px`);
  assert.deepEqual(await lowContrast(page), [], `${where}: text contrast is at least 4.5:1`);
}

/** Our decisions that went to the referee among `texts` (what the page sent it). */
const intents = (texts) =>
  texts.filter((t) => {
    const outer = JSON.parse(t).msg;
    // The peer text inside is the JSON it is (the port encodes once).
    return outer.type === "text" && outer.text?.msg?.type === "intent";
  });

/**
 * Double-clicks `button`, which answers the decision owed, and checks that the page sent
 * one answer: the button waits for the next update after the first click, so the second
 * sends nothing (which the referee would refuse). Counted where the answers arrive, in
 * the referee, once the page has drawn that the decision is no longer ours.
 */
async function doubleClickPlaysOnce(page, button, what) {
  const before = (await sentToReferee(page)).length;
  await answerHeld(page, () => button.dblclick());
  await page.waitForFunction(() => !document.title.startsWith("●"), null, { timeout: 10_000 });
  const sent = intents((await sentToReferee(page)).slice(before));
  assert.equal(sent.length, 1, `${what}: a double click sends one answer: ${JSON.stringify(sent)}`);
  assert.equal(await page.getByRole("alert").count(), 0, `${what}: nothing was refused`);
}

// The crowded case on a phone: ten seats with Reformation's sides on them, and a crowded
// dock: Income, Foreign Aid, Tax, Steal, Exchange, the Inquisitor's Examine, Convert, and
// the Assassination once we can pay for it: nine, the tenth (Embezzle, or the Coup) with
// a coin in the Treasury or seven in hand. The seed's game must reach nine.
// Each table is dealt from a seed (deal.mjs) and its clock held at each decision of ours
// until we answer: every decision is measured as it stands, and the seed's game reaches
// the moments this test needs on every run.
for (const [label, viewport, players, options, seedName, seedValue, crowded] of [
  ["phone", PHONE, 10, ["Reformation", "Inquisitor"], "crowded_phone", 1, 9],
  ["laptop", LAPTOP, 6, [], "crowded_laptop", 1, 5],
]) {
  test(`${players} players at ${label} size${options.length ? ` with ${options.join(", ")}` : ""}: every decision in view, readable and large enough`, { timeout: 180_000 }, async () => {
    const dealt = seed(seedName, seedValue);
    // The bots play at three times their pace: a ten-seat game fits the time limit.
    const { context, page, errors } = await openSeeded(viewport, dealt, 3);
    try {
      const phone = label === "phone";
      // The first screen: its three choices without scrolling, the credit line.
      for (const name of ["Play against bots", "Create a room", "Join"]) {
        const b = page.getByRole("button", { name, exact: true });
        assert.equal(await outsideViewport(page, b), null, `${name} is on the first screen`);
      }
      assert.match(await page.getByText(/Rikki Tahta/).textContent(), /Indie Boards & Cards.*unofficial/);
      if (phone) assert.deepEqual(await smallTargets(page), [], "first screen: touch targets");
      assert.deepEqual(await lowContrast(page), [], "first screen: contrast");
      await shot(page, `table-start-${label}`);

      // How to play, from the first screen: the rules and cards, closed by Escape, the
      // focus back on the button that opened them.
      const how = page.getByRole("button", { name: "How to play" });
      assert.equal(await outsideViewport(page, how), null, "How to play is on the first screen");
      await how.click();
      const rules = page.getByRole("dialog", { name: "Rules and cards" });
      await rules.waitFor();
      await rules.getByRole("img", { name: "Contessa", exact: true }).waitFor();
      assert.match(await rules.textContent(), /Blocks assassination/);
      assert.equal(await rules.locator("p.muted").count(), 0, "no table's options before there is a table");
      await page.waitForFunction(() => document.activeElement?.closest("[role=dialog]"), null, { timeout: 2_000 });
      if (phone) assert.deepEqual(await smallTargets(page), [], "rules from the first screen: touch targets");
      assert.deepEqual(await lowContrast(page), [], "rules from the first screen: contrast");
      await shot(page, `table-start-rules-${label}`);
      await page.keyboard.press("Escape");
      await rules.waitFor({ state: "detached" });
      await page.waitForFunction(() => document.activeElement?.dataset.testid === "how-to-play", null, { timeout: 2_000 });

      await playBots(page, players, options);
      // At the table its bar has the rules instead.
      assert.equal(await how.isVisible(), false, "no second rules button at the table");
      assert.equal(await page.getByTestId("seat").count(), players);
      // Names never vanish: every seat's whole name is shown.
      for (const n of await page.locator(".t-name").all()) {
        assert.ok((await n.evaluate((e) => e.scrollWidth <= e.clientWidth)), "a seat's name is whole");
      }

      // The rules and the card reference, one tap away.
      await page.getByRole("button", { name: "Rules & cards" }).click();
      const help = page.getByRole("dialog", { name: "Rules and cards" });
      await help.waitFor();
      for (const card of ["Duke", "Assassin", "Captain", "Ambassador", "Contessa"]) {
        await help.getByRole("img", { name: card, exact: true }).waitFor();
      }
      assert.match(await help.textContent(), /Blocks assassination/);
      assert.deepEqual(await lowContrast(page), [], "rules: contrast");
      await shot(page, `table-rules-${label}`);
      await help.getByRole("button", { name: "Close" }).click();

      // Our turn: each action says its claim and effect; a targeted one asks whom next.
      // After those moments the game goes on, every decision measured the same way, until
      // the game ends or we are out: seats grow as cards are lost, and the decision must
      // stay clear of them all game.
      let turn = null;
      let windows = 0;
      const deadline = Date.now() + 150_000;
      let tapped = false;
      let doubled = false;
      let measured = 0;
      let most = 0;
      for (;;) {
        assert.ok(Date.now() < deadline, `the game ends, or we are out, in time (${measured} decisions measured)`);
        if ((await page.locator('[data-testid="seat"].me.dead').count()) > 0) break;
        const panel = await nextDecision(page, deadline - Date.now());
        if (!panel) break;
        measured += 1;
        const name = await panel.getAttribute("aria-label");
        if (name === "Your turn") most = Math.max(most, await panel.locator(".t-choices.actions > button").count());
        await looksRight(page, panel, `${label}, ${name}`, phone);
        if (name === "Your turn" && turn && !tapped) {
          // A later turn: the target picked by tapping its seat.
          await panel.getByRole("button", { name: /^Steal — claim Captain/ }).click();
          const seat = page.locator(".t-seat.aimable").first();
          const whom = (await seat.locator(".t-name").textContent()).trim();
          await answerHeld(page, async () => {
            await seat.click();
            // The action is on its way: no seat takes a second tap, and nothing in the
            // turn's panel can be pressed (the panel may be gone already).
            assert.equal(await page.locator(".t-seat.aimable").count(), 0, "after a seat is tapped no seat is lit for a tap");
            const open = await page.evaluate(() =>
              [...document.querySelectorAll('[role="group"][aria-label="Your turn"] button:not([disabled])')].map((b) => b.textContent.trim()),
            );
            assert.deepEqual(open, [], "after a seat is tapped the turn's panel takes no press");
          });
          await page.getByTestId("log").getByText(new RegExp(`You claim the Captain to steal from ${whom}`)).waitFor({ timeout: 5_000 });
          // The log shows the newest turn first, each turn under its own heading and in
          // the order it went: our claim sits under "— Your turn —", and the list opens
          // with a heading.
          const lines = await page.getByTestId("log").locator("li").evaluateAll((ls) =>
            ls.map((l) => ({ text: l.textContent.trim(), turn: l.classList.contains("turn"), newest: l.classList.contains("newest") })));
          assert.equal(lines.filter((l) => l.newest).length, 1, "one line, the newest, is lit");
          const claim = lines.findIndex((l) => l.text.startsWith(`You claim the Captain to steal from ${whom}`));
          const heading = lines.slice(0, claim).reverse().find((l) => l.turn);
          assert.equal(heading?.text, "— Your turn —", `our claim's turn heads it: ${JSON.stringify(lines.slice(0, claim + 1))}`);
          assert.ok(lines[0].turn, `the log opens with the newest turn's heading: ${lines[0].text}`);
          tapped = true;
          continue;
        }
        if (name === "Your turn" && !turn) {
          turn = panel;
          await page.getByRole("button", { name: "Tax — claim Duke: take 3 coins" }).waitFor();
          await page.getByRole("button", { name: /^Income — take 1 coin$/ }).waitFor();
          await shot(page, `table-turn-${label}`);
          await panel.getByRole("button", { name: /^Steal — claim Captain/ }).click();
          await panelNamed(page, "Your turn").getByText("Steal: whom?").waitFor();
          const targets = panel.getByRole("button", { name: /^Steal from / });
          assert.ok((await targets.count()) >= 1, "one button per target, by name");
          // Each target's seat is lit for a tap, and no other seat.
          assert.equal(await page.locator(".t-seat.aimable").count(), await targets.count(), "the targets' seats are lit");
          // A target is told from the seat whose turn it is by more than colour: a double
          // line and a crosshair, against the turn's solid line and ▶; its line stands out
          // from the seat's ground (3:1, WCAG's non-text contrast).
          const look = (sel, pseudoOf) =>
            page.locator(sel).first().evaluate((e, pseudoOf) => {
              const s = getComputedStyle(e);
              const sign = getComputedStyle(pseudoOf ? e.querySelector(pseudoOf) : e, "::after").backgroundImage;
              return { line: s.borderTopStyle, colour: s.borderTopColor, ground: s.backgroundColor, sign };
            }, pseudoOf);
          const aim = await look(".t-seat.aimable", ".t-seat-sub");
          const turnSeat = await look(".t-seat.current", null);
          assert.equal(aim.line, "double", "a target's line is double");
          assert.equal(turnSeat.line, "solid", "the turn's line is solid");
          assert.match(aim.sign, /^url\(/, "a target shows its crosshair");
          assert.match(turnSeat.sign, /^url\(/, "the turn shows its sign");
          assert.notEqual(aim.sign, turnSeat.sign);
          assert.ok(contrast(aim.colour, aim.ground) >= 3, `a target's line stands out: ${contrast(aim.colour, aim.ground).toFixed(2)}:1`);
          const rgb = (c) => c.match(/[\d.]+/g).map(Number);
          const [ar, , ab] = rgb(aim.colour);
          const [tr, , tb] = rgb(turnSeat.colour);
          assert.ok(ab > ar && tr > tb, `a blue target beside the gold turn: ${aim.colour} and ${turnSeat.colour}`);
          await looksRight(page, panel, `${label}, a target to choose`, phone);
          await shot(page, `table-target-${label}`);
          await panel.getByRole("button", { name: "Back" }).click();
          assert.equal(await page.locator(".t-seat.aimable").count(), 0, "Back puts the seats out");
          // A double click plays once: the second click finds the buttons waiting for
          // the update, and nothing is sent that the host would refuse.
          await doubleClickPlaysOnce(page, panel.getByRole("button", { name: /^Income/ }), `${label}, Income`);
          doubled = true;
          continue;
        }
        if (/^(Do you believe|Block it)/.test(name)) windows += 1;
        if (windows === 1) await shot(page, `table-window-${label}`);
        // Tax while the dock has yet to be seen at its fullest (coins bring the actions
        // that cost them), else whatever risks least: Income, a pass, else the first
        // choice, and its first target when it asks whom.
        let pick = panel.getByRole("button", { name: most < crowded ? /^Tax/ : /^(Income|Pass)/ });
        if (!(await pick.count())) pick = panel.getByRole("button", { name: /^(Income|Pass)/ });
        if (!(await pick.count())) pick = panel.getByRole("button");
        await answerHeld(page, async () => {
          await pick.first().click({ timeout: 5_000 });
          const whom = panel.getByRole("button", { name: /^(Coup|Steal from|Assassinate|Examine|Convert) (?!—)/ });
          if (await whom.count()) await whom.first().click({ timeout: 5_000 });
        });
      }
      console.log(`    ${label}, ${players} players, seed ${dealt}: ${measured} decisions measured, ${windows} windows, at most ${most} actions in a turn`);
      const moments = `a turn (${!!turn}), a double click (${doubled}), a window (${windows}), a target tapped (${tapped}), a turn of ${crowded} actions (at most ${most})`;
      if (!(turn && doubled && windows >= 1 && tapped && most >= crowded)) {
        throw missed(seedName, dealt, `its game gives ${moments} before we are out`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

// Each dealt from a seed whose game lets our Exchange through (deal.mjs), the table's
// clock held at each decision of ours until we answer.
for (const [label, viewport, seedName, seedValue] of [
  ["phone", PHONE, "newcomer_phone", 1],
  ["laptop", LAPTOP, "newcomer_laptop", 1],
]) {
test(`a newcomer plays a whole game by what the page says, and sees its end (${label})`, { timeout: 300_000 }, async () => {
  const dealt = seed(seedName, seedValue);
  const { context, page, errors } = await openSeeded(viewport, dealt, 2);
  try {
    await playBots(page, 3);
    let exchanged = false;
    let outShot = false;
    let targetShot = false;
    let decided = 0;
    const deadline = Date.now() + 240_000;
    for (;;) {
      assert.ok(Date.now() < deadline, "the game ends in time");
      if (!outShot && (await page.getByText("You are out.").isVisible())) {
        await shot(page, `table-knocked-out-${label}`);
        outShot = true;
      }
      const panel = await nextDecision(page, deadline - Date.now());
      if (!panel) break;
      const name = await panel.getAttribute("aria-label");
      // Focus follows the decision: never left on the page after the last one.
      await page
        .waitForFunction(
          () => document.activeElement?.tagName === "BUTTON" && document.activeElement.closest("[role=group]")?.contains(document.activeElement),
          null,
          { timeout: 2_000 },
        )
        .catch(() => {});
      assert.ok(
        await panel.evaluate((p) => p.contains(document.activeElement)),
        `${name}: the keyboard's focus is on the decision (it is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80))})`,
      );
      if (decided === 0) {
        // Before our first claim: our own claims, chosen in the record's filter, say
        // there are none; the whole record says so only when nobody has claimed.
        const whose = page.getByRole("combobox", { name: "Whose claims" });
        await whose.selectOption({ label: "You" });
        await page.getByTestId("claims").getByText("No claims from this player yet.").waitFor({ timeout: 2_000 });
        await whose.selectOption({ label: "Everyone" });
        const items = await page.getByTestId("claims").getByRole("listitem").allTextContents();
        const empty = await page.getByTestId("no-claims").count();
        assert.ok(empty === 0 || (items.length === 1 && items[0] === "No one has claimed a character yet."), `the placeholder only alone: ${items}`);
        assert.ok(empty === 1 || items.length > 0, "an empty record says so");
        await whose.selectOption({ label: "You" });
        await panel.getByRole("button").first().focus();
      }
      if (decided === 1) {
        // The record redrew since (a decision came and went): the filter still shows
        // what it applies, and the list holds only our claims.
        const whose = page.getByRole("combobox", { name: "Whose claims" });
        assert.equal(await whose.evaluate((s) => s.selectedOptions[0].textContent), "You", "the chosen player stays shown");
        for (const c of await page.getByTestId("claims").getByRole("listitem").allTextContents()) {
          assert.match(c, /^(You: |No claims from this player yet\.$)/, `only our claims: ${c}`);
        }
        await whose.selectOption({ label: "Everyone" });
        await panel.getByRole("button").first().focus();
      }
      decided += 1;
      if (name === "Exchange") {
        // Each distinct hand once, and a double click plays once.
        const labels = await panel.getByRole("button").evaluateAll((bs) => bs.map((b) => (b.querySelector(".d-label") ?? b).textContent));
        const hands = labels.map((l) => l.replace(/ — .*/, "").replace(/^Keep /, "").split(" + ").sort().join("+"));
        assert.equal(new Set(hands).size, hands.length, `each choice once: ${labels.join(" | ")}`);
        // The two cards drawn are one line of the log, naming both.
        const drew = (await panel.textContent()).match(/You drew (\w+) and (\w+)\./);
        assert.ok(drew, `the exchange says what was drawn: ${await panel.textContent()}`);
        const log = (await page.getByTestId("log").locator("li").allTextContents()).map((l) => l.trim());
        const an = (card) => `${/^[AEIOU]/.test(card) ? "an" : "a"} ${card}`;
        assert.ok(log.includes(`You draw ${an(drew[1])} and ${an(drew[2])}`), `one line for both draws: ${JSON.stringify(log.slice(0, 6))}`);
        await shot(page, `table-exchange-${label}`);
        await doubleClickPlaysOnce(page, panel.getByRole("button").first(), `${label}, Exchange`);
        exchanged = true;
        continue;
      }
      let pick;
      if (name === "Your turn" && !exchanged) {
        pick = panel.getByRole("button", { name: /^Exchange — claim Ambassador/ });
      }
      if (!pick || !(await pick.count())) pick = panel.getByRole("button", { name: /^(Income|Pass)/ });
      if (!(await pick.count())) pick = panel.getByRole("button");
      await answerHeld(page, async () => {
        await pick.first().click({ timeout: 5_000 });
        // A target step: its first target.
        const whom = page.getByRole("button", { name: /^(Coup|Steal from|Assassinate|Examine|Convert) (?!—)/ });
        if (await whom.count()) {
          await whom.first().click({ timeout: 5_000 });
          // The answer is on its way: nothing left in the turn's panel to press, Back
          // included (the panel may be gone already).
          const open = await page.evaluate(() =>
            [...document.querySelectorAll('[role="group"][aria-label="Your turn"] button:not([disabled])')].map((b) => b.textContent.trim()),
          );
          assert.deepEqual(open, [], "after a target is pressed the turn's panel takes no second press");
          assert.equal(await page.locator(".t-seat.aimable").count(), 0, "after a target is pressed no seat is lit for a tap");
          if (!targetShot) {
            await shot(page, `table-target-pressed-${label}`);
            targetShot = true;
          }
        }
      });
    }
    if (!exchanged) throw missed(seedName, dealt, "our Exchange goes through before the game ends");
    const over = page.getByRole("dialog", { name: "Game over" });
    await over.waitFor();
    await shot(page, `table-over-${label}`);
    // Every hand: one row per player, both cards named.
    const rows = over.getByRole("row");
    assert.equal(await rows.count(), 1 + 3, "a header and one row per player");
    const cards = await over.getByRole("img").evaluateAll((is) => is.map((i) => i.getAttribute("aria-label")));
    assert.ok(cards.filter((c) => /^(Duke|Assassin|Captain|Ambassador|Contessa)/.test(c)).length >= 6, `every card shown: ${cards}`);
    assert.ok(!cards.includes("hidden card"), "no card hidden any more");
    // The claims in order with their truth.
    const claims = await over.getByTestId("timeline").getByRole("listitem").allTextContents();
    assert.ok(claims.length > 0, "the timeline lists the claims");
    for (const c of claims) assert.match(c, /^(true|bluff)/, `each claim says whether it was true: ${c}`);
    const chart = over.getByRole("img", { name: "Each player's coins, turn by turn" });
    await chart.waitFor();
    // The chart's lines run across its whole box, not in a band in its middle.
    const drawn = await chart.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      const lines = [...svg.querySelectorAll("polyline")].map((c) => c.getBoundingClientRect());
      const left = Math.min(...lines.map((r) => r.left));
      const right = Math.max(...lines.map((r) => r.right));
      const grid = [...svg.querySelectorAll("line.grid")].map((l) => {
        const r = l.getBoundingClientRect();
        return (r.top + r.bottom) / 2;
      });
      const marks = [...svg.parentElement.querySelectorAll(".t-chart-y")].map((m) => {
        const r = m.getBoundingClientRect();
        return { coins: Number(m.textContent), y: (r.top + r.bottom) / 2, right: r.right };
      });
      const colours = [...svg.querySelectorAll("polyline")].map((p) => getComputedStyle(p).stroke);
      const legend = [...svg.closest("figure").querySelectorAll(".t-legend li")].map((li) => ({
        name: li.textContent.trim(),
        colour: getComputedStyle(li.querySelector(".swatch")).backgroundColor,
      }));
      const high = Math.min(...lines.map((r) => r.top));
      const low = Math.max(...lines.map((r) => r.bottom));
      return { spread: (right - left) / box.width, height: box.height, left: box.left, grid, marks, colours, legend, high, low };
    });
    assert.ok(drawn.spread > 0.9, `the coins' lines span ${(drawn.spread * 100).toFixed(0)}% of the chart's width`);
    // Its axis: a line per step from 0 up, each with its number beside the drawing at
    // the line's height; the top is at least the most coins anyone held.
    const steps = drawn.marks.map((m) => m.coins);
    assert.equal(steps[0], 0, `the axis starts at 0: ${steps}`);
    assert.ok(steps.length >= 2 && steps.length <= 7, `between 2 and 7 marks: ${steps}`);
    assert.ok(steps.every((c, i) => i === 0 || c - steps[i - 1] === steps[1]), `even steps: ${steps}`);
    assert.equal(drawn.grid.length, drawn.marks.length, "a line for every number");
    drawn.marks.forEach((m, i) => {
      assert.ok(Math.abs(m.y - drawn.grid[i]) < 2, `${m.coins} coins at its line's height (${m.y} and ${drawn.grid[i]})`);
      assert.ok(m.right <= drawn.left + 1, `${m.coins}: beside the drawing, not over it`);
    });
    assert.ok(drawn.marks.at(-1).y - drawn.marks[0].y < 0, "more coins higher up");
    assert.ok(drawn.high >= drawn.grid.at(-1) - 3 && drawn.low <= drawn.grid[0] + 3, "every line between the axis's first and last");
    assert.ok(drawn.height >= (label === "phone" ? 150 : 120), `the chart is ${drawn.height}px tall`);
    // Its legend: every player, in seat order, in their line's colour.
    const names = await over.getByTestId("final-hand").locator("th").allTextContents();
    assert.deepEqual(drawn.legend.map((l) => l.name), names.map((n) => n.trim()), "the legend names every player");
    assert.deepEqual(drawn.legend.map((l) => l.colour), drawn.colours, "each in its line's colour");
    assert.deepEqual(await lowContrast(page), [], "game over: contrast");
    if (label === "phone") {
      assert.deepEqual(await smallTargets(page), [], "game over: touch targets");
      // Nothing of the end is wider than a phone: no sideways scrolling.
      assert.deepEqual(await widerThanViewport(page, '[role="dialog"][aria-label="Game over"] .t-over-body'), [], "game over fits the phone");
    }
    await over.getByRole("button", { name: "Rematch" }).waitFor();
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
}

/** Answers `panel` with whatever risks least: Income or Pass, else the first choice (and
 * the first target when it asks whom). */
async function answer(page, panel) {
  let pick = panel.getByRole("button", { name: /^(Income|Pass)/ });
  if (!(await pick.count())) pick = panel.getByRole("button");
  await pick.first().click({ timeout: 2_000 }).catch(() => {});
  const whom = page.getByRole("button", { name: /^(Coup|Steal from|Assassinate|Examine|Convert) (?!—)/ });
  if (await whom.count()) await whom.first().click({ timeout: 2_000 }).catch(() => {});
}

test("a decision of ours chimes only while the page is in the background, until the sound is turned off, which is remembered", { timeout: 180_000 }, async () => {
  // Counts the oscillators started, lets the test say whether the page has the focus,
  // and counts the times a decision became ours (the title gaining its ●) while the page
  // was in the background with the sound on: each should have chimed, and nothing else.
  const init = () => {
    window.__tones = 0;
    window.__owedAway = 0;
    window.__focused = true;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...a) {
      window.__tones += 1;
      return start.apply(this, a);
    };
    Document.prototype.hasFocus = () => window.__focused;
    const title = Object.getOwnPropertyDescriptor(Document.prototype, "title");
    let was = false;
    Object.defineProperty(Document.prototype, "title", {
      get: title.get,
      set(v) {
        const now = v.startsWith("●");
        if (now && !was && !window.__focused && localStorage.getItem("coup.sound") !== "off") window.__owedAway += 1;
        was = now;
        title.set.call(this, v);
      },
    });
  };
  // Dealt from a seed, so the same decisions become ours on every run.
  const { context, page, errors } = await table.open({ viewport: LAPTOP, init, deal: { seed: seed("chime", 1) } });
  const count = () => page.evaluate(() => ({ tones: window.__tones, owed: window.__owedAway }));
  /** Plays `n` of our decisions (a rematch when the game ends first). */
  const decide = async (n) => {
    for (let i = 0; i < n; ) {
      const panel = await nextDecision(page);
      if (!panel) {
        await page.getByRole("button", { name: "Rematch" }).click();
        await page.getByRole("dialog", { name: "Game over" }).waitFor({ state: "detached" });
        continue;
      }
      await answer(page, panel);
      // Until the page has drawn what came of it.
      await page.waitForFunction(() => !document.title.startsWith("●"), null, { timeout: 2_000 }).catch(() => {});
      i += 1;
    }
  };
  try {
    await playBots(page, 3);
    const toggle = page.getByRole("button", { name: /^Sound when a decision is yours/ });
    assert.equal(await toggle.getAttribute("aria-pressed"), "true", "on until turned off");
    // Looked at: the title and the focus say it; no sound.
    await decide(3);
    assert.deepEqual(await count(), { tones: 0, owed: 0 }, "no chime while the page is looked at");
    // In the background: each decision that becomes ours chimes once (two notes).
    await page.evaluate(() => (window.__focused = false));
    await decide(4);
    const away = await count();
    assert.ok(away.owed >= 1, "a decision became ours in the background");
    assert.equal(away.tones, 2 * away.owed, `one chime per decision that became ours: ${JSON.stringify(away)}`);
    // Turned off: remembered, and silent.
    await page.evaluate(() => (window.__focused = true));
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-pressed"), "false");
    assert.equal(await page.evaluate(() => localStorage.getItem("coup.sound")), "off");
    await page.evaluate(() => (window.__focused = false));
    await decide(3);
    assert.equal((await count()).tones, away.tones, "no chime once turned off");
    // The next visit starts with it off.
    const again = await context.newPage();
    await again.goto(table.base);
    await playBots(again, 3);
    assert.equal(await again.getByRole("button", { name: /^Sound when a decision is yours/ }).getAttribute("aria-pressed"), "false");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
