import { clearWinner, resolve, type HomeAssistant } from "../ha/index.js";
import { InputError } from "../input-error.js";
import type { TriggerSchedule } from "./types.js";

/** "Remind me when …": a state or a number of one entity, maybe held for a while. */
export interface WhenState {
  /** The entity, by id or by name in the user's words. */
  entity: string;
  to?: string;
  from?: string;
  above?: number;
  below?: number;
  forMinutes?: number;
  everyTime?: boolean;
}

/**
 * "Remind me when …" as an HA trigger: the entity found by id or name (ambiguity and unexposed entities
 * refused with what to send instead), and a state or numeric_state trigger, maybe held for a while.
 */
export async function triggerScheduleOf(ha: HomeAssistant, when: WhenState): Promise<TriggerSchedule> {
  const home = await ha.snapshot().catch((error: unknown) => {
    throw new InputError(
      `Home Assistant is unavailable right now, so "${when.entity}" cannot be found (${(error as Error).message}). Try again shortly.`,
    );
  });
  const resolution = resolve(home.directory, when.entity);
  const best = resolution.candidates[0];
  const named = (c: { entity: { name: string; entityId: string } }) =>
    `${c.entity.name} (${c.entity.entityId})`;
  if (resolution.kind === "none" || !best) {
    // Its candidates are only the nearest names, not matches.
    const hidden = resolution.unexposed[0];
    const closest = resolution.candidates.slice(0, 3).map(named);
    throw new InputError(
      hidden
        ? `${named(hidden)} is not exposed to Assist in Home Assistant, so no reminder can watch it.`
        : `No entity matches "${when.entity}"${closest.length ? ` (nearest names: ${closest.join(", ")})` : ""}. ` +
            "Ask iot_query for it first.",
    );
  }
  if (resolution.candidates.length > 1 && !clearWinner(resolution.candidates)) {
    const names = resolution.candidates.slice(0, 5).map(named);
    throw new InputError(
      `"${when.entity}" could mean: ${names.join(", ")}. Send the entity id of the one meant.`,
    );
  }
  const entity = best.entity;
  const numeric = when.above !== undefined || when.below !== undefined;
  if (numeric && (when.to !== undefined || when.from !== undefined)) {
    throw new InputError("Use either above/below (a number) or to/from (a state), not both.");
  }
  if (!numeric && when.to === undefined && when.from === undefined) {
    throw new InputError(
      'Say what should happen: `to` a state ("on", "home", "open") or `above`/`below` a number.',
    );
  }
  const minutes = when.forMinutes;
  if (minutes !== undefined && !(minutes > 0 && minutes <= 24 * 60)) {
    throw new InputError("for_minutes must be between 0 and 1440 (a day).");
  }
  const trigger: Record<string, unknown> = numeric
    ? { platform: "numeric_state", entity_id: entity.entityId, ...pick(when, "above", "below") }
    : { platform: "state", entity_id: entity.entityId, ...pick(when, "to", "from") };
  if (minutes) trigger.for = { seconds: Math.round(minutes * 60) };
  const condition = numeric
    ? [when.above !== undefined && `above ${when.above}`, when.below !== undefined && `below ${when.below}`]
        .filter(Boolean)
        .join(" and ")
    : [when.from !== undefined && `from ${when.from}`, when.to !== undefined && `to ${when.to}`]
        .filter(Boolean)
        .join(" ");
  const held = minutes ? ` for ${minutes} min` : "";
  return {
    kind: "trigger",
    trigger,
    everyTime: when.everyTime ?? false,
    description: `${entity.name} (${entity.entityId}) ${condition}${held}`,
  };
}

function pick<T extends object, K extends keyof T>(object: T, ...keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (object[key] !== undefined) out[key] = object[key];
  return out;
}
