import type { HassService, HassServices } from "../../../ha/index.js";
import { ToolError } from "../../contract.js";
import { PACKS } from "../../../words/packs.js";

export interface FieldSpec {
  required?: boolean;
  selector?: Record<string, unknown>;
  example?: unknown;
}

/** Services Cyrene will not call for a user: they restart, reload or reconfigure HA itself. */
const SYSTEM_DOMAINS = new Set([
  "hassio",
  "backup",
  "recorder",
  "logger",
  "system_log",
  "frontend",
  "cloud",
  "update",
]);
const ENTITY_SERVICES_OF_HOMEASSISTANT = new Set(["turn_on", "turn_off", "toggle", "update_entity"]);

/** The service's definition, or a ToolError naming what exists. */
export function findService(services: HassServices, domain: string, service: string): HassService {
  if (
    SYSTEM_DOMAINS.has(domain) ||
    (domain === "homeassistant" && !ENTITY_SERVICES_OF_HOMEASSISTANT.has(service)) ||
    service === "reload"
  ) {
    throw new ToolError(`${domain}.${service} manages Home Assistant itself; iot_control does not call it.`);
  }
  const domainServices = services[domain];
  if (!domainServices) {
    throw new ToolError(
      `Home Assistant has no services for "${domain}". Check the domain (the part of the entity id before the dot).`,
    );
  }
  const found = domainServices[service];
  if (!found) {
    const valid = Object.keys(domainServices)
      .filter((s) => s !== "reload")
      .sort();
    throw new ToolError(`${domain} has no service "${service}". Valid services: ${valid.join(", ")}.`);
  }
  return found;
}

/** The service's fields; sections (`advanced_fields: {fields: …}`) are flattened. */
export function serviceFields(service: HassService): Map<string, FieldSpec> {
  const out = new Map<string, FieldSpec>();
  const visit = (fields: Record<string, unknown>) => {
    for (const [name, spec] of Object.entries(fields)) {
      const field = spec as FieldSpec & { fields?: Record<string, unknown> };
      if (field.fields && !field.selector) visit(field.fields);
      else out.set(name, field);
    }
  };
  visit(service.fields as Record<string, unknown>);
  return out;
}

/** Names the LLM often uses for HA's fields. Applied only when the service has the real field. */
const ALIASES: Record<string, string> = {
  brightness_percent: "brightness_pct",
  brightness_percentage: "brightness_pct",
  percent: "brightness_pct",
  color: "color_name",
  colour: "color_name",
  colour_name: "color_name",
  color_temp: "color_temp_kelvin",
  color_temperature: "color_temp_kelvin",
  kelvin: "color_temp_kelvin",
  target_temperature: "temperature",
  temp: "temperature",
  mode: "hvac_mode",
  volume: "volume_level",
  cover_position: "position",
  position_pct: "position",
};

/**
 * Checks service data against the service's fields: unknown fields (with the valid ones listed),
 * missing required fields, numbers out of the selector's range, values not among a select's options.
 * Returns the data with aliases and colour names normalised.
 */
export function validateData(
  label: string,
  service: HassService,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const fields = serviceFields(service);
  const out: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [rawKey, value] of Object.entries(data)) {
    const key = fields.has(rawKey)
      ? rawKey
      : ALIASES[rawKey] && fields.has(ALIASES[rawKey]!)
        ? ALIASES[rawKey]!
        : undefined;
    if (!key) unknown.push(rawKey);
    else out[key] = key === "color_name" && typeof value === "string" ? colorName(value) : value;
  }
  if (unknown.length) {
    const valid = [...fields.keys()];
    throw new ToolError(
      `${label} has no field ${unknown.map((k) => `"${k}"`).join(", ")}. ` +
        (valid.length
          ? `Valid fields: ${valid.map((k) => describeField(k, fields.get(k)!)).join("; ")}.`
          : "It takes no fields."),
    );
  }
  const missing = [...fields].filter(([k, f]) => f.required && !(k in out)).map(([k]) => k);
  if (missing.length) throw new ToolError(`${label} needs ${missing.join(", ")}.`);
  for (const [key, value] of Object.entries(out)) out[key] = checkValue(label, key, value, fields.get(key)!);
  return out;
}

/** Every pack's colour words: the model may pass the person's word for a colour in any language. */
const COLORS = new Map(Object.values(PACKS).flatMap((pack) => Object.entries(pack.colors)));

function colorName(value: string): string {
  const trimmed = value.trim();
  return (
    COLORS.get(trimmed) ?? COLORS.get(trimmed.toLowerCase()) ?? trimmed.toLowerCase().replace(/[\s_-]+/g, "")
  );
}

/** The value, with numeric strings made numbers where a number is expected; throws when out of bounds. */
function checkValue(label: string, key: string, raw: unknown, field: FieldSpec): unknown {
  const selector = field.selector ?? {};
  const range = (selector.number ?? selector.color_temp) as { min?: number; max?: number } | undefined;
  const value =
    range && typeof raw === "string" && raw.trim() && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (range && (range.min !== undefined || range.max !== undefined)) {
    if (typeof value !== "number") throw new ToolError(`${label}: ${key} must be a number.`);
    if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max)) {
      throw new ToolError(
        `${label}: ${key} must be between ${range.min ?? "-∞"} and ${range.max ?? "∞"}, got ${value}.`,
      );
    }
  }
  const select = selector.select as
    { options?: (string | { value: string })[]; custom_value?: boolean } | undefined;
  if (select?.options && !select.custom_value && typeof value === "string") {
    const options = select.options.map((o) => (typeof o === "string" ? o : o.value));
    if (!options.includes(value)) {
      const shown = options.length > 30 ? options.slice(0, 30).join(", ") + ", …" : options.join(", ");
      throw new ToolError(`${label}: "${value}" is not a valid ${key}. Valid: ${shown}.`);
    }
  }
  return value;
}

function describeField(name: string, field: FieldSpec): string {
  const selector = field.selector ?? {};
  const kind = Object.keys(selector)[0];
  const range = (selector.number ?? selector.color_temp) as
    { min?: number; max?: number; unit_of_measurement?: string } | undefined;
  let hint = kind ?? "";
  if (range && range.min !== undefined)
    hint = `${range.min}–${range.max}${range.unit_of_measurement ? " " + range.unit_of_measurement : ""}`;
  return `${name}${field.required ? " (required)" : ""}${hint ? ` [${hint}]` : ""}`;
}
