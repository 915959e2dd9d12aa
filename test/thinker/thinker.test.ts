import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Notice, Notifier } from "../../src/notify/notifier.js";
import { allowAllTools } from "../../src/tools/policy.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { startHarness, type Harness } from "../support/harness.js";

/** The Thinker through a composed Cyrene, with the scripted LLM and a notifier that records. */
class RecordingNotifier implements Notifier {
  readonly sent: { target: string; notice: Notice }[] = [];
  /** Targets that refuse (a satellite HA lost). */
  readonly failing = new Set<string>();
  async deliver(target: string, notice: Notice): Promise<void> {
    if (this.failing.has(target)) throw new Error(`${target} did not answer`);
    this.sent.push({ target, notice });
  }
  async dismiss(): Promise<void> {}
  async targets() {
    return { notify: [], speak: [] };
  }
  replacesRepeats(): boolean {
    return true;
  }
  async shows(): Promise<undefined> {
    return undefined;
  }
}

const SATELLITE = "assist_satellite.hall";
const outcome = (value: string, text: string) => ({ text: JSON.stringify({ outcome: value, text }) });
const notifier = new RecordingNotifier();
const dataDir = mkdtempSync(join(tmpdir(), "cyrene-thinker-"));
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    dataDir,
    notifier,
    env: {
      CYRENE_QUIET_HOURS: "off",
      CYRENE_THINKER_MAX_PER_HOUR: "20",
      CYRENE_THINKER_DEDUPE_MINUTES: "0",
      CYRENE_THINKER_YIELD_SECONDS: "0",
    },
  });
});
afterAll(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  expect(h.llm.pending, "every scripted reply should be used").toBe(0);
  h.llm.reset();
  notifier.sent.length = 0;
});

const think = (prompt: string, topic?: string) => h.cyrene.thinker.think({ kind: "event", prompt, topic });
const latest = () => h.cyrene.thoughts.recent(1)[0]!;
const toolResults = (request: RecordedRequest) =>
  request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));

describe("a thought", () => {
  it("is offered only the autonomous tools, and a call to another is refused whatever the LLM asks", async () => {
    h.llm.script(
      {
        toolCalls: [
          { name: "file", arguments: { operation: "write", path: "x.txt", content: "owned" } },
          { name: "http", arguments: { url: "https://example.com", method: "POST", body: "x" } },
          { name: "datetime", arguments: {} },
        ],
      },
      outcome("nothing", "Nothing to do."),
    );
    await think("Check the time.");
    const offered = h.llm.requests[0]!.body.tools!.map((t) => t.function.name);
    // The home and reminder tools are autonomous too, but need HA, which this harness lacks.
    expect(offered).toEqual(expect.arrayContaining(["datetime", "memory_search", "web_fetch"]));
    expect(offered).not.toContain("file");
    expect(offered).not.toContain("http");
    const [file, http, datetime] = toolResults(h.llm.requests[1]!);
    expect(file).toMatchObject({
      success: false,
      error: expect.stringMatching(/not allowed here \(policy "autonomous"\)/),
    });
    expect(http).toMatchObject({ success: false, error: expect.stringMatching(/not allowed here/) });
    expect(datetime).toMatchObject({ success: true });
    expect(latest()).toMatchObject({
      status: "finished",
      outcome: "nothing",
      actions: [
        { tool: "file", success: false },
        { tool: "http", success: false },
        { tool: "datetime", success: true },
      ],
    });
  });

  it("tells the user through the notifier, and leaves a note that the next conversation sees once", async () => {
    h.llm.script(outcome("tell", "The washing machine is done."));
    await think("The washer finished.", "washer");
    expect(notifier.sent.map((s) => [s.target, s.notice.message])).toEqual([
      ["persistent_notification", "The washing machine is done."],
    ]);

    h.llm.script(outcome("note", "The fridge door was open for a while this afternoon."));
    await think("The fridge door was open for 20 minutes.", "fridge");
    expect(notifier.sent).toHaveLength(1);
    h.llm.script({ text: "Hi!" }, { text: "Hi again." });
    const first = await h.cyrene.assistant.turn(
      { message: "hi", source: "api", policy: allowAllTools },
      () => {},
    );
    expect(JSON.stringify(h.llm.requests.at(-1)!.body.messages)).toContain(
      "The fridge door was open for a while",
    );
    await h.cyrene.assistant.turn(
      { message: "hi", conversationId: first.conversationId, source: "api", policy: allowAllTools },
      () => {},
    );
    const newest = h.llm.requests.at(-1)!.body.messages.at(-2)!;
    expect(String(newest.content)).not.toContain("fridge");
  });

  it("keeps a message or a question for later during quiet hours, a satellite's too", async () => {
    const quiet = await startHarness({
      notifier,
      env: { CYRENE_QUIET_HOURS: "00:00-23:59", CYRENE_THINKER_SATELLITE: SATELLITE },
    });
    try {
      quiet.llm.script(outcome("tell", "Good night."), outcome("ask", "晚安，要关灯吗？"));
      await quiet.cyrene.thinker.think({ kind: "event", prompt: "Say good night." });
      await quiet.cyrene.thinker.think({ kind: "event", prompt: "Ask about the lights." });
      expect(notifier.sent).toEqual([]);
      expect(quiet.cyrene.thoughts.recent(2).map((t) => [t.outcome, t.reason])).toEqual([
        ["note", "quiet hours (00:00-23:59): kept as a note instead of a question"],
        ["note", "quiet hours (00:00-23:59): kept as a note instead of a message"],
      ]);
    } finally {
      await quiet.close();
    }
  });

  it("is cancelled when the user starts talking, and tried once more afterwards", async () => {
    h.llm.script(
      { text: "thinking…", stallAfterEvents: 2 },
      { text: "Here you go." },
      outcome("nothing", "Done after all."),
    );
    const running = think("Think slowly.", "slow");
    await expect.poll(() => h.llm.requests.length).toBe(1);
    await h.cyrene.assistant.turn({ message: "what's up?", source: "api", policy: allowAllTools }, () => {});
    await running;
    const [retry, cancelled] = h.cyrene.thoughts.recent(2);
    expect(cancelled).toMatchObject({ status: "cancelled", reason: "the user started talking" });
    expect(retry).toMatchObject({ status: "finished", outcome: "nothing" });
  });
});

describe("a thought that speaks", () => {
  let spoken: Harness;
  beforeAll(async () => {
    spoken = await startHarness({
      notifier,
      env: {
        CYRENE_QUIET_HOURS: "off",
        CYRENE_THINKER_DEDUPE_MINUTES: "0",
        CYRENE_THINKER_YIELD_SECONDS: "0",
        CYRENE_THINKER_SATELLITE: SATELLITE,
      },
    });
  });
  afterAll(() => spoken.close());
  afterEach(() => notifier.failing.clear());

  it("asks on the configured satellite (HA's rooms unknown), with what it is about for the answer", async () => {
    spoken.llm.script(outcome("ask", "洗衣机洗好了，要我十分钟后提醒你晾衣服吗？"));
    await spoken.cyrene.thinker.think({
      kind: "event",
      prompt: "The washing machine has finished.",
      entityId: "sensor.washer_power",
      context: { power_w: 2 },
    });
    expect(notifier.sent).toEqual([
      {
        target: SATELLITE,
        notice: expect.objectContaining({ message: "洗衣机洗好了，要我十分钟后提醒你晾衣服吗？" }),
      },
    ]);
    const instructions = notifier.sent[0]!.notice.conversation!.instructions;
    expect(instructions).toContain("You (Cyrene) just asked the person at this satellite, on your own");
    expect(instructions).toContain("a Home Assistant automation asked: The washing machine has finished.");
    expect(instructions).toContain('Facts: {"power_w":2}');
    expect(instructions).toContain("The device concerned: sensor.washer_power.");
    expect(spoken.cyrene.thoughts.recent(1)[0]).toMatchObject({
      outcome: "ask",
      reason: null,
      spokenOn: SATELLITE,
    });
  });

  it("is sent as a notification when the satellite fails, with the reason", async () => {
    notifier.failing.add(SATELLITE);
    spoken.llm.script(outcome("tell", "The washing machine is done."));
    await spoken.cyrene.thinker.think({ kind: "event", prompt: "The washer finished." });
    expect(notifier.sent.map((s) => s.target)).toEqual(["persistent_notification"]);
    expect(notifier.sent[0]!.notice.conversation).toBeUndefined();
    expect(spoken.cyrene.thoughts.recent(1)[0]).toMatchObject({
      outcome: "tell",
      spokenOn: null,
      reason: `${SATELLITE} failed (${SATELLITE} did not answer): sent as a notification`,
    });
  });
});

describe("the thinker's limits", () => {
  it("skip a duplicate and stop at the budget, with the reason, and survive a restart", async () => {
    const limited = await startHarness({
      notifier,
      env: {
        CYRENE_THINKER_MAX_PER_HOUR: "2",
        CYRENE_THINKER_DEDUPE_MINUTES: "10",
        CYRENE_THINKER_YIELD_SECONDS: "0",
        CYRENE_QUIET_HOURS: "off",
      },
    });
    try {
      limited.llm.script(outcome("nothing", "ok"), outcome("nothing", "ok"));
      await limited.cyrene.thinker.think({ kind: "event", prompt: "A", topic: "a" });
      await limited.cyrene.thinker.think({ kind: "event", prompt: "A again", topic: "a" });
      const hourAgo = () => Date.now() - 3_600_000;
      expect(limited.cyrene.thoughts.skipsSince(hourAgo())).toEqual({ duplicate: 1 });
      await limited.cyrene.thinker.think({ kind: "event", prompt: "B", topic: "b" });
      await limited.restart();
      await limited.cyrene.thinker.think({ kind: "event", prompt: "C", topic: "c" });
      expect(limited.cyrene.thoughts.skipsSince(hourAgo())).toEqual({ duplicate: 1, "hourly budget": 1 });
      // Skipped triggers are counted, not stored one row each.
      expect(limited.cyrene.thoughts.recent(4).map((t) => [t.trigger.prompt, t.status])).toEqual([
        ["B", "finished"],
        ["A", "finished"],
      ]);
      expect(limited.cyrene.thoughts.skippedRows()).toBe(0);
    } finally {
      await limited.close();
    }
  });
});
