import type { HomeAutomations } from "./automations.js";
import type { EntityDirectory } from "./directory.js";
import type { HistoryPoint } from "./history.js";
import type { HaSubscription } from "./subscriptions.js";
import type { HassEntities, HassServices } from "./types.js";

export type { HaSubscription };

export type HaStatus =
  | { state: "not_configured" }
  | { state: "connecting"; since: number }
  | { state: "ready"; since: number; version: string }
  | { state: "unavailable"; since: number; reason: string };

/** What the iot tools read at the start of a call. */
export interface HomeSnapshot {
  directory: EntityDirectory;
  /** The states at this moment (a newer object replaces it on every update). */
  states: HassEntities;
  services: HassServices;
  timeZone?: string;
  temperatureUnit?: string;
}

export interface ServiceCall {
  domain: string;
  service: string;
  data?: Record<string, unknown>;
  entityIds?: string[];
}

/** The Home Assistant service the rest of Cyrene uses. */
export interface HomeAssistant {
  status(): HaStatus;
  /** HA's configured time zone, once known (kept while HA is away). */
  timeZone(): string | undefined;
  /** The current picture of the home; throws HaUnavailableError / HaNotConfiguredError at once when absent. */
  snapshot(): Promise<HomeSnapshot>;
  callService(call: ServiceCall): Promise<void>;
  /** Resolves true once `condition` holds on the live states, false after `timeoutMs`. */
  waitForStates(
    condition: (states: HassEntities) => boolean,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean>;
  /** Re-reads the Assist exposure settings now (they are also re-read every minute). */
  refreshExposure(): Promise<void>;
  /**
   * Whether these entities are exposed to Assist at this moment, asked of HA (a small websocket
   * command), not the cached settings, which trail a change by a moment. Ids HA has no setting for
   * are left out: the cached reading (HA's defaults) stands for them.
   */
  exposureNow(entityIds: string[]): Promise<Map<string, boolean>>;
  history(entityId: string, start: Date, end: Date): Promise<HistoryPoint[]>;
  /**
   * Runs `onFire` each time an HA trigger fires (websocket `subscribe_trigger`: HA's own trigger engine,
   * `for` included), kept across reconnects. `onError` hears when HA refuses the trigger.
   */
  subscribeTrigger(
    trigger: Record<string, unknown>,
    onFire: (variables: Record<string, unknown>) => void,
    onError?: (error: Error) => void,
  ): HaSubscription;
  /** Runs `onEvent` for every event of this type on HA's bus, kept across reconnects. */
  subscribeEvents(eventType: string, onEvent: (data: Record<string, unknown>) => void): HaSubscription;
  fireEvent(eventType: string, data: Record<string, unknown>): Promise<void>;
  /** The ids of the persistent notifications HA shows now (websocket `persistent_notification/get`). */
  persistentNotificationIds?(): Promise<string[]>;
  /** HA's UI automations, through its automation editor's API (absent in stand-ins that have none). */
  readonly automations?: HomeAutomations;
  /** Told of every status change (ready after a reconnect, unavailable); answers a function to stop. */
  onStatus(listener: (status: HaStatus) => void): () => void;
  close(): Promise<void>;
}
