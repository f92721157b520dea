import type { Workspace } from '@quarry/shared';
import { useQuery } from '@tanstack/react-query';
import { compareNames } from '../../../lib/compare-names.ts';
import { ownedWorkspacesQueryOptions, sharedWorkspacesQueryOptions } from '../api/workspaces.ts';

/**
 * The workspaces the user may add a list to: their own and those shared with them (the server lets
 * any member create lists), archived ones left out, by name. Loads only while `enabled`.
 */
export function useMemberWorkspaces(enabled: boolean) {
  const owned = useQuery({ ...ownedWorkspacesQueryOptions(), enabled });
  const shared = useQuery({ ...sharedWorkspacesQueryOptions(), enabled });
  const all: Workspace[] = [...(owned.data ?? []), ...(shared.data ?? [])];
  return {
    workspaces: all.filter((w) => !w.archived).sort((a, b) => compareNames(a.name, b.name)),
    /** Whether any of them is the user's own (not archived). */
    ownsOne: (owned.data ?? []).some((w) => !w.archived),
    isPending: owned.isPending || shared.isPending,
    isError: owned.isError || shared.isError,
  };
}
