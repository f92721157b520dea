import { valueMatchInputSchema } from '@quarry/shared';
import { describe, expect, it } from 'vitest';
import { collectHitFacts } from './collect-hit-facts.ts';
import { compilePreferences } from './compile-preferences.ts';

const preferences = compilePreferences(
  valueMatchInputSchema.parse({
    hypotheses: [
      {
        id: 'hyp_sites',
        name: 'Site closures',
        description: '',
        visibility: 'public',
        problem_or_goal: '',
        product_value: '',
        roi_explanation: '',
        importance: '',
        observation: '',
      },
    ],
    triggers: [
      {
        id: 'trg_close',
        name: 'close',
        hit_type: 'event',
        phrases: ['close'],
        enabled: true,
        hypothesis_ids: ['hyp_sites'],
      },
    ],
    hits: [],
  }),
);
const hit = (text: string) => ({
  id: 'h',
  account_id: 'acc',
  type: 'news_article' as const,
  title: 'Markets today',
  text,
  published_at: '2026-11-20T00:00:00.000Z',
});

describe('collectHitFacts corroboration (read only when asked)', () => {
  it('keeps the plain places until corroboration is read, then only the corroborated ones', () => {
    const facts = collectHitFacts(hit('Stock markets in Asia close higher. Traders were calm.'), preferences);
    const close = facts.triggers[0];
    expect(close?.firstTextAt).toBeGreaterThan(0);
    // Unread: the plain places, an upper bound of the corroborated ones.
    expect(close?.corroborated.firstTextAt).toBe(close?.firstTextAt);
    expect(facts.corroborate).not.toBeNull();
    facts.corroborate?.();
    // "close" alone, with no other profile word near it, stands nowhere for tier_1.
    expect(close?.corroborated.firstTextAt).toBe(Number.POSITIVE_INFINITY);
  });

  it('has nothing to read when no event needs corroboration', () => {
    expect(collectHitFacts(hit('No trigger at all.'), preferences).corroborate).toBeNull();
  });
});

describe('collectHitFacts on a posting naming its own company', () => {
  const production = compilePreferences(
    valueMatchInputSchema.parse({
      triggers: [{ id: 'trg_ops', name: 'Operations', hit_type: 'concept', phrases: ['production'], enabled: true }],
      hits: [],
    }),
  );
  const posting = (account_names?: string[]) => ({
    id: 'p',
    account_id: 'acc_ap',
    type: 'job_posting' as const,
    title: 'Staff Data Engineer',
    text: 'Air Products & Chemicals is looking for a Staff Data Engineer to build our data platform.',
    published_at: '2026-11-20T00:00:00.000Z',
    ...(account_names ? { account_names } : {}),
  });

  // "Products" is "production" stemmed alike, but a company's name is no news about it.
  it('finds no phrase inside the account’s name', () => {
    expect(collectHitFacts(posting(), production).triggers.map((t) => t.compiled.trigger.id)).toEqual(['trg_ops']);
    expect(collectHitFacts(posting(['Air Products & Chemicals']), production).triggers).toEqual([]);
  });

  it('still finds the phrase elsewhere in the posting', () => {
    const hit = { ...posting(['Air Products & Chemicals']), text: `${posting().text} You will plan production.` };
    expect(collectHitFacts(hit, production).triggers.map((t) => t.compiled.trigger.id)).toEqual(['trg_ops']);
  });
});

describe('collectHitFacts and names', () => {
  const withTriggers = (triggers: { id: string; hit_type: 'event' | 'concept'; phrases: string[] }[]) =>
    compilePreferences(
      valueMatchInputSchema.parse({
        hypotheses: [],
        triggers: triggers.map((t) => ({ ...t, name: t.id, enabled: true })),
        hits: [],
      }),
    );

  it('reads no event in the end of a name: "buy" in "Best Buy", while "to buy" is one', () => {
    const prefs = withTriggers([{ id: 'trg_buy', hit_type: 'event', phrases: ['buy'] }]);
    expect(collectHitFacts(hit('Shoppers queued outside Best Buy stores overnight.'), prefs).triggers).toEqual([]);
    expect(collectHitFacts(hit('Walmart agreed to buy the chain this week.'), prefs).triggers).toHaveLength(1);
    // A sentence's first word is capitalised by the sentence, not by a name.
    expect(collectHitFacts(hit('Buy orders rose. Traders were calm.'), prefs).triggers).toHaveLength(1);
    // Nor is a headline in title case a row of names.
    const titled = { ...hit('Nothing here.'), title: 'Walmart Agrees To Buy Chain' };
    expect(collectHitFacts(titled, prefs).triggers).toHaveLength(1);
  });

  it('still reads a category word in a name: "China Airlines" is an airline', () => {
    const prefs = withTriggers([{ id: 'trg_airline', hit_type: 'concept', phrases: ['airline'] }]);
    expect(collectHitFacts(hit('Inspections followed the China Airlines fire.'), prefs).triggers).toHaveLength(1);
  });
});

describe('collectHitFacts and qualification signals in news of another company', () => {
  const goods = compilePreferences(
    valueMatchInputSchema.parse({
      qualification_signals: [{ id: 'sig_goods', type: 'requirement', text: 'Goods: stores, warehouse' }],
      hits: [],
    }),
  );
  const news = (text: string, title = 'Retail news') => ({
    ...hit(text),
    title,
    account_id: 'acc_amazon',
    account_names: ['Amazon', 'Amazon.com'],
  });

  it('meets no signal of the account with what the article says of another company', () => {
    const other = news('Toys R Us will close all of its stores. It lost sales to Amazon for years.');
    expect(collectHitFacts(other, goods).signals.has('sig_goods')).toBe(false);
    // Nor in a headline that does not name the account.
    expect(collectHitFacts(news('Amazon was named.', 'Toys R Us closes its stores'), goods).signals.size).toBe(0);
  });

  it('meets it in a sentence about the account, or one referring back to it', () => {
    expect(collectHitFacts(news('Amazon opened a warehouse in Ohio.'), goods).signals.has('sig_goods')).toBe(true);
    const referring = news('Amazon reported results. It will open two warehouse sites.');
    expect(collectHitFacts(referring, goods).signals.has('sig_goods')).toBe(true);
    expect(collectHitFacts(news('Nothing.', 'Amazon opens stores'), goods).signals.has('sig_goods')).toBe(true);
  });

  it('reads a hit without the account’s names as before (a posting is the account’s own word)', () => {
    const unnamed = { ...hit('Toys R Us will close all of its stores.') };
    expect(collectHitFacts(unnamed, goods).signals.has('sig_goods')).toBe(true);
  });
});
