import type { AnalysedText } from './analysed-text.ts';
import { normalizeWord } from './normalize-word.ts';
import { stemWord } from './stem-word.ts';
import { STOP_WORDS } from './stop-words.ts';

type Word = {
  lower: string;
  stem: string;
  stop: boolean;
  /** Whether `stem` is in the vocabulary last asked about: one Set lookup per word and run, not per mention. */
  vocabulary: ReadonlySet<string> | null;
  inVocabulary: boolean;
};

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
const CACHE_MAX = 300_000;
/** Lower-case word → stem. */
const byText = new Map<string, Word | null>();
/**
 * The same, found by the hash computed while scanning, so a word seen before costs no string:
 * open addressing over typed arrays (slot holds word id + 1), verified letter by letter.
 */
const TABLE_SIZE = 1 << 20;
const TABLE_MASK = TABLE_SIZE - 1;
const tableId = new Int32Array(TABLE_SIZE);
const tableHash = new Int32Array(TABLE_SIZE);
const words: Word[] = [];

function clearCaches(): void {
  byText.clear();
  tableId.fill(0);
  words.length = 0;
}

function findByHash(hash: number, text: string, start: number, end: number): Word | undefined {
  for (let at = hash & TABLE_MASK; ; at = (at + 1) & TABLE_MASK) {
    const id = tableId[at] as number;
    if (id === 0) return undefined;
    if (tableHash[at] === hash) {
      const word = words[id - 1] as Word;
      if (sameText(word, text, start, end)) return word;
    }
  }
}

function remember(hash: number, word: Word): void {
  if (words.length >= CACHE_MAX) clearCaches();
  words.push(word);
  let at = hash & TABLE_MASK;
  while (tableId[at] !== 0) at = (at + 1) & TABLE_MASK;
  tableId[at] = words.length;
  tableHash[at] = hash;
}

function lookUp(lower: string): Word | null {
  let word = byText.get(lower);
  if (word === undefined) {
    const normal = normalizeWord(lower);
    // Numbers step aside like stop words, so "cut 11,000 jobs" is the phrase "cut jobs".
    const stop = STOP_WORDS.has(normal) || (normal.charCodeAt(0) >= 48 && normal.charCodeAt(0) <= 57);
    word = normal
      ? { lower, stem: stop ? normal : stemWord(normal), stop, vocabulary: null, inVocabulary: false }
      : null;
    if (byText.size >= CACHE_MAX) clearCaches();
    byText.set(lower, word);
  }
  return word;
}

function isWordChar(code: number, text: string, i: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  return LETTER_OR_DIGIT.test(text[i] as string);
}

function isApostrophe(code: number): boolean {
  return code === 39 || code === 0x2019;
}

function sameText(word: Word, text: string, start: number, end: number): boolean {
  const { lower } = word;
  if (lower.length !== end - start) return false;
  for (let k = 0; k < lower.length; k++) if (lower.charCodeAt(k) !== text.charCodeAt(start + k)) return false;
  return true;
}

/**
 * Words of `text` (at most `maxChars` of it): runs of letters and digits with one inner
 * apostrophe ("Macy's"); hyphens and "&" split words. With `indexed`, only those stems get a
 * slot. A hand-written scan with a hash-keyed cache: per-word strings and a Unicode regex cost
 * more than all the matching after them.
 */
export function analyseText(
  text: string,
  maxChars = Number.POSITIVE_INFINITY,
  indexed: ReadonlySet<string> | null = null,
): AnalysedText {
  const source = text.length > maxChars ? text.slice(0, maxChars) : text;
  let lower = source.toLowerCase();
  // A few letters change length in lower case ("İ"); then offsets come from the text itself.
  const sameOffsets = lower.length === source.length;
  if (!sameOffsets) lower = source;
  const out: AnalysedText = {
    wordCount: 0,
    contentCount: 0,
    index: new Map(),
    stem: [],
    position: [],
    ordinal: [],
    start: [],
    end: [],
  };
  const length = lower.length;
  let i = 0;
  while (i < length) {
    let code = lower.charCodeAt(i);
    if (!isWordChar(code, lower, i)) {
      i++;
      continue;
    }
    const start = i;
    let hash = Math.imul(0x811c9dc5 ^ code, 0x01000193);
    let apostrophe = false;
    for (;;) {
      i++;
      if (i >= length) break;
      code = lower.charCodeAt(i);
      if (!isWordChar(code, lower, i)) {
        if (apostrophe || !isApostrophe(code) || i + 1 >= length || !LETTER.test(lower[i + 1] as string)) break;
        apostrophe = true;
      }
      hash = Math.imul(hash ^ code, 0x01000193);
    }
    let word: Word | null | undefined = sameOffsets ? findByHash(hash, lower, start, i) : undefined;
    if (word === undefined) {
      word = lookUp(sameOffsets ? lower.slice(start, i) : source.slice(start, i).toLowerCase());
      if (word && sameOffsets) remember(hash, word);
    }
    if (!word) continue;
    const position = out.wordCount++;
    const ordinal = word.stop ? -1 : out.contentCount++;
    if (indexed) {
      if (word.vocabulary !== indexed) {
        word.vocabulary = indexed;
        word.inVocabulary = indexed.has(word.stem);
      }
      if (!word.inVocabulary) continue;
    }
    const slot = out.stem.length;
    out.stem.push(word.stem);
    out.position.push(position);
    out.ordinal.push(ordinal);
    out.start.push(start);
    out.end.push(i);
    const slots = out.index.get(word.stem);
    if (slots) slots.push(slot);
    else out.index.set(word.stem, [slot]);
  }
  return out;
}
