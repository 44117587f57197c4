// The referee's worker (a module worker the hosting page starts). It queues what the page
// sends while the referee's module loads, then hands the queue over in order. A module that
// fails to load throws here, which the page sees as the worker's `error` event.
// `.ci/build-client.sh` fills in the content-hashed names.
//
// It also keeps the table's snapshot in IndexedDB (database "coup", store "tables"), under
// the key the page names the worker by ("referee KEY new" or "referee KEY resume"): the
// referee saves after every change, and a page that reloads resumes from it. A snapshot
// that did not restore is moved to the entry "aside" (the last one only), never reused.
import init, { run } from "./{{REFEREE_JS}}";

const early = [];
self.onmessage = (e) => early.push(e.data);

const [, key = "", mode = "new"] = self.name.split(" ");
const DAY_MS = 24 * 60 * 60 * 1000;

const db = new Promise((resolve, reject) => {
  const req = indexedDB.open("coup", 1);
  req.onupgradeneeded = () => req.result.createObjectStore("tables");
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

// One transaction on the store; resolves with the last request's result when it commits.
// Transactions run in the order they are made, so saves land in order.
function tables(mode, f) {
  return db.then(
    (d) =>
      new Promise((resolve, reject) => {
        const t = d.transaction("tables", mode);
        const req = f(t.objectStore("tables"));
        t.oncomplete = () => resolve(req?.result);
        t.onerror = () => reject(t.error);
        t.onabort = () => reject(t.error);
      }),
  );
}

const save = (text) => {
  tables("readwrite", (s) => s.put({ text, at: Date.now() }, key)).catch((e) =>
    console.error(`referee: the table could not be saved: ${e}`),
  );
};
const setAside = (text) => {
  tables("readwrite", (s) => {
    s.put({ text, at: Date.now() }, "aside");
    return s.delete(key);
  }).catch(() => {});
};

let saved = null;
if (mode === "resume" && key) {
  saved = await tables("readonly", (s) => s.get(key)).then(
    (v) => (typeof v?.text === "string" ? v.text : null),
    () => null,
  );
} else {
  // Tables of tabs long closed: forgotten when a new one opens.
  tables("readwrite", (s) => {
    const req = s.openCursor();
    req.onsuccess = () => {
      const c = req.result;
      if (!c) return;
      if (c.key !== key && !(c.value?.at > Date.now() - DAY_MS)) c.delete();
      c.continue();
    };
    return req;
  }).catch(() => {});
}
await init({ module_or_path: "./{{REFEREE_WASM}}" });
run(early, mode === "resume", saved, key ? save : () => {}, setAside);
