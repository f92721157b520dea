import type { UserSummary } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const getCompanyUsers = () => api<{ users: UserSummary[] }>('/api/users').then((r) => r.users);

export const companyUsersQueryOptions = () => queryOptions({ queryKey: ['company-users'], queryFn: getCompanyUsers });

export const useCompanyUsers = () => useQuery(companyUsersQueryOptions());

/** The people of the caller's company one may pick: service accounts (admin@…) left out by the server. */
export const getPickableUsers = () => api<{ users: UserSummary[] }>('/api/users?pickable=true').then((r) => r.users);

export const pickableUsersQueryOptions = () =>
  queryOptions({ queryKey: ['company-users', 'pickable'], queryFn: getPickableUsers });
