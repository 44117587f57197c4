// The service worker: the page and everything it loads, kept for offline play.
//
// .ci/offline.mjs fills in this build's files, in two lists, and a version made from
// their contents:
// - CORE, what every page loads (the page, its code, the table's module, the icons): the
//   worker caches them under `coup-VERSION` when it installs;
// - LATER, what only a page that hosts a table or plays against bots needs (the referee's
//   worker), the catalogs of the other languages and the app's icons (read when the app
//   is installed, not by the page): cached only when the page asks
//   ("cache-later": its player starts a table, or the page has been idle a while), never
//   when the browser asks to save data (`navigator.connection.saveData`). A joiner's
//   phone downloads only what a joiner needs. Once cached, a mark in the cache
//   (`coup-later`) says so, and the next version's worker caches them too as it installs.
// The worker answers the page's requests from that cache (the page itself for a
// navigation to the scope's root), so a page once loaded starts, and once it has played
// against bots plays them again, with the network off. A listed file that is not cached
// yet comes from the network and is kept as it passes. Anything else (the relay's /ws,
// /healthz, /metrics, other origins) goes to the network as usual.
//
// The files with a hash in their name never change: they come from the HTTP cache when
// it has them (a page's first visit has just loaded them), so caching them costs no second
// download. The others (the page, the icons, the manifest) are revalidated.
//
// A new build is a new worker. It installs beside the old one and waits, so an open page
// keeps the version it started with; the page offers a reload, and on "skip-waiting" the
// new worker takes over, deletes every older cache and claims the open pages, which
// reload. A worker that cannot cache every file of CORE fails to install and the old
// one stays.

const VERSION = "{{VERSION}}";
const CORE = {{CORE}};
const LATER = {{LATER}};
const PREFIX = "coup-";
const CACHE = PREFIX + VERSION;
const NETWORK = new Set(["ws", "healthz", "metrics"]);
const MARK = "coup-later";
const LISTED = new Set([...CORE, ...LATER].map((a) => new URL(a, self.registration.scope).href));

const saveData = () => !!self.navigator.connection?.saveData;

/** A request for asset `a`: from the HTTP cache when its name has a hash, else revalidated. */
const request = (a) => new Request(a, { cache: /[-_.][0-9a-f]{16}\./.test(a) ? "default" : "no-cache" });

/** Caches LATER's files not cached yet, then the mark. */
async function cacheLater() {
  if (saveData()) return;
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const a of LATER) if (!(await cache.match(a))) missing.push(a);
  await cache.addAll(missing.map(request));
  await cache.put(MARK, new Response("1"));
}

/** Whether an older version's cache holds LATER (the mark). */
async function hadLater() {
  for (const key of await caches.keys()) {
    if (key.startsWith(PREFIX) && key !== CACHE && (await (await caches.open(key)).match(MARK))) return true;
  }
  return false;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(CORE.map(request)))
      .then(hadLater)
      // An update keeps what the last version kept for offline play; a failure here only
      // leaves LATER for the page to ask again.
      .then((had) => (had ? cacheLater().catch(() => {}) : undefined)),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  else if (event.data === "cache-later") event.waitUntil(cacheLater().catch(() => {}));
  // One listed file the page has just loaded (its language's catalog): from the HTTP cache.
  else if (Array.isArray(event.data) && event.data[0] === "cache" && LATER.includes(event.data[1])) {
    event.waitUntil(caches.open(CACHE).then((c) => c.add(request(event.data[1]))).catch(() => {}));
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const rel = url.pathname.slice(scope.pathname.length);
  if (NETWORK.has(rel)) return;
  const page = rel === "" || rel === "index.html";
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(page ? "./" : req, { ignoreSearch: page, ignoreVary: true });
      if (hit) return hit;
      const res = await fetch(req);
      // A listed file on its way to the page is kept for offline play.
      if (res.ok && !page && LISTED.has(url.origin + url.pathname)) {
        event.waitUntil(cache.put(url.href, res.clone()).catch(() => {}));
      }
      return res;
    }),
  );
});
