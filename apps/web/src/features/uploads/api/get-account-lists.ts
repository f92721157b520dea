import type { List } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getAccountLists = () => api<{ lists: List[] }>('/api/lists?type=accounts').then((r) => r.lists);

/** The account lists the caller may add to (their own and their workspaces'): the upload's destinations. */
export const accountListsQueryOptions = () =>
  queryOptions({ queryKey: ['uploads', 'account-lists'], queryFn: getAccountLists });

export const useAccountLists = () => useQuery(accountListsQueryOptions());
