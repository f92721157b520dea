import type { Workspace } from '@quarry/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSnackbarStore } from '../../../lib/snackbar-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { WorkspaceEditForm } from './workspace-edit-form.tsx';

const workspace: Workspace = {
  id: 'w1',
  name: 'Q3 pipeline',
  description: 'Accounts for the quarter',
  archived: false,
  items: [],
  shared_users: [],
  viewed: {},
  created: '2026-01-01T00:00:00.000Z',
  created_by: 'u1',
  updated: '2026-01-01T00:00:00.000Z',
  updated_by: 'u1',
  created_via_support: false,
};

/** The API refuses every PATCH with `answer`; each PATCH body is recorded. */
function refuse(status: number, answer: unknown) {
  const patches: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') patches.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return patches;
}

beforeAll(prepareDom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSnackbarStore.getState().closeGeneral();
});

describe('WorkspaceEditForm', () => {
  it('refuses an emptied name before sending anything, with the translated reason', async () => {
    const patches = refuse(500, {});
    renderWithProviders(<WorkspaceEditForm workspace={workspace} onDone={() => {}} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    await screen.findByText('Workspace name is required');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(patches).toEqual([]);
  });

  it("shows the server's refusal under the field it names and keeps the form open, with no snack to try again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const patches = refuse(409, {
      error: {
        code: 'conflict',
        message: 'name: A workspace of yours already has this name',
        details: { fields: [{ field: 'name', message: 'A workspace of yours already has this name' }] },
      },
    });
    const onDone = vi.fn();
    renderWithProviders(<WorkspaceEditForm workspace={workspace} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Renewals' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('A workspace of yours already has this name');
    expect(patches).toEqual([{ name: 'Renewals', description: 'Accounts for the quarter' }]);
    // Trying again would be refused again: "Error updating workspace, please try again" is not said.
    expect(useSnackbarStore.getState().general).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});
