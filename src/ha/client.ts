import { subscribeEntities, type Connection } from "home-assistant-js-websocket";
import type { Logger } from "../logging/logger.js";
import {
  HaAuthError,
  HaNotConfiguredError,
  HaServiceTimeoutError,
  HaUnavailableError,
  tokenRejectedReason,
  toHaError,
} from "./errors.js";
import { fetchExposureOf, type Command } from "./fetch.js";
import { fetchHistory, type HistoryPoint } from "./history.js";
import { HomeData, type Part } from "./home-data.js";
import type { HaStatus, HaSubscription, HomeAssistant, HomeSnapshot, ServiceCall } from "./service.js";
import type { HaConnectionSettings } from "./settings.js";
import { openConnection } from "./socket.js";
import { StateCache } from "./state-cache.js";
import { Subscriptions } from "./subscriptions.js";
import type { HassEntities } from "./types.js";

export interface ClientOptions {
  logger: Logger;
  /** Per websocket command (default 10 s). */
  commandTimeoutMs?: number;
  /** Per service call (default 8 s). */
  serviceTimeoutMs?: number;
  /** How long a tool call waits for the very first connection at start-up (default 3 s). */
  startupGraceMs?: number;
  /** Re-read the exposure settings this often (default 60 s). */
  exposureRefreshMs?: number;
}

const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
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

/**
 * One websocket connection to HA, kept alive in the background: connects without blocking start-up,
 * reconnects with backoff (the library's own reconnect, plus ours when it gives up), re-reads the
 * registries after every reconnect, and reports "unavailable" at once while HA is away.
 */
export class HomeAssistantClient implements HomeAssistant {
  private current: HaStatus;
  private conn: Connection | undefined;
  private closed = false;
  private attempt = 0;
  /** Bumped on every (re)connect and disconnect, so late answers of an older sync are dropped. */
  private generation = 0;
  private synced = -1;
  /** HA refused the token on the last try: errors name the setting to fix, not "try again". */
  private tokenRejected = false;
  private readonly cache = new StateCache();
  private readonly data: HomeData;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pending = new Map<Part | "all", NodeJS.Timeout>();
  private readonly statusListeners = new Set<() => void>();
  private readonly log: Logger;
  private readonly subscriptions: Subscriptions;

  constructor(
    private readonly settings: HaConnectionSettings | undefined,
    private readonly options: ClientOptions,
  ) {
    this.log = options.logger.child({ component: "ha" });
    this.subscriptions = new Subscriptions(this.log);
    this.data = new HomeData(settings?.exposeAll ?? false, (error) =>
      this.log.warn(
        { err: toHaError(error, "expose list") },
        "cannot read Assist exposure; using HA's defaults",
      ),
    );
    this.current = settings ? { state: "connecting", since: Date.now() } : { state: "not_configured" };
    if (!settings) return;
    void this.connect();
    this.every(() => {
      if (this.current.state === "ready") this.schedule("exposure", 0);
    }, options.exposureRefreshMs ?? 60_000);
  }

  status(): HaStatus {
    return this.current;
  }

  timeZone(): string | undefined {
    return this.data.config?.time_zone;
  }

  async snapshot(): Promise<HomeSnapshot> {
    if (this.current.state === "connecting") await this.statusChange(this.options.startupGraceMs ?? 3_000);
    const status = this.current;
    if (status.state === "not_configured") throw new HaNotConfiguredError();
    if (status.state === "connecting") throw new HaUnavailableError("still connecting");
    if (status.state === "unavailable") throw this.unavailable(status.reason);
    return {
      directory: this.data.directory(this.cache.states, this.cache.namesVersion),
      states: this.cache.states,
      services: this.data.services,
      timeZone: this.data.config?.time_zone,
      temperatureUnit: this.data.config?.unit_system?.temperature,
    };
  }

  async callService(call: ServiceCall): Promise<void> {
    const target = call.entityIds?.length ? { target: { entity_id: call.entityIds } } : {};
    const message = { domain: call.domain, service: call.service, service_data: call.data ?? {}, ...target };
    await this.command("call_service", message, this.options.serviceTimeoutMs ?? 8_000);
  }

  waitForStates(condition: (states: HassEntities) => boolean, timeoutMs: number, signal?: AbortSignal) {
    const stop = (states: HassEntities) => condition(states) || this.current.state !== "ready";
    return this.cache.waitFor(stop, timeoutMs, signal);
  }

  refreshExposure(): Promise<void> {
    return this.refresh("exposure");
  }

  async exposureNow(entityIds: string[]): Promise<Map<string, boolean>> {
    const kind = this.data.exposureKind;
    if (kind === "all") return new Map(entityIds.map((id) => [id, true]));
    const { exposed, list } = await fetchExposureOf(this.commander(), entityIds, kind);
    if (list) this.data.applyExposure(list);
    return exposed;
  }

  history(entityId: string, start: Date, end: Date): Promise<HistoryPoint[]> {
    return fetchHistory(this.commander(), entityId, start, end);
  }

  subscribeTrigger(
    trigger: Record<string, unknown>,
    onFire: (variables: Record<string, unknown>) => void,
    onError: (error: Error) => void = () => {},
  ): HaSubscription {
    return this.subscriptions.add(
      { type: "subscribe_trigger", trigger },
      (message) => onFire((message as { variables?: Record<string, unknown> }).variables ?? {}),
      onError,
    );
  }

  subscribeEvents(eventType: string, onEvent: (data: Record<string, unknown>) => void): HaSubscription {
    return this.subscriptions.add(
      { type: "subscribe_events", event_type: eventType },
      (message) => onEvent((message as { data?: Record<string, unknown> }).data ?? {}),
      () => {},
    );
  }

  async fireEvent(eventType: string, data: Record<string, unknown>): Promise<void> {
    await this.command("fire_event", { event_type: eventType, event_data: data });
  }

  async persistentNotificationIds(): Promise<string[]> {
    const shown = await this.command<{ notification_id: string }[]>("persistent_notification/get");
    return shown.map((n) => n.notification_id);
  }

  onStatus(listener: (status: HaStatus) => void): () => void {
    const wrapped = () => listener(this.current);
    this.statusListeners.add(wrapped);
    return () => this.statusListeners.delete(wrapped);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of [...this.timers, ...this.pending.values()]) clearTimeout(timer);
    this.conn?.close();
    this.cache.releaseWaiters();
    this.setStatus({ state: "unavailable", since: Date.now(), reason: "closed" });
  }

  // ---- connection lifecycle ----

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { wsUrl, token } = this.settings!;
    const opening = openConnection(wsUrl, token, 5_000);
    try {
      const timedOut = () => new HaUnavailableError("connecting timed out after 15 s");
      const conn = await withTimeout(opening, 15_000, timedOut).catch((error: unknown) => {
        opening.then((late) => late.close()).catch(() => undefined);
        throw error;
      });
      if (this.closed) return conn.close();
      this.attempt = 0;
      this.attach(conn);
    } catch (error) {
      this.tokenRejected = error === 2;
      const { mode } = this.settings!;
      const reason = this.tokenRejected ? tokenRejectedReason(mode) : `cannot connect to ${hostOf(wsUrl)}`;
      const delay = RETRY_DELAYS_MS[Math.min(this.attempt++, RETRY_DELAYS_MS.length - 1)]!;
      if (this.attempt === 1 || this.attempt % 10 === 0) {
        if (this.tokenRejected) this.log.error({ retryInMs: delay }, reason);
        else this.log.warn({ reason, retryInMs: delay }, "Home Assistant not reachable");
      }
      this.setStatus({ state: "unavailable", since: Date.now(), reason });
      this.later(() => void this.connect(), delay);
    }
  }

  private attach(conn: Connection): void {
    this.conn = conn;
    this.tokenRejected = false;
    this.log.info({ url: this.settings!.wsUrl, version: conn.haVersion }, "connected to Home Assistant");
    conn.addEventListener("disconnected", () => {
      this.generation++;
      this.cache.received = false;
      this.cache.releaseWaiters();
      this.setStatus({ state: "unavailable", since: Date.now(), reason: "connection lost, reconnecting" });
      this.log.warn("lost the connection to Home Assistant; reconnecting");
    });
    conn.addEventListener("ready", () => {
      this.log.info({ version: conn.haVersion }, "reconnected to Home Assistant");
      void this.sync();
    });
    conn.addEventListener("reconnect-error", () => {
      // The library gives up only on a rejected token; keep trying slowly (the token may be fixed).
      conn.close();
      this.conn = undefined;
      this.tokenRejected = true;
      const reason = tokenRejectedReason(this.settings!.mode);
      this.log.error(reason);
      this.setStatus({ state: "unavailable", since: Date.now(), reason });
      this.later(() => void this.connect(), 30_000);
    });
    this.subscriptions.attach(conn);
    subscribeEntities(conn, (states) => {
      this.cache.update(states);
      if (this.synced === this.generation) this.markReady();
    });
    for (const [event, part, debounceMs] of EVENTS) {
      conn
        .subscribeEvents((e: { data?: { changes?: Record<string, unknown> } }) => {
          // Exposure lives in the entity's options: re-read it at once, the rest after the debounce.
          if (event === "entity_registry_updated" && e.data?.changes && "options" in e.data.changes)
            this.schedule("exposure", 0);
          this.schedule(part, debounceMs);
        }, event)
        .catch((error: unknown) =>
          this.log.debug({ err: toHaError(error, event), event }, "cannot subscribe"),
        );
    }
    void this.sync();
  }

  /** Reads everything but the states (which stream in through the subscription). */
  private async sync(): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation && !this.closed;
    try {
      const config = await this.data.load(this.commander(), current);
      if (!config) return;
      if (config.state !== "RUNNING") {
        this.setStatus({ state: "unavailable", since: Date.now(), reason: "Home Assistant is starting" });
        this.schedule("all", 3_000);
        return;
      }
      this.synced = generation;
      if (this.cache.received) this.markReady();
    } catch (error) {
      if (!current()) return;
      const reason = `could not read the registries: ${toHaError(error, "sync").message}`;
      this.log.warn({ reason }, "Home Assistant sync failed; retrying");
      this.setStatus({ state: "unavailable", since: Date.now(), reason });
      if (this.conn?.connected) this.schedule("all", 5_000);
    }
  }

  private markReady(): void {
    if (this.current.state === "ready") return;
    this.setStatus({ state: "ready", since: Date.now(), version: this.conn?.haVersion ?? "unknown" });
  }

  /** Re-reads one part after a change event (debounced per part). */
  private schedule(part: Part | "all", delayMs: number): void {
    if (this.pending.has(part) || this.closed) return;
    const timer = setTimeout(() => {
      this.pending.delete(part);
      this.refresh(part).catch((error: unknown) =>
        this.log.warn({ err: toHaError(error, part), part }, "Home Assistant refresh failed"),
      );
    }, delayMs);
    this.pending.set(part, timer);
  }

  private refresh(part: Part | "all"): Promise<void> {
    if (part === "all" || !this.data.loaded) return this.sync();
    return this.data.refresh(part, this.commander());
  }

  // ---- plumbing ----

  private commander(): Command {
    return (type, payload) => this.command(type, payload);
  }

  private command<T>(type: string, payload: Record<string, unknown> = {}, timeoutMs?: number): Promise<T> {
    const conn = this.conn;
    if (!conn?.connected) {
      const reason = this.current.state === "unavailable" ? this.current.reason : "not connected";
      return Promise.reject(this.unavailable(reason));
    }
    const sent = conn.sendMessagePromise<T>({ type, ...payload }).catch((error: unknown) => {
      throw toHaError(error, type);
    });
    const ms = timeoutMs ?? this.options.commandTimeoutMs ?? 10_000;
    // A lost connection rejects `sent` first (unavailable); a timeout means HA is still at it.
    return withTimeout(sent, ms, () =>
      type === "call_service"
        ? new HaServiceTimeoutError(ms / 1000)
        : new HaUnavailableError(`${type} timed out after ${ms / 1000} s`),
    );
  }

  private unavailable(reason: string): HaUnavailableError {
    return this.tokenRejected ? new HaAuthError(this.settings!.mode) : new HaUnavailableError(reason);
  }

  private setStatus(status: HaStatus): void {
    this.current = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private statusChange(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.statusListeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.statusListeners.add(done);
    });
  }

  private later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private every(fn: () => void, ms: number): void {
    const timer = setInterval(fn, ms);
    timer.unref();
    this.timers.add(timer);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function hostOf(wsUrl: string): string {
  try {
    return new URL(wsUrl).host;
  } catch {
    return wsUrl;
  }
}
