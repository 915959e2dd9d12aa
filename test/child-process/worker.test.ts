import { getEventListeners } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { ChildWorker } from "../../src/child-process/worker.js";
import type { Task } from "../fixtures/child-process/entry.js";

const entry = new URL("../fixtures/child-process/entry.ts", import.meta.url);
const worker = new ChildWorker<Task, string>({ program: { entry }, maxMemoryMb: 48, idleMs: 60_000 });

afterAll(() => worker.close());

const LIMITS = { timeoutMs: 10_000 };

describe("ChildWorker", () => {
  it("starts its process with the first task, not before", async () => {
    expect(worker.started).toBe(false);
    expect(await worker.run({ kind: "echo", text: "hello" }, LIMITS)).toEqual({ ok: true, reply: "hello" });
    expect(worker.started).toBe(true);
  });

  it("stops a task that runs over its time, and runs the next in a new process", async () => {
    expect(await worker.run({ kind: "spin" }, { timeoutMs: 300 })).toEqual({ ok: false, reason: "timeout" });
    expect(worker.started).toBe(false);
    expect(await worker.run({ kind: "echo", text: "again" }, LIMITS)).toEqual({ ok: true, reply: "again" });
  });

  it("reports a child that runs out of memory, without harm to this process", async () => {
    expect(await worker.run({ kind: "grow" }, { timeoutMs: 60_000 })).toEqual({
      ok: false,
      reason: "memory",
    });
    expect(await worker.run({ kind: "echo", text: "still here" }, LIMITS)).toEqual({
      ok: true,
      reply: "still here",
    });
  });

  it("reports a child that exits", async () => {
    expect(await worker.run({ kind: "exit" }, LIMITS)).toEqual({ ok: false, reason: "crashed" });
  });

  it("runs tasks one at a time, in order", async () => {
    const replies = await Promise.all(
      ["a", "b", "c"].map((text) => worker.run({ kind: "echo", text }, LIMITS)),
    );
    expect(replies.map((r) => (r.ok ? r.reply : r.reason))).toEqual(["a", "b", "c"]);
  });

  it("leaves no listener on a caller's signal once its tasks are done", async () => {
    const turn = new AbortController(); // one turn's signal, shared by all the turn's calls
    for (const text of ["1", "2", "3", "4", "5", "6"]) {
      await worker.run({ kind: "echo", text }, { ...LIMITS, signal: turn.signal });
    }
    expect(getEventListeners(turn.signal, "abort")).toHaveLength(0);
  });
});
