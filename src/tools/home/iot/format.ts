import type { EntityDirectory, EntityInfo, HassEntity } from "../../../ha/index.js";
import { clip } from "../../../text/clip.js";

export interface FormatContext {
  directory: EntityDirectory;
  now: number;
  /** The home's zone (HomeTime.zone()). */
  timeZone: string;
  temperatureUnit?: string;
}

/**
 * One compact line per entity, what matters for its domain:
 * `Bed Light (light.bed_light): on, 60%, 2700 K, area 卧室, changed 3 min ago`.
 */
export function stateLine(entity: EntityInfo, state: HassEntity | undefined, ctx: FormatContext): string {
  const head = `${entity.name} (${entity.entityId})`;
  if (!state) return `${head}: no state`;
  const parts = [stateText(entity, state, ctx), ...details(entity, state, ctx)];
  const area = ctx.directory.areaName(entity);
  if (area) parts.push(`area ${area}`);
  parts.push(`changed ${when(state.last_changed, ctx)}`);
  return `${head}: ${parts.filter(Boolean).join(", ")}`;
}

const BINARY_MEANING: Record<string, [on: string, off: string]> = {
  door: ["open", "closed"],
  window: ["open", "closed"],
  garage_door: ["open", "closed"],
  opening: ["open", "closed"],
  motion: ["motion detected", "no motion"],
  occupancy: ["occupied", "clear"],
  presence: ["present", "away"],
  moisture: ["wet", "dry"],
  smoke: ["smoke detected", "clear"],
  gas: ["gas detected", "clear"],
  carbon_monoxide: ["CO detected", "clear"],
  battery: ["battery low", "battery normal"],
  lock: ["unlocked", "locked"],
  connectivity: ["connected", "disconnected"],
  problem: ["problem", "OK"],
  plug: ["plugged in", "unplugged"],
  power: ["powered", "no power"],
  light: ["light detected", "dark"],
  vibration: ["vibration", "still"],
};

function stateText(entity: EntityInfo, state: HassEntity, ctx: FormatContext): string {
  const value = state.state;
  if (value === "unavailable" || value === "unknown") return value;
  if (entity.domain === "binary_sensor") {
    const meaning = BINARY_MEANING[entity.deviceClass ?? ""];
    if (meaning && (value === "on" || value === "off"))
      return `${value} (${meaning[value === "on" ? 0 : 1]})`;
  }
  if (entity.deviceClass === "timestamp" && !Number.isNaN(Date.parse(value)))
    return localTime(Date.parse(value), ctx);
  const unit = state.attributes.unit_of_measurement;
  if (typeof unit === "string" && unit) return `${value} ${unit}`;
  return clip(value, 120);
}

function details(entity: EntityInfo, state: HassEntity, ctx: FormatContext): string[] {
  const a = state.attributes;
  const deg = ctx.temperatureUnit ?? "";
  const temp = (v: unknown) => (typeof v === "number" ? `${v}${deg ? " " + deg : ""}` : undefined);
  const pct = (v: unknown) => (typeof v === "number" ? `${Math.round(v)}%` : undefined);
  const out: (string | undefined)[] = [];
  switch (entity.domain) {
    case "light":
      if (state.state === "on") {
        if (typeof a.brightness === "number")
          out.push(`brightness ${Math.round((a.brightness / 255) * 100)}%`);
        if (a.color_mode === "color_temp" && typeof a.color_temp_kelvin === "number")
          out.push(`${a.color_temp_kelvin} K`);
        else if (Array.isArray(a.rgb_color) && a.color_mode !== "brightness" && a.color_mode !== "onoff") {
          out.push(`color rgb(${(a.rgb_color as number[]).join(",")})`);
        }
        if (typeof a.effect === "string" && !/^(off|none)$/i.test(a.effect)) out.push(`effect ${a.effect}`);
      }
      break;
    case "climate":
      out.push(a.current_temperature !== undefined ? `current ${temp(a.current_temperature)}` : undefined);
      if (typeof a.temperature === "number") out.push(`target ${temp(a.temperature)}`);
      else if (typeof a.target_temp_low === "number")
        out.push(`target ${a.target_temp_low}–${temp(a.target_temp_high)}`);
      out.push(str(a.hvac_action, "action"), str(a.fan_mode, "fan"), noneless(a.preset_mode, "preset"));
      out.push(a.current_humidity !== undefined ? `humidity ${pct(a.current_humidity)}` : undefined);
      break;
    case "cover":
    case "valve":
      out.push(a.current_position !== undefined ? `position ${pct(a.current_position)}` : undefined);
      out.push(a.current_tilt_position !== undefined ? `tilt ${pct(a.current_tilt_position)}` : undefined);
      break;
    case "fan":
      if (state.state === "on")
        out.push(
          a.percentage != null ? `speed ${pct(a.percentage)}` : undefined,
          noneless(a.preset_mode, "preset"),
        );
      if (a.oscillating === true) out.push("oscillating");
      break;
    case "media_player":
      out.push(str(a.media_title, "playing"), str(a.media_artist, "by"), str(a.source, "source"));
      if (typeof a.volume_level === "number")
        out.push(`volume ${Math.round(a.volume_level * 100)}%${a.is_volume_muted ? " (muted)" : ""}`);
      break;
    case "humidifier":
      out.push(a.humidity !== undefined ? `target ${pct(a.humidity)}` : undefined);
      out.push(
        a.current_humidity !== undefined ? `current ${pct(a.current_humidity)}` : undefined,
        str(a.mode, "mode"),
      );
      break;
    case "water_heater":
      out.push(a.current_temperature !== undefined ? `current ${temp(a.current_temperature)}` : undefined);
      out.push(a.temperature !== undefined ? `target ${temp(a.temperature)}` : undefined);
      break;
    case "weather":
      if (typeof a.temperature === "number") out.push(`${a.temperature} ${a.temperature_unit ?? deg}`.trim());
      out.push(a.humidity !== undefined ? `humidity ${pct(a.humidity)}` : undefined);
      break;
    case "vacuum":
      out.push(str(a.status, "status"), str(a.fan_speed, "fan"));
      break;
    case "calendar":
      // The current or next event, as HA's calendar entity holds it: outside text (provenance/free-text.ts).
      out.push(str(a.message, "event"), str(a.start_time, "from"), str(a.location, "at"));
      out.push(
        typeof a.description === "string" && a.description
          ? `details ${clip(a.description, 300)}`
          : undefined,
      );
      break;
  }
  const battery = a.battery_level ?? a.battery;
  if (typeof battery === "number" && entity.deviceClass !== "battery") out.push(`battery ${pct(battery)}`);
  return out.filter((s): s is string => Boolean(s));
}

function str(value: unknown, label: string): string | undefined {
  return typeof value === "string" && value ? `${label} ${value}` : undefined;
}

function noneless(value: unknown, label: string): string | undefined {
  return typeof value === "string" && value && value !== "none" ? `${label} ${value}` : undefined;
}

/** "just now", "5 min ago", "3 h ago", or the local date and time when older than a day. */
export function when(iso: string, ctx: Pick<FormatContext, "now" | "timeZone">): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "?";
  const seconds = Math.round((ctx.now - at) / 1000);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return localTime(at, ctx);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** `2026-12-01 18:03` in the home's time zone. */
export function localTime(at: number, ctx: Pick<FormatContext, "timeZone">): string {
  const zone = ctx.timeZone;
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("sv-SE", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hour12: false,
    });
    formatters.set(zone, formatter);
  }
  return formatter.format(at);
}
