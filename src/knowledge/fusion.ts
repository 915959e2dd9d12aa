/** The usual constant of reciprocal-rank fusion: it keeps one list's first place from outweighing the rest. */
export const RRF_K = 60;

/**
 * Reciprocal-rank fusion: each id scores Σ 1/(k + rank) over the lists it appears in (rank from 1). Needs
 * no comparable scores, only orders, so bm25 and cosine similarity merge without calibration.
 */
export function fuseRanks<T>(lists: T[][], k = RRF_K): { id: T; score: number }[] {
  const scores = new Map<T, number>();
  for (const list of lists) {
    list.forEach((id, index) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + index + 1)));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
