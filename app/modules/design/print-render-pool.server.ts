import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
import { projectPath } from "#app/project-root.server.ts";

/**
 * A bounded pool of worker threads that turn print SVGs into 300 DPI PNGs (print-render-worker.mjs).
 *
 * A print PNG is a 25-megapixel image: about a second of one core and 100 MB of pixels while it is drawn. Drawn in
 * the server's own process with resvg's renderAsync, every render took a thread of libuv's pool (four by default,
 * shared with password hashing and file reads) and encoded its PNG on the event loop, so four at once froze every
 * page of the shop. Here at most `workers` renders run at once, each in a thread of its own that touches neither
 * the event loop nor libuv's pool; up to `maxQueued` more wait their turn, and beyond that a render is refused at
 * once with PrintRenderBusyError (the print download answers 503 with Retry-After) rather than piling up memory.
 */

export interface RenderPoolOptions {
  /** Renders at once, one thread each. */
  workers: number;
  /** Renders that may wait for a thread; one more is refused. */
  maxQueued: number;
  /** The worker's file; default: print-render-worker.mjs, found from the project's folder (it is not bundled). */
  workerFile?: string | URL;
}

export interface RenderPool {
  /** The PNG of `svg`; rejects with PrintRenderBusyError at once when the queue is full. */
  render(svg: string, options: ResvgRenderOptions): Promise<Buffer>;
  /** Renders running and waiting. */
  load(): { running: number; queued: number };
  /** Ends the threads; renders still waiting are refused. */
  close(): Promise<void>;
}

/** Every thread is busy and the queue is full: try again in `retryAfterSeconds`. */
export class PrintRenderBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`The print renderer is busy: try again in ${retryAfterSeconds} s`);
    this.name = "PrintRenderBusyError";
  }
}

/** The default number of render threads: one core is left to the server's event loop, at least one thread. */
export function defaultRenderWorkers(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

const WORKER_FILE = projectPath("app/modules/design/print-render-worker.mjs");
/** A render's typical time until a few have been measured (seconds on this project's 2-core machines). */
const FIRST_ESTIMATE_MS = 2_000;

interface Job {
  id: number;
  svg: string;
  options: ResvgRenderOptions;
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
  startedAt?: number;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

type WorkerAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

export function createRenderPool({ workers, maxQueued, workerFile = WORKER_FILE }: RenderPoolOptions): RenderPool {
  if (!(workers >= 1)) throw new RangeError("a render pool needs at least one worker");
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let averageMs = FIRST_ESTIMATE_MS;
  let closed = false;

  function spawn(): Slot {
    // The thread's own JavaScript is small; the pixels live outside its heap and are bounded by `workers`.
    const worker = new Worker(workerFile, { resourceLimits: { maxOldGenerationSizeMb: 64 } });
    const slot: Slot = { worker, job: null };
    worker.unref(); // an idle pool never keeps the process alive; a thread with a job is ref'd below
    worker.on("message", (answer: WorkerAnswer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      finish(slot);
      averageMs = averageMs * 0.7 + (performance.now() - (job.startedAt ?? performance.now())) * 0.3;
      if ("png" in answer) job.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
      else job.reject(new Error(`Rendering the print PNG failed: ${answer.error}`));
      pump();
    });
    // A thread that dies (out of memory, a crash in the renderer) fails its own render only; the next gets a new one.
    const lost = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      const job = slot.job;
      slot.job = null;
      job?.reject(error);
      pump();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`The print render thread exited (code ${code})`)));
    slots.push(slot);
    return slot;
  }

  function finish(slot: Slot) {
    slot.job = null;
    slot.worker.unref();
  }

  function pump() {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((candidate) => candidate.job === null) ?? (slots.length < workers ? spawn() : null);
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      job.startedAt = performance.now();
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, svg: job.svg, options: job.options });
    }
  }

  function load() {
    return { running: slots.filter((slot) => slot.job !== null).length, queued: queue.length };
  }

  return {
    render(svg, options) {
      if (closed) return Promise.reject(new Error("The print render pool is closed"));
      const { running, queued } = load();
      if (running + queued >= workers + maxQueued) {
        // Roughly when a thread will have worked through what waits now.
        const waitMs = averageMs * (queue.length / workers + 1);
        return Promise.reject(new PrintRenderBusyError(Math.max(1, Math.ceil(waitMs / 1000))));
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, svg, options, resolve, reject });
        pump();
      });
    },
    load,
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("The print render pool is closed"));
      const ending = slots.splice(0);
      for (const slot of ending) slot.job?.reject(new Error("The print render pool is closed"));
      await Promise.all(ending.map((slot) => slot.worker.terminate()));
    },
  };
}
