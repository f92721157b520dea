import { normalizeWord } from './engine/normalize-word.ts';
import { stemWord } from './engine/stem-word.ts';
import { STOP_WORDS } from './engine/stop-words.ts';
import { SENIORITY_WORDS } from './seniority-words.ts';

const SENIORITY_STEMS: ReadonlySet<string> = new Set([...SENIORITY_WORDS].map(stemWord));

/** A title's words, normalised: lower case, accents and apostrophes dropped, "&" read as "and". */
export function titleWords(title: string): string[] {
  return title
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}'’]+/u)
    .map(normalizeWord)
    .filter((word) => word.length > 0);
}

/**
 * A title as one comparable key, so "VP, Supply Chain", "vp supply chain" and "VP Supply-Chain"
 * are the same title, and "Sales & Marketing" is "Sales and Marketing".
 */
export function titleKey(title: string): string {
  return titleWords(title).join(' ');
}

/**
 * The stems of the words that say what a title is about: stop words and seniority words
 * ("chief", "officer", "manager", "analyst" …) left out, so "Director of Logistics" gives "logist".
 */
export function domainStems(title: string): Set<string> {
  const stems = new Set<string>();
  for (const word of titleWords(title)) {
    if (STOP_WORDS.has(word) || SENIORITY_WORDS.has(word)) continue;
    const stem = stemWord(word);
    if (!SENIORITY_STEMS.has(stem)) stems.add(stem);
  }
  return stems;
}
