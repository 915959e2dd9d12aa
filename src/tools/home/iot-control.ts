import { z } from "zod";
import type { HomeAssistant, HomeSnapshot } from "../../ha/index.js";
import type { HomeTime } from "../../time/home-time.js";
import type { ConfirmedAction } from "../../turn/tool-policy.js";
import { ToolError, type Tool, type ToolContext } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { packFor } from "../../words/packs.js";
import type { Effect } from "../effects.js";
import type { Confirmations } from "../confirmations.js";
import { asToolError, ensureExposedNow, withFreshExposure } from "./iot/ha-access.js";
import { callAndReport } from "./iot/outcome.js";
import { describeAction, riskOf, type PlannedAction } from "./iot/risk.js";
import { confirmedAction, guarded, planAction } from "./iot/plan.js";
import { splitTargets } from "./iot/targets.js";

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
      // A risk of the action, or the loop's doubt that the person asked for any change at all.
      const risk = riskOf(action, sensitive) ?? ctx.confirmFirst?.why;
      if (!risk) return run(home, action, ctx, false);
      const description = describeAction(action);
      if (sameAction(ctx.turn.policy.confirmedBefore, action)) return run(home, action, ctx, true);
      if (ctx.turn.policy.autonomous) {
        throw new ToolError(
          `Not done: to ${description} needs the user's confirmation because ${risk}, and no one is here ` +
            "to give it. Tell the user instead, if it matters.",
        );
      }
      const entityIds = action.entities.map((e) => e.entityId);
      const { domain, service, data } = action;
      const id = confirmations.create("iot_control", { domain, service, data, entityIds, description }, ctx);
      const pack = packFor(ctx.confirmFirst?.language ?? ctx.turn.language);
      const question = pack?.actionLines.askBeforeActing(
        service,
        action.entities.map((e) => e.name),
      );
      return {
        status: "confirmation_required",
        confirmation_id: id,
        would: description,
        reason: `needs the user's confirmation because ${risk}`,
        ...(question ? { question } : {}),
        note:
          `NOT done. Ask the user to confirm that you should ${description} (需要用户确认)` +
          (question ? `: "${question}"` : "") +
          `. Only if they agree in their next message, call iot_control with just confirmation_id "${id}" (valid a few minutes).`,
      };
    },
  });

  /** The action the arguments ask for, validated and resolved; throws ToolErrors for the LLM. */
  function plan(home: HomeSnapshot, args: z.output<typeof parameters>, ctx: ToolContext) {
    if (args.confirmation_id) {
      const stored = confirmations.check(args.confirmation_id, ctx, "iot_control");
      const action = confirmedAction(home, stored, "nothing was done");
      confirmations.consume(args.confirmation_id); // in the same synchronous step as the check: used once
      return { action, confirmationId: args.confirmation_id };
    }
    const action = planAction(home, args, ctx, options.maxTargetsWithoutAll);
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

/** The action is exactly the one the person confirmed beforehand: same service, same entities. */
function sameAction(confirmed: ConfirmedAction | undefined, action: PlannedAction): boolean {
  if (!confirmed) return false;
  const ids = new Set(action.entities.map((e) => e.entityId));
  return (
    confirmed.domain === action.domain &&
    confirmed.service === action.service &&
    confirmed.entityIds.length === ids.size &&
    confirmed.entityIds.every((id) => ids.has(id))
  );
}
