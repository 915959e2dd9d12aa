/**
 * Okapi BM25 over short documents (tool names and descriptions). Built once per tool list; a query costs
 * one map lookup per term and one pass over the documents holding it.
 */
export class Bm25 {
  private readonly postings = new Map<string, Array<{ doc: number; count: number }>>();
  private readonly lengths: number[];
  private readonly averageLength: number;

  constructor(
    documents: string[][],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.lengths = documents.map((terms) => terms.length);
    this.averageLength = this.lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, documents.length);
    documents.forEach((terms, doc) => {
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, count] of counts) {
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push({ doc, count });
      }
    });
  }

  /** Each document's score for the query's terms (0: no term in common). */
  scores(terms: Iterable<string>): Float64Array {
    const scores = new Float64Array(this.lengths.length);
    const n = this.lengths.length;
    for (const term of new Set(terms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, count } of list) {
        const norm = this.k1 * (1 - this.b + (this.b * this.lengths[doc]!) / this.averageLength);
        scores[doc]! += (idf * count * (this.k1 + 1)) / (count + norm);
      }
    }
    return scores;
  }
}
