/**
 * BM25 idf over the hits given, with `priorHits` imaginary hits that lack the term, scaled so a
 * term found in 1 of every `priorHits` hits weighs about 1; rare terms weigh more, up to `max`.
 */
export function bm25Idf(hitsWithTerm: number, totalHits: number, priorHits: number, max: number): number {
  const n = hitsWithTerm;
  const total = totalHits + priorHits;
  const raw = Math.log(1 + (total - n + 0.5) / (n + 0.5));
  const unit = Math.log(1 + (priorHits + 0.5) / 1.5);
  return Math.min(max, raw / unit);
}
