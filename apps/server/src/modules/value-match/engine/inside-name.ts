/**
 * Whether the words at `start`..`end` of `source` are the end of a name, not the words a phrase
 * looks for: "Best Buy" is no purchase, "Whole Foods" no food, "General Motors" no motors. The
 * words are capitalised where a sentence does not start, right after a capitalised word. A name
 * that starts with the words ("Hurricane Katrina") is still what they say, and so is anything in
 * a headline written in title case, where every word is capitalised.
 */
export function isInsideName(source: string, start: number, end: number): boolean {
  if (!startsUpper(source, start)) return false;
  for (let i = start; i < end; i++) {
    if (source[i] === ' ' && i + 1 < end && !startsUpper(source, i + 1)) return false;
  }
  // The word before, joined by one space: capitalised, and not the words' own sentence start.
  const space = start - 1;
  if (space < 1 || source[space] !== ' ') return false;
  let wordStart = space;
  while (wordStart > 0 && isWordChar(source.charCodeAt(wordStart - 1))) wordStart--;
  if (wordStart === space || !startsUpper(source, wordStart)) return false;
  return !isTitleCase(source);
}

function isWordChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code >= 0xc0
  );
}

function startsUpper(source: string, at: number): boolean {
  const ch = source[at] ?? '';
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

/** More than half of the text's longer words capitalised: a headline in title case (or shouting). */
function isTitleCase(source: string): boolean {
  let words = 0;
  let upper = 0;
  for (const m of source.slice(0, 400).matchAll(/\p{L}{4,}/gu)) {
    words++;
    if (startsUpper(m[0], 0)) upper++;
  }
  return words >= 3 && upper * 2 > words;
}
