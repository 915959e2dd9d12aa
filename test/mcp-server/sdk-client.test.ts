import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";
import { connectMcp, dataOf, textOf } from "../support/mcp-client.js";

/**
 * Cyrene as an MCP server, driven by the official TypeScript SDK client over Streamable HTTP (and the
 * older HTTP+SSE transport): initialize, list, call, errors, cancellation and the background hand-off.
 */
describe("Cyrene's /mcp with the official TypeScript SDK client", () => {
  let h: Harness;
  const { tools, stats } = testTools();
  const TOKEN = "mcp-test-token";

  beforeAll(async () => {
    // A Home Assistant and a SearXNG that are configured (not reachable): every built-in tool is offered.
    const everything = {
      CYRENE_HA_URL: "http://127.0.0.1:9",
      CYRENE_HA_TOKEN: "t",
      CYRENE_SEARXNG_URL: "http://127.0.0.1:9",
    };
    h = await startHarness({ assist: true, tools, env: { CYRENE_API_TOKEN: TOKEN, ...everything } });
  });
  afterAll(() => h?.close());

  const connect = connectMcp;

  it("initializes, names itself and offers tools", async () => {
    const client = await connect(h.ollamaUrl);
    expect(client.getServerVersion()?.name).toBe("cyrene");
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toMatch(/confirm_action/);
    await client.close();
  });

  it("lists the mcp policy's tools with their annotations: not file or http", async () => {
    const client = await connect(h.ollamaUrl);
    const { tools: listed } = await client.listTools();
    const names = listed.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(["calculator", "datetime", "add", "sleep", "confirm_action", "job_result"]),
    );
    expect(names).not.toContain("file");
    expect(names).not.toContain("http");
    const byName = Object.fromEntries(listed.map((t) => [t.name, t]));
    expect(byName.calculator!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.confirm_action!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    // A tool of unknown kind is assumed to change things, as MCP's own defaults do.
    expect(byName.sleep!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.add!.inputSchema).toMatchObject({ type: "object", properties: { a: {}, b: {} } });
    await client.close();
  });

  it("keeps tools/list small: every offered tool, annotations included, within 3,000 o200k tokens", async () => {
    const client = await connect(h.ollamaUrl);
    const listed = await client.listTools();
    const tokens = encode(JSON.stringify(listed)).length;
    console.log(`tools/list: ${listed.tools.length} tools, ${tokens} o200k tokens`);
    expect(tokens).toBeLessThan(3_000);
    await client.close();
  });

  it("calls a tool and answers its result", async () => {
    const client = await connect(h.ollamaUrl);
    const result = await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
    expect(result.isError).toBeFalsy();
    expect(dataOf(result)).toEqual({ sum: 5 });
    const sum = await client.callTool({ name: "calculator", arguments: { expression: "6 * 7" } });
    expect(textOf(sum)).toContain("42");
    await client.close();
  });

  it("answers errors as isError results: bad arguments, a refusal, a bug, unknown and unlisted tools", async () => {
    const client = await connect(h.ollamaUrl);
    const bad = await client.callTool({ name: "add", arguments: { a: "two" } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/Invalid arguments for add/);
    const refused = await client.callTool({ name: "refuse", arguments: {} });
    expect(refused).toMatchObject({ isError: true });
    expect(textOf(refused)).toBe("The device is offline.");
    const broken = await client.callTool({ name: "explode", arguments: {} });
    expect(broken.isError).toBe(true);
    expect(textOf(broken)).toMatch(/boom/);
    const unknown = await client.callTool({ name: "no_such_tool", arguments: {} });
    expect(textOf(unknown)).toMatch(/does not exist/);
    const file = await client.callTool({ name: "file", arguments: { action: "list" } });
    expect(file.isError).toBe(true);
    expect(textOf(file)).toMatch(/not allowed here \(policy "mcp"\)/);
    const selfConfirmed = await client.callTool({
      name: "add",
      arguments: { a: 1, b: 1, confirmation_id: "x" },
    });
    expect(textOf(selfConfirmed)).toMatch(/confirm_action/);
    const noJob = await client.callTool({ name: "job_result", arguments: { job_id: "nope" } });
    expect(noJob.isError).toBe(true);
    await client.close();
  });

  it("a cancelled call stops waiting at once; the tool goes on in the background and is collected later", async () => {
    const client = await connect(h.ollamaUrl);
    const controller = new AbortController();
    const call = client.callTool({ name: "sleep", arguments: { ms: 1_500, label: "cancelled" } }, undefined, {
      signal: controller.signal,
    });
    await expect.poll(() => stats.running).toBe(1);
    controller.abort("the person changed their mind");
    await expect(call).rejects.toThrow();
    // The cancellation reached the call: it became a background job instead of being cut off halfway.
    const jobs = () => h.cyrene.jobs.forConversation(mcpConversation(h, "household"));
    await expect.poll(() => jobs().length).toBe(1);
    const result = await client.callTool({ name: "job_result", arguments: { job_id: jobs()[0]!.id } });
    expect(dataOf(result)).toEqual({ label: "cancelled", slept_ms: 1_500 });
    expect(stats.aborted).toBe(0);
    await client.close();
  });

  it(
    "a 20 s tool answers running_in_background, and job_result collects it",
    { timeout: 60_000 },
    async () => {
      const client = await connect(h.ollamaUrl);
      type Status = { status?: string; job_id?: string };
      const first = JSON.parse(
        textOf(await client.callTool({ name: "sleep", arguments: { ms: 20_000, label: "slow" } })),
      ) as Status;
      expect(first).toMatchObject({ status: "running_in_background", job_id: expect.any(String) });
      // Each job_result waits a hand-off's time for the job, then says it still runs.
      const collect = () => client.callTool({ name: "job_result", arguments: { job_id: first.job_id } });
      let result = await collect();
      const stillRunning = [];
      while ((JSON.parse(textOf(result)) as Status).status === "running_in_background") {
        stillRunning.push(result);
        result = await collect();
      }
      expect(stillRunning.length).toBeGreaterThan(0);
      expect(dataOf(result)).toEqual({ label: "slow", slept_ms: 20_000 });
      // Collected once: the job is delivered and not handed to a later turn again.
      expect(h.cyrene.jobs.get(first.job_id!)?.deliveredAt).not.toBeNull();
      await client.close();
    },
  );

  it("takes the HTTP+SSE transport that older clients fall back to", async () => {
    const client = await connect(h.ollamaUrl, { sse: true });
    const { tools: listed } = await client.listTools();
    expect(listed.map((t) => t.name)).toContain("add");
    expect(dataOf(await client.callTool({ name: "add", arguments: { a: 20, b: 22 } }))).toEqual({ sum: 42 });
    await client.close();
  });

  it("on the ingress port needs the API token, and acts for the token's holder", async () => {
    await expect(connect(h.url)).rejects.toThrow(/Missing or invalid bearer token/);
    const client = await connect(h.url, { token: TOKEN });
    expect(dataOf(await client.callTool({ name: "add", arguments: { a: 1, b: 2 } }))).toEqual({ sum: 3 });
    expect(h.cyrene.conversations.ownerOf(mcpConversation(h, ""))).toBe("");
    await client.close();
  });

  it("refuses a browser without the token, and keeps a session to the caller that opened it", async () => {
    await expect(connect(h.ollamaUrl, { headers: { Origin: "http://rebound.example" } })).rejects.toThrow(
      /Browsers reach \/mcp only with the API token/,
    );
    const withToken = await connect(h.ollamaUrl, { token: TOKEN });
    const transport = withToken.transport as StreamableHTTPClientTransport;
    const response = await fetch(`${h.ollamaUrl}/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "mcp-session-id": transport.sessionId!,
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
    });
    // Without the token this caller is the household, not the token's holder who opened the session.
    expect(response.status).toBe(404);
    await withToken.close();
  });
});

/** The MCP conversation of an owner key. */
function mcpConversation(h: Harness, owner: string): string {
  const found = h.cyrene.conversations.list({ source: "mcp", visibleTo: { owner } });
  expect(found).toHaveLength(1);
  return found[0]!.id;
}

describe("Cyrene's /mcp behind HA's ingress", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ tools: testTools().tools, env: { CYRENE_TRUST_USER_HEADERS: "true" } });
  });
  afterAll(() => h?.close());

  it("acts for the person the ingress proxy names, in that person's own MCP conversation", async () => {
    const client = await connectMcp(h.url, {
      headers: { "X-Remote-User-Id": "u-mei", "X-Remote-User-Name": "mei" },
    });
    expect(dataOf(await client.callTool({ name: "add", arguments: { a: 2, b: 2 } }))).toEqual({ sum: 4 });
    expect(mcpConversation(h, "person:u-mei")).toBeDefined();
    await client.close();
  });
});
