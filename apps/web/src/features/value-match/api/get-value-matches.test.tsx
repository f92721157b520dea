import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { prepareDom } from '../../../test-support/dom.tsx';
import { IDLE_STATUS_POLL_MS, useValueMatchStatus } from './get-value-matches.ts';

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Status() {
  const status = useValueMatchStatus();
  return <p>{status.data ? (status.data.running ? 'Recomputing' : 'Idle') : 'Loading'}</p>;
}

it('hears of a recompute started elsewhere while the page sits idle', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  let running = false;
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ last_computed_at: '2026-11-27T10:00:00.000Z', running }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Status />
    </QueryClientProvider>,
  );
  await view.findByText('Idle');
  // A colleague saves a trigger: the server starts a recompute this page did not ask for.
  running = true;
  await vi.advanceTimersByTimeAsync(IDLE_STATUS_POLL_MS);
  await waitFor(() => expect(view.getByText('Recomputing')).toBeTruthy());
});
