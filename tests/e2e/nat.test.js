// Room games between two homes behind NAT (natlab.mjs: network namespaces for the
// internet, two home routers and a Chromium in each home). Each scenario checks what the
// players see and, from the pages' getStats(), the candidate pair their link uses; each
// prints the time from the click on Join to the link being open, which BENCHMARKS.md
// records.
//
// Runs as root inside `unshare -n` (as .ci/test.sh's e2e step runs the suite); anywhere
// else every test fails at once, saying why, and nothing is configured.
//
//   unshare -n bash -c 'ip link set lo up && cd tests && COUP_RELAY_BIN=... COUP_DIST=... \
//     node --test --test-force-exit --test-reporter=./reporter.mjs e2e/nat.test.js'

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ARTIFACTS, cleanUp, openPage } from "./harness.mjs";
import { createAndJoin, dealFromLobby, decideOnce, playToTheEnd } from "./play.mjs";
import { startLab } from "./natlab.mjs";

// What the pages show.
/** The joiner's panel saying the browsers cannot reach each other. */
const LINK_FAILURE = '[data-testid="link-failure"]';
/** The panel's attribute naming why, and what it says when the relay offers no TURN. */
const DIAGNOSIS = "data-why";
const NO_TURN = "link-why-no-turn";
/** Its button that tries again. */
const LINK_RETRY = '[data-testid="retry-link"]';
/** A notice (the host's page says there that a joiner could not connect). */
const NOTICE = '[data-testid="notice"]';
/** The calm line while a link or the relay is coming back. */
const CONNECTION_LINE = '[data-testid="connection-line"]';
/** A link to another page, open. */
const LINK_OPEN = '[data-testid="peer"][data-link="open"]';

let lab;

before(
  async () => {
    lab = await startLab();
    console.log(`    natlab: ${lab.homes.map((h) => `${h.lanIp} behind ${h.wanIp}`).join(", ")}; relay at ${lab.base}; delay: ${lab.netem ?? "none (no netem)"}`);
  },
  { timeout: 120_000 },
);

after(async () => {
  await lab?.teardown();
});

// Every RTCPeerConnection the page makes, kept for its statistics.
const KEEP_PCS = () => {
  const Native = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = function (config) {
    const pc = new Native(config);
    window.__pcs.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Native.prototype;
  // The session's inputs and effects, on the console, for a failure's report.
  window.coupTrace = true;
};

/**
 * The candidate pair each of the page's connected peer connections uses: the one its
 * transport names as selected, else the nominated pair that succeeded.
 */
function pairs(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const pc of window.__pcs) {
      if (pc.connectionState !== "connected") continue;
      const stats = [...(await pc.getStats()).values()];
      const byId = new Map(stats.map((s) => [s.id, s]));
      const transport = stats.find((s) => s.type === "transport" && s.selectedCandidatePairId);
      const pair = (transport && byId.get(transport.selectedCandidatePairId)) ?? stats.find((s) => s.type === "candidate-pair" && s.nominated && s.state === "succeeded");
      if (!pair) continue;
      const [l, r] = [byId.get(pair.localCandidateId), byId.get(pair.remoteCandidateId)];
      const ice = pc.getConfiguration().iceServers.flatMap((s) => [s.urls].flat());
      out.push({ local: l.candidateType, remote: r.candidateType, from: `${l.address}:${l.port}`, to: `${r.address}:${r.port}`, protocol: l.relayProtocol ?? l.protocol, ice });
    }
    return out;
  });
}

const showPair = (p) => `${p.local} ${p.from} → ${p.remote} ${p.to} (${p.protocol}; ICE servers ${p.ice.join(" ")})`;

/** What a page shows, for a failure's report. */
async function scene(side, name) {
  const page = side.page;
  if (page.isClosed()) return `${name}: closed`;
  const file = path.join(ARTIFACTS, `nat-${name}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  const state = await page
    .evaluate(() => ({
      peers: [...document.querySelectorAll('[data-testid="peer"]')].map((p) => `${p.dataset.peer}:${p.dataset.link}`),
      notices: [...document.querySelectorAll('[data-testid="notice"], [data-testid="connection-line"], [data-testid="link-failure"]')].map((n) => `${n.dataset.testid}: ${n.textContent.trim()}`),
      pcs: (window.__pcs ?? []).map((pc) => `${pc.connectionState}/${pc.iceConnectionState}`),
      ice: (window.__pcs ?? []).map((pc) => pc.getConfiguration().iceServers.map((s) => s.urls)),
    }))
    .catch((e) => ({ unreadable: e.message }));
  const trace = side.log.filter((l) => l.includes("coup: ")).slice(-150);
  const other = side.log.filter((l) => !l.includes("coup: ")).slice(-8);
  return `${name}: ${JSON.stringify(state)} (screenshot ${path.basename(file)})\n  console: ${JSON.stringify(other)}\n  trace:\n    ${trace.join("\n    ")}`;
}

/**
 * Serves with `serve` options, opens the host's page in home 1 and the joiner's in home
 * 2, runs `play(host, guest, servers)`, and on a failure adds what both pages show, the
 * routers' mappings and the servers' logs. Closes everything it opened. In `on`, the
 * file's lab unless another is given.
 */
async function acrossTheNats(serve, play, on = lab) {
  const lab = on;
  const servers = await lab.serve(serve);
  let host;
  let guest;
  try {
    host = await openPage(lab.homes[0].browser, lab.base, { init: KEEP_PCS });
    guest = await openPage(lab.homes[1].browser, lab.base, { init: KEEP_PCS, viewport: { width: 390, height: 844 } });
    await play(host, guest, servers);
  } catch (e) {
    const report = [host && (await scene(host, "host")), guest && (await scene(guest, "joiner")), lab.mappings(), servers.logs()];
    // The stack is what a report prints: the scene goes after it.
    e.stack = `${e.stack}\n${report.filter(Boolean).join("\n")}`;
    throw e;
  } finally {
    await cleanUp(
      async () => host?.context.close(),
      async () => guest?.context.close(),
      () => servers.stop(),
    );
  }
}

/** Waits for the joiner's link to the host to open; returns the ms since `joinedAt`. */
async function joinToOpen(guest, joinedAt, what) {
  await guest.page.locator(LINK_OPEN).first().waitFor({ state: "attached", timeout: 30_000 });
  const ms = Date.now() - joinedAt;
  console.log(`    ${what}: Join to link open ${ms} ms`);
  return ms;
}

/** The pair on each page (exactly one connected peer connection each), printed. */
async function linkPairs(host, guest) {
  const found = [];
  for (const [name, side] of [
    ["host", host],
    ["joiner", guest],
  ]) {
    const ps = await pairs(side.page);
    assert.equal(ps.length, 1, `one connected link on the ${name}'s page: ${JSON.stringify(ps)}`);
    console.log(`    ${name}'s pair: ${showPair(ps[0])}`);
    found.push(ps[0]);
  }
  return found;
}

/**
 * Each page's link goes straight from its router's WAN address to the other router's (in
 * `on`, the file's lab unless another is given): a direct pair, neither end a TURN relay.
 */
function assertDirect([hostPair, guestPair], on = lab) {
  const lab = on;
  const address = (endpoint) => endpoint.slice(0, endpoint.lastIndexOf(":"));
  for (const [pair, otherPair, other, name] of [
    [hostPair, guestPair, lab.homes[1], "host"],
    [guestPair, hostPair, lab.homes[0], "joiner"],
  ]) {
    assert.ok(pair.local !== "relay" && pair.remote !== "relay", `the ${name}'s link is direct: ${showPair(pair)}`);
    // Each end is where its router maps it: learned over STUN (srflx) or from a check (prflx).
    assert.ok(["srflx", "prflx"].includes(pair.local), `the ${name} sends from its NAT's address: ${showPair(pair)}`);
    assert.ok(["srflx", "prflx"].includes(pair.remote), `the ${name} reaches the other page at its NAT's address: ${showPair(pair)}`);
    // Chromium leaves a peer-reflexive remote's address out of its statistics: the pair's
    // other end, on the other page, is that address as the other page knows itself.
    const to = address(pair.to) || address(otherPair.from);
    assert.equal(to, other.wanIp, `the ${name} sends to the other home's router: ${showPair(pair)}; the other end ${showPair(otherPair)}`);
  }
}

test("ordinary NAT at both homes, STUN only: a room game to the end over a direct pair", { timeout: 180_000 }, async () => {
  lab.setNat("ordinary");
  await acrossTheNats({}, async (host, guest) => {
    const { joinedAt } = await createAndJoin(host, guest, ["Ana", "Bo"]);
    await joinToOpen(guest, joinedAt, "ordinary NAT, STUN");
    await dealFromLobby(host, guest);
    assertDirect(await linkPairs(host, guest));
    await playToTheEnd(host, guest);
    assert.deepEqual(host.errors, [], "no errors on the host's page");
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  });
});

test("symmetric NAT at both homes, coturn as deployed: a room game to the end through TURN", { timeout: 180_000 }, async () => {
  lab.setNat("symmetric");
  await acrossTheNats({ turn: true }, async (host, guest) => {
    const { joinedAt } = await createAndJoin(host, guest, ["Cy", "Di"]);
    await joinToOpen(guest, joinedAt, "symmetric NAT, TURN");
    await dealFromLobby(host, guest);
    for (const pair of await linkPairs(host, guest)) {
      assert.ok(pair.local === "relay" || pair.remote === "relay", `the link goes through TURN: ${showPair(pair)}`);
    }
    await playToTheEnd(host, guest);
    assert.deepEqual(host.errors, [], "no errors on the host's page");
    assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
  });
});

test("symmetric NAT at both homes, no TURN: the joiner is told within 20 s that the browsers cannot reach each other, and the host once, by name", { timeout: 120_000 }, async () => {
  lab.setNat("symmetric");
  await acrossTheNats({}, async (host, guest) => {
    const name = "Zélie";
    const { joinedAt } = await createAndJoin(host, guest, ["Eve", name]);
    const failure = guest.page.locator(LINK_FAILURE);
    await failure.waitFor({ timeout: Math.max(1, 20_000 - (Date.now() - joinedAt)) }).catch(async (e) => {
      const line = await guest.page.locator(CONNECTION_LINE).allTextContents();
      assert.fail(`the joiner is told within 20 s of Join that the browsers cannot reach each other (${e.message.split("\n")[0]}); its connection line: ${JSON.stringify(line)}`);
    });
    console.log(`    symmetric NAT, no TURN: Join to the joiner told ${Date.now() - joinedAt} ms`);
    assert.equal(await failure.getAttribute(DIAGNOSIS), NO_TURN, "the joiner is told there is no TURN relay");
    assert.ok(await guest.page.locator(LINK_RETRY).isVisible(), "the joiner can try again");
    const named = host.page.locator(NOTICE).filter({ hasText: name });
    await named.first().waitFor({ timeout: 10_000 });
    // Once: the joiner keeps trying, and two more connections on the host's page bring
    // no second notice.
    const made = await host.page.evaluate(() => window.__pcs.length);
    await host.page.waitForFunction((n) => window.__pcs.length >= n + 2, made, { timeout: 60_000 });
    assert.equal(await named.count(), 1, `the host's page says so once: ${JSON.stringify(await named.allTextContents())}`);
  });
});

test("ordinary NAT at both homes: the host reloads mid-game and the game goes on to one winner", { timeout: 180_000 }, async () => {
  lab.setNat("ordinary");
  await acrossTheNats({}, async (host, guest) => {
    const { joinedAt } = await createAndJoin(host, guest, ["Fay", "Gus"]);
    await joinToOpen(guest, joinedAt, "ordinary NAT, STUN (before the host's reload)");
    await dealFromLobby(host, guest);
    for (let i = 0; i < 4; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    const reloaded = Date.now();
    await host.page.reload();
    await host.page.getByTestId("seat").nth(2).waitFor({ timeout: 15_000 });
    // At the table the list of links is in the page but not shown.
    await host.page.locator(LINK_OPEN).first().waitFor({ state: "attached", timeout: 30_000 });
    await guest.page.locator(LINK_OPEN).first().waitFor({ state: "attached", timeout: 10_000 });
    console.log(`    ordinary NAT, STUN: host reload to the link open again ${Date.now() - reloaded} ms`);
    assert.equal(await host.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "0", "the host is back in its seat");
    assert.equal(await guest.page.locator('[data-testid="seat"].me').getAttribute("data-seat"), "1");
    assertDirect(await linkPairs(host, guest));
    await playToTheEnd(host, guest);
  });
});

test("symmetric NAT at both homes, through TURN: coturn stops mid-game and the joiner's page says so within seconds", { timeout: 120_000 }, async () => {
  lab.setNat("symmetric");
  await acrossTheNats({ turn: true }, async (host, guest, servers) => {
    const { joinedAt } = await createAndJoin(host, guest, ["Hal", "Ivo"]);
    await joinToOpen(guest, joinedAt, "symmetric NAT, TURN (before coturn stops)");
    await dealFromLobby(host, guest);
    for (const pair of await linkPairs(host, guest)) {
      assert.ok(pair.local === "relay" || pair.remote === "relay", `the link goes through TURN: ${showPair(pair)}`);
    }
    for (let i = 0; i < 2; i++) {
      await decideOnce(host.page);
      await decideOnce(guest.page);
    }
    assert.equal(await guest.page.locator(CONNECTION_LINE).count(), 0, "no connection line while the link is up");
    // Stopped, not ended: its sockets stay open and nothing comes back, so the channel
    // goes silent rather than failing with ICMP errors.
    servers.pauseTurn();
    const stopped = Date.now();
    await guest.page.locator(CONNECTION_LINE).waitFor({ timeout: 10_000 });
    console.log(`    coturn stopped mid-game: the joiner's page says so after ${Date.now() - stopped} ms`);
  });
});

/** The server-reflexive candidates each of the page's peer connections gathered. */
function reflexive(page) {
  return page.evaluate(async () => {
    const out = [];
    for (const pc of window.__pcs) {
      for (const s of (await pc.getStats()).values()) {
        if (s.type === "local-candidate" && s.candidateType === "srflx") out.push(s.address);
      }
    }
    return out;
  });
}

// The relay's public address on the loopback of a host with a link to each router (a
// floating or secondary address; an IPv6 host with several addresses is the same case),
// the relay on its defaults: its STUN on 0.0.0.0:3478. Its answers must leave from the
// address each browser asked; from the address of the link back, each router drops them,
// the browsers gather no server-reflexive candidate and never connect.
test("ordinary NAT at both homes, the relay's address on the loopback of a host with a link to each router: each browser learns its NAT's address from the relay's STUN and the link is direct", { timeout: 240_000 }, async () => {
  const routed = await startLab({ internet: "routed" });
  try {
    console.log(`    natlab (routed): ${routed.homes.map((h) => `${h.lanIp} behind ${h.wanIp}`).join(", ")}; relay at ${routed.base} on loopback`);
    routed.setNat("ordinary");
    await acrossTheNats(
      {},
      async (host, guest) => {
        const { joinedAt } = await createAndJoin(host, guest, ["Jo", "Kit"]);
        await joinToOpen(guest, joinedAt, "a host of several addresses, ordinary NAT, STUN");
        for (const [name, side, home] of [
          ["host", host, routed.homes[0]],
          ["joiner", guest, routed.homes[1]],
        ]) {
          const found = await reflexive(side.page);
          assert.ok(found.includes(home.wanIp), `the ${name}'s page gathered its router's address ${home.wanIp} from the relay's STUN: ${JSON.stringify(found)}`);
        }
        await dealFromLobby(host, guest);
        assertDirect(await linkPairs(host, guest), routed);
        assert.deepEqual(host.errors, [], "no errors on the host's page");
        assert.deepEqual(guest.errors, [], "no errors on the joiner's page");
      },
      routed,
    );
  } finally {
    await routed.teardown();
  }
});
