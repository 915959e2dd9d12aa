import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowAllTools } from "../../src/tools/policy.js";
import { describeHa, useHa, type HaInfo } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { rest, until, type FlowResult } from "./support/config-flow.js";
import { restCall, restState } from "./support/real-ha.js";

/** HA 2026.8+ serves each LLM API over MCP at /api/mcp/<API ID>. */
async function hasPerApiEndpoint(ha: HaInfo): Promise<boolean> {
  const { version } = await rest<{ version: string }>(ha, "GET", "/api/config");
  const [year, month] = version.split(".").map(Number);
  return year! > 2026 || (year === 2026 && month! >= 8);
}

/**
 * HA's per-API MCP endpoint (`/api/mcp/assist`, HA 2026.8+) as a source of tools for Cyrene's MCP client
 * (CYRENE_MCP_HOME_ASSISTANT_API=assist): Cyrene lists HA's Assist tools there and a turn's call turns a
 * light off in HA. The endpoint serves the named API whatever the MCP Server entry serves; the entry only
 * has to exist (HA registers the endpoints when the integration is set up).
 */
const ha = useHa();
if (ha && !(await hasPerApiEndpoint(ha)))
  describe.skip("HA's per-API MCP endpoint", () => it("needs HA 2026.8+", () => {}));
else
  describeHa("HA's per-API MCP endpoint (/api/mcp/assist) as an MCP server for Cyrene", (info) => {
    let h: Harness;
    let created: string | undefined;
    const light = "light.kitchen_lights";
    /** HA 2026.11 names the Assist tools by the platform that gives them (intent__HassTurnOff). */
    const turnOff = () =>
      h.cyrene.registry
        .definitions(allowAllTools)
        .map((tool) => tool.name)
        .find((name) => /^ha__(intent__)?HassTurnOff$/.test(name));

    beforeAll(async () => {
      const form = await rest<FlowResult>(info, "POST", "/api/config/config_entries/flow", {
        handler: "mcp_server",
      });
      if (form.type === "form") {
        const fields = (form.data_schema as { name: string }[]).map((field) => field.name);
        const done = await rest<FlowResult>(info, "POST", `/api/config/config_entries/flow/${form.flow_id}`, {
          llm_hass_api: ["assist"],
          ...(fields.includes("all_llm_apis") ? { all_llm_apis: false } : {}),
        });
        expect(done).toMatchObject({ type: "create_entry" });
        created = done.result!.entry_id;
      }
      h = await startHarness({
        env: {
          ...{ CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token },
          ...{ CYRENE_MCP_HOME_ASSISTANT: "true", CYRENE_MCP_HOME_ASSISTANT_API: "assist" },
        },
        mcpBackoff: { firstMs: 200, maxMs: 2_000 },
      });
      await until("HA's per-API MCP endpoint connected", async () =>
        h.cyrene.mcpClients.status()[0]?.state === "connected" ? true : undefined,
      );
    }, 60_000);
    afterAll(async () => {
      await h?.close();
      if (created) await rest(info, "DELETE", `/api/config/config_entries/entry/${created}`).catch(() => {});
    });

    it("connects to /api/mcp/assist and lists HA's Assist tools under ha__", () => {
      expect(h.cyrene.mcpClients.status()[0]).toMatchObject({
        name: "ha",
        url: `${info.url}/api/mcp/assist`,
      });
      const names = h.cyrene.registry
        .definitions(allowAllTools)
        .map((tool) => tool.name)
        .filter((name) => name.startsWith("ha__"));
      console.log(`HA's Assist API over /api/mcp/assist: ${names.join(", ")}`);
      expect(turnOff()).toBeDefined();
    });

    it("a turn's HassTurnOff there turns the kitchen lights off in HA", { timeout: 30_000 }, async () => {
      await restCall(info, "light", "turn_on", { entity_id: light });
      await expect.poll(async () => (await restState(info, light)).state).toBe("on");
      const name = turnOff()!;
      // By its alias: on 2026.11 the demo light is its device's main entity and HA's intents match the
      // device's name, not "Kitchen Lights".
      h.llm.script(
        { toolCalls: [{ name, arguments: { name: "厨房灯", domain: ["light"] } }] },
        { text: "The kitchen lights are off." },
      );
      const reply = (await (
        await fetch(`${h.url}/api/chat`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ message: "Turn off the kitchen lights" }),
        })
      ).json()) as { reply: string; tool_calls: { name: string; result: { success: boolean } }[] };
      expect(reply.tool_calls[0], JSON.stringify(reply.tool_calls)).toMatchObject({
        name,
        result: { success: true },
      });
      await expect.poll(async () => (await restState(info, light)).state).toBe("off");
    });
  });
