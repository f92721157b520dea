import type { WhyNowFacts } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { plainWhyNow } from './plain-why-now.ts';

const FACTS: WhyNowFacts = {
  tier: 'tier_2',
  evidence_tier: 'tier_2',
  hypothesis_name: 'Supply disruption puts revenue at risk',
  top_hit: {
    type: 'news_article',
    title: 'Carmaker recalls cars ',
    published_at: '2026-11-19T12:00:00.000Z',
    age_days: 3.2,
  },
  top_hit_is_latest: true,
  phrases: ['recall'],
  trigger_names: ['Product recall'],
  target_titles: [],
  supporting_hits: 1,
  activity_hits: 4,
  good: ['Makes physical goods'],
  bad: ['faulty power steering'],
  unmet_requirements: ['Goods: plant, factory…'],
};

describe('plain why-now', () => {
  it('says what happened and what it suggests, with no rule text or counts', () => {
    const text = plainWhyNow(FACTS);
    expect(text).toBe(
      'The news reported “Carmaker recalls cars” 3 days ago. It may be a sign of “Supply disruption puts revenue ' +
        'at risk”, but we have not yet seen that they meet your requirements.',
    );
    expect(text).not.toMatch(/Not yet shown|pointing the same way|Goods|trigger|Value (Match|Alignment)|: 1/);
  });

  it('speaks of a job posting as a job, and of a Value Match as worth a call', () => {
    expect(
      plainWhyNow({
        ...FACTS,
        tier: 'tier_1',
        unmet_requirements: [],
        top_hit: { type: 'job_posting', title: 'Director of Logistics', published_at: '2026-11-21', age_days: 1 },
      }),
    ).toBe(
      'They posted an opening for “Director of Logistics” yesterday. A strong sign of “Supply disruption puts revenue at risk”: worth a call now.',
    );
    // Not of a posting read "3 months ago": still a strong sign, no longer a reason to call now.
    expect(
      plainWhyNow({
        ...FACTS,
        tier: 'tier_1',
        unmet_requirements: [],
        top_hit: { type: 'job_posting', title: 'Director of Logistics', published_at: '2026-08-20', age_days: 94 },
      }),
    ).toBe(
      'They posted an opening for “Director of Logistics” 3 months ago. A strong sign of “Supply disruption puts revenue at risk”.',
    );
  });

  it('says of a posting that tells nothing of the company only that it names the field', () => {
    expect(
      plainWhyNow({
        ...FACTS,
        unmet_requirements: [],
        target_titles: ['Director of Logistics'],
        phrases: ['Director of Logistics'],
        top_hit: { type: 'job_posting', title: 'Director of Logistics', published_at: '2026-11-21', age_days: 1 },
      }),
    ).toBe(
      'They posted an opening for “Director of Logistics” yesterday, one of the roles you sell to. ' +
        'The posting names your field, but says nothing yet of “Supply disruption puts revenue at risk”.',
    );
    expect(
      plainWhyNow({
        ...FACTS,
        unmet_requirements: ['Goods: plant, factory'],
        phrases: [],
        top_hit: { type: 'job_posting', title: 'Operations Analyst', published_at: '2026-11-21', age_days: 1 },
      }),
    ).toBe(
      'They posted an opening for “Operations Analyst” yesterday. The posting names your field, but says nothing yet of ' +
        '“Supply disruption puts revenue at risk”, and we have not yet seen that they meet your requirements.',
    );
    // Trigger words the posting holds, shown highlighted beside it, are said, not denied.
    expect(
      plainWhyNow({
        ...FACTS,
        unmet_requirements: [],
        phrases: ['open stores'],
        top_hit: { type: 'job_posting', title: 'HR Business Partner', published_at: '2026-11-21', age_days: 1 },
      }),
    ).toBe(
      'They posted an opening for “HR Business Partner” yesterday. ' +
        'The posting mentions “open stores”: it may be a sign of “Supply disruption puts revenue at risk”.',
    );
    // Activity Found for that reason: the role, and the requirement not seen met.
    expect(
      plainWhyNow({
        ...FACTS,
        tier: 'none',
        hypothesis_name: null,
        unmet_requirements: ['Goods: plant, factory'],
        target_titles: ['Director of Logistics'],
        top_hit: { type: 'job_posting', title: 'Director of Logistics', published_at: '2026-11-21', age_days: 1 },
      }),
    ).toBe(
      'They posted an opening for “Director of Logistics” yesterday, one of the roles you sell to. ' +
        'We have not yet seen that they meet your requirements.',
    );
    // A posting for a role nobody sells to is plain activity, requirement or not.
    expect(
      plainWhyNow({
        ...FACTS,
        tier: 'none',
        hypothesis_name: null,
        unmet_requirements: ['Goods: plant, factory'],
        target_titles: [],
        top_hit: { type: 'job_posting', title: 'Staff Data Engineer', published_at: '2026-11-21', age_days: 1 },
      }),
    ).toBe('They posted an opening for “Staff Data Engineer” yesterday. Nothing ties it to what you sell yet.');
  });

  it('quotes what a posting says the company is going through', () => {
    expect(
      plainWhyNow({
        ...FACTS,
        tier: 'tier_1',
        unmet_requirements: [],
        top_hit: {
          type: 'job_posting',
          title: 'Director of Logistics',
          published_at: '2026-11-21',
          age_days: 1,
          said: 'Supply shortages reached our plants this year',
        },
      }),
    ).toBe(
      'They posted an opening for “Director of Logistics” yesterday, writing: “Supply shortages reached our plants this year”. ' +
        'A strong sign of “Supply disruption puts revenue at risk”: worth a call now.',
    );
  });

  it('quotes the sentence the model reader confirmed a news Value Match by', () => {
    expect(
      plainWhyNow({
        ...FACTS,
        tier: 'tier_1',
        unmet_requirements: [],
        top_hit: {
          ...(FACTS.top_hit as NonNullable<WhyNowFacts['top_hit']>),
          said: 'The carmaker recalled 1.3 million cars over faulty steering',
        },
      }),
    ).toBe(
      'The news reported “Carmaker recalls cars” 3 days ago: “The carmaker recalled 1.3 million cars over faulty steering”. ' +
        'A strong sign of “Supply disruption puts revenue at risk”: worth a call now.',
    );
  });

  it('says plainly when nothing ties the account to what the tenant sells', () => {
    expect(
      plainWhyNow({
        ...FACTS,
        tier: 'none',
        evidence_tier: 'none',
        hypothesis_name: null,
        top_hit: { ...(FACTS.top_hit as NonNullable<WhyNowFacts['top_hit']>), age_days: 800 },
      }),
    ).toBe('The news reported “Carmaker recalls cars” 2 years ago. Nothing ties it to what you sell yet.');
    expect(plainWhyNow({ ...FACTS, tier: 'none', hypothesis_name: null, top_hit: null })).toBe(
      'No recent news ties this company to what you sell yet.',
    );
  });

  it('says "1 month ago" and "1 year ago", not "1 months ago"', () => {
    const at = (age_days: number) =>
      plainWhyNow({
        ...FACTS,
        tier: 'none',
        hypothesis_name: null,
        top_hit: { ...(FACTS.top_hit as NonNullable<WhyNowFacts['top_hit']>), age_days },
      });
    expect(at(60)).toContain('“Carmaker recalls cars” 1 month ago.');
    expect(at(100)).toContain('“Carmaker recalls cars” 3 months ago.');
    expect(at(730)).toContain('“Carmaker recalls cars” 1 year ago.');
  });
});
