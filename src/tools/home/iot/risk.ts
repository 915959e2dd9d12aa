import type { EntityInfo } from "../../../ha/index.js";

/** A service call on resolved entities, as it will be sent. */
export interface PlannedAction {
  domain: string;
  service: string;
  entities: EntityInfo[];
  data: Record<string, unknown>;
}

const OPENS_COVER = new Set([
  "open_cover",
  "open",
  "toggle",
  "turn_on",
  "set_cover_position",
  "open_cover_tilt",
]);

/**
 * Why an action needs the user's confirmation first (unlocking, opening a garage door or gate,
 * disarming an alarm, anything in a domain the user marked sensitive), or undefined when it doesn't.
 */
export function riskOf(action: PlannedAction, sensitiveDomains: ReadonlySet<string>): string | undefined {
  const { service, data } = action;
  if (sensitiveDomains.has(action.domain)) return `${action.domain} is marked sensitive in Cyrene's settings`;
  for (const entity of action.entities) {
    if (sensitiveDomains.has(entity.domain))
      return `${entity.domain} is marked sensitive in Cyrene's settings`;
    if (entity.domain === "lock" && (service === "unlock" || service === "open")) return "it unlocks a door";
    if (entity.domain === "alarm_control_panel" && service === "alarm_disarm") return "it disarms the alarm";
    const gateLike = entity.deviceClass === "garage" || entity.deviceClass === "gate";
    if (entity.domain === "cover" && gateLike && OPENS_COVER.has(service)) {
      if (service === "set_cover_position" && Number(data.position) === 0) continue;
      return `it opens a ${entity.deviceClass === "gate" ? "gate" : "garage door"}`;
    }
  }
  return undefined;
}

const VERBS: Record<string, string> = {
  turn_on: "turn on",
  turn_off: "turn off",
  toggle: "toggle",
  unlock: "unlock",
  lock: "lock",
  open: "open",
  open_cover: "open",
  close_cover: "close",
  stop_cover: "stop",
  set_cover_position: "set the position of",
  alarm_disarm: "disarm",
  alarm_arm_away: "arm (away)",
  alarm_arm_home: "arm (home)",
  alarm_arm_night: "arm (night)",
  set_temperature: "set the temperature of",
  set_hvac_mode: "set the mode of",
  press: "press",
};

/** A plain sentence of what the action does: `unlock 入户门锁 (lock.front_door_lock)`. */
export function describeAction(action: PlannedAction): string {
  const data = Object.entries(action.data);
  const settings = data.length ? ` with ${data.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")}` : "";
  if (action.entities.length === 0) return `call ${action.domain}.${action.service}${settings}`;
  const verb = VERBS[action.service] ?? `${action.domain}.${action.service} on`;
  const targets = action.entities.map((e) => `${e.name} (${e.entityId})`).join(", ");
  return `${verb} ${targets}${settings}`;
}
