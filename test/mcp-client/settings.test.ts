import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { mcpClientSecrets, mcpServerSettings } from "../../src/mcp-client/settings.js";

const load = (env: Record<string, string>, options?: string) =>
  loadConfig({
    env: { CYRENE_DATA_DIR: "/tmp/cyrene-mcp-settings", ...env },
    optionsPath: options ?? "/nonexistent.json",
  });

describe("the MCP servers Cyrene uses", () => {
  it("reads servers from JSON in env, headers as an object", () => {
    const config = load({
      CYRENE_MCP_SERVERS: JSON.stringify([
        {
          name: "nas",
          url: "http://nas.lan:8000/mcp",
          token: "nas-token-123",
          headers: { "X-Api-Key": "k-123456" },
        },
      ]),
    });
    expect(mcpServerSettings(config)).toEqual([
      {
        name: "nas",
        url: "http://nas.lan:8000/mcp",
        token: "nas-token-123",
        headers: { "X-Api-Key": "k-123456" },
        transport: "auto",
        untrusted: true,
      },
    ]);
    expect(mcpClientSecrets(config)).toEqual(["nas-token-123", "k-123456"]);
  });

  it('reads the add-on\'s option, headers as "Name: value" lines', () => {
    const options = join(mkdtempSync(join(tmpdir(), "cyrene-mcp-")), "options.json");
    writeFileSync(
      options,
      JSON.stringify({
        mcp_home_assistant: false,
        mcp_servers: [
          { name: "music", url: "http://music.lan/mcp", headers: ["X-Key: a:b c", "Accept-Language: zh"] },
          { name: "legacy", url: "http://old.lan:8080/sse", transport: "sse" },
        ],
      }),
    );
    const config = load({}, options);
    expect(config.mcpClient.servers).toEqual([
      {
        name: "music",
        url: "http://music.lan/mcp",
        headers: { "X-Key": "a:b c", "Accept-Language": "zh" },
        transport: "auto",
      },
      { name: "legacy", url: "http://old.lan:8080/sse", headers: {}, transport: "sse" },
    ]);
    expect(mcpClientSecrets(config)).toEqual(["a:b c"]);
  });

  it("refuses a bad name or URL, and bad JSON, with the setting's name", () => {
    expect(() => load({ CYRENE_MCP_SERVERS: '[{"name":"my nas","url":"http://x/mcp"}]' })).toThrow(/name/);
    expect(() => load({ CYRENE_MCP_SERVERS: '[{"name":"nas","url":"nope"}]' })).toThrow(/url/);
    expect(() =>
      load({ CYRENE_MCP_SERVERS: '[{"name":"nas","url":"http://x/mcp","transport":"websocket"}]' }),
    ).toThrow(/transport/);
    expect(() => load({ CYRENE_MCP_SERVERS: "[{" })).toThrow(
      /CYRENE_MCP_SERVERS.*JSON|JSON.*CYRENE_MCP_SERVERS|must be JSON/,
    );
  });

  it("offers HA's mcp_server with one switch: standalone with the HA URL and token, in the add-on through the Supervisor", () => {
    const standalone = load({
      CYRENE_MCP_HOME_ASSISTANT: "true",
      CYRENE_HA_URL: "http://ha.lan:8123/",
      CYRENE_HA_TOKEN: "long-lived",
    });
    expect(mcpServerSettings(standalone)[0]).toMatchObject({
      name: "ha",
      url: "http://ha.lan:8123/api/mcp",
      token: "long-lived",
      // HA's /api/mcp is Streamable HTTP; its SSE endpoint is another path, so there is nothing to fall back to.
      transport: "streamable-http",
      untrusted: false,
    });
    const addon = load({ CYRENE_MCP_HOME_ASSISTANT: "true", SUPERVISOR_TOKEN: "sup-token" });
    expect(mcpServerSettings(addon)[0]).toMatchObject({
      url: "http://supervisor/core/api/mcp",
      token: "sup-token",
    });
    expect(mcpServerSettings(load({ CYRENE_MCP_HOME_ASSISTANT: "false" }))).toEqual([]);
  });

  it("uses HA's per-API endpoint (/api/mcp/<id>, HA 2026.8+) when an LLM API is named", () => {
    const api = { CYRENE_MCP_HOME_ASSISTANT: "true", CYRENE_MCP_HOME_ASSISTANT_API: "assist" };
    const standalone = load({
      ...api,
      CYRENE_HA_URL: "ws://ha.lan:8123/api/websocket",
      CYRENE_HA_TOKEN: "t",
    });
    expect(mcpServerSettings(standalone)[0]).toMatchObject({ url: "http://ha.lan:8123/api/mcp/assist" });
    const addon = load({ ...api, SUPERVISOR_TOKEN: "sup-token" });
    expect(mcpServerSettings(addon)[0]).toMatchObject({ url: "http://supervisor/core/api/mcp/assist" });
    expect(() => load({ ...api, CYRENE_MCP_HOME_ASSISTANT_API: "../config" })).toThrow(/LLM APIs/);
  });

  it("refuses two servers with one name", () => {
    const config = load({
      CYRENE_MCP_HOME_ASSISTANT: "true",
      CYRENE_HA_URL: "http://ha.lan:8123",
      CYRENE_HA_TOKEN: "t",
      CYRENE_MCP_SERVERS: '[{"name":"ha","url":"http://other/mcp"}]',
    });
    expect(() => mcpServerSettings(config)).toThrow(/used twice/);
  });
});
