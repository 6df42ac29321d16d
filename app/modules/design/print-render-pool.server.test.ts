import { afterEach, describe, expect, it } from "vitest";
import { decodePng, pixelAt } from "#tests/support/png-reader.ts";
import { createRenderPool, defaultRenderWorkers, PrintRenderBusyError, type RenderPool } from "./print-render-pool.server.ts";

const svg = (fill: string, size = 40) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${fill}"/></svg>`;
const options = { fitTo: { mode: "original" as const }, font: { loadSystemFonts: false } };

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("the print render pool", () => {
  it("renders an SVG into a PNG in a worker thread", async () => {
    pool = createRenderPool({ workers: 1, maxQueued: 4 });
    const image = decodePng(await pool.render(svg("#ff0000"), options));
    expect([image.width, image.height]).toEqual([40, 40]);
    expect(pixelAt(image, 20, 20)).toEqual([255, 0, 0, 255]);
  });

  it("runs at most `workers` renders at once, queues `maxQueued` more and refuses the next with a retry time", async () => {
    pool = createRenderPool({ workers: 1, maxQueued: 2 });
    const accepted = ["#ff0000", "#00ff00", "#0000ff"].map((fill) => pool!.render(svg(fill, 600), options));
    expect(pool.load()).toEqual({ running: 1, queued: 2 });
    const refused = await pool.render(svg("#000000"), options).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PrintRenderBusyError);
    expect((refused as PrintRenderBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Each caller gets its own picture, in whatever order the threads finish.
    const colours = (await Promise.all(accepted)).map((png) => pixelAt(decodePng(png), 300, 300));
    expect(colours).toEqual([
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
    ]);
    expect(pool.load()).toEqual({ running: 0, queued: 0 });
  });

  it("spreads renders over several threads", async () => {
    pool = createRenderPool({ workers: 2, maxQueued: 0 });
    const both = [pool.render(svg("#ff0000"), options), pool.render(svg("#00ff00"), options)];
    expect(pool.load()).toEqual({ running: 2, queued: 0 });
    await expect(pool.render(svg("#0000ff"), options)).rejects.toBeInstanceOf(PrintRenderBusyError);
    expect((await Promise.all(both)).length).toBe(2);
  });

  it("fails a broken SVG's render only; the thread goes on with the next", async () => {
    pool = createRenderPool({ workers: 1, maxQueued: 4 });
    const broken = pool.render("<svg", options);
    const next = pool.render(svg("#00ff00"), options);
    await expect(broken).rejects.toThrow(/Rendering the print PNG failed/);
    expect(pixelAt(decodePng(await next), 1, 1)).toEqual([0, 255, 0, 255]);
  });

  it("replaces a thread that dies, failing only the render it had", async () => {
    // A worker that exits on its first job, standing in for a renderer that crashes.
    pool = createRenderPool({
      workers: 1,
      maxQueued: 4,
      workerFile: new URL("data:text/javascript,import{parentPort}from'node:worker_threads';parentPort.on('message',()=>process.exit(3))"),
    });
    const first = pool.render(svg("#ff0000"), options);
    const second = pool.render(svg("#00ff00"), options);
    await expect(first).rejects.toThrow(/exited \(code 3\)/);
    await expect(second).rejects.toThrow(/exited \(code 3\)/);
    expect(pool.load()).toEqual({ running: 0, queued: 0 });
  });

  it("leaves one core to the event loop by default, and always has a thread", () => {
    expect(defaultRenderWorkers(1)).toBe(1);
    expect(defaultRenderWorkers(2)).toBe(1);
    expect(defaultRenderWorkers(4)).toBe(3);
    expect(defaultRenderWorkers(32)).toBe(4);
  });
});
