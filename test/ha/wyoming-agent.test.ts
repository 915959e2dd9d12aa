import type { AddressInfo, Server } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { createWyomingServer } from "../../src/assist/wyoming/server.js";
import { silentLogger } from "../../src/logging/logger.js";
import { allowAllTools } from "../../src/tools/policy.js";
import {
  addWyomingEntry,
  haCall,
  processText,
  removeEntry,
  speechOf,
  type ConversationResult,
  type WyomingEntry,
} from "../assist/wyoming/ha-assist.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { testTools } from "../support/test-tools.js";
import { restCall, restState } from "./support/real-ha.js";

/** What was said to HA and what HA answered, printed at the end for the closing note. */
const transcript: string[] = [];

describeHa("Cyrene as a Wyoming conversation agent of a real Home Assistant", (info) => {
  let h: Harness;
  let agent: WyomingEntry;
  const entries: string[] = [];
  const servers: Server[] = [];

  beforeAll(async () => {
    h = await startHarness({
      assist: true,
      tools: testTools().tools,
      env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token },
    });
    agent = await addWyomingEntry(info, h.wyomingPort);
    entries.push(agent.entryId);
  });
  afterAll(async () => {
    await Promise.all(entries.map((id) => removeEntry(info, id)));
    for (const server of servers) server.close();
    await h?.close();
    if (transcript.length) console.log(`\nHA ↔ Cyrene over Wyoming\n${transcript.join("\n")}\n`);
  });
  beforeEach(() => h.llm.reset());
  afterEach(() => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  });

  /** Says something through HA's conversation API and records the exchange. */
  async function say(
    text: string,
    options: { conversationId?: string; language?: string; agentId?: string } = {},
  ) {
    const result = await processText(info, options.agentId ?? agent.entityId, text, options);
    note(`conversation/process (${options.language ?? "zh-Hans"})`, text, result);
    return result;
  }
  function note(via: string, text: string, result: ConversationResult) {
    const id = result.conversation_id ? ` [${result.conversation_id.slice(-6)}]` : "";
    transcript.push(
      `  ${via}${id}\n    user: ${text}\n    HA (${result.response.response_type}): ${speechOf(result)}`,
    );
  }
  /** Another Wyoming server on the same Cyrene (its own deadline), with an HA entry of its own. */
  async function extraAgent(
    deadlineMs = h.config.assist.deadlineMs,
  ): Promise<WyomingEntry & { server: Server }> {
    const server = createWyomingServer({
      assistant: h.cyrene.assistant,
      policy: allowAllTools,
      logger: silentLogger(),
      deadlineMs,
      rules: { addon: false, allowNetworks: [] },
      languages: h.config.assist.languages,
      version: "test",
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const entry = await addWyomingEntry(info, (server.address() as AddressInfo).port);
    entries.push(entry.entryId);
    return { ...entry, server };
  }
  const toolResults = (request: RecordedRequest) =>
    request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));

  it(
    "is set up through the config flow as “Cyrene” and offered to the pack languages' pipelines only",
    { retry: 2 },
    async () => {
      expect(agent.title).toBe("Cyrene");
      const agents = async (language: string, country?: string) =>
        (
          await haCall<{ agents: { id: string; supported_languages: string[] | "*" }[] }>(
            info,
            "conversation/agent/list",
            { language, ...(country ? { country } : {}) },
          )
        ).agents.find((a) => a.id === agent.entityId)?.supported_languages;
      expect(await agents("zh-Hans", "CN")).toEqual(expect.arrayContaining(["zh-CN", "zh"]));
      expect((await agents("zh-Hans", "CN"))![0]).toBe("zh-CN");
      expect(await agents("en", "US")).toEqual(expect.arrayContaining(["en-US", "en"]));
      expect(await agents("de", "DE")).toEqual(expect.arrayContaining(["de-DE", "de"]));
      expect(await agents("fr", "FR")).toEqual(expect.arrayContaining(["fr-FR", "fr"]));
      expect(await agents("nl")).toEqual([]);
    },
  );

  it(
    "“打开客厅灯” → the loop → iot_control → the light is on, and HA speaks Cyrene's reply",
    { retry: 2 },
    async () => {
      const lamp = info.fixture.entities.livingRoomLamp.entityId;
      await restCall(info, "light", "turn_off", { entity_id: lamp });
      await expect.poll(async () => (await restState(info, lamp)).state).toBe("off");
      h.llm.script(
        (request) => {
          expect(request.body.messages.at(-1)).toEqual({ role: "user", content: "打开客厅灯" });
          return {
            toolCalls: [{ name: "iot_control", arguments: { service: "light.turn_on", target: "客厅灯" } }],
          };
        },
        (request) => {
          const [result] = toolResults(request);
          return { text: result.success ? "好的，**客厅灯**已经打开了。" : `失败：${result.error}` };
        },
      );
      const result = await say("打开客厅灯");
      expect(result.response.response_type).toBe("action_done");
      expect(speechOf(result)).toBe("好的，客厅灯已经打开了。");
      expect((await restState(info, lamp)).state).toBe("on");
    },
  );

  // A bare yes as people say it, in the language they speak: "是的", "yes, do it", "好的呢".
  for (const { language, said, question, answer, done } of [
    {
      language: "zh-Hans",
      said: "打开入户门锁",
      question: "要打开入户门锁吗？",
      answer: "是的",
      done: "入户门锁已打开。",
    },
    {
      language: "en",
      said: "Unlock the front door",
      question: "Should I unlock the front door?",
      answer: "yes, do it",
      done: "The front door is unlocked.",
    },
    {
      language: "zh-Hans",
      said: "把大门锁打开",
      question: "要解锁入户门锁吗？",
      answer: "好的呢",
      done: "入户门锁已打开。",
    },
  ]) {
    it(
      `confirms unlocking 入户门锁 over two turns of HA's conversation id ("${answer}")`,
      { timeout: 60_000, retry: 2 },
      async () => {
        const lock = info.fixture.lock;
        await restCall(info, "lock", "lock", { entity_id: lock });
        await expect.poll(async () => (await restState(info, lock)).state).toBe("locked");
        let confirmationId = "";
        h.llm.script(
          { toolCalls: [{ name: "iot_control", arguments: { service: "lock.unlock", target: "入户门锁" } }] },
          (request) => {
            confirmationId = toolResults(request).at(-1).data.confirmation_id;
            return { text: question };
          },
        );
        const first = await say(said, { language });
        expect(speechOf(first)).toBe(question);
        expect(first.conversation_id).toBeTruthy();
        expect((await restState(info, lock)).state).toBe("locked");

        h.llm.script(
          (request) => {
            // The stored history of the first turn came back: the same conversation.
            expect(JSON.stringify(request.body.messages)).toContain(confirmationId);
            return { toolCalls: [{ name: "iot_control", arguments: { confirmation_id: confirmationId } }] };
          },
          (request) => {
            const result = toolResults(request).at(-1);
            return { text: result.success ? done : `失败：${result.error}` };
          },
        );
        const second = await say(answer, { language, conversationId: first.conversation_id! });
        expect(second.conversation_id).toBe(first.conversation_id);
        expect(speechOf(second)).toBe(done);
        await expect.poll(async () => (await restState(info, lock)).state).toBe("unlocked");
        await restCall(info, "lock", "lock", { entity_id: lock });
      },
    );
  }

  it(
    "is the conversation engine of assist_pipeline text runs, in Chinese and in English",
    { retry: 2 },
    async () => {
      const pipelines: string[] = [];
      const pipeline = async (language: string, conversationLanguage: string) => {
        const created = await haCall<{ id: string }>(info, "assist_pipeline/pipeline/create", {
          name: `Cyrene Wyoming ${language} (test)`,
          language,
          conversation_engine: agent.entityId,
          conversation_language: conversationLanguage,
          prefer_local_intents: false,
          ...Object.fromEntries(
            [
              "stt_engine",
              "stt_language",
              "tts_engine",
              "tts_language",
              "tts_voice",
              "wake_word_entity",
              "wake_word_id",
            ].map((key) => [key, null]),
          ),
        });
        pipelines.push(created.id);
        return created.id;
      };
      const run = async (pipelineId: string, text: string) => {
        const events = await haCall<{ type: string; data?: Record<string, unknown> }[]>(
          info,
          "assist_pipeline/run",
          { start_stage: "intent", end_stage: "intent", input: { text }, pipeline: pipelineId },
          (event) => event.type === "run-end" || event.type === "error",
        );
        const end = events.find((event) => event.type === "intent-end");
        if (!end) throw new Error(`the pipeline run gave no intent-end: ${JSON.stringify(events)}`);
        const output = end.data!.intent_output as ConversationResult;
        note(`assist_pipeline/run (${text.match(/\p{Script=Han}/u) ? "zh" : "en"})`, text, output);
        return output;
      };
      try {
        h.llm.script({ text: "现在是下午三点。" }, { text: "It's three in the afternoon." });
        const chinese = await run(await pipeline("zh-Hans", "zh-CN"), "现在几点？");
        expect(speechOf(chinese)).toBe("现在是下午三点。");
        const english = await run(await pipeline("en", "en-US"), "What time is it?");
        expect(speechOf(english)).toBe("It's three in the afternoon.");
        expect(h.llm.requests.map((r) => r.body.messages.at(-1)!.content)).toEqual([
          "现在几点？",
          "What time is it?",
        ]);
      } finally {
        for (const id of pipelines)
          await haCall(info, "assist_pipeline/pipeline/delete", { pipeline_id: id });
      }
    },
  );

  it(
    "answers HA in time when a tool is slower than the deadline, and says it is still working",
    { retry: 2 },
    async () => {
      const slow = await extraAgent(2_000);
      h.llm.script({ toolCalls: [{ name: "sleep", arguments: { ms: 4_000, label: "备份完成" } }] });
      const started = performance.now();
      const result = await say("备份一下数据库", { agentId: slow.entityId });
      expect(performance.now() - started).toBeLessThan(3_500);
      expect(result.response.response_type).toBe("action_done");
      expect(speechOf(result)).toBe("我还在处理，稍后再问我结果吧。");
      // The tool goes on behind the answer, and its result joins the conversation.
      const conversationId = h.cyrene.conversations.findExternal("wyoming", result.conversation_id!);
      await expect
        .poll(() => JSON.stringify(h.cyrene.conversations.history(conversationId!)), { timeout: 10_000 })
        .toContain("备份完成");
    },
  );

  it("Cyrene down → HA reports the agent's failure cleanly", { retry: 2 }, async () => {
    const gone = await extraAgent();
    await new Promise((resolve) => gone.server.close(resolve));
    const result = await say("打开客厅灯", { agentId: gone.entityId });
    expect(result.response.response_type).toBe("error");
    expect(speechOf(result)).toMatch(/Error communicating with service/);
  });

  it("a failing LLM reaches HA as the agent's not-handled answer", { retry: 2 }, async () => {
    h.llm.script({ status: 401 });
    const result = await say("turn on the lamp", { language: "en" });
    expect(result.response).toMatchObject({ response_type: "error", data: { code: "failed_to_handle" } });
    expect(speechOf(result)).toBe("Sorry, I can't answer right now. Please try again later.");
  });

  it(
    "a failing LLM, in German and French: HA sends no language, the words show it",
    { retry: 2 },
    async () => {
      h.llm.script({ status: 401 }, { status: 401 });
      const de = await say("Schalte die Lampe im Wohnzimmer ein", { language: "de" });
      expect(speechOf(de)).toBe(
        "Ich kann gerade leider nicht antworten. Bitte versuch es später noch einmal.",
      );
      const fr = await say("Allume la lampe du salon", { language: "fr" });
      expect(speechOf(fr)).toBe("Désolé, je ne peux pas répondre pour le moment. Réessayez plus tard.");
    },
  );
});
