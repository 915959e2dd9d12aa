import { describe, expect, it } from "vitest";
import { parseToolArguments } from "../../src/tools/arguments.js";
import { REFUSED, REPAIRABLE } from "../fixtures/small-model/argument-damage.js";
import { testTurn } from "../support/turn-context.js";

/**
 * The repair rate on small models' damaged arguments is set here: every shape in the corpus is
 * repaired to what the model meant (18 of 18; before jsonrepair and the call-wrapper rule, 5 of 18),
 * and cut-off arguments are refused with an error that says what to send.
 */
describe("argument repair for small models", () => {
  it("repairs every damage shape in the corpus to what the model meant", () => {
    const failed = REPAIRABLE.filter(([, raw, meant]) => {
      const parsed = parseToolArguments(raw, "iot_control");
      return !parsed.ok || JSON.stringify(parsed.value) !== JSON.stringify(meant);
    }).map(([damage]) => damage);
    expect(failed).toEqual([]);
  });

  it.each(REFUSED)("refuses %s, saying what to send", (_damage, raw) => {
    const parsed = parseToolArguments(raw, "iot_control");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/Send (one|the whole) JSON object|must be a JSON object/);
  });

  it("says plainly when arguments were cut off", () => {
    const parsed = parseToolArguments('{"service": "light.turn_on", "target": "卧室', "iot_control");
    expect(parsed).toEqual({
      ok: false,
      error: "The arguments were cut off before their end. Send the whole JSON object again.",
    });
  });

  it("keeps an object that only looks like a call when it is another tool's or has more fields", () => {
    const raw = '{"name": "客厅", "arguments": {"x": 1}}';
    expect(parseToolArguments(raw, "iot_control")).toEqual({
      ok: true,
      value: { name: "客厅", arguments: { x: 1 } },
    });
  });
});

describe("the error a small model reads", () => {
  it("shows the object to send, required fields first", async () => {
    const { ToolRegistry } = await import("../../src/tools/registry.js");
    const { defineTool } = await import("../../src/tools/define-tool.js");
    const { allowAllTools } = await import("../../src/tools/policy.js");
    const { silentLogger } = await import("../../src/logging/logger.js");
    const { z } = await import("zod");
    const tool = defineTool({
      name: "iot_control",
      description: "Control devices.",
      parameters: z.object({
        data: z.record(z.string(), z.unknown()).optional(),
        service: z.string(),
        target: z.string(),
      }),
      execute: () => ({}),
    });
    const registry = new ToolRegistry().register(tool);
    const result = await registry.execute(
      { id: "c", name: "iot_control", arguments: '{"service": "light.turn_on", "target": "卧' },
      { logger: silentLogger(), hardTimeoutMs: 1_000, turn: testTurn({ policy: allowAllTools }) },
    );
    expect(result).toEqual({
      success: false,
      error:
        "Invalid arguments for iot_control: The arguments were cut off before their end. Send the whole JSON " +
        'object again. Like this: {"service": …, "target": …, "data": …}',
    });
  });
});
