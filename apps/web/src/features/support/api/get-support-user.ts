import type { SupportUser } from '@quarry/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getSupportUser = (uid: string) => api<SupportUser>(`/api/support/users/${encodeURIComponent(uid)}`);

export const supportUserQueryOptions = (uid: string) =>
  queryOptions({ queryKey: ['support-user', uid], queryFn: () => getSupportUser(uid), retry: false });

export const useSupportUser = (uid: string | null) =>
  useQuery({ ...supportUserQueryOptions(uid ?? ''), enabled: Boolean(uid) });
