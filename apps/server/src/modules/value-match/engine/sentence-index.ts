/**
 * Which sentence of a text an offset falls in (0 for the first), so the engine can say "the
 * news names its event in its first sentences" instead of "in its first 300 characters", which
 * fitted the demo's Wikinews leads and no other writing.
 *
 * A sentence ends at ".", "!" or "?" (closing quotes or brackets may follow) before white space
 * and a capital or a digit, unless the word before the full stop is an abbreviation: one letter
 * ("J."), dotted initials ("U.S.") other than a place's state after its town ("Hoboken, N.J."),
 * or a title or company suffix ("Mr.", "Inc.", "Corp.").
 */
const END = /[.!?]["'”’)\]]*\s+(?=["'“‘(]?[\p{Lu}\d])/gu;
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'inc',
  'corp',
  'co',
  'ltd',
  'plc',
  'no',
  'vs',
  'gen',
  'gov',
  'sen',
  'rep',
  'jan',
  'feb',
  'aug',
  'sept',
  'oct',
  'nov',
  'dec',
]);

function isAbbreviation(text: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && /[\p{L}.]/u.test(text[start - 1] as string)) start--;
  const word = text.slice(start, dot);
  // A place's state or country after its town ("Hoboken, N.J.", "Washington, D.C.") ends where
  // a place ends: a capital after it starts a sentence. Elsewhere dotted initials name something
  // ("U.S. Steel", "e.g. Acme").
  if (word.includes('.') && /\p{Lu}[\p{L}'-]*,\s$/u.test(text.slice(Math.max(0, start - 40), start))) return false;
  if (word.length === 1) return true;
  if (word.includes('.')) return true; // "U.S", "e.g"
  return ABBREVIATIONS.has(word.toLowerCase());
}

/**
 * Where the sentence holding `offset` starts and ends (end exclusive), and where the sentence
 * before it starts (equal to `start` for the first sentence).
 */
export function sentenceBoundsAt(text: string, offset: number): { previous: number; start: number; end: number } {
  let previous = 0;
  let start = 0;
  let end = text.length;
  END.lastIndex = 0;
  for (let m = END.exec(text); m; m = END.exec(text)) {
    if (text[m.index] === '.' && isAbbreviation(text, m.index)) continue;
    if (m.index < offset) {
      previous = start;
      start = m.index + m[0].length;
    } else {
      end = m.index + 1;
      break;
    }
  }
  return { previous, start, end };
}

/** The sentence holding `offset`: from the end of the one before to its own end (exclusive). */
export function sentenceAround(text: string, offset: number): string {
  const { start, end } = sentenceBoundsAt(text, offset);
  return text.slice(start, end);
}

/**
 * Words with which a sentence says its event did not, or may not, happen: negation ("not",
 * "denies", "ruled out") and hedging ("may", "could", "if", "whether", rumours); or that it
 * happened to others: peers, competitors, "companies like ours", "across our industry" ("A
 * cyberattack on one of our peers made us hire…" is no attack on the company). A fixed list of
 * English function words, never user text.
 */
const NOT_ASSERTED =
  /\b(not|never|no|den(?:y|ies|ied)|rul(?:e|es|ed) out|may|might|could|if|whether|possibl[ey]|rumou?r(?:s|ed)?|(?:our|its|their) (?:peers?|competitors?|rivals?)|companies like (?:ours|us)|(?:companies|firms|businesses) in (?:our|the|its|their) (?:industry|sector)|across (?:our|the|its|their) (?:industry|sector)|industry[- ]wide|other companies)\b|n't\b/i;

/** Whether the sentence holding `offset` negates or hedges what it reports. */
export function isHedgedAt(text: string, offset: number): boolean {
  return NOT_ASSERTED.test(sentenceAround(text, offset));
}

/**
 * Where each sentence of `text` starts, in order (the first at 0): read once, so that many
 * offsets can be placed in their sentence by binary search (`sentenceOf`).
 */
export function sentenceStarts(text: string): number[] {
  const starts = [0];
  END.lastIndex = 0;
  for (let m = END.exec(text); m; m = END.exec(text)) {
    if (text[m.index] === '.' && isAbbreviation(text, m.index)) continue;
    starts.push(m.index + m[0].length);
  }
  return starts;
}

/** The sentence (0 for the first) holding `offset`, given the text's `sentenceStarts`. */
export function sentenceOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** isHedgedAt for a text whose `sentenceStarts` are known: no sentence is looked for twice. */
export function isHedgedIn(text: string, starts: readonly number[], offset: number): boolean {
  const s = sentenceOf(starts, offset);
  return NOT_ASSERTED.test(text.slice(starts[s], starts[s + 1] ?? text.length));
}

export function sentenceIndexAt(text: string, offset: number): number {
  let index = 0;
  END.lastIndex = 0;
  for (let m = END.exec(text); m && m.index < offset; m = END.exec(text)) {
    if (text[m.index] === '.' && isAbbreviation(text, m.index)) continue;
    index++;
  }
  return index;
}
