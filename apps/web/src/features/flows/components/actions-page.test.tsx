import type { FlowSummary } from '@quarry/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { flowSummary } from '../../../test-support/flows.ts';
import { ActionsPage } from './actions-page.tsx';

const base = flowSummary({ id: 'f_ready', needs_review_count: 0, approved_count: 1 });
const writing: FlowSummary = {
  ...base,
  id: 'f_writing',
  type: 'syft_value_match_campaign',
  status: 'flow_in_progress',
  account_names: ['Acme', 'Globex', 'Initech'],
  account_count: 20,
  message_count: 40,
  generated_count: 12,
  approved_count: 0,
};
const failed: FlowSummary = {
  ...base,
  id: 'f_failed',
  type: 'value_message_sequence',
  status: 'flow_failed',
  generated_count: 0,
  approved_count: 0,
  error: 'The writer could not be reached',
};
const completed: FlowSummary = {
  ...base,
  id: 'f_done',
  status: 'flow_completed',
  destination_type: 'download',
  destination_status: 'destination_completed',
  approved_count: 0,
  delivered_count: 2,
};

/** The API answering /api/flows with these flows; every address asked of the flows is recorded. */
function serve(flows: FlowSummary[], hidden = 0): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      // The reader (its help links): no help configured.
      if (String(input).endsWith('/api/me')) return new Response('{}', { status: 200 });
      asked.push(String(input));
      return new Response(JSON.stringify({ flows, hidden_older_count: hidden }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

function renderPage(at = '/actions') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/actions" element={<ActionsPage />} />
        <Route path="/action/:flowId" element={<p>Flow page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const rowOf = (id: string) => {
  const row = screen.getAllByTestId('flow-row').find((r) => r.dataset.flowId === id);
  if (!row) throw new Error(`no row for ${id}`);
  return row;
};

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ActionsPage', () => {
  it('labels each status and type in words, with progress while writing and counts afterwards', async () => {
    serve([writing, base, failed, completed]);
    renderPage();
    await screen.findAllByTestId('flow-row');
    expect(screen.getAllByTestId('flow-status').map((b) => b.textContent)).toEqual([
      'In progress',
      'Ready for review',
      'Failed',
      'Completed',
    ]);
    expect(screen.getAllByTestId('flow-type').map((b) => b.textContent)).toEqual([
      'Value Match campaign',
      'Value message',
      'Quick Prospect',
      'Value message',
    ]);
    expect(within(rowOf('f_writing')).getByTestId('flow-progress').textContent).toBe('12 of 40 messages');
    const many = within(rowOf('f_writing')).getByText('Acme, Globex, Initech and 17 more');
    // A list of accounts is cut at two lines; one account's name never is.
    expect(many.getAttribute('data-line-clamp')).toBe('true');
    expect(within(rowOf('f_ready')).getByText('Acme').getAttribute('data-line-clamp')).toBeNull();
    expect(within(rowOf('f_ready')).getByTestId('flow-progress').textContent).toBe('1 of 2 approved');
    // A CSV reached no prospect: downloaded, not delivered.
    expect(within(rowOf('f_done')).getByTestId('flow-progress').textContent).toBe('2 of 2 downloaded');
    expect(within(rowOf('f_done')).getByTestId('flow-destination-status').textContent).toBe('Downloaded');
  });

  it('says "Partly delivered" (or downloaded, for a CSV) of a send of some messages only, and when each flow was created to the minute', async () => {
    const partly = { ...completed, status: 'flow_ready_for_review', delivered_count: 1, message_count: 2 } as const;
    serve([
      { ...partly, id: 'f_tool', destination_type: 'engagement' },
      { ...partly, id: 'f_csv' },
    ]);
    renderPage();
    await screen.findAllByTestId('flow-row');
    expect(within(rowOf('f_tool')).getByTestId('flow-destination-status').textContent).toBe('Partly delivered');
    expect(within(rowOf('f_tool')).getByTestId('flow-progress').textContent).toBe('1 of 2 delivered');
    expect(within(rowOf('f_csv')).getByTestId('flow-destination-status').textContent).toBe('Partly downloaded');
    expect(within(rowOf('f_tool')).getByText(/\d{1,2}:\d{2}/)).toBeTruthy();
  });

  it('opens only flows ready for review or completed; the others say why not, a failed one with Retry', async () => {
    serve([writing, base, failed, completed]);
    renderPage();
    await screen.findAllByTestId('flow-row');
    expect(screen.getAllByTestId('flow-row').map((r) => r.dataset.openable)).toEqual([
      'false',
      'true',
      'false',
      'true',
    ]);
    expect(within(rowOf('f_writing')).getByTestId('flow-closed-reason').textContent).toBe('Still writing messages');
    expect(within(rowOf('f_writing')).queryByRole('link')).toBeNull();
    expect(within(rowOf('f_failed')).getByTestId('flow-closed-reason').textContent).toBe(
      'Failed: The writer could not be reached',
    );
    expect(within(rowOf('f_failed')).getByRole('button', { name: 'Retry' })).toBeTruthy();

    // Clicking a row that cannot open stays here; clicking a ready one opens its page.
    fireEvent.click(rowOf('f_writing'));
    expect(screen.queryByText('Flow page')).toBeNull();
    fireEvent.click(rowOf('f_ready'));
    expect(await screen.findByText('Flow page')).toBeTruthy();
  });

  it('marks a flow support started while acting as Rita "via Support" beside her name, and hers without', async () => {
    serve([{ ...base, id: 'f_via', initiated_via_support: true }, base]);
    renderPage();
    await screen.findAllByTestId('flow-row');
    expect(rowOf('f_via').textContent).toContain('Rita Rep');
    expect(within(rowOf('f_via')).getByTestId('via-support').textContent).toBe('via Support');
    expect(rowOf('f_ready').textContent).toContain('Rita Rep');
    expect(within(rowOf('f_ready')).queryByTestId('via-support')).toBeNull();
  });

  it('does not offer delete while a flow is writing its messages', async () => {
    serve([writing, base]);
    renderPage();
    await screen.findAllByTestId('flow-row');
    const locked = within(rowOf('f_writing')).getByRole('button', { name: /^Delete/ }) as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    expect(within(rowOf('f_writing')).getByTestId('flow-delete-locked')).toBeTruthy();
    const open = within(rowOf('f_ready')).getByRole('button', { name: /^Delete/ }) as HTMLButtonElement;
    expect(open.disabled).toBe(false);
  });

  it('hides flows older than 30 days until "Show older", saying how many are hidden', async () => {
    const asked = serve([base], 3);
    renderPage();
    expect((await screen.findByTestId('flows-hidden-older')).textContent).toBe('3 older than 30 days hidden');
    expect(asked.at(-1)).toBe('/api/flows?include_older=false');
    fireEvent.click(screen.getByRole('switch', { name: 'Show flows older than 30 days' }));
    await vi.waitFor(() => expect(asked.at(-1)).toBe('/api/flows?include_older=true'));
  });

  it('keeps its filter in the address: Back from a flow, or a reload, opens the list as it was', async () => {
    const asked = serve([base]);
    renderPage('/actions?status=flow_completed&older=1');
    await vi.waitFor(() => expect(asked.at(-1)).toBe('/api/flows?status=flow_completed&include_older=true'));
    expect(screen.getByDisplayValue('Completed')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Show flows older than 30 days' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('guides a user without flows to start one from a Value Match page', async () => {
    serve([]);
    renderPage();
    const empty = await screen.findByTestId('flows-empty');
    expect(within(empty).getByText('No flows yet')).toBeTruthy();
    expect(within(empty).getByText(/Start one from an account: open it from Value Match/)).toBeTruthy();
  });

  it('says listing failed, in the spec’s words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'internal_error', message: 'x' } }), {
            status: 500,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Error listing flows, please try again')).toBeTruthy();
  });

  it('links the help on actions the server names, in a new tab, and none it has no address for', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const me = String(input).endsWith('/api/me');
        const body = me
          ? {
              help_links: {
                support: 'mailto:help@example.com',
                changelog: null,
                actions: 'https://help.example.com/actions',
                actions_request: null,
                sequence_variables: null,
              },
            }
          : { flows: [base], hidden_older_count: 0 };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderPage();
    const links = await screen.findByTestId('help-links');
    const actions = within(links).getByRole('link', { name: /^How actions work/ });
    expect(actions.getAttribute('href')).toBe('https://help.example.com/actions');
    expect(actions.getAttribute('target')).toBe('_blank');
    expect(within(links).queryByRole('link', { name: /^Request a new action/ })).toBeNull();
  });
});
