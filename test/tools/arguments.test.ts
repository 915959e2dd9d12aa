import { describe, expect, it } from "vitest";
import { parseToolArguments } from "../../src/tools/arguments.js";

describe("parseToolArguments", () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ["", {}],
    ["  ", {}],
    [JSON.stringify('{"a":1}'), { a: 1 }],
    ['{"a":1} trailing words', { a: 1 }],
    ['{"a":"}"}}', { a: "}" }],
    ['{"a":"say \\"hi\\" {"}\n\nDone.', { a: 'say "hi" {' }],
    ['```json\n{"a":1}\n```', { a: 1 }],
  ])("repairs %j", (raw, expected) => {
    expect(parseToolArguments(raw)).toEqual({ ok: true, value: expected });
  });

  it.each(["[1,2]", "42", '"just text"', '{"a":', "not json at all"])(
    "rejects %j with a clear error",
    (raw) => {
      const parsed = parseToolArguments(raw);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/JSON object/);
    },
  );
});
