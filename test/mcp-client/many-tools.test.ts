import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { SdkMcpServer, type FixtureTool } from "../fixtures/mcp-server/sdk-server.js";
import { LABELLED_REQUESTS } from "../fixtures/many-tools/requests.js";
import { SYNTHETIC_TOOLS } from "../fixtures/many-tools/tools.js";
import { startHarness, type Harness } from "../support/harness.js";
import { postChat } from "../support/http.js";
import { FULL_ENV, requestTokens } from "../support/tool-tokens.js";

/** The fixture's tool names as one server lists them: "ha__HassTurnOn" → "ha_HassTurnOn" on server "home". */
const onServer = (name: string) => name.replace("__", "_");
const inCyrene = (name: string) => `home__${onServer(name)}`;

const HUNDRED: FixtureTool[] = SYNTHETIC_TOOLS.slice(0, 100).map((definition) => ({
  name: onServer(definition.name),
  description: definition.description,
  inputSchema: z.fromJSONSchema(definition.parameters as Parameters<typeof z.fromJSONSchema>[0]),
  handler: async (args) => ({
    content: [{ type: "text", text: JSON.stringify({ ran: definition.name, args }) }],
  }),
}));

/**
 * One MCP server (the official SDK's) with 100 tools beside the 19 built-in ones: every request stays in
 * the token budget, and the tool a request needs is among those offered, in English and Chinese.
 */
describe("an MCP server with 100 tools", () => {
  let server: SdkMcpServer;
  let h: Harness;

  beforeAll(async () => {
    server = await new SdkMcpServer(HUNDRED).start();
    h = await startHarness({
      env: { ...FULL_ENV, CYRENE_MCP_SERVERS: JSON.stringify([{ name: "home", url: server.url }]) },
    });
    for (let waited = 0; h.cyrene.registry.names().length < 119; waited += 50) {
      if (waited > 20_000) throw new Error(`only ${h.cyrene.registry.names().length} tools registered`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await h?.close();
    await server?.stop();
  });

  const chat = (message: string) => postChat(h.url, message);
  const offered = (request: RecordedRequest) => request.body.tools!.map((tool) => tool.function.name);

  it("keeps every request within 3,500 input tokens and offers the tool each request needs", async () => {
    const served = new Set(HUNDRED.map((tool) => tool.name));
    const cases = LABELLED_REQUESTS.filter((request) =>
      request.expected.some((name) => served.has(onServer(name))),
    ).filter((_, index) => index % 3 === 0);
    expect(cases.length).toBeGreaterThanOrEqual(15);
    const missed: string[] = [];
    for (const request of cases) {
      h.llm.reset();
      h.llm.script({ text: "ok" });
      await chat(request.text);
      const [sent] = h.llm.requests as [RecordedRequest];
      expect(requestTokens(sent.body).total).toBeLessThanOrEqual(3_500);
      if (!request.expected.some((name) => offered(sent).includes(inCyrene(name)))) missed.push(request.text);
    }
    // The selector's recall@5 floor (95 %) over these requests, through the real MCP client and loop.
    expect(missed.length / cases.length, `missed: ${missed.join(" | ")}`).toBeLessThanOrEqual(0.05);
  });

  it("the chosen tool runs on the server through a turn", async () => {
    h.llm.reset();
    h.llm.script(
      { toolCalls: [{ name: "home__ha_HassTurnOn", arguments: { name: "kitchen lights" } }] },
      { text: "The kitchen lights are on." },
    );
    const reply = await chat("Turn on the kitchen lights");
    expect(offered(h.llm.requests[0]!)).toContain("home__ha_HassTurnOn");
    expect(reply.tool_calls).toMatchObject([
      { name: "home__ha_HassTurnOn", result: { success: true, data: { ran: "ha__HassTurnOn" } } },
    ]);
  });
});
