/**
 * Words a job title may add to a target title and still name the same role: seniority and
 * level ("Senior Supply Chain Manager", "Operations Analyst II"). Any other word makes another
 * role: a "Security Operations Analyst" is not an "Operations Analyst".
 */
const LEVEL_WORDS = new Set([
  'senior',
  'sr',
  'junior',
  'jr',
  'lead',
  'principal',
  'staff',
  'associate',
  'assistant',
  'i',
  'ii',
  'iii',
  'iv',
]);

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Whether a posting's title, found to hold a target title at `start`..`end`, is that role:
 * every word outside the found span is a seniority or level word.
 */
export function isSameRole(postingTitle: string, start: number, end: number): boolean {
  const rest = `${postingTitle.slice(0, start)} ${postingTitle.slice(end)}`.toLowerCase();
  for (const [word] of rest.matchAll(WORD)) if (!LEVEL_WORDS.has(word)) return false;
  return true;
}
