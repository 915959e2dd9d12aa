import { Parser } from "htmlparser2";

/** How much of a page is turned into a DOM at most. */
export interface PageLimits {
  /** Levels of nested elements. Real pages stay far below 100; Readability's cost grows with the square. */
  maxDepth: number;
  /** Elements in all. Heavy real pages have some 10,000; Readability and Turndown take seconds for 30,000. */
  maxElements: number;
}

export const PAGE_LIMITS: PageLimits = { maxDepth: 256, maxElements: 30_000 };

/** Where a page goes over the limits: the part before `at` (a character index) fits. */
export interface PageOverflow {
  reason: "depth" | "elements";
  at: number;
}

class Over extends Error {}

/**
 * Walks a page once with the tokenizer linkedom builds its DOM from (htmlparser2, so the depth counted
 * here is the DOM's), without building anything, and stops at the first element that goes deeper than
 * `maxDepth` or past `maxElements`. Linear in the part it reads and never recursive: htmlparser2 keeps
 * its open elements in a list that costs the depth on every new element, which is why it must stop there.
 */
export function scanPage(html: string, limits: PageLimits): PageOverflow | undefined {
  let depth = 0;
  let elements = 0;
  let overflow: PageOverflow | undefined;
  const parser = new Parser({
    onopentag() {
      depth++;
      elements++;
      const reason =
        depth > limits.maxDepth ? "depth" : elements > limits.maxElements ? "elements" : undefined;
      if (reason) {
        overflow = { reason, at: parser.startIndex };
        throw new Over();
      }
    },
    onclosetag() {
      depth--;
    },
  });
  try {
    parser.end(html);
  } catch (error) {
    if (!(error instanceof Over)) throw error;
  }
  return overflow;
}
