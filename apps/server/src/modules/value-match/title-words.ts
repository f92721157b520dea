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

/**
 * Words naming a department of its own: a title holding one works there ("Security Operations
 * Manager", "IT Procurement Lead", "Sales Operations Analyst"), whatever else it shares with a
 * target title. English business vocabulary, never user text.
 */
const DEPARTMENT_WORDS = [
  'security',
  'cybersecurity',
  'it',
  'information',
  'technology',
  'software',
  'engineering',
  'sales',
  'marketing',
  'revenue',
  'finance',
  'financial',
  'accounting',
  'tax',
  'legal',
  'hr',
  'human',
  'people',
  'talent',
  'recruiting',
  'customer',
  'clinical',
  'nursing',
];
const DEPARTMENT_STEMS: ReadonlySet<string> = new Set(DEPARTMENT_WORDS.map((word) => stemWord(word)));

/**
 * The stems of a title's department words (DEPARTMENT_WORDS): "it" only as written "IT", since the
 * pronoun is a stop word the domain stems leave out.
 */
export function departmentStems(title: string): Set<string> {
  const out = new Set<string>();
  if (/(^|[^\p{L}])IT([^\p{L}]|$)/u.test(title)) out.add('it');
  for (const word of titleWords(title)) {
    if (word === 'it') continue;
    const stem = stemWord(word);
    if (DEPARTMENT_STEMS.has(stem)) out.add(stem);
  }
  return out;
}
