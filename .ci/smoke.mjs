// A running relay, seen from outside as a player's browser first sees it: `/` serves the
// built client with its headers, `/healthz` says ok, and over `/ws` one peer creates a
// room and a second joins it by its code. Run through .ci/smoke.sh.
//
//   node .ci/smoke.mjs http://127.0.0.1:8080
//
// Prints one line per check and exits non-zero at the first failure. Every wait is
// bounded.

import assert from "node:assert/strict";

const base = new URL(process.argv[2] ?? "http://127.0.0.1:8080");
const WAIT_MS = 10_000;
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;

function ok(what) {
  console.log(`    ok  ${what}`);
}

async function get(path) {
  const res = await fetch(new URL(path, base), { signal: AbortSignal.timeout(WAIT_MS) });
  return { res, body: await res.text() };
}

/** A WebSocket to the relay with a queue of parsed messages. */
async function connect() {
  const url = new URL("/ws", base);
  url.protocol = base.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(url);
  const queue = [];
  const waiters = [];
  ws.addEventListener("message", (e) => {
    const msg = JSON.parse(e.data);
    const w = waiters.shift();
    if (w) w(msg);
    else queue.push(msg);
  });
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no WebSocket to ${url} within ${WAIT_MS} ms`)), WAIT_MS);
    ws.addEventListener("open", () => (clearTimeout(t), resolve()));
    ws.addEventListener("error", () => (clearTimeout(t), reject(new Error(`WebSocket to ${url} failed`))));
  });
  return {
    send: (msg) => ws.send(JSON.stringify(msg)),
    recv: () =>
      queue.length
        ? Promise.resolve(queue.shift())
        : new Promise((resolve, reject) => {
            const t = setTimeout(() => reject(new Error(`no message within ${WAIT_MS} ms`)), WAIT_MS);
            waiters.push((m) => (clearTimeout(t), resolve(m)));
          }),
    close: () => ws.close(),
  };
}

const index = await get("/");
assert.equal(index.res.status, 200, `GET / answered ${index.res.status}`);
assert.match(index.body, /<!doctype html>/i, "GET / is not the client's index.html");
assert.match(index.body, /\.wasm|\.js/, "index.html names no built asset");
assert.match(index.res.headers.get("content-security-policy") ?? "", /default-src 'self'/);
ok(`GET / serves the client (${index.body.length} bytes, with a CSP)`);

const health = await get("/healthz");
assert.equal(health.res.status, 200);
assert.equal(health.body.trim(), "ok");
ok("GET /healthz says ok");

const host = await connect();
host.send({ type: "create" });
const created = await host.recv();
assert.equal(created.type, "created", JSON.stringify(created));
assert.match(created.room, CODE);
assert.ok(typeof created.host_secret === "string" && created.host_secret.length >= 22);
ok(`/ws: create -> room ${created.room}`);

const guest = await connect();
guest.send({ type: "join", room: created.room.toLowerCase() });
const joined = await guest.recv();
assert.equal(joined.type, "joined", JSON.stringify(joined));
assert.equal(joined.host, created.peer);
const seen = await host.recv();
assert.deepEqual(seen, { type: "peer_joined", peer: joined.peer });
ok(`/ws: join by code -> peer ${joined.peer}, the host sees it`);

guest.send({ type: "signal", to: created.peer, data: { smoke: true } });
const signal = await host.recv();
assert.deepEqual(signal, { type: "signal", from: joined.peer, data: { smoke: true } });
ok("/ws: a signal reaches the host untouched");

host.close();
guest.close();
console.log(`smoke test of ${base.origin}: 4 checks passed`);
