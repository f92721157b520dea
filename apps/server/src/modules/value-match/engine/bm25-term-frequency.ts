/** BM25's saturating term frequency: 1 for one mention in a hit of average length, at most k1 + 1. */
export function bm25TermFrequency(tf: number, length: number, averageLength: number, k1: number, b: number): number {
  if (tf <= 0) return 0;
  return (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / Math.max(1, averageLength)));
}
