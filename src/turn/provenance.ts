/** One piece of outside text a turn has read: which tool (or what) brought it, and the text. */
export interface OutsideRead {
  from: string;
  text: string;
}

/**
 * What a turn has read and whose words it runs on: the one record the tool gate consults
 * (tools/provenance/gate.ts). Outside text is anything someone other than the person could have
 * written: web pages, search results, HTTP answers, knowledge and memory passages, other MCP servers'
 * results, and free text from Home Assistant (names, calendar and to-do items, text helpers, attributes).
 * Once any has been read, a call that changes the home or sends data out runs only when the person's
 * own words in this turn name what it does.
 */
export class TurnProvenance {
  private readonly reads: OutsideRead[] = [];
  private words: string | undefined;

  /**
   * `ownWords`: the words that may choose what changes (the person's message; a thought's configured prompt
   * and trigger), when the entry point knows them before the loop does; else the loop's user message.
   */
  constructor(ownWords?: string, outside: OutsideRead[] = []) {
    this.words = ownWords;
    this.reads.push(...outside);
  }

  /** The person's own words in this turn ("" when there are none, as in an MCP call). */
  get ownWords(): string {
    return this.words ?? "";
  }

  /** Sets the person's words once (the loop, from the turn's user message), unless the entry point did. */
  adoptWords(words: string): void {
    this.words ??= words;
  }

  /** Records outside text that entered the turn. */
  read(from: string, text: string): void {
    if (text) this.reads.push({ from, text });
  }

  /** Outside text has entered the turn: from here on its calls are checked against the person's words. */
  get outsideRead(): boolean {
    return this.reads.length > 0;
  }

  /** Every read, in order. */
  all(): OutsideRead[] {
    return [...this.reads];
  }

  /** Who brought outside text in, in order (a tool's name, "history", "trigger"). */
  sources(): string[] {
    return [...new Set(this.reads.map((read) => read.from))];
  }

  /** Everything outside that was read, for the URL rule (a link is fetched as the text spelled it). */
  outsideText(): string {
    return this.reads.map((read) => read.text).join("\n");
  }
}
