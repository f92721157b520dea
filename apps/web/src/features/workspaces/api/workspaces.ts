import type { Workspace, WorkspaceDetail } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

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
