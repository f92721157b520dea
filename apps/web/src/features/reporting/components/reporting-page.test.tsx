import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { ReportingPage } from './reporting-page.tsx';

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportingPage when the report cannot be loaded', () => {
  it('offers a Retry that loads it', async () => {
    let answers = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        answers++;
        // The first answer fails; the retry's is an empty range.
        return answers === 1
          ? new Response(JSON.stringify({ error: { code: 'internal', message: 'Internal error' } }), { status: 500 })
          : new Response(
              JSON.stringify({
                from: '2026-11-01',
                to: '2026-11-02',
                days: [],
                weeks: [],
                pages: [],
                events: [],
                users: [],
              }),
              { status: 200, headers: { 'content-type': 'application/json' } },
            );
      }),
    );
    renderWithProviders(
      <MemoryRouter initialEntries={['/reporting?from=2026-11-01&to=2026-11-02']}>
        <ReportingPage />
      </MemoryRouter>,
    );
    const error = await screen.findByTestId('report-error');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByTestId('report-error')).toBeNull());
    expect(answers).toBe(2);
  });
});
