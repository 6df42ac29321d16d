import { AsyncLocalStorage } from "node:async_hooks";
import { describe, expect, it } from "vitest";
import { createRequestTurns } from "./request-turns.mjs";

/** A scheduler the test turns by hand: each `turn()` runs what was scheduled before it, like one loop iteration. */
function manualTurns() {
  let next: (() => void)[] = [];
  return {
    schedule: (callback: () => void) => void next.push(callback),
    turn() {
      const due = next;
      next = [];
      for (const callback of due) callback();
    },
  };
}

describe("createRequestTurns", () => {
  it("starts one request per turn, in the order they came", () => {
    const loop = manualTurns();
    const turns = createRequestTurns(loop.schedule);
    const started: string[] = [];
    for (const name of ["a", "b", "c"]) turns.startInTurn(() => started.push(name));
    expect(started).toEqual([]);
    expect(turns.waiting).toBe(3);
    loop.turn();
    expect(started).toEqual(["a"]);
    turns.startInTurn(() => started.push("d"));
    loop.turn();
    loop.turn();
    expect(started).toEqual(["a", "b", "c"]);
    loop.turn();
    expect(started).toEqual(["a", "b", "c", "d"]);
    expect(turns.waiting).toBe(0);
    loop.turn();
    expect(started).toHaveLength(4);
  });

  it("starts again after going idle, and lets a real event loop run its other work between requests", async () => {
    const turns = createRequestTurns();
    const order: string[] = [];
    await new Promise<void>((resolve) => {
      turns.startInTurn(() => order.push("first"));
      turns.startInTurn(() => {
        order.push("second");
        resolve();
      });
      // Other work of the same turn (as an accepted connection's callback would be) runs before the second starts.
      setImmediate(() => order.push("between"));
    });
    expect(order).toEqual(["first", "between", "second"]);
    await new Promise<void>((resolve) => turns.startInTurn(resolve));
    expect(turns.waiting).toBe(0);
  });

  it("runs each start in its own request's async context, not in the one whose turn ran it", async () => {
    const turns = createRequestTurns();
    const requestId = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    await Promise.all(
      ["r1", "r2", "r3"].map(
        (id) =>
          new Promise<void>((resolve) =>
            requestId.run(id, () =>
              turns.startInTurn(() => {
                seen.push(requestId.getStore());
                resolve();
              }),
            ),
          ),
      ),
    );
    expect(seen).toEqual(["r1", "r2", "r3"]);
  });
});
