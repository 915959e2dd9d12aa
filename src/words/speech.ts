/**
 * What Cyrene itself says to the user, in one language: the spoken progress of a slow voice turn, the
 * placeholders and honest short answers of the entry points, and the texts of reminders' notifications.
 * The LLM's own answers are not here: it answers in the user's language by itself. Lines are for the
 * ear first: short, plain, no symbols a voice would read out.
 */
export interface SpeechWords {
  /** Shown or said when the model answered nothing at all. */
  noAnswer: string;
  progress: ProgressWords;
  voice: VoiceWords;
  reminders: ReminderWords;
}

/** The tools with a progress line of their own; any other call is `working`. */
export const PROGRESS_TOOLS = [
  "web_search",
  "web_fetch",
  "http",
  "knowledge_search",
  "knowledge_ingest",
  "memory_search",
  "iot_query",
  "iot_control",
  "reminder_create",
  "reminder_list",
  "reminder_delete",
  "datetime",
  "calculator",
  "file",
] as const;
export type ProgressTool = (typeof PROGRESS_TOOLS)[number];

/** Spoken while a voice turn is slow (agent/spoken-progress.ts); each ends in "…", being unfinished. */
export interface ProgressWords {
  /**
   * The line for a running call: `about` is what its arguments name, said as is (a search query, a
   * host, a device, a reminder's text), or undefined when they name nothing.
   */
  calls: { readonly [T in ProgressTool]: (about: string | undefined) => string };
  /** A call to a tool without a line of its own. */
  working: string;
  /** A call is still running after its line. */
  still: string;
  /** A call went on in the background and the model has not answered yet. */
  handedOff: string;
  /** Waiting for the model's first words. */
  thinking: string;
  /** The tools are done; waiting for the model's answer. */
  answering: string;
}

/** What the voice entry points say of their own, when the turn gives nothing to say (assist/wyoming). */
export interface VoiceWords {
  /** The turn succeeded and said nothing. */
  done: string;
  /** Out of time with a tool still at work: the result comes later. */
  stillWorking: string;
  /** Out of time with nothing said. */
  tooSlow: string;
  /** The turn failed (the LLM unreachable, an error). */
  failed: string;
  /** An empty transcript. */
  unheard: string;
  /** A transcript over the limit, not acted on. */
  tooLong: (length: number, max: number) => string;
}

/** A reminder's notification (reminders/notice.ts): its title, its buttons, lateness. */
export interface ReminderWords {
  title: string;
  done: string;
  /** The Snooze button: `amount` minutes, or seconds when `unit` is "s". */
  snooze: (amount: number, unit: "min" | "s") => string;
  /** After the message of a late reminder: when it was due ("14:30" or "2026-12-04 14:30"), occurrences skipped. */
  late: (due: string, skipped: number) => string;
  /** After the message of one missed by far. */
  missed: (due: string, skipped: number) => string;
  /** The notice that a reminder did not reach a target. */
  failedTitle: string;
  failed: (message: string, target: string, error: string) => string;
}
