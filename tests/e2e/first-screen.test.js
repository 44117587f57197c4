// The first screen is the page's own HTML: complete before any script runs, in the
// browser's language, taken over by the program without a visible change, and a press
// made before the program runs is carried out once it does. And what a joiner's phone
// downloads: no referee, no fair deal's code, no other language, in its first minute.
//
// The page's program is held back by routing its wasm until the test lets it through,
// as a slow phone would have it late.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ARTIFACTS, programRuns, useTable, untilInPage } from "./harness.mjs";

const table = useTable();
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../client/locales");

/** Message `id` of catalog `lang`, as a one-line message. */
function word(lang, id) {
  const text = readFileSync(path.join(LOCALES, `${lang}.ftl`), "utf8");
  return text.match(new RegExp(`^${id} = (.+)$`, "m"))[1].trim();
}

/** The first screen's parts, by test id. */
const PARTS = [
  "how-to-play",
  "language",
  "player-name",
  "solo-players",
  "solo-level",
  "solo-start",
  "create-room",
  "join-code",
  "join-room",
  "credit",
];

/**
 * A new page whose program (the page's wasm) does not arrive until `release()`. With the
 * service worker blocked, so that the route sees every request.
 */
async function heldPage(options = {}) {
  const context = await table.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: "block", ...options });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  let release;
  const released = new Promise((r) => (release = r));
  await page.route(/\/coup_client_bg-[0-9a-f]+\.wasm$/, async (route) => {
    await released;
    await route.continue();
  });
  return { context, page, errors, release };
}

/** Where each part is and what the screen says. */
async function snapshot(page) {
  return page.evaluate((parts) => {
    const box = (id) => {
      const r = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      return r && [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 2) / 2).join(",");
    };
    return { boxes: Object.fromEntries(parts.map((id) => [id, box(id)])), text: document.querySelector(".shell").innerText };
  }, PARTS);
}

test("the first screen is complete with scripts disabled", { timeout: 60_000 }, async () => {
  const context = await table.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(table.base);
    for (const id of PARTS) {
      assert.ok(await page.getByTestId(id).isVisible(), `${id} is shown`);
    }
    assert.equal(await page.getByTestId("create-room").textContent(), word("en", "create-room"));
    assert.equal(await page.getByTestId("join-room").textContent(), word("en", "join"));
    assert.equal(await page.getByTestId("solo-start").textContent(), word("en", "play-bots"));
    assert.equal(await page.getByTestId("credit").textContent(), word("en", "credit"));
    assert.equal(await page.getByTestId("solo-players").inputValue(), "3");
    assert.equal(await page.getByTestId("solo-level").inputValue(), "normal");
    assert.equal(await page.getByTestId("language").locator("option").count(), 8, "every language of i18n.rs LANGUAGES");
    // The page says why nothing happens.
    assert.match(await page.locator("noscript").first().textContent(), new RegExp(word("en", "boot-noscript")));
    await page.screenshot({ path: path.join(ARTIFACTS, "first-screen-no-script.png"), fullPage: true });
  } finally {
    await context.close();
  }
});

// In German, and in Arabic (right to left: the page's script sets dir before it paints).
for (const [size, viewport, locale, lang] of [
  ["laptop", { width: 1280, height: 800 }, "de-DE", "de"],
  ["phone", { width: 390, height: 844 }, "de-DE", "de"],
  ["laptop", { width: 1280, height: 800 }, "ar-EG", "ar"],
  ["phone", { width: 390, height: 844 }, "ar-EG", "ar"],
]) test(`before the program runs the first screen is in the browser's language with the invitation's code, and the program takes it over without moving anything (${lang}, ${size})`, { timeout: 60_000 }, async () => {
  const { context, page, errors, release } = await heldPage({ locale, viewport });
  try {
    await page.goto(`${table.base}/#join=k7m3qx`);
    await page.getByTestId("create-room").waitFor();
    assert.equal(await page.locator("#first-screen").count(), 1, "the page's own first screen, the program held back");
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal(await page.evaluate(() => document.documentElement.dir), lang === "ar" ? "rtl" : "ltr");
    assert.equal(await page.getByTestId("create-room").textContent(), word(lang, "create-room"));
    assert.equal(await page.getByTestId("join-room").textContent(), word(lang, "join"));
    assert.equal(await page.getByTestId("credit").textContent(), word(lang, "credit"));
    assert.equal(await page.getByTestId("language").inputValue(), lang);
    assert.equal(await page.getByTestId("join-code").inputValue(), "K7M-3QX");
    assert.equal(await page.locator('label[for="join-code"]').textContent(), word(lang, "join-invited"));
    // A player chooses and types while the program is on its way.
    await page.getByTestId("solo-players").selectOption("4");
    await page.getByTestId("solo-level").selectOption("hard");
    await page.getByTestId("more-options").click();
    await page.getByTestId("opt-reformation").check();
    await page.getByTestId("player-name").fill("Ana");
    const before = await snapshot(page);
    await page.screenshot({ path: path.join(ARTIFACTS, `first-screen-held-${lang}-${size}.png`) });

    release();
    await programRuns(page);
    const after = await snapshot(page);
    await page.screenshot({ path: path.join(ARTIFACTS, `first-screen-program-${lang}-${size}.png`) });
    assert.deepEqual(after.boxes, before.boxes, "every part where it was");
    // The same words, and the program's count of the name's characters beside it.
    assert.equal(after.text.replace("3/24\n", ""), before.text, "the same words");
    assert.ok(after.text.includes("3/24\n"), "the name's length against its limit");
    assert.equal(await page.getByTestId("player-name").inputValue(), "Ana");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), "player-name", "the focus stays in the name");
    assert.equal(await page.getByTestId("solo-players").inputValue(), "4");
    assert.equal(await page.getByTestId("solo-level").inputValue(), "hard");
    assert.ok(await page.getByTestId("opt-reformation").isChecked());
    assert.equal(await page.getByTestId("more-options").getAttribute("aria-expanded"), "true", "the options stay open");
    assert.equal(await page.getByTestId("join-code").inputValue(), "K7M-3QX");
    // And the program has them: its game against bots has four seats.
    await page.getByTestId("solo-start").click();
    await page.getByTestId("solo-table").waitFor();
    await page.getByTestId("seat").nth(3).waitFor();
    assert.equal(await page.getByTestId("seat").count(), 4);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a press before the program starts is carried out once it does, once", { timeout: 60_000 }, async () => {
  const { context, page, errors, release } = await heldPage();
  // Counts the referee's workers the page starts.
  await context.addInitScript(() => {
    const Real = window.Worker;
    window.__workers = 0;
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        window.__workers += 1;
      }
    };
  });
  try {
    await page.goto(table.base);
    await page.getByTestId("solo-players").selectOption("2");
    await page.getByTestId("solo-start").click();
    // Kept, and said so, as a press before the table's module is.
    await page.getByTestId("loading-line").waitFor();
    assert.ok(await page.getByTestId("solo-start").isDisabled(), "a second press cannot make a second table");
    assert.ok(await page.getByTestId("create-room").isDisabled());
    assert.equal(await page.locator("#first-screen").count(), 1, "the program is still held back");
    release();
    await page.getByTestId("solo-table").waitFor({ timeout: 30_000 });
    await page.getByTestId("loading-line").waitFor({ state: "detached" });
    await page.getByTestId("seat").nth(1).waitFor();
    assert.equal(await page.getByTestId("seat").count(), 2, "the players chosen before the program ran");
    assert.equal(await page.evaluate(() => window.__workers), 1, "one table, one referee");
    // A press carried out twice would be a second table the session refuses, with a notice.
    assert.deepEqual(await page.getByTestId("notice").allTextContents(), [], "no second press refused");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a press on Create a room before the program starts opens one room", { timeout: 60_000 }, async () => {
  const { context, page, errors, release } = await heldPage();
  const created = async () => {
    const text = await (await fetch(`${table.base}/metrics`)).text();
    return Number(text.match(/^coup_relay_rooms_created_total (\d+)$/m)[1]);
  };
  // Every frame the page sends or receives on any relay connection, but keep-alives.
  const frames = [];
  let lastFrameAt = Date.now();
  page.on("websocket", (ws) => {
    const note = (sent) => (f) => {
      const type = JSON.parse(String(f.payload)).type;
      if (type === "ping" || type === "pong") return;
      frames.push({ sent, type });
      lastFrameAt = Date.now();
    };
    ws.on("framesent", note(true));
    ws.on("framereceived", note(false));
  });
  try {
    const before = await created();
    await page.goto(table.base);
    await page.getByTestId("create-room").click();
    await page.getByTestId("loading-line").waitFor();
    release();
    const code = page.getByTestId("room-code");
    await code.waitFor({ timeout: 30_000 });
    // A second room would follow the first within moments: the page must have said
    // nothing to the relay for 3 s, and the relay counted every room it made by then.
    const deadline = Date.now() + 30_000;
    while (Date.now() - lastFrameAt < 3_000 || (await created()) < before + frames.filter((f) => f.type === "created").length) {
      assert.ok(Date.now() < deadline, `the page's relay traffic settles: ${JSON.stringify(frames)}`);
      await page.waitForTimeout(200);
    }
    assert.deepEqual(
      frames.filter((f) => f.sent).map((f) => f.type),
      ["create"],
      "one create sent",
    );
    assert.equal(await created(), before + 1, "one room");
    assert.deepEqual(await page.getByTestId("notice").allTextContents(), []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a page opened by an invitation opens its relay connection before the program runs, and joins over that one", { timeout: 60_000 }, async () => {
  const host = await table.open();
  const { context, page, errors, release } = await heldPage();
  // Every WebSocket the page opens, and what it sends on each.
  const sockets = [];
  page.on("websocket", (ws) => {
    const socket = { url: ws.url(), sent: [] };
    ws.on("framesent", (f) => socket.sent.push(String(f.payload)));
    sockets.push(socket);
  });
  try {
    const code = await openRoom(host);
    const opened = page.waitForEvent("websocket", { timeout: 10_000 });
    await page.goto(`${table.base}/#join=${code}`);
    // The connection opens while the program is held back; nothing is sent on it.
    await opened;
    assert.equal(await page.locator("#first-screen").count(), 1, "the program is still held back");
    assert.deepEqual(sockets.map((s) => new URL(s.url).pathname), ["/ws"], "one connection to the relay, opened by the page");
    assert.deepEqual(sockets[0].sent, [], "nothing said before the player joins");
    release();
    await programRuns(page);
    await page.getByTestId("join-room").click();
    await people(page).nth(1).waitFor({ timeout: 30_000 });
    assert.equal(sockets.length, 1, "the program joined over the page's connection, not a second one");
    assert.ok(sockets[0].sent.some((f) => JSON.parse(f).type === "join"), "the join went over it");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await host.context.close();
  }
});

/** The people seated in a page's room lobby. */
const people = (page) => page.locator('[data-testid="lobby-seat"][data-kind="person"]');

/** Opens a room on `host`'s page; its code. */
async function openRoom(host) {
  await host.page.getByTestId("create-room").click();
  return host.page.getByTestId("room-code").getAttribute("data-code");
}

/** Counts the `RTCPeerConnection`s a page makes (`window.__connections`). */
function countConnections(context) {
  return context.addInitScript(() => {
    const Real = window.RTCPeerConnection;
    window.__connections = 0;
    window.RTCPeerConnection = class extends Real {
      constructor(...args) {
        super(...args);
        window.__connections += 1;
      }
    };
  });
}

test("a join pressed before the program runs is made while it downloads: the relay's join, the host's call answered and the channel open; the program takes that link and is seated over it", { timeout: 60_000 }, async () => {
  const host = await table.open();
  const { context, page, errors, release } = await heldPage();
  await countConnections(context);
  const sockets = [];
  page.on("websocket", (ws) => {
    const socket = { sent: [] };
    ws.on("framesent", (f) => socket.sent.push(String(f.payload)));
    sockets.push(socket);
  });
  try {
    const code = await openRoom(host);
    await page.goto(`${table.base}/#join=${code}`);
    await page.getByTestId("player-name").fill("Ana");
    await page.getByTestId("join-room").click();
    // With the program still held back, the page's script has joined the room and opened
    // the host's data channel; the host knows the name the answer carried.
    await untilInPage(page, () => window.coupEarly?.channel?.readyState === "open", { what: "the early link's channel open" });
    assert.equal(await page.locator("#first-screen").count(), 1, "the program is still held back");
    release();
    await people(page).nth(1).waitFor({ timeout: 30_000 });
    await people(host.page).nth(1).waitFor({ timeout: 30_000 });
    assert.match(await people(host.page).nth(1).textContent(), /Ana/);
    assert.equal(await page.evaluate(() => window.__connections), 1, "the program took the script's connection, not a second one");
    assert.equal(await page.evaluate(() => window.coupEarly), undefined, "taken over, and forgotten");
    assert.equal(sockets.length, 1, "one relay connection");
    const joins = sockets[0].sent.filter((f) => JSON.parse(f).type === "join");
    assert.equal(joins.length, 1, "one join, the script's");
    const answers = sockets[0].sent.filter((f) => JSON.parse(f).data?.kind === "answer");
    assert.equal(answers.length, 1, "one answer to the host's call");
    // The link is the program's: a chat line goes both ways over it.
    await page.getByTestId("chat-input").fill("hello from Ana");
    await page.getByTestId("chat-input").press("Enter");
    await host.page.getByTestId("chat-line").filter({ hasText: "hello from Ana" }).waitFor({ timeout: 10_000 });
    await host.page.getByTestId("chat-input").fill("welcome");
    await host.page.getByTestId("chat-input").press("Enter");
    await page.getByTestId("chat-line").filter({ hasText: "welcome" }).waitFor({ timeout: 10_000 });
    assert.deepEqual(await page.getByTestId("notice").allTextContents(), []);
    assert.deepEqual(errors, []);
    assert.deepEqual(host.errors, []);
  } finally {
    release();
    await context.close();
    await host.context.close();
  }
});

test("a join pressed before the program runs whose handshake failed is started again by the program, on a new connection", { timeout: 60_000 }, async () => {
  const host = await table.open();
  const { context, page, errors, release } = await heldPage();
  await countConnections(context);
  // The script's answer fails (as a browser's could); the program's own does not.
  await context.addInitScript(() => {
    const real = RTCPeerConnection.prototype.setRemoteDescription;
    window.__spoil = true;
    RTCPeerConnection.prototype.setRemoteDescription = function (...args) {
      return window.__spoil ? Promise.reject(new Error("refused for the test")) : real.apply(this, args);
    };
  });
  let sockets = 0;
  page.on("websocket", () => (sockets += 1));
  try {
    const code = await openRoom(host);
    await page.goto(`${table.base}/#join=${code}`);
    await page.getByTestId("join-room").click();
    await untilInPage(page, () => window.coupEarly?.failed === true, { what: "the script's handshake failed" });
    await page.evaluate(() => (window.__spoil = false));
    release();
    await people(page).nth(1).waitFor({ timeout: 30_000 });
    await people(host.page).nth(1).waitFor({ timeout: 30_000 });
    assert.equal(await people(host.page).count(), 2, "one joiner, not two");
    assert.equal(sockets, 2, "the spoiled join's relay connection was closed and a new one made");
    assert.equal(await page.evaluate(() => window.__connections), 2, "the script's connection, then the program's");
    assert.deepEqual(errors, []);
    assert.deepEqual(host.errors, []);
  } finally {
    release();
    await context.close();
    await host.context.close();
  }
});

/**
 * Stands in for the relay on `page`'s connections: `answer(n, join)` gives the frames that
 * answer the join sent on the page's `n`th connection (counted from 0). Returns the list
 * of connections that sent a join.
 */
async function standInRelay(page, answer) {
  const joins = [];
  let sockets = 0;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const n = sockets++;
    ws.onMessage((text) => {
      const m = JSON.parse(String(text));
      if (m.type !== "join") return;
      joins.push(n);
      for (const frame of answer(n, m)) ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    });
  });
  return joins;
}

/** The relay's `joined` for `room`, the host being "h". */
const joinedFrame = (room) => ({ type: "joined", room, peer: "me", host: "h", peers: ["h"], ice_servers: [] });

test("a join pressed before the program runs takes nothing from a joined for another room, and the program joins again on a new connection", { timeout: 60_000 }, async () => {
  const { context, page, errors, release } = await heldPage();
  // The first connection's join is answered for another room, the host's call right behind.
  const joins = await standInRelay(page, (n, join) =>
    n === 0 ? [joinedFrame("XYZ789"), { type: "signal", from: "h", data: { kind: "offer", sdp: "v=0" } }] : [joinedFrame(join.room)],
  );
  try {
    await page.goto(`${table.base}/#join=ABC-234`);
    await page.getByTestId("join-room").click();
    await untilInPage(page, () => window.coupEarly?.log?.length === 2, { what: "the stand-in's two frames" });
    const early = await page.evaluate(() => {
      const e = window.coupEarly;
      return { failed: e.failed === true, host: e.host ?? null, pc: e.pc != null, applied: e.applied.length };
    });
    assert.deepEqual(early, { failed: true, host: null, pc: false, applied: 0 }, "no host taken and no call answered");
    release();
    await untilInPage(page, () => window.coupEarly === undefined, { what: "the early join dropped" });
    await page.getByTestId("room-code").waitFor({ timeout: 30_000 });
    assert.deepEqual(joins, [0, 1], "the program joined again, on a new connection");
    assert.equal(await page.getByTestId("room-code").getAttribute("data-code"), "ABC234");
    assert.deepEqual(errors, []);
  } finally {
    release();
    await context.close();
  }
});

test("a join pressed before the program runs applies no signal and reads no frame past the live path's limits; the program refuses them as that path does", { timeout: 60_000 }, async () => {
  const host = await table.open();
  // Two real offers: the one signal the script should apply, and one it must not read.
  const offer = () =>
    host.page.evaluate(async () => {
      const pc = new RTCPeerConnection();
      pc.createDataChannel("coup");
      const offer = await pc.createOffer();
      pc.close();
      return offer.sdp;
    });
  const [sdp, unread] = [await offer(), await offer()];
  assert.notEqual(sdp, unread);
  await host.context.close();
  const { context, page, errors, release } = await heldPage();
  const KIB = 1024;
  const signal = (data, more = {}) => ({ type: "signal", from: "h", data, ...more });
  const candidate = { kind: "candidate", candidate: "candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host", sdpMid: "0", sdpMLineIndex: 0 };
  const frames = [
    joinedFrame("ABC234"),
    // A description over 16 KiB, in characters and in UTF-8 bytes only.
    signal({ kind: "offer", sdp: "v".repeat(16 * KIB + 1) }),
    signal({ kind: "offer", sdp: "\u20ac".repeat(6 * KIB) }),
    // A frame over 64 KiB around a signal that is fine.
    signal({ kind: "offer", sdp: unread }, { pad: "p".repeat(64 * KIB) }),
    signal({ kind: "offer", sdp }),
    // A candidate over 16 KiB, and one whose line index is no u16.
    signal({ ...candidate, candidate: `candidate:${"c".repeat(16 * KIB)}` }),
    signal({ ...candidate, sdpMLineIndex: 70000 }),
    signal(candidate),
  ];
  await standInRelay(page, (n) => (n === 0 ? frames : []));
  try {
    await page.goto(`${table.base}/#join=ABC-234`);
    await page.getByTestId("join-room").click();
    await untilInPage(page, (n) => window.coupEarly?.log?.length === n, { arg: frames.length, what: "the stand-in's frames" });
    const early = await page.evaluate(() => ({
      applied: window.coupEarly.applied.map((t) => JSON.parse(t)),
      kept: window.coupEarly.log.map((t) => t.length),
    }));
    // Long texts by their length, so that a failure's report stays readable.
    const short = (d) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, typeof v === "string" && v.length > 100 ? `${v.length} characters` : v]));
    assert.deepEqual(early.applied.map(short), [{ kind: "offer", sdp }, candidate].map(short), "only the signals within the limits");
    assert.equal(early.applied[0].sdp, sdp);
    assert.ok(early.kept[3] > 64 * KIB, "the oversized frame stays oversized in the log");
    release();
    // The program replays the log and refuses, in words, the frame and the long signals.
    const notices = page.getByTestId("notice");
    await notices.filter({ hasText: "oversized" }).first().waitFor({ timeout: 30_000 });
    await notices.filter({ hasText: "too long" }).first().waitFor({ timeout: 30_000 });
    assert.deepEqual(errors, []);
  } finally {
    release();
    await context.close();
  }
});

test("a join pressed before the program runs, to a room that is not there, is refused in words once the program runs", { timeout: 60_000 }, async () => {
  const { context, page, errors, release } = await heldPage();
  try {
    await page.goto(`${table.base}/#join=ZZZ-ZZZ`);
    await page.getByTestId("join-room").click();
    await untilInPage(page, () => window.coupEarly?.log?.some((f) => JSON.parse(f).type === "error"), { what: "the relay's refusal" });
    release();
    await programRuns(page);
    await page.getByText(word("en", "relay-error-no-such-room")).first().waitFor({ timeout: 10_000 });
    assert.equal(await page.evaluate(() => window.coupEarly), undefined);
    assert.deepEqual(errors, []);
  } finally {
    release();
    await context.close();
  }
});

test("a joiner takes its seat while the table's module is still on its way; the lobby shows once it is here", { timeout: 60_000 }, async () => {
  const host = await table.open();
  const context = await table.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  let release;
  const released = new Promise((r) => (release = r));
  await context.route(/\/split_table-[0-9a-f]+\.wasm$/, async (route) => {
    await released;
    await route.continue();
  });
  try {
    const code = await openRoom(host);
    const page = await context.newPage();
    await page.goto(`${table.base}/#join=${code}`);
    await programRuns(page);
    await page.getByTestId("player-name").fill("Ana");
    await page.getByTestId("join-room").click();
    // The relay, the link and the host's welcome need only the page's own module: the
    // host has the joiner in its lobby, while the joiner's page says its table is loading.
    await people(host.page).nth(1).waitFor({ timeout: 20_000 });
    assert.match(await people(host.page).nth(1).textContent(), /Ana/);
    assert.equal(await page.getByTestId("loading-table").count(), 1, "the joiner's room waits for the table's module");
    release();
    await people(page).nth(1).waitFor({ timeout: 20_000 });
    await page.getByTestId("loading-table").waitFor({ state: "detached" });
    assert.deepEqual(host.errors, []);
  } finally {
    release();
    await context.close();
    await host.context.close();
  }
});

test("a joiner's first minute fetches neither the referee, nor the fair deal's code, nor another language; an idle page caches them for offline play", { timeout: 150_000 }, async () => {
  const host = await table.open();
  const joiner = await table.browser.newContext({ viewport: { width: 390, height: 844 } });
  // Every request of the joiner's device: its page's and its service worker's.
  const fetched = [];
  joiner.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  try {
    const code = await openRoom(host);
    const page = await joiner.newPage();
    const opened = Date.now();
    await page.goto(`${table.base}/#join=${code}`);
    await page.getByTestId("join-room").click();
    await people(page).nth(1).waitFor({ timeout: 30_000 });
    // The service worker has installed, controls the page and has cached what a joiner
    // needs to start again offline.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
    const cached = async () =>
      page.evaluate(async () => {
        const names = [];
        for (const key of await caches.keys()) {
          for (const r of await (await caches.open(key)).keys()) names.push(new URL(r.url).pathname);
        }
        return names;
      });
    assert.ok((await cached()).some((p) => /\/split_table-/.test(p)), "the table's module is cached");
    // The rest of the minute, the page seated in the lobby.
    await page.waitForTimeout(Math.max(0, 60_000 - (Date.now() - opened)));
    const later = fetched.filter((p) => /\/(referee-|coup_referee|split_fair-|split_referee_fair-)|\/locales\//.test(p));
    assert.deepEqual(later, [], "nothing only a host, a fair table or another language needs");
    assert.ok(!(await cached()).some((p) => /coup_referee|split_fair|split_referee_fair/.test(p)));
    await page.close();

    // A page left idle caches them (here after a second rather than two minutes).
    await joiner.addInitScript(() => (window.coupIdleCacheMs = 1_000));
    const idle = await joiner.newPage();
    await idle.goto(table.base);
    await untilInPage(
      idle,
      async () => {
        for (const key of await caches.keys()) {
          for (const r of await (await caches.open(key)).keys()) if (/coup_referee_bg/.test(r.url)) return true;
        }
        return false;
      },
      { what: "the referee cached by an idle page" },
    );
  } finally {
    await joiner.close();
    await host.context.close();
  }
});

test("a page whose browser asks to save data caches nothing more when its player starts a table or it is idle", { timeout: 90_000 }, async () => {
  // Two phones, the same steps: one asks to save data, the other does not and shows when
  // the caching has had its chance.
  const sides = [];
  try {
    for (const saveData of [true, false]) {
      const context = await table.browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addInitScript(() => (window.coupIdleCacheMs = 500));
      const requests = [];
      context.on("request", (r) => requests.push(new URL(r.url()).pathname));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setDataSaverOverride", { dataSaverEnabled: saveData });
      await page.goto(table.base);
      await programRuns(page);
      assert.equal(await page.evaluate(() => navigator.connection?.saveData), saveData);
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
      await page.getByTestId("solo-start").click();
      await page.getByTestId("solo-table").waitFor();
      sides.push({ saveData, context, page, requests });
    }
    const marked = (page) =>
      page.evaluate(async () => {
        for (const key of await caches.keys()) if (await (await caches.open(key)).match("coup-later")) return true;
        return false;
      });
    const [saving, control] = sides;
    await untilInPage(
      control.page,
      async () => {
        for (const key of await caches.keys()) if (await (await caches.open(key)).match("coup-later")) return true;
        return false;
      },
      { what: "the worker's mark on the page that does not save data" },
    );
    assert.ok(control.requests.some((p) => p.startsWith("/locales/")), "the other page cached the catalogs");
    assert.equal(await marked(saving.page), false, "nothing cached for later");
    assert.deepEqual(saving.requests.filter((p) => p.startsWith("/locales/")), [], "no catalog fetched");
  } finally {
    for (const side of sides) await side.context.close();
  }
});
