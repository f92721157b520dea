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
