import { describe, expect, it } from "vitest";
import { canRedo, canUndo, createHistory, HISTORY_CAP, record, redo, undo } from "./history.ts";

describe("history", () => {
  it("starts with nothing to undo or redo", () => {
    const history = createHistory("a");
    expect(history.present).toBe("a");
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
  });

  it("undoes and redoes step by step", () => {
    const history = record(record(createHistory("a"), "b"), "c");
    const back = undo(history);
    expect(back.present).toBe("b");
    expect(undo(back).present).toBe("a");
    expect(redo(undo(back)).present).toBe("b");
    expect(redo(back).present).toBe("c");
  });

  it("forgets what was undone once something new is recorded", () => {
    const history = record(undo(record(record(createHistory("a"), "b"), "c")), "d");
    expect(history.present).toBe("d");
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toBe("b");
  });

  it("ignores a change to the same state", () => {
    const history = record(createHistory("a"), "b");
    expect(record(history, "b")).toBe(history);
  });

  it("merges changes recorded one after the other under one key", () => {
    let history = record(createHistory(""), "S", { mergeKey: "text:1" });
    history = record(history, "Sk", { mergeKey: "text:1" });
    history = record(history, "Ska", { mergeKey: "text:1" });
    expect(history.past).toEqual([""]);
    expect(undo(history).present).toBe("");
  });

  it("starts a new step when the key changes, after an unkeyed change, and after undo", () => {
    let history = record(createHistory(0), 1, { mergeKey: "a" });
    history = record(history, 2, { mergeKey: "b" });
    expect(history.past).toEqual([0, 1]);
    history = record(history, 3);
    history = record(history, 4);
    expect(history.past).toEqual([0, 1, 2, 3]);
    const afterUndo = record(undo(record(history, 5, { mergeKey: "c" })), 6, { mergeKey: "c" });
    expect(afterUndo.past).toEqual([0, 1, 2, 3, 4]);
  });

  it("keeps at most the cap of steps, forgetting the oldest", () => {
    let history = createHistory(0);
    for (let step = 1; step <= HISTORY_CAP + 20; step++) history = record(history, step);
    expect(history.past).toHaveLength(HISTORY_CAP);
    expect(history.past[0]).toBe(20);
    expect(record(record(record(createHistory(0), 1, { cap: 2 }), 2, { cap: 2 }), 3, { cap: 2 }).past).toEqual([1, 2]);
  });
});
