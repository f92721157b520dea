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
 * Code unit `i` of `codes` as `toLowerCase()` would leave it, lowered in place when it is an
 * ASCII capital; -1 when it is some other unit that lower case changes ("É", "İ", "Σ", half a
 * surrogate pair), where only lowering the whole string gives the right answer.
 */
export function lowerCaseUnit(codes: Uint16Array, i: number): number {
  const code = codes[i] as number;
  if (code < 128) {
    if (code < 65 || code > 90) return code;
    codes[i] = code + 32;
    return code + 32;
  }
  return isOwnLowerCase(code) ? code : -1;
}
