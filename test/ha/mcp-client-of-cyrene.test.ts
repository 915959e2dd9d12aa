import { DateTime } from "luxon";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeHa, type HaInfo } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { HaWatch } from "./support/ha-watch.js";
import { rest, until, untilLoaded, type FlowResult } from "./support/config-flow.js";

/**
 * Home Assistant's own `mcp` integration as a client of Cyrene's /mcp (on the Assist port, reached
 * through the trusted-network rule as HA reaches it in the add-on): its config flow against Cyrene's URL,
 * its LLM API offering Cyrene's tools to one of HA's conversation agents (HA's Ollama integration,
 * pointed at a scripted Ollama stand-in), and that agent creating a reminder in Cyrene through HA.
 */
describeHa("HA's mcp integration as a client of Cyrene", (info) => {
  let h: Harness;
  let ollama: ScriptedOllama;
  const entries: string[] = [];
  let mcpEntry: string;
  let agent: string;
  let watch: HaWatch;

  beforeAll(async () => {
    h = await startHarness({ assist: true, env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token } });
    ollama = await ScriptedOllama.start();
    watch = await HaWatch.open(info);
  }, 60_000);
  afterAll(async () => {
    for (const entry of entries)
      await rest(info, "DELETE", `/api/config/config_entries/entry/${entry}`).catch(() => {});
    watch?.close();
    await ollama?.close();
    await h?.close();
  });

  it("its config flow succeeds against Cyrene's /mcp URL", { timeout: 60_000 }, async () => {
    await rest(info, "POST", "/api/services/logger/set_level", { "homeassistant.components.mcp": "debug" });
    const form = await rest<FlowResult>(info, "POST", "/api/config/config_entries/flow", { handler: "mcp" });
    expect(form).toMatchObject({ type: "form", step_id: "user" });
    const done = await rest<FlowResult>(info, "POST", `/api/config/config_entries/flow/${form.flow_id}`, {
      url: `${h.ollamaUrl}/mcp`,
    });
    // On failure, the reason is in HA's log (mcp logs at debug), not in the flow's "cannot_connect".
    const log = async () =>
      (
        await (
          await fetch(`${info.url}/api/error_log`, { headers: { authorization: `Bearer ${info.token}` } })
        ).text()
      )
        .split("\n")
        .filter((line) => line.includes("components.mcp"))
        .slice(-20)
        .join("\n");
    expect(done, done.type === "create_entry" ? "" : await log()).toMatchObject({
      type: "create_entry",
      title: "cyrene",
    });
    mcpEntry = done.result!.entry_id;
    entries.push(mcpEntry);
    await untilLoaded(info, "mcp", mcpEntry);
  });

  it("its LLM API gives an HA conversation agent Cyrene's tools", { timeout: 90_000 }, async () => {
    expect(mcpEntry).toBeDefined();
    const entry = await createEntry(info, "ollama", { url: ollama.url });
    entries.push(entry);
    await untilLoaded(info, "ollama", entry);
    const path = "/api/config/config_entries/subentries/flow";
    const form = await rest<FlowResult>(info, "POST", path, { handler: [entry, "conversation"] });
    expect(form, JSON.stringify(form)).toMatchObject({ type: "form", step_id: "set_options" });
    // The subentry form offers the LLM APIs HA knows: Cyrene's MCP entry is one of them, named after it.
    expect(JSON.stringify(form.data_schema)).toContain(`"value":"mcp-${mcpEntry}"`);
    const done = await rest<FlowResult>(info, "POST", `${path}/${form.flow_id}`, {
      name: "Cyrene MCP test agent",
      model: ScriptedOllama.MODEL,
      llm_hass_api: [`mcp-${mcpEntry}`],
    });
    expect(done, JSON.stringify(done)).toMatchObject({ type: "create_entry" });
    await untilLoaded(info, "ollama", entry);
    agent = await until("the agent's entity", async () => {
      const states = await rest<{ entity_id: string; attributes: { friendly_name?: string } }[]>(
        info,
        "GET",
        "/api/states",
      );
      return states.find(
        (s) =>
          s.entity_id.startsWith("conversation.") && /mcp test agent/i.test(s.attributes.friendly_name ?? ""),
      )?.entity_id;
    });
  });

  it(
    "the agent calls reminder_create through HA: the reminder exists in Cyrene and its notification arrives in HA",
    { timeout: 90_000 },
    async () => {
      expect(agent).toBeDefined();
      ollama.script(
        {
          tool: {
            name: "reminder_create",
            arguments: { message: "Water the basil (MCP)", at: inSeconds(5) },
          },
        },
        { text: "OK, I will remind you to water the basil in a moment." },
      );
      const result = await rest<{ response: { speech: { plain: { speech: string } } } }>(
        info,
        "POST",
        "/api/conversation/process",
        { text: "Remind me in five seconds to water the basil", language: "en", agent_id: agent },
      );
      expect(result.response.speech.plain.speech).toMatch(/basil/);
      // HA handed its agent Cyrene's tools, under the mcp policy.
      const offered = ollama.requests[0]!.tools.map((t) => t.function.name);
      expect(offered).toEqual(
        expect.arrayContaining(["reminder_create", "iot_query", "iot_control", "confirm_action"]),
      );
      expect(offered).not.toContain("file");
      expect(offered).not.toContain("http");
      // The tool's result came back from Cyrene through HA to the agent.
      const toolMessage = ollama.requests[1]!.messages.find((m) => m.role === "tool");
      expect(toolMessage?.content).toMatch(/Water the basil/);
      const made = h.cyrene.reminders.store.all().filter((r) => r.message === "Water the basil (MCP)");
      expect(made).toHaveLength(1);
      // Made for the household: HA came through the trusted-network rule, without a token.
      const owner = h.cyrene.conversations.ownerOf(made[0]!.conversationId!);
      expect(owner).toBe("household");
      // When it is due, Cyrene delivers it into HA as any reminder.
      const id = made[0]!.id;
      const key = () =>
        `cyrene_reminder_${id}_${h.cyrene.reminders.store.lastDelivery(id)?.occurrence.id ?? "none"}`;
      await expect
        .poll(() => watch.notification(key()), { timeout: 45_000, interval: 200 })
        .toMatchObject({ message: "Water the basil (MCP)" });
    },
  );
});

/** A local wall-clock time `seconds` from now (the harness's zone), as a model would send it. */
const inSeconds = (seconds: number) =>
  DateTime.now().setZone("Asia/Shanghai").plus({ seconds }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

interface ChatRequest {
  messages: { role: string; content: string }[];
  tools: { function: { name: string } }[];
}

type Reply = { tool: { name: string; arguments: Record<string, unknown> } } | { text: string };

/** An Ollama server whose answers are scripted: HA's Ollama integration talks to it as to a model. */
class ScriptedOllama {
  static readonly MODEL = "scripted:latest";
  readonly requests: ChatRequest[] = [];
  private replies: Reply[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<ScriptedOllama> {
    const server = createServer();
    const ollama = new ScriptedOllama(server);
    server.on("request", (req, res) => void ollama.answer(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return ollama;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  script(...replies: Reply[]): void {
    this.replies = replies;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body = "";
    for await (const chunk of req) body += String(chunk);
    const json = (value: unknown): void =>
      void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.url === "/api/tags") {
      return json({
        models: [{ name: ScriptedOllama.MODEL, model: ScriptedOllama.MODEL, size: 1, digest: "0" }],
      });
    }
    if (req.url === "/api/show")
      return json({ modelfile: "", parameters: "", template: "", details: {}, model_info: {} });
    if (req.url !== "/api/chat") return json({});
    this.requests.push(JSON.parse(body) as ChatRequest);
    const reply = this.replies.shift() ?? { text: "(no scripted reply)" };
    const created_at = new Date().toISOString();
    const message =
      "tool" in reply
        ? { role: "assistant", content: "", tool_calls: [{ function: reply.tool }] }
        : { role: "assistant", content: reply.text };
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    res.write(`${JSON.stringify({ model: ScriptedOllama.MODEL, created_at, message, done: false })}\n`);
    res.end(
      `${JSON.stringify({
        model: ScriptedOllama.MODEL,
        created_at,
        message: { role: "assistant", content: "" },
        done: true,
        done_reason: "stop",
      })}\n`,
    );
  }
}

async function createEntry(info: HaInfo, handler: string, data: Record<string, unknown>): Promise<string> {
  const form = await rest<FlowResult>(info, "POST", "/api/config/config_entries/flow", { handler });
  const done = await rest<FlowResult>(info, "POST", `/api/config/config_entries/flow/${form.flow_id}`, data);
  expect(done, JSON.stringify(done)).toMatchObject({ type: "create_entry" });
  return done.result!.entry_id;
}
