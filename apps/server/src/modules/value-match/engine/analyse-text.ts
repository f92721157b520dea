import { FNV1A_OFFSET as FNV_OFFSET, FNV1A_PRIME as FNV_PRIME } from '@quarry/shared/hash';
import type { AnalysedText } from './analysed-text.ts';
import { charCodes } from './char-codes.ts';
import {
  APOSTROPHE_UNIT,
  ASCII_CAPITAL_UNIT,
  LETTER_UNIT,
  NEEDS_LOWERING_UNIT,
  unitClass,
  WORD_UNIT,
} from './unit-class.ts';
import { hashOf, NO_WORD, STOP_WORD, stemIsIn, wordEntry, wordKind, wordStem } from './word-table.ts';

function emptyAnalysis(): AnalysedText {
  return { wordCount: 0, contentCount: 0, index: new Map(), stem: [], position: [], ordinal: [], start: [], end: [] };
}

/** A word lowered on its own (rare): its own code array, as the scan's shared one is in use. */
function wordEntryOf(word: string): number {
  const codes = new Uint16Array(word.length);
  for (let k = 0; k < word.length; k++) codes[k] = word.charCodeAt(k);
  return wordEntry(hashOf(codes, 0, word.length), codes, word, 0, word.length);
}

/** Appends one word (its word-table entry) to `out`: counted, and given a slot when its stem is wanted. */
function addWord(
  out: AnalysedText,
  entry: number,
  start: number,
  end: number,
  indexed: ReadonlySet<string> | null,
): void {
  const kind = wordKind(entry);
  if (kind === NO_WORD) return;
  const position = out.wordCount++;
  const ordinal = kind === STOP_WORD ? -1 : out.contentCount++;
  if (indexed && !stemIsIn(entry, indexed)) return;
  const stem = wordStem(entry);
  const slot = out.stem.length;
  out.stem.push(stem);
  out.position.push(position);
  out.ordinal.push(ordinal);
  out.start.push(start);
  out.end.push(end);
  const slots = out.index.get(stem);
  if (slots) slots.push(slot);
  else out.index.set(stem, [slot]);
}

/** Whether the unit at `i` (a non-word unit inside a word) joins the word: one apostrophe before a letter. */
function joinsWord(codes: Uint16Array, i: number, length: number, bits: number, apostrophe: boolean): boolean {
  return (
    !apostrophe &&
    (bits & APOSTROPHE_UNIT) !== 0 &&
    i + 1 < length &&
    (unitClass(codes[i + 1] as number) & LETTER_UNIT) !== 0
  );
}

/**
 * The words of `text` from its code units `codes`, lowering ASCII capitals in `codes` as it reads
 * them; null at the first other unit lower case would change (then the caller lowers the string).
 * Each unit costs one read of the unit-class table.
 */
function scanLowering(text: string, codes: Uint16Array, indexed: ReadonlySet<string> | null): AnalysedText | null {
  const out = emptyAnalysis();
  const length = text.length;
  let i = 0;
  while (i < length) {
    let code = codes[i] as number;
    let bits = unitClass(code);
    if ((bits & NEEDS_LOWERING_UNIT) !== 0) return null;
    if ((bits & WORD_UNIT) === 0) {
      i++;
      continue;
    }
    if ((bits & ASCII_CAPITAL_UNIT) !== 0) {
      code += 32;
      codes[i] = code;
    }
    const start = i;
    let hash = Math.imul(FNV_OFFSET ^ code, FNV_PRIME);
    let apostrophe = false;
    for (;;) {
      i++;
      if (i >= length) break;
      code = codes[i] as number;
      bits = unitClass(code);
      if ((bits & NEEDS_LOWERING_UNIT) !== 0) return null;
      if ((bits & WORD_UNIT) === 0) {
        if (!joinsWord(codes, i, length, bits, apostrophe)) break;
        apostrophe = true;
      } else if ((bits & ASCII_CAPITAL_UNIT) !== 0) {
        code += 32;
        codes[i] = code;
      }
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
    addWord(out, wordEntry(hash, codes, text, start, i), start, i, indexed);
  }
  return out;
}

/**
 * The words of a string already lowered as a whole (`lower`, with its code units `codes`).
 * Without `sameOffsets` (lowering changed the length), `lower` is the original text and each
 * word is lowered on its own, so offsets stay the original's.
 */
function scanLowered(
  lower: string,
  codes: Uint16Array,
  sameOffsets: boolean,
  indexed: ReadonlySet<string> | null,
): AnalysedText {
  const out = emptyAnalysis();
  const length = lower.length;
  let i = 0;
  while (i < length) {
    let code = codes[i] as number;
    if ((unitClass(code) & WORD_UNIT) === 0) {
      i++;
      continue;
    }
    const start = i;
    let hash = Math.imul(FNV_OFFSET ^ code, FNV_PRIME);
    let apostrophe = false;
    for (;;) {
      i++;
      if (i >= length) break;
      code = codes[i] as number;
      const bits = unitClass(code);
      if ((bits & WORD_UNIT) === 0) {
        if (!joinsWord(codes, i, length, bits, apostrophe)) break;
        apostrophe = true;
      }
      hash = Math.imul(hash ^ code, FNV_PRIME);
    }
    // After a length-changing lower case the word is lowered on its own and hashed again.
    const entry = sameOffsets
      ? wordEntry(hash, codes, lower, start, i)
      : wordEntryOf(lower.slice(start, i).toLowerCase());
    addWord(out, entry, start, i, indexed);
  }
  return out;
}

/**
 * Words of `text` (at most `maxChars` of it): runs of letters and digits with one inner
 * apostrophe ("Macy's"); hyphens and "&" split words. With `indexed`, only those stems get a
 * slot. A hand-written scan that hashes each word as it goes and finds it in the word table:
 * per-word strings and a Unicode regex cost more than all the matching after them.
 */
export function analyseText(
  text: string,
  maxChars = Number.POSITIVE_INFINITY,
  indexed: ReadonlySet<string> | null = null,
): AnalysedText {
  const source = text.length > maxChars ? text.slice(0, maxChars) : text;
  // Words are matched in lower case. Usually only ASCII capitals change, and the scan lowers
  // those as it goes; otherwise the text is lowered as a string and scanned again. A few letters
  // change length in lower case ("İ"); then offsets come from the text itself.
  const fast = scanLowering(source, charCodes(source), indexed);
  if (fast) return fast;
  let lower = source.toLowerCase();
  const sameOffsets = lower.length === source.length;
  if (!sameOffsets) lower = source;
  return scanLowered(lower, charCodes(lower), sameOffsets, indexed);
}
