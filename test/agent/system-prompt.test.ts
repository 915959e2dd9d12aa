import { describe, expect, it } from "vitest";
import { systemPrompt } from "../../src/agent/system-prompt.js";

describe("systemPrompt", () => {
  it("states the local time in the home's time zone", () => {
    const now = new Date("2026-12-02T09:30:00Z");
    expect(systemPrompt({ now, timeZone: "Asia/Shanghai" })).toMatch(
      /Now: 2026-12-02 17:30 \(Wednesday\), time zone Asia\/Shanghai\.$/,
    );
    expect(systemPrompt({ now, timeZone: "America/New_York" })).toMatch(
      /Now: 2026-12-02 04:30 \(Wednesday\)/,
    );
  });

  it("uses a custom prompt in place of the default instructions", () => {
    const prompt = systemPrompt({ now: new Date(), timeZone: "UTC", custom: "Speak like a pirate." });
    expect(prompt.startsWith("Speak like a pirate.\n\nNow: ")).toBe(true);
  });
});
