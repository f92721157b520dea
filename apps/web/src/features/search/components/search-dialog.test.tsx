import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
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

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe('SearchDialog Enter', () => {
  it("opens what the new text finds, not the previous text's first result still on screen", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const q = new URL(url, 'http://quarry.test').searchParams.get('q') ?? '';
        const name = q === 'boeing' ? 'Boeing' : q === 'humana' ? 'Humana' : null;
        const body = url.includes('/api/contacts/search')
          ? { people: [] }
          : {
              hits: name ? [{ master_account_id: `acc_${q}`, account_name: name, website: null, logo_url: null }] : [],
            };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(
      <MemoryRouter>
        <SearchDialog opened onOpen={() => {}} onClose={() => {}} />
        <Where />
      </MemoryRouter>,
    );
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: 'boeing' } });
    await screen.findByRole('option', { name: /Boeing/ }, { timeout: 3000 });
    fireEvent.change(input, { target: { value: 'humana' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    // Boeing is still the option on screen while Humana is asked for.
    expect(screen.getByTestId('where').textContent).toBe('/');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/accounts/acc_humana'), {
      timeout: 3000,
    });
  });
});

describe('SearchDialog typing and pointing', () => {
  function serveTwo() {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const body = url.includes('/api/contacts/search')
          ? { people: [] }
          : {
              hits: [
                { master_account_id: 'acc_sysco', account_name: 'Sysco', website: null, logo_url: null },
                { master_account_id: 'acc_sysmex', account_name: 'Sysmex', website: null, logo_url: null },
              ],
            };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  }

  it('leaves a key to the element it was typed on once the box has had the focus', async () => {
    serveTwo();
    renderWithProviders(
      <MemoryRouter>
        <SearchDialog opened onOpen={() => {}} onClose={() => {}} />
      </MemoryRouter>,
    );
    const input = (await screen.findByRole('combobox')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'sysco' } });
    // Focus on Close (Tab), then Space or a letter: the search text stays as typed.
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: ' ' });
    fireEvent.keyDown(close, { key: 'c' });
    expect(input.value).toBe('sysco');
  });

  it('moves the highlight with a moving pointer only, not one resting where results appear', async () => {
    serveTwo();
    renderWithProviders(
      <MemoryRouter>
        <SearchDialog opened onOpen={() => {}} onClose={() => {}} />
      </MemoryRouter>,
    );
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'sys' } });
    const second = await screen.findByRole('option', { name: /Sysmex/ }, { timeout: 3000 });
    fireEvent.mouseEnter(second);
    expect(screen.getByRole('option', { name: /Sysco/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseMove(second);
    expect(second.getAttribute('aria-selected')).toBe('true');
  });
});
