import type { FilterGroup } from '@quarry/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { FilterBuilder, newCondition } from './filter-builder.tsx';

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A builder that keeps what it is told, as its page does. */
function StatefulBuilder() {
  const [group, setGroup] = useState<FilterGroup>({
    complex: true,
    operator: 'AND',
    days_ago: null,
    values: [newCondition('employees')],
  });
  return <FilterBuilder group={group} onChange={setGroup} />;
}

describe('FilterBuilder', () => {
  it('puts the keyboard on the field of a condition just added, not left on Add condition below it', async () => {
    // The new condition's industries are asked of the server: none here.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ values: [] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderWithProviders(<StatefulBuilder />);
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    const fields = [...document.querySelectorAll('input[aria-label="Field"]')];
    expect(fields).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(fields[1]));
  });

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

  it('offers the data’s industries in the reader’s language and keeps the name the data writes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ values: ['Airlines', 'General Merchandisers'] }), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await changeLanguage('ko');
    try {
      const group: FilterGroup = { complex: true, operator: 'AND', days_ago: null, values: [newCondition('industry')] };
      const onChange = vi.fn();
      renderWithProviders(<FilterBuilder group={group} onChange={onChange} />);
      const field = screen.getByPlaceholderText('값 선택');
      // The name as the My Accounts table shows it, in Korean.
      fireEvent.change(field, { target: { value: '소매' } });
      const option = await screen.findByRole('option', { name: '종합 소매', hidden: true });
      fireEvent.click(option);
      await waitFor(() => expect(onChange).toHaveBeenCalled());
      const sent = onChange.mock.calls.at(-1)?.[0] as FilterGroup;
      expect(sent.values[0]).toMatchObject({ field: 'industry', values: ['General Merchandisers'] });
    } finally {
      await changeLanguage('en');
    }
  });
});
