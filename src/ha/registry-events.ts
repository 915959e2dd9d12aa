import type { Connection } from "home-assistant-js-websocket";
import type { Logger } from "../logging/logger.js";
import { toHaError } from "./errors.js";
import type { Part } from "./home-data.js";

/** The events after which a part of the home is read again, and how long to wait for more like them. */
const EVENTS: [event: string, part: Part | "all", debounceMs: number][] = [
  ["area_registry_updated", "areas", 500],
  ["floor_registry_updated", "areas", 500],
  ["device_registry_updated", "devices", 500],
  ["entity_registry_updated", "entities", 500],
  ["service_registered", "services", 1_000],
  ["service_removed", "services", 1_000],
  ["core_config_updated", "config", 500],
  ["homeassistant_started", "all", 0],
];

/** Subscribes to HA's registry and config events on a new connection: each asks for its part to be read again. */
export function watchRegistries(
  conn: Connection,
  reread: (part: Part | "all", delayMs: number) => void,
  log: Logger,
): void {
  for (const [event, part, debounceMs] of EVENTS) {
    conn
      .subscribeEvents((e: { data?: { changes?: Record<string, unknown> } }) => {
        // Exposure lives in the entity's options: re-read it at once, the rest after the debounce.
        if (event === "entity_registry_updated" && e.data?.changes && "options" in e.data.changes)
          reread("exposure", 0);
        reread(part, debounceMs);
      }, event)
      .catch((error: unknown) => log.debug({ err: toHaError(error, event), event }, "cannot subscribe"));
  }
}
