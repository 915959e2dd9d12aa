import { ToolError } from "../../contract.js";

/** A piece of HA's automation schema as the model gives it: a trigger, a condition or an action. */
export type Piece = Record<string, unknown>;

/** One service call a rule's actions would make: what it changes in the home. */
export interface RuleCall {
  /** domain.service */
  service: string;
  entityIds: string[];
  data: Record<string, unknown>;
}

const isPiece = (value: unknown): value is Piece =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const asList = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

const ids = (value: unknown): string[] =>
  asList(value)
    .filter((id): id is string => typeof id === "string")
    .flatMap((id) => id.split(","))
    .map((id) => id.trim())
    .filter(Boolean);

// Targets Cyrene cannot check one by one against Assist's exposure: every rule names entities.
const WIDE_TARGETS = ["area_id", "device_id", "floor_id", "label_id"];

/**
 * Every entity a rule's pieces name (triggers and conditions read them, actions change them), and a
 * ToolError for what Cyrene will not write: a target it cannot check (an area, a device, a template).
 */
export function entitiesNamed(pieces: unknown[], part: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((item, i) => visit(item, `${path}[${i}]`));
    if (!isPiece(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (WIDE_TARGETS.includes(key)) {
        throw new ToolError(
          `${path}.${key}: a home rule names each device by entity_id (so Cyrene can check it is exposed to ` +
            "Assist), not by area, device or label. Nothing was written.",
        );
      }
      if (key === "at") {
        // A time trigger may read its time from an entity (input_datetime, a timestamp sensor).
        for (const at of ids(inner)) if (/^[a-z0-9_]+\.[a-z0-9_]+$/.test(at)) found.add(at);
      } else if (key === "entity_id") {
        for (const id of ids(inner)) {
          if (id.includes("{{") || !/^[a-z0-9_]+\.[a-z0-9_]+$/.test(id) || id === "all") {
            throw new ToolError(
              `${path}.entity_id "${id}" is not one entity id; name each entity. Nothing was written.`,
            );
          }
          found.add(id);
        }
      } else visit(inner, `${path}.${key}`);
    }
  };
  visit(pieces, part);
  return [...found];
}

// Action kinds that change nothing by themselves, or only hold others.
const QUIET_ACTIONS = ["delay", "wait_template", "wait_for_trigger", "condition", "variables", "stop"];
const NESTING = ["sequence", "then", "else", "default", "parallel"];

/**
 * The service calls in a rule's actions, nested ones included (if/then, choose, repeat, parallel). An
 * action of a kind Cyrene does not write (a device action, firing an event) is a ToolError.
 */
export function callsOf(actions: unknown[]): RuleCall[] {
  const calls: RuleCall[] = [];
  const visit = (value: unknown, path: string) => {
    for (const [i, item] of asList(value).entries()) {
      if (!isPiece(item)) throw new ToolError(`${path}[${i}] is not an action object. Nothing was written.`);
      const here = `${path}[${i}]`;
      const service = item.action ?? item.service;
      if (typeof service === "string") {
        const target = isPiece(item.target) ? item.target : {};
        const data = isPiece(item.data) ? item.data : {};
        const entityIds = [...ids(target.entity_id), ...ids(item.entity_id), ...ids(data.entity_id)];
        const { entity_id: _ignored, ...rest } = data;
        calls.push({ service: service.trim().toLowerCase(), entityIds: [...new Set(entityIds)], data: rest });
        continue;
      }
      if (typeof item.scene === "string") {
        calls.push({ service: "scene.turn_on", entityIds: [item.scene], data: {} });
        continue;
      }
      let known = QUIET_ACTIONS.some((k) => k in item);
      for (const key of NESTING) {
        if (!(key in item)) continue;
        known = true;
        visit(item[key], `${here}.${key}`);
      }
      if ("if" in item) known = true;
      if ("choose" in item) {
        known = true;
        for (const [c, option] of asList(item.choose).entries())
          if (isPiece(option)) visit(option.sequence, `${here}.choose[${c}].sequence`);
      }
      if (isPiece(item.repeat)) {
        known = true;
        visit(item.repeat.sequence, `${here}.repeat.sequence`);
      }
      if (!known) {
        throw new ToolError(
          `${here}: Cyrene writes service calls (action: domain.service with target.entity_id), delay, ` +
            "wait_for_trigger, wait_template, condition, if/then/else, choose, repeat, parallel and sequence; " +
            `not ${Object.keys(item).join("/") || "an empty action"}. Nothing was written.`,
        );
      }
    }
  };
  visit(actions, "actions");
  return calls;
}

/** "Every 0 minutes" and other patterns that never or always fire: a ToolError. */
export function checkTimePatterns(triggers: unknown[]): void {
  for (const trigger of triggers.filter(isPiece)) {
    if ((trigger.trigger ?? trigger.platform) !== "time_pattern") continue;
    for (const unit of ["hours", "minutes", "seconds"]) {
      const value = trigger[unit];
      if (value === undefined) continue;
      const every = /^\s*\/\s*(\d+)\s*$/.exec(String(value));
      if (every && Number(every[1]) === 0) {
        throw new ToolError(
          `"every 0 ${unit}" never comes round: give a period of at least 1 (${unit}: "/5" is every 5 ${unit}). ` +
            "Nothing was written.",
        );
      }
    }
  }
}
