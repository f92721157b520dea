import { fnv1aUnits } from '@quarry/shared/hash';
import { normalizeWord } from './normalize-word.ts';
import { stemWord } from './stem-word.ts';
import { STOP_WORDS } from './stop-words.ts';

/**
 * Every distinct lower-case word the engine has read, with its stem, so a word seen before costs
 * one hash probe and no string. The words are a pure function of their letters (nothing about a
 * tenant or a run is kept), and the table is bounded: past MAX_WORDS it starts again empty.
 *
 * Reading a hit is mostly looking words up here, and a look-up costs what its cache misses cost.
 * So each slot of the open-addressing table is 8 int32s (half a cache line) holding all a
 * look-up needs: the hash, the word's id + 1 (0 = empty slot), its length, its kind and
 * vocabulary state, and its first 8 UTF-16 code units packed two to an int32. Only longer words
 * also compare the rest of their letters, kept per id in `letters`; only vocabulary words read
 * their stem string.
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
const SLOT = 8;
const HASH = 0;
const ID = 1;
const LENGTH = 2;
/** Bits 0-1: the kind; bits 2-3: 0 = vocabulary not yet asked, 1 = stem in it, 2 = not. */
const INFO = 3;
const INLINE = 4;
const INLINE_UNITS = 8;
const IN_VOCABULARY = 1 << 2;
const NOT_IN_VOCABULARY = 2 << 2;
const VOCABULARY_BITS = 3 << 2;

let slotMask = FIRST_SLOTS - 1;
let table = new Int32Array(FIRST_SLOTS * SLOT);
/** Word id's letters are letters[lettersStart[id]] .. letters[lettersStart[id + 1]]. */
let letters = new Uint16Array(FIRST_WORDS * 8);
let lettersStart = new Int32Array(FIRST_WORDS + 1);
let stems: string[] = [];
let wordCount = 0;
let vocabulary: ReadonlySet<string> | null = null;

function clear(): void {
  slotMask = FIRST_SLOTS - 1;
  table = new Int32Array(FIRST_SLOTS * SLOT);
  letters = new Uint16Array(FIRST_WORDS * 8);
  lettersStart = new Int32Array(FIRST_WORDS + 1);
  stems = [];
  wordCount = 0;
}

function grown<T extends Int32Array | Uint16Array>(array: T, length: number): T {
  if (array.length >= length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}

/** Code units k and k + 1 of the word as one int32 (k + 1 past the end counts as 0). */
function pairAt(codes: Uint16Array, start: number, end: number, k: number): number {
  const low = codes[start + k] as number;
  const high = start + k + 1 < end ? (codes[start + k + 1] as number) : 0;
  return low | (high << 16) | 0;
}

function sameWord(base: number, codes: Uint16Array, start: number, end: number): boolean {
  const length = end - start;
  if (table[base + LENGTH] !== length) return false;
  const inline = Math.min(length, INLINE_UNITS);
  for (let k = 0; k < inline; k += 2) {
    if (table[base + INLINE + (k >> 1)] !== pairAt(codes, start, start + inline, k)) return false;
  }
  if (length <= INLINE_UNITS) return true;
  const from = lettersStart[(table[base + ID] as number) - 1] as number;
  for (let k = INLINE_UNITS; k < length; k++) if (letters[from + k] !== codes[start + k]) return false;
  return true;
}

function emptySlotFor(hash: number): number {
  let at = hash & slotMask;
  while (table[at * SLOT + ID] !== 0) at = (at + 1) & slotMask;
  return at * SLOT;
}

/** Doubles the table once it is half full, moving every slot by its stored hash. */
function growTable(): void {
  const old = table;
  slotMask = slotMask * 2 + 1;
  table = new Int32Array((slotMask + 1) * SLOT);
  for (let base = 0; base < old.length; base += SLOT) {
    if (old[base + ID] === 0) continue;
    table.set(old.subarray(base, base + SLOT), emptySlotFor(old[base + HASH] as number));
  }
}

function add(hash: number, codes: Uint16Array, text: string, start: number, end: number): number {
  if (wordCount >= MAX_WORDS) clear();
  if ((wordCount + 1) * 2 > slotMask + 1) growTable();
  const id = wordCount++;
  const length = end - start;
  const from = lettersStart[id] as number;
  lettersStart = grown(lettersStart, id + 2);
  letters = grown(letters, from + length);
  letters.set(codes.subarray(start, end), from);
  lettersStart[id + 1] = from + length;

  const normal = normalizeWord(text.slice(start, end));
  // Numbers step aside like stop words, so "cut 11,000 jobs" is the phrase "cut jobs".
  const stop = STOP_WORDS.has(normal) || (normal.charCodeAt(0) >= 48 && normal.charCodeAt(0) <= 57);
  stems[id] = !normal ? '' : stop ? normal : stemWord(normal);

  const base = emptySlotFor(hash);
  table[base + HASH] = hash;
  table[base + ID] = id + 1;
  table[base + LENGTH] = length;
  table[base + INFO] = !normal ? NO_WORD : stop ? STOP_WORD : CONTENT_WORD;
  const inline = Math.min(length, INLINE_UNITS);
  for (let k = 0; k < inline; k += 2) table[base + INLINE + (k >> 1)] = pairAt(codes, start, start + inline, k);
  return base;
}

/**
 * The table entry (its slot's offset) of the word at `start..end` of `text`, whose lower-case code units are at the same
 * place in `codes` and whose FNV-1a hash over those is `hash`; a word not seen before is
 * normalised (which lowers it), stemmed and added. An entry stays valid only until the next
 * call (the table may grow or start again).
 */
export function wordEntry(hash: number, codes: Uint16Array, text: string, start: number, end: number): number {
  for (let at = hash & slotMask; ; at = (at + 1) & slotMask) {
    const base = at * SLOT;
    if (table[base + ID] === 0) return add(hash, codes, text, start, end);
    if (table[base + HASH] === hash && sameWord(base, codes, start, end)) return base;
  }
}

/** CONTENT_WORD, STOP_WORD or NO_WORD. */
export function wordKind(entry: number): number {
  return (table[entry + INFO] as number) & 3;
}

/** The word's Porter stem (a stop word or number: the word itself). */
export function wordStem(entry: number): string {
  return stems[(table[entry + ID] as number) - 1] as string;
}

/** Whether the word's stem is in `wanted`; asked once per word for as long as `wanted` stays the same Set. */
export function stemIsIn(entry: number, wanted: ReadonlySet<string>): boolean {
  if (wanted !== vocabulary) {
    vocabulary = wanted;
    for (let base = 0; base < table.length; base += SLOT) table[base + INFO] = (table[base + INFO] as number) & 3;
  }
  let info = table[entry + INFO] as number;
  if ((info & VOCABULARY_BITS) === 0) {
    info |= wanted.has(wordStem(entry)) ? IN_VOCABULARY : NOT_IN_VOCABULARY;
    table[entry + INFO] = info;
  }
  return (info & VOCABULARY_BITS) === IN_VOCABULARY;
}

/** FNV-1a over `codes[start..end)`, as analyseText computes it while scanning. */
export function hashOf(codes: Uint16Array, start: number, end: number): number {
  return fnv1aUnits(codes, start, end);
}
