import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { SearchDialog } from './search-dialog.tsx';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

async function search(text: string) {
  renderWithProviders(
    <MemoryRouter>
      <SearchDialog opened onOpen={() => {}} onClose={() => {}} />
    </MemoryRouter>,
  );
  fireEvent.change(await screen.findByRole('combobox'), { target: { value: text } });
}

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchDialog failures', () => {
  it('tells a reader refused for searching too fast when to try again', async () => {
    answer(429, { error: { code: 'too_many_requests', message: 'Too many requests, please try again in 12 seconds' } });
    await search('walmart');
    expect(
      await screen.findByText('Too many requests, please try again in 12 seconds', {}, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it('reads any other failure as the generic error', async () => {
    answer(500, { error: { code: 'internal', message: 'boom' } });
    await search('walmart');
    expect(await screen.findByText('Something went wrong, please try again', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });
});
