import { randomBytes } from "node:crypto";
import type { HassEntities } from "../../../ha/index.js";
import { clip } from "../../../text/clip.js";

/** The id prefix that marks an automation as Cyrene's: only those may it change or delete. */
export const RULE_ID_PREFIX = "cyrene_rule_";

/** The label HA's automation list can be filtered by (best effort: the id prefix is the authority). */
export const RULE_LABEL = "Cyrene";

export const newRuleId = (): string => `${RULE_ID_PREFIX}${randomBytes(5).toString("hex")}`;

export const isCyrenesRule = (id: string | undefined): id is string =>
  typeof id === "string" && id.startsWith(RULE_ID_PREFIX);

/** The automation's description: who made it and from which words (HA's editor shows it). */
export function ruleDescription(words: string): string {
  return `Made by Cyrene from the words: «${clip(words.trim(), 300)}»`;
}

/** The alias HA shows and names the entity after: the words, shortened. */
export function ruleAlias(words: string): string {
  return `Cyrene: ${clip(words.trim().replace(/\s+/g, " "), 60)}`;
}

export interface ListedRule {
  id: string;
  entityId: string;
  name: string;
  on: boolean;
  mine: boolean;
  lastTriggered?: string;
}

/** Every automation HA runs (its `automation.*` states), Cyrene's first; the others read-only. */
export function listRules(states: HassEntities): ListedRule[] {
  const rules: ListedRule[] = [];
  for (const [entityId, state] of Object.entries(states)) {
    if (!entityId.startsWith("automation.")) continue;
    const id = typeof state.attributes.id === "string" ? state.attributes.id : "";
    const last = state.attributes.last_triggered;
    rules.push({
      id,
      entityId,
      name: String(state.attributes.friendly_name ?? entityId),
      on: state.state === "on",
      mine: isCyrenesRule(id),
      ...(typeof last === "string" ? { lastTriggered: last } : {}),
    });
  }
  return rules.sort((a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name));
}

/** The rule a person's reference means: its id, its entity id, or its name; undefined when none. */
export function findRule(rules: ListedRule[], reference: string): ListedRule | undefined {
  const wanted = reference.trim().toLowerCase();
  return (
    rules.find((r) => r.id.toLowerCase() === wanted || r.entityId === wanted) ??
    rules.find((r) => r.name.toLowerCase() === wanted) ??
    onlyOne(rules.filter((r) => r.name.toLowerCase().includes(wanted)))
  );
}

const onlyOne = <T>(items: T[]): T | undefined => (items.length === 1 ? items[0] : undefined);
