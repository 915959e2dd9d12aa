import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCyrene } from "../../src/compose.js";
import { loadConfig } from "../../src/config/load.js";
import { configSchema } from "../../src/config/schema.js";
import { FIELD_SOURCES, type FieldSource } from "../../src/config/sources.js";
import { createLogger } from "../../src/logging/logger.js";
import {
  CONFIG_KEYS,
  GRAMMARS,
  RE_DOCKER_PORT,
  RE_SLUG,
  RE_WATCHDOG,
  ROOT,
  STARTUP,
  isNetworkPort,
  isVolUrl,
  optionProblems,
  readYaml,
  schemaElementProblems,
} from "./supervisor.js";

interface AddonConfig {
  [key: string]: unknown;
  options: Record<string, unknown>;
  schema: Record<string, unknown>;
  ports: Record<string, unknown>;
  ports_description: Record<string, unknown>;
}

const config = readYaml("config.yaml") as AddonConfig;
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
const dir = mkdtempSync(join(tmpdir(), "cyrene-addon-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ADDON_ENV = { SUPERVISOR_TOKEN: "supervisor-token" };
const optionSources = FIELD_SOURCES.filter((s): s is FieldSource & { option: string } => Boolean(s.option));

function optionsFile(options: Record<string, unknown>): string {
  const path = join(dir, `options-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(options));
  return path;
}

/** The loader as the add-on runs it: the Supervisor's token set, these options in /data/options.json. */
function loadWith(options: Record<string, unknown>) {
  return loadConfig({ env: ADDON_ENV, optionsPath: optionsFile(options) });
}

/** The single grammar string of a schema entry (lists hold one). */
/** A list's element (a dict, as mcp_servers' servers, is named "dict"). */
function elementOf(entry: unknown): string {
  const element: unknown = Array.isArray(entry) ? entry[0] : entry;
  return typeof element === "string" ? element : "dict";
}

/** The loader's type a schema element feeds. */
function loaderTypesFor(entry: unknown): FieldSource["type"][] {
  if (Array.isArray(entry)) return elementOf(entry) === "dict" ? ["json"] : ["list"];
  const element = elementOf(entry).replace(/\?$/, "");
  if (/^(str|password|url|match)\b/.test(element)) return ["string"];
  if (/^list\(/.test(element)) return ["string"]; // an enum: one string
  if (/^int\b/.test(element)) return ["int", "seconds", "minutes"];
  if (/^float\b/.test(element)) return ["float", "seconds", "minutes"];
  if (/^bool$/.test(element)) return ["bool"];
  return [];
}

function listMembers(entry: unknown): string[] {
  return /^list\((?<list>.+)\)\??$/.exec(elementOf(entry))!.groups!.list!.split("|");
}

describe("config.yaml by the Supervisor's rules", () => {
  it("has the required keys with the right types, and no key the Supervisor would drop", () => {
    expect(typeof config.name).toBe("string");
    expect(typeof config.description).toBe("string");
    expect(config.slug).toBe("cyrene");
    expect(config.slug).toMatch(RE_SLUG);
    expect(Object.keys(config).filter((key) => !CONFIG_KEYS.has(key))).toEqual([]);
  });

  it("has the version of package.json, quoted", () => {
    expect(typeof config.version).toBe("string");
    expect(config.version).toBe(pkg.version);
  });

  it.each(Object.keys(GRAMMARS) as (keyof typeof GRAMMARS)[])(
    "runs on aarch64 and amd64 only (Supervisor %s)",
    (release) => {
      expect(config.arch).toEqual(["aarch64", "amd64"]);
      for (const arch of config.arch as string[]) expect(GRAMMARS[release].arch).toContain(arch);
    },
  );

  it("starts before Home Assistant Core, under the base image's s6-overlay", () => {
    expect(STARTUP).toContain(config.startup);
    expect(config.startup).toBe("services");
    expect(config.init).toBe(false);
  });

  it("serves its panel through ingress on 8099, watched on /healthz", () => {
    expect(config.ingress).toBe(true);
    expect(Number.isInteger(config.ingress_port) && isNetworkPort(config.ingress_port)).toBe(true);
    expect(config.ingress_port).toBe(8099);
    expect(config.panel_icon).toMatch(/^mdi:[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(typeof config.panel_title).toBe("string");
    expect(config.watchdog).toMatch(RE_WATCHDOG);
    expect(config.watchdog).toBe("http://[HOST]:[PORT:8099]/healthz");
  });

  it("has a valid url and a minimum Home Assistant version (quoted)", () => {
    expect(isVolUrl(config.url)).toBe(true);
    expect(config.homeassistant).toMatch(/^\d{4}\.\d{1,2}\.\d+$/);
    // The minimum is the oldest HA the tests run against (the root scripts/ha/provision.sh builds as "oldest").
    const provision = readFileSync(join(ROOT, "scripts/ha/provision.sh"), "utf8");
    expect(/^OLDEST=(\S+)$/m.exec(provision)?.[1]).toBe(config.homeassistant);
  });

  it("asks for the APIs it uses and announces Wyoming", () => {
    expect(config.homeassistant_api).toBe(true);
    expect(config.hassio_api).toBe(true);
    expect(config.discovery).toEqual(["wyoming", "mcp"]);
    for (const service of config.discovery as unknown[]) expect(typeof service).toBe("string");
  });

  it.each(Object.keys(GRAMMARS) as (keyof typeof GRAMMARS)[])(
    "maps share and addon_config read-write (Supervisor %s)",
    (release) => {
      expect(config.map).toEqual(["share:rw", "addon_config:rw"]);
      for (const entry of config.map as string[]) expect(entry).toMatch(GRAMMARS[release].volume);
    },
  );

  it("lists the Assist ports unpublished by default, each described", () => {
    expect(config.ports).toEqual({ "11434/tcp": null, "10600/tcp": null });
    for (const [key, host] of Object.entries(config.ports)) {
      expect(key).toMatch(RE_DOCKER_PORT);
      expect(host === null || isNetworkPort(host)).toBe(true);
    }
    expect(Object.keys(config.ports_description).sort()).toEqual(Object.keys(config.ports).sort());
    for (const text of Object.values(config.ports_description)) expect(typeof text).toBe("string");
  });

  it.each(Object.keys(GRAMMARS) as (keyof typeof GRAMMARS)[])(
    "has an option schema in the Supervisor %s grammar",
    (release) => {
      const problems = Object.entries(config.schema).flatMap(([key, element]) =>
        schemaElementProblems(element, GRAMMARS[release], key),
      );
      expect(problems).toEqual([]);
    },
  );

  it("has defaults the Supervisor accepts: each required option set, each value valid", () => {
    expect(optionProblems(config.schema, config.options)).toEqual([]);
  });

  it("uses no negative bounds (the 2026.02.3 grammar has none)", () => {
    expect(JSON.stringify(config.schema)).not.toMatch(/(int|float)\((-|[^)]*,-)/);
  });
});

describe("config.yaml's options and Cyrene's config loader", () => {
  it("names exactly the loader's add-on options", () => {
    expect(Object.keys(config.schema).sort()).toEqual(optionSources.map((s) => s.option).sort());
  });

  it("gives each option a type the loader reads for it", () => {
    const mismatched = optionSources
      .filter((source) => !loaderTypesFor(config.schema[source.option]).includes(source.type))
      .map(
        (source) =>
          `${source.option}: schema ${JSON.stringify(config.schema[source.option])}, loader ${source.type}`,
      );
    expect(mismatched).toEqual([]);
  });

  it("has defaults that load, and are the app's own defaults", () => {
    const { optionsPath: _given, ...withDefaults } = loadWith(config.options);
    const { optionsPath: _missing, ...without } = loadConfig({
      env: ADDON_ENV,
      optionsPath: join(dir, "missing.json"),
    });
    expect(withDefaults).toEqual(without);
  });

  it("loads with every numeric option at its bounds", () => {
    for (const [key, entry] of Object.entries(config.schema)) {
      const bounds = /^(?:int|float)\((?<min>[\d.]+)?,(?<max>[\d.]+)?\)\??$/.exec(elementOf(entry))?.groups;
      if (Array.isArray(entry) || !bounds) continue;
      for (const bound of [bounds.min, bounds.max].filter(Boolean)) {
        expect(() => loadWith({ ...config.options, [key]: Number(bound) }), `${key}=${bound}`).not.toThrow();
      }
    }
  });

  it("bounds every number option", () => {
    const unbounded = Object.entries(config.schema)
      .filter(([, entry]) => /^(int|float)\??$/.test(elementOf(entry)))
      .map(([key]) => key);
    expect(unbounded).toEqual([]);
  });

  it("offers exactly the loader's log levels", () => {
    expect(listMembers(config.schema.log_level).sort()).toEqual(
      [...configSchema.shape.logLevel.options].sort(),
    );
  });

  it("offers exactly Cyrene's tools to switch off", async () => {
    const cyrene = createCyrene(
      loadConfig({ env: { CYRENE_DATA_DIR: join(dir, "tools") }, optionsPath: join(dir, "missing.json") }),
      {
        logger: createLogger("silent"),
      },
    );
    try {
      expect(listMembers(config.schema.tools_disabled).sort()).toEqual(cyrene.registry.names().sort());
    } finally {
      await cyrene.close();
    }
  });

  it("checks patterns as the loader does", () => {
    const samples: Record<string, { good: string[]; bad: string[] }> = {
      sensitive_domains: { good: ["lock", "alarm_control_panel"], bad: ["Lock", "cover.garage"] },
      assist_allow_networks: {
        good: ["192.168.1.10", "192.168.1.0/24", "fd00::/8", "::1"],
        bad: ["nas.lan", "http://10.0.0.1", "10.0.0.0/8,192.168.0.0/16"],
      },
      assist_languages: { good: ["en", "zh-Hans", "zh-CN", "yue-HK"], bad: ["zh_CN", "english", ""] },
      reminder_notify_targets: { good: ["mobile_app_pixel_8", "notify.family"], bad: ["notify.", "Mobile"] },
      reminder_speak_targets: {
        good: ["media_player.kitchen", "assist_satellite.living_room"],
        bad: ["tts.google", "media_player"],
      },
      reminder_tts_entity: { good: ["tts.piper"], bad: ["piper", "tts."] },
      quiet_hours: { good: ["23:00-07:00", "off", "22:30 - 6:45"], bad: ["late", "23-7"] },
      thinker_satellite: { good: ["assist_satellite.kitchen"], bad: ["media_player.kitchen"] },
      thinker_tools: { good: ["iot_query", "ha__HassTurnOn", "ha__*"], bad: ["Iot", "ha__a*", "ha.x"] },
      mcp_home_assistant_api: { good: ["assist", "my_api.v2"], bad: ["../config", "assist api"] },
    };
    expect(
      Object.entries(config.schema)
        .filter(([, entry]) => elementOf(entry).startsWith("match("))
        .map(([key]) => key)
        .sort(),
    ).toEqual(Object.keys(samples).sort());
    for (const [key, { good, bad }] of Object.entries(samples)) {
      const set = (value: string) => ({
        ...config.options,
        [key]: Array.isArray(config.schema[key]) ? [value] : value,
      });
      const pattern = new RegExp(
        `^(?:${/^match\((?<re>.*)\)\??$/.exec(elementOf(config.schema[key]))!.groups!.re})`,
      );
      for (const value of good) {
        expect(pattern.test(value), `Supervisor accepts ${key} ${value}`).toBe(true);
        expect(() => loadWith(set(value)), `loader accepts ${key} ${value}`).not.toThrow();
      }
      for (const value of bad) {
        expect(pattern.test(value), `Supervisor refuses ${key} "${value}"`).toBe(false);
        expect(() => loadWith(set(value)), `loader refuses ${key} "${value}"`).toThrow();
      }
    }
  });

  it("lets the user leave every optional option out", () => {
    const required = Object.entries(config.schema)
      .filter(([, entry]) => !elementOf(entry).endsWith("?"))
      .map(([key]) => key);
    const minimal = Object.fromEntries(required.map((key) => [key, config.options[key]]));
    expect(optionProblems(config.schema, minimal)).toEqual([]);
    expect(() => loadWith(minimal)).not.toThrow();
  });
});
