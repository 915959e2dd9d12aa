import { describe, expect, it } from "vitest";
import { systemPrompt, turnNote } from "../../src/agent/system-prompt.js";

describe("systemPrompt", () => {
  it("holds no clock, so it is the same in every turn", () => {
    expect(systemPrompt()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(systemPrompt()).toBe(systemPrompt());
  });

  it("uses a custom prompt in place of the default instructions", () => {
    expect(systemPrompt("Speak like a pirate.")).toBe("Speak like a pirate.");
  });
});

describe("turnNote", () => {
  it("states the local time in the home's time zone", () => {
    const now = new Date("2026-12-02T09:30:00Z");
    expect(turnNote({ now, timeZone: "Asia/Shanghai" })).toBe(
      "Now: 2026-12-02 17:30 (Wednesday), time zone Asia/Shanghai.",
    );
    expect(turnNote({ now, timeZone: "America/New_York" })).toMatch(/^Now: 2026-12-02 04:30 \(Wednesday\)/);
  });

  it("adds further sections after the clock", () => {
    const note = turnNote({ now: new Date(0), timeZone: "UTC", sections: ["Background: done."] });
    expect(note).toBe("Now: 1970-01-01 00:00 (Thursday), time zone UTC.\n\nBackground: done.");
  });
});
