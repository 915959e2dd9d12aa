import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { configSchema, type Config } from "./schema.js";
import { FIELD_SOURCES, describeField, type FieldSource } from "./sources.js";

export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface LoadOptions {
  env?: NodeJS.ProcessEnv;
  /** The add-on's options file; read only when it exists. */
  optionsPath?: string;
}

export const ADDON_OPTIONS_PATH = "/data/options.json";

/** What a background thought may use (its AutonomousToolPolicy) unless the user narrows it. */
export const AUTONOMOUS_TOOLS = [
  "iot_query",
  "iot_control",
  "memory_search",
  "web_search",
  "calculator",
  "datetime",
  "web_fetch",
  "reminder_create",
  "reminder_list",
  "reminder_delete",
] as const;

function defaults(addon: boolean) {
  return {
    llm: {
      baseUrl: "https://api.deepseek.com",
      model: "deepseek-v4-flash",
      maxRetries: 2,
      // Voice users wait on a silent line: notice a dead or stalled provider in seconds, not minutes.
      requestTimeoutMs: 30_000,
      idleTimeoutMs: 20_000,
    },
    server: {
      port: 8099,
      host: addon ? "0.0.0.0" : "127.0.0.1",
      trustUserHeaders: addon,
      showAllConversations: false,
    },
    dataDir: addon ? "/data" : "./data",
    supervisorUrl: "http://supervisor",
    assist: {
      ollamaPort: 11434,
      wyomingPort: 10600,
      host: addon ? "0.0.0.0" : "127.0.0.1",
      allowNetworks: [],
      languages: [
        "en",
        "en-US",
        "en-GB",
        "zh",
        "zh-CN",
        "zh-Hans",
        "zh-Hant",
        "zh-TW",
        "zh-HK",
        "de",
        "de-DE",
        "fr",
        "fr-FR",
      ],
      deadlineMs: 25_000,
      spokenProgress: true,
    },
    ha: { exposeAll: false, sensitiveDomains: [] },
    agent: {
      maxRounds: 5,
      toolTimeoutMs: 8_000,
      backgroundTimeoutMs: 600_000,
      maxToolResultChars: 24_000,
      turnDeadlineMs: 120_000,
    },
    tools: { disabled: [] },
    mcp: {},
    mcpClient: { servers: [], homeAssistant: false },
    reminders: { notify: [], speak: [], missedAfterMs: 12 * 3_600_000 },
    thinker: {
      enabled: true,
      tools: [...AUTONOMOUS_TOOLS],
      maxPerHour: 6,
      maxTokensPerDay: 200_000,
      dedupeMs: 10 * 60_000,
      quietHours: "23:00-07:00",
      schedulePrompt:
        "Look over the home and the day ahead. Is there anything worth doing, or worth telling the user?",
      watch: [],
      watchDebounceMs: 60_000,
      yieldMs: 30_000,
    },
    network: { allowHosts: [], denyHosts: [], allowPrivate: false },
    web: { timeoutMs: 15_000, maxDownloadMb: 5, maxChars: 8_000 },
    embeddings: {},
    knowledge: { maxDocumentMb: 20 },
    logLevel: "info",
  };
}

/** Loads the configuration: defaults, then /data/options.json, then environment variables. */
export function loadConfig(options: LoadOptions = {}): Config {
  const env = options.env ?? process.env;
  // Only tests move it: the add-on's options are always /data/options.json.
  const optionsPath = options.optionsPath ?? env.CYRENE_OPTIONS_PATH ?? ADDON_OPTIONS_PATH;
  const addon = Boolean(env.SUPERVISOR_TOKEN);
  const raw: Record<string, unknown> = { ...defaults(addon), optionsPath };

  const addonOptions = readOptionsFile(optionsPath);
  for (const source of FIELD_SOURCES) {
    if (source.option && isPresent(addonOptions[source.option])) {
      setPath(raw, source.path, coerce(source, addonOptions[source.option], `option "${source.option}"`));
    }
  }
  for (const source of FIELD_SOURCES) {
    const value = source.env ? env[source.env] : undefined;
    if (isPresent(value)) setPath(raw, source.path, coerce(source, value, source.env!));
  }

  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${describeField(i.path.join("."))}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.dataDir) };
}

function readOptionsFile(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  try {
    const value: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${path} is not valid JSON (${(error as Error).message})`);
  }
  throw new ConfigError(`Invalid configuration: ${path} must hold a JSON object`);
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

function coerce(source: FieldSource, value: unknown, origin: string): unknown {
  if (typeof value === "string" && source.type === "list") {
    return value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  }
  if (typeof value === "string" && source.type === "json") {
    try {
      return JSON.parse(value) as unknown;
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration: ${describeField(source.path)}: ${origin} must be JSON (${(error as Error).message})`,
      );
    }
  }
  if (typeof value === "string" && source.type === "bool") {
    if (/^(1|true|yes|on)$/i.test(value)) return true;
    if (/^(0|false|no|off)$/i.test(value)) return false;
    throw new ConfigError(
      `Invalid configuration: ${describeField(source.path)}: ${origin} must be true or false`,
    );
  }
  if (source.type === "string" || typeof value !== "string") {
    if (typeof value === "number" && source.type === "seconds") return value * 1000;
    if (typeof value === "number" && source.type === "minutes") return value * 60_000;
    return value;
  }
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number)) {
    throw new ConfigError(`Invalid configuration: ${describeField(source.path)}: ${origin} must be a number`);
  }
  return source.type === "seconds"
    ? Math.round(number * 1000)
    : source.type === "minutes"
      ? Math.round(number * 60_000)
      : number;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
}

/** Runs a constructor that validates settings further than the schema can; its complaint names the field. */
export function configured<T>(field: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${field}: ${(error as Error).message}`);
  }
}
