import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSnackbarStore } from '../../../lib/snackbar-store.ts';
import { prepareDom, renderWithProviders } from '../../../test-support/dom.tsx';
import { AssignMenu } from './assign-menu.tsx';

beforeAll(prepareDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSnackbarStore.getState().closeGeneral();
});

/** A server whose answer to the assignment the test releases when it chooses. */
function heldAnswer() {
  let release: (body: unknown) => void = () => {};
  const answered = new Promise<unknown>((resolve) => {
    release = resolve;
  });
  const fetch = vi.fn(async () => {
    const body = await answered;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, release };
}

describe('AssignMenu', () => {
  it('announces the assignment even when the card it sits on has left the page before the answer came', async () => {
    const server = heldAnswer();
    const { rerender } = renderWithProviders(
      <AssignMenu
        masterAccountId="acc_1"
        accountName="Air Products"
        assigner={{ uid: 'u_rita', canAssignToColleagues: false }}
        holders={[]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Assign Air Products' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Assign to me' }));
    await waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));

    // The feed's refetch took the card away ("my accounts only"): the menu is gone.
    rerender(<p>Feed without the card</p>);
    expect(screen.queryByRole('button', { name: 'Assign Air Products' })).toBeNull();
    await act(async () => {
      server.release({ assignee: { uid: 'u_rita', display_name: 'Rita Rep' }, added: true });
    });

    await waitFor(() =>
      expect(useSnackbarStore.getState().general?.message).toBe('Added Air Products to your accounts'),
    );
  });
});
