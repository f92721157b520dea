import { MATCH_TIER_LABELS, TIER_RANK, type WhyNowFacts } from '@quarry/shared';

const HIT_NOUN = { news_article: 'a news article', job_posting: 'a job posting' } as const;

function quoteList(items: string[], max = 4): string {
  const quoted = items.slice(0, max).map((item) => `“${item}”`);
  if (items.length > max) quoted.push(`${items.length - max} more`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

function when(ageDays: number): string {
  const days = Math.floor(ageDays);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 60) return `${days} days ago`;
  if (days < 730) return `${Math.round(days / 30.4)} months ago`;
  return `${Math.round(days / 365.25)} years ago`;
}

/** One paragraph saying why this account is worth a call now, built only from the evidence. */
export function writeWhyNow(facts: WhyNowFacts): string {
  const sentences: string[] = [];
  const hit = facts.top_hit;
  const headline = hit
    ? `${HIT_NOUN[hit.type]} of ${hit.published_at.slice(0, 10)} (${when(hit.age_days)}), “${hit.title.trim()}”`
    : null;
  if (facts.evidence_tier === 'none' || !facts.hypothesis_name) {
    const count = facts.activity_hits;
    const which = facts.top_hit_is_latest ? 'the latest' : 'the closest to one';
    sentences.push(
      `${MATCH_TIER_LABELS.none}: ${count} signal${count === 1 ? '' : 's'} with no fit to a value hypothesis yet${headline ? `; ${which}: ${headline}` : ''}.`,
    );
  } else {
    const found = [
      facts.phrases.length > 0 ? `mentions ${quoteList(facts.phrases)}` : null,
      facts.target_titles.length > 0 ? `hires for ${quoteList(facts.target_titles)}` : null,
    ].filter(Boolean);
    const triggers =
      facts.trigger_names.length > 0
        ? ` (trigger${facts.trigger_names.length === 1 ? '' : 's'} ${quoteList(facts.trigger_names)})`
        : '';
    // The paragraph opens with the tier the card shows; evidence read otherwise is said after it.
    const opening =
      facts.tier === facts.evidence_tier
        ? `${MATCH_TIER_LABELS[facts.tier]} for “${facts.hypothesis_name}”`
        : `${MATCH_TIER_LABELS[facts.tier]}, on evidence of ${MATCH_TIER_LABELS[facts.evidence_tier]} for “${facts.hypothesis_name}”`;
    sentences.push(`${opening}: ${headline ?? 'a signal'} ${found.join(' and ')}${triggers}.`);
    if (facts.supporting_hits > 0) {
      sentences.push(
        `${facts.supporting_hits} more signal${facts.supporting_hits === 1 ? ' points' : 's point'} the same way.`,
      );
    }
  }
  if (facts.good.length > 0) sentences.push(`In its favour: ${quoteList(facts.good)}.`);
  if (facts.bad.length > 0) sentences.push(`Against it: ${quoteList(facts.bad)}.`);
  if (facts.unmet_requirements.length > 0) {
    sentences.push(`Not yet shown: ${quoteList(facts.unmet_requirements)}.`);
  }
  if (facts.tier !== facts.evidence_tier) {
    const way = TIER_RANK[facts.tier] > TIER_RANK[facts.evidence_tier] ? 'raise' : 'lower';
    sentences.push(`Qualification signals ${way} it to ${MATCH_TIER_LABELS[facts.tier]}.`);
  }
  return sentences.join(' ');
}
