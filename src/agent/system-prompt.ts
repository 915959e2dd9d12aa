export interface PromptContext {
  now: Date;
  timeZone: string;
  /** Replaces the default instructions; the time line is always added. */
  custom?: string;
}

const DEFAULT_INSTRUCTIONS = `You are Cyrene, the assistant of this home, running inside Home Assistant.
You act through tools: use them whenever they give a better answer than memory (device states, web facts,
arithmetic, dates), and never invent a device state or a tool result. When a tool fails, say what failed and
what the user can do. Reply in the language the user writes in (中文 or English), briefly and plainly — many
replies are spoken aloud by a voice assistant.`;

export function systemPrompt(context: PromptContext): string {
  const local = context.now.toLocaleString("sv-SE", { timeZone: context.timeZone, hour12: false });
  const weekday = context.now.toLocaleDateString("en-US", { timeZone: context.timeZone, weekday: "long" });
  return `${context.custom ?? DEFAULT_INSTRUCTIONS}\n\nNow: ${local} (${weekday}), time zone ${context.timeZone}.`;
}
