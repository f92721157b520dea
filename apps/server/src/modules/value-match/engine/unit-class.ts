/** A letter or digit: part of a word. */
export const WORD_UNIT = 1;
/** A letter (an apostrophe joins a word only when one follows). */
export const LETTER_UNIT = 2;
/** "A".."Z": lowered by adding 32. */
export const ASCII_CAPITAL_UNIT = 4;
/** "'" or "’". */
export const APOSTROPHE_UNIT = 8;
/**
 * Some other unit that `toLowerCase()` changes ("É", "İ", "Σ") or half a surrogate pair: only
 * lowering the whole string gives the right answer.
 */
export const NEEDS_LOWERING_UNIT = 16;
const KNOWN = 32;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;
/** Per UTF-16 code unit: its bits above, 0 until first asked. */
const UNIT_CLASS = new Uint8Array(65_536);

function classify(code: number): number {
  const char = String.fromCharCode(code);
  let bits = KNOWN;
  if (LETTER_OR_DIGIT.test(char)) bits |= WORD_UNIT;
  if (LETTER.test(char)) bits |= LETTER_UNIT;
  if (code >= 65 && code <= 90) bits |= ASCII_CAPITAL_UNIT;
  else if ((code >= 0xd800 && code <= 0xdfff) || char.toLowerCase() !== char) bits |= NEEDS_LOWERING_UNIT;
  if (code === 39 || code === 0x2019) bits |= APOSTROPHE_UNIT;
  return bits;
}

/**
 * What the word scanner needs to know of one UTF-16 code unit, as bits (WORD_UNIT …), worked out
 * on first sight with Unicode regexes and then read from a 64 KiB table: one array read per
 * character instead of a regex or a `toLowerCase`.
 */
export function unitClass(code: number): number {
  let bits = UNIT_CLASS[code] as number;
  if (bits === 0) {
    bits = classify(code);
    UNIT_CLASS[code] = bits;
  }
  return bits;
}
