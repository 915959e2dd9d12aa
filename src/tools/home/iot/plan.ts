import type { HomeSnapshot } from "../../../ha/index.js";
import type { StoredAction } from "../../confirmations.js";
import { ToolError, type ToolContext } from "../../contract.js";
import type { PlannedAction } from "./risk.js";
import { findService, validateData } from "./services.js";
import { speakerAreaId } from "./speaker-area.js";
import { notExposed } from "./target-errors.js";
import { resolveTargets, splitTargets } from "./targets.js";

/** A control request as the model sends it (iot_control's arguments, and reminder_create's `action`). */
export interface ControlRequest {
  service?: string;
  target?: string;
  data?: Record<string, unknown>;
  all?: boolean;
}

/**
 * The action a control request asks for, validated and resolved with iot_control's rules (exposure,
 * ambiguity as a question with the candidates, "all", rooms, the speaker's room); ToolErrors for the LLM.
 */
export function planAction(
  home: HomeSnapshot,
  request: ControlRequest,
  ctx: ToolContext,
  maxTargetsWithoutAll?: number,
): PlannedAction {
  const dir = home.directory;
  const [domain, service] = splitService(request.service);
  const definition = findService(home.services, domain, service);
  // Models sometimes put the target into the data, as in HA's YAML.
  const { entity_id: dataIds, ...rest } = request.data ?? {};
  const targets = [
    ...splitTargets(request.target),
    ...[dataIds].flat().filter((id): id is string => typeof id === "string"),
  ];
  const data = validateData(`${domain}.${service}`, definition, rest);
  const takesTarget = definition.target !== undefined && definition.target !== null;
  if (!takesTarget && targets.length) {
    throw new ToolError(`${domain}.${service} does not act on devices; call it without target.`);
  }
  if (!takesTarget) checkUntargeted(home, domain, service);
  const entities = takesTarget
    ? resolveTargets(dir, {
        domain,
        service,
        targets,
        all: request.all === true,
        maxWithoutAll: maxTargetsWithoutAll,
        states: home.states,
        speakerAreaId: speakerAreaId(dir, home.states, ctx.turn, ctx.logger),
      })
    : [];
  return { domain, service, entities, data };
}

/** The entities whose exposure allows the call: its targets, or the script a `script.<name>` call runs. */
export function guarded(home: HomeSnapshot, action: PlannedAction) {
  if (action.entities.length || action.domain !== "script") return action.entities;
  const script = home.directory.get(`script.${action.service}`);
  return script ? [script] : [];
}

/** Services that act on no device (no target) whose use can still be allowed. */
const UNTARGETED_DOMAINS = new Set(["notify", "persistent_notification", "tts"]);

/**
 * A service without a target escapes the exposure check, so only these run: notifications, and a
 * script called as `script.<name>` when that script is exposed to Assist.
 */
function checkUntargeted(home: HomeSnapshot, domain: string, service: string): void {
  if (UNTARGETED_DOMAINS.has(domain)) return;
  if (domain === "script") {
    const script = home.directory.get(`script.${service}`);
    if (script?.exposed) return;
    if (script) throw notExposed(script);
  }
  throw new ToolError(
    `${domain}.${service} acts on no particular device, so Cyrene can't check it is exposed to Assist; it is not called. ` +
      "Use a service that targets an exposed entity.",
  );
}

/** "light.turn_on" → ["light", "turn_on"]; anything else is a ToolError saying what to send. */
function splitService(raw: string | undefined): [string, string] {
  const [domain, service, extra] = (raw ?? "").trim().toLowerCase().split(".");
  if (domain && service && extra === undefined) return [domain, service];
  throw new ToolError(
    `Pass service as domain.service, e.g. "light.turn_on" or "climate.set_temperature"${raw ? `, not "${raw}"` : ""}; ` +
      "or only confirmation_id to carry out a confirmed action. service 应写成 domain.service，例如 light.turn_on。",
  );
}

/**
 * The action a person said yes to, on the devices as they are now: one deleted or no longer exposed since
 * the question fails it whole (`nothing` says what was not done), never matched again by name.
 */
export function confirmedAction(home: HomeSnapshot, stored: StoredAction, nothing: string): PlannedAction {
  const entities = stored.entityIds.map((entityId) => {
    const entity = home.directory.get(entityId);
    if (!entity) throw new ToolError(`${entityId} no longer exists in Home Assistant; ${nothing}.`);
    if (!entity.exposed) throw notExposed(entity);
    return entity;
  });
  return { domain: stored.domain, service: stored.service, entities, data: stored.data };
}
