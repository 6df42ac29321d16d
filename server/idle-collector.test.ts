import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { exposedGc, startIdleCollector } from "./idle-collector.mjs";

describe("the idle collector", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("collects a few times once the server has gone quiet after enough requests, and not while it is busy", () => {
    const gc = vi.fn();
    const collector = startIdleCollector({ idleMs: 1000, minRequests: 3, rounds: 2, gc });
    for (let i = 0; i < 5; i++) {
      collector.noteRequest();
      vi.advanceTimersByTime(400);
    }
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(gc).toHaveBeenCalledTimes(2);
    collector.stop();
  });

  it("leaves a server alone that has had too few requests to leave garbage", () => {
    const gc = vi.fn();
    const collector = startIdleCollector({ idleMs: 1000, minRequests: 3, gc });
    collector.noteRequest();
    vi.advanceTimersByTime(10_000);
    expect(gc).not.toHaveBeenCalled();
    collector.stop();
  });

  it("reaches V8's collector without --expose-gc", () => {
    const gc = exposedGc();
    expect(gc).toBeTypeOf("function");
    let garbage: number[][] | null = Array.from({ length: 2000 }, () => new Array(500).fill(1));
    const before = process.memoryUsage().heapUsed;
    garbage = null;
    gc();
    expect(garbage).toBeNull();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before);
  });
});
