/** The days as HA's time condition names them, Monday first. */
export const RULE_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type RuleDay = (typeof RULE_DAYS)[number];

/**
 * How a home rule (a Home Assistant automation Cyrene writes) is said back to the person before they say
 * yes: "Every weekday at 07:00: turn on Coffee Maker. Create it?". Each function builds one clause.
 */
export interface RuleWords {
  /** Day names, Monday first. */
  days: readonly [string, string, string, string, string, string, string];
  everyDay: string;
  weekdays: string;
  weekend: string;
  /** "On Mon, Wed" */
  onDays(days: string): string;
  /** "at 07:00" */
  at(time: string): string;
  /** "30 minutes after sunset", "at sunrise" (minutes < 0: before). */
  sun(event: "sunrise" | "sunset", minutes: number): string;
  /** "every 5 minutes" */
  every(amount: number, unit: "hours" | "minutes" | "seconds"): string;
  /** "When Front Door turns on" (to undefined: changes). */
  becomes(name: string, to: string | undefined): string;
  /** "When Bathroom Humidity rises above 70" */
  rises(name: string, above: number): string;
  falls(name: string, below: number): string;
  /** A duration clause added to a trigger or a wait: "for 00:15:00". */
  lasting(duration: string): string;
  /** "When the event cyrene_x fires" */
  event(type: string): string;
  /** A trigger kind the words do not cover. */
  other(kind: string): string;
  /** Conditions: "only if …" */
  onlyIf(text: string): string;
  is(name: string, state: string): string;
  isAbove(name: string, value: number): string;
  isBelow(name: string, value: number): string;
  afterSun(event: "sunrise" | "sunset"): string;
  beforeSun(event: "sunrise" | "sunset"): string;
  between(after: string | undefined, before: string | undefined): string;
  /** Actions: "turn on Coffee Maker" from the service's verb. */
  verbs: Record<string, string>;
  call(service: string, names: string): string;
  wait(duration: string): string;
  /** "wait until Bathroom Humidity falls below 60" */
  waitUntil(text: string): string;
  /** "if …, then …" inside actions. */
  choice(text: string): string;
  /** Between when and what: "Every day at 07:00: turn on …". */
  colon: string;
  /** Joins clauses and lists. */
  and: string;
  then: string;
  /** "{rule}. Create it?" */
  askCreate(rule: string): string;
  askChange(rule: string): string;
  /** The warning said before a yes for an action that unlocks, opens a garage or gate, or disarms. */
  risky(action: string): string;
}
