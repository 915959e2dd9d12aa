import { DateTime } from "luxon";
import type { HomeAssistant } from "../ha/index.js";
import { HOUSEHOLD } from "../store/conversation-access.js";
import type { ConversationStore } from "../store/conversations.js";
import type { Reminder } from "../reminders/index.js";
import type { ThoughtTrigger } from "../store/thought-types.js";
import { clip } from "../text/clip.js";

/** The form a thought's answer takes: the outcome the LLM chose, and its words. */
export const OUTCOME_SCHEMA = {
  type: "object",
  properties: {
    outcome: { type: "string", enum: ["nothing", "note", "tell", "ask"] },
    text: { type: "string", maxLength: 1000 },
  },
  required: ["outcome", "text"],
  additionalProperties: false,
};

export interface ThoughtContext {
  trigger: ThoughtTrigger;
  ha: HomeAssistant;
  conversations: ConversationStore;
  reminders: Reminder[];
  zone: string;
  now: number;
}

/** The message a thought starts from: why it runs, the home now, what was said lately, what is due. */
export async function thoughtMessage(context: ThoughtContext): Promise<string> {
  const { trigger, zone, now } = context;
  const facts =
    trigger.context === undefined
      ? ""
      : `\nFacts passed along: ${clip(JSON.stringify(trigger.context), 1_000)}`;
  const recent = context.conversations
    .list({ limit: 8, visibleTo: HOUSEHOLD })
    .filter((c) => c.source !== "thinker" && c.title)
    .slice(0, 3)
    .map((c) => `- ${c.title} (${DateTime.fromMillis(c.updatedAt, { zone }).toFormat("MM-dd HH:mm")})`);
  const due = context.reminders
    .filter((r) => r.status === "active" && r.nextAt !== null)
    .sort((a, b) => a.nextAt! - b.nextAt!)
    .slice(0, 5)
    .map((r) => `- ${r.message} (${DateTime.fromMillis(r.nextAt!, { zone }).toFormat("MM-dd HH:mm")})`);
  return [
    "This is a background thought: you are thinking on your own and no one is waiting for an answer. Nobody can " +
      "confirm a risky action now (unlock, open, disarm): such actions will be refused, so tell the user instead.",
    `Why: ${describeTrigger(trigger)}${facts}`,
    `The home now: ${await homeSummary(context.ha)}`,
    recent.length ? `Recent conversations:\n${recent.join("\n")}` : "No recent conversations.",
    due.length ? `Upcoming reminders:\n${due.join("\n")}` : "No upcoming reminders.",
    `It is ${DateTime.fromMillis(now, { zone }).toFormat("yyyy-MM-dd HH:mm cccc")}. Decide what, if anything, needs ` +
      "doing, and use tools where they help. Then answer with the outcome: nothing (nothing to do; text says why), " +
      "note (for the user's next conversation with you), tell (a short message sent to the user now), or ask (a " +
      "short question asked aloud on a voice satellite). Write text in the user's language.",
  ].join("\n\n");
}

/** Why a thought runs, in a line. */
export function describeTrigger(trigger: ThoughtTrigger): string {
  const topic = trigger.topic ? ` (topic: ${trigger.topic})` : "";
  const notify = trigger.notify ? " The automation asks that the user be told." : "";
  const kind =
    trigger.kind === "event"
      ? "a Home Assistant automation asked"
      : trigger.kind === "schedule"
        ? "your schedule"
        : "a watched device changed";
  return `${kind}${topic}: ${trigger.prompt}${notify}`;
}

/** A few lines on who is home and what is on or open, from HA's live states. */
async function homeSummary(ha: HomeAssistant): Promise<string> {
  const home = await ha.snapshot().catch(() => undefined);
  if (!home) return "Home Assistant is unavailable right now.";
  const states = Object.values(home.states);
  const named = (id: string) => (home.states[id]?.attributes.friendly_name as string | undefined) ?? id;
  const people = states.filter((s) => s.entity_id.startsWith("person."));
  const home_ = people.filter((s) => s.state === "home").map((s) => named(s.entity_id));
  const lights = states
    .filter((s) => s.entity_id.startsWith("light.") && s.state === "on")
    .map((s) => named(s.entity_id));
  const open = states
    .filter(
      (s) =>
        (s.entity_id.startsWith("binary_sensor.") &&
          ["door", "window", "garage_door", "opening"].includes(String(s.attributes.device_class)) &&
          s.state === "on") ||
        (s.entity_id.startsWith("cover.") && s.state === "open") ||
        (s.entity_id.startsWith("lock.") && s.state === "unlocked"),
    )
    .map((s) => `${named(s.entity_id)} (${s.state === "on" ? "open" : s.state})`);
  const list = (items: string[]) =>
    items.length > 6 ? `${items.slice(0, 6).join(", ")} and ${items.length - 6} more` : items.join(", ");
  return [
    people.length ? `home: ${home_.length ? list(home_) : "nobody"}` : undefined,
    `lights on: ${lights.length ? list(lights) : "none"}`,
    `open or unlocked: ${open.length ? list(open) : "nothing"}`,
  ]
    .filter(Boolean)
    .join("; ");
}
