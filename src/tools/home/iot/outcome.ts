import type { HassEntities, HassEntity, HomeAssistant, HomeSnapshot } from "../../../ha/index.js";
import type { HomeTime } from "../../../time/home-time.js";
import { stateLine } from "./format.js";
import type { PlannedAction } from "./risk.js";

/** States that are on their way somewhere; worth waiting a moment longer for the end state. */
const TRANSITIONAL = new Set([
  "opening",
  "closing",
  "locking",
  "unlocking",
  "arming",
  "disarming",
  "pending",
  "starting",
]);

/** The state a service leads to, when it is that simple. */
const EXPECTED: Record<string, string> = {
  turn_on: "on",
  turn_off: "off",
  lock: "locked",
  unlock: "unlocked",
  open_cover: "open",
  close_cover: "closed",
  alarm_disarm: "disarmed",
};

export interface Outcome {
  /** One line per target: its state now, and what it was if that changed. */
  results: string[];
  /** Targets whose state did not change within the wait. */
  unchanged: string[];
}

/**
 * Calls the service, then waits (up to `waitMs`) until every target's state has been updated and is
 * not in a transitional state, and reports the real states.
 */
export async function callAndReport(
  ha: HomeAssistant,
  home: HomeSnapshot,
  action: PlannedAction,
  time: Pick<HomeTime, "now" | "zone">,
  waitMs: number,
  signal?: AbortSignal,
): Promise<Outcome> {
  const ids = action.entities.map((e) => e.entityId);
  const before = new Map<string, HassEntity | undefined>(ids.map((id) => [id, home.states[id]]));
  const expected =
    action.domain === "homeassistant" || action.domain === action.entities[0]?.domain
      ? EXPECTED[action.service]
      : undefined;
  const alreadyThere = (id: string) => isAlready(before.get(id), action.data, expected);

  await ha.callService({ domain: action.domain, service: action.service, data: action.data, entityIds: ids });

  const settled = (states: HassEntities) =>
    ids.every((id) => {
      const now = states[id];
      if (!now) return false;
      return alreadyThere(id) || (now !== before.get(id) && !TRANSITIONAL.has(now.state));
    });
  await ha.waitForStates(settled, waitMs, signal);

  const latest = (await ha.snapshot().catch(() => home)).states;
  const ctx = {
    directory: home.directory,
    now: time.now(),
    timeZone: time.zone(),
    temperatureUnit: home.temperatureUnit,
  };
  const outcome: Outcome = { results: [], unchanged: [] };
  for (const entity of action.entities) {
    const was = before.get(entity.entityId);
    const now = latest[entity.entityId];
    let line = stateLine(entity, now, ctx);
    if (was && now && was.state !== now.state) line += ` (was ${was.state})`;
    else if (now === was && alreadyThere(entity.entityId)) line += " (already so)";
    else if (now === was) {
      line += ` (no change seen within ${waitMs / 1000} s)`;
      outcome.unchanged.push(entity.entityId);
    }
    outcome.results.push(line);
  }
  return outcome;
}

/**
 * True when the entity already is as asked — HA then sends no update, so there is nothing to wait
 * for: the expected state (turn_on → on) and every data field that mirrors an attribute or the state
 * (temperature, hvac_mode) already hold.
 */
function isAlready(
  state: HassEntity | undefined,
  data: Record<string, unknown>,
  expected: string | undefined,
): boolean {
  if (!state) return false;
  if (expected !== undefined && state.state !== expected) return false;
  const entries = Object.entries(data);
  if (expected === undefined && entries.length === 0) return false;
  return entries.every(([key, value]) =>
    key === "hvac_mode"
      ? state.state === value
      : JSON.stringify(state.attributes[key]) === JSON.stringify(value),
  );
}
