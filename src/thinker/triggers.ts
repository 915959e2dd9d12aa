import { createRequire } from "node:module";
import type * as NodeSchedule from "node-schedule";
import type { HaSubscription, HomeAssistant } from "../ha/index.js";
import type { Logger } from "../logging/logger.js";
import type { Thinker } from "./thinker.js";

export interface TriggerSettings {
  /** Cron-like ("0 7 * * *"), in the home's zone; none by default. */
  schedule?: string;
  schedulePrompt: string;
  /** Entity patterns ("binary_sensor.*door*") whose state changes start a thought. */
  watch: string[];
  watchDebounceMs: number;
}

const MAX_PROMPT = 2_000;
const ENTITY_ID = /^[a-z0-9_]+\.[a-z0-9_]+$/;

/**
 * What starts a thought: an HA automation's `cyrene_think` event (kept across reconnects), the
 * schedule, and watched entities (debounced per entity). Answers a function that stops them all.
 */
export function startTriggers(
  thinker: Thinker,
  ha: HomeAssistant,
  settings: TriggerSettings,
  zone: () => string,
  logger: Logger,
): () => void {
  const stops: (() => void)[] = [];
  const events: HaSubscription = ha.subscribeEvents("cyrene_think", (data) => {
    const prompt = typeof data.prompt === "string" ? data.prompt.trim() : "";
    if (!prompt || prompt.length > MAX_PROMPT) {
      logger.warn(
        { data },
        `cyrene_think needs event_data.prompt, a text of at most ${MAX_PROMPT} characters`,
      );
      return;
    }
    void thinker.think({
      kind: "event",
      prompt,
      topic: typeof data.topic === "string" ? data.topic : undefined,
      entityId:
        typeof data.entity_id === "string" && ENTITY_ID.test(data.entity_id) ? data.entity_id : undefined,
      context: data.context,
      notify: data.notify === true,
    });
  });
  stops.push(() => events.close());

  if (settings.schedule) {
    // Loaded only when a schedule is set (off by default).
    const schedule = createRequire(import.meta.url)("node-schedule") as typeof NodeSchedule;
    const job = schedule.scheduleJob({ rule: settings.schedule, tz: zone() }, () => {
      void thinker.think({ kind: "schedule", prompt: settings.schedulePrompt, topic: "schedule" });
    });
    if (!job) throw new Error(`the thinker schedule "${settings.schedule}" is not a valid cron rule`);
    stops.push(() => job.cancel());
  }

  if (settings.watch.length) {
    const patterns = settings.watch.map(globToRegExp);
    const timers = new Map<string, NodeJS.Timeout>();
    const changes = ha.subscribeEvents("state_changed", (data) => {
      const id = String(data.entity_id ?? "");
      if (!patterns.some((pattern) => pattern.test(id))) return;
      const before = (data.old_state as { state?: string } | null)?.state;
      const after =
        (data.new_state as { state?: string; attributes?: { friendly_name?: string } } | null) ?? undefined;
      if (!after || before === after.state) return;
      clearTimeout(timers.get(id));
      const name = after.attributes?.friendly_name ?? id;
      const timer = setTimeout(() => {
        timers.delete(id);
        void thinker.think({
          kind: "watch",
          prompt: `${name} (${id}) changed from ${before ?? "unknown"} to ${after.state}.`,
          topic: id,
          entityId: id,
        });
      }, settings.watchDebounceMs);
      timer.unref();
      timers.set(id, timer);
    });
    stops.push(() => {
      changes.close();
      for (const timer of timers.values()) clearTimeout(timer);
    });
  }
  return () => stops.forEach((stop) => stop());
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .trim()
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
  );
}
