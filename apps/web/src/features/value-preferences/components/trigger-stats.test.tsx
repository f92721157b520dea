import type { TriggerStats } from '@quarry/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { TriggerStatsBlock } from './trigger-stats.tsx';

/** What a trigger that was switched off moved at the last computation: nothing. */
const switchedOff: TriggerStats = {
  trigger_id: 'trg_recall',
  accounts: { tier_1: 0, tier_2: 0, none: 0, ranked_by_others: 0 },
  examples: [],
  top_tier_hits: 0,
  marked_not_relevant: 0,
  precision: null,
};

beforeAll(prepareDom);
afterEach(cleanup);

describe('TriggerStatsBlock', () => {
  it('says a trigger found nothing once the matches are computed', () => {
    renderWithProviders(<TriggerStatsBlock stats={switchedOff} loading={false} failed={false} />);
    expect(screen.getByText('No sentence matched yet.')).toBeTruthy();
    expect(screen.queryByTestId('trigger-stats-updating')).toBeNull();
  });

  it('says the figures are the last computation’s while the matches are computed again, not that nothing matched', () => {
    renderWithProviders(<TriggerStatsBlock stats={switchedOff} loading={false} failed={false} updating />);
    expect(screen.getByTestId('trigger-stats-updating').textContent).toBe(
      'These figures update once the matches are computed again…',
    );
    expect(screen.queryByText('No sentence matched yet.')).toBeNull();
  });

  it('names the tier of the account each example was found at: one at an Activity Found account moved nothing', () => {
    const example = (id: string, tier: 'tier_1' | 'tier_2' | 'none', sentence: string) => ({
      hit_id: `hit_${id}`,
      master_account_id: `acc_${id}`,
      account_name: id,
      sentence,
      start: 0,
      end: 4,
      published_at: '2026-10-28T00:00:00.000Z',
      tier,
    });
    renderWithProviders(
      <TriggerStatsBlock
        stats={{
          ...switchedOff,
          accounts: { tier_1: 1, tier_2: 0, none: 1, ranked_by_others: 1 },
          examples: [
            example('Beacon', 'tier_1', 'Fuel prices raised our costs.'),
            { ...example('Masco', 'tier_2', 'Fuel prices rose again.'), leads: false },
            example('Visa', 'none', 'More purchases with credit cards.'),
          ],
        }}
        loading={false}
        failed={false}
      />,
    );
    expect(screen.getAllByTestId('trigger-example-tier').map((b) => b.textContent)).toEqual([
      'Value Match',
      'Value Alignment',
      'Activity Found',
    ]);
    // One of a ranked account's other signals says it did not rank it.
    const notes = screen.getAllByTestId('trigger-example-beside-lead');
    expect(notes.map((n) => n.closest('[data-testid="trigger-example"]')?.textContent?.startsWith('Masco'))).toEqual([
      true,
    ]);
    expect(notes[0]?.textContent).toBe('(another of its signals ranks it)');
    // And Masco is counted as such, beside the accounts it ranks.
    expect(screen.getByTestId('trigger-ranked-by-others').textContent).toBe(
      'Also found at 1 Value Match or Value Alignment account that another of its signals ranks.',
    );
  });

  it('counts Activity Found accounts apart from the tiers it ranks, and says whose signals precision counts', () => {
    renderWithProviders(
      <TriggerStatsBlock
        stats={{
          ...switchedOff,
          accounts: { tier_1: 0, tier_2: 0, none: 22, ranked_by_others: 0 },
          top_tier_hits: 3,
          precision: 1,
        }}
        loading={false}
        failed={false}
      />,
    );
    expect(screen.getByTestId('trigger-tier-counts').textContent).toBe(
      'Accounts it ranks now: Value Match 0 · Value Alignment 0',
    );
    expect(screen.getByTestId('trigger-found-only').textContent).toBe(
      'Also found at 22 more accounts, left at Activity Found.',
    );
    expect(screen.getByTestId('trigger-precision').textContent).toBe(
      "Your team's precision: not measured yet. Nobody has marked any of its 3 signals at Value Match and Value Alignment accounts not relevant.",
    );
  });

  it('says nothing of Activity Found accounts when the trigger is found at none', () => {
    renderWithProviders(
      <TriggerStatsBlock
        stats={{ ...switchedOff, accounts: { tier_1: 1, tier_2: 0, none: 0, ranked_by_others: 0 } }}
        loading={false}
        failed={false}
      />,
    );
    expect(screen.getByTestId('trigger-tier-counts').textContent).toBe(
      'Accounts it ranks now: Value Match 1 · Value Alignment 0',
    );
    expect(screen.queryByTestId('trigger-found-only')).toBeNull();
  });
});
