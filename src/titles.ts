import { clip } from "./text/clip.js";

/** The first line of a text as a title: whitespace collapsed, cut at `maxChars` with an ellipsis. */
export function firstLineTitle(text: string, maxChars: number): string {
  const line = text.trim().split(/\r?\n/, 1)[0]!.replace(/\s+/g, " ").trim();
  return clip(line, maxChars);
}
