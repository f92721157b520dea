import type { AccountDetail } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './account-keys.ts';

export const getAccount = (id: string) => api<AccountDetail>(`/api/accounts/${encodeURIComponent(id)}`);

export const accountQueryOptions = (id: string) =>
  queryOptions({ queryKey: accountKeys.detail(id), queryFn: () => getAccount(id) });

export const useAccount = (id: string) => useQuery(accountQueryOptions(id));
