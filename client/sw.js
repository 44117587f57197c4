// The service worker: the page and everything it loads, kept for offline play.
//
// .ci/offline.mjs fills in this build's files and a version made from their contents. The
// worker caches exactly those files under `coup-VERSION` when it installs and answers the
// page's requests from that cache (the page itself for a navigation to the scope's root),
// so a page once loaded starts, and plays against bots, with the network off. Anything
// else (the relay's /ws, /healthz, /metrics, other origins) goes to the network as usual.
//
// A new build is a new worker. It installs beside the old one and waits, so an open page
// keeps the version it started with; the page offers a reload, and on "skip-waiting" the
// new worker takes over, deletes every older cache and claims the open pages, which
// reload. A worker that cannot cache every file of its list fails to install and the old
// one stays.

const VERSION = "{{VERSION}}";
const ASSETS = {{ASSETS}};
const PREFIX = "coup-";
const CACHE = PREFIX + VERSION;
const NETWORK = new Set(["ws", "healthz", "metrics"]);

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // Revalidated, never an older copy from the HTTP cache.
      cache.addAll(ASSETS.map((a) => new Request(a, { cache: "no-cache" }))),
    ),
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
    caches
      .open(CACHE)
      .then((cache) => cache.match(page ? "./" : req, { ignoreSearch: page, ignoreVary: true }))
      .then((hit) => hit ?? fetch(req)),
  );
});
