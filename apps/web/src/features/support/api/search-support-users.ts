import type { SupportUser } from '@quarry/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const searchSupportUsers = (q: string, signal?: AbortSignal) =>
  api<{ users: SupportUser[] }>(`/api/support/users?q=${encodeURIComponent(q)}`, { signal }).then((r) => r.users);

export const supportUsersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['support-users', q],
    queryFn: ({ signal }) => searchSupportUsers(q, signal),
    placeholderData: keepPreviousData,
  });

export const useSupportUsers = (q: string) => useQuery(supportUsersQueryOptions(q));
