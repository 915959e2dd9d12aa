import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { describeHa } from "../fixtures/ha/use-ha.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { createTextPipeline, HaEvents, speechOf, type ConversationResult } from "./support/ha-events.js";
import { addSubentry, createOllamaEntry, entityOf, removeEntry, untilReady } from "./support/ollama-entry.js";
import { restCall, restState } from "./support/real-ha.js";

/**
 * Follow-ups through HA's own Assist pipeline (assist_pipeline/run, intent stage) with Cyrene as the
 * conversation engine of HA's Ollama integration: a reply that asks (a confirmation, "which one?") ends
 * with its question mark once spoken, so HA's pipeline marks the conversation to continue and keeps the
 * microphone open, and the person's bare answer ("好的", "yes, do it", "the bedroom one") lands in the
 * same conversation, HA's and Cyrene's, and is carried out. Scripted LLM; Chinese and English.
 */
describeHa("follow-ups through HA's Assist pipeline, Cyrene over HA's Ollama integration", (info) => {
  let h: Harness;
  let ws: HaEvents;
  let entryId: string;
  let agent: string;
  const pipelines = new Map<string, string>();
  const transcript: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ assist: true, env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token } });
    ws = await HaEvents.connect(info);
    entryId = await createOllamaEntry(info, h.ollamaUrl);
    await addSubentry(info, entryId, "conversation", {
      name: "Cyrene Ollama Follow-up",
      model: "cyrene:latest",
    });
    agent = await entityOf(ws, entryId, "conversation");
    for (const language of ["zh-CN", "en"]) {
      const name = `Cyrene Ollama follow-up ${language} (test)`;
      pipelines.set(language, await createTextPipeline(ws, name, language, agent));
    }
  }, 120_000);
  afterAll(async () => {
    for (const id of pipelines.values())
      await ws?.call("assist_pipeline/pipeline/delete", { pipeline_id: id }).catch(() => undefined);
    if (entryId) await removeEntry(info, entryId);
    ws?.close();
    await h?.close();
    if (transcript.length)
      console.log(`\nFollow-ups through HA's Assist pipeline\n${transcript.join("\n")}\n`);
  });
  beforeEach(async () => {
    h.llm.reset();
    await untilReady(h, info, agent);
  });
  afterEach(() => {
    expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  });

  /** One text run of the pipeline's intent stage, in the conversation `conversationId` names. */
  const say = async (language: string, text: string, conversationId?: string) => {
    const events = await ws.runPipeline({
      pipeline: pipelines.get(language),
      start_stage: "intent",
      end_stage: "intent",
      input: { text },
      ...(conversationId ? { conversation_id: conversationId } : {}),
    });
    const end = events.find((e) => e.type === "intent-end")?.data as { intent_output: ConversationResult };
    if (!end) throw new Error(`the pipeline run gave no intent-end: ${JSON.stringify(events)}`);
    const output = end.intent_output;
    expect(events.find((e) => e.type === "intent-start")?.data).toMatchObject({ engine: agent });
    transcript.push(
      `[assist_pipeline/run ${language}] user: ${text}`,
      `  HA: ${speechOf(output)}  (continue_conversation: ${output.continue_conversation})`,
    );
    return output;
  };
  /** The fixture's lock, locked (the tests unlock it). */
  const lockedFrontDoor = async () => {
    await restCall(info, "lock", "lock", { entity_id: info.fixture.lock });
    await expect.poll(async () => (await restState(info, info.fixture.lock)).state).toBe("locked");
    return info.fixture.lock;
  };
  const toolResults = (request: RecordedRequest) =>
    request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
  /** The Cyrene conversation of each of the newest turns. */
  const conversationsOf = (turns: number) => h.cyrene.turns.recent(turns).map((t) => t.conversationId);

  for (const { language, said, target, question, spoken, answer, done } of [
    {
      language: "zh-CN",
      said: "把大门锁打开",
      target: "大门锁",
      question: "要解锁**入户门锁**吗？🔓",
      spoken: "要解锁入户门锁吗？",
      answer: "好的",
      done: "已经为你解锁入户门锁。",
    },
    {
      language: "en",
      said: "Unlock the front door",
      target: "Front Door Lock",
      question: "Should I unlock the **front door**? 🔑",
      spoken: "Should I unlock the front door?",
      answer: "yes, do it",
      done: "The front door is unlocked.",
    },
  ]) {
    it(
      `${language}: the confirmation question keeps the conversation open, and "${answer}" unlocks the door in it`,
      { timeout: 60_000, retry: 2 },
      async () => {
        const lock = await lockedFrontDoor();

        h.llm.script(
          { toolCalls: [{ name: "iot_control", arguments: { service: "lock.unlock", target } }] },
          (request) => {
            expect(toolResults(request)[0]).toMatchObject({ data: { status: "confirmation_required" } });
            return { text: question, pieceSize: 4 };
          },
        );
        const asked = await say(language, said);
        expect(speechOf(asked)).toBe(spoken);
        expect(asked.continue_conversation).toBe(true);
        expect((await restState(info, lock)).state).toBe("locked");

        let confirmation = "";
        h.llm.script(
          (request) => {
            confirmation = toolResults(request).find((r) => r.data?.status === "confirmation_required")?.data
              .confirmation_id;
            expect(request.body.messages.at(-1)).toEqual({ role: "user", content: answer });
            return { toolCalls: [{ name: "iot_control", arguments: { confirmation_id: confirmation } }] };
          },
          (request) => {
            const result = toolResults(request).at(-1);
            return { text: result.success ? done : `failed: ${result.error}` };
          },
        );
        const confirmed = await say(language, answer, asked.conversation_id);
        expect(confirmation).toMatch(/^confirm-/);
        expect(speechOf(confirmed)).toBe(done);
        expect(confirmed.conversation_id).toBe(asked.conversation_id);
        expect(confirmed.continue_conversation).toBe(false);
        const [answerTurn, askingTurn] = conversationsOf(2);
        expect(answerTurn).toBe(askingTurn);
        await expect.poll(async () => (await restState(info, lock)).state).toBe("unlocked");
        await lockedFrontDoor();
      },
    );
  }

  for (const { language, said, question, answer, done } of [
    {
      language: "zh-CN",
      said: "开灯",
      question: "开哪一盏，客厅灯还是卧室台灯？",
      answer: "卧室那个",
      done: "卧室台灯开了。",
    },
    {
      language: "en",
      said: "Turn on the lamp",
      question: "Which one: the living room lamp or the bedroom lamp?",
      answer: "the bedroom one",
      done: "The bedroom lamp is on.",
    },
  ]) {
    it(
      `${language}: "which one?" keeps the conversation open, and "${answer}" answers it there`,
      { timeout: 60_000, retry: 2 },
      async () => {
        const lamp = info.fixture.entities.bedroomLamp.entityId;
        await restCall(info, "light", "turn_off", { entity_id: lamp });
        await expect.poll(async () => (await restState(info, lamp)).state).toBe("off");

        h.llm.script({ text: question });
        const asked = await say(language, said);
        expect(speechOf(asked)).toBe(question);
        expect(asked.continue_conversation).toBe(true);

        h.llm.script(
          (request) => {
            // The answer comes after the question, in the conversation that asked it.
            const said = request.body.messages.filter((m) => m.role !== "system").slice(-3);
            expect(said).toEqual([
              { role: "user", content: expect.stringContaining(said0(language)) },
              { role: "assistant", content: question },
              { role: "user", content: answer },
            ]);
            return {
              toolCalls: [
                { name: "iot_control", arguments: { service: "light.turn_on", target: "卧室台灯" } },
              ],
            };
          },
          (request) => {
            const result = toolResults(request).at(-1);
            return { text: result.success ? done : `failed: ${result.error}` };
          },
        );
        const answered = await say(language, answer, asked.conversation_id);
        expect(speechOf(answered)).toBe(done);
        expect(answered.conversation_id).toBe(asked.conversation_id);
        expect(answered.continue_conversation).toBe(false);
        const [answerTurn, askingTurn] = conversationsOf(2);
        expect(answerTurn).toBe(askingTurn);
        await expect.poll(async () => (await restState(info, lamp)).state).toBe("on");
      },
    );
  }
});

const said0 = (language: string) => (language === "en" ? "Turn on the lamp" : "开灯");
