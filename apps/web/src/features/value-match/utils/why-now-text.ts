import { type Language, postingPhrases, type WhyNowFacts } from '@quarry/shared';
import { DAY_MS } from '@quarry/shared/constants';
import { LOCALE_FORMATS } from '@quarry/shared/languages';
import type { TFunction } from 'i18next';

/** Calendar days from the day of `published` to the day of `now`, in the reader's time zone. */
function calendarDaysBetween(published: Date, now: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.max(0, Math.round((day(now) - day(published)) / DAY_MS));
}

/** From this age on a signal is told in months ("2 months ago"), and no longer called a reason to call now. */
const CALL_NOW_DAYS = 60;

/**
 * "3 days ago", "5 months ago", "21 years ago" in the reader's language, counted from today
 * (not from when the match was computed, which may be days before), whole units only.
 */
function ago(published: Date, now: Date, language: Language): string {
  const format = new Intl.RelativeTimeFormat(LOCALE_FORMATS[language].locale, { numeric: 'auto' });
  const days = calendarDaysBetween(published, now);
  if (days < CALL_NOW_DAYS) return format.format(-days, 'day');
  if (days < 730) return format.format(-Math.floor(days / 30.44), 'month');
  return format.format(-Math.floor(days / 365.25), 'year');
}

/**
 * Why now, as a rep could say it aloud in the reader's language: what happened and when (the
 * signal the card is headed by), then what it suggests for the hypothesis, or that nothing ties
 * it to what the tenant sells yet. One or two sentences; no rule text, no counts, no tier names.
 */
export function whyNowText(facts: WhyNowFacts, t: TFunction, language: Language, now = new Date()): string {
  const quote = (text: string) => t('valueMatch.whyNowText.quote', { text: text.trim() });
  const hit = facts.top_hit;
  const sentences: string[] = [];
  // A posting that tells nothing of the company: its role may be one the tenant sells to, and the
  // posting names the domain, but no more; said as such rather than as "a sign of".
  const postingOnly = hit?.type === 'job_posting' && !hit.said;
  if (hit) {
    const key =
      hit.type !== 'job_posting'
        ? hit.said
          ? 'valueMatch.whyNowText.newsSaid'
          : 'valueMatch.whyNowText.news'
        : hit.said
          ? 'valueMatch.whyNowText.jobSaid'
          : facts.target_titles.length > 0
            ? 'valueMatch.whyNowText.jobTarget'
            : 'valueMatch.whyNowText.job';
    sentences.push(
      t(key, {
        title: quote(hit.title),
        ago: ago(new Date(hit.published_at), now, language),
        said: hit.said ? quote(hit.said) : '',
      }),
    );
  }
  // Which requirement is not yet seen met, by the name its author gave it ("Goods" in "Goods: plant,
  // factory…"), where "your requirements" left a rep guessing; never by its phrases, which are rule
  // text. One without a name leaves the sentence general.
  const names = facts.unmet_requirements.map(requirementName);
  const named = names.length > 0 && names.every((name) => name !== null);
  const unmet = {
    count: names.length,
    requirements: new Intl.ListFormat(LOCALE_FORMATS[language].locale, { type: 'conjunction' }).format(
      names.map((name) => quote(name ?? '')),
    ),
  };
  const unmetKey = (key: string) => (named ? `${key}Named` : key);
  if (
    hit?.type === 'job_posting' &&
    facts.tier === 'none' &&
    facts.target_titles.length > 0 &&
    facts.unmet_requirements.length > 0
  ) {
    // Hiring for a role the tenant sells to, at a company not yet seen to be one it sells to.
    sentences.push(t(unmetKey('valueMatch.whyNowText.unproven'), unmet));
  } else if (facts.tier === 'none' || !facts.hypothesis_name) {
    sentences.push(t(hit ? 'valueMatch.whyNowText.nothing' : 'valueMatch.whyNowText.quiet'));
  } else {
    const hypothesis = quote(facts.hypothesis_name);
    // The words of the hypothesis's triggers the posting holds, highlighted beside this text: said
    // as such, never as "says nothing of" what the reader sees marked in it.
    const mentioned = postingOnly && hit && facts.tier !== 'tier_1' ? postingPhrases(facts, hit.title) : [];
    const unproven = facts.unmet_requirements.length > 0;
    const key =
      mentioned.length > 0
        ? unproven
          ? unmetKey('valueMatch.whyNowText.postingMentionsUnproven')
          : 'valueMatch.whyNowText.postingMentions'
        : postingOnly && facts.tier !== 'tier_1'
          ? unproven
            ? unmetKey('valueMatch.whyNowText.postingOnlyUnproven')
            : 'valueMatch.whyNowText.postingOnly'
          : unproven
            ? unmetKey('valueMatch.whyNowText.possibleUnproven')
            : facts.tier === 'tier_1'
              ? // "Worth a call now" is said of a signal of the last two months, not of one read "3 months ago".
                hit && calendarDaysBetween(new Date(hit.published_at), now) >= CALL_NOW_DAYS
                ? 'valueMatch.whyNowText.strongEarlier'
                : 'valueMatch.whyNowText.strong'
              : 'valueMatch.whyNowText.possible';
    const phrases = new Intl.ListFormat(LOCALE_FORMATS[language].locale, { type: 'conjunction' }).format(
      mentioned.map(quote),
    );
    sentences.push(t(key, { hypothesis, phrases, ...unmet }));
  }
  // Chinese and Japanese sentences end in 。 and run on without a space.
  return sentences.join(language === 'cn' || language === 'ja' ? '' : ' ');
}

/** A requirement signal's name, what stands before its colon ("Goods: plant, factory…"); null without one. */
function requirementName(text: string): string | null {
  const colon = text.indexOf(':');
  return colon > 0 && colon <= 40 ? text.slice(0, colon).trim() : null;
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
