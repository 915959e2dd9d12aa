/**
 * How much of a page is read, apart from the scanner that applies it (page-scan.ts): the reader in the
 * server process needs only these, and htmlparser2 stays in the page-reading child.
 */
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
