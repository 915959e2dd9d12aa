import { HomeAutomations } from "./automations.js";
import { HaNotConfiguredError, HaUnavailableError } from "./errors.js";
import { fetchExposureOf } from "./fetch.js";
import { HaConnection, type ConnectionOptions } from "./connection.js";
import { fetchHistory, type HistoryPoint } from "./history.js";
import type { HaStatus, HaSubscription, HomeAssistant, HomeSnapshot, ServiceCall } from "./service.js";
import type { HaConnectionSettings } from "./settings.js";
import type { HassEntities } from "./types.js";

export interface ClientOptions extends ConnectionOptions {
  /** Per service call (default 8 s). */
  serviceTimeoutMs?: number;
  /** How long a tool call waits for the very first connection at start-up (default 3 s). */
  startupGraceMs?: number;
}

/**
 * Home Assistant as the rest of Cyrene uses it (the HomeAssistant service), over one connection kept
 * alive in the background (connection.ts): a snapshot of the home, service calls, history,
 * subscriptions and events. While HA is away every call fails at once with the reason.
 */
export class HomeAssistantClient implements HomeAssistant {
  private readonly connection: HaConnection;
  readonly automations: HomeAutomations;

  constructor(
    settings: HaConnectionSettings | undefined,
    private readonly options: ClientOptions,
  ) {
    this.connection = new HaConnection(settings, options);
    this.automations = new HomeAutomations(settings, this.connection.commander());
  }

  status(): HaStatus {
    return this.connection.status.current;
  }

  timeZone(): string | undefined {
    return this.connection.data.config?.time_zone;
  }

  async snapshot(): Promise<HomeSnapshot> {
    const { status, data, cache } = this.connection;
    if (status.current.state === "connecting") await status.changed(this.options.startupGraceMs ?? 3_000);
    const current = status.current;
    if (current.state === "not_configured") throw new HaNotConfiguredError();
    if (current.state === "connecting") throw new HaUnavailableError("still connecting");
    if (current.state === "unavailable") throw this.connection.unavailable(current.reason);
    return {
      directory: data.directory(cache.states, cache.namesVersion),
      states: cache.states,
      services: data.services,
      timeZone: data.config?.time_zone,
      temperatureUnit: data.config?.unit_system?.temperature,
    };
  }

  async callService(call: ServiceCall): Promise<void> {
    const target = call.entityIds?.length ? { target: { entity_id: call.entityIds } } : {};
    const message = { domain: call.domain, service: call.service, service_data: call.data ?? {}, ...target };
    await this.connection.command("call_service", message, this.options.serviceTimeoutMs ?? 8_000);
  }

  waitForStates(condition: (states: HassEntities) => boolean, timeoutMs: number, signal?: AbortSignal) {
    const stop = (states: HassEntities) => condition(states) || this.status().state !== "ready";
    return this.connection.cache.waitFor(stop, timeoutMs, signal);
  }

  refreshExposure(): Promise<void> {
    return this.connection.refresh("exposure");
  }

  async exposureNow(entityIds: string[]): Promise<Map<string, boolean>> {
    const { data } = this.connection;
    const kind = data.exposureKind;
    if (kind === "all") return new Map(entityIds.map((id) => [id, true]));
    const { exposed, list } = await fetchExposureOf(this.connection.commander(), entityIds, kind);
    if (list) data.applyExposure(list);
    return exposed;
  }

  history(entityId: string, start: Date, end: Date): Promise<HistoryPoint[]> {
    return fetchHistory(this.connection.commander(), entityId, start, end);
  }

  subscribeTrigger(
    trigger: Record<string, unknown>,
    onFire: (variables: Record<string, unknown>) => void,
    onError: (error: Error) => void = () => {},
  ): HaSubscription {
    return this.connection.subscriptions.add(
      { type: "subscribe_trigger", trigger },
      (message) => onFire((message as { variables?: Record<string, unknown> }).variables ?? {}),
      onError,
    );
  }

  subscribeEvents(eventType: string, onEvent: (data: Record<string, unknown>) => void): HaSubscription {
    return this.connection.subscriptions.add(
      { type: "subscribe_events", event_type: eventType },
      (message) => onEvent((message as { data?: Record<string, unknown> }).data ?? {}),
      () => {},
    );
  }

  async fireEvent(eventType: string, data: Record<string, unknown>): Promise<void> {
    await this.connection.command("fire_event", { event_type: eventType, event_data: data });
  }

  async persistentNotificationIds(): Promise<string[]> {
    const shown = await this.connection.command<{ notification_id: string }[]>("persistent_notification/get");
    return shown.map((n) => n.notification_id);
  }

  onStatus(listener: (status: HaStatus) => void): () => void {
    return this.connection.status.onChange(listener);
  }

  async close(): Promise<void> {
    this.connection.close();
  }
}
