import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtInDefinitions, countToolTokens, TOOL_TOKEN_BUDGET } from "../support/tool-tokens.js";

/**
 * Every tool definition is paid on every round of every turn and every background thought. The count
 * (o200k_base) is deterministic, so the budget is a test: on average at most 135 tokens a tool at
 * every stage, and at most 2,500 for all of them once the design's 19 are there.
 */
const dataDir = mkdtempSync(join(tmpdir(), "cyrene-budget-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the tool definitions", () => {
  it("fit the token budget", async () => {
    const rows = countToolTokens(await builtInDefinitions(dataDir));
    const total = rows.reduce((sum, row) => sum + row.tokens, 0);
    const table = rows.map((row) => `${row.name} ${row.tokens}`).join(", ");
    expect(total, table).toBeLessThanOrEqual(TOOL_TOKEN_BUDGET.perToolAverage * rows.length);
    expect(total, table).toBeLessThanOrEqual(TOOL_TOKEN_BUDGET.total);
  });

  it("say when to use each tool in a description of at most two sentences' worth", async () => {
    for (const definition of await builtInDefinitions(dataDir)) {
      expect(definition.description.length, definition.name).toBeLessThanOrEqual(300);
    }
  });
});
