import type { CreateWorkspaceBody, List, Workspace, WorkspaceDetail } from '@quarry/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { logError } from '../../../lib/log-error.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { beginUpdate, endUpdate } from '../stores/workspace-updating-store.ts';

export const workspaceKeys = {
  all: ['workspaces'] as const,
  owned: ['workspaces', 'owned'] as const,
  shared: ['workspaces', 'shared'] as const,
  detail: (id: string) => ['workspaces', 'detail', id] as const,
};

export const ownedWorkspacesQueryOptions = () =>
  queryOptions({
    queryKey: workspaceKeys.owned,
    queryFn: () => api<{ workspaces: Workspace[] }>('/api/workspaces/owned').then((r) => r.workspaces),
  });

export const sharedWorkspacesQueryOptions = () =>
  queryOptions({
    queryKey: workspaceKeys.shared,
    queryFn: () => api<{ workspaces: Workspace[] }>('/api/workspaces/shared').then((r) => r.workspaces),
  });

export const workspaceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: workspaceKeys.detail(id),
    queryFn: () => api<WorkspaceDetail>(`/api/workspaces/${encodeURIComponent(id)}`),
    retry: false,
  });

/** Making the panel visible loads the owned workspaces (spec section 2); shared ones load with them. */
export function useNavWorkspaces(visible: boolean) {
  const owned = useQuery({ ...ownedWorkspacesQueryOptions(), enabled: visible });
  const shared = useQuery({ ...sharedWorkspacesQueryOptions(), enabled: visible });
  return { owned, shared };
}

export const useWorkspace = (id: string) => useQuery(workspaceQueryOptions(id));

type MutationType = 'created' | 'updated' | 'deleted';

/**
 * Every workspace change, with the behaviour spec section 8 asks for: the updating flag, a
 * translated snack and a log entry on failure, "Workspace Mutated" on success. Create answers the
 * workspace or false; the others answer a success boolean.
 */
export function useWorkspaceActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  async function run<T>(
    work: () => Promise<T>,
    failure: 'create' | 'update' | 'delete',
    event?: { workspaceId: (result: T) => string; type: MutationType },
    /** A workspace the user can no longer see after this (deleted, or left): its page is not asked for again. */
    gone?: string,
  ): Promise<T | false> {
    beginUpdate();
    try {
      const result = await work();
      if (event) track('Workspace Mutated', { workspace_id: event.workspaceId(result), mutation_type: event.type });
      const goneKey = gone === undefined ? undefined : workspaceKeys.detail(gone);
      if (goneKey) await queryClient.cancelQueries({ queryKey: goneKey });
      await queryClient.invalidateQueries({
        queryKey: workspaceKeys.all,
        predicate: (query) => !goneKey?.every((part, i) => query.queryKey[i] === part),
      });
      return result;
    } catch (error) {
      logError(`Workspace ${failure} failed`, error);
      showSnackbar(t(`workspaces.errors.${failure}`));
      return false;
    } finally {
      endUpdate();
    }
  }

  const path = (id: string) => `/api/workspaces/${encodeURIComponent(id)}`;
  const updated = (id: string) => ({ workspaceId: () => id, type: 'updated' as const });
  const ok = (result: unknown) => result !== false;

  return {
    create: (body: CreateWorkspaceBody) =>
      run(() => api<Workspace>('/api/workspaces', { method: 'POST', body }), 'create', {
        workspaceId: (w) => w.id,
        type: 'created',
      }),
    update: async (id: string, patch: { name?: string; description?: string }) =>
      ok(await run(() => api<Workspace>(path(id), { method: 'PATCH', body: patch }), 'update', updated(id))),
    remove: async (id: string) =>
      ok(
        await run(
          () => api<null>(path(id), { method: 'DELETE' }),
          'delete',
          { workspaceId: () => id, type: 'deleted' },
          id,
        ),
      ),
    share: async (id: string, uids: string[]) =>
      ok(
        await run(
          () => api<Workspace>(`${path(id)}/shared-users`, { method: 'POST', body: { uids } }),
          'update',
          updated(id),
        ),
      ),
    /** The owner removing someone, or a shared user leaving (uids = [self], `leaving` set). */
    unshare: async (id: string, uids: string[], leaving = false) =>
      ok(
        await run(
          () => api<unknown>(`${path(id)}/shared-users/remove`, { method: 'POST', body: { uids } }),
          'update',
          updated(id),
          leaving ? id : undefined,
        ),
      ),
    markViewed: (id: string) =>
      api<{ viewed_at: string }>(`${path(id)}/viewed`, { method: 'POST' }).catch((error: unknown) =>
        logError('Marking the workspace viewed failed', error),
      ),
    createList: (id: string, body: { name: string; type: List['type']; filter_id?: string }) =>
      run(() => api<List>(`${path(id)}/lists`, { method: 'POST', body }), 'update', updated(id)).then((list) => {
        if (list) track('List Mutated', { list_id: list.id, workspace_id: id, mutation_type: 'created' });
        return list;
      }),
  };
}
