import type { Language, WhyNowFacts } from '@quarry/shared';
import { DAY_MS } from '@quarry/shared/constants';
import { LOCALE_FORMATS } from '@quarry/shared/languages';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/format.ts';

/** At most this many phrases, titles or signals are named; the rest are counted. */
const MAX_LISTED = 4;

/** Calendar days from the day of `published` to the day of `now`, in the reader's time zone. */
function calendarDaysBetween(published: Date, now: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.max(0, Math.round((day(now) - day(published)) / DAY_MS));
}

/**
 * "3 days ago", "5 months ago", "21 years ago" in the reader's language, counted from today
 * (not from when the match was computed, which may be days before), whole units only.
 */
function ago(published: Date, now: Date, language: Language): string {
  const format = new Intl.RelativeTimeFormat(LOCALE_FORMATS[language].locale, { numeric: 'auto' });
  const days = calendarDaysBetween(published, now);
  if (days < 60) return format.format(-days, 'day');
  if (days < 730) return format.format(-Math.floor(days / 30.44), 'month');
  return format.format(-Math.floor(days / 365.25), 'year');
}

/** Quoted items joined as the language joins a list: “a”, “b” and “c”. */
function quotedList(items: string[], t: TFunction, language: Language): string {
  const quoted = items.slice(0, MAX_LISTED).map((text) => t('valueMatch.whyNowText.quote', { text }));
  if (items.length > MAX_LISTED) quoted.push(t('valueMatch.whyNowText.more', { count: items.length - MAX_LISTED }));
  return new Intl.ListFormat(LOCALE_FORMATS[language].locale, { type: 'conjunction' }).format(quoted);
}

/**
 * The "why now" paragraph in the reader's language, from the facts the engine wrote its English
 * one from: the tier the card shows and the hypothesis, the signal with its date, the words and
 * triggers found, then the qualification signals for and against.
 */
export function whyNowText(facts: WhyNowFacts, t: TFunction, language: Language, now = new Date()): string {
  const tierOf = (tier: WhyNowFacts['tier']) => t(`valueMatch.tier.${tier}`);
  const list = (items: string[]) => quotedList(items, t, language);
  const hit = facts.top_hit
    ? t('valueMatch.whyNowText.hit', {
        kind: t(`valueMatch.whyNowText.kind.${facts.top_hit.type}`),
        date: formatDate(facts.top_hit.published_at, language, 'long'),
        ago: ago(new Date(facts.top_hit.published_at), now, language),
        title: facts.top_hit.title.trim(),
      })
    : null;
  const sentences: string[] = [];
  if (facts.evidence_tier === 'none' || !facts.hypothesis_name) {
    sentences.push(t('valueMatch.whyNowText.activity', { tier: tierOf('none'), count: facts.activity_hits }));
    if (hit) {
      const key = facts.top_hit_is_latest ? 'valueMatch.whyNowText.latest' : 'valueMatch.whyNowText.closest';
      sentences.push(t(key, { hit }));
    }
  } else {
    const lead = {
      tier: tierOf(facts.tier),
      evidenceTier: tierOf(facts.evidence_tier),
      hypothesis: facts.hypothesis_name,
      hit: hit ?? t('valueMatch.whyNowText.aSignal'),
    };
    const leadKey =
      facts.tier === facts.evidence_tier ? 'valueMatch.whyNowText.lead' : 'valueMatch.whyNowText.leadAdjusted';
    sentences.push(t(leadKey, lead));
    if (facts.phrases.length > 0) sentences.push(t('valueMatch.whyNowText.mentions', { items: list(facts.phrases) }));
    if (facts.target_titles.length > 0) {
      sentences.push(t('valueMatch.whyNowText.hires', { items: list(facts.target_titles) }));
    }
    if (facts.trigger_names.length > 0) {
      sentences.push(t('valueMatch.whyNowText.triggers', { items: list(facts.trigger_names) }));
    }
    if (facts.supporting_hits > 0) {
      sentences.push(t('valueMatch.whyNowText.supporting', { count: facts.supporting_hits }));
    }
  }
  if (facts.good.length > 0) sentences.push(t('valueMatch.whyNowText.good', { items: list(facts.good) }));
  if (facts.bad.length > 0) sentences.push(t('valueMatch.whyNowText.bad', { items: list(facts.bad) }));
  if (facts.unmet_requirements.length > 0) {
    sentences.push(t('valueMatch.whyNowText.unmet', { items: list(facts.unmet_requirements) }));
  }
  if (facts.tier !== facts.evidence_tier) {
    const rank = { tier_1: 2, tier_2: 1, none: 0 } as const;
    const key = rank[facts.tier] > rank[facts.evidence_tier] ? 'raised' : 'lowered';
    sentences.push(t(`valueMatch.whyNowText.${key}`, { tier: tierOf(facts.tier) }));
  }
  // Chinese and Japanese sentences end in 。 and run on without a space.
  return sentences.join(language === 'cn' || language === 'ja' ? '' : ' ');
}

/**
 * A match's "why now" as the reader sees it: written from its facts in their language, or the
 * stored English paragraph for a match computed before the facts were kept ('' when neither).
 */
export function whyNowOf(
  match: { why_now: string; why_now_facts: WhyNowFacts | null },
  t: TFunction,
  language: Language,
): string {
  return match.why_now_facts ? whyNowText(match.why_now_facts, t, language) : match.why_now;
}
