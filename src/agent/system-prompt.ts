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

// Building an Intl formatter costs ~100 µs and formatting ~20 µs; the clock line changes once a minute.
const formatters = new Map<string, Intl.DateTimeFormat>();
const clockLines = new Map<string, { minute: number; line: string }>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      weekday: "long",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function clockLine(now: Date, timeZone: string): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const cached = clockLines.get(timeZone);
  if (cached?.minute === minute) return cached.line;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const line = `Now: ${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${parts.weekday}), time zone ${timeZone}.`;
  clockLines.set(timeZone, { minute, line });
  return line;
}

export function systemPrompt(context: PromptContext): string {
  return `${context.custom ?? DEFAULT_INSTRUCTIONS}\n\n${clockLine(context.now, context.timeZone)}`;
}
