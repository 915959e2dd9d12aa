import { describe, expect, it } from "vitest";
import { TimeoutError, withTimeout } from "../../src/time/timeout.js";
import { FakeClock } from "../support/fake-clock.js";

const never = new Promise<never>(() => {});

describe("withTimeout", () => {
  it("gives the work's value, or its error, when it settles in time", async () => {
    await expect(withTimeout(Promise.resolve(7), 1_000)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error("broke")), 1_000, () => 0)).rejects.toThrow("broke");
  });

  it("gives what onTimeout gives when the time runs out, and rejects with a TimeoutError without one", async () => {
    const clock = new FakeClock(0);
    const late = withTimeout(never, 500, () => "late" as const, { timers: clock });
    const failed = withTimeout(never, 500, undefined, { timers: clock });
    failed.catch(() => {});
    await clock.advance(499);
    expect(clock.pending).toBe(2);
    await clock.advance(1);
    await expect(late).resolves.toBe("late");
    await expect(failed).rejects.toBeInstanceOf(TimeoutError);
    await expect(failed).rejects.toThrow("no answer within 0.5 s");
  });

  it("lets onTimeout throw its own error", async () => {
    const clock = new FakeClock(0);
    const wait = withTimeout(never, 10, () => Promise.reject(new Error("HA did not answer")), {
      timers: clock,
    });
    wait.catch(() => {});
    await clock.advance(10);
    await expect(wait).rejects.toThrow("HA did not answer");
  });

  it("clears its timer once the work settles", async () => {
    const clock = new FakeClock(0);
    let finish!: (value: string) => void;
    const wait = withTimeout(new Promise<string>((resolve) => (finish = resolve)), 1_000, () => "late", {
      timers: clock,
    });
    expect(clock.pending).toBe(1);
    finish("done");
    await expect(wait).resolves.toBe("done");
    expect(clock.pending).toBe(0);
  });

  it("stops waiting when the signal aborts, with onAbort's value or the signal's reason", async () => {
    const controller = new AbortController();
    const given = withTimeout(never, 60_000, () => "late", {
      signal: controller.signal,
      onAbort: () => "stopped",
    });
    const thrown = withTimeout(never, 60_000, undefined, { signal: controller.signal });
    thrown.catch(() => {});
    controller.abort(new Error("user left"));
    await expect(given).resolves.toBe("stopped");
    await expect(thrown).rejects.toThrow("user left");
    await expect(
      withTimeout(never, 60_000, undefined, { signal: controller.signal, onAbort: () => 1 }),
    ).resolves.toBe(1);
  });

  it("sets no timer for an Infinity wait, which only the signal or the work ends", async () => {
    const clock = new FakeClock(0);
    const controller = new AbortController();
    const open = withTimeout(never, Infinity, () => "late", {
      signal: controller.signal,
      onAbort: () => "stopped",
      timers: clock,
    });
    expect(clock.pending).toBe(0);
    controller.abort();
    await expect(open).resolves.toBe("stopped");
    await expect(withTimeout(Promise.resolve(3), Infinity, undefined, { timers: clock })).resolves.toBe(3);
  });

  it("counts on the system's timers by default", async () => {
    await expect(withTimeout(never, 5, () => "late")).resolves.toBe("late");
  });
});
