/**
 * The words that name an action on a device, by kind of action. The provenance gate
 * (tools/provenance/) reads the person's own message with them: after outside text entered a turn, a
 * change runs without a question only when the person's words name its kind of action. Words with
 * letters match whole words (and their inflections by a trailing `*`); other scripts match as written.
 */
export interface ActionWords {
  on: string[];
  off: string[];
  toggle: string[];
  open: string[];
  close: string[];
  stop: string[];
  lock: string[];
  unlock: string[];
  /** Setting a value: a temperature, a brightness, a mode, a position. */
  set: string[];
  arm: string[];
  disarm: string[];
  play: string[];
  pause: string[];
  /** A message to someone: a notification, a spoken announcement. */
  notify: string[];
  press: string[];
  /** Running a scene or script. */
  run: string[];
  /** Another track: the next, the previous. */
  track: string[];
  /** A vacuum or mower sent back to its base. */
  dock: string[];
}
