import { z } from "zod";
import type { Effect } from "../effects.js";
import {
  AutomationRefusedError,
  type AutomationConfig,
  type EntityInfo,
  type HomeAssistant,
  type HomeSnapshot,
} from "../../ha/index.js";
import { spokenPack } from "../../words/speech-for.js";
import type { RuleWords } from "../../words/rules.js";
import type { Confirmations } from "../confirmations.js";
import { ToolError, type ToolContext } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { callsOf, checkTimePatterns, entitiesNamed, type RuleCall } from "./home-rule/pieces.js";
import { describeRule, type RuleParts } from "./home-rule/describe.js";
import {
  findRule,
  listRules,
  newRuleId,
  RULE_LABEL,
  ruleAlias,
  ruleDescription,
  type ListedRule,
} from "./home-rule/owned.js";
import { asToolError, ensureExposedNow, homeSnapshot } from "./iot/ha-access.js";
import { riskOf, type PlannedAction } from "./iot/risk.js";
import { findService } from "./iot/services.js";
import { notExposed } from "./iot/target-errors.js";

export interface HomeRuleOptions {
  ha: HomeAssistant;
  confirmations: Confirmations;
  /** Domains whose every action needs the user's yes (iot_control's setting). */
  sensitiveDomains: string[];
  /** How long to wait for HA to load a rule it wrote (default 10 s). */
  loadTimeoutMs?: number;
}

const piece = z.record(z.string(), z.unknown());

// Loose: HA's own `conditions` list is taken too, though not offered (the tokens are paid on every request).
const parameters = z.looseObject({
  action: z.enum(["create", "list", "off", "on", "change", "delete"]).optional(),
  rule: z.string().optional(),
  user_words: z.string().optional(),
  triggers: z.array(piece).optional(),
  actions: z.array(piece).optional(),
  confirmation_id: z.string().optional(),
});

type Args = z.output<typeof parameters>;

const DESCRIPTION = "Home rules 自动化 (every weekday at 7; when the door opens) kept in HA.";

// Services a rule may call without a target: they change no device.
const UNTARGETED_DOMAINS = new Set(["notify", "persistent_notification", "tts"]);

/**
 * The home_rule tool: repeating and event rules written as real Home Assistant automations, through
 * HA's automation editor API, after the person heard the rule in plain words and said yes. Only the rules
 * Cyrene made (its id prefix) can be switched, changed or deleted; the others are read-only. Never
 * offered to a background thought (attendedOnly: the registry enforces it).
 */
export function homeRuleTool(options: HomeRuleOptions) {
  const { ha, confirmations } = options;
  const sensitive = new Set(options.sensitiveDomains);
  // Per conversation: how often HA refused the rule the model offered; the second refusal ends the try.
  const refusals = new Map<string, number>();

  return defineTool({
    name: "home_rule",
    description: DESCRIPTION,
    parameters,
    attendedOnly: true,
    // A rule's service calls act on the devices it names; switching or removing a rule ties to no device words.
    effects: (args) =>
      homeChangesOf(args).map(({ service, entityIds }): Effect =>
        service.startsWith("automation.")
          ? { kind: "other", what: `${service} ${entityIds.join(", ")}` }
          : { kind: "home", service, targets: entityIds },
      ),
    async execute(args, ctx) {
      const automations = ha.automations;
      if (!automations) throw new ToolError("This Home Assistant connection cannot edit automations.");
      try {
        if (args.confirmation_id) return await write(args.confirmation_id, ctx);
        const action = args.action ?? (args.triggers || args.actions ? "create" : "list");
        const home = await homeSnapshot(ha);
        if (action === "list" && !args.rule) return listed(home);
        if (action === "create" || action === "change") return await ask(home, args, action, ctx);
        const rule = pick(home, args.rule);
        if (action === "list") return await explain(home, rule, args, ctx);
        mine(rule, action);
        if (action === "delete") {
          const removed = await automations.remove(rule.id);
          return {
            done: removed ? `deleted the rule "${rule.name}"` : `the rule "${rule.name}" was already gone`,
          };
        }
        await ha.callService({ domain: "automation", service: `turn_${action}`, entityIds: [rule.entityId] });
        return { done: `switched the rule "${rule.name}" ${action}` };
      } catch (error) {
        if (error instanceof AutomationRefusedError) throw new ToolError(refusedNote(error.message, ctx));
        throw asToolError(error);
      }
    },
  });

  function listed(home: HomeSnapshot) {
    const rules = listRules(home.states);
    return {
      rules: rules.slice(0, 40).map((r) => ({
        rule: r.id || r.entityId,
        name: r.name,
        on: r.on,
        made_by_cyrene: r.mine,
        ...(r.lastTriggered ? { last_ran: r.lastTriggered } : {}),
      })),
      ...(rules.length > 40 ? { more: rules.length - 40 } : {}),
      note: "Only rules made_by_cyrene can be switched, changed or deleted here; the others are read-only.",
    };
  }

  function pick(home: HomeSnapshot, reference: string | undefined): ListedRule {
    const rules = listRules(home.states);
    const rule = reference ? findRule(rules, reference) : undefined;
    if (rule) return rule;
    const mineNow = rules.filter((r) => r.mine).map((r) => `${r.name} (${r.id})`);
    throw new ToolError(
      `${reference ? `No single rule matches "${reference}"` : "Say which rule (rule: its id from list)"}. ` +
        `Cyrene's rules: ${mineNow.join("; ") || "none yet"}.`,
    );
  }

  function mine(rule: ListedRule, action: string): void {
    if (rule.mine) return;
    throw new ToolError(
      `"${rule.name}" was not made by Cyrene, so Cyrene does not ${action} it; it can be changed in Home ` +
        "Assistant's automation editor.",
    );
  }

  async function explain(home: HomeSnapshot, rule: ListedRule, args: Args, ctx: ToolContext) {
    const config = rule.id ? await ha.automations!.get(rule.id) : undefined;
    const base = { rule: rule.id || rule.entityId, name: rule.name, on: rule.on, made_by_cyrene: rule.mine };
    if (!config)
      return {
        ...base,
        note: "Its configuration is in YAML, not in the automation editor; only its state is known.",
      };
    const words = wordsFor(ctx);
    return {
      ...base,
      says: describeRule(partsOf(config), words, nameIn(home)),
      description: config.description,
    };
  }

  /** Checks the rule, has HA validate its pieces, and asks the person's yes in plain words. */
  async function ask(home: HomeSnapshot, args: Args, action: "create" | "change", ctx: ToolContext) {
    const parts = splitConditions(args.triggers ?? [], [...conditionsOf(args), ...(args.actions ?? [])]);
    if (!parts.triggers.length || !parts.actions.length) {
      throw new ToolError(
        `${action} needs triggers and actions in HA's automation schema, e.g. triggers [{"trigger":"time","at":"07:00"}], ` +
          'actions [{"condition":"time","weekday":["mon","tue","wed","thu","fri"]}, ' +
          '{"action":"switch.turn_on","target":{"entity_id":"switch.coffee_maker"}}]. Nothing was written.',
      );
    }
    const said = args.user_words?.trim();
    if (!said)
      throw new ToolError(
        "Pass user_words: the user's request as they said it (it goes into the rule's description).",
      );
    const existing = action === "change" ? pick(home, args.rule) : undefined;
    if (existing) mine(existing, "change");

    checkTimePatterns(parts.triggers);
    const read = [
      ...entitiesNamed(parts.triggers, "triggers"),
      ...entitiesNamed(parts.conditions, "conditions"),
    ];
    entitiesNamed(parts.actions, "actions");
    const calls = callsOf(parts.actions);
    const changed = [...new Set(calls.flatMap((c) => c.entityIds))];
    const entities = new Map([...read, ...changed].map((id) => [id, known(home, id)]));
    const risky = calls.flatMap((call) => checkCall(home, call, entities));

    const invalid = await ha.automations!.validate(parts);
    if (invalid) throw new ToolError(refusedNote(invalid, ctx));
    refusals.delete(ctx.turn.conversationId ?? "");

    const words = wordsFor(ctx);
    const plain = describeRule(parts, words, nameIn(home));
    const warning = risky.map((action) => words.risky(riskText(action, words))).join(" ");
    const question = `${action === "create" ? words.askCreate(plain) : words.askChange(plain)}${warning ? ` ${warning}` : ""}`;
    const id = existing?.id ?? newRuleId();
    const config: AutomationConfig = {
      alias: ruleAlias(said),
      description: ruleDescription(said),
      triggers: parts.triggers,
      conditions: parts.conditions,
      actions: parts.actions,
      mode: "single",
    };
    const confirmationId = confirmations.create(
      "home_rule",
      {
        domain: "automation",
        service: action,
        entityIds: [...entities.keys()],
        data: { id, config },
        description: question,
      },
      ctx,
    );
    return {
      status: "confirmation_required",
      confirmation_id: confirmationId,
      would: question,
      note:
        `NOT written yet. Ask the user exactly this: "${question}" Only if they agree in their next message, call ` +
        `home_rule with just confirmation_id "${confirmationId}".`,
    };
  }

  /** The confirmed rule, written through HA's editor API; HA validates it again and writes nothing it refuses. */
  async function write(confirmationId: string, ctx: ToolContext) {
    const stored = confirmations.check(confirmationId, ctx, "home_rule");
    const { id, config } = stored.data as { id: string; config: AutomationConfig };
    const home = await homeSnapshot(ha);
    const entities = stored.entityIds.map((entityId) => known(home, entityId));
    await ensureExposedNow(ha, entities);
    confirmations.consume(confirmationId);
    await ha.automations!.save(id, config);
    const loaded = await ha.waitForStates(
      (states) =>
        Object.values(states).some((s) => s.entity_id.startsWith("automation.") && s.attributes.id === id),
      options.loadTimeoutMs ?? 10_000,
      ctx.signal,
    );
    const entityId = loaded
      ? Object.values((await ha.snapshot()).states).find(
          (s) => s.entity_id.startsWith("automation.") && s.attributes.id === id,
        )?.entity_id
      : undefined;
    if (entityId) await ha.automations!.label(entityId, RULE_LABEL);
    return {
      done: `${stored.service === "create" ? "created" : "changed"} the rule in Home Assistant`,
      rule: id,
      ...(entityId ? { entity_id: entityId } : { note: "Home Assistant saved it and is still loading it." }),
    };
  }

  /** The entity, known to HA and exposed to Assist; a ToolError otherwise. */
  function known(home: HomeSnapshot, entityId: string): EntityInfo {
    const entity = home.directory.get(entityId);
    if (!entity) {
      throw new ToolError(
        `Home Assistant has no entity ${entityId}. Nothing was written; find the device with iot_query and use its entity id.`,
      );
    }
    if (!entity.exposed) throw notExposed(entity);
    return entity;
  }

  /** A service call the rule would make: a service HA has, on entities that may be used; its risk, if any. */
  function checkCall(home: HomeSnapshot, call: RuleCall, entities: Map<string, EntityInfo>): PlannedAction[] {
    const [domain = "", service = "", extra] = call.service.split(".");
    if (!domain || !service || extra !== undefined) {
      throw new ToolError(
        `"${call.service}" is not domain.service (e.g. light.turn_on). Nothing was written.`,
      );
    }
    findService(home.services, domain, service);
    if (call.entityIds.length === 0) {
      const script = domain === "script" ? home.directory.get(`script.${service}`) : undefined;
      if (script && !script.exposed) throw notExposed(script);
      if (!UNTARGETED_DOMAINS.has(domain) && !script) {
        throw new ToolError(
          `${call.service} names no entity, so Cyrene can't check it acts on exposed devices: add target.entity_id. Nothing was written.`,
        );
      }
      return [];
    }
    const planned = {
      domain,
      service,
      entities: call.entityIds.map((id) => entities.get(id)!),
      data: call.data,
    };
    return riskOf(planned, sensitive) ? [planned] : [];
  }

  function refusedNote(message: string, ctx: ToolContext): string {
    const key = ctx.turn.conversationId ?? "";
    const count = (refusals.get(key) ?? 0) + 1;
    if (refusals.size > 500) refusals.clear();
    refusals.set(key, count);
    if (count === 1) {
      return `Home Assistant refused the rule: ${message}. Nothing was written. Fix the pieces and call home_rule once more.`;
    }
    refusals.delete(key);
    return (
      `Home Assistant refused the rule again: ${message}. Nothing was written. Do not try again: tell the user ` +
      "in plain words that the rule could not be made, and why."
    );
  }
}

/** A risky action in the person's words, each device with its entity id: "unlock 入户门锁 (lock.front_door_lock)". */
function riskText(action: PlannedAction, words: RuleWords): string {
  const targets = action.entities.map((e) => `${e.name} (${e.entityId})`).join(words.and);
  return words.call(words.verbs[action.service] ?? `${action.domain}.${action.service}`, targets);
}

/** The words a rule is said in: the turn's language (told, else detected), English where Cyrene has no pack. */
function wordsFor(ctx: ToolContext): RuleWords {
  return spokenPack(ctx.turn.language).rules;
}

function nameIn(home: HomeSnapshot) {
  return (entityId: string) => {
    const entity = home.directory.get(entityId);
    return entity ? entity.name : entityId;
  };
}

/** HA's `conditions` list when the model sends one, though the tool does not offer it. */
function conditionsOf(args: Args): unknown[] {
  const given = (args as Record<string, unknown>).conditions;
  if (given === undefined) return [];
  if (!Array.isArray(given))
    throw new ToolError("conditions must be a list of HA conditions. Nothing was written.");
  return given.map((c) => (typeof c === "string" ? { condition: "template", value_template: c } : c));
}

/**
 * The rule's parts, the conditions taken from the front of the actions (the tool has no field of its own
 * for them: a `condition` action there is one, and HA's editor shows it as one).
 */
export function splitConditions(triggers: unknown[], actions: unknown[]): RuleParts {
  const first = actions.findIndex((a) => !isConditionAction(a));
  const at = first === -1 ? actions.length : first;
  return { triggers, conditions: actions.slice(0, at), actions: actions.slice(at) };
}

const isConditionAction = (action: unknown): boolean =>
  typeof action === "object" && action !== null && "condition" in action && !("action" in action);

function partsOf(config: AutomationConfig): RuleParts {
  const list = (value: unknown) => (Array.isArray(value) ? value : value ? [value] : []);
  return {
    triggers: list(config.triggers ?? config.trigger),
    conditions: list(config.conditions ?? config.condition),
    actions: list(config.actions ?? config.action),
  };
}

/** One change a rule makes in the home once it runs (or, for on/off/delete, the change to the rule). */
export interface HomeChange {
  /** domain.service */
  service: string;
  entityIds: string[];
}

/**
 * The entities and services a home_rule call would change: the service calls of a rule's actions (create,
 * change), or the switch or removal of the rule itself. Pure, for a gate on calls that change the home;
 * arguments Cyrene would refuse to write change nothing.
 */
export function homeChangesOf(args: unknown): HomeChange[] {
  const parsed = parameters.safeParse(args ?? {});
  if (!parsed.success) return [];
  const { action, actions, rule } = parsed.data;
  if (action === "off" || action === "on" || action === "delete") {
    const service = action === "delete" ? "automation.delete" : `automation.turn_${action}`;
    return [{ service, entityIds: rule ? [rule] : [] }];
  }
  if (!actions?.length || (action !== undefined && action !== "create" && action !== "change")) return [];
  try {
    return callsOf(actions).map(({ service, entityIds }) => ({ service, entityIds }));
  } catch {
    return [];
  }
}
