import type { FilterGroup, TerritoryPage } from '@quarry/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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

function renderPage(pageOptions: AccountListOptions = options) {
  renderWithProviders(
    <MemoryRouter>
      <MyAccountsPage filter={filter} options={pageOptions} onOptionsChange={() => {}} viewAsUid={null} />
    </MemoryRouter>,
  );
}

describe('MyAccountsPage pager and sorting', () => {
  it('counts a result smaller than one page ("1–2 of 2"), without page buttons', async () => {
    serve(pageOf(2, false));
    renderPage();
    await screen.findByText('Account 2');
    expect(screen.getByTestId('page-range').textContent).toBe('1–2 of 2');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('names the pager arrows "Previous page" and "Next page"', async () => {
    serve(pageOf(119, false));
    renderPage();
    await screen.findByText('Account 2');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
    expect(screen.getByTestId('page-range').textContent).toBe('1–50 of 119');
  });

  it('marks the sorted column header with aria-sort, and its button fills the header cell', async () => {
    serve(pageOf(2, false));
    renderPage({ ...options, sort: 'employees', direction: 'desc' });
    await screen.findByText('Account 2');
    const employees = screen.getByRole('button', { name: 'Sort by Employees' });
    expect(employees.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    // The button is the whole cell: the cell has no padding of its own around it.
    expect(employees.parentElement?.tagName).toBe('TH');
    expect(employees.className).toMatch(/button/);
    expect(screen.getByRole('button', { name: 'Sort by Name' }).closest('th')?.hasAttribute('aria-sort')).toBe(false);
  });
});

describe('MyAccountsPage, empty', () => {
  const empty: TerritoryPage = { rows: [], total: 0, total_estimated: false, page: 1, page_size: 50 };

  it('tells a colleague viewing it read-only that there are none, not to add some', async () => {
    serve(empty);
    renderWithProviders(
      <MemoryRouter>
        <MyAccountsPage filter={filter} options={options} onOptionsChange={() => {}} viewAsUid="u_mike" />
      </MemoryRouter>,
    );
    await screen.findByText('This colleague has no accounts in My Accounts yet.');
    expect(screen.queryByText(/Add accounts from the search/)).toBeNull();
  });

  it('tells its owner how to add some', async () => {
    serve(empty);
    renderPage();
    await screen.findByText('No accounts yet. Add accounts from the search or an account page.');
  });
});

describe('MyAccountsPage bulk actions', () => {
  it('moves the keyboard to "Select all on this page" once an action on the ticked accounts clears them', async () => {
    serve(pageOf(2, false));
    renderWithProviders(
      <MemoryRouter>
        <MyAccountsPage
          filter={filter}
          options={options}
          onOptionsChange={() => {}}
          viewAsUid={null}
          // As Add to list does: acts, then clears the ticks, which disables the button pressed.
          bulkActions={(selected, clear, disabled) => (
            <button type="button" disabled={disabled} onClick={() => selected.length > 0 && clear()}>
              Act
            </button>
          )}
        />
      </MemoryRouter>,
    );
    await screen.findByText('Account 2');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Account 1' }));
    const act = screen.getByRole('button', { name: 'Act' }) as HTMLButtonElement;
    act.focus();
    fireEvent.click(act);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all on this page' });
    await waitFor(() => expect(document.activeElement).toBe(selectAll));
    expect(act.disabled).toBe(true);
  });
});
