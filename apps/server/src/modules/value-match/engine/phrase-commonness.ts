import commonBigrams from './common-bigrams.json' with { type: 'json' };
import type { CompiledPhrase } from './compiled-phrase.ts';

/**
 * How common a phrase is in business news at large (issue 19): the share of articles of a
 * general news corpus holding it (common-bigrams.json, built by `npm run build:common-phrases`
 * from articles outside the evaluation set). A phrase of several words is counted as its rarest
 * pair of consecutive words, an upper bound on its own share; 0 when a pair is rarer than the
 * table keeps (or the phrase has one word, which corroboration.ts reads by its own rule).
 */
const PAIRS: Readonly<Record<string, number>> = commonBigrams.pairs;
/** Content stem → share of the same articles holding it (for one-word phrases). */
const WORDS: Readonly<Record<string, number>> = commonBigrams.words;

/** Key of two consecutive content stems (stop words between them skipped). */
export const contentPairKey = (a: string, b: string): string => `${a} ${b}`;
/** Key of two consecutive words, stop words included (a literal phrase such as "shut down"). */
export const literalPairKey = (a: string, b: string): string => `=${a} ${b}`;

const shares = new WeakMap<CompiledPhrase, number>();

export function phraseNewsShare(phrase: CompiledPhrase): number {
  let share = shares.get(phrase);
  if (share !== undefined) return share;
  share = 0;
  if (phrase.stems.length > 1) {
    share = 1;
    const key = phrase.literal ? literalPairKey : contentPairKey;
    for (let k = 1; k < phrase.stems.length && share > 0; k++) {
      share = Math.min(share, PAIRS[key(phrase.stems[k - 1] as string, phrase.stems[k] as string)] ?? 0);
    }
  }
  shares.set(phrase, share);
  return share;
}

/**
 * A phrase's share of general business news articles, one-word phrases included ("close" 5 %,
 * "strike" 0.4 %): its corpus document frequency, the inverse of its specificity (see
 * `specificity`). 0 when rarer than the table keeps.
 */
export function phraseCorpusShare(phrase: CompiledPhrase): number {
  if (phrase.stems.length === 1) return WORDS[phrase.stems[0] as string] ?? 0;
  return phraseNewsShare(phrase);
}

/**
 * How much a phrase of corpus share `share` says, 0..1 (issue 19): 1 up to the share `limit`,
 * then its idf against the limit's, log(1/share) / log(1/limit), so a phrase found in most
 * business news ("new", "market") says next to nothing and one found at the limit counts fully.
 * `limit` 0 switches the weight off (always 1).
 */
export function specificity(share: number, limit: number): number {
  if (limit <= 0 || share <= limit) return 1;
  return Math.log(share) / Math.log(limit) || 0;
}
