import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { countToolTokens } from "../support/tool-tokens.js";
import { allowAllTools } from "../../src/tools/policy.js";
import { rest, until, type FlowResult } from "./support/config-flow.js";
import { restCall, restState } from "./support/real-ha.js";

/**
 * Home Assistant's own `mcp_server` integration (its Assist API over MCP) as a server for Cyrene: with one
 * switch (CYRENE_MCP_HOME_ASSISTANT, the HA URL and long-lived token Cyrene already has), Cyrene lists
 * HA's Assist tools as ha__*, and a turn's ha__HassTurnOn turns a demo light on in HA.
 */
describeHa("HA's mcp_server as an MCP server for Cyrene", (info) => {
  let h: Harness;
  let entry: string | undefined;
  const light = "light.kitchen_lights";

  beforeAll(async () => {
    // mcp_server is a single config entry with the Assist API (llm_hass_api), as its config flow makes it.
    const form = await rest<FlowResult>(info, "POST", "/api/config/config_entries/flow", {
      handler: "mcp_server",
    });
    if (form.type === "form") {
      const done = await rest<FlowResult>(info, "POST", `/api/config/config_entries/flow/${form.flow_id}`, {
        llm_hass_api: ["assist"],
      });
      expect(done).toMatchObject({ type: "create_entry" });
      entry = done.result!.entry_id;
      await assistApiOnly(entry);
    }
    await restCall(info, "light", "turn_off", { entity_id: light });
    h = await startHarness({
      env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token, CYRENE_MCP_HOME_ASSISTANT: "true" },
      mcpBackoff: { firstMs: 200, maxMs: 2_000 },
    });
    await until("HA's MCP server connected", async () =>
      h.cyrene.mcpClients.status()[0]?.state === "connected" ? true : undefined,
    );
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    if (entry) await rest(info, "DELETE", `/api/config/config_entries/entry/${entry}`).catch(() => {});
  });

  /**
   * HA 2026.11's config flow asks nothing and serves every LLM API (the admin-only Home Assistant API
   * too); its options flow picks the Assist API, as a user who wants only device control does. HA 2026.2's
   * flow took `llm_hass_api` above.
   */
  async function assistApiOnly(entryId: string): Promise<void> {
    // HA 2026.2's mcp_server has no options flow (HA answers 400).
    const options = await rest<FlowResult & { data_schema?: { name: string }[] }>(
      info,
      "POST",
      "/api/config/config_entries/options/flow",
      { handler: entryId },
    ).catch(() => undefined);
    if (options?.type !== "form") return;
    if (!options.data_schema?.some((field) => field.name === "all_llm_apis")) {
      await rest(info, "DELETE", `/api/config/config_entries/options/flow/${options.flow_id}`);
      return;
    }
    const done = await rest<FlowResult>(
      info,
      "POST",
      `/api/config/config_entries/options/flow/${options.flow_id}`,
      {
        all_llm_apis: false,
        llm_hass_api: ["assist"],
        require_admin: true,
        read_only: false,
      },
    );
    expect(done).toMatchObject({ type: "create_entry" });
  }

  it("lists HA's Assist tools under the prefix ha__", () => {
    const tools = h.cyrene.registry.definitions(allowAllTools).filter((tool) => tool.name.startsWith("ha__"));
    const names = tools.map((tool) => tool.name);
    // HA 2026.2's names (HassTurnOn); by 2026.11 each carries its integration (intent__HassTurnOn).
    for (const [integration, tool] of [
      ["intent", "HassTurnOn"],
      ["intent", "HassTurnOff"],
      ["homeassistant", "GetLiveContext"],
    ])
      expect(names).toContainEqual(expect.stringMatching(new RegExp(`^ha__(${integration}__)?${tool}$`)));
    // The Assist API only: none of the admin-only Home Assistant API's tools.
    expect(names.filter((name) => /call_action|render_template|config_entr/.test(name))).toEqual([]);
    for (const tool of tools) expect(tool.parameters).toMatchObject({ type: "object" });
    const tokens = countToolTokens(tools).reduce((sum, tool) => sum + tool.tokens, 0);
    console.log(`HA's Assist tools over MCP: ${tools.length} tools, ${tokens} o200k tokens as offered`);
    expect(h.cyrene.mcpClients.status()[0]).toMatchObject({ name: "ha", url: `${info.url}/api/mcp` });
  });

  it("offers HA's tools leaner than HA lists them", async () => {
    const client = new Client({ name: "probe", version: "1" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${info.url}/api/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${info.token}` } },
      }),
    );
    const listed = (await client.listTools()).tools;
    await client.close();
    const raw = countToolTokens(
      listed.map((tool) => ({
        name: `ha__${tool.name}`,
        description: tool.description ?? "",
        parameters: tool.inputSchema,
      })),
    ).reduce((sum, tool) => sum + tool.tokens, 0);
    const offered = countToolTokens(
      h.cyrene.registry.definitions(allowAllTools).filter((tool) => tool.name.startsWith("ha__")),
    ).reduce((sum, tool) => sum + tool.tokens, 0);
    console.log(`HA's Assist tools: ${raw} o200k tokens as HA lists them, ${offered} as Cyrene offers them`);
    expect(offered).toBeLessThanOrEqual(raw);
  });

  it("a turn's ha__HassTurnOn turns the kitchen lights on in HA", { timeout: 30_000 }, async () => {
    expect((await restState(info, light)).state).toBe("off");
    const turnOn = h.cyrene.registry
      .definitions(allowAllTools)
      .map((tool) => tool.name)
      .find((name) => /^ha__(intent__)?HassTurnOn$/.test(name))!;
    h.llm.script(
      { toolCalls: [{ name: turnOn, arguments: { name: "Kitchen Lights", domain: ["light"] } }] },
      { text: "The kitchen lights are on." },
    );
    const reply = (await (
      await fetch(`${h.url}/api/chat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "Turn on the kitchen lights" }),
      })
    ).json()) as { reply: string; tool_calls: { name: string; result: { success: boolean } }[] };
    expect(reply.tool_calls[0], JSON.stringify(reply.tool_calls)).toMatchObject({
      name: turnOn,
      result: { success: true },
    });
    expect(reply.reply).toBe("The kitchen lights are on.");
    await expect.poll(async () => (await restState(info, light)).state).toBe("on");
  });
});
