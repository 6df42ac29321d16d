import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer } from "#scripts/lib/production-server.mjs";
import { download, loadWhile, peakRssMb, placeOrder, printableDesign, printPngPath, rssMb } from "#scripts/lib/print-load.mjs";
import { pngSize } from "#tests/support/png-reader.ts";

/**
 * Print PNGs rendered while the shop is in use, on the production build: renders run in the bounded pool of
 * worker threads (print-render-pool.server.ts), so other pages keep answering; what overflows the queue is
 * answered 503 with Retry-After and succeeds when tried again. The timing bound here is generous on purpose (a
 * loaded 2-core machine): before the pool, four renders froze every page for about 13 s. `npm run bench:print`
 * measures the real figures.
 */
const RENDER_THREADS = 1;
const QUEUE = 7; // with the one thread: eight renders at once are taken, a ninth is refused
let server: Awaited<ReturnType<typeof startProductionServer>>;
let printPaths: string[] = [];
/** The server's resident memory before the renders, in MB (null without /proc). */
let memoryBefore: number | null = null;

beforeAll(async () => {
  server = await startProductionServer({
    env: { DATABASE_URL: "", PRINT_RENDER_WORKERS: String(RENDER_THREADS), PRINT_RENDER_QUEUE: String(QUEUE) },
  });
  // Nine orders, one after the other (placing them is not what is measured).
  for (let seed = 0; seed < RENDER_THREADS + QUEUE + 1; seed++) {
    printPaths.push(await printPngPath(server.base, await placeOrder(server.base, printableDesign(seed))));
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("print PNG renders under load", () => {
  it("renders eight at once, refuses the ninth with 503 and Retry-After, and the shop's pages keep answering", async () => {
    memoryBefore = rssMb(server.pid);
    const downloads = Promise.all(printPaths.map((path) => download(server.base, path)));
    const { result, latencies, statuses } = await loadWhile(server.base, ["/", "/GripSize"], downloads);

    const done = result.filter((answer) => answer.status === 200);
    const refused = result.filter((answer) => answer.status !== 200);
    expect(done.length).toBe(RENDER_THREADS + QUEUE);
    expect(refused.map((answer) => answer.status)).toEqual([503]);
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
    for (const answer of done) {
      expect(answer.contentType).toBe("image/png");
      expect(pngSize(answer.body)).toEqual({ width: 2550, height: 9563 });
    }

    // Other pages answered throughout, none of them waiting for the renders.
    expect(statuses).toEqual([200]);
    for (const path of ["/", "/GripSize"]) {
      expect(latencies[path]!.length).toBeGreaterThan(3);
      expect(Math.max(...latencies[path]!)).toBeLessThan(3_000);
    }

    // The refused download succeeds when tried again, and a print already made is read back, not drawn again.
    const again = await download(server.base, refused[0]!.path);
    expect(again.status).toBe(200);
    expect(pngSize(again.body)).toEqual({ width: 2550, height: 9563 });
    const stored = await download(server.base, done[0]!.path);
    expect(stored.body.equals(done[0]!.body)).toBe(true);
  }, 240_000);

  it("keeps memory bounded while it renders", () => {
    const peak = peakRssMb(server.pid);
    if (peak === null || memoryBefore === null) return; // no /proc on this system
    // Eight renders at once in resvg's own pool took 800 MB and more on top of the server's own; one thread draws
    // one 25-megapixel image at a time (about 250 MB while it does), whatever the number waiting.
    expect(peak - memoryBefore).toBeLessThan(600);
  });
});
