import { describe, expect, it } from "vitest";
import { runInFreshChild } from "../../src/child-process/run-once.js";
import { ChildWorker } from "../../src/child-process/worker.js";

/** A script child: the same protocol as a module child, started with `node -e` (no loader). */
const SCRIPT = String.raw`
const started = Date.now();
serveInChild((task) => {
  if (task === "spin") for (;;);
  if (task === "leak") globalThis.leaked = (globalThis.leaked || 0) + 1;
  if (task === "this") return (function () { return this; })() === undefined ? "strict" : "sloppy";
  return { task, arg: process.argv[1], leaked: globalThis.leaked || 0, env: Object.keys(process.env).filter((k) => !k.startsWith("NODE_CHANNEL")) };
});
`;
const program = { script: SCRIPT, args: ["given"] };
const LIMITS = { timeoutMs: 10_000 };

describe("runInFreshChild", () => {
  it("runs a script child with its arguments, in strict mode and with no environment", async () => {
    expect(await runInFreshChild({ program, maxMemoryMb: 48 }, "hello", LIMITS)).toEqual({
      ok: true,
      reply: { task: "hello", arg: "given", leaked: 0, env: [] },
    });
    const strict = await runInFreshChild({ program, maxMemoryMb: 48 }, "this", LIMITS);
    expect(strict).toEqual({ ok: true, reply: "strict" });
  });

  it("gives each task a process of its own: nothing a task leaves behind reaches the next", async () => {
    await runInFreshChild({ program, maxMemoryMb: 48 }, "leak", LIMITS);
    const next = await runInFreshChild<string, { leaked: number }>(
      { program, maxMemoryMb: 48 },
      "look",
      LIMITS,
    );
    expect(next.ok && next.reply.leaked).toBe(0);
  });

  it("runs tasks side by side, so a slow one does not hold up the others", async () => {
    const slow = runInFreshChild({ program, maxMemoryMb: 48 }, "spin", { timeoutMs: 5_000 });
    const quick = await runInFreshChild({ program, maxMemoryMb: 48 }, "quick", LIMITS);
    expect(quick.ok).toBe(true);
    expect(await slow).toEqual({ ok: false, reason: "timeout" });
  });

  it("answers a cancelled task", async () => {
    const controller = new AbortController();
    const run = runInFreshChild({ program, maxMemoryMb: 48 }, "spin", {
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 300);
    expect(await run).toEqual({ ok: false, reason: "aborted" });
  });
});

describe("a start limit", () => {
  it("stops a child that is not ready in time, and says the task never started", async () => {
    const never = new ChildWorker<string, string>({
      program: { script: "setInterval(() => {}, 1000); // never serves" },
      maxMemoryMb: 48,
      idleMs: 60_000,
      startLimitMs: 300,
    });
    expect(await never.run("x", LIMITS)).toEqual({ ok: false, reason: "unstarted" });
    expect(never.started).toBe(false);
  });
});
