import type { WhyNowFacts } from '@quarry/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../../lib/i18n.ts';
import { whyNowText } from './why-now-text.ts';

/** Three calendar days after the hit, at noon, whatever the time zone the tests run in. */
const NOW = new Date(2026, 10, 22, 12);

const LOWERED: WhyNowFacts = {
  tier: 'tier_2',
  evidence_tier: 'tier_1',
  hypothesis_name: 'Supply disruption puts revenue at risk',
  top_hit: {
    type: 'news_article',
    title: 'Carmaker recalls 1.3 million cars ',
    published_at: '2026-11-19T12:00:00.000Z',
    age_days: 3.2,
  },
  top_hit_is_latest: true,
  phrases: ['recall', 'supplier'],
  trigger_names: ['Product recall'],
  target_titles: [],
  supporting_hits: 2,
  activity_hits: 3,
  good: [],
  bad: ['faulty power steering'],
  unmet_requirements: [],
};

const ACTIVITY: WhyNowFacts = {
  ...LOWERED,
  tier: 'none',
  evidence_tier: 'none',
  hypothesis_name: null,
  top_hit_is_latest: false,
  phrases: [],
  trigger_names: [],
  supporting_hits: 0,
  bad: [],
};

beforeAll(async () => {
  await initI18n();
});

describe('whyNowText', () => {
  it('writes the paragraph in English from the facts, opening with the tier the card shows', async () => {
    await changeLanguage('en');
    expect(whyNowText(LOWERED, i18n.t, 'en', NOW)).toBe(
      'Value Alignment, on evidence of Value Match for “Supply disruption puts revenue at risk”: a news article of ' +
        'November 19, 2026 (3 days ago), “Carmaker recalls 1.3 million cars”. It mentions “recall” and “supplier”. ' +
        'Triggers: “Product recall”. Other signals pointing the same way: 2. Against it: “faulty power steering”. ' +
        'Qualification signals lower it to Value Alignment.',
    );
    expect(whyNowText(ACTIVITY, i18n.t, 'en', NOW)).toBe(
      'Activity Found: no fit to a value hypothesis yet. Signals: 3. The closest to a fit: a news article of ' +
        'November 19, 2026 (3 days ago), “Carmaker recalls 1.3 million cars”.',
    );
  });

  it('writes it in the reader’s language: Korean words, dates and tier names, no English left', async () => {
    await changeLanguage('ko');
    const text = whyNowText(LOWERED, i18n.t, 'ko', NOW);
    expect(text).toContain('2026년 11월 19일(3일 전)의 뉴스 기사 “Carmaker recalls 1.3 million cars”');
    expect(text).toContain(i18n.t('valueMatch.tier.tier_2'));
    expect(text).not.toContain('Value');
    expect(text.replace(/“[^”]*”/g, '')).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('runs Japanese sentences on without spaces and quotes with 「」', async () => {
    await changeLanguage('ja');
    const text = whyNowText(ACTIVITY, i18n.t, 'ja', NOW);
    expect(text).toContain('。最も近いシグナル：');
    expect(text).toContain('「Carmaker recalls 1.3 million cars」');
    await changeLanguage('en');
  });

  it('counts the age from today in whole calendar units, not from when the match was computed', async () => {
    await changeLanguage('en');
    const old = { ...ACTIVITY, top_hit: { ...(ACTIVITY.top_hit as NonNullable<WhyNowFacts['top_hit']>), age_days: 0 } };
    expect(whyNowText(old, i18n.t, 'en', new Date(2026, 11, 3, 9))).toContain('(14 days ago)');
    const years = {
      ...old,
      top_hit: { ...(old.top_hit as NonNullable<WhyNowFacts['top_hit']>), published_at: '2005-04-24T12:00:00.000Z' },
    };
    expect(whyNowText(years, i18n.t, 'en', NOW)).toContain('(21 years ago)');
  });
});
