/** The first line of a text as a title: whitespace collapsed, cut at `maxChars` with an ellipsis. */
export function firstLineTitle(text: string, maxChars: number): string {
  const line = text.trim().split(/\r?\n/, 1)[0]!.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length <= maxChars ? line : `${chars.slice(0, maxChars - 1).join("")}…`;
}
