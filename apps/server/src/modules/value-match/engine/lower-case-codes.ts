import { charCodes } from './char-codes.ts';

/** Per UTF-16 code unit: 0 not yet asked, 1 it is its own lower case, 2 it is not (or is half a surrogate pair). */
const OWN_LOWER_CASE = new Uint8Array(65_536);

function isOwnLowerCase(code: number): boolean {
  let known = OWN_LOWER_CASE[code] as number;
  if (known === 0) {
    const char = String.fromCharCode(code);
    known = (code >= 0xd800 && code <= 0xdfff) || char.toLowerCase() !== char ? 2 : 1;
    OWN_LOWER_CASE[code] = known;
  }
  return known === 1;
}

/**
 * The code units of `text.toLowerCase()`, made without building that string, when lowering it
 * only changes ASCII capitals (every other unit is its own lower case: "’", "é", "—"); null when
 * some other letter would change ("É", "İ", a final "Σ"), so the caller lowers the string itself.
 * Same buffer, and same rule, as charCodes: read it before calling again.
 */
export function lowerCaseCodes(text: string): Uint16Array | null {
  const codes = charCodes(text);
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = codes[i] as number;
    if (code < 128) {
      if (code >= 65 && code <= 90) codes[i] = code + 32;
    } else if (!isOwnLowerCase(code)) return null;
  }
  return codes;
}
