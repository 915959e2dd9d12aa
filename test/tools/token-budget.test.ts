import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtInDefinitions, countToolTokens, TOOL_TOKEN_BUDGET } from "../support/tool-tokens.js";

/**
 * Every tool definition is paid on every round of every turn and every background thought. The count
 * (o200k_base) is deterministic, so the budget is a test: on average at most 135 tokens a tool at
 * every stage, and at most 2,600 for all of them (2,403 for the design's 19; home_rule the 20th, and scheduled
 * actions on reminder_create). Both the full set (every
 * service configured) and the minimal one (no HA, no SearXNG: those tools are left out) are counted.
 */
const dataDir = mkdtempSync(join(tmpdir(), "cyrene-budget-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the tool definitions", () => {
  it.each(["full", "minimal"] as const)("fit the token budget (%s set)", async (set) => {
    const rows = countToolTokens(await builtInDefinitions(dataDir, set));
    const total = rows.reduce((sum, row) => sum + row.tokens, 0);
    const table = rows.map((row) => `${row.name} ${row.tokens}`).join(", ");
    expect(total, table).toBeLessThanOrEqual(TOOL_TOKEN_BUDGET.perToolAverage * rows.length);
    expect(total, table).toBeLessThanOrEqual(TOOL_TOKEN_BUDGET.total);
  });

  it("leave out the tools whose service is not configured: the minimal set has no HA, reminder, rule or search tool", async () => {
    const full = (await builtInDefinitions(dataDir, "full")).map((d) => d.name);
    const minimal = (await builtInDefinitions(dataDir, "minimal")).map((d) => d.name);
    expect(full).toHaveLength(20);
    const missing = [
      "web_search",
      "iot_query",
      "iot_control",
      "reminder_create",
      "reminder_list",
      "reminder_delete",
      "home_rule",
    ];
    expect(full).toEqual(expect.arrayContaining(missing));
    expect(minimal).toEqual(full.filter((name) => !missing.includes(name)));
  });

  it("say when to use each tool in a description of at most two sentences' worth", async () => {
    for (const definition of await builtInDefinitions(dataDir)) {
      expect(definition.description.length, definition.name).toBeLessThanOrEqual(300);
    }
  });
});
