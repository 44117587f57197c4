// The fair deal in Chromium (docs/FAIR-DEAL.md, "Costs"): the real client, one page per
// person, each in a browser context of its own, over the relay and WebRTC on loopback.
//
//   unshare -n bash -c 'ip link set lo up && node tests/measure/fair.mjs [WASM]'
//
// - deal at n people (2, 6, 10; COUP_FAIR_SEATS to choose): from the host's click on Deal
//   until every page reads its own two cards (keys, escrow, n shuffles each checked by
//   every page, the shares of every hand). Every page runs on this one machine: n pages
//   check each shuffle at once on its cores, which a table of n laptops does in parallel,
//   so at 6 and 10 the figure is an upper bound. Beside it, the CPU time the pages'
//   renderer processes used meanwhile: the most one used is what one page asks of its
//   own laptop.
// - bytes per game: two people play to the end (Income and Pass, the table's answers);
//   what every page's data channels sent (RTCDataChannel stats), the deal's part apart.
// - with WASM (the `fair_wasm` example, built as shared/benches/fair_wasm.mjs says): the
//   shared fair code timed in a Chromium page, the same figures as under Node, and the
//   Court's reshuffle after an Exchange at 6 (6 shuffles of 3 cards, each checked).
//
// COUP_RELAY_BIN and COUP_DIST as for the browser suite.

import { readdirSync, readFileSync } from "node:fs";
import { openPage, startTable } from "../e2e/harness.mjs";

const SEATS = (process.env.COUP_FAIR_SEATS ?? "2,6,10").split(",").map(Number);
const table = await startTable();

/** Every RTCPeerConnection the page makes, kept for its stats. */
function keepConnections() {
  const Real = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = function (...args) {
    const pc = new Real(...args);
    window.__pcs.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Real.prototype;
}

/** Bytes the page's data channels sent so far. */
const sent = (page) =>
  page.evaluate(async () => {
    let bytes = 0;
    for (const pc of window.__pcs) {
      const stats = await pc.getStats();
      stats.forEach((s) => {
        if (s.type === "data-channel") bytes += s.bytesSent;
      });
    }
    return bytes;
  });

async function room(n) {
  const pages = [];
  for (let i = 0; i < n; i++) pages.push(await openPage(table.browser, table.base, { viewport: { width: 1000, height: 760 }, init: keepConnections }));
  const [host, ...guests] = pages;
  await host.page.getByTestId("player-name").fill("P0");
  await host.page.getByTestId("create-room").click();
  const codeEl = host.page.getByTestId("room-code");
  await codeEl.waitFor();
  const code = await codeEl.getAttribute("data-code");
  if (n > 2) await host.page.getByTestId("seat-count").selectOption(String(n));
  for (const [i, g] of guests.entries()) {
    await g.page.getByTestId("player-name").fill(`P${i + 1}`);
    await g.page.getByTestId("join-code").fill(code);
    await g.page.getByTestId("join-room").click();
  }
  for (const p of pages) {
    await p.page.locator('[data-testid="lobby-seat"][data-kind="person"]').nth(n - 1).waitFor({ timeout: 60_000 });
  }
  await host.page.getByTestId("opt-fair").check();
  await host.page.getByTestId("fair-hint").waitFor();
  return pages;
}

/**
 * CPU time (user and system, ms) each of Chromium's renderer processes has used so far,
 * by pid, from /proc: a page's scripts, its wasm, its layout and its workers run in its
 * renderer. (Chromium's own per-page task times count the time a thread waits for a core
 * on a loaded machine; these do not.)
 */
function renderers() {
  const tick = 1000 / 100; // USER_HZ
  const out = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmd.includes("--type=renderer")) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(pid, (Number(f[11]) + Number(f[12])) * tick);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return out;
}

async function deal(pages) {
  const before = await Promise.all(pages.map((p) => sent(p.page)));
  const cpuBefore = renderers();
  const t0 = Date.now();
  await pages[0].page.getByTestId("start-game").click();
  await Promise.all(
    pages.map((p) => p.page.locator('[data-testid="seat"].me .t-card.face').nth(1).waitFor({ timeout: 120_000 })),
  );
  const ms = Date.now() - t0;
  const after = await Promise.all(pages.map((p) => sent(p.page)));
  const cpu = [...renderers()].map(([pid, t]) => t - (cpuBefore.get(pid) ?? 0));
  return {
    ms,
    bytes: after.reduce((a, b, i) => a + b - before[i], 0),
    cpu: { all: cpu.reduce((a, b) => a + b, 0), most: Math.max(...cpu) },
  };
}

async function decideOnce(page) {
  const answers = page.getByTestId("fair-answer");
  if ((await answers.count()) > 0) return answers.first().click({ timeout: 1_000 }).then(() => true, () => false);
  const buttons = page.getByTestId("decision");
  const labels = await buttons.evaluateAll((bs) => bs.filter((b) => !b.disabled).map((b) => (b.querySelector(".d-label") ?? b).textContent));
  if (labels.length === 0) return false;
  let i = labels.findIndex((l) => l.startsWith("Income") || l.startsWith("Pass"));
  return buttons.nth(Math.max(i, 0)).click({ timeout: 1_000 }).then(() => true, () => false);
}

try {
  for (const n of SEATS) {
    const pages = await room(n);
    const d = await deal(pages);
    console.log(`deal at ${n} people: ${d.ms} ms (${d.bytes} bytes sent over the data channels)`);
    console.log(
      `  CPU time of the pages' renderers meanwhile: ${d.cpu.all.toFixed(0)} ms in all, the most in one ${d.cpu.most.toFixed(0)} ms`,
    );
    if (n === 2) {
      const deadline = Date.now() + 180_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error("the game did not end");
        const over = await Promise.all(pages.map((p) => p.page.getByTestId("fair-verdict").isVisible()));
        if (over.every(Boolean)) break;
        let clicked = false;
        for (const p of pages) if (await decideOnce(p.page)) clicked = true;
        if (!clicked) await pages[0].page.waitForTimeout(100);
      }
      const all = await Promise.all(pages.map((p) => sent(p.page)));
      console.log(`a game of 2 people to the end: ${all.reduce((a, b) => a + b, 0)} bytes sent (host ${all[0]}, joiner ${all[1]})`);
    }
    for (const p of pages) await p.context.close();
  }
  const wasm = process.argv[2];
  if (wasm) {
    const context = await table.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${table.base}/healthz`);
    const out = await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const { instance } = await WebAssembly.instantiate(bytes, {});
      const x = instance.exports;
      const per = (f, reps) => {
        let best = Infinity;
        for (let run = 0; run < 5; run++) {
          const t0 = performance.now();
          f(0);
          const t1 = performance.now();
          f(reps);
          const t2 = performance.now();
          best = Math.min(best, (t2 - t1 - (t1 - t0)) / reps);
        }
        return best;
      };
      x.shuffle_prove(15, 2);
      const share = { prove: per((r) => x.share_prove(r), 50), check: per((r) => x.share_check(r), 50) };
      const shuffle = {};
      for (const cards of [3, 4, 15, 20, 25]) {
        shuffle[cards] = { prove: per((r) => x.shuffle_prove(cards, r), 5), check: per((r) => x.shuffle_check(cards, r), 5) };
      }
      return { share, shuffle };
    }, readFileSync(wasm).toString("base64"));
    const ms = (v) => `${v.toFixed(1)} ms`;
    const { share, shuffle } = out;
    console.log(`in a Chromium page: share prove ${ms(share.prove)}, check ${ms(share.check)}`);
    for (const c of [3, 4, 15, 20, 25]) console.log(`  shuffle of ${c}: prove ${ms(shuffle[c].prove)}, check ${ms(shuffle[c].check)}`);
    const deckOf = (n) => (n <= 6 ? 15 : n <= 8 ? 20 : 25);
    for (const n of [2, 6, 10]) {
      const s = shuffle[deckOf(n)];
      const path = n * (s.prove + s.check) + 2 * (n - 1) * share.prove + 2 * (n - 1) * (n - 1) * share.check;
      console.log(`  deal at ${n}, computation on the critical path (each page its own laptop): ${ms(path)}`);
    }
    const court = 6 * (shuffle[3].prove + shuffle[3].check);
    console.log(`  Exchange at 6: hand mix ${ms(shuffle[4].prove + shuffle[4].check)}, Court reshuffle ${ms(court)}`);
    await context.close();
  }
} finally {
  await table.stop();
}
