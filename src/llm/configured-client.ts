import type { Config } from "../config/schema.js";
import { settingName } from "../config/sources.js";
import type { Logger } from "../logging/logger.js";
import type { HomeTime } from "../time/home-time.js";
import { LlmClient } from "./client.js";
import { LlmHealth } from "./health.js";

/** The LLM client of the settings, with the health it reports to; its errors name the key's setting. */
export function configuredLlm(
  config: Config,
  logger: Logger,
  time: Pick<HomeTime, "now">,
): { client: LlmClient; health: LlmHealth } {
  const health = new LlmHealth(time);
  const keySetting = settingName("llm.apiKey", Boolean(config.supervisorToken));
  return { client: new LlmClient({ ...config.llm, logger, health, keySetting }), health };
}
