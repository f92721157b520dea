import {
  DAY_MS,
  type MatchHit,
  type QualificationSignal,
  type Trigger,
  type ValueHypothesis,
  type ValueMatchInput,
  valueMatchInputSchema,
} from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { matchAccounts } from './match-accounts.ts';
import { MATCH_WEIGHTS, type MatchWeights } from './match-weights.ts';

const NOW = '2026-11-22T00:00:00.000Z';
const daysAgo = (days: number) => new Date(Date.parse(NOW) - days * DAY_MS).toISOString();

const hypothesis: ValueHypothesis = {
  id: 'hyp_supply',
  name: 'Supply disruption puts revenue at risk',
  description: '',
  visibility: 'public',
  problem_or_goal: 'Recalls and shortages interrupt supply.',
  product_value: 'We trace parts across suppliers and plants.',
  roi_explanation: 'Fewer stock-outs.',
  importance: 'A recall costs a quarter of margin.',
  observation: 'News of a recall, a shortage or a supplier problem.',
};

function trigger(id: string, phrases: string[], extra: Partial<Trigger> = {}): Trigger {
  return { id, name: id, hit_type: 'event', phrases, enabled: true, hypothesis_ids: ['hyp_supply'], ...extra };
}

// An event and a concept, as a seller writes them: "recall" says something happened, "supplier" names the domain.
const TRIGGERS = [
  trigger('trg_recall', ['recall']),
  trigger('trg_supplier', ['supplier', 'supply chain'], { hit_type: 'concept' }),
];

function hit(id: string, title: string, text: string, publishedDaysAgo = 2, accountId = `acc_${id}`): MatchHit {
  return { id, account_id: accountId, type: 'news_article', title, text, published_at: daysAgo(publishedDaysAgo) };
}

function input(parts: Partial<ValueMatchInput>): ValueMatchInput {
  return valueMatchInputSchema.parse({ hypotheses: [hypothesis], triggers: TRIGGERS, ...parts });
}

/** A one-word event alone: read without tier1Corroborated, whose own test asks for corroboration. */
const ALONE: Partial<MatchWeights> = { tier1Corroborated: false };

function only(parts: Partial<ValueMatchInput>, options: { now?: string; weights?: Partial<MatchWeights> } = {}) {
  const result = matchAccounts(input(parts), { now: options.now ?? NOW, weights: options.weights });
  expect(result).toHaveLength(1);
  return result[0] as (typeof result)[number];
}

const RECALL = hit(
  'h1',
  'Carmaker recalls 1.3 million cars',
  'The carmaker blamed an outside supplier for the faulty power steering and will recall the cars next month.',
);
const WEAK = hit(
  'h2',
  'Carmaker reports sales',
  'Sales rose. A new supplier was named for seats among many other changes.',
);
const UNRELATED = hit(
  'h3',
  'Carmaker names a new chief executive',
  'The board met on Monday and praised the outgoing chief.',
);

describe('matchAccounts tiers', () => {
  it('makes a recent hit with two of the hypothesis triggers a Value Match (tier_1) with its evidence', () => {
    const match = only({ hits: [RECALL] });
    expect(match.tier).toBe('tier_1');
    expect(match.tier_label).toBe('Value Match');
    expect(match.hypotheses.map((h) => h.hypothesis_id)).toEqual(['hyp_supply']);
    expect(match.hits[0]?.triggers.map((t) => t.trigger_id).sort()).toEqual(['trg_recall', 'trg_supplier']);
    expect(match.why_now).toContain('Value Match for “Supply disruption puts revenue at risk”');
    expect(match.why_now).toContain('Carmaker recalls 1.3 million cars');
  });

  it('makes a single passing concept trigger a Value Alignment (tier_2)', () => {
    expect(only({ hits: [WEAK] }).tier).toBe('tier_2');
  });

  it('makes one event trigger in the lead a Value Match when tier1MinTriggers is 1, and not when it is 2', () => {
    const one = hit('e1', 'Carmaker results', 'The carmaker will recall its cars next month.');
    expect(MATCH_WEIGHTS.tier1MinTriggers).toBe(1);
    // A one-sentence article scores low: the count rule is read with a low score threshold.
    const low = { ...ALONE, tier1Score: 0.3 };
    expect(matchAccounts(input({ hits: [one] }), { now: NOW, weights: low })[0]?.tier).toBe('tier_1');
    const two = matchAccounts(input({ hits: [one] }), { now: NOW, weights: { ...low, tier1MinTriggers: 2 } })[0];
    expect(two?.tier).toBe('tier_2');
  });

  it('shows news without any trigger as Activity Found (none), still listing the hit', () => {
    const match = only({ hits: [UNRELATED] });
    expect(match.tier).toBe('none');
    expect(match.tier_label).toBe('Activity Found');
    expect(match.hits.map((h) => h.hit_id)).toEqual(['h3']);
    expect(match.why_now).toMatch(
      /^Activity Found: 1 signal with no fit to a value hypothesis yet; the latest: a news article/,
    );
  });

  it('calls the Activity Found headline "the latest" only when it is the newest signal', () => {
    // A weak trigger an old article holds keeps it the headline, though newer news came since.
    const weakOld = hit('w_old', 'Supplier news', 'A supplier met analysts.', 200, 'acc_w');
    const newer = hit('w_new', 'Quarterly results', 'Sales grew in every region.', 3, 'acc_w');
    const [match] = matchAccounts(input({ hits: [weakOld, newer] }), { now: NOW, weights: { tier2Score: 1e9 } });
    if (!match) throw new Error('no match');
    expect(match.tier).toBe('none');
    expect(match.top_hit_id).toBe('w_old');
    expect(match.why_now).toMatch(
      /^Activity Found: 2 signals with no fit to a value hypothesis yet; the closest to one: a news article of/,
    );
  });

  it('heads Activity Found with the latest signal when the closest one is years old', () => {
    const history = hit('x_old', 'Supplier recall', 'A supplier recall hit the plant.', 3000, 'acc_x');
    const newer = hit('x_new', 'Quarterly results', 'Sales grew in every region.', 3, 'acc_x');
    const [match] = matchAccounts(input({ hits: [history, newer] }), { now: NOW });
    if (!match) throw new Error('no match');
    expect(match.tier).toBe('none');
    expect(match.top_hit_id).toBe('x_new');
    expect(match.why_now_facts.top_hit?.title).toBe('Quarterly results');
    expect(match.why_now_facts.top_hit_is_latest).toBe(true);
  });

  it('ranks accounts by tier, then score', () => {
    const result = matchAccounts(input({ hits: [UNRELATED, WEAK, RECALL] }), { now: NOW });
    expect(result.map((r) => [r.account_id, r.tier])).toEqual([
      ['acc_h1', 'tier_1'],
      ['acc_h2', 'tier_2'],
      ['acc_h3', 'none'],
    ]);
  });

  it('lets a trigger named in the headline alone make tier_1, but not a trigger tied to no hypothesis', () => {
    const headline = hit(
      'h4',
      'Toy maker recalls 1.5 million trains',
      'The recall covers wooden trains; recalled toys go back to the stores and the recall costs millions.',
    );
    expect(only({ hits: [headline] }, { weights: ALONE }).tier).toBe('tier_1');
    const general = [trigger('trg_recall', ['recall'], { hypothesis_ids: [] }), trigger('trg_other', ['unrelated'])];
    expect(only({ hits: [headline], triggers: general }, { weights: ALONE }).tier).toBe('tier_2');
  });

  it('ignores disabled triggers', () => {
    const disabled = TRIGGERS.map((t) => ({ ...t, enabled: false }));
    expect(only({ hits: [RECALL], triggers: disabled }).tier).toBe('none');
  });
});

describe('matchAccounts tier_1 evidence', () => {
  it('needs an event among the counted triggers: two concept triggers make a Value Alignment', () => {
    // The profile has an event trigger ("bankruptcy"), which this hit does not hold.
    const concepts = [
      ...TRIGGERS.map((t) => ({ ...t, hit_type: 'concept' as const })),
      trigger('trg_b', ['bankruptcy']),
    ];
    expect(only({ hits: [RECALL], triggers: concepts }).tier).toBe('tier_2');
    const oneEvent = [TRIGGERS[0] as Trigger, { ...(TRIGGERS[1] as Trigger), hit_type: 'concept' as const }];
    expect(only({ hits: [RECALL], triggers: oneEvent }).tier).toBe('tier_1');
  });

  it('asks for that event in the lead only when tier1LeadChars or tier1LeadSentences says so', () => {
    const lead = 'The carmaker blamed an outside supplier and will recall the cars next month.';
    const filler = ' Analysts expect sales to hold up through the winter and the spring season.'.repeat(5);
    const tierOf = (text: string, weights: Partial<MatchWeights>) =>
      matchAccounts(input({ hits: [hit('l', 'Carmaker results', text)] }), {
        now: NOW,
        weights: { ...ALONE, tier1Score: 0.3, ...weights },
      })[0]?.tier;
    // By default (chosen leaving one profile out) an event anywhere in the text counts.
    expect(tierOf(filler + lead, {})).toBe('tier_1');
    expect(tierOf(lead + filler, { tier1LeadChars: 300 })).toBe('tier_1');
    expect(tierOf(filler + lead, { tier1LeadChars: 300 })).toBe('tier_2');
    // In sentences: the sixth sentence is not among the first two, however short the text.
    const short = 'Sales held. Prices held. Stock held. Staff held. Plants held. The carmaker will recall cars.';
    expect(short.length).toBeLessThan(300);
    expect(tierOf(short, { tier1LeadChars: 300 })).toBe('tier_1');
    expect(tierOf(short, { tier1LeadChars: 0, tier1LeadSentences: 2 })).toBe('tier_2');
    expect(tierOf(lead + filler, { tier1LeadChars: 0, tier1LeadSentences: 2 })).toBe('tier_1');
  });

  it('reads an event only in a sentence that asserts it (tier1AssertedOnly, on by default)', () => {
    const tierOf = (text: string, weights: Partial<MatchWeights>) =>
      matchAccounts(input({ hits: [hit('n', 'Carmaker results', text)] }), { now: NOW, weights })[0]?.tier;
    const denied = 'The carmaker denied that it will recall the cars. Its supplier said sales held.';
    expect(MATCH_WEIGHTS.tier1AssertedOnly).toBe(true);
    expect(tierOf(denied, {})).toBe('tier_2');
    expect(tierOf(denied, { tier1AssertedOnly: false })).toBe('tier_1');
    const stated = 'The carmaker said it will recall the cars. Its supplier said sales held.';
    expect(tierOf(stated, { tier1AssertedOnly: true })).toBe('tier_1');
  });

  it("gives a hit the tier it has alone, whatever other hits come in the same run (the evaluation's tier)", () => {
    const tierOfRecall = (others: number) => {
      const crowd = Array.from({ length: others }, (_, k) =>
        hit(`o${k}`, `Retailer ${k} news`, 'The retailer will recall a toaster. Its supplier said sales held.'),
      );
      return matchAccounts(input({ hits: [RECALL, ...crowd] }), { now: NOW }).find((m) => m.account_id === 'acc_h1')
        ?.tier;
    };
    expect(tierOfRecall(0)).toBe('tier_1');
    // Sixty other recalls make "recall" common in this run: its idf falls, and with it the
    // run's score, but not the hit's tier.
    expect(tierOfRecall(60)).toBe('tier_1');
  });

  it('counts a one-word event for tier_1 only where the profile corroborates it (tier1Corroborated)', () => {
    // A customer's broad trigger word, and a requirement naming what the company must operate.
    const triggers = [trigger('trg_close', ['close']), trigger('trg_closure', ['plant closure'])];
    const requirement: QualificationSignal = {
      id: 'qs_sites',
      type: 'requirement',
      text: 'Operates sites: plant, factory, stores',
      explanation: '',
    };
    const tierOf = (title: string, text: string, weights: Partial<MatchWeights>) =>
      matchAccounts(input({ triggers, qualification_signals: [requirement], hits: [hit('c', title, text)] }), {
        now: NOW,
        weights: { tier1Score: 0.3, ...weights },
      })[0]?.tier;
    // A market closing higher, in an article that names a plant two sentences later.
    const market = 'Stock markets in Tokyo close higher on Monday. Traders were calm. A new plant opened in Osaka.';
    expect(tierOf('Markets today', market, { tier1Corroborated: false })).toBe('tier_1');
    expect(tierOf('Markets today', market, { tier1Corroborated: true })).toBe('tier_2');
    // The company's own site: the requirement's word stands in the same sentence.
    const own = 'The carmaker will close its Ohio plant in March. Traders were calm.';
    expect(tierOf('Carmaker news', own, { tier1Corroborated: true })).toBe('tier_1');
    // A phrase of two words stands alone, requirement or not.
    expect(
      tierOf('Carmaker news', 'Analysts expect a plant closure. Traders were calm.', { tier1Corroborated: true }),
    ).toBe('tier_1');
    // A headline word is corroborated by the text's first sentence.
    expect(
      tierOf('Carmaker to close Ohio site', 'The factory employs 900. Traders were calm.', { tier1Corroborated: true }),
    ).toBe('tier_1');
  });

  it('counts an everyday news phrase for tier_1 only where the profile corroborates it (tier1CommonPhraseShare)', () => {
    const triggers = [trigger('trg_oil', ['oil prices']), trigger('trg_closure', ['plant closure'])];
    const requirement: QualificationSignal = {
      id: 'qs_sites',
      type: 'requirement',
      text: 'Operates sites: plant, refinery',
      explanation: '',
    };
    const tierOf = (text: string, weights: Partial<MatchWeights>) =>
      matchAccounts(
        input({ triggers, qualification_signals: [requirement], hits: [hit('o', 'Markets today', text)] }),
        {
          now: NOW,
          weights: { tier1Score: 0.3, tier1Corroborated: true, ...weights },
        },
      )[0]?.tier;
    // "Oil prices" stands in about 1 % of business news: a market report, not a company's event,
    // in an article that names a plant (the requirement) two sentences later.
    const market = 'Oil prices rose on Monday. Traders were calm. A new plant opened in Osaka.';
    expect(tierOf(market, { tier1CommonPhraseShare: 0 })).toBe('tier_1');
    expect(tierOf(market, { tier1CommonPhraseShare: 0.004 })).toBe('tier_2');
    // Beside the profile's own requirement word it is the company's event.
    expect(
      tierOf('Oil prices forced the company to idle its refinery. Traders were calm.', {
        tier1CommonPhraseShare: 0.004,
      }),
    ).toBe('tier_1');
    // A specific phrase of two words still stands alone.
    expect(tierOf('Analysts expect a plant closure. Traders were calm.', { tier1CommonPhraseShare: 0.004 })).toBe(
      'tier_1',
    );
  });

  it('weighs a trigger by how specific its words are in business news at large (tier1SpecificShare)', () => {
    const triggers = [trigger('trg_launch', ['launch']), trigger('trg_strike', ['strike'])];
    const tierOf = (title: string, tier1SpecificShare: number) =>
      matchAccounts(input({ triggers, hits: [hit('s', title, 'The news came on Monday.')] }), {
        now: NOW,
        weights: { ...ALONE, tier1SpecificShare },
      })[0]?.tier;
    // "Launch" stands in about 5 % of business news: alone it says too little for a Value Match.
    expect(tierOf('Carmaker launches a sedan', 0)).toBe('tier_1');
    expect(tierOf('Carmaker launches a sedan', 0.005)).toBe('tier_2');
    // "Strike" is rarer than the limit and weighs in full.
    expect(tierOf('Workers at the carmaker strike', 0.005)).toBe('tier_1');
  });

  it("reads an event as the account's only in a sentence or headline about the account (tier1AboutAccount)", () => {
    const tierOf = (title: string, text: string, weights: Partial<MatchWeights> = { tier1AboutAccount: true }) =>
      matchAccounts(input({ hits: [{ ...hit('n', title, text), account_names: ['Ford Motor', 'Ford'] }] }), {
        now: NOW,
        weights,
      })[0]?.tier;
    // Another company's recall, in an article that names Ford in passing.
    const other = 'Ford said sales held and its supplier base was stable. Toyota will recall the cars next month.';
    expect(tierOf('Car sales in May', other)).toBe('tier_2');
    expect(tierOf('Car sales in May', other, { tier1AboutAccount: false })).toBe('tier_1');
    // The account's own recall, named in the sentence or referred back to with "the company".
    expect(tierOf('Car sales in May', 'Ford will recall the cars next month. Its supplier is to blame.')).toBe(
      'tier_1',
    );
    expect(
      tierOf('Car sales in May', 'Ford named its supplier on Monday. The company will recall the cars next month.'),
    ).toBe('tier_1');
    // A headline event about another company, even when the text names the account later.
    expect(tierOf('Toyota to recall cars', other)).toBe('tier_2');
    expect(tierOf('Ford to recall cars', other)).toBe('tier_1');
    // Without account names the rule has nothing to read and the event counts as before.
    const unnamed = matchAccounts(input({ hits: [hit('n', 'Car sales in May', other)] }), {
      now: NOW,
      weights: { tier1AboutAccount: true },
    })[0]?.tier;
    expect(unnamed).toBe('tier_1');
    // A job posting is the account's own word: "we" is the account, though no sentence names it.
    const told = 'We are replacing a supplier after a recall of our frozen meals. The role traces every supplier.';
    const posting: MatchHit = {
      ...hit('p', 'Supplier quality analyst', told),
      type: 'job_posting',
      account_names: ['Ford Motor', 'Ford'],
    };
    expect(matchAccounts(input({ hits: [posting] }), { now: NOW, weights: { tier1AboutAccount: true } })[0]?.tier).toBe(
      'tier_1',
    );
  });

  it('lets a profile that marks no trigger as an event reach tier_1 with its other triggers', () => {
    // A customer may file every trigger as a concept: without this rule the profile never says Value Match.
    const concepts = TRIGGERS.map((t) => ({ ...t, hit_type: 'concept' as const }));
    expect(only({ hits: [RECALL], triggers: concepts }).tier).toBe('tier_1');
    const withEvent = [...concepts, trigger('trg_b', ['bankruptcy'])];
    expect(only({ hits: [RECALL], triggers: withEvent }).tier).toBe('tier_2');
  });

  it('makes tier_1 of several distinct triggers with an event anywhere when tier1DistinctTriggers asks', () => {
    const text = `${'Analysts expect sales to hold up through the winter. '.repeat(6)}A supplier failed and the firm will recall cars.`;
    const tierOf = (weights: Partial<MatchWeights>) =>
      matchAccounts(input({ hits: [hit('d', 'Carmaker results', text)] }), { now: NOW, weights })[0]?.tier;
    expect(tierOf({ tier1LeadChars: 300 })).toBe('tier_2');
    expect(tierOf({ tier1LeadChars: 300, tier1DistinctTriggers: 2 })).toBe('tier_1');
    expect(tierOf({ tier1LeadChars: 300, tier1DistinctTriggers: 3 })).toBe('tier_2');
  });

  it('counts an event found by proximity toward tier_1 only when tier1CountsProximity says so', () => {
    const cuts = [trigger('trg_cuts', ['cut jobs']), trigger('trg_fuel', ['fuel costs'], { hit_type: 'concept' })];
    const near = hit('p1', 'Airline results', 'The airline said 1,000 jobs will be cut as fuel costs climb.');
    const byDefault = matchAccounts(input({ hits: [near], triggers: cuts }), { now: NOW })[0];
    expect(byDefault?.hits[0]?.triggers.map((t) => t.kind)).toContain('proximity');
    expect(byDefault?.tier).toBe(MATCH_WEIGHTS.tier1CountsProximity ? 'tier_1' : 'tier_2');
    const counted = matchAccounts(input({ hits: [near], triggers: cuts }), {
      now: NOW,
      weights: { tier1CountsProximity: true },
    })[0];
    expect(counted?.tier).toBe('tier_1');
    const notCounted = matchAccounts(input({ hits: [near], triggers: cuts }), {
      now: NOW,
      weights: { tier1CountsProximity: false },
    })[0];
    expect(notCounted?.tier).toBe('tier_2');
  });

  it('reads a job posting’s duties as the job’s domain, never its event: only what the company tells makes tier_1', () => {
    const title = 'Supplier recall analyst';
    // Duties: what every such role does. "recall" is an event trigger, "supplier" a concept one.
    const duties = 'The role traces every supplier and runs each recall. You will report to the COO.';
    const posting: MatchHit = { ...hit('j1', title, duties), type: 'job_posting' };
    const read = only({ hits: [posting] });
    expect(read.hits[0]?.triggers.map((t) => t.trigger_id)).toEqual(['trg_supplier']);
    expect(read.tier).toBe('tier_2');
    // The same words told by the company of itself are its news.
    const told = 'We are replacing a supplier after a recall of our frozen meals. The role traces every supplier.';
    const context: MatchHit = { ...posting, id: 'j2', text: told };
    const match = only({ hits: [context] });
    expect(match.hits[0]?.triggers.map((t) => t.trigger_id).sort()).toEqual(['trg_recall', 'trg_supplier']);
    expect(match.tier).toBe('tier_1');
    // Why now quotes what the company said; a posting of duties gives nothing to quote.
    expect(match.why_now_facts.top_hit?.said).toBe('We are replacing a supplier after a recall of our frozen meals');
    expect(read.why_now_facts.top_hit?.said).toBeUndefined();
    // Concepts alone in the duties never stood for an event: not even when every trigger is one.
    const concepts = [
      ...TRIGGERS.map((t) => ({ ...t, hit_type: 'concept' as const })),
      trigger('trg_b', ['bankruptcy']),
    ];
    expect(only({ hits: [posting], triggers: concepts }).tier).toBe('tier_2');
  });

  it('takes a posting as hiring for a target title only when it is that role, at any level', () => {
    const posting = (id: string, title: string): MatchHit => ({
      ...hit(id, title, 'Apply now.', 2, 'acc_jobs'),
      type: 'job_posting',
    });
    const titlesOf = (title: string) =>
      only({ hits: [posting('t', title)], target_titles: ['Operations Analyst'] }).hits[0]?.target_titles ?? [];
    expect(titlesOf('Operations Analyst')).toEqual(['Operations Analyst']);
    expect(titlesOf('Senior Operations Analyst II')).toEqual(['Operations Analyst']);
    expect(titlesOf('Security Operations Analyst')).toEqual([]);
    expect(titlesOf('Operations Analyst Intern')).toEqual([]);
  });

  it('reads a job posting’s role name only for title triggers: “Supplier Manager” is a job, not supplier news', () => {
    const posting: MatchHit = {
      ...hit('r1', 'Supplier Manager', 'Acme is looking for a new Supplier Manager in Ohio. Apply now.'),
      type: 'job_posting',
    };
    expect(only({ hits: [posting] }).hits[0]?.triggers ?? []).toEqual([]);
    const titleTrigger = trigger('trg_role', ['supplier manager'], { hit_type: 'title' });
    const read = only({ hits: [posting], triggers: [...TRIGGERS, titleTrigger] }).hits[0]?.triggers;
    expect(read?.map((t) => t.trigger_id)).toEqual(['trg_role']);
    const elsewhere: MatchHit = { ...posting, id: 'r2', text: `${posting.text} The role audits every supplier.` };
    expect(only({ hits: [elsewhere] }).hits[0]?.triggers.map((t) => t.trigger_id)).toEqual(['trg_supplier']);
  });

  it('never makes tier_1 of hiring for a target title alone: it says whom to reach, not the problem', () => {
    const posting: MatchHit = {
      ...hit('t1', 'Supply Chain Manager', 'Acme is hiring a Supply Chain Manager in Ohio. Apply now.', 2, 'acc_t'),
      type: 'job_posting',
    };
    const role = trigger('trg_role', ['supply chain manager'], { hit_type: 'title' });
    const parts = { hits: [posting], triggers: [...TRIGGERS, role], target_titles: ['Supply Chain Manager'] };
    const match = only(parts);
    expect(match.hits[0]?.target_titles).toEqual(['Supply Chain Manager']);
    expect(match.hits[0]?.triggers.map((t) => t.trigger_id)).toEqual(['trg_role']);
    expect(match.tier).toBe('tier_2');
    // Not even with a good signal met in the account's news, which would otherwise promote it.
    const news = hit('t2', 'Acme opens a new warehouse', 'Acme opened a warehouse in Ohio.', 2, 'acc_t');
    const good = only({
      ...parts,
      hits: [posting, news],
      qualification_signals: [{ id: 'qs_good', type: 'good', text: 'opened a warehouse', explanation: '' }],
    });
    expect(good.qualification.good).toHaveLength(1);
    expect(good.tier).toBe('tier_2');
    // Where good signals lift alignments (goodSignalIntoTier1), hiring alone is held back by name.
    const lifted = matchAccounts(
      input({
        ...parts,
        hits: [posting, news],
        qualification_signals: [{ id: 'qs_good', type: 'good', text: 'opened a warehouse', explanation: '' }],
      }),
      { now: NOW, weights: { goodSignalIntoTier1: true } },
    )[0];
    expect(lifted?.tier).toBe('tier_2');
    expect(lifted?.held_back).toEqual(['hiring_only']);
    // At a company not seen to meet a requirement, hiring alone is activity, not an alignment.
    const unproven = only({
      ...parts,
      qualification_signals: [{ id: 'qs_req', type: 'requirement', text: 'Operates warehouses', explanation: '' }],
    });
    expect(unproven.tier).toBe('none');
    expect(unproven.held_back).toEqual(['requirement_unmet']);
    // Evidence of the problem keeps the usual cap: an alignment until the requirement is met.
    const withEvidence: MatchHit = { ...posting, id: 't5', text: `${posting.text} We face a supplier recall.` };
    const proven = only({
      ...parts,
      hits: [withEvidence],
      qualification_signals: [{ id: 'qs_req', type: 'requirement', text: 'Operates warehouses', explanation: '' }],
    });
    expect(proven.tier).toBe('tier_2');
    // A years-old story holding a trigger is no evidence of the problem today: activity still.
    const oldStory = hit('t6', 'Acme faces a supplier recall', 'Acme faces a supplier recall.', 3000, 'acc_t');
    const stale = only({
      ...parts,
      hits: [posting, oldStory],
      qualification_signals: [{ id: 'qs_req', type: 'requirement', text: 'Operates warehouses', explanation: '' }],
    });
    expect(stale.tier).toBe('none');
    expect(stale.held_back).toEqual(['requirement_unmet']);
    // A problem the company tells in the posting is evidence; a duty is not.
    const withDuty: MatchHit = { ...posting, id: 't3', text: `${posting.text} You will handle every supplier recall.` };
    expect(only({ ...parts, hits: [withDuty] }).tier).toBe('tier_2');
    const withProblem: MatchHit = { ...posting, id: 't4', text: `${posting.text} We face a supplier recall.` };
    expect(only({ ...parts, hits: [withProblem] }).tier).toBe('tier_1');
  });

  it('meets no requirement with a job posting’s role name: “Product Marketing Manager” says what the job is', () => {
    const requirement = [
      { id: 'qs_req', type: 'requirement' as const, text: 'Goods: products, plant', explanation: '' },
    ];
    const role: MatchHit = {
      ...hit('q1', 'Product Marketing Manager', 'Acme Insurance is looking for a new Product Marketing Manager.'),
      type: 'job_posting',
    };
    const unmet = only({ hits: [role], qualification_signals: requirement });
    expect(unmet.qualification.requirements_met).toEqual([]);
    expect(unmet.qualification.requirements_unmet.map((q) => q.qualification_signal_id)).toEqual(['qs_req']);
    const told: MatchHit = { ...role, id: 'q2', text: `${role.text} We sell our products in every state.` };
    const met = only({ hits: [told], qualification_signals: requirement });
    expect(met.qualification.requirements_met.map((q) => q.hit_ids)).toEqual([['q2']]);
  });

  it('reads no event in a job posting’s role name, its company’s name or its duties, and reads the rest', () => {
    // "recall" is an event trigger (TRIGGERS); "supplier" a concept one.
    const text = 'Recall Foods is hiring a recall coordinator.';
    const posting: MatchHit = { ...hit('j3', 'Recall coordinator', text), type: 'job_posting' };
    expect(only({ hits: [posting] }).hits[0]?.triggers ?? []).toEqual([]);
    const news = only({ hits: [hit('j4', 'Recall coordinator', text)] });
    expect(news.hits[0]?.triggers.map((t) => t.trigger_id)).toEqual(['trg_recall']);
    const withDuty: MatchHit = {
      ...posting,
      id: 'j5',
      text: `${text} The role audits every supplier and each recall.`,
    };
    expect(only({ hits: [withDuty] }).hits[0]?.triggers.map((t) => t.trigger_id)).toEqual(['trg_supplier']);
    const inName: MatchHit = { ...posting, id: 'j6', text: 'Join the team at Big Recall Corp. Apply now.' };
    expect(only({ hits: [inName] }).hits[0]?.triggers ?? []).toEqual([]);
    const told: MatchHit = { ...posting, id: 'j7', text: `${text} Recall notices went out to stores in May.` };
    expect(only({ hits: [told] }).hits[0]?.triggers.map((t) => t.trigger_id)).toEqual(['trg_recall']);
  });

  it('does not let a headline that hedges ("may recall") stand alone for two triggers', () => {
    // The rule matters where tier_1 asks for two counted triggers and the headline stands in for them.
    const tierOf = (title: string) =>
      matchAccounts(input({ hits: [hit('m', title, 'The toys would go back to the stores.')] }), {
        now: NOW,
        weights: { ...ALONE, tier1MinTriggers: 2 },
      })[0]?.tier;
    expect(tierOf('Toy maker recalls 1.5 million trains')).toBe('tier_1');
    expect(tierOf('Toy maker may recall 1.5 million trains')).toBe('tier_2');
    expect(tierOf('Toy maker in talks to recall trains')).toBe('tier_2');
  });
});

describe('matchAccounts recency', () => {
  it('weighs a hit by its age at `now`: the same news is tier_1 this week and none years later', () => {
    const fresh = only({ hits: [{ ...RECALL, published_at: daysAgo(3) }] });
    const yearOld = only({ hits: [{ ...RECALL, published_at: daysAgo(365) }] });
    const old = only({ hits: [{ ...RECALL, published_at: daysAgo(3 * 365) }] });
    expect(fresh.tier).toBe('tier_1');
    expect(yearOld.score).toBeLessThan(fresh.score / 3);
    expect(old.tier).toBe('none');
    expect(old.hits[0]?.recency).toBeLessThan(0.02);
  });

  it('takes `now` from its caller and refuses one that is not a date', () => {
    expect(() => matchAccounts(input({ hits: [RECALL] }), { now: 'tomorrow' })).toThrow(RangeError);
    const later = only({ hits: [RECALL] }, { now: daysAgo(-30) });
    expect(later.hits[0]?.age_days).toBeCloseTo(32, 5);
  });
});

describe('matchAccounts phrases and words', () => {
  const chain = (text: string) => only({ hits: [hit('p', 'News', text)], triggers: [trigger('t', ['supply chain'])] });

  it('finds a phrase with its words in order, through stop words and stems', () => {
    const found = chain('Its supply of the chains was cut.').hits[0]?.triggers[0];
    expect(found).toMatchObject({ kind: 'phrase', phrase: 'supply chain' });
  });

  it('finds the words close together in another order as a weaker proximity match', () => {
    const near = chain('The chain of its supply was cut.');
    const inOrder = chain('The supply chain was cut there.');
    expect(near.hits[0]?.triggers[0]?.kind).toBe('proximity');
    expect(near.score).toBeLessThan(inOrder.score);
  });

  it('does not match the words of a phrase far apart', () => {
    const far = chain('Supply rose in the spring, demand stayed flat, prices held, and the store chain grew.');
    expect(far.hits[0]?.triggers ?? []).toEqual([]);
  });

  it('matches a one-word phrase as a word, by its stem, never inside another word', () => {
    const t = [trigger('t', ['recall'])];
    expect(only({ hits: [hit('w', 'News', 'Three recalls this year.')], triggers: t }).hits[0]?.triggers[0]?.kind).toBe(
      'word',
    );
    expect(only({ hits: [hit('w', 'News', 'Nobody could precall it.')], triggers: t }).tier).toBe('none');
  });

  it('skips numbers between words ("cut 11,000 jobs" is the phrase "cut jobs")', () => {
    const t = [trigger('t', ['cut jobs'])];
    const found = only({ hits: [hit('n', 'Retailer to cut 11,000 jobs', '')], triggers: t }).hits[0]?.triggers[0];
    expect(found?.kind).toBe('phrase');
  });

  it('keeps the small words of a phrase that would otherwise shrink to one word ("out of stock")', () => {
    const t = [trigger('t', ['out of stock'])];
    expect(only({ hits: [hit('s', 'Stock market falls', 'Stock fell.')], triggers: t }).tier).toBe('none');
    expect(
      only({ hits: [hit('s', 'News', 'Shelves were out of stock.')], triggers: t }).hits[0]?.triggers,
    ).toHaveLength(1);
  });

  it('gives spans as offsets into the title and text as written, so the UI can highlight them', () => {
    const match = only({ hits: [RECALL] });
    const spans = match.hits[0]?.spans ?? [];
    expect(spans.length).toBeGreaterThan(0);
    for (const span of spans) {
      const source = span.field === 'title' ? RECALL.title : RECALL.text;
      expect(source.slice(span.start, span.end)).toBe(span.text);
    }
    expect(spans.map((s) => `${s.field}:${s.text}`)).toEqual(['title:recalls', 'text:supplier', 'text:recall']);
  });
});

describe('matchAccounts qualification signals', () => {
  const signal = (type: QualificationSignal['type'], text: string): QualificationSignal => ({
    id: `qs_${type}`,
    type,
    text,
    explanation: '',
  });

  it('demotes an account one tier when a bad signal is found', () => {
    const match = only({ hits: [RECALL], qualification_signals: [signal('bad', 'faulty power steering')] });
    expect(match.evidence_tier).toBe('tier_1');
    expect(match.tier).toBe('tier_2');
    expect(match.qualification.bad.map((q) => q.hit_ids)).toEqual([['h1']]);
    expect(match.why_now).toContain('Against it: “faulty power steering”');
    // The paragraph opens with the tier the card shows, not the tier of the evidence alone.
    expect(match.why_now).toMatch(/^Value Alignment, on evidence of Value Match for “Supply disruption/);
    expect(match.why_now).toMatch(/Qualification signals lower it to Value Alignment\.$/);
  });

  it('reads the words before a signal’s colon as its heading, not as a clause to find', () => {
    const recall = hit(
      'h8',
      'Carmaker recalls 1.3 million cars',
      'The carmaker blamed an outside supplier for faulty software in the brakes and will recall the cars next month.',
    );
    const bad = [signal('bad', 'Software or online business: software developer, internet company')];
    const match = only({ hits: [recall], qualification_signals: bad });
    expect(match.qualification.bad).toEqual([]);
    expect(match.tier).toBe('tier_1');
    // What follows the colon is read as before; a text with nothing after its colon is read whole.
    const online = hit('h9', 'Carmaker recalls 1.3 million cars', `${recall.text} It is also an internet company.`);
    expect(only({ hits: [online], qualification_signals: bad }).qualification.bad).toHaveLength(1);
    const bare = [signal('bad', 'faulty software:')];
    expect(only({ hits: [recall], qualification_signals: bare }).qualification.bad).toHaveLength(1);
    // Words written around a signal ("company", "mentions") are dropped from a clause, but a clause
    // that is nothing else is the signal itself.
    const party = [signal('requirement', 'A company is a party: company, corporation, firm')];
    expect(only({ hits: [recall], qualification_signals: party }).qualification.requirements_unmet).toHaveLength(1);
    const ofCompany = hit(
      'h10',
      'Carmaker recalls 1.3 million cars',
      recall.text.replace('The carmaker', 'The company'),
    );
    expect(only({ hits: [ofCompany], qualification_signals: party }).qualification.requirements_met).toHaveLength(1);
  });

  it('reads good and bad signals in news only; a job posting may still meet a requirement', () => {
    const posting: MatchHit = {
      ...hit(
        'p1',
        'Data Engineer',
        'The role runs faulty power steering software and operates warehouses.',
        2,
        'acc_h1',
      ),
      type: 'job_posting',
    };
    const match = only({
      hits: [RECALL, posting],
      qualification_signals: [signal('bad', 'faulty power steering'), signal('requirement', 'Operates warehouses')],
    });
    expect(match.qualification.bad.map((q) => q.hit_ids)).toEqual([['h1']]);
    expect(match.qualification.requirements_met.map((q) => q.hit_ids)).toEqual([['p1']]);
  });

  it('caps an account at tier_2 while a requirement is unmet, and not once it is met', () => {
    const unmet = only({ hits: [RECALL], qualification_signals: [signal('requirement', 'Operates warehouses')] });
    expect(unmet.evidence_tier).toBe('tier_1');
    expect(unmet.held_back).toEqual(['requirement_unmet']);
    expect(unmet.tier).toBe('tier_2');
    expect(unmet.qualification.requirements_unmet).toHaveLength(1);
    const met = only({
      hits: [RECALL],
      qualification_signals: [signal('requirement', 'operates warehouses, or cars')],
    });
    expect(met.tier).toBe('tier_1');
    expect(met.qualification.requirements_met).toHaveLength(1);
  });

  it('meets a requirement only in the headline or lead when requirementLeadChars asks for it', () => {
    const filler = ' Analysts expect sales to hold up through the winter and the spring season.'.repeat(5);
    const late = hit(
      'r1',
      'Maker recalls 1.3 million units',
      `The maker blames a supplier.${filler} It also operates warehouses.`,
    );
    const requirement = [signal('requirement', 'operates warehouses')];
    const anywhere = only({ hits: [late], qualification_signals: requirement });
    expect(MATCH_WEIGHTS.requirementLeadChars).toBeGreaterThan(late.text.length);
    expect(anywhere.tier).toBe('tier_1');
    const leadOnly = matchAccounts(input({ hits: [late], qualification_signals: requirement }), {
      now: NOW,
      weights: { requirementLeadChars: 300 },
    })[0];
    expect(leadOnly?.qualification.requirements_unmet).toHaveLength(1);
    expect(leadOnly?.tier).toBe('tier_2');
  });

  it('lifts Activity Found to a Value Alignment on a good signal, never an alignment to a Value Match', () => {
    // A concept trigger ("supplier") and the good signal's words: no event, so no Value Match.
    const good = [signal('good', 'sales rose')];
    const match = only({ hits: [WEAK], qualification_signals: good });
    expect(match.evidence_tier).toBe('tier_2');
    expect(match.tier).toBe('tier_2');
    expect(match.score).toBeGreaterThan(only({ hits: [WEAK] }).score);
    const lifted = matchAccounts(input({ hits: [WEAK], qualification_signals: good }), {
      now: NOW,
      weights: { goodSignalIntoTier1: true },
    })[0];
    expect(lifted?.tier).toBe('tier_1');
  });

  it('does not promote news without any trigger out of Activity Found', () => {
    const match = only({ hits: [UNRELATED], qualification_signals: [signal('good', 'board met')] });
    expect(match.tier).toBe('none');
  });
});

describe('matchAccounts on awkward input', () => {
  it('treats empty, punctuation-only and regex-like phrases as plain text that matches nothing', () => {
    const odd = [trigger('odd', ['', '   ', '.*', '(', '[a-z]+', '\\', '?!'])];
    const match = only({ hits: [RECALL], triggers: odd });
    expect(match.tier).toBe('none');
    expect(match.hits[0]?.triggers).toEqual([]);
  });

  it('matches a phrase with regex characters by its words only ("C++ (beta)" is "c" and "beta")', () => {
    const match = only({ hits: [hit('r', 'News', 'A c beta test.')], triggers: [trigger('t', ['C++ (beta)'])] });
    expect(match.hits[0]?.triggers[0]?.kind).toBe('phrase');
  });

  it('answers for 0 hits, and for 0 hypotheses with Activity Found', () => {
    expect(matchAccounts(input({ hits: [] }), { now: NOW })).toEqual([]);
    const match = only({ hits: [RECALL], hypotheses: [] });
    expect(match.tier).toBe('none');
    expect(match.hypotheses).toEqual([]);
  });

  it('answers for a 100,000-character text with spans inside it', () => {
    const filler = 'The quarter was quiet and nothing else happened. '.repeat(2100);
    const text = `${filler}The supplier will recall its parts.`.slice(-100_000);
    const started = performance.now();
    const match = only({ hits: [hit('big', 'Long report', text)] });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(match.hits[0]?.spans.every((s) => s.end <= text.length && text.slice(s.start, s.end) === s.text)).toBe(true);
    expect(match.tier).not.toBe('none');
  });

  it('keeps at most 40 spans for a text that repeats a phrase thousands of times', () => {
    const text = 'The supplier will recall its parts. '.repeat(2_700);
    const match = only({ hits: [hit('rep', 'Recall', text)] });
    expect(match.hits[0]?.spans).toHaveLength(40);
    expect(match.hits[0]?.triggers.find((t) => t.trigger_id === 'trg_recall')?.count).toBe(2_701);
  });
});

describe('matchAccounts determinism', () => {
  const hits = [
    RECALL,
    WEAK,
    UNRELATED,
    hit('h5', 'Supplier shortage', 'A supplier shortage hit the plant.', 10, 'acc_h1'),
    hit('h6', 'Second recall', 'Another recall of seats.', 40, 'acc_h2'),
  ];

  it('gives the same answer for the same input and `now`, whatever the order of the input', () => {
    const first = matchAccounts(input({ hits }), { now: NOW });
    const again = matchAccounts(input({ hits }), { now: NOW });
    const shuffled = matchAccounts(input({ hits: [...hits].reverse(), triggers: [...TRIGGERS].reverse() }), {
      now: NOW,
    });
    expect(again).toEqual(first);
    expect(JSON.stringify(shuffled)).toBe(JSON.stringify(first));
  });
});
