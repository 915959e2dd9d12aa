import type { HomeAssistant } from "../ha/index.js";
import type { Logger } from "../logging/logger.js";
import type { Notifier } from "../notify/notifier.js";
import type { Outcome, ThoughtTrigger } from "../store/thought-types.js";
import type { HomeTime } from "../time/home-time.js";
import { isQuiet, type Limits } from "./limits.js";
import { thoughtVoice } from "./voice.js";

/** What carrying a thought's outcome out needs (the Thinker's deps have it). */
export interface DeliveryDeps {
  ha: HomeAssistant;
  notifier: Notifier;
  time: Pick<HomeTime, "now">;
  logger: Logger;
  limits: Pick<Limits, "quietHours">;
  /** Where a message to the user goes besides the persistent notification. */
  notifyTargets: string[];
  /** The satellite a thought speaks on when its trigger's room has none available. */
  satellite?: string;
}

/**
 * Carries the outcome out. A message or a question is spoken on the satellite of the room the trigger
 * concerns (else the configured one) and opens a conversation there; without one it goes to the
 * notifications (a question too). In quiet hours either waits as a note instead.
 */
export async function deliverThought(
  deps: DeliveryDeps,
  id: string,
  trigger: ThoughtTrigger,
  decided: { outcome: Outcome; text: string },
  zone: string,
): Promise<{ outcome: Outcome; reason?: string; spokenOn?: string }> {
  const { outcome, text } = decided;
  if (outcome !== "tell" && outcome !== "ask") return { outcome };
  if (isQuiet(deps.limits.quietHours, deps.time.now(), zone)) {
    return {
      outcome: "note",
      reason: `quiet hours (${deps.limits.quietHours}): kept as a note instead of ${outcome === "ask" ? "a question" : "a message"}`,
    };
  }
  const notice = { key: `cyrene_thought_${id}`, title: "Cyrene", message: text };
  const voice = await thoughtVoice(deps.ha, trigger, { outcome, text }, deps.satellite);
  let unspoken = voice.passedOver;
  if (voice.satellite) {
    try {
      await deps.notifier.deliver(voice.satellite, {
        ...notice,
        conversation: { instructions: voice.instructions },
      });
      const reason = unspoken ? { reason: `${unspoken}: spoken on ${voice.satellite}` } : {};
      return { outcome, spokenOn: voice.satellite, ...reason };
    } catch (error) {
      unspoken = `${voice.satellite} failed (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  if (unspoken) {
    deps.logger.warn({ thoughtId: id }, `${unspoken}: the thought is sent as a notification instead`);
  }
  const targets = ["persistent_notification", ...deps.notifyTargets];
  const results = await Promise.allSettled(targets.map((target) => deps.notifier.deliver(target, notice)));
  const failed = results.flatMap((r, i) =>
    r.status === "rejected" ? [`${targets[i]}: ${String(r.reason)}`] : [],
  );
  const reasons = [
    ...(unspoken ? [`${unspoken}: sent as a notification`] : []),
    ...(failed.length ? [`not delivered to ${failed.join("; ")}`] : []),
  ];
  return { outcome: "tell", ...(reasons.length ? { reason: reasons.join("; ") } : {}) };
}
