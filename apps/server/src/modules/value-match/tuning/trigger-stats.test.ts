import { valueMatchInputSchema } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { matchAccounts } from '../engine/match-accounts.ts';
import { sentenceAround, triggerStats } from './trigger-stats.ts';

const around = (text: string, words: string) => {
  const start = text.indexOf(words);
  const s = sentenceAround(text, start, start + words.length);
  return { ...s, marked: s.sentence.slice(s.start, s.end) };
};

describe('example sentence of a trigger', () => {
  it('is the sentence the matched words stand in, with their offsets inside it', () => {
    const text = 'Acme grew. The port strike halted 40 ships on Monday. Shares fell.';
    expect(around(text, 'port strike')).toEqual({
      sentence: 'The port strike halted 40 ships on Monday.',
      start: 4,
      end: 15,
      marked: 'port strike',
    });
  });

  it('does not end a sentence inside a number or an abbreviation without a space', () => {
    expect(around('Sales fell 3.5% after the recall. Later news.', 'recall').sentence).toBe(
      'Sales fell 3.5% after the recall.',
    );
  });

  it('reads "St." and "U.S." as the engine does: inside a sentence, not its end', () => {
    const posting = 'We are adding a distribution centre outside St. Louis and moving stock there. Apply now.';
    expect(around(posting, 'distribution centre').sentence).toBe(
      'We are adding a distribution centre outside St. Louis and moving stock there.',
    );
    expect(around('The U.S. Steel plant closed. Then more.', 'plant').sentence).toBe('The U.S. Steel plant closed.');
  });

  it('stops at a line break and cuts a very long sentence around the match', () => {
    expect(around('Headline\nThe plant closed', 'plant').sentence).toBe('The plant closed');
    const long = `${'word '.repeat(100)}the recall ${'more '.repeat(100)}`;
    const s = around(long, 'recall');
    expect(s.marked).toBe('recall');
    expect(s.sentence.length).toBeLessThanOrEqual(2 * 140 + 'recall'.length);
    // Cut at a word, never inside one, and said to go on either side.
    expect(s.sentence.startsWith('word ')).toBe(true);
    expect(s.sentence.endsWith(' more')).toBe(true);
    expect(s).toMatchObject({ cut_start: true, cut_end: true });
    const airline = `${'x'.repeat(30)} A Southwest Airlines Boeing ${'flies far '.repeat(12)}and the recall came.`;
    const cut = around(airline, 'recall');
    expect(cut.sentence.split(' ')[0]).toMatch(/^(Southwest|Airlines|Boeing|flies|far|A)$/);
    expect(around('The plant closed. Then the recall came.', 'recall')).toMatchObject({
      sentence: 'Then the recall came.',
    });
    expect(around('The plant closed. Then the recall came.', 'recall').cut_start).toBeUndefined();
  });
});

describe('trigger examples', () => {
  it('quote the sentence about the account, not one about another company the article names', () => {
    const input = valueMatchInputSchema.parse({
      hypotheses: [{ id: 'hyp', name: 'Restructuring', description: 'x', problem_or_goal: 'x', product_value: 'x' }],
      triggers: [
        { id: 'trg', name: 'Bankruptcy', hit_type: 'event', phrases: ['bankruptcy'], hypothesis_ids: ['hyp'] },
      ],
      hits: [
        {
          id: 'hit_1',
          account_id: 'acc_amat',
          type: 'news_article',
          title: 'Chip suppliers weigh the fallout',
          text:
            "Regulators dismissed Satyam's board after the insolvent giant filed for bankruptcy. " +
            'Applied Materials said the bankruptcy of a customer would cost it little.',
          published_at: '2026-11-20',
          account_names: ['Applied Materials'],
        },
      ],
    });
    const results = matchAccounts(input, { now: '2026-11-21T00:00:00.000Z' });
    const [row] = triggerStats(results, input.hits, ['trg']);
    expect(row?.examples.map((e) => e.sentence)).toEqual([
      'Applied Materials said the bankruptcy of a customer would cost it little.',
    ]);
    // Dated, so an admin tells a sentence of last week from one of 2008.
    expect(row?.examples[0]?.published_at).toBe('2026-11-20');
  });
});

describe('trigger examples, cut sentences', () => {
  it('count a long sentence cut around the match as about the account only when the part shown names it', () => {
    const long =
      'Applied Materials, which sells chip tools to Indian outsourcers and had been waiting on payment for months, ' +
      'said on Friday that it was watching as the government dismissed the board of Satyam, announcing it will appoint ' +
      'representatives to manage the affairs of the insolvent outsourcing giant after its bankruptcy filing was accepted.';
    const input = valueMatchInputSchema.parse({
      hypotheses: [{ id: 'hyp', name: 'Restructuring', description: 'x', problem_or_goal: 'x', product_value: 'x' }],
      triggers: [
        { id: 'trg', name: 'Bankruptcy', hit_type: 'event', phrases: ['bankruptcy'], hypothesis_ids: ['hyp'] },
      ],
      hits: [
        {
          id: 'hit_long',
          account_id: 'acc_amat',
          type: 'news_article',
          title: 'Outsourcer collapses',
          text: long,
          published_at: '2026-11-20',
          account_names: ['Applied Materials'],
        },
        {
          id: 'hit_own',
          account_id: 'acc_other',
          type: 'news_article',
          title: 'Supplier files',
          text: 'Acme Tools filed for bankruptcy on Monday.',
          // Months older, so that its account scores below Applied Materials'.
          published_at: '2026-05-01',
          account_names: ['Acme Tools'],
        },
      ],
    });
    const results = matchAccounts(input, { now: '2026-11-21T00:00:00.000Z' });
    const [row] = triggerStats(results, input.hits, ['trg']);
    // The cut sentence does not show Applied Materials: the sentence about its own company comes
    // first, though its account scores lower.
    expect(results.map((r) => r.account_id)).toEqual(['acc_amat', 'acc_other']);
    expect(row?.examples[0]?.sentence).toBe('Acme Tools filed for bankruptcy on Monday.');
  });
});

describe('trigger examples, job postings', () => {
  it("read every sentence of a company's own posting as about it: a Value Match's posting comes before old news of another account", () => {
    const input = valueMatchInputSchema.parse({
      hypotheses: [
        { id: 'hyp', name: 'Costs squeeze margins', description: 'x', problem_or_goal: 'x', product_value: 'x' },
      ],
      triggers: [
        { id: 'trg', name: 'Fuel costs', hit_type: 'event', phrases: ['fuel prices'], hypothesis_ids: ['hyp'] },
      ],
      hits: [
        {
          id: 'hit_news',
          account_id: 'acc_bank',
          type: 'news_article',
          title: 'Analysts see oil going higher',
          text: 'Morgan Stanley said fuel prices would keep rising through the summer.',
          published_at: '2008-06-06',
          account_names: ['Morgan Stanley'],
        },
        {
          id: 'hit_posting',
          account_id: 'acc_roofing',
          type: 'job_posting',
          title: 'Director of Logistics',
          text:
            'Beacon Roofing Supply is looking for a new Director of Logistics in Herndon, Va. ' +
            'Fuel prices raised what it costs to move goods between our Herndon warehouses, and we are cutting those costs.',
          published_at: '2026-10-28',
          account_names: ['Beacon Roofing Supply'],
        },
      ],
    });
    const results = matchAccounts(input, { now: '2026-11-29T00:00:00.000Z' });
    const [row] = triggerStats(results, input.hits, ['trg']);
    expect(row?.examples.map((e) => e.hit_id)).toEqual(['hit_posting', 'hit_news']);
    // Each says the tier of its account: the 2008 remark moved nothing (Activity Found).
    const tierOf = (id: string) => results.find((r) => r.account_id === id)?.tier;
    expect(row?.examples.map((e) => e.tier)).toEqual([tierOf('acc_roofing'), 'none']);
    expect(tierOf('acc_roofing')).not.toBe('none');
  });

  it("show a ranked account's other signals after the leads and before Activity Found, saying another signal ranks it", () => {
    const input = valueMatchInputSchema.parse({
      hypotheses: [
        { id: 'hyp', name: 'Costs squeeze margins', description: 'x', problem_or_goal: 'x', product_value: 'x' },
      ],
      triggers: [
        { id: 'fuel', name: 'Fuel costs', hit_type: 'event', phrases: ['fuel prices'], hypothesis_ids: ['hyp'] },
        { id: 'close', name: 'Site closure', hit_type: 'event', phrases: ['plant closure'], hypothesis_ids: ['hyp'] },
      ],
      hits: [
        {
          id: 'lead',
          account_id: 'acc_roofing',
          type: 'job_posting',
          title: 'Director of Logistics',
          text:
            'Beacon Roofing Supply is looking for a new Director of Logistics in Herndon, Va. ' +
            'Fuel prices raised what it costs to move goods between our Herndon warehouses, and we are cutting those costs.',
          published_at: '2026-10-28',
          account_names: ['Beacon Roofing Supply'],
        },
        {
          id: 'lesser',
          account_id: 'acc_roofing',
          type: 'news_article',
          title: 'Beacon Roofing Supply weighs its options',
          text: 'Beacon Roofing Supply said a plant closure in Ohio was possible next year.',
          published_at: '2012-03-01',
          account_names: ['Beacon Roofing Supply'],
        },
        {
          id: 'found',
          account_id: 'acc_bank',
          type: 'news_article',
          title: 'Analysts weigh a plant closure',
          text: 'Morgan Stanley said a plant closure at the steelmaker was likely.',
          published_at: '2008-06-06',
          account_names: ['Morgan Stanley'],
        },
      ],
    });
    const results = matchAccounts(input, { now: '2026-11-29T00:00:00.000Z' });
    const roofing = results.find((r) => r.account_id === 'acc_roofing');
    expect(roofing?.tier).not.toBe('none');
    expect(roofing?.top_hit_id).toBe('lead');
    const [, close] = triggerStats(results, input.hits, ['fuel', 'close']);
    // It ranks no account, yet counts the ranked account's other signal: that one is in sight.
    expect([close?.tier_1_accounts, close?.tier_2_accounts, close?.top_tier_hits]).toEqual([0, 0, 1]);
    expect(close?.examples.map((e) => [e.hit_id, e.tier, e.leads])).toEqual([
      ['lesser', roofing?.tier, false],
      ['found', 'none', undefined],
    ]);
  });

  it('mark the whole phrase of an example found word by word, not its first word alone', () => {
    const input = valueMatchInputSchema.parse({
      hypotheses: [
        { id: 'hyp', name: 'Costs squeeze margins', description: 'x', problem_or_goal: 'x', product_value: 'x' },
      ],
      triggers: [
        { id: 'trg', name: 'Fuel costs', hit_type: 'event', phrases: ['fuel prices'], hypothesis_ids: ['hyp'] },
      ],
      hits: [
        {
          id: 'hit',
          account_id: 'acc_roofing',
          type: 'job_posting',
          title: 'Director of Logistics',
          text: 'Beacon Roofing Supply is hiring. Fuel and freight prices rose again this year. We ship from Herndon.',
          published_at: '2026-10-28',
          account_names: ['Beacon Roofing Supply'],
        },
      ],
    });
    const results = matchAccounts(input, { now: '2026-11-29T00:00:00.000Z' });
    const [row] = triggerStats(results, input.hits, ['trg']);
    const example = row?.examples[0];
    expect(example?.sentence.slice(example.start, example.end)).toBe('Fuel and freight prices');
  });
});
