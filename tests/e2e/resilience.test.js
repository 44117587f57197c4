// A room game survives what the real internet does to it: the host's page reloading
// mid-window, a copy of a joiner's tab, a joiner's network going away and coming back,
// the relay restarting. Both pages play on to the same winner, and neither ever shows
// another seat's hidden card. Prints the recovery times BENCHMARKS.md records.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";
import { ARTIFACTS, freePort, startTable } from "./harness.mjs";
import { checkHidden, dealRoom, decideOnce, offered, openPage, playToTheEnd } from "./play.mjs";

let table;

// A host that does not come back loses its room after this grace (the relay's default is
// 120 s): long enough for every reload here, short enough to wait for.
const RECLAIM_GRACE_S = 8;

before(async () => {
  table = await startTable({ relayArgs: ["--reclaim-grace", String(RECLAIM_GRACE_S)] });
});

after(async () => {
  await table?.stop();
});

const open = (opts) => openPage(table.browser, table.base, opts);

/** Whether `page` shows an open link to another page (the host, or a joiner). */
async function live(page) {
  return (await page.locator('[data-testid="peer"][data-link="open"]').count()) > 0;
}

/** Waits until `check` holds, checking the hidden cards meanwhile; returns the ms taken. */
async function until(sides, check, ms, what) {
  const start = Date.now();
  for (;;) {
    await checkHidden(sides);
    if (await check()) return Date.now() - start;
    assert.ok(Date.now() - start < ms, `${what} within ${ms} ms`);
    await sides[0].page.waitForTimeout(50);
  }
}

test("the host reloads during a challenge window and the game goes on to one winner", { timeout: 150_000 }, async () => {
  const host = await open();
  const guest = await open({ viewport: { width: 390, height: 844 } });
  try {
    await dealRoom(host, guest);
    // The host claims Tax whenever it can, until the joiner is asked whether to challenge.
    const deadline = Date.now() + 60_000;
    for (;;) {
      assert.ok(Date.now() < deadline, "a challenge window comes");
      await checkHidden([host, guest]);
      if ((await offered(guest.page)).includes("Challenge")) break;
      let clicked = await decideOnce(host.page, ["Tax", "Pass", "Income"]);
      if (!(await offered(guest.page)).includes("Challenge") && (await decideOnce(guest.page))) clicked = true;
      if (!clicked) await host.page.waitForTimeout(50);
    }
    const window = await offered(guest.page);
    const coins = async (p) => p.locator('[data-testid="seat"] .t-coins').allTextContents();
    const before = { host: await coins(host.page), guest: await coins(guest.page) };

    const reloaded = Date.now();
    await host.page.reload();
    // Back on both pages: the host's table, and the link between the two pages open.
    await until([host, guest], async () => (await host.page.getByTestId("seat").count()) === 3, 10_000, "the host's table");
    const hostBack = Date.now() - reloaded;
    await until([host, guest], async () => (await live(host.page)) && (await live(guest.page)), 15_000, "the link back");
    await until([host, guest], async () => (await offered(guest.page)).length > 0, 5_000, "the window offered again");
    const playing = Date.now() - reloaded;
    console.log(`    host reload to table: ${hostBack} ms; to playing on both pages: ${playing} ms`);
    await host.page.screenshot({ path: path.join(ARTIFACTS, "resilience-host-reloaded.png"), fullPage: true });

    assert.equal(await host.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "0");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1");
    assert.deepEqual(await coins(host.page), before.host, "the coins are as they were");
    assert.deepEqual(await coins(guest.page), before.guest);
    assert.deepEqual(await offered(guest.page), window, "the joiner's challenge window is still open");
    assert.equal(await host.page.getByTestId("create-room").count(), 0, "no first screen on the host");

    await playToTheEnd(host, guest);
    assert.deepEqual(host.errors, [], "no errors on the host's page");
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("a copy of a joiner's tab does not take its seat, and a reload takes it back without a click", { timeout: 120_000 }, async () => {
  const host = await open();
  const guest = await open({ viewport: { width: 390, height: 844 } });
  try {
    await dealRoom(host, guest, ["Cy", "Di"]);
    const stored = await guest.page.evaluate(() => sessionStorage.getItem("coup.rejoin"));
    assert.ok(stored, "the seat is kept for this tab");
    // A tab opened from the joiner's starts with a copy of its sessionStorage.
    const [copy] = await Promise.all([
      guest.context.waitForEvent("page"),
      guest.page.evaluate(() => window.open(location.href)),
    ]);
    await copy.getByTestId("create-room").waitFor();
    await copy.getByTestId("notice").filter({ hasText: "copy of another" }).waitFor({ timeout: 10_000 });
    assert.equal(await copy.evaluate(() => sessionStorage.getItem("coup.rejoin")), null, "the copy forgets the seat");
    assert.notEqual(
      await copy.evaluate(() => sessionStorage.getItem("coup.tab")),
      await guest.page.evaluate(() => sessionStorage.getItem("coup.tab")),
      "the copy is a tab of its own",
    );
    await copy.waitForTimeout(1_000);
    assert.equal(await copy.getByTestId("room-table").count(), 0);
    assert.ok(await live(guest.page), "the joiner keeps its link");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1");
    await copy.close();

    // The joiner's own tab reloads: its seat comes back with no click.
    for (let i = 0; i < 3; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    await guest.page.reload();
    await until([host, guest], async () => (await guest.page.locator('[data-testid="seat"].me').count()) === 1 && (await live(guest.page)), 15_000, "the seat back");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1", "the same seat");
    await playToTheEnd(host, guest);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

/** Plays on both pages until `check` holds (or `ms` pass). */
async function playUntil(host, guest, check, ms, what, prefer) {
  const start = Date.now();
  for (;;) {
    await checkHidden([host, guest]);
    if (await check()) return;
    assert.ok(Date.now() - start < ms, `${what} within ${ms} ms`);
    let clicked = await decideOnce(host.page, prefer);
    if (await decideOnce(guest.page, prefer)) clicked = true;
    if (!clicked) await host.page.waitForTimeout(50);
  }
}

/** Runs `ip` in the test's network namespace (the suite runs inside `unshare -n`). */
function ip(...args) {
  const r = spawnSync("ip", args, { encoding: "utf8" });
  assert.equal(r.status, 0, `ip ${args.join(" ")}: ${r.stderr}`);
}

test("a joiner offline for 20 s mid-window is answered for, then back in its seat without a click", { timeout: 150_000 }, async () => {
  const host = await open();
  const guest = await open({ viewport: { width: 390, height: 844 } });
  try {
    await dealRoom(host, guest, ["Eve", "Fay"]);
    // The host claims Tax until the joiner is asked whether to challenge.
    await playUntil(host, guest, async () => (await offered(guest.page)).includes("Challenge"), 60_000, "a challenge window", ["Tax", "Pass", "Income"]);
    // From now, the host's page watches for the joiner's seat to stop owing its answer.
    await host.page.evaluate(() => {
      const seat = () => document.querySelector('[data-testid="seat"][data-seat="1"]');
      window.__answered = false;
      window.__seen = [];
      window.__secs = NaN;
      const t0 = performance.now();
      const poll = setInterval(() => {
        const text = seat() ? `${seat().className} ${seat().querySelector(".t-clock")?.textContent}` : "none";
        if (window.__seen.at(-1)?.[1] !== text) window.__seen.push([Math.round(performance.now() - t0), text]);
        // Answered: the seat stops owing, or owes a new decision in the same update (its
        // countdown starts again from the limit).
        const secs = Number(seat()?.querySelector(".t-clock")?.textContent.match(/\d+/)?.[0] ?? NaN);
        const again = Number.isFinite(secs) && Number.isFinite(window.__secs) && secs > window.__secs;
        if (Number.isFinite(secs)) window.__secs = secs;
        if ((seat() && !seat().classList.contains("owes")) || again) {
          window.__answered = true;
          clearInterval(poll);
        }
      }, 20);
    });
    const owes = () => host.page.locator('[data-testid="seat"][data-seat="1"].owes').count();
    assert.equal(await owes(), 1, "the joiner owes its answer");
    // Offline: Chromium's offline emulation reaches neither WebRTC nor open sockets, so
    // loopback goes down as well (the only network this namespace has).
    await guest.context.setOffline(true);
    ip("link", "set", "lo", "down");
    let restored = false;
    try {
      const start = Date.now();
      let calm = false;
      while (Date.now() - start < 20_000) {
        if ((await guest.page.getByTestId("connection-line").count()) > 0) calm = true;
        await decideOnce(host.page, ["Income", "Pass"]);
        await host.page.waitForTimeout(200);
      }
      assert.ok(calm, "the joiner's page says it is reconnecting");
      const answered = await host.page.evaluate(() => window.__answered);
      const seen = await host.page.evaluate(() => JSON.stringify(window.__seen.slice(-8)));
      assert.ok(answered, `the host answered the joiner's window while it was away: ${seen}`);
      ip("link", "set", "lo", "up");
      restored = true;
    } finally {
      if (!restored) ip("link", "set", "lo", "up");
    }
    await guest.context.setOffline(false);
    const back = Date.now();
    const liveAgain = async () =>
      (await live(guest.page)) &&
      (await guest.page.getByTestId("connection-line").count()) === 0 &&
      (await guest.page.locator('[data-testid="seat"].me').count()) === 1;
    await until([host, guest], liveAgain, 30_000, "the joiner live again");
    console.log(`    joiner's network back to its seat live: ${Date.now() - back} ms`);
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1", "the same seat");
    assert.equal(await guest.page.getByTestId("rejoin").count(), 0, "no click was needed");
    await playToTheEnd(host, guest);
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

test("the relay stops and starts again mid-game and the game goes on", { timeout: 150_000 }, async () => {
  const host = await open();
  const guest = await open({ viewport: { width: 390, height: 844 } });
  try {
    await dealRoom(host, guest, ["Gil", "Hal"]);
    for (let i = 0; i < 3; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    const logLines = () => host.page.locator('[data-testid="log"] li').count();
    const before = await logLines();
    const restart = table.restartRelay(3_000);
    // The game goes on over the data channels while the relay is down.
    await host.page.getByTestId("connection-line").waitFor({ timeout: 10_000 });
    await playUntil(host, guest, async () => (await logLines()) > before + 2, 20_000, "moves without the relay");
    await restart;
    await host.page.getByTestId("connection-line").waitFor({ state: "detached", timeout: 20_000 });
    const peers = (p) => p.locator('[data-testid="peer"]').evaluateAll((e) => e.map((x) => x.dataset.link));
    assert.ok(await live(host.page) && (await live(guest.page)), `the links stayed open: ${await peers(host.page)} / ${await peers(guest.page)}`);
    await playToTheEnd(host, guest);
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  } finally {
    await host.context.close();
    await guest.context.close();
  }
});

// Every page's peer connections are made relay-only, as a player behind a strict NAT needs,
// and kept for their statistics.
const RELAY_ONLY = () => {
  const Native = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = function (config = {}) {
    const pc = new Native({ ...config, iceTransportPolicy: "relay" });
    window.__pcs.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
};

/** The candidate types of the pairs the page's open connections are using. */
async function pathTypes(page) {
  return page.evaluate(async () => {
    const types = [];
    for (const pc of window.__pcs) {
      if (pc.connectionState !== "connected") continue;
      const stats = [...(await pc.getStats()).values()];
      const byId = new Map(stats.map((s) => [s.id, s]));
      for (const t of stats.filter((s) => s.type === "transport" && s.selectedCandidatePairId)) {
        const pair = byId.get(t.selectedCandidatePairId);
        types.push(`${byId.get(pair.localCandidateId).candidateType}/${byId.get(pair.remoteCandidateId).candidateType}`);
      }
    }
    return types;
  });
}

test("a room game played to the end through TURN alone (coturn, the relay's credentials)", { timeout: 150_000 }, async () => {
  const secret = "e2e-turn-secret-0123456789";
  const port = await freePort();
  let turnLog = "";
  const turn = spawn(
    "turnserver",
    [
      "-n", "--no-cli", "--no-tls", "--no-dtls", "--allow-loopback-peers",
      "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1", `--listening-port=${port}`,
      "--min-port=49152", "--max-port=65535", "--use-auth-secret",
      `--static-auth-secret=${secret}`, "--realm=coup.test", "--log-file=stdout", "--simple-log",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  turn.stdout.on("data", (d) => (turnLog += d));
  turn.stderr.on("data", (d) => (turnLog += d));
  const turned = await startTable({
    browser: table.browser,
    relayArgs: ["--turn-secret", secret, "--turn-urls", `turn:127.0.0.1:${port}?transport=udp`],
  });
  const host = await openPage(turned.browser, turned.base, { init: RELAY_ONLY });
  const guest = await openPage(turned.browser, turned.base, { init: RELAY_ONLY, viewport: { width: 390, height: 844 } });
  try {
    await dealRoom(host, guest, ["Ivy", "Jo"]);
    for (const side of [host, guest]) {
      const types = await pathTypes(side.page);
      assert.ok(types.length > 0 && types.every((t) => t === "relay/relay"), `the link goes through TURN: ${types}`);
    }
    await playToTheEnd(host, guest);
  } catch (e) {
    console.log(turnLog.slice(-3_000));
    throw e;
  } finally {
    await host.context.close();
    await guest.context.close();
    await turned.stop();
    turn.kill("SIGTERM");
  }
});

test("a host gone for good: the joiner is told, keeps the final table, and opens a new room in one click", { timeout: 90_000 }, async () => {
  const host = await open();
  const guest = await open({ viewport: { width: 390, height: 844 } });
  try {
    const code = await dealRoom(host, guest, ["Kim", "Lu"]);
    for (let i = 0; i < 2; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    await host.context.close();
    await guest.page.getByTestId("connection-line").filter({ hasText: "waiting for them" }).waitFor({ timeout: 10_000 });
    const ended = guest.page.getByTestId("room-ended");
    await ended.waitFor({ timeout: (RECLAIM_GRACE_S + 10) * 1_000 });
    assert.match(await ended.textContent(), /The host did not come back, so this game is over/);
    assert.equal(await guest.page.getByTestId("seat").count(), 3, "the final table stays on screen");
    await checkHidden([guest]);
    assert.equal(await guest.page.evaluate(() => sessionStorage.getItem("coup.rejoin")), null, "nothing to rejoin");
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "resilience-host-gone.png"), fullPage: true });
    await guest.page.getByTestId("new-room").click();
    await guest.page.getByTestId("start-game").waitFor({ timeout: 10_000 });
    const fresh = await guest.page.getByTestId("room-code").getAttribute("data-code");
    assert.notEqual(fresh, code, "a room of its own");
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  } finally {
    await host.context.close().catch(() => {});
    await guest.context.close();
  }
});
