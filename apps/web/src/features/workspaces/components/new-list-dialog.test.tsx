import type { Workspace } from '@quarry/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { loadFeatureStrings } from '../../../lib/i18n.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { NewListDialog } from './new-list-dialog.tsx';

const shared: Workspace = {
  id: 'ws_rita',
  name: 'Q3 Retail push',
  description: '',
  archived: false,
  items: [],
  shared_users: ['u_mike'],
  viewed: {},
  created: '2026-11-01',
  created_by: 'u_rita',
  updated: '2026-11-01',
  updated_by: 'u_rita',
  created_via_support: false,
};

beforeAll(async () => {
  await prepareDom();
  await loadFeatureStrings();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("offers a user who owns no workspace one of their own first, not only a colleague's", async () => {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        posts.push(url);
        return url.endsWith('/api/workspaces')
          ? json({ ...shared, id: 'ws_mine', name: 'My lists', created_by: 'u_mike' })
          : json({ id: 'list_1', name: 'Mike big list', type: 'accounts' });
      }
      return json({ workspaces: url.endsWith('/shared') ? [shared] : [] });
    }),
  );
  const onCreated = vi.fn(async () => {});
  renderWithProviders(<NewListDialog opened type="accounts" onClose={() => {}} onCreated={onCreated} />);
  const workspace = (await screen.findAllByLabelText('Workspace')).find(
    (e) => e.tagName === 'INPUT' && e.getAttribute('type') !== 'hidden',
  ) as HTMLInputElement;
  expect(workspace.value).toBe('A new workspace of your own, “My lists”');
  const name = screen.getAllByLabelText(/Name/).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
  fireEvent.change(name, { target: { value: 'Mike big list' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create and add' }));
  await waitFor(() => expect(onCreated).toHaveBeenCalled());
  // Made in a new workspace of Mike's, not in Rita's.
  expect(posts[0]).toMatch(/\/api\/workspaces$/);
  expect(posts[1]).toContain('/api/workspaces/ws_mine/lists');
});
