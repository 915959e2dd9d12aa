/**
 * One plain line per tool call, in the UI's language, made from its arguments and result: "Turned on 客厅灯",
 * "Checked 3 lights: 2 on", "Set a reminder for 18:00: …". The raw arguments and result stay behind the
 * card's disclosure. Tools it does not know get "Used <tool>: <a few arguments>".
 */
import type { ToolResult } from "./api.js";
import { language, locale, t, tense, tn, type StringKey } from "./i18n.js";

export interface SummaryInput {
  name: string;
  /** The arguments as the LLM sent them (JSON text). */
  arguments: string;
  result?: ToolResult;
}

type Args = Record<string, unknown>;
type Data = Record<string, unknown>;
/** A line still in both tenses ("[Turn|Turned] on 客厅灯"). */
type Phrase = string;

/** The line for a tool call; `done` picks the past tense (a call that succeeded, not one waiting or failed). */
export function summarize(tool: SummaryInput): string {
  const args = parseObject(tool.arguments);
  const data = tool.result?.success ? asObject(tool.result.data) : undefined;
  // Past tense only for what really happened: not a question waiting for the user, not work still under way.
  const done =
    tool.result?.success === true &&
    data?.status !== "confirmation_required" &&
    data?.status !== "running_in_background";
  if (data?.status === "confirmation_required" && typeof data.would === "string") {
    return tense(fromSentence(data.would), false);
  }
  const summarizer = SUMMARIES[tool.name];
  return tense((summarizer && summarizer(args, data)) ?? generic(tool.name, args), done);
}

const SUMMARIES: Record<string, (args: Args, data: Data | undefined) => Phrase | undefined> = {
  iot_control: (args, data) => {
    if (!args.service && args.confirmation_id) {
      const sentence = str(data?.done).replace(/^confirmed and done:\s*/, "");
      return sentence ? fromSentence(sentence) : say("sum_confirmed", { target: "" });
    }
    const [domain = "", service = ""] = str(args.service).split(".");
    const named = namesIn(lines(data?.results));
    const target = named.length ? listOf(named) : str(args.target);
    if (!target) return say("sum_service_alone", { service: str(args.service) });
    const value = serviceValue(service, asObject(args.data));
    const key = SERVICE_KEYS[service];
    if (key && (value || !key.startsWith("sum_set_"))) return say(key, { target, value });
    if (domain === "scene" && service === "turn_on") return say("sum_activate_scene", { target });
    return say("sum_service", { service: str(args.service), target });
  },
  iot_query: (args, data) => {
    const query = str(args.query);
    if (!query) return say("sum_overview");
    if (args.history_hours !== undefined) return say("sum_history", { target: query });
    if (!data) return say("sum_query", { target: query });
    const found = lines(data.results).map(stateOf);
    if (num(data.matched) === 0 || found.length === 0) return say("sum_query_none", { target: query });
    const count = num(data.matched) ?? found.length;
    if (count === 1 && found[0])
      return say("sum_query_one", { target: found[0].name, state: found[0].state });
    const domains = new Set(found.map((f) => f.domain));
    const on = found.filter((f) => f.state === "on").length;
    if (domains.size === 1 && (domains.has("light") || domains.has("switch"))) {
      return plural(domains.has("light") ? "sum_query_lights" : "sum_query_switches", count, { on });
    }
    return plural("sum_query_devices", count);
  },
  reminder_create: (args, data) => {
    const message = str(args.message);
    const created = asObject(data?.created);
    const next = str(created?.next);
    if (next) return say("sum_reminder_at", { time: wallClock(next), message });
    if (!data && str(args.at)) return say("sum_reminder_at", { time: str(args.at), message });
    return say("sum_reminder", { message });
  },
  reminder_list: (_args, data) => counted("sum_reminder_list", data?.reminders),
  reminder_delete: (args, data) => {
    const message = str(asObject(data?.reminder)?.message) || str(args.match) || str(args.id);
    return say(args.only_next ? "sum_reminder_skip" : "sum_reminder_delete", { message });
  },
  knowledge_search: (args, data) =>
    counted("sum_knowledge_search", data?.results, { query: str(args.query) }),
  knowledge_ingest: (args, data) => {
    const title =
      str(data?.title) || str(args.title) || str(args.url) || str(args.path) || excerpt(str(args.text));
    return say("sum_knowledge_ingest", { title });
  },
  memory_search: (args) =>
    str(args.query) ? say("sum_memory_search", { query: str(args.query) }) : say("sum_memory_recent"),
  web_search: (args, data) => counted("sum_web_search", data?.results, { query: str(args.query) }),
  web_fetch: (args, data) => {
    const host = hostOf(str(data?.url) || str(args.url));
    const title = str(data?.title);
    return say("sum_web_fetch", { page: title ? `“${excerpt(title)}” (${host})` : host });
  },
  http: (args, data) => {
    const method = str(args.method) || "GET";
    const host = hostOf(str(args.url));
    const status = num(data?.status);
    return status !== undefined
      ? say("sum_http_status", { method, host, status: `${status} ${str(data?.status_text)}`.trim() })
      : say("sum_http", { method, host });
  },
  datetime: (args) => {
    if (str(args.until)) return say("sum_datetime_until", { until: str(args.until) });
    if (str(args.to_time_zone)) return say("sum_datetime_zone", { zone: str(args.to_time_zone) });
    if (args.calendar) return say("sum_datetime_lunar");
    return say("sum_datetime");
  },
  calculator: (args, data) => {
    const expression = str(data?.expression) || str(args.expression);
    const result = data?.result;
    return result === undefined || result === null
      ? say("sum_calculator", { expression })
      : say("sum_calculator_result", { expression, result: excerpt(String(result)) });
  },
  random: (args) => {
    const operation = str(args.operation) || (args.items ? "choice" : args.notation ? "dice" : "");
    if (operation === "dice") return say("sum_random_dice", { notation: str(args.notation) });
    if (operation === "coin") return say("sum_random_coin");
    if ((operation === "choice" || operation === "shuffle") && Array.isArray(args.items)) {
      return say("sum_random_choice", { count: args.items.length });
    }
    return say("sum_random");
  },
  crypto: (args) => {
    const key = `sum_crypto_${str(args.operation)}`;
    return isKey(key) ? say(key, { algorithm: str(args.algorithm) || "sha256" }) : undefined;
  },
  text: (args) => say(args.operation === "count" ? "sum_text_count" : "sum_text"),
  json: (args) =>
    say(
      args.operation === "validate"
        ? "sum_json_validate"
        : args.operation === "query"
          ? "sum_json_query"
          : "sum_json",
    ),
  markdown: () => say("sum_markdown"),
  file: (args) => {
    const key = `sum_file_${str(args.operation)}`;
    return say(isKey(key) ? key : "sum_file", { path: str(args.path) || "." });
  },
};

/** Services with their own phrase; `{value}` is the setting they make. */
const SERVICE_KEYS: Record<string, StringKey> = {
  turn_on: "sum_turn_on",
  turn_off: "sum_turn_off",
  toggle: "sum_toggle",
  lock: "sum_lock",
  unlock: "sum_unlock",
  open_cover: "sum_open_cover",
  close_cover: "sum_close_cover",
  stop_cover: "sum_stop_cover",
  set_temperature: "sum_set_temperature",
  set_hvac_mode: "sum_set_hvac_mode",
};

function serviceValue(service: string, data: Data | undefined): string {
  if (service === "set_temperature" && data?.temperature !== undefined) return `${str(data.temperature)}°`;
  if (service === "set_hvac_mode") return str(data?.hvac_mode);
  return "";
}

/** The server's own sentence for an action ("unlock 入户门锁 (lock.front_door_lock)"), in the UI's words. */
const VERBS: [RegExp, StringKey][] = [
  [/^turn on\b/, "sum_turn_on"],
  [/^turn off\b/, "sum_turn_off"],
  [/^toggle\b/, "sum_toggle"],
  [/^unlock\b/, "sum_unlock"],
  [/^lock\b/, "sum_lock"],
  [/^open\b/, "sum_open_cover"],
  [/^close\b/, "sum_close_cover"],
];

function fromSentence(sentence: string): Phrase {
  return actionPhrase(sentence) ?? say("sum_confirmed", { target: sentence });
}

function actionPhrase(sentence: string): Phrase | undefined {
  for (const [verb, key] of VERBS) {
    const match = verb.exec(sentence);
    if (!match) continue;
    const rest = sentence.slice(match[0].length).trim();
    const named = namesIn([rest]);
    return say(key, { target: named.length ? listOf(named) : rest });
  }
  return undefined;
}

/**
 * What a confirmation asks for, in the UI's words ("unlock 入户门锁"), from the tool's own English sentence
 * ("unlock 入户门锁 (lock.front_door_lock)"); the sentence itself when it is not one of the known actions.
 */
export function confirmationPhrase(would: string): string {
  const phrase = actionPhrase(would);
  if (!phrase) return would;
  const text = tense(phrase, false);
  return language() === "en" ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/** "客厅灯 (light.living_room_lamp): on, …" → the names before each entity id. */
function namesIn(texts: string[]): string[] {
  return texts.flatMap((text) =>
    [...text.matchAll(/([^,:(]+?) \(([a-z_]+\.[\w]+)\)/g)].map((m) => m[1]!.trim()),
  );
}

/** One of iot_query's state lines: `Name (domain.id): state, details…`. */
function stateOf(line: string): { name: string; domain: string; state: string } {
  const match = /^(.*?) \(([a-z_]+)\.[\w]+\): ([^,]*)/.exec(line);
  if (!match) return { name: line, domain: "", state: "" };
  return { name: match[1]!, domain: match[2]!, state: match[3]!.trim() };
}

/** The reminder tools' "2026-12-04 18:00 Fri" (the home's wall clock): "18:00" today, else with the date. */
function wallClock(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})/.exec(text);
  if (!match) return text;
  const [, year, month, day, time] = match;
  const today = new Date();
  const sameDay =
    Number(year) === today.getFullYear() &&
    Number(month) === today.getMonth() + 1 &&
    Number(day) === today.getDate();
  if (sameDay) return time!;
  const date = new Intl.DateTimeFormat(locale(), { month: "short", day: "numeric", timeZone: "UTC" }).format(
    Date.UTC(Number(year), Number(month) - 1, Number(day)),
  );
  return `${date} ${time}`;
}

function generic(name: string, args: Args): Phrase {
  const shown = Object.entries(args)
    .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value))
    .slice(0, 3)
    .map(([key, value]) => `${key} ${excerpt(String(value), 30)}`);
  return shown.length
    ? say("sum_generic_args", { tool: name, args: shown.join(", ") })
    : say("sum_generic", { tool: name });
}

const say = (key: StringKey, params?: Record<string, string | number>): Phrase => t(key, params);
const plural = tn;

/** The line with how many it found when the result has the list ("…: 3 results"), else without. */
function counted(
  key: StringKey & Parameters<typeof tn>[0],
  found: unknown,
  params: Record<string, string | number> = {},
): Phrase {
  return Array.isArray(found) ? plural(key, found.length, params) : say(key, params);
}

function listOf(names: string[]): string {
  const unique = [...new Set(names)];
  const shown = unique.length > 3 ? [...unique.slice(0, 3), `+${unique.length - 3}`] : unique;
  return language() === "zh" ? shown.join("、") : new Intl.ListFormat(locale()).format(shown);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return excerpt(url);
  }
}

function excerpt(text: string, max = 60): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function isKey(key: string): key is StringKey {
  return t(key as StringKey) !== key;
}

function lines(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((line): line is string => typeof line === "string") : [];
}

function str(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function num(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

function asObject(value: unknown): Data | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Data) : undefined;
}

function parseObject(text: string): Args {
  try {
    return asObject(JSON.parse(text || "{}")) ?? {};
  } catch {
    return {};
  }
}
