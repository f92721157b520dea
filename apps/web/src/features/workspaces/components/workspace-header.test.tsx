import { ModalsProvider } from '@mantine/modals';
import type { Workspace } from '@quarry/shared';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { WorkspaceHeader } from './workspace-header.tsx';

const workspace: Workspace = {
  id: 'w1',
  name: 'Q3 pipeline',
  description: '',
  archived: false,
  items: ['l1', 'l2'],
  shared_users: [],
  viewed: {},
  created: '2026-01-01T00:00:00.000Z',
  created_by: 'u1',
  updated: '2026-01-01T00:00:00.000Z',
  updated_by: 'u1',
  created_via_support: false,
};

beforeAll(prepareDom);
afterEach(cleanup);

async function deleteMessage(w: Workspace): Promise<string> {
  renderWithProviders(
    <ModalsProvider>
      <MemoryRouter>
        <WorkspaceHeader workspace={w} owner />
      </MemoryRouter>
    </ModalsProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /delete/i }));
  const dialog = await screen.findByRole('dialog');
  return within(dialog).getByText(/will be deleted/).textContent ?? '';
}

describe('deleting a workspace', () => {
  it('says it is deleted for the people it is shared with only while it is shared with someone', async () => {
    expect(await deleteMessage(workspace)).toBe(
      '"Q3 pipeline" and its 2 lists will be deleted. This cannot be undone.',
    );
    cleanup();
    expect(await deleteMessage({ ...workspace, shared_users: ['u2'] })).toBe(
      '"Q3 pipeline" and its 2 lists will be deleted for everyone it is shared with. This cannot be undone.',
    );
  });
});
