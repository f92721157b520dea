import type { AnalysedText } from './analysed-text.ts';
import { charCodes } from './char-codes.ts';
import { lowerCaseUnit } from './lower-case-unit.ts';
import { hashOf, NO_WORD, STOP_WORD, stemIsIn, wordEntry, wordKind, wordStem } from './word-table.ts';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

/** A word lowered on its own (rare): its own code array, as the scan's shared one is in use. */
function wordEntryOf(word: string): number {
  const codes = new Uint16Array(word.length);
  for (let k = 0; k < word.length; k++) codes[k] = word.charCodeAt(k);
  return wordEntry(hashOf(codes, 0, word.length), codes, word, 0, word.length);
}

/** 1 for the ASCII letters and digits. */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  ASCII_WORD[code] = (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) ? 1 : 0;
}

function isWordChar(code: number, text: string, i: number): boolean {
  if (code < 128) return ASCII_WORD[code] === 1;
  return LETTER_OR_DIGIT.test(text[i] as string);
}

function isApostrophe(code: number): boolean {
  return code === 39 || code === 0x2019;
}

/**
 * The words of `scanned` (the text, or the text lowered as a string), read from its code units
 * `codes`. With `lowerInline` the scan lowers ASCII capitals itself as it reads them and gives up
 * (null) at the first other unit lower case would change. Without `sameOffsets` (lowering changed
 * the length), `scanned` is the original text and each word is lowered on its own.
 */
function scanWords(
  scanned: string,
  codes: Uint16Array,
  lowerInline: boolean,
  sameOffsets: boolean,
  indexed: ReadonlySet<string> | null,
): AnalysedText | null {
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
  const length = scanned.length;
  let i = 0;
  while (i < length) {
    let code = lowerInline ? lowerCaseUnit(codes, i) : (codes[i] as number);
    if (code < 0) return null;
    if (!isWordChar(code, scanned, i)) {
      i++;
      continue;
    }
    const start = i;
    let hash = Math.imul(0x811c9dc5 ^ code, 0x01000193);
    let apostrophe = false;
    for (;;) {
      i++;
      if (i >= length) break;
      code = lowerInline ? lowerCaseUnit(codes, i) : (codes[i] as number);
      if (code < 0) return null;
      if (!isWordChar(code, scanned, i)) {
        if (apostrophe || !isApostrophe(code) || i + 1 >= length || !LETTER.test(scanned[i + 1] as string)) break;
        apostrophe = true;
      }
      hash = Math.imul(hash ^ code, 0x01000193);
    }
    // After a length-changing lower case the word is lowered on its own and hashed again.
    const entry = sameOffsets
      ? wordEntry(hash, codes, scanned, start, i)
      : wordEntryOf(scanned.slice(start, i).toLowerCase());
    const kind = wordKind(entry);
    if (kind === NO_WORD) continue;
    const position = out.wordCount++;
    const ordinal = kind === STOP_WORD ? -1 : out.contentCount++;
    if (indexed && !stemIsIn(entry, indexed)) continue;
    const stem = wordStem(entry);
    const slot = out.stem.length;
    out.stem.push(stem);
    out.position.push(position);
    out.ordinal.push(ordinal);
    out.start.push(start);
    out.end.push(i);
    const slots = out.index.get(stem);
    if (slots) slots.push(slot);
    else out.index.set(stem, [slot]);
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
  const fast = scanWords(source, charCodes(source), true, true, indexed);
  if (fast) return fast;
  let lower = source.toLowerCase();
  const sameOffsets = lower.length === source.length;
  if (!sameOffsets) lower = source;
  return scanWords(lower, charCodes(lower), false, sameOffsets, indexed) as AnalysedText;
}
