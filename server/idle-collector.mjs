// V8 collects garbage when JavaScript allocates. A server that has gone quiet after a busy minute allocates nothing,
// so the garbage of that minute stays resident (about 100 MB after 1,000 checkouts, of a live heap near 30 MB)
// until traffic comes back. Browsers collect in idle time; Node does not. So, once the server has been idle for a
// while after enough requests, full collections give the memory back: a few tens of milliseconds each while nobody
// is waiting. V8 gives its heap's pages back by steps, some at each full collection, so the collector collects at a few
// looks in a row while the server stays idle.
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

/** `gc()` without starting node with --expose-gc: the flag set at run time exposes it in a new context. */
export function exposedGc() {
  if (typeof globalThis.gc === "function") return globalThis.gc;
  v8.setFlagsFromString("--expose-gc");
  return runInNewContext("gc");
}

/**
 * Call `noteRequest()` for each request. Every `idleMs / 2` the collector looks: idle at least `idleMs` after at least
 * `minRequests` requests → a full collection at each of the next `rounds` looks while it stays idle. `onCollect`
 * gets the figures of each.
 */
export function startIdleCollector({
  idleMs = 10_000,
  minRequests = 200,
  rounds: roundsPerIdle = 4,
  onCollect = () => {},
  gc = exposedGc(),
} = {}) {
  let lastRequestAt = Date.now();
  let requestsSinceCollection = 0;
  let rounds = 0;
  const timer = setInterval(() => {
    if (Date.now() - lastRequestAt < idleMs) return;
    if (requestsSinceCollection >= minRequests) {
      requestsSinceCollection = 0;
      rounds = roundsPerIdle;
    }
    if (rounds === 0) return;
    rounds--;
    const before = process.memoryUsage();
    const started = performance.now();
    gc();
    const after = process.memoryUsage();
    onCollect({ heapUsedBefore: before.heapUsed, heapUsedAfter: after.heapUsed, heapTotalAfter: after.heapTotal, ms: performance.now() - started });
  }, Math.max(100, idleMs / 2));
  timer.unref();
  return {
    noteRequest() {
      lastRequestAt = Date.now();
      requestsSinceCollection++;
    },
    stop: () => clearInterval(timer),
  };
}
