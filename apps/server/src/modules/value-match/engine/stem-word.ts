import { stemmer } from 'stemmer';

const cache = new Map<string, string>();
/** Bounded so a tenant's odd vocabulary cannot grow memory without end. */
const CACHE_MAX = 200_000;

/** Porter stem of a normalised word ("acquisitions" → "acquisit"); numbers and short words stay as they are. */
export function stemWord(word: string): string {
  if (word.length <= 2 || /^\d/.test(word)) return word;
  let stem = cache.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(word, stem);
  }
  return stem;
}
