/**
 * What Cyrene says of a scheduled action ("At 09:00 I'll turn on Bed Light."), and the sun words a time
 * may be given in ("half an hour after sunset", "日落后半小时").
 */
export interface ScheduledActionWords {
  /** The title of the notice that tells what a scheduled action did. */
  title: string;
  /** The verb of a service in the person's words (turn_on → "turn on", "打开"); a missing one is named. */
  verbs: Readonly<Record<string, string>>;
  /** "At 09:00", "Tomorrow at 07:00", "On 2026-12-24 at 18:00": the moment, by how far away it is. */
  when(day: "today" | "tomorrow" | { date: string }, time: string): string;
  /** When (from `when`), what to do (a verb), on what (the devices' names): the sentence told when set. */
  willDo(when: string, verb: string, names: string): string;
  /** Told at run time: it was done, it failed and why, it was missed and not done, unknown after a crash. */
  done(what: string): string;
  failed(what: string, why: string): string;
  missed(what: string, due: string): string;
  unknown(what: string): string;
  /** Why an action was not done at its time: its device is gone (deleted or renamed), or no longer exposed. */
  gone(id: string): string;
  unexposed(name: string, id: string): string;
  /** The sun words and the words for before/after an event. */
  sun: { sunrise: RegExp; sunset: RegExp; before: RegExp };
}
