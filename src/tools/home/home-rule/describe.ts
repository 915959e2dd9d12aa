import { clip } from "../../../text/clip.js";
import { RULE_DAYS, type RuleDay, type RuleWords } from "../../../words/rules.js";
import type { Piece } from "./pieces.js";

/** What a rule is made of, as HA's schema has it. */
export interface RuleParts {
  triggers: unknown[];
  conditions: unknown[];
  actions: unknown[];
}

type NameOf = (entityId: string) => string;

const isPiece = (value: unknown): value is Piece =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
const kindOf = (piece: Piece) => String(piece.trigger ?? piece.platform ?? piece.condition ?? "");

/**
 * A rule in plain words, as the person hears it before saying yes: "Every weekday at 07:00: turn on
 * Coffee Maker". Built from the schema pieces themselves, so what is read out is what will be written.
 */
export function describeRule(parts: RuleParts, words: RuleWords, nameOf: NameOf): string {
  const triggers = parts.triggers.filter(isPiece);
  const conditions = parts.conditions.filter(isPiece);
  const clock = triggers.length > 0 && triggers.every((t) => kindOf(t) === "time");
  const days = clock ? conditions.find(isDaysOnly) : undefined;
  const rest = conditions.filter((c) => c !== days);
  const when = clock
    ? `${dayPhrase(days, words)} ${triggers.map((t) => atTimes(t, words, nameOf)).join(words.and)}`
    : triggers.map((t) => capitalize(triggerText(t, words, nameOf))).join(words.and);
  const only = rest.length
    ? `${words.and}${words.onlyIf(rest.map((c) => conditionText(c, words, nameOf)).join(words.and))}`
    : "";
  return `${when}${only}${words.colon}${actionsText(parts.actions, words, nameOf)}`;
}

function isDaysOnly(condition: Piece): boolean {
  return (
    kindOf(condition) === "time" && condition.weekday !== undefined && !condition.after && !condition.before
  );
}

function dayPhrase(condition: Piece | undefined, words: RuleWords): string {
  if (!condition) return words.everyDay;
  const days = list(condition.weekday).map(String) as RuleDay[];
  const key = [...days].sort((a, b) => RULE_DAYS.indexOf(a) - RULE_DAYS.indexOf(b)).join(",");
  if (key === "mon,tue,wed,thu,fri") return words.weekdays;
  if (key === "sat,sun") return words.weekend;
  return words.onDays(days.map((d) => words.days[RULE_DAYS.indexOf(d)] ?? d).join(words.and));
}

function atTimes(trigger: Piece, words: RuleWords, nameOf: NameOf): string {
  return list(trigger.at)
    .map((at) => (typeof at === "string" && at.includes(".") ? nameOf(at) : words.at(clockText(at))))
    .join(words.and);
}

function triggerText(trigger: Piece, words: RuleWords, nameOf: NameOf): string {
  const names = list(trigger.entity_id)
    .map((id) => nameOf(String(id)))
    .join(words.and);
  const lasting = trigger.for !== undefined ? words.lasting(durationText(trigger.for)) : "";
  switch (kindOf(trigger)) {
    case "time":
      return `${words.everyDay} ${atTimes(trigger, words, nameOf)}`;
    case "sun":
      return words.sun(trigger.event === "sunrise" ? "sunrise" : "sunset", offsetMinutes(trigger.offset));
    case "state":
      return (
        words.becomes(
          names,
          trigger.to === undefined || trigger.to === null ? undefined : String(trigger.to),
        ) + lasting
      );
    case "numeric_state":
      return (
        (trigger.above !== undefined
          ? words.rises(names, Number(trigger.above))
          : words.falls(names, Number(trigger.below))) + lasting
      );
    case "time_pattern": {
      for (const unit of ["seconds", "minutes", "hours"] as const) {
        const every = /^\s*\/\s*(\d+)\s*$/.exec(String(trigger[unit] ?? ""));
        if (every) return words.every(Number(every[1]), unit);
      }
      return words.other("time_pattern");
    }
    case "event":
      return words.event(String(trigger.event_type));
    default:
      return words.other(kindOf(trigger) || "?");
  }
}

function conditionText(condition: Piece, words: RuleWords, nameOf: NameOf): string {
  const names = list(condition.entity_id)
    .map((id) => nameOf(String(id)))
    .join(words.and);
  switch (kindOf(condition)) {
    case "state":
      return words.is(names, list(condition.state).map(String).join("/"));
    case "numeric_state":
      return condition.above !== undefined
        ? words.isAbove(names, Number(condition.above))
        : words.isBelow(names, Number(condition.below));
    case "sun":
      return [
        condition.after ? words.afterSun(condition.after === "sunrise" ? "sunrise" : "sunset") : "",
        condition.before ? words.beforeSun(condition.before === "sunrise" ? "sunrise" : "sunset") : "",
      ]
        .filter(Boolean)
        .join(words.and);
    case "time": {
      const between =
        condition.after || condition.before
          ? words.between(
              condition.after ? clockText(condition.after) : undefined,
              condition.before ? clockText(condition.before) : undefined,
            )
          : "";
      const days = condition.weekday !== undefined ? dayPhrase(condition, words) : "";
      return [days, between].filter(Boolean).join(" ");
    }
    case "template":
      return clip(String(condition.value_template ?? ""), 80);
    default:
      return clip(JSON.stringify(condition), 80);
  }
}

function actionsText(actions: unknown, words: RuleWords, nameOf: NameOf): string {
  return list(actions)
    .filter(isPiece)
    .map((action) => actionText(action, words, nameOf))
    .join(words.then);
}

function actionText(action: Piece, words: RuleWords, nameOf: NameOf): string {
  const service = action.action ?? action.service;
  if (typeof service === "string") {
    const target = isPiece(action.target) ? action.target : {};
    const data = isPiece(action.data) ? action.data : {};
    const { entity_id: dataIds, ...settings } = data;
    const ids = [...list(target.entity_id), ...list(action.entity_id), ...list(dataIds)].map(String);
    const [, verb = service] = service.split(".");
    const names = ids.map(nameOf).join(words.and);
    const shown = Object.entries(settings).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
    const call = words.call(words.verbs[verb] ?? service, names);
    return shown.length ? `${call} (${shown.join(", ")})` : call;
  }
  if (typeof action.scene === "string")
    return words.call(words.verbs.turn_on ?? "scene", nameOf(action.scene));
  if (action.delay !== undefined) return words.wait(durationText(action.delay));
  if (action.wait_for_trigger !== undefined) {
    const until = list(action.wait_for_trigger)
      .filter(isPiece)
      .map((t) => triggerText(t, words, nameOf));
    const limit = action.timeout !== undefined ? ` (≤ ${durationText(action.timeout)})` : "";
    return words.waitUntil(until.join(words.and)) + limit;
  }
  if (action.wait_template !== undefined) return words.waitUntil(clip(String(action.wait_template), 80));
  if (action.if !== undefined) {
    const test = list(action.if)
      .filter(isPiece)
      .map((c) => conditionText(c, words, nameOf))
      .join(words.and);
    return `${words.choice(test)}${words.colon}${actionsText(action.then, words, nameOf)}`;
  }
  if (action.condition !== undefined) return words.onlyIf(conditionText(action, words, nameOf));
  return clip(JSON.stringify(action), 80);
}

/** "07:00:00" → "07:00"; anything else as given. */
function clockText(value: unknown): string {
  const text = String(value);
  const match = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(text);
  return match ? `${match[1]!.padStart(2, "0")}:${match[2]}` : text;
}

/** HA's durations: "00:15:00", 90 (seconds), or {minutes: 15}; as h:mm:ss. */
export function durationText(value: unknown): string {
  let seconds: number;
  if (typeof value === "number") seconds = value;
  else if (typeof value === "string") {
    const parts = value.split(":").map(Number);
    if (parts.some(Number.isNaN)) return value;
    seconds = parts.reduce((sum, part) => sum * 60 + part, 0);
  } else if (isPiece(value)) {
    const n = (key: string) => Number(value[key] ?? 0);
    seconds = n("days") * 86_400 + n("hours") * 3_600 + n("minutes") * 60 + n("seconds");
  } else return String(value);
  const h = Math.floor(seconds / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const s = Math.round(seconds % 60);
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** A sun trigger's offset ("-00:30:00", "+01:00", seconds) in minutes; negative: before. */
function offsetMinutes(offset: unknown): number {
  if (offset === undefined || offset === null) return 0;
  const text = String(offset).trim();
  const sign = text.startsWith("-") ? -1 : 1;
  const [, clock] = /^[+-]?(.*)$/.exec(text)!;
  const total = typeof offset === "number" ? Math.abs(offset) : (durationSeconds(clock!) ?? 0);
  return sign * Math.round(total / 60) || 0;
}

function durationSeconds(text: string): number | undefined {
  const parts = text.split(":").map(Number);
  if (parts.some(Number.isNaN)) return undefined;
  return parts.length === 1
    ? parts[0]!
    : parts.reduce((sum, part) => sum * 60 + part, 0) * (parts.length === 2 ? 60 : 1);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
