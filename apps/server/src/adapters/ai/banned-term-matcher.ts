/** Finds the first banned term in a text, or null; a term matches as a whole word, in any case. */
export type BannedTermMatcher = (text: string) => string | null;

const NONE: BannedTermMatcher = () => null;

/**
 * One regular expression for all terms. A term matches as whole words, case-insensitively, with
 * any spacing between its words and its simple plural or singular ("competitors" also finds
 * "competitor", "synergy" also "synergies"; "Salesforce" finds "Salesforce's").
 */
export function bannedTermMatcher(terms: readonly string[]): BannedTermMatcher {
  const usable = terms.map((t) => t.trim()).filter((t) => t.length > 0);
  if (usable.length === 0) return NONE;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(?:${usable.map((t) => `(${termPattern(t)})`).join('|')})(?![\\p{L}\\p{N}_])`,
    'iu',
  );
  return (text) => {
    const match = pattern.exec(text);
    if (!match) return null;
    for (let i = 1; i < match.length; i++) if (match[i] !== undefined) return usable[i - 1] ?? null;
    return null;
  };
}

function termPattern(term: string): string {
  const words = term.split(/\s+/);
  const last = words.pop() ?? '';
  const head = words.map(escapeRegExp);
  let tail = escapeRegExp(last);
  if (/^\p{L}{3,}$/u.test(last)) {
    if (/[^aeiou]y$/i.test(last)) tail = `${escapeRegExp(last.slice(0, -1))}(?:y|ies)`;
    else if (/[^s]s$/i.test(last)) tail = `${escapeRegExp(last.slice(0, -1))}(?:s|es)?`;
    else tail = `${tail}(?:s|es)?`;
  }
  return [...head, tail].join('\\s+');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
