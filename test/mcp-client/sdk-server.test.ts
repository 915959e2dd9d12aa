import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AutonomousToolPolicy } from "../../src/tools/policy.js";
import { addTool, failingTool, text } from "../fixtures/mcp-server/fixture-server.js";
import { SdkMcpServer, type FixtureTool } from "../fixtures/mcp-server/sdk-server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { json, postChat } from "../support/http.js";
import { until } from "../support/until.js";

const LONG_NAME = "weird.name/with spaces and a very long tail that goes past sixty-four characters";

/** Resolves when the test says so, or after 20 s: a tool that runs for 20 s. */
let releaseSlow = () => {};
const slowDone = new Promise<void>((resolve) => (releaseSlow = resolve));
/** The fragile server's tool never answers: its server dies during the call. */
let hangStarted = () => {};
const hanging = new Promise<void>((resolve) => (hangStarted = resolve));

const node: z.ZodType = z.lazy(() => z.object({ name: z.string(), children: z.array(node).optional() }));
const demoTools: FixtureTool[] = [
  addTool,
  failingTool("the printer is out of paper"),
  {
    name: LONG_NAME,
    description: "A tool whose name and schema need fixing.",
    inputSchema: z.object({ tree: node, pair: z.tuple([z.string(), z.number()]) }),
    handler: async (args) => text(`tree ${JSON.stringify(args.tree)}`),
  },
  {
    name: "slow",
    description: "Takes 20 seconds.",
    inputSchema: z.object({}),
    handler: async () => {
      await Promise.race([slowDone, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      return text("slow work done");
    },
  },
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Cyrene as an MCP client of servers made with the official TypeScript SDK (McpServer over Streamable
 * HTTP): listing, calls in a turn, error results, argument checks, listChanged, name and schema repair, a
 * server down at start that comes up, one that dies mid-call, and the background hand-off.
 */
describe("Cyrene as an MCP client of official-SDK servers", () => {
  let h: Harness;
  let demo: SdkMcpServer;
  let late: SdkMcpServer;
  let fragile: SdkMcpServer;
  const TOKEN = "mcp-demo-secret-token";

  beforeAll(async () => {
    demo = await new SdkMcpServer(demoTools).start();
    late = new SdkMcpServer([demoTools[0]!], await freePort());
    fragile = await new SdkMcpServer([
      {
        name: "hang",
        description: "Never answers.",
        inputSchema: z.object({}),
        handler: async () => {
          hangStarted();
          return new Promise(() => {});
        },
      },
    ]).start();
    const servers = [
      { name: "demo", url: demo.url, token: TOKEN, headers: ["X-Api-Key: demo-key-123456"] },
      { name: "late", url: late.url },
      { name: "fragile", url: fragile.url },
    ];
    h = await startHarness({
      env: { CYRENE_MCP_SERVERS: JSON.stringify(servers), CYRENE_TOOL_TIMEOUT_SECONDS: "1" },
      mcpBackoff: { firstMs: 100, maxMs: 400 },
    });
    await until("demo and fragile connected", () =>
      h.cyrene.mcpClients.status().every((s) => s.name === "late" || s.state === "connected"),
    );
  });
  afterAll(async () => {
    releaseSlow();
    await h?.close();
    await Promise.all([demo?.stop(), late?.stop(), fragile?.stop()]);
  });

  const chat = (message: string) => postChat(h.url, message);
  const offered = () => h.llm.requests.at(-1)!.body.tools!.map((tool) => tool.function);

  it("a server that is down does not stop the start; Status lists every server", async () => {
    type Servers = { name: string; state: string; tools: number }[];
    // Between its retries the server that is down is "connecting"; Status is read while it is down.
    let status = await json(fetch(`${h.url}/api/status`));
    const late = () => (status.tools as { mcp_servers: Servers }).mcp_servers.find((s) => s.name === "late");
    for (let tries = 0; late()?.state === "connecting" && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await json(fetch(`${h.url}/api/status`));
    }
    const servers = (status.tools as { mcp_servers: Servers }).mcp_servers;
    expect(servers.find((s) => s.name === "demo")).toMatchObject({
      state: "connected",
      transport: "streamable-http",
      tools: 4,
    });
    expect(servers.find((s) => s.name === "late")).toMatchObject({ state: "down", tools: 0 });
    expect(JSON.stringify(status)).not.toContain(TOKEN);
  });

  it("offers the servers' tools under their prefix, with names and schemas providers accept", async () => {
    h.llm.script({ text: "hi" });
    await chat("hello");
    const tools = offered();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["demo__add", "demo__fail", "demo__slow", "fragile__hang"]));
    const fixed = tools.find((tool) => tool.name.startsWith("demo__weird"))!;
    expect(fixed.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(fixed.name).toHaveLength(64);
    const schema = JSON.stringify(fixed.parameters);
    expect(fixed.parameters).toMatchObject({ type: "object", required: ["tree", "pair"] });
    expect(schema).not.toMatch(/\$ref|definitions|\$schema|"items":\[/);
    expect(fixed.parameters).toMatchObject({
      properties: { tree: { properties: { name: { type: "string" } } } },
    });
    // The token and headers go to the server, and nowhere in what the LLM sees.
    expect(demo.authorizations).toContain(`Bearer ${TOKEN}`);
    expect(JSON.stringify(h.llm.requests)).not.toContain(TOKEN);
  });

  it("calls a tool in a turn, and a tool's isError result comes back as an error the turn goes on with", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "demo__add", arguments: { a: 20, b: 22 } },
          { name: "demo__fail", arguments: {} },
        ],
      },
      { text: "42, and the printer failed." },
    );
    const reply = await chat("add and print");
    expect(reply).toMatchObject({
      reply: "42, and the printer failed.",
      tool_calls: [
        { name: "demo__add", result: { success: true, data: { sum: 42 } } },
        { name: "demo__fail", result: { success: false, error: "the printer is out of paper" } },
      ],
    });
  });

  it("checks arguments against the server's schema before calling", async () => {
    const before = demo.authorizations.length;
    h.llm.script({ toolCalls: [{ name: "demo__add", arguments: { a: "twenty" } }] }, { text: "oops" });
    const reply = await chat("add badly");
    const result = (reply.tool_calls as { result: { success: boolean; error: string } }[])[0]!.result;
    expect(result.success).toBe(false);
    expect(result.error).toMatch(
      /Invalid arguments for demo__add: .*required property 'b'.*\/a must be number/,
    );
    expect(demo.authorizations.length).toBe(before);
  });

  it("a listChanged notification refreshes the list: the new tool is offered on the next request", async () => {
    demo.addTool({
      name: "added",
      description: "Added later.",
      inputSchema: z.object({}),
      handler: async () => text("new tool works"),
    });
    await until("demo__added registered", () => h.cyrene.registry.names().includes("demo__added"));
    h.llm.script({ toolCalls: [{ name: "demo__added", arguments: {} }] }, { text: "done" });
    const reply = await chat("use the new tool");
    expect(offered().map((tool) => tool.name)).toContain("demo__added");
    expect(reply.tool_calls).toMatchObject([
      { name: "demo__added", result: { success: true, data: "new tool works" } },
    ]);
  });

  it("a server down at start is retried with backoff and its tools join when it comes up", async () => {
    expect(h.cyrene.registry.names().some((name) => name.startsWith("late__"))).toBe(false);
    await late.start();
    await until(
      "late connected",
      () => h.cyrene.mcpClients.status().find((s) => s.name === "late")?.state === "connected",
    );
    h.llm.script({ toolCalls: [{ name: "late__add", arguments: { a: 1, b: 2 } }] }, { text: "3" });
    const reply = await chat("late add");
    expect(reply.tool_calls).toMatchObject([
      { name: "late__add", result: { success: true, data: { sum: 3 } } },
    ]);
  });

  it("a server that dies mid-call: the call returns a clear error, the turn goes on, its tools are unavailable", async () => {
    h.llm.script({ toolCalls: [{ name: "fragile__hang", arguments: {} }] }, { text: "The NAS went away." });
    const replying = chat("hang");
    await hanging;
    await fragile.stop();
    const reply = await replying;
    expect(reply.reply).toBe("The NAS went away.");
    const result = (reply.tool_calls as { result: { success: boolean; error: string } }[])[0]!.result;
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/MCP server "fragile" stopped answering during the call/);
    const status = h.cyrene.mcpClients.status().find((s) => s.name === "fragile")!;
    expect(status.state).not.toBe("connected");
    // Marked unavailable: not offered, and a call says why.
    h.llm.script({ toolCalls: [{ name: "fragile__hang", arguments: {} }] }, { text: "ok" });
    const again = await chat("hang again");
    expect(offered().map((tool) => tool.name)).not.toContain("fragile__hang");
    expect(JSON.stringify(again.tool_calls)).toMatch(/fragile__hang.*unavailable.*not reachable/);
  });

  it("a 20 s tool goes to the background hand-off like a built-in tool, and its result arrives later", async () => {
    h.llm.script({ toolCalls: [{ name: "demo__slow", arguments: {} }] }, { text: "Still working on it." });
    const reply = await chat("slow please");
    expect(reply.tool_calls).toMatchObject([
      { name: "demo__slow", result: { success: true, data: { status: "running_in_background" } } },
    ]);
    releaseSlow();
    await h.cyrene.background.settle();
    h.llm.script({ text: "It finished." });
    await fetch(`${h.url}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "done?", conversation_id: reply.conversation_id }),
    });
    expect(JSON.stringify(h.llm.requests.at(-1)!.body.messages)).toContain("slow work done");
  });
});

describe("the Thinker's whitelist", () => {
  it("accepts an MCP server's tools by name or by prefix__*", () => {
    const policy = new AutonomousToolPolicy(["iot_query", "ha__*", "nas__list_files"]);
    expect(policy.allows("ha__HassTurnOn")).toBe(true);
    expect(policy.allows("nas__list_files")).toBe(true);
    expect(policy.allows("nas__delete_files")).toBe(false);
    expect(policy.allows("hab__x")).toBe(false);
    expect(policy.allows("iot_control")).toBe(false);
  });
});
