/**
 * One word as the engine compares it: lower case, accents dropped ("Nestlé" = "nestle"), the
 * possessive "'s" and other apostrophes removed ("company's" = "company").
 */
export function normalizeWord(word: string): string {
  let out = word.toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is "anything past ASCII"
  if (/[^\u0000-\u007f]/.test(out)) out = out.normalize('NFKD').replace(/\p{M}/gu, '');
  return out.replace(/['’]s$/, '').replace(/['’]/g, '');
}
