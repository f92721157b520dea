import { postingPhrases, type WhyNowFacts } from '@quarry/shared';

/** From this age on a signal is told in months ("2 months ago"), and no longer called a reason to call now. */
const CALL_NOW_DAYS = 60;

/** "today", "yesterday", "3 days ago", "5 months ago", "2 years ago": whole units, as said aloud. */
function agoInWords(ageDays: number): string {
  const days = Math.max(0, Math.floor(ageDays));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < CALL_NOW_DAYS) return `${days} days ago`;
  if (days < 730) return count(Math.floor(days / 30.44), 'month');
  return count(Math.floor(days / 365.25), 'year');
}

/** "1 month ago", "5 months ago": day 60 is the first month counted, and day 730 the first year. */
const count = (n: number, unit: 'month' | 'year') => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * Why now in one or two plain English sentences a rep could say aloud: what happened and when,
 * then what it suggests (or that nothing ties it to what the tenant sells yet). No rule text,
 * counts or tier names; the web writes the same sentences in the reader's language from the facts.
 */
export function plainWhyNow(facts: WhyNowFacts): string {
  const hit = facts.top_hit;
  const sentences: string[] = [];
  if (hit) {
    const title = `“${hit.title.trim()}”`;
    sentences.push(
      hit.type !== 'job_posting'
        ? hit.said
          ? `The news reported ${title} ${agoInWords(hit.age_days)}: “${hit.said}”.`
          : `The news reported ${title} ${agoInWords(hit.age_days)}.`
        : hit.said
          ? `They posted an opening for ${title} ${agoInWords(hit.age_days)}, writing: “${hit.said}”.`
          : facts.target_titles.length > 0
            ? `They posted an opening for ${title} ${agoInWords(hit.age_days)}, one of the roles you sell to.`
            : `They posted an opening for ${title} ${agoInWords(hit.age_days)}.`,
    );
  }
  if (
    hit?.type === 'job_posting' &&
    facts.tier === 'none' &&
    facts.target_titles.length > 0 &&
    facts.unmet_requirements.length > 0
  ) {
    // Hiring for a role the tenant sells to, at a company not yet seen to be one it sells to.
    sentences.push('We have not yet seen that they meet your requirements.');
  } else if (facts.tier === 'none' || !facts.hypothesis_name) {
    sentences.push(
      hit ? 'Nothing ties it to what you sell yet.' : 'No recent news ties this company to what you sell yet.',
    );
  } else {
    const hypothesis = `“${facts.hypothesis_name}”`;
    const mentioned = hit?.type === 'job_posting' && !hit.said ? postingPhrases(facts, hit.title) : [];
    if (mentioned.length > 0 && facts.tier !== 'tier_1') {
      // The words of the hypothesis's triggers the posting holds, highlighted beside this text:
      // said as such, never as "says nothing of" what the reader sees marked in it.
      const phrases = new Intl.ListFormat('en-US', { type: 'conjunction' }).format(mentioned.map((p) => `“${p}”`));
      sentences.push(
        facts.unmet_requirements.length > 0
          ? `The posting mentions ${phrases}: it may be a sign of ${hypothesis}, but we have not yet seen that they meet your requirements.`
          : `The posting mentions ${phrases}: it may be a sign of ${hypothesis}.`,
      );
    } else if (hit?.type === 'job_posting' && !hit.said && facts.tier !== 'tier_1') {
      // A posting that tells nothing of the company names the domain, no more; a requirement not
      // seen met is said too.
      sentences.push(
        facts.unmet_requirements.length > 0
          ? `The posting names your field, but says nothing yet of ${hypothesis}, and we have not yet seen that they meet your requirements.`
          : `The posting names your field, but says nothing yet of ${hypothesis}.`,
      );
    } else if (facts.unmet_requirements.length > 0) {
      sentences.push(`It may be a sign of ${hypothesis}, but we have not yet seen that they meet your requirements.`);
    } else if (facts.tier === 'tier_1') {
      // "Worth a call now" is said of a signal of the last two months, not of one read "3 months ago".
      sentences.push(
        hit && hit.age_days >= CALL_NOW_DAYS
          ? `A strong sign of ${hypothesis}.`
          : `A strong sign of ${hypothesis}: worth a call now.`,
      );
    } else sentences.push(`It may be a sign of ${hypothesis}.`);
  }
  return sentences.join(' ');
}
