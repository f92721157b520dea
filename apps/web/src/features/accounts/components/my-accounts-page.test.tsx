import type { FilterGroup, TerritoryPage } from '@quarry/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import type { AccountListOptions } from '../stores/account-list-cache.ts';
import { MyAccountsPage } from './my-accounts-page.tsx';

const options: AccountListOptions = { text: '', sort: 'account_name', direction: 'asc', page: 1 };
const filter: FilterGroup = { complex: true, operator: 'AND', days_ago: null, values: [] };

const pageOf = (total: number, total_estimated: boolean): TerritoryPage => ({
  rows: [1, 2].map((i) => ({
    master_account_id: `acc_${i}`,
    account_name: `Account ${i}`,
    website: null,
    logo_url: null,
    industry: null,
    employees: null,
    latest_signal_at: null,
  })),
  total,
  total_estimated,
  page: 1,
  page_size: 50,
});

function serve(page: TerritoryPage) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

async function selectThePage() {
  renderWithProviders(
    <MemoryRouter>
      <MyAccountsPage filter={filter} options={options} onOptionsChange={() => {}} viewAsUid={null} />
    </MemoryRouter>,
  );
  await screen.findByText('Account 2');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
}

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MyAccountsPage total', () => {
  it('offers "about N" when the server says the total is an estimate', async () => {
    serve(pageOf(1_234_567, true));
    await selectThePage();
    expect(await screen.findByRole('button', { name: 'Select all of about 1,234,567 matching accounts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Select all 1234567 matching accounts' })).toBeNull();
  });

  it('gives the exact count otherwise', async () => {
    serve(pageOf(7, false));
    await selectThePage();
    expect(await screen.findByRole('button', { name: 'Select all 7 matching accounts' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /about/ })).toBeNull();
  });
});
