import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { FeedEmpty } from './feed-empty.tsx';

beforeAll(prepareDom);
afterEach(cleanup);

describe('FeedEmpty', () => {
  it('tells a user with "My accounts only" on how an account becomes theirs, not that none matches', () => {
    renderWithProviders(<FeedEmpty onClearFilters={() => undefined} mineOnly />);
    expect(screen.getByTestId('value-match-empty').textContent).toContain(
      'None of your accounts is in the feed yet: the accounts you take with “Assign to me” on a card show here.',
    );
    expect(screen.queryByText('No accounts match these filters yet.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('says no account matches other filters', () => {
    renderWithProviders(<FeedEmpty onClearFilters={() => undefined} />);
    expect(screen.getByText('No accounts match these filters yet.')).toBeTruthy();
  });
});
