import type { FlowSummary } from '@quarry/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSnackbarStore } from '../../../lib/snackbar-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { StartFlowButtons } from './start-flow-buttons.tsx';

const started = { id: 'f 9', type: 'value_message_sequence', message_count: 2 } as FlowSummary;

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
        posts.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify(started), { status: 201, headers: { 'content-type': 'application/json' } });
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
