/**
 * The Home Assistant Supervisor's rules for an add-on, ported from its Python sources so the tests can hold
 * config.yaml, the option schema and the translations to them. Two grammars: 2026.02.3 (the Supervisor that
 * shipped with HA 2026.2, `supervisor/addons/*.py`) and the latest one (after the add-on → app rename,
 * `supervisor/apps/*.py`); config.yaml must satisfy both.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Reads YAML as the Supervisor does: PyYAML's SafeLoader is YAML 1.1 (`on`/`yes` are booleans). */
export function readYaml(path: string): unknown {
  return parse(readFileSync(join(ROOT, path), "utf8"), { version: "1.1" });
}

/** The files a clone of the repository holds: tracked ones and new ones git would add (not ignored). */
export function repositoryFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
}

export interface Grammar {
  /** `RE_SCHEMA_ELEMENT` in options.py. */
  schemaElement: RegExp;
  /** `RE_VOLUME` in validate.py: the string forms of `map`. */
  volume: RegExp;
  /** `ARCH_ALL`: architectures the Supervisor runs (deprecated ones excluded). */
  arch: string[];
}

export const GRAMMARS: Record<"2026.02.3" | "latest", Grammar> = {
  "2026.02.3": {
    schemaElement: new RegExp(
      "^(?:" +
        "|bool" +
        "|email" +
        "|url" +
        "|port" +
        "|device(?:\\((?<filter>subsystem=[a-z]+)\\))?" +
        "|str(?:\\((?<s_min>\\d+)?,(?<s_max>\\d+)?\\))?" +
        "|password(?:\\((?<p_min>\\d+)?,(?<p_max>\\d+)?\\))?" +
        "|int(?:\\((?<i_min>\\d+)?,(?<i_max>\\d+)?\\))?" +
        "|float(?:\\((?<f_min>[\\d\\.]+)?,(?<f_max>[\\d\\.]+)?\\))?" +
        "|match\\((?<match>.*)\\)" +
        "|list\\((?<list>.+)\\)" +
        ")\\??$",
    ),
    volume:
      /^(data|config|ssl|addons|backup|share|media|homeassistant_config|all_addon_configs|addon_config)(?::(rw|ro))?$/,
    arch: ["aarch64", "amd64"],
  },
  latest: {
    schemaElement: new RegExp(
      "^(?:" +
        "|bool" +
        "|email" +
        "|url" +
        "|port" +
        "|device(?:\\((?<filter>subsystem=[a-z]+)\\))?" +
        "|str(?:\\((?<s_min>\\d+)?,(?<s_max>\\d+)?\\))?" +
        "|password(?:\\((?<p_min>\\d+)?,(?<p_max>\\d+)?\\))?" +
        "|int(?:\\((?<i_min>-?\\d+)?,(?<i_max>-?\\d+)?\\))?" +
        "|float(?:\\((?<f_min>-?\\d*\\.?\\d+)?,(?<f_max>-?\\d*\\.?\\d+)?\\))?" +
        "|match\\((?<match>.*)\\)" +
        "|list\\((?<list>.+)\\)" +
        ")\\??$",
    ),
    volume:
      /^(data|config|ssl|local_apps|addons|backup|share|media|homeassistant_config|all_app_configs|all_addon_configs|app_config|addon_config)(?::(rw|ro))?$/,
    arch: ["aarch64", "amd64"],
  },
};

/** Every key `_SCHEMA_ADDON_CONFIG` knows; it silently drops any other (`extra=vol.REMOVE_EXTRA`). */
export const CONFIG_KEYS = new Set([
  "name",
  "version",
  "slug",
  "description",
  "arch",
  "machine",
  "url",
  "startup",
  "boot",
  "init",
  "advanced",
  "stage",
  "ports",
  "ports_description",
  "watchdog",
  "webui",
  "ingress",
  "ingress_port",
  "ingress_entry",
  "ingress_stream",
  "panel_icon",
  "panel_title",
  "panel_admin",
  "homeassistant",
  "host_network",
  "host_pid",
  "host_ipc",
  "host_uts",
  "host_dbus",
  "devices",
  "udev",
  "tmpfs",
  "map",
  "environment",
  "privileged",
  "apparmor",
  "full_access",
  "audio",
  "video",
  "gpio",
  "usb",
  "uart",
  "devicetree",
  "kernel_modules",
  "realtime",
  "hassio_api",
  "hassio_role",
  "homeassistant_api",
  "stdin",
  "legacy",
  "docker_api",
  "auth_api",
  "services",
  "discovery",
  "backup_exclude",
  "backup_pre",
  "backup_post",
  "backup",
  "options",
  "schema",
  "image",
  "ulimits",
  "timeout",
  "journald",
  "breaking_versions",
]);

export const STARTUP = ["initialize", "system", "services", "application", "once"];
export const RE_SLUG = /^[-_.A-Za-z0-9]+$/;
/** `docker_port` in validate.py: a string key, `vol.All(str, vol.Match(...))`. */
export const RE_DOCKER_PORT = /^\d+(?:\/tcp|\/udp)?$/;
export const RE_WATCHDOG = /^(?:https?|\[PROTO:\w+\]|tcp):\/\/\[HOST\]:(\[PORT:\d+\]|\d+).*$/;

/** `vol.Url()`: urlparse finds a scheme and a network location. */
export function isVolUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return Boolean(url.protocol && url.host);
  } catch {
    return false;
  }
}

/** `network_port`: an int 1–65535. */
export function isNetworkPort(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 65535;
}

/** `SCHEMA_ELEMENT`: a grammar string, a list of one (string or dict) element, or a dict of elements. */
export function schemaElementProblems(element: unknown, grammar: Grammar, at: string): string[] {
  if (typeof element === "string") {
    return grammar.schemaElement.test(element) ? [] : [`${at}: "${element}" is not a schema element`];
  }
  if (Array.isArray(element)) {
    if (element.length !== 1) return [`${at}: a list schema holds exactly one element`];
    const [item] = element as unknown[];
    if (Array.isArray(item)) return [`${at}: a list may not directly contain a list`];
    return schemaElementProblems(item, grammar, `${at}[0]`);
  }
  if (element && typeof element === "object") {
    return Object.entries(element).flatMap(([key, value]) =>
      schemaElementProblems(value, grammar, `${at}.${key}`),
    );
  }
  return [`${at}: ${JSON.stringify(element)} is not a schema element`];
}

/**
 * `AddonOptions.__call__`: what the Supervisor does with the options before it starts the add-on (the
 * elements Cyrene uses: str, password, url, int, float, bool, match, list, nested lists). Returns the
 * problems; the add-on does not start while there is one.
 */
export function optionProblems(schema: Record<string, unknown>, options: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(options)) {
    if (!(key in schema)) problems.push(`${key}: not in the schema (the Supervisor drops it)`);
    else problems.push(...validateElement(schema[key], value, key));
  }
  for (const [key, element] of Object.entries(schema)) {
    if (key in options) continue;
    const single = Array.isArray(element) ? element[0] : element;
    if (!(typeof single === "string" && single.endsWith("?"))) problems.push(`${key}: Missing option`);
  }
  return problems;
}

function validateElement(element: unknown, value: unknown, key: string): string[] {
  if (Array.isArray(element)) {
    if (!Array.isArray(value)) return [`${key}: Invalid list`];
    return value.flatMap((item) => validateElement(element[0], item, key));
  }
  if (typeof element !== "string") return [`${key}: nested dicts are not used by Cyrene`];
  if (value === null || value === undefined) return [`${key}: Missing required option`];
  const match = GRAMMARS["2026.02.3"].schemaElement.exec(element);
  if (!match?.groups) return [`${key}: Unknown type '${element}'`];
  const g = match.groups;
  const range = (min?: string, max?: string) => (n: number) =>
    (min === undefined || n >= Number(min)) && (max === undefined || n <= Number(max));
  const fail = (what: string) => [`${key}: ${JSON.stringify(value)} ${what}`];
  if (element.startsWith("str") || element.startsWith("password")) {
    return typeof value === "string" ? [] : fail("is not a string");
  }
  if (element.startsWith("int")) {
    const n = typeof value === "string" ? Number(value) : value;
    if (typeof n !== "number" || !Number.isInteger(n)) return fail("is not an int");
    return range(g.i_min, g.i_max)(n) ? [] : fail(`is outside ${element}`);
  }
  if (element.startsWith("float")) {
    const n = typeof value === "string" ? Number(value) : value;
    if (typeof n !== "number" || !Number.isFinite(n)) return fail("is not a float");
    return range(g.f_min, g.f_max)(n) ? [] : fail(`is outside ${element}`);
  }
  if (element.startsWith("bool")) return typeof value === "boolean" ? [] : fail("is not a boolean");
  if (element.startsWith("url")) return isVolUrl(value) ? [] : fail("is not a URL");
  if (element.startsWith("match")) {
    // vol.Match is Python's re.match: anchored at the start only.
    return new RegExp(`^(?:${g.match!})`).test(String(value)) ? [] : fail(`does not match ${g.match}`);
  }
  if (element.startsWith("list")) {
    return g.list!.split("|").includes(String(value)) ? [] : fail(`is not one of ${g.list}`);
  }
  return [`${key}: type '${element}' is not used by Cyrene`];
}

/** `SCHEMA_ADDON_TRANSLATIONS`: `configuration: {key: {name, description?, fields?}}`, `network: {port: text}`. */
export function translationProblems(data: unknown): string[] {
  if (!data || typeof data !== "object") return ["not a mapping"];
  const problems: string[] = [];
  const { configuration, network } = data as { configuration?: unknown; network?: unknown };
  if (configuration !== undefined) {
    if (!configuration || typeof configuration !== "object") problems.push("configuration: not a mapping");
    else {
      for (const [key, entry] of Object.entries(configuration)) {
        const { name, description } = (entry ?? {}) as { name?: unknown; description?: unknown };
        if (typeof name !== "string" || !name.trim()) problems.push(`configuration.${key}.name: required`);
        if (description !== undefined && description !== null && typeof description !== "string") {
          problems.push(`configuration.${key}.description: not a string`);
        }
      }
    }
  }
  if (network !== undefined) {
    if (!network || typeof network !== "object") problems.push("network: not a mapping");
    else {
      for (const [key, text] of Object.entries(network)) {
        if (typeof text !== "string") problems.push(`network.${key}: not a string`);
      }
    }
  }
  return problems;
}
