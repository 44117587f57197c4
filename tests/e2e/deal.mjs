// Deals the tests choose. A page that hosts a table runs its referee in a worker, which
// deals from 32 bytes of `crypto.getRandomValues`; every shuffle, seat token and bot seed
// comes from that one draw. `seedTables(context, seed)` routes the worker's bootstrap
// script (dist/referee-HASH.js) for that browser context only and puts a seeded
// `crypto.getRandomValues` in front of it, so the tables that context hosts are dealt the
// same each run. Nothing of this is in the client: a release build has no seed to take,
// and the test only rewrites a script it fetched itself.
//
// What else a table's course depends on, and why it holds still:
// - Normal and Easy bots think without a clock (only Hard searches against
//   `performance.now()`): a seeded table of Normal bots makes the same choices each run.
//   Seeded tests never use Hard bots.
// - The bots act a fixed delay after a decision is put to them (0.7 s in a game against
//   bots), in seat order; a window closes when everyone passed or someone challenged. So
//   the course can depend on when the test's answer lands: with `holdOnDecision` the
//   table's clock stands still from the moment a decision of ours is put until our answer
//   reaches the referee, so every answer lands at the same table time, before any bot's,
//   however slow the machine. The turn (60 s), window (15 s) and choice (30 s) timers run
//   on the same held clock.
// - The test's own choices must be deterministic: the same rule each time, no choice by
//   whatever button happened to be drawn first while the table redrew.
//
// A seed is chosen because it reaches a moment a test needs: our Exchange goes through
// (newcomer_phone, newcomer_laptop), a nine-action turn on the phone and a window
// (crowded_phone, crowded_laptop), a window to audit or answer by its key (axe_phone,
// axe_laptop, keyboard, touch_keys), six decisions before the end (rtl), a joiner alive
// after its reload (rejoin). When the rules, the bots or the deal change, a seed may stop
// reaching its moment: the test then fails with `missed(...)`'s message naming the seed
// and the moment, never skips. To find a new seed, run the test alone with
// COUP_E2E_SEED_<NAME> set to candidates until one passes, e.g.
//
//   for s in $(seq 1 40); do
//     COUP_E2E_SEED_NEWCOMER_LAPTOP=$s node --test --test-name-pattern='newcomer.*laptop' \
//       e2e/table.test.js >/dev/null 2>&1 && { echo "seed $s"; break; }
//   done
//
// (with COUP_RELAY_BIN and COUP_DIST as for the suite), then write it into the test's
// `seed(...)` call. `seed(name, fallback)` returns the environment's value when set.

/** The seed named `name`: COUP_E2E_SEED_<NAME> when set, else `fallback`. */
export function seed(name, fallback) {
  const v = process.env[`COUP_E2E_SEED_${name.toUpperCase()}`];
  return v === undefined || v === "" ? fallback : Number(v);
}

/**
 * What the worker runs before its bootstrap: `crypto.getRandomValues` drawing from a
 * splitmix32 stream seeded with `seed`, for this worker only.
 */
function prelude(seed, holdOnDecision, pace) {
  return `{
  let s = ${seed >>> 0} >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  Object.defineProperty(self.crypto, "getRandomValues", {
    value(a) {
      const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
      return a;
    },
  });
  self.__coupSeeded = ${seed >>> 0};
  // The table's clock (the referee's Date.now, which its deadlines and the bots' delay
  // are read against): held, it stands still, so no timer of the table falls due (no bot
  // acts, no window closes) until it is let go; it then runs on from where it stood, at
  // \`pace\` times the real clock's rate (the worker's timeouts shortened to match).
  const pace = ${pace};
  const realNow = Date.now.bind(Date);
  let anchor = { real: realNow(), table: realNow() };
  let held = false;
  let letGoAfter = null;
  const tableNow = () => (held ? anchor.table : anchor.table + (realNow() - anchor.real) * pace);
  Date.now = () => Math.floor(tableNow());
  const setTimeoutReal = self.setTimeout.bind(self);
  self.setTimeout = (f, ms = 0, ...args) => setTimeoutReal(f, ms / pace, ...args);
  const hold = (on) => {
    if (on === true && !held) anchor = { real: realNow(), table: tableNow() };
    if (on === false && held) anchor = { real: realNow(), table: anchor.table };
    if (on !== undefined) held = on;
    if (on === false) letGoAfter = null;
    return held;
  };
  self.__coupHold = hold;
  // Every message from the page, in order; with a let-go pending, the clock runs again
  // once the page has sent more than that many (the test's answer has arrived).
  self.__coupIn = [];
  self.addEventListener("message", (e) => {
    self.__coupIn.push(e.data);
    if (letGoAfter !== null && self.__coupIn.length > letGoAfter) hold(false);
  });
  self.__coupLetGoAfter = (n) => {
    if (self.__coupIn.length > n) hold(false);
    else letGoAfter = n;
  };
  // Held at each decision put to the page's own player: the table waits for the test's
  // answer as if it came at once, whatever the machine's load.
  if (${!!holdOnDecision}) {
    const post = self.postMessage.bind(self);
    self.postMessage = (data, ...rest) => {
      try {
        const out = JSON.parse(data).msg;
        // The text inside is the JSON it is (the port encodes once): its decision is there.
        if (out?.type === "send" && out.to === 0 && /"legal":\\[[^\\]]/.test(data)) hold(true);
      } catch {}
      return post(data, ...rest);
    };
  }
}
`;
}

/**
 * Makes every table that `context`'s pages host be dealt from `seed` (an integer). Call
 * before the context's first page opens a table. With `holdOnDecision`, the table's clock
 * is held each time a decision is put to the page's own player, until the test answers
 * through `answerHeld` (or lets go with `holdClock(page, false)`): the table then waits
 * for the test however slow the machine, bots included, and a seed's course does not
 * depend on when the test's answers land. `pace` runs the table's clock that many times
 * faster than the real one (the bots' delay and every timer shortened alike): a long
 * game of bots takes less of the test's time limit. The context must block service workers
 * (`serviceWorkers: "block"`): a service worker would answer the worker's script from its
 * cache, past the route. Returns a function telling how many workers were seeded.
 */
export async function seedTables(context, seed, { holdOnDecision = false, pace = 1 } = {}) {
  assert(pace > 0 && pace <= 10, `a pace from 0 to 10: ${pace}`);
  assert(Number.isInteger(seed), `a seed is an integer: ${seed}`);
  let seeded = 0;
  await context.route(/\/referee-[0-9a-f]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    seeded += 1;
    // The body is fetched decoded: sent on as it is, with no encoding or length of its own.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([k]) => !["content-encoding", "content-length"].includes(k.toLowerCase())),
    );
    await route.fulfill({ status: response.status(), headers, body: prelude(seed, holdOnDecision, pace) + body });
  });
  return () => seeded;
}

const referees = new WeakMap();

/** The seeded referee worker of `page` (waits up to `ms` for it to start). */
export async function refereeOf(page, ms = 10_000) {
  const known = referees.get(page);
  if (known && page.workers().includes(known)) return known;
  const deadline = Date.now() + ms;
  for (;;) {
    for (const w of page.workers()) {
      if (await w.evaluate(() => self.__coupSeeded !== undefined).catch(() => false)) {
        referees.set(page, w);
        return w;
      }
    }
    if (Date.now() > deadline) throw new Error("no seeded referee worker on the page (was seedTables called first?)");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Holds (`on`) or lets go of the table's clock in `page`'s referee: while held, no bot
 * acts and no window or turn times out. Returns whether it is held.
 */
export async function holdClock(page, on) {
  return (await refereeOf(page)).evaluate((on) => self.__coupHold(on), on);
}

/** The messages the page has sent its referee so far, in order (texts). */
export async function sentToReferee(page) {
  return (await refereeOf(page)).evaluate(() => self.__coupIn.slice());
}

/**
 * Runs `act` (a click that answers the decision owed) and lets the held clock go once the
 * page's next message reaches the referee: the answer lands at the moment the clock
 * stood, before any bot's. An `act` that sent nothing leaves the clock held, and the
 * decision owed, for the test to answer again.
 */
export async function answerHeld(page, act) {
  const w = await refereeOf(page);
  const n = await w.evaluate(() => self.__coupIn.length);
  await act();
  await w.evaluate((n) => self.__coupLetGoAfter(n), n);
}

/**
 * The error a seeded test throws when its seed no longer reaches the moment it was chosen
 * for: a loud failure naming both, and how to find another (this file's header).
 */
export function missed(name, value, moment, detail = "") {
  return new Error(
    `seed ${name}=${value} was chosen because ${moment}, and it did not${detail ? ` (${detail})` : ""}: ` +
      `the rules, the bots or the deal changed. Find another seed as tests/e2e/deal.mjs says ` +
      `(COUP_E2E_SEED_${name.toUpperCase()}=N) and write it into the test.`,
  );
}

function assert(ok, message) {
  if (!ok) throw new Error(message);
}
