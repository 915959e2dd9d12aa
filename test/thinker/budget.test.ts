/**
 * The Thinker's budget while people talk, on a clock the test moves: an assistant that stands in for
 * the LLM turn (each call is one LLM run) and lets the test say when a person starts a turn.
 */
import { describe, expect, it } from "vitest";
import type { Assistant, TurnInput, TurnOutcome } from "../../src/agent/assistant.js";
import { silentLogger } from "../../src/logging/logger.js";
import type { Notifier } from "../../src/notify/notifier.js";
import type { ReminderService } from "../../src/reminders/service.js";
import { ConversationStore } from "../../src/store/conversations.js";
import { openDatabase, type Db } from "../../src/store/database.js";
import { ThoughtStore } from "../../src/store/thoughts.js";
import { Thinker } from "../../src/thinker/thinker.js";
import { allowAllTools } from "../../src/tools/policy.js";
import { FakeHomeAssistant } from "../ha/support/fake-ha.js";
import { sampleHome } from "../ha/support/sample-home.js";
import { createHomeTime } from "../../src/time/home-time.js";
import { FakeClock } from "../support/fake-clock.js";

const HOUR = 3_600_000;

/** Moves the clock on a second at a time, so work that sets its timers a few awaits late keeps up. */
async function pass(clock: FakeClock, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 1_000) await clock.advance(Math.min(1_000, left));
}

/** One LLM run per thinker turn; a run lasts `runMs` on the test's clock unless a person cuts it short. */
class StandInAssistant {
  readonly runs: string[] = [];
  private readonly listeners = new Set<(source: string) => void>();
  /** A person starts talking this long into each of the next runs. */
  interrupt: number[] = [];
  /** Set while a person's turn runs, as the turns table would show it. */
  talking = false;

  constructor(
    private readonly clock: FakeClock,
    private readonly runMs = 10_000,
  ) {}

  onTurnStart(listener: (source: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A person's turn starts (and runs until `done`). */
  personStarts(): void {
    this.talking = true;
    for (const listener of this.listeners) listener("api");
  }

  async turn(input: TurnInput): Promise<TurnOutcome> {
    this.runs.push(input.message.slice(0, 40));
    const cutAfter = this.interrupt.shift();
    const ended = await new Promise<"done" | "aborted">((resolve) => {
      const timer = this.clock.setTimer(() => resolve("done"), this.runMs);
      input.signal!.addEventListener("abort", () => {
        this.clock.clearTimer(timer);
        resolve("aborted");
      });
      if (cutAfter !== undefined) this.clock.setTimer(() => this.personStarts(), cutAfter);
    });
    const base = {
      type: "final" as const,
      conversationId: "c",
      turnId: "t",
      usage: { promptTokens: 10, completionTokens: 5, cachedTokens: 0 },
      toolCalls: 0,
      rounds: 1,
    };
    return ended === "aborted"
      ? ({ ...base, text: "", error: { kind: "aborted", message: "cancelled" } } as unknown as TurnOutcome)
      : ({ ...base, text: JSON.stringify({ outcome: "nothing", text: "ok" }) } as unknown as TurnOutcome);
  }
}

const notifier: Notifier = {
  deliver: async () => {},
  dismiss: async () => {},
  targets: async () => ({ notify: [], speak: [] }),
  replacesRepeats: () => true,
  shows: async () => undefined,
};

function build(options: { maxPerHour: number; dedupeMs?: number; yieldMs?: number }) {
  const clock = new FakeClock(Date.UTC(2026, 11, 3, 4, 0));
  const db: Db = openDatabase(":memory:");
  const assistant = new StandInAssistant(clock);
  const store = new (class extends ThoughtStore {
    override peopleTalking(): boolean {
      return assistant.talking;
    }
  })(db);
  const thinker = new Thinker({
    assistant: assistant as unknown as Assistant,
    store,
    conversations: new ConversationStore(db),
    reminders: { list: () => [] } as unknown as ReminderService,
    ha: new FakeHomeAssistant(sampleHome()),
    notifier,
    time: createHomeTime({ zone: "Asia/Shanghai", clock }),
    logger: silentLogger(),
    policy: allowAllTools,
    limits: {
      maxPerHour: options.maxPerHour,
      maxTokensPerDay: 1_000_000,
      dedupeMs: options.dedupeMs ?? 0,
      quietHours: "off",
    },
    notifyTargets: [],
    yieldMs: options.yieldMs ?? 30_000,
  });
  return { clock, assistant, store, thinker };
}

describe("the Thinker while people talk", () => {
  it("keeps its hourly budget when every thought is cut short: retries are runs like any other", async () => {
    const { clock, assistant, store, thinker } = build({ maxPerHour: 6 });
    // Six triggers; a person cuts every run short a second in, and is done 5 s later.
    assistant.interrupt = Array.from({ length: 20 }, () => 1_000);
    const done = Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        thinker.think({ kind: "event", prompt: `event ${i}`, topic: `t${i}` }),
      ),
    );
    for (let minute = 0; minute < 60; minute++) {
      await pass(clock, 5_000);
      assistant.talking = false;
      await pass(clock, 55_000);
    }
    await done;
    // Before: 12 runs against a limit of 6 (each cut-short thought retried at once, past the budget).
    expect(assistant.runs.length).toBeLessThanOrEqual(6);
    expect(store.thoughtsSince(clock.now() - HOUR)).toBeLessThanOrEqual(6);
    expect(store.skipsSince(clock.now() - HOUR)["hourly budget"]).toBeGreaterThan(0);
  });

  it("tries a cut-short thought again only once the person is done, and it finishes then", async () => {
    const { clock, assistant, store, thinker } = build({ maxPerHour: 6, yieldMs: 30_000 });
    assistant.interrupt = [2_000];
    const done = thinker.think({ kind: "event", prompt: "the washer finished", topic: "washer" });
    await pass(clock, 2_000);
    expect(assistant.runs).toHaveLength(1);
    // The person's turn goes on for two minutes: no run meanwhile, however long it lasts.
    await pass(clock, 120_000);
    expect(assistant.runs).toHaveLength(1);
    assistant.talking = false;
    await pass(clock, 29_000);
    expect(assistant.runs).toHaveLength(1);
    await pass(clock, 40_000);
    await done;
    expect(assistant.runs).toHaveLength(2);
    expect(store.recent(2).map((t) => [t.status, t.reason])).toEqual([
      ["finished", null],
      ["cancelled", "the user started talking"],
    ]);
  });

  it("holds a new trigger while a person talks, and counts a duplicate of a cut-short one as skipped", async () => {
    const { clock, assistant, store, thinker } = build({ maxPerHour: 6, dedupeMs: 10 * 60_000 });
    assistant.interrupt = [1_000];
    const first = thinker.think({ kind: "event", prompt: "door open", topic: "door" });
    await pass(clock, 3_000);
    expect(assistant.talking).toBe(true);
    // The same trigger again while the first waits for its second try: a duplicate.
    const again = thinker.think({ kind: "event", prompt: "door open", topic: "door" });
    await pass(clock, 60_000);
    expect(assistant.runs).toHaveLength(1);
    assistant.talking = false;
    await pass(clock, 120_000);
    await Promise.all([first, again]);
    expect(assistant.runs).toHaveLength(2);
    expect(store.skipsSince(clock.now() - HOUR)).toEqual({ duplicate: 1 });
    expect(store.recent(5).map((t) => t.status)).toEqual(["finished", "cancelled"]);
  });

  it("counts skipped triggers per hour and reason, and keeps the counters 30 days", async () => {
    const { clock, store } = build({ maxPerHour: 1 });
    store.countSkip("duplicate", clock.now());
    store.countSkip("duplicate", clock.now());
    store.countSkip("hourly budget", clock.now());
    expect(store.skipsSince(clock.now())).toEqual({ duplicate: 2, "hourly budget": 1 });
    clock.set(clock.now() + 31 * 24 * HOUR);
    store.countSkip("duplicate", clock.now());
    expect(store.skipsSince(0)).toEqual({ duplicate: 1 });
  });
});
