/**
 * Replies that Home Assistant will speak: the LLM is asked for them (in the turn's note), and what it
 * writes anyway — Markdown, emoji, links — is taken out of the text before a TTS engine reads it aloud.
 */
export const SPOKEN_STYLE =
  "This reply will be spoken aloud by a voice assistant: answer in one to three short sentences in the " +
  "user's language (中文 or English), as you would say it — plain text, no lists, no Markdown, no emoji, " +
  "no links; say numbers and units the way people say them.";

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
    .replace(/(\*\*|__|~~|`)/g, "")
    .replace(/(^|\s)[*_](\S[^*_\n]*\S|\S)[*_](?=\s|$|\p{P})/gu, "$1$2") // *emphasis*
    .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*$/gm, "") // table rules
    .replace(/\|/g, " ")
    .replace(EMOJI, "")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

const CJK_MARK = /[，。！？；：、]/;

function lastCjkMark(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (CJK_MARK.test(text[i]!)) return i;
  return -1;
}

/**
 * The same, for text that arrives in pieces: what can be cleaned is given out at once, up to the last
 * line break, space or Chinese punctuation mark, so speech can start while the rest is still coming; a link or a Markdown mark
 * split across two pieces is only cleaned once it is whole.
 */
export class SpeechStream {
  private pending = "";
  private started = false;
  private lastChar = "";

  /** Adds a piece; answers the cleaned text ready to send (may be ""). */
  push(piece: string): string {
    this.pending += piece;
    const cut = Math.max(
      this.pending.lastIndexOf("\n"),
      this.pending.lastIndexOf(" "),
      lastCjkMark(this.pending),
    );
    const openFence = (this.pending.match(/```/g)?.length ?? 0) % 2 === 1;
    if (cut < 0 || openFence) return "";
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
    if (!spoken) return "";
    // Chinese has no spaces between sentences: a piece cut after a Chinese mark joins the next directly.
    const joined = !this.started || CJK_MARK.test(this.lastChar) ? spoken : ` ${spoken}`;
    this.started = true;
    this.lastChar = spoken.at(-1) ?? "";
    return joined;
  }
}
