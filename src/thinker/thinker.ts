import type { Assistant } from "../agent/assistant.js";
import type { HomeTime } from "../time/home-time.js";
import type { ReminderService } from "../reminders/index.js";
import { HOUSEHOLD } from "../store/conversation-access.js";
import type { ConversationStore } from "../store/conversations.js";
import type { ToolPolicy } from "../tools/policy.js";
import { deliverThought, type DeliveryDeps } from "./delivery.js";
import { refusal, type Limits, type Refusal } from "./limits.js";
import { OUTCOME_SCHEMA, thoughtMessage } from "./prompt.js";
import type { Outcome, ThoughtAction, ThoughtTrigger } from "../store/thought-types.js";
import type { ThoughtStore } from "../store/thoughts.js";
import { clip } from "../text/clip.js";

/** What the Thinker needs: what delivery.ts carries a thought out with (DeliveryDeps), and the rest. */
export interface ThinkerDeps extends DeliveryDeps {
  assistant: Assistant;
  store: ThoughtStore;
  conversations: ConversationStore;
  reminders: ReminderService;
  time: HomeTime;
  /** What a thought may use (an AutonomousToolPolicy; the registry enforces it). */
  policy: ToolPolicy;
  limits: Limits;
  /**
   * How long nobody must have been talking before a thought runs (default 30 s): a thought waits while
   * a person's turn runs and for this long after, so a follow-up question does not cut it short again.
   */
  yieldMs?: number;
}

/** Triggers waiting their turn at most; more are counted as skipped ("queue full"). */
const MAX_QUEUED = 20;
/** A thought waits for people at most this long (a turn left "running" by a crash must not stop thinking). */
const MAX_YIELD_MS = 15 * 60_000;

/** While a person's turn runs, whether it has ended is looked at this often. */
const TALKING_LOOK_MS = 5_000;

interface Queued {
  trigger: ThoughtTrigger;
  /** The run a person's turn cut short, when this is its second try. */
  retryOf?: string;
}

/**
 * Thinking on its own: a trigger (an HA automation's event, the schedule, a watched device) becomes one
 * assistant turn under the AutonomousToolPolicy, whose answer is an outcome — nothing, a note for the next
 * conversation, a message, or a spoken question. One thought at a time; a person's turn always goes
 * first: a thought waits while someone is talking, and one running when a person starts is cancelled
 * and tried once more when they are done. Budgets, quiet hours and duplicate triggers are checked
 * before every run, a second try included. Every run is stored and fired back into HA; a skipped
 * trigger is counted.
 */
export class Thinker {
  private readonly queue: Queued[] = [];
  private running: { id: string; abort: AbortController } | undefined;
  private draining: Promise<void> | undefined;
  private stopped = false;
  /** When a person was last seen talking. */
  private lastPersonAt = -Infinity;
  private wake: (() => void) | undefined;
  /** A person's turn was running when last looked at. */
  private seenTalking = false;

  constructor(private readonly deps: ThinkerDeps) {
    deps.assistant.onTurnStart((source) => {
      if (source === "thinker") return;
      this.lastPersonAt = deps.time.now();
      this.running?.abort.abort("the user started talking");
    });
  }

  /** Queues a thought; answers once it ran (or was refused). */
  think(trigger: ThoughtTrigger): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.queue.length >= MAX_QUEUED) {
      this.skip({ kind: "queue full", text: `${MAX_QUEUED} triggers are already waiting` }, trigger);
      return this.draining ?? Promise.resolve();
    }
    this.queue.push({ trigger });
    return (this.draining ??= this.drain().finally(() => (this.draining = undefined)));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.running?.abort.abort("Cyrene is stopping");
    this.wake?.();
    await this.draining;
  }

  private async drain(): Promise<void> {
    for (let next = this.queue.shift(); next && !this.stopped; next = this.queue.shift()) {
      await this.yieldToPeople();
      if (this.stopped) break;
      await this.runOne(next).catch((error: unknown) =>
        this.deps.logger.error({ err: error }, "a thought failed unexpectedly"),
      );
    }
  }

  /**
   * Waits until nobody has been talking for `yieldMs`: looked at again once that long has passed (a
   * timer, not a loop), and while a person's turn is still running.
   */
  private async yieldToPeople(): Promise<void> {
    const { time, store } = this.deps;
    const gap = this.deps.yieldMs ?? 30_000;
    const since = time.now();
    for (;;) {
      const now = time.now();
      const talking = store.peopleTalking();
      // Talking, or just seen to have stopped: the quiet starts now.
      if (talking || this.seenTalking) this.lastPersonAt = now;
      this.seenTalking = talking;
      const quietFor = now - this.lastPersonAt;
      if ((!talking && quietFor >= gap) || this.stopped) return;
      if (now - since >= MAX_YIELD_MS) {
        this.deps.logger.warn("a person's turn has been running for long; the thought goes ahead");
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = time.setTimer(() => resolve(), talking ? TALKING_LOOK_MS : gap - quietFor);
        this.wake = () => {
          time.clearTimer(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private skip(refused: Refusal, trigger: ThoughtTrigger): void {
    this.deps.store.countSkip(refused.kind, this.deps.time.now());
    this.deps.logger.info({ reason: refused.text, prompt: trigger.prompt }, "thought skipped");
  }

  private async runOne({ trigger, retryOf }: Queued): Promise<void> {
    const { store, time, logger } = this.deps;
    const zone = time.zone();
    const key = (trigger.topic ?? trigger.prompt).trim().toLowerCase();
    const now = time.now();
    const refused = refusal(store, this.deps.limits, key, now, zone, retryOf);
    if (refused) return this.skip(refused, trigger);
    const id = store.start(trigger, key, now);
    const abort = new AbortController();
    this.running = { id, abort };
    const actions: ThoughtAction[] = [];
    const calls = new Map<string, ThoughtAction>();
    try {
      const message = await thoughtMessage({
        trigger,
        ha: this.deps.ha,
        conversations: this.deps.conversations,
        reminders: this.deps.reminders.list(),
        zone,
        now,
      });
      const outcome = await this.deps.assistant.turn(
        {
          message,
          // Its own words are its prompt and trigger, from the home's configuration; the rest of its
          // message (the home's names, recent titles, reminders' words, the facts passed along) is outside text.
          // A watched change's prompt is made of the entity's name and state: only its id is configured.
          ownWords: [trigger.kind === "watch" ? "" : trigger.prompt, trigger.entityId ?? ""].join("\n"),
          outside: [{ from: "the thought's message", text: message }],
          source: "thinker",
          requester: HOUSEHOLD,
          policy: this.deps.policy,
          signal: abort.signal,
          output: { type: "json_schema", name: "thought_outcome", schema: OUTCOME_SCHEMA },
        },
        (event) => {
          // In the order the LLM made the calls, whatever order they finish in.
          if (event.type === "tool_started") {
            const action = {
              tool: event.name,
              arguments: clip(event.arguments, 500),
              success: false,
              result: "",
            };
            calls.set(event.callId, action);
            actions.push(action);
          }
          const action = event.type === "tool_finished" ? calls.get(event.callId) : undefined;
          if (action && event.type === "tool_finished") {
            action.success = event.result.success;
            action.result = clip(JSON.stringify(event.result), 500);
          }
        },
      );
      const tokens = outcome.usage.promptTokens + outcome.usage.completionTokens;
      const base = { actions, conversationId: outcome.conversationId, tokens };
      if (outcome.error) {
        const cancelled = abort.signal.aborted;
        store.finish(
          id,
          {
            ...base,
            status: cancelled ? "cancelled" : "failed",
            reason: cancelled ? String(abort.signal.reason) : outcome.error.message,
          },
          time.now(),
        );
        logger.info(
          { thoughtId: id, reason: abort.signal.reason ?? outcome.error.message },
          cancelled ? "thought cancelled" : "thought failed",
        );
        // Once more, first in line, when the person is done (and if the budget still allows it).
        if (cancelled && !retryOf && !this.stopped) this.queue.unshift({ trigger, retryOf: id });
        return;
      }
      const decided = JSON.parse(outcome.text) as { outcome: Outcome; text: string };
      const delivered = await deliverThought(this.deps, id, trigger, decided, zone);
      store.finish(
        id,
        {
          ...base,
          status: "finished",
          outcome: delivered.outcome,
          text: decided.text,
          reason: delivered.reason,
          spokenOn: delivered.spokenOn,
        },
        time.now(),
      );
      logger.info(
        { thoughtId: id, outcome: delivered.outcome, actions: actions.length, tokens },
        "thought finished",
      );
      await this.deps.ha
        .fireEvent("cyrene_thought", {
          id,
          outcome: delivered.outcome,
          text: decided.text,
          trigger: { kind: trigger.kind, topic: trigger.topic ?? null, prompt: trigger.prompt },
          actions: actions.map((a) => ({ tool: a.tool, success: a.success })),
        })
        .catch((error: unknown) =>
          logger.warn({ err: error, thoughtId: id }, "could not fire cyrene_thought"),
        );
    } finally {
      this.running = undefined;
    }
  }
}
