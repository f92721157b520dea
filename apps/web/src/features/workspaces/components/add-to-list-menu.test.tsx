import type { List } from '@quarry/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { AddToListMenu } from './add-to-list-menu.tsx';

const list = (id: string, name: string) =>
  ({ id, name, type: 'accounts', workspace_id: 'w1', workspace_name: 'Energy Q4' }) as unknown as List;

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddToListMenu', () => {
  it('reads the lists again each time it opens: a list deleted meanwhile is no longer offered', async () => {
    let answer: List[] = [list('l1', 'Oil majors')];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ lists: answer }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    // Lists stay fresh for 30 s, as in the app: closing and opening the menu alone would not read them again.
    renderWithProviders(<AddToListMenu ids={() => ['acc_1']} />, { staleTime: 30_000 });
    const button = screen.getByRole('button', { name: 'Add to list' });
    fireEvent.click(button);
    await screen.findByText('Oil majors');
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByText('Oil majors')).toBeNull());

    // A colleague deletes the workspace; opened again, the menu says what is there now.
    answer = [];
    fireEvent.click(button);
    await screen.findByText('No lists yet');
    expect(screen.queryByText('Oil majors')).toBeNull();
  });
});
