// Languages: the page speaks the browser's language, a picked language is remembered,
// and the table laid out right to left in the long, accented pseudo-locale (en-XA) fits a
// phone with nothing overflowing.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, startTable, programRuns } from "./harness.mjs";
import { AT_TABLE, outsideViewport, overflowing } from "./layout.mjs";
import { createAndJoin, decideOnce, lobbiesShow, owed } from "./play.mjs";
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

// Italian, Polish and Arabic: each followed from the browser's languages and picked in
// the picker, with its own words on the first screen (before and after the program runs)
// and at the table; Arabic written right to left.
const NEW_LANGUAGES = [
  { locale: "it-IT", lang: "it", dir: "ltr", create: /^Crea una stanza$/, solo: /^Gioca contro i bot$/, log: /Tocca a/, seat: /bot Normale/ },
  { locale: "pl-PL", lang: "pl", dir: "ltr", create: /^Utwórz pokój$/, solo: /^Graj z botami$/, log: /Twoja tura|Tura: /, seat: /Normalny bot/ },
  { locale: "ar-EG", lang: "ar", dir: "rtl", create: /^أنشئ غرفة$/, solo: /^العب ضد الروبوتات$/, log: /دورك|دور /, seat: /روبوت \u2068?عادي/ },
];

test("Italian, Polish and Arabic follow the browser, can be picked, and speak at the table", { timeout: 180_000 }, async () => {
  for (const want of NEW_LANGUAGES) {
    // Before the program runs (its module held back): the first screen's own words and
    // direction, from the catalog the build wrote into index.html.
    const early = await browser.newContext({ locale: want.locale, serviceWorkers: "block" });
    await early.route(/\.wasm$/, () => {});
    try {
      const page = await early.newPage();
      await page.goto(base, { waitUntil: "domcontentloaded" });
      assert.equal(await page.locator("html").getAttribute("lang"), want.lang, `${want.lang}: lang before the program`);
      assert.equal(await page.locator("html").getAttribute("dir"), want.dir, `${want.lang}: dir before the program`);
      assert.match((await page.getByTestId("create-room").textContent()).trim(), want.create, `${want.lang}: before the program`);
    } finally {
      await early.close();
    }
    // The program's page, from the browser's language.
    const context = await browser.newContext({ locale: want.locale, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await page.goto(base);
      await programRuns(page);
      assert.equal(await page.locator("html").getAttribute("lang"), want.lang);
      assert.equal(await page.locator("html").getAttribute("dir"), want.dir);
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).direction), want.dir);
      assert.equal(await page.getByTestId("language").inputValue(), want.lang);
      assert.match((await page.getByTestId("create-room").textContent()).trim(), want.create);
      assert.match((await page.getByTestId("solo-start").textContent()).trim(), want.solo);
      // At the table: the log and the seats speak it too.
      await page.getByTestId("solo-players").selectOption("3");
      await page.getByTestId("solo-start").click();
      await page.getByTestId("solo-table").waitFor();
      await page.getByTestId("log").locator("li").first().waitFor();
      assert.match(await page.getByTestId("log").textContent(), want.log, `${want.lang}: the log`);
      assert.match(await page.getByTestId("solo-table").textContent(), want.seat, `${want.lang}: a bot's seat`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
  // Picked in the picker from an English page: the page reloads into it, and keeps it.
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(base);
    await programRuns(page);
    for (const want of NEW_LANGUAGES) {
      await Promise.all([page.waitForEvent("load"), page.getByTestId("language").selectOption(want.lang)]);
      await programRuns(page);
      assert.equal(await page.locator("html").getAttribute("lang"), want.lang, `picked ${want.lang}`);
      assert.equal(await page.locator("html").getAttribute("dir"), want.dir, `picked ${want.lang}`);
      assert.match((await page.getByTestId("create-room").textContent()).trim(), want.create, `picked ${want.lang}`);
      await page.reload();
      await programRuns(page);
      assert.equal(await page.getByTestId("language").inputValue(), want.lang, `${want.lang} is remembered`);
    }
  } finally {
    await context.close();
  }
});

/**
 * A room in Arabic at `viewport`, its host and a joiner each on a fresh page, both named
 * in Arabic: the code reads left to right at the block's right side, a line goes each way
 * in the chat, and on both pages nothing overflows or reaches past the screen's sides.
 */
async function roomWithChat(browser, base, viewport, size) {
  const open = async () => {
    const context = await browser.newContext({ locale: "ar-EG", viewport, serviceWorkers: "block" });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(base);
    await programRuns(page);
    return { context, page, errors };
  };
  const host = await open();
  const guest = await open();
  const sides = [host, guest];
  try {
    await createAndJoin(host, guest, ["سلمى", "يوسف"]);
    // The code reads left to right, its two halves in order, at the block's right side.
    const code = await host.page.getByTestId("room-code").evaluate((el) => {
      const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
      const glyphs = [...text.textContent].map((_, i) => {
        const r = document.createRange();
        r.setStart(text, i);
        r.setEnd(text, i + 1);
        return r.getBoundingClientRect().left;
      });
      const block = el.parentElement.getBoundingClientRect();
      return { text: el.textContent, ordered: glyphs.every((x, i) => i === 0 || x > glyphs[i - 1]), right: block.right - el.getBoundingClientRect().right };
    });
    assert.ok(code.ordered, `the room code ${code.text} is drawn left to right`);
    assert.ok(code.right < 2, `the room code sits at the block's right (${code.right}px from it)`);
    await lobbiesShow(sides, 2);
    const lines = ["مرحبًا بالجميع! هل أنتم مستعدون؟", "أهلًا يوسف، لنبدأ بعد قليل."];
    for (const [i, side] of [guest, host].entries()) {
      await side.page.getByTestId("chat-input").fill(lines[i]);
      await side.page.getByTestId("chat-send").click();
    }
    for (const side of sides) {
      for (const line of lines) await side.page.getByTestId("chat-line").filter({ hasText: line }).waitFor({ timeout: 10_000 });
    }
    for (const [who, side] of [["host", host], ["joiner", guest]]) {
      const { page } = side;
      assert.equal(await page.locator("html").getAttribute("dir"), "rtl", `the ${who}'s room: dir="rtl"`);
      assert.deepEqual(await overflowing(page), [], `the ${who}'s room: nothing overflows its box`);
      assert.deepEqual(await pastTheSides(page), [], `the ${who}'s room: nothing reaches past the screen's sides`);
      await page.screenshot({ path: path.join(ARTIFACTS, `ar-room-${who}-${size}.png`), fullPage: true });
      assert.deepEqual(side.errors, []);
    }
  } finally {
    for (const side of sides) await side.context.close();
  }
}

/**
 * Elements drawn past the screen's left or right side: right to left, a box too wide
 * sticks out past the left edge, where no scrollbar reaches it.
 */
function pastTheSides(page) {
  return page.evaluate(() => {
    const bad = [];
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || el.closest("[hidden], dialog:not([open])")) continue;
      if (r.left < -1 || r.right > innerWidth + 1) {
        bad.push(`${el.tagName.toLowerCase()}.${el.className} "${el.textContent.trim().slice(0, 30)}" ${Math.round(r.left)}–${Math.round(r.right)}`);
      }
    }
    return bad;
  });
}

// Arabic, right to left, at a phone's and a laptop's size: the first screen, the table
// and its decisions, the end of the game and a room's lobby with its chat fit the screen
// with nothing overflowing; screenshots of each, and of Italian and Polish, for a person
// to look at. The game is dealt from a seed (deal.mjs) with the table's clock held at
// each of our decisions, and played faster than real time.
for (const [size, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["laptop", { width: 1366, height: 768 }],
]) {
  test(`in Arabic at ${size} size the page reads right to left and nothing overflows, to the game's end and in a room`, { timeout: 300_000 }, async () => {
    const seedName = `ar_${size}`;
    const dealt = seed(seedName, 1);
    const context = await browser.newContext({ locale: "ar-EG", viewport, serviceWorkers: "block" });
    await seedTables(context, dealt, { holdOnDecision: true, pace: 5 });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const shot = (name) => page.screenshot({ path: path.join(ARTIFACTS, `ar-${name}-${size}.png`), fullPage: true });
    const fits = async (where, required) => {
      assert.equal(await page.locator("html").getAttribute("dir"), "rtl", `${where}: dir="rtl"`);
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).direction), "rtl", `${where}: laid out right to left`);
      assert.deepEqual(await overflowing(page, required), [], `${where}: nothing overflows its box`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(wide <= 1, `${where}: the page is ${wide}px wider than the screen`);
      assert.deepEqual(await pastTheSides(page), [], `${where}: nothing reaches past the screen's sides`);
    };
    try {
      await page.goto(base);
      await programRuns(page);
      assert.equal(await page.locator("html").getAttribute("lang"), "ar");
      await fits("the first screen");
      await shot("start");
      await page.getByTestId("solo-players").selectOption("4");
      await page.getByTestId("solo-start").click();
      await page.getByTestId("solo-table").waitFor();
      let measured = 0;
      let aimed = false;
      const deadline = Date.now() + 240_000;
      while (!(await page.getByTestId("game-over").isVisible())) {
        assert.ok(Date.now() < deadline, `the game ends in time (${measured} decisions measured)`);
        if (!(await owed(page))) {
          await page.waitForTimeout(100);
          continue;
        }
        const panel = page.locator("[data-testid=decision-area] [role=group]");
        await panel.waitFor({ timeout: 10_000 });
        if (measured < 3) {
          await fits(`decision ${measured + 1}`, AT_TABLE);
          assert.equal(await outsideViewport(page, panel), null, "the decision is in view");
          if (measured === 0) await shot("table");
        }
        measured += 1;
        // Income or Pass when offered; a Coup when it must be, at the first seat offered.
        await answerHeld(page, async () => {
          if (!(await decideOnce(page, ["الدخل", "تمرير"]))) return;
          const whom = page.locator("[data-testid=decision-area] .t-choices.targets [data-testid=decision]");
          if (await whom.count()) {
            if (!aimed) {
              await fits("choosing whom", AT_TABLE);
              await shot("whom");
              aimed = true;
            }
            await whom.first().click({ timeout: 5_000 });
          }
        });
      }
      if (measured < 3) throw missed(seedName, dealt, "its game gives us three decisions", `${measured} came`);
      await page.getByTestId("game-over").waitFor();
      await fits("the end of the game");
      await shot("over");
      // Back to the start, by the end's own button (in Arabic).
      await page.getByTestId("game-over").getByRole("button", { name: "العودة إلى البداية" }).click();
      await page.getByTestId("create-room").waitFor();
      await fits("the first screen, back from the game");
      await roomWithChat(browser, base, viewport, size);
      console.log(`    ar at ${size}, seed ${dealt}: ${measured} decisions, the end and a room measured, nothing overflowing`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test("Italian and Polish at phone and laptop size: screenshots of the first screen and the table", { timeout: 120_000 }, async () => {
  for (const lang of ["it", "pl"]) {
    for (const [size, viewport] of [
      ["phone", { width: 390, height: 844 }],
      ["laptop", { width: 1366, height: 768 }],
    ]) {
      const context = await browser.newContext({ viewport, serviceWorkers: "block" });
      await context.addInitScript((l) => localStorage.setItem("coup.lang", l), lang);
      const page = await context.newPage();
      try {
        await page.goto(base);
        await programRuns(page);
        assert.equal(await page.locator("html").getAttribute("lang"), lang);
        assert.deepEqual(await overflowing(page), [], `${lang} ${size}: the first screen`);
        await page.screenshot({ path: path.join(ARTIFACTS, `${lang}-start-${size}.png`), fullPage: true });
        await page.getByTestId("solo-players").selectOption("4");
        await page.getByTestId("solo-start").click();
        await page.getByTestId("solo-table").waitFor();
        await page.getByTestId("decision").first().waitFor({ timeout: 30_000 });
        assert.deepEqual(await overflowing(page, AT_TABLE), [], `${lang} ${size}: the table`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(wide <= 1, `${lang} ${size}: the page is ${wide}px wider than the screen`);
        await page.screenshot({ path: path.join(ARTIFACTS, `${lang}-table-${size}.png`), fullPage: true });
      } finally {
        await context.close();
      }
    }
  }
});
