/**
 * Home Assistant's system prompt, as its conversation agents (the Ollama integration over Ollama's API,
 * `llama_cpp` over the OpenAI chat wire) send it first in every request: the agent's
 * instructions, the Assist API's prompt when one is selected, a date-and-time line (rebuilt every turn)
 * and `extra_system_prompt` (from `assist_satellite.start_conversation`).
 */

/** The AI Task entity's prompt (homeassistant/components/ai_task/const.py DEFAULT_SYSTEM_PROMPT). */
export const AI_TASK_PROMPT = "You are a Home Assistant expert and help users with their tasks.";

// helpers/llm.py DATE_TIME_PROMPT, as rendered: HA's clock changes it on every turn.
const DATE_TIME_LINE = /^Current time is \d{1,2}:\d{2}:\d{2}\. Today's date is \d{4}-\d{2}-\d{2}\.[ \t]*$/gm;

/**
 * What of HA's system text Cyrene passes on as the app's instructions: all of it but the clock line,
 * which would make every stored note differ (Cyrene's note has the clock already).
 */
export function instructionsOf(systemText: string): string | undefined {
  const text = systemText.replace(DATE_TIME_LINE, "").replace(/\r\n/g, "\n");
  // By HA 2026.11 the Assist API's room line comes after the home's overview (the tool platforms'
  // prompts go in domain order, homeassistant before intent), past where a long overview is cut
  // (turn-note.ts): it goes first, where it was before.
  const room = ASSIST_AREA_LINE.exec(text)?.[0];
  const kept = (room ? `${room.trim()}\n${text.replace(ASSIST_AREA_LINE, "")}` : text)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return kept || undefined;
}

/** Whether the system text has HA's date-and-time line (helpers/llm.py DATE_TIME_PROMPT). */
export function hasHaClockLine(systemText: string): boolean {
  DATE_TIME_LINE.lastIndex = 0;
  return DATE_TIME_LINE.test(systemText);
}

/** Whether HA's system text is the AI Task entity's, not a conversation agent's. */
export function isAiTaskPrompt(systemText: string): boolean {
  return systemText.trimStart().startsWith(AI_TASK_PROMPT);
}

/** Where HA told the words were heard, and through which part of its system text. */
export interface SpeakerLine {
  /** The agent's instructions (the line DOCS gives, rendered by HA with `llm_context`) or the Assist API's prompt. */
  via: "instructions" | "assist_api";
  deviceId?: string;
  /** The satellite's area, as HA names it; absent when HA knows none (an unknown device, or one in no area). */
  area?: string;
}

// The Assist API's line when the device HA ran the pipeline for is in an area: helpers/llm.py
// AssistAPI._async_get_preable in HA 2026.2, components/intent/llm.py by 2026.11 (same words).
const ASSIST_AREA_LINE =
  /^You are in area (.+?)(?: \(floor .+\))? and all generic commands like 'turn on the lights' should target this area\.[ \t]*$/m;
// The line DOCS has the user paste into the agent's instructions:
// `Speaker area: {{ area_name(llm_context.device_id) }} (device {{ llm_context.device_id }})`.
// Jinja renders a missing value as "None".
// The same prompt's line when the device is in no area, or there is no device (a typed conversation);
// "ask user" in 2026.2, "ask the user" by 2026.11.
const ASSIST_NO_AREA_LINE =
  /^When a user asks to turn on all devices of a specific type, ask (?:the )?user to specify an area, unless there is only one device of that type\.[ \t]*$/m;
const INSTRUCTIONS_LINE = /^Speaker area:[ \t]*(.*?)(?:[ \t]*\(device[ \t]*([^()\s]*)\))?[ \t]*$/m;

const told = (value: string | undefined) =>
  value && value.trim() && value.trim() !== "None" ? value.trim() : undefined;

/** The speaker's room as HA's system text tells it; undefined when it has neither line. */
export function speakerOf(systemText: string): SpeakerLine | undefined {
  const line = INSTRUCTIONS_LINE.exec(systemText);
  const assist = ASSIST_AREA_LINE.exec(systemText);
  if (line) {
    const [, area, deviceId] = line;
    return { via: "instructions", deviceId: told(deviceId), area: told(area) ?? told(assist?.[1]) };
  }
  if (assist) return { via: "assist_api", area: told(assist[1]) };
  if (ASSIST_NO_AREA_LINE.test(systemText)) return { via: "assist_api" };
  return undefined;
}

// The line DOCS has the user paste into the agent's instructions for the pipeline's language, which HA's
// Ollama integration sends nowhere else: `Language: {{ llm_context.language }}`.
const LANGUAGE_LINE = /^Language:[ \t]*([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*)[ \t]*$/m;

/** The pipeline's language as HA's system text tells it (the agent's instructions), or undefined. */
export function languageLineOf(systemText: string): string | undefined {
  return LANGUAGE_LINE.exec(systemText)?.[1];
}

/** The Home Assistant user a turn acts for, as HA's system text names them. */
export interface HaUser {
  /** HA's user id (32 hex digits), the id HA's ingress names the same person by. */
  id: string;
  /** The user's name in HA; the id when HA gave none. */
  name: string;
}

// The line DOCS has the user paste into the agent's instructions:
// `Speaker user: {{ user_name }} (user {{ llm_context.context.user_id }})`. HA renders `user_name` and
// the context's user id (homeassistant/components/conversation/chat_log.py, `_async_expand_prompt_template`)
// for the user HA runs the turn as: the panel's or the API's user, or the user an Assist pipeline acts as;
// a satellite's turn without one renders "None".
const USER_LINE = /^Speaker user:[ \t]*(.*?)[ \t]*\(user[ \t]*([^()\s]*)\)[ \t]*$/m;
const HA_USER_ID = /^[0-9a-f]{32}$/;

/** The user HA says the turn acts for; undefined when it names none (or not as HA's ids look). */
export function haUserOf(systemText: string): HaUser | undefined {
  const line = USER_LINE.exec(systemText);
  if (!line) return undefined;
  const [, name, id] = line;
  if (!id || !HA_USER_ID.test(id)) return undefined;
  return { id, name: told(name)?.slice(0, 128) ?? id };
}
