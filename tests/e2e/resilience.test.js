// A room game survives what the real internet does to it: the host's page reloading
// mid-window, a copy of a joiner's tab, a joiner's network going away and coming back,
// the relay restarting (and either page reloading after it). Both pages play on to the same winner, and neither ever shows
// another seat's hidden card. Prints the recovery times BENCHMARKS.md records.
//
// Run by .ci/test.sh beside the other browser tests; same environment variables.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ARTIFACTS, cleanUp, freePort, spawnChild, startTable, programRuns, untilInPage } from "./harness.mjs";
import { checkHidden, createAndJoin, dealFromLobby, dealRoom, decideOnce, describePages as describe, lobbiesShow, offered, openPage, playToTheEnd, refereesOn, TRACE } from "./play.mjs";
import { intervalRate, openLifecyclePage } from "./lifecycle.mjs";

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

/**
 * Runs `play(host, guest)` with a host on a laptop-sized page and a joiner on a phone-sized
 * one, each in a browser context of its own, and closes both afterwards, whatever `play`
 * did (closing a context the test closed itself is a no-op). `hostInit` and `guestInit`
 * are the pages' init scripts (one that traces, unless another is given).
 */
async function hostAndJoiner(play, { hostInit = TRACE, guestInit = TRACE } = {}) {
  // Both pages trace their sessions on the console, for a failure's report.
  const host = await open({ init: hostInit });
  const guest = await open({ viewport: { width: 390, height: 844 }, init: guestInit });
  try {
    await play(host, guest);
  } finally {
    await cleanUp(
      () => host.context.close(),
      () => guest.context.close(),
    );
  }
}

// What Chromium itself reports on a page's console while these scenarios run, none of it
// the page's own error: each connection to a relay that is down, and the relay socket it
// closes when it freezes a page.
const BROWSER_NOTES = [
  /^WebSocket connection to '.*\/ws' failed: .*ERR_CONNECTION_REFUSED$/,
  /^WebSocket connection to '.*\/ws' failed: Page entered Back-Forward Cache\.$/,
];

/** The page's own errors: what `errors` gathered, but for Chromium's notes above. */
const pageErrors = (side) => side.errors.filter((e) => !BROWSER_NOTES.some((n) => n.test(e)));

/** Whether `page` shows an open link to another page (the host, or a joiner). */
async function live(page) {
  return (await page.locator('[data-testid="peer"][data-link="open"]').count()) > 0;
}

/** Whether `page` is back in its seat `seat` with its link open. */
async function seatBack(page, seat) {
  return (await page.locator(`[data-testid="seat"].me[data-seat="${seat}"]`).count()) === 1 && (await live(page));
}

/** Waits until `check` holds, checking the hidden cards meanwhile; returns the ms taken. */
async function until(sides, check, ms, what) {
  const start = Date.now();
  for (;;) {
    await checkHidden(sides);
    if (await check()) return Date.now() - start;
    if (Date.now() - start >= ms) assert.fail(`${what} within ${ms} ms\n${await describe(sides, what)}`);
    await sides[0].page.waitForTimeout(50);
  }
}

test("the host reloads during a challenge window and the game goes on to one winner", { timeout: 150_000 }, async () => {
  await hostAndJoiner(async (host, guest) => {
    await dealRoom(host, guest);
    await untilTheJoinerMayChallenge(host, guest);
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
    assert.deepEqual(pageErrors(host), [], "no errors on the host's page");
    assert.deepEqual(pageErrors(guest), [], "no errors on the joiner's page");
  });
});

test("a copy of a joiner's tab does not take its seat, and a reload takes it back without a click, however late the old page lets the tab go", { timeout: 120_000 }, async () => {
  await hostAndJoiner(async (host, guest) => {
    await dealRoom(host, guest, ["Cy", "Di"]);
    const stored = await guest.page.evaluate(() => sessionStorage.getItem("coup.rejoin"));
    assert.ok(stored, "the seat is kept for this tab");
    // Every page of the joiner's browser from now on counts the relay connections it opens:
    // a copy that took the seat would have to open one.
    await guest.context.addInitScript(() => {
      window.__sockets = 0;
      window.WebSocket = new Proxy(window.WebSocket, {
        construct(target, args) {
          window.__sockets += 1;
          return new target(...args);
        },
      });
    });
    // A tab opened from the joiner's starts with a copy of its sessionStorage.
    const [copy] = await Promise.all([
      guest.context.waitForEvent("page"),
      guest.page.evaluate(() => window.open(location.href)),
    ]);
    await programRuns(copy);
    await copy.getByTestId("notice").filter({ hasText: "copy of another" }).waitFor({ timeout: 10_000 });
    assert.equal(await copy.evaluate(() => sessionStorage.getItem("coup.rejoin")), null, "the copy forgets the seat");
    assert.notEqual(
      await copy.evaluate(() => sessionStorage.getItem("coup.tab")),
      await guest.page.evaluate(() => sessionStorage.getItem("coup.tab")),
      "the copy is a tab of its own",
    );
    // The copy decided what it is before it said so and forgot the seat: it has opened no
    // connection to the relay, so it has nothing in flight that could take the seat.
    assert.equal(await copy.evaluate(() => window.__sockets), 0, "the copy opened no connection to the relay");
    assert.equal(await copy.getByTestId("room-table").count(), 0);
    assert.ok(await live(guest.page), "the joiner keeps its link");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1");
    await copy.close();

    // The joiner's own tab reloads: its seat comes back with no click.
    for (let i = 0; i < 3; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    // A slow device lets the tab's lock go late, and some browsers never let a reloaded
    // page's lock go: here another page of the same browser, queued for the lock behind the
    // joiner's page, holds it for HOLD_MS once the old page lets it go. The reloaded page
    // waits a moment, then takes its seat back anyway (a reload is never a copy), and goes on
    // asking for the lock.
    const HOLD_MS = 30_000;
    const lock = `coup-tab-${await guest.page.evaluate(() => sessionStorage.getItem("coup.tab"))}`;
    const holder = await guest.context.newPage();
    await holder.goto(new URL("manifest.webmanifest", table.base).href);
    await holder.evaluate(
      ([name, ms]) => {
        window.release = null;
        window.released = navigator.locks.request(name, () => new Promise((done) => (window.release = () => done(Date.now()))));
        setTimeout(() => window.release?.(), ms);
      },
      [lock, HOLD_MS],
    );
    const queued = await holder.evaluate(async (name) => (await navigator.locks.query()).pending.some((l) => l.name === name), lock);
    assert.ok(queued, "the other page waits for the tab's lock");
    const reloadAt = Date.now();
    await guest.page.reload();
    // Meanwhile the page says it is taking the seat back, and offers no first screen.
    await guest.page.getByTestId("restoring").waitFor({ timeout: 10_000 });
    assert.equal(await guest.page.getByTestId("create-room").count(), 0, "no first screen while the seat comes back");
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "resilience-restoring-phone.png") });
    await until([host, guest], () => seatBack(guest.page, "1"), 15_000, "the seat back");
    const back = Date.now() - reloadAt;
    assert.equal(await holder.evaluate(() => typeof window.release), "function", "the other page still holds the tab's lock");
    console.log(`    a joiner's reload while its tab's lock is held elsewhere, to its seat live: ${back} ms`);
    assert.equal(await guest.page.getByTestId("notice").filter({ hasText: "copy of another" }).count(), 0, "not taken for a copy");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1", "the same seat");
    // Once the other page lets the lock go, the reloaded page holds it, so a copy of this
    // tab opened now is told apart as before.
    await holder.evaluate(() => window.release());
    await holder.evaluate(() => window.released);
    await untilInPage(guest.page, async (name) => (await navigator.locks.query()).held.some((l) => l.name === name), { arg: lock, ms: 5_000, what: "the tab's lock held again" });
    const [second] = await Promise.all([guest.context.waitForEvent("page"), guest.page.evaluate(() => window.open(location.href))]);
    await programRuns(second);
    await second.getByTestId("notice").filter({ hasText: "copy of another" }).waitFor({ timeout: 10_000 });
    assert.equal(await second.getByTestId("room-table").count(), 0, "the second copy takes no table either");
    await second.close();
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1", "the joiner keeps its seat");
    await holder.close();
    await playToTheEnd(host, guest);
  });
});

/**
 * Plays both pages until `check()`. The joiner never answers a decision `hold(labels)`
 * picks out (the one the caller waits for): it may appear between a check and the
 * joiner's next click.
 */
async function playUntil(host, guest, check, ms, what, prefer, hold = null) {
  const start = Date.now();
  for (;;) {
    await checkHidden([host, guest]);
    if (await check()) return;
    assert.ok(Date.now() - start < ms, `${what} within ${ms} ms`);
    let clicked = await decideOnce(host.page, prefer);
    if (await decideOnce(guest.page, prefer, hold)) clicked = true;
    if (!clicked) await host.page.waitForTimeout(50);
  }
}

/** The host claims Tax whenever it can, until the joiner is asked whether to challenge. */
function untilTheJoinerMayChallenge(host, guest) {
  const challenge = (labels) => labels.includes("Challenge");
  return playUntil(host, guest, async () => challenge(await offered(guest.page)), 60_000, "a challenge window", ["Tax", "Pass", "Income"], challenge);
}

/** Runs `ip` in the test's network namespace (the suite runs inside `unshare -n`). */
function ip(...args) {
  const r = spawnSync("ip", args, { encoding: "utf8" });
  assert.equal(r.status, 0, `ip ${args.join(" ")}: ${r.stderr}`);
}

test("a joiner that reloads while its network is down takes its seat back without a click once the network returns", { timeout: 120_000 }, async () => {
  await hostAndJoiner(async (host, guest) => {
    await dealRoom(host, guest, ["Gus", "Hal"]);
    for (let i = 0; i < 2; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    // The page itself comes from the service worker; the relay cannot be reached.
    await guest.context.setOffline(true);
    await guest.page.reload();
    await guest.page.getByTestId("rejoin-offer").waitFor({ timeout: 15_000 });
    await guest.page.getByTestId("notice").filter({ hasText: "Could not reach the relay" }).waitFor({ timeout: 10_000 });
    // It asks again on its backoff meanwhile, quietly: one notice however many attempts.
    await guest.page.waitForTimeout(5_000);
    assert.equal(await guest.page.getByTestId("notice").filter({ hasText: "Could not reach the relay" }).count(), 1, "said once");
    await guest.page.screenshot({ path: path.join(ARTIFACTS, "resilience-reload-offline-phone.png") });
    // At phone size the offer's buttons stay inside its panel's padding.
    const inside = await guest.page.evaluate(() => {
      const panel = document.querySelector('[data-testid="rejoin-offer"]');
      const p = panel.getBoundingClientRect();
      const pad = getComputedStyle(panel);
      const [left, right] = [p.left + parseFloat(pad.paddingLeft), p.right - parseFloat(pad.paddingRight)];
      return ["rejoin", "rejoin-dismiss"].map((id) => {
        const b = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
        return `${id}: ${b.left >= left - 0.5 && b.right <= right + 0.5 ? "inside" : `${b.left}–${b.right} outside ${left}–${right}`}`;
      });
    });
    assert.deepEqual(inside, ["rejoin: inside", "rejoin-dismiss: inside"]);
    const online = Date.now();
    await guest.context.setOffline(false);
    await until([host, guest], () => seatBack(guest.page, "1"), 15_000, "the seat back once online");
    console.log(`    a joiner's reload while offline, network back to its seat live: ${Date.now() - online} ms`);
    assert.equal(await guest.page.getByTestId("rejoin-offer").count(), 0, "no click was needed");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1", "the same seat");
    await playToTheEnd(host, guest);
    assert.deepEqual(pageErrors(guest).filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)), [], "no errors on the joiner's page");
  });
});

test("a joiner offline for 20 s mid-window is answered for, then back in its seat without a click", { timeout: 150_000 }, async () => {
  await hostAndJoiner(async (host, guest) => {
    await dealRoom(host, guest, ["Eve", "Fay"]);
    await untilTheJoinerMayChallenge(host, guest);
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
    // The host's page was silent too, maybe past the relay's host timeout (15 s): then the
    // relay handed the room to the joiner's page, which referees from its recovery copy,
    // and the host's page, its reclaim answered handed_over, is a guest in its own seat.
    // Either way, one referee and each page in its seat, and one game to one winner.
    const oneReferee = () => refereesOn(host.page) + refereesOn(guest.page) === 1;
    const settled = async () => oneReferee() && (await seatBack(host.page, "0")) && (await liveAgain());
    await until([host, guest], settled, 30_000, "one referee, and both pages in their seats");
    await playToTheEnd(host, guest);
    const moved = refereesOn(guest.page) === 1;
    console.log(`    the table ${moved ? "moved to the joiner's page; the host's page is its guest" : "stayed on the host's page"}`);
    assert.ok(oneReferee(), "still one referee at the end");
    assert.equal(await host.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "0", "the host's seat");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1", "the joiner's seat");
  });
});

test("the relay stops and starts again mid-game: the game goes on in a new room, and a reload of either page finds it", { timeout: 180_000 }, async () => {
  await hostAndJoiner(async (host, guest) => {
    const code = await dealRoom(host, guest, ["Gil", "Hal"]);
    for (let i = 0; i < 3; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    const logLines = () => host.page.locator('[data-testid="log"] li').count();
    const before = await logLines();
    const restart = table.restartRelay(3_000);
    // The game goes on over the data channels while the relay is down.
    await host.page.getByTestId("connection-line").waitFor({ timeout: 10_000 });
    // The page says why in its own words, not in the relay's close reason.
    const notices = () => host.page.getByTestId("notice").allTextContents();
    await until([host, guest], async () => (await notices()).some((n) => n.includes("The relay is restarting.")), 10_000, "the restart told");
    assert.ok(!(await notices()).some((n) => n.includes("shutting down")), `the relay's own words: ${await notices()}`);
    await playUntil(host, guest, async () => (await logLines()) > before + 2, 20_000, "moves without the relay");
    await restart;
    await host.page.getByTestId("connection-line").waitFor({ state: "detached", timeout: 20_000 });
    const peers = (p) => p.locator('[data-testid="peer"]').evaluateAll((e) => e.map((x) => x.dataset.link));
    assert.ok(await live(host.page) && (await live(guest.page)), `the links stayed open: ${await peers(host.page)} / ${await peers(guest.page)}`);

    // The restarted relay forgot the room: the host opened a new one and told the joiner.
    const shown = (p) => p.getByTestId("room-code").getAttribute("data-code");
    await until([host, guest], async () => (await shown(host.page)) !== code && (await shown(guest.page)) === (await shown(host.page)), 10_000, "the new code on both pages");
    const moved = await shown(host.page);
    const kept = JSON.parse(await guest.page.evaluate(() => sessionStorage.getItem("coup.rejoin")));
    assert.equal(kept.code, moved, "the joiner's seat record has the new code");
    assert.equal(JSON.parse(await host.page.evaluate(() => sessionStorage.getItem("coup.host"))).room.code, moved, "and the host's record");

    // The joiner reloads: back in its seat through the new code, with no click.
    await decideOnce(host.page);
    let reloaded = Date.now();
    await guest.page.reload();
    await until([host, guest], () => seatBack(guest.page, "1"), 15_000, "the joiner's seat back");
    console.log(`    after a relay restart, joiner reload to its seat live: ${Date.now() - reloaded} ms`);
    assert.equal(await guest.page.getByTestId("rejoin").count(), 0, "no click was needed");
    assert.equal(await shown(guest.page), moved);

    // Then the host reloads: it takes the new room back and the joiner finds it there.
    for (let i = 0; i < 2; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    reloaded = Date.now();
    await host.page.reload();
    await until([host, guest], async () => (await seatBack(host.page, "0")) && (await seatBack(guest.page, "1")), 20_000, "both pages back");
    console.log(`    after a relay restart, host reload to playing on both pages: ${Date.now() - reloaded} ms`);
    assert.equal(await shown(host.page), moved, "the same new room");

    await playToTheEnd(host, guest);
    assert.deepEqual(pageErrors(host), [], "no errors on the host's page");
    assert.deepEqual(pageErrors(guest), [], "no errors on the joiner's page");
  });
});

// Every page's peer connections are made relay-only, as a player behind a strict NAT needs,
// and kept for their statistics.
const RELAY_ONLY = () => {
  // The pages trace their sessions too: a join that stalls says where.
  window.coupTrace = true;
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

/**
 * Debian's coturn on a free loopback port with the TURN REST shared secret, and a relay
 * (reusing the suite's browser) that hands out its credentials. `log()` is coturn's output.
 */
async function startTurn() {
  const secret = "e2e-turn-secret-0123456789";
  const port = await freePort();
  let log = "";
  const turn = spawnChild(
    "turnserver",
    [
      "-n", "--no-cli", "--no-tls", "--no-dtls", "--allow-loopback-peers",
      "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1", `--listening-port=${port}`,
      "--min-port=49152", "--max-port=65535", "--use-auth-secret",
      `--static-auth-secret=${secret}`, "--realm=coup.test", "--log-file=stdout", "--simple-log",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  turn.stdout.on("data", (d) => (log += d));
  turn.stderr.on("data", (d) => (log += d));
  const turned = await startTable({
    browser: table.browser,
    relayArgs: ["--turn-secret", secret, "--turn-urls", `turn:127.0.0.1:${port}?transport=udp`],
  });
  return { turn, turned, log: () => log };
}

test("a room game played to the end through TURN alone (coturn, the relay's credentials)", { timeout: 150_000 }, async () => {
  const { turn, turned, log: turnLog } = await startTurn();
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
    console.log(turnLog().slice(-3_000));
    throw e;
  } finally {
    await cleanUp(
      () => host.context.close(),
      () => guest.context.close(),
      () => turned.stop(),
      () => turn.kill("SIGTERM"),
    );
  }
});

// The joiner's first text on each of its data channels is its hello. This one loses the
// first of them on the way, after the channel opened: the host never hears it.
const LOSE_FIRST_HELLO = () => {
  window.coupTrace = true;
  window.__lost = [];
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (typeof data === "string" && window.__lost.length === 0) {
      window.__lost.push(data.slice(0, 40));
      return;
    }
    return send.call(this, data);
  };
};

test("a joiner whose hello is lost on an open link makes the link again and is seated, once, and plays", { timeout: 120_000 }, async () => {
  await hostAndJoiner(
    async (host, guest) => {
      await createAndJoin(host, guest, ["Nia", "Oz"]);
      // Open, alive, and no welcome: after its wait the joiner makes the link again.
      await lobbiesShow([host, guest], 2, 45_000);
      const lost = await guest.page.evaluate(() => window.__lost);
      assert.equal(lost.length, 1, "one hello lost");
      assert.match(lost[0], /hello/, "the text lost was the hello");
      for (const side of [host, guest]) {
        const people = side.page.locator('[data-testid="lobby-seat"][data-kind="person"]');
        assert.equal(await people.count(), 2, "the joiner is listed once");
      }
      await dealFromLobby(host, guest);
      await playToTheEnd(host, guest);
      assert.deepEqual(pageErrors(host), [], "no errors on the host's page");
      assert.deepEqual(pageErrors(guest), [], "no errors on the joiner's page");
    },
    { guestInit: LOSE_FIRST_HELLO },
  );
});

// A room that does not hand over (its host turned handover off): when its host is gone,
// the game ends. (A room that hands over goes on at a guest's page: handover.test.js.)
const NO_HANDOVER = `(${TRACE})(); try { localStorage.setItem("coup.handover", "0"); } catch {}`;

test("a host gone for good from a room without handover: the joiner is told, keeps the final table, and opens a new room in one click", { timeout: 90_000 }, async () => {
  await hostAndJoiner(async (host, guest) => {
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
    assert.deepEqual(pageErrors(guest), [], "no errors on the joiner's page");
  }, { hostInit: NO_HANDOVER });
});

// A phone whose screen goes off: its browser stops running the page (frozen: no timers, no
// tasks) and stops answering the network. The joiner's page is a tab of a Chromium of its
// own, frozen over CDP, and its connections all go through coturn (relay-only ICE), which
// is stopped (SIGSTOP) for the sleep: its WebRTC path is gone while the host's network and
// relay socket stay up. Its relay socket is left to the relay's idle timeout, as a
// sleeping phone's is.
// Two minutes asleep, as a phone's, reaches nothing that 75 s does not: the host's link
// fails within about 30 s, the grace runs 30 s more, and the relay drops the silent
// socket at 60 s (TURN permissions last 5 minutes). COUP_E2E_SLEEP_MS=120000 sleeps the
// whole two minutes.
const SLEEP_MS = Number(process.env.COUP_E2E_SLEEP_MS ?? 75_000);

test("a joiner in a background tab stays seated; asleep its stand-in plays, and on waking it is back in its seat within seconds", { timeout: SLEEP_MS + 180_000 }, async () => {
  const { turn, turned, log: turnLog } = await startTurn();
  const host = await openPage(turned.browser, turned.base);
  const guest = await openLifecyclePage(turned.base, { init: `(${RELAY_ONLY})(); try { localStorage.setItem("coup.sound", "off"); } catch {}` });
  try {
    await dealRoom(host, guest, ["Mo", "Ned"]);
    for (let i = 0; i < 2; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    // In the background (another tab in front), still seated and live, its timers
    // throttled to about once a second. (The joiner's sound is off: Chromium does not
    // throttle a page that is making sound, and a chime would let this page off.)
    await guest.hide();
    const rate = await intervalRate(guest.page);
    console.log(`    a 10 ms timer on the joiner's hidden page: ${rate} times in 2 s`);
    assert.ok(rate < 40, `the joiner's hidden page is throttled as a background tab is: a 10 ms timer fired ${rate} times in 2 s`);
    const started = Date.now();
    while (Date.now() - started < 8_000) {
      await decideOnce(host.page, ["Income", "Pass"]);
      await host.page.waitForTimeout(200);
    }
    assert.ok(await live(host.page) && (await live(guest.page)), "the link stays open in the background");
    assert.equal(await guest.page.getByTestId("connection-line").count(), 0);
    await guest.show();
    assert.ok(await live(guest.page));

    // The host's page notes when a bot starts playing for the joiner, and each decision of
    // the joiner's seat that ends after that.
    await host.page.evaluate(() => {
      const seat = () => document.querySelector('[data-testid="seat"][data-seat="1"]');
      window.__standIn = null;
      window.__answeredAfter = 0;
      let owed = false;
      const t0 = performance.now();
      window.__poll = setInterval(() => {
        const lines = [...document.querySelectorAll('[data-testid="log"] li')].map((l) => l.textContent);
        if (window.__standIn === null && lines.some((l) => l.includes("A bot plays for"))) window.__standIn = Math.round(performance.now() - t0);
        const owes = !!seat()?.classList.contains("owes");
        if (owed && !owes && window.__standIn !== null) window.__answeredAfter++;
        owed = owes;
      }, 20);
    });
    // Asleep: the screen goes off (tab hidden, then frozen), the network goes.
    await guest.hide();
    await guest.context.setOffline(true);
    await guest.freeze();
    turn.kill("SIGSTOP");
    try {
      // The host plays until the stand-in has answered for the joiner, then leaves its own
      // decisions to its timers, so that the game is still on when the joiner wakes.
      const start = Date.now();
      let answered = false;
      while (Date.now() - start < SLEEP_MS) {
        await checkHidden([host]);
        answered ||= await host.page.evaluate(() => window.__answeredAfter > 0);
        if (!answered) await decideOnce(host.page, ["Income", "Pass"]);
        await host.page.waitForTimeout(200);
      }
      const seen = await host.page.evaluate(() => ({ standIn: window.__standIn, answered: window.__answeredAfter }));
      console.log(`    the stand-in took over ${seen.standIn} ms into the sleep and answered ${seen.answered} decisions`);
      assert.ok(seen.standIn !== null, "a bot stood in for the sleeping joiner");
      assert.ok(seen.answered >= 1, `the stand-in answered for the joiner's seat: ${JSON.stringify(seen)}`);
    } finally {
      turn.kill("SIGCONT");
      await guest.context.setOffline(false);
      await guest.thaw();
    }
    const back = Date.now();
    await guest.show();
    const liveAgain = async () =>
      (await live(guest.page)) &&
      (await guest.page.getByTestId("connection-line").count()) === 0 &&
      (await guest.page.locator('[data-testid="seat"].me[data-seat="1"]').count()) === 1;
    await until([host, guest], liveAgain, 30_000, "the joiner live again");
    console.log(`    joiner asleep ${SLEEP_MS / 1_000} s, then awake to its seat live: ${Date.now() - back} ms`);
    // The stand-in hands the seat back: the joiner's own decisions come to its page, and
    // the host shows its countdown again (a countdown is only where a person decides).
    await host.page.locator('[data-testid="log"] li').filter({ hasText: "Ned is back" }).first().waitFor({ timeout: 10_000 });
    let own = false;
    let clock = false;
    const deadline = Date.now() + 60_000;
    while (!(own && clock)) {
      if (Date.now() >= deadline) {
        const over = await host.page.getByTestId("game-over").isVisible();
        const out = await host.page.locator('[data-testid="seat"][data-seat="1"].dead').count();
        assert.fail(`the joiner decides for itself again (offered: ${own}, countdown: ${clock}, game over: ${over}, seat out: ${out})`);
      }
      await checkHidden([host, guest]);
      if ((await host.page.locator('[data-testid="seat"][data-seat="1"].owes .t-clock').count()) > 0) clock = true;
      if ((await offered(guest.page)).length > 0) own = (await decideOnce(guest.page)) || own;
      else await decideOnce(host.page);
      await host.page.waitForTimeout(50);
    }
    assert.equal(await guest.page.getByTestId("rejoin").count(), 0, "no click was needed");
    await playToTheEnd(host, guest);
    assert.deepEqual(pageErrors(guest), [], "no errors on the joiner's page");
  } catch (e) {
    console.log(turnLog().slice(-2_000));
    throw e;
  } finally {
    await cleanUp(
      () => turn.kill("SIGCONT"),
      () => host.context.close(),
      () => guest.close(),
      () => turned.stop(),
      () => turn.kill("SIGTERM"),
    );
  }
});

// The table's window timer (the session's default).
const WINDOW_MS = 15_000;

test("a host's page in the background ends a joiner's window on time", { timeout: 240_000 }, async () => {
  const host = await openLifecyclePage(table.base);
  const guest = await open({ viewport: { width: 390, height: 844 } });
  try {
    await dealRoom(host, guest, ["Oz", "Pia"]);
    const timedOut = () => host.page.locator('[data-testid="log"] li').filter({ hasText: /Pia\W+s time ran out/ }).count();
    // A window the joiner leaves unanswered ends at its limit, unless the bot challenges
    // first: then the next one is tried.
    // The joiner's page notes, on its own clock, when its Challenge button came and went:
    // the window's length as the joiner saw it, whenever the test's polling looks.
    await guest.page.evaluate(() => {
      const w = (window.__challenge = { shown: null, gone: null });
      const has = () => [...document.querySelectorAll('[data-testid="decision"]')].some((b) => b.textContent.startsWith("Challenge"));
      const look = () => {
        const now = performance.now();
        if (has()) {
          if (w.shown === null || w.gone !== null) Object.assign(w, { shown: now, gone: null });
        } else if (w.shown !== null && w.gone === null) w.gone = now;
      };
      new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
      look();
    });
    let measured = false;
    for (let attempt = 0; attempt < 5 && !measured; attempt++) {
      await untilTheJoinerMayChallenge(host, guest);
      const before = await timedOut();
      await host.hide();
      const rate = await intervalRate(host.page);
      assert.ok(rate < 40, `a 10 ms timer fired ${rate} times in 2 s on the hidden host page`);
      // The joiner does not answer: the host's referee passes for it when its time is up.
      await until([guest], async () => !(await offered(guest.page)).includes("Challenge"), 60_000, "the window's end");
      const { shown, gone } = await guest.page.evaluate(() => window.__challenge);
      const ended = Math.round(gone - shown);
      assert.ok(await host.hidden(), "the host's page stayed in the background");
      // Ended by the joiner's timer, the host's log says so; a bot's challenge ends it
      // otherwise (then the next window is tried).
      const ranOut = await host.page
        .locator('[data-testid="log"] li')
        .filter({ hasText: /Pia\W+s time ran out/ })
        .nth(before)
        .waitFor({ state: "attached", timeout: 5_000 })
        .then(() => true, () => false);
      if (ranOut) {
        console.log(`    joiner's ${WINDOW_MS / 1_000} s window lasted ${ended} ms on its page, the host's page hidden`);
        // Never early (but for the joiner seeing the window a little after it opened);
        // late only by what a loaded machine adds to drawing the update (a
        // throttled background timer would add seconds, a frozen one the rest of the game).
        assert.ok(ended > WINDOW_MS - 1_000 && ended < WINDOW_MS + 4_000, `the window ends at its limit (after ${ended} ms)`);
        measured = true;
      }
      await host.show();
    }
    assert.ok(measured, "a window ran out its time");
    await playToTheEnd(host, guest);
    assert.deepEqual(pageErrors(host), [], "no errors on the host's page");
  } finally {
    await cleanUp(
      () => host.close(),
      () => guest.context.close(),
    );
  }
});
