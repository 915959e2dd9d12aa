import { ToolError } from "../../contract.js";

/** Counting and cutting text by what people see as characters (grapheme clusters), and by words. */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_GLOBAL = new RegExp(CJK.source, "gu");

const graphemes = (text: string) => [
  ...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text),
];

export function count(text: string) {
  const language = CJK.test(text) ? "zh" : "en";
  let words = 0;
  let otherWords = 0;
  for (const segment of new Intl.Segmenter(language, { granularity: "word" }).segment(text)) {
    if (!segment.isWordLike) continue;
    words++;
    if (!CJK.test(segment.segment)) otherWords++;
  }
  const cjkCharacters = text.match(CJK_GLOBAL)?.length ?? 0;
  let sentences = 0;
  for (const segment of new Intl.Segmenter(language, { granularity: "sentence" }).segment(text)) {
    if (segment.segment.trim() !== "") sentences++;
  }
  return {
    characters: graphemes(text).length,
    charactersWithoutSpaces: graphemes(text.replace(/\s+/gu, "")).length,
    words,
    cjkCharacters,
    wordsCjkAsCharacters: cjkCharacters + otherWords,
    lines: text === "" ? 0 : text.split(/\r\n|\r|\n/).length,
    sentences,
    codePoints: [...text].length,
    utf8Bytes: Buffer.byteLength(text, "utf8"),
  };
}

export function truncate(text: string, maxLength: number, ellipsis: string) {
  if (maxLength < 0) throw new ToolError("max_length must be 0 or more.");
  const parts = graphemes(text);
  if (parts.length <= maxLength) return { text, truncated: false, characters: parts.length };
  const mark = graphemes(ellipsis).length;
  const fits = mark < maxLength; // else there is no room for the ellipsis: cut without it
  const cut = parts
    .slice(0, fits ? maxLength - mark : maxLength)
    .map((part) => part.segment)
    .join("");
  const result = fits ? cut + ellipsis : cut;
  return {
    text: result,
    truncated: true,
    characters: graphemes(result).length,
    originalCharacters: parts.length,
  };
}

export function titleCase(text: string): string {
  let result = "";
  for (const { segment, isWordLike } of new Intl.Segmenter(undefined, { granularity: "word" }).segment(
    text,
  )) {
    if (!isWordLike) {
      result += segment;
      continue;
    }
    const [first = "", ...rest] = [...segment];
    result += first.toUpperCase() + rest.join("").toLowerCase();
  }
  return result;
}
