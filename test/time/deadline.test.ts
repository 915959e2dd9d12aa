import { describe, expect, it } from "vitest";
import { deadlineIn, msLeft } from "../../src/time/deadline.js";

describe("deadlines", () => {
  it("counts whole ms left, and below zero once passed", async () => {
    const deadline = deadlineIn(10_000);
    expect(Number.isInteger(msLeft(deadline))).toBe(true);
    expect(msLeft(deadline)).toBeLessThanOrEqual(10_000);
    expect(msLeft(deadline)).toBeGreaterThan(9_000);
    const soon = deadlineIn(5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(msLeft(soon)).toBeLessThan(0);
  });

  it("is on the epoch's scale, so a child process reads it alike", () => {
    expect(Math.abs(deadlineIn(0) - Date.now())).toBeLessThan(1_000);
  });
});
