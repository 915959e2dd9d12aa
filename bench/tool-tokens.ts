/**
 * What the tool definitions cost on every request, per tool, in o200k_base tokens.
 * Standalone: `npx tsx bench/tool-tokens.ts [tool]` also prints that tool's definition as sent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { builtInDefinitions, countToolTokens, TOOL_TOKEN_BUDGET } from "../test/support/tool-tokens.js";
import { printTable } from "./stats.js";

export async function benchToolTokens(show?: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "cyrene-bench-tools-"));
  try {
    const definitions = await builtInDefinitions(dataDir);
    const rows = countToolTokens(definitions);
    const total = rows.reduce((sum, row) => sum + row.tokens, 0);
    const budget = Math.min(TOOL_TOKEN_BUDGET.total, TOOL_TOKEN_BUDGET.perToolAverage * rows.length);
    printTable(
      `Tool definitions per request (o200k_base tokens): ${total} for ${rows.length} tools, budget ${budget}`,
      ["tool", "tokens", "description", "parameters + wrapper", "characters"],
      [
        ...rows.map((r) => [r.name, r.tokens, r.descriptionTokens, r.tokens - r.descriptionTokens, r.chars]),
        ["all", total, "", "", rows.reduce((sum, row) => sum + row.chars, 0)],
      ],
    );
    const shown = definitions.find((definition) => definition.name === show);
    if (shown) console.log(`\n${JSON.stringify(shown, null, 1)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchToolTokens(process.argv[2]);
}
