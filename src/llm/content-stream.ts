import { CALL_OPENERS, callsInThinking, parseTextToolCalls, type TextToolCall } from "./text-tool-calls.js";

const THINK_OPEN = "<think>";
const THINK_CLOSE = "</think>";
/** Markers that may begin inside an answer: thinking, or a call written after a sentence. */
const MARKERS = [THINK_OPEN, ...CALL_OPENERS];

export interface SplitContent {
  /** The answer as the user was shown it. */
  visible: string;
  /** `<think>` blocks, never shown (nor resent). */
  thinking: string;
  /** Calls written as text, recognised for offered tools. */
  calls: TextToolCall[];
}

/**
 * Splits a streamed content into what the user may see and what they must not: `<think>` blocks, and
 * tool calls written as text. Text is passed on as it arrives, except a small look-ahead: the start
 * of a reply (or a `<` inside it) is held until it is clear whether it opens a marker, and a reply
 * that opens a call, or starts with `{`, is held to its end. Held text that turns out not to be a
 * call of an offered tool is given out then.
 */
export class ContentStream {
  private mode: "lead" | "text" | "think" | "call" = "lead";
  private pending = "";
  private held = "";
  private visible = "";
  private thinking = "";

  constructor(
    private readonly offered: ReadonlySet<string>,
    private readonly onText?: (text: string) => void,
  ) {}

  push(piece: string): void {
    this.pending += piece;
    for (;;) {
      if (this.mode === "lead" && !this.lead()) return;
      if (this.mode === "think" && !this.think()) return;
      if (this.mode === "text" && !this.text()) return;
      if (this.mode === "call") {
        this.held += this.pending;
        this.pending = "";
        return;
      }
    }
  }

  /** The split, once the stream is complete; with `structured` calls, held call text is not given out. */
  finish(structured: boolean): SplitContent {
    if (this.mode === "think") this.thinking += this.pending;
    else if (this.mode !== "lead" || this.pending.trim()) this.show(this.pending);
    this.pending = "";
    let calls: TextToolCall[] = [];
    if (this.held) {
      const parsed = parseTextToolCalls(this.held, this.offered);
      if (parsed) calls = structured ? [] : parsed;
      else this.show(this.held);
    }
    if (!structured && calls.length === 0 && !this.visible.trim() && this.thinking) {
      calls = callsInThinking(this.thinking, this.offered) ?? [];
    }
    return { visible: this.visible, thinking: this.thinking, calls };
  }

  /** At the start of the reply (or after thinking, before any answer): which kind of reply this is. */
  private lead(): boolean {
    const start = this.pending.trimStart();
    if (start === "") return false;
    if (start.startsWith(THINK_OPEN)) {
      this.pending = start.slice(THINK_OPEN.length);
      this.mode = "think";
    } else if (
      start.startsWith("{") ||
      start.startsWith("[{") ||
      CALL_OPENERS.some((o) => start.startsWith(o))
    ) {
      this.mode = "call";
    } else if (start === "[" || MARKERS.some((marker) => marker.startsWith(start))) {
      return false;
    } else {
      if (!this.visible) this.pending = start;
      this.mode = "text";
    }
    return true;
  }

  private think(): boolean {
    const end = this.pending.indexOf(THINK_CLOSE);
    if (end < 0) {
      const keep = partialSuffix(this.pending, [THINK_CLOSE]);
      this.thinking += this.pending.slice(0, this.pending.length - keep);
      this.pending = this.pending.slice(this.pending.length - keep);
      return false;
    }
    this.thinking += this.pending.slice(0, end);
    this.pending = this.pending.slice(end + THINK_CLOSE.length);
    this.mode = this.visible.trim() ? "text" : "lead";
    return true;
  }

  private text(): boolean {
    let at = -1;
    let marker = "";
    for (const candidate of MARKERS) {
      const i = this.pending.indexOf(candidate);
      if (i >= 0 && (at < 0 || i < at)) [at, marker] = [i, candidate];
    }
    if (at < 0) {
      const keep = partialSuffix(this.pending, MARKERS);
      this.show(this.pending.slice(0, this.pending.length - keep));
      this.pending = this.pending.slice(this.pending.length - keep);
      return false;
    }
    this.show(this.pending.slice(0, at));
    if (marker === THINK_OPEN) {
      this.pending = this.pending.slice(at + THINK_OPEN.length);
      this.mode = "think";
    } else {
      this.pending = this.pending.slice(at);
      this.mode = "call";
    }
    return true;
  }

  private show(text: string): void {
    if (!text) return;
    this.visible += text;
    this.onText?.(text);
  }
}

/** The length of the longest end of `text` that is the start of one of the markers. */
function partialSuffix(text: string, markers: string[]): number {
  const from = Math.max(text.lastIndexOf("<"), text.lastIndexOf("["));
  if (from < 0) return 0;
  const tail = text.slice(from);
  return markers.some((marker) => marker.length > tail.length && marker.startsWith(tail)) ? tail.length : 0;
}
