import { ModalsProvider } from '@mantine/modals';
import type { SignalSource } from '@quarry/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { useSnackbarStore } from '../../../lib/snackbar-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { SignalSourcesSettings } from './signal-sources-settings.tsx';

const source = (over: Partial<SignalSource>): SignalSource => ({
  id: 'sig_src_1',
  kind: 'feed',
  url: 'https://disco.example/news.rss',
  board_token: null,
  name: 'Disco newsroom',
  master_account_id: 'acc_disco',
  account_name: 'Disco Instruments',
  status: 'active',
  discovered: false,
  next_fetch_at: '2026-11-26T08:00:00.000Z',
  last_fetch_at: null,
  last_success_at: null,
  last_error: null,
  last_error_reason: null,
  failure_count: 0,
  fetch_count: 0,
  not_modified_count: 0,
  items_found: 0,
  last_items_found: 0,
  created_at: '2026-11-26T07:00:00.000Z',
  ...over,
});

/** GET /api/signal-sources answers `sources`; POSTs are recorded by URL. */
const NO_DISCOVERY = {
  state: 'idle',
  accounts_checked: 0,
  accounts_with_sources: 0,
  sources_found: 0,
  accounts_unreadable: 0,
};

/** Whether the company has accounts in a territory or a list, as discover-all answers. */
let heldAccounts = true;

function serve(sources: SignalSource[], sweep = { state: 'idle', due: 0 }, discovery: object = NO_DISCOVERY) {
  const posted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        posted.push(url);
        if (url.endsWith('/api/signal-sources')) {
          // As the server does: a URL already watched is refused, naming the field.
          const body = JSON.parse(String(init.body)) as { url?: string };
          if (sources.some((s) => s.url === body.url)) {
            const issue = { field: 'url', message: 'This source is already watched', reason: 'taken' };
            return json(
              { error: { code: 'validation_error', message: issue.message, details: { fields: [issue] } } },
              400,
            );
          }
          const added = source({ id: `added_${posted.length}`, url: body.url, name: body.url });
          sources.push(added);
          return json(added, 201);
        }
        if (url.endsWith('/discover-all')) return json({ queued: heldAccounts, has_accounts: heldAccounts }, 202);
        return json(
          url.endsWith('/discover') ? { added: [], reason: 'nothing new', reasons: [] } : { queued: true },
          202,
        );
      }
      if (url.includes('/api/accounts/search'))
        return json({ hits: [{ master_account_id: 'acc_sysco_com', account_name: 'Sysco' }] });
      return json({ sources, sweep, discovery });
    }),
  );
  return posted;
}

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SignalSourcesSettings', () => {
  it('shows for an SEC source which address to give, with an example, and the way to let Quarry find it', async () => {
    serve([]);
    renderWithProviders(
      <MemoryRouter>
        <SignalSourcesSettings />
      </MemoryRouter>,
    );
    const hint = /EDGAR filings feed, such as https:\/\/www\.sec\.gov\/cgi-bin\/browse-edgar/;
    fireEvent.click((await screen.findAllByLabelText('Kind')).find((e) => e.tagName === 'INPUT') as HTMLElement);
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'SEC filings (8-K)', hidden: true }));
    expect((await screen.findByText(hint)).textContent).toContain('“Find the account’s sources”');
  });

  it('deletes a source once confirmed, and the keyboard goes on from the section, not the page top', async () => {
    serve([source({ id: 'b', name: 'Hand-added wire', master_account_id: null, account_name: null })]);
    renderWithProviders(
      <ModalsProvider>
        <MemoryRouter>
          <SignalSourcesSettings />
        </MemoryRouter>
      </ModalsProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Hand-added wire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this source?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Signal sources' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('marks discovered sources and queues discovery for the accounts on request', async () => {
    const posted = serve([
      source({ id: 'a', name: 'Disco newsroom', discovered: true }),
      source({ id: 'b', name: 'Hand-added wire', discovered: false, master_account_id: null, account_name: null }),
    ]);
    renderWithProviders(
      <MemoryRouter>
        <SignalSourcesSettings />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('signal-source-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Discovered');
    expect(rows[1]?.textContent).not.toContain('Discovered');
    fireEvent.click(screen.getByRole('button', { name: 'Find sources for our accounts' }));
    await waitFor(() => expect(posted.some((u) => u.endsWith('/api/signal-sources/discover-all'))).toBe(true));
    await waitFor(() =>
      expect(useSnackbarStore.getState().general?.message).toMatch(
        /^Quarry is looking at the websites of the accounts/,
      ),
    );
  });

  it('says there is nothing to look at, and where accounts are added, when no account is in a territory or a list', async () => {
    heldAccounts = false;
    useSnackbarStore.getState().closeGeneral();
    try {
      serve([]);
      renderWithProviders(
        <MemoryRouter>
          <SignalSourcesSettings />
        </MemoryRouter>,
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Find sources for our accounts' }));
      const told = await screen.findByTestId('signal-discovery-no-accounts');
      expect(told.textContent).toMatch(/^No account is in My Accounts or a list yet/);
      expect(within(told).getByRole('link', { name: 'Open Add Accounts' }).getAttribute('href')).toBe('/upload');
      expect(useSnackbarStore.getState().general?.message ?? '').not.toMatch(/^Quarry is looking/);
    } finally {
      heldAccounts = true;
    }
  });

  it('keeps an account chosen from the list, so its sources can be looked for; typing again unbinds it', async () => {
    const posted = serve([]);
    renderWithProviders(
      <MemoryRouter>
        <SignalSourcesSettings />
      </MemoryRouter>,
    );
    const find = screen.getByRole('button', { name: 'Find the account’s sources' });
    expect(find.hasAttribute('disabled')).toBe(true);
    const input = screen.getAllByLabelText('Account (optional)').find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Sys' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Sysco', hidden: true }));
    await waitFor(() => expect(input.value).toBe('Sysco'));
    expect(find.hasAttribute('disabled')).toBe(false);
    fireEvent.click(find);
    await waitFor(() => expect(posted.some((u) => u.endsWith('/api/signal-sources/discover'))).toBe(true));
    fireEvent.change(input, { target: { value: 'Sysc' } });
    await waitFor(() => expect(find.hasAttribute('disabled')).toBe(true));
  });

  it('gives the keyboard to the field the server refused, not the Add source it was on', async () => {
    serve([source({ url: 'https://disco.example/news.rss' })]);
    renderWithProviders(
      <MemoryRouter>
        <SignalSourcesSettings />
      </MemoryRouter>,
    );
    const url = (await screen.findByLabelText(/^URL/)) as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'https://disco.example/news.rss' } });
    const submit = screen.getByRole('button', { name: 'Add source' });
    submit.focus();
    fireEvent.click(submit);
    await screen.findByText('This source is already watched');
    await waitFor(() => expect(document.activeElement).toBe(url));
  });

  it('adds a source once for a double click on Add source, with no false "already watched"', async () => {
    const posted = serve([]);
    renderWithProviders(
      <MemoryRouter>
        <SignalSourcesSettings />
      </MemoryRouter>,
    );
    const url = screen.getByLabelText('URL') as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'https://corporate.walmart.com/news/rss' } });
    const add = screen.getByRole('button', { name: 'Add source' });
    // Both clicks land before the page renders again, as a quick double click's do: the button cannot yet show it is busy.
    add.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    add.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => expect(useSnackbarStore.getState().general?.message).toMatch(/^Source added/));
    await waitFor(() => expect(url.value).toBe(''));
    expect(posted.filter((u) => u.endsWith('/api/signal-sources'))).toHaveLength(1);
    expect(screen.queryByText('This source is already watched')).toBeNull();
  });

  it('shows a source that failed once as retrying with its error, and as failing only once the server marks it so', async () => {
    serve([
      source({ id: 'a', name: 'Once broken', failure_count: 1, last_error: 'HTTP 500' }),
      source({ id: 'b', name: 'Always broken', status: 'failing', failure_count: 3, last_error: 'HTTP 500' }),
      source({ id: 'c', name: 'Healthy' }),
    ]);
    renderWithProviders(
      <MemoryRouter>
        <SignalSourcesSettings />
      </MemoryRouter>,
    );
    await screen.findAllByTestId('signal-source-row');
    const statuses = screen.getAllByTestId('signal-source-status').map((b) => b.textContent);
    expect(statuses).toEqual(['Retrying', 'Failing', 'Active']);
    const [once] = screen.getAllByTestId('signal-source-row');
    expect(once?.textContent).toContain('The last read failed; after 3 failed reads in a row it is marked Failing.');
    expect(once?.textContent).toContain('HTTP 500');
    // When Quarry tries again, in the reader's date format.
    expect(within(once as HTMLElement).getByTestId('signal-source-next-fetch').textContent).toMatch(
      /^Next read: Nov 26, 2026/,
    );
  });

  it('says a source’s failure in the reader’s language, and in the server’s own words in English', async () => {
    const failing = source({
      status: 'failing',
      last_error: 'not a feed: no RSS, Atom or RDF root element',
      last_error_reason: { code: 'not_feed', params: {} },
    });
    const timedOut = source({
      id: 'b',
      name: 'Slow wire',
      last_error: 'timed out after 10 s',
      last_error_reason: { code: 'timed_out', params: { seconds: 10 } },
    });
    // Saved before failures had codes: the words as they were.
    const older = source({ id: 'c', name: 'Old wire', last_error: 'HTTP 503', last_error_reason: null });
    serve([failing, timedOut, older]);
    const view = renderWithProviders(
      <MemoryRouter>
        <SignalSourcesSettings />
      </MemoryRouter>,
    );
    let rows = await screen.findAllByTestId('signal-source-row');
    expect(rows[0]?.textContent).toContain('Not a feed: no RSS, Atom or RDF root element');
    expect(rows[1]?.textContent).toContain('Timed out after 10 s');
    view.unmount();
    await changeLanguage('fr');
    try {
      renderWithProviders(
        <MemoryRouter>
          <SignalSourcesSettings />
        </MemoryRouter>,
      );
      rows = await screen.findAllByTestId('signal-source-row');
      expect(rows[0]?.textContent).toContain('Ce n’est pas un flux\u00a0: ni RSS, ni Atom, ni RDF');
      expect(rows[0]?.textContent).not.toContain('no RSS');
      expect(rows[1]?.textContent).toContain('Délai dépassé après 10 s');
      expect(rows[2]?.textContent).toContain('HTTP 503');
    } finally {
      await changeLanguage('en');
    }
  });

  it('says what discovery found once it has looked, and that it is looking while it runs', async () => {
    serve([], undefined, {
      state: 'idle',
      accounts_checked: 9,
      accounts_with_sources: 0,
      sources_found: 0,
      accounts_unreadable: 9,
    });
    renderWithProviders(<SignalSourcesSettings />);
    const summary = await screen.findByTestId('signal-discovery-summary');
    expect(summary.textContent).toBe(
      'So far, discovery has looked at the websites of 9 accounts: 0 gave a feed or job board; sources found: 0. 9 websites could not be read; they are tried again tomorrow. Not one could be read: this Quarry server may not be able to reach the web (check its network or proxy settings).',
    );
    cleanup();
    // Numbers in the reader's style, as the progress line writes them ("1,015", not "1015").
    serve([], undefined, {
      state: 'idle',
      accounts_checked: 1015,
      accounts_with_sources: 1002,
      sources_found: 1200,
      accounts_unreadable: 13,
    });
    renderWithProviders(<SignalSourcesSettings />);
    expect((await screen.findByTestId('signal-discovery-summary')).textContent).toBe(
      'So far, discovery has looked at the websites of 1,015 accounts: 1,002 gave a feed or job board; sources found: 1,200. 13 websites could not be read; they are tried again tomorrow.',
    );
    cleanup();
    serve([], undefined, { ...NO_DISCOVERY, state: 'running', accounts_checked: 1234 });
    renderWithProviders(<SignalSourcesSettings />);
    await screen.findByText("Looking for feeds and job boards on your accounts' websites…");
    // A long discovery is seen moving.
    expect((await screen.findByTestId('signal-discovery-count')).textContent).toBe('Websites looked at so far: 1,234');
  });
});
