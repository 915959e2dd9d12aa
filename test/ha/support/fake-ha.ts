import type { HaSubscription } from "../../../src/ha/service.js";
import type { HaStatus, HomeAssistant, HomeSnapshot, ServiceCall } from "../../../src/ha/index.js";
import { HaCommandError, HaUnavailableError } from "../../../src/ha/index.js";
import { EntityDirectory } from "../../../src/ha/directory.js";
import type { HistoryPoint } from "../../../src/ha/history.js";
import type { HassEntities, HassServices } from "../../../src/ha/types.js";
import type { BuiltHome } from "./home-builder.js";

const target = { entity: [{}] };
const onOff = {
  turn_on: { fields: {}, target },
  turn_off: { fields: {}, target },
  toggle: { fields: {}, target },
};

/** A service registry shaped like HA's `get_services` answer, for the domains the tests use. */
export const FAKE_SERVICES: HassServices = {
  light: {
    ...onOff,
    turn_on: {
      target,
      fields: {
        brightness_pct: { selector: { number: { min: 0, max: 100 } } },
        color_temp_kelvin: { selector: { color_temp: { min: 2000, max: 6500 } } },
        advanced_fields: {
          collapsed: true,
          fields: { color_name: { selector: { select: { options: ["red", "blue", "green", "white"] } } } },
        },
      } as HassServices[string][string]["fields"],
    },
  },
  switch: onOff,
  fan: onOff,
  climate: {
    set_temperature: {
      target,
      fields: { temperature: { selector: { number: { min: 7, max: 35 } } }, hvac_mode: {} },
    },
    set_hvac_mode: {
      target,
      fields: { hvac_mode: { required: true, selector: { select: { options: ["off", "cool", "heat"] } } } },
    },
  },
  cover: {
    open_cover: { fields: {}, target },
    close_cover: { fields: {}, target },
    set_cover_position: {
      target,
      fields: { position: { required: true, selector: { number: { min: 0, max: 100 } } } },
    },
  },
  lock: { lock: { fields: {}, target }, unlock: { fields: {}, target } },
  homeassistant: { restart: { fields: {} } },
  notify: { notify: { fields: { message: { required: true } } } },
  shell_command: { reboot_router: { fields: {} } },
  script: { good_night: { fields: {} } },
};

const RESULT_STATE: Record<string, string> = {
  turn_on: "on",
  turn_off: "off",
  lock: "locked",
  unlock: "unlocked",
  open_cover: "open",
  close_cover: "closed",
};

/**
 * An in-memory HomeAssistant over a built home: service calls are recorded and applied to the states
 * (after `delayMs`, or never when `inert`), so tools can be tested without a real HA.
 */
export class FakeHomeAssistant implements HomeAssistant {
  readonly calls: ServiceCall[] = [];
  unavailable: string | undefined;
  inert = false;
  delayMs = 0;
  private states: HassEntities;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly home: BuiltHome,
    private readonly services: HassServices = FAKE_SERVICES,
  ) {
    this.states = { ...home.states };
  }

  status(): HaStatus {
    return this.unavailable
      ? { state: "unavailable", since: 0, reason: this.unavailable }
      : { state: "ready", since: 0, version: "fake" };
  }

  timeZone() {
    return "Asia/Shanghai";
  }

  private directory: EntityDirectory | undefined;

  async snapshot(): Promise<HomeSnapshot> {
    if (this.unavailable) throw new HaUnavailableError(this.unavailable);
    this.directory ??= new EntityDirectory(this.home.registries, this.home.states, this.home.exposure);
    return {
      directory: this.directory,
      states: this.states,
      services: this.services,
      timeZone: "Asia/Shanghai",
      temperatureUnit: "°C",
    };
  }

  async callService(call: ServiceCall): Promise<void> {
    if (this.unavailable) throw new HaUnavailableError(this.unavailable);
    if (call.data?.brightness_pct === 13) throw new HaCommandError("invalid_format", "unlucky brightness");
    this.calls.push(call);
    if (this.inert) return;
    const apply = () => {
      const next = { ...this.states };
      for (const id of call.entityIds ?? []) {
        const old = next[id]!;
        const state = RESULT_STATE[call.service] ?? (call.data?.hvac_mode as string | undefined) ?? old.state;
        const attributes = { ...old.attributes };
        if (typeof call.data?.brightness_pct === "number")
          attributes.brightness = Math.round((call.data.brightness_pct / 100) * 255);
        if (typeof call.data?.temperature === "number") attributes.temperature = call.data.temperature;
        const changed = state !== old.state ? new Date().toISOString() : old.last_changed;
        next[id] = {
          ...old,
          state,
          attributes,
          last_changed: changed,
          last_updated: new Date().toISOString(),
        };
      }
      this.states = next;
      for (const listener of this.listeners) listener();
    };
    if (this.delayMs) setTimeout(apply, this.delayMs);
    else apply();
  }

  waitForStates(condition: (states: HassEntities) => boolean, timeoutMs: number): Promise<boolean> {
    if (condition(this.states)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!condition(this.states)) return;
        done(true);
      };
      const done = (met: boolean) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(met);
      };
      const timer = setTimeout(() => done(false), timeoutMs);
      this.listeners.add(check);
    });
  }

  /** Entities HA will report as exposed at the next refreshExposure() (exposed in HA meanwhile). */
  exposedInHa: string[] = [];
  refreshes = 0;

  async refreshExposure(): Promise<void> {
    this.refreshes++;
    const { exposure } = this.home;
    if (exposure.kind !== "list" || this.exposedInHa.length === 0) return;
    this.home.exposure = { kind: "list", exposed: new Set([...exposure.exposed, ...this.exposedInHa]) };
    this.directory = undefined;
  }

  /** Entities HA now reports as not exposed, while the cached settings still say they are. */
  unexposedInHa: string[] = [];
  exposureChecks: string[][] = [];

  async exposureNow(entityIds: string[]): Promise<Map<string, boolean>> {
    if (this.unavailable) throw new HaUnavailableError(this.unavailable);
    this.exposureChecks.push(entityIds);
    const { exposure } = this.home;
    return new Map(
      entityIds.map((id) => [
        id,
        !this.unexposedInHa.includes(id) &&
          (exposure.kind !== "list" || exposure.exposed.has(id) || this.exposedInHa.includes(id)),
      ]),
    );
  }

  async history(entityId: string, start: Date, end: Date): Promise<HistoryPoint[]> {
    const span = end.getTime() - start.getTime();
    const numeric = entityId.startsWith("sensor.");
    return [0, 1, 2, 3, 4].map((i) => ({
      at: start.getTime() + (span * i) / 5,
      state: numeric ? String(20 + Math.min(i, 3)) : i % 2 ? "on" : "off",
    }));
  }

  /** Triggers and event subscriptions made on this fake; a test fires them by hand. */
  readonly triggers = new Set<{
    trigger: Record<string, unknown>;
    fire: (variables: Record<string, unknown>) => void;
  }>();
  readonly eventHandlers = new Map<string, Set<(data: Record<string, unknown>) => void>>();
  readonly firedEvents: { eventType: string; data: Record<string, unknown> }[] = [];
  private readonly statusListeners = new Set<(status: HaStatus) => void>();

  subscribeTrigger(
    trigger: Record<string, unknown>,
    onFire: (variables: Record<string, unknown>) => void,
  ): HaSubscription {
    const entry = { trigger, fire: onFire };
    this.triggers.add(entry);
    return { close: () => void this.triggers.delete(entry) };
  }

  subscribeEvents(eventType: string, onEvent: (data: Record<string, unknown>) => void): HaSubscription {
    const handlers = this.eventHandlers.get(eventType) ?? new Set();
    handlers.add(onEvent);
    this.eventHandlers.set(eventType, handlers);
    return { close: () => void handlers.delete(onEvent) };
  }

  /** Delivers an event to the subscribers, as HA's bus would. */
  emitEvent(eventType: string, data: Record<string, unknown>): void {
    for (const handler of this.eventHandlers.get(eventType) ?? []) handler(data);
  }

  async fireEvent(eventType: string, data: Record<string, unknown>): Promise<void> {
    if (this.unavailable) throw new HaUnavailableError(this.unavailable);
    this.firedEvents.push({ eventType, data });
  }

  onStatus(listener: (status: HaStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Makes HA unavailable (a reason) or ready again (undefined), telling the status listeners. */
  setUnavailable(reason: string | undefined): void {
    this.unavailable = reason;
    for (const listener of this.statusListeners) listener(this.status());
  }

  async close(): Promise<void> {}
}
