/**
 * Home Assistant's system prompt, as its Ollama integration sends it first in every request: the agent's
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
  const kept = systemText
    .replace(DATE_TIME_LINE, "")
    .replace(/\r\n/g, "\n")
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
