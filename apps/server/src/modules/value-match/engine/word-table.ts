import { normalizeWord } from './normalize-word.ts';
import { stemWord } from './stem-word.ts';
import { STOP_WORDS } from './stop-words.ts';

/**
 * Every distinct lower-case word the engine has read, with its stem, so a word seen before costs
 * one hash probe and no string. The words are a pure function of their letters (nothing about a
 * tenant or a run is kept), and the table is bounded: past MAX_WORDS it starts again empty.
 *
 * Everything lives in typed arrays that stay small enough for the CPU cache: an open-addressing
 * table of (hash, id + 1) pairs, the words' letters one after another in `letters`, and per id
 * its kind and whether its stem is in the vocabulary last asked about. A per-word object, Map
 * and string each cost a cache miss, and those misses were most of the time spent reading a hit.
 */

/** A word the engine weighs. */
export const CONTENT_WORD = 0;
/** A stop word or a number: counted, skipped by phrases and BM25 length. */
export const STOP_WORD = 1;
/** Letters that normalise to nothing: not a word at all. */
export const NO_WORD = 2;

const MAX_WORDS = 300_000;
const FIRST_SLOTS = 1 << 16;
const FIRST_WORDS = 1 << 12;

let slotMask = FIRST_SLOTS - 1;
/** Slot s holds the word's hash at 2s and its id + 1 at 2s + 1 (0 = empty). */
let table = new Int32Array(FIRST_SLOTS * 2);
let letters = new Uint16Array(FIRST_WORDS * 8);
/** Word id's letters are letters[lettersStart[id]] .. letters[lettersStart[id + 1]]. */
let lettersStart = new Int32Array(FIRST_WORDS + 1);
let kinds = new Uint8Array(FIRST_WORDS);
/** 0 = not yet asked, 1 = stem in the vocabulary, 2 = not. */
let inVocabulary = new Uint8Array(FIRST_WORDS);
let stems: string[] = [];
let wordCount = 0;
let vocabulary: ReadonlySet<string> | null = null;

function clear(): void {
  slotMask = FIRST_SLOTS - 1;
  table = new Int32Array(FIRST_SLOTS * 2);
  letters = new Uint16Array(FIRST_WORDS * 8);
  lettersStart = new Int32Array(FIRST_WORDS + 1);
  kinds = new Uint8Array(FIRST_WORDS);
  inVocabulary = new Uint8Array(FIRST_WORDS);
  stems = [];
  wordCount = 0;
}

function grown<T extends Int32Array | Uint16Array | Uint8Array>(array: T, length: number): T {
  if (array.length >= length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}

function sameLetters(id: number, codes: Uint16Array, start: number, end: number): boolean {
  const from = lettersStart[id] as number;
  if ((lettersStart[id + 1] as number) - from !== end - start) return false;
  for (let k = start; k < end; k++) if (letters[from + k - start] !== codes[k]) return false;
  return true;
}

function place(hash: number, id: number): void {
  let at = hash & slotMask;
  while (table[2 * at + 1] !== 0) at = (at + 1) & slotMask;
  table[2 * at] = hash;
  table[2 * at + 1] = id + 1;
}

/** Doubles the table once it is half full, placing every word again by its stored hash. */
function growTable(): void {
  const old = table;
  slotMask = slotMask * 2 + 1;
  table = new Int32Array((slotMask + 1) * 2);
  for (let s = 0; s < old.length; s += 2) if (old[s + 1] !== 0) place(old[s] as number, (old[s + 1] as number) - 1);
}

function add(hash: number, codes: Uint16Array, text: string, start: number, end: number): number {
  if (wordCount >= MAX_WORDS) clear();
  if ((wordCount + 1) * 2 > slotMask + 1) growTable();
  const id = wordCount++;
  const from = lettersStart[id] as number;
  lettersStart = grown(lettersStart, id + 2);
  letters = grown(letters, from + end - start);
  letters.set(codes.subarray(start, end), from);
  lettersStart[id + 1] = from + end - start;
  kinds = grown(kinds, id + 1);
  inVocabulary = grown(inVocabulary, id + 1);

  const normal = normalizeWord(text.slice(start, end));
  // Numbers step aside like stop words, so "cut 11,000 jobs" is the phrase "cut jobs".
  const stop = STOP_WORDS.has(normal) || (normal.charCodeAt(0) >= 48 && normal.charCodeAt(0) <= 57);
  kinds[id] = !normal ? NO_WORD : stop ? STOP_WORD : CONTENT_WORD;
  inVocabulary[id] = 0;
  stems[id] = !normal ? '' : stop ? normal : stemWord(normal);
  place(hash, id);
  return id;
}

/**
 * The id of the word at `start..end` of `text`, whose lower-case code units are at the same place
 * in `codes` and whose FNV-1a hash over those is `hash`; a word not seen before is normalised
 * (which lowers it), stemmed and added. An id stays valid only until the next call (a full table
 * starts again).
 */
export function wordId(hash: number, codes: Uint16Array, text: string, start: number, end: number): number {
  for (let at = hash & slotMask; ; at = (at + 1) & slotMask) {
    const stored = table[2 * at + 1] as number;
    if (stored === 0) return add(hash, codes, text, start, end);
    if (table[2 * at] === hash && sameLetters(stored - 1, codes, start, end)) return stored - 1;
  }
}

/** CONTENT_WORD, STOP_WORD or NO_WORD. */
export function wordKind(id: number): number {
  return kinds[id] as number;
}

/** The word's Porter stem (a stop word or number: the word itself). */
export function wordStem(id: number): string {
  return stems[id] as string;
}

/** Whether the word's stem is in `wanted`; asked once per word for as long as `wanted` stays the same Set. */
export function stemIsIn(id: number, wanted: ReadonlySet<string>): boolean {
  if (wanted !== vocabulary) {
    vocabulary = wanted;
    inVocabulary.fill(0);
  }
  let known = inVocabulary[id] as number;
  if (known === 0) {
    known = wanted.has(stems[id] as string) ? 1 : 2;
    inVocabulary[id] = known;
  }
  return known === 1;
}

/** FNV-1a over `codes[start..end)`, as analyseText computes it while scanning. */
export function hashOf(codes: Uint16Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ (codes[k] as number), 0x01000193);
  return hash;
}
