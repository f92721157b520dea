import type { WhyNowFacts } from './schemas/value-match.ts';

/**
 * The trigger phrases a job posting that reports no event was matched by, other than its own
 * title or a target title (a reason to reach that person, not what the company goes through): at
 * most three, for why-now to say "The posting mentions …" in the server's English and the web's
 * languages alike.
 */
export function postingPhrases(facts: WhyNowFacts, title: string): string[] {
  const own = new Set([title, ...facts.target_titles].map((x) => x.trim().toLowerCase()));
  return facts.phrases.filter((p) => !own.has(p.trim().toLowerCase())).slice(0, 3);
}
