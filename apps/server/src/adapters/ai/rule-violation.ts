import { bannedTermMatcher } from './banned-term-matcher.ts';
import { countWords } from './count-words.ts';
import type { EffectiveRules } from './effective-rules.ts';
import type { WrittenStep } from './message-writer.ts';

/**
 * The first checkable email rule the steps break, in a sentence a reviewer can act on, or null.
 * Checks banned terms (subject and body), the word limit, and that each body opens with the
 * greeting and closes with the sign-off the rules name.
 */
export function ruleViolation(steps: readonly WrittenStep[], rules: EffectiveRules): string | null {
  const banned = bannedTermMatcher(rules.bannedTerms);
  for (const [index, step] of steps.entries()) {
    const n = index + 1;
    const term = banned(step.subject) ?? banned(step.body);
    if (term) return `Step ${n} uses "${term}", which the email rules forbid.`;
    if (rules.maxWords !== null) {
      const words = countWords(step.body);
      if (words > rules.maxWords) {
        return `Step ${n} has ${words} words; the email rules allow at most ${rules.maxWords}.`;
      }
    }
    const lines = step.body
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 0);
    if (rules.greeting && !startsWithWords(lines[0] ?? '', rules.greeting)) {
      return `Step ${n} does not open with "${rules.greeting}" as the email rules ask.`;
    }
    if (rules.signOff && !lines.slice(-3).some((line) => startsWithWords(line, rules.signOff ?? ''))) {
      return `Step ${n} does not sign off with "${rules.signOff}" as the email rules ask.`;
    }
  }
  return null;
}

/** "Hello Jane," starts with "hello"; "Helloooo" does not. */
function startsWithWords(line: string, words: string): boolean {
  if (line.length < words.length || line.slice(0, words.length).toLowerCase() !== words.toLowerCase()) return false;
  return !/[\p{L}\p{N}]/u.test(line.charAt(words.length));
}
