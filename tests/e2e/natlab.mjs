// A lab of network namespaces standing in for two homes (or three) and the internet, for
// browser tests of WebRTC across NAT. Not a test file (node --test runs only `*.test.js`).
//
//   public (203.0.113.1)   the relay on :8080 (its STUN on :3478), or coturn on :3478
//     │                    when a test wants TURN;
//     │ br0                every other destination is routed into `sink`, a veth whose
//     │                    packets go nowhere, so a send to an unknown address is dropped
//     │                    quietly instead of failing with ENETUNREACH
//   ├─ wan 203.0.113.11 ─ router 1 ─ lan 10.0.1.1 ─ home 1 (10.0.1.2): a Chromium
//   ├─ wan 203.0.113.12 ─ router 2 ─ lan 10.0.2.1 ─ home 2 (10.0.2.2): a Chromium
//   └─ wan 203.0.113.13 ─ router 3 ─ lan 10.0.3.1 ─ home 3 (10.0.3.2): a Chromium, only
//                        in a lab asked for three homes (`homes: 3`)
//
// With `internet: "routed"` the public namespace is instead a host with several addresses,
// as a server with a floating or secondary address is: the relay's address sits on its
// loopback, and a link of its own leads to each router (the public side 198.51.100.1 and
// .5 (and .9), the routers' WANs 198.51.100.2 and .6 (and .10), each a /30); the public namespace forwards
// between the links, as the internet does. The route back to each home then leaves from
// that link's address, so a UDP server on the wildcard address must answer from the one
// it was asked on.
//
// Each router masquerades its home behind its WAN address (MASQUERADE: Linux keeps the
// source port where it can, one mapping whatever the destination; or MASQUERADE
// --random-fully: a fresh random port for each destination, a symmetric NAT) and
// forwards from the WAN only what its home asked for (conntrack ESTABLISHED,RELATED).
//
// The namespaces are global names (/run/netns) made unique by this process's pid and a
// count of its labs; every process the lab starts (relay, coturn, Chromiums) is killed by
// pid and every namespace deleted by `teardown()`, which also runs when the process exits
// or is signalled. The lab only ever runs inside a network namespace of its own
// (`unshare -n`, as the suite does): it refuses to start in the machine's own network, and
// it never adds anything to the namespace it runs in (every veth is made between the
// lab's own namespaces).

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, DIST, delayLinksOf } from "./harness.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TARGET = path.resolve(ROOT, process.env.CARGO_TARGET_DIR ?? "target");
const RELAY_BIN = process.env.COUP_RELAY_BIN ?? path.join(TARGET, "release", "coup-relay");

/** The relay's (and coturn's) address on the lab's internet. */
export const PUBLIC_IP = "203.0.113.1";
const RELAY_PORT = 8080;
const TURN_PORT = 3478;
/** The page's address: a plain-http origin Chromium is told to treat as secure. */
export const BASE = `http://${PUBLIC_IP}:${RELAY_PORT}`;
/** The shared secret of coturn's `use-auth-secret` and the relay's `--turn-secret`. */
const TURN_SECRET = "natlab-turn-secret-0123456789";

/** Each home: its router's WAN address, its LAN's prefix. */
const HOMES = [
  { wan: "203.0.113.11", lan: "10.0.1" },
  { wan: "203.0.113.12", lan: "10.0.2" },
  { wan: "203.0.113.13", lan: "10.0.3" },
];
/** In a routed internet: each router's link, the public side's address and its WAN's. */
const ROUTED = [
  { public: "198.51.100.1", wan: "198.51.100.2" },
  { public: "198.51.100.5", wan: "198.51.100.6" },
  { public: "198.51.100.9", wan: "198.51.100.10" },
];

// Chromium's flags in a home: the suite's, less the loopback one (the homes have real
// interfaces), plus the relay's plain-http origin counted as secure (the client needs Web
// Locks and a service worker). mDNS hiding of host candidates stays off (harness.mjs's
// --disable-features), so a page's host candidates are its LAN address.
const HOME_ARGS = [...CHROMIUM_ARGS.filter((a) => a !== "--allow-loopback-in-peer-connection"), `--unsafely-treat-insecure-origin-as-secure=${BASE}`];

/** Runs `ip`/`iptables`/... (in namespace `ns` when given); throws with its stderr. */
function run(ns, cmd, ...args) {
  const argv = ns ? ["netns", "exec", ns, cmd, ...args] : args;
  const r = spawnSync(ns ? "ip" : cmd, argv, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${ns ? `[${ns}] ` : ""}${cmd} ${args.join(" ")}: ${r.error?.message ?? r.stderr.trim()}`);
  return r.stdout;
}
const ip = (...args) => run(null, "ip", ...args);

/**
 * Why the lab must not start here, or null: it needs root, and a network namespace that
 * is not the machine's own and holds nothing but `lo`, as `unshare -n` gives.
 */
export function unsafeHere() {
  if (process.getuid?.() !== 0) return "the NAT lab needs root (it makes network namespaces)";
  // The machine's own namespace is init's, where it can be read (it may not be, in a
  // container); either way a fresh `unshare -n` holds nothing but lo.
  let own = null;
  let init = null;
  try {
    own = readlinkSync("/proc/self/ns/net");
    init = readlinkSync("/proc/1/ns/net");
  } catch {
    // Unreadable: the check of the interfaces below decides.
  }
  if (own !== null && own === init) return "this is the machine's own network namespace: run the NAT lab inside `unshare -n` (as .ci/test.sh's e2e step does)";
  const links = ip("-o", "link", "show")
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split(":")[1].trim().split("@")[0]);
  const others = links.filter((l) => l !== "lo");
  if (others.length > 0) return `this network namespace holds ${others.join(", ")} besides lo: run the NAT lab inside a fresh \`unshare -n\``;
  return null;
}

/** Whether this kernel has netem (`tc qdisc ... netem`), tried on a veth of the lab. */
function tryNetem(ns, dev, delayMs) {
  const r = spawnSync("ip", ["netns", "exec", ns, "tc", "qdisc", "add", "dev", dev, "root", "netem", "delay", `${delayMs}ms`], { encoding: "utf8" });
  return r.status === 0 ? null : r.stderr.trim();
}

/** Resolves when `check()` is true; fails after `ms` with `what` and `detail()`. */
async function until(check, ms, what, detail = () => "") {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms\n${detail()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sends `signal` to the process group `pid` leads, then to `pid` itself. */
function kill(pid, signal) {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Labs this process has started. */
let labsStarted = 0;

/**
 * Builds the lab: namespaces, links, addresses, routes, the routers' firewalls and an
 * ordinary NAT, a delay on the WAN links when the kernel has netem, and a Chromium in
 * each of its `homes` (two or three). Returns the lab (see the object at the end); call
 * `teardown()` when done.
 */
export async function startLab({ delayMs = 30, internet = "bridge", homes: homeCount = 2 } = {}) {
  assert.ok(internet === "bridge" || internet === "routed", `an internet: ${internet}`);
  assert.ok(Number.isInteger(homeCount) && homeCount >= 2 && homeCount <= HOMES.length, `two or three homes: ${homeCount}`);
  const unsafe = unsafeHere();
  if (unsafe) throw new Error(`the NAT lab refuses to start: ${unsafe}`);
  assert.ok(existsSync(RELAY_BIN), `no relay binary at ${RELAY_BIN}`);
  assert.ok(existsSync(path.join(DIST, "index.html")), `no built client at ${DIST}`);

  // This process's pid and a count: two labs of one process never share a name.
  const prefix = `coupnat-${process.pid}-${labsStarted++}`;
  const pub = `${prefix}-pub`;
  const namespaces = [];
  // Processes the lab started, by pid (each leads a process group of its own).
  const pids = new Set();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "coup-natlab-"));
  let tornDown = false;

  /** Kills what the lab started and deletes its namespaces; synchronous, so that the exit handler can run it. */
  const teardownSync = () => {
    if (tornDown) return;
    tornDown = true;
    for (const pid of pids) kill(pid, "SIGKILL");
    for (const ns of namespaces) {
      // Anything else still inside (a helper a killed process left) was started by the
      // lab too.
      const r = spawnSync("ip", ["netns", "pids", ns], { encoding: "utf8" });
      for (const pid of (r.stdout ?? "").split(/\s+/).filter(Boolean)) kill(Number(pid), "SIGKILL");
    }
    for (const ns of namespaces) spawnSync("ip", ["netns", "del", ns]);
    rmSync(tmp, { recursive: true, force: true });
  };
  const onExit = () => teardownSync();
  process.on("exit", onExit);
  // A signal ends the process through its exit handler (harness.mjs does the same).
  const onSignal = (signal) => process.exit(128 + os.constants.signals[signal]);
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, onSignal);

  const makeNs = (name) => {
    ip("netns", "add", name);
    namespaces.push(name);
    ip("-n", name, "link", "set", "lo", "up");
    return name;
  };

  const homes = [];
  const lab = { base: BASE, publicIp: PUBLIC_IP, homes, netem: null };
  /**
   * The NAT both routers do: "ordinary" (MASQUERADE) or "symmetric" (MASQUERADE
   * --random-fully). Forgets every mapping the routers held.
   */
  lab.setNat = (kind) => {
    assert.ok(kind === "ordinary" || kind === "symmetric", `a NAT kind: ${kind}`);
    for (const home of homes) {
      run(home.router, "iptables", "-t", "nat", "-F", "POSTROUTING");
      run(home.router, "iptables", "-t", "nat", "-A", "POSTROUTING", "-o", "wan", "-j", "MASQUERADE", ...(kind === "symmetric" ? ["--random-fully"] : []));
      run(home.router, "conntrack", "-F");
      home.nat = kind;
    }
  };
  /**
   * Cuts `home` off (`cut` true) or joins it again: its router forwards nothing either
   * way, as when the home's connection goes. What it sends is dropped silently, not
   * refused, so every flow in and out simply stops answering.
   */
  lab.cut = (home, cut = true) => {
    run(home.router, "iptables", cut ? "-I" : "-D", "FORWARD", ...(cut ? ["1"] : []), "-j", "DROP");
    home.cut = cut;
  };
  try {
    makeNs(pub);
    if (internet === "bridge") {
      // The internet: a bridge in the public namespace, the relay's address on it.
      ip("-n", pub, "link", "add", "br0", "type", "bridge");
      ip("-n", pub, "addr", "add", `${PUBLIC_IP}/24`, "dev", "br0");
      ip("-n", pub, "link", "set", "br0", "up");
    } else {
      // The relay's address on loopback; the links to the routers come below.
      ip("-n", pub, "addr", "add", `${PUBLIC_IP}/32`, "dev", "lo");
      run(pub, "sh", "-c", "echo 1 > /proc/sys/net/ipv4/ip_forward");
    }
    // Everything else goes into a veth with ARP off whose other end, in the same
    // namespace, takes nothing (the public namespace forwards nothing): sends to unknown
    // addresses succeed and vanish, as on the real internet. (This kernel has no dummy
    // interfaces.)
    ip("-n", pub, "link", "add", "sink", "type", "veth", "peer", "name", "sink-end");
    ip("-n", pub, "link", "set", "sink", "arp", "off", "up");
    ip("-n", pub, "link", "set", "sink-end", "up");
    ip("-n", pub, "route", "add", "default", "dev", "sink");

    for (const [i, h] of HOMES.slice(0, homeCount).entries()) {
      const router = makeNs(`${prefix}-r${i + 1}`);
      const home = makeNs(`${prefix}-h${i + 1}`);
      ip("-n", pub, "link", "add", `to-r${i + 1}`, "type", "veth", "peer", "name", "wan", "netns", router);
      const wan = internet === "bridge" ? h.wan : ROUTED[i].wan;
      if (internet === "bridge") {
        ip("-n", pub, "link", "set", `to-r${i + 1}`, "master", "br0", "up");
        ip("-n", router, "addr", "add", `${wan}/24`, "dev", "wan");
      } else {
        ip("-n", pub, "addr", "add", `${ROUTED[i].public}/30`, "dev", `to-r${i + 1}`);
        ip("-n", pub, "link", "set", `to-r${i + 1}`, "up");
        ip("-n", router, "addr", "add", `${wan}/30`, "dev", "wan");
      }
      ip("-n", router, "link", "set", "wan", "up");
      ip("-n", router, "route", "add", "default", "via", internet === "bridge" ? PUBLIC_IP : ROUTED[i].public);
      ip("-n", router, "link", "add", "lan", "type", "veth", "peer", "name", "eth0", "netns", home);
      ip("-n", router, "addr", "add", `${h.lan}.1/24`, "dev", "lan");
      ip("-n", router, "link", "set", "lan", "up");
      ip("-n", home, "addr", "add", `${h.lan}.2/24`, "dev", "eth0");
      ip("-n", home, "link", "set", "eth0", "up");
      ip("-n", home, "route", "add", "default", "via", `${h.lan}.1`);
      // Forwarding in the routers only; the firewall drops what nobody in the home asked for.
      run(router, "sh", "-c", "echo 1 > /proc/sys/net/ipv4/ip_forward");
      run(router, "iptables", "-P", "FORWARD", "DROP");
      run(router, "iptables", "-A", "FORWARD", "-i", "lan", "-o", "wan", "-j", "ACCEPT");
      run(router, "iptables", "-A", "FORWARD", "-i", "wan", "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT");
      run(router, "iptables", "-A", "FORWARD", "-i", "wan", "-m", "conntrack", "--ctstate", "NEW", "-j", "DROP");
      // The router itself answers nothing from the WAN either. Without this, a check that
      // arrives before the home's own packet has opened its mapping reaches the router's
      // own address: conntrack keeps that flow (and the router answers with ICMP port
      // unreachable), so when the home then sends to the same address and port,
      // MASQUERADE finds its port taken and picks another, and no direct path opens.
      // Dropped here, the flow is never confirmed and leaves nothing behind.
      run(router, "iptables", "-A", "INPUT", "-i", "wan", "-m", "conntrack", "--ctstate", "ESTABLISHED,RELATED", "-j", "ACCEPT");
      run(router, "iptables", "-A", "INPUT", "-i", "wan", "-j", "DROP");
      homes.push({ index: i, router, ns: home, wanIp: wan, lanIp: `${h.lan}.2`, browser: null, pid: null, nat: null, cut: false });
    }

    // Delay on the WAN links, both ways, when the kernel has netem.
    const missing = tryNetem(homes[0].router, "wan", delayMs);
    if (missing === null) {
      for (const [i, home] of homes.entries()) {
        if (i > 0) run(home.router, "tc", "qdisc", "add", "dev", "wan", "root", "netem", "delay", `${delayMs}ms`);
        run(pub, "tc", "qdisc", "add", "dev", `to-r${i + 1}`, "root", "netem", "delay", `${delayMs}ms`);
      }
      lab.netem = `${delayMs} ms each way on each WAN link`;
    } else {
      lab.netem = null;
      console.log(`    natlab: no netem in this kernel (${missing}): the WAN links have no added delay`);
    }

    lab.setNat("ordinary");

    // A Chromium in each home, through a wrapper that enters the home's namespace:
    // Playwright drives it over a pipe (fds 3 and 4), which crosses namespaces.
    for (const home of homes) {
      const wrapper = path.join(tmp, `chromium-${home.index + 1}`);
      const pidFile = `${wrapper}.pid`;
      // The shell's pid is Chromium's: each step execs the next.
      writeFileSync(wrapper, `#!/bin/sh\necho $$ > ${pidFile}\nexec ip netns exec ${home.ns} ${CHROMIUM} "$@"\n`);
      chmodSync(wrapper, 0o755);
      home.browser = delayLinksOf(await chromium.launch({ executablePath: wrapper, headless: true, args: HOME_ARGS, timeout: 60_000 }));
      const pid = Number(readFileSync(pidFile, "utf8"));
      pids.add(pid);
      home.pid = pid;
      const inside = spawnSync("ip", ["netns", "pids", home.ns], { encoding: "utf8" }).stdout;
      assert.ok(inside.split(/\s+/).includes(String(pid)), `the Chromium of home ${home.index + 1} runs in its namespace`);
    }
  } catch (e) {
    teardownSync();
    process.off("exit", onExit);
    throw e;
  }

  /** Runs `cmd` in the public namespace, its output gathered; the process is the lab's. */
  const spawnPublic = (cmd, args, name) => {
    const child = spawn("ip", ["netns", "exec", pub, cmd, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? "info" },
    });
    pids.add(child.pid);
    // Gone by itself: its pid may be another process's soon, never to be signalled.
    child.once("exit", () => pids.delete(child.pid));
    child.log = "";
    child.stdout.on("data", (d) => (child.log += d));
    child.stderr.on("data", (d) => (child.log += d));
    child.exited = new Promise((r) => child.once("exit", r));
    child.name = name;
    return child;
  };
  const stopChild = async (child) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    kill(child.pid, "SIGCONT");
    kill(child.pid, "SIGTERM");
    const late = setTimeout(() => kill(child.pid, "SIGKILL"), 5_000);
    await child.exited;
    clearTimeout(late);
  };
  const listening = (proto, port) => run(pub, "ss", "-Hln", proto === "udp" ? "-u" : "-t", `sport = :${port}`).trim() !== "";

  Object.assign(lab, {
    /** The routers' current NAT mappings (conntrack), for a failure's report. */
    mappings() {
      return homes.map((h) => `${h.router}:\n${spawnSync("ip", ["netns", "exec", h.router, "conntrack", "-L", "-p", "udp"], { encoding: "utf8" }).stdout}`).join("\n");
    },

    /**
     * Starts the relay on PUBLIC_IP:8080 and, with `turn`, coturn on :3478, the relay
     * handing out its URLs and credentials as deploy/docker-compose.yml sets them (STUN
     * coturn's too). Without `turn` the relay runs on its defaults: its own STUN on :3478.
     * Returns `{ relay, turn, stopTurn, pauseTurn, stop, logs }`.
     */
    async serve({ turn: withTurn = false, relayArgs = [] } = {}) {
      let turn = null;
      const args = ["--bind", `${PUBLIC_IP}:${RELAY_PORT}`, "--static-dir", DIST];
      if (withTurn) {
        // deploy/turnserver.conf, as compose runs it, with only the addresses (and the
        // secret and realm compose passes) given here.
        turn = spawnPublic(
          "turnserver",
          [
            "-c", path.join(ROOT, "deploy", "turnserver.conf"),
            `--static-auth-secret=${TURN_SECRET}`,
            `--realm=${PUBLIC_IP}`,
            `--external-ip=${PUBLIC_IP}`,
            `--listening-ip=${PUBLIC_IP}`,
            `--relay-ip=${PUBLIC_IP}`,
          ],
          "coturn",
        );
        await until(() => listening("udp", TURN_PORT) || turn.exitCode !== null, 15_000, "coturn listening", () => turn.log.slice(-2_000));
        assert.equal(turn.exitCode, null, `coturn exited:\n${turn.log.slice(-2_000)}`);
        // coturn answers STUN on the port the relay's own STUN would take here (in
        // compose the relay's STUN is inside its container, unpublished).
        args.push("--stun-bind", "off", "--stun-urls", `stun:${PUBLIC_IP}:${TURN_PORT}`);
        args.push("--turn-secret", TURN_SECRET, "--turn-urls", `turn:${PUBLIC_IP}:${TURN_PORT}?transport=udp,turn:${PUBLIC_IP}:${TURN_PORT}?transport=tcp`);
      }
      const relay = spawnPublic(RELAY_BIN, [...args, ...relayArgs], "relay");
      const healthy = () => spawnSync("ip", ["netns", "exec", pub, RELAY_BIN, "healthcheck", "--bind", `${PUBLIC_IP}:${RELAY_PORT}`, "--timeout", "1"]).status === 0;
      await until(() => relay.exitCode !== null || healthy(), 20_000, "the relay healthy", () => relay.log.slice(-2_000));
      assert.equal(relay.exitCode, null, `the relay exited:\n${relay.log.slice(-2_000)}`);
      return {
        relay,
        turn,
        relayArgs: args,
        /** Stops coturn for good. */
        stopTurn: () => stopChild(turn),
        /** Freezes coturn (SIGSTOP): its sockets stay open and answer nothing. */
        pauseTurn: () => kill(turn.pid, "SIGSTOP"),
        stop: async () => {
          await stopChild(relay);
          await stopChild(turn);
        },
        logs: () => `relay:\n${relay.log.slice(-3_000)}${turn ? `\ncoturn:\n${turn.log.slice(-3_000)}` : ""}`,
      };
    },

    /** Kills everything the lab started and deletes its namespaces; leaves nothing. */
    async teardown() {
      for (const home of homes) {
        if (!home.browser) continue;
        // Playwright's close waits for the browser's process to end: its pid is then free.
        const closed = await Promise.race([home.browser.close().then(
          () => true,
          () => false,
        ), new Promise((r) => setTimeout(() => r(false), 10_000))]);
        if (closed) pids.delete(home.pid);
      }
      teardownSync();
      process.off("exit", onExit);
      const left = ip("netns", "list")
        .split("\n")
        .filter((l) => l.startsWith(`${prefix}-`));
      assert.deepEqual(left, [], "every namespace of the lab is gone");
    },
    namespaces,
  });
  return lab;
}
