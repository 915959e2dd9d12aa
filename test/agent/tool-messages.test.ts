import { describe, expect, it } from "vitest";
import { toolResultContent } from "../../src/agent/tool-messages.js";

describe("toolResultContent", () => {
  it("passes small results through as JSON", () => {
    expect(toolResultContent({ success: true, data: { sum: 3 } }, 100)).toBe(
      '{"success":true,"data":{"sum":3}}',
    );
  });

  it("shortens the longest text and keeps the fields beside it", () => {
    const content = "客厅的灯。\n".repeat(5_000);
    const text = toolResultContent(
      { success: true, data: { content, next_offset: 4096, path: "a.txt" } },
      4_000,
    );
    expect(text.length).toBeLessThanOrEqual(4_000);
    const parsed = JSON.parse(text);
    expect(parsed.data.next_offset).toBe(4096);
    expect(parsed.data.path).toBe("a.txt");
    expect(parsed.data.content).toMatch(/^客厅的灯。\n客厅的灯。/);
    expect(parsed.data.content).toMatch(/…\[\d+ characters cut\]$/);
  });

  it("never splits an emoji", () => {
    const text = toolResultContent({ success: true, data: { content: "👋".repeat(3_000) } }, 1_000);
    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(JSON.parse(text).data.content).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it("falls back to cutting the JSON text when many small fields are too much", () => {
    const data = Array.from({ length: 2_000 }, (_, i) => ({ id: i, name: `entity ${i}` }));
    const text = toolResultContent({ success: true, data }, 1_000);
    expect(text.length).toBeLessThanOrEqual(1_000);
    expect(text).toMatch(/ask for less\]$/);
  });
});
