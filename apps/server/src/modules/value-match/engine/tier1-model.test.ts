import { DAY_MS, type MatchHit, type ValueMatchInput, valueMatchInputSchema } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { collectHitFacts } from './collect-hit-facts.ts';
import { compilePreferences } from './compile-preferences.ts';
import { matchAccounts } from './match-accounts.ts';
import { MATCH_WEIGHTS } from './match-weights.ts';
import { TIER1_FEATURES, tier1Features, tier1Probability } from './tier1-model.ts';

const NOW = '2026-11-22T00:00:00.000Z';

const PROFILE: ValueMatchInput = valueMatchInputSchema.parse({
  hypotheses: [
    {
      id: 'hyp_supply',
      name: 'Supply disruption puts revenue at risk',
      description: '',
      visibility: 'public',
      problem_or_goal: 'Recalls and shortages interrupt supply.',
      product_value: 'We trace parts across suppliers and plants.',
      roi_explanation: 'Fewer stock-outs.',
      importance: 'A recall costs a quarter of margin.',
      observation: 'News of a recall, a shortage or a supplier problem.',
    },
  ],
  // As most customers leave them: tied to no hypothesis.
  triggers: [
    { id: 'trg_recall', name: 'Recall', hit_type: 'event', phrases: ['recall', 'product recall'], enabled: true },
    { id: 'trg_supplier', name: 'Supplier', hit_type: 'concept', phrases: ['supplier'], enabled: true },
  ],
  hits: [],
});

function news(id: string, title: string, text: string): MatchHit {
  return {
    id,
    account_id: `acc_${id}`,
    type: 'news_article',
    title,
    text,
    published_at: new Date(Date.parse(NOW) - 2 * DAY_MS).toISOString(),
  };
}

// A long article about something else that names a recall once, deep in its text.
const FILLER = [
  'The city council met on Tuesday to discuss the new budget for parks and libraries.',
  'Members spoke for hours about the cost of repairing roads after the winter storms.',
  'A local school asked for money to replace its roof and its old heating system.',
  'Residents filled the hall and many of them waited to speak about bus routes.',
  'The mayor said the budget would be balanced without raising property taxes this year.',
  'Several members asked for a study of traffic near the new stadium before any vote.',
  'The library director described plans for longer opening hours on weekends.',
  'A vote on the final budget is expected at the next meeting in two weeks.',
  'Police officials asked for four more officers to patrol the downtown area at night.',
  'The parks department wants to plant two hundred trees along the river walk.',
];
const IN_PASSING = news(
  'passing',
  'Council debates city budget',
  `${FILLER.join(' ')} One speaker, who works for a supplier, mentioned the recall of toasters sold at a local shop. ${FILLER.join(' ')}`,
);
const HEADLINE = news(
  'headline',
  'Toaster maker announces product recall after supplier fault',
  'The toaster maker said a faulty part from a supplier could overheat, and it will recall 200,000 toasters.',
);

const tierOf = (hit: MatchHit, tier1Model = MATCH_WEIGHTS.tier1Model) =>
  matchAccounts({ ...PROFILE, hits: [hit] }, { now: NOW, weights: { tier1Model } })[0]?.tier;

describe('tier1 model', () => {
  it('reads the facts it weighs from the hit', () => {
    const preferences = compilePreferences(PROFILE);
    const eventLike = Uint8Array.from(preferences.triggers, ({ trigger }) => (trigger.hit_type === 'event' ? 1 : 0));
    const feature = (hit: MatchHit, name: (typeof TIER1_FEATURES)[number]) =>
      tier1Features(
        collectHitFacts(hit, preferences),
        eventLike,
        { strength: 2 },
        new Float64Array(TIER1_FEATURES.length),
      )[TIER1_FEATURES.indexOf(name)];
    expect(feature(HEADLINE, 'eventInHeadline')).toBe(1);
    expect(feature(IN_PASSING, 'eventInHeadline')).toBe(0);
    expect(feature(HEADLINE, 'triggers')).toBe(2);
    expect(feature(IN_PASSING, 'firstEventSentence')).toBe(10);
    expect(feature(HEADLINE, 'phrases')).toBeGreaterThanOrEqual(3);
    expect(feature(IN_PASSING, 'length')).toBeGreaterThan(feature(HEADLINE, 'length') as number);
  });

  it('keeps a Value Match whose article reports the event, and lowers one that names it in passing', () => {
    // The rules alone make both Value Matches: an asserted, corroborated event is in each.
    expect(tierOf(HEADLINE, null)).toBe('tier_1');
    expect(tierOf(IN_PASSING, null)).toBe('tier_1');
    // Weighed together, a recall named once in the eleventh sentence of a long article about a
    // council budget is a Value Alignment; the headline recall stays a Value Match.
    expect(tierOf(HEADLINE)).toBe('tier_1');
    expect(tierOf(IN_PASSING)).toBe('tier_2');
  });

  it('only lowers: a hit the rules keep below Value Match stays there', () => {
    const hedged = news('hedged', 'Toaster maker may recall toasters', 'The company is still weighing its options.');
    expect(tierOf(hedged, null)).toBe('tier_2');
    // Even a model that says yes to everything does not raise it.
    const yes = { mean: [], scale: [], weights: [], bias: 0, threshold: 0 };
    expect(tierOf(hedged, yes)).toBe('tier_2');
    expect(tier1Probability(yes, [])).toBe(0.5);
  });
});
