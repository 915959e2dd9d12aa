import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addWyomingEntry,
  removeEntry as removeWyoming,
  type WyomingEntry,
} from "../assist/wyoming/ha-assist.js";
import { HA_INSTRUCTIONS } from "../assist/ollama/ha-client.js";
import { describeHa, useHa, type HaInfo } from "../fixtures/ha/use-ha.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { startWebFixture, type WebFixture } from "../fixtures/web/server.js";
import { WyomingTts } from "../fixtures/wyoming-tts/server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { rest, until } from "./support/config-flow.js";
import { HaEvents, speechOf, type ConversationResult } from "./support/ha-events.js";
import { addLlamaCppAgent, createLlamaCppEntry } from "./support/llama-cpp-entry.js";
import { entityOfSubentry, removeEntry, untilReady } from "./support/ollama-entry.js";
import { restCall, restState } from "./support/real-ha.js";
import { runVoicePipeline, spokenText, VOICE_CASES } from "./support/voice-pipeline.js";

/** The lines DOCS has the user paste into the agent's instructions. */
const ROOM_LINE = "Speaker area: {{ area_name(llm_context.device_id) }} (device {{ llm_context.device_id }})";
const USER_LINE = "Speaker user: {{ user_name }} (user {{ llm_context.context.user_id }})";
const SLOW_SEARCH_MS = 7_000;
const SHARED = { timeout: 90_000, retry: 2 };

/** HA 2026.8+ has `llama_cpp`, its OpenAI-compatible conversation agent. */
async function hasLlamaCpp(ha: HaInfo | undefined): Promise<boolean> {
  if (!ha) return false;
  const { version } = await rest<{ version: string }>(ha, "GET", "/api/config");
  const [year, month] = version.split(".").map(Number);
  return year! > 2026 || (year === 2026 && month! >= 8);
}

/**
 * Cyrene as HA's OpenAI-compatible conversation agent (`llama_cpp`) at /ha/v1, through HA's own config
 * flow and Assist pipeline (`assist_pipeline/run`, text in, through a streaming Wyoming TTS), with the
 * scripted LLM: streaming and spoken progress, follow-ups in the stored conversation, the speaker's room,
 * and the person HA names. A recording proxy in front of Cyrene's port shows what HA sends.
 */
const ha = useHa();
if (ha && !(await hasLlamaCpp(ha)))
  describe.skip("Cyrene as HA's llama_cpp agent", () => it("needs HA 2026.8+ (llama_cpp)", () => {}));
else
  describeHa("Cyrene as HA's OpenAI-compatible agent (llama_cpp) at /ha/v1", (info) => {
    let h: Harness;
    let ws: HaEvents;
    let web: WebFixture;
    let tts: WyomingTts;
    let ttsEntry: WyomingEntry;
    let proxy: Server;
    let entryId: string;
    const agents = { voice: "", person: "" };
    const seen: { path: string; headers: IncomingHttpHeaders; body?: Record<string, unknown> }[] = [];
    const transcript: string[] = [];

    beforeAll(async () => {
      web = await startWebFixture();
      tts = await WyomingTts.start({ streaming: true });
      ttsEntry = await addWyomingEntry(info, tts.port, "tts");
      h = await startHarness({
        assist: true,
        env: {
          CYRENE_HA_URL: info.url,
          CYRENE_HA_TOKEN: info.token,
          CYRENE_TRUST_USER_HEADERS: "true",
          CYRENE_NETWORK_ALLOW_HOSTS: "127.0.0.1",
          CYRENE_SEARXNG_URL: `${web.origin}/searxng-slow-${SLOW_SEARCH_MS}`,
        },
      });
      proxy = await recordingProxy(h.ollamaUrl, seen);
      ws = await HaEvents.connect(info);
      // HA checks the model with two completions (plain, streamed) while the flow runs.
      h.llm.setFallback({ text: "Paris." });
      const port = (proxy.address() as AddressInfo).port;
      entryId = await createLlamaCppEntry(info, `http://127.0.0.1:${port}/ha/v1`, "sk-cyrene-test");
      agents.voice = await entityOfSubentry(
        () => addLlamaCppAgent(info, entryId, `${HA_INSTRUCTIONS}${ROOM_LINE}`),
        ws,
        entryId,
      );
      agents.person = await entityOfSubentry(
        () => addLlamaCppAgent(info, entryId, `${HA_INSTRUCTIONS}${USER_LINE}`),
        ws,
        entryId,
      );
      h.llm.setFallback(undefined);
    }, 180_000);
    afterAll(async () => {
      if (transcript.length) console.log(`\nHA (llama_cpp) ↔ Cyrene at /ha/v1\n${transcript.join("\n")}\n`);
      if (entryId) await removeEntry(info, entryId);
      if (ttsEntry) await removeWyoming(info, ttsEntry.entryId);
      ws?.close();
      await h?.close();
      await tts?.close();
      await web?.close();
      await new Promise((resolve) => proxy?.close(resolve));
    }, 60_000);
    beforeEach(async () => {
      h.llm.reset();
      seen.length = 0;
      await untilReady(h, info, agents.voice);
    });

    const toolResults = (request: RecordedRequest) =>
      request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
    const plain = (text: string) => text.replace(/\s+/g, " ").trim();
    const chats = () => seen.filter((r) => r.path.endsWith("/chat/completions"));

    it("HA's config flow found Cyrene's models and made the entry streaming; HA names itself by nothing but the URL", async () => {
      const entries = await rest<{ entry_id: string; state: string }[]>(
        info,
        "GET",
        "/api/config/config_entries/entry?domain=llama_cpp",
      );
      expect(entries.find((e) => e.entry_id === entryId)?.state).toBe("loaded");
      h.llm.script({ text: "Hello." });
      const result = await ws.call<ConversationResult>("conversation/process", {
        text: "Hello",
        language: "en",
        agent_id: agents.voice,
      });
      expect(speechOf(result)).toBe("Hello.");
      const [chat] = chats();
      // The OpenAI SDK's User-Agent over HA's own; the key the user typed; HA's conversation id as `user`.
      expect(chat!.headers["user-agent"]).toMatch(/^AsyncOpenAI\/Python /);
      expect(chat!.headers.authorization).toBe("Bearer sk-cyrene-test");
      expect(chat!.body).toMatchObject({ model: "cyrene", stream: true, user: result.conversation_id });
      transcript.push(
        `[what HA sends] POST ${chat!.path}`,
        `  headers: ${JSON.stringify(pick(chat!.headers, ["user-agent", "authorization", "x-stainless-lang", "x-stainless-package-version"]))}`,
        `  body fields: ${Object.keys(chat!.body ?? {}).join(", ")}; user = ${String(chat!.body?.user)}`,
      );
      // The household's conversation, known by HA's id.
      const id = h.cyrene.conversations.findExternal("ha_openai", result.conversation_id);
      expect(id).toBeDefined();
      expect(h.cyrene.conversations.get(id!)?.owner).toBe("household");
    });

    for (const c of VOICE_CASES) {
      it(
        `${c.language}: a slow search: HA streams the call's line to TTS first, then the answer; the follow-up continues the stored conversation without the line`,
        SHARED,
        async () => {
          h.llm.script({ toolCalls: [{ name: "web_search", arguments: { query: c.query } }] }, (request) => {
            expect(toolResults(request)[0]).toMatchObject({ success: true });
            return { text: c.answer };
          });
          const run = await runVoicePipeline(ws, tts, {
            agent: agents.voice,
            ttsEntity: ttsEntry.entityId,
            language: c.language,
            text: c.question,
          });
          const spoken = plain(spokenText(run));
          transcript.push(`[${c.language}] user: ${c.question}`, `  HA streamed to TTS: ${spoken}`);
          expect(run.streamed).toBe(true);
          expect(spoken.startsWith(c.line)).toBe(true);
          expect(spoken.endsWith(c.answer)).toBe(true);
          const conversation = h.cyrene.conversations.findExternal("ha_openai", run.result.conversation_id);
          expect(conversation).toBeDefined();

          let history: RecordedRequest["body"]["messages"] = [];
          h.llm.script((request) => {
            history = request.body.messages.filter((m) => m.role !== "system");
            return { text: c.answer };
          });
          const next = await runVoicePipeline(ws, tts, {
            agent: agents.voice,
            ttsEntity: ttsEntry.entityId,
            language: c.language,
            text: c.followUp,
            conversationId: run.result.conversation_id,
          });
          transcript.push(`[${c.language}] user: ${c.followUp}`, `  HA: ${plain(spokenText(next))}`);
          expect(next.result.conversation_id).toBe(run.result.conversation_id);
          expect(h.cyrene.conversations.findExternal("ha_openai", next.result.conversation_id)).toBe(
            conversation,
          );
          expect(history.at(-1)).toEqual({ role: "user", content: c.followUp });
          expect(history.filter((m) => m.role === "user").map((m) => m.content)).toContain(c.question);
          expect(JSON.stringify(history)).not.toContain(c.line.slice(0, 6));
        },
      );
    }

    it(
      '"开灯" from a device in the kitchen turns on the kitchen\'s light: the room line reaches Cyrene',
      SHARED,
      async () => {
        const { entities } = info.fixture;
        const kitchen = entities.kitchenLights.entityId;
        const device = await until("the agent's device", async () => {
          const list = await ws.call<{ id: string; config_entries: string[] }[]>(
            "config/device_registry/list",
          );
          return list.find((d) => d.config_entries.includes(entryId))?.id;
        });
        await until("Cyrene sees the device in the kitchen", async () => {
          await ws.call("config/device_registry/update", { device_id: device, area_id: "kitchen" });
          const known = (await h.cyrene.ha.snapshot()).directory.devices.get(device);
          return known?.areaId === "kitchen" ? true : undefined;
        });
        await restCall(info, "light", "turn_off", { entity_id: kitchen });
        await expect.poll(async () => (await restState(info, kitchen)).state).toBe("off");
        let note = "";
        h.llm.script(
          (request) => {
            note = request.body.messages.filter((m) => m.role === "system").at(-1)!.content as string;
            return {
              toolCalls: [{ name: "iot_control", arguments: { service: "light.turn_on", target: "灯" } }],
            };
          },
          (request) => ({ text: toolResults(request).at(-1)?.success ? "灯开了。" : "没成功。" }),
        );
        const pipeline = await ws.call<{ id: string }>("assist_pipeline/pipeline/create", {
          name: "Cyrene llama_cpp room (test)",
          language: "zh-CN",
          conversation_engine: agents.voice,
          conversation_language: "*",
          ...{ stt_engine: null, stt_language: null, tts_engine: null, tts_language: null, tts_voice: null },
          ...{ wake_word_entity: null, wake_word_id: null },
        });
        try {
          const events = await ws.runPipeline({
            pipeline: pipeline.id,
            start_stage: "intent",
            end_stage: "intent",
            input: { text: "开灯" },
            device_id: device,
          });
          const end = events.find((e) => e.type === "intent-end")!.data as {
            intent_output: ConversationResult;
          };
          expect(speechOf(end.intent_output)).toBe("灯开了。");
        } finally {
          await ws.call("assist_pipeline/pipeline/delete", { pipeline_id: pipeline.id });
        }
        expect(note).toContain(`Speaker area: 厨房 (device ${device})`);
        await expect.poll(async () => (await restState(info, kitchen)).state).toBe("on");
        await restCall(info, "light", "turn_off", { entity_id: kitchen });
      },
    );

    it(
      "a turn HA runs as a user (conversation/process by the panel's user) is that person's, the one HA's ingress names",
      SHARED,
      async () => {
        const me = await ws.call<{ id: string; name: string }>("auth/current_user");
        h.llm.script({ text: "Noted." });
        const result = await ws.call<ConversationResult>("conversation/process", {
          text: "Remember that I like tea",
          language: "en",
          agent_id: agents.person,
        });
        expect(speechOf(result)).toBe("Noted.");
        const id = h.cyrene.conversations.findExternal("ha_openai", result.conversation_id)!;
        expect(h.cyrene.conversations.get(id)?.owner).toBe(`person:${me.id}`);
        // The panel (HA's ingress naming the same user) lists it; the household's voice does not.
        const listed = async (headers: Record<string, string>, query = "") =>
          (
            (await (await fetch(`${h.url}/api/conversations${query}`, { headers })).json()) as {
              conversations: { id: string }[];
            }
          ).conversations.map((c) => c.id);
        expect(await listed({ "x-remote-user-id": me.id, "x-remote-user-name": me.name })).toContain(id);
        expect(await listed({}, "?owner=household")).not.toContain(id);
        transcript.push(
          `[person] HA rendered: Speaker user: ${me.name} (user ${me.id}) → owner person:${me.id}`,
        );
      },
    );
  });

function pick(headers: IncomingHttpHeaders, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, k === "authorization" ? "Bearer …" : headers[k]]));
}

/** A proxy in front of `target` that keeps each request's path, headers and JSON body. */
async function recordingProxy(
  target: string,
  seen: { path: string; headers: IncomingHttpHeaders; body?: Record<string, unknown> }[],
): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const text = body.toString();
      seen.push({
        path: req.url ?? "",
        headers: req.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
      });
      const upstream = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on("error", () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}
