/**
 * Replies that Home Assistant will speak: the LLM is asked for them (in the turn's note), and what it
 * writes anyway — Markdown, emoji, links — is taken out of the text before a TTS engine reads it aloud.
 */
export const SPOKEN_STYLE =
  "This reply will be spoken aloud by a voice assistant: answer in one to three short sentences in the " +
  "user's language, as you would say it — plain text, no lists, no Markdown, no emoji, " +
  "no links; say numbers and units the way people say them. When you ask the user something (a " +
  "confirmation, which one they mean), end the reply with that question and its question mark: the " +
  "microphone stays open for the answer only then.";

const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
// Up to a space, a bracket or CJK punctuation; a trailing full stop or comma is the sentence's.
const URL =
  /\bhttps?:\/\/[^\s)>\]\u3000-\u303f\uff00-\uffef]+?(?=[.,;:!?]?(?:[\s)>\]\u3000-\u303f\uff00-\uffef]|$))/g;

/** The text as it should be spoken. */
export function toSpeech(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "") // images
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1") // links keep their text
    .replace(URL, "")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "") // headings
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, "") // list markers
    .replace(/^\s*>\s?/gm, "") // quotes
    .replace(/^\s*([-*_])(?:\s*\1){2,}\s*$/gm, "") // rules (---), so a question stays the last thing said
    .replace(/(\*\*|__|~~|`)/g, "")
    .replace(EMPHASIS, "$1$2") // *emphasis*
    .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*$/gm, "") // table rules
    .replace(/\|/g, " ")
    .replace(EMOJI, "")
    .replace(/[~～]+$/gm, "") // "要开吗？~": a tone, not a word
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

const EMPHASIS = /(^|\s)[*_](\S[^*_\n]*\S|\S)[*_](?=\s|$|\p{P})/gu;

const CJK_MARK = /[，。！？；：、]/;

/**
 * The same, for text that arrives in pieces, and coming out the same as `toSpeech` of the whole: what
 * can be cleaned is given out at once, up to the last line break, space or Chinese punctuation mark, so
 * speech can start while the rest is still coming; a link, a code block or a backtick run still coming
 * is held until it is whole, and the whitespace between pieces is kept as `toSpeech` keeps it.
 */
export class SpeechStream {
  private pending = "";
  private started = false;
  /** Whitespace seen since the last text given out (toSpeech trims each piece). */
  private gap = "";

  /** Adds a piece; answers the cleaned text ready to send (may be ""). */
  push(piece: string): string {
    this.pending += piece;
    const cut = safeCut(this.pending);
    if (cut < 0) return "";
    const ready = this.pending.slice(0, cut + 1);
    this.pending = this.pending.slice(cut + 1);
    return this.emit(ready);
  }

  /** The rest, once the answer is complete. */
  end(): string {
    const rest = this.pending;
    this.pending = "";
    return this.emit(rest);
  }

  private emit(raw: string): string {
    const spoken = toSpeech(raw);
    if (!spoken) {
      this.gap += /\n/.test(raw) ? "\n" : /\s/.test(raw) ? " " : "";
      return "";
    }
    const gap = this.gap + leadingGap(raw);
    this.gap = trailingGap(raw);
    const joined = !this.started ? spoken : `${/\n/.test(gap) ? "\n" : gap ? " " : ""}${spoken}`;
    this.started = true;
    return joined;
  }
}

/** The break `toSpeech` trims off the start of `raw`: a line break before a silent first line, a space. */
function leadingGap(raw: string): string {
  const nl = raw.indexOf("\n");
  if (nl >= 0 && !toSpeech(raw.slice(0, nl))) return "\n";
  return /^\s/.test(raw) ? " " : "";
}

/** The break `toSpeech` trims off the end of `raw`: a line break after the last spoken line, a space. */
function trailingGap(raw: string): string {
  const nl = raw.lastIndexOf("\n");
  if (nl >= 0 && !toSpeech(raw.slice(nl + 1))) return "\n";
  return /\s$/.test(raw) ? " " : "";
}

/** A link or image (`[text](url)`, `![alt](url)`) that is still coming at the end of `text`. */
const LINK_FORMING = /!?\[[^\]\n]*(?:\](?:\([^)\n]*)?)?$/;
/** An *emphasis* opened on the last line and not closed yet (its closing mark may end a question). */
const EMPHASIS_FORMING = /(^|\s)[*_](?=[^\s*_])[^*_\n]*$/;

/**
 * Where `text` may be cut for speech (the index of the last character given out), or -1: at a line
 * break, space or Chinese mark, never inside a code block, a backtick run, a link or an emphasis still
 * coming.
 */
function safeCut(text: string): number {
  let limit = text.length;
  const fences = [...text.matchAll(/```/g)].map((m) => m.index);
  if (fences.length % 2 === 1) limit = fences.at(-1)!;
  const ticks = /`+$/.exec(text.slice(0, limit));
  if (ticks) limit = ticks.index;
  const link = LINK_FORMING.exec(text.slice(0, limit));
  if (link) limit = link.index;
  const emphasis = EMPHASIS_FORMING.exec(text.slice(0, limit));
  if (emphasis) limit = emphasis.index + emphasis[1]!.length;
  let cut = -1;
  for (let i = limit - 1; i >= 0 && cut < 0; i--) {
    const char = text[i]!;
    if (char === "\n" || char === " " || CJK_MARK.test(char)) cut = i;
  }
  // A whole code block or link around the cut goes out whole.
  const spans = [...text.matchAll(/!?\[[^\]\n]*\]\([^)\n]*\)/g)].map((m) => [m.index, m.index + m[0].length]);
  for (let k = 0; k + 1 < fences.length; k += 2) spans.push([fences[k]!, fences[k + 1]! + 3]);
  for (const m of text.matchAll(EMPHASIS)) spans.push([m.index + m[1]!.length, m.index + m[0].length]);
  for (const [open, close] of spans) {
    if (cut >= open! && cut < close!) cut = close! <= limit ? close! - 1 : open! - 1;
  }
  return cut;
}
