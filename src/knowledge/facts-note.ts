import { DateTime } from "luxon";
import { latestNoteWith, type NoteTurn } from "../turn/note-source.js";
import type { HomeTime } from "../time/home-time.js";
import type { KnowledgeBase } from "./knowledge-base.js";
import { MEMORY_TAG } from "./types.js";

export interface FactsNoteOptions {
  /** The home's time zone, for the dates of the facts. */
  time?: Pick<HomeTime, "zone">;
  /** Facts offered at most (newest first). Default 20. */
  maxFacts?: number;
  /** A fact longer than this is left to memory_search. Default 200 characters. */
  maxFactChars?: number;
  /** The whole list stays below this. Default 1,500 characters. */
  maxChars?: number;
  /** Conversations whose last list is remembered (the oldest are forgotten first). Default 1,000. */
  maxConversations?: number;
}

const FACTS_HEADING = "Facts the user asked you to remember";

/**
 * The remembered facts (tagged `memory`) as a section of the turn note: given to a conversation at its
 * first turn, and again only after they change or once the list has left the history window. The note
 * is stored with the turn and resent with the history, so the LLM keeps seeing the list while the
 * request prefix stays byte-identical between changes.
 */
export class FactsNote {
  private version = 0;
  private section: string | undefined;
  private built = -1;
  private readonly given = new Map<string, number>();

  constructor(
    private readonly knowledge: KnowledgeBase,
    private readonly options: FactsNoteOptions = {},
  ) {
    knowledge.onChange((document) => {
      if (document.tags.includes(MEMORY_TAG)) this.version++;
    });
  }

  /** A noteSource for the Assistant: the facts section for this turn, or undefined when nothing changed. */
  readonly noteFor = (turn: Pick<NoteTurn, "conversationId" | "window">): string | undefined => {
    const last = this.given.get(turn.conversationId);
    const section = this.current();
    if (last === this.version && (!section || latestNoteWith(turn.window, FACTS_HEADING))) return undefined;
    if (last === undefined && section === undefined) return undefined;
    this.given.delete(turn.conversationId);
    this.given.set(turn.conversationId, this.version);
    if (this.given.size > (this.options.maxConversations ?? 1_000)) {
      this.given.delete(this.given.keys().next().value!);
    }
    return section ?? "The facts the user asked you to remember were all deleted; forget the earlier list.";
  };

  private current(): string | undefined {
    if (this.built === this.version) return this.section;
    const maxFacts = this.options.maxFacts ?? 20;
    const maxFactChars = this.options.maxFactChars ?? 200;
    const maxChars = this.options.maxChars ?? 1_500;
    const lines: string[] = [];
    let chars = 0;
    let more = 0;
    for (const document of this.knowledge.facts(200)) {
      const [chunk] = this.knowledge.store.chunksOf(document.id);
      const text = chunk?.text.replace(/\s+/g, " ").trim() ?? "";
      const date = DateTime.fromMillis(document.updatedAt, {
        zone: this.options.time?.zone() ?? "UTC",
      }).toISODate();
      const line = `- ${text} (${date})`;
      if (!text || text.length > maxFactChars || lines.length >= maxFacts || chars + line.length > maxChars) {
        more++;
        continue;
      }
      lines.push(line);
      chars += line.length + 1;
    }
    this.built = this.version;
    this.section = lines.length
      ? `${FACTS_HEADING} (记住的事; this list replaces any earlier one` +
        (more ? `; ${more} more via memory_search` : "") +
        `):\n${lines.join("\n")}`
      : undefined;
    return this.section;
  }
}
