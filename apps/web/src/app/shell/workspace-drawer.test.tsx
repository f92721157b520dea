import { STORAGE_KEYS } from '@quarry/shared/constants';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { useWorkspaceNavStore } from '../../features/workspaces/stores/workspace-nav-store.ts';
import { prepareDom, renderWithProviders } from '../../test-support/dom.tsx';
import { WorkspaceDrawer } from './workspace-drawer.tsx';

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useWorkspaceNavStore.getState().setVisible(false);
});

it('opens the Lists drawer with the focus on "Filter workspaces", not on Close', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ workspaces: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  renderWithProviders(
    <MemoryRouter>
      <WorkspaceDrawer />
    </MemoryRouter>,
  );
  act(() => useWorkspaceNavStore.getState().setVisible(true));
  const filter = await screen.findByRole('textbox', { name: 'Filter workspaces' });
  await waitFor(() => expect(document.activeElement).toBe(filter));
});

/** A browser whose media queries in `matching` hold (a phone's width, a touch screen). */
function stubMedia(matching: string[]) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matching.includes(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

it('opens on a touch screen with the focus on Close, so no keyboard comes up over the drawer', async () => {
  stubMedia(['(pointer: coarse)']);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ workspaces: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  renderWithProviders(
    <MemoryRouter>
      <WorkspaceDrawer />
    </MemoryRouter>,
  );
  act(() => useWorkspaceNavStore.getState().setVisible(true));
  const close = await screen.findByRole('button', { name: 'Close' });
  await screen.findByRole('textbox', { name: 'Filter workspaces' });
  await waitFor(() => expect(document.activeElement).toBe(close));
});

it('remembers a drawer left open, but opens it again on reload only where it does not cover the page', async () => {
  localStorage.setItem(STORAGE_KEYS.workspaceNav, JSON.stringify({ visible: true, expanded: ['personal'] }));
  const load = async () => {
    vi.resetModules();
    return (await import('../../features/workspaces/stores/workspace-nav-store.ts')).useWorkspaceNavStore.getState();
  };
  stubMedia(['(max-width: 48em)']);
  const phone = await load();
  expect(phone.visible).toBe(false);
  expect(phone.expanded).toEqual(['personal']);
  // Still remembered: a wide screen opens it.
  stubMedia([]);
  expect((await load()).visible).toBe(true);
  localStorage.removeItem(STORAGE_KEYS.workspaceNav);
});
