import { createServer } from "node:net";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createHomeTime } from "../../src/time/home-time.js";
import { HomeAssistantClient } from "../../src/ha/client.js";
import {
  createHomeAssistant,
  HaAuthError,
  HaNotConfiguredError,
  HaServiceTimeoutError,
  HaUnavailableError,
  type HomeAssistant,
} from "../../src/ha/index.js";
import { haConnectionSettings, restBaseOf, supervisorWsUrl, toWebSocketUrl } from "../../src/ha/settings.js";
import { StateCache } from "../../src/ha/state-cache.js";
import type { HassEntity } from "../../src/ha/types.js";
import { createLogger, silentLogger } from "../../src/logging/logger.js";
import { iotQueryTool } from "../../src/tools/home/iot-query.js";
import { asToolError } from "../../src/tools/home/iot/ha-access.js";
import { toolContext } from "../support/tool-context.js";
import { fakeWsServer, type FakeWsServer } from "./support/fake-ws-server.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
const track = <T extends HomeAssistant | FakeWsServer>(thing: T): T => {
  cleanups.push(() => thing.close());
  return thing;
};
const ha = { exposeAll: false };
const settingsFor = (wsUrl: string) => ({
  wsUrl,
  apiUrl: restBaseOf(wsUrl),
  token: "t",
  mode: "standalone" as const,
  exposeAll: false,
});

describe("connection settings", () => {
  it("turns the HA base URL into its websocket URL", () => {
    expect(toWebSocketUrl("http://homeassistant.local:8123")).toBe(
      "ws://homeassistant.local:8123/api/websocket",
    );
    expect(toWebSocketUrl("https://ha.example.com/")).toBe("wss://ha.example.com/api/websocket");
    expect(toWebSocketUrl("https://example.com/ha/")).toBe("wss://example.com/ha/api/websocket");
    expect(toWebSocketUrl("http://h:8123/api/websocket")).toBe("ws://h:8123/api/websocket");
    expect(toWebSocketUrl("ws://h:8123/api/websocket")).toBe("ws://h:8123/api/websocket");
    expect(() => toWebSocketUrl("ftp://h")).toThrow(/http\(s\) or ws\(s\)/);
  });

  it("uses the Supervisor proxy in add-on mode, an explicit URL and token otherwise", () => {
    expect(haConnectionSettings({ ha, supervisorToken: "sup" })).toEqual({
      wsUrl: "ws://supervisor/core/websocket",
      apiUrl: "http://supervisor/core",
      token: "sup",
      mode: "addon",
      exposeAll: false,
    });
    expect(
      haConnectionSettings({ ha: { ...ha, url: "http://h:8123", token: "llat" }, supervisorToken: "sup" }),
    ).toMatchObject({
      wsUrl: "ws://h:8123/api/websocket",
      apiUrl: "http://h:8123",
      token: "llat",
      mode: "standalone",
    });
    expect(
      haConnectionSettings({ ha: { ...ha, url: "https://example.com/ha/", token: "llat" } })?.apiUrl,
    ).toBe("https://example.com/ha");
    expect(haConnectionSettings({ ha: { ...ha, url: "http://h:8123" } })).toBeUndefined();
    expect(supervisorWsUrl("http://127.0.0.1:4000/")).toBe("ws://127.0.0.1:4000/core/websocket");
  });
});

describe("the Home Assistant client without a usable HA", () => {
  it("says HA is not configured, to the tools too", async () => {
    const client = track(createHomeAssistant({ ha }, silentLogger()));
    expect(client.status()).toEqual({ state: "not_configured" });
    await expect(client.snapshot()).rejects.toBeInstanceOf(HaNotConfiguredError);
    const result = await iotQueryTool({ ha: client, time: createHomeTime({ ha: client }) }).execute(
      { query: "lights" },
      toolContext(),
    );
    expect(result).toEqual({
      success: false,
      error: expect.stringMatching(/^Home Assistant is not configured.*CYRENE_HA_URL/),
    });
  });

  it("starts without blocking and answers 'unavailable' quickly when HA can't be reached", async () => {
    const port = await closedPort();
    const started = Date.now();
    const client = track(
      createHomeAssistant({ ha: { ...ha, url: `http://127.0.0.1:${port}`, token: "x" } }, silentLogger()),
    );
    expect(Date.now() - started).toBeLessThan(50);
    expect(client.status().state).toBe("connecting");
    await expect(client.snapshot()).rejects.toThrow(
      `Home Assistant is unavailable (cannot connect to 127.0.0.1:${port})`,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
    const again = Date.now();
    await expect(client.snapshot()).rejects.toBeInstanceOf(HaUnavailableError);
    expect(Date.now() - again).toBeLessThan(20);
  });

  it("says a rejected token is to be checked in CYRENE_HA_TOKEN, to the LLM and in the log", async () => {
    const server = track(await fakeWsServer("invalid"));
    const sink = new PassThrough();
    let logged = "";
    sink.on("data", (chunk: Buffer) => (logged += chunk.toString()));
    const client = track(
      new HomeAssistantClient(settingsFor(`${server.base}/api/websocket`), {
        logger: createLogger("info", { destination: sink }),
      }),
    );
    const error = (await client.snapshot().catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(HaAuthError);
    expect(error.message).toMatch(/^Home Assistant refused Cyrene's access token: check CYRENE_HA_TOKEN/);
    expect(error.message).not.toMatch(/try again|moment/);
    expect(client.status()).toMatchObject({
      state: "unavailable",
      reason: expect.stringContaining("CYRENE_HA_TOKEN"),
    });
    expect(logged).toContain("check CYRENE_HA_TOKEN");
    expect(logged).not.toContain("not reachable");
  });

  it("says in the add-on that Supervisor access failed when its token is refused", async () => {
    const server = track(await fakeWsServer("invalid"));
    const settings = { ...settingsFor(`${server.base}/core/websocket`), mode: "addon" as const };
    const client = track(new HomeAssistantClient(settings, { logger: silentLogger() }));
    const error = (await client.snapshot().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^Cyrene's Supervisor access to Home Assistant failed/);
    expect(error.message).not.toContain("CYRENE_HA_TOKEN");
  });

  it("connects to the exact URL given (the Supervisor proxy has no /api/websocket) and times out silent commands", async () => {
    const server = track(await fakeWsServer("ok"));
    const client = track(
      new HomeAssistantClient(settingsFor(`${server.base}/core/websocket`), {
        logger: silentLogger(),
        commandTimeoutMs: 200,
      }),
    );
    await expect
      .poll(() => client.status(), { timeout: 3_000 })
      .toMatchObject({
        state: "unavailable",
        reason: expect.stringMatching(/could not read the registries: .*timed out after 0\.2 s/),
      });
    expect(server.paths).toEqual(["/core/websocket"]);
    expect(server.commands).toEqual(
      expect.arrayContaining(["get_config", "get_services", "config/entity_registry/list"]),
    );
  });
});

describe("service calls", () => {
  it("says a call that outlasts its timeout may still be running (no retry), and a lost connection is 'unavailable'", async () => {
    const server = track(await fakeWsServer("ok"));
    const client = track(
      new HomeAssistantClient(settingsFor(`${server.base}/api/websocket`), {
        logger: silentLogger(),
        serviceTimeoutMs: 200,
      }),
    );
    await expect.poll(() => server.commands, { timeout: 3_000 }).toContain("get_config");
    const call = { domain: "script", service: "slow_scene", entityIds: [] };

    const slow: unknown = await client.callService(call).catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(HaServiceTimeoutError);
    expect((slow as Error).message).toBe(
      "Home Assistant accepted the call but did not confirm within 0.2 s; it may still be running. " +
        "Home Assistant 已接受调用，但 0.2 秒内未确认完成，可能仍在执行。",
    );
    expect(asToolError(slow)).toMatchObject({
      message: expect.stringMatching(
        /may still be running\. .*Check the state with iot_query before trying again; do not repeat the call blindly\..*请先用 iot_query 查看状态/,
      ),
    });
    expect((asToolError(slow) as Error).message).not.toMatch(/unavailable|try again in a moment/);

    const lost = client.callService(call).catch((error: unknown) => error);
    await expect.poll(() => server.commands.filter((c) => c === "call_service")).toHaveLength(2);
    server.drop();
    const error = await lost;
    expect(error).toBeInstanceOf(HaUnavailableError);
    expect((error as Error).message).toMatch(/^Home Assistant is unavailable \(the connection was lost\)/);
  });
});

describe("the state cache", () => {
  const state = (id: string, value: string, name = id): HassEntity => ({
    entity_id: id,
    state: value,
    attributes: { friendly_name: name },
    last_changed: "",
    last_updated: "",
    context: { id: "", parent_id: null, user_id: null },
  });

  it("notices name changes but not plain state changes", () => {
    const cache = new StateCache();
    const a = state("light.a", "on");
    cache.update({ "light.a": a });
    const version = cache.namesVersion;
    cache.update({ "light.a": state("light.a", "off") });
    expect(cache.namesVersion).toBe(version);
    cache.update({ "light.a": state("light.a", "off", "Lamp") });
    expect(cache.namesVersion).toBe(version + 1);
    cache.update({ "light.a": state("light.a", "off", "Lamp"), "light.b": state("light.b", "on") });
    expect(cache.namesVersion).toBe(version + 2);
    cache.update({ "light.b": state("light.b", "on") });
    expect(cache.namesVersion).toBe(version + 3);
  });

  it("waits for a condition on the states, or gives up", async () => {
    const cache = new StateCache();
    cache.update({ "light.a": state("light.a", "off") });
    const on = cache.waitFor((s) => s["light.a"]?.state === "on", 1_000);
    setTimeout(() => cache.update({ "light.a": state("light.a", "on") }), 20);
    expect(await on).toBe(true);
    expect(await cache.waitFor((s) => s["light.a"]?.state === "off", 30)).toBe(false);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
