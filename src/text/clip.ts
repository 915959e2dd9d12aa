export const ELLIPSIS = "…";

/** Made on the first long text: building a Segmenter loads ICU's break data (~15 ms), not for start-up. */
let graphemes: Intl.Segmenter | undefined;

/**
 * `text` in at most `max` characters as people see them (grapheme clusters): a longer text is cut and
 * ends in an ellipsis, which counts as one. The cut never splits a surrogate pair, a ZWJ emoji or a
 * letter from its accents, and drops the space it may leave before the ellipsis.
 */
export function clip(text: string, max: number): string {
  // Every grapheme is at least one code unit: a text this short fits without counting.
  if (text.length <= max) return text;
  const keep = Math.max(0, max - 1);
  let count = 0;
  let cut = 0;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  for (const { index } of graphemes.segment(text)) {
    if (count === keep) cut = index;
    if (++count > max) return `${text.slice(0, cut).trimEnd()}${ELLIPSIS}`;
  }
  return text;
}
