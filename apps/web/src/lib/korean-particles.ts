/**
 * Korean writes a particle by the sound the word before it ends on: 메시지를 but 계정을, 팀이 but
 * 회사가. The translations write both forms, "{{type}}을(를)", because the word is only known once
 * filled in; this picks the one that fits when the word ends in Hangul or a digit (read as Korean
 * reads it), and keeps both where it cannot tell, as after a Latin name ("Walmart을(를)"), which is
 * how Korean software writes it.
 */

/** Each written pair: the form after a final consonant, then after a vowel. */
const PAIRS: Record<string, readonly [string, string]> = {
  '을(를)': ['을', '를'],
  '를(을)': ['을', '를'],
  '이(가)': ['이', '가'],
  '가(이)': ['이', '가'],
  '은(는)': ['은', '는'],
  '는(은)': ['은', '는'],
  '과(와)': ['과', '와'],
  '와(과)': ['과', '와'],
  '(으)로': ['으로', '로'],
};
const PARTICLE = /을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(으\)로/g;

/** Closing quotes and brackets are not read: "“Lear”을(를)" follows Lear. */
const SILENT = new Set(['"', '“', '”', "'", '‘', '’', '」', '』', ')', ']', '»', ' ']);

/** ㄹ, the final consonant after which 로 is written, not 으로. */
const RIEUL = 8;
/** How each digit's Korean reading ends: 0 no final consonant, RIEUL ㄹ, 1 another one (영, 일, 이, 삼…). */
const DIGIT_FINALS = [1, RIEUL, 0, 1, 0, 0, 1, RIEUL, RIEUL, 0];

/** The final consonant of the sound `char` ends on (0: none), or null when it cannot be told. */
function finalOf(char: string): number | null {
  const code = char.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28;
  if (code >= 0x30 && code <= 0x39) return DIGIT_FINALS[code - 0x30] ?? null;
  return null;
}

export function resolveKoreanParticles(text: string): string {
  if (!text.includes('(')) return text;
  return text.replace(PARTICLE, (written, at: number) => {
    let i = at - 1;
    while (i >= 0 && SILENT.has(text[i] as string)) i--;
    const final = i >= 0 ? finalOf(text[i] as string) : null;
    const pair = PAIRS[written];
    if (final === null || !pair) return written;
    if (written === '(으)로') return final === 0 || final === RIEUL ? pair[1] : pair[0];
    return final === 0 ? pair[1] : pair[0];
  });
}
