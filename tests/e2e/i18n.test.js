// Languages: the page speaks the browser's language, a picked language is remembered,
// and the table laid out right to left in the long, accented pseudo-locale (en-XA) fits a
// phone with nothing overflowing.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, startTable, programRuns } from "./harness.mjs";
import { AT_TABLE, outsideViewport, overflowing } from "./layout.mjs";
import { decideOnce, owed } from "./play.mjs";
import { answerHeld, missed, seed, seedTables } from "./deal.mjs";

let table;
let browser;
let base;

before(async () => {
  table = await startTable();
  ({ browser, base } = table);
});

after(async () => {
  await table?.stop();
});

test("the page speaks the browser's language and remembers the one picked", { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ locale: "fr-FR", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await page.goto(base);
    await programRuns(page);
    assert.equal(await page.locator("html").getAttribute("lang"), "fr");
    assert.equal(await page.locator("html").getAttribute("dir"), "ltr");
    assert.equal(await page.getByTestId("language").inputValue(), "fr");
    assert.match(await page.getByTestId("create-room").textContent(), /salle/i);
    // Another language, picked: the page reloads into it, and it stays after a reload.
    await Promise.all([page.waitForEvent("load"), page.getByTestId("language").selectOption("de")]);
    await programRuns(page);
    assert.equal(await page.locator("html").getAttribute("lang"), "de");
    assert.match(await page.getByTestId("create-room").textContent(), /Raum/);
    await page.reload();
    await programRuns(page);
    assert.equal(await page.getByTestId("language").inputValue(), "de");
    // A game's log speaks it too.
    await page.getByTestId("solo-players").selectOption("3");
    await page.getByTestId("solo-start").click();
    await page.getByTestId("solo-table").waitFor();
    await page.getByTestId("log").locator("li").first().waitFor();
    assert.match(await page.getByTestId("log").textContent(), /ist dran|Du bist dran/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("before its program runs, the page speaks the browser's language too", { timeout: 60_000 }, async () => {
  // Without scripts: the line in every language we have, each marked with its own.
  const plain = await browser.newContext({ locale: "de-DE", javaScriptEnabled: false });
  try {
    const page = await plain.newPage();
    await page.goto(base);
    const lines = await page.locator("noscript p").evaluateAll((ps) => ps.map((p) => [p.lang, p.textContent]));
    const langs = lines.map(([lang]) => lang);
    assert.equal(langs[0], "en", "English first");
    for (const lang of ["de", "es", "fr", "pt-BR", "it", "pl", "ar"]) assert.ok(langs.includes(lang), `${lang} is there: ${langs}`);
    assert.equal(await page.locator('noscript p[lang="de"]').textContent(), "Coup braucht JavaScript und WebAssembly.");
  } finally {
    await plain.close();
  }
  // A program that cannot start says so in the browser's language (Spanish here), or in
  // the one the player picked.
  for (const [locale, picked, want] of [
    ["es-MX", null, /^Coup no pudo arrancar: /],
    ["es-MX", "fr", /^Coup n’a pas pu démarrer : /],
    ["ja-JP", null, /^Coup could not start: /],
    ["pl-PL", null, /^Nie udało się uruchomić Coup: /],
    ["ar-EG", null, /^تعذّر تشغيل Coup: /],
  ]) {
    const context = await browser.newContext({ locale, serviceWorkers: "block" });
    if (picked) await context.addInitScript((l) => localStorage.setItem("coup.lang", l), picked);
    await context.route(/\.wasm$/, (route) => route.fulfill({ status: 404, body: "gone" }));
    try {
      const page = await context.newPage();
      await page.goto(base);
      // The failure replaces the whole body (its script included) with the sentence.
      await page.waitForFunction(() => !document.querySelector("body script"));
      const said = (await page.locator("body").textContent()).trim();
      assert.match(said, want, `${locale}${picked ? ` picking ${picked}` : ""}`);
    } finally {
      await context.close();
    }
  }
});

test("a language whose catalog is missing or broken leaves the page in English, and the console says why", { timeout: 60_000 }, async () => {
  for (const [body, status, why] of [
    ["gone", 404, /language de: .*\.ftl: HTTP 404; English/],
    ["this is = not { a catalog", 200, /language de: de: \d+ syntax errors.*; English/],
  ]) {
    const context = await browser.newContext({ locale: "de-DE", serviceWorkers: "block" });
    await context.route(/\/de[^/]*\.ftl$/, (route) => route.fulfill({ status, body }));
    const page = await context.newPage();
    const warnings = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await page.goto(base);
      await programRuns(page);
      assert.equal(await page.locator("html").getAttribute("lang"), "en", `HTTP ${status}`);
      assert.match(await page.getByTestId("create-room").textContent(), /room/i);
      assert.ok(warnings.some((w) => why.test(w)), `HTTP ${status}: ${JSON.stringify(warnings)}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

// Six decisions of a game dealt from a seed that gives us six before it ends (deal.mjs),
// the table's clock held at each until it is answered. The pseudo-locale reads left to
// right, so the page is turned right to left before every measurement (the page sets
// `dir` itself when its language changes), and each measurement checks it took.
const RTL_DECISIONS = 6;

test("right to left, in the pseudo-locale, the table fits a phone with nothing overflowing", { timeout: 180_000 }, async () => {
  const dealt = seed("rtl", 1);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  await seedTables(context, dealt, { holdOnDecision: true });
  await context.addInitScript(() => localStorage.setItem("coup.lang", "en-XA"));
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const rtl = () =>
    page.evaluate(() => {
      document.documentElement.setAttribute("dir", "rtl");
      return getComputedStyle(document.body).direction;
    });
  const fits = async (where, required) => {
    assert.equal(await rtl(), "rtl", `${where}: laid out right to left`);
    assert.deepEqual(await overflowing(page, required), [], `${where}: nothing overflows its box`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(wide <= 1, `${where}: the page is ${wide}px wider than the phone`);
    // The dock (the hand and the decision) is as wide as the screen and no wider inside:
    // right to left, anything wider would stick out past the left edge.
    if (required === AT_TABLE) {
      const dock = await page.evaluate(() => {
        const d = document.querySelector(".t-dock");
        return d ? d.scrollWidth - d.clientWidth : null;
      });
      assert.notEqual(dock, null, `${where}: the table has its dock`);
      assert.ok(dock <= 1, `${where}: the dock's content is ${dock}px wider than the dock`);
    }
    // Still right to left when measured: the page did not turn it back meanwhile.
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).direction), "rtl", `${where}: measured right to left`);
  };
  try {
    await page.goto(base);
    await programRuns(page);
    assert.equal(await page.locator("html").getAttribute("lang"), "en-XA");
    assert.equal(await rtl(), "rtl");
    const start = await page.getByTestId("solo-start").textContent();
    assert.ok(!/^[\x00-\x7f]*$/.test(start), `the pseudo-locale is in use: ${start}`);
    await fits("the first screen");
    await page.screenshot({ path: path.join(ARTIFACTS, "rtl-pseudo-start-phone.png"), fullPage: true });
    await page.getByTestId("solo-players").selectOption("6");
    await page.getByTestId("solo-start").click();
    await page.getByTestId("solo-table").waitFor();
    let checked = 0;
    const deadline = Date.now() + 120_000;
    while (checked < RTL_DECISIONS) {
      assert.ok(Date.now() < deadline, `${RTL_DECISIONS} decisions came in time (${checked} measured)`);
      if (await page.getByTestId("game-over").isVisible()) {
        throw missed("rtl", dealt, `its game gives us ${RTL_DECISIONS} decisions before it ends`, `${checked} came`);
      }
      if (!(await owed(page))) {
        await page.waitForTimeout(100);
        continue;
      }
      // Ours, and held until answered.
      const panel = page.locator("[data-testid=decision-area] [role=group]");
      await panel.waitFor({ timeout: 10_000 });
      await fits(`decision ${checked + 1}`, AT_TABLE);
      assert.equal(await outsideViewport(page, panel), null, "the decision is in view");
      if (checked === 0) {
        await page.screenshot({ path: path.join(ARTIFACTS, "rtl-pseudo-table-phone.png"), fullPage: true });
      }
      checked += 1;
      await answerHeld(page, async () => assert.ok(await decideOnce(page), "the decision shown was answered"));
    }
    console.log(`    rtl pseudo-locale, seed ${dealt}: ${checked} decisions measured at 390×844, nothing overflowing`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
