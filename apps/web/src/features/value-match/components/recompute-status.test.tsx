import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { RecomputeStatus } from './recompute-status.tsx';

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RecomputeStatus', () => {
  it('says a recompute is running, then when it was done, and asks the page to read its matches again', async () => {
    const answers = [
      { last_computed_at: '2026-11-27T10:00:00.000Z', running: false },
      { last_computed_at: '2026-11-27T10:00:00.000Z', running: true },
      { last_computed_at: '2026-11-27T10:05:00.000Z', running: false },
    ];
    let asked = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const body = answers[Math.min(asked, answers.length - 1)];
        asked++;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    const onComputed = vi.fn();
    renderWithProviders(<RecomputeStatus onComputed={onComputed} every={20} />);
    await screen.findByText('Recomputing matches…');
    await waitFor(() => expect(onComputed).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('recompute-status').textContent).toMatch(/^Last computed /);
  });
});
