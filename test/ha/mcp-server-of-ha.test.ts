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

  it("lists HA's Assist tools under the prefix ha__", () => {
    const tools = h.cyrene.registry.definitions(allowAllTools).filter((tool) => tool.name.startsWith("ha__"));
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(["ha__HassTurnOn", "ha__HassTurnOff", "ha__GetLiveContext"]),
    );
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
    h.llm.script(
      { toolCalls: [{ name: "ha__HassTurnOn", arguments: { name: "Kitchen Lights", domain: ["light"] } }] },
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
      name: "ha__HassTurnOn",
      result: { success: true },
    });
    expect(reply.reply).toBe("The kitchen lights are on.");
    await expect.poll(async () => (await restState(info, light)).state).toBe("on");
  });
});
