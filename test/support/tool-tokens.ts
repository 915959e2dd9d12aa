import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { createCyrene } from "../../src/compose.js";
import { loadConfig } from "../../src/config/load.js";
import { silentLogger } from "../../src/logging/logger.js";
import type { ToolDefinition } from "../../src/tools/contract.js";
import { allowAllTools } from "../../src/tools/policy.js";

/** Budget for the tool definitions of one request (o200k_base tokens), shared by the test and the bench. */
export const TOOL_TOKEN_BUDGET = { total: 2_600, perToolAverage: 135 };

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

/**
 * Every service the tools can use (HA, SearXNG), though none is reachable: all the built-in tools are
 * offered. Without them (`minimal`) only the tools that work on their own are.
 */
export const FULL_ENV = {
  CYRENE_HA_URL: "http://127.0.0.1:9",
  CYRENE_HA_TOKEN: "unused-token",
  CYRENE_SEARXNG_URL: "http://127.0.0.1:9/searxng",
};

/** The built-in tools a Cyrene composed as in production offers: with every service set up, or none. */
export async function builtInDefinitions(
  dataDir: string,
  set: "full" | "minimal" = "full",
): Promise<ToolDefinition[]> {
  const config = loadConfig({
    optionsPath: `${dataDir}/no-options.json`,
    env: {
      CYRENE_DATA_DIR: dataDir,
      CYRENE_TIME_ZONE: "UTC",
      CYRENE_LOG_LEVEL: "silent",
      ...(set === "full" ? FULL_ENV : {}),
    },
  });
  const cyrene = createCyrene(config, { logger: silentLogger() });
  try {
    return cyrene.registry.definitions(allowAllTools);
  } finally {
    await cyrene.close();
  }
}

/** A chat request as the scripted LLM records it: what its input tokens are counted from. */
export interface RequestBody {
  messages: Array<Record<string, unknown>>;
  tools?: Array<{ type: string; function: { name: string } }>;
}

/**
 * The input tokens of one request (o200k_base): each message and each tool as its JSON is sent. Providers
 * add a few framing tokens per message; the JSON's keys and quotes count more than that, so this is a
 * little over what a provider bills.
 */
export function requestTokens(body: RequestBody): { tools: number; messages: number; total: number } {
  const count = (items: unknown[]) =>
    items.reduce<number>((sum, item) => sum + encode(JSON.stringify(item)).length, 0);
  const tools = count(body.tools ?? []);
  const messages = count(body.messages);
  return { tools, messages, total: tools + messages };
}
