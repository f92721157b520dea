import type { FilterGroup } from '@quarry/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { FilterBuilder, newCondition } from './filter-builder.tsx';

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FilterBuilder', () => {
  it('offers employee ranges in the reader’s number style', async () => {
    const group: FilterGroup = { complex: true, operator: 'AND', days_ago: null, values: [newCondition('employees')] };
    renderWithProviders(<FilterBuilder group={group} onChange={() => {}} />);
    fireEvent.click(screen.getByPlaceholderText('Pick employee ranges'));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent?.trim() ?? '');
    // The field picker's options (Industry, Sector, …) are in the page too.
    expect(options.filter((text) => /\d/.test(text))).toEqual([
      '1–1,000',
      '1,001–10,000',
      '10,001–100,000',
      '100,001+',
    ]);
  });
});
