import type { Logger } from "../logging/logger.js";
import { HomeAssistantClient, type ClientOptions } from "./client.js";
import type { HomeAssistant } from "./service.js";
import { haConnectionSettings, type HaConfigSlice } from "./settings.js";

export type { HaStatus, HaSubscription, HomeAssistant, HomeSnapshot, ServiceCall } from "./service.js";
export type { HassEntities, HassEntity, HassService, HassServices } from "./types.js";
export type { HistoryPoint } from "./history.js";
export { AutomationRefusedError, type AutomationConfig, type HomeAutomations } from "./automations.js";
// The entity directory and name resolution, which the home tools and reminder triggers resolve words with.
export type { DeviceInfo, EntityDirectory, EntityInfo } from "./directory.js";
export {
  clearWinner,
  EXACT,
  interpret,
  resolve,
  type Candidate,
  type Filters,
  type Resolution,
} from "./resolve.js";
export { listParts, targetCore, unnamedCandidates } from "./resolve-phrase.js";
export { namesNothing, reread } from "./reread.js";
export { inServedState, onlyServed, statesServed } from "./service-states.js";
export { findWord, normalize, singular } from "./text.js";
export { ALL_WORDS, KIND_WORDS, kindFit } from "./vocabulary.js";
export {
  HaAuthError,
  HaCommandError,
  HaNotConfiguredError,
  HaServiceTimeoutError,
  HaUnavailableError,
} from "./errors.js";

/**
 * Builds the Home Assistant service from the app config. Returns at once: the connection is made in
 * the background, and a home without HA configured gets a service that says so on every use.
 */
export function createHomeAssistant(
  config: HaConfigSlice,
  logger: Logger,
  options: Omit<ClientOptions, "logger"> = {},
): HomeAssistant {
  const settings = haConnectionSettings(config);
  if (!settings) {
    // Debug: the start line says so too.
    logger.debug(
      "Home Assistant is not configured (CYRENE_HA_URL and CYRENE_HA_TOKEN): the home and reminder tools are left out",
    );
  }
  return new HomeAssistantClient(settings, { ...options, logger });
}
