import { ModalsProvider } from '@mantine/modals';
import type { FlowSummary } from '@quarry/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSnackbarStore } from '../../../lib/snackbar-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { flowSummary } from '../../../test-support/flows.ts';
import { StartFlowButtons } from './start-flow-buttons.tsx';

const started = { id: 'f 9', type: 'value_message_sequence', message_count: 2 } as FlowSummary;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(prepareDom);

beforeEach(() => useSnackbarStore.setState({ general: null, route: null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StartFlowButtons', () => {
  it('starts a Quick Prospect for the ticked contacts and offers to visit the new flow', async () => {
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_: RequestInfo | URL, init?: RequestInit) => {
        // Nobody is written to yet.
        if (init?.method !== 'POST') return json({ flows: [], hidden_older_count: 0 });
        posts.push(JSON.parse(String(init?.body)));
        return json(started, 201);
      }),
    );
    const onStarted = vi.fn();
    renderWithProviders(
      <MemoryRouter initialEntries={['/valueMatch/acc_1']}>
        <StartFlowButtons masterAccountId="acc_1" contactIds={['c1', 'c2']} onStarted={onStarted} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quick Prospect' }));
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        type: 'value_message_sequence',
        initiated_from: '/valueMatch/acc_1',
        accounts: [{ master_account_id: 'acc_1', contact_ids: ['c1', 'c2'] }],
      },
    ]);
    expect(useSnackbarStore.getState().route).toMatchObject({
      message: 'Quick Prospect started: its messages are being written',
      route: '/action/f%209',
    });
  });

  it('asks first when a flow not sent yet already writes to these contacts, and starts nothing on Cancel', async () => {
    const asked: string[] = [];
    const posts: unknown[] = [];
    const open = flowSummary({
      id: 'f1',
      account_names: ['Goodyear Tire & Rubber'],
      created: '2026-11-30T02:50:00.000Z',
    });
    const sent = flowSummary({ id: 'f0', status: 'flow_completed' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method !== 'POST') {
          asked.push(String(input));
          return json({ flows: [open, sent], hidden_older_count: 0 });
        }
        posts.push(JSON.parse(String(init?.body)));
        return json(started, 201);
      }),
    );
    const onStarted = vi.fn();
    // As in the app, the dialogs open inside the router: the flow named in one is a link.
    renderWithProviders(
      <MemoryRouter initialEntries={['/accounts/acc_1']}>
        <ModalsProvider>
          <StartFlowButtons masterAccountId="acc_1" contactIds={['c1', 'c2']} onStarted={onStarted} />
        </ModalsProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create value message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Already being written to' });
    expect(asked).toEqual(['/api/flows?contact_ids=c1%2Cc2&include_older=false']);
    // The flow already sent is not counted: only the one still open.
    expect(dialog.textContent).toContain(
      'You already have a flow not sent yet for these contacts: Value message · Goodyear Tire & Rubber, started',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Asked from an enabled button that held the focus, the question gives the focus back to it.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create value message' })),
    );
    expect(posts).toEqual([]);
    expect(onStarted).not.toHaveBeenCalled();

    // The flow it names opens from the question, which it answers: nothing new starts.
    fireEvent.click(screen.getByRole('button', { name: 'Create value message' }));
    const again = await screen.findByRole('dialog', { name: 'Already being written to' });
    const link = within(again).getByRole('link', { name: 'Value message · Goodyear Tire & Rubber' });
    expect(link.getAttribute('href')).toBe('/action/f1');
    fireEvent.click(link);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Create value message' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start another' }));
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(posts).toHaveLength(1);
  });

  it('cannot start anything before a contact is ticked', () => {
    renderWithProviders(
      <MemoryRouter>
        <StartFlowButtons masterAccountId="acc_1" contactIds={[]} />
      </MemoryRouter>,
    );
    expect((screen.getByRole('button', { name: 'Create value message' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Quick Prospect' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
