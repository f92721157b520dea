import { MATCH_TIER_LABELS, type MatchTier } from '@quarry/shared';

export type WhyNowFacts = {
  tier: MatchTier;
  evidenceTier: MatchTier;
  hypothesisName: string | null;
  topHit: { type: 'news_article' | 'job_posting'; title: string; publishedAt: string; ageDays: number } | null;
  /** The top hit is also the account's newest one. */
  topHitIsLatest: boolean;
  phrases: string[];
  triggerNames: string[];
  targetTitles: string[];
  supportingHits: number;
  activityHits: number;
  good: string[];
  bad: string[];
  unmetRequirements: string[];
};

const HIT_NOUN = { news_article: 'a news article', job_posting: 'a job posting' } as const;
const TIER_RANK: Record<MatchTier, number> = { tier_1: 2, tier_2: 1, none: 0 };

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
  const hit = facts.topHit;
  const headline = hit
    ? `${HIT_NOUN[hit.type]} of ${hit.publishedAt.slice(0, 10)} (${when(hit.ageDays)}), “${hit.title.trim()}”`
    : null;
  if (facts.evidenceTier === 'none' || !facts.hypothesisName) {
    const count = facts.activityHits;
    const which = facts.topHitIsLatest ? 'the latest' : 'the closest to one';
    sentences.push(
      `${MATCH_TIER_LABELS.none}: ${count} signal${count === 1 ? '' : 's'} with no fit to a value hypothesis yet${headline ? `; ${which}: ${headline}` : ''}.`,
    );
  } else {
    const found = [
      facts.phrases.length > 0 ? `mentions ${quoteList(facts.phrases)}` : null,
      facts.targetTitles.length > 0 ? `hires for ${quoteList(facts.targetTitles)}` : null,
    ].filter(Boolean);
    const triggers =
      facts.triggerNames.length > 0
        ? ` (trigger${facts.triggerNames.length === 1 ? '' : 's'} ${quoteList(facts.triggerNames)})`
        : '';
    // The paragraph opens with the tier the card shows; evidence read otherwise is said after it.
    const opening =
      facts.tier === facts.evidenceTier
        ? `${MATCH_TIER_LABELS[facts.tier]} for “${facts.hypothesisName}”`
        : `${MATCH_TIER_LABELS[facts.tier]}, on evidence of ${MATCH_TIER_LABELS[facts.evidenceTier]} for “${facts.hypothesisName}”`;
    sentences.push(`${opening}: ${headline ?? 'a signal'} ${found.join(' and ')}${triggers}.`);
    if (facts.supportingHits > 0) {
      sentences.push(
        `${facts.supportingHits} more signal${facts.supportingHits === 1 ? ' points' : 's point'} the same way.`,
      );
    }
  }
  if (facts.good.length > 0) sentences.push(`In its favour: ${quoteList(facts.good)}.`);
  if (facts.bad.length > 0) sentences.push(`Against it: ${quoteList(facts.bad)}.`);
  if (facts.unmetRequirements.length > 0) {
    sentences.push(`Not yet shown: ${quoteList(facts.unmetRequirements)}.`);
  }
  if (facts.tier !== facts.evidenceTier) {
    const way = TIER_RANK[facts.tier] > TIER_RANK[facts.evidenceTier] ? 'raise' : 'lower';
    sentences.push(`Qualification signals ${way} it to ${MATCH_TIER_LABELS[facts.tier]}.`);
  }
  return sentences.join(' ');
}
