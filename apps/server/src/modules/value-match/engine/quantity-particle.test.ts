import { describe, expect, it } from 'vitest';
import { collectHitFacts } from './collect-hit-facts.ts';
import { compilePreferences } from './compile-preferences.ts';
import { readsAsQuantity } from './quantity-particle.ts';

describe('readsAsQuantity', () => {
  it('reads a particle followed by a figure as the quantity', () => {
    const text = 'charged with taking over US$1 million in kickbacks';
    expect(readsAsQuantity('over', text, text.indexOf('over') + 4)).toBe(true);
    const vote = 'the party took over 25% of the vote';
    expect(readsAsQuantity('over', vote, vote.indexOf('over') + 4)).toBe(true);
    const pounds = 'a bid to buy about £40m of stock';
    expect(readsAsQuantity('about', pounds, pounds.indexOf('about') + 5)).toBe(true);
  });

  it('leaves the phrase where no figure follows, or its last word is no quantity particle', () => {
    const text = 'Suncor makes bid to take over Petro-Canada';
    expect(readsAsQuantity('over', text, text.indexOf('over') + 4)).toBe(false);
    const out = 'the fund will buy out 3 partners';
    expect(readsAsQuantity('out', out, out.indexOf('out') + 3)).toBe(false);
  });
});

describe('a trigger phrase ending in a quantity particle', () => {
  const preferences = compilePreferences({
    hypotheses: [{ id: 'h1', name: 'Merger integration', description: 'Two companies combine their operations.' }],
    triggers: [
      { id: 't1', name: 'Takeover', hit_type: 'event', phrases: ['take over'], enabled: true, hypothesis_ids: ['h1'] },
    ],
    qualification_signals: [],
    target_titles: [],
    accounts: [],
    hits: [],
  } as never);
  const triggersIn = (text: string) =>
    collectHitFacts(
      {
        id: 'n1',
        account_id: 'a1',
        type: 'news',
        title: 'Company news',
        text,
        url: null,
        published_at: '2026-11-01',
      } as never,
      preferences,
    ).triggers.length;

  it('is not found where its particle measures a figure', () => {
    expect(triggersIn('A manager was charged with taking over US$1 million in kickbacks from suppliers.')).toBe(0);
  });

  it('is still found where it names the event', () => {
    expect(triggersIn('Suncor said it would take over Petro-Canada next year.')).toBe(1);
  });
});
