import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createCyrene, type Cyrene } from "../src/compose.js";
import { loadConfig } from "../src/config/load.js";
import { silentLogger } from "../src/logging/logger.js";
import type { Notice, Notifier } from "../src/notify/notifier.js";
import { defineTool } from "../src/tools/define-tool.js";
import { allowAllTools } from "../src/tools/policy.js";
import { ScriptedLlm } from "./fixtures/scripted-llm/server.js";
import { FakeHomeAssistant } from "./ha/support/fake-ha.js";
import { sampleHome } from "./ha/support/sample-home.js";
import { FakeClock } from "./support/fake-clock.js";
import { until } from "./support/until.js";

/**
 * One clock given to compose moves everything: what the stores stamp (conversations, turns, jobs,
 * thoughts, knowledge documents, reminders) and when a reminder falls due. The clock is years away from
 * the real one, so a stamp read from the system's time would show.
 */
const START = Date.parse("2031-05-06T07:08:00Z");
const clock = new FakeClock(START);
const delivered: Notice[] = [];
const notifier: Notifier = {
  deliver: async (_target, notice) => void delivered.push(notice),
  replacesRepeats: () => true,
  shows: async () => undefined,
  dismiss: async () => {},
  targets: async () => ({ notify: [], speak: [] }),
};
/** A tool still running when the turn's tool time runs out: it goes on as a background job. */
let release = () => {};
const slow = defineTool({
  name: "slow_lookup",
  description: "Looks something up, slowly.",
  parameters: z.object({}),
  execute: () => new Promise((resolve) => (release = () => resolve({ found: true }))),
});

const dir = mkdtempSync(join(tmpdir(), "cyrene-clock-"));
let llm: ScriptedLlm;
let cyrene: Cyrene;
beforeAll(async () => {
  llm = await ScriptedLlm.start();
  const config = loadConfig({
    optionsPath: join(dir, "no-options.json"),
    env: {
      CYRENE_LLM_BASE_URL: llm.baseUrl,
      CYRENE_LLM_API_KEY: "test-key",
      CYRENE_DATA_DIR: dir,
      CYRENE_TIME_ZONE: "UTC",
      CYRENE_LOG_LEVEL: "silent",
      CYRENE_THINKER_ENABLED: "false",
      CYRENE_QUIET_HOURS: "off",
    },
  });
  config.agent.toolTimeoutMs = 200;
  const ha = new FakeHomeAssistant(sampleHome());
  cyrene = createCyrene(config, { logger: silentLogger(), ha, clock, notifier, extraTools: [slow] });
});
afterAll(async () => {
  release();
  await cyrene.background.settle();
  await cyrene.close();
  await llm.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a clock given to compose", () => {
  it("stamps a conversation, its turn and a background job with the moved clock", async () => {
    await clock.advance(60_000);
    const now = START + 60_000;
    llm.script({ toolCalls: [{ name: "slow_lookup", arguments: {} }] }, { text: "Still looking." });
    const outcome = await cyrene.assistant.turn(
      { message: "look it up", source: "test", policy: allowAllTools },
      () => {},
    );
    expect(outcome.error).toBeUndefined();

    const conversation = cyrene.conversations.get(outcome.conversationId)!;
    expect([conversation.createdAt, conversation.updatedAt]).toEqual([now, now]);
    const turn = cyrene.turns.get(outcome.turnId)!;
    expect([turn.startedAt, turn.finishedAt]).toEqual([now, now]);
    expect(cyrene.conversations.stored(outcome.conversationId).map((message) => message.createdAt)).toEqual(
      expect.arrayContaining([now]),
    );

    const [job] = cyrene.jobs.forConversation(outcome.conversationId);
    expect(job!.startedAt).toBe(now);
    await clock.advance(5_000);
    release();
    await until("the job finished", () => cyrene.jobs.get(job!.id)?.status === "finished");
    expect(cyrene.jobs.get(job!.id)!.finishedAt).toBe(now + 5_000);
  });

  it("stamps a thought and a knowledge document with it", async () => {
    await clock.advance(3_600_000);
    const now = clock.now();
    llm.script({ text: JSON.stringify({ outcome: "note", text: "The washer is done." }) });
    await cyrene.thinker.think({ kind: "event", prompt: "The washer stopped.", topic: "laundry" });
    const [thought] = cyrene.thoughts.recent(1);
    expect([thought!.startedAt, thought!.finishedAt]).toEqual([now, now]);

    const { document } = await cyrene.knowledge.base.ingest({
      kind: "text",
      text: "The boiler is serviced in May.",
    });
    expect(document.createdAt).toBe(now);
  });

  it("stamps a reminder with it, and delivers it when the clock reaches it", async () => {
    const now = clock.now();
    const at = new Date(now + 30 * 60_000).toISOString().slice(0, 19);
    const { reminder } = await cyrene.reminders.service.create({ message: "Take the cake out", at });
    expect(reminder.createdAt).toBe(now);
    expect(reminder.nextAt).toBe(now + 30 * 60_000);

    await clock.advance(29 * 60_000);
    expect(delivered).toEqual([]);
    await clock.advance(60_000);
    await until("the reminder delivered", () => delivered.length > 0);
    expect(delivered[0]!.message).toContain("Take the cake out");
  });
});
