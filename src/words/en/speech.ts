import type { SpeechWords } from "../speech.js";

const about = (with_: string, alone: string) => (object: string | undefined) =>
  object ? `${with_} ${object}…` : `${alone}…`;

export const speech: SpeechWords = {
  noAnswer: "(no answer)",
  progress: {
    calls: {
      web_search: about("Searching the web for", "Searching the web"),
      web_fetch: about("Reading", "Reading a web page"),
      http: about("Contacting", "Sending a request"),
      knowledge_search: about("Searching the knowledge base for", "Searching the knowledge base"),
      knowledge_ingest: about("Saving", "Saving to the knowledge base"),
      memory_search: about("Remembering", "Looking back at our conversations"),
      iot_query: about("Checking", "Looking over the home"),
      iot_control: about("Taking care of", "Taking care of it"),
      reminder_create: about("Setting a reminder:", "Setting a reminder"),
      reminder_list: () => "Checking your reminders…",
      reminder_delete: () => "Cancelling the reminder…",
      datetime: () => "Checking the date and time…",
      calculator: () => "Calculating…",
      file: about("Working on the file", "Working on files"),
    },
    working: "Working on it…",
    still: "Still working on it…",
    handedOff: "This will take a while; I'll tell you when it's done.",
    thinking: "Let me think…",
    answering: "Putting the answer together…",
  },
  voice: {
    done: "OK.",
    stillWorking: "I'm still working on that; ask me again in a moment for the result.",
    tooSlow: "Sorry, that took too long. Please try again.",
    failed: "Sorry, I can't answer right now. Please try again later.",
    unheard: "Sorry, I didn't catch that.",
    tooLong: (length, max) =>
      `That was too long (${length} characters, at most ${max}), so I did not act on it. Please say it in fewer words.`,
  },
  reminders: {
    title: "Cyrene reminder",
    done: "Done",
    snooze: (amount, unit) => `Snooze ${amount} ${unit}`,
    late: (due, skipped) => ` (was due at ${due}${more(skipped)})`,
    missed: (due, skipped) => ` (missed: was due at ${due}${more(skipped)})`,
    failedTitle: "Cyrene could not deliver a reminder",
    failed: (message, target, error) => `The reminder "${message}" could not reach ${target}: ${error}`,
  },
};

function more(skipped: number): string {
  return skipped > 0 ? `; ${skipped} more missed` : "";
}
