import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient } from './query-client.ts';
import { useSnackbarStore } from './snackbar-store.ts';

describe('the mutation cache', () => {
  it('marks the queries a mutation declares stale once it settles, before the caller hears of it', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['workspaces', 'owned'], queryFn: () => ['w1'] });
    await client.fetchQuery({ queryKey: ['accounts'], queryFn: () => 'untouched' });
    const observer = new MutationObserver(client, {
      mutationFn: async () => 'saved',
      meta: { invalidates: [['workspaces']] },
    });
    // An invalidated query with no observer is only marked stale; it is refetched when next read.
    await observer.mutate();
    expect(client.getQueryState(['workspaces', 'owned'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['accounts'])?.isInvalidated).toBe(false);
  });

  it('refreshes the declared queries after a failure too', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['triggers'], queryFn: () => [] });
    const observer = new MutationObserver(client, {
      mutationFn: async () => {
        throw new ApiError(409, 'conflict', 'taken');
      },
      meta: { invalidates: [['triggers']] },
    });
    await expect(observer.mutate()).rejects.toThrow('taken');
    expect(client.getQueryState(['triggers'])?.isInvalidated).toBe(true);
  });

  it('never refetches a record the mutation made unreadable, refetches the rest, and reads it afresh next time', async () => {
    const client = createQueryClient();
    let detailReads = 0;
    const detail = new QueryObserver(client, {
      queryKey: ['workspaces', 'detail', 'w1'],
      queryFn: () => {
        detailReads++;
        return 'w1';
      },
    });
    const unsubscribe = detail.subscribe(() => {});
    await detail.refetch();
    const reads = detailReads;
    await client.fetchQuery({ queryKey: ['workspaces', 'owned'], queryFn: () => ['w1'] });
    const observer = new MutationObserver(client, {
      mutationFn: async (_id: string) => null,
      meta: { invalidates: [['workspaces']], gone: (id) => ['workspaces', 'detail', id as string] },
    });
    await observer.mutate('w1');
    expect(client.getQueryState(['workspaces', 'owned'])?.isInvalidated).toBe(true);
    // Its page, still open, does not ask for it (it would answer 404)...
    expect(detailReads).toBe(reads);
    // ...but the copy is stale: opened again (Back), the page reads it afresh.
    expect(client.getQueryState(['workspaces', 'detail', 'w1'])?.isInvalidated).toBe(true);
    unsubscribe();
  });

  it('logs a failure and shows the snack the mutation declares, and nothing for one that declares none', async () => {
    const client = createQueryClient();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    useSnackbarStore.getState().closeGeneral();
    const quiet = new MutationObserver(client, {
      mutationFn: async () => {
        throw new ApiError(500, 'internal', 'boom');
      },
    });
    await expect(quiet.mutate()).rejects.toThrow('boom');
    expect(useSnackbarStore.getState().general).toBeNull();
    expect(log).not.toHaveBeenCalled();

    const loud = new MutationObserver(client, {
      mutationFn: async () => {
        throw new ApiError(500, 'internal', 'boom');
      },
      meta: { errorLog: 'Workspace update failed', errorSnack: 'Error updating workspace, please try again' },
    });
    await expect(loud.mutate()).rejects.toThrow('boom');
    expect(useSnackbarStore.getState().general?.message).toBe('Error updating workspace, please try again');
    expect(log).toHaveBeenCalledWith('Workspace update failed', expect.any(ApiError));
    log.mockRestore();
  });

  it('shows and logs nothing for a refusal its form shows under an input ("name" taken), and both for any other', async () => {
    const client = createQueryClient();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refuse = (field: string) =>
      new MutationObserver(client, {
        mutationFn: async () => {
          throw new ApiError(409, 'conflict', `${field}: taken`, [{ field, message: 'This name is taken' }]);
        },
        meta: {
          errorLog: 'Workspace update failed',
          errorSnack: 'Error updating workspace, please try again',
          fieldsInForm: ['name'],
        },
      });
    useSnackbarStore.setState({ general: null });
    await expect(refuse('name').mutate()).rejects.toThrow('name: taken');
    expect(useSnackbarStore.getState().general).toBeNull();
    expect(log).not.toHaveBeenCalled();
    await expect(refuse('workspace_id').mutate()).rejects.toThrow('workspace_id: taken');
    expect(useSnackbarStore.getState().general?.message).toBe('Error updating workspace, please try again');
    expect(log).toHaveBeenCalledWith('Workspace update failed', expect.any(ApiError));
    log.mockRestore();
  });

  it('shows the snack a mutation picks from its error (a refusal read by its code)', async () => {
    const client = createQueryClient();
    const refused = new MutationObserver(client, {
      mutationFn: async () => {
        throw new ApiError(409, 'flow_in_progress', 'This flow is being written');
      },
      meta: {
        errorSnack: (error) =>
          error instanceof ApiError && error.code === 'flow_in_progress'
            ? 'Wait until it is written'
            : 'Could not delete',
      },
    });
    await expect(refused.mutate()).rejects.toThrow('This flow is being written');
    expect(useSnackbarStore.getState().general?.message).toBe('Wait until it is written');
  });
});
