import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { describeHa } from "../fixtures/ha/use-ha.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { createTextPipeline, HaEvents, speechOf, type ConversationResult } from "./support/ha-events.js";
import {
  addSubentry,
  createOllamaEntry,
  entityOf,
  entityOfSubentry,
  removeEntry,
  untilReady,
} from "./support/ollama-entry.js";
import { restCall, restState } from "./support/real-ha.js";

/**
 * Cyrene as a conversation agent and an AI Task entity of HA's own Ollama integration: the entry and
 * its subentries made through HA's config-flow API, turns run by HA (conversation/process, an Assist
 * pipeline, ai_task.generate_data) against Cyrene's Ollama-compatible port, with the scripted LLM.
 * Names carry "Ollama" so they stay apart from the Wyoming tests on the same shared HA.
 */
describeHa("Cyrene as HA's Ollama conversation agent", (info) => {
  let h: Harness;
  let ws: HaEvents;
  let entryId: string;
  let agent: string;
  let aiTask: string;
  const transcript: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ assist: true, env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token } });
    ws = await HaEvents.connect(info);
    entryId = await createOllamaEntry(info, h.ollamaUrl);
    await addSubentry(info, entryId, "conversation", { name: "Cyrene Ollama Agent", model: "cyrene:latest" });
    await addSubentry(info, entryId, "ai_task_data", { name: "Cyrene Ollama Task", model: "cyrene:latest" });
    agent = await entityOf(ws, entryId, "conversation");
    aiTask = await entityOf(ws, entryId, "ai_task");
  }, 120_000);
  afterAll(async () => {
    if (entryId) await removeEntry(info, entryId);
    ws?.close();
    await h?.close();
    // For the closing notes: what was said and what HA answered.
    if (transcript.length) console.log(`\nHA ↔ Cyrene over the Ollama API\n${transcript.join("\n")}\n`);
  });
  // HA is shared and test/ha/harness.test.ts restarts it once: a test cut by that is retried.
  beforeEach(async () => {
    h.llm.reset();
    await untilReady(h, info, agent);
  });
  afterEach(() => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  });

  /** What Cyrene's tools did in the newest turn, as the LLM's last request shows it. */
  const cyreneSteps = () => {
    const messages = h.llm.requests.at(-1)?.body.messages ?? [];
    const turn = messages.slice(messages.findLastIndex((m) => m.role === "user") + 1);
    return turn.flatMap((m) =>
      m.role === "assistant"
        ? ((m.tool_calls as { function: { name: string; arguments: string } }[] | undefined) ?? []).map(
            (c) => `  Cyrene → ${c.function.name} ${c.function.arguments}`,
          )
        : m.role === "tool"
          ? [`    ← ${String(m.content).slice(0, 160)}`]
          : [],
    );
  };
  const toolResults = (request: RecordedRequest) =>
    request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
  const converse = async (text: string, language: string, conversationId?: string) => {
    const result = await ws.call<ConversationResult>("conversation/process", {
      text,
      language,
      agent_id: agent,
      ...(conversationId ? { conversation_id: conversationId } : {}),
    });
    transcript.push(
      `[conversation/process, ${language}] user: ${text}`,
      ...cyreneSteps(),
      `  HA (${result.response.response_type}): ${speechOf(result)}`,
    );
    return result;
  };

  it(
    "turns on 客厅灯 through HA: HA → /api/chat → scripted LLM → iot_control → the light is on, and HA says Cyrene's reply",
    { timeout: 60_000, retry: 2 },
    async () => {
      const lamp = info.fixture.entities.livingRoomLamp.entityId;
      await restCall(info, "light", "turn_off", { entity_id: lamp });
      await expect.poll(async () => (await restState(info, lamp)).state).toBe("off");

      h.llm.script(
        { toolCalls: [{ name: "iot_control", arguments: { service: "light.turn_on", target: "客厅灯" } }] },
        (request) => {
          const [result] = toolResults(request);
          return { text: result.success ? "好的，**客厅灯**已经打开了 💡" : `失败：${result.error}` };
        },
      );
      const result = await converse("打开客厅灯", "zh-CN");
      expect(result.response.response_type).toBe("action_done");
      expect(speechOf(result)).toBe("好的，客厅灯已经打开了");
      expect(toolResults(h.llm.requests[1]!)[0]).toMatchObject({
        success: true,
        data: { results: [expect.stringMatching(/^客厅灯 \(light\.living_room_lamp\): on/)] },
      });
      await expect.poll(async () => (await restState(info, lamp)).state).toBe("on");

      // What HA sent: its system prompt became the note's instructions, clock line gone, spoken style asked.
      const note = h.llm.requests[0]!.body.messages.filter((m) => m.role === "system").at(-1)!
        .content as string;
      expect(note).toMatch(/Instructions from the app[\s\S]*voice assistant for Home Assistant/);
      expect(note).not.toMatch(/Current time is/);
      expect(note).toMatch(/spoken aloud/);
    },
  );

  it(
    "unlocks 入户门锁 only after the user's yes in the next turn of HA's conversation",
    { timeout: 60_000, retry: 2 },
    async () => {
      const lock = info.fixture.lock;
      await restCall(info, "lock", "lock", { entity_id: lock });
      await expect.poll(async () => (await restState(info, lock)).state).toBe("locked");

      h.llm.script(
        { toolCalls: [{ name: "iot_control", arguments: { service: "lock.unlock", target: "大门锁" } }] },
        (request) => {
          expect(toolResults(request)[0]).toMatchObject({ data: { status: "confirmation_required" } });
          return { text: "要解锁入户门锁吗？" };
        },
      );
      const asked = await converse("把大门锁打开", "zh-CN");
      expect(speechOf(asked)).toBe("要解锁入户门锁吗？");
      expect(asked.continue_conversation).toBe(true);
      expect((await restState(info, lock)).state).toBe("locked");

      let confirmation = "";
      h.llm.script(
        (request) => {
          // From Cyrene's stored conversation, which HA's resent history found again.
          const pending = toolResults(request).find((r) => r.data?.status === "confirmation_required");
          confirmation = pending.data.confirmation_id;
          expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "是的" });
          return { toolCalls: [{ name: "iot_control", arguments: { confirmation_id: confirmation } }] };
        },
        (request) => {
          const done = toolResults(request).at(-1);
          return { text: done.success ? "已经为你解锁入户门锁。" : `失败：${done.error}` };
        },
      );
      const confirmed = await converse("是的", "zh-CN", asked.conversation_id);
      expect(confirmation).toMatch(/^confirm-/);
      expect(confirmed.conversation_id).toBe(asked.conversation_id);
      expect(speechOf(confirmed)).toBe("已经为你解锁入户门锁。");
      await expect.poll(async () => (await restState(info, lock)).state).toBe("unlocked");
      await restCall(info, "lock", "lock", { entity_id: lock });
    },
  );

  it(
    "hands the calls of HA's own tools (Assist API selected) to HA and resumes the turn with HA's results",
    { timeout: 60_000, retry: 2 },
    async () => {
      const lamp = info.fixture.entities.bedroomLamp.entityId;
      await restCall(info, "light", "turn_off", { entity_id: lamp });
      await expect.poll(async () => (await restState(info, lamp)).state).toBe("off");
      const withApi = await entityOfSubentry(
        () =>
          addSubentry(info, entryId, "conversation", {
            name: "Cyrene Ollama Assist API",
            model: "cyrene:latest",
            llm_hass_api: ["assist"],
          }),
        ws,
        entryId,
      );
      await untilReady(h, info, withApi);
      // HA 2026.2 names its intent tools HassTurnOn; by 2026.11 they carry their integration: intent__HassTurnOn.
      let turnOn = "";
      h.llm.script(
        (request) => {
          const names = request.body.tools!.map((t) => t.function.name);
          expect(names).toContain("iot_control");
          turnOn = names.find((name) => /^(intent__)?HassTurnOn$/.test(name)) ?? "HassTurnOn";
          return { toolCalls: [{ name: turnOn, arguments: { name: "卧室台灯", domain: ["light"] } }] };
        },
        (request) => {
          // HA 2026.11's Ollama integration sends a tool's result as {data, error}; 2026.2 sent the data.
          const sent = toolResults(request).at(-1);
          const result = sent && "data" in sent && "error" in sent ? sent.data : sent;
          return {
            text:
              result?.response_type === "action_done"
                ? "卧室台灯开好了。"
                : `没成功：${JSON.stringify(result)}`,
          };
        },
      );
      const result = await ws.call<ConversationResult>("conversation/process", {
        text: "开一下卧室台灯",
        language: "zh-CN",
        agent_id: withApi,
      });
      transcript.push(
        "[conversation/process, zh-CN, Assist API selected] user: 开一下卧室台灯",
        `  Cyrene → ${turnOn} (run by HA)`,
        `    ← ${JSON.stringify(toolResults(h.llm.requests[1]!).at(-1)).slice(0, 160)}`,
        `  HA (${result.response.response_type}): ${speechOf(result)}`,
      );
      expect(speechOf(result)).toBe("卧室台灯开好了。");
      await expect.poll(async () => (await restState(info, lamp)).state).toBe("on");
      // The same turn went on: HA's result (sent without an id) landed under the call's id.
      const resumed = h.llm.requests[1]!.body.messages;
      const call = resumed.findLast((m) => m.role === "assistant")!.tool_calls as { id: string }[];
      expect(resumed.at(-1)).toMatchObject({ role: "tool", tool_call_id: call[0]!.id });
      expect(h.cyrene.turns.recent(1)[0]).toMatchObject({ status: "completed", rounds: 2 });
    },
  );

  it(
    "gives ai_task.generate_data with a structure data that matches it",
    { timeout: 60_000, retry: 2 },
    async () => {
      h.llm.script({
        text: '```json\n{"name": "客厅", "lights_on": 2, "summary": "Two lights are on."}\n```',
      });
      const res = await fetch(`${info.url}/api/services/ai_task/generate_data?return_response`, {
        method: "POST",
        headers: { authorization: `Bearer ${info.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          task_name: "living room report",
          entity_id: aiTask,
          instructions: "Report on the living room: its name, how many lights are on, and a summary.",
          structure: {
            name: { description: "The room's name", required: true, selector: { text: {} } },
            lights_on: { description: "Lights that are on", required: true, selector: { number: {} } },
            summary: { selector: { text: {} } },
          },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { service_response } = (await res.json()) as { service_response: { data: unknown } };
      expect(service_response.data).toEqual({ name: "客厅", lights_on: 2, summary: "Two lights are on." });
      transcript.push(
        `[ai_task.generate_data] instructions: Report on the living room…\n  HA data: ${JSON.stringify(service_response.data)}`,
      );
      const sent = h.llm.requests[0]!.body.messages;
      const note = sent.filter((m) => m.role === "system").at(-1)!.content as string;
      expect(note).toMatch(/valid against this JSON Schema/);
      expect(note).toMatch(/"required":\["name","lights_on"\]/);
      expect(note).not.toMatch(/spoken aloud/);
    },
  );

  for (const { language, said, answer } of [
    { language: "zh-CN", said: "客厅现在冷吗？", answer: "客厅现在二十二度，不冷。要我把空调调高一点吗？" },
    {
      language: "en",
      said: "Is it cold in the living room?",
      answer: "It is 22 degrees in the living room, not cold.",
    },
  ]) {
    it(
      `answers an Assist pipeline (text in, intent stage) in ${language} with Cyrene as conversation engine`,
      { timeout: 60_000, retry: 2 },
      async () => {
        const pipeline = {
          id: await createTextPipeline(ws, `Cyrene Ollama ${language} (test)`, language, agent),
        };
        try {
          h.llm.script({ text: answer, pieceSize: 6 });
          const events = await ws.runPipeline({
            pipeline: pipeline.id,
            start_stage: "intent",
            end_stage: "intent",
            input: { text: said },
          });
          const types = events.map((e) => e.type);
          expect(types[0]).toBe("run-start");
          expect(types.at(-1)).toBe("run-end");
          expect(types).not.toContain("error");
          const end = events.find((e) => e.type === "intent-end")!.data as {
            intent_output: ConversationResult;
          };
          expect(speechOf(end.intent_output)).toBe(answer);
          expect(events.find((e) => e.type === "intent-start")?.data).toMatchObject({
            engine: agent,
            language,
          });
          // Streamed: HA got the answer in pieces while Cyrene produced it.
          const deltas = events.filter((e) => e.type === "intent-progress");
          expect(deltas.length).toBeGreaterThan(0);
          expect(h.llm.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: "user", content: said });
          transcript.push(
            `[assist_pipeline/run ${language}, intent → intent] user: ${said}\n  HA: ${speechOf(end.intent_output)}`,
          );
        } finally {
          await ws.call("assist_pipeline/pipeline/delete", { pipeline_id: pipeline.id });
        }
      },
    );
  }

  it(
    "reports a failing LLM as the agent's error response, promptly",
    { timeout: 60_000, retry: 2 },
    async () => {
      h.llm.script({ status: 401 });
      const started = Date.now();
      const result = await converse("打开客厅灯", "zh-CN");
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result.response.response_type).toBe("error");
      // HA 2026.11 ends the sentence with a full stop.
      expect(speechOf(result)).toMatch(/^Unable to get response\.?$/);
    },
  );

  it("reports Cyrene being down as an error at once, not a hang", { timeout: 90_000, retry: 2 }, async () => {
    const gone = await startHarness({ assist: true });
    const goneEntry = await createOllamaEntry(info, gone.ollamaUrl);
    try {
      await addSubentry(info, goneEntry, "conversation", {
        name: "Cyrene Ollama Down",
        model: "cyrene:latest",
      });
      const downAgent = await entityOf(ws, goneEntry, "conversation");
      await gone.close();
      const started = Date.now();
      const failure = await ws
        .call("conversation/process", { text: "打开客厅灯", language: "zh-CN", agent_id: downAgent })
        .then(
          () => "answered",
          (error: Error) => error.message,
        );
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(failure).toMatch(/unknown_error|error/i);
      transcript.push(`[conversation/process, Cyrene down] user: 打开客厅灯\n  HA: ${failure}`);
    } finally {
      await removeEntry(info, goneEntry);
    }
  });
});
