import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { createCyrene } from "../../src/compose.js";
import { loadConfig } from "../../src/config/load.js";
import { silentLogger } from "../../src/logging/logger.js";
import type { ToolDefinition } from "../../src/tools/contract.js";
import { allowAllTools } from "../../src/tools/policy.js";

/** Budget for the tool definitions of one request (o200k_base tokens), shared by the test and the bench. */
export const TOOL_TOKEN_BUDGET = { total: 2_500, perToolAverage: 135 };

export interface ToolTokens {
  name: string;
  tokens: number;
  descriptionTokens: number;
  chars: number;
}

/** Tokens of each tool as it is sent: `{"type":"function","function":{name, description, parameters}}`. */
export function countToolTokens(definitions: ToolDefinition[]): ToolTokens[] {
  return definitions.map((definition) => {
    const wire = JSON.stringify({ type: "function", function: definition });
    return {
      name: definition.name,
      tokens: encode(wire).length,
      descriptionTokens: encode(definition.description).length,
      chars: wire.length,
    };
  });
}

/** The definitions of every built-in tool, from a Cyrene composed as in production (no HA reachable). */
export async function builtInDefinitions(dataDir: string): Promise<ToolDefinition[]> {
  const config = loadConfig({
    optionsPath: `${dataDir}/no-options.json`,
    env: { CYRENE_DATA_DIR: dataDir, CYRENE_TIME_ZONE: "UTC", CYRENE_LOG_LEVEL: "silent" },
  });
  const cyrene = createCyrene(config, { logger: silentLogger() });
  try {
    return cyrene.registry.definitions(allowAllTools);
  } finally {
    await cyrene.close();
  }
}
