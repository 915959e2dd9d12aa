import type { ActionLines } from "./action-lines.js";
import type { ClaimWords } from "./claim-words.js";
import type { IntentWords } from "./intent-words.js";
import type { HomeWords } from "./home.js";
import type { ActionWords } from "./actions.js";
import type { ColorWords } from "./colors.js";
import type { ConsentWords } from "./consent.js";
import type { PackLanguage } from "./language.js";
import type { LanguageMarkers } from "./markers.js";
import type { SpeechWords } from "./speech.js";
import type { RuleWords } from "./rules.js";
import type { ReminderTimeWords } from "./reminder-times.js";
import type { ScheduledActionWords } from "./scheduled-actions.js";
import type { TimeWords } from "./time-words.js";

/**
 * Everything Cyrene reads or says in one language, typed so that a missing entry is a compile error and
 * never a silent English fallback. Each concern adds its own part, defined beside this file and filled in
 * `<language>/` (one folder per language).
 */
export interface LanguagePack {
  language: PackLanguage;
  /** How a message asks for a change or only how things are (words/user-intent.ts). */
  intent: IntentWords;
  /** How an answer claims a device was acted on (agent/claims.ts). */
  claims: ClaimWords;
  /** What Cyrene says about an action: the honest "not done", the question before acting. */
  actionLines: ActionLines;
  /** What Cyrene itself says (speech.ts). */
  speech: SpeechWords;
  /** What shows the language in a text nobody told the language of (markers.ts, detect.ts). */
  markers: LanguageMarkers;
  /** Home rules said back in plain words (src/tools/home/home-rule). */
  rules: RuleWords;
  scheduledActions: ScheduledActionWords;
  /** The words of a reminder's repeat and of an offset from a sun event (reminders/recurrence.ts, sun.ts). */
  reminderTimes: ReminderTimeWords;
  /** The words of dates, times and durations beyond chrono's parsers (time/parse.ts, duration.ts, phrase.ts). */
  time: TimeWords;
  /** Colour words made the CSS names HA's color_name takes (tools/home/iot/services.ts). */
  colors: ColorWords;
  /** The words resolution reads around device names (home.ts). */
  home: HomeWords;
  /** Words that name an action on a device (the provenance gate reads the person's message with them). */
  actions: ActionWords;
  /** A yes and a no to a question (a confirmation counts after outside text only where the person says yes). */
  consent: ConsentWords;
}
