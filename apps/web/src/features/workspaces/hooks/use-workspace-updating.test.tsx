import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { listKeys } from '../api/list-keys.ts';
import { workspaceKeys } from '../api/workspace-keys.ts';
import { useWorkspaceUpdating } from './use-workspace-updating.ts';

/** A mutation under `key` that finishes when the test says so. */
function useHeldMutation(key: readonly string[]) {
  return useMutation({ mutationKey: key, mutationFn: (done: Promise<void>) => done });
}

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>{children}</MantineProvider>
    </QueryClientProvider>
  );
}

function held() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('useWorkspaceUpdating', () => {
  it('is on while a workspace change runs and goes off after the last one finishes', async () => {
    const { result } = renderHook(
      () => ({
        updating: useWorkspaceUpdating(),
        rename: useHeldMutation(workspaceKeys.mutations.update),
        addMembers: useHeldMutation(listKeys.mutations.addMembers),
      }),
      { wrapper },
    );
    expect(result.current.updating).toBe(false);
    const first = held();
    const second = held();
    act(() => result.current.rename.mutate(first.done));
    act(() => result.current.addMembers.mutate(second.done));
    await waitFor(() => expect(result.current.updating).toBe(true));
    await act(async () => first.finish());
    await waitFor(() => expect(result.current.rename.isSuccess).toBe(true));
    expect(result.current.updating).toBe(true);
    await act(async () => second.finish());
    await waitFor(() => expect(result.current.updating).toBe(false));
  });

  it('does not count marking a workspace viewed', async () => {
    const { result } = renderHook(
      () => ({ updating: useWorkspaceUpdating(), view: useHeldMutation(workspaceKeys.mutations.markViewed) }),
      { wrapper },
    );
    const view = held();
    act(() => result.current.view.mutate(view.done));
    await waitFor(() => expect(result.current.view.isPending).toBe(true));
    expect(result.current.updating).toBe(false);
    await act(async () => view.finish());
  });
});
