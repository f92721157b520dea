import type { TriggerStats } from '@quarry/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { TriggerStatsBlock } from './trigger-stats.tsx';

/** What a trigger that was switched off moved at the last computation: nothing. */
const switchedOff: TriggerStats = {
  trigger_id: 'trg_recall',
  accounts: { tier_1: 0, tier_2: 0, none: 0 },
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
});
