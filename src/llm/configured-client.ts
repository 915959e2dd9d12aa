import type { Config } from "../config/schema.js";
import { settingName } from "../config/sources.js";
import type { Logger } from "../logging/logger.js";
import { LlmClient } from "./client.js";
import { LlmHealth } from "./health.js";

/** The LLM client of the settings, with the health it reports to; its errors name the key's setting. */
export function configuredLlm(config: Config, logger: Logger): { client: LlmClient; health: LlmHealth } {
  const health = new LlmHealth();
  const keySetting = settingName("llm.apiKey", Boolean(config.supervisorToken));
  return { client: new LlmClient({ ...config.llm, logger, health, keySetting }), health };
}
