/**
 * The words of a yes and a no to a question Cyrene asked. The provenance gate reads the person's own
 * message with them: after outside text entered the conversation, a confirmation counts only where the
 * person's words say yes (a "yes" inside a page is never theirs). Matched as action words are (actions.ts).
 */
export interface ConsentWords {
  yes: string[];
  no: string[];
  /** A question that is a yes ("why not?"), alone or after a yes ("sure, why not"). */
  rhetoricalYes: string[];
  /** What may come before a yes and leave it a yes ("um yes", "thank you, yes", "danke, ja"). */
  openers: string[];
  /** Particles that end a question where no question mark is written ("…吗"). */
  questionEnds: string[];
  /** Endings with such a particle that only soften a statement ("好的呢", "嗯呢"). */
  softEnds: string[];
}
