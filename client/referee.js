// The referee's worker (a module worker the hosting page starts). It queues what the page
// sends while the referee's module loads, then hands the queue over in order. A module that
// fails to load throws here, which the page sees as the worker's `error` event.
// `.ci/build-client.sh` fills in the content-hashed names.
import init, { run } from "./{{REFEREE_JS}}";

const early = [];
self.onmessage = (e) => early.push(e.data);
await init({ module_or_path: "./{{REFEREE_WASM}}" });
run(early);
