import { AsyncResource } from "node:async_hooks";

/**
 * Starts at most one request per turn of the event loop, in the order they came (D209).
 *
 * Node 20's libuv accepts one new connection per turn (libuv#3696), and each turn runs every request that arrived on
 * the connections it already has. Under 50 busy keep-alive connections a turn took 50 × ~3 ms of rendering, so the
 * 50th of a burst of new connections waited about 50²/2 × 3 ms ≈ 4 s in the kernel's accept queue before the
 * server saw it (bench:ssr: a client p99 of 3 s against 10 ms measured inside the server). Started one per turn,
 * requests cost the same CPU in all, but a turn stays about one request long, so the next accept comes round within
 * milliseconds and new visitors queue fairly behind the requests already waiting.
 */
/** @param {(callback: () => void) => unknown} [schedule] how a later turn is asked for (tests turn by hand) */
export function createRequestTurns(schedule = (callback) => setImmediate(callback)) {
  const waiting = [];
  let scheduled = false;
  const startNext = () => {
    waiting.shift()();
    if (waiting.length > 0) schedule(startNext);
    else scheduled = false;
  };
  return {
    /** Calls `start` on a later turn, after every request queued before it. */
    startInTurn(start) {
      // Bound to the caller's async context: the request's id (AsyncLocalStorage) stays with its own start, not
      // with whichever earlier request's turn happens to run it.
      waiting.push(AsyncResource.bind(start));
      if (!scheduled) {
        scheduled = true;
        schedule(startNext);
      }
    },
    /** Requests waiting for their turn (for tests and metrics). */
    get waiting() {
      return waiting.length;
    },
  };
}
