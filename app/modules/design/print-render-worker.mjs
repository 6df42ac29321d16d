// One thread of the print render pool (print-render-pool.server.ts): turns a print SVG into a 300 DPI PNG.
//
// A plain module, loaded by path rather than bundled: the production build puts the server's code into one file
// (build/server/index.js), and a worker thread needs a file of its own. It imports nothing but Node and
// @resvg/resvg-js, which node resolves from the project's node_modules.
//
// The render is synchronous here on purpose: resvg's renderAsync would borrow a thread of libuv's pool (which
// file reads and password hashing need too) and its asPng() encodes on the calling thread; in this thread both
// the rasterising and the PNG encoding happen away from the server's event loop and libuv's pool.
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import { Resvg } from "@resvg/resvg-js";

if (!parentPort) throw new Error("print-render-worker.mjs runs as a worker thread of the print render pool");
const port = parentPort;

// A render is a batch job: this thread runs at a lower priority (nice 10) than the event loop's, so that on a busy
// machine the pages a shopper waits for get the cores first. Linux names a thread's own id in /proc/thread-self;
// elsewhere the thread keeps the process's priority.
try {
  setPriority(Number(readlinkSync("/proc/thread-self").split("/").pop()), 10);
} catch {
  // not Linux, or not allowed: render at normal priority
}

// resvg's objects hold their pixels (100 MB for a deck) outside V8's heap without telling V8 about them, so the
// collector, seeing a small heap, lets render after render pile up: about 100 MB more each time, measured. This
// thread collects after each render instead (V8's gc function, exposed here); resvg frees the pixels right after.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc");

// One job at a time, each starting only once the previous one's pixels are freed.
let previous = Promise.resolve();
port.on("message", (job) => {
  previous = previous.then(() => handle(job));
});

async function handle(job) {
  try {
    const png = render(job);
    port.postMessage({ id: job.id, png }, [png.buffer]);
  } catch (error) {
    port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
  // Node runs the finalizers of collected native objects on a later turn of the event loop.
  for (let pass = 0; pass < 2; pass++) {
    collectGarbage();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The PNG, copied into a transferable buffer of its own. */
function render(job) {
  const png = new Resvg(job.svg, job.options).render().asPng();
  return new Uint8Array(png);
}
