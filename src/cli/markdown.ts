/**
 * Markdown as plain terminal text, line by line as an answer streams in: `**bold**` loses its stars
 * (and is bold on a terminal), headings lose their hashes, list items get bullets, links show their
 * address after the text, code fences disappear and their lines are indented and left alone.
 */
/** Stands in for a code span while the rest of the line is rendered (a character no answer holds). */
const MARK = "\uE000";
const CODE_SPAN = new RegExp(`${MARK}(\\d+)${MARK}`, "g");

export class TerminalMarkdown {
  /** The current line as received so far (no "\n" yet). */
  private pending = "";
  /** How much of `pending` has been written already. */
  private sent = 0;
  /** The line's kind is known and its prefix (bullet, quote bar) written: its body may stream. */
  private started = false;
  private inFence = false;

  constructor(private readonly styled: boolean) {}

  /**
   * Takes a piece of the answer and returns what can be shown now: the lines it completed, rendered,
   * and as much of the line begun as cannot change meaning (text up to the next `*`, `_`, `` ` ``, `[` …).
   */
  push(text: string): string {
    let out = "";
    const lines = (this.pending + text).split("\n");
    this.pending = lines.pop()!;
    for (const line of lines) {
      out += this.finish(line);
    }
    return out + this.partial();
  }

  /** The line begun so far, rendered without "\n"; what follows continues it. */
  flush(): string {
    if (!this.pending || this.sent === this.pending.length) return "";
    const rendered = this.finish(this.pending).replace(/\n$/, "");
    this.pending = "";
    this.sent = 0;
    this.started = true;
    return rendered;
  }

  /** The answer is over: a code fence left open ends with it. */
  reset(): void {
    this.pending = "";
    this.sent = 0;
    this.started = false;
    this.inFence = false;
  }

  /** The rest of a completed line, rendered with its "\n" ("" for a code fence's own line). */
  private finish(line: string): string {
    const sent = this.sent;
    const started = this.started;
    this.sent = 0;
    this.started = false;
    if (!started) {
      if (/^\s*(```|~~~)/.test(line)) {
        this.inFence = !this.inFence;
        return "";
      }
      return this.inFence ? `    ${line}\n` : `${this.block(line)}\n`;
    }
    return `${this.inFence ? line.slice(sent) : this.inline(line.slice(sent))}\n`;
  }

  /** What of the unfinished line can be written now. */
  private partial(): string {
    const line = this.pending;
    let out = "";
    if (!this.started) {
      // Wait until the line's kind is clear: a fence, a heading or a table row is shown whole.
      if (/^\s*([`~]|#|\|)/.test(line) || /^\s*([-*+>_=]\s*)*(\d+[.)]?\s*)?\[?$/.test(line)) return "";
      if (this.inFence) {
        out = "    ";
      } else {
        const quote = /^\s{0,3}>\s?/.exec(line);
        const item = /^(\s*)[-*+]\s+(?!\[)/.exec(line);
        if (/^(\s*)[-*+]\s+\[/.test(line)) return "";
        if (quote) [out, this.sent] = ["│ ", quote[0].length];
        else if (item) [out, this.sent] = [`${item[1]}• `, item[0].length];
      }
      this.started = true;
    }
    if (this.inFence) {
      out += line.slice(this.sent);
      this.sent = line.length;
      return out;
    }
    // Inline Markdown may begin at a special character: hold from there until the line is complete.
    const rest = line.slice(this.sent);
    const special = rest.search(/[*_`[~\\]|!(?=\[|$)|<(?=[a-z]|$)/i);
    const safe = special < 0 ? rest : rest.slice(0, special);
    this.sent += safe.length;
    return out + safe;
  }

  private block(line: string): string {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) return this.style(this.inline(heading[1]!, false), "1");
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) return "─".repeat(40);
    const quote = /^\s{0,3}>\s?(.*)$/.exec(line);
    if (quote) return `│ ${this.inline(quote[1]!)}`;
    const item = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (item) {
      const task = /^\[([ xX])\]\s+(.*)$/.exec(item[2]!);
      if (task) return `${item[1]}${task[1] === " " ? "☐" : "☑"} ${this.inline(task[2]!)}`;
      return `${item[1]}• ${this.inline(item[2]!)}`;
    }
    // A table's |---|:--:| line carries no content.
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line) && line.includes("|")) {
      return line.replace(/[^|]/g, "─").replace(/\|/g, "┼");
    }
    return this.inline(line);
  }

  /** Emphasis, code spans, links and escapes within a line. */
  private inline(text: string, styled = true): string {
    const codes: string[] = [];
    // Code spans first, kept aside so their content is not read as Markdown.
    let out = text.replace(/(`+)(.+?)\1/g, (_, _ticks: string, code: string) => {
      codes.push(code.trim());
      return `${MARK}${codes.length - 1}${MARK}`;
    });
    out = out
      .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_, alt: string, url: string) =>
        alt ? `${alt} (${url})` : url,
      )
      .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, label: string, url: string) =>
        label === url ? url : `${label} (${url})`,
      )
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, (_, _m: string, bold: string) =>
        styled ? this.style(bold, "1") : bold,
      )
      .replace(
        /(^|[^*\w])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?!\*)/g,
        (_, before: string, em: string) => before + (styled ? this.style(em, "3") : em),
      )
      .replace(
        /(^|\W)_(?=\S)(.+?)(?<=\S)_(?!\w)/g,
        (_, before: string, em: string) => before + (styled ? this.style(em, "3") : em),
      )
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, "$1")
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, "$1");
    return out.replace(CODE_SPAN, (_, i: string) => this.style(codes[Number(i)]!, "36"));
  }

  private style(text: string, sgr: string): string {
    return this.styled ? `\x1b[${sgr}m${text}\x1b[0m` : text;
  }
}
