import { ModalsProvider } from '@mantine/modals';
import type { Upload } from '@quarry/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { UploadPage } from './upload-page.tsx';

const running: Upload = {
  id: 'up_1',
  type: 'WEBSITE',
  status: 'IN_PROGRESS',
  input: 'trade-show.csv',
  input_kind: 'csv',
  input_digest: 'x',
  destination: { type: 'territory', id: 'u_rita', name: 'Rita Rep', exists: true, readable: true },
  created_by: { uid: 'u_rita', display_name: 'Rita Rep' },
  created_via_support: false,
  line_count: 3000,
  processed_count: 1000,
  added_count: 600,
  already_present_count: 200,
  created_count: 100,
  success_count: 800,
  failures_count: 200,
  not_fitted_count: 0,
  error_code: null,
  created: '2026-03-02T10:00:00.000Z',
  finished_at: null,
};

/** The API: GET /api/uploads and /api/uploads/:id answer `upload`; POST records its body. */
function serve(first: Upload) {
  let upload = first;
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST' && url.endsWith('/cancel')) {
        posted.push({ cancel: url });
        upload = { ...upload, status: 'FAILED', error_code: 'cancelled', finished_at: '2026-03-02T10:00:30.000Z' };
        return json(upload);
      }
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(upload, 201);
      }
      if (url.endsWith('/failure-lines')) {
        return json({
          total: 200,
          failures: [
            { line: 2, value: 'not a domain', reason: 'not_a_domain', duplicate_of: null },
            { line: 5, value: 'acme.com', reason: 'duplicate', duplicate_of: 3 },
          ],
        });
      }
      if (url.includes('/api/uploads/')) return json(upload);
      if (url.includes('/api/uploads')) return json({ uploads: [upload] });
      if (url.includes('/api/lists')) return json({ lists: [] });
      if (url.includes('/api/filters')) return json({ filters: [] });
      return json({ users: [] });
    }),
  );
  return posted;
}

function renderPage(path = '/upload') {
  // The app's shell provides the modals a confirmation opens in.
  return renderWithProviders(
    <ModalsProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/upload" element={<UploadPage />} />
        </Routes>
      </MemoryRouter>
    </ModalsProvider>,
  );
}

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UploadPage', () => {
  it('counts pasted lines against the maximum and refuses more before asking the server', async () => {
    const posted = serve(running);
    renderPage();
    const input = await screen.findByTestId('upload-input');
    fireEvent.change(input, { target: { value: 'ge.com\n\n  bbc.co.uk  \n' } });
    expect(screen.getByTestId('upload-line-count').textContent).toBe('2 / 100,000 lines');
    fireEvent.change(input, { target: { value: 'a.com\n'.repeat(100_001) } });
    expect(screen.getByText('Upload at most 100,000 lines, one per line')).toBeTruthy();
    expect((screen.getByTestId('upload-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(posted).toEqual([]);
  });

  it('takes a one-column CSV without a header as one value per line, counting each', async () => {
    const posted = serve(running);
    renderPage();
    const file = new File(['walmart.com\napple.com\nford.com\n'], 'nohdr.csv', { type: 'text/csv' });
    fireEvent.drop(await screen.findByTestId('upload-drop'), { dataTransfer: { files: [file] } });
    expect((await screen.findByTestId('upload-file')).textContent).toBe('nohdr.csv: 3 lines');
    expect(screen.queryByText(/No usable column/)).toBeNull();
    fireEvent.click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ format: 'lines', input: 'walmart.com\napple.com\nford.com\n' });
  });

  it('says before the upload that My Accounts takes at most 999 accounts from one, and not for a list', async () => {
    serve(running);
    renderPage();
    const input = await screen.findByTestId('upload-input');
    fireEvent.change(input, { target: { value: 'a.com\n'.repeat(999) } });
    expect(screen.queryByTestId('upload-territory-cap')).toBeNull();
    fireEvent.change(input, { target: { value: 'a.com\n'.repeat(1000) } });
    expect(screen.getByTestId('upload-territory-cap').textContent).toBe(
      'My Accounts takes at most 999 accounts from one upload: past the first 999 that add an account, the lines are not added. Choose a list to add them all.',
    );
    fireEvent.click(screen.getByLabelText('An account list'));
    expect(screen.queryByTestId('upload-territory-cap')).toBeNull();
  });

  it('with no saved filter to pick, says where one is made and links there', async () => {
    serve(running);
    renderPage();
    fireEvent.click(await screen.findByTestId('upload-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Accounts matching a saved filter', hidden: true }));
    const none = await screen.findByTestId('upload-no-filters');
    expect(within(none).getByRole('link', { name: 'Open My Accounts' }).getAttribute('href')).toBe('/MyTerritory');
  });

  it('shows examples of the type chosen, and where an account id is found, where ids showed websites', async () => {
    serve(running);
    renderPage();
    const input = (await screen.findByTestId('upload-input')) as HTMLTextAreaElement;
    expect(input.placeholder).toContain('https://www.ge.com/');
    fireEvent.click(screen.getByTestId('upload-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Account ids', hidden: true }));
    await waitFor(() => expect(input.placeholder).toBe('acc_ge_com\nacc_walmart_com\nacc_apple_com'));
    expect(screen.getByText(/acc_walmart_com in \/accounts\/acc_walmart_com/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('upload-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Domains', hidden: true }));
    await waitFor(() => expect(input.placeholder).toBe('ge.com\nbbc.co.uk\nacme-widgets.com'));
  });

  it('starts an upload into My Accounts and shows its progress with counts', async () => {
    const posted = serve(running);
    renderPage();
    fireEvent.change(await screen.findByTestId('upload-input'), { target: { value: 'ge.com' } });
    fireEvent.click(screen.getByTestId('upload-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      type: 'WEBSITE',
      input: 'ge.com',
      format: 'lines',
      destination: { type: 'territory' },
    });
    expect((await screen.findByTestId('upload-counted')).textContent).toBe('1,000 of 3,000 lines');
    expect(screen.getByTestId('upload-added').textContent).toBe('600');
    expect(screen.getByText('You can leave this page: the upload keeps going.')).toBeTruthy();
    // The keyboard follows: Upload is disabled once the form empties, which left it on the page.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Upload progress' }));
  });

  it('stops a running upload once asked to confirm, saying the accounts added so far stay', async () => {
    const posted = serve(running);
    renderPage('/upload?upload=up_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Stop upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this upload?' });
    expect(dialog.textContent).toContain('The accounts added so far stay (600)');
    // Keep uploading leaves it running and asks the server nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep uploading' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Stop upload' }));
    const again = await screen.findByRole('dialog', { name: 'Stop this upload?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Stop upload' }));
    await waitFor(() => expect(posted).toEqual([{ cancel: '/api/uploads/up_1/cancel' }]));
    const said = await screen.findByTestId('upload-stopped');
    expect(said.textContent).toBe('Stopped. The accounts added before the stop stay: 600.');
    // Stop upload is gone with the run: the focus is on what happened, announced as a status.
    expect(said.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(said));
    expect(within(screen.getByTestId('upload-progress')).getByTestId('upload-status').textContent).toBe('Stopped');
    await waitFor(() => expect(screen.getByTestId('upload-row').textContent).toContain('Stopped'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Stop upload' })).toBeNull();
    // Over: what it counted can be downloaded, as for any finished upload.
    expect(screen.getByRole('button', { name: 'Download failures (CSV)' })).toBeTruthy();
  });

  it('shows a finished upload with its failures download, and lists past uploads', async () => {
    serve({ ...running, status: 'COMPLETED', processed_count: 3000, finished_at: '2026-03-02T10:01:00.000Z' });
    renderPage('/upload?upload=up_1');
    expect((await screen.findByTestId('upload-progress')).dataset.status).toBe('COMPLETED');
    expect(screen.getByText('Download failures (CSV)')).toBeTruthy();
    // The first failed lines, each with its reason; the rest are in the CSV.
    const failed = await screen.findByTestId('upload-failure-lines');
    expect(failed.textContent).toContain('not a domainNot a website or domain');
    expect(failed.textContent).toContain('acme.comSame company as line 3');
    expect(failed.textContent).toContain('The first 2 of 200: the failures CSV holds them all.');
    const row = await screen.findByTestId('upload-row');
    expect(row.textContent).toContain('trade-show.csv');
    expect(row.textContent).toContain('Completed');
    // Created with its time, so two uploads of one day are told apart.
    expect(row.textContent).toMatch(/Mar [12], 2026,? \d{1,2}:\d{2}/);
    expect(within(row).queryByTestId('via-support')).toBeNull();
    // Its Show says which upload it shows: a list of "Show, Show, Show" told a screen reader nothing.
    expect(
      within(row).getByRole('button', { name: /^Show the upload of trade-show\.csv, Mar [12], 2026/ }),
    ).toBeTruthy();
  });

  it('says an upload where every line failed added no account, in orange, not the green of one that did', async () => {
    const none = { added_count: 0, already_present_count: 0, created_count: 0, success_count: 0 };
    serve({ ...running, ...none, status: 'COMPLETED', processed_count: 6, line_count: 6, failures_count: 6 });
    renderPage('/upload?upload=up_1');
    expect((await screen.findByTestId('upload-nothing-added')).textContent).toBe(
      'No account was added: none of the 6 lines matched one. Their reasons are below, and all of them in the failures CSV.',
    );
    const badges = () => screen.getAllByTestId('upload-status').map((b) => b.getAttribute('style') ?? '');
    await screen.findByTestId('upload-row');
    expect(badges()).toHaveLength(2);
    for (const style of badges()) expect(style).toContain('#b34700');
    // Nothing to open where nothing went.
    expect(screen.queryByText(/^Open My Accounts/)).toBeNull();
    cleanup();
    // One that added accounts keeps its green, and says nothing of the kind.
    serve({ ...running, status: 'COMPLETED', processed_count: 3000 });
    renderPage('/upload?upload=up_1');
    await screen.findByTestId('upload-row');
    await screen.findByTestId('upload-progress');
    expect(screen.queryByTestId('upload-nothing-added')).toBeNull();
    for (const style of badges()) expect(style).not.toContain('#b34700');
  });

  it('counts in the past uploads every line that added no account, the ones that did not fit too', async () => {
    serve({ ...running, status: 'COMPLETED', processed_count: 3000, failures_count: 200, not_fitted_count: 1800 });
    renderPage();
    const row = await screen.findByTestId('upload-row');
    expect(within(row).getByTestId('upload-row-failures').textContent).toBe('2,000');
  });

  it('says how many of the successes were accounts already there, not added by the upload', async () => {
    serve({ ...running, status: 'COMPLETED', processed_count: 1000, failures_count: 0, not_fitted_count: 0 });
    renderPage();
    const row = await screen.findByTestId('upload-row');
    expect(row.textContent).toContain('800 (200 already there)');
  });

  it('says a destination list deleted since, and links to none', async () => {
    serve({
      ...running,
      status: 'COMPLETED',
      processed_count: 3000,
      destination: { type: 'list', id: 'l_gone', name: 'Retail targets', exists: false, readable: false },
    });
    renderPage('/upload?upload=up_1');
    expect((await screen.findByTestId('upload-list-deleted')).textContent).toBe('List “Retail targets” (deleted)');
    expect(screen.queryByRole('link', { name: /Retail targets/ })).toBeNull();
    expect((await screen.findByTestId('upload-row')).textContent).toContain('List “Retail targets” (deleted)');
  });

  it("names a colleague's list the reader cannot open, and links to none", async () => {
    serve({
      ...running,
      status: 'COMPLETED',
      processed_count: 3000,
      destination: { type: 'list', id: 'l_ada', name: 'Ada trade show', exists: true, readable: false },
    });
    renderPage('/upload?upload=up_1');
    expect((await screen.findByTestId('upload-list-not-shared')).textContent).toBe(
      'List “Ada trade show” (not shared with you)',
    );
    expect(screen.queryByRole('link', { name: /Ada trade show/ })).toBeNull();
  });

  it('marks a past upload support started while acting as Rita "via Support" beside her name', async () => {
    serve({ ...running, status: 'COMPLETED', processed_count: 3000, created_via_support: true });
    renderPage();
    const row = await screen.findByTestId('upload-row');
    expect(row.textContent).toContain('Rita Rep');
    expect(within(row).getByTestId('via-support').textContent).toBe('via Support');
  });
});
