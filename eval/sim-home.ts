/**
 * An eval home as a Home Assistant: the registries and states HA's websocket API would answer with,
 * and services that change the states the way HA's entities do. Every call is recorded, so a call on a
 * device the case did not mean is counted even when it changed nothing.
 */
import { EntityDirectory } from "../src/ha/directory.js";
import type { HistoryPoint } from "../src/ha/history.js";
import type { HaStatus, HomeAssistant, HomeSnapshot, ServiceCall } from "../src/ha/index.js";
import type { HassEntities, HassEntity, HassServices, Registries } from "../src/ha/types.js";
import type { HomeBackend } from "./backend.js";
import type { EvalCase, EvalHome } from "./dataset.js";

const target = { entity: [{}] };
const plain = { fields: {}, target };
const number = (min: number, max: number, required = false) => ({
  required,
  selector: { number: { min, max } },
});
const onOff = { turn_on: plain, turn_off: plain, toggle: plain };

/** The services of the domains the homes hold, shaped like HA's `get_services` answer (ranges as HA 2026.2 has them). */
export const SIM_SERVICES: HassServices = {
  light: {
    ...onOff,
    turn_on: {
      target,
      fields: {
        brightness_pct: number(0, 100),
        brightness_step_pct: number(-100, 100),
        color_temp_kelvin: {},
      },
    },
  },
  switch: onOff,
  fan: { ...onOff, set_percentage: { target, fields: { percentage: number(0, 100, true) } } },
  input_boolean: onOff,
  humidifier: onOff,
  media_player: {
    ...onOff,
    media_play: plain,
    media_pause: plain,
    media_stop: plain,
    media_play_pause: plain,
    media_next_track: plain,
    media_previous_track: plain,
    volume_up: plain,
    volume_down: plain,
    volume_mute: { target, fields: { is_volume_muted: { required: true, selector: { boolean: {} } } } },
    volume_set: { target, fields: { volume_level: number(0, 1, true) } },
  },
  climate: {
    turn_on: plain,
    turn_off: plain,
    set_temperature: { target, fields: { temperature: number(0, 250), hvac_mode: {} } },
    set_hvac_mode: { target, fields: { hvac_mode: { required: true } } },
  },
  cover: {
    open_cover: plain,
    close_cover: plain,
    stop_cover: plain,
    set_cover_position: { target, fields: { position: number(0, 100, true) } },
  },
  valve: {
    open_valve: plain,
    close_valve: plain,
    set_valve_position: { target, fields: { position: number(0, 100, true) } },
  },
  vacuum: { start: plain, stop: plain, pause: plain, return_to_base: plain },
  lock: { lock: plain, unlock: plain },
  todo: { add_item: { target, fields: { item: { required: true } } } },
};

const STATE_AFTER: Record<string, string> = {
  turn_on: "on",
  turn_off: "off",
  open_valve: "open",
  close_valve: "closed",
  open_cover: "open",
  close_cover: "closed",
  lock: "locked",
  unlock: "unlocked",
  start: "cleaning",
  return_to_base: "returning",
  media_play: "playing",
  media_pause: "paused",
  media_stop: "idle",
};

export class SimHome implements HomeAssistant {
  readonly calls: ServiceCall[] = [];
  private states: HassEntities = {};
  private readonly registries: Registries;
  private readonly directory: EntityDirectory;
  private readonly initial: HassEntities;

  constructor(readonly home: EvalHome) {
    const now = new Date().toISOString();
    this.registries = {
      areas: home.areas.map((a) => ({
        area_id: a.id,
        name: a.name,
        aliases: a.aliases,
        floor_id: a.floor ? floorId(a.floor) : null,
      })),
      floors: [...new Set(home.areas.flatMap((a) => (a.floor ? [a.floor] : [])))].map((name) => ({
        floor_id: floorId(name),
        name,
      })),
      devices: home.devices.map((d) => ({
        id: d.id,
        name: d.name,
        name_by_user: null,
        area_id: d.area ?? null,
      })),
      entities: home.entities.map((e) => ({
        entity_id: e.id,
        name: null,
        original_name: e.name,
        aliases: e.aliases,
        // As HA has it: an entity of a device in the device's area has no area of its own.
        area_id:
          e.device && home.devices.find((d) => d.id === e.device)?.area === e.area ? null : (e.area ?? null),
        device_id: e.device ?? null,
        original_device_class: e.deviceClass ?? null,
      })),
    };
    for (const e of home.entities) {
      const attributes: Record<string, unknown> = { friendly_name: e.name, ...e.attributes };
      if (e.deviceClass) attributes.device_class = e.deviceClass;
      if (e.id.startsWith("media_player."))
        Object.assign(attributes, { volume_level: 0.3, media_track: 5 }, e.attributes);
      if (e.id.startsWith("climate."))
        Object.assign(attributes, { temperature: 20, hvac_modes: ["off", "heat", "cool"] }, e.attributes);
      if (e.id.startsWith("cover."))
        Object.assign(attributes, { current_position: e.state === "open" ? 100 : 0 }, e.attributes);
      this.states[e.id] = state(e.id, e.state, attributes, now);
    }
    this.initial = { ...this.states };
    this.directory = new EntityDirectory(this.registries, this.states, { kind: "all" });
  }

  /** Back to the home's first states, with the case's target primed so that its change is a change. */
  reset(c?: EvalCase): void {
    this.states = { ...this.initial };
    this.calls.length = 0;
    for (const [id, prime] of Object.entries(c?.prime ?? {})) {
      const old = this.states[id];
      if (!old) continue;
      this.states[id] = {
        ...old,
        state: prime.state ?? old.state,
        attributes: { ...old.attributes, ...prime.attributes },
      };
    }
  }

  current(): HassEntities {
    return this.states;
  }

  status(): HaStatus {
    return { state: "ready", since: 0, version: "eval" };
  }
  timeZone() {
    return "UTC";
  }
  async snapshot(): Promise<HomeSnapshot> {
    return {
      directory: this.directory,
      states: this.states,
      services: SIM_SERVICES,
      timeZone: "UTC",
      temperatureUnit: "°C",
    };
  }

  async callService(call: ServiceCall): Promise<void> {
    this.calls.push(call);
    const next = { ...this.states };
    for (const id of call.entityIds ?? []) {
      const old = next[id];
      if (old) next[id] = applyService(old, call);
    }
    this.states = next;
  }

  async waitForStates(condition: (states: HassEntities) => boolean): Promise<boolean> {
    return condition(this.states);
  }
  async refreshExposure(): Promise<void> {}
  async exposureNow(entityIds: string[]): Promise<Map<string, boolean>> {
    return new Map(entityIds.map((id) => [id, true]));
  }
  async history(): Promise<HistoryPoint[]> {
    return [];
  }
  subscribeTrigger() {
    return { close() {} };
  }
  subscribeEvents() {
    return { close() {} };
  }
  async fireEvent(): Promise<void> {}
  onStatus() {
    return () => {};
  }
  async close(): Promise<void> {}
}

function floorId(name: string): string {
  return `floor_${encodeURIComponent(name.toLowerCase()).replace(/%/g, "")}`;
}

function state(entityId: string, value: string, attributes: Record<string, unknown>, at: string): HassEntity {
  return {
    entity_id: entityId,
    state: value,
    attributes,
    last_changed: at,
    last_updated: at,
    context: { id: "c", parent_id: null, user_id: null },
  };
}

/** One entity after a service call, as HA's entity of that domain would answer. */
function applyService(old: HassEntity, call: ServiceCall): HassEntity {
  const a = { ...old.attributes };
  const data = call.data ?? {};
  let value = STATE_AFTER[call.service] ?? old.state;
  const domain = old.entity_id.split(".")[0];
  if (domain === "climate" && call.service === "turn_on") value = "heat";
  if (domain === "climate" && typeof data.hvac_mode === "string") value = data.hvac_mode;
  if (domain === "media_player" && call.service === "turn_on") value = "playing";
  if (typeof data.brightness_pct === "number") a.brightness = Math.round((data.brightness_pct / 100) * 255);
  if (data.brightness_pct === 0) value = "off"; // as HA's light.turn_on does
  if (typeof data.brightness_step_pct === "number") {
    const now = typeof a.brightness === "number" ? a.brightness : 128;
    a.brightness = Math.max(0, Math.min(255, Math.round(now + (data.brightness_step_pct / 100) * 255)));
  }
  if (typeof data.temperature === "number") a.temperature = data.temperature;
  if (typeof data.volume_level === "number") a.volume_level = data.volume_level;
  const volume = typeof a.volume_level === "number" ? a.volume_level : 0.3;
  if (call.service === "volume_up") a.volume_level = Math.min(1, Math.round((volume + 0.1) * 100) / 100);
  if (call.service === "volume_down") a.volume_level = Math.max(0, Math.round((volume - 0.1) * 100) / 100);
  const track = typeof a.media_track === "number" ? a.media_track : 5;
  if (call.service === "media_next_track") a.media_track = track + 1;
  if (call.service === "media_previous_track") a.media_track = track - 1;
  if (typeof data.position === "number") {
    a.current_position = data.position;
    value = data.position > 0 ? "open" : "closed";
  }
  if (call.service === "open_cover") a.current_position = 100;
  if (call.service === "close_cover") a.current_position = 0;
  return {
    ...old,
    state: value,
    attributes: a,
    last_changed: new Date().toISOString(),
    last_updated: new Date().toISOString(),
  };
}

/** `--sim`: the homes in SimHome, fast, without an HA Core. */
export class SimBackend implements HomeBackend {
  readonly name = "sim";
  private sim?: SimHome;

  get calls(): ServiceCall[] {
    return this.sim?.calls ?? [];
  }

  async open(home: EvalHome) {
    this.sim = new SimHome(home);
    return { ha: this.sim as HomeAssistant, env: {} };
  }

  async reset(c: EvalCase): Promise<void> {
    this.sim!.reset(c);
  }

  async states(): Promise<HassEntities> {
    return this.sim!.current();
  }

  async close(): Promise<void> {}
}
