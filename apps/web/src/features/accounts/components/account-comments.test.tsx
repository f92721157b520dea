import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { AccountComments } from './account-comments.tsx';

/** The comments API as the page reads it: no comments yet; every write is recorded. */
function serve(): string[] {
  const writes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') writes.push(`${init.method} ${String(input)}`);
      return new Response(JSON.stringify({ comments: [] }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return writes;
}

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AccountComments', () => {
  it('posts one comment for a double click on Post comment', async () => {
    const writes = serve();
    renderWithProviders(
      <RouterProvider
        router={createMemoryRouter([
          { path: '/', element: <AccountComments accountId="acc_walmart_com" language="en" /> },
        ])}
      />,
    );
    const box = (await screen.findByLabelText('Add a comment for your colleagues')) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Call them after the earnings call' } });
    const post = screen.getByRole('button', { name: 'Post comment' });
    // Both clicks land before the page renders again, as a quick double click's do: the button cannot yet show it is busy.
    post.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    post.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // Posted: the box is empty again.
    await waitFor(() => expect(box.value).toBe(''));
    expect(writes).toEqual(['POST /api/accounts/acc_walmart_com/comments']);
  });
});
