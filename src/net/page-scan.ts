import { Parser } from "htmlparser2";
import type { PageLimits, PageOverflow } from "./page-limits.js";

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
