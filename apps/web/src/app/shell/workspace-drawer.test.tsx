import { STORAGE_KEYS } from '@quarry/shared/constants';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { useWorkspaceNavStore } from '../../features/workspaces/stores/workspace-nav-store.ts';
import { mediaQueries, prepareDom, renderWithProviders } from '../../test-support/dom.tsx';
import { WorkspaceDrawer } from './workspace-drawer.tsx';

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useWorkspaceNavStore.getState().setVisible(false);
});

/** The drawer, for a user with no workspace yet. */
function renderDrawer() {
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
}

it('opens the Lists drawer with the focus on "Filter workspaces", not on Close', async () => {
  renderDrawer();
  act(() => useWorkspaceNavStore.getState().setVisible(true));
  const filter = await screen.findByRole('textbox', { name: 'Filter workspaces' });
  await waitFor(() => expect(document.activeElement).toBe(filter));
});

it('opens on a touch screen with the focus on Close, so no keyboard comes up over the drawer', async () => {
  vi.stubGlobal('matchMedia', mediaQueries(['(pointer: coarse)']));
  renderDrawer();
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
  vi.stubGlobal('matchMedia', mediaQueries(['(max-width: 48em)']));
  const phone = await load();
  expect(phone.visible).toBe(false);
  expect(phone.expanded).toEqual(['personal']);
  // Still remembered: a wide screen opens it.
  vi.stubGlobal('matchMedia', mediaQueries());
  expect((await load()).visible).toBe(true);
  localStorage.removeItem(STORAGE_KEYS.workspaceNav);
});
