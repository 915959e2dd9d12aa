import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announceMcp } from "../../src/assist/discovery.js";
import { silentLogger } from "../../src/logging/logger.js";
import { ownHomeYaml } from "../fixtures/ha/core-yaml.js";
import { startHomeAssistant, type HaInstance } from "../fixtures/ha/instance.js";
import { HaSocket } from "../fixtures/ha/ws.js";
import { describeHa, useHa, type HaInfo } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { rest, untilLoaded, type FlowResult } from "./support/config-flow.js";

const CUSTOM_COMPONENTS = fileURLToPath(new URL("../fixtures/ha/custom_components", import.meta.url));

/** HA 2026.10+ takes an app's MCP server from Supervisor discovery. */
async function takesMcpDiscovery(ha: HaInfo): Promise<boolean> {
  const { version } = await rest<{ version: string }>(ha, "GET", "/api/config");
  const [year, month] = version.split(".").map(Number);
  return year! > 2026 || (year === 2026 && month! >= 10);
}

function configurationYaml(port: number): string {
  const core = ownHomeYaml(port, "test/ha/mcp-discovery.test.ts", "Cyrene Discovery Home");
  return `${core}cyrene_test_supervisor:\n`;
}

/**
 * Cyrene found by HA's app MCP discovery (HA 2026.10+), as far as an HA without a Supervisor can show it:
 * Cyrene's announcement (announceMcp, as main.ts sends it in the add-on) goes to a stand-in Supervisor,
 * which hands it to HA as the Supervisor does (a `hassio` flow of the `mcp` integration, through the test
 * component cyrene_test_supervisor); HA shows the "Discovered" confirmation, and one click makes the entry,
 * which connects to Cyrene's /mcp and loads.
 */
const ha = useHa();
if (ha && !(await takesMcpDiscovery(ha)))
  describe.skip("HA's app MCP discovery", () => it("needs HA 2026.10+", () => {}));
else
  describeHa("Cyrene found by HA's app MCP discovery", () => {
    let instance: HaInstance;
    let info: HaInfo;
    let h: Harness;
    let supervisor: Server;
    const announced: { service: string; config: Record<string, string> }[] = [];
    const flows: FlowResult[] = [];

    beforeAll(async () => {
      instance = await startHomeAssistant({
        home: { configurationYaml, customComponents: CUSTOM_COMPONENTS },
      });
      info = { url: instance.url, wsUrl: instance.wsUrl, token: instance.token } as HaInfo;
      h = await startHarness({ assist: true });
      // The Supervisor's /discovery: takes the announcement and hands it to HA Core.
      supervisor = createServer((req, res) => {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk));
        req.on("end", () => {
          const announcement = JSON.parse(body) as { service: string; config: Record<string, string> };
          announced.push(announcement);
          rest<{ service_response: FlowResult }>(
            info,
            "POST",
            "/api/services/cyrene_test_supervisor/discover?return_response",
            { ...announcement, name: "Cyrene", slug: "a0d7b954_cyrene", uuid: "5f2c0d1e9a8b4c7d" },
          ).then(
            (answer) => {
              flows.push(answer.service_response);
              res.writeHead(200, { "content-type": "application/json" });
              res.end(JSON.stringify({ result: "ok", data: { uuid: "5f2c0d1e9a8b4c7d" } }));
            },
            (error: unknown) => {
              res.writeHead(500, { "content-type": "application/json" });
              res.end(JSON.stringify({ result: "error", message: String(error) }));
            },
          );
        });
      });
      await new Promise<void>((resolve) => supervisor.listen(0, "127.0.0.1", resolve));
    }, 120_000);
    afterAll(async () => {
      await h?.close();
      await new Promise((resolve) => supervisor?.close(resolve));
      await instance?.stop();
    });

    it(
      "HA offers the discovered MCP server, and one click makes an entry that connects to Cyrene's /mcp",
      {
        timeout: 60_000,
      },
      async () => {
        const port = (supervisor.address() as AddressInfo).port;
        await announceMcp({
          supervisorUrl: `http://127.0.0.1:${port}`,
          token: "supervisor-token",
          url: `${h.ollamaUrl}/mcp`,
          logger: silentLogger(),
        });
        expect(announced).toEqual([{ service: "mcp", config: { url: `${h.ollamaUrl}/mcp` } }]);
        const [flow] = flows;
        expect(flow).toMatchObject({ type: "form", step_id: "hassio_confirm" });
        // What HA lists under Discovered.
        const socket = await HaSocket.connect(info.wsUrl, info.token);
        const progress = await socket
          .call<{ flow_id: string; handler: string; context: { source: string } }[]>(
            "config_entries/flow/progress",
          )
          .finally(() => socket.close());
        expect(progress.find((p) => p.flow_id === flow!.flow_id)).toMatchObject({
          handler: "mcp",
          context: { source: "hassio" },
        });
        const done = await rest<FlowResult>(
          info,
          "POST",
          `/api/config/config_entries/flow/${flow!.flow_id}`,
          {},
        );
        expect(done, JSON.stringify(done)).toMatchObject({ type: "create_entry" });
        await untilLoaded(info, "mcp", done.result!.entry_id);
      },
    );
  });
