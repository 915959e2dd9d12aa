import { z } from "zod";
import type { HomeAssistant, HomeSnapshot } from "../../ha/index.js";
import type { HomeTime } from "../../time/home-time.js";
import { ToolError, type Tool, type ToolContext } from "../contract.js";
import { defineTool } from "../define-tool.js";
import type { Effect } from "../effects.js";
import type { Confirmations } from "../confirmations.js";
import { asToolError, ensureExposedNow, withFreshExposure } from "./iot/ha-access.js";
import { callAndReport } from "./iot/outcome.js";
import { describeAction, riskOf, type PlannedAction } from "./iot/risk.js";
import { findService, validateData } from "./iot/services.js";
import { speakerAreaId } from "./iot/speaker-area.js";
import { notExposed } from "./iot/target-errors.js";
import { resolveTargets, splitTargets } from "./iot/targets.js";

export interface IotControlOptions {
  ha: HomeAssistant;
  /** Domains whose every action needs the user's confirmation in a following turn. */
  sensitiveDomains: string[];
  /** Now, and the home's zone for the times shown. */
  time: Pick<HomeTime, "now" | "zone">;
  /** How long to wait for the new state after a call (default 2 s). */
  settleMs?: number;
  /** The risky actions waiting for the user's yes: the one store, built in compose. */
  confirmations: Confirmations;
  /** More targets than this need `all: true` (default 5). */
  maxTargetsWithoutAll?: number;
}

// Strict: an argument dropped unseen (an older shape's `area` with all: true) could widen the target.
const parameters = z.strictObject(
  {
    service: z
      .string()
      .optional()
      .describe("domain.service: light.turn_on, climate.set_temperature, cover.open_cover…"),
    target: z
      .string({
        error: 'target is one string; several targets comma-separated: "客厅的灯, light.desk_lamp".',
      })
      .optional()
      .describe("device, room and/or kind (客厅的灯, bedroom lamp) or entity ids, comma-separated"),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "HA fields: brightness_pct, color_name, color_temp_kelvin, temperature, hvac_mode, position…",
      ),
    all: z.boolean().optional().describe("only if the user asked for all (所有/全部)"),
    // How to confirm is told by the confirmation_required answer, the only place an id comes from.
    confirmation_id: z.string().optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `iot_control has no ${issue.keys.map((k) => `"${k}"`).join(", ")}; it takes service (domain.service), ` +
          'target (device, room and/or kind, or entity ids, comma-separated: "卧室的灯", "light.a, light.b"), ' +
          "data, all, confirmation_id. 请把房间和设备写进 target。"
        : undefined,
  },
);

const DESCRIPTION =
  "Control smart-home devices (控制设备): lights 开关灯, brightness/color 亮度/颜色, AC 空调, curtains 窗帘, " +
  "locks 门锁, fans 风扇, scenes 场景.";

/** The iot_control tool: validated service calls with confirmation of risky actions. */
export function iotControlTool(options: IotControlOptions): Tool {
  const { confirmations } = options;
  const sensitive = new Set(options.sensitiveDomains);
  const settleMs = options.settleMs ?? 2_000;

  const run = async (home: HomeSnapshot, action: PlannedAction, ctx: ToolContext, confirmed: boolean) => {
    await ensureExposedNow(options.ha, guarded(home, action));
    try {
      const outcome = await callAndReport(options.ha, home, action, options.time, settleMs, ctx.signal);
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
    effects: homeChangesOf,
    async execute(args, ctx) {
      const planned = await withFreshExposure(options.ha, (home) => ({ home, ...plan(home, args, ctx) }));
      const { home, action, confirmationId } = planned;
      if (confirmationId) return run(home, action, ctx, true);
      const risk = riskOf(action, sensitive);
      if (!risk) return run(home, action, ctx, false);
      const description = describeAction(action);
      if (ctx.turn.policy.autonomous) {
        throw new ToolError(
          `Not done: to ${description} needs the user's confirmation because ${risk}, and no one is here ` +
            "to give it. Tell the user instead, if it matters.",
        );
      }
      const entityIds = action.entities.map((e) => e.entityId);
      const { domain, service, data } = action;
      const id = confirmations.create("iot_control", { domain, service, data, entityIds, description }, ctx);
      return {
        status: "confirmation_required",
        confirmation_id: id,
        would: description,
        reason: `needs the user's confirmation because ${risk}`,
        note:
          `NOT done. Ask the user to confirm that you should ${description} (需要用户确认). Only if they agree in ` +
          `their next message, call iot_control with just confirmation_id "${id}" (valid a few minutes).`,
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
    const [domain, service] = splitService(args.service);
    const definition = findService(home.services, domain, service);
    // Models sometimes put the target into the data, as in HA's YAML.
    const { entity_id: dataIds, ...rest } = args.data ?? {};
    const targets = [
      ...splitTargets(args.target),
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
          all: args.all === true,
          maxWithoutAll: options.maxTargetsWithoutAll,
          states: home.states,
          speakerAreaId: speakerAreaId(dir, home.states, ctx.turn, ctx.logger),
        })
      : [];
    const action: PlannedAction = { domain, service, entities, data };
    return { action, confirmationId: undefined };
  }
}

/**
 * What a call would change (Tool.effects): the service on the devices its words name. A call carrying a
 * confirmation id changes what the person already said yes to: the confirmation store judges that yes.
 */
export function homeChangesOf(args: z.output<typeof parameters>): Effect[] {
  if (args.confirmation_id?.trim() || !args.service) return [];
  const ids = [args.data?.entity_id].flat().filter((id): id is string => typeof id === "string");
  const targets = [...splitTargets(args.target), ...ids];
  return [{ kind: "home", service: args.service.trim().toLowerCase(), targets, all: args.all === true }];
}

/** The entities whose exposure allows the call: its targets, or the script a `script.<name>` call runs. */
function guarded(home: HomeSnapshot, action: PlannedAction) {
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
