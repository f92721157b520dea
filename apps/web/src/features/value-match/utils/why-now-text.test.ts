import type { WhyNowFacts } from '@quarry/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadFeatureStrings } from '../../../lib/i18n.ts';
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
  await loadFeatureStrings();
});

const POSTING: WhyNowFacts = {
  ...LOWERED,
  tier: 'tier_1',
  evidence_tier: 'tier_1',
  hypothesis_name: 'Freight costs eat margin',
  top_hit: {
    type: 'job_posting',
    title: 'Director of Logistics',
    published_at: '2026-11-21T12:00:00.000Z',
    age_days: 1,
  },
  bad: [],
};
/** A posting that tells what the company is going through: quoted, in the reader's language around it. */
const POSTING_SAID: WhyNowFacts = {
  ...POSTING,
  top_hit: {
    ...(POSTING.top_hit as NonNullable<WhyNowFacts['top_hit']>),
    said: 'Higher freight costs started a cost savings programme',
  },
};
/** A news Value Match the model reader confirmed: the sentence it quoted from the article. */
const NEWS_SAID: WhyNowFacts = {
  ...LOWERED,
  tier: 'tier_1',
  bad: [],
  top_hit: {
    ...(LOWERED.top_hit as NonNullable<WhyNowFacts['top_hit']>),
    said: 'The carmaker recalled 1.3 million cars over faulty steering',
  },
};
const UNMET: WhyNowFacts = { ...LOWERED, unmet_requirements: ['Goods: plant, factory, warehouse'] };

/** What the old paragraph said that a rep would never say aloud. */
const RULE_TEXT =
  /signals?|trigger|Value (Match|Alignment)|Activity Found|Not yet shown|Against it|[0-9]+ more|: [0-9]/i;

const sentences = (text: string) => text.split(/(?<=[.!?。])\s*/).filter(Boolean);

describe('whyNowText', () => {
  it('says what happened and what it suggests in one or two plain English sentences', async () => {
    await changeLanguage('en');
    expect(whyNowText(LOWERED, i18n.t, 'en', NOW)).toBe(
      'The news reported “Carmaker recalls 1.3 million cars” 3 days ago. ' +
        'It may be a sign of “Supply disruption puts revenue at risk”.',
    );
    expect(whyNowText(POSTING, i18n.t, 'en', NOW)).toBe(
      'They posted an opening for “Director of Logistics” yesterday. ' +
        'A strong sign of “Freight costs eat margin”: worth a call now.',
    );
    expect(whyNowText(POSTING_SAID, i18n.t, 'en', NOW)).toBe(
      'They posted an opening for “Director of Logistics” yesterday, writing: ' +
        '“Higher freight costs started a cost savings programme”. A strong sign of “Freight costs eat margin”: worth a call now.',
    );
    expect(whyNowText(NEWS_SAID, i18n.t, 'en', NOW)).toBe(
      'The news reported “Carmaker recalls 1.3 million cars” 3 days ago: ' +
        '“The carmaker recalled 1.3 million cars over faulty steering”. ' +
        'A strong sign of “Supply disruption puts revenue at risk”: worth a call now.',
    );
    // "Worth a call now" is not said of a posting read "3 months ago".
    const older: WhyNowFacts = {
      ...POSTING_SAID,
      top_hit: {
        ...(POSTING_SAID.top_hit as NonNullable<WhyNowFacts['top_hit']>),
        published_at: '2026-08-20T12:00:00.000Z',
        age_days: 94,
      },
    };
    expect(whyNowText(older, i18n.t, 'en', NOW)).toBe(
      'They posted an opening for “Director of Logistics” 3 months ago, writing: ' +
        '“Higher freight costs started a cost savings programme”. A strong sign of “Freight costs eat margin”.',
    );
    // A posting that tells nothing of the company, for a role the tenant sells to: said as such.
    const hiring: WhyNowFacts = {
      ...POSTING,
      tier: 'tier_2',
      evidence_tier: 'tier_2',
      target_titles: ['Director of Logistics'],
      phrases: ['director of logistics'],
    };
    expect(whyNowText(hiring, i18n.t, 'en', NOW)).toBe(
      'They posted an opening for “Director of Logistics” yesterday, one of the roles you sell to. ' +
        'The posting names your field, but says nothing yet of “Freight costs eat margin”.',
    );
    // And a requirement not seen met is said too, not left out.
    expect(whyNowText({ ...hiring, unmet_requirements: ['Goods: plant, factory'] }, i18n.t, 'en', NOW)).toBe(
      'They posted an opening for “Director of Logistics” yesterday, one of the roles you sell to. ' +
        'The posting names your field, but says nothing yet of “Freight costs eat margin”, and we have not yet seen that they meet your requirement “Goods”.',
    );
    // A posting whose words match the hypothesis's triggers, with no event told: those words are
    // said, as the reader sees them highlighted, not "says nothing" of the hypothesis.
    const mentioning: WhyNowFacts = {
      ...hiring,
      top_hit: { ...(hiring.top_hit as NonNullable<WhyNowFacts['top_hit']>), title: 'HR Business Partner' },
      target_titles: [],
      phrases: ['open stores', 'warehouse'],
    };
    expect(whyNowText(mentioning, i18n.t, 'en', NOW)).toBe(
      'They posted an opening for “HR Business Partner” yesterday. ' +
        'The posting mentions “open stores” and “warehouse”: it may be a sign of “Freight costs eat margin”.',
    );
    await changeLanguage('fr');
    expect(whyNowText({ ...mentioning, unmet_requirements: ['Goods'] }, i18n.t, 'fr', NOW)).toContain(
      'L’offre mentionne «\u00a0open stores\u00a0» et «\u00a0warehouse\u00a0»\u00a0: cela peut être un signe de «\u00a0Freight costs eat margin\u00a0», mais',
    );
    await changeLanguage('en');
    // Hiring for that role at a company not seen to meet a requirement is activity: said so.
    expect(
      whyNowText(
        { ...hiring, tier: 'none', hypothesis_name: null, unmet_requirements: ['Goods: plant, factory'] },
        i18n.t,
        'en',
        NOW,
      ),
    ).toBe(
      'They posted an opening for “Director of Logistics” yesterday, one of the roles you sell to. ' +
        'We have not yet seen that they meet your requirement “Goods”.',
    );
    // For a role nobody sells to, it is plain activity, requirement or not.
    expect(
      whyNowText(
        {
          ...POSTING,
          tier: 'none',
          hypothesis_name: null,
          target_titles: [],
          unmet_requirements: ['Goods: plant, factory'],
        },
        i18n.t,
        'en',
        NOW,
      ),
    ).toBe('They posted an opening for “Director of Logistics” yesterday. Nothing ties it to what you sell yet.');
    expect(whyNowText(ACTIVITY, i18n.t, 'en', NOW)).toBe(
      'The news reported “Carmaker recalls 1.3 million cars” 3 days ago. Nothing ties it to what you sell yet.',
    );
    expect(whyNowText({ ...ACTIVITY, top_hit: null }, i18n.t, 'en', NOW)).toBe(
      'No recent news ties this company to what you sell yet.',
    );
  });

  it('names an unmet requirement by the name its author gave it, never by its phrases', async () => {
    await changeLanguage('en');
    const text = whyNowText(UNMET, i18n.t, 'en', NOW);
    expect(text).toContain('we have not yet seen that they meet your requirement “Goods”.');
    expect(text).not.toMatch(/plant|factory|warehouse/);
    const two = { ...UNMET, unmet_requirements: ['Goods: plant', 'Size: 1,000 employees or more'] };
    expect(whyNowText(two, i18n.t, 'en', NOW)).toContain('meet your requirements “Goods” and “Size”.');
    // A requirement written as phrases alone has no name: said in general, its phrases never shown.
    const unnamed = whyNowText({ ...UNMET, unmet_requirements: ['plant, factory, warehouse'] }, i18n.t, 'en', NOW);
    expect(unnamed).toContain('we have not yet seen that they meet your requirements.');
    expect(unnamed).not.toMatch(/plant|factory|warehouse/);
    await changeLanguage('fr');
    expect(whyNowText(UNMET, i18n.t, 'fr', NOW)).toContain('répond à votre exigence «\u00a0Goods\u00a0».');
    await changeLanguage('en');
  });

  it('never carries rule text, counts or tier names, in any language, and stays within two sentences', async () => {
    for (const language of ['en', 'fr', 'ja', 'ko', 'cn'] as const) {
      await changeLanguage(language);
      for (const facts of [LOWERED, POSTING, POSTING_SAID, NEWS_SAID, ACTIVITY, UNMET]) {
        const text = whyNowText(facts, i18n.t, language, NOW);
        const unquoted = text.replace(/“[^”]*”|«\s[^»]*\s»|「[^」]*」/g, '');
        // French quotes and colons hold to their words: a line never ends on "«" nor starts with "»" or ":".
        if (language === 'fr') expect(text, text).not.toMatch(/« | »| :/);
        expect(unquoted, `${language}: ${text}`).not.toMatch(RULE_TEXT);
        expect(sentences(unquoted).length, `${language}: ${text}`).toBeLessThanOrEqual(2);
        for (const tier of ['tier_1', 'tier_2', 'none']) expect(text).not.toContain(i18n.t(`valueMatch.tier.${tier}`));
      }
    }
    await changeLanguage('en');
  });

  it('writes it in the reader’s language: Korean words, no English left outside the quotes', async () => {
    await changeLanguage('ko');
    const text = whyNowText(LOWERED, i18n.t, 'ko', NOW);
    expect(text).toContain('3일 전');
    expect(text).toContain('“Carmaker recalls 1.3 million cars”');
    expect(text.replace(/“[^”]*”/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    await changeLanguage('fr');
    expect(whyNowText(POSTING, i18n.t, 'fr', NOW)).toBe(
      'L’entreprise a publié une offre pour un poste de «\u00a0Director of Logistics\u00a0» hier. ' +
        'Un signe fort de «\u00a0Freight costs eat margin\u00a0»\u00a0: c’est le moment d’appeler.',
    );
  });

  it('runs Japanese sentences on without spaces and quotes with 「」', async () => {
    await changeLanguage('ja');
    const text = whyNowText(ACTIVITY, i18n.t, 'ja', NOW);
    expect(text).toContain('」と報じられました。販売');
    expect(text).toContain('「Carmaker recalls 1.3 million cars」');
    await changeLanguage('en');
  });

  it('counts the age from today in whole calendar units, not from when the match was computed', async () => {
    await changeLanguage('en');
    const old = { ...ACTIVITY, top_hit: { ...(ACTIVITY.top_hit as NonNullable<WhyNowFacts['top_hit']>), age_days: 0 } };
    expect(whyNowText(old, i18n.t, 'en', new Date(2026, 11, 3, 9))).toContain('14 days ago');
    const years = {
      ...old,
      top_hit: { ...(old.top_hit as NonNullable<WhyNowFacts['top_hit']>), published_at: '2005-04-24T12:00:00.000Z' },
    };
    expect(whyNowText(years, i18n.t, 'en', NOW)).toContain('21 years ago');
  });
});
