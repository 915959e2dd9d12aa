import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/load.js";

const dir = mkdtempSync(join(tmpdir(), "cyrene-config-"));
const missing = join(dir, "missing.json");

function optionsFile(value: unknown): string {
  const path = join(dir, `options-${Math.random()}.json`);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

describe("loadConfig", () => {
  it("has working defaults outside the add-on", () => {
    const config = loadConfig({ env: {}, optionsPath: missing });
    expect(config.llm).toMatchObject({ baseUrl: "https://api.deepseek.com", model: "deepseek-v4-flash" });
    expect(config.server).toMatchObject({ port: 8099, host: "127.0.0.1" });
    expect(config.dataDir).toBe(resolve("./data"));
    expect(config.agent).toMatchObject({ maxRounds: 5, toolTimeoutMs: 8000 });
  });

  it("uses /data and listens on all interfaces in the add-on", () => {
    const config = loadConfig({ env: { SUPERVISOR_TOKEN: "t" }, optionsPath: missing });
    expect(config.dataDir).toBe("/data");
    expect(config.server.host).toBe("0.0.0.0");
    expect(config.supervisorToken).toBe("t");
  });

  it("lets add-on options override defaults and environment variables override both", () => {
    const optionsPath = optionsFile({
      llm_model: "from-options",
      llm_api_key: "k1",
      tool_timeout_seconds: 3,
    });
    const config = loadConfig({
      optionsPath,
      env: { CYRENE_LLM_MODEL: "from-env", CYRENE_PORT: "9000", CYRENE_HA_URL: "http://ha:8123" },
    });
    expect(config.llm.model).toBe("from-env");
    expect(config.llm.apiKey).toBe("k1");
    expect(config.agent.toolTimeoutMs).toBe(3000);
    expect(config.server.port).toBe(9000);
    expect(config.ha.url).toBe("http://ha:8123");
  });

  it("fails with one message naming the field and its variable", () => {
    expect(() => loadConfig({ env: { CYRENE_PORT: "eighty" }, optionsPath: missing })).toThrow(
      /server\.port \(CYRENE_PORT\).*must be a number/,
    );
    expect(() => loadConfig({ env: { CYRENE_PORT: "70000" }, optionsPath: missing })).toThrow(ConfigError);
    expect(() => loadConfig({ env: { CYRENE_LLM_BASE_URL: "not a url" }, optionsPath: missing })).toThrow(
      /llm\.baseUrl \(CYRENE_LLM_BASE_URL, option "llm_base_url"\)/,
    );
    expect(() => loadConfig({ env: {}, optionsPath: optionsFile("{broken") })).toThrow(/not valid JSON/);
  });
});

describe("lists and switches", () => {
  it("gives reminder notify targets their notify. domain, once", () => {
    const env = { CYRENE_REMINDER_NOTIFY_TARGETS: "mobile_app_pixel, notify.family" };
    expect(loadConfig({ env, optionsPath: missing }).reminders.notify).toEqual([
      "notify.mobile_app_pixel",
      "notify.family",
    ]);
  });

  it("reads comma lists and booleans from the environment, and arrays from options", () => {
    const config = loadConfig({
      env: { CYRENE_HA_EXPOSE_ALL: "yes", CYRENE_HA_SENSITIVE_DOMAINS: "lock, alarm_control_panel" },
      optionsPath: missing,
    });
    expect(config.ha).toMatchObject({ exposeAll: true, sensitiveDomains: ["lock", "alarm_control_panel"] });
    const fromOptions = loadConfig({ env: {}, optionsPath: optionsFile({ sensitive_domains: ["cover"] }) });
    expect(fromOptions.ha.sensitiveDomains).toEqual(["cover"]);
    expect(() => loadConfig({ env: { CYRENE_HA_EXPOSE_ALL: "maybe" }, optionsPath: missing })).toThrow(
      /ha\.exposeAll \(CYRENE_HA_EXPOSE_ALL.*true or false/,
    );
  });
});

describe("values checked at start", () => {
  it("refuses an unknown time zone and host entries with a port", () => {
    expect(() => loadConfig({ env: { CYRENE_TIME_ZONE: "Asia/Shanghia" }, optionsPath: missing })).toThrow(
      /timeZone \(CYRENE_TIME_ZONE.*IANA time zone/,
    );
    expect(loadConfig({ env: { CYRENE_TIME_ZONE: "Asia/Shanghai" }, optionsPath: missing }).timeZone).toBe(
      "Asia/Shanghai",
    );
    expect(() =>
      loadConfig({ env: { CYRENE_NETWORK_ALLOW_HOSTS: "nas.lan:5000" }, optionsPath: missing }),
    ).toThrow(/network\.allowHosts\.0.*without a port/);
    const ok = loadConfig({ env: { CYRENE_NETWORK_ALLOW_HOSTS: "fd00::/8,*.lan" }, optionsPath: missing });
    expect(ok.network.allowHosts).toEqual(["fd00::/8", "*.lan"]);
  });
});
