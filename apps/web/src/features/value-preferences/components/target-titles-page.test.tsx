import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { TargetTitlesPage } from './target-titles-page.tsx';

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The saved titles, answered when the test releases them (or refused with a 500). */
function heldTitles() {
  let release: (status: number) => void = () => {};
  const answered = new Promise<number>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const status = await answered;
      const body = status === 200 ? { titles: ['Chief Operating Officer'] } : { error: { code: 'internal' } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return release;
}

/** The page under a data router, as the app has it (its unsaved-changes guard needs one). */
const renderPage = () =>
  renderWithProviders(
    <RouterProvider router={createMemoryRouter([{ path: '/', element: <TargetTitlesPage canEdit /> }])} />,
  );

const input = () => screen.getByPlaceholderText('Type a title and press Enter') as HTMLInputElement;

describe('TargetTitlesPage while the saved titles load', () => {
  it('takes no title until they are known, so nothing typed is wiped when they arrive', async () => {
    const release = heldTitles();
    renderPage();
    expect(input().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await act(async () => release(200));
    await screen.findByText('Chief Operating Officer');
    // Known now: the input takes titles (typing and Enter are walked in e2e/value-preferences.e2e.ts).
    await waitFor(() => expect(input().disabled).toBe(false));
  });

  it('says the titles could not be loaded and never lets an empty list replace them', async () => {
    const release = heldTitles();
    renderPage();
    await act(async () => release(500));
    expect(await screen.findByText('Error loading, please try again')).toBeTruthy();
    expect(input().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});
