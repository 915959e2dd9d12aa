import { z } from "zod";
import type { HomeAssistant, HomeSnapshot } from "../../ha/index.js";
import { ToolError, type Tool, type ToolContext } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { Confirmations } from "./iot/confirmations.js";
import { asToolError, withFreshExposure } from "./iot/ha-access.js";
import { callAndReport } from "./iot/outcome.js";
import { describeAction, riskOf, type PlannedAction } from "./iot/risk.js";
import { findService, validateData } from "./iot/services.js";
import { notExposed, resolveTargets } from "./iot/targets.js";

export interface IotControlOptions {
  ha: HomeAssistant;
  /** Domains whose every action needs the user's confirmation in a following turn. */
  sensitiveDomains: string[];
  /** How long to wait for the new state after a call (default 2 s). */
  settleMs?: number;
  /** How long a confirmation stays valid (default 5 min). */
  confirmationTtlMs?: number;
  /** More targets than this need `all: true` (default 5). */
  maxTargetsWithoutAll?: number;
}

const parameters = z.object({
  domain: z
    .string()
    .optional()
    .describe(
      'Service domain, usually the entity\'s domain: "light", "switch", "climate", "cover", "lock", "fan", "media_player", "scene"…',
    ),
  service: z
    .string()
    .optional()
    .describe(
      'Service name: "turn_on", "turn_off", "toggle", "set_temperature", "set_hvac_mode", "open_cover", "close_cover", "set_cover_position", "lock", "unlock", "volume_set"…',
    ),
  target: z
    .string()
    .optional()
    .describe(
      'Which device(s), in the user\'s words or as an entity id: "客厅的灯", "bedroom lamp", "light.kitchen_lights", "车库门".',
    ),
  entity_ids: z
    .array(z.string())
    .optional()
    .describe("Exact entity ids (e.g. from iot_query), instead of or besides target."),
  area: z.string().optional().describe('Limit to an area (name or alias), e.g. "卧室".'),
  data: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "Service fields, HA names: brightness_pct (0–100), color_name (CSS name, e.g. red), color_temp_kelvin (e.g. 2700), " +
        "rgb_color [r,g,b], temperature (climate target), hvac_mode, position (cover 0–100), percentage (fan), volume_level (0–1).",
    ),
  all: z
    .boolean()
    .optional()
    .describe(
      "true only when the user explicitly asked for all/every (所有/全部) matching devices, e.g. “turn off all lights”.",
    ),
  confirmation_id: z
    .string()
    .optional()
    .describe(
      "Only after the user confirmed, in a new message, an action this tool said needs confirmation: its confirmation id.",
    ),
});

const DESCRIPTION =
  "Control smart-home devices through Home Assistant (控制设备: 开关灯、调亮度/颜色/色温、空调温度和模式、窗帘、门锁、" +
  "风扇、场景…) by calling a Home Assistant service on devices named in the user's words or by entity id. " +
  "Reports the real state afterwards. Refuses ambiguous names (ask the user which one), devices not exposed to Assist, " +
  "and whole-house or many-device actions unless all=true because the user asked for all. Unlocking, opening a " +
  "garage door or gate and disarming an alarm return status confirmation_required: ask the user, and only when " +
  "they agree in their next message call again with confirmation_id.";

/** The iot_control tool: validated service calls with confirmation of risky actions. */
export function iotControlTool(options: IotControlOptions): Tool {
  const confirmations = new Confirmations(options.confirmationTtlMs);
  const sensitive = new Set(options.sensitiveDomains);
  const settleMs = options.settleMs ?? 2_000;

  const run = async (home: HomeSnapshot, action: PlannedAction, ctx: ToolContext, confirmed: boolean) => {
    try {
      const outcome = await callAndReport(options.ha, home, action, settleMs, ctx.signal);
      return {
        done: (confirmed ? "confirmed and done: " : "") + describeAction(action),
        results: outcome.results,
        ...(outcome.unchanged.length
          ? {
              note: "Home Assistant accepted the call, but some states did not change (yet); say so rather than claiming success.",
            }
          : {}),
      };
    } catch (error) {
      throw asToolError(error);
    }
  };

  return defineTool({
    name: "iot_control",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      const planned = await withFreshExposure(options.ha, (home) => ({ home, ...plan(home, args, ctx) }));
      const { home, action, confirmationId } = planned;
      if (confirmationId) return run(home, action, ctx, true);
      const risk = riskOf(action, sensitive);
      if (!risk) return run(home, action, ctx, false);
      const description = describeAction(action);
      const entityIds = action.entities.map((e) => e.entityId);
      const { domain, service, data } = action;
      const id = confirmations.create({ domain, service, data, entityIds, description }, ctx);
      return {
        status: "confirmation_required",
        confirmation_id: id,
        would: description,
        reason: `needs the user's confirmation because ${risk}`,
        note:
          `NOT done. Ask the user to confirm that you should ${description} (需要确认). Only if they agree in their ` +
          `next message, call iot_control with confirmation_id "${id}" (valid a few minutes).`,
      };
    },
  });

  /** The action the arguments ask for, validated and resolved; throws ToolErrors for the LLM. */
  function plan(home: HomeSnapshot, args: z.output<typeof parameters>, ctx: ToolContext) {
    const dir = home.directory;
    if (args.confirmation_id) {
      const stored = confirmations.check(args.confirmation_id, ctx);
      const entities = stored.entityIds.map((id) => {
        const entity = dir.get(id);
        if (!entity) throw new ToolError(`${id} no longer exists in Home Assistant; nothing was done.`);
        if (!entity.exposed) throw notExposed(entity);
        return entity;
      });
      const action: PlannedAction = {
        domain: stored.domain,
        service: stored.service,
        entities,
        data: stored.data,
      };
      confirmations.consume(args.confirmation_id); // in the same synchronous step as the check: used once
      return { action, confirmationId: args.confirmation_id };
    }
    const [domain, service] = splitService(args.domain, args.service);
    const definition = findService(home.services, domain, service);
    // Models sometimes put the target into the data, as in HA's YAML.
    const { entity_id: dataIds, ...rest } = args.data ?? {};
    const entityIds = [
      ...(args.entity_ids ?? []),
      ...[dataIds].flat().filter((id) => typeof id === "string"),
    ];
    const data = validateData(`${domain}.${service}`, definition, rest);
    const wantsTarget = Boolean(args.target?.trim() || entityIds.length || args.area?.trim());
    const takesTarget = definition.target !== undefined && definition.target !== null;
    if (!takesTarget && wantsTarget) {
      throw new ToolError(`${domain}.${service} does not act on devices; call it without target.`);
    }
    if (!takesTarget) checkUntargeted(home, domain, service);
    const entities = takesTarget
      ? resolveTargets(dir, {
          domain,
          service,
          target: args.target,
          entityIds,
          area: args.area,
          all: args.all === true,
          maxWithoutAll: options.maxTargetsWithoutAll,
        })
      : [];
    const action: PlannedAction = { domain, service, entities, data };
    return { action, confirmationId: undefined };
  }
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

/** Accepts "light" + "turn_on", or "light.turn_on" in either field. */
function splitService(domain: string | undefined, service: string | undefined): [string, string] {
  const raw = (service ?? "").trim().toLowerCase();
  if (raw.includes(".")) {
    const [d, s] = raw.split(".", 2) as [string, string];
    return [d, s];
  }
  const d = (domain ?? "").trim().toLowerCase();
  if (d.includes(".") && !raw) {
    const [dd, s] = d.split(".", 2) as [string, string];
    return [dd, s];
  }
  if (!d || !raw)
    throw new ToolError(
      'Pass domain and service (e.g. domain "light", service "turn_on"), or confirmation_id.',
    );
  return [d, raw];
}
