import type { HomeAssistant } from "../ha/index.js";
import { areaNameOf, chooseSatellite } from "../notify/satellites.js";
import type { ThoughtTrigger } from "../store/thought-types.js";
import { describeTrigger } from "./prompt.js";

export interface ThoughtVoice {
  /** The satellite the thought speaks on; none when no satellite is there or available. */
  satellite?: string;
  /** Why a satellite that would have been used was not (for the log and the thought's reason). */
  passedOver?: string;
  /** What the conversation agent is told when the person answers. */
  instructions: string;
}

const MAX_FACTS = 600;

/**
 * Where a thought that asks or tells speaks: the satellite of the room its trigger concerns (the
 * triggering entity's area), else the configured one; with what the thought is about, so that the
 * person's answer on that satellite continues it.
 */
export async function thoughtVoice(
  ha: HomeAssistant,
  trigger: ThoughtTrigger,
  said: { outcome: "ask" | "tell"; text: string },
  configured: string | undefined,
): Promise<ThoughtVoice> {
  const home = await ha.snapshot().catch(() => undefined);
  const about = trigger.entityId;
  const area = home && about ? areaNameOf(home, about) : undefined;
  const facts =
    trigger.context === undefined ? "" : ` Facts: ${JSON.stringify(trigger.context).slice(0, MAX_FACTS)}`;
  const instructions = [
    `You (Cyrene) just ${said.outcome === "ask" ? "asked" : "told"} the person at this satellite, on your own ` +
      `(a background thought): "${said.text}"`,
    `What it is about: ${describeTrigger(trigger)}${facts}` +
      (about ? ` The device concerned: ${about}${area ? `, in ${area}` : ""}.` : ""),
    "Their next words answer you: continue from there, briefly and in their language.",
  ].join("\n");
  // Without HA's states the configured satellite is tried as it is (a failure falls back to notifications).
  if (!home) return { satellite: configured, instructions };
  const choice = chooseSatellite(home, about, configured);
  const passedOver = choice.unavailable.length
    ? `${choice.unavailable.join(", ")} ${choice.unavailable.length === 1 ? "is" : "are"} unavailable`
    : undefined;
  return { satellite: choice.satellite, passedOver, instructions };
}
